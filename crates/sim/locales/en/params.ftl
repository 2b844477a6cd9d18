# Every simulation's control labels and their options' labels, in English. Generated from the
# parameter specs in crates/sim (the one source of them): do not edit; a test holds it to them
# (LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-sim --test locales writes it).

## counter-race

counter-race-param-workers = Workers
counter-race-param-increments = Increments per worker
counter-race-param-think-ms = Think time (read → write)
counter-race-param-pause-ms = Pause between increments
counter-race-param-lock = Take a lock around read → write
counter-race-param-seed = Seed

## ttl-tradeoff

ttl-tradeoff-param-ttl-s = Lock TTL
ttl-tradeoff-param-work-s = Typical work (median)
ttl-tradeoff-param-spread = Spread of work (σ of its log)
ttl-tradeoff-param-stall-chance = Chance a hold stalls
ttl-tradeoff-param-stall-mean-s = Mean stall
ttl-tradeoff-param-stall-shape = Shape of stall lengths
ttl-tradeoff-param-stall-shape-exponential = Exponential (light tail)
ttl-tradeoff-param-stall-shape-pareto = Pareto (heavy tail)
ttl-tradeoff-param-stall-alpha = Pareto tail index α (Pareto only; smaller: a fatter far tail)
ttl-tradeoff-param-holds = Holds simulated
ttl-tradeoff-param-grant-every-s = One grant every
ttl-tradeoff-param-seed = Seed

## paused-holder

paused-holder-param-lease-s = Lease (TTL)
paused-holder-param-pause-s = A's pause
paused-holder-param-protection = What storage checks
paused-holder-param-protection-none = Nothing
paused-holder-param-protection-fence-writes = Tokens on writes only
paused-holder-param-protection-fence-all = Tokens on every access
paused-holder-param-protection-conditional = Conditional write (compare-and-set)

## fencing-chain

fencing-chain-param-holders = Lock holders in turn
fencing-chain-param-ttl-ms = Lease (TTL)
fencing-chain-param-work-ms = Typical work (median)
fencing-chain-param-spread = Spread of work (σ of its log)
fencing-chain-param-stall-chance = Chance a hold stalls
fencing-chain-param-stall-mean-ms = Mean stall
fencing-chain-param-stall-shape = Shape of stall lengths
fencing-chain-param-stall-shape-exponential = Exponential (light tail)
fencing-chain-param-stall-shape-pareto = Pareto (heavy tail)
fencing-chain-param-stall-alpha = Pareto tail index α (Pareto only; smaller: a fatter far tail)
fencing-chain-param-fencing = Storage checks fencing tokens on writes
fencing-chain-param-seed = Seed

## fencing-sandbox

fencing-sandbox-param-clients = Clients
fencing-sandbox-param-protection = What storage checks
fencing-sandbox-param-protection-none = Nothing
fencing-sandbox-param-protection-fence-writes = Tokens on writes only
fencing-sandbox-param-protection-fence-all = Tokens on every access
fencing-sandbox-param-protection-conditional = Conditional write (compare-and-set)
fencing-sandbox-param-lease-s = Lease

## lease-renewal

lease-renewal-param-ttl-s = Lock TTL
lease-renewal-param-defence = Defence
lease-renewal-param-defence-none = None (fixed lease)
lease-renewal-param-defence-renewal = Renewal
lease-renewal-param-defence-fencing = Fencing token on the invoice write
lease-renewal-param-defence-fence-all = Fencing token on every access
lease-renewal-param-defence-idempotent = Idempotency keys
lease-renewal-param-defence-renewal_fencing = Renewal and write fencing
lease-renewal-param-work-s = Typical run (median)
lease-renewal-param-spread = Spread of run length (σ of its log)
lease-renewal-param-stall-chance = Chance a run stalls
lease-renewal-param-stall-mean-s = Mean stall
lease-renewal-param-stall-shape = Shape of stall lengths
lease-renewal-param-stall-shape-exponential = Exponential (light tail)
lease-renewal-param-stall-shape-pareto = Pareto (heavy tail)
lease-renewal-param-stall-alpha = Pareto tail index α (Pareto only; smaller: a fatter far tail)
lease-renewal-param-renew-every-s = Renew every
lease-renewal-param-takeover-chance = Chance a second worker takes over
lease-renewal-param-runs = Runs simulated
lease-renewal-param-seed = Seed

## lease-sizing

lease-sizing-param-ttl-s = The lease you pick
lease-sizing-param-work-p99-s = p99 work (0 if renewal covers it)
lease-sizing-param-pause-p99-s = p99 process pause
lease-sizing-param-network-s = Max network delay
lease-sizing-param-renew-every-s = Renewal interval (0: no renewal)
lease-sizing-param-margin-s = Safety margin you want
lease-sizing-param-stall-chance = Chance a lease sees a pause
lease-sizing-param-stall-mean-s = Mean pause
lease-sizing-param-stall-shape = Shape of stall lengths
lease-sizing-param-stall-shape-exponential = Exponential (light tail)
lease-sizing-param-stall-shape-pareto = Pareto (heavy tail)
lease-sizing-param-stall-alpha = Pareto tail index α (Pareto only; smaller: a fatter far tail)

