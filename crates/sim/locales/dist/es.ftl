# locklab's es messages: made from crates/sim/locales/es/ by crates/sim/tests/locales.rs; do not edit.

counter-who = { $workers ->
    [one] Un trabajador
   *[other] { INT($workers) } trabajadores
}
counter-locked = { counter-who } { $workers ->
    [one] hizo
   *[other] hicieron
} { INT($expected) } incrementos con el bloqueo y el contador marca { INT($final) }: no se perdió nada. El precio es la espera: de media, un trabajador esperó { $wait } ms en la cola del bloqueo por cada incremento, y la ejecución duró { INT($duration) } ms.
counter-alone = Un trabajador solo no puede competir con nadie: llegaron los { INT($expected) } incrementos y el contador marca { INT($final) }.
counter-lucky = { counter-who } { $workers ->
    [one] hizo
   *[other] hicieron
} { INT($expected) } incrementos y, por suerte, ninguno chocó: el contador marca { INT($final) }. Añade trabajadores o alarga el tiempo de reflexión y la suerte se acaba.
counter-lost = { counter-who } { $workers ->
    [one] hizo
   *[other] hicieron
} { INT($expected) } incrementos, pero el contador marca { INT($final) }: { INT($lost) ->
    [one] se perdió una actualización ({ PERCENT($share) }).
   *[other] se perdieron { INT($lost) } actualizaciones ({ PERCENT($share) }).
} { INT($stale) ->
    [one] Una escritura partía de un valor que otro ya había cambiado, y borró los incrementos que no había visto.
   *[other] { INT($stale) } escrituras partían de un valor que otro ya había cambiado, y cada una borró los incrementos que no había visto.
}

counter-title = Carrera del contador: leer, pensar, escribir
counter-lede = Cada trabajador suma uno a un contador compartido, una y otra vez: lee el valor, piensa un momento y escribe lo que leyó más uno. Dos trabajadores que leen el mismo valor escriben el mismo resultado, y un incremento desaparece.
counter-method = Simulación de eventos con semilla. Los tiempos de pausa y de reflexión son exponenciales, con las medias que elijas. Actualizaciones perdidas = incrementos hechos − el contador al final (una escritura obsoleta puede incluso hacer retroceder el contador). Con el bloqueo, leer → pensar → escribir lo hace un solo trabajador a la vez, por orden de llegada.

counter-stat-made = Incrementos hechos
counter-stat-final = Contador al final
counter-stat-lost = Actualizaciones perdidas
counter-stat-time = Duración
counter-stat-time-value = { INT($duration) } ms

counter-chart-caption = El contador (línea continua) frente a los incrementos hechos hasta el momento (discontinua). El hueco sombreado son las actualizaciones perdidas hasta el momento.
counter-chart-label = Gráfico de líneas de { INT($duration) } ms: el contador frente al número de incrementos hechos. Termina en { INT($final) } de { INT($expected) }.
counter-axis-time = tiempo (ms)
counter-chart-done = hechos { INT($n) }
counter-chart-counter = contador { INT($n) }
counter-lane = T{ INT($n) }
counter-key-window = leer → escribir
counter-key-read = lectura
counter-key-write = escritura
counter-key-lost = escritura sobrescrita después
counter-key-wait = esperando el bloqueo
counter-lanes-label = Cronología de los primeros { $window } ms, un carril por trabajador: { INT($writes) } escrituras, { INT($over) } de ellas sobrescritas por un trabajador que había leído un valor anterior.

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

chain-none-late = Esta vez ninguno de los { INT($holders) } titulares duró más que su concesión (se esperaban unos { $expected }), así que todas las escrituras llegaron en orden de token.
chain-late = { INT($late) } de { INT($holders) } titulares del bloqueo ({ PERCENT($share) }) seguían trabajando cuando se agotó su concesión.
chain-fenced = El almacenamiento rechazó { INT($refused) } de sus escrituras porque ya se había escrito un token más alto: no se reemplazó ningún dato más nuevo.
chain-unfenced = { INT($overwrites) } de sus escrituras llegaron después de otra más nueva y reemplazaron datos más nuevos, sin ningún error en ninguna parte.
chain-overtaken = { INT($overtaken) ->
    [one] { INT($overtaken) } escritura tardía llegó después de que el bloqueo pasara a otro, pero antes de cualquier escritura más nueva, así que el almacenamiento la aplicó{ chain-overtaken-fenced }. Eso solo es inofensivo si las escrituras sobrescriben a ciegas: un sucesor que ya hubiera leído los datos escribiría encima con un valor decidido sin ella.
   *[other] { INT($overtaken) } escrituras tardías llegaron después de que el bloqueo pasara a otro, pero antes de cualquier escritura más nueva, así que el almacenamiento las aplicó{ chain-overtaken-fenced }. Eso solo es inofensivo si las escrituras sobrescriben a ciegas: un sucesor que ya hubiera leído los datos escribiría encima con un valor decidido sin ellas.
}
chain-overtaken-fenced = { $fencing ->
    [1] { " " }(solo comprueba tokens en las escrituras)
   *[other] {""}
}

chain-title = Cercado: deja que el almacenamiento rechace las escrituras obsoletas
chain-lede = Cada concesión del bloqueo lleva un número que solo sube. Un titular que dura más que su concesión sigue escribiendo cuando despierta; solo un almacenamiento que recuerde el número más alto que ha visto puede saber que esa escritura es obsoleta. Aquí el almacenamiento comprueba solo las escrituras.
chain-method = Cadena de concesiones con semilla. Cada titular trabaja un tiempo log-normal en torno al valor típico, más, con la probabilidad de atasco, un atasco (exponencial o de Pareto, con la media que elijas), y escribe al terminar, sin leer antes. El siguiente titular recibe el bloqueo (y el siguiente token) cuando el anterior lo libera o se agota su concesión. Una escritura es obsoleta cuando ya ha llegado una escritura con un token más alto; con cercado, el almacenamiento la rechaza. Una escritura tardía que llega antes que cualquier otra más nueva queda adelantada: se aplica, lo que aquí solo es inofensivo porque ningún titular lee antes de escribir.

chain-stat-late = Titulares tardíos
chain-stat-late-value = { INT($late) } de { INT($holders) }
chain-stat-expected = Tardíos esperados
chain-stat-replaced = Datos más nuevos reemplazados
chain-stat-refused = Escrituras obsoletas rechazadas
chain-stat-overtaken = Escrituras adelantadas aplicadas
chain-table-caption = La misma ejecución, de las dos formas
chain-table-late = Escrituras tardías que llegan después de otra más nueva
chain-table-without = sin cercado
chain-table-with = con cercado
chain-table-applied = aplicadas sobre datos más nuevos
chain-table-refused = rechazadas por el almacenamiento

chain-key-holding = con el bloqueo
chain-key-late = sigue trabajando tras acabar la concesión
chain-key-write = escritura aplicada
chain-key-overtaken = escritura adelantada aplicada
chain-key-stale = escritura obsoleta aplicada
chain-key-rejected = escritura obsoleta rechazada
chain-previous = ← Titular tardío anterior
chain-next = Siguiente titular tardío →
chain-show-all = Mostrar todo
chain-zoom-all = Se muestran las { INT($grants) } concesiones.
chain-zoom = Titular tardío { $position } de { $late }: token { $token }, se muestran los tokens { $first }–{ $last }.
chain-zoom-overwrote = Su escritura reemplazó datos más nuevos.
chain-zoom-refused = El almacenamiento rechazó su escritura.
chain-zoom-overtaken = Su escritura llegó después de que su sucesor recibiera el bloqueo, pero antes de cualquier escritura más nueva, así que se aplicó: solo es inofensivo si el sucesor no leyó antes los datos.
chain-label-rejected = Cadena de { INT($grants) } concesiones del bloqueo a lo largo del tiempo, con el token hacia arriba: { INT($late) } titulares duraron más que su concesión; { INT($stale) } escrituras obsoletas se rechazaron.
chain-label-applied = Cadena de { INT($grants) } concesiones del bloqueo a lo largo del tiempo, con el token hacia arriba: { INT($late) } titulares duraron más que su concesión; { INT($stale) } escrituras obsoletas se aplicaron sobre datos más nuevos.
chain-axis-time = tiempo
chain-axis-token = token
chain-tick-s = { $seconds } s
chain-tick-ms = { INT($ms) } ms

sandbox-table = De los { INT($orders) } órdenes en que pueden ocurrir los pasos de estos { $clients } clientes (con A en pausa entre su lectura y su escritura), { INT($correct) } terminan bien con esta protección, y de dos maneras se pierde una actualización: en { INT($older) } un token más antiguo sobrescribió trabajo más reciente, y en { INT($stale) } un token más reciente decidió a partir de una lectura obsoleta.
sandbox-nothing-yet = Aún no ha pasado nada: elige un paso para uno de los clientes.
sandbox-story = Tras { $steps ->
    [one] { $steps } paso
   *[other] { $steps } pasos
} (con el reloj en { $clock } s). { $state }
sandbox-state-done = Todos los clientes han terminado y el valor, { $value }, incluye todas las actualizaciones aceptadas.
sandbox-state-so-far = Por ahora el valor, { $value }, incluye todas las actualizaciones aceptadas.
sandbox-state-older = El almacenamiento retrocedió: la escritura de un token más antiguo sustituyó trabajo más reciente, así que el valor es { $value }, cuando las actualizaciones aceptadas suman { $expected }.
sandbox-state-stale = Las dos escrituras se aceptaron en orden de token, así que el almacenamiento nunca retrocedió, pero la posterior se decidió sobre una lectura hecha antes de que se aplicara la anterior: a ambos clientes se les dijo que lo habían logrado, y el valor es { $value }, cuando las actualizaciones aceptadas suman { $expected }.

sandbox-ending-correct = correcto
sandbox-ending-older-overwrote = actualización perdida: un token más antiguo sobrescribió trabajo más reciente
sandbox-ending-stale-read = actualización perdida: decidida a partir de una lectura obsoleta

