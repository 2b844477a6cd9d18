# Los paneles de la capa del curso (course), en español (de ../en/course.ftl). Un reto es una meta
# que se cumple moviendo los controles, o respondiendo «No se puede». Su enunciado, sus pistas y su
# explicación son texto del conjunto de retos (de un autor), no mensajes.

challenge-loading = Cargando los retos…
challenge-summary = Retos
challenge-summary-count = Retos: { INT($met) } de { INT($total) } cumplidos
challenge-count = Reto { INT($n) } de { INT($total) }
challenge-met = Cumplido.
challenge-met-after = Cumplido tras { INT($attempts) ->
    [one] { INT($attempts) } intento
   *[other] { INT($attempts) } intentos
}.
challenge-not-met = Aún sin cumplir: cambia los ajustes, o responde que no se puede.
challenge-met-said = Reto cumplido: { $prompt }
challenge-right = Correcto: no se puede.
challenge-not-so = No es así: algún ajuste cumple esta meta. Sigue buscando.
challenge-used-up = No quedan respuestas de «No se puede» para este reto; aún puede cumplirse cambiando los ajustes.
challenge-no-hints = Sin pistas
challenge-no-more-hints = No hay más pistas
challenge-hint = Pista ({ INT($n) } de { INT($total) })
challenge-cannot = No se puede
challenge-cannot-left = No se puede ({ INT($left) ->
    [one] queda { INT($left) } respuesta
   *[other] quedan { INT($left) } respuestas
})
challenge-previous = Anterior
challenge-next = Siguiente
challenge-paper = Reto { INT($n) }. { $prompt }

challenge-discarded = Se descartó el progreso guardado de estos retos: { $why }. Se empieza de nuevo.
challenge-save-platform = No se pudo guardar tu progreso en los retos en el registro de tu curso (admite 4096 caracteres): lo guardado antes se conserva, y los retos cumplidos desde entonces cuentan en esta página pero se olvidarán al salir de ella.
challenge-save-browser = No se pudo guardar tu progreso en los retos en este navegador (su almacenamiento está lleno o bloqueado): lo guardado antes se conserva, y los retos cumplidos desde entonces cuentan en esta página pero se olvidarán al salir de ella.
challenge-no-storage = Este navegador no ofrece almacenamiento a esta página: tu progreso en los retos cuenta aquí pero se olvidará al salir de ella.

predict-loading = Cargando las predicciones…
predict-region = Predicciones
predict-region-titled = Predicciones: { $title }
predict-done = Predicciones terminadas: el widget vuelve a los ajustes de esta página, para que lo explores.
predict-done-score = Predicciones terminadas: { INT($right) } de { INT($total) } acertadas a la primera. El widget vuelve a los ajustes de esta página, para que lo explores.
predict-asking = Predicción { INT($n) } de { INT($total) }: los resultados siguen ocultos hasta que respondas
predict-count = Predicción { INT($n) } de { INT($total) }
predict-field = Tu predicción (de { $min } a { $max })
predict-field-unit = Tu predicción, en { $unit } (de { $min } a { $max })
predict-field-choice = Tu predicción
predict-give-number = Da un número de { $min } a { $max }.
predict-choose = Elige una de las respuestas.
predict-left = No exactamente. { INT($left) ->
    [one] Queda { INT($left) } respuesta.
   *[other] Quedan { INT($left) } respuestas.
}
predict-again = No exactamente. Inténtalo de nuevo.
predict-answers-before = { INT($n) } respuestas antes de que se muestre la ejecución.
predict-commit = Confirmar y mostrar la ejecución
predict-right = Correcto.
predict-wrong = Esta vez no.
predict-run = Dijiste { $said }. La ejecución: { $actual }.
predict-run-exact = Dijiste { $said }. La ejecución: { $actual } (exactamente { $exact } de media).
predict-next = Siguiente predicción
predict-explore = Hecho: explora libremente
predict-said-left = No exactamente. { INT($left) ->
    [one] Queda { INT($left) } respuesta
   *[other] Quedan { INT($left) } respuestas
}; la ejecución sigue oculta hasta entonces.
predict-said-again = No exactamente ({ INT($attempts) ->
    [one] { INT($attempts) } respuesta
   *[other] { INT($attempts) } respuestas
} hasta ahora). Inténtalo de nuevo: la ejecución sigue oculta hasta que tu respuesta sea correcta.
predict-not-saved = No se pudieron guardar tus predicciones en este navegador: cuentan en esta página pero se olvidarán al salir de ella.
predict-discarded = Se descartaron las predicciones guardadas: { $why }. Se empieza de nuevo.
predict-paper = Predicción { INT($n) }. { $question }
predict-paper-room = Tu predicción: ____________ { $unit }
