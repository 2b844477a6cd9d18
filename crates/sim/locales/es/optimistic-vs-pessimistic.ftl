# El widget optimista o pesimista (optimistic-vs-pessimistic), en español (de
# ../en/optimistic-vs-pessimistic.ftl). Vocabulario: update = actualización; record = registro;
# commit = confirmación; attempt = intento; retry = reintento; lock = bloqueo; round trip = ida y
# vuelta; capacity = capacidad. Las fórmulas (λT, e^(λT), λT², 1 + λT) no se traducen.

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