sandbox-log-wait = Pasa un segundo.
sandbox-log-acquire = { $client } obtiene el bloqueo con el token { $token }; su concesión dura hasta los { $expires } s.
sandbox-log-pause = { $client } se congela hasta que se agota su concesión, a los { $until } s, y luego sigue como si nada.
sandbox-log-read-refused = El almacenamiento rechaza la lectura de { $client }: el token { $token } es menor que { $seen }, que ya ha visto.
sandbox-log-read = { $client } lee { $value }.
sandbox-log-read-registers = { $client } lee { $value } y registra el token { $token }.
sandbox-log-no-write = { $client } no tiene nada que escribir: su lectura fue rechazada, así que desiste.
sandbox-log-write-refused = El almacenamiento rechaza que { $client } escriba { $new }: { $why }.
sandbox-why-below-written = el token { $token } es menor que { $highest }, ya escrito
sandbox-why-below-seen = el token { $token } es menor que { $highest }, ya visto
sandbox-why-value-moved = el valor es { $value }, no el { $read } que leyó
sandbox-log-write = El almacenamiento aplica la escritura de { $client }: el valor es ahora { $new }.
sandbox-log-write-erasing = El almacenamiento aplica la escritura de { $client }: el valor es ahora { $new }, y borra la actualización de { $lost }.
sandbox-two = { $first } y { $second }
sandbox-log-release = { $client } suelta el bloqueo.
sandbox-log-release-other = Al soltar, { $client } encuentra el bloqueo de { $other } y no lo toca.
sandbox-log-release-expired = { $client } suelta el bloqueo, pero su concesión ya se había agotado: no había nada que borrar.
sandbox-step = A los { $clock } s: { $sentence }

sandbox-why-limit = la historia ha llegado a su límite de { $max } pasos (deshaz un paso o empieza de nuevo)
sandbox-why-no-client = no hay cliente { $client } con { $clients } clientes
sandbox-why-finished = { $client } ha terminado
sandbox-why-no-lock = { $client } no tiene ningún bloqueo con el que hacer una pausa
sandbox-why-written = { $client } ya ha escrito
sandbox-why-paused = { $client } ya ha hecho una pausa
sandbox-why-next = el siguiente paso de { $client } es { $next }
sandbox-why-lease-left = a la concesión de { $holder } le quedan { $left } s

sandbox-action-acquire = obtener el bloqueo
sandbox-action-read = leer
sandbox-action-pause = hacer una pausa
sandbox-action-write = escribir
sandbox-action-release = soltar el bloqueo

sandbox-status-waiting = esperando para obtener el bloqueo
sandbox-status-done = terminado
sandbox-status-holds = tiene el bloqueo (le quedan { $left } s)
sandbox-status-believes = cree que tiene el bloqueo; lo tiene { $holder }
sandbox-status-ran-out-frozen = su concesión se agotó mientras estaba congelado; no lo sabe
sandbox-status-ran-out = su concesión se ha agotado; no lo sabe

sandbox-notice-too-many = steps: solo se conservan los primeros { $max } pasos.
sandbox-notice-not-a-step = steps: el paso { $n } «{ $shown }» no es un paso como A.acquire, B.read, A.pause o wait; { sandbox-kept }.
sandbox-notice-not-possible = steps: el paso { $n } «{ $shown }» no es posible ahí ({ $why }); { sandbox-kept }.
sandbox-kept = { $kept ->
    [0] no se conserva ninguno
    [one] se conserva el anterior
   *[other] se conservan los { $kept } anteriores
}

sandbox-title = El cercado a mano, y todas las intercalaciones a la vez
sandbox-lede = Tú eres el planificador. Cada cliente obtiene el bloqueo, lee el contador, escribe lo que leyó más su propia cantidad (A suma 1, B 10, C 100) y suelta el bloqueo. Un cliente que tiene el bloqueo puede hacer una pausa: se congela hasta que se agota su concesión y luego sigue, sin darse cuenta. Ejecuta los pasos en cualquier orden que el bloqueo permita y mira qué deja pasar el almacenamiento.
sandbox-method = Cada paso dura un segundo; una pausa dura hasta que se agota la concesión de quien la hace. El servicio de bloqueos concede el bloqueo cuando está libre o cuando la concesión del titular se ha agotado, con los tokens 33, 34, 35; al soltar solo se borra el bloqueo propio. Tokens solo en las escrituras: se rechaza una escritura por debajo del token más alto escrito. Tokens en cada acceso: las lecturas también registran su token, y se rechaza una lectura o escritura por debajo del token más alto visto. Los tokens iguales se aceptan, así que un titular puede leer y después escribir con su propio token; «estrictamente mayor» rechazaría esa escritura. Escritura condicional: comparar y asignar sobre una versión (aquí el propio valor, que solo crece y por tanto nunca se repite; con un valor que puede volver, compara un número de versión o se cuela un cambio A-B-A). La tabla ejecuta todos los órdenes de los pasos de los clientes (con A en pausa entre su lectura y su escritura) con cada protección.
sandbox-stat-ending = Final hasta ahora
sandbox-stat-value = Valor almacenado
sandbox-stat-token = Token más alto emitido
sandbox-stat-clock = Reloj
sandbox-no-token = ninguno
sandbox-seconds = { $seconds } s
sandbox-chart-label = Línea de tiempo de los pasos hasta ahora, hasta los { $clock } s: la concesión de cada cliente, sus pausas, lecturas y escrituras, y el valor del almacenamiento, { $value }.
sandbox-key-valid = con una concesión válida
sandbox-key-late = concesión agotada, aún cree tenerla
sandbox-key-pause = en pausa
sandbox-key-read = lectura
sandbox-key-applied = escritura aplicada
sandbox-key-refused = rechazada
sandbox-chart-client = cliente { $client }
sandbox-chart-storage = almacén
sandbox-chart-token = token { $token }
sandbox-wait = Esperar 1 s
sandbox-undo = Deshacer
sandbox-start-over = Empezar de nuevo
sandbox-no-more = No hay más pasos: { $why }.
sandbox-log-title = Lo que pasó, paso a paso
sandbox-lock-service = Servicio de bloqueos
sandbox-storage = Almacenamiento
sandbox-holder = Titular: { $client } (token { $token }), concesión hasta los { $until } s.
sandbox-holder-nobody = Titular: nadie.
sandbox-storage-written = Valor { $value }; token más alto escrito { $highest }.
sandbox-storage-seen = Valor { $value }; token más alto visto { $highest }.
sandbox-storage-value = Valor { $value }.
sandbox-client = Cliente { $client }
sandbox-client-token = token { $token }, { $status }
sandbox-button = { $client }: { $action }
sandbox-button-done = { $client }: terminado
sandbox-cannot = { $client } no puede { $action }: { $why }.
sandbox-cannot-act = { $client } no puede actuar: { $why }.
sandbox-no-pause = Pausa no disponible: { $why }.

sandbox-table-caption = Todos los órdenes de los pasos de los clientes ({ INT($orders) }), según lo que comprueba el almacenamiento y cómo terminan. Elige una cifra para ver sus órdenes.
sandbox-col-checks = el almacenamiento comprueba
sandbox-col-correct = correcto
sandbox-col-older = actualización perdida: un token más antiguo sobrescribió
sandbox-col-stale = actualización perdida: lectura obsoleta
sandbox-cell = órdenes que terminan en «{ $ending }» con «{ $protection }»
sandbox-orders = { INT($n) ->
    [one] { INT($n) } orden termina
   *[other] { INT($n) } órdenes terminan
} en «{ $ending }» con «{ $protection }». Elige uno para cargarlo en el cajón de arena y reproducirlo:
sandbox-more = … y { INT($n) } más.

renewal-lost = Con una concesión de { $ttl } s, { INT($lost) } de { INT($runs) } ejecuciones ({ PERCENT($share) }; exactamente { PERCENT($exact) }) perdieron su bloqueo mientras seguían en marcha.
renewal-too-late = Renovar cada { $every } s nunca llega antes de que se agote una concesión de { $ttl } s, así que aquí la renovación no cambia nada.
renewal-keeps = En este modelo, la renovación mantiene a salvo las ejecuciones lentas, y solo la pierde un atasco que también congela al que renueva y que dura más de lo que queda de la concesión (una partición, una respuesta de renovación perdida o una conmutación por error también pueden hacer perder una concesión renovada; no se modelan).
renewal-unprotected = Un segundo trabajador repitió { INT($repeats) } de ellas: { INT($invoices) } facturas dobles y { INT($emails) } correos dobles, sin ningún error en ninguna parte.
renewal-write-fenced = Un segundo trabajador, con el token más nuevo, repitió { INT($repeats) } de ellas. La base de datos comprueba el token solo en la escritura de la factura: { INT($refused) } facturas tardías del primer trabajador llegaron después de la del segundo y se rechazaron por su token más antiguo, pero { INT($invoices) } llegaron antes, cuando su token aún era el más alto visto, y se aceptaron junto a las de la repetición: facturas dobles que el cercado solo de escrituras no puede impedir. El proveedor de correo no comprueba ningún token: { INT($emails) } correos salieron dos veces.
renewal-all-fenced = Un segundo trabajador repitió { INT($repeats) } de ellas y registró su token más nuevo con su primera lectura de la fila de la factura, así que la base de datos rechazó las { INT($refused) } facturas tardías del primer trabajador por su token más antiguo, por pronto que llegaran. El proveedor de correo no comprueba ningún token: { INT($emails) } correos salieron dos veces.
renewal-idempotent = { INT($harmless) } repeticiones llevaban las mismas claves de idempotencia, así que ni la factura ni el correo ocurrieron dos veces (siempre que el proveedor de correo respete la clave).
renewal-wasted = Se repitieron { $wasted } s de trabajo.

renewal-title = Rómpelo: la tarea que dura más que su bloqueo
renewal-lede = Una tarea toma un bloqueo con una concesión y envía una factura y un correo cuando termina. Si pierde el bloqueo mientras sigue en marcha, un segundo trabajador puede volver a ejecutarla. Compara lo que hacen con las mismas ejecuciones la renovación, un token de cercado (en la escritura o en cada acceso) y las claves de idempotencia.
renewal-method = { INT($runs) } ejecuciones con semilla: trabajo log-normal en torno al valor típico y, con la probabilidad de atasco, un atasco (exponencial o de Pareto) en un punto al azar del trabajo. La renovación prolonga la concesión a cada intervalo desde el principio mientras la tarea corre; un atasco congela también al que renueva. Un segundo trabajador empieza cuando el bloqueo pasa a él, con el token más nuevo, lee la fila de la factura y ejecuta su propia tarea. Cercado solo de escrituras: la base de datos rechaza la factura tardía del primer trabajador solo si la del segundo llegó antes; cercado de cada acceso: la lectura del segundo trabajador registra su token, así que se rechaza toda factura tardía. El proveedor de correo no comprueba ningún token. Claves de idempotencia: ambos reconocen la repetición, suponiendo que el proveedor respete la clave. La probabilidad exacta de perder el bloqueo sale del mismo modelo. No se modela: una partición, una respuesta de renovación perdida o una conmutación por error, que también pueden hacer perder una concesión renovada.

