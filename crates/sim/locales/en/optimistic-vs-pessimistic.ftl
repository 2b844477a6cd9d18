# The optimistic-vs-pessimistic widget: everything it says, in English, the source every
# translation is made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs);
# a key never changes meaning once released: a changed sentence gets a new key.
# λT, e^(λT), λT² and 1 + λT are formulas: keep them as they are.

## The narrative: its sentences, in the order they are said.

# Optimistic updates gave up. $rate: updates a second; $work: work per update (ms); $attempts: the
# most attempts one update makes; $completed of $updates committed; $mean and $wait: the lock's
# mean time per update and mean wait (ms).
opt-collapse = At { opt-rate } with { MS($work) } of work, optimistic updates collapse: after { INT($attempts) } attempts only { INT($completed) } of { INT($updates) } updates had committed, because every commit fails every attempt that read before it, and those redo their work only to fail again. The lock, meanwhile, did each update once: { MS($mean) } on average, { MS($wait) } of it waiting.
# $load: λT, other commits expected during one attempt; $attempts: simulated attempts per update;
# $wasted: attempts thrown away; $exact: the formula's attempts; $mean and $p99: optimistic's
# times; $wait, $lockMean and $lockP99: the lock's.
opt-run = At { opt-rate } with { MS($work) } of work, another commit lands during an attempt { $load } times on average (λT). Optimistic updates needed { $attempts } attempts each ({ INT($wasted) } wasted in all; the formula says { $exact }) and took { MS($mean) } on average, { MS($p99) } at the 99th percentile. With the lock, updates waited { MS($wait) } on average for it and took { MS($lockMean) } in all, { MS($lockP99) } at the 99th percentile.
opt-quicker-optimistic = Here optimistic is quicker on average.
opt-quicker-lock = Here the lock is quicker on average.
# What the formulas say, a clause given to the opt-sim-* sentences as $formula. $lock: the lock's
# round trip (ms).
opt-formula-lock-fixed = the formulas have the lock quicker at every rate: its round trip ({ MS($lock) }) is nearly free, and waiting in line costs less than redoing work does (about λT²/2 against λT² per update)
opt-formula-lock-varied = the formulas have the lock quicker at every rate: its round trip ({ MS($lock) }) is nearly free, and waiting in line costs no more than redoing work does (about λT² per update either way, before the retry cost)
# $rate: where the formulas' means cross, updates a second.
opt-formula-cross = the formulas put the crossing at about { $rate } a second
opt-formula-none = by the formulas optimistic stays quicker up to the lock's capacity
# Where the simulated means cross. $from: the lowest rate simulated; $formula: one of the
# opt-formula-* clauses.
opt-sim-lock-always = In this simulation the lock is quicker at every rate from { $from } a second up; { $formula }.
opt-sim-cross = On these arrivals optimistic is quicker up to about { $rate } updates a second and the lock above that (where the simulated means cross); { $formula }.
# The same when the formulas' crossing is later. $estimate: the optimistic formula, e^(λT) or 1 + λT.
opt-sim-cross-later = On these arrivals optimistic is quicker up to about { $rate } updates a second and the lock above that (where the simulated means cross); { $formula }, later, because near the crossing { $estimate } already undercounts the attempts.
# $capacity: the most updates a second the lock can do.
opt-sim-capacity = In this simulation optimistic stays quicker up to the lock's capacity ({ $capacity } updates a second); { $formula }.
# Said when conflicts are no longer rare. $load: λT; $estimate: e^(λT) or 1 + λT; $attempts:
# simulated attempts per update; $exact: the formula's.
opt-contention = At λT = { $load } the { $estimate } estimate no longer describes the run: a commit succeeds only if its attempt read after the last successful commit, so successful commits are spaced by at least an attempt's length and conflicts no longer arrive as a Poisson stream (simulated { $attempts } attempts per update against { $exact }).
# $utilisation: ρ, at least 1.
opt-over-capacity = The lock is over capacity (utilisation { $utilisation }): its queue only grows while updates keep coming, and drains here only because the run ends.
# $wasted: attempts thrown away; $share: the fraction of all attempts they are.
opt-retries = Every retry redoes the work, so anything the work does outside the record (an email, a charge, a message) must be idempotent or wait until the commit succeeds; { INT($wasted) } of this run's attempts were thrown away ({ PERCENT($share) }).

