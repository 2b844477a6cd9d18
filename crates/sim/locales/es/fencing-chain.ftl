# El widget de la cadena de cercado (fencing-chain), en español (de ../en/fencing-chain.ftl).
# Vocabulario: fencing = cercado; token = token; lease = concesión; holder = titular; stale write =
# escritura obsoleta; overtaken write = escritura adelantada; storage = almacenamiento.

chain-none-late = Esta vez ninguno de los { INT($holders) } titulares duró más que su concesión (se esperaban unos { $expected }), así que todas las escrituras llegaron en orden de token.
chain-late = { INT($late) } de { INT($holders) } titulares del bloqueo ({ PERCENT($share) }) seguían trabajando cuando se agotó su concesión.
chain-fenced = El almacenamiento rechazó { INT($refused) } de sus escrituras porque ya se había escrito un token más alto: no se reemplazó ningún dato más nuevo.
chain-unfenced = { INT($overwrites) } de sus escrituras llegaron después de otra más nueva y reemplazaron datos más nuevos, sin ningún error en ninguna parte.
chain-overtaken = { INT($overtaken) ->
    [one] { INT($overtaken) } escritura tardía llegó después de que el bloqueo pasara a otro, pero antes de cualquier escritura más nueva, así que el almacenamiento la aplicó{ chain-overtaken-fenced }. Eso solo es inofensivo si las escrituras sobrescriben a ciegas: un sucesor que ya hubiera leído los datos escribiría encima con un valor decidido sin ella.
   *[other] { INT($overtaken) } escrituras tardías llegaron después de que el bloqueo pasara a otro, pero antes de cualquier escritura más nueva, así que el almacenamiento las aplicó{ chain-overtaken-fenced }. Eso solo es inofensivo si las escrituras sobrescriben a ciegas: un sucesor que ya hubiera leído los datos escribiría encima con un valor decidido sin ellas.
}
chain-overtaken-fenced = { $fencing ->
    [1] { " " }(solo comprueba tokens en las escrituras)
   *[other] {""}
}

chain-title = Cercado: deja que el almacenamiento rechace las escrituras obsoletas
chain-lede = Cada concesión del bloqueo lleva un número que solo sube. Un titular que dura más que su concesión sigue escribiendo cuando despierta; solo un almacenamiento que recuerde el número más alto que ha visto puede saber que esa escritura es obsoleta. Aquí el almacenamiento comprueba solo las escrituras.
chain-method = Cadena de concesiones con semilla. Cada titular trabaja un tiempo log-normal en torno al valor típico, más, con la probabilidad de atasco, un atasco (exponencial o de Pareto, con la media que elijas), y escribe al terminar, sin leer antes. El siguiente titular recibe el bloqueo (y el siguiente token) cuando el anterior lo libera o se agota su concesión. Una escritura es obsoleta cuando ya ha llegado una escritura con un token más alto; con cercado, el almacenamiento la rechaza. Una escritura tardía que llega antes que cualquier otra más nueva queda adelantada: se aplica, lo que aquí solo es inofensivo porque ningún titular lee antes de escribir.

chain-stat-late = Titulares tardíos
chain-stat-late-value = { INT($late) } de { INT($holders) }
chain-stat-expected = Tardíos esperados
chain-stat-replaced = Datos más nuevos reemplazados
chain-stat-refused = Escrituras obsoletas rechazadas
chain-stat-overtaken = Escrituras adelantadas aplicadas
chain-table-caption = La misma ejecución, de las dos formas
chain-table-late = Escrituras tardías que llegan después de otra más nueva
chain-table-without = sin cercado
chain-table-with = con cercado
chain-table-applied = aplicadas sobre datos más nuevos
chain-table-refused = rechazadas por el almacenamiento

chain-key-holding = con el bloqueo
chain-key-late = sigue trabajando tras acabar la concesión
chain-key-write = escritura aplicada
chain-key-overtaken = escritura adelantada aplicada
chain-key-stale = escritura obsoleta aplicada
chain-key-rejected = escritura obsoleta rechazada
chain-previous = ← Titular tardío anterior
chain-next = Siguiente titular tardío →
chain-show-all = Mostrar todo
chain-zoom-all = Se muestran las { INT($grants) } concesiones.
chain-zoom = Titular tardío { $position } de { $late }: token { $token }, se muestran los tokens { $first }–{ $last }.
chain-zoom-overwrote = Su escritura reemplazó datos más nuevos.
chain-zoom-refused = El almacenamiento rechazó su escritura.
chain-zoom-overtaken = Su escritura llegó después de que su sucesor recibiera el bloqueo, pero antes de cualquier escritura más nueva, así que se aplicó: solo es inofensivo si el sucesor no leyó antes los datos.
chain-label-rejected = Cadena de { INT($grants) } concesiones del bloqueo a lo largo del tiempo, con el token hacia arriba: { INT($late) } titulares duraron más que su concesión; { INT($stale) } escrituras obsoletas se rechazaron.
chain-label-applied = Cadena de { INT($grants) } concesiones del bloqueo a lo largo del tiempo, con el token hacia arriba: { INT($late) } titulares duraron más que su concesión; { INT($stale) } escrituras obsoletas se aplicaron sobre datos más nuevos.
chain-axis-time = tiempo
chain-axis-token = token
chain-tick-s = { $seconds } s
chain-tick-ms = { INT($ms) } ms