renewal-stat-lost = Ejecuciones que perdieron el bloqueo
renewal-stat-lost-value = { INT($lost) } ({ PERCENT($exact) } exacto)
renewal-stat-invoices = Facturas dobles
renewal-stat-emails = Correos dobles
renewal-stat-wasted = Trabajo repetido
renewal-seconds = { $seconds } s

renewal-key-kept = conservó el bloqueo
renewal-key-lost = perdió el bloqueo en marcha
renewal-costs-caption = Lo que hicieron las ejecuciones que perdieron el bloqueo: esta defensa (sólido) junto a ninguna defensa con las mismas ejecuciones (tenue).
renewal-runs-label = Histograma de { INT($runs) } duraciones de ejecución en escala logarítmica con la concesión marcada: { INT($lost) } ejecuciones perdieron el bloqueo (en rojo).
renewal-costs-label = Barras para las ejecuciones que perdieron el bloqueo con esta defensa (y sin ninguna): facturas dobles { INT($invoices) } ({ INT($invoicesBefore) }), correos dobles { INT($emails) } ({ INT($emailsBefore) }), escrituras rechazadas { INT($refused) }, repeticiones inofensivas { INT($harmless) }.
renewal-axis-length = duración de la ejecución: trabajo + atasco (escala logarítmica)
renewal-axis-runs = ejecuciones
renewal-chart-lease = concesión { $ttl } s
renewal-bar-invoices = facturas dobles
renewal-bar-emails = correos dobles
renewal-bar-refused = escrituras rechazadas
renewal-bar-harmless = repeticiones inofensivas

sizing-rule = La regla pide { $sum } s (trabajo + pausa + red + renovación + margen) y elegiste { $ttl } s.
sizing-over = Los términos ya suman más que la concesión de { $ttl } s: faltan { $short } s antes de cualquier margen.
sizing-under = Eso deja { $margin } s de margen, menos que los { $wanted } s que querías: probablemente demasiado poco.
sizing-exact = Eso deja { $margin } s de margen, justo el margen que querías y nada más: una pausa un poco más larga que su p99 lo agota.
sizing-more = Eso deja { $margin } s de margen, más que los { $wanted } s que querías.
sizing-renewed = Con una renovación cada { $every } s, el trabajo no tiene que caber en una sola concesión: una pausa, que también congela al que renueva, pierde la concesión cuando dura más de { $room } s (concesión − renovación − red, para una pausa que empieza justo antes de que tocara renovar).
sizing-not-renewed = Sin renovación, el trabajo tiene que caber: una pausa pierde la concesión cuando dura más de { $room } s (concesión − trabajo − red).
sizing-no-room = No queda tiempo para ninguna pausa.
sizing-pause-odds = Con el modelo de pausas (cuyo propio p99 es { $p99 } s), eso ocurre con probabilidad { PERCENT($loses) } por concesión, y una pausa sola se come todo el margen que queda con probabilidad { PERCENT($beyond) }: ninguna concesión deja ninguna de las dos en cero, y por eso el recurso debe comprobar un token de cercado.
sizing-recovery = Tras una caída, el siguiente titular espera hasta { $wait } s.

sizing-title = Dimensiona una concesión: una hoja de cálculo, no una promesa
sizing-lede = Una regla habitual: concesión ≥ p99 del trabajo + p99 de las pausas + retardo de red + intervalo de renovación + un margen de seguridad. Suma tus términos, elige una concesión y mira qué margen queda de verdad y cuánto cuesta entonces una caída.
sizing-method = Lo que la regla no hace: con renovación, el trabajo no tiene que caber en una sola concesión (un intervalo de renovación mayor que 0 se lee como una concesión renovada, y un término de trabajo a su lado solo hace que la regla pida más); sumar p99 suele sobredimensionar, porque para partes corrientes e independientes el p99 de una suma queda muy por debajo de la suma de los p99; y ninguna concesión acota una pausa sin límite, y por eso el recurso debe comprobar un token de cercado. Una pausa pierde una concesión renovada cuando dura más que concesión − renovación − red, y una concesión sin renovación (intervalo 0) cuando dura más que concesión − trabajo − red. La probabilidad sale, de forma exacta, del modelo de pausas de Más ajustes (como en el compromiso del TTL).
sizing-preset-size = Dimensionar: 8 + 2 + 0,5 + 3 + 2 = 15,5 s, redondeado a 20 s
sizing-preset-check = Comprobar: concesión de 10 s, renovación de 3 s, pausa de 4 s, red de 1 s

sizing-stat-rule = La regla pide
sizing-stat-margin = Margen que queda
sizing-stat-loses = Una pausa pierde la concesión
sizing-stat-wait = Espera tras una caída
sizing-seconds = { $seconds } s
sizing-stat-wait-value = hasta { $seconds } s

sizing-term-work = trabajo p99
sizing-term-pause = pausa p99
sizing-term-network = red
sizing-term-renewal = renovación
sizing-term-margin = margen
sizing-chart-lease = concesión { $ttl } s
sizing-chart-short = faltan { $short } s
sizing-chart-left = margen { $margin } s
sizing-chart-label = Una barra con los términos (trabajo, pausa, red, renovación, margen) que suman { $sum } s, frente a una concesión de { $ttl } s: quedan { $margin } s de margen.

gran-what-global = un único bloqueo global
gran-what-shards = { INT($shards) } bloqueos por fragmento
gran-what-keys = un bloqueo por clave ({ INT($keys) } en total)
gran-load = { $rate } actualizaciones por segundo sobre { INT($keys) } claves, cada una retiene su bloqueo { MS($work) } de media, con { $what }: el bloqueo más ocupado recibe el { PERCENT($share) } de las actualizaciones, una utilización (λ·s) de { $utilisation }.
gran-load-pairs = { $rate } actualizaciones por segundo sobre { INT($keys) } claves, cada una retiene su bloqueo { MS($work) } de media, con { $what }: el bloqueo más ocupado recibe el { PERCENT($share) } de las actualizaciones, una utilización (λ·s) de al menos { $utilisation }, porque un bloqueo también se retiene mientras quien lo tiene espera el otro.
gran-saturated = { $saturated ->
    [1] Eso supera 1: ese bloqueo puede atender como mucho { gran-capacity }, así que su cola nunca se vacía; las esperas crecen mientras sigan llegando actualizaciones, y simularlas solo mostraría un número que depende de cuánto tiempo se mire. Los bloqueos más estrechos reparten la carga.
   *[other] Eso supera 1: { INT($saturated) } de los bloqueos pueden atender como mucho { gran-capacity } cada uno, así que sus colas nunca se vacían; las esperas crecen mientras sigan llegando actualizaciones, y simularlas solo mostraría un número que depende de cuánto tiempo se mire. Los bloqueos más estrechos reparten la carga.
}
gran-saturated-hot-key = { $saturated ->
    [1] Eso supera 1: ese bloqueo puede atender como mucho { gran-capacity }, así que su cola nunca se vacía; las esperas crecen mientras sigan llegando actualizaciones, y simularlas solo mostraría un número que depende de cuánto tiempo se mire. Los bloqueos más estrechos reparten la carga, pero aquí la clave más solicitada recibe por sí sola el { PERCENT($hottest) } de las actualizaciones: ninguna granularidad de bloqueo ayuda a un único artículo muy solicitado; agrupa sus actualizaciones o hazlas conmutativas.
   *[other] Eso supera 1: { INT($saturated) } de los bloqueos pueden atender como mucho { gran-capacity } cada uno, así que sus colas nunca se vacían; las esperas crecen mientras sigan llegando actualizaciones, y simularlas solo mostraría un número que depende de cuánto tiempo se mire. Los bloqueos más estrechos reparten la carga, pero aquí la clave más solicitada recibe por sí sola el { PERCENT($hottest) } de las actualizaciones: ninguna granularidad de bloqueo ayuda a un único artículo muy solicitado; agrupa sus actualizaciones o hazlas conmutativas.
}
gran-waits = Las actualizaciones esperaron { MS($mean) } de media por los bloqueos, { MS($p99) } en el percentil 99, y pasaron { $throughput } por segundo.
gran-waits-exact = Las actualizaciones esperaron { MS($mean) } de media por los bloqueos, { MS($p99) } en el percentil 99 (M/M/1 por bloqueo: { MS($exactMean) } y { MS($exactP99) }), y pasaron { $throughput } por segundo.
gran-skew-key = Con un sesgo de { $skew }, la clave más solicitada tiene por sí sola el { PERCENT($share) } del tráfico, así que su bloqueo es el más ocupado y marca las peores esperas.
gran-skew-shard = Con un sesgo de { $skew }, la clave más solicitada tiene por sí sola el { PERCENT($share) } del tráfico, así que el fragmento que la contiene soporta al menos esa parte.
gran-global-pairs = Los dos artículos están tras el único bloqueo global, así que una actualización toma un bloqueo, no dos: nada puede interbloquearse, y tampoco nada corre en paralelo.
gran-deadlocks = Al tomar dos bloqueos en el orden en que llegan los artículos, { $deadlocks ->
    [1] un grupo de actualizaciones quedó interbloqueado
   *[other] { INT($deadlocks) } grupos de actualizaciones quedaron interbloqueados
}. Nada avanza hasta que se agota el TTL de un bloqueo ({ MS($ttl) }) y el bloqueo pasa a uno que espera mientras su primer titular aún cree tenerlo: la expiración «rompe» el interbloqueo dejando que dos titulares se solapen ({ INT($expiries) } expiraciones así), que es justo lo que el bloqueo debía impedir. (Los bloqueos de fila de una base de datos, en cambio, detectan el círculo y abortan una transacción). Tomar los bloqueos en un único orden global hace imposible un ciclo.
gran-deadlocks-cycle = Al tomar dos bloqueos en el orden en que llegan los artículos, { $deadlocks ->
    [1] un grupo de actualizaciones quedó interbloqueado
   *[other] { INT($deadlocks) } grupos de actualizaciones quedaron interbloqueados
} (el primero: { $cycle }). Nada avanza hasta que se agota el TTL de un bloqueo ({ MS($ttl) }) y el bloqueo pasa a uno que espera mientras su primer titular aún cree tenerlo: la expiración «rompe» el interbloqueo dejando que dos titulares se solapen ({ INT($expiries) } expiraciones así), que es justo lo que el bloqueo debía impedir. (Los bloqueos de fila de una base de datos, en cambio, detectan el círculo y abortan una transacción). Tomar los bloqueos en un único orden global hace imposible un ciclo.
gran-cycle-link = la actualización { INT($update) } tiene { $held } y espera { $wanted }
gran-lock-global = el bloqueo global
gran-lock-shard = el bloqueo del fragmento { INT($shard) } (SKU { INT($key) })
gran-lock-key = el bloqueo del SKU { INT($key) }
gran-ordered = Cada actualización toma sus dos bloqueos en un único orden global (primero el bloqueo más bajo), así que ninguna pareja puede esperarse en círculo: no hay interbloqueos.
gran-no-deadlock = Tomar dos bloqueos en el orden en que llegan los artículos podría provocar un interbloqueo (dos actualizaciones, cada una con el bloqueo que la otra quiere); en esta ejecución no ocurrió.
gran-expiries = { INT($expiries) ->
    [one] { INT($expiries) } bloqueo expiró bajo un titular que aún esperaba o trabajaba.
   *[other] { INT($expiries) } bloqueos expiraron bajo un titular que aún esperaba o trabajaba.
}