## The widget's frame.

opt-title = Optimistic or pessimistic: one hot record
opt-lede = Two ways to update a record many clients want. Optimistic: read it with its version, do the work, and write only if the version has not changed; otherwise start again. Pessimistic: take a lock first, so nobody else can start, and release it after. Raise the rate and watch which one wins.
opt-method = Updates arrive at random (a Poisson process) and both ways see the same arrivals. Optimistic: a commit fails if another commit landed after its read; the update then pays the retry cost and starts over. The lock is held for the work plus one round trip to the lock service, first come first served: a Pollaczek–Khinchine (M/G/1) queue, M/D/1 when the work always takes the same time. The optimistic formula, e^(λT) attempts for fixed work or 1 + λT for exponential work, assumes other commits arrive as a Poisson stream, which holds while conflicts are rare (λT well under 1).

## The readouts.

opt-stat-optimistic = Optimistic, mean
opt-stat-lock = With the lock, mean
opt-stat-attempts = Attempts per update (formula)
# $attempts: simulated; $exact: the formula's.
opt-stat-attempts-value = { $attempts } ({ $exact })
opt-stat-wait = Lock wait (formula)
# $wait: simulated (ms); $exact: the formula's (ms).
opt-stat-wait-value = { MS($wait) } ({ MS($exact) })
# The formula has no steady state when the lock is over capacity.
opt-stat-wait-unsteady = { MS($wait) } (no steady state)

## The table.

opt-table-caption = The same updates, both ways
opt-table-measure = Measure
opt-table-optimistic = Optimistic
opt-table-lock = With the lock
opt-row-throughput = Updates done per second
opt-row-median = Time per update, median
opt-row-p99 = Time per update, 99th percentile
opt-row-mean = Time per update, mean
opt-row-wasted = Work thrown away
opt-row-waiting = Waiting for the lock
# $attempts: attempts thrown away.
opt-cell-wasted = { INT($attempts) ->
    [one] { INT($attempts) } attempt
   *[other] { INT($attempts) } attempts
}
opt-cell-none = none
opt-cell-never = never
# $wait: the mean wait (ms); $queue: the longest line.
opt-cell-waiting = { MS($wait) } on average; at most { INT($queue) } in line

## The chart: caption, key, axes and what a screen reader hears.

opt-caption = Mean time per update by the formulas: optimistic (red) and with the lock (blue, up to its capacity); the dots are this run, simulated.
opt-axis-rate = updates per second (log scale)
opt-axis-time = mean time per update
# A tick on the time axis. $ms: milliseconds.
opt-tick-ms = { $ms } ms
# $rate: updates a second.
opt-chart-formulas-cross = formulas cross ≈ { $rate }/s
opt-chart-simulated-cross = simulated ≈ { $rate }/s
opt-key-optimistic = optimistic
opt-key-lock = with the lock
opt-label-fixed = Mean time per update against the update rate, from the formulas, both axes on log scales: optimistic rises exponentially (e^(λT) attempts), the lock rises steeply towards its capacity.
opt-label-varied = Mean time per update against the update rate, from the formulas, both axes on log scales: optimistic rises linearly in the rate (1 + λT attempts), the lock rises steeply towards its capacity.
opt-label-no-cross = The curves do not cross below the lock's capacity.
# $rate: updates a second.
opt-label-cross = They cross near { $rate } updates a second.
opt-label-sim-capacity = In the simulation optimistic stays quicker up to capacity.
opt-label-sim-cross = In the simulation the means cross near { $rate } a second.
# $optimistic and $lock: this run's mean times (ms).
opt-label-now = At the current rate the simulation gives { MS($optimistic) } optimistic and { MS($lock) } with the lock.

# An arrival rate in a sentence ("5 updates a second", "1 update a second"). $rate: updates a second.
opt-rate = { $rate ->
    [one] { $rate } update
   *[other] { $rate } updates
} a second
