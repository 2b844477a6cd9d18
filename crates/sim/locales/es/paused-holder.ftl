# El widget del titular en pausa (paused-holder), en español (de ../en/paused-holder.ftl).
# Vocabulario: lease = concesión; lock = bloqueo; lock service = servicio de bloqueos; storage =
# almacenamiento; token = token; seat = asiento; fan = aficionado. A y B son dos trabajadores que
# venden entradas de un concierto; C14 es el último asiento; 33 y 34 son tokens de cercado.

paused-safe = La pausa de { $pause } s de A terminó a los { $wake } s, dentro de su concesión de { $lease } s, así que A vendió C14 y soltó el bloqueo. B obtuvo el bloqueo a los { $granted } s, encontró el asiento vendido y desistió. Un asiento, un aficionado.
paused-late-harmless = La concesión de A se agotó a los { $lease } s y A despertó a los { $wake } s, después, pero a B aún no se le había dado el bloqueo (lo pide cada { $every } s), así que la venta tardía de A salió adelante y B, al leer después, encontró el asiento vendido. Esta vez no hubo daño, por pura suerte con los tiempos.
paused-a-overwrote = A se congeló { $pause } s, más que su concesión de { $lease } s. B obtuvo el bloqueo a los { $granted } s y vendió C14 al aficionado B a los { $write } s. A los { $wake } s A despertó y sobrescribió esa venta con el aficionado A: dos aficionados pagaron por un asiento, y el servicio de bloqueos hizo exactamente lo que prometía.
paused-fenced = A se congeló { $pause } s, más allá de su concesión de { $lease } s; B obtuvo el bloqueo (token 34) y vendió C14 a los { $write } s. Cuando A despertó a los { $wake } s, su escritura llevaba el token 33, menor que el 34 que el almacenamiento ya había visto, así que el almacenamiento la rechazó. B conserva el asiento.
paused-read-fenced = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s. La lectura de B llevaba el token 34, y el almacenamiento lo registró. A despertó a los { $wake } s, antes de que B escribiera, y su escritura con el token 33 se rechazó porque el almacenamiento ya había visto el 34 en la lectura de B. La venta de B a los { $write } s salió adelante: una venta. Por eso el cercado debe cubrir cada acceso, lecturas incluidas.
paused-condition-a = A se congeló { $pause } s, más allá de su concesión de { $lease } s; B obtuvo el bloqueo y vendió C14. Cuando A despertó a los { $wake } s, su escritura condicional encontró el asiento ya ocupado y no cambió nada. B conserva el asiento.
paused-b-overwrote-write-fenced = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s y leyó C14 libre, pero A despertó a los { $wake } s, antes de que B escribiera. La escritura de A con el token 33 se aplicó (el almacenamiento comprueba los tokens solo en las escrituras, y 33 era el más alto escrito hasta entonces), y luego la escritura de B a los { $write } s la sustituyó: pagaron dos aficionados. El cercado solo de escrituras no puede impedirlo; cercar también la lectura de B, o una escritura condicional, sí lo impediría.
paused-b-overwrote = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s y leyó C14 libre, pero A despertó a los { $wake } s, antes de que B escribiera. La escritura de A con el token 33 se aplicó, y luego la escritura de B a los { $write } s la sustituyó: pagaron dos aficionados. Cercar cada acceso, o una escritura condicional, lo habría impedido.
paused-condition-b = La concesión de A se agotó a los { $lease } s y B obtuvo el bloqueo a los { $granted } s, pero A despertó a los { $wake } s y vendió C14 antes de que B escribiera. La escritura condicional de B encontró el asiento ocupado y no cambió nada: una venta, al aficionado A.