gran-title = ¿Cuánto debe abarcar el bloqueo?
gran-lede = Cada actualización de un artículo (un SKU) toma antes un bloqueo. Un bloqueo para todo es sencillo, pero deja pasar una sola actualización a la vez; uno por fragmento o por clave deja que actualizaciones sin relación corran a la par. Sube el ritmo y luego estrecha el bloqueo; después haz que cada actualización tome los bloqueos de dos artículos.
gran-method = Las actualizaciones llegan al azar al ritmo total; cada una elige su artículo según una popularidad de Zipf (el artículo k pesa k^(−sesgo)) y retiene el bloqueo un tiempo exponencial con la media que fijes, así que cada bloqueo por separado es una cola M/M/1: utilización ρ = λ·s, espera media ρ·s/(1 − ρ), P(espera > t) = ρ·e^(−(1/s − λ)t). Los fragmentos son un hash fijo de la clave. Con ρ ≥ 1 no hay estado estacionario, así que no se simula nada. Con dos bloqueos por actualización, el segundo se pide un momento después del primero, un interbloqueo dura hasta que se agota el TTL de un bloqueo y las fórmulas exactas dejan de valer (un bloqueo también se retiene mientras quien lo tiene espera el otro).

gran-stat-utilisation = Utilización del bloqueo más ocupado
gran-stat-wait = Espera media (fórmula)
gran-stat-with-formula = { $value } ({ $formula })
gran-never-settles = nunca se estabiliza
gran-stat-p99 = Espera, percentil 99
gran-stat-throughput = Actualizaciones hechas por segundo
gran-stat-hottest = Parte de la clave más solicitada
gran-stat-deadlocks = Interbloqueos

gran-cycle-caption = El primer interbloqueo, a los { MS($at) }: un círculo de esperas
gran-cycle-item = La actualización { INT($update) } tiene { $held } y espera { $wanted }.

gran-caption = Utilización de los bloqueos más ocupados (barras, según la fórmula; con dos bloqueos por actualización, una cota inferior); puntos: la fracción del tiempo que cada uno estuvo retenido en la simulación.
gran-axis-locks = los bloqueos más ocupados
gran-axis-utilisation = utilización
gran-chart-never-drains = 1: la cola nunca se vacía
gran-bar-all = todos
gran-bar-shard = fragmento { INT($shard) }
gran-bar-key = SKU { INT($key) }
gran-label = Barras de la utilización de los bloqueos más ocupados, con una línea en 1 donde una cola nunca se vacía: { $bars }.
gran-label-bar = { $lock } { $utilisation }
gran-capacity = { $capacity ->
    [one] { $capacity } actualización
   *[other] { $capacity } actualizaciones
} por segundo

opt-collapse = Con { opt-rate } y { MS($work) } de trabajo, las actualizaciones optimistas se hunden: tras { INT($attempts) } intentos solo se habían confirmado { INT($completed) } de { INT($updates) } actualizaciones, porque cada confirmación hace fallar todos los intentos que leyeron antes que ella, y estos rehacen su trabajo solo para volver a fallar. El bloqueo, en cambio, hizo cada actualización una vez: { MS($mean) } de media, de los que { MS($wait) } fueron de espera.
opt-run = Con { opt-rate } y { MS($work) } de trabajo, otra confirmación llega durante un intento { $load } veces de media (λT). Las actualizaciones optimistas necesitaron { $attempts } intentos cada una ({ INT($wasted) } desperdiciados en total; la fórmula dice { $exact }) y tardaron { MS($mean) } de media, { MS($p99) } en el percentil 99. Con el bloqueo, las actualizaciones lo esperaron { MS($wait) } de media y tardaron { MS($lockMean) } en total, { MS($lockP99) } en el percentil 99.
opt-quicker-optimistic = Aquí lo optimista es más rápido de media.
opt-quicker-lock = Aquí el bloqueo es más rápido de media.
opt-formula-lock-fixed = las fórmulas dan el bloqueo más rápido a cualquier ritmo: su ida y vuelta ({ MS($lock) }) casi no cuesta, y esperar en la cola cuesta menos que rehacer el trabajo (unos λT²/2 frente a λT² por actualización)
opt-formula-lock-varied = las fórmulas dan el bloqueo más rápido a cualquier ritmo: su ida y vuelta ({ MS($lock) }) casi no cuesta, y esperar en la cola no cuesta más que rehacer el trabajo (unos λT² por actualización en ambos casos, antes del coste del reintento)
opt-formula-cross = las fórmulas sitúan el cruce en unas { $rate } por segundo
opt-formula-none = según las fórmulas, lo optimista sigue siendo más rápido hasta la capacidad del bloqueo
opt-sim-lock-always = En esta simulación el bloqueo es más rápido a cualquier ritmo a partir de { $from } por segundo; { $formula }.
opt-sim-cross = Con estas llegadas, lo optimista es más rápido hasta unas { $rate } actualizaciones por segundo y el bloqueo por encima (donde se cruzan las medias simuladas); { $formula }.
opt-sim-cross-later = Con estas llegadas, lo optimista es más rápido hasta unas { $rate } actualizaciones por segundo y el bloqueo por encima (donde se cruzan las medias simuladas); { $formula }, más tarde, porque cerca del cruce { $estimate } ya cuenta menos intentos de los que hay.
opt-sim-capacity = En esta simulación lo optimista sigue siendo más rápido hasta la capacidad del bloqueo ({ $capacity } actualizaciones por segundo); { $formula }.
opt-contention = Con λT = { $load }, la estimación { $estimate } ya no describe la ejecución: una confirmación solo tiene éxito si su intento leyó después de la última confirmación con éxito, así que las confirmaciones con éxito quedan separadas al menos por la duración de un intento y los conflictos ya no llegan como un flujo de Poisson ({ $attempts } intentos por actualización simulados frente a { $exact }).
opt-over-capacity = El bloqueo supera su capacidad (utilización { $utilisation }): su cola solo crece mientras sigan llegando actualizaciones, y aquí se vacía solo porque la ejecución termina.
opt-retries = Cada reintento rehace el trabajo, así que todo lo que el trabajo hace fuera del registro (un correo, un cobro, un mensaje) debe ser idempotente o esperar a que la confirmación tenga éxito; en esta ejecución se desecharon { INT($wasted) } intentos ({ PERCENT($share) }).

opt-title = Optimista o pesimista: un registro muy disputado
opt-lede = Dos maneras de actualizar un registro que muchos clientes quieren. Optimista: léelo con su versión, haz el trabajo y escribe solo si la versión no ha cambiado; si no, vuelve a empezar. Pesimista: toma antes un bloqueo, para que nadie más pueda empezar, y suéltalo después. Sube el ritmo y mira cuál gana.
opt-method = Las actualizaciones llegan al azar (un proceso de Poisson) y las dos maneras ven las mismas llegadas. Optimista: una confirmación falla si otra confirmación llegó después de su lectura; la actualización paga entonces el coste del reintento y vuelve a empezar. El bloqueo se retiene durante el trabajo más una ida y vuelta al servicio de bloqueos, por orden de llegada: una cola de Pollaczek–Khinchine (M/G/1), M/D/1 cuando el trabajo dura siempre lo mismo. La fórmula optimista, e^(λT) intentos con trabajo fijo o 1 + λT con trabajo exponencial, supone que las otras confirmaciones llegan como un flujo de Poisson, lo que se cumple mientras los conflictos son raros (λT muy por debajo de 1).

opt-stat-optimistic = Optimista, media
opt-stat-lock = Con el bloqueo, media
opt-stat-attempts = Intentos por actualización (fórmula)
opt-stat-attempts-value = { $attempts } ({ $exact })
opt-stat-wait = Espera del bloqueo (fórmula)
opt-stat-wait-value = { MS($wait) } ({ MS($exact) })
opt-stat-wait-unsteady = { MS($wait) } (sin estado estacionario)

opt-table-caption = Las mismas actualizaciones, de las dos maneras
opt-table-measure = Medida
opt-table-optimistic = Optimista
opt-table-lock = Con el bloqueo
opt-row-throughput = Actualizaciones hechas por segundo
opt-row-median = Tiempo por actualización, mediana
opt-row-p99 = Tiempo por actualización, percentil 99
opt-row-mean = Tiempo por actualización, media
opt-row-wasted = Trabajo desechado
opt-row-waiting = Espera del bloqueo
opt-cell-wasted = { INT($attempts) ->
    [one] { INT($attempts) } intento
   *[other] { INT($attempts) } intentos
}
opt-cell-none = ninguno
opt-cell-never = nunca
opt-cell-waiting = { MS($wait) } de media; como mucho { INT($queue) } en la cola

