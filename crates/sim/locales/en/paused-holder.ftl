# The paused-holder widget: everything it says, in English, the source every translation is made
# from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs); a key never changes
# meaning once released: a changed sentence gets a new key.
# A and B are two workers selling concert seats; C14 is the last seat; fan A and fan B are the
# buyers each worker sells it to; 33 and 34 are fencing tokens.

## The narrative: one sentence group per ending. $lease: A's lease (s); $pause: A's pause (s);
## $wake: when A wakes (s); $granted: when B gets the lock (s); $write: when B writes (s);
## $every: how often B asks for the lock (s).

paused-safe = A's { $pause } s pause ended at { $wake } s, inside its { $lease } s lease, so A sold C14 and released the lock. B got the lock at { $granted } s, found the seat sold and gave up. One seat, one fan.
paused-late-harmless = A's lease ran out at { $lease } s and A woke at { $wake } s, after it, but B had not been given the lock yet (it asks every { $every } s), so A's late sale went through and B, reading after it, found the seat sold. No harm this time, by luck of timing.
paused-a-overwrote = A froze for { $pause } s, longer than its { $lease } s lease. B got the lock at { $granted } s and sold C14 to fan B at { $write } s. At { $wake } s A woke up and overwrote that sale with fan A: two fans paid for one seat, and the lock service did exactly what it promised.
paused-fenced = A froze for { $pause } s, past its { $lease } s lease; B got the lock (token 34) and sold C14 at { $write } s. When A woke at { $wake } s its write carried token 33, lower than the 34 storage had already seen, so storage refused it. B keeps the seat.
paused-read-fenced = A's lease ran out at { $lease } s and B got the lock at { $granted } s. B's read carried token 34, and storage registered it. A woke at { $wake } s, before B wrote, and its write with token 33 was refused because storage had already seen 34 on B's read. B's sale at { $write } s went through: one sale. This is why fencing should cover every access, reads included.
paused-condition-a = A froze for { $pause } s, past its { $lease } s lease; B got the lock and sold C14. When A woke at { $wake } s its conditional write found the seat no longer free and changed nothing. B keeps the seat.
# B's write replaced A's late one, with storage checking tokens on writes only.
paused-b-overwrote-write-fenced = A's lease ran out at { $lease } s and B got the lock at { $granted } s and read C14 as free, but A woke at { $wake } s, before B wrote. A's write with token 33 was applied (storage checks tokens on writes only, and 33 was the highest written so far), then B's write at { $write } s replaced it: two fans paid. Write-only fencing cannot stop this; fencing B's read too, or a conditional write, would.
# The same with no protection.
paused-b-overwrote = A's lease ran out at { $lease } s and B got the lock at { $granted } s and read C14 as free, but A woke at { $wake } s, before B wrote. A's write with token 33 was applied, then B's write at { $write } s replaced it: two fans paid. Fencing every access, or a conditional write, would have stopped it.
paused-condition-b = A's lease ran out at { $lease } s and B got the lock at { $granted } s, but A woke at { $wake } s and sold C14 before B wrote. B's conditional write found the seat taken and changed nothing: one sale, to fan A.

## The timeline's steps. Each is said as "At <time> s, <who> <what>." (paused-step), so each
## action is written without its subject.

# $time: seconds; $actor: a paused-actor-* name; $action: one of the actions below.
paused-step = At { $time } s, { $actor } { $action }.
# The same with a fencing token.
paused-step-token = At { $time } s, { $actor } { $action } (token { $token }).
paused-actor-a = A
paused-actor-b = B
paused-actor-lock = the lock service
paused-actor-storage = storage
paused-grants-a = grants the lock to A
paused-grants-b = grants the lock to B
# $every: seconds.
paused-asks = asks for the lock (and again every { $every } s)
paused-freezes = freezes
paused-lease-expires = lets A's lease expire
paused-wakes = wakes up
paused-wakes-believing = wakes up, still believing it holds the lock
paused-finishes-unaware = finishes its work, unaware that its lease ran out
paused-releases = releases the lock
# A read of the seat. $seat: paused-seat-free or paused-seat-sold; $token: the reader's token,
# registered by storage when it checks tokens on every access.
paused-reads = reads C14: { $seat }
paused-reads-registers = reads C14: { $seat }; storage registers token { $token }
paused-reads-gives-up = reads C14: { $seat }, so B gives up
paused-reads-registers-gives-up = reads C14: { $seat }; storage registers token { $token }, so B gives up
paused-seat-free = free
# $fan: paused-fan-a or paused-fan-b.
paused-seat-sold = sold to { $fan }
paused-fan-a = fan A
paused-fan-b = fan B
# A write of the seat. $fan: whom it sells to; $highest: the highest token storage has seen.
paused-writes-applied = writes C14 → { $fan }: applied
paused-writes-fenced = writes C14 → { $fan }: refused: storage has already seen token { $highest }
paused-writes-taken = writes C14 → { $fan }: refused: C14 is no longer free (0 rows updated)

## The widget's frame.

paused-title = The paused holder: two workers, one lock, the last seat
# $every: how often B asks for the lock (s); $after: how long after getting it B sells (s).
paused-lede = Worker A takes the lock, reads that seat C14 is free, and freezes at 2.5 s. Its lease keeps running. B asks for the lock every { $every } s and, once it has it, sells the seat { $after } s later.
paused-method = A walkthrough computed from your settings; the tokens 33 and 34 are illustrative. Tokens on writes only: storage refuses a write whose token is below the highest it has seen on a write. Tokens on every access: reads carry the token too and storage registers it, so a write below a token that has already read is refused. Equal tokens are accepted, so a holder may read and then write with its own token. Conditional write: update seats set holder = … where seat = 'C14' and holder is null.

## The readouts.

paused-stat-result = Result
paused-result-double = two fans paid
paused-result-single = one sale
paused-stat-seat = C14 belongs to
paused-seat-nobody = nobody
paused-stat-wakes = A wakes at
paused-stat-granted = B gets the lock at
# $seconds: a time in the story.
paused-seconds = { $seconds } s

## The table of steps.

paused-steps = The timeline, step by step
paused-col-time = time
paused-col-who = who
paused-col-what = what
paused-col-token = token
paused-col-storage = storage
paused-registered = token registered
paused-applied = applied
paused-refused = refused

## The chart: key, labels and what a screen reader hears.

paused-key-valid = holding a valid lease
paused-key-stale = lease gone, still believes it holds it
paused-key-paused = paused
paused-key-read = read
paused-key-applied = write applied
paused-key-refused = write refused
# $end, $wake, $granted: seconds; $seat: who has C14 at the end (paused-fan-a, paused-fan-b or
# paused-seat-nobody).
paused-label = Timeline with lanes for A, B, the lock service and storage over { $end } s: A freezes at 2.5 s and wakes at { $wake } s; B gets the lock at { $granted } s. The seat ends with { $seat }.
paused-lane-a = A
paused-lane-b = B
paused-lane-lock = lock
paused-lane-storage = storage
paused-chart-paused = paused
# A worker's bar: its name and token.
paused-chart-holder = { $who } · { $token }
paused-chart-lease-ends = A's lease ends
# The seat's state; $fan as in paused-seat-sold.
paused-chart-seat-sold = C14: { $fan }
paused-chart-seat-free = C14: free
# $token: the token the read or write carried.
paused-chart-read = read { $token }
paused-chart-write = write { $token }
# $seconds: where the player is.
paused-chart-now = now { $seconds } s
paused-chart-double = two fans paid
