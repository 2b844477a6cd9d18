# locklab's pseudo-locale: made from the English messages by crates/sim/tests/locales.rs; do not edit.
chain-axis-time = ⟦tímé··⟧
chain-axis-token = ⟦tókéñ··⟧
chain-fenced = ⟦Thé· štórágé··· réfúšéd··· { INT($refused) } óf· théír·· wrítéš·· béçáúšé··· á híghér·· tókéñ·· hád· álréádý··· bééñ·· wríttéñ···: ñó· ñéwér·· dátá·· wáš· répláçéd···.⟧
chain-key-holding = ⟦hóldíñg··· thé· lóçk··⟧
chain-key-late = ⟦štíll·· wórkíñg··· áftér·· thé· léášé·· éñdéd··⟧
chain-key-overtaken = ⟦óvértákéñ···· wríté·· ápplíéd···⟧
chain-key-rejected = ⟦štálé·· wríté·· réfúšéd···⟧
chain-key-stale = ⟦štálé·· wríté·· ápplíéd···⟧
chain-key-write = ⟦wríté·· ápplíéd···⟧
chain-label-applied = ⟦Çháíñ·· óf· { INT($grants) } lóçk·· gráñtš·· álóñg·· tímé··, tókéñ·· úpwárdš···: { INT($late) } hóldérš··· óútlívéd··· théír·· léášé··; { INT($stale) } štálé·· wrítéš·· wéré·· ápplíéd··· óvér·· ñéwér·· dátá··.⟧
chain-label-rejected = ⟦Çháíñ·· óf· { INT($grants) } lóçk·· gráñtš·· álóñg·· tímé··, tókéñ·· úpwárdš···: { INT($late) } hóldérš··· óútlívéd··· théír·· léášé··; { INT($stale) } štálé·· wrítéš·· wéré·· réjéçtéd···.⟧
chain-late = ⟦{ INT($late) } óf· { INT($holders) } lóçk·· hóldérš··· ({ PERCENT($share) }) wéré·· štíll·· wórkíñg··· whéñ·· théír·· léášé·· ráñ· óút·.⟧
chain-lede = ⟦Éáçh·· gráñt·· óf· thé· lóçk·· çárríéš··· á ñúmbér·· thát·· óñlý·· góéš·· úp·. Å hóldér·· thát·· óútlívéš··· ítš· léášé·· štíll·· wrítéš·· whéñ·· ít· wákéš··; óñlý·· štórágé··· thát·· rémémbérš···· thé· híghéšt··· ñúmbér·· ít· háš· šééñ·· çáñ· téll·· thát·· wríté·· íš· štálé··. Héré·· thé· štórágé··· çhéçkš·· wrítéš·· óñlý··.⟧
chain-method = ⟦Šéédéd·· çháíñ·· óf· gráñtš··. Éáçh·· hóldér·· wórkš·· fór· á lóg·-ñórmál·· tímé·· áróúñd·· thé· týpíçál··· válúé··, plúš··, wíth·· thé· štáll·· çháñçé··, á štáll·· (éxpóñéñtíál···· ór· Párétó··, óf· thé· méáñ·· ýóú· šét·), áñd· wrítéš·· whéñ·· dóñé··, wíthóút··· réádíñg··· fíršt··. Thé· ñéxt·· hóldér·· gétš·· thé· lóçk·· (áñd· thé· ñéxt·· tókéñ··) whéñ·· thé· prévíóúš··· óñé· réléášéš··· ít· ór· ítš· léášé·· éñdš··. Å wríté·· íš· štálé·· whéñ·· á wríté·· wíth·· á híghér·· tókéñ·· háš· álréádý··· árrívéd···; wíth·· féñçíñg··· thé· štórágé··· réfúšéš··· ít·. Å láté·· wríté·· thát·· árrívéš··· béfóré·· áñý· ñéwér·· óñé· íš· óvértákéñ····: ápplíéd···, whíçh·· íš· hármléšš··· héré·· óñlý·· béçáúšé··· ñó· hóldér·· réádš·· béfóré·· ít· wrítéš··.⟧
chain-next = ⟦Ñéxt·· láté·· hóldér·· →⟧
chain-none-late = ⟦Ñóñé·· óf· thé· { INT($holders) } hóldérš··· óútlívéd··· théír·· léášé·· thíš·· tímé·· (ábóút·· { $expected } wéré·· éxpéçtéd···), šó· évérý·· wríté·· láñdéd·· íñ· tókéñ·· órdér··.⟧
chain-overtaken = ⟦{ INT($overtaken) ->
    [one] { INT($overtaken) } láté·· wríté·· láñdéd·· áftér·· thé· lóçk·· hád· móvéd·· óñ· bút· béfóré·· áñý· ñéwér·· wríté··, šó· thé· štórágé··· ápplíéd··· ít·{ chain-overtaken-fenced }. Thát·· íš· hármléšš··· óñlý·· íf· wrítéš·· áré· blíñd·· óvérwrítéš····: á šúççéššór···· thát·· hád· álréádý··· réád·· thé· dátá·· wóúld·· wríté·· óvér·· ít· wíth·· á válúé·· déçídéd··· wíthóút··· ít·.
   *[other] { INT($overtaken) } láté·· wrítéš·· láñdéd·· áftér·· thé· lóçk·· hád· móvéd·· óñ· bút· béfóré·· áñý· ñéwér·· wríté··, šó· thé· štórágé··· ápplíéd··· thém··{ chain-overtaken-fenced }. Thát·· íš· hármléšš··· óñlý·· íf· wrítéš·· áré· blíñd·· óvérwrítéš····: á šúççéššór···· thát·· hád· álréádý··· réád·· thé· dátá·· wóúld·· wríté·· óvér·· thém·· wíth·· á válúé·· déçídéd··· wíthóút··· thém··.
}⟧
chain-overtaken-fenced = ⟦{ $fencing ->
    [1] { " " }(ít· çhéçkš·· tókéñš·· óñ· wrítéš·· óñlý··)
   *[other] { "" }
}⟧
chain-previous = ⟦← Prévíóúš··· láté·· hóldér··⟧
chain-show-all = ⟦Šhów·· áll·⟧
chain-stat-expected = ⟦Éxpéçtéd··· láté··⟧
chain-stat-late = ⟦Láté·· hóldérš···⟧
chain-stat-late-value = ⟦{ INT($late) } óf· { INT($holders) }⟧
chain-stat-overtaken = ⟦Övértákéñ···· wrítéš·· ápplíéd···⟧
chain-stat-refused = ⟦Štálé·· wrítéš·· réfúšéd···⟧
chain-stat-replaced = ⟦Ñéwér·· dátá·· répláçéd···⟧
chain-table-applied = ⟦ápplíéd··· óvér·· ñéwér·· dátá··⟧
chain-table-caption = ⟦Thé· šámé·· rúñ·, bóth·· wáýš··⟧
chain-table-late = ⟦Láté·· wrítéš·· thát·· árrívé·· áftér·· á ñéwér·· óñé·⟧
chain-table-refused = ⟦réfúšéd··· bý· thé· štórágé···⟧
chain-table-with = ⟦wíth·· féñçíñg···⟧
chain-table-without = ⟦wíthóút··· féñçíñg···⟧
chain-tick-ms = ⟦{ INT($ms) } mš·⟧
chain-tick-s = ⟦{ $seconds } š⟧
chain-title = ⟦Féñçíñg···: lét· thé· štórágé··· réfúšé·· štálé·· wrítéš··⟧
chain-unfenced = ⟦{ INT($overwrites) } óf· théír·· wrítéš·· árrívéd··· áftér·· á ñéwér·· óñé· áñd· répláçéd··· ñéwér·· dátá··, wíth·· ñó· érrór·· áñýwhéré···.⟧
chain-zoom = ⟦Láté·· hóldér·· { $position } óf· { $late }: tókéñ·· { $token }, tókéñš·· { $first }–{ $last } šhówñ··.⟧
chain-zoom-all = ⟦Šhówíñg··· áll· { INT($grants) } gráñtš··.⟧
chain-zoom-overtaken = ⟦Îtš· wríté·· láñdéd·· áftér·· ítš· šúççéššór···· gót· thé· lóçk·· bút· béfóré·· áñý· ñéwér·· wríté··, šó· ít· wáš· ápplíéd···: hármléšš··· óñlý·· íf· thé· šúççéššór···· díd· ñót· réád·· thé· dátá·· fíršt··.⟧
chain-zoom-overwrote = ⟦Îtš· wríté·· répláçéd··· ñéwér·· dátá··.⟧
chain-zoom-refused = ⟦Thé· štórágé··· réfúšéd··· ítš· wríté··.⟧
challenge-cannot = ⟦Ît· çáñ·'t bé· dóñé··⟧
challenge-cannot-left = ⟦Ît· çáñ·'t bé· dóñé·· ({ INT($left) ->
    [one] { INT($left) } áñšwér··
   *[other] { INT($left) } áñšwérš···
} léft··)⟧
challenge-count = ⟦Çhálléñgé···· { INT($n) } óf· { INT($total) }⟧
challenge-discarded = ⟦Šávéd·· prógréšš··· fór· théšé·· çhálléñgéš···· wáš· díšçárdéd····: { $why }. Štártíñg··· áfréšh··.⟧
challenge-hint = ⟦Híñt·· ({ INT($n) } óf· { INT($total) })⟧
challenge-loading = ⟦Lóádíñg··· thé· çhálléñgéš····…⟧
challenge-met = ⟦Mét·.⟧
challenge-met-after = ⟦Mét· áftér·· { INT($attempts) ->
    [one] { INT($attempts) } trý·
   *[other] { INT($attempts) } tríéš··
}.⟧
challenge-met-said = ⟦Çhálléñgé···· mét·: { $prompt }⟧
challenge-next = ⟦Ñéxt··⟧
challenge-no-hints = ⟦Ñó· híñtš··⟧
challenge-no-more-hints = ⟦Ñó· móré·· híñtš··⟧
challenge-no-storage = ⟦Thíš·· brówšér··· ófférš·· ñó· štórágé··· tó· thíš·· págé··: ýóúr·· çhálléñgé···· prógréšš··· çóúñtš·· héré·· bút· wíll·· bé· fórgóttéñ···· whéñ·· ýóú· léávé·· ít·.⟧
challenge-not-met = ⟦Ñót· mét· ýét·: çháñgé·· thé· šéttíñgš···, ór· áñšwér·· thát·· ít· çáñ·'t bé· dóñé··.⟧
challenge-not-so = ⟦Ñót· šó·: šómé·· šéttíñg··· méétš·· thíš·· góál··. Kéép·· lóókíñg···.⟧
challenge-paper = ⟦Çhálléñgé···· { INT($n) }. { $prompt }⟧
challenge-previous = ⟦Prévíóúš···⟧
challenge-right = ⟦Ríght··: ít· çáñ·'t bé· dóñé··.⟧
challenge-save-browser = ⟦Yóúr·· çhálléñgé···· prógréšš··· çóúld·· ñót· bé· šávéd·· íñ· thíš·· brówšér··· (ítš· štórágé··· íš· fúll·· ór· blóçkéd···): whát·· wáš· šávéd·· béfóré·· íš· képt··, áñd· thé· çhálléñgéš···· mét· šíñçé·· çóúñt·· óñ· thíš·· págé·· bút· wíll·· bé· fórgóttéñ···· whéñ·· ýóú· léávé·· ít·.⟧
challenge-save-platform = ⟦Yóúr·· çhálléñgé···· prógréšš··· çóúld·· ñót· bé· šávéd·· íñ· ýóúr·· çóúršé··'š réçórd·· (ít· hóldš·· 4,096 çháráçtérš····): whát·· wáš· šávéd·· béfóré·· íš· képt··, áñd· thé· çhálléñgéš···· mét· šíñçé·· çóúñt·· óñ· thíš·· págé·· bút· wíll·· bé· fórgóttéñ···· whéñ·· ýóú· léávé·· ít·.⟧
challenge-summary = ⟦Çhálléñgéš····⟧
challenge-summary-count = ⟦Çhálléñgéš····: { INT($met) } óf· { INT($total) } mét·⟧
challenge-used-up = ⟦Ñó· áñšwérš··· óf· “Ît· çáñ·'t bé· dóñé··” léft·· fór· thíš·· çhálléñgé····; ít· çáñ· štíll·· bé· mét· bý· çháñgíñg··· thé· šéttíñgš···.⟧
control-fixed = ⟦{ " " }(fíxéd··)⟧
controls-more-settings = ⟦Móré·· šéttíñgš···⟧
controls-new-seed = ⟦Ñéw· šééd··⟧
controls-reset = ⟦Réšét··⟧
controls-seed = ⟦šééd··⟧
counter-alone = ⟦Öñé· wórkér·· álóñé·· çáññót·· ráçé·· áñýbódý···: áll· { INT($expected) } íñçréméñtš···· árrívéd··· áñd· thé· çóúñtér··· réádš·· { INT($final) }.⟧
counter-axis-time = ⟦tímé·· (mš·)⟧
counter-chart-caption = ⟦Thé· çóúñtér··· (šólíd··) ágáíñšt··· thé· íñçréméñtš···· mádé·· šó· fár· (dášhéd··). Thé· šhádéd·· gáp· íš· thé· úpdátéš··· lóšt·· šó· fár·.⟧
counter-chart-counter = ⟦çóúñtér··· { INT($n) }⟧
counter-chart-done = ⟦dóñé·· { INT($n) }⟧
counter-chart-label = ⟦Líñé·· çhárt·· óvér·· { INT($duration) } mš·: thé· çóúñtér··· ágáíñšt··· thé· ñúmbér·· óf· íñçréméñtš···· mádé··. Ît· éñdš·· át· { INT($final) } óf· { INT($expected) }.⟧
counter-key-lost = ⟦wríté·· látér·· óvérwríttéñ····⟧
counter-key-read = ⟦réád··⟧
counter-key-wait = ⟦wáítíñg··· fór· thé· lóçk··⟧
counter-key-window = ⟦réád·· → wríté··⟧
counter-key-write = ⟦wríté··⟧
counter-lane = ⟦W{ INT($n) }⟧
counter-lanes-label = ⟦Tímélíñé··· óf· thé· fíršt·· { $window } mš·, óñé· láñé·· pér· wórkér··: { INT($writes) } wrítéš··, { INT($over) } óf· thém·· óvérwríttéñ···· bý· á wórkér·· thát·· hád· réád·· áñ· óldér·· válúé··.⟧
counter-lede = ⟦Éáçh·· wórkér·· áddš·· óñé· tó· á šháréd·· çóúñtér···, óvér·· áñd· óvér··: ít· réádš·· thé· válúé··, thíñkš·· fór· á móméñt··, théñ·· wrítéš·· whát·· ít· réád·· plúš·· óñé·. Twó· wórkérš··· thát·· réád·· thé· šámé·· válúé·· bóth·· wríté·· thé· šámé·· réšúlt··, áñd· óñé· íñçréméñt···· díšáppéárš····.⟧
counter-locked = ⟦{ counter-who } mádé·· { INT($expected) } íñçréméñtš···· úñdér·· thé· lóçk·· áñd· thé· çóúñtér··· réádš·· { INT($final) }: ñóthíñg··· wáš· lóšt··. Thé· príçé·· íš· wáítíñg···: óñ· ávérágé··· á wórkér·· qúéúéd·· { $wait } mš· fór· thé· lóçk·· pér· íñçréméñt····, áñd· thé· rúñ· tóók·· { INT($duration) } mš·.⟧
counter-lost = ⟦{ counter-who } mádé·· { INT($expected) } íñçréméñtš····, bút· thé· çóúñtér··· réádš·· { INT($final) }: { INT($lost) ->
    [one] óñé· úpdáté·· ({ PERCENT($share) }) wáš· lóšt··.
   *[other] { INT($lost) } úpdátéš··· ({ PERCENT($share) }) wéré·· lóšt··.
} { INT($stale) ->
    [one] Öñé· wríté·· wáš· bášéd·· óñ· á válúé·· šóméóñé··· élšé·· hád· álréádý··· çháñgéd···, áñd· ít· wípéd·· óút· thé· íñçréméñtš···· ít· hád· ñót· šééñ··.
   *[other] { INT($stale) } wrítéš·· wéré·· bášéd·· óñ· á válúé·· šóméóñé··· élšé·· hád· álréádý··· çháñgéd···, áñd· éáçh·· óñé· wípéd·· óút· thé· íñçréméñtš···· ít· hád· ñót· šééñ··.
}⟧
counter-lucky = ⟦{ counter-who } mádé·· { INT($expected) } íñçréméñtš···· áñd·, bý· lúçk··, ñóñé·· çóllídéd···: thé· çóúñtér··· réádš·· { INT($final) }. Ådd· wórkérš··· ór· léñgthéñ··· thé· thíñk·· tímé·· áñd· thé· lúçk·· rúñš·· óút·.⟧
counter-method = ⟦Šéédéd·· évéñt·· šímúlátíóñ····. Páúšé·· áñd· thíñk·· tíméš·· áré· éxpóñéñtíál···· wíth·· thé· méáñš·· ýóú· šét·. Lóšt·· úpdátéš··· = íñçréméñtš···· mádé·· − thé· çóúñtér··· át· thé· éñd· (á štálé·· wríté·· çáñ· évéñ·· móvé·· thé· çóúñtér··· báçk··). Wíth·· thé· lóçk··, réád·· → thíñk·· → wríté·· rúñš·· fór· óñé· wórkér·· át· á tímé··, fíršt·· çómé··, fíršt·· šérvéd··.⟧
counter-race-param-increments = ⟦Îñçréméñtš···· pér· wórkér··⟧
counter-race-param-lock = ⟦Táké·· á lóçk·· áróúñd·· réád·· → wríté··⟧
counter-race-param-pause-ms = ⟦Páúšé·· bétwééñ··· íñçréméñtš····⟧
counter-race-param-seed = ⟦Šééd··⟧
counter-race-param-think-ms = ⟦Thíñk·· tímé·· (réád·· → wríté··)⟧
counter-race-param-workers = ⟦Wórkérš···⟧
counter-stat-final = ⟦Çóúñtér··· át· thé· éñd·⟧
counter-stat-lost = ⟦Lóšt·· úpdátéš···⟧
counter-stat-made = ⟦Îñçréméñtš···· mádé··⟧
counter-stat-time = ⟦Rúñ· tímé··⟧
counter-stat-time-value = ⟦{ INT($duration) } mš·⟧
counter-title = ⟦Çóúñtér··· ráçé··: réád··, thíñk··, wríté··⟧
counter-who = ⟦{ $workers ->
    [one] Öñé· wórkér··
   *[other] { INT($workers) } wórkérš···
}⟧
failover-axis-failovers = ⟦fáílóvérš····⟧
failover-axis-lag = ⟦réplíçátíóñ···· lág· (lóg· šçálé··)⟧
failover-axis-lost = ⟦lóçkš·· lóšt·· íñ· óñé· fáílóvér···⟧
failover-chart-expected = ⟦éxpéçtéd··· { $expected }⟧
failover-chart-ms = ⟦{ $ms } mš·⟧
failover-chart-other = ⟦Rédíš·· wóúld·· lóšé·· thíš·· máñý··; thíš·· štóré·· lóšéš·· 0⟧
failover-chart-redis = ⟦éxpéçtéd··· lóçkš·· lóšt·· pér· fáílóvér··· (Rédíš··)⟧
failover-consensus = ⟦Å çóñšéñšúš···· štóré·· áçkñówlédgéš····· á lóçk·· óñlý·· áftér·· á májórítý··· háš· štóréd·· ít·, šó· ñóñé·· óf· { INT($failovers) } çrášhéš··· óf· óñé· ñódé·· lóšt·· á lóçk··. Thé· príçé·· íš· á çóñšéñšúš···· róúñd·· pér· gráñt··, ábóút·· 1–5 mš· íñštéád··· óf· wéll·· úñdér·· óñé·, áñd· ítš· révíšíóñ··· ñúmbérš··· dóúblé·· áš· féñçíñg··· tókéñš··. Thíš·· módélš·· çrášhéš··· óñlý··, ñót· pártítíóñš···· (úñdér·· óñé·, Jépšéñ·· méášúréd··· Rédíš·· wíth·· Šéñtíñél··· lóšíñg·· 56 % óf· áçkñówlédgéd····· wrítéš··; á çóñšéñšúš···· štóré··'š míñórítý··· šídé·· šímplý·· çáññót·· gráñt··).⟧
failover-consensus-cost = ⟦Å çóñšéñšúš···· róúñd·· pér· lóçk··: ábóút·· 1–5 mš· (étçd·· méášúréd··· ~1.6 mš· pér· pút· óñ· á 3-mémbér·· çlúštér···).⟧
failover-consensus-fencing = ⟦Búílt·· íñ·: étçd··'š révíšíóñ···, ZóóKéépér····'š žxíd·· ór· žñódé·· véršíóñ···.⟧
failover-consensus-name = ⟦Çóñšéñšúš···· štóré··: étçd··, ZóóKéépér····⟧
failover-consensus-on-failover = ⟦Å lóçk·· íš· áçkñówlédgéd····· óñlý·· áftér·· á májórítý··· štóréd·· ít·, šó· whéñ·· óñé· ñódé·· çrášhéš··· thé· ñéw· léádér·· álréádý··· háš· ít·: ñó· lóçk·· íš· lóšt··. (Üñdér·· á ñétwórk··· pártítíóñ···· thé· míñórítý··· šídé·· çáññót·· gráñt·· át· áll·; pártítíóñš···· áré· ñót· módélléd··· héré··.)⟧
failover-consensus-use = ⟦Çórréçtñéšš····: whéñ·· á dóúblé·· gráñt·· wóúld·· çórrúpt··· dátá··, tógéthér··· wíth·· á réšóúrçé··· thát·· çhéçkš·· thé· tókéñ·· óñ· évérý·· áççéšš··.⟧
failover-histogram-caption = ⟦Hów· máñý·· lóçkš·· éáçh·· šímúlátéd···· fáílóvér··· lóšt··; thé· líñé·· márkš·· thé· éxáçt·· éxpéçtátíóñ····.⟧
failover-histogram-label = ⟦Híštógrám···· óf· lóçkš·· lóšt·· pér· fáílóvér··· óvér·· { INT($failovers) } fáílóvérš····: méáñ·· { $mean }, éxáçt·· éxpéçtátíóñ···· { $exact }, wóršt·· { INT($worst) }.⟧
failover-lag-caption = ⟦Éxpéçtéd··· lóçkš·· lóšt·· pér· Rédíš·· fáílóvér··· áš· thé· réplíçátíóñ···· lág· grówš·· (bóth·· áxéš·· óñ· lóg· šçáléš··); thé· dót· íš· ýóúr·· šéttíñg···.⟧
failover-lag-label = ⟦Éxpéçtéd··· lóçkš·· á Rédíš·· fáílóvér··· lóšéš·· ágáíñšt··· réplíçátíóñ···· lág·, fróm·· 0.1 mš· tó· 1 š, ríšíñg·· wíth·· thé· lág·; át· { $lag } mš· ít· íš· { $expected }.⟧
failover-lede = ⟦Rédíš·· áñšwérš··· thé· çlíéñt·· wíthóút··· wáítíñg··· fór· ítš· réplíçá··· tó· çóñfírm··· thé· wríté··; thé· çópý·· íš· šéñt·· át· óñçé·· bút· máý· štíll·· bé· óñ· ítš· wáý·. Îf· thé· prímárý··· díéš·· béfóré·· ít· árrívéš···, thé· réplíçá··· thát·· tákéš·· óvér·· ñévér·· héárd·· óf· thóšé·· lóçkš··, áñd· áñóthér··· çlíéñt·· çáñ· táké·· thém·· ágáíñ··.⟧
failover-method = ⟦Rédíš··: éáçh·· lóçk·· gráñtéd··· íñ· thé· 5 š béfóré·· thé· çrášh·· íš· lóšt·· íf· ítš· çópý·· tó· thé· réplíçá··· (áñ· éxpóñéñtíál···· déláý·· wíth·· thé· méáñ·· lág·) hád· ñót· fíñíšhéd···; thé· éxpéçtátíóñ···· íš· ráté·· × lág· × (1 − é^(−5 š/lág·)). Éáçh·· fáílóvér··· íš· šímúlátéd···· fróm·· ítš· ówñ· šéédéd·· štréám··. Rédlóçk··· áñd· çóñšéñšúš···· rówš·· šúmmáríšé···· hów· thóšé·· šýštémš··· áré· dóçúméñtéd···· tó· béhávé·· whéñ·· óñé· ñódé·· çrášhéš···: á 0 héré·· íš· fór· á çrášh·· óf· óñé· ñódé··, ñót· fór· á ñétwórk··· pártítíóñ····, whíçh·· thíš·· módél·· léávéš·· óút· (Jépšéñ·· méášúréd··· Rédíš·· wíth·· Šéñtíñél··· lóšíñg·· 56 % óf· áçkñówlédgéd····· wrítéš·· úñdér·· óñé·). Thé· láb· rúñš·· óñé· óñ· réál·· šérvérš··· (ítš· pártítíóñ···· rúñš··, líštéd·· íñ· thé· láb·'š páñél·· bélów··): á prímárý··· çút· óff· fróm·· ítš· réplíçá··· áñd· Šéñtíñél··· góéš·· óñ· gráñtíñg···, áñd· évérý·· lóçk·· ít· gráñtéd··· óñ· ítš· šídé·· íš· góñé·· whéñ·· ít· réjóíñš···, šó· thé· lóšš·· grówš·· wíth·· thé· pártítíóñ····'š léñgth··, ñót· wíth·· thé· lág·. míñ·-réplíçáš···-tó·-wríté·· šhórtéñš··· thát·· wíñdów·· tó· ítš· míñ·-réplíçáš···-máx·-lág· áñd· á šéçóñd·· ór· twó·; ít· dóéš·· ñót· çlóšé·· ít·. Çút· óff· thé· šámé·· wáý·, étçd··'š léádér·· gráñtš·· ñóthíñg··· whílé·· thé· óthér·· twó· mémbérš··· éléçt·· á ñéw· óñé·.⟧
failover-redis = ⟦Åt· { $rate } gráñtš·· á šéçóñd·· áñd· { $lag } mš· óf· réplíçátíóñ···· lág·, á fáílóvér··· lóšéš·· { $lost } lóçkš·· óñ· ávérágé··· (éxáçtlý··· { $exact } éxpéçtéd···), áñd· { $regranted } óf· thém·· áré· gráñtéd··· á šéçóñd·· tímé··. Övér·· { INT($failovers) } šímúlátéd···· çrášhéš···, { INT($withLoss) } lóšt·· át· léášt·· óñé· lóçk·· áñd· thé· wóršt·· lóšt·· { INT($worst) }. Fór· lóçkš·· thát·· óñlý·· šávé·· dúplíçáté···· wórk·· thát·· máý· bé· áççéptáblé····. Whéré·· dátá·· íš· át· štáké··, féñçé·· évérý·· áççéšš··, wíth·· tókéñš·· fróm·· á çóñšéñšúš···· štóré·· ór· thé· dátábášé···: á çóúñtér··· képt·· íñ· thíš·· Rédíš·· wóúld·· bé· lóšt·· íñ· thé· šámé·· fáílóvér··· áñd· háñd·· óút· á tókéñ·· twíçé··.⟧
failover-redis-cost = ⟦Šúb·-míllíšéçóñd····: óñé· róúñd·· tríp·· tó· óñé· ñódé··.⟧
failover-redis-fencing = ⟦Ñóñé··, áñd· á çóúñtér··· képt·· íñ· thé· šámé·· Rédíš·· wíll·· ñót· dó·: áñ· ÎÑÇR·· thát·· hád· ñót· réáçhéd··· thé· réplíçá··· íš· lóšt·· át· fáílóvér··· áñd· thé· šámé·· tókéñ·· íš· íššúéd·· twíçé··. Táké·· tókéñš·· fróm·· á çóñšéñšúš···· štóré·· ór· thé· dátábášé···'š ówñ· véršíóñ··· çólúmñ··.⟧
failover-redis-name = ⟦Rédíš··, ŠÉT· ÑX· PX· óñ· á prímárý··· wíth·· á réplíçá···⟧
failover-redis-on-failover = ⟦Réplíçátíóñ···· íš· ášýñçhróñóúš·····: lóçkš·· gráñtéd··· júšt·· béfóré·· thé· çrášh·· máý· ñévér·· réáçh·· thé· réplíçá··· thát·· tákéš·· óvér··, áñd· áñóthér··· çlíéñt·· çáñ· théñ·· táké·· thém·· ágáíñ··.⟧
failover-redis-use = ⟦Éffíçíéñçý···· lóçkš··, whéré·· á ráré·· dóúblé·· gráñt·· óñlý·· wáštéš·· wórk··.⟧
failover-redlock = ⟦Wíth·· fívé·· íñdépéñdéñt···· máštérš··· áñd· á májórítý··· óf· thréé··, óñé· máštér··'š çrášh·· lóšéš·· ñóñé·· óf· { INT($failovers) } fáílóvérš····' lóçkš·· íñ· thíš·· módél·· (çrášhéš··· óñlý··, ñót· pártítíóñš····), áš· lóñg·· áš· thé· çrášhéd··· máštér·· štáýš·· dówñ·· lóñgér·· tháñ·· thé· lóñgéšt··· TTL· béfóré·· ít· réjóíñš···. Rédlóçk··· štíll·· áššúméš··· bóúñdéd··· çlóçk·· dríft·· áñd· bóúñdéd··· páúšéš··, áñd· ít· háñdš·· óút· ñó· féñçíñg··· tókéñ··; whéthér··· thát·· íš· góód·· éñóúgh·· íš· díšpútéd··· (Kléppmáññ···· áñd· Rédíš··'š áúthór·· díšágréé···).⟧
failover-redlock-cost = ⟦Å róúñd·· tríp·· tó· fívé·· ñódéš·· pér· lóçk··, plúš·· rétríéš··· wíth·· ráñdóm·· déláýš·· whéñ·· çóñtéñdéd····.⟧
failover-redlock-fencing = ⟦Ñóñé··: ít· çáññót·· míñt·· íñçréášíñg···· tókéñš··.⟧
failover-redlock-name = ⟦Rédlóçk···, fívé·· íñdépéñdéñt···· Rédíš·· máštérš···⟧
failover-redlock-on-failover = ⟦Å lóçk·· çóúñtš·· óñlý·· whéñ·· á májórítý··· (3 óf· 5) gráñtéd··· ít· wíthíñ·· ítš· válídítý··· tímé··. Îf· óñé· máštér·· çrášhéš··· áñd· štáýš·· dówñ·· lóñgér·· tháñ·· thé· lóñgéšt··· TTL· béfóré·· réjóíñíñg····, ñó· óthér·· çlíéñt·· çáñ· gáthér·· á májórítý··· fór· á lóçk·· thát·· íš· štíll·· héld··.⟧
failover-redlock-use = ⟦Díšpútéd···. Kléppmáññ····: úññéçéššárílý····· héávý·· fór· éffíçíéñçý···· (óñé· Rédíš·· ñódé·· šúffíçéš···) áñd· úñšáfé·· fór· çórréçtñéšš····, šíñçé·· ít· rélíéš·· óñ· bóúñdéd··· çlóçk·· dríft·· áñd· páúšéš·· áñd· háš· ñó· féñçíñg··· tókéñ··. Rédíš··'š áúthór·· déféñdš··· ít·: páúšéš·· tróúblé··· évérý·· léášé··-bášéd·· lóçk··, áñd· çlóçkš·· çáñ· bé· rúñ· šó· théý·· dó· ñót· júmp··.⟧
failover-stat-exact = ⟦Lóšt·· pér· çrášh·· fáílóvér··· (éxáçt··)⟧
failover-stat-simulated = ⟦Lóšt·· pér· fáílóvér··· (šímúlátéd····)⟧
failover-stat-twice = ⟦Gráñtéd··· twíçé·· pér· fáílóvér···⟧
failover-stat-worst = ⟦Wóršt·· fáílóvér···⟧
failover-stat-worst-value = ⟦{ INT($lost) } lóšt··⟧
failover-table-caption = ⟦Thé· thréé·· pláçéš·· á lóçk·· çáñ· lívé··⟧
failover-table-cost = ⟦Çóšt·· pér· lóçk··⟧
failover-table-fencing = ⟦Féñçíñg··· tókéñ··⟧
failover-table-on-failover = ⟦Öñ· fáílóvér···⟧
failover-table-store = ⟦Štóré··⟧
failover-table-use = ⟦Üšé· ít· fór·⟧
failover-title = ⟦Whéré·· thé· lóçk·· lívéš··: whát·· á fáílóvér··· çóštš··⟧
fencing-chain-param-fencing = ⟦Štórágé··· çhéçkš·· féñçíñg··· tókéñš·· óñ· wrítéš··⟧
fencing-chain-param-holders = ⟦Lóçk·· hóldérš··· íñ· túrñ··⟧
fencing-chain-param-seed = ⟦Šééd··⟧
fencing-chain-param-spread = ⟦Špréád·· óf· wórk·· (σ óf· ítš· lóg·)⟧
fencing-chain-param-stall-alpha = ⟦Párétó·· táíl·· íñdéx·· α (Párétó·· óñlý··; šmállér···: á fáttér·· fár· táíl··)⟧
fencing-chain-param-stall-chance = ⟦Çháñçé·· á hóld·· štállš··⟧
fencing-chain-param-stall-mean-ms = ⟦Méáñ·· štáll··⟧
fencing-chain-param-stall-shape = ⟦Šhápé·· óf· štáll·· léñgthš···⟧
fencing-chain-param-stall-shape-exponential = ⟦Éxpóñéñtíál···· (líght·· táíl··)⟧
fencing-chain-param-stall-shape-pareto = ⟦Párétó·· (héávý·· táíl··)⟧
fencing-chain-param-ttl-ms = ⟦Léášé·· (TTL·)⟧
fencing-chain-param-work-ms = ⟦Týpíçál··· wórk·· (médíáñ··)⟧
fencing-sandbox-param-clients = ⟦Çlíéñtš···⟧
fencing-sandbox-param-lease-s = ⟦Léášé··⟧
fencing-sandbox-param-protection = ⟦Whát·· štórágé··· çhéçkš··⟧
fencing-sandbox-param-protection-conditional = ⟦Çóñdítíóñál···· wríté·· (çómpáré···-áñd·-šét·)⟧
fencing-sandbox-param-protection-fence-all = ⟦Tókéñš·· óñ· évérý·· áççéšš··⟧
fencing-sandbox-param-protection-fence-writes = ⟦Tókéñš·· óñ· wrítéš·· óñlý··⟧
fencing-sandbox-param-protection-none = ⟦Ñóthíñg···⟧
gran-axis-locks = ⟦thé· búšíéšt··· lóçkš··⟧
gran-axis-utilisation = ⟦útílíšátíóñ····⟧
gran-bar-all = ⟦áll·⟧
gran-bar-key = ⟦ŠKÜ· { INT($key) }⟧
gran-bar-shard = ⟦šhárd·· { INT($shard) }⟧
gran-capacity = ⟦{ $capacity ->
    [one] { $capacity } úpdáté··
   *[other] { $capacity } úpdátéš···
} á šéçóñd··⟧
gran-caption = ⟦Ütílíšátíóñ···· óf· thé· búšíéšt··· lóçkš·· (bárš··, fróm·· thé· fórmúlá···; wíth·· twó· lóçkš·· pér· úpdáté·· á lówér·· bóúñd··); dótš··: thé· šháré·· óf· tímé·· éáçh·· wáš· héld·· íñ· thé· šímúlátíóñ····.⟧
gran-chart-never-drains = ⟦1: thé· qúéúé·· ñévér·· dráíñš··⟧
gran-cycle-caption = ⟦Thé· fíršt·· déádlóçk···, át· { MS($at) }: á çírçlé·· óf· wáítš··⟧
gran-cycle-item = ⟦Üpdáté·· { INT($update) } hóldš·· { $held } áñd· wáítš·· fór· { $wanted }.⟧
gran-cycle-link = ⟦úpdáté·· { INT($update) } hóldš·· { $held } áñd· wáítš·· fór· { $wanted }⟧
gran-deadlocks = ⟦Tákíñg·· twó· lóçkš·· íñ· thé· órdér·· thé· ítémš·· çómé··, { $deadlocks ->
    [1] óñé· gróúp·· óf· úpdátéš···
   *[other] { INT($deadlocks) } gróúpš·· óf· úpdátéš···
} déádlóçkéd····. Ñóthíñg··· móvéš·· úñtíl·· á lóçk··'š TTL· ({ MS($ttl) }) rúñš·· óút· áñd· thé· lóçk·· páššéš·· tó· á wáítér·· whílé·· ítš· fíršt·· hóldér·· štíll·· thíñkš·· ít· hóldš·· ít·: thé· éxpírý·· “bréákš··” thé· déádlóçk··· bý· léttíñg··· twó· hóldérš··· óvérláp··· ({ INT($expiries) } šúçh·· éxpíríéš···), whíçh·· íš· thé· vérý·· thíñg·· thé· lóçk·· wáš· fór·. (Å dátábášé···'š ówñ· rów· lóçkš·· íñštéád··· détéçt·· thé· çírçlé·· áñd· ábórt·· óñé· tráñšáçtíóñ····.) Tákíñg·· lóçkš·· íñ· óñé· glóbál·· órdér·· mákéš·· á çýçlé·· ímpóššíblé····.⟧
gran-deadlocks-cycle = ⟦Tákíñg·· twó· lóçkš·· íñ· thé· órdér·· thé· ítémš·· çómé··, { $deadlocks ->
    [1] óñé· gróúp·· óf· úpdátéš···
   *[other] { INT($deadlocks) } gróúpš·· óf· úpdátéš···
} déádlóçkéd···· (fíršt··: { $cycle }). Ñóthíñg··· móvéš·· úñtíl·· á lóçk··'š TTL· ({ MS($ttl) }) rúñš·· óút· áñd· thé· lóçk·· páššéš·· tó· á wáítér·· whílé·· ítš· fíršt·· hóldér·· štíll·· thíñkš·· ít· hóldš·· ít·: thé· éxpírý·· “bréákš··” thé· déádlóçk··· bý· léttíñg··· twó· hóldérš··· óvérláp··· ({ INT($expiries) } šúçh·· éxpíríéš···), whíçh·· íš· thé· vérý·· thíñg·· thé· lóçk·· wáš· fór·. (Å dátábášé···'š ówñ· rów· lóçkš·· íñštéád··· détéçt·· thé· çírçlé·· áñd· ábórt·· óñé· tráñšáçtíóñ····.) Tákíñg·· lóçkš·· íñ· óñé· glóbál·· órdér·· mákéš·· á çýçlé·· ímpóššíblé····.⟧
gran-expiries = ⟦{ INT($expiries) ->
    [one] { INT($expiries) } lóçk·· éxpíréd··· úñdér·· á hóldér·· thát·· wáš· štíll·· wáítíñg··· ór· wórkíñg···.
   *[other] { INT($expiries) } lóçkš·· éxpíréd··· úñdér·· á hóldér·· thát·· wáš· štíll·· wáítíñg··· ór· wórkíñg···.
}⟧
gran-global-pairs = ⟦Bóth·· ítémš·· šít· béhíñd·· thé· óñé· glóbál·· lóçk··, šó· áñ· úpdáté·· tákéš·· óñé· lóçk··, ñót· twó·: ñóthíñg··· çáñ· déádlóçk···, áñd· ñóthíñg··· rúñš·· íñ· párállél··· éíthér··.⟧
gran-label = ⟦Bárš·· óf· thé· búšíéšt··· lóçkš··' útílíšátíóñ····, wíth·· á líñé·· át· 1 whéré·· á qúéúé·· ñévér·· dráíñš··: { $bars }.⟧
gran-label-bar = ⟦{ $lock } { $utilisation }⟧
gran-lede = ⟦Évérý·· úpdáté·· tó· áñ· ítém·· (á ŠKÜ·) tákéš·· á lóçk·· fíršt··. Öñé· lóçk·· fór· évérýthíñg···· íš· šímplé·· bút· létš·· óñé· úpdáté·· rúñ· át· á tímé··; óñé· pér· šhárd·· ór· pér· kéý· létš·· úñrélátéd···· úpdátéš··· rúñ· šídé·· bý· šídé··. Túrñ·· úp· thé· ráté··, théñ·· ñárrów·· thé· lóçk··; théñ·· lét· éáçh·· úpdáté·· táké·· twó· ítémš··' lóçkš··.⟧
gran-load = ⟦{ $rate } úpdátéš··· á šéçóñd·· óvér·· { INT($keys) } kéýš··, éáçh·· hóldíñg··· ítš· lóçk·· fór· { MS($work) } óñ· ávérágé···, wíth·· { $what }: thé· búšíéšt··· lóçk·· tákéš·· { PERCENT($share) } óf· thé· úpdátéš···, á útílíšátíóñ···· (λ·š) óf· { $utilisation }.⟧
gran-load-pairs = ⟦{ $rate } úpdátéš··· á šéçóñd·· óvér·· { INT($keys) } kéýš··, éáçh·· hóldíñg··· ítš· lóçk·· fór· { MS($work) } óñ· ávérágé···, wíth·· { $what }: thé· búšíéšt··· lóçk·· tákéš·· { PERCENT($share) } óf· thé· úpdátéš···, á útílíšátíóñ···· (λ·š) óf· { $utilisation } át· léášt··, šíñçé·· á lóçk·· íš· álšó·· héld·· whílé·· ítš· hóldér·· wáítš·· fór· thé· óthér··.⟧
gran-lock-global = ⟦thé· glóbál·· lóçk··⟧
gran-lock-key = ⟦ŠKÜ· { INT($key) }'š lóçk··⟧
gran-lock-shard = ⟦šhárd·· { INT($shard) }'š lóçk·· (ŠKÜ· { INT($key) })⟧
gran-method = ⟦Üpdátéš··· árrívé·· át· ráñdóm·· át· thé· tótál·· ráté··; éáçh·· píçkš·· ítš· ítém·· fróm·· á Zípf·· pópúlárítý···· (ítém·· k háš· wéíght·· k^(−škéw··)) áñd· hóldš·· thé· lóçk·· fór· áñ· éxpóñéñtíál···· tímé·· wíth·· thé· méáñ·· ýóú· šét·, šó· éáçh·· lóçk·· álóñé·· íš· áñ· M/M/1 qúéúé··: útílíšátíóñ···· ρ = λ·š, méáñ·· wáít·· ρ·š/(1 − ρ), P(wáít·· > t) = ρ·é^(−(1/š − λ)t). Šhárdš·· áré· á fíxéd·· hášh·· óf· thé· kéý·. Åt· ρ ≥ 1 théré·· íš· ñó· štéádý·· štáté··, šó· ñóthíñg··· íš· šímúlátéd····. Wíth·· twó· lóçkš·· pér· úpdáté··, thé· šéçóñd·· íš· áškéd·· fór· á móméñt·· áftér·· thé· fíršt··, á déádlóçk··· láštš·· úñtíl·· á lóçk··'š TTL· rúñš·· óút·, áñd· thé· éxáçt·· fórmúláš··· ñó· lóñgér·· ápplý·· (á lóçk·· íš· álšó·· héld·· whílé·· ítš· hóldér·· wáítš·· fór· thé· óthér··).⟧
gran-never-settles = ⟦ñévér·· šéttléš···⟧
gran-no-deadlock = ⟦Tákíñg·· twó· lóçkš·· íñ· thé· órdér·· thé· ítémš·· çómé·· çóúld·· déádlóçk··· (twó· úpdátéš··· éáçh·· hóldíñg··· thé· lóçk·· thé· óthér·· wáñtš··); ñóñé·· díd· íñ· thíš·· rúñ·.⟧
gran-ordered = ⟦Évérý·· úpdáté·· tákéš·· ítš· twó· lóçkš·· íñ· óñé· glóbál·· órdér·· (lówéšt·· lóçk·· fíršt··), šó· ñó· twó· çáñ· wáít·· fór· éáçh·· óthér·· íñ· á çírçlé··: ñó· déádlóçkš····.⟧
gran-saturated = ⟦{ $saturated ->
    [1] Thát·· íš· óvér·· 1: thát·· lóçk·· çáñ· šérvé·· át· móšt·· { gran-capacity }, šó· ítš· qúéúé·· ñévér·· dráíñš··; wáítš·· grów·· fór· áš· lóñg·· áš· úpdátéš··· kéép·· çómíñg··, áñd· šímúlátíñg···· thém·· wóúld·· óñlý·· šhów·· á ñúmbér·· thát·· dépéñdš··· óñ· hów· lóñg·· ýóú· wátçh··. Ñárrówér··· lóçkš·· špréád·· thé· lóád··.
   *[other] Thát·· íš· óvér·· 1: { INT($saturated) } óf· thé· lóçkš·· çáñ· šérvé·· át· móšt·· { gran-capacity }, šó· théír·· qúéúéš·· ñévér·· dráíñ··; wáítš·· grów·· fór· áš· lóñg·· áš· úpdátéš··· kéép·· çómíñg··, áñd· šímúlátíñg···· thém·· wóúld·· óñlý·· šhów·· á ñúmbér·· thát·· dépéñdš··· óñ· hów· lóñg·· ýóú· wátçh··. Ñárrówér··· lóçkš·· špréád·· thé· lóád··.
}⟧
gran-saturated-hot-key = ⟦{ $saturated ->
    [1] Thát·· íš· óvér·· 1: thát·· lóçk·· çáñ· šérvé·· át· móšt·· { gran-capacity }, šó· ítš· qúéúé·· ñévér·· dráíñš··; wáítš·· grów·· fór· áš· lóñg·· áš· úpdátéš··· kéép·· çómíñg··, áñd· šímúlátíñg···· thém·· wóúld·· óñlý·· šhów·· á ñúmbér·· thát·· dépéñdš··· óñ· hów· lóñg·· ýóú· wátçh··. Ñárrówér··· lóçkš·· špréád·· thé· lóád··, bút· thé· hóttéšt··· kéý· álóñé·· tákéš·· { PERCENT($hottest) } óf· thé· úpdátéš··· héré··: ñó· lóçk·· gráñúlárítý···· hélpš·· á šíñglé·· hót· ítém··; bátçh·· ítš· úpdátéš··· ór· máké·· thém·· çómmútátívé····.
   *[other] Thát·· íš· óvér·· 1: { INT($saturated) } óf· thé· lóçkš·· çáñ· šérvé·· át· móšt·· { gran-capacity }, šó· théír·· qúéúéš·· ñévér·· dráíñ··; wáítš·· grów·· fór· áš· lóñg·· áš· úpdátéš··· kéép·· çómíñg··, áñd· šímúlátíñg···· thém·· wóúld·· óñlý·· šhów·· á ñúmbér·· thát·· dépéñdš··· óñ· hów· lóñg·· ýóú· wátçh··. Ñárrówér··· lóçkš·· špréád·· thé· lóád··, bút· thé· hóttéšt··· kéý· álóñé·· tákéš·· { PERCENT($hottest) } óf· thé· úpdátéš··· héré··: ñó· lóçk·· gráñúlárítý···· hélpš·· á šíñglé·· hót· ítém··; bátçh·· ítš· úpdátéš··· ór· máké·· thém·· çómmútátívé····.
}⟧
gran-skew-key = ⟦Wíth·· škéw·· { $skew }, thé· hóttéšt··· kéý· álóñé·· háš· { PERCENT($share) } óf· thé· tráffíç···, šó· ítš· lóçk·· íš· thé· búšíéšt··· áñd· šétš·· thé· wóršt·· wáítš··.⟧
gran-skew-shard = ⟦Wíth·· škéw·· { $skew }, thé· hóttéšt··· kéý· álóñé·· háš· { PERCENT($share) } óf· thé· tráffíç···, šó· thé· šhárd·· thát·· hóldš·· ít· çárríéš··· át· léášt·· thát·· šháré··.⟧
gran-stat-deadlocks = ⟦Déádlóçkš····⟧
gran-stat-hottest = ⟦Hóttéšt··· kéý·'š šháré··⟧
gran-stat-p99 = ⟦Wáít··, 99th· pérçéñtílé····⟧
gran-stat-throughput = ⟦Üpdátéš··· dóñé·· pér· šéçóñd··⟧
gran-stat-utilisation = ⟦Búšíéšt··· lóçk··'š útílíšátíóñ····⟧
gran-stat-wait = ⟦Méáñ·· wáít·· (fórmúlá···)⟧
gran-stat-with-formula = ⟦{ $value } ({ $formula })⟧
gran-title = ⟦Hów· wídé·· šhóúld·· thé· lóçk·· bé·?⟧
gran-waits = ⟦Üpdátéš··· wáítéd·· { MS($mean) } fór· lóçkš·· óñ· ávérágé···, { MS($p99) } át· thé· 99th· pérçéñtílé····, áñd· { $throughput } á šéçóñd·· gót· thróúgh···.⟧
gran-waits-exact = ⟦Üpdátéš··· wáítéd·· { MS($mean) } fór· lóçkš·· óñ· ávérágé···, { MS($p99) } át· thé· 99th· pérçéñtílé···· (M/M/1 pér· lóçk··: { MS($exactMean) } áñd· { MS($exactP99) }), áñd· { $throughput } á šéçóñd·· gót· thróúgh···.⟧
gran-what-global = ⟦óñé· glóbál·· lóçk··⟧
gran-what-keys = ⟦á lóçk·· pér· kéý· ({ INT($keys) } óf· thém··)⟧
gran-what-shards = ⟦{ INT($shards) } šhárd·· lóçkš··⟧
lab-cargo-after = ⟦{ " " }whéñ·· ít· íš· ñót· íñštálléd····). Ît· príñtš·· éáçh·· réšúlt··, šímúlátéd···· áñd· réál··, šídé·· bý· šídé··.⟧
lab-cargo-before = ⟦(⟧
lab-cargo-instead = ⟦{ " " }íñ· pláçé·· óf·{ " " }⟧
lab-intro = ⟦Thíš·· štórý··, íñ· thíš·· štáté··, óñ· thé· réál·· šérvérš··· ít· íš· ábóút·· (Rédíš··, PóštgréŠQL···· ór· étçd··, áš· thé· štórý·· ñéédš··), whíçh·· thé· láb· štártš·· áñd· štópš·· ítšélf··: íñ· á çlóñé·· óf· lóçkláb···, áftér··⟧
lab-intro-run = ⟦, rúñ·⟧
lab-left-out = ⟦Thé· búñdlé·· thíš·· págé·· lóádéd·· léávéš·· óút· thé· láb·’š páñél·· (thé· çómmáñd···, whát·· thé· láb· méášúréd···, rúññíñg··· ít· óñ· ýóúr·· çómpútér···), áñd· ñó· lóçkláb···.jš· óñ· thé· págé·· çáñ· lóád·· ít·. Lóád·· thé· fúll·· lóçkláb···.jš· búñdlé·· fór· ít·.⟧
lab-loading = ⟦Lóádíñg··· thé· láb·’š páñél··…⟧
lab-not-loaded = ⟦Whát·· thé· láb· méášúréd··· çóúld·· ñót· bé· lóádéd··: { $why }.⟧
lab-summary = ⟦Rúñ· ít· fór· réál··⟧
lab-what-is-real = ⟦Whát·· íš· réál·· théré·· íš· thé· lóçk·· šérvíçé··· áñd· thé· dátábášé···: théír·· éxpírý··, réfúšálš···, lóçkš·· áñd· réplíçátíóñ····. Thé· štórý··’š ráñdóm·· pártš·· (štállš··, páúšéš··, lág·, wórk·· tíméš··) áré· thíš·· wídgét··’š ówñ· dráwš··, pláýéd·· áš· šléépš·· áñd· déláýš··, šó· thé· láb· téštš·· whát·· thé· šérvérš··· dó· wíth·· thém··, ñót· thé· dráwš··.⟧
lease-renewal-param-defence = ⟦Déféñçé···⟧
lease-renewal-param-defence-fence-all = ⟦Féñçíñg··· tókéñ·· óñ· évérý·· áççéšš··⟧
lease-renewal-param-defence-fencing = ⟦Féñçíñg··· tókéñ·· óñ· thé· íñvóíçé··· wríté··⟧
lease-renewal-param-defence-idempotent = ⟦Îdémpótéñçý···· kéýš··⟧
lease-renewal-param-defence-none = ⟦Ñóñé·· (fíxéd·· léášé··)⟧
lease-renewal-param-defence-renewal = ⟦Réñéwál···⟧
lease-renewal-param-defence-renewal_fencing = ⟦Réñéwál··· áñd· wríté·· féñçíñg···⟧
lease-renewal-param-renew-every-s = ⟦Réñéw·· évérý··⟧
lease-renewal-param-runs = ⟦Rúñš·· šímúlátéd····⟧
lease-renewal-param-seed = ⟦Šééd··⟧
lease-renewal-param-spread = ⟦Špréád·· óf· rúñ· léñgth·· (σ óf· ítš· lóg·)⟧
lease-renewal-param-stall-alpha = ⟦Párétó·· táíl·· íñdéx·· α (Párétó·· óñlý··; šmállér···: á fáttér·· fár· táíl··)⟧
lease-renewal-param-stall-chance = ⟦Çháñçé·· á rúñ· štállš··⟧
lease-renewal-param-stall-mean-s = ⟦Méáñ·· štáll··⟧
lease-renewal-param-stall-shape = ⟦Šhápé·· óf· štáll·· léñgthš···⟧
lease-renewal-param-stall-shape-exponential = ⟦Éxpóñéñtíál···· (líght·· táíl··)⟧
lease-renewal-param-stall-shape-pareto = ⟦Párétó·· (héávý·· táíl··)⟧
lease-renewal-param-takeover-chance = ⟦Çháñçé·· á šéçóñd·· wórkér·· tákéš·· óvér··⟧
lease-renewal-param-ttl-s = ⟦Lóçk·· TTL·⟧
lease-renewal-param-work-s = ⟦Týpíçál··· rúñ· (médíáñ··)⟧
lease-sizing-param-margin-s = ⟦Šáfétý·· márgíñ·· ýóú· wáñt··⟧
lease-sizing-param-network-s = ⟦Máx· ñétwórk··· déláý··⟧
lease-sizing-param-pause-p99-s = ⟦p99 próçéšš··· páúšé··⟧
lease-sizing-param-renew-every-s = ⟦Réñéwál··· íñtérvál··· (0: ñó· réñéwál···)⟧
lease-sizing-param-stall-alpha = ⟦Párétó·· táíl·· íñdéx·· α (Párétó·· óñlý··; šmállér···: á fáttér·· fár· táíl··)⟧
lease-sizing-param-stall-chance = ⟦Çháñçé·· á léášé·· šééš·· á páúšé··⟧
lease-sizing-param-stall-mean-s = ⟦Méáñ·· páúšé··⟧
lease-sizing-param-stall-shape = ⟦Šhápé·· óf· štáll·· léñgthš···⟧
lease-sizing-param-stall-shape-exponential = ⟦Éxpóñéñtíál···· (líght·· táíl··)⟧
lease-sizing-param-stall-shape-pareto = ⟦Párétó·· (héávý·· táíl··)⟧
lease-sizing-param-ttl-s = ⟦Thé· léášé·· ýóú· píçk··⟧
lease-sizing-param-work-p99-s = ⟦p99 wórk·· (0 íf· réñéwál··· çóvérš·· ít·)⟧
locale-unreadable = ⟦Thé· { $locale } tráñšlátíóñ···· çóúld·· ñót· bé· réád·· ({ $why }), šó· thíš·· wídgét·· špéákš·· Éñglíšh···.⟧
lock-granularity-param-gap-ms = ⟦Tímé·· bétwééñ··· tákíñg·· thé· twó· lóçkš··⟧
lock-granularity-param-keys = ⟦Kéýš·· (ŠKÜš··)⟧
lock-granularity-param-lock = ⟦Lóçk··⟧
lock-granularity-param-lock-global = ⟦Öñé· glóbál·· lóçk··⟧
lock-granularity-param-lock-per-key = ⟦Öñé· pér· kéý·⟧
lock-granularity-param-lock-per-shard = ⟦Öñé· pér· šhárd··⟧
lock-granularity-param-ordered = ⟦Táké·· lóçkš·· íñ· óñé· glóbál·· órdér··⟧
lock-granularity-param-rate-per-s = ⟦Üpdátéš···, áll· kéýš··⟧
lock-granularity-param-seed = ⟦Šééd··⟧
lock-granularity-param-shards = ⟦Šhárdš··⟧
lock-granularity-param-skew = ⟦Pópúlárítý···· škéw·· (Zípf·· éxpóñéñt···)⟧
lock-granularity-param-ttl-ms = ⟦Lóçk·· TTL·⟧
lock-granularity-param-two-locks = ⟦Éáçh·· úpdáté·· tákéš·· twó· kéýš··' lóçkš··⟧
lock-granularity-param-updates = ⟦Üpdátéš··· šímúlátéd····⟧
lock-granularity-param-work-ms = ⟦Çrítíçál··· šéçtíóñ··· (méáñ··)⟧
messages-placeables = ⟦Îñ· thé· wórdíñg··· fílé·· { $file }, { $key } úšéš·· { $names }, whíçh·· thíš·· wídgét·· dóéš·· ñót· gívé·· thát·· méššágé···; ít· íš· léft·· óút·.⟧
messages-reference = ⟦Îñ· thé· wórdíñg··· fílé·· { $file }, { $key } ñáméš·· { $other }, whíçh·· çáññót·· bé· šáíd·· théré··: thíš·· wídgét·· háš· ñó· šúçh·· méššágé···, ór· ít· léádš·· báçk·· tó· { $key } ór· thróúgh··· tóó· máñý·· óthérš··. Ît· íš· léft·· óút·.⟧
messages-unknown = ⟦Thé· wórdíñg··· fílé·· { $file } ñáméš·· { INT($count) ->
    [one] á méššágé··· thíš·· wídgét·· dóéš·· ñót· hávé··: { $keys }. Ît· íš· léft·· óút·.
   *[other] méššágéš··· thíš·· wídgét·· dóéš·· ñót· hávé··: { $keys }. Théý·· áré· léft·· óút·.
}⟧
messages-unreadable = ⟦Thé· wórdíñg··· fílé·· { $file } çóúld·· ñót· bé· réád·· ({ $why }), šó· thíš·· wídgét·· kéépš·· ítš· ówñ· wórdš··.⟧
narrative-less = ⟦Léšš··⟧
narrative-more = ⟦Móré··⟧
notice-above-max = ⟦íš· ábóvé·· thé· máxímúm···, { $max }⟧
notice-alias = ⟦{ $name }=“{ $value }” íš· ñót· trúé·· ór· fálšé··; ígñóréd··· (ít· íš· áñ· óldér·· ñámé·· fór· { $target }).⟧
notice-below-min = ⟦íš· bélów·· thé· míñímúm···, { $min }⟧
notice-clamped = ⟦{ $name }: úšíñg·· { $used }.⟧
notice-more = ⟦{ $more ->
    [one] … áñd· { INT($more) } móré·· próblém··· wíth·· thé· párámétérš····, ñót· šhówñ··.
   *[other] … áñd· { INT($more) } móré·· próblémš··· wíth·· thé· párámétérš····, ñót· šhówñ··.
}⟧
notice-not-bool = ⟦íš· ñót· trúé·· ór· fálšé··⟧
notice-not-clock = ⟦íš· ñót· á tímé·· óf· dáý· líké·· 21:50 ór· 21:50:30⟧
notice-not-finite = ⟦íš· ñót· á fíñíté·· ñúmbér··⟧
notice-not-number = ⟦íš· ñót· á ñúmbér··⟧
notice-not-one-of = ⟦íš· ñót· óñé· óf· { $options }⟧
notice-not-whole = ⟦íš· ñót· á whólé·· ñúmbér··⟧
notice-unknown-param = ⟦Üñkñówñ··· párámétér···· “{ $name }”: ígñóréd···. Kñówñ··: { $known }.⟧
notice-using = ⟦{ $name }=“{ $value }” { $why }; úšíñg·· { $used }.⟧
notice-using-default = ⟦{ $name }=“{ $value }” { $why }; úšíñg·· thé· défáúlt···, { $used }.⟧
opt-axis-rate = ⟦úpdátéš··· pér· šéçóñd·· (lóg· šçálé··)⟧
opt-axis-time = ⟦méáñ·· tímé·· pér· úpdáté··⟧
opt-caption = ⟦Méáñ·· tímé·· pér· úpdáté·· bý· thé· fórmúláš···: óptímíštíç···· (réd·) áñd· wíth·· thé· lóçk·· (blúé··, úp· tó· ítš· çápáçítý···); thé· dótš·· áré· thíš·· rúñ·, šímúlátéd····.⟧
opt-cell-never = ⟦ñévér··⟧
opt-cell-none = ⟦ñóñé··⟧
opt-cell-waiting = ⟦{ MS($wait) } óñ· ávérágé···; át· móšt·· { INT($queue) } íñ· líñé··⟧
opt-cell-wasted = ⟦{ INT($attempts) ->
    [one] { INT($attempts) } áttémpt···
   *[other] { INT($attempts) } áttémptš···
}⟧
opt-chart-formulas-cross = ⟦fórmúláš··· çróšš·· ≈ { $rate }/š⟧
opt-chart-simulated-cross = ⟦šímúlátéd···· ≈ { $rate }/š⟧
opt-collapse = ⟦Åt· { opt-rate } wíth·· { MS($work) } óf· wórk··, óptímíštíç···· úpdátéš··· çóllápšé···: áftér·· { INT($attempts) } áttémptš··· óñlý·· { INT($completed) } óf· { INT($updates) } úpdátéš··· hád· çómmíttéd····, béçáúšé··· évérý·· çómmít·· fáílš·· évérý·· áttémpt··· thát·· réád·· béfóré·· ít·, áñd· thóšé·· rédó·· théír·· wórk·· óñlý·· tó· fáíl·· ágáíñ··. Thé· lóçk··, méáñwhílé····, díd· éáçh·· úpdáté·· óñçé··: { MS($mean) } óñ· ávérágé···, { MS($wait) } óf· ít· wáítíñg···.⟧
opt-contention = ⟦Åt· λT· = { $load } thé· { $estimate } éštímáté··· ñó· lóñgér·· déšçríbéš···· thé· rúñ·: á çómmít·· šúççéédš··· óñlý·· íf· ítš· áttémpt··· réád·· áftér·· thé· lášt·· šúççéššfúl···· çómmít··, šó· šúççéššfúl···· çómmítš··· áré· špáçéd·· bý· át· léášt·· áñ· áttémpt···'š léñgth·· áñd· çóñflíçtš···· ñó· lóñgér·· árrívé·· áš· á Póíššóñ··· štréám·· (šímúlátéd···· { $attempts } áttémptš··· pér· úpdáté·· ágáíñšt··· { $exact }).⟧
opt-formula-cross = ⟦thé· fórmúláš··· pút· thé· çróššíñg··· át· ábóút·· { $rate } á šéçóñd··⟧
opt-formula-lock-fixed = ⟦thé· fórmúláš··· hávé·· thé· lóçk·· qúíçkér··· át· évérý·· ráté··: ítš· róúñd·· tríp·· ({ MS($lock) }) íš· ñéárlý·· fréé··, áñd· wáítíñg··· íñ· líñé·· çóštš·· léšš·· tháñ·· rédóíñg··· wórk·· dóéš·· (ábóút·· λT·²/2 ágáíñšt··· λT·² pér· úpdáté··)⟧
opt-formula-lock-varied = ⟦thé· fórmúláš··· hávé·· thé· lóçk·· qúíçkér··· át· évérý·· ráté··: ítš· róúñd·· tríp·· ({ MS($lock) }) íš· ñéárlý·· fréé··, áñd· wáítíñg··· íñ· líñé·· çóštš·· ñó· móré·· tháñ·· rédóíñg··· wórk·· dóéš·· (ábóút·· λT·² pér· úpdáté·· éíthér·· wáý·, béfóré·· thé· rétrý·· çóšt··)⟧
opt-formula-none = ⟦bý· thé· fórmúláš··· óptímíštíç···· štáýš·· qúíçkér··· úp· tó· thé· lóçk··'š çápáçítý···⟧
opt-key-lock = ⟦wíth·· thé· lóçk··⟧
opt-key-optimistic = ⟦óptímíštíç····⟧
opt-label-cross = ⟦Théý·· çróšš·· ñéár·· { $rate } úpdátéš··· á šéçóñd··.⟧
opt-label-fixed = ⟦Méáñ·· tímé·· pér· úpdáté·· ágáíñšt··· thé· úpdáté·· ráté··, fróm·· thé· fórmúláš···, bóth·· áxéš·· óñ· lóg· šçáléš··: óptímíštíç···· ríšéš·· éxpóñéñtíállý····· (é^(λT·) áttémptš···), thé· lóçk·· ríšéš·· štééplý··· tówárdš··· ítš· çápáçítý···.⟧
opt-label-no-cross = ⟦Thé· çúrvéš·· dó· ñót· çróšš·· bélów·· thé· lóçk··'š çápáçítý···.⟧
opt-label-now = ⟦Åt· thé· çúrréñt··· ráté·· thé· šímúlátíóñ···· gívéš·· { MS($optimistic) } óptímíštíç···· áñd· { MS($lock) } wíth·· thé· lóçk··.⟧
opt-label-sim-capacity = ⟦Îñ· thé· šímúlátíóñ···· óptímíštíç···· štáýš·· qúíçkér··· úp· tó· çápáçítý···.⟧
opt-label-sim-cross = ⟦Îñ· thé· šímúlátíóñ···· thé· méáñš·· çróšš·· ñéár·· { $rate } á šéçóñd··.⟧
opt-label-varied = ⟦Méáñ·· tímé·· pér· úpdáté·· ágáíñšt··· thé· úpdáté·· ráté··, fróm·· thé· fórmúláš···, bóth·· áxéš·· óñ· lóg· šçáléš··: óptímíštíç···· ríšéš·· líñéárlý··· íñ· thé· ráté·· (1 + λT· áttémptš···), thé· lóçk·· ríšéš·· štééplý··· tówárdš··· ítš· çápáçítý···.⟧
opt-lede = ⟦Twó· wáýš·· tó· úpdáté·· á réçórd·· máñý·· çlíéñtš··· wáñt··. Öptímíštíç····: réád·· ít· wíth·· ítš· véršíóñ···, dó· thé· wórk··, áñd· wríté·· óñlý·· íf· thé· véršíóñ··· háš· ñót· çháñgéd···; óthérwíšé···· štárt·· ágáíñ··. Péššímíštíç····: táké·· á lóçk·· fíršt··, šó· ñóbódý·· élšé·· çáñ· štárt··, áñd· réléášé··· ít· áftér··. Ráíšé·· thé· ráté·· áñd· wátçh·· whíçh·· óñé· wíñš··.⟧
opt-method = ⟦Üpdátéš··· árrívé·· át· ráñdóm·· (á Póíššóñ··· próçéšš···) áñd· bóth·· wáýš·· šéé· thé· šámé·· árríválš···. Öptímíštíç····: á çómmít·· fáílš·· íf· áñóthér··· çómmít·· láñdéd·· áftér·· ítš· réád··; thé· úpdáté·· théñ·· páýš·· thé· rétrý·· çóšt·· áñd· štártš·· óvér··. Thé· lóçk·· íš· héld·· fór· thé· wórk·· plúš·· óñé· róúñd·· tríp·· tó· thé· lóçk·· šérvíçé···, fíršt·· çómé·· fíršt·· šérvéd··: á Pólláçžék····–Khíñçhíñé···· (M/G/1) qúéúé··, M/D/1 whéñ·· thé· wórk·· álwáýš·· tákéš·· thé· šámé·· tímé··. Thé· óptímíštíç···· fórmúlá···, é^(λT·) áttémptš··· fór· fíxéd·· wórk·· ór· 1 + λT· fór· éxpóñéñtíál···· wórk··, áššúméš··· óthér·· çómmítš··· árrívé·· áš· á Póíššóñ··· štréám··, whíçh·· hóldš·· whílé·· çóñflíçtš···· áré· ráré·· (λT· wéll·· úñdér·· 1).⟧
opt-over-capacity = ⟦Thé· lóçk·· íš· óvér·· çápáçítý··· (útílíšátíóñ···· { $utilisation }): ítš· qúéúé·· óñlý·· grówš·· whílé·· úpdátéš··· kéép·· çómíñg··, áñd· dráíñš·· héré·· óñlý·· béçáúšé··· thé· rúñ· éñdš··.⟧
opt-quicker-lock = ⟦Héré·· thé· lóçk·· íš· qúíçkér··· óñ· ávérágé···.⟧
opt-quicker-optimistic = ⟦Héré·· óptímíštíç···· íš· qúíçkér··· óñ· ávérágé···.⟧
opt-rate = ⟦{ $rate ->
    [one] { $rate } úpdáté··
   *[other] { $rate } úpdátéš···
} á šéçóñd··⟧
opt-retries = ⟦Évérý·· rétrý·· rédóéš·· thé· wórk··, šó· áñýthíñg··· thé· wórk·· dóéš·· óútšídé··· thé· réçórd·· (áñ· émáíl··, á çhárgé··, á méššágé···) múšt·· bé· ídémpótéñt···· ór· wáít·· úñtíl·· thé· çómmít·· šúççéédš···; { INT($wasted) } óf· thíš·· rúñ·'š áttémptš··· wéré·· thrówñ·· áwáý·· ({ PERCENT($share) }).⟧
opt-row-mean = ⟦Tímé·· pér· úpdáté··, méáñ··⟧
opt-row-median = ⟦Tímé·· pér· úpdáté··, médíáñ··⟧
opt-row-p99 = ⟦Tímé·· pér· úpdáté··, 99th· pérçéñtílé····⟧
opt-row-throughput = ⟦Üpdátéš··· dóñé·· pér· šéçóñd··⟧
opt-row-waiting = ⟦Wáítíñg··· fór· thé· lóçk··⟧
opt-row-wasted = ⟦Wórk·· thrówñ·· áwáý··⟧
opt-run = ⟦Åt· { opt-rate } wíth·· { MS($work) } óf· wórk··, áñóthér··· çómmít·· láñdš·· dúríñg·· áñ· áttémpt··· { $load } tíméš·· óñ· ávérágé··· (λT·). Öptímíštíç···· úpdátéš··· ñéédéd·· { $attempts } áttémptš··· éáçh·· ({ INT($wasted) } wáštéd·· íñ· áll·; thé· fórmúlá··· šáýš·· { $exact }) áñd· tóók·· { MS($mean) } óñ· ávérágé···, { MS($p99) } át· thé· 99th· pérçéñtílé····. Wíth·· thé· lóçk··, úpdátéš··· wáítéd·· { MS($wait) } óñ· ávérágé··· fór· ít· áñd· tóók·· { MS($lockMean) } íñ· áll·, { MS($lockP99) } át· thé· 99th· pérçéñtílé····.⟧
opt-sim-capacity = ⟦Îñ· thíš·· šímúlátíóñ···· óptímíštíç···· štáýš·· qúíçkér··· úp· tó· thé· lóçk··'š çápáçítý··· ({ $capacity } úpdátéš··· á šéçóñd··); { $formula }.⟧
opt-sim-cross = ⟦Öñ· théšé·· árríválš··· óptímíštíç···· íš· qúíçkér··· úp· tó· ábóút·· { $rate } úpdátéš··· á šéçóñd·· áñd· thé· lóçk·· ábóvé·· thát·· (whéré·· thé· šímúlátéd···· méáñš·· çróšš··); { $formula }.⟧
opt-sim-cross-later = ⟦Öñ· théšé·· árríválš··· óptímíštíç···· íš· qúíçkér··· úp· tó· ábóút·· { $rate } úpdátéš··· á šéçóñd·· áñd· thé· lóçk·· ábóvé·· thát·· (whéré·· thé· šímúlátéd···· méáñš·· çróšš··); { $formula }, látér··, béçáúšé··· ñéár·· thé· çróššíñg··· { $estimate } álréádý··· úñdérçóúñtš···· thé· áttémptš···.⟧
opt-sim-lock-always = ⟦Îñ· thíš·· šímúlátíóñ···· thé· lóçk·· íš· qúíçkér··· át· évérý·· ráté·· fróm·· { $from } á šéçóñd·· úp·; { $formula }.⟧
opt-stat-attempts = ⟦Åttémptš··· pér· úpdáté·· (fórmúlá···)⟧
opt-stat-attempts-value = ⟦{ $attempts } ({ $exact })⟧
opt-stat-lock = ⟦Wíth·· thé· lóçk··, méáñ··⟧
opt-stat-optimistic = ⟦Öptímíštíç····, méáñ··⟧
opt-stat-wait = ⟦Lóçk·· wáít·· (fórmúlá···)⟧
opt-stat-wait-unsteady = ⟦{ MS($wait) } (ñó· štéádý·· štáté··)⟧
opt-stat-wait-value = ⟦{ MS($wait) } ({ MS($exact) })⟧
opt-table-caption = ⟦Thé· šámé·· úpdátéš···, bóth·· wáýš··⟧
opt-table-lock = ⟦Wíth·· thé· lóçk··⟧
opt-table-measure = ⟦Méášúré···⟧
opt-table-optimistic = ⟦Öptímíštíç····⟧
opt-tick-ms = ⟦{ $ms } mš·⟧
opt-title = ⟦Öptímíštíç···· ór· péššímíštíç····: óñé· hót· réçórd··⟧
optimistic-vs-pessimistic-param-lock-ms = ⟦Lóçk·· róúñd·· tríp··⟧
optimistic-vs-pessimistic-param-rate-per-s = ⟦Üpdátéš··· tó· thé· réçórd··⟧
optimistic-vs-pessimistic-param-retry-ms = ⟦Éxtrá·· çóšt·· óf· á rétrý·· (ré·-réád··, báçk··-óff·)⟧
optimistic-vs-pessimistic-param-seed = ⟦Šééd··⟧
optimistic-vs-pessimistic-param-updates = ⟦Üpdátéš··· šímúlátéd····⟧
optimistic-vs-pessimistic-param-work = ⟦Wórk·· tímé··⟧
optimistic-vs-pessimistic-param-work-exponential = ⟦Váríéš·· (éxpóñéñtíál····)⟧
optimistic-vs-pessimistic-param-work-fixed = ⟦Ålwáýš·· thé· šámé··⟧
optimistic-vs-pessimistic-param-work-ms = ⟦Wórk·· pér· úpdáté··⟧
paused-a-overwrote = ⟦Å fróžé·· fór· { $pause } š, lóñgér·· tháñ·· ítš· { $lease } š léášé··. B gót· thé· lóçk·· át· { $granted } š áñd· šóld·· Ç14 tó· fáñ· B át· { $write } š. Åt· { $wake } š Å wóké·· úp· áñd· óvérwróté···· thát·· šálé·· wíth·· fáñ· Å: twó· fáñš·· páíd·· fór· óñé· šéát··, áñd· thé· lóçk·· šérvíçé··· díd· éxáçtlý··· whát·· ít· prómíšéd···.⟧
paused-actor-a = ⟦Å⟧
paused-actor-b = ⟦B⟧
paused-actor-lock = ⟦thé· lóçk·· šérvíçé···⟧
paused-actor-storage = ⟦štórágé···⟧
paused-applied = ⟦ápplíéd···⟧
paused-asks = ⟦áškš·· fór· thé· lóçk·· (áñd· ágáíñ·· évérý·· { $every } š)⟧
paused-b-overwrote = ⟦Å'š léášé·· ráñ· óút· át· { $lease } š áñd· B gót· thé· lóçk·· át· { $granted } š áñd· réád·· Ç14 áš· fréé··, bút· Å wóké·· át· { $wake } š, béfóré·· B wróté··. Å'š wríté·· wíth·· tókéñ·· 33 wáš· ápplíéd···, théñ·· B'š wríté·· át· { $write } š répláçéd··· ít·: twó· fáñš·· páíd··. Féñçíñg··· évérý·· áççéšš··, ór· á çóñdítíóñál···· wríté··, wóúld·· hávé·· štóppéd··· ít·.⟧
paused-b-overwrote-write-fenced = ⟦Å'š léášé·· ráñ· óút· át· { $lease } š áñd· B gót· thé· lóçk·· át· { $granted } š áñd· réád·· Ç14 áš· fréé··, bút· Å wóké·· át· { $wake } š, béfóré·· B wróté··. Å'š wríté·· wíth·· tókéñ·· 33 wáš· ápplíéd··· (štórágé··· çhéçkš·· tókéñš·· óñ· wrítéš·· óñlý··, áñd· 33 wáš· thé· híghéšt··· wríttéñ··· šó· fár·), théñ·· B'š wríté·· át· { $write } š répláçéd··· ít·: twó· fáñš·· páíd··. Wríté··-óñlý·· féñçíñg··· çáññót·· štóp·· thíš··; féñçíñg··· B'š réád·· tóó·, ór· á çóñdítíóñál···· wríté··, wóúld··.⟧
paused-chart-double = ⟦twó· fáñš·· páíd··⟧
paused-chart-holder = ⟦{ $who } · { $token }⟧
paused-chart-lease-ends = ⟦Å'š léášé·· éñdš··⟧
paused-chart-now = ⟦ñów· { $seconds } š⟧
paused-chart-paused = ⟦páúšéd··⟧
paused-chart-read = ⟦réád·· { $token }⟧
paused-chart-seat-free = ⟦Ç14: fréé··⟧
paused-chart-seat-sold = ⟦Ç14: { $fan }⟧
paused-chart-write = ⟦wríté·· { $token }⟧
paused-col-storage = ⟦štórágé···⟧
paused-col-time = ⟦tímé··⟧
paused-col-token = ⟦tókéñ··⟧
paused-col-what = ⟦whát··⟧
paused-col-who = ⟦whó·⟧
paused-condition-a = ⟦Å fróžé·· fór· { $pause } š, pášt·· ítš· { $lease } š léášé··; B gót· thé· lóçk·· áñd· šóld·· Ç14. Whéñ·· Å wóké·· át· { $wake } š ítš· çóñdítíóñál···· wríté·· fóúñd·· thé· šéát·· ñó· lóñgér·· fréé·· áñd· çháñgéd··· ñóthíñg···. B kéépš·· thé· šéát··.⟧
paused-condition-b = ⟦Å'š léášé·· ráñ· óút· át· { $lease } š áñd· B gót· thé· lóçk·· át· { $granted } š, bút· Å wóké·· át· { $wake } š áñd· šóld·· Ç14 béfóré·· B wróté··. B'š çóñdítíóñál···· wríté·· fóúñd·· thé· šéát·· tákéñ·· áñd· çháñgéd··· ñóthíñg···: óñé· šálé··, tó· fáñ· Å.⟧
paused-fan-a = ⟦fáñ· Å⟧
paused-fan-b = ⟦fáñ· B⟧
paused-fenced = ⟦Å fróžé·· fór· { $pause } š, pášt·· ítš· { $lease } š léášé··; B gót· thé· lóçk·· (tókéñ·· 34) áñd· šóld·· Ç14 át· { $write } š. Whéñ·· Å wóké·· át· { $wake } š ítš· wríté·· çárríéd··· tókéñ·· 33, lówér·· tháñ·· thé· 34 štórágé··· hád· álréádý··· šééñ··, šó· štórágé··· réfúšéd··· ít·. B kéépš·· thé· šéát··.⟧
paused-finishes-unaware = ⟦fíñíšhéš··· ítš· wórk··, úñáwáré··· thát·· ítš· léášé·· ráñ· óút·⟧
paused-freezes = ⟦frééžéš···⟧
paused-grants-a = ⟦gráñtš·· thé· lóçk·· tó· Å⟧
paused-grants-b = ⟦gráñtš·· thé· lóçk·· tó· B⟧
paused-holder-param-lease-s = ⟦Léášé·· (TTL·)⟧
paused-holder-param-pause-s = ⟦Å'š páúšé··⟧
paused-holder-param-protection = ⟦Whát·· štórágé··· çhéçkš··⟧
paused-holder-param-protection-conditional = ⟦Çóñdítíóñál···· wríté·· (çómpáré···-áñd·-šét·)⟧
paused-holder-param-protection-fence-all = ⟦Tókéñš·· óñ· évérý·· áççéšš··⟧
paused-holder-param-protection-fence-writes = ⟦Tókéñš·· óñ· wrítéš·· óñlý··⟧
paused-holder-param-protection-none = ⟦Ñóthíñg···⟧
paused-key-applied = ⟦wríté·· ápplíéd···⟧
paused-key-paused = ⟦páúšéd··⟧
paused-key-read = ⟦réád··⟧
paused-key-refused = ⟦wríté·· réfúšéd···⟧
paused-key-stale = ⟦léášé·· góñé··, štíll·· bélíévéš··· ít· hóldš·· ít·⟧
paused-key-valid = ⟦hóldíñg··· á válíd·· léášé··⟧
paused-label = ⟦Tímélíñé··· wíth·· láñéš·· fór· Å, B, thé· lóçk·· šérvíçé··· áñd· štórágé··· óvér·· { $end } š: Å frééžéš··· át· 2.5 š áñd· wákéš·· át· { $wake } š; B gétš·· thé· lóçk·· át· { $granted } š. Thé· šéát·· éñdš·· wíth·· { $seat }.⟧
paused-lane-a = ⟦Å⟧
paused-lane-b = ⟦B⟧
paused-lane-lock = ⟦lóçk··⟧
paused-lane-storage = ⟦štórágé···⟧
paused-late-harmless = ⟦Å'š léášé·· ráñ· óút· át· { $lease } š áñd· Å wóké·· át· { $wake } š, áftér·· ít·, bút· B hád· ñót· bééñ·· gívéñ·· thé· lóçk·· ýét· (ít· áškš·· évérý·· { $every } š), šó· Å'š láté·· šálé·· wéñt·· thróúgh··· áñd· B, réádíñg··· áftér·· ít·, fóúñd·· thé· šéát·· šóld··. Ñó· hárm·· thíš·· tímé··, bý· lúçk·· óf· tímíñg··.⟧
paused-lease-expires = ⟦létš·· Å'š léášé·· éxpíré··⟧
paused-lede = ⟦Wórkér·· Å tákéš·· thé· lóçk··, réádš·· thát·· šéát·· Ç14 íš· fréé··, áñd· frééžéš··· át· 2.5 š. Îtš· léášé·· kéépš·· rúññíñg···. B áškš·· fór· thé· lóçk·· évérý·· { $every } š áñd·, óñçé·· ít· háš· ít·, šéllš·· thé· šéát·· { $after } š látér··.⟧
paused-method = ⟦Å wálkthróúgh···· çómpútéd··· fróm·· ýóúr·· šéttíñgš···; thé· tókéñš·· 33 áñd· 34 áré· íllúštrátívé·····. Tókéñš·· óñ· wrítéš·· óñlý··: štórágé··· réfúšéš··· á wríté·· whóšé·· tókéñ·· íš· bélów·· thé· híghéšt··· ít· háš· šééñ·· óñ· á wríté··. Tókéñš·· óñ· évérý·· áççéšš··: réádš·· çárrý·· thé· tókéñ·· tóó· áñd· štórágé··· régíštérš···· ít·, šó· á wríté·· bélów·· á tókéñ·· thát·· háš· álréádý··· réád·· íš· réfúšéd···. Éqúál·· tókéñš·· áré· áççéptéd···, šó· á hóldér·· máý· réád·· áñd· théñ·· wríté·· wíth·· ítš· ówñ· tókéñ··. Çóñdítíóñál···· wríté··: úpdáté·· šéátš·· šét· hóldér·· = … whéré·· šéát·· = 'Ç14' áñd· hóldér·· íš· ñúll··.⟧
paused-read-fenced = ⟦Å'š léášé·· ráñ· óút· át· { $lease } š áñd· B gót· thé· lóçk·· át· { $granted } š. B'š réád·· çárríéd··· tókéñ·· 34, áñd· štórágé··· régíštéréd···· ít·. Å wóké·· át· { $wake } š, béfóré·· B wróté··, áñd· ítš· wríté·· wíth·· tókéñ·· 33 wáš· réfúšéd··· béçáúšé··· štórágé··· hád· álréádý··· šééñ·· 34 óñ· B'š réád··. B'š šálé·· át· { $write } š wéñt·· thróúgh···: óñé· šálé··. Thíš·· íš· whý· féñçíñg··· šhóúld·· çóvér·· évérý·· áççéšš··, réádš·· íñçlúdéd···.⟧
paused-reads = ⟦réádš·· Ç14: { $seat }⟧
paused-reads-gives-up = ⟦réádš·· Ç14: { $seat }, šó· B gívéš·· úp·⟧
paused-reads-registers = ⟦réádš·· Ç14: { $seat }; štórágé··· régíštérš···· tókéñ·· { $token }⟧
paused-reads-registers-gives-up = ⟦réádš·· Ç14: { $seat }; štórágé··· régíštérš···· tókéñ·· { $token }, šó· B gívéš·· úp·⟧
paused-refused = ⟦réfúšéd···⟧
paused-registered = ⟦tókéñ·· régíštéréd····⟧
paused-releases = ⟦réléášéš··· thé· lóçk··⟧
paused-result-double = ⟦twó· fáñš·· páíd··⟧
paused-result-single = ⟦óñé· šálé··⟧
paused-safe = ⟦Å'š { $pause } š páúšé·· éñdéd·· át· { $wake } š, íñšídé·· ítš· { $lease } š léášé··, šó· Å šóld·· Ç14 áñd· réléášéd··· thé· lóçk··. B gót· thé· lóçk·· át· { $granted } š, fóúñd·· thé· šéát·· šóld·· áñd· gávé·· úp·. Öñé· šéát··, óñé· fáñ·.⟧
paused-seat-free = ⟦fréé··⟧
paused-seat-nobody = ⟦ñóbódý··⟧
paused-seat-sold = ⟦šóld·· tó· { $fan }⟧
paused-seconds = ⟦{ $seconds } š⟧
paused-stat-granted = ⟦B gétš·· thé· lóçk·· át·⟧
paused-stat-result = ⟦Réšúlt··⟧
paused-stat-seat = ⟦Ç14 bélóñgš··· tó·⟧
paused-stat-wakes = ⟦Å wákéš·· át·⟧
paused-step = ⟦Åt· { $time } š, { $actor } { $action }.⟧
paused-step-token = ⟦Åt· { $time } š, { $actor } { $action } (tókéñ·· { $token }).⟧
paused-steps = ⟦Thé· tímélíñé···, štép·· bý· štép··⟧
paused-title = ⟦Thé· páúšéd·· hóldér··: twó· wórkérš···, óñé· lóçk··, thé· lášt·· šéát··⟧
paused-wakes = ⟦wákéš·· úp·⟧
paused-wakes-believing = ⟦wákéš·· úp·, štíll·· bélíévíñg···· ít· hóldš·· thé· lóçk··⟧
paused-writes-applied = ⟦wrítéš·· Ç14 → { $fan }: ápplíéd···⟧
paused-writes-fenced = ⟦wrítéš·· Ç14 → { $fan }: réfúšéd···: štórágé··· háš· álréádý··· šééñ·· tókéñ·· { $highest }⟧
paused-writes-taken = ⟦wrítéš·· Ç14 → { $fan }: réfúšéd···: Ç14 íš· ñó· lóñgér·· fréé·· (0 rówš·· úpdátéd···)⟧
player-back = ⟦Štép·· báçk··⟧
player-forward = ⟦Štép·· fórwárd···⟧
player-label = ⟦Tímélíñé··· pláýér··: Špáçé·· pláýš·· ór· páúšéš··, árrów·· kéýš·· štép··, Hómé·· áñd· Éñd· júmp··⟧
player-pause = ⟦Páúšé··⟧
player-play = ⟦Pláý··⟧
player-position = ⟦{ $now } óf· { $end }⟧
player-scrub = ⟦Tímé·· íñ· thé· štórý··⟧
player-speed = ⟦Špééd··⟧
player-speed-option = ⟦{ $speed }×⟧
player-time-ms = ⟦{ $t } mš·⟧
player-time-s = ⟦{ $t } š⟧
player-time-steps = ⟦{ $t ->
    [one] { $t } štép··
   *[other] { $t } štépš··
}⟧
predict-again = ⟦Ñót· qúíté··. Trý· ágáíñ··.⟧
predict-answers-before = ⟦{ INT($n) } áñšwérš··· béfóré·· thé· rúñ· íš· šhówñ··.⟧
predict-asking = ⟦Prédíçtíóñ···· { INT($n) } óf· { INT($total) }: thé· réšúltš··· štáý·· híddéñ·· úñtíl·· ýóú· áñšwér··⟧
predict-choose = ⟦Çhóóšé·· óñé· óf· thé· áñšwérš···.⟧
predict-commit = ⟦Çómmít·· áñd· šhów·· thé· rúñ·⟧
predict-count = ⟦Prédíçtíóñ···· { INT($n) } óf· { INT($total) }⟧
predict-discarded = ⟦Šávéd·· prédíçtíóñš···· wéré·· díšçárdéd····: { $why }. Štártíñg··· áfréšh··.⟧
predict-done = ⟦Prédíçtíóñš···· dóñé··: thé· wídgét·· íš· báçk·· át· thíš·· págé··'š šéttíñgš···, ýóúrš·· tó· éxplóré···.⟧
predict-done-score = ⟦Prédíçtíóñš···· dóñé··: { INT($right) } óf· { INT($total) } ríght·· át· thé· fíršt·· áñšwér··. Thé· wídgét·· íš· báçk·· át· thíš·· págé··'š šéttíñgš···, ýóúrš·· tó· éxplóré···.⟧
predict-explore = ⟦Dóñé··: éxplóré··· fréélý··⟧
predict-field = ⟦Yóúr·· prédíçtíóñ···· ({ $min } tó· { $max })⟧
predict-field-choice = ⟦Yóúr·· prédíçtíóñ····⟧
predict-field-unit = ⟦Yóúr·· prédíçtíóñ····, íñ· { $unit } ({ $min } tó· { $max })⟧
predict-give-number = ⟦Gívé·· á ñúmbér·· fróm·· { $min } tó· { $max }.⟧
predict-left = ⟦Ñót· qúíté··. { INT($left) ->
    [one] { INT($left) } áñšwér··
   *[other] { INT($left) } áñšwérš···
} léft··.⟧
predict-loading = ⟦Lóádíñg··· thé· prédíçtíóñš····…⟧
predict-next = ⟦Ñéxt·· prédíçtíóñ····⟧
predict-not-saved = ⟦Yóúr·· prédíçtíóñš···· çóúld·· ñót· bé· šávéd·· íñ· thíš·· brówšér···: théý·· çóúñt·· óñ· thíš·· págé·· bút· wíll·· bé· fórgóttéñ···· whéñ·· ýóú· léávé·· ít·.⟧
predict-paper = ⟦Prédíçtíóñ···· { INT($n) }. { $question }⟧
predict-paper-room = ⟦Yóúr·· prédíçtíóñ····: ____________ { $unit }⟧
predict-region = ⟦Prédíçtíóñš····⟧
predict-region-titled = ⟦Prédíçtíóñš····: { $title }⟧
predict-right = ⟦Ríght··.⟧
predict-run = ⟦Yóú· šáíd·· { $said }. Thé· rúñ·: { $actual }.⟧
predict-run-exact = ⟦Yóú· šáíd·· { $said }. Thé· rúñ·: { $actual } (éxáçtlý··· { $exact } óñ· ávérágé···).⟧
predict-said-again = ⟦Ñót· qúíté·· ({ INT($attempts) ->
    [one] { INT($attempts) } áñšwér··
   *[other] { INT($attempts) } áñšwérš···
} šó· fár·). Trý· ágáíñ··: thé· rúñ· štáýš·· híddéñ·· úñtíl·· ýóúr·· áñšwér·· íš· ríght··.⟧
predict-said-left = ⟦Ñót· qúíté··. { INT($left) ->
    [one] { INT($left) } áñšwér··
   *[other] { INT($left) } áñšwérš···
} léft··; thé· rúñ· štáýš·· híddéñ·· úñtíl·· théñ··.⟧
predict-wrong = ⟦Ñót· thíš·· tímé··.⟧
quiz-correct = ⟦Çórréçt···.⟧
quiz-correct-xp = ⟦Çórréçt···: +{ INT($xp) } XP·.⟧
quiz-discarded = ⟦Šávéd·· prógréšš··· fór· thíš·· déçk·· wáš· díšçárdéd····: { $why }. Štártíñg··· áfréšh··.⟧
quiz-done-all = ⟦Yóú· hávé·· áñšwéréd··· évérý·· çárd··.⟧
quiz-done-round = ⟦Yóú· hávé·· áñšwéréd··· évérý·· çárd·· óf· thíš·· róúñd··.⟧
quiz-keys = ⟦Kéýš··, whílé·· thé· qúíž·· háš· fóçúš··: 1 tó· { INT($max) } tó· áñšwér··, Éñtér·· fór· thé· ñéxt·· çárd··.⟧
quiz-keys-xp = ⟦{ " " }{ INT($xp) } XP· fór· éáçh·· çárd·· áñšwéréd··· çórréçtlý···· át· thé· fíršt·· trý·.⟧
quiz-loading = ⟦Lóádíñg··· thé· déçk··…⟧
quiz-next = ⟦Ñéxt·· çárd··⟧
quiz-no-storage = ⟦Thíš·· brówšér··· kéépš·· ñó· štórágé··· fór· thíš·· págé··: ýóúr·· prógréšš··· wíll·· bé· lóšt·· whéñ·· ýóú· léávé·· ít·.⟧
quiz-recorded-retry = ⟦Îñ· thíš·· çóúršé·· thé· fíršt·· fíñíšhéd··· róúñd·· íš· whát·· íš· réçórdéd···; rétrýíñg··· íš· práçtíçé···.⟧
quiz-recorded-start-over = ⟦Îñ· thíš·· çóúršé·· thé· fíršt·· fíñíšhéd··· róúñd·· íš· whát·· íš· réçórdéd···; štártíñg··· óvér·· íš· práçtíçé···.⟧
quiz-retry = ⟦Rétrý·· thé· óñéš·· Î míššéd··⟧
quiz-retry-count = ⟦Rétrý·· thé· óñéš·· Î míššéd·· ({ INT($n) })⟧
quiz-save-browser = ⟦Yóúr·· prógréšš··· çóúld·· ñót· bé· šávéd·· íñ· thíš·· brówšér··· (ítš· štórágé··· íš· fúll·· ór· blóçkéd···): ít· wíll·· bé· lóšt·· whéñ·· ýóú· léávé·· thé· págé··.⟧
quiz-save-platform = ⟦Yóúr·· prógréšš··· çóúld·· ñót· bé· šávéd·· íñ· ýóúr·· çóúršé··'š réçórd·· (ít· hóldš·· 4,096 çháráçtérš····): ít· wíll·· bé· lóšt·· whéñ·· ýóú· léávé·· thé· págé··.⟧
quiz-score-first = ⟦Yóú· áñšwéréd··· { INT($correct) } óf· { INT($cards) } çórréçtlý···· át· thé· fíršt·· trý·, áñd· hávé·· { INT($xp) } XP·.⟧
quiz-score-round = ⟦Yóú· áñšwéréd··· { INT($correct) } óf· { INT($cards) } çórréçtlý···· thíš·· róúñd··, áñd· hávé·· { INT($xp) } XP·.⟧
quiz-see-summary = ⟦Šéé· thé· šúmmárý···⟧
quiz-start-over = ⟦Štárt·· óvér··⟧
quiz-status = ⟦Çárd·· { INT($n) } óf· { INT($total) }⟧
quiz-status-xp = ⟦Çárd·· { INT($n) } óf· { INT($total) } · { INT($xp) } XP·⟧
quiz-title = ⟦Qúíž··⟧
quiz-tries = ⟦Éáçh·· çárd·· çáñ· bé· áñšwéréd··· { INT($tries) ->
    [one] óñçé··
   *[other] { INT($tries) } tíméš··
}.⟧
quiz-tries-out = ⟦Éáçh·· çárd·· çáñ· bé· áñšwéréd··· { INT($tries) ->
    [one] óñçé··
   *[other] { INT($tries) } tíméš··
}; { INT($out) ->
    [one] { INT($out) } míššéd·· çárd·· háš·
   *[other] { INT($out) } míššéd·· çárdš·· hávé··
} ñó· tríéš·· léft··.⟧
quiz-why-not = ⟦Ñót· thíš·· óñé·:{ " " }⟧
quiz-why-right = ⟦Ríght··:{ " " }⟧
quiz-wrong = ⟦Ñót· qúíté··: šéé· whý· úñdér·· éáçh·· óptíóñ··.⟧
redis-failover-param-contention = ⟦Çháñçé·· šóméóñé··· élšé·· wáñtš·· á lóšt·· lóçk··⟧
redis-failover-param-failovers = ⟦Fáílóvérš···· šímúlátéd····⟧
redis-failover-param-grants-per-s = ⟦Lóçk·· gráñtš··⟧
redis-failover-param-lag-ms = ⟦Réplíçátíóñ···· lág· (méáñ··)⟧
redis-failover-param-seed = ⟦Šééd··⟧
redis-failover-param-store = ⟦Whéré·· thé· lóçk·· lívéš··⟧
redis-failover-param-store-consensus = ⟦Çóñšéñšúš···· (étçd··, ZóóKéépér····)⟧
redis-failover-param-store-redis = ⟦Rédíš·· prímárý··· + réplíçá···⟧
redis-failover-param-store-redlock = ⟦Rédlóçk··· (5 máštérš···)⟧
redlock-axis-chance = ⟦çháñçé·· óñé· máštér·· šáýš·· ýéš· íñ· tímé··⟧
redlock-chart-both = ⟦bóth·· çlíéñtš··· hóld·· thé· lóçk··⟧
redlock-chart-clock = ⟦çlóçk·· { $clock } mš·⟧
redlock-chart-clock-jumped = ⟦çlóçk·· { $clock } mš· (júmpéd··)⟧
redlock-chart-late-write = ⟦láté·· wríté··⟧
redlock-chart-none = ⟦ñó· lóçk··⟧
redlock-chart-now = ⟦ñów· { $ms } mš·⟧
redlock-chart-one = ⟦çlíéñt·· 1 hóldš·· thé· lóçk··⟧
redlock-chart-quorum = ⟦qúórúm·· { PERCENT($chance) } (šéédéd·· { PERCENT($rate) })⟧
redlock-clock-jumps = ⟦Ç'š çlóçk·· júmpš·· fórwárd··· bý· { $jump } mš·.⟧
redlock-crash-both = ⟦Ç çrášhéd··· áñd· çámé·· báçk·· émptý··, šó· çlíéñt·· 2 gáthéréd··· Ç, D áñd· É whílé·· çlíéñt·· 1 štíll·· héld·· thé· lóçk··: bóth·· hóld·· ít·. Å déláýéd··· réštárt··· (štáýíñg··· dówñ·· lóñgér·· tháñ·· thé· TTL·) prévéñtš··· thíš··.⟧
redlock-crash-safe = ⟦Ç štáýéd·· dówñ·· lóñgér·· tháñ·· thé· TTL· béfóré·· réjóíñíñg····, šó· çlíéñt·· 2 fóúñd·· óñlý·· D áñd· É: ñó· qúórúm··, áñd· çlíéñt·· 1 kéépš·· thé· lóçk·· álóñé··.⟧
redlock-crashes = ⟦Ç çrášhéš··· áñd· lóšéš·· ítš· kéýš·· (ñó· péršíštéñçé····, ór· fšýñç·· óñçé·· á šéçóñd··).⟧
redlock-down-failed = ⟦Wíth·· { $down } óf· fívé·· máštérš··· dówñ··, çlíéñt·· 1 gót· { redlock-yeses }: ñót· á májórítý···, šó· ñó· lóçk··.⟧
redlock-down-held = ⟦Wíth·· { $down } óf· fívé·· máštérš··· dówñ··, çlíéñt·· 1 gót· { redlock-yeses }: štíll·· á májórítý···, šó· ít· hóldš·· thé· lóçk··.⟧
redlock-expires-early = ⟦Ç'š çópý·· óf· thé· kéý· éxpíréš··· éárlý··.⟧
redlock-freezes-after = ⟦çlíéñt·· 1 frééžéš··· fór· { $pause } mš·, ríght·· áftér·· ítš· çhéçk··.⟧
redlock-freezes-collecting = ⟦çlíéñt·· 1 frééžéš··· fór· { $pause } mš· whílé·· çólléçtíñg···· réplíéš···.⟧
redlock-holds = ⟦çlíéñt·· 1 háš· { redlock-yeses } íñ· { $elapsed } mš·: ít· hóldš·· thé· lóçk·· fór· á válídítý··· óf· { $validity } mš· (TTL· { $ttl } − élápšéd··· { $elapsed } − dríft·· { $drift }).⟧
redlock-jump-both = ⟦Ç'š çlóçk·· júmpéd·· { $jump } mš· áhéád··, ítš· kéý· éxpíréd··· éárlý··, áñd· çlíéñt·· 2 gáthéréd··· Ç, D áñd· É whílé·· çlíéñt·· 1'š válídítý··· wáš· štíll·· rúññíñg···: bóth·· hóld·· thé· lóçk··. Rédlóçk···'š šáfétý·· áššúméš··· çlóçkš·· dó· ñót· júmp·· líké·· thíš··.⟧
redlock-jump-safe = ⟦Ç'š çlóçk·· júmpéd·· óñlý·· { $jump } mš·: bý· thé· tímé·· ítš· kéý· éxpíréd···, çlíéñt·· 1'š válídítý··· wáš· óvér··, šó· thé· twó· ñévér·· héld·· thé· lóçk·· át· óñçé··.⟧
redlock-key-1 = ⟦çlíéñt·· 1'š kéý· ór· hóld··⟧
redlock-key-2 = ⟦çlíéñt·· 2'š kéý· ór· hóld··⟧
redlock-key-request = ⟦á réqúéšt··· áñd· ítš· áñšwér··⟧
redlock-label-end-both = ⟦bóth·· çlíéñtš··· éñd· úp· hóldíñg··· thé· lóçk··⟧
redlock-label-end-none = ⟦ñó· lóçk··⟧
redlock-label-end-one = ⟦çlíéñt·· 1 hóldš·· thé· lóçk··⟧
redlock-lane-client-1 = ⟦çlíéñt·· 1⟧
redlock-lane-client-2 = ⟦çlíéñt·· 2⟧
redlock-lane-master = ⟦máštér·· { $node }⟧
redlock-lede = ⟦Å çlíéñt·· áškš·· fívé·· íñdépéñdéñt···· Rédíš·· máštérš··· fór· thé· šámé·· kéý· (héré·· óñé· áftér·· áñóthér···, áš· thé· Rédíš·· déšçríptíóñ···· pútš·· ít·; máñý·· çlíéñtš··· ášk· áll· fívé·· át· óñçé··). Ît· hóldš·· thé· lóçk·· óñlý·· íf· át· léášt·· thréé·· šáíd·· ýéš· áñd· thé· áškíñg·· tóók·· léšš·· tháñ·· thé· TTL·; whát·· íš· léft··, míñúš·· áñ· állówáñçé···· fór· çlóçk·· dríft··, íš· hów· lóñg·· ít· máý· úšé· thé· lóçk··. Pláý·· éáçh·· šçéñáríó··· áñd· wátçh·· whéré·· thát·· réášóñíñg···· hóldš·· áñd· whéré·· ít· bréákš··.⟧
redlock-method = ⟦Détérmíñíštíç····· wálkthróúghš·····. ŠÉT· kéý· válúé·· ÑX· PX· ttl· góéš·· tó· thé· máštérš··· íñ· túrñ··; á máštér·· thát·· íš· dówñ·· çóštš·· ítš· 50 mš· tíméóút···. Válídítý··· = TTL· − élápšéd··· − dríft··, dríft·· = 0.01 × TTL· + 2 mš· (thé· çlíéñt·· líbráríéš····' çóñvéñtíóñ····). Çlóçk·· júmp·· áñd· çrášh··-réštárt··· áré· Kléppmáññ····'š çóúñtéréxámpléš······. Thát·· ñó· léášé·· çátçhéš··· á páúšé·· áftér·· thé· çhéçk··, hé· áñd· Rédíš··'š áúthór·· ágréé··; hé· wóúld·· hávé·· thé· réšóúrçé··· çhéçk·· á féñçíñg··· tókéñ··, whílé·· Rédíš··'š áúthór·· árgúéš·· thát·· thé· lóçk··'š úñíqúé·· válúé··, çhéçkéd··· bý· thé· réšóúrçé··· wíth·· á çhéçk··-áñd·-šét·, çáñ· šérvé··. Thé· qúórúm·· çúrvé·· íš· Σ Ç(5,k) q^k (1 − q)^(5−k) fór· k ≥ 3, wíth·· šéédéd·· áttémptš··· béšídé·· ít·.⟧
redlock-ms = ⟦{ $ms } mš·⟧
redlock-no-answer = ⟦çlíéñt·· 1 gétš·· ñó· áñšwér·· fróm·· { $node } wíthíñ·· ítš· { $timeout } mš· tíméóút···.⟧
redlock-no-answer-2 = ⟦çlíéñt·· 2 gétš·· ñó· áñšwér·· fróm·· { $node }.⟧
redlock-normal = ⟦Åll· fívé·· máštérš··· šáíd·· ýéš· íñ· { $elapsed } mš·, šó· çlíéñt·· 1 máý· úšé· thé· lóçk·· fór· { $validity } mš·, á líttlé·· úñdér·· thé· { $ttl } mš· TTL·.⟧
redlock-odds = ⟦Îf· éáçh·· máštér·· šáýš·· ýéš· íñ· tímé·· wíth·· próbábílítý···· { PERCENT($chance) }, á qúórúm·· fórmš·· { PERCENT($quorum) } óf· thé· tímé·· ({ PERCENT($rate) } óf· { INT($trials) } šéédéd·· áttémptš···).⟧
redlock-odds-caption = ⟦Thé· çháñçé·· óf· á qúórúm·· (líñé··) áñd· thé· šháré·· óf· šéédéd·· áttémptš··· thát·· fórméd·· óñé· (dót·).⟧
redlock-odds-label = ⟦Çúrvé·· óf· thé· çháñçé·· óf· á qúórúm·· óf· { $needed } óf· 5 ágáíñšt··· thé· çháñçé·· thát·· óñé· máštér·· šáýš·· ýéš· íñ· tímé··: { PERCENT($chance) } héré··, { PERCENT($rate) } óf· thé· šéédéd·· áttémptš···.⟧
redlock-param-clock-jump-ms = ⟦Ç'š çlóçk·· júmpš·· bý·⟧
redlock-param-delayed-restart = ⟦Déláýéd··· réštárt··· (dówñ·· lóñgér·· tháñ·· thé· TTL·)⟧
redlock-param-latency-ms = ⟦Réplý·· tímé·· pér· máštér··⟧
redlock-param-node-timeout-ms = ⟦Çlíéñt··'š tíméóút··· pér· máštér··⟧
redlock-param-nodes-down = ⟦Máštérš··· dówñ··⟧
redlock-param-nodes-up-chance = ⟦Çháñçé·· á máštér·· šáýš·· ýéš· íñ· tímé··⟧
redlock-param-pause-ms = ⟦Çlíéñt·· 1'š páúšé··⟧
redlock-param-pause-when = ⟦Çlíéñt·· 1 páúšéš··⟧
redlock-param-pause-when-after-check = ⟦áftér·· thé· çhéçk··⟧
redlock-param-pause-when-collecting = ⟦whílé·· çólléçtíñg···· réplíéš···⟧
redlock-param-scenario = ⟦Šçéñáríó···⟧
redlock-param-scenario-client-pause = ⟦Thé· çlíéñt·· páúšéš··⟧
redlock-param-scenario-clock-jump = ⟦Å çlóçk·· júmpš··⟧
redlock-param-scenario-crash-restart = ⟦Å máštér·· çrášhéš··· áñd· réštártš···⟧
redlock-param-scenario-node-down = ⟦Máštérš··· dówñ··⟧
redlock-param-scenario-normal = ⟦Åll· fívé·· áñšwér·· qúíçklý···⟧
redlock-param-scenario-slow-nodes = ⟦Thréé·· šlów·· máštérš···⟧
redlock-param-seed = ⟦Šééd··⟧
redlock-param-slow-ms = ⟦Réplý·· tímé·· óf· thé· šlów·· máštérš···⟧
redlock-param-trials = ⟦Åttémptš··· šímúlátéd····⟧
redlock-param-ttl-ms = ⟦Lóçk·· TTL·⟧
redlock-pause-collecting-held = ⟦Çlíéñt·· 1 fróžé·· fór· { $pause } mš· whílé·· çólléçtíñg···· réplíéš···. Thé· élápšéd···-tímé·· çhéçk·· çóúñtš·· thé· páúšé·· ({ $elapsed } mš· íñ· áll·), šó· ít· štíll·· hád· válídítý··· léft·· áñd· hóldš·· thé· lóçk··.⟧
redlock-pause-collecting-refused = ⟦Çlíéñt·· 1 fróžé·· fór· { $pause } mš· whílé·· çólléçtíñg···· réplíéš···. Thé· élápšéd···-tímé·· çhéçk·· çóúñtš·· thé· páúšé·· ({ $elapsed } mš· íñ· áll·), šó· ít· réfúšéš··· thé· lóçk·· áñd· dóéš·· ñót· úšé· ít·.⟧
redlock-pause-in-time = ⟦Çlíéñt·· 1 fróžé·· fór· { $pause } mš· áftér·· ítš· çhéçk··, bút· wóké·· íñšídé·· ítš· { $validity } mš· válídítý···.⟧
redlock-pause-late = ⟦Çlíéñt·· 1 fróžé·· fór· { $pause } mš· ríght·· áftér·· ítš· çhéçk··, lóñgér·· tháñ·· ítš· { $validity } mš· válídítý···. Îtš· kéýš·· éxpíréd···, çlíéñt·· 2 tóók·· thé· lóçk··, áñd· çlíéñt·· 1'š wríté·· árrívéd··· láté·· áñýwáý··. Ñó· léášé·· çátçhéš··· á páúšé·· áftér·· thé· hóldér··'š lášt·· çhéçk··: óñ· thát·· Kléppmáññ···· áñd· Rédíš··'š áúthór·· ágréé··. Kléppmáññ····'š rémédý·· íš· á móñótóñíç···· féñçíñg··· tókéñ·· thát·· thé· réšóúrçé··· çhéçkš·· (Rédlóçk··· çáññót·· míñt·· óñé·); Rédíš··'š áúthór·· áñšwérš··· thát·· thé· lóçk··'š úñíqúé·· ráñdóm·· válúé··, çhéçkéd··· bý· thé· réšóúrçé··· wíth·· á çhéçk··-áñd·-šét·, çáñ· šérvé·· tóó·, áñd· thát·· á réšóúrçé··· áblé·· tó· çhéçk·· éíthér·· hárdlý·· ñéédš·· thé· lóçk··.⟧
redlock-rejoins = ⟦Ç réjóíñš···, áftér·· évérý·· kéý· ít· hád· çóúld·· hávé·· éxpíréd··· áñýwáý··.⟧
redlock-restarts = ⟦Ç réštártš···, émptý··.⟧
redlock-second-fails = ⟦çlíéñt·· 2 háš· óñlý·· { $yes } ýéšéš··: ñó· lóçk··.⟧
redlock-second-holds = ⟦çlíéñt·· 2 háš· { $yes } ýéšéš··: ít· hóldš·· thé· lóçk·· tóó·.⟧
redlock-slow-held = ⟦Thréé·· šlów·· máštérš··· štrétçhéd···· thé· áçqúíšítíóñ···· tó· { $elapsed } mš·: áll· fívé·· šáíd·· ýéš·, áñd· óñlý·· { $validity } mš· óf· thé· { $ttl } mš· TTL· áré· léft·· tó· úšé·.⟧
redlock-slow-refused = ⟦Åll· fívé·· šáíd·· ýéš·, bút· thát·· tóók·· { $elapsed } mš· óf· á { $ttl } mš· TTL·: ñó· tímé·· léft··, šó· thé· lóçk·· íš· réfúšéd··· áñd· réléášéd···.⟧
redlock-slow-timeout = ⟦Ç, D áñd· É áñšwér·· óñlý·· áftér·· { $slow } mš·, pášt·· çlíéñt·· 1'š { $timeout } mš· tíméóút··· pér· máštér··: ít· dóéš·· ñót· wáít·· fór· thém··, šó· ít· háš· { redlock-yeses }, ñó· májórítý···, áñd· réléášéš··· thé· lóçk·· évérýwhéré····. Å çlíéñt·· thát·· wáítéd·· lóñgér·· tháñ·· { $slow } mš· fór· éáçh·· máštér·· wóúld·· çóúñt·· thém··, áñd· šéé· hów· múçh·· óf· thé· TTL· thé· wáít·· úšéš·· úp·.⟧
redlock-stat-elapsed = ⟦Élápšéd···⟧
redlock-stat-validity = ⟦Válídítý···⟧
redlock-stat-verdict = ⟦Vérdíçt···⟧
redlock-stat-yes = ⟦Yéš· áñšwérš···⟧
redlock-stat-yes-value = ⟦{ $yes } óf· 5 (ñééd·· { $needed })⟧
redlock-step = ⟦Åt· { $time } mš·, { $what }⟧
redlock-timeout = ⟦Évérý·· máštér·· áñšwérš··· áftér·· { $latency } mš·, lóñgér·· tháñ·· çlíéñt·· 1 wáítš·· fór· óñé· ({ $timeout } mš·): ít· çóúñtš·· ñó· ýéš·, šó· ít· gétš·· ñó· lóçk·· áñd· réléášéš··· évérýwhéré····.⟧
redlock-title = ⟦Rédlóçk···: á qúórúm·· óñ· fívé·· Rédíš·· máštérš···⟧
redlock-too-few = ⟦çlíéñt·· 1 háš· óñlý·· { redlock-yeses }, féwér·· tháñ·· { $needed }: ñó· lóçk··, áñd· ít· réléášéš··· thé· kéýš·· ít· gót·.⟧
redlock-too-slow = ⟦çlíéñt·· 1 háš· { redlock-yeses }, bút· çólléçtíñg···· thém·· tóók·· { $elapsed } mš· óf· á { $ttl } mš· TTL·: ñó· válídítý··· léft··, šó· ñó· lóçk··; ít· réléášéš··· évérýwhéré····.⟧
redlock-verdict-both = ⟦twó· çlíéñtš··· hóld·· ít·⟧
redlock-verdict-none = ⟦ñó· lóçk··⟧
redlock-verdict-one = ⟦çlíéñt·· 1 hóldš·· ít·⟧
redlock-wakes-in-time = ⟦çlíéñt·· 1 wákéš·· íñšídé·· ítš· válídítý··· áñd· fíñíšhéš··· íñ· tímé··.⟧
redlock-wakes-late = ⟦çlíéñt·· 1 wákéš·· áñd· wrítéš··, šúré·· ít· štíll·· hóldš·· thé· lóçk··: ñó· léášé·· çáñ· çátçh·· thíš··; óñlý·· á çhéçk·· thé· réšóúrçé··· ítšélf·· mákéš·· (á féñçíñg··· tókéñ··, ór· á çhéçk··-áñd·-šét· óñ· á válúé··) çáñ· réfúšé·· thé· wríté··.⟧
redlock-walk-label = ⟦Tímélíñé··· óf· twó· çlíéñtš··· áñd· fívé·· máštérš···: çlíéñt·· 1 çólléçtéd···· { $quorum } óf· 5 ýéšéš·· íñ· { $elapsed } mš·; { $end }.⟧
redlock-yes-1 = ⟦{ $node } šáýš·· ýéš· tó· çlíéñt·· 1.⟧
redlock-yes-2 = ⟦{ $node } šáýš·· ýéš· tó· çlíéñt·· 2.⟧
redlock-yeses = ⟦{ $quorum ->
    [one] { $quorum } ýéš·
   *[other] { $quorum } ýéšéš··
}⟧
renewal-all-fenced = ⟦Å šéçóñd·· wórkér·· répéátéd··· { INT($repeats) } óf· thém·· áñd· régíštéréd···· ítš· ñéwér·· tókéñ·· wíth·· ítš· fíršt·· réád·· óf· thé· íñvóíçé··· rów·, šó· thé· dátábášé··· réfúšéd··· áll· { INT($refused) } láté·· íñvóíçéš··· fróm·· thé· fíršt·· wórkér·· bý· théír·· óldér·· tókéñ··, hówévér··· éárlý·· théý·· árrívéd···. Thé· émáíl·· próvídér··· çhéçkš·· ñó· tókéñ··: { INT($emails) } émáílš·· wéñt·· óút· twíçé··.⟧
renewal-axis-length = ⟦rúñ· léñgth··: wórk·· + štáll·· (lóg· šçálé··)⟧
renewal-axis-runs = ⟦rúñš··⟧
renewal-bar-emails = ⟦dóúblé·· émáílš··⟧
renewal-bar-harmless = ⟦hármléšš··· répéátš···⟧
renewal-bar-invoices = ⟦dóúblé·· íñvóíçéš···⟧
renewal-bar-refused = ⟦wrítéš·· réfúšéd···⟧
renewal-chart-lease = ⟦léášé·· { $ttl } š⟧
renewal-costs-caption = ⟦Whát·· thé· lóšt·· rúñš·· díd·: thíš·· déféñçé··· (šólíd··) béšídé·· ñó· déféñçé··· óñ· thé· šámé·· rúñš·· (fáíñt··).⟧
renewal-costs-label = ⟦Bárš·· fór· thé· lóšt·· rúñš·· wíth·· thíš·· déféñçé··· (áñd· wíthóút··· áñý·): dóúblé·· íñvóíçéš··· { INT($invoices) } ({ INT($invoicesBefore) }), dóúblé·· émáílš·· { INT($emails) } ({ INT($emailsBefore) }), wrítéš·· réfúšéd··· { INT($refused) }, hármléšš··· répéátš··· { INT($harmless) }.⟧
renewal-idempotent = ⟦{ INT($harmless) } répéátš··· çárríéd··· thé· šámé·· ídémpótéñçý···· kéýš··, šó· ñéíthér··· thé· íñvóíçé··· ñór· thé· émáíl·· háppéñéd··· twíçé·· (áš· lóñg·· áš· thé· émáíl·· próvídér··· hóñóúrš··· thé· kéý·).⟧
renewal-keeps = ⟦Îñ· thíš·· módél·· réñéwál··· kéépš·· šlów·· rúñš·· šáfé·· áñd· óñlý·· á štáll·· thát·· álšó·· frééžéš··· thé· réñéwér···, áñd· óútláštš··· whát·· íš· léft·· óf· thé· léášé··, lóšéš·· ít· (á pártítíóñ····, á lóšt·· réñéwál··· réplý·· ór· á fáílóvér··· çáñ· lóšé·· á réñéwéd··· léášé·· tóó·; théý·· áré· ñót· módélléd···).⟧
renewal-key-kept = ⟦képt·· thé· lóçk··⟧
renewal-key-lost = ⟦lóšt·· thé· lóçk·· whílé·· rúññíñg···⟧
renewal-lede = ⟦Å jób· tákéš·· á lóçk·· wíth·· á léášé·· áñd· šéñdš·· áñ· íñvóíçé··· áñd· áñ· émáíl·· whéñ·· ít· íš· dóñé··. Îf· ít· lóšéš·· thé· lóçk·· whílé·· štíll·· rúññíñg···, á šéçóñd·· wórkér·· máý· rúñ· ít· ágáíñ··. Çómpáré··· whát·· réñéwál···, á féñçíñg··· tókéñ·· (óñ· thé· wríté··, ór· óñ· évérý·· áççéšš··) áñd· ídémpótéñçý···· kéýš·· éáçh·· dó· wíth·· thé· šámé·· rúñš··.⟧
renewal-lost = ⟦Wíth·· á { $ttl } š léášé··, { INT($lost) } óf· { INT($runs) } rúñš·· ({ PERCENT($share) }; éxáçtlý··· { PERCENT($exact) }) lóšt·· théír·· lóçk·· whílé·· štíll·· rúññíñg···.⟧
renewal-method = ⟦{ INT($runs) } šéédéd·· rúñš··: lóg·-ñórmál·· wórk·· áróúñd·· thé· týpíçál··· válúé··, plúš··, wíth·· thé· štáll·· çháñçé··, á štáll·· (éxpóñéñtíál···· ór· Párétó··) át· á ráñdóm·· póíñt·· óf· thé· wórk··. Réñéwál··· éxtéñdš··· thé· léášé·· évérý·· íñtérvál··· fróm·· thé· štárt·· whílé·· thé· jób· rúñš··; á štáll·· frééžéš··· thé· réñéwér··· tóó·. Å šéçóñd·· wórkér·· štártš·· whéñ·· thé· lóçk·· móvéš·· tó· ít·, wíth·· thé· ñéwér·· tókéñ··, réádš·· thé· íñvóíçé··· rów· áñd· rúñš·· ítš· ówñ· jób·. Wríté··-óñlý·· féñçíñg···: thé· dátábášé··· réfúšéš··· thé· fíršt·· wórkér··'š láté·· íñvóíçé··· óñlý·· íf· thé· šéçóñd·· wórkér··'š íñvóíçé··· gót· théré·· fíršt··; féñçíñg··· évérý·· áççéšš··: thé· šéçóñd·· wórkér··'š réád·· régíštérš···· ítš· tókéñ··, šó· évérý·· láté·· íñvóíçé··· íš· réfúšéd···. Thé· émáíl·· próvídér··· çhéçkš·· ñó· tókéñ··. Îdémpótéñçý···· kéýš··: bóth·· réçógñíšé···· thé· répéát··, áššúmíñg··· thé· próvídér··· hóñóúrš··· thé· kéý·. Thé· éxáçt·· çháñçé·· óf· lóšíñg·· thé· lóçk·· çóméš·· fróm·· thé· šámé·· módél··. Ñót· módélléd···: á pártítíóñ····, á lóšt·· réñéwál··· réplý·· ór· á fáílóvér···, whíçh·· çáñ· lóšé·· á réñéwéd··· léášé·· tóó·.⟧
renewal-runs-label = ⟦Híštógrám···· óf· { INT($runs) } rúñ· léñgthš··· óñ· á lóg· šçálé·· wíth·· thé· léášé·· márkéd··: { INT($lost) } rúñš·· lóšt·· thé· lóçk·· (íñ· réd·).⟧
renewal-seconds = ⟦{ $seconds } š⟧
renewal-stat-emails = ⟦Dóúblé·· émáílš··⟧
renewal-stat-invoices = ⟦Dóúblé·· íñvóíçéš···⟧
renewal-stat-lost = ⟦Rúñš·· thát·· lóšt·· thé· lóçk··⟧
renewal-stat-lost-value = ⟦{ INT($lost) } ({ PERCENT($exact) } éxáçt··)⟧
renewal-stat-wasted = ⟦Wórk·· dóñé·· ágáíñ··⟧
renewal-title = ⟦Bréák·· ít·: thé· jób· thát·· óútlívéš··· ítš· lóçk··⟧
renewal-too-late = ⟦Réñéwíñg··· évérý·· { $every } š ñévér·· çóméš·· béfóré·· á { $ttl } š léášé·· rúñš·· óút·, šó· réñéwál··· çháñgéš··· ñóthíñg··· héré··.⟧
renewal-unprotected = ⟦Å šéçóñd·· wórkér·· répéátéd··· { INT($repeats) } óf· thém··: { INT($invoices) } dóúblé·· íñvóíçéš··· áñd· { INT($emails) } dóúblé·· émáílš··, wíth·· ñó· érrór·· áñýwhéré···.⟧
renewal-wasted = ⟦{ $wasted } š óf· wórk·· wéré·· dóñé·· ágáíñ··.⟧
renewal-write-fenced = ⟦Å šéçóñd·· wórkér··, hóldíñg··· thé· ñéwér·· tókéñ··, répéátéd··· { INT($repeats) } óf· thém··. Thé· dátábášé··· çhéçkš·· thé· tókéñ·· óñ· thé· íñvóíçé··· wríté·· óñlý··: { INT($refused) } láté·· íñvóíçéš··· fróm·· thé· fíršt·· wórkér·· árrívéd··· áftér·· thé· šéçóñd·· wórkér··'š áñd· wéré·· réfúšéd··· bý· théír·· óldér·· tókéñ··, bút· { INT($invoices) } árrívéd··· fíršt··, whéñ·· théír·· tókéñ·· wáš· štíll·· thé· híghéšt··· šééñ··, áñd· wéré·· áççéptéd··· béšídé·· thé· répéát··'š: dóúblé·· íñvóíçéš··· thát·· wríté··-óñlý·· féñçíñg··· çáññót·· štóp··. Thé· émáíl·· próvídér··· çhéçkš·· ñó· tókéñ··: { INT($emails) } émáílš·· wéñt·· óút· twíçé··.⟧
sandbox-action-acquire = ⟦áçqúíré···⟧
sandbox-action-pause = ⟦páúšé··⟧
sandbox-action-read = ⟦réád··⟧
sandbox-action-release = ⟦réléášé···⟧
sandbox-action-write = ⟦wríté··⟧
sandbox-button = ⟦{ $client }: { $action }⟧
sandbox-button-done = ⟦{ $client }: dóñé··⟧
sandbox-cannot = ⟦{ $client } çáññót·· { $action }: { $why }.⟧
sandbox-cannot-act = ⟦{ $client } çáññót·· áçt·: { $why }.⟧
sandbox-cell = ⟦{ $ending } órdérš·· wíth·· { $protection }⟧
sandbox-chart-client = ⟦çlíéñt·· { $client }⟧
sandbox-chart-label = ⟦Tímélíñé··· óf· thé· štépš·· šó· fár·, úp· tó· { $clock } š: éáçh·· çlíéñt··'š léášé··, páúšéš··, réádš·· áñd· wrítéš··, áñd· thé· štórágé···'š válúé·· { $value }.⟧
sandbox-chart-storage = ⟦štórágé···⟧
sandbox-chart-token = ⟦tókéñ·· { $token }⟧
sandbox-client = ⟦Çlíéñt·· { $client }⟧
sandbox-client-token = ⟦tókéñ·· { $token }, { $status }⟧
sandbox-col-checks = ⟦štórágé··· çhéçkš··⟧
sandbox-col-correct = ⟦çórréçt···⟧
sandbox-col-older = ⟦lóšt·· úpdáté··: óldér·· tókéñ·· óvérwróté····⟧
sandbox-col-stale = ⟦lóšt·· úpdáté··: štálé·· réád··⟧
sandbox-ending-correct = ⟦çórréçt···⟧
sandbox-ending-older-overwrote = ⟦lóšt·· úpdáté··: áñ· óldér·· tókéñ·· óvérwróté····⟧
sandbox-ending-stale-read = ⟦lóšt·· úpdáté··: déçídéd··· óñ· á štálé·· réád··⟧
sandbox-holder = ⟦Hóldér··: { $client } (tókéñ·· { $token }), léášé·· úñtíl·· { $until } š.⟧
sandbox-holder-nobody = ⟦Hóldér··: ñóbódý··.⟧
sandbox-kept = ⟦{ $kept ->
    [0] ñóñé·· íš· képt··
    [one] thé· óñé· béfóré·· ít· íš· képt··
   *[other] thé· { $kept } béfóré·· ít· áré· képt··
}⟧
sandbox-key-applied = ⟦wríté·· ápplíéd···⟧
sandbox-key-late = ⟦léášé·· góñé··, štíll·· bélíévéš··· ít· hóldš·· ít·⟧
sandbox-key-pause = ⟦páúšéd··⟧
sandbox-key-read = ⟦réád··⟧
sandbox-key-refused = ⟦réfúšéd···⟧
sandbox-key-valid = ⟦hóldíñg··· á válíd·· léášé··⟧
sandbox-lede = ⟦Yóú· áré· thé· šçhédúlér····. Éáçh·· çlíéñt·· tákéš·· thé· lóçk··, réádš·· thé· çóúñtér···, wrítéš·· whát·· ít· réád·· plúš·· ítš· ówñ· ámóúñt·· (Å áddš·· 1, B 10, Ç 100), áñd· réléášéš···. Å çlíéñt·· hóldíñg··· thé· lóçk·· çáñ· páúšé··: ít· frééžéš··· úñtíl·· ítš· léášé·· háš· rúñ· óút· áñd· théñ·· çárríéš··· óñ·, úñáwáré···. Pláý·· thé· štépš·· íñ· áñý· órdér·· thé· lóçk·· állówš··, áñd· šéé· whát·· thé· štórágé··· létš·· thróúgh···.⟧
sandbox-lock-service = ⟦Lóçk·· šérvíçé···⟧
sandbox-log-acquire = ⟦{ $client } gétš·· thé· lóçk·· wíth·· tókéñ·· { $token }; ítš· léášé·· rúñš·· úñtíl·· { $expires } š.⟧
sandbox-log-no-write = ⟦{ $client } háš· ñóthíñg··· tó· wríté··: ítš· réád·· wáš· réfúšéd···, šó· ít· gívéš·· úp·.⟧
sandbox-log-pause = ⟦{ $client } frééžéš··· úñtíl·· ítš· léášé·· háš· rúñ· óút·, át· { $until } š, théñ·· çárríéš··· óñ· áš· íf· ñóthíñg··· háppéñéd···.⟧
sandbox-log-read = ⟦{ $client } réádš·· { $value }.⟧
sandbox-log-read-refused = ⟦Štórágé··· réfúšéš··· { $client }'š réád··: tókéñ·· { $token } íš· bélów·· { $seen }, whíçh·· ít· háš· álréádý··· šééñ··.⟧
sandbox-log-read-registers = ⟦{ $client } réádš·· { $value } áñd· régíštérš···· tókéñ·· { $token }.⟧
sandbox-log-release = ⟦{ $client } réléášéš··· thé· lóçk··.⟧
sandbox-log-release-expired = ⟦{ $client } réléášéš···, bút· ítš· léášé·· hád· álréádý··· rúñ· óút·: théré·· wáš· ñóthíñg··· tó· délété··.⟧
sandbox-log-release-other = ⟦{ $client }'š réléášé··· fíñdš·· { $other }'š lóçk·· áñd· léávéš·· ít· álóñé··.⟧
sandbox-log-title = ⟦Whát·· háppéñéd···, štép·· bý· štép··⟧
sandbox-log-wait = ⟦Å šéçóñd·· páššéš··.⟧
sandbox-log-write = ⟦Štórágé··· ápplíéš··· { $client }'š wríté··: thé· válúé·· íš· ñów· { $new }.⟧
sandbox-log-write-erasing = ⟦Štórágé··· ápplíéš··· { $client }'š wríté··: thé· válúé·· íš· ñów· { $new }, érášíñg··· { $lost }'š úpdáté··.⟧
sandbox-log-write-refused = ⟦Štórágé··· réfúšéš··· { $client }'š wríté·· óf· { $new }: { $why }.⟧
sandbox-method = ⟦Évérý·· štép·· tákéš·· óñé· šéçóñd··; á páúšé·· láštš·· úñtíl·· thé· páúšér··'š léášé·· háš· rúñ· óút·. Thé· lóçk·· šérvíçé··· gráñtš·· thé· lóçk·· whéñ·· ít· íš· fréé·· ór· thé· hóldér··'š léášé·· háš· rúñ· óút·, wíth·· tókéñš·· 33, 34, 35; á réléášé··· délétéš··· óñlý·· ítš· ówñ· lóçk··. Tókéñš·· óñ· wrítéš·· óñlý··: á wríté·· bélów·· thé· híghéšt··· tókéñ·· wríttéñ··· íš· réfúšéd···. Tókéñš·· óñ· évérý·· áççéšš··: réádš·· régíštér··· théír·· tókéñ·· tóó·, áñd· á réád·· ór· wríté·· bélów·· thé· híghéšt··· tókéñ·· šééñ·· íš· réfúšéd···. Éqúál·· tókéñš·· áré· áççéptéd···, šó· á hóldér·· çáñ· réád·· áñd· théñ·· wríté·· wíth·· ítš· ówñ· tókéñ··; “štríçtlý··· gréátér···” wóúld·· réfúšé·· thát·· wríté··. Çóñdítíóñál···· wríté··: çómpáré···-áñd·-šét· óñ· á véršíóñ··· (héré·· thé· válúé·· ítšélf··, whíçh·· óñlý·· grówš··, šó· ít· ñévér·· répéátš···; óñ· á válúé·· thát·· çáñ· çómé·· báçk··, çómpáré··· á véršíóñ··· ñúmbér·· ór· áñ· Å-B-Å çháñgé·· šlípš·· thróúgh···). Thé· táblé·· rúñš·· évérý·· órdér·· óf· thé· çlíéñtš···' štépš·· (Å páúšíñg··· bétwééñ··· ítš· réád·· áñd· ítš· wríté··) úñdér·· éáçh·· prótéçtíóñ····.⟧
sandbox-more = ⟦… áñd· { INT($n) } móré··.⟧
sandbox-no-more = ⟦Ñó· móré·· štépš··: { $why }.⟧
sandbox-no-pause = ⟦Ñó· páúšé··: { $why }.⟧
sandbox-no-token = ⟦ñóñé··⟧
sandbox-nothing-yet = ⟦Ñóthíñg··· háš· háppéñéd··· ýét·: píçk·· á štép·· fór· óñé· óf· thé· çlíéñtš···.⟧
sandbox-notice-not-a-step = ⟦štépš··: štép·· { $n } “{ $shown }” íš· ñót· á štép·· líké·· Å.áçqúíré···, B.réád··, Å.páúšé·· ór· wáít··; { sandbox-kept }.⟧
sandbox-notice-not-possible = ⟦štépš··: štép·· { $n } “{ $shown }” íš· ñót· póššíblé··· théré·· ({ $why }); { sandbox-kept }.⟧
sandbox-notice-too-many = ⟦štépš··: óñlý·· thé· fíršt·· { $max } štépš·· áré· képt··.⟧
sandbox-orders = ⟦{ INT($n) ->
    [one] { INT($n) } órdér··
   *[other] { INT($n) } órdérš··
} éñdíñg·· íñ· { $ending } wíth·· “{ $protection }”. Píçk·· óñé· tó· lóád·· ít· íñtó·· thé· šáñdbóx··· áñd· répláý·· ít·:⟧
sandbox-seconds = ⟦{ $seconds } š⟧
sandbox-start-over = ⟦Štárt·· óvér··⟧
sandbox-stat-clock = ⟦Çlóçk··⟧
sandbox-stat-ending = ⟦Éñdíñg·· šó· fár·⟧
sandbox-stat-token = ⟦Híghéšt··· tókéñ·· íššúéd··⟧
sandbox-stat-value = ⟦Štórágé··· válúé··⟧
sandbox-state-done = ⟦Évérý·· çlíéñt·· íš· dóñé·· áñd· thé· válúé··, { $value }, íñçlúdéš··· évérý·· áççéptéd··· úpdáté··.⟧
sandbox-state-older = ⟦Thé· štórágé··· wéñt·· báçkwárdš····: áñ· óldér·· tókéñ··'š wríté·· répláçéd··· ñéwér·· wórk··, šó· thé· válúé·· íš· { $value } whéré·· thé· áççéptéd··· úpdátéš··· ádd· úp· tó· { $expected }.⟧
sandbox-state-so-far = ⟦Šó· fár· thé· válúé··, { $value }, íñçlúdéš··· évérý·· áççéptéd··· úpdáté··.⟧
sandbox-state-stale = ⟦Bóth·· wrítéš·· wéré·· áççéptéd··· íñ· tókéñ·· órdér··, šó· thé· štórágé··· ñévér·· wéñt·· báçkwárdš····, bút· thé· látér·· óñé· wáš· déçídéd··· óñ· á réád·· tákéñ·· béfóré·· thé· éárlíér··· óñé· láñdéd··: bóth·· çlíéñtš··· wéré·· tóld·· théý·· šúççéédéd····, áñd· thé· válúé·· íš· { $value } whéré·· thé· áççéptéd··· úpdátéš··· ádd· úp· tó· { $expected }.⟧
sandbox-status-believes = ⟦bélíévéš··· ít· hóldš·· thé· lóçk··; { $holder } dóéš··⟧
sandbox-status-done = ⟦dóñé··⟧
sandbox-status-holds = ⟦hóldš·· thé· lóçk··, { $left } š léft··⟧
sandbox-status-ran-out = ⟦ítš· léášé·· háš· rúñ· óút·; ít· dóéš·· ñót· kñów··⟧
sandbox-status-ran-out-frozen = ⟦ítš· léášé·· ráñ· óút· whílé·· ít· wáš· fróžéñ··; ít· dóéš·· ñót· kñów··⟧
sandbox-status-waiting = ⟦wáítíñg··· tó· áçqúíré···⟧
sandbox-step = ⟦Åt· { $clock } š, { $sentence }⟧
sandbox-storage = ⟦Štórágé···⟧
sandbox-storage-seen = ⟦Válúé·· { $value }; híghéšt··· tókéñ·· šééñ·· { $highest }.⟧
sandbox-storage-value = ⟦Válúé·· { $value }.⟧
sandbox-storage-written = ⟦Válúé·· { $value }; híghéšt··· tókéñ·· wríttéñ··· { $highest }.⟧
sandbox-story = ⟦Åftér·· { $steps ->
    [one] { $steps } štép··
   *[other] { $steps } štépš··
} (thé· çlóçk·· át· { $clock } š). { $state }⟧
sandbox-table = ⟦Öf· thé· { INT($orders) } órdérš·· íñ· whíçh·· théšé·· { $clients } çlíéñtš···' štépš·· çáñ· háppéñ·· (Å páúšíñg··· bétwééñ··· ítš· réád·· áñd· ítš· wríté··), { INT($correct) } éñd· çórréçtlý···· wíth·· thíš·· prótéçtíóñ···· áñd· twó· kíñdš·· lóšé·· áñ· úpdáté··: íñ· { INT($older) } áñ· óldér·· tókéñ·· óvérwróté···· ñéwér·· wórk··, íñ· { INT($stale) } á ñéwér·· tókéñ·· déçídéd··· óñ· á štálé·· réád··.⟧
sandbox-table-caption = ⟦Évérý·· órdér·· óf· thé· çlíéñtš···' štépš·· ({ INT($orders) } óf· thém··), bý· whát·· štórágé··· çhéçkš·· áñd· hów· ít· éñdš··. Píçk·· á çóúñt·· tó· líšt·· ítš· órdérš··.⟧
sandbox-title = ⟦Féñçíñg··· bý· háñd··, áñd· évérý·· íñtérléávíñg····· át· óñçé··⟧
sandbox-two = ⟦{ $first } áñd· { $second }⟧
sandbox-undo = ⟦Üñdó··⟧
sandbox-wait = ⟦Wáít·· 1 š⟧
sandbox-why-below-seen = ⟦tókéñ·· { $token } íš· bélów·· { $highest }, álréádý··· šééñ··⟧
sandbox-why-below-written = ⟦tókéñ·· { $token } íš· bélów·· { $highest }, álréádý··· wríttéñ···⟧
sandbox-why-finished = ⟦{ $client } háš· fíñíšhéd···⟧
sandbox-why-lease-left = ⟦{ $holder }'š léášé·· háš· { $left } š léft··⟧
sandbox-why-limit = ⟦thé· štórý·· háš· réáçhéd··· ítš· { $max }-štép·· límít·· (úñdó·· á štép·· ór· štárt·· óvér··)⟧
sandbox-why-next = ⟦{ $client }'š ñéxt·· štép·· íš· { $next }⟧
sandbox-why-no-client = ⟦théré·· íš· ñó· çlíéñt·· { $client } wíth·· { $clients } çlíéñtš···⟧
sandbox-why-no-lock = ⟦{ $client } hóldš·· ñó· lóçk·· tó· páúšé·· wíth··⟧
sandbox-why-paused = ⟦{ $client } háš· páúšéd·· óñçé·· álréádý···⟧
sandbox-why-value-moved = ⟦thé· válúé·· íš· { $value }, ñót· thé· { $read } ít· réád··⟧
sandbox-why-written = ⟦{ $client } háš· álréádý··· wríttéñ···⟧
sizing-chart-label = ⟦Öñé· bár· óf· thé· térmš·· (wórk··, páúšé··, ñétwórk···, réñéwál···, márgíñ··) áddíñg·· úp· tó· { $sum } š, ágáíñšt··· á { $ttl } š léášé··: { $margin } š óf· márgíñ·· léft··.⟧
sizing-chart-lease = ⟦léášé·· { $ttl } š⟧
sizing-chart-left = ⟦márgíñ·· léft·· { $margin } š⟧
sizing-chart-short = ⟦{ $short } š šhórt··⟧
sizing-exact = ⟦Thát·· léávéš·· { $margin } š óf· márgíñ··, thé· márgíñ·· ýóú· wáñtéd·· áñd· ñó· móré··: á páúšé·· á líttlé·· pášt·· ítš· p99 úšéš·· ít· úp·.⟧
sizing-lede = ⟦Å çómmóñ·· rúlé··: léášé·· ≥ p99 wórk·· + p99 páúšé·· + ñétwórk··· déláý·· + réñéwál··· íñtérvál··· + á šáfétý·· márgíñ··. Ådd· úp· ýóúr·· térmš··, píçk·· á léášé··, áñd· šéé· whát·· márgíñ·· íš· réállý·· léft·· áñd· whát·· á çrášh·· théñ·· çóštš··.⟧
sizing-method = ⟦Whát·· thé· rúlé·· dóéš·· ñót· dó·: wíth·· réñéwál··· thé· wórk·· ñééd·· ñót· fít· íñ· óñé· léášé·· (á réñéwál··· íñtérvál··· ábóvé·· 0 réádš·· áš· á réñéwéd··· léášé··, áñd· á wórk·· térm·· béšídé·· ít· óñlý·· mákéš·· thé· rúlé·· ášk· fór· móré··); áddíñg·· p99š úšúállý··· óvér··-šížéš··, šíñçé·· fór· órdíñárý···, íñdépéñdéñt···· pártš·· thé· p99 óf· á šúm· íš· wéll·· bélów·· thé· šúm· óf· thé· p99š; áñd· ñó· léášé·· bóúñdš·· áñ· úñbóúñdéd···· páúšé··, whíçh·· íš· whý· thé· réšóúrçé··· múšt·· çhéçk·· á féñçíñg··· tókéñ··. Å páúšé·· lóšéš·· á réñéwéd··· léášé·· whéñ·· ít· óútláštš··· léášé·· − réñéwál··· − ñétwórk···, á léášé·· wíthóút··· réñéwál··· (íñtérvál··· 0) whéñ·· ít· óútláštš··· léášé·· − wórk·· − ñétwórk···. Thé· çháñçé·· çóméš·· fróm·· thé· páúšé·· módél·· úñdér·· Móré·· šéttíñgš··· (áš· íñ· thé· TTL· trádé··-óff·), éxáçtlý···.⟧
sizing-more = ⟦Thát·· léávéš·· { $margin } š óf· márgíñ··, móré·· tháñ·· thé· { $wanted } š ýóú· wáñtéd··.⟧
sizing-no-room = ⟦Ñó· tímé·· íš· léft·· fór· á páúšé·· át· áll·.⟧
sizing-not-renewed = ⟦Wíthóút··· réñéwál··· thé· wórk·· háš· tó· fít·: á páúšé·· lóšéš·· thé· léášé·· whéñ·· ít· óútláštš··· { $room } š (léášé·· − wórk·· − ñétwórk···).⟧
sizing-over = ⟦Thé· térmš·· álréádý··· ádd· úp· tó· móré·· tháñ·· thé· { $ttl } š léášé··: { $short } š šhórt·· béfóré·· áñý· márgíñ··.⟧
sizing-pause-odds = ⟦Üñdér·· thé· páúšé·· módél·· (ítš· ówñ· p99 íš· { $p99 } š) thát·· háppéñš··· wíth·· próbábílítý···· { PERCENT($loses) } pér· léášé··, áñd· á páúšé·· álóñé·· éátš·· thé· whólé·· márgíñ·· léft·· wíth·· próbábílítý···· { PERCENT($beyond) }: ñó· léášé·· mákéš·· éíthér·· žéró··, whíçh·· íš· whý· thé· réšóúrçé··· múšt·· çhéçk·· á féñçíñg··· tókéñ··.⟧
sizing-preset-check = ⟦Çhéçk·· á léášé··: 10 š, réñéwál··· 3 š, páúšé·· 4 š, ñétwórk··· 1 š⟧
sizing-preset-size = ⟦Šížé·· á léášé··: 8 + 2 + 0.5 + 3 + 2 = 15.5 š, róúñd·· úp· tó· 20 š⟧
sizing-recovery = ⟦Åftér·· á çrášh··, thé· ñéxt·· hóldér·· wáítš·· úp· tó· { $wait } š.⟧
sizing-renewed = ⟦Wíth·· réñéwál··· évérý·· { $every } š thé· wórk·· ñééd·· ñót· fít· íñ· óñé· léášé··: á páúšé··, whíçh·· frééžéš··· thé· réñéwér··· tóó·, lóšéš·· thé· léášé·· whéñ·· ít· óútláštš··· { $room } š (léášé·· − réñéwál··· − ñétwórk···, fór· á páúšé·· thát·· štártš·· júšt·· béfóré·· á réñéwál··· wáš· dúé·).⟧
sizing-rule = ⟦Thé· rúlé·· áškš·· fór· { $sum } š (wórk·· + páúšé·· + ñétwórk··· + réñéwál··· + márgíñ··) áñd· ýóú· píçkéd·· { $ttl } š.⟧
sizing-seconds = ⟦{ $seconds } š⟧
sizing-stat-loses = ⟦Å páúšé·· lóšéš·· thé· léášé··⟧
sizing-stat-margin = ⟦Márgíñ·· léft··⟧
sizing-stat-rule = ⟦Thé· rúlé·· áškš·· fór·⟧
sizing-stat-wait = ⟦Wáít·· áftér·· á çrášh··⟧
sizing-stat-wait-value = ⟦úp· tó· { $seconds } š⟧
sizing-term-margin = ⟦márgíñ··⟧
sizing-term-network = ⟦ñétwórk···⟧
sizing-term-pause = ⟦p99 páúšé··⟧
sizing-term-renewal = ⟦réñéwál···⟧
sizing-term-work = ⟦p99 wórk··⟧
sizing-title = ⟦Šížé·· á léášé··: á wórkšhéét····, ñót· á prómíšé···⟧
sizing-under = ⟦Thát·· léávéš·· { $margin } š óf· márgíñ··, léšš·· tháñ·· thé· { $wanted } š ýóú· wáñtéd··: líkélý·· tóó· šmáll··.⟧
sweeper-incident-param-exclusion = ⟦Whó· máý· šwéép··⟧
sweeper-incident-param-exclusion-advisory-lock = ⟦Póštgréš··· ádvíšórý··· lóçk··⟧
sweeper-incident-param-exclusion-redis-ttl = ⟦Rédíš·· kéý· wíth·· áñ· éxpírý·· (áš· šhíppéd···)⟧
sweeper-incident-param-exclusion-run-slot = ⟦Öñé· rów· pér· rúñ· šlót··⟧
sweeper-incident-param-interval-s = ⟦Çróñ·· évérý··⟧
sweeper-incident-param-lease-s = ⟦Kéý· éxpírý·· (PX·)⟧
sweeper-incident-param-order-every-s = ⟦Åñ· órdér·· évérý··⟧
sweeper-incident-param-power-loss = ⟦Å bóx· lóšéš·· pówér··⟧
sweeper-incident-param-power-loss-at = ⟦Pówér·· lóšt·· át·⟧
sweeper-incident-param-recovers-at = ⟦Próvídér··· áñšwérš··· ágáíñ·· át·⟧
sweeper-incident-param-release = ⟦Réléášíñg···· thé· Rédíš·· kéý·⟧
sweeper-incident-param-release-compare-and-delete = ⟦Çómpáré···-áñd·-délété··⟧
sweeper-incident-param-release-del = ⟦DÉL· (áš· šhíppéd···)⟧
sweeper-incident-param-restock = ⟦Púttíñg··· á çópý·· báçk··⟧
sweeper-incident-param-restock-plain = ⟦štóçk·· + 1 (áš· šhíppéd···)⟧
sweeper-incident-param-restock-status-fence = ⟦Öñlý·· íf· thé· órdér·· wáš· štíll·· péñdíñg···⟧
sweeper-incident-param-row-s = ⟦Tímé·· pér· péñdíñg··· órdér··⟧
sweeper-incident-param-seed = ⟦Šééd··⟧
sweeper-incident-param-timeout-share = ⟦Çhéçkóútš···· thát·· tímé·· óút· whílé·· šlów··⟧
sweeper-incident-param-until = ⟦Répláý·· úñtíl··⟧
ttl-axis-duration = ⟦hóld·· dúrátíóñ··· (lóg· šçálé··)⟧
ttl-axis-holds = ⟦hóldš··⟧
ttl-axis-ttl = ⟦TTL· (lóg· šçálé··)⟧
ttl-chart-ttl = ⟦TTL· { $ttl } š⟧
ttl-curve-label = ⟦Trádé··-óff· çhárt··: áš· thé· TTL· grówš·· fróm·· 0.1 š tó· 120 š, thé· šháré·· óf· hóldš·· thát·· óútlívé··· ít· fállš·· ({ PERCENT($at1) } át· 1 š, { PERCENT($at10) } át· 10 š, { PERCENT($at60) } át· 60 š) whílé·· thé· wáít·· áftér·· á çrášh·· grówš·· wíth·· thé· TTL· ítšélf··.⟧
ttl-histogram-caption = ⟦Hów· lóñg·· hóldš·· lášt·· (bóth·· áxéš·· óñ· lóg· šçáléš··). Réd·: hóldš·· thát·· óútlívé··· thé· TTL·.⟧
ttl-histogram-label = ⟦Híštógrám···· óf· { INT($holds) } hóld·· dúrátíóñš···· óñ· á lóg· šçálé··, wíth·· thé· { $ttl } š TTL· márkéd··: { INT($unsafe) } hóldš·· líé· béýóñd·· ít·.⟧
ttl-key-run = ⟦thíš·· rúñ·⟧
ttl-key-share = ⟦šháré·· óf· hóldš·· óútlívíñg···· thé· TTL· (éxáçt··)⟧
ttl-key-wait = ⟦lóñgéšt··· wáít·· áftér·· á çrášh·· (ríght·· áxíš··)⟧
ttl-lede = ⟦Å léášé·· thát·· íš· ñót· réñéwéd··· frééš·· thé· lóçk·· whéñ·· ítš· hóldér·· díéš··, bút· thé· lóçk·· šérvíçé··· çáññót·· téll·· á déád·· hóldér·· fróm·· á šlów·· óñé·. Åñý· hóld·· lóñgér·· tháñ·· thé· TTL· lóšéš·· thé· lóçk·· whílé·· štíll·· wórkíñg···; á lóñg·· TTL· mákéš·· á réál·· çrášh·· blóçk·· évérýóñé···. (Lóçk·· çlíéñtš··· šúçh·· áš· étçd··'š áñd· Rédíššóñ···'š réñéw·· thé· léášé·· whílé·· thé· hóldér·· íš· álívé··: á dífféréñt···· trádé··-óff· wíth·· fáílúréš··· óf· ítš· ówñ·, íñ· thé· léášé··-réñéwál··· wídgét··.)⟧
ttl-method = ⟦{ INT($holds) } šéédéd·· hóldš··. Wórk·· íš· lóg·-ñórmál·· áróúñd·· thé· týpíçál··· válúé·· wíth·· thé· špréád·· ýóú· šét·; wíth·· thé· štáll·· çháñçé··, á štáll·· óf· thé· méáñ·· ýóú· šét· íš· áddéd··, éxpóñéñtíál···· (á líght·· táíl··) ór· Párétó·· (á héávý·· táíl··: lóñg·· štállš·· štáý·· póššíblé···). Å hóld·· íš· úñšáfé·· whéñ·· ít· láštš·· lóñgér·· tháñ·· thé· TTL·. Évérý·· díštríbútíóñ····· héré·· íš· áñ· áššúmptíóñ···· tó· pláý·· wíth··, ñót· á méášúréméñt····. Thé· éxáçt·· šháré·· áñd· thé· éxpéçtéd··· çóúñt·· á dáý· çómé·· fróm·· íñtégrátíñg···· thé· šámé·· módél··.⟧
ttl-none-but-exact = ⟦Thé· éxáçt·· çháñçé·· íš· { PERCENT($exact) } pér· hóld·· ({ $perDay } éxpéçtéd··· á dáý·), ñót· žéró··: á lóñg·· éñóúgh·· štáll·· štíll·· óútlívéš··· áñý· TTL·.⟧
ttl-none-outlived = ⟦Wíth·· á { $ttl } š TTL·, ñóñé·· óf· thé· { INT($holds) } šímúlátéd···· hóldš·· óútlívéd··· ítš· lóçk··.⟧
ttl-pareto-tail = ⟦Štállš·· hávé·· á héávý·· (Párétó··, α = { $alpha }) táíl·· héré··: lóñg·· štállš·· áré· ráré·· bút· ñót· váñíšhíñglý···· šó·, šó· thé· ríght·· éñd· óf· thé· çúrvé·· kéépš·· fállíñg··· óñlý·· áš· á pówér·· óf· thé· TTL· (á štráíght··· líñé·· óf· šlópé·· −α óñ· thíš·· lóg·–lóg· çhárt··) íñštéád··· óf· plúñgíñg···.⟧
ttl-per-day = ⟦Åt· óñé· gráñt·· évérý·· { $every } š thát·· íš· ábóút·· { $perDay } á dáý· íñ· thíš·· rúñ· ({ $expected } éxpéçtéd···).⟧
ttl-recovery = ⟦Åftér·· á réál·· çrášh··, thé· ñéxt·· wórkér·· wáítš·· úp· tó· { $ttl } š béfóré·· ít· máý· táké·· óvér··.⟧
ttl-some-outlived = ⟦Wíth·· á { $ttl } š TTL·, { INT($unsafe) } óf· { INT($holds) } hóldš·· ({ PERCENT($share) }; éxáçtlý··· { PERCENT($exact) }) óútlívéd··· théír·· lóçk··: fróm·· théñ·· óñ· thé· lóçk·· çóúld·· gó· tó· á šéçóñd·· wórkér·· whílé·· thé· fíršt·· wáš· štíll·· búšý··.⟧
ttl-stat-outliving = ⟦Hóldš·· óútlívíñg···· thé· TTL·⟧
ttl-stat-outliving-value = ⟦{ INT($unsafe) } óf· { INT($holds) }⟧
ttl-stat-per-day = ⟦Üñšáfé·· hóldš·· á dáý· (éxpéçtéd···)⟧
ttl-stat-per-day-value = ⟦{ $perDay } ({ $expected })⟧
ttl-stat-share = ⟦Šháré·· (éxáçt··)⟧
ttl-stat-share-value = ⟦{ PERCENT($share) } ({ PERCENT($exact) })⟧
ttl-stat-wait = ⟦Wáít·· áftér·· á çrášh··⟧
ttl-stat-wait-value = ⟦úp· tó· { $seconds } š⟧
ttl-title = ⟦Thé· lóçk·· múšt·· éxpíré··, áñd· ñó· TTL· íš· šáfé··⟧
ttl-tradeoff-param-grant-every-s = ⟦Öñé· gráñt·· évérý··⟧
ttl-tradeoff-param-holds = ⟦Hóldš·· šímúlátéd····⟧
ttl-tradeoff-param-seed = ⟦Šééd··⟧
ttl-tradeoff-param-spread = ⟦Špréád·· óf· wórk·· (σ óf· ítš· lóg·)⟧
ttl-tradeoff-param-stall-alpha = ⟦Párétó·· táíl·· íñdéx·· α (Párétó·· óñlý··; šmállér···: á fáttér·· fár· táíl··)⟧
ttl-tradeoff-param-stall-chance = ⟦Çháñçé·· á hóld·· štállš··⟧
ttl-tradeoff-param-stall-mean-s = ⟦Méáñ·· štáll··⟧
ttl-tradeoff-param-stall-shape = ⟦Šhápé·· óf· štáll·· léñgthš···⟧
ttl-tradeoff-param-stall-shape-exponential = ⟦Éxpóñéñtíál···· (líght·· táíl··)⟧
ttl-tradeoff-param-stall-shape-pareto = ⟦Párétó·· (héávý·· táíl··)⟧
ttl-tradeoff-param-ttl-s = ⟦Lóçk·· TTL·⟧
ttl-tradeoff-param-work-s = ⟦Týpíçál··· wórk·· (médíáñ··)⟧
value-off = ⟦óff·⟧
value-on = ⟦óñ·⟧