opt-caption = Tiempo medio por actualización según las fórmulas: optimista (rojo) y con el bloqueo (azul, hasta su capacidad); los puntos son esta ejecución, simulada.
opt-axis-rate = actualizaciones por segundo (escala logarítmica)
opt-axis-time = tiempo medio por actualización
opt-tick-ms = { $ms } ms
opt-chart-formulas-cross = cruce de las fórmulas ≈ { $rate }/s
opt-chart-simulated-cross = simulado ≈ { $rate }/s
opt-key-optimistic = optimista
opt-key-lock = con el bloqueo
opt-label-fixed = Tiempo medio por actualización frente al ritmo de actualizaciones, según las fórmulas, con los dos ejes en escala logarítmica: lo optimista crece exponencialmente (e^(λT) intentos) y el bloqueo crece con fuerza al acercarse a su capacidad.
opt-label-varied = Tiempo medio por actualización frente al ritmo de actualizaciones, según las fórmulas, con los dos ejes en escala logarítmica: lo optimista crece linealmente con el ritmo (1 + λT intentos) y el bloqueo crece con fuerza al acercarse a su capacidad.
opt-label-no-cross = Las curvas no se cruzan por debajo de la capacidad del bloqueo.
opt-label-cross = Se cruzan cerca de { $rate } actualizaciones por segundo.
opt-label-sim-capacity = En la simulación lo optimista sigue siendo más rápido hasta la capacidad.
opt-label-sim-cross = En la simulación las medias se cruzan cerca de { $rate } por segundo.
opt-label-now = Al ritmo actual la simulación da { MS($optimistic) } con lo optimista y { MS($lock) } con el bloqueo.
opt-rate = { $rate ->
    [one] { $rate } actualización
   *[other] { $rate } actualizaciones
} por segundo

ttl-tradeoff-param-ttl-s = TTL del bloqueo
ttl-tradeoff-param-work-s = Trabajo típico (mediana)
ttl-tradeoff-param-spread = Dispersión del trabajo (σ de su logaritmo)
ttl-tradeoff-param-stall-chance = Probabilidad de que una retención se atasque
ttl-tradeoff-param-stall-mean-s = Atasco medio
ttl-tradeoff-param-stall-shape = Forma de la duración de los atascos
ttl-tradeoff-param-stall-shape-exponential = Exponencial (cola ligera)
ttl-tradeoff-param-stall-shape-pareto = Pareto (cola pesada)
ttl-tradeoff-param-stall-alpha = Índice de cola α de Pareto (solo con Pareto; menor: una cola lejana más gruesa)
ttl-tradeoff-param-holds = Retenciones simuladas
ttl-tradeoff-param-grant-every-s = El bloqueo se concede cada
ttl-tradeoff-param-seed = Semilla

counter-race-param-workers = Trabajadores
counter-race-param-increments = Incrementos por trabajador
counter-race-param-think-ms = Tiempo de reflexión (lectura → escritura)
counter-race-param-pause-ms = Pausa entre incrementos
counter-race-param-lock = Tomar un bloqueo en torno a lectura → escritura
counter-race-param-seed = Semilla

lease-sizing-param-ttl-s = La concesión que eliges
lease-sizing-param-work-p99-s = Trabajo p99 (0 si la renovación lo cubre)
lease-sizing-param-pause-p99-s = Pausa del proceso p99
lease-sizing-param-network-s = Retardo máximo de red
lease-sizing-param-renew-every-s = Intervalo de renovación (0: sin renovación)
lease-sizing-param-margin-s = Margen de seguridad que quieres
lease-sizing-param-stall-chance = Probabilidad de que una concesión sufra una pausa
lease-sizing-param-stall-mean-s = Pausa media
lease-sizing-param-stall-shape = Forma de la duración de las pausas
lease-sizing-param-stall-shape-exponential = Exponencial (cola ligera)
lease-sizing-param-stall-shape-pareto = Pareto (cola pesada)
lease-sizing-param-stall-alpha = Índice de cola α de Pareto (solo con Pareto; menor: una cola lejana más gruesa)

redis-failover-param-store = Dónde vive el bloqueo
redis-failover-param-store-redis = Primario de Redis + réplica
redis-failover-param-store-redlock = Redlock (5 maestros)
redis-failover-param-store-consensus = Consenso (etcd, ZooKeeper)
redis-failover-param-grants-per-s = Concesiones de bloqueos
redis-failover-param-lag-ms = Retraso de replicación (medio)
redis-failover-param-contention = Probabilidad de que otro quiera un bloqueo perdido
redis-failover-param-failovers = Conmutaciones simuladas
redis-failover-param-seed = Semilla

lease-renewal-param-ttl-s = TTL del bloqueo
lease-renewal-param-defence = Defensa
lease-renewal-param-defence-none = Ninguna (concesión fija)
lease-renewal-param-defence-renewal = Renovación
lease-renewal-param-defence-fencing = Token de cercado en la escritura de la factura
lease-renewal-param-defence-fence-all = Token de cercado en cada acceso
lease-renewal-param-defence-idempotent = Claves de idempotencia
lease-renewal-param-defence-renewal_fencing = Renovación y cercado de escrituras
lease-renewal-param-work-s = Ejecución típica (mediana)
lease-renewal-param-spread = Dispersión de la duración (σ de su logaritmo)
lease-renewal-param-stall-chance = Probabilidad de que una ejecución se atasque
lease-renewal-param-stall-mean-s = Atasco medio
lease-renewal-param-stall-shape = Forma de la duración de los atascos
lease-renewal-param-stall-shape-exponential = Exponencial (cola ligera)
lease-renewal-param-stall-shape-pareto = Pareto (cola pesada)
lease-renewal-param-stall-alpha = Índice de cola α de Pareto (solo con Pareto; menor: una cola lejana más gruesa)
lease-renewal-param-renew-every-s = Renovar cada
lease-renewal-param-takeover-chance = Probabilidad de que un segundo trabajador tome el relevo
lease-renewal-param-runs = Ejecuciones simuladas
lease-renewal-param-seed = Semilla

fencing-chain-param-holders = Titulares del bloqueo, uno tras otro
fencing-chain-param-ttl-ms = Concesión (TTL)
fencing-chain-param-work-ms = Trabajo típico (mediana)
fencing-chain-param-spread = Dispersión del trabajo (σ de su logaritmo)
fencing-chain-param-stall-chance = Probabilidad de que una retención se atasque
fencing-chain-param-stall-mean-ms = Atasco medio
fencing-chain-param-stall-shape = Forma de la duración de los atascos
fencing-chain-param-stall-shape-exponential = Exponencial (cola ligera)
fencing-chain-param-stall-shape-pareto = Pareto (cola pesada)
fencing-chain-param-stall-alpha = Índice de cola α de Pareto (solo con Pareto; menor: una cola lejana más gruesa)
fencing-chain-param-fencing = El almacenamiento comprueba los tokens de cercado en las escrituras
fencing-chain-param-seed = Semilla

optimistic-vs-pessimistic-param-rate-per-s = Actualizaciones del registro
optimistic-vs-pessimistic-param-work-ms = Trabajo por actualización
optimistic-vs-pessimistic-param-retry-ms = Coste extra de un reintento (releer, esperar)
optimistic-vs-pessimistic-param-lock-ms = Ida y vuelta del bloqueo
optimistic-vs-pessimistic-param-work = Tiempo de trabajo
optimistic-vs-pessimistic-param-work-fixed = Siempre el mismo
optimistic-vs-pessimistic-param-work-exponential = Variable (exponencial)
optimistic-vs-pessimistic-param-updates = Actualizaciones simuladas
optimistic-vs-pessimistic-param-seed = Semilla

lock-granularity-param-lock = Bloqueo
lock-granularity-param-lock-global = Un único bloqueo global
lock-granularity-param-lock-per-shard = Uno por fragmento
lock-granularity-param-lock-per-key = Uno por clave
lock-granularity-param-rate-per-s = Actualizaciones, todas las claves
lock-granularity-param-skew = Sesgo de popularidad (exponente de Zipf)
lock-granularity-param-two-locks = Cada actualización toma los bloqueos de dos claves
lock-granularity-param-ordered = Tomar los bloqueos en un único orden global
lock-granularity-param-work-ms = Sección crítica (media)
lock-granularity-param-keys = Claves (SKU)
lock-granularity-param-shards = Fragmentos
lock-granularity-param-gap-ms = Tiempo entre tomar los dos bloqueos
lock-granularity-param-ttl-ms = TTL del bloqueo
lock-granularity-param-updates = Actualizaciones simuladas
lock-granularity-param-seed = Semilla

fencing-sandbox-param-clients = Clientes
fencing-sandbox-param-protection = Qué comprueba el almacenamiento
fencing-sandbox-param-protection-none = Nada
fencing-sandbox-param-protection-fence-writes = Tokens solo en las escrituras
fencing-sandbox-param-protection-fence-all = Tokens en cada acceso
fencing-sandbox-param-protection-conditional = Escritura condicional (comparar y asignar)
fencing-sandbox-param-lease-s = Concesión

paused-holder-param-lease-s = Concesión (TTL)
paused-holder-param-pause-s = Pausa de A
paused-holder-param-protection = Qué comprueba el almacenamiento
paused-holder-param-protection-none = Nada
paused-holder-param-protection-fence-writes = Tokens solo en las escrituras
paused-holder-param-protection-fence-all = Tokens en cada acceso
paused-holder-param-protection-conditional = Escritura condicional (comparar y asignar)

redlock-param-scenario = Escenario
redlock-param-scenario-normal = Los cinco responden rápido
redlock-param-scenario-slow-nodes = Tres maestros lentos
redlock-param-scenario-node-down = Maestros caídos
redlock-param-scenario-clock-jump = Un reloj salta
redlock-param-scenario-crash-restart = Un maestro cae y se reinicia
redlock-param-scenario-client-pause = El cliente se pausa
redlock-param-ttl-ms = TTL del bloqueo
redlock-param-latency-ms = Tiempo de respuesta por maestro
redlock-param-slow-ms = Tiempo de respuesta de los maestros lentos
redlock-param-node-timeout-ms = Tiempo de espera del cliente por maestro
redlock-param-nodes-down = Maestros caídos
redlock-param-clock-jump-ms = El reloj de C salta
redlock-param-delayed-restart = Reinicio retrasado (caído más que el TTL)
redlock-param-pause-ms = Pausa del cliente 1
redlock-param-pause-when = El cliente 1 se pausa
redlock-param-pause-when-collecting = mientras recoge las respuestas
redlock-param-pause-when-after-check = después de la comprobación
redlock-param-nodes-up-chance = Probabilidad de que un maestro diga sí a tiempo
redlock-param-trials = Intentos simulados
redlock-param-seed = Semilla

