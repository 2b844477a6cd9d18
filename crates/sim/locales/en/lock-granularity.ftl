# The lock-granularity widget: everything it says, in English, the source every translation is
# made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs); a key never
# changes meaning once released: a changed sentence gets a new key.
# A SKU is an item for sale (a stock-keeping unit); λ·s, ρ and M/M/1 are formulas: keep them.

## The narrative: its sentences, in the order they are said.

# How much one lock covers, a phrase given to gran-load as $what.
gran-what-global = one global lock
gran-what-shards = { INT($shards) } shard locks
gran-what-keys = a lock per key ({ INT($keys) } of them)
# $rate: updates a second; $keys: items; $work: the mean time a lock is held (ms); $what: one of
# the gran-what-* phrases; $share: the busiest lock's share of the updates; $utilisation: its λ·s.
gran-load = { $rate } updates a second over { INT($keys) } keys, each holding its lock for { MS($work) } on average, with { $what }: the busiest lock takes { PERCENT($share) } of the updates, a utilisation (λ·s) of { $utilisation }.
# The same when an update takes two locks.
gran-load-pairs = { $rate } updates a second over { INT($keys) } keys, each holding its lock for { MS($work) } on average, with { $what }: the busiest lock takes { PERCENT($share) } of the updates, a utilisation (λ·s) of { $utilisation } at least, since a lock is also held while its holder waits for the other.
# Some lock is over capacity. $saturated: how many locks are; $capacity: the most updates a
# second one lock can serve.
gran-saturated = { $saturated ->
    [1] That is over 1: that lock can serve at most { gran-capacity }, so its queue never drains; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load.
   *[other] That is over 1: { INT($saturated) } of the locks can serve at most { gran-capacity }, so their queues never drain; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load.
}
# The same with a lock per key. $hottest: the hottest key's share of the updates.
gran-saturated-hot-key = { $saturated ->
    [1] That is over 1: that lock can serve at most { gran-capacity }, so its queue never drains; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load, but the hottest key alone takes { PERCENT($hottest) } of the updates here: no lock granularity helps a single hot item; batch its updates or make them commutative.
   *[other] That is over 1: { INT($saturated) } of the locks can serve at most { gran-capacity }, so their queues never drain; waits grow for as long as updates keep coming, and simulating them would only show a number that depends on how long you watch. Narrower locks spread the load, but the hottest key alone takes { PERCENT($hottest) } of the updates here: no lock granularity helps a single hot item; batch its updates or make them commutative.
}
# $mean and $p99: the simulated waits (ms); $throughput: updates done a second.
gran-waits = Updates waited { MS($mean) } for locks on average, { MS($p99) } at the 99th percentile, and { $throughput } a second got through.
# The same with the formulas' waits, $exactMean and $exactP99 (ms).
gran-waits-exact = Updates waited { MS($mean) } for locks on average, { MS($p99) } at the 99th percentile (M/M/1 per lock: { MS($exactMean) } and { MS($exactP99) }), and { $throughput } a second got through.
# $skew: the Zipf exponent; $share: the hottest key's share of the traffic.
gran-skew-key = With skew { $skew }, the hottest key alone has { PERCENT($share) } of the traffic, so its lock is the busiest and sets the worst waits.
gran-skew-shard = With skew { $skew }, the hottest key alone has { PERCENT($share) } of the traffic, so the shard that holds it carries at least that share.
gran-global-pairs = Both items sit behind the one global lock, so an update takes one lock, not two: nothing can deadlock, and nothing runs in parallel either.
# $deadlocks: groups of updates that deadlocked; $ttl: a lock's TTL (ms); $expiries: locks that
# passed on while their holder still thought it held them.
gran-deadlocks = Taking two locks in the order the items come, { $deadlocks ->
    [1] one group of updates
   *[other] { INT($deadlocks) } groups of updates
} deadlocked. Nothing moves until a lock's TTL ({ MS($ttl) }) runs out and the lock passes to a waiter while its first holder still thinks it holds it: the expiry “breaks” the deadlock by letting two holders overlap ({ INT($expiries) } such expiries), which is the very thing the lock was for. (A database's own row locks instead detect the circle and abort one transaction.) Taking locks in one global order makes a cycle impossible.
# The same with the first circle of waits, $cycle: gran-cycle-link phrases joined by "; ".
gran-deadlocks-cycle = Taking two locks in the order the items come, { $deadlocks ->
    [1] one group of updates
   *[other] { INT($deadlocks) } groups of updates
} deadlocked (first: { $cycle }). Nothing moves until a lock's TTL ({ MS($ttl) }) runs out and the lock passes to a waiter while its first holder still thinks it holds it: the expiry “breaks” the deadlock by letting two holders overlap ({ INT($expiries) } such expiries), which is the very thing the lock was for. (A database's own row locks instead detect the circle and abort one transaction.) Taking locks in one global order makes a cycle impossible.
# One link of the circle. $update: its number; $held and $wanted: gran-lock-* names.
gran-cycle-link = update { INT($update) } holds { $held } and waits for { $wanted }
# A lock's name. $shard: the shard's number; $key: the SKU's number.
gran-lock-global = the global lock
gran-lock-shard = shard { INT($shard) }'s lock (SKU { INT($key) })
gran-lock-key = SKU { INT($key) }'s lock
gran-ordered = Every update takes its two locks in one global order (lowest lock first), so no two can wait for each other in a circle: no deadlocks.
gran-no-deadlock = Taking two locks in the order the items come could deadlock (two updates each holding the lock the other wants); none did in this run.
# $expiries: locks that ran out under a holder.
gran-expiries = { INT($expiries) ->
    [one] { INT($expiries) } lock expired under a holder that was still waiting or working.
   *[other] { INT($expiries) } locks expired under a holder that was still waiting or working.
}

