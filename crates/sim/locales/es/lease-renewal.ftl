# El widget de la renovación de la concesión (lease-renewal), en español (de ../en/lease-renewal.ftl).
# Vocabulario (el de ttl-tradeoff.ftl): lease = concesión; run = ejecución; stall = atasco;
# renewal = renovación; fencing token = token de cercado; idempotency key = clave de idempotencia;
# invoice = factura; worker = trabajador.

renewal-lost = Con una concesión de { $ttl } s, { INT($lost) } de { INT($runs) } ejecuciones ({ PERCENT($share) }; exactamente { PERCENT($exact) }) perdieron su bloqueo mientras seguían en marcha.
renewal-too-late = Renovar cada { $every } s nunca llega antes de que se agote una concesión de { $ttl } s, así que aquí la renovación no cambia nada.
renewal-keeps = En este modelo, la renovación mantiene a salvo las ejecuciones lentas, y solo la pierde un atasco que también congela al que renueva y que dura más de lo que queda de la concesión (una partición, una respuesta de renovación perdida o una conmutación por error también pueden hacer perder una concesión renovada; no se modelan).
renewal-unprotected = Un segundo trabajador repitió { INT($repeats) } de ellas: { INT($invoices) } facturas dobles y { INT($emails) } correos dobles, sin ningún error en ninguna parte.
renewal-write-fenced = Un segundo trabajador, con el token más nuevo, repitió { INT($repeats) } de ellas. La base de datos comprueba el token solo en la escritura de la factura: { INT($refused) } facturas tardías del primer trabajador llegaron después de la del segundo y se rechazaron por su token más antiguo, pero { INT($invoices) } llegaron antes, cuando su token aún era el más alto visto, y se aceptaron junto a las de la repetición: facturas dobles que el cercado solo de escrituras no puede impedir. El proveedor de correo no comprueba ningún token: { INT($emails) } correos salieron dos veces.
renewal-all-fenced = Un segundo trabajador repitió { INT($repeats) } de ellas y registró su token más nuevo con su primera lectura de la fila de la factura, así que la base de datos rechazó las { INT($refused) } facturas tardías del primer trabajador por su token más antiguo, por pronto que llegaran. El proveedor de correo no comprueba ningún token: { INT($emails) } correos salieron dos veces.
renewal-idempotent = { INT($harmless) } repeticiones llevaban las mismas claves de idempotencia, así que ni la factura ni el correo ocurrieron dos veces (siempre que el proveedor de correo respete la clave).
renewal-wasted = Se repitieron { $wasted } s de trabajo.

renewal-title = Rómpelo: la tarea que dura más que su bloqueo
renewal-lede = Una tarea toma un bloqueo con una concesión y envía una factura y un correo cuando termina. Si pierde el bloqueo mientras sigue en marcha, un segundo trabajador puede volver a ejecutarla. Compara lo que hacen con las mismas ejecuciones la renovación, un token de cercado (en la escritura o en cada acceso) y las claves de idempotencia.
renewal-method = { INT($runs) } ejecuciones con semilla: trabajo log-normal en torno al valor típico y, con la probabilidad de atasco, un atasco (exponencial o de Pareto) en un punto al azar del trabajo. La renovación prolonga la concesión a cada intervalo desde el principio mientras la tarea corre; un atasco congela también al que renueva. Un segundo trabajador empieza cuando el bloqueo pasa a él, con el token más nuevo, lee la fila de la factura y ejecuta su propia tarea. Cercado solo de escrituras: la base de datos rechaza la factura tardía del primer trabajador solo si la del segundo llegó antes; cercado de cada acceso: la lectura del segundo trabajador registra su token, así que se rechaza toda factura tardía. El proveedor de correo no comprueba ningún token. Claves de idempotencia: ambos reconocen la repetición, suponiendo que el proveedor respete la clave. La probabilidad exacta de perder el bloqueo sale del mismo modelo. No se modela: una partición, una respuesta de renovación perdida o una conmutación por error, que también pueden hacer perder una concesión renovada.

renewal-stat-lost = Ejecuciones que perdieron el bloqueo
renewal-stat-lost-value = { INT($lost) } ({ PERCENT($exact) } exacto)
renewal-stat-invoices = Facturas dobles
renewal-stat-emails = Correos dobles
renewal-stat-wasted = Trabajo repetido
renewal-seconds = { $seconds } s

renewal-key-kept = conservó el bloqueo
renewal-key-lost = perdió el bloqueo en marcha
renewal-costs-caption = Lo que hicieron las ejecuciones que perdieron el bloqueo: esta defensa (sólido) junto a ninguna defensa con las mismas ejecuciones (tenue).
renewal-runs-label = Histograma de { INT($runs) } duraciones de ejecución en escala logarítmica con la concesión marcada: { INT($lost) } ejecuciones perdieron el bloqueo (en rojo).
renewal-costs-label = Barras para las ejecuciones que perdieron el bloqueo con esta defensa (y sin ninguna): facturas dobles { INT($invoices) } ({ INT($invoicesBefore) }), correos dobles { INT($emails) } ({ INT($emailsBefore) }), escrituras rechazadas { INT($refused) }, repeticiones inofensivas { INT($harmless) }.
renewal-axis-length = duración de la ejecución: trabajo + atasco (escala logarítmica)
renewal-axis-runs = ejecuciones
renewal-chart-lease = concesión { $ttl } s
renewal-bar-invoices = facturas dobles
renewal-bar-emails = correos dobles
renewal-bar-refused = escrituras rechazadas
renewal-bar-harmless = repeticiones inofensivas
