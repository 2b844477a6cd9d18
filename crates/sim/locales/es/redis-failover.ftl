# El widget de la conmutación por error de Redis (redis-failover), en español (de ../en/redis-failover.ftl).
# Vocabulario: failover = conmutación por error; primary = primario; replica = réplica;
# lag = retraso de replicación; grant = concesión (de un bloqueo); consensus store = almacén de
# consenso; fencing token = token de cercado; master = maestro; partition = partición de red.

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
