# El widget de la granularidad del bloqueo (lock-granularity), en español (de
# ../en/lock-granularity.ftl). Vocabulario: lock = bloqueo; shard = fragmento; key = clave;
# SKU = SKU (un artículo a la venta); update = actualización; wait = espera; deadlock = interbloqueo;
# utilisation = utilización. Las fórmulas (λ·s, ρ, M/M/1) no se traducen.

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