paused-safe = La pausa de { $pause } s de A terminó a los { $wake } s, dentro de su concesión de { $lease } s, así que A vendió C14 y soltó el bloqueo. B obtuvo el bloqueo a los { $granted } s, encontró el asiento vendido y desistió. Un asiento, un aficionado.
paused-late-harmless = La concesión de A se agotó a los { $lease } s y A despertó a los { $wake } s, después, pero a B aún no se le había dado el bloqueo (lo pide cada { $every } s), así que la venta tardía de A salió adelante y B, al leer después, encontró el asiento vendido. Esta vez no hubo daño, por pura suerte con los tiempos.
paused-a-overwrote = A se congeló { $pause } s, más que su concesión de { $lease } s. B obtuvo el bloqueo a los { $granted } s y vendió C14 al aficionado B a los { $write } s. A los { $wake } s A despertó y sobrescribió esa venta con el aficionado A: dos aficionados pagaron por un asiento, y el servicio de bloqueos hizo exactamente lo que prometía.
paused-fenced = A se congeló { $pause } s, más allá de su concesión de { $lease } s; B obtuvo el bloqueo (token 34) y vendió C14 a los { $write } s. Cuando A despertó a los { $wake } s, su escritura llevaba el token 33, menor que el 34 que el almacenamiento ya había visto, así que el almacenamiento la rechazó. B conserva el asiento.
paused-read-fenced = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s. La lectura de B llevaba el token 34, y el almacenamiento lo registró. A despertó a los { $wake } s, antes de que B escribiera, y su escritura con el token 33 se rechazó porque el almacenamiento ya había visto el 34 en la lectura de B. La venta de B a los { $write } s salió adelante: una venta. Por eso el cercado debe cubrir cada acceso, lecturas incluidas.
paused-condition-a = A se congeló { $pause } s, más allá de su concesión de { $lease } s; B obtuvo el bloqueo y vendió C14. Cuando A despertó a los { $wake } s, su escritura condicional encontró el asiento ya ocupado y no cambió nada. B conserva el asiento.
paused-b-overwrote-write-fenced = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s y leyó C14 libre, pero A despertó a los { $wake } s, antes de que B escribiera. La escritura de A con el token 33 se aplicó (el almacenamiento comprueba los tokens solo en las escrituras, y 33 era el más alto escrito hasta entonces), y luego la escritura de B a los { $write } s la sustituyó: pagaron dos aficionados. El cercado solo de escrituras no puede impedirlo; cercar también la lectura de B, o una escritura condicional, sí lo impediría.
paused-b-overwrote = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s y leyó C14 libre, pero A despertó a los { $wake } s, antes de que B escribiera. La escritura de A con el token 33 se aplicó, y luego la escritura de B a los { $write } s la sustituyó: pagaron dos aficionados. Cercar cada acceso, o una escritura condicional, lo habría impedido.
paused-condition-b = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s, pero A despertó a los { $wake } s y vendió C14 antes de que B escribiera. La escritura condicional de B encontró el asiento ocupado y no cambió nada: una venta, al aficionado A.

paused-step = En t = { $time } s, { $actor } { $action }.
paused-step-token = En t = { $time } s, { $actor } { $action } (token { $token }).
paused-actor-a = A
paused-actor-b = B
paused-actor-lock = el servicio de bloqueos
paused-actor-storage = el almacenamiento
paused-grants-a = concede el bloqueo a A
paused-grants-b = concede el bloqueo a B
paused-asks = pide el bloqueo (y vuelve a pedirlo cada { $every } s)
paused-freezes = se congela
paused-lease-expires = deja que expire la concesión de A
paused-wakes = despierta
paused-wakes-believing = despierta, creyendo aún que tiene el bloqueo
paused-finishes-unaware = termina su trabajo sin saber que su concesión se agotó
paused-releases = suelta el bloqueo
paused-reads = lee C14: { $seat }
paused-reads-registers = lee C14: { $seat }; el almacenamiento registra el token { $token }
paused-reads-gives-up = lee C14: { $seat }, así que B desiste
paused-reads-registers-gives-up = lee C14: { $seat }; el almacenamiento registra el token { $token }, así que B desiste
paused-seat-free = libre
paused-seat-sold = vendido al { $fan }
paused-fan-a = aficionado A
paused-fan-b = aficionado B
paused-writes-applied = escribe C14 → { $fan }: aplicada
paused-writes-fenced = escribe C14 → { $fan }: rechazada: el almacenamiento ya ha visto el token { $highest }
paused-writes-taken = escribe C14 → { $fan }: rechazada: C14 ya no está libre (0 filas actualizadas)

paused-title = El titular en pausa: dos trabajadores, un bloqueo, el último asiento
paused-lede = El trabajador A toma el bloqueo, lee que el asiento C14 está libre y se congela a los 2,5 s. Su concesión sigue corriendo. B pide el bloqueo cada { $every } s y, cuando lo tiene, vende el asiento { $after } s después.
paused-method = Un recorrido calculado a partir de tus ajustes; los tokens 33 y 34 son ilustrativos. Tokens solo en las escrituras: el almacenamiento rechaza una escritura cuyo token es menor que el más alto que ha visto en una escritura. Tokens en cada acceso: las lecturas también llevan el token y el almacenamiento lo registra, así que se rechaza una escritura con un token menor que otro que ya ha leído. Los tokens iguales se aceptan, así que un titular puede leer y luego escribir con su propio token. Escritura condicional: update seats set holder = … where seat = 'C14' and holder is null.

paused-stat-result = Resultado
paused-result-double = pagaron dos aficionados
paused-result-single = una venta
paused-stat-seat = C14 es de
paused-seat-nobody = nadie
paused-stat-wakes = A despierta a los
paused-stat-granted = B obtiene el bloqueo a los
paused-seconds = { $seconds } s

paused-steps = La cronología, paso a paso
paused-col-time = momento
paused-col-who = quién
paused-col-what = qué
paused-col-token = token
paused-col-storage = almacenamiento
paused-registered = token registrado
paused-applied = aplicada
paused-refused = rechazada

paused-key-valid = con una concesión válida
paused-key-stale = concesión perdida, aún cree tener el bloqueo
paused-key-paused = en pausa
paused-key-read = lectura
paused-key-applied = escritura aplicada
paused-key-refused = escritura rechazada
paused-label = Cronología con carriles para A, B, el servicio de bloqueos y el almacenamiento a lo largo de { $end } s: A se congela a los 2,5 s y despierta a los { $wake } s; B obtiene el bloqueo a los { $granted } s. El asiento acaba en manos de: { $seat }.
paused-lane-a = A
paused-lane-b = B
paused-lane-lock = bloqueo
paused-lane-storage = almacén
paused-chart-paused = en pausa
paused-chart-holder = { $who } · { $token }
paused-chart-lease-ends = A sin concesión
paused-chart-seat-sold = C14: { $fan }
paused-chart-seat-free = C14: libre
paused-chart-read = lectura { $token }
paused-chart-write = escritura { $token }
paused-chart-now = ahora { $seconds } s
paused-chart-double = pagaron dos aficionados

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

failover-redis = Con { $rate } concesiones por segundo y { $lag } ms de retraso de replicación, una conmutación por error pierde { $lost } bloqueos de media (exactamente { $exact } esperados), y { $regranted } de ellos se conceden por segunda vez. En { INT($failovers) } caídas simuladas, { INT($withLoss) } perdieron al menos un bloqueo y la peor perdió { INT($worst) }. Para bloqueos que solo evitan trabajo duplicado, eso puede ser aceptable. Donde hay datos en juego, protege cada acceso con un cercado, con tokens de un almacén de consenso o de la base de datos: un contador guardado en este Redis se perdería en la misma conmutación y entregaría un token dos veces.
failover-redlock = Con cinco maestros independientes y una mayoría de tres, la caída de un maestro no pierde ningún bloqueo en { INT($failovers) } conmutaciones en este modelo (solo caídas, no particiones), siempre que el maestro caído siga parado más tiempo que el TTL más largo antes de volver. Redlock sigue suponiendo una deriva de reloj acotada y pausas acotadas, y no entrega ningún token de cercado; si eso basta está en disputa (Kleppmann y el autor de Redis no están de acuerdo).
failover-consensus = Un almacén de consenso confirma un bloqueo solo después de que una mayoría lo haya guardado, así que ninguna de las { INT($failovers) } caídas de un nodo perdió un bloqueo. El precio es una ronda de consenso por concesión, de unos 1 a 5 ms en lugar de bastante menos de uno, y sus números de revisión sirven también como tokens de cercado. Esto modela solo caídas, no particiones (bajo una, Jepsen midió que Redis con Sentinel perdía el 56 % de las escrituras confirmadas; el lado minoritario de un almacén de consenso simplemente no puede conceder).

failover-title = Dónde vive el bloqueo: lo que cuesta una conmutación por error
failover-lede = Redis responde al cliente sin esperar a que su réplica confirme la escritura; la copia sale enseguida, pero puede seguir en camino. Si el primario muere antes de que llegue, la réplica que toma el relevo nunca supo de esos bloqueos, y otro cliente puede volver a tomarlos.
failover-method = Redis: cada bloqueo concedido en los 5 s anteriores a la caída se pierde si su copia a la réplica (un retraso exponencial con el retraso medio) no había terminado; la esperanza es tasa × retraso × (1 − e^(−5 s/retraso)). Cada conmutación se simula con su propio flujo con semilla. Las filas de Redlock y de consenso resumen cómo está documentado que se comportan esos sistemas cuando cae un nodo: un 0 aquí vale para la caída de un nodo, no para una partición de red, que este modelo deja fuera (Jepsen midió que Redis con Sentinel perdía el 56 % de las escrituras confirmadas bajo una). El laboratorio ejecuta una en servidores reales (sus ejecuciones de partición, en el panel del laboratorio más abajo): un primario aislado de su réplica y de Sentinel sigue concediendo, y todos los bloqueos que concedió en su lado desaparecen cuando vuelve, así que la pérdida crece con la duración de la partición, no con el retraso. min-replicas-to-write acorta esa ventana a su min-replicas-max-lag y un segundo o dos; no la cierra. Aislado del mismo modo, el líder de etcd no concede nada mientras los otros dos miembros eligen uno nuevo.

failover-stat-exact = Perdidos por conmutación tras una caída (exacto)
failover-stat-simulated = Perdidos por conmutación (simulado)
failover-stat-twice = Concedidos dos veces por conmutación
failover-stat-worst = Peor conmutación
failover-stat-worst-value = { INT($lost) ->
    [one] { INT($lost) } perdido
   *[other] { INT($lost) } perdidos
}

