# El widget de Redlock (redlock), en español (de ../en/redlock.ftl). Vocabulario: master =
# maestro (los cinco servidores Redis A, B, C, D y E); yes = sí (una respuesta que fija la clave);
# key = clave; validity = validez; drift = deriva; lock = bloqueo. TTL, NX, PX y fsync no se
# traducen.

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
