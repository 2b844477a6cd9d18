# Las piezas que comparten todos los widgets, en español (de ../en/shared.ftl).

value-on = activado
value-off = desactivado
control-fixed = { " " }(fijo)
controls-more-settings = Más ajustes
controls-new-seed = Nueva semilla
controls-seed = semilla
controls-reset = Restablecer
narrative-more = Más
narrative-less = Menos
locale-unreadable = No se pudo leer la traducción { $locale } ({ $why }), así que este widget habla en inglés.
messages-unreadable = No se pudo leer el archivo de textos { $file } ({ $why }), así que este widget conserva sus propios textos.
messages-unknown = El archivo de textos { $file } nombra { INT($count) ->
    [one] un mensaje que este widget no tiene: { $keys }. Se omite.
   *[other] mensajes que este widget no tiene: { $keys }. Se omiten.
}
messages-placeables = En el archivo de textos { $file }, { $key } usa { $names }, que este widget no le da a ese mensaje; se omite.
messages-reference = En el archivo de textos { $file }, { $key } nombra { $other }, que no se puede decir ahí: este widget no tiene ese mensaje, o lleva de vuelta a { $key } o pasa por demasiados otros. Se omite.

lab-summary = Ejecútalo de verdad
lab-loading = Cargando el panel del laboratorio…
lab-left-out = El paquete que cargó esta página no incluye el panel del laboratorio (la orden, lo que midió el laboratorio, ejecutarlo en tu ordenador), y ningún locklab.js de la página puede cargarlo. Carga el paquete completo de locklab.js para tenerlo.
lab-intro = Esta historia, en este estado, sobre los servidores reales de los que trata (Redis, PostgreSQL o etcd, según lo que necesite la historia), que el laboratorio arranca y detiene por sí mismo: en una copia de locklab, después de
lab-intro-run = , ejecuta
lab-cargo-before = (
lab-cargo-instead = { " " }en lugar de{ " " }
lab-cargo-after = { " " }si no está instalado). Muestra cada resultado, simulado y real, uno al lado del otro.
lab-what-is-real = Lo real ahí es el servicio de bloqueo y la base de datos: su caducidad, sus rechazos, sus bloqueos y su replicación. Las partes aleatorias de la historia (atascos, pausas, retrasos, tiempos de trabajo) son los propios sorteos de este widget, reproducidos como esperas y retardos, así que el laboratorio pone a prueba lo que hacen los servidores con ellos, no los sorteos.
lab-not-loaded = No se pudo cargar lo que midió el laboratorio: { $why }.

player-label = Reproductor de la cronología: Espacio reproduce o pausa, las flechas avanzan o retroceden un paso, Inicio y Fin saltan
player-back = Paso atrás
player-play = Reproducir
player-pause = Pausa
player-forward = Paso adelante
player-scrub = Momento de la historia
player-position = { $now } de { $end }
player-speed = Velocidad
player-speed-option = { $speed }×
player-time-s = { $t } s
player-time-ms = { $t } ms
player-time-steps = { $t ->
    [one] { $t } paso
   *[other] { $t } pasos
}

notice-using = { $name }=“{ $value }” { $why }; se usa { $used }.
notice-using-default = { $name }=“{ $value }” { $why }; se usa el valor por defecto, { $used }.
notice-unknown-param = Parámetro desconocido «{ $name }»: se ignora. Los conocidos: { $known }.
notice-alias = { $name }=“{ $value }” no es true ni false; se ignora (es un nombre antiguo de { $target }).
notice-clamped = { $name }: se usa { $used }.
notice-more = { $more ->
    [one] … y { INT($more) } problema más con los parámetros, no mostrado.
   *[other] … y { INT($more) } problemas más con los parámetros, no mostrados.
}
notice-not-one-of = no es ninguno de { $options }
notice-not-bool = no es true ni false
notice-not-clock = no es una hora del día como 21:50 o 21:50:30
notice-not-number = no es un número
notice-not-finite = no es un número finito
notice-below-min = está por debajo del mínimo, { $min }
notice-above-max = está por encima del máximo, { $max }
notice-not-whole = no es un número entero
