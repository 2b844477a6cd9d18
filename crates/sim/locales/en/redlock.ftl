# The Redlock widget: everything it says, in English, the source every translation is made from.
# The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs); a key never changes
# meaning once released: a changed sentence gets a new key.
# A, B, C, D and E are the five Redis masters; client 1 and client 2 ask them for the same lock.
# "Yeses": answers that set the key. TTL, NX, PX and fsync are names: keep them.

## The narrative: one sentence for the story, then the odds.

# $latency and $timeout: ms.
redlock-timeout = Every master answers after { $latency } ms, longer than client 1 waits for one ({ $timeout } ms): it counts no yes, so it gets no lock and releases everywhere.
# $elapsed: how long the asking took; $validity: what is left to use; $ttl: ms.
redlock-normal = All five masters said yes in { $elapsed } ms, so client 1 may use the lock for { $validity } ms, a little under the { $ttl } ms TTL.
redlock-slow-held = Three slow masters stretched the acquisition to { $elapsed } ms: all five said yes, and only { $validity } ms of the { $ttl } ms TTL are left to use.
# $slow: the slow masters' reply time; $timeout: the client's wait per master; $quorum: yeses.
redlock-slow-timeout = C, D and E answer only after { $slow } ms, past client 1's { $timeout } ms timeout per master: it does not wait for them, so it has { redlock-yeses }, no majority, and releases the lock everywhere. A client that waited longer than { $slow } ms for each master would count them, and see how much of the TTL the wait uses up.
redlock-slow-refused = All five said yes, but that took { $elapsed } ms of a { $ttl } ms TTL: no time left, so the lock is refused and released.
# $down: masters down; $quorum: yeses.
redlock-down-held = With { $down } of five masters down, client 1 got { redlock-yeses }: still a majority, so it holds the lock.
redlock-down-failed = With { $down } of five masters down, client 1 got { redlock-yeses }: not a majority, so no lock.
# $jump: how far C's clock jumped (ms).
redlock-jump-both = C's clock jumped { $jump } ms ahead, its key expired early, and client 2 gathered C, D and E while client 1's validity was still running: both hold the lock. Redlock's safety assumes clocks do not jump like this.
redlock-jump-safe = C's clock jumped only { $jump } ms: by the time its key expired, client 1's validity was over, so the two never held the lock at once.
redlock-crash-both = C crashed and came back empty, so client 2 gathered C, D and E while client 1 still held the lock: both hold it. A delayed restart (staying down longer than the TTL) prevents this.
redlock-crash-safe = C stayed down longer than the TTL before rejoining, so client 2 found only D and E: no quorum, and client 1 keeps the lock alone.
# $pause: client 1's pause; $elapsed: the asking with the pause (ms).
redlock-pause-collecting-held = Client 1 froze for { $pause } ms while collecting replies. The elapsed-time check counts the pause ({ $elapsed } ms in all), so it still had validity left and holds the lock.
redlock-pause-collecting-refused = Client 1 froze for { $pause } ms while collecting replies. The elapsed-time check counts the pause ({ $elapsed } ms in all), so it refuses the lock and does not use it.
# $validity: ms.
redlock-pause-late = Client 1 froze for { $pause } ms right after its check, longer than its { $validity } ms validity. Its keys expired, client 2 took the lock, and client 1's write arrived late anyway. No lease catches a pause after the holder's last check: on that Kleppmann and Redis's author agree. Kleppmann's remedy is a monotonic fencing token that the resource checks (Redlock cannot mint one); Redis's author answers that the lock's unique random value, checked by the resource with a check-and-set, can serve too, and that a resource able to check either hardly needs the lock.
redlock-pause-in-time = Client 1 froze for { $pause } ms after its check, but woke inside its { $validity } ms validity.
# The odds. $chance: one master's chance of saying yes in time; $quorum: the chance of a quorum;
# $rate: the share of $trials seeded attempts that formed one.
redlock-odds = If each master says yes in time with probability { PERCENT($chance) }, a quorum forms { PERCENT($quorum) } of the time ({ PERCENT($rate) } of { INT($trials) } seeded attempts).

## The timeline's steps, each said as "At <time> ms, <what>" (redlock-step).