## redis-failover

redis-failover-param-store = Where the lock lives
redis-failover-param-store-redis = Redis primary + replica
redis-failover-param-store-redlock = Redlock (5 masters)
redis-failover-param-store-consensus = Consensus (etcd, ZooKeeper)
redis-failover-param-grants-per-s = Lock grants
redis-failover-param-lag-ms = Replication lag (mean)
redis-failover-param-contention = Chance someone else wants a lost lock
redis-failover-param-failovers = Failovers simulated
redis-failover-param-seed = Seed

## redlock

redlock-param-scenario = Scenario
redlock-param-scenario-normal = All five answer quickly
redlock-param-scenario-slow-nodes = Three slow masters
redlock-param-scenario-node-down = Masters down
redlock-param-scenario-clock-jump = A clock jumps
redlock-param-scenario-crash-restart = A master crashes and restarts
redlock-param-scenario-client-pause = The client pauses
redlock-param-ttl-ms = Lock TTL
redlock-param-latency-ms = Reply time per master
redlock-param-slow-ms = Reply time of the slow masters
redlock-param-node-timeout-ms = Client's timeout per master
redlock-param-nodes-down = Masters down
redlock-param-clock-jump-ms = C's clock jumps by
redlock-param-delayed-restart = Delayed restart (down longer than the TTL)
redlock-param-pause-ms = Client 1's pause
redlock-param-pause-when = Client 1 pauses
redlock-param-pause-when-collecting = while collecting replies
redlock-param-pause-when-after-check = after the check
redlock-param-nodes-up-chance = Chance a master says yes in time
redlock-param-trials = Attempts simulated
redlock-param-seed = Seed

## sweeper-incident

sweeper-incident-param-recovers-at = Provider answers again at
sweeper-incident-param-exclusion = Who may sweep
sweeper-incident-param-exclusion-redis-ttl = Redis key with an expiry (as shipped)
sweeper-incident-param-exclusion-run-slot = One row per run slot
sweeper-incident-param-exclusion-advisory-lock = Postgres advisory lock
sweeper-incident-param-release = Releasing the Redis key
sweeper-incident-param-release-del = DEL (as shipped)
sweeper-incident-param-release-compare-and-delete = Compare-and-delete
sweeper-incident-param-restock = Putting a copy back
sweeper-incident-param-restock-plain = stock + 1 (as shipped)
sweeper-incident-param-restock-status-fence = Only if the order was still pending
sweeper-incident-param-power-loss = A box loses power
sweeper-incident-param-power-loss-at = Power lost at
sweeper-incident-param-interval-s = Cron every
sweeper-incident-param-lease-s = Key expiry (PX)
sweeper-incident-param-row-s = Time per pending order
sweeper-incident-param-order-every-s = An order every
sweeper-incident-param-timeout-share = Checkouts that time out while slow
sweeper-incident-param-until = Replay until
sweeper-incident-param-seed = Seed

## optimistic-vs-pessimistic

optimistic-vs-pessimistic-param-rate-per-s = Updates to the record
optimistic-vs-pessimistic-param-work-ms = Work per update
optimistic-vs-pessimistic-param-retry-ms = Extra cost of a retry (re-read, back-off)
optimistic-vs-pessimistic-param-lock-ms = Lock round trip
optimistic-vs-pessimistic-param-work = Work time
optimistic-vs-pessimistic-param-work-fixed = Always the same
optimistic-vs-pessimistic-param-work-exponential = Varies (exponential)
optimistic-vs-pessimistic-param-updates = Updates simulated
optimistic-vs-pessimistic-param-seed = Seed

## lock-granularity

lock-granularity-param-lock = Lock
lock-granularity-param-lock-global = One global lock
lock-granularity-param-lock-per-shard = One per shard
lock-granularity-param-lock-per-key = One per key
lock-granularity-param-rate-per-s = Updates, all keys
lock-granularity-param-skew = Popularity skew (Zipf exponent)
lock-granularity-param-two-locks = Each update takes two keys' locks
lock-granularity-param-ordered = Take locks in one global order
lock-granularity-param-work-ms = Critical section (mean)
lock-granularity-param-keys = Keys (SKUs)
lock-granularity-param-shards = Shards
lock-granularity-param-gap-ms = Time between taking the two locks
lock-granularity-param-ttl-ms = Lock TTL
lock-granularity-param-updates = Updates simulated
lock-granularity-param-seed = Seed
