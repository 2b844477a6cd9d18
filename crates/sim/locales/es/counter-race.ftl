# La carrera del contador (counter-race), en español (de ../en/counter-race.ftl).
# Vocabulario: worker = trabajador; increment = incremento; lost update = actualización perdida;
# lock = bloqueo; stale = obsoleto.

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