# $time: ms since the story began; $what: one of the steps below.
redlock-step = At { $time } ms, { $what }
# $node: a master's letter; $timeout: ms.
redlock-no-answer = client 1 gets no answer from { $node } within its { $timeout } ms timeout.
redlock-yes-1 = { $node } says yes to client 1.
# $pause: ms.
redlock-freezes-collecting = client 1 freezes for { $pause } ms while collecting replies.
# $quorum: yeses; $elapsed, $validity, $ttl, $drift: ms (validity = TTL − elapsed − drift).
redlock-holds = client 1 has { redlock-yeses } in { $elapsed } ms: it holds the lock for a validity of { $validity } ms (TTL { $ttl } − elapsed { $elapsed } − drift { $drift }).
# $needed: the majority, 3.
redlock-too-few = client 1 has only { redlock-yeses }, fewer than { $needed }: no lock, and it releases the keys it got.
redlock-too-slow = client 1 has { redlock-yeses }, but collecting them took { $elapsed } ms of a { $ttl } ms TTL: no validity left, so no lock; it releases everywhere.
# $jump: ms.
redlock-clock-jumps = C's clock jumps forward by { $jump } ms.
redlock-expires-early = C's copy of the key expires early.
redlock-crashes = C crashes and loses its keys (no persistence, or fsync once a second).
redlock-restarts = C restarts, empty.
redlock-rejoins = C rejoins, after every key it had could have expired anyway.
redlock-freezes-after = client 1 freezes for { $pause } ms, right after its check.
redlock-wakes-in-time = client 1 wakes inside its validity and finishes in time.
redlock-wakes-late = client 1 wakes and writes, sure it still holds the lock: no lease can catch this; only a check the resource itself makes (a fencing token, or a check-and-set on a value) can refuse the write.
redlock-yes-2 = { $node } says yes to client 2.
redlock-no-answer-2 = client 2 gets no answer from { $node }.
# $yes: client 2's yeses.
redlock-second-holds = client 2 has { $yes } yeses: it holds the lock too.
redlock-second-fails = client 2 has only { $yes } yeses: no lock.

## The widget's frame.

redlock-title = Redlock: a quorum on five Redis masters
redlock-lede = A client asks five independent Redis masters for the same key (here one after another, as the Redis description puts it; many clients ask all five at once). It holds the lock only if at least three said yes and the asking took less than the TTL; what is left, minus an allowance for clock drift, is how long it may use the lock. Play each scenario and watch where that reasoning holds and where it breaks.
redlock-method = Deterministic walkthroughs. SET key value NX PX ttl goes to the masters in turn; a master that is down costs its 50 ms timeout. Validity = TTL − elapsed − drift, drift = 0.01 × TTL + 2 ms (the client libraries' convention). Clock jump and crash-restart are Kleppmann's counterexamples. That no lease catches a pause after the check, he and Redis's author agree; he would have the resource check a fencing token, while Redis's author argues that the lock's unique value, checked by the resource with a check-and-set, can serve. The quorum curve is Σ C(5,k) q^k (1 − q)^(5−k) for k ≥ 3, with seeded attempts beside it.

## The readouts.

redlock-stat-verdict = Verdict
redlock-verdict-both = two clients hold it
redlock-verdict-one = client 1 holds it
redlock-verdict-none = no lock
redlock-stat-yes = Yes answers
# $yes: yeses so far; $needed: the majority.
redlock-stat-yes-value = { $yes } of 5 (need { $needed })
redlock-stat-elapsed = Elapsed
redlock-stat-validity = Validity
# $ms: milliseconds.
redlock-ms = { $ms } ms

## The charts: keys, captions, labels and what a screen reader hears.

redlock-key-1 = client 1's key or hold
redlock-key-2 = client 2's key or hold
redlock-key-request = a request and its answer
redlock-odds-caption = The chance of a quorum (line) and the share of seeded attempts that formed one (dot).
# $quorum: client 1's yeses; $elapsed: ms; $end: one of redlock-label-end-*.
redlock-walk-label = Timeline of two clients and five masters: client 1 collected { $quorum } of 5 yeses in { $elapsed } ms; { $end }.
redlock-label-end-both = both clients end up holding the lock
redlock-label-end-one = client 1 holds the lock
redlock-label-end-none = no lock
# $needed: the majority; $chance and $rate: fractions.
redlock-odds-label = Curve of the chance of a quorum of { $needed } of 5 against the chance that one master says yes in time: { PERCENT($chance) } here, { PERCENT($rate) } of the seeded attempts.
redlock-lane-client-1 = client 1
redlock-lane-client-2 = client 2
# $node: a master's letter.
redlock-lane-master = master { $node }
# A master's clock at the player's moment. $clock: ms.
redlock-chart-clock = clock { $clock } ms
redlock-chart-clock-jumped = clock { $clock } ms (jumped)
redlock-chart-late-write = late write
redlock-chart-now = now { $ms } ms
redlock-chart-both = both clients hold the lock
redlock-chart-one = client 1 holds the lock
redlock-chart-none = no lock
redlock-axis-chance = chance one master says yes in time
# $chance and $rate: fractions.
redlock-chart-quorum = quorum { PERCENT($chance) } (seeded { PERCENT($rate) })

# How many masters said yes, in a sentence ("3 yeses", "1 yes"). $quorum: the count.
redlock-yeses = { $quorum ->
    [one] { $quorum } yes
   *[other] { $quorum } yeses
}
