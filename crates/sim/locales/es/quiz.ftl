# El cuestionario (quiz), en español (de ../en/quiz.ftl). El texto de una baraja (título,
# introducción, preguntas, opciones y por qué cada una es o no correcta) es contenido de un autor,
# no mensajes. XP: puntos de experiencia.

quiz-title = Cuestionario
quiz-loading = Cargando la baraja…
quiz-status = Tarjeta { INT($n) } de { INT($total) }
quiz-status-xp = Tarjeta { INT($n) } de { INT($total) } · { INT($xp) } XP
quiz-correct-xp = Correcto: +{ INT($xp) } XP.
quiz-correct = Correcto.
quiz-wrong = No exactamente: mira por qué bajo cada opción.
quiz-why-right = Correcta:{ " " }
quiz-why-not = Esta no:{ " " }
quiz-next = Siguiente tarjeta
quiz-see-summary = Ver el resumen
quiz-keys = Teclas, mientras el cuestionario tiene el foco: de 1 a { INT($max) } para responder, Intro para la siguiente tarjeta.
quiz-keys-xp = { " " }{ INT($xp) } XP por cada tarjeta acertada al primer intento.

quiz-done-all = Has respondido todas las tarjetas.
quiz-done-round = Has respondido todas las tarjetas de esta ronda.
quiz-score-first = Acertaste { INT($correct) } de { INT($cards) } al primer intento, y tienes { INT($xp) } XP.
quiz-score-round = Acertaste { INT($correct) } de { INT($cards) } en esta ronda, y tienes { INT($xp) } XP.
quiz-retry = Repetir las que fallé
quiz-retry-count = Repetir las que fallé ({ INT($n) })
quiz-start-over = Empezar de nuevo
quiz-tries = Cada tarjeta puede responderse { INT($tries) ->
    [one] una vez
   *[other] { INT($tries) } veces
}.
quiz-tries-out = Cada tarjeta puede responderse { INT($tries) ->
    [one] una vez
   *[other] { INT($tries) } veces
}; { INT($out) ->
    [one] a { INT($out) } tarjeta fallada no le quedan intentos
   *[other] a { INT($out) } tarjetas falladas no les quedan intentos
}.
quiz-recorded-start-over = En este curso lo que se registra es la primera ronda terminada; empezar de nuevo es práctica.
quiz-recorded-retry = En este curso lo que se registra es la primera ronda terminada; repetir es práctica.

quiz-discarded = Se descartó el progreso guardado de esta baraja: { $why }. Se empieza de nuevo.
quiz-save-platform = No se pudo guardar tu progreso en el registro de tu curso (admite 4096 caracteres): se perderá al salir de la página.
quiz-save-browser = No se pudo guardar tu progreso en este navegador (su almacenamiento está lleno o bloqueado): se perderá al salir de la página.
quiz-no-storage = Este navegador no ofrece almacenamiento a esta página: tu progreso se perderá al salir de ella.
