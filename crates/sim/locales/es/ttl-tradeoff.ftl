# El widget del compromiso del TTL (ttl-tradeoff), en español (de ../en/ttl-tradeoff.ftl).
# Vocabulario: lock = bloqueo; lease = concesión; hold = retención (el tiempo que un trabajador
# tiene el bloqueo); stall = atasco; grant = concesión del bloqueo; worker = trabajador.

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