paused-step = En t = { $time } s, { $actor } { $action }.
paused-step-token = En t = { $time } s, { $actor } { $action } (token { $token }).
paused-actor-a = A
paused-actor-b = B
paused-actor-lock = el servicio de bloqueos
paused-actor-storage = el almacenamiento
paused-grants-a = concede el bloqueo a A
paused-grants-b = concede el bloqueo a B
paused-asks = pide el bloqueo (y vuelve a pedirlo cada { $every } s)
paused-freezes = se congela
paused-lease-expires = deja que expire la concesión de A
paused-wakes = despierta
paused-wakes-believing = despierta, creyendo aún que tiene el bloqueo
paused-finishes-unaware = termina su trabajo sin saber que su concesión se agotó
paused-releases = suelta el bloqueo
paused-reads = lee C14: { $seat }
paused-reads-registers = lee C14: { $seat }; el almacenamiento registra el token { $token }
paused-reads-gives-up = lee C14: { $seat }, así que B desiste
paused-reads-registers-gives-up = lee C14: { $seat }; el almacenamiento registra el token { $token }, así que B desiste
paused-seat-free = libre
paused-seat-sold = vendido al { $fan }
paused-fan-a = aficionado A
paused-fan-b = aficionado B
paused-writes-applied = escribe C14 → { $fan }: aplicada
paused-writes-fenced = escribe C14 → { $fan }: rechazada: el almacenamiento ya ha visto el token { $highest }
paused-writes-taken = escribe C14 → { $fan }: rechazada: C14 ya no está libre (0 filas actualizadas)

paused-title = El titular en pausa: dos trabajadores, un bloqueo, el último asiento
paused-lede = El trabajador A toma el bloqueo, lee que el asiento C14 está libre y se congela a los 2,5 s. Su concesión sigue corriendo. B pide el bloqueo cada { $every } s y, cuando lo tiene, vende el asiento { $after } s después.
paused-method = Un recorrido calculado a partir de tus ajustes; los tokens 33 y 34 son ilustrativos. Tokens solo en las escrituras: el almacenamiento rechaza una escritura cuyo token es menor que el más alto que ha visto en una escritura. Tokens en cada acceso: las lecturas también llevan el token y el almacenamiento lo registra, así que se rechaza una escritura con un token menor que otro que ya ha leído. Los tokens iguales se aceptan, así que un titular puede leer y luego escribir con su propio token. Escritura condicional: update seats set holder = … where seat = 'C14' and holder is null.

paused-stat-result = Resultado
paused-result-double = pagaron dos aficionados
paused-result-single = una venta
paused-stat-seat = C14 es de
paused-seat-nobody = nadie
paused-stat-wakes = A despierta a los
paused-stat-granted = B obtiene el bloqueo a los
paused-seconds = { $seconds } s

paused-steps = La cronología, paso a paso
paused-col-time = momento
paused-col-who = quién
paused-col-what = qué
paused-col-token = token
paused-col-storage = almacenamiento
paused-registered = token registrado
paused-applied = aplicada
paused-refused = rechazada

paused-key-valid = con una concesión válida
paused-key-stale = concesión perdida, aún cree tener el bloqueo
paused-key-paused = en pausa
paused-key-read = lectura
paused-key-applied = escritura aplicada
paused-key-refused = escritura rechazada
paused-label = Cronología con carriles para A, B, el servicio de bloqueos y el almacenamiento a lo largo de { $end } s: A se congela a los 2,5 s y despierta a los { $wake } s; B obtiene el bloqueo a los { $granted } s. El asiento acaba en manos de: { $seat }.
paused-lane-a = A
paused-lane-b = B
paused-lane-lock = bloqueo
paused-lane-storage = almacén
paused-chart-paused = en pausa
paused-chart-holder = { $who } · { $token }
paused-chart-lease-ends = A sin concesión
paused-chart-seat-sold = C14: { $fan }
paused-chart-seat-free = C14: libre
paused-chart-read = lectura { $token }
paused-chart-write = escritura { $token }
paused-chart-now = ahora { $seconds } s
paused-chart-double = pagaron dos aficionados
