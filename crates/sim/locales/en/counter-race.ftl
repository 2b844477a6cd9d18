# The counter race (counter-race): everything it says, in English, the source every translation is
# made from (locklab's subset of Fluent: crates/sim/src/messages.rs). A key never changes meaning
# once released.

## The narrative. $workers: how many workers; $expected: increments made; $final: the counter at
## the end; $lost: updates lost; $share: lost as a fraction; $stale: writes based on a stale read;
## $wait: mean ms a worker queued for the lock; $duration: the run's length in ms.

counter-who = { $workers ->
    [one] One worker
   *[other] { INT($workers) } workers
}
counter-locked = { counter-who } made { INT($expected) } increments under the lock and the counter reads { INT($final) }: nothing was lost. The price is waiting: on average a worker queued { $wait } ms for the lock per increment, and the run took { INT($duration) } ms.
counter-alone = One worker alone cannot race anybody: all { INT($expected) } increments arrived and the counter reads { INT($final) }.
counter-lucky = { counter-who } made { INT($expected) } increments and, by luck, none collided: the counter reads { INT($final) }. Add workers or lengthen the think time and the luck runs out.
counter-lost = { counter-who } made { INT($expected) } increments, but the counter reads { INT($final) }: { INT($lost) ->
    [one] one update ({ PERCENT($share) }) was lost.
   *[other] { INT($lost) } updates ({ PERCENT($share) }) were lost.
} { INT($stale) ->
    [one] One write was based on a value someone else had already changed, and it wiped out the increments it had not seen.
   *[other] { INT($stale) } writes were based on a value someone else had already changed, and each one wiped out the increments it had not seen.
}

## The widget's frame.

counter-title = Counter race: read, think, write
counter-lede = Each worker adds one to a shared counter, over and over: it reads the value, thinks for a moment, then writes what it read plus one. Two workers that read the same value both write the same result, and one increment disappears.
counter-method = Seeded event simulation. Pause and think times are exponential with the means you set. Lost updates = increments made − the counter at the end (a stale write can even move the counter back). With the lock, read → think → write runs for one worker at a time, first come, first served.

## The readouts.

counter-stat-made = Increments made
counter-stat-final = Counter at the end
counter-stat-lost = Lost updates
counter-stat-time = Run time
counter-stat-time-value = { INT($duration) } ms

## The charts: captions, keys, axes and what a screen reader hears.

counter-chart-caption = The counter (solid) against the increments made so far (dashed). The shaded gap is the updates lost so far.
# $duration: ms; $final and $expected as in the narrative.
counter-chart-label = Line chart over { INT($duration) } ms: the counter against the number of increments made. It ends at { INT($final) } of { INT($expected) }.
counter-axis-time = time (ms)
# At the end of the two lines: the increments made and the counter's value ($n).
counter-chart-done = done { INT($n) }
counter-chart-counter = counter { INT($n) }
# A worker's lane: W for worker, then its number.
counter-lane = W{ INT($n) }
counter-key-window = read → write
counter-key-read = read
counter-key-write = write
counter-key-lost = write later overwritten
counter-key-wait = waiting for the lock
# $window: ms shown; $writes: writes in it; $over: of them overwritten.
counter-lanes-label = Timeline of the first { $window } ms, one lane per worker: { INT($writes) } writes, { INT($over) } of them overwritten by a worker that had read an older value.