## The widget's frame.

gran-title = How wide should the lock be?
gran-lede = Every update to an item (a SKU) takes a lock first. One lock for everything is simple but lets one update run at a time; one per shard or per key lets unrelated updates run side by side. Turn up the rate, then narrow the lock; then let each update take two items' locks.
gran-method = Updates arrive at random at the total rate; each picks its item from a Zipf popularity (item k has weight k^(−skew)) and holds the lock for an exponential time with the mean you set, so each lock alone is an M/M/1 queue: utilisation ρ = λ·s, mean wait ρ·s/(1 − ρ), P(wait > t) = ρ·e^(−(1/s − λ)t). Shards are a fixed hash of the key. At ρ ≥ 1 there is no steady state, so nothing is simulated. With two locks per update, the second is asked for a moment after the first, a deadlock lasts until a lock's TTL runs out, and the exact formulas no longer apply (a lock is also held while its holder waits for the other).

## The readouts.

gran-stat-utilisation = Busiest lock's utilisation
gran-stat-wait = Mean wait (formula)
# A readout with the formula's figure beside it. $value and $formula: both already written.
gran-stat-with-formula = { $value } ({ $formula })
# A wait where there is no steady state.
gran-never-settles = never settles
gran-stat-p99 = Wait, 99th percentile
gran-stat-throughput = Updates done per second
gran-stat-hottest = Hottest key's share
gran-stat-deadlocks = Deadlocks

## The first deadlock.

# $at: when it happened (ms).
gran-cycle-caption = The first deadlock, at { MS($at) }: a circle of waits
# $update: the update's number; $held and $wanted: gran-lock-* names.
gran-cycle-item = Update { INT($update) } holds { $held } and waits for { $wanted }.

## The chart: caption, axes, labels and what a screen reader hears.

gran-caption = Utilisation of the busiest locks (bars, from the formula; with two locks per update a lower bound); dots: the share of time each was held in the simulation.
gran-axis-locks = the busiest locks
gran-axis-utilisation = utilisation
gran-chart-never-drains = 1: the queue never drains
# Under a bar. $shard and $key: numbers.
gran-bar-all = all
gran-bar-shard = shard { INT($shard) }
gran-bar-key = SKU { INT($key) }
# $bars: gran-label-bar phrases joined by ", ", with ", …" when there are more.
gran-label = Bars of the busiest locks' utilisation, with a line at 1 where a queue never drains: { $bars }.
# $lock: a gran-bar-* label; $utilisation: its λ·s.
gran-label-bar = { $lock } { $utilisation }

# A lock's capacity in a sentence ("50 updates a second", "1 update a second"). $capacity: updates
# a second.
gran-capacity = { $capacity ->
    [one] { $capacity } update
   *[other] { $capacity } updates
} a second