failover-histogram-caption = Cuántos bloqueos perdió cada conmutación simulada; la línea marca la esperanza exacta.
failover-histogram-label = Histograma de los bloqueos perdidos por conmutación en { INT($failovers) } conmutaciones: media { $mean }, esperanza exacta { $exact }, peor { INT($worst) }.
failover-axis-lost = bloqueos perdidos en una conmutación
failover-axis-failovers = conmutaciones
failover-chart-expected = esperados { $expected }
failover-lag-caption = Bloqueos que se espera perder por conmutación de Redis a medida que crece el retraso de replicación (ambos ejes en escala logarítmica); el punto es tu ajuste.
failover-lag-label = Bloqueos que se espera que pierda una conmutación de Redis frente al retraso de replicación, de 0,1 ms a 1 s, creciendo con el retraso; a { $lag } ms son { $expected }.
failover-axis-lag = retraso de replicación (escala logarítmica)
failover-chart-ms = { $ms } ms
failover-chart-redis = bloqueos que se espera perder por conmutación (Redis)
failover-chart-other = Redis perdería estos; este almacén pierde 0

failover-table-caption = Los tres sitios donde puede vivir un bloqueo
failover-table-store = Almacén
failover-table-on-failover = En una conmutación
failover-table-fencing = Token de cercado
failover-table-cost = Coste por bloqueo
failover-table-use = Úsalo para
failover-redis-name = Redis, SET NX PX en un primario con una réplica
failover-redis-on-failover = La replicación es asíncrona: los bloqueos concedidos justo antes de la caída pueden no llegar nunca a la réplica que toma el relevo, y otro cliente puede entonces volver a tomarlos.
failover-redis-fencing = Ninguno, y un contador guardado en el mismo Redis no sirve: un INCR que no había llegado a la réplica se pierde en la conmutación y el mismo token se emite dos veces. Toma los tokens de un almacén de consenso o de la propia columna de versión de la base de datos.
failover-redis-cost = Menos de un milisegundo: un viaje de ida y vuelta a un nodo.
failover-redis-use = Bloqueos de eficiencia, donde una concesión doble, rara, solo desperdicia trabajo.
failover-redlock-name = Redlock, cinco maestros de Redis independientes
failover-redlock-on-failover = Un bloqueo cuenta solo cuando una mayoría (3 de 5) lo concedió dentro de su tiempo de validez. Si un maestro cae y sigue parado más tiempo que el TTL más largo antes de volver, ningún otro cliente puede reunir una mayoría para un bloqueo que sigue tomado.
failover-redlock-fencing = Ninguno: no puede emitir tokens crecientes.
failover-redlock-cost = Un viaje de ida y vuelta a cinco nodos por bloqueo, más reintentos con esperas aleatorias cuando hay competencia.
failover-redlock-use = En disputa. Kleppmann: innecesariamente pesado para la eficiencia (basta un nodo de Redis) e inseguro para la corrección, porque depende de una deriva de reloj y unas pausas acotadas y no tiene token de cercado. El autor de Redis lo defiende: las pausas afectan a todo bloqueo basado en concesiones, y los relojes pueden gestionarse para que no salten.
failover-consensus-name = Almacén de consenso: etcd, ZooKeeper
failover-consensus-on-failover = Un bloqueo se confirma solo después de que una mayoría lo guardó, así que cuando cae un nodo el nuevo líder ya lo tiene: no se pierde ningún bloqueo. (Bajo una partición de red, el lado minoritario no puede conceder nada; aquí no se modelan particiones.)
failover-consensus-fencing = Incorporado: la revisión de etcd, el zxid o la versión del znode de ZooKeeper.
failover-consensus-cost = Una ronda de consenso por bloqueo: de unos 1 a 5 ms (etcd midió ~1,6 ms por escritura en un clúster de 3 miembros).
failover-consensus-use = Corrección: cuando una concesión doble corrompería datos, junto con un recurso que compruebe el token en cada acceso.

redlock-timeout = Cada maestro responde pasados { $latency } ms, más de lo que el cliente 1 espera a cada uno ({ $timeout } ms): no cuenta ningún sí, así que no obtiene el bloqueo y libera en todas partes.
redlock-normal = Los cinco maestros dijeron sí en { $elapsed } ms, así que el cliente 1 puede usar el bloqueo durante { $validity } ms, algo menos que el TTL de { $ttl } ms.
redlock-slow-held = Tres maestros lentos alargaron la adquisición hasta { $elapsed } ms: los cinco dijeron sí, y solo quedan { $validity } ms de los { $ttl } ms del TTL para usar el bloqueo.
redlock-slow-timeout = C, D y E solo responden pasados { $slow } ms, más allá del tiempo de espera de { $timeout } ms del cliente 1 por maestro: no los espera, así que tiene { redlock-yeses }, ninguna mayoría, y libera el bloqueo en todas partes. Un cliente que esperara más de { $slow } ms a cada maestro los contaría, y vería cuánto del TTL consume la espera.
redlock-slow-refused = Los cinco dijeron sí, pero eso llevó { $elapsed } ms de un TTL de { $ttl } ms: no queda tiempo, así que el bloqueo se rechaza y se libera.
redlock-down-held = Con { $down } de cinco maestros caídos, el cliente 1 obtuvo { redlock-yeses }: sigue siendo mayoría, así que tiene el bloqueo.
redlock-down-failed = Con { $down } de cinco maestros caídos, el cliente 1 obtuvo { redlock-yeses }: no es mayoría, así que no hay bloqueo.
redlock-jump-both = El reloj de C saltó { $jump } ms hacia delante, su clave expiró antes de tiempo y el cliente 2 reunió C, D y E mientras la validez del cliente 1 aún corría: los dos tienen el bloqueo. La seguridad de Redlock supone que los relojes no saltan así.
redlock-jump-safe = El reloj de C saltó solo { $jump } ms: cuando su clave expiró, la validez del cliente 1 ya había terminado, así que los dos nunca tuvieron el bloqueo a la vez.
redlock-crash-both = C cayó y volvió vacío, así que el cliente 2 reunió C, D y E mientras el cliente 1 aún tenía el bloqueo: los dos lo tienen. Un reinicio retrasado (seguir caído más que el TTL) lo evita.
redlock-crash-safe = C siguió caído más que el TTL antes de volver, así que el cliente 2 solo encontró D y E: no hay quórum, y el cliente 1 conserva el bloqueo en solitario.
redlock-pause-collecting-held = El cliente 1 se congeló { $pause } ms mientras recogía las respuestas. La comprobación del tiempo transcurrido cuenta la pausa ({ $elapsed } ms en total), así que aún le quedaba validez y tiene el bloqueo.
redlock-pause-collecting-refused = El cliente 1 se congeló { $pause } ms mientras recogía las respuestas. La comprobación del tiempo transcurrido cuenta la pausa ({ $elapsed } ms en total), así que rechaza el bloqueo y no lo usa.
redlock-pause-late = El cliente 1 se congeló { $pause } ms justo después de su comprobación, más que su validez de { $validity } ms. Sus claves expiraron, el cliente 2 tomó el bloqueo y la escritura del cliente 1 llegó tarde de todos modos. Ninguna concesión detecta una pausa posterior a la última comprobación del titular: en eso coinciden Kleppmann y el autor de Redis. El remedio de Kleppmann es un token de cercado monótono que el recurso comprueba (Redlock no puede generarlo); el autor de Redis responde que el valor aleatorio único del bloqueo, comprobado por el recurso con una comprobación y asignación (check-and-set), también puede servir, y que un recurso capaz de comprobar cualquiera de los dos apenas necesita el bloqueo.
redlock-pause-in-time = El cliente 1 se congeló { $pause } ms después de su comprobación, pero despertó dentro de su validez de { $validity } ms.
redlock-odds = Si cada maestro dice sí a tiempo con probabilidad { PERCENT($chance) }, se forma quórum el { PERCENT($quorum) } de las veces (el { PERCENT($rate) } de { INT($trials) } intentos con semilla).

redlock-step = En t = { $time } ms, { $what }
redlock-no-answer = el cliente 1 no obtiene respuesta de { $node } dentro de su tiempo de espera de { $timeout } ms.
redlock-yes-1 = { $node } dice sí al cliente 1.
redlock-freezes-collecting = el cliente 1 se congela { $pause } ms mientras recoge las respuestas.
redlock-holds = el cliente 1 tiene { redlock-yeses } en { $elapsed } ms: tiene el bloqueo con una validez de { $validity } ms (TTL { $ttl } − transcurrido { $elapsed } − deriva { $drift }).
redlock-too-few = el cliente 1 solo tiene { redlock-yeses }, menos de { $needed }: no hay bloqueo, y libera las claves que obtuvo.
redlock-too-slow = el cliente 1 tiene { redlock-yeses }, pero reunirlos llevó { $elapsed } ms de un TTL de { $ttl } ms: no queda validez, así que no hay bloqueo; libera en todas partes.
redlock-clock-jumps = el reloj de C salta { $jump } ms hacia delante.
redlock-expires-early = la copia de la clave en C expira antes de tiempo.
redlock-crashes = C cae y pierde sus claves (sin persistencia, o con fsync una vez por segundo).
redlock-restarts = C se reinicia, vacío.
redlock-rejoins = C vuelve, cuando cualquier clave que tuviera ya podría haber expirado de todos modos.
redlock-freezes-after = el cliente 1 se congela { $pause } ms, justo después de su comprobación.
redlock-wakes-in-time = el cliente 1 despierta dentro de su validez y termina a tiempo.
redlock-wakes-late = el cliente 1 despierta y escribe, seguro de que aún tiene el bloqueo: ninguna concesión puede detectarlo; solo una comprobación que haga el propio recurso (un token de cercado, o una comprobación y asignación sobre un valor) puede rechazar la escritura.
redlock-yes-2 = { $node } dice sí al cliente 2.
redlock-no-answer-2 = el cliente 2 no obtiene respuesta de { $node }.
redlock-second-holds = el cliente 2 tiene { $yes } síes: también tiene el bloqueo.
redlock-second-fails = el cliente 2 solo tiene { $yes } síes: no hay bloqueo.

redlock-title = Redlock: un quórum sobre cinco maestros Redis
redlock-lede = Un cliente pide la misma clave a cinco maestros Redis independientes (aquí uno tras otro, como lo cuenta la descripción de Redis; muchos clientes piden a los cinco a la vez). Solo tiene el bloqueo si al menos tres dijeron sí y la petición llevó menos que el TTL; lo que queda, menos un margen por la deriva de los relojes, es cuánto tiempo puede usar el bloqueo. Reproduce cada escenario y mira dónde se sostiene ese razonamiento y dónde se rompe.
redlock-method = Recorridos deterministas. SET key value NX PX ttl va a los maestros por turno; un maestro caído cuesta sus 50 ms de tiempo de espera. Validez = TTL − transcurrido − deriva, deriva = 0,01 × TTL + 2 ms (la convención de las bibliotecas cliente). El salto de reloj y la caída con reinicio son los contraejemplos de Kleppmann. En que ninguna concesión detecta una pausa posterior a la comprobación coinciden él y el autor de Redis; él haría que el recurso comprobara un token de cercado, mientras que el autor de Redis sostiene que el valor único del bloqueo, comprobado por el recurso con una comprobación y asignación, puede servir. La curva del quórum es Σ C(5,k) q^k (1 − q)^(5−k) para k ≥ 3, con los intentos con semilla al lado.

