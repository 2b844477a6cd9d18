# The Redis-failover widget (redis-failover): everything it says, in English, the source every
# translation is made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs);
# a key never changes meaning once released: a changed sentence gets a new key.

## The narrative, one message per store.

# $rate: grants a second; $lag: the replication lag in ms; $lost and $exact: locks lost per
# failover (simulated mean, exact expectation); $regranted: locks granted a second time;
# $failovers: crashes simulated; $withLoss: those that lost a lock; $worst: the most one lost.
failover-redis = At { $rate } grants a second and { $lag } ms of replication lag, a failover loses { $lost } locks on average (exactly { $exact } expected), and { $regranted } of them are granted a second time. Over { INT($failovers) } simulated crashes, { INT($withLoss) } lost at least one lock and the worst lost { INT($worst) }. For locks that only save duplicate work that may be acceptable. Where data is at stake, fence every access, with tokens from a consensus store or the database: a counter kept in this Redis would be lost in the same failover and hand out a token twice.
failover-redlock = With five independent masters and a majority of three, one master's crash loses none of { INT($failovers) } failovers' locks in this model (crashes only, not partitions), as long as the crashed master stays down longer than the longest TTL before it rejoins. Redlock still assumes bounded clock drift and bounded pauses, and it hands out no fencing token; whether that is good enough is disputed (Kleppmann and Redis's author disagree).
failover-consensus = A consensus store acknowledges a lock only after a majority has stored it, so none of { INT($failovers) } crashes of one node lost a lock. The price is a consensus round per grant, about 1–5 ms instead of well under one, and its revision numbers double as fencing tokens. This models crashes only, not partitions (under one, Jepsen measured Redis with Sentinel losing 56 % of acknowledged writes; a consensus store's minority side simply cannot grant).

## The widget's frame.

failover-title = Where the lock lives: what a failover costs
failover-lede = Redis answers the client without waiting for its replica to confirm the write; the copy is sent at once but may still be on its way. If the primary dies before it arrives, the replica that takes over never heard of those locks, and another client can take them again.
failover-method = Redis: each lock granted in the 5 s before the crash is lost if its copy to the replica (an exponential delay with the mean lag) had not finished; the expectation is rate × lag × (1 − e^(−5 s/lag)). Each failover is simulated from its own seeded stream. Redlock and consensus rows summarise how those systems are documented to behave when one node crashes: a 0 here is for a crash of one node, not for a network partition, which this model leaves out (Jepsen measured Redis with Sentinel losing 56 % of acknowledged writes under one). The lab runs one on real servers (its partition runs, listed in the lab's panel below): a primary cut off from its replica and Sentinel goes on granting, and every lock it granted on its side is gone when it rejoins, so the loss grows with the partition's length, not with the lag. min-replicas-to-write shortens that window to its min-replicas-max-lag and a second or two; it does not close it. Cut off the same way, etcd's leader grants nothing while the other two members elect a new one.

## The readouts.

failover-stat-exact = Lost per crash failover (exact)
failover-stat-simulated = Lost per failover (simulated)
failover-stat-twice = Granted twice per failover
failover-stat-worst = Worst failover
# $lost: locks the worst failover lost.
failover-stat-worst-value = { INT($lost) } lost

## The charts: captions, axes and what a screen reader hears.

failover-histogram-caption = How many locks each simulated failover lost; the line marks the exact expectation.
failover-histogram-label = Histogram of locks lost per failover over { INT($failovers) } failovers: mean { $mean }, exact expectation { $exact }, worst { INT($worst) }.
failover-axis-lost = locks lost in one failover
failover-axis-failovers = failovers
failover-chart-expected = expected { $expected }
failover-lag-caption = Expected locks lost per Redis failover as the replication lag grows (both axes on log scales); the dot is your setting.
failover-lag-label = Expected locks a Redis failover loses against replication lag, from 0.1 ms to 1 s, rising with the lag; at { $lag } ms it is { $expected }.
failover-axis-lag = replication lag (log scale)
failover-chart-ms = { $ms } ms
failover-chart-redis = expected locks lost per failover (Redis)
failover-chart-other = Redis would lose this many; this store loses 0

## The table of the three stores: one row each, `failover-<store>-…`.

failover-table-caption = The three places a lock can live
failover-table-store = Store
failover-table-on-failover = On failover
failover-table-fencing = Fencing token
failover-table-cost = Cost per lock
failover-table-use = Use it for
failover-redis-name = Redis, SET NX PX on a primary with a replica
failover-redis-on-failover = Replication is asynchronous: locks granted just before the crash may never reach the replica that takes over, and another client can then take them again.
failover-redis-fencing = None, and a counter kept in the same Redis will not do: an INCR that had not reached the replica is lost at failover and the same token is issued twice. Take tokens from a consensus store or the database's own version column.
failover-redis-cost = Sub-millisecond: one round trip to one node.
failover-redis-use = Efficiency locks, where a rare double grant only wastes work.
failover-redlock-name = Redlock, five independent Redis masters
failover-redlock-on-failover = A lock counts only when a majority (3 of 5) granted it within its validity time. If one master crashes and stays down longer than the longest TTL before rejoining, no other client can gather a majority for a lock that is still held.
failover-redlock-fencing = None: it cannot mint increasing tokens.
failover-redlock-cost = A round trip to five nodes per lock, plus retries with random delays when contended.
failover-redlock-use = Disputed. Kleppmann: unnecessarily heavy for efficiency (one Redis node suffices) and unsafe for correctness, since it relies on bounded clock drift and pauses and has no fencing token. Redis's author defends it: pauses trouble every lease-based lock, and clocks can be run so they do not jump.
failover-consensus-name = Consensus store: etcd, ZooKeeper
failover-consensus-on-failover = A lock is acknowledged only after a majority stored it, so when one node crashes the new leader already has it: no lock is lost. (Under a network partition the minority side cannot grant at all; partitions are not modelled here.)
failover-consensus-fencing = Built in: etcd's revision, ZooKeeper's zxid or znode version.
failover-consensus-cost = A consensus round per lock: about 1–5 ms (etcd measured ~1.6 ms per put on a 3-member cluster).
failover-consensus-use = Correctness: when a double grant would corrupt data, together with a resource that checks the token on every access.
