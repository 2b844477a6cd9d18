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
