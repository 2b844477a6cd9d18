# Las etiquetas de los controles, en español (de ../en/params.ftl, generado de las especificaciones).

## ttl-tradeoff

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

## counter-race

counter-race-param-workers = Trabajadores
counter-race-param-increments = Incrementos por trabajador
counter-race-param-think-ms = Tiempo de reflexión (lectura → escritura)
counter-race-param-pause-ms = Pausa entre incrementos
counter-race-param-lock = Tomar un bloqueo en torno a lectura → escritura
counter-race-param-seed = Semilla

## lease-sizing

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

## redis-failover

redis-failover-param-store = Dónde vive el bloqueo
redis-failover-param-store-redis = Primario de Redis + réplica
redis-failover-param-store-redlock = Redlock (5 maestros)
redis-failover-param-store-consensus = Consenso (etcd, ZooKeeper)
redis-failover-param-grants-per-s = Concesiones de bloqueos
redis-failover-param-lag-ms = Retraso de replicación (medio)
redis-failover-param-contention = Probabilidad de que otro quiera un bloqueo perdido
redis-failover-param-failovers = Conmutaciones simuladas
redis-failover-param-seed = Semilla

## lease-renewal

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

## fencing-chain

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

## optimistic-vs-pessimistic

optimistic-vs-pessimistic-param-rate-per-s = Actualizaciones del registro
optimistic-vs-pessimistic-param-work-ms = Trabajo por actualización
optimistic-vs-pessimistic-param-retry-ms = Coste extra de un reintento (releer, esperar)
optimistic-vs-pessimistic-param-lock-ms = Ida y vuelta del bloqueo
optimistic-vs-pessimistic-param-work = Tiempo de trabajo
optimistic-vs-pessimistic-param-work-fixed = Siempre el mismo
optimistic-vs-pessimistic-param-work-exponential = Variable (exponencial)
optimistic-vs-pessimistic-param-updates = Actualizaciones simuladas
optimistic-vs-pessimistic-param-seed = Semilla

## lock-granularity

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

## fencing-sandbox

fencing-sandbox-param-clients = Clientes
fencing-sandbox-param-protection = Qué comprueba el almacenamiento
fencing-sandbox-param-protection-none = Nada
fencing-sandbox-param-protection-fence-writes = Tokens solo en las escrituras
fencing-sandbox-param-protection-fence-all = Tokens en cada acceso
fencing-sandbox-param-protection-conditional = Escritura condicional (comparar y asignar)
fencing-sandbox-param-lease-s = Concesión

## paused-holder

paused-holder-param-lease-s = Concesión (TTL)
paused-holder-param-pause-s = Pausa de A
paused-holder-param-protection = Qué comprueba el almacenamiento
paused-holder-param-protection-none = Nada
paused-holder-param-protection-fence-writes = Tokens solo en las escrituras
paused-holder-param-protection-fence-all = Tokens en cada acceso
paused-holder-param-protection-conditional = Escritura condicional (comparar y asignar)

## redlock

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
