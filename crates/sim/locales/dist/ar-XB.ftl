# locklab's pseudo-locale: made from the English messages by crates/sim/tests/locales.rs; do not edit.
chain-axis-time = ‮time‬
chain-axis-token = ‮token‬
chain-fenced = ‮The storage refused { INT($refused) } of their writes because a higher token had already been written: no newer data was replaced.‬
chain-key-holding = ‮holding the lock‬
chain-key-late = ‮still working after the lease ended‬
chain-key-overtaken = ‮overtaken write applied‬
chain-key-rejected = ‮stale write refused‬
chain-key-stale = ‮stale write applied‬
chain-key-write = ‮write applied‬
chain-label-applied = ‮Chain of { INT($grants) } lock grants along time, token upwards: { INT($late) } holders outlived their lease; { INT($stale) } stale writes were applied over newer data.‬
chain-label-rejected = ‮Chain of { INT($grants) } lock grants along time, token upwards: { INT($late) } holders outlived their lease; { INT($stale) } stale writes were rejected.‬
chain-late = ‮{ INT($late) } of { INT($holders) } lock holders ({ PERCENT($share) }) were still working when their lease ran out.‬
chain-lede = ‮Each grant of the lock carries a number that only goes up. A holder that outlives its lease still writes when it wakes; only storage that remembers the highest number it has seen can tell that write is stale. Here the storage checks writes only.‬
chain-method = ‮Seeded chain of grants. Each holder works for a log-normal time around the typical value, plus, with the stall chance, a stall (exponential or Pareto, of the mean you set), and writes when done, without reading first. The next holder gets the lock (and the next token) when the previous one releases it or its lease ends. A write is stale when a write with a higher token has already arrived; with fencing the storage refuses it. A late write that arrives before any newer one is overtaken: applied, which is harmless here only because no holder reads before it writes.‬
chain-next = ‮Next late holder →‬
chain-none-late = ‮None of the { INT($holders) } holders outlived their lease this time (about { $expected } were expected), so every write landed in token order.‬
chain-overtaken = ‮{ INT($overtaken) ->
    [one] { INT($overtaken) } late write landed after the lock had moved on but before any newer write, so the storage applied it{ chain-overtaken-fenced }. That is harmless only if writes are blind overwrites: a successor that had already read the data would write over it with a value decided without it.
   *[other] { INT($overtaken) } late writes landed after the lock had moved on but before any newer write, so the storage applied them{ chain-overtaken-fenced }. That is harmless only if writes are blind overwrites: a successor that had already read the data would write over them with a value decided without them.
}‬
chain-overtaken-fenced = ‮{ $fencing ->
    [1] { " " }(it checks tokens on writes only)
   *[other] { "" }
}‬
chain-previous = ‮← Previous late holder‬
chain-show-all = ‮Show all‬
chain-stat-expected = ‮Expected late‬
chain-stat-late = ‮Late holders‬
chain-stat-late-value = ‮{ INT($late) } of { INT($holders) }‬
chain-stat-overtaken = ‮Overtaken writes applied‬
chain-stat-refused = ‮Stale writes refused‬
chain-stat-replaced = ‮Newer data replaced‬
chain-table-applied = ‮applied over newer data‬
chain-table-caption = ‮The same run, both ways‬
chain-table-late = ‮Late writes that arrive after a newer one‬
chain-table-refused = ‮refused by the storage‬
chain-table-with = ‮with fencing‬
chain-table-without = ‮without fencing‬
chain-tick-ms = ‮{ INT($ms) } ms‬
chain-tick-s = ‮{ $seconds } s‬
chain-title = ‮Fencing: let the storage refuse stale writes‬
chain-unfenced = ‮{ INT($overwrites) } of their writes arrived after a newer one and replaced newer data, with no error anywhere.‬
chain-zoom = ‮Late holder { $position } of { $late }: token { $token }, tokens { $first }–{ $last } shown.‬
chain-zoom-all = ‮Showing all { INT($grants) } grants.‬
chain-zoom-overtaken = ‮Its write landed after its successor got the lock but before any newer write, so it was applied: harmless only if the successor did not read the data first.‬
chain-zoom-overwrote = ‮Its write replaced newer data.‬
chain-zoom-refused = ‮The storage refused its write.‬
challenge-cannot = ‮It can't be done‬
challenge-cannot-left = ‮It can't be done ({ INT($left) ->
    [one] { INT($left) } answer
   *[other] { INT($left) } answers
} left)‬
challenge-count = ‮Challenge { INT($n) } of { INT($total) }‬
challenge-discarded = ‮Saved progress for these challenges was discarded: { $why }. Starting afresh.‬
challenge-hint = ‮Hint ({ INT($n) } of { INT($total) })‬
challenge-loading = ‮Loading the challenges…‬
challenge-met = ‮Met.‬
challenge-met-after = ‮Met after { INT($attempts) ->
    [one] { INT($attempts) } try
   *[other] { INT($attempts) } tries
}.‬
challenge-met-said = ‮Challenge met: { $prompt }‬
challenge-next = ‮Next‬
challenge-no-hints = ‮No hints‬
challenge-no-more-hints = ‮No more hints‬
challenge-no-storage = ‮This browser offers no storage to this page: your challenge progress counts here but will be forgotten when you leave it.‬
challenge-not-met = ‮Not met yet: change the settings, or answer that it can't be done.‬
challenge-not-so = ‮Not so: some setting meets this goal. Keep looking.‬
challenge-paper = ‮Challenge { INT($n) }. { $prompt }‬
challenge-previous = ‮Previous‬
challenge-right = ‮Right: it can't be done.‬
challenge-save-browser = ‮Your challenge progress could not be saved in this browser (its storage is full or blocked): what was saved before is kept, and the challenges met since count on this page but will be forgotten when you leave it.‬
challenge-save-platform = ‮Your challenge progress could not be saved in your course's record (it holds 4,096 characters): what was saved before is kept, and the challenges met since count on this page but will be forgotten when you leave it.‬
challenge-summary = ‮Challenges‬
challenge-summary-count = ‮Challenges: { INT($met) } of { INT($total) } met‬
challenge-used-up = ‮No answers of “It can't be done” left for this challenge; it can still be met by changing the settings.‬
control-fixed = ‮{ " " }(fixed)‬
controls-more-settings = ‮More settings‬
controls-new-seed = ‮New seed‬
controls-reset = ‮Reset‬
controls-seed = ‮seed‬
counter-alone = ‮One worker alone cannot race anybody: all { INT($expected) } increments arrived and the counter reads { INT($final) }.‬
counter-axis-time = ‮time (ms)‬
counter-chart-caption = ‮The counter (solid) against the increments made so far (dashed). The shaded gap is the updates lost so far.‬
counter-chart-counter = ‮counter { INT($n) }‬
counter-chart-done = ‮done { INT($n) }‬
counter-chart-label = ‮Line chart over { INT($duration) } ms: the counter against the number of increments made. It ends at { INT($final) } of { INT($expected) }.‬
counter-key-lost = ‮write later overwritten‬
counter-key-read = ‮read‬
counter-key-wait = ‮waiting for the lock‬
counter-key-window = ‮read → write‬
counter-key-write = ‮write‬
counter-lane = ‮W{ INT($n) }‬
counter-lanes-label = ‮Timeline of the first { $window } ms, one lane per worker: { INT($writes) } writes, { INT($over) } of them overwritten by a worker that had read an older value.‬
counter-lede = ‮Each worker adds one to a shared counter, over and over: it reads the value, thinks for a moment, then writes what it read plus one. Two workers that read the same value both write the same result, and one increment disappears.‬
counter-locked = ‮{ counter-who } made { INT($expected) } increments under the lock and the counter reads { INT($final) }: nothing was lost. The price is waiting: on average a worker queued { $wait } ms for the lock per increment, and the run took { INT($duration) } ms.‬
counter-lost = ‮{ counter-who } made { INT($expected) } increments, but the counter reads { INT($final) }: { INT($lost) ->
    [one] one update ({ PERCENT($share) }) was lost.
   *[other] { INT($lost) } updates ({ PERCENT($share) }) were lost.
} { INT($stale) ->
    [one] One write was based on a value someone else had already changed, and it wiped out the increments it had not seen.
   *[other] { INT($stale) } writes were based on a value someone else had already changed, and each one wiped out the increments it had not seen.
}‬
counter-lucky = ‮{ counter-who } made { INT($expected) } increments and, by luck, none collided: the counter reads { INT($final) }. Add workers or lengthen the think time and the luck runs out.‬
counter-method = ‮Seeded event simulation. Pause and think times are exponential with the means you set. Lost updates = increments made − the counter at the end (a stale write can even move the counter back). With the lock, read → think → write runs for one worker at a time, first come, first served.‬
counter-race-param-increments = ‮Increments per worker‬
counter-race-param-lock = ‮Take a lock around read → write‬
counter-race-param-pause-ms = ‮Pause between increments‬
counter-race-param-seed = ‮Seed‬
counter-race-param-think-ms = ‮Think time (read → write)‬
counter-race-param-workers = ‮Workers‬
counter-stat-final = ‮Counter at the end‬
counter-stat-lost = ‮Lost updates‬
counter-stat-made = ‮Increments made‬
counter-stat-time = ‮Run time‬
counter-stat-time-value = ‮{ INT($duration) } ms‬
counter-title = ‮Counter race: read, think, write‬
counter-who = ‮{ $workers ->
    [one] One worker
   *[other] { INT($workers) } workers
}‬
failover-axis-failovers = ‮failovers‬
failover-axis-lag = ‮replication lag (log scale)‬
failover-axis-lost = ‮locks lost in one failover‬
failover-chart-expected = ‮expected { $expected }‬
failover-chart-ms = ‮{ $ms } ms‬
failover-chart-other = ‮Redis would lose this many; this store loses 0‬
failover-chart-redis = ‮expected locks lost per failover (Redis)‬
failover-consensus = ‮A consensus store acknowledges a lock only after a majority has stored it, so none of { INT($failovers) } crashes of one node lost a lock. The price is a consensus round per grant, about 1–5 ms instead of well under one, and its revision numbers double as fencing tokens. This models crashes only, not partitions (under one, Jepsen measured Redis with Sentinel losing 56 % of acknowledged writes; a consensus store's minority side simply cannot grant).‬
failover-consensus-cost = ‮A consensus round per lock: about 1–5 ms (etcd measured ~1.6 ms per put on a 3-member cluster).‬
failover-consensus-fencing = ‮Built in: etcd's revision, ZooKeeper's zxid or znode version.‬
failover-consensus-name = ‮Consensus store: etcd, ZooKeeper‬
failover-consensus-on-failover = ‮A lock is acknowledged only after a majority stored it, so when one node crashes the new leader already has it: no lock is lost. (Under a network partition the minority side cannot grant at all; partitions are not modelled here.)‬
failover-consensus-use = ‮Correctness: when a double grant would corrupt data, together with a resource that checks the token on every access.‬
failover-histogram-caption = ‮How many locks each simulated failover lost; the line marks the exact expectation.‬
failover-histogram-label = ‮Histogram of locks lost per failover over { INT($failovers) } failovers: mean { $mean }, exact expectation { $exact }, worst { INT($worst) }.‬
failover-lag-caption = ‮Expected locks lost per Redis failover as the replication lag grows (both axes on log scales); the dot is your setting.‬
failover-lag-label = ‮Expected locks a Redis failover loses against replication lag, from 0.1 ms to 1 s, rising with the lag; at { $lag } ms it is { $expected }.‬
failover-lede = ‮Redis answers the client without waiting for its replica to confirm the write; the copy is sent at once but may still be on its way. If the primary dies before it arrives, the replica that takes over never heard of those locks, and another client can take them again.‬
failover-method = ‮Redis: each lock granted in the 5 s before the crash is lost if its copy to the replica (an exponential delay with the mean lag) had not finished; the expectation is rate × lag × (1 − e^(−5 s/lag)). Each failover is simulated from its own seeded stream. Redlock and consensus rows summarise how those systems are documented to behave when one node crashes: a 0 here is for a crash of one node, not for a network partition, which this model leaves out (Jepsen measured Redis with Sentinel losing 56 % of acknowledged writes under one). The lab runs one on real servers (its partition runs, listed in the lab's panel below): a primary cut off from its replica and Sentinel goes on granting, and every lock it granted on its side is gone when it rejoins, so the loss grows with the partition's length, not with the lag. min-replicas-to-write shortens that window to its min-replicas-max-lag and a second or two; it does not close it. Cut off the same way, etcd's leader grants nothing while the other two members elect a new one.‬
failover-redis = ‮At { $rate } grants a second and { $lag } ms of replication lag, a failover loses { $lost } locks on average (exactly { $exact } expected), and { $regranted } of them are granted a second time. Over { INT($failovers) } simulated crashes, { INT($withLoss) } lost at least one lock and the worst lost { INT($worst) }. For locks that only save duplicate work that may be acceptable. Where data is at stake, fence every access, with tokens from a consensus store or the database: a counter kept in this Redis would be lost in the same failover and hand out a token twice.‬
failover-redis-cost = ‮Sub-millisecond: one round trip to one node.‬
failover-redis-fencing = ‮None, and a counter kept in the same Redis will not do: an INCR that had not reached the replica is lost at failover and the same token is issued twice. Take tokens from a consensus store or the database's own version column.‬
failover-redis-name = ‮Redis, SET NX PX on a primary with a replica‬
failover-redis-on-failover = ‮Replication is asynchronous: locks granted just before the crash may never reach the replica that takes over, and another client can then take them again.‬
failover-redis-use = ‮Efficiency locks, where a rare double grant only wastes work.‬
failover-redlock = ‮With five independent masters and a majority of three, one master's crash loses none of { INT($failovers) } failovers' locks in this model (crashes only, not partitions), as long as the crashed master stays down longer than the longest TTL before it rejoins. Redlock still assumes bounded clock drift and bounded pauses, and it hands out no fencing token; whether that is good enough is disputed (Kleppmann and Redis's author disagree).‬
failover-redlock-cost = ‮A round trip to five nodes per lock, plus retries with random delays when contended.‬
failover-redlock-fencing = ‮None: it cannot mint increasing tokens.‬
failover-redlock-name = ‮Redlock, five independent Redis masters‬
failover-redlock-on-failover = ‮A lock counts only when a majority (3 of 5) granted it within its validity time. If one master crashes and stays down longer than the longest TTL before rejoining, no other client can gather a majority for a lock that is still held.‬
failover-redlock-use = ‮Disputed. Kleppmann: unnecessarily heavy for efficiency (one Redis node suffices) and unsafe for correctness, since it relies on bounded clock drift and pauses and has no fencing token. Redis's author defends it: pauses trouble every lease-based lock, and clocks can be run so they do not jump.‬
failover-stat-exact = ‮Lost per crash failover (exact)‬
failover-stat-simulated = ‮Lost per failover (simulated)‬
failover-stat-twice = ‮Granted twice per failover‬
failover-stat-worst = ‮Worst failover‬
failover-stat-worst-value = ‮{ INT($lost) } lost‬
failover-table-caption = ‮The three places a lock can live‬
failover-table-cost = ‮Cost per lock‬
failover-table-fencing = ‮Fencing token‬
failover-table-on-failover = ‮On failover‬
failover-table-store = ‮Store‬
failover-table-use = ‮Use it for‬
failover-title = ‮Where the lock lives: what a failover costs‬
fencing-chain-param-fencing = ‮Storage checks fencing tokens on writes‬
fencing-chain-param-holders = ‮Lock holders in turn‬
fencing-chain-param-seed = ‮Seed‬
fencing-chain-param-spread = ‮Spread of work (σ of its log)‬
fencing-chain-param-stall-alpha = ‮Pareto tail index α (Pareto only; smaller: a fatter far tail)‬
fencing-chain-param-stall-chance = ‮Chance a hold stalls‬
fencing-chain-param-stall-mean-ms = ‮Mean stall‬
fencing-chain-param-stall-shape = ‮Shape of stall lengths‬
fencing-chain-param-stall-shape-exponential = ‮Exponential (light tail)‬
fencing-chain-param-stall-shape-pareto = ‮Pareto (heavy tail)‬
fencing-chain-param-ttl-ms = ‮Lease (TTL)‬
fencing-chain-param-work-ms = ‮Typical work (median)‬
fencing-sandbox-param-clients = ‮Clients‬
fencing-sandbox-param-lease-s = ‮Lease‬
fencing-sandbox-param-protection = ‮What storage checks‬
fencing-sandbox-param-protection-conditional = ‮Conditional write (compare-and-set)‬
fencing-sandbox-param-protection-fence-all = ‮Tokens on every access‬
fencing-sandbox-param-protection-fence-writes = ‮Tokens on writes only‬
fencing-sandbox-param-protection-none = ‮Nothing‬
gran-axis-locks = ‮the busiest locks‬
gran-axis-utilisation = ‮utilisation‬
gran-bar-all = ‮all‬
gran-bar-key = ‮SKU { INT($key) }‬
gran-bar-shard = ‮shard { INT($shard) }‬
gran-capacity = ‮{ $capacity ->
    [one] { $capacity } update
   *[other] { $capacity } updates
} a second‬
gran-caption = ‮Utilisation of the busiest locks (bars, from the formula; with two locks per update a lower bound); dots: the share of time each was held in the simulation.‬
gran-chart-never-drains = ‮1: the queue never drains‬
gran-cycle-caption = ‮The first deadlock, at { MS($at) }: a circle of waits‬
gran-cycle-item = ‮Update { INT($update) } holds { $held } and waits for { $wanted }.‬
gran-cycle-link = ‮update { INT($update) } holds { $held } and waits for { $wanted }‬
gran-deadlocks = ‮Taking two locks in the order the items come, { $deadlocks ->
    [1] one group of updates
   *[other] { INT($deadlocks) } groups of updates
} deadlocked. Nothing moves until a lock's TTL ({ MS($ttl) }) runs out and the lock passes to a waiter while its first holder still thinks it holds it: the expiry “breaks” the deadlock by letting two holders overlap ({ INT($expiries) } such expiries), which is the very thing the lock was for. (A database's own row locks instead detect the circle and abort one transaction.) Taking locks in one global order makes a cycle impossible.‬
gran-deadlocks-cycle = ‮Taking two locks in the order the items come, { $deadlocks ->
    [1] one group of updates
   *[other] { INT($deadlocks) } groups of updates
} deadlocked (first: { $cycle }). Nothing moves until a lock's TTL ({ MS($ttl) }) runs out and the lock passes to a waiter while its first holder still thinks it holds it: the expiry “breaks” the deadlock by letting two holders overlap ({ INT($expiries) } such expiries), which is the very thing the lock was for. (A database's own row locks instead detect the circle and abort one transaction.) Taking locks in one global order makes a cycle impossible.‬
gran-expiries = ‮{ INT($expiries) ->
    [one] { INT($expiries) } lock expired under a holder that was still waiting or working.
   *[other] { INT($expiries) } locks expired under a holder that was still waiting or working.
}‬
gran-global-pairs = ‮Both items sit behind the one global lock, so an update takes one lock, not two: nothing can deadlock, and nothing runs in parallel either.‬
gran-label = ‮Bars of the busiest locks' utilisation, with a line at 1 where a queue never drains: { $bars }.‬
gran-label-bar = ‮{ $lock } { $utilisation }‬
gran-lede = ‮Every update to an item (a SKU) takes a lock first. One lock for everything is simple but lets one update run at a time; one per shard or per key lets unrelated updates run side by side. Turn up the rate, then narrow the lock; then let each update take two items' locks.‬
gran-load = ‮{ $rate } updates a second over { INT($keys) } keys, each holding its lock for { MS($work) } on average, with { $what }: the busiest lock takes { PERCENT($share) } of the updates, a utilisation (λ·s) of { $utilisation }.‬
gran-load-pairs = ‮{ $rate } updates a second over { INT($keys) } keys, each holding its lock for { MS($work) } on average, with { $what }: the busiest lock takes { PERCENT($share) } of the updates, a utilisation (λ·s) of { $utilisation } at least, since a lock is also held while its holder waits for the other.‬
gran-lock-global = ‮the global lock‬
gran-lock-key = ‮SKU { INT($key) }'s lock‬
gran-lock-shard = ‮shard { INT($shard) }'s lock (SKU { INT($key) })‬
gran-method = ‮Updates arrive at random at the total rate; each picks its item from a Zipf popularity (item k has weight k^(−skew)) and holds the lock for an exponential time with the mean you set, so each lock alone is an M/M/1 queue: utilisation ρ = λ·s, mean wait ρ·s/(1 − ρ), P(wait > t) = ρ·e^(−(1/s − λ)t). Shards are a fixed hash of the key. At ρ ≥ 1 there is no steady state, so nothing is simulated. With two locks per update, the second is asked for a moment after the first, a deadlock lasts until a lock's TTL runs out, and the exact formulas no longer apply (a lock is also held while its holder waits for the other).‬
gran-never-settles = ‮never settles‬
gran-no-deadlock = ‮Taking two locks in the order the items come could deadlock (two updates each holding the lock the other wants); none did in this run.‬
gran-ordered = ‮Every update takes its two locks in one global order (lowest lock first), so no two can wait for each other in a circle: no deadlocks.‬
gran-saturated = ‮{ $saturated ->
    [1] That is over 1: that lock can serve at most { gran-capacity }, so its queue never drains; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load.
   *[other] That is over 1: { INT($saturated) } of the locks can serve at most { gran-capacity }, so their queues never drain; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load.
}‬
gran-saturated-hot-key = ‮{ $saturated ->
    [1] That is over 1: that lock can serve at most { gran-capacity }, so its queue never drains; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load, but the hottest key alone takes { PERCENT($hottest) } of the updates here: no lock granularity helps a single hot item; batch its updates or make them commutative.
   *[other] That is over 1: { INT($saturated) } of the locks can serve at most { gran-capacity }, so their queues never drain; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load, but the hottest key alone takes { PERCENT($hottest) } of the updates here: no lock granularity helps a single hot item; batch its updates or make them commutative.
}‬
gran-skew-key = ‮With skew { $skew }, the hottest key alone has { PERCENT($share) } of the traffic, so its lock is the busiest and sets the worst waits.‬
gran-skew-shard = ‮With skew { $skew }, the hottest key alone has { PERCENT($share) } of the traffic, so the shard that holds it carries at least that share.‬
gran-stat-deadlocks = ‮Deadlocks‬
gran-stat-hottest = ‮Hottest key's share‬
gran-stat-p99 = ‮Wait, 99th percentile‬
gran-stat-throughput = ‮Updates done per second‬
gran-stat-utilisation = ‮Busiest lock's utilisation‬
gran-stat-wait = ‮Mean wait (formula)‬
gran-stat-with-formula = ‮{ $value } ({ $formula })‬
gran-title = ‮How wide should the lock be?‬
gran-waits = ‮Updates waited { MS($mean) } for locks on average, { MS($p99) } at the 99th percentile, and { $throughput } a second got through.‬
gran-waits-exact = ‮Updates waited { MS($mean) } for locks on average, { MS($p99) } at the 99th percentile (M/M/1 per lock: { MS($exactMean) } and { MS($exactP99) }), and { $throughput } a second got through.‬
gran-what-global = ‮one global lock‬
gran-what-keys = ‮a lock per key ({ INT($keys) } of them)‬
gran-what-shards = ‮{ INT($shards) } shard locks‬
lab-cargo-after = ‮{ " " }when it is not installed). It prints each result, simulated and real, side by side.‬
lab-cargo-before = ‮(‬
lab-cargo-instead = ‮{ " " }in place of{ " " }‬
lab-intro = ‮This story, in this state, on the real servers it is about (Redis, PostgreSQL or etcd, as the story needs), which the lab starts and stops itself: in a clone of locklab, after‬
lab-intro-run = ‮, run‬
lab-left-out = ‮The bundle this page loaded leaves out the lab’s panel (the command, what the lab measured, running it on your computer), and no locklab.js on the page can load it. Load the full locklab.js bundle for it.‬
lab-loading = ‮Loading the lab’s panel…‬
lab-not-loaded = ‮What the lab measured could not be loaded: { $why }.‬
lab-summary = ‮Run it for real‬
lab-what-is-real = ‮What is real there is the lock service and the database: their expiry, refusals, locks and replication. The story’s random parts (stalls, pauses, lag, work times) are this widget’s own draws, played as sleeps and delays, so the lab tests what the servers do with them, not the draws.‬
lease-renewal-param-defence = ‮Defence‬
lease-renewal-param-defence-fence-all = ‮Fencing token on every access‬
lease-renewal-param-defence-fencing = ‮Fencing token on the invoice write‬
lease-renewal-param-defence-idempotent = ‮Idempotency keys‬
lease-renewal-param-defence-none = ‮None (fixed lease)‬
lease-renewal-param-defence-renewal = ‮Renewal‬
lease-renewal-param-defence-renewal_fencing = ‮Renewal and write fencing‬
lease-renewal-param-renew-every-s = ‮Renew every‬
lease-renewal-param-runs = ‮Runs simulated‬
lease-renewal-param-seed = ‮Seed‬
lease-renewal-param-spread = ‮Spread of run length (σ of its log)‬
lease-renewal-param-stall-alpha = ‮Pareto tail index α (Pareto only; smaller: a fatter far tail)‬
lease-renewal-param-stall-chance = ‮Chance a run stalls‬
lease-renewal-param-stall-mean-s = ‮Mean stall‬
lease-renewal-param-stall-shape = ‮Shape of stall lengths‬
lease-renewal-param-stall-shape-exponential = ‮Exponential (light tail)‬
lease-renewal-param-stall-shape-pareto = ‮Pareto (heavy tail)‬
lease-renewal-param-takeover-chance = ‮Chance a second worker takes over‬
lease-renewal-param-ttl-s = ‮Lock TTL‬
lease-renewal-param-work-s = ‮Typical run (median)‬
lease-sizing-param-margin-s = ‮Safety margin you want‬
lease-sizing-param-network-s = ‮Max network delay‬
lease-sizing-param-pause-p99-s = ‮p99 process pause‬
lease-sizing-param-renew-every-s = ‮Renewal interval (0: no renewal)‬
lease-sizing-param-stall-alpha = ‮Pareto tail index α (Pareto only; smaller: a fatter far tail)‬
lease-sizing-param-stall-chance = ‮Chance a lease sees a pause‬
lease-sizing-param-stall-mean-s = ‮Mean pause‬
lease-sizing-param-stall-shape = ‮Shape of stall lengths‬
lease-sizing-param-stall-shape-exponential = ‮Exponential (light tail)‬
lease-sizing-param-stall-shape-pareto = ‮Pareto (heavy tail)‬
lease-sizing-param-ttl-s = ‮The lease you pick‬
lease-sizing-param-work-p99-s = ‮p99 work (0 if renewal covers it)‬
locale-unreadable = ‮The { $locale } translation could not be read ({ $why }), so this widget speaks English.‬
lock-granularity-param-gap-ms = ‮Time between taking the two locks‬
lock-granularity-param-keys = ‮Keys (SKUs)‬
lock-granularity-param-lock = ‮Lock‬
lock-granularity-param-lock-global = ‮One global lock‬
lock-granularity-param-lock-per-key = ‮One per key‬
lock-granularity-param-lock-per-shard = ‮One per shard‬
lock-granularity-param-ordered = ‮Take locks in one global order‬
lock-granularity-param-rate-per-s = ‮Updates, all keys‬
lock-granularity-param-seed = ‮Seed‬
lock-granularity-param-shards = ‮Shards‬
lock-granularity-param-skew = ‮Popularity skew (Zipf exponent)‬
lock-granularity-param-ttl-ms = ‮Lock TTL‬
lock-granularity-param-two-locks = ‮Each update takes two keys' locks‬
lock-granularity-param-updates = ‮Updates simulated‬
lock-granularity-param-work-ms = ‮Critical section (mean)‬
messages-placeables = ‮In the wording file { $file }, { $key } uses { $names }, which this widget does not give that message; it is left out.‬
messages-reference = ‮In the wording file { $file }, { $key } names { $other }, which cannot be said there: this widget has no such message, or it leads back to { $key } or through too many others. It is left out.‬
messages-unknown = ‮The wording file { $file } names { INT($count) ->
    [one] a message this widget does not have: { $keys }. It is left out.
   *[other] messages this widget does not have: { $keys }. They are left out.
}‬
messages-unreadable = ‮The wording file { $file } could not be read ({ $why }), so this widget keeps its own words.‬
narrative-less = ‮Less‬
narrative-more = ‮More‬
notice-above-max = ‮is above the maximum, { $max }‬
notice-alias = ‮{ $name }=“{ $value }” is not true or false; ignored (it is an older name for { $target }).‬
notice-below-min = ‮is below the minimum, { $min }‬
notice-clamped = ‮{ $name }: using { $used }.‬
notice-more = ‮{ $more ->
    [one] … and { INT($more) } more problem with the parameters, not shown.
   *[other] … and { INT($more) } more problems with the parameters, not shown.
}‬
notice-not-bool = ‮is not true or false‬
notice-not-clock = ‮is not a time of day like 21:50 or 21:50:30‬
notice-not-finite = ‮is not a finite number‬
notice-not-number = ‮is not a number‬
notice-not-one-of = ‮is not one of { $options }‬
notice-not-whole = ‮is not a whole number‬
notice-unknown-param = ‮Unknown parameter “{ $name }”: ignored. Known: { $known }.‬
notice-using = ‮{ $name }=“{ $value }” { $why }; using { $used }.‬
notice-using-default = ‮{ $name }=“{ $value }” { $why }; using the default, { $used }.‬
opt-axis-rate = ‮updates per second (log scale)‬
opt-axis-time = ‮mean time per update‬
opt-caption = ‮Mean time per update by the formulas: optimistic (red) and with the lock (blue, up to its capacity); the dots are this run, simulated.‬
opt-cell-never = ‮never‬
opt-cell-none = ‮none‬
opt-cell-waiting = ‮{ MS($wait) } on average; at most { INT($queue) } in line‬
opt-cell-wasted = ‮{ INT($attempts) ->
    [one] { INT($attempts) } attempt
   *[other] { INT($attempts) } attempts
}‬
opt-chart-formulas-cross = ‮formulas cross ≈ { $rate }/s‬
opt-chart-simulated-cross = ‮simulated ≈ { $rate }/s‬
opt-collapse = ‮At { opt-rate } with { MS($work) } of work, optimistic updates collapse: after { INT($attempts) } attempts only { INT($completed) } of { INT($updates) } updates had committed, because every commit fails every attempt that read before it, and those redo their work only to fail again. The lock, meanwhile, did each update once: { MS($mean) } on average, { MS($wait) } of it waiting.‬
opt-contention = ‮At λT = { $load } the { $estimate } estimate no longer describes the run: a commit succeeds only if its attempt read after the last successful commit, so successful commits are spaced by at least an attempt's length and conflicts no longer arrive as a Poisson stream (simulated { $attempts } attempts per update against { $exact }).‬
opt-formula-cross = ‮the formulas put the crossing at about { $rate } a second‬
opt-formula-lock-fixed = ‮the formulas have the lock quicker at every rate: its round trip ({ MS($lock) }) is nearly free, and waiting in line costs less than redoing work does (about λT²/2 against λT² per update)‬
opt-formula-lock-varied = ‮the formulas have the lock quicker at every rate: its round trip ({ MS($lock) }) is nearly free, and waiting in line costs no more than redoing work does (about λT² per update either way, before the retry cost)‬
opt-formula-none = ‮by the formulas optimistic stays quicker up to the lock's capacity‬
opt-key-lock = ‮with the lock‬
opt-key-optimistic = ‮optimistic‬
opt-label-cross = ‮They cross near { $rate } updates a second.‬
opt-label-fixed = ‮Mean time per update against the update rate, from the formulas, both axes on log scales: optimistic rises exponentially (e^(λT) attempts), the lock rises steeply towards its capacity.‬
opt-label-no-cross = ‮The curves do not cross below the lock's capacity.‬
opt-label-now = ‮At the current rate the simulation gives { MS($optimistic) } optimistic and { MS($lock) } with the lock.‬
opt-label-sim-capacity = ‮In the simulation optimistic stays quicker up to capacity.‬
opt-label-sim-cross = ‮In the simulation the means cross near { $rate } a second.‬
opt-label-varied = ‮Mean time per update against the update rate, from the formulas, both axes on log scales: optimistic rises linearly in the rate (1 + λT attempts), the lock rises steeply towards its capacity.‬
opt-lede = ‮Two ways to update a record many clients want. Optimistic: read it with its version, do the work, and write only if the version has not changed; otherwise start again. Pessimistic: take a lock first, so nobody else can start, and release it after. Raise the rate and watch which one wins.‬
opt-method = ‮Updates arrive at random (a Poisson process) and both ways see the same arrivals. Optimistic: a commit fails if another commit landed after its read; the update then pays the retry cost and starts over. The lock is held for the work plus one round trip to the lock service, first come first served: a Pollaczek–Khinchine (M/G/1) queue, M/D/1 when the work always takes the same time. The optimistic formula, e^(λT) attempts for fixed work or 1 + λT for exponential work, assumes other commits arrive as a Poisson stream, which holds while conflicts are rare (λT well under 1).‬
opt-over-capacity = ‮The lock is over capacity (utilisation { $utilisation }): its queue only grows while updates keep coming, and drains here only because the run ends.‬
opt-quicker-lock = ‮Here the lock is quicker on average.‬
opt-quicker-optimistic = ‮Here optimistic is quicker on average.‬
opt-rate = ‮{ $rate ->
    [one] { $rate } update
   *[other] { $rate } updates
} a second‬
opt-retries = ‮Every retry redoes the work, so anything the work does outside the record (an email, a charge, a message) must be idempotent or wait until the commit succeeds; { INT($wasted) } of this run's attempts were thrown away ({ PERCENT($share) }).‬
opt-row-mean = ‮Time per update, mean‬
opt-row-median = ‮Time per update, median‬
opt-row-p99 = ‮Time per update, 99th percentile‬
opt-row-throughput = ‮Updates done per second‬
opt-row-waiting = ‮Waiting for the lock‬
opt-row-wasted = ‮Work thrown away‬
opt-run = ‮At { opt-rate } with { MS($work) } of work, another commit lands during an attempt { $load } times on average (λT). Optimistic updates needed { $attempts } attempts each ({ INT($wasted) } wasted in all; the formula says { $exact }) and took { MS($mean) } on average, { MS($p99) } at the 99th percentile. With the lock, updates waited { MS($wait) } on average for it and took { MS($lockMean) } in all, { MS($lockP99) } at the 99th percentile.‬
opt-sim-capacity = ‮In this simulation optimistic stays quicker up to the lock's capacity ({ $capacity } updates a second); { $formula }.‬
opt-sim-cross = ‮On these arrivals optimistic is quicker up to about { $rate } updates a second and the lock above that (where the simulated means cross); { $formula }.‬
opt-sim-cross-later = ‮On these arrivals optimistic is quicker up to about { $rate } updates a second and the lock above that (where the simulated means cross); { $formula }, later, because near the crossing { $estimate } already undercounts the attempts.‬
opt-sim-lock-always = ‮In this simulation the lock is quicker at every rate from { $from } a second up; { $formula }.‬
opt-stat-attempts = ‮Attempts per update (formula)‬
opt-stat-attempts-value = ‮{ $attempts } ({ $exact })‬
opt-stat-lock = ‮With the lock, mean‬
opt-stat-optimistic = ‮Optimistic, mean‬
opt-stat-wait = ‮Lock wait (formula)‬
opt-stat-wait-unsteady = ‮{ MS($wait) } (no steady state)‬
opt-stat-wait-value = ‮{ MS($wait) } ({ MS($exact) })‬
opt-table-caption = ‮The same updates, both ways‬
opt-table-lock = ‮With the lock‬
opt-table-measure = ‮Measure‬
opt-table-optimistic = ‮Optimistic‬
opt-tick-ms = ‮{ $ms } ms‬
opt-title = ‮Optimistic or pessimistic: one hot record‬
optimistic-vs-pessimistic-param-lock-ms = ‮Lock round trip‬
optimistic-vs-pessimistic-param-rate-per-s = ‮Updates to the record‬
optimistic-vs-pessimistic-param-retry-ms = ‮Extra cost of a retry (re-read, back-off)‬
optimistic-vs-pessimistic-param-seed = ‮Seed‬
optimistic-vs-pessimistic-param-updates = ‮Updates simulated‬
optimistic-vs-pessimistic-param-work = ‮Work time‬
optimistic-vs-pessimistic-param-work-exponential = ‮Varies (exponential)‬
optimistic-vs-pessimistic-param-work-fixed = ‮Always the same‬
optimistic-vs-pessimistic-param-work-ms = ‮Work per update‬
paused-a-overwrote = ‮A froze for { $pause } s, longer than its { $lease } s lease. B got the lock at { $granted } s and sold C14 to fan B at { $write } s. At { $wake } s A woke up and overwrote that sale with fan A: two fans paid for one seat, and the lock service did exactly what it promised.‬
paused-actor-a = ‮A‬
paused-actor-b = ‮B‬
paused-actor-lock = ‮the lock service‬
paused-actor-storage = ‮storage‬
paused-applied = ‮applied‬
paused-asks = ‮asks for the lock (and again every { $every } s)‬
paused-b-overwrote = ‮A's lease ran out at { $lease } s and B got the lock at { $granted } s and read C14 as free, but A woke at { $wake } s, before B wrote. A's write with token 33 was applied, then B's write at { $write } s replaced it: two fans paid. Fencing every access, or a conditional write, would have stopped it.‬
paused-b-overwrote-write-fenced = ‮A's lease ran out at { $lease } s and B got the lock at { $granted } s and read C14 as free, but A woke at { $wake } s, before B wrote. A's write with token 33 was applied (storage checks tokens on writes only, and 33 was the highest written so far), then B's write at { $write } s replaced it: two fans paid. Write-only fencing cannot stop this; fencing B's read too, or a conditional write, would.‬
paused-chart-double = ‮two fans paid‬
paused-chart-holder = ‮{ $who } · { $token }‬
paused-chart-lease-ends = ‮A's lease ends‬
paused-chart-now = ‮now { $seconds } s‬
paused-chart-paused = ‮paused‬
paused-chart-read = ‮read { $token }‬
paused-chart-seat-free = ‮C14: free‬
paused-chart-seat-sold = ‮C14: { $fan }‬
paused-chart-write = ‮write { $token }‬
paused-col-storage = ‮storage‬
paused-col-time = ‮time‬
paused-col-token = ‮token‬
paused-col-what = ‮what‬
paused-col-who = ‮who‬
paused-condition-a = ‮A froze for { $pause } s, past its { $lease } s lease; B got the lock and sold C14. When A woke at { $wake } s its conditional write found the seat no longer free and changed nothing. B keeps the seat.‬
paused-condition-b = ‮A's lease ran out at { $lease } s and B got the lock at { $granted } s, but A woke at { $wake } s and sold C14 before B wrote. B's conditional write found the seat taken and changed nothing: one sale, to fan A.‬
paused-fan-a = ‮fan A‬
paused-fan-b = ‮fan B‬
paused-fenced = ‮A froze for { $pause } s, past its { $lease } s lease; B got the lock (token 34) and sold C14 at { $write } s. When A woke at { $wake } s its write carried token 33, lower than the 34 storage had already seen, so storage refused it. B keeps the seat.‬
paused-finishes-unaware = ‮finishes its work, unaware that its lease ran out‬
paused-freezes = ‮freezes‬
paused-grants-a = ‮grants the lock to A‬
paused-grants-b = ‮grants the lock to B‬
paused-holder-param-lease-s = ‮Lease (TTL)‬
paused-holder-param-pause-s = ‮A's pause‬
paused-holder-param-protection = ‮What storage checks‬
paused-holder-param-protection-conditional = ‮Conditional write (compare-and-set)‬
paused-holder-param-protection-fence-all = ‮Tokens on every access‬
paused-holder-param-protection-fence-writes = ‮Tokens on writes only‬
paused-holder-param-protection-none = ‮Nothing‬
paused-key-applied = ‮write applied‬
paused-key-paused = ‮paused‬
paused-key-read = ‮read‬
paused-key-refused = ‮write refused‬
paused-key-stale = ‮lease gone, still believes it holds it‬
paused-key-valid = ‮holding a valid lease‬
paused-label = ‮Timeline with lanes for A, B, the lock service and storage over { $end } s: A freezes at 2.5 s and wakes at { $wake } s; B gets the lock at { $granted } s. The seat ends with { $seat }.‬
paused-lane-a = ‮A‬
paused-lane-b = ‮B‬
paused-lane-lock = ‮lock‬
paused-lane-storage = ‮storage‬
paused-late-harmless = ‮A's lease ran out at { $lease } s and A woke at { $wake } s, after it, but B had not been given the lock yet (it asks every { $every } s), so A's late sale went through and B, reading after it, found the seat sold. No harm this time, by luck of timing.‬
paused-lease-expires = ‮lets A's lease expire‬
paused-lede = ‮Worker A takes the lock, reads that seat C14 is free, and freezes at 2.5 s. Its lease keeps running. B asks for the lock every { $every } s and, once it has it, sells the seat { $after } s later.‬
paused-method = ‮A walkthrough computed from your settings; the tokens 33 and 34 are illustrative. Tokens on writes only: storage refuses a write whose token is below the highest it has seen on a write. Tokens on every access: reads carry the token too and storage registers it, so a write below a token that has already read is refused. Equal tokens are accepted, so a holder may read and then write with its own token. Conditional write: update seats set holder = … where seat = 'C14' and holder is null.‬
paused-read-fenced = ‮A's lease ran out at { $lease } s and B got the lock at { $granted } s. B's read carried token 34, and storage registered it. A woke at { $wake } s, before B wrote, and its write with token 33 was refused because storage had already seen 34 on B's read. B's sale at { $write } s went through: one sale. This is why fencing should cover every access, reads included.‬
paused-reads = ‮reads C14: { $seat }‬
paused-reads-gives-up = ‮reads C14: { $seat }, so B gives up‬
paused-reads-registers = ‮reads C14: { $seat }; storage registers token { $token }‬
paused-reads-registers-gives-up = ‮reads C14: { $seat }; storage registers token { $token }, so B gives up‬
paused-refused = ‮refused‬
paused-registered = ‮token registered‬
paused-releases = ‮releases the lock‬
paused-result-double = ‮two fans paid‬
paused-result-single = ‮one sale‬
paused-safe = ‮A's { $pause } s pause ended at { $wake } s, inside its { $lease } s lease, so A sold C14 and released the lock. B got the lock at { $granted } s, found the seat sold and gave up. One seat, one fan.‬
paused-seat-free = ‮free‬
paused-seat-nobody = ‮nobody‬
paused-seat-sold = ‮sold to { $fan }‬
paused-seconds = ‮{ $seconds } s‬
paused-stat-granted = ‮B gets the lock at‬
paused-stat-result = ‮Result‬
paused-stat-seat = ‮C14 belongs to‬
paused-stat-wakes = ‮A wakes at‬
paused-step = ‮At { $time } s, { $actor } { $action }.‬
paused-step-token = ‮At { $time } s, { $actor } { $action } (token { $token }).‬
paused-steps = ‮The timeline, step by step‬
paused-title = ‮The paused holder: two workers, one lock, the last seat‬
paused-wakes = ‮wakes up‬
paused-wakes-believing = ‮wakes up, still believing it holds the lock‬
paused-writes-applied = ‮writes C14 → { $fan }: applied‬
paused-writes-fenced = ‮writes C14 → { $fan }: refused: storage has already seen token { $highest }‬
paused-writes-taken = ‮writes C14 → { $fan }: refused: C14 is no longer free (0 rows updated)‬
player-back = ‮Step back‬
player-forward = ‮Step forward‬
player-label = ‮Timeline player: Space plays or pauses, arrow keys step, Home and End jump‬
player-pause = ‮Pause‬
player-play = ‮Play‬
player-position = ‮{ $now } of { $end }‬
player-scrub = ‮Time in the story‬
player-speed = ‮Speed‬
player-speed-option = ‮{ $speed }×‬
player-time-ms = ‮{ $t } ms‬
player-time-s = ‮{ $t } s‬
player-time-steps = ‮{ $t ->
    [one] { $t } step
   *[other] { $t } steps
}‬
predict-again = ‮Not quite. Try again.‬
predict-answers-before = ‮{ INT($n) } answers before the run is shown.‬
predict-asking = ‮Prediction { INT($n) } of { INT($total) }: the results stay hidden until you answer‬
predict-choose = ‮Choose one of the answers.‬
predict-commit = ‮Commit and show the run‬
predict-count = ‮Prediction { INT($n) } of { INT($total) }‬
predict-discarded = ‮Saved predictions were discarded: { $why }. Starting afresh.‬
predict-done = ‮Predictions done: the widget is back at this page's settings, yours to explore.‬
predict-done-score = ‮Predictions done: { INT($right) } of { INT($total) } right at the first answer. The widget is back at this page's settings, yours to explore.‬
predict-explore = ‮Done: explore freely‬
predict-field = ‮Your prediction ({ $min } to { $max })‬
predict-field-choice = ‮Your prediction‬
predict-field-unit = ‮Your prediction, in { $unit } ({ $min } to { $max })‬
predict-give-number = ‮Give a number from { $min } to { $max }.‬
predict-left = ‮Not quite. { INT($left) ->
    [one] { INT($left) } answer
   *[other] { INT($left) } answers
} left.‬
predict-loading = ‮Loading the predictions…‬
predict-next = ‮Next prediction‬
predict-not-saved = ‮Your predictions could not be saved in this browser: they count on this page but will be forgotten when you leave it.‬
predict-paper = ‮Prediction { INT($n) }. { $question }‬
predict-paper-room = ‮Your prediction: ____________ { $unit }‬
predict-region = ‮Predictions‬
predict-region-titled = ‮Predictions: { $title }‬
predict-right = ‮Right.‬
predict-run = ‮You said { $said }. The run: { $actual }.‬
predict-run-exact = ‮You said { $said }. The run: { $actual } (exactly { $exact } on average).‬
predict-said-again = ‮Not quite ({ INT($attempts) ->
    [one] { INT($attempts) } answer
   *[other] { INT($attempts) } answers
} so far). Try again: the run stays hidden until your answer is right.‬
predict-said-left = ‮Not quite. { INT($left) ->
    [one] { INT($left) } answer
   *[other] { INT($left) } answers
} left; the run stays hidden until then.‬
predict-wrong = ‮Not this time.‬
quiz-correct = ‮Correct.‬
quiz-correct-xp = ‮Correct: +{ INT($xp) } XP.‬
quiz-discarded = ‮Saved progress for this deck was discarded: { $why }. Starting afresh.‬
quiz-done-all = ‮You have answered every card.‬
quiz-done-round = ‮You have answered every card of this round.‬
quiz-keys = ‮Keys, while the quiz has focus: 1 to { INT($max) } to answer, Enter for the next card.‬
quiz-keys-xp = ‮{ " " }{ INT($xp) } XP for each card answered correctly at the first try.‬
quiz-loading = ‮Loading the deck…‬
quiz-next = ‮Next card‬
quiz-no-storage = ‮This browser keeps no storage for this page: your progress will be lost when you leave it.‬
quiz-recorded-retry = ‮In this course the first finished round is what is recorded; retrying is practice.‬
quiz-recorded-start-over = ‮In this course the first finished round is what is recorded; starting over is practice.‬
quiz-retry = ‮Retry the ones I missed‬
quiz-retry-count = ‮Retry the ones I missed ({ INT($n) })‬
quiz-save-browser = ‮Your progress could not be saved in this browser (its storage is full or blocked): it will be lost when you leave the page.‬
quiz-save-platform = ‮Your progress could not be saved in your course's record (it holds 4,096 characters): it will be lost when you leave the page.‬
quiz-score-first = ‮You answered { INT($correct) } of { INT($cards) } correctly at the first try, and have { INT($xp) } XP.‬
quiz-score-round = ‮You answered { INT($correct) } of { INT($cards) } correctly this round, and have { INT($xp) } XP.‬
quiz-see-summary = ‮See the summary‬
quiz-start-over = ‮Start over‬
quiz-status = ‮Card { INT($n) } of { INT($total) }‬
quiz-status-xp = ‮Card { INT($n) } of { INT($total) } · { INT($xp) } XP‬
quiz-title = ‮Quiz‬
quiz-tries = ‮Each card can be answered { INT($tries) ->
    [one] once
   *[other] { INT($tries) } times
}.‬
quiz-tries-out = ‮Each card can be answered { INT($tries) ->
    [one] once
   *[other] { INT($tries) } times
}; { INT($out) ->
    [one] { INT($out) } missed card has
   *[other] { INT($out) } missed cards have
} no tries left.‬
quiz-why-not = ‮Not this one:{ " " }‬
quiz-why-right = ‮Right:{ " " }‬
quiz-wrong = ‮Not quite: see why under each option.‬
redis-failover-param-contention = ‮Chance someone else wants a lost lock‬
redis-failover-param-failovers = ‮Failovers simulated‬
redis-failover-param-grants-per-s = ‮Lock grants‬
redis-failover-param-lag-ms = ‮Replication lag (mean)‬
redis-failover-param-seed = ‮Seed‬
redis-failover-param-store = ‮Where the lock lives‬
redis-failover-param-store-consensus = ‮Consensus (etcd, ZooKeeper)‬
redis-failover-param-store-redis = ‮Redis primary + replica‬
redis-failover-param-store-redlock = ‮Redlock (5 masters)‬
redlock-axis-chance = ‮chance one master says yes in time‬
redlock-chart-both = ‮both clients hold the lock‬
redlock-chart-clock = ‮clock { $clock } ms‬
redlock-chart-clock-jumped = ‮clock { $clock } ms (jumped)‬
redlock-chart-late-write = ‮late write‬
redlock-chart-none = ‮no lock‬
redlock-chart-now = ‮now { $ms } ms‬
redlock-chart-one = ‮client 1 holds the lock‬
redlock-chart-quorum = ‮quorum { PERCENT($chance) } (seeded { PERCENT($rate) })‬
redlock-clock-jumps = ‮C's clock jumps forward by { $jump } ms.‬
redlock-crash-both = ‮C crashed and came back empty, so client 2 gathered C, D and E while client 1 still held the lock: both hold it. A delayed restart (staying down longer than the TTL) prevents this.‬
redlock-crash-safe = ‮C stayed down longer than the TTL before rejoining, so client 2 found only D and E: no quorum, and client 1 keeps the lock alone.‬
redlock-crashes = ‮C crashes and loses its keys (no persistence, or fsync once a second).‬
redlock-down-failed = ‮With { $down } of five masters down, client 1 got { redlock-yeses }: not a majority, so no lock.‬
redlock-down-held = ‮With { $down } of five masters down, client 1 got { redlock-yeses }: still a majority, so it holds the lock.‬
redlock-expires-early = ‮C's copy of the key expires early.‬
redlock-freezes-after = ‮client 1 freezes for { $pause } ms, right after its check.‬
redlock-freezes-collecting = ‮client 1 freezes for { $pause } ms while collecting replies.‬
redlock-holds = ‮client 1 has { redlock-yeses } in { $elapsed } ms: it holds the lock for a validity of { $validity } ms (TTL { $ttl } − elapsed { $elapsed } − drift { $drift }).‬
redlock-jump-both = ‮C's clock jumped { $jump } ms ahead, its key expired early, and client 2 gathered C, D and E while client 1's validity was still running: both hold the lock. Redlock's safety assumes clocks do not jump like this.‬
redlock-jump-safe = ‮C's clock jumped only { $jump } ms: by the time its key expired, client 1's validity was over, so the two never held the lock at once.‬
redlock-key-1 = ‮client 1's key or hold‬
redlock-key-2 = ‮client 2's key or hold‬
redlock-key-request = ‮a request and its answer‬
redlock-label-end-both = ‮both clients end up holding the lock‬
redlock-label-end-none = ‮no lock‬
redlock-label-end-one = ‮client 1 holds the lock‬
redlock-lane-client-1 = ‮client 1‬
redlock-lane-client-2 = ‮client 2‬
redlock-lane-master = ‮master { $node }‬
redlock-lede = ‮A client asks five independent Redis masters for the same key (here one after another, as the Redis description puts it; many clients ask all five at once). It holds the lock only if at least three said yes and the asking took less than the TTL; what is left, minus an allowance for clock drift, is how long it may use the lock. Play each scenario and watch where that reasoning holds and where it breaks.‬
redlock-method = ‮Deterministic walkthroughs. SET key value NX PX ttl goes to the masters in turn; a master that is down costs its 50 ms timeout. Validity = TTL − elapsed − drift, drift = 0.01 × TTL + 2 ms (the client libraries' convention). Clock jump and crash-restart are Kleppmann's counterexamples. That no lease catches a pause after the check, he and Redis's author agree; he would have the resource check a fencing token, while Redis's author argues that the lock's unique value, checked by the resource with a check-and-set, can serve. The quorum curve is Σ C(5,k) q^k (1 − q)^(5−k) for k ≥ 3, with seeded attempts beside it.‬
redlock-ms = ‮{ $ms } ms‬
redlock-no-answer = ‮client 1 gets no answer from { $node } within its { $timeout } ms timeout.‬
redlock-no-answer-2 = ‮client 2 gets no answer from { $node }.‬
redlock-normal = ‮All five masters said yes in { $elapsed } ms, so client 1 may use the lock for { $validity } ms, a little under the { $ttl } ms TTL.‬
redlock-odds = ‮If each master says yes in time with probability { PERCENT($chance) }, a quorum forms { PERCENT($quorum) } of the time ({ PERCENT($rate) } of { INT($trials) } seeded attempts).‬
redlock-odds-caption = ‮The chance of a quorum (line) and the share of seeded attempts that formed one (dot).‬
redlock-odds-label = ‮Curve of the chance of a quorum of { $needed } of 5 against the chance that one master says yes in time: { PERCENT($chance) } here, { PERCENT($rate) } of the seeded attempts.‬
redlock-param-clock-jump-ms = ‮C's clock jumps by‬
redlock-param-delayed-restart = ‮Delayed restart (down longer than the TTL)‬
redlock-param-latency-ms = ‮Reply time per master‬
redlock-param-node-timeout-ms = ‮Client's timeout per master‬
redlock-param-nodes-down = ‮Masters down‬
redlock-param-nodes-up-chance = ‮Chance a master says yes in time‬
redlock-param-pause-ms = ‮Client 1's pause‬
redlock-param-pause-when = ‮Client 1 pauses‬
redlock-param-pause-when-after-check = ‮after the check‬
redlock-param-pause-when-collecting = ‮while collecting replies‬
redlock-param-scenario = ‮Scenario‬
redlock-param-scenario-client-pause = ‮The client pauses‬
redlock-param-scenario-clock-jump = ‮A clock jumps‬
redlock-param-scenario-crash-restart = ‮A master crashes and restarts‬
redlock-param-scenario-node-down = ‮Masters down‬
redlock-param-scenario-normal = ‮All five answer quickly‬
redlock-param-scenario-slow-nodes = ‮Three slow masters‬
redlock-param-seed = ‮Seed‬
redlock-param-slow-ms = ‮Reply time of the slow masters‬
redlock-param-trials = ‮Attempts simulated‬
redlock-param-ttl-ms = ‮Lock TTL‬
redlock-pause-collecting-held = ‮Client 1 froze for { $pause } ms while collecting replies. The elapsed-time check counts the pause ({ $elapsed } ms in all), so it still had validity left and holds the lock.‬
redlock-pause-collecting-refused = ‮Client 1 froze for { $pause } ms while collecting replies. The elapsed-time check counts the pause ({ $elapsed } ms in all), so it refuses the lock and does not use it.‬
redlock-pause-in-time = ‮Client 1 froze for { $pause } ms after its check, but woke inside its { $validity } ms validity.‬
redlock-pause-late = ‮Client 1 froze for { $pause } ms right after its check, longer than its { $validity } ms validity. Its keys expired, client 2 took the lock, and client 1's write arrived late anyway. No lease catches a pause after the holder's last check: on that Kleppmann and Redis's author agree. Kleppmann's remedy is a monotonic fencing token that the resource checks (Redlock cannot mint one); Redis's author answers that the lock's unique random value, checked by the resource with a check-and-set, can serve too, and that a resource able to check either hardly needs the lock.‬
redlock-rejoins = ‮C rejoins, after every key it had could have expired anyway.‬
redlock-restarts = ‮C restarts, empty.‬
redlock-second-fails = ‮client 2 has only { $yes } yeses: no lock.‬
redlock-second-holds = ‮client 2 has { $yes } yeses: it holds the lock too.‬
redlock-slow-held = ‮Three slow masters stretched the acquisition to { $elapsed } ms: all five said yes, and only { $validity } ms of the { $ttl } ms TTL are left to use.‬
redlock-slow-refused = ‮All five said yes, but that took { $elapsed } ms of a { $ttl } ms TTL: no time left, so the lock is refused and released.‬
redlock-slow-timeout = ‮C, D and E answer only after { $slow } ms, past client 1's { $timeout } ms timeout per master: it does not wait for them, so it has { redlock-yeses }, no majority, and releases the lock everywhere. A client that waited longer than { $slow } ms for each master would count them, and see how much of the TTL the wait uses up.‬
redlock-stat-elapsed = ‮Elapsed‬
redlock-stat-validity = ‮Validity‬
redlock-stat-verdict = ‮Verdict‬
redlock-stat-yes = ‮Yes answers‬
redlock-stat-yes-value = ‮{ $yes } of 5 (need { $needed })‬
redlock-step = ‮At { $time } ms, { $what }‬
redlock-timeout = ‮Every master answers after { $latency } ms, longer than client 1 waits for one ({ $timeout } ms): it counts no yes, so it gets no lock and releases everywhere.‬
redlock-title = ‮Redlock: a quorum on five Redis masters‬
redlock-too-few = ‮client 1 has only { redlock-yeses }, fewer than { $needed }: no lock, and it releases the keys it got.‬
redlock-too-slow = ‮client 1 has { redlock-yeses }, but collecting them took { $elapsed } ms of a { $ttl } ms TTL: no validity left, so no lock; it releases everywhere.‬
redlock-verdict-both = ‮two clients hold it‬
redlock-verdict-none = ‮no lock‬
redlock-verdict-one = ‮client 1 holds it‬
redlock-wakes-in-time = ‮client 1 wakes inside its validity and finishes in time.‬
redlock-wakes-late = ‮client 1 wakes and writes, sure it still holds the lock: no lease can catch this; only a check the resource itself makes (a fencing token, or a check-and-set on a value) can refuse the write.‬
redlock-walk-label = ‮Timeline of two clients and five masters: client 1 collected { $quorum } of 5 yeses in { $elapsed } ms; { $end }.‬
redlock-yes-1 = ‮{ $node } says yes to client 1.‬
redlock-yes-2 = ‮{ $node } says yes to client 2.‬
redlock-yeses = ‮{ $quorum ->
    [one] { $quorum } yes
   *[other] { $quorum } yeses
}‬
renewal-all-fenced = ‮A second worker repeated { INT($repeats) } of them and registered its newer token with its first read of the invoice row, so the database refused all { INT($refused) } late invoices from the first worker by their older token, however early they arrived. The email provider checks no token: { INT($emails) } emails went out twice.‬
renewal-axis-length = ‮run length: work + stall (log scale)‬
renewal-axis-runs = ‮runs‬
renewal-bar-emails = ‮double emails‬
renewal-bar-harmless = ‮harmless repeats‬
renewal-bar-invoices = ‮double invoices‬
renewal-bar-refused = ‮writes refused‬
renewal-chart-lease = ‮lease { $ttl } s‬
renewal-costs-caption = ‮What the lost runs did: this defence (solid) beside no defence on the same runs (faint).‬
renewal-costs-label = ‮Bars for the lost runs with this defence (and without any): double invoices { INT($invoices) } ({ INT($invoicesBefore) }), double emails { INT($emails) } ({ INT($emailsBefore) }), writes refused { INT($refused) }, harmless repeats { INT($harmless) }.‬
renewal-idempotent = ‮{ INT($harmless) } repeats carried the same idempotency keys, so neither the invoice nor the email happened twice (as long as the email provider honours the key).‬
renewal-keeps = ‮In this model renewal keeps slow runs safe and only a stall that also freezes the renewer, and outlasts what is left of the lease, loses it (a partition, a lost renewal reply or a failover can lose a renewed lease too; they are not modelled).‬
renewal-key-kept = ‮kept the lock‬
renewal-key-lost = ‮lost the lock while running‬
renewal-lede = ‮A job takes a lock with a lease and sends an invoice and an email when it is done. If it loses the lock while still running, a second worker may run it again. Compare what renewal, a fencing token (on the write, or on every access) and idempotency keys each do with the same runs.‬
renewal-lost = ‮With a { $ttl } s lease, { INT($lost) } of { INT($runs) } runs ({ PERCENT($share) }; exactly { PERCENT($exact) }) lost their lock while still running.‬
renewal-method = ‮{ INT($runs) } seeded runs: log-normal work around the typical value, plus, with the stall chance, a stall (exponential or Pareto) at a random point of the work. Renewal extends the lease every interval from the start while the job runs; a stall freezes the renewer too. A second worker starts when the lock moves to it, with the newer token, reads the invoice row and runs its own job. Write-only fencing: the database refuses the first worker's late invoice only if the second worker's invoice got there first; fencing every access: the second worker's read registers its token, so every late invoice is refused. The email provider checks no token. Idempotency keys: both recognise the repeat, assuming the provider honours the key. The exact chance of losing the lock comes from the same model. Not modelled: a partition, a lost renewal reply or a failover, which can lose a renewed lease too.‬
renewal-runs-label = ‮Histogram of { INT($runs) } run lengths on a log scale with the lease marked: { INT($lost) } runs lost the lock (in red).‬
renewal-seconds = ‮{ $seconds } s‬
renewal-stat-emails = ‮Double emails‬
renewal-stat-invoices = ‮Double invoices‬
renewal-stat-lost = ‮Runs that lost the lock‬
renewal-stat-lost-value = ‮{ INT($lost) } ({ PERCENT($exact) } exact)‬
renewal-stat-wasted = ‮Work done again‬
renewal-title = ‮Break it: the job that outlives its lock‬
renewal-too-late = ‮Renewing every { $every } s never comes before a { $ttl } s lease runs out, so renewal changes nothing here.‬
renewal-unprotected = ‮A second worker repeated { INT($repeats) } of them: { INT($invoices) } double invoices and { INT($emails) } double emails, with no error anywhere.‬
renewal-wasted = ‮{ $wasted } s of work were done again.‬
renewal-write-fenced = ‮A second worker, holding the newer token, repeated { INT($repeats) } of them. The database checks the token on the invoice write only: { INT($refused) } late invoices from the first worker arrived after the second worker's and were refused by their older token, but { INT($invoices) } arrived first, when their token was still the highest seen, and were accepted beside the repeat's: double invoices that write-only fencing cannot stop. The email provider checks no token: { INT($emails) } emails went out twice.‬
sandbox-action-acquire = ‮acquire‬
sandbox-action-pause = ‮pause‬
sandbox-action-read = ‮read‬
sandbox-action-release = ‮release‬
sandbox-action-write = ‮write‬
sandbox-button = ‮{ $client }: { $action }‬
sandbox-button-done = ‮{ $client }: done‬
sandbox-cannot = ‮{ $client } cannot { $action }: { $why }.‬
sandbox-cannot-act = ‮{ $client } cannot act: { $why }.‬
sandbox-cell = ‮{ $ending } orders with { $protection }‬
sandbox-chart-client = ‮client { $client }‬
sandbox-chart-label = ‮Timeline of the steps so far, up to { $clock } s: each client's lease, pauses, reads and writes, and the storage's value { $value }.‬
sandbox-chart-storage = ‮storage‬
sandbox-chart-token = ‮token { $token }‬
sandbox-client = ‮Client { $client }‬
sandbox-client-token = ‮token { $token }, { $status }‬
sandbox-col-checks = ‮storage checks‬
sandbox-col-correct = ‮correct‬
sandbox-col-older = ‮lost update: older token overwrote‬
sandbox-col-stale = ‮lost update: stale read‬
sandbox-ending-correct = ‮correct‬
sandbox-ending-older-overwrote = ‮lost update: an older token overwrote‬
sandbox-ending-stale-read = ‮lost update: decided on a stale read‬
sandbox-holder = ‮Holder: { $client } (token { $token }), lease until { $until } s.‬
sandbox-holder-nobody = ‮Holder: nobody.‬
sandbox-kept = ‮{ $kept ->
    [0] none is kept
    [one] the one before it is kept
   *[other] the { $kept } before it are kept
}‬
sandbox-key-applied = ‮write applied‬
sandbox-key-late = ‮lease gone, still believes it holds it‬
sandbox-key-pause = ‮paused‬
sandbox-key-read = ‮read‬
sandbox-key-refused = ‮refused‬
sandbox-key-valid = ‮holding a valid lease‬
sandbox-lede = ‮You are the scheduler. Each client takes the lock, reads the counter, writes what it read plus its own amount (A adds 1, B 10, C 100), and releases. A client holding the lock can pause: it freezes until its lease has run out and then carries on, unaware. Play the steps in any order the lock allows, and see what the storage lets through.‬
sandbox-lock-service = ‮Lock service‬
sandbox-log-acquire = ‮{ $client } gets the lock with token { $token }; its lease runs until { $expires } s.‬
sandbox-log-no-write = ‮{ $client } has nothing to write: its read was refused, so it gives up.‬
sandbox-log-pause = ‮{ $client } freezes until its lease has run out, at { $until } s, then carries on as if nothing happened.‬
sandbox-log-read = ‮{ $client } reads { $value }.‬
sandbox-log-read-refused = ‮Storage refuses { $client }'s read: token { $token } is below { $seen }, which it has already seen.‬
sandbox-log-read-registers = ‮{ $client } reads { $value } and registers token { $token }.‬
sandbox-log-release = ‮{ $client } releases the lock.‬
sandbox-log-release-expired = ‮{ $client } releases, but its lease had already run out: there was nothing to delete.‬
sandbox-log-release-other = ‮{ $client }'s release finds { $other }'s lock and leaves it alone.‬
sandbox-log-title = ‮What happened, step by step‬
sandbox-log-wait = ‮A second passes.‬
sandbox-log-write = ‮Storage applies { $client }'s write: the value is now { $new }.‬
sandbox-log-write-erasing = ‮Storage applies { $client }'s write: the value is now { $new }, erasing { $lost }'s update.‬
sandbox-log-write-refused = ‮Storage refuses { $client }'s write of { $new }: { $why }.‬
sandbox-method = ‮Every step takes one second; a pause lasts until the pauser's lease has run out. The lock service grants the lock when it is free or the holder's lease has run out, with tokens 33, 34, 35; a release deletes only its own lock. Tokens on writes only: a write below the highest token written is refused. Tokens on every access: reads register their token too, and a read or write below the highest token seen is refused. Equal tokens are accepted, so a holder can read and then write with its own token; “strictly greater” would refuse that write. Conditional write: compare-and-set on a version (here the value itself, which only grows, so it never repeats; on a value that can come back, compare a version number or an A-B-A change slips through). The table runs every order of the clients' steps (A pausing between its read and its write) under each protection.‬
sandbox-more = ‮… and { INT($n) } more.‬
sandbox-no-more = ‮No more steps: { $why }.‬
sandbox-no-pause = ‮No pause: { $why }.‬
sandbox-no-token = ‮none‬
sandbox-nothing-yet = ‮Nothing has happened yet: pick a step for one of the clients.‬
sandbox-notice-not-a-step = ‮steps: step { $n } “{ $shown }” is not a step like A.acquire, B.read, A.pause or wait; { sandbox-kept }.‬
sandbox-notice-not-possible = ‮steps: step { $n } “{ $shown }” is not possible there ({ $why }); { sandbox-kept }.‬
sandbox-notice-too-many = ‮steps: only the first { $max } steps are kept.‬
sandbox-orders = ‮{ INT($n) ->
    [one] { INT($n) } order
   *[other] { INT($n) } orders
} ending in { $ending } with “{ $protection }”. Pick one to load it into the sandbox and replay it:‬
sandbox-seconds = ‮{ $seconds } s‬
sandbox-start-over = ‮Start over‬
sandbox-stat-clock = ‮Clock‬
sandbox-stat-ending = ‮Ending so far‬
sandbox-stat-token = ‮Highest token issued‬
sandbox-stat-value = ‮Storage value‬
sandbox-state-done = ‮Every client is done and the value, { $value }, includes every accepted update.‬
sandbox-state-older = ‮The storage went backwards: an older token's write replaced newer work, so the value is { $value } where the accepted updates add up to { $expected }.‬
sandbox-state-so-far = ‮So far the value, { $value }, includes every accepted update.‬
sandbox-state-stale = ‮Both writes were accepted in token order, so the storage never went backwards, but the later one was decided on a read taken before the earlier one landed: both clients were told they succeeded, and the value is { $value } where the accepted updates add up to { $expected }.‬
sandbox-status-believes = ‮believes it holds the lock; { $holder } does‬
sandbox-status-done = ‮done‬
sandbox-status-holds = ‮holds the lock, { $left } s left‬
sandbox-status-ran-out = ‮its lease has run out; it does not know‬
sandbox-status-ran-out-frozen = ‮its lease ran out while it was frozen; it does not know‬
sandbox-status-waiting = ‮waiting to acquire‬
sandbox-step = ‮At { $clock } s, { $sentence }‬
sandbox-storage = ‮Storage‬
sandbox-storage-seen = ‮Value { $value }; highest token seen { $highest }.‬
sandbox-storage-value = ‮Value { $value }.‬
sandbox-storage-written = ‮Value { $value }; highest token written { $highest }.‬
sandbox-story = ‮After { $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
} (the clock at { $clock } s). { $state }‬
sandbox-table = ‮Of the { INT($orders) } orders in which these { $clients } clients' steps can happen (A pausing between its read and its write), { INT($correct) } end correctly with this protection and two kinds lose an update: in { INT($older) } an older token overwrote newer work, in { INT($stale) } a newer token decided on a stale read.‬
sandbox-table-caption = ‮Every order of the clients' steps ({ INT($orders) } of them), by what storage checks and how it ends. Pick a count to list its orders.‬
sandbox-title = ‮Fencing by hand, and every interleaving at once‬
sandbox-two = ‮{ $first } and { $second }‬
sandbox-undo = ‮Undo‬
sandbox-wait = ‮Wait 1 s‬
sandbox-why-below-seen = ‮token { $token } is below { $highest }, already seen‬
sandbox-why-below-written = ‮token { $token } is below { $highest }, already written‬
sandbox-why-finished = ‮{ $client } has finished‬
sandbox-why-lease-left = ‮{ $holder }'s lease has { $left } s left‬
sandbox-why-limit = ‮the story has reached its { $max }-step limit (undo a step or start over)‬
sandbox-why-next = ‮{ $client }'s next step is { $next }‬
sandbox-why-no-client = ‮there is no client { $client } with { $clients } clients‬
sandbox-why-no-lock = ‮{ $client } holds no lock to pause with‬
sandbox-why-paused = ‮{ $client } has paused once already‬
sandbox-why-value-moved = ‮the value is { $value }, not the { $read } it read‬
sandbox-why-written = ‮{ $client } has already written‬
sizing-chart-label = ‮One bar of the terms (work, pause, network, renewal, margin) adding up to { $sum } s, against a { $ttl } s lease: { $margin } s of margin left.‬
sizing-chart-lease = ‮lease { $ttl } s‬
sizing-chart-left = ‮margin left { $margin } s‬
sizing-chart-short = ‮{ $short } s short‬
sizing-exact = ‮That leaves { $margin } s of margin, the margin you wanted and no more: a pause a little past its p99 uses it up.‬
sizing-lede = ‮A common rule: lease ≥ p99 work + p99 pause + network delay + renewal interval + a safety margin. Add up your terms, pick a lease, and see what margin is really left and what a crash then costs.‬
sizing-method = ‮What the rule does not do: with renewal the work need not fit in one lease (a renewal interval above 0 reads as a renewed lease, and a work term beside it only makes the rule ask for more); adding p99s usually over-sizes, since for ordinary, independent parts the p99 of a sum is well below the sum of the p99s; and no lease bounds an unbounded pause, which is why the resource must check a fencing token. A pause loses a renewed lease when it outlasts lease − renewal − network, a lease without renewal (interval 0) when it outlasts lease − work − network. The chance comes from the pause model under More settings (as in the TTL trade-off), exactly.‬
sizing-more = ‮That leaves { $margin } s of margin, more than the { $wanted } s you wanted.‬
sizing-no-room = ‮No time is left for a pause at all.‬
sizing-not-renewed = ‮Without renewal the work has to fit: a pause loses the lease when it outlasts { $room } s (lease − work − network).‬
sizing-over = ‮The terms already add up to more than the { $ttl } s lease: { $short } s short before any margin.‬
sizing-pause-odds = ‮Under the pause model (its own p99 is { $p99 } s) that happens with probability { PERCENT($loses) } per lease, and a pause alone eats the whole margin left with probability { PERCENT($beyond) }: no lease makes either zero, which is why the resource must check a fencing token.‬
sizing-preset-check = ‮Check a lease: 10 s, renewal 3 s, pause 4 s, network 1 s‬
sizing-preset-size = ‮Size a lease: 8 + 2 + 0.5 + 3 + 2 = 15.5 s, round up to 20 s‬
sizing-recovery = ‮After a crash, the next holder waits up to { $wait } s.‬
sizing-renewed = ‮With renewal every { $every } s the work need not fit in one lease: a pause, which freezes the renewer too, loses the lease when it outlasts { $room } s (lease − renewal − network, for a pause that starts just before a renewal was due).‬
sizing-rule = ‮The rule asks for { $sum } s (work + pause + network + renewal + margin) and you picked { $ttl } s.‬
sizing-seconds = ‮{ $seconds } s‬
sizing-stat-loses = ‮A pause loses the lease‬
sizing-stat-margin = ‮Margin left‬
sizing-stat-rule = ‮The rule asks for‬
sizing-stat-wait = ‮Wait after a crash‬
sizing-stat-wait-value = ‮up to { $seconds } s‬
sizing-term-margin = ‮margin‬
sizing-term-network = ‮network‬
sizing-term-pause = ‮p99 pause‬
sizing-term-renewal = ‮renewal‬
sizing-term-work = ‮p99 work‬
sizing-title = ‮Size a lease: a worksheet, not a promise‬
sizing-under = ‮That leaves { $margin } s of margin, less than the { $wanted } s you wanted: likely too small.‬
sweeper-incident-param-exclusion = ‮Who may sweep‬
sweeper-incident-param-exclusion-advisory-lock = ‮Postgres advisory lock‬
sweeper-incident-param-exclusion-redis-ttl = ‮Redis key with an expiry (as shipped)‬
sweeper-incident-param-exclusion-run-slot = ‮One row per run slot‬
sweeper-incident-param-interval-s = ‮Cron every‬
sweeper-incident-param-lease-s = ‮Key expiry (PX)‬
sweeper-incident-param-order-every-s = ‮An order every‬
sweeper-incident-param-power-loss = ‮A box loses power‬
sweeper-incident-param-power-loss-at = ‮Power lost at‬
sweeper-incident-param-recovers-at = ‮Provider answers again at‬
sweeper-incident-param-release = ‮Releasing the Redis key‬
sweeper-incident-param-release-compare-and-delete = ‮Compare-and-delete‬
sweeper-incident-param-release-del = ‮DEL (as shipped)‬
sweeper-incident-param-restock = ‮Putting a copy back‬
sweeper-incident-param-restock-plain = ‮stock + 1 (as shipped)‬
sweeper-incident-param-restock-status-fence = ‮Only if the order was still pending‬
sweeper-incident-param-row-s = ‮Time per pending order‬
sweeper-incident-param-seed = ‮Seed‬
sweeper-incident-param-timeout-share = ‮Checkouts that time out while slow‬
sweeper-incident-param-until = ‮Replay until‬
ttl-axis-duration = ‮hold duration (log scale)‬
ttl-axis-holds = ‮holds‬
ttl-axis-ttl = ‮TTL (log scale)‬
ttl-chart-ttl = ‮TTL { $ttl } s‬
ttl-curve-label = ‮Trade-off chart: as the TTL grows from 0.1 s to 120 s, the share of holds that outlive it falls ({ PERCENT($at1) } at 1 s, { PERCENT($at10) } at 10 s, { PERCENT($at60) } at 60 s) while the wait after a crash grows with the TTL itself.‬
ttl-histogram-caption = ‮How long holds last (both axes on log scales). Red: holds that outlive the TTL.‬
ttl-histogram-label = ‮Histogram of { INT($holds) } hold durations on a log scale, with the { $ttl } s TTL marked: { INT($unsafe) } holds lie beyond it.‬
ttl-key-run = ‮this run‬
ttl-key-share = ‮share of holds outliving the TTL (exact)‬
ttl-key-wait = ‮longest wait after a crash (right axis)‬
ttl-lede = ‮A lease that is not renewed frees the lock when its holder dies, but the lock service cannot tell a dead holder from a slow one. Any hold longer than the TTL loses the lock while still working; a long TTL makes a real crash block everyone. (Lock clients such as etcd's and Redisson's renew the lease while the holder is alive: a different trade-off with failures of its own, in the lease-renewal widget.)‬
ttl-method = ‮{ INT($holds) } seeded holds. Work is log-normal around the typical value with the spread you set; with the stall chance, a stall of the mean you set is added, exponential (a light tail) or Pareto (a heavy tail: long stalls stay possible). A hold is unsafe when it lasts longer than the TTL. Every distribution here is an assumption to play with, not a measurement. The exact share and the expected count a day come from integrating the same model.‬
ttl-none-but-exact = ‮The exact chance is { PERCENT($exact) } per hold ({ $perDay } expected a day), not zero: a long enough stall still outlives any TTL.‬
ttl-none-outlived = ‮With a { $ttl } s TTL, none of the { INT($holds) } simulated holds outlived its lock.‬
ttl-pareto-tail = ‮Stalls have a heavy (Pareto, α = { $alpha }) tail here: long stalls are rare but not vanishingly so, so the right end of the curve keeps falling only as a power of the TTL (a straight line of slope −α on this log–log chart) instead of plunging.‬
ttl-per-day = ‮At one grant every { $every } s that is about { $perDay } a day in this run ({ $expected } expected).‬
ttl-recovery = ‮After a real crash, the next worker waits up to { $ttl } s before it may take over.‬
ttl-some-outlived = ‮With a { $ttl } s TTL, { INT($unsafe) } of { INT($holds) } holds ({ PERCENT($share) }; exactly { PERCENT($exact) }) outlived their lock: from then on the lock could go to a second worker while the first was still busy.‬
ttl-stat-outliving = ‮Holds outliving the TTL‬
ttl-stat-outliving-value = ‮{ INT($unsafe) } of { INT($holds) }‬
ttl-stat-per-day = ‮Unsafe holds a day (expected)‬
ttl-stat-per-day-value = ‮{ $perDay } ({ $expected })‬
ttl-stat-share = ‮Share (exact)‬
ttl-stat-share-value = ‮{ PERCENT($share) } ({ PERCENT($exact) })‬
ttl-stat-wait = ‮Wait after a crash‬
ttl-stat-wait-value = ‮up to { $seconds } s‬
ttl-title = ‮The lock must expire, and no TTL is safe‬
ttl-tradeoff-param-grant-every-s = ‮One grant every‬
ttl-tradeoff-param-holds = ‮Holds simulated‬
ttl-tradeoff-param-seed = ‮Seed‬
ttl-tradeoff-param-spread = ‮Spread of work (σ of its log)‬
ttl-tradeoff-param-stall-alpha = ‮Pareto tail index α (Pareto only; smaller: a fatter far tail)‬
ttl-tradeoff-param-stall-chance = ‮Chance a hold stalls‬
ttl-tradeoff-param-stall-mean-s = ‮Mean stall‬
ttl-tradeoff-param-stall-shape = ‮Shape of stall lengths‬
ttl-tradeoff-param-stall-shape-exponential = ‮Exponential (light tail)‬
ttl-tradeoff-param-stall-shape-pareto = ‮Pareto (heavy tail)‬
ttl-tradeoff-param-ttl-s = ‮Lock TTL‬
ttl-tradeoff-param-work-s = ‮Typical work (median)‬
value-off = ‮off‬
value-on = ‮on‬
