# The TTL trade-off widget (ttl-tradeoff): everything it says, in English, the source every
# translation is made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs);
# a key never changes meaning once released: a changed sentence gets a new key.

## The narrative: its sentences, in the order they are said.

# No simulated hold outlived the lease. $ttl: the TTL in seconds; $holds: how many holds were drawn.
ttl-none-outlived = With a { $ttl } s TTL, none of the { INT($holds) } simulated holds outlived its lock.
# With stalls on, the exact share is still above zero. $exact: a fraction; $perDay: holds a day.
ttl-none-but-exact = The exact chance is { PERCENT($exact) } per hold ({ $perDay } expected a day), not zero: a long enough stall still outlives any TTL.
# Some holds outlived the lease. $share and $exact are fractions.
ttl-some-outlived = With a { $ttl } s TTL, { INT($unsafe) } of { INT($holds) } holds ({ PERCENT($share) }; exactly { PERCENT($exact) }) outlived their lock: from then on the lock could go to a second worker while the first was still busy.
# $every: seconds between grants; $perDay: this run's rate a day; $expected: the exact rate a day.
ttl-per-day = At one grant every { $every } s that is about { $perDay } a day in this run ({ $expected } expected).
# Said with Pareto stalls. $alpha: the tail index.
ttl-pareto-tail = Stalls have a heavy (Pareto, α = { $alpha }) tail here: long stalls are rare but not vanishingly so, so the right end of the curve keeps falling only as a power of the TTL (a straight line of slope −α on this log–log chart) instead of plunging.
ttl-recovery = After a real crash, the next worker waits up to { $ttl } s before it may take over.

## The widget's frame.

ttl-title = The lock must expire, and no TTL is safe
ttl-lede = A lease that is not renewed frees the lock when its holder dies, but the lock service cannot tell a dead holder from a slow one. Any hold longer than the TTL loses the lock while still working; a long TTL makes a real crash block everyone. (Lock clients such as etcd's and Redisson's renew the lease while the holder is alive: a different trade-off with failures of its own, in the lease-renewal widget.)
# $holds: how many holds are drawn.
ttl-method = { INT($holds) } seeded holds. Work is log-normal around the typical value with the spread you set; with the stall chance, a stall of the mean you set is added, exponential (a light tail) or Pareto (a heavy tail: long stalls stay possible). A hold is unsafe when it lasts longer than the TTL. Every distribution here is an assumption to play with, not a measurement. The exact share and the expected count a day come from integrating the same model.

## The readouts.

ttl-stat-outliving = Holds outliving the TTL
ttl-stat-outliving-value = { INT($unsafe) } of { INT($holds) }
ttl-stat-share = Share (exact)
ttl-stat-share-value = { PERCENT($share) } ({ PERCENT($exact) })
ttl-stat-per-day = Unsafe holds a day (expected)
ttl-stat-per-day-value = { $perDay } ({ $expected })
ttl-stat-wait = Wait after a crash
ttl-stat-wait-value = up to { $seconds } s

## The charts: captions, keys and what a screen reader hears.

ttl-histogram-caption = How long holds last (both axes on log scales). Red: holds that outlive the TTL.
ttl-histogram-label = Histogram of { INT($holds) } hold durations on a log scale, with the { $ttl } s TTL marked: { INT($unsafe) } holds lie beyond it.
# The charts' axes, and the label at the TTL's line ($ttl in seconds).
ttl-axis-duration = hold duration (log scale)
ttl-axis-holds = holds
ttl-axis-ttl = TTL (log scale)
ttl-chart-ttl = TTL { $ttl } s
ttl-key-share = share of holds outliving the TTL (exact)
ttl-key-run = this run
ttl-key-wait = longest wait after a crash (right axis)
ttl-curve-label = Trade-off chart: as the TTL grows from 0.1 s to 120 s, the share of holds that outlive it falls ({ PERCENT($at1) } at 1 s, { PERCENT($at10) } at 10 s, { PERCENT($at60) } at 60 s) while the wait after a crash grows with the TTL itself.