redlock-stat-verdict = Veredicto
redlock-verdict-both = dos clientes lo tienen
redlock-verdict-one = el cliente 1 lo tiene
redlock-verdict-none = sin bloqueo
redlock-stat-yes = Respuestas sí
redlock-stat-yes-value = { $yes } de 5 (hacen falta { $needed })
redlock-stat-elapsed = Transcurrido
redlock-stat-validity = Validez
redlock-ms = { $ms } ms

redlock-key-1 = clave o bloqueo del cliente 1
redlock-key-2 = clave o bloqueo del cliente 2
redlock-key-request = una petición y su respuesta
redlock-odds-caption = La probabilidad de quórum (línea) y la fracción de intentos con semilla que lo formaron (punto).
redlock-walk-label = Cronología de dos clientes y cinco maestros: el cliente 1 reunió { $quorum } de 5 síes en { $elapsed } ms; { $end }.
redlock-label-end-both = los dos clientes acaban teniendo el bloqueo
redlock-label-end-one = el cliente 1 tiene el bloqueo
redlock-label-end-none = sin bloqueo
redlock-odds-label = Curva de la probabilidad de un quórum de { $needed } de 5 frente a la probabilidad de que un maestro diga sí a tiempo: { PERCENT($chance) } aquí, el { PERCENT($rate) } de los intentos con semilla.
redlock-lane-client-1 = cliente 1
redlock-lane-client-2 = cliente 2
redlock-lane-master = maestro { $node }
redlock-chart-clock = reloj { $clock } ms
redlock-chart-clock-jumped = reloj { $clock } ms (saltó)
redlock-chart-late-write = escritura tardía
redlock-chart-now = ahora { $ms } ms
redlock-chart-both = los dos clientes tienen el bloqueo
redlock-chart-one = el cliente 1 tiene el bloqueo
redlock-chart-none = sin bloqueo
redlock-axis-chance = P(un maestro dice sí a tiempo)
redlock-chart-quorum = quórum { PERCENT($chance) } (con semilla { PERCENT($rate) })
redlock-yeses = { $quorum ->
    [one] { $quorum } sí
   *[other] { $quorum } síes
}

value-on = activado
value-off = desactivado
control-fixed = { " " }(fijo)
controls-more-settings = Más ajustes
controls-new-seed = Nueva semilla
controls-seed = semilla
controls-reset = Restablecer
narrative-more = Más
narrative-less = Menos
locale-unreadable = No se pudo leer la traducción { $locale } ({ $why }), así que este widget habla en inglés.
messages-unreadable = No se pudo leer el archivo de textos { $file } ({ $why }), así que este widget conserva sus propios textos.
messages-unknown = El archivo de textos { $file } nombra { INT($count) ->
    [one] un mensaje que este widget no tiene: { $keys }. Se omite.
   *[other] mensajes que este widget no tiene: { $keys }. Se omiten.
}
messages-placeables = En el archivo de textos { $file }, { $key } usa { $names }, que este widget no le da a ese mensaje; se omite.
messages-reference = En el archivo de textos { $file }, { $key } nombra { $other }, que no se puede decir ahí: este widget no tiene ese mensaje, o lleva de vuelta a { $key } o pasa por demasiados otros. Se omite.

lab-summary = Ejecútalo de verdad
lab-loading = Cargando el panel del laboratorio…
lab-left-out = El paquete que cargó esta página no incluye el panel del laboratorio (la orden, lo que midió el laboratorio, ejecutarlo en tu ordenador), y ningún locklab.js de la página puede cargarlo. Carga el paquete completo de locklab.js para tenerlo.
lab-intro = Esta historia, en este estado, sobre los servidores reales de los que trata (Redis, PostgreSQL o etcd, según lo que necesite la historia), que el laboratorio arranca y detiene por sí mismo: en una copia de locklab, después de
lab-intro-run = , ejecuta
lab-cargo-before = (
lab-cargo-instead = { " " }en lugar de{ " " }
lab-cargo-after = { " " }si no está instalado). Muestra cada resultado, simulado y real, uno al lado del otro.
lab-what-is-real = Lo real ahí es el servicio de bloqueo y la base de datos: su caducidad, sus rechazos, sus bloqueos y su replicación. Las partes aleatorias de la historia (atascos, pausas, retrasos, tiempos de trabajo) son los propios sorteos de este widget, reproducidos como esperas y retardos, así que el laboratorio pone a prueba lo que hacen los servidores con ellos, no los sorteos.
lab-not-loaded = No se pudo cargar lo que midió el laboratorio: { $why }.

player-label = Reproductor de la cronología: Espacio reproduce o pausa, las flechas avanzan o retroceden un paso, Inicio y Fin saltan
player-back = Paso atrás
player-play = Reproducir
player-pause = Pausa
player-forward = Paso adelante
player-scrub = Momento de la historia
player-position = { $now } de { $end }
player-speed = Velocidad
player-speed-option = { $speed }×
player-time-s = { $t } s
player-time-ms = { $t } ms
player-time-steps = { $t ->
    [one] { $t } paso
   *[other] { $t } pasos
}

notice-using = { $name }=“{ $value }” { $why }; se usa { $used }.
notice-using-default = { $name }=“{ $value }” { $why }; se usa el valor por defecto, { $used }.
notice-unknown-param = Parámetro desconocido «{ $name }»: se ignora. Los conocidos: { $known }.
notice-alias = { $name }=“{ $value }” no es true ni false; se ignora (es un nombre antiguo de { $target }).
notice-clamped = { $name }: se usa { $used }.
notice-more = { $more ->
    [one] … y { INT($more) } problema más con los parámetros, no mostrado.
   *[other] … y { INT($more) } problemas más con los parámetros, no mostrados.
}
notice-not-one-of = no es ninguno de { $options }
notice-not-bool = no es true ni false
notice-not-clock = no es una hora del día como 21:50 o 21:50:30
notice-not-number = no es un número
notice-not-finite = no es un número finito
notice-below-min = está por debajo del mínimo, { $min }
notice-above-max = está por encima del máximo, { $max }
notice-not-whole = no es un número entero

ttl-none-outlived = Con un TTL de { $ttl } s, ninguna de las { INT($holds) } retenciones simuladas duró más que su bloqueo.
ttl-none-but-exact = La probabilidad exacta es de { PERCENT($exact) } por retención ({ $perDay } esperadas al día), no cero: un atasco lo bastante largo sigue durando más que cualquier TTL.
ttl-some-outlived = Con un TTL de { $ttl } s, { INT($unsafe) } de { INT($holds) } retenciones ({ PERCENT($share) }; exactamente { PERCENT($exact) }) duraron más que su bloqueo: desde ese momento el bloqueo podía pasar a un segundo trabajador mientras el primero seguía ocupado.
ttl-per-day = Si el bloqueo se concede una vez cada { $every } s, eso son unas { $perDay } al día en esta ejecución ({ $expected } esperadas).
ttl-pareto-tail = Aquí los atascos tienen una cola pesada (Pareto, α = { $alpha }): los atascos largos son raros, pero no tanto como para desaparecer, así que el extremo derecho de la curva solo baja como una potencia del TTL (una recta de pendiente −α en este gráfico log–log) en lugar de desplomarse.
ttl-recovery = Tras una caída real, el siguiente trabajador espera hasta { $ttl } s antes de poder tomar el relevo.

ttl-title = El bloqueo debe caducar, y ningún TTL es seguro
ttl-lede = Una concesión (lease) que no se renueva libera el bloqueo cuando muere quien lo tiene, pero el servicio de bloqueo no distingue a un titular muerto de uno lento. Toda retención más larga que el TTL pierde el bloqueo mientras aún trabaja; un TTL largo hace que una caída real bloquee a todos. (Clientes de bloqueo como los de etcd y Redisson renuevan la concesión mientras el titular sigue vivo: otro compromiso, con fallos propios, en el widget de renovación de concesiones.)
ttl-method = { INT($holds) } retenciones con semilla. El trabajo sigue una log-normal en torno al valor típico, con la dispersión que elijas; con la probabilidad de atasco se añade un atasco de la media que elijas, exponencial (cola ligera) o de Pareto (cola pesada: los atascos largos siguen siendo posibles). Una retención es insegura cuando dura más que el TTL. Cada distribución es aquí una suposición para experimentar, no una medición. La proporción exacta y el número esperado al día salen de integrar el mismo modelo.

ttl-stat-outliving = Retenciones más largas que el TTL
ttl-stat-outliving-value = { INT($unsafe) } de { INT($holds) }
ttl-stat-share = Proporción (exacta)
ttl-stat-share-value = { PERCENT($share) } ({ PERCENT($exact) })
ttl-stat-per-day = Retenciones inseguras al día (esperadas)
ttl-stat-per-day-value = { $perDay } ({ $expected })
ttl-stat-wait = Espera tras una caída
ttl-stat-wait-value = hasta { $seconds } s

ttl-histogram-caption = Cuánto duran las retenciones (ambos ejes en escala logarítmica). En rojo: las que duran más que el TTL.
ttl-histogram-label = Histograma de { INT($holds) } duraciones de retención en escala logarítmica, con el TTL de { $ttl } s marcado: { INT($unsafe) } retenciones quedan más allá.
ttl-axis-duration = duración de la retención (escala log.)
ttl-axis-holds = retenciones
ttl-axis-ttl = TTL (escala log.)
ttl-chart-ttl = TTL { $ttl } s
ttl-key-share = proporción de retenciones más largas que el TTL (exacta)
ttl-key-run = esta ejecución
ttl-key-wait = espera máxima tras una caída (eje derecho)
ttl-curve-label = Gráfico del compromiso: a medida que el TTL crece de 0,1 s a 120 s, la proporción de retenciones que lo superan baja ({ PERCENT($at1) } con 1 s, { PERCENT($at10) } con 10 s, { PERCENT($at60) } con 60 s), mientras la espera tras una caída crece con el propio TTL.
