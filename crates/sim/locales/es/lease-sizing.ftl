# La hoja de cálculo del tamaño de una concesión (lease-sizing), en español (de ../en/lease-sizing.ftl).
# Vocabulario (el de ttl-tradeoff.ftl): lease = concesión; pause = pausa; renewal = renovación;
# margin = margen; fencing token = token de cercado; holder = titular.

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
