# El cajón de arena del cercado (fencing-sandbox), en español (de ../en/fencing-sandbox.ftl).
# Vocabulario: lease = concesión; lock = bloqueo; lock service = servicio de bloqueos; storage =
# almacenamiento; token = token; client = cliente; lost update = actualización perdida. A, B y C
# son clientes; un paso se escribe como A.acquire o wait en todos los idiomas (es lo que un autor
# escribe en data-steps), así que esas palabras no se traducen. En la gráfica, «almacén» (una
# etiqueta corta cabe en su margen).

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
