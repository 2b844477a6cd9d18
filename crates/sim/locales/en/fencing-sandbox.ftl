# The fencing-sandbox widget: everything it says, in English, the source every translation is
# made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs); a key never
# changes meaning once released: a changed sentence gets a new key.
# A, B and C are clients sharing a counter in storage behind a lock service; a learner plays their
# steps by hand. 33, 34, 35 are fencing tokens. A step is written like A.acquire or wait in every
# language (it is what an author types in data-steps): those words are not translated.

## The narrative. $orders: how many orders the clients' steps can happen in; $clients: 2 or 3;
## $correct, $older, $stale: how many of those orders end each way with this protection.

sandbox-table = Of the { INT($orders) } orders in which these { $clients } clients' steps can happen (A pausing between its read and its write), { INT($correct) } end correctly with this protection and two kinds lose an update: in { INT($older) } an older token overwrote newer work, in { INT($stale) } a newer token decided on a stale read.
sandbox-nothing-yet = Nothing has happened yet: pick a step for one of the clients.
# $steps: steps played; $clock: the clock (s); $state: one of the four sandbox-state-* below.
sandbox-story = After { $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
} (the clock at { $clock } s). { $state }
# $value: the storage's value; $expected: what the accepted updates add up to.
sandbox-state-done = Every client is done and the value, { $value }, includes every accepted update.
sandbox-state-so-far = So far the value, { $value }, includes every accepted update.
sandbox-state-older = The storage went backwards: an older token's write replaced newer work, so the value is { $value } where the accepted updates add up to { $expected }.
sandbox-state-stale = Both writes were accepted in token order, so the storage never went backwards, but the later one was decided on a read taken before the earlier one landed: both clients were told they succeeded, and the value is { $value } where the accepted updates add up to { $expected }.

## How the story ends so far (a readout, the table's cells, the list of orders).

sandbox-ending-correct = correct
sandbox-ending-older-overwrote = lost update: an older token overwrote
sandbox-ending-stale-read = lost update: decided on a stale read

## What happened at each step (the log and the player). $client, $other, $holder: A, B or C;
## $token: a fencing token; times in seconds of the sandbox's clock.

sandbox-log-wait = A second passes.
sandbox-log-acquire = { $client } gets the lock with token { $token }; its lease runs until { $expires } s.
sandbox-log-pause = { $client } freezes until its lease has run out, at { $until } s, then carries on as if nothing happened.
# $seen: the highest token storage has seen.
sandbox-log-read-refused = Storage refuses { $client }'s read: token { $token } is below { $seen }, which it has already seen.
sandbox-log-read = { $client } reads { $value }.
sandbox-log-read-registers = { $client } reads { $value } and registers token { $token }.
sandbox-log-no-write = { $client } has nothing to write: its read was refused, so it gives up.
# $new: the value the write would have set; $why: one of the sandbox-why-* below.
sandbox-log-write-refused = Storage refuses { $client }'s write of { $new }: { $why }.
sandbox-why-below-written = token { $token } is below { $highest }, already written
sandbox-why-below-seen = token { $token } is below { $highest }, already seen
# $read: the value the client read.
sandbox-why-value-moved = the value is { $value }, not the { $read } it read
sandbox-log-write = Storage applies { $client }'s write: the value is now { $new }.
# $lost: whose updates the write erased (a client, or sandbox-two).
sandbox-log-write-erasing = Storage applies { $client }'s write: the value is now { $new }, erasing { $lost }'s update.
sandbox-two = { $first } and { $second }
sandbox-log-release = { $client } releases the lock.
sandbox-log-release-other = { $client }'s release finds { $other }'s lock and leaves it alone.
sandbox-log-release-expired = { $client } releases, but its lease had already run out: there was nothing to delete.
# A step of the player: $clock: seconds; $sentence: one of the sandbox-log-* above.
sandbox-step = At { $clock } s, { $sentence }

## Why a step cannot be played now (after "A cannot read:", "No pause:", in notices).

# $max: the longest story.
sandbox-why-limit = the story has reached its { $max }-step limit (undo a step or start over)
sandbox-why-no-client = there is no client { $client } with { $clients } clients
sandbox-why-finished = { $client } has finished
sandbox-why-no-lock = { $client } holds no lock to pause with
sandbox-why-written = { $client } has already written
sandbox-why-paused = { $client } has paused once already
# $next: one of the sandbox-action-* below.
sandbox-why-next = { $client }'s next step is { $next }
# $left: seconds.
sandbox-why-lease-left = { $holder }'s lease has { $left } s left

## A client's steps, on its buttons and in "why not" sentences.

sandbox-action-acquire = acquire
sandbox-action-read = read
sandbox-action-pause = pause
sandbox-action-write = write
sandbox-action-release = release

## What a client is doing, in a few words. $left: seconds.

sandbox-status-waiting = waiting to acquire
sandbox-status-done = done
sandbox-status-holds = holds the lock, { $left } s left
sandbox-status-believes = believes it holds the lock; { $holder } does
sandbox-status-ran-out-frozen = its lease ran out while it was frozen; it does not know
sandbox-status-ran-out = its lease has run out; it does not know

## Notices about an author's steps (data-steps). $n: the step's place; $shown: the step as the
## author typed it (quoted as typed); $kept: the steps before it, which are kept.

sandbox-notice-too-many = steps: only the first { $max } steps are kept.
sandbox-notice-not-a-step = steps: step { $n } “{ $shown }” is not a step like A.acquire, B.read, A.pause or wait; { sandbox-kept }.
sandbox-notice-not-possible = steps: step { $n } “{ $shown }” is not possible there ({ $why }); { sandbox-kept }.
# What is kept of the author's steps: $kept, the steps before the bad one.
sandbox-kept = { $kept ->
    [0] none is kept
    [one] the one before it is kept
   *[other] the { $kept } before it are kept
}

## The widget.

sandbox-title = Fencing by hand, and every interleaving at once
sandbox-lede = You are the scheduler. Each client takes the lock, reads the counter, writes what it read plus its own amount (A adds 1, B 10, C 100), and releases. A client holding the lock can pause: it freezes until its lease has run out and then carries on, unaware. Play the steps in any order the lock allows, and see what the storage lets through.
sandbox-method = Every step takes one second; a pause lasts until the pauser's lease has run out. The lock service grants the lock when it is free or the holder's lease has run out, with tokens 33, 34, 35; a release deletes only its own lock. Tokens on writes only: a write below the highest token written is refused. Tokens on every access: reads register their token too, and a read or write below the highest token seen is refused. Equal tokens are accepted, so a holder can read and then write with its own token; “strictly greater” would refuse that write. Conditional write: compare-and-set on a version (here the value itself, which only grows, so it never repeats; on a value that can come back, compare a version number or an A-B-A change slips through). The table runs every order of the clients' steps (A pausing between its read and its write) under each protection.
sandbox-stat-ending = Ending so far
sandbox-stat-value = Storage value
sandbox-stat-token = Highest token issued
sandbox-stat-clock = Clock
sandbox-no-token = none
sandbox-seconds = { $seconds } s
# What a screen reader hears of the chart. $clock: seconds; $value: the storage's value.
sandbox-chart-label = Timeline of the steps so far, up to { $clock } s: each client's lease, pauses, reads and writes, and the storage's value { $value }.
sandbox-key-valid = holding a valid lease
sandbox-key-late = lease gone, still believes it holds it
sandbox-key-pause = paused
sandbox-key-read = read
sandbox-key-applied = write applied
sandbox-key-refused = refused
# The chart's rows and labels.
sandbox-chart-client = client { $client }
sandbox-chart-storage = storage
sandbox-chart-token = token { $token }
sandbox-wait = Wait 1 s
sandbox-undo = Undo
sandbox-start-over = Start over
# $why: a sandbox-why-* sentence.
sandbox-no-more = No more steps: { $why }.
sandbox-log-title = What happened, step by step
sandbox-lock-service = Lock service
sandbox-storage = Storage
sandbox-holder = Holder: { $client } (token { $token }), lease until { $until } s.
sandbox-holder-nobody = Holder: nobody.
sandbox-storage-written = Value { $value }; highest token written { $highest }.
sandbox-storage-seen = Value { $value }; highest token seen { $highest }.
sandbox-storage-value = Value { $value }.
sandbox-client = Client { $client }
# $status: one of the sandbox-status-* above.
sandbox-client-token = token { $token }, { $status }
# A client's buttons. $action: one of the sandbox-action-* above.
sandbox-button = { $client }: { $action }
sandbox-button-done = { $client }: done
sandbox-cannot = { $client } cannot { $action }: { $why }.
sandbox-cannot-act = { $client } cannot act: { $why }.
sandbox-no-pause = No pause: { $why }.

## The table of every order. $protection: what storage checks (the control's option).

sandbox-table-caption = Every order of the clients' steps ({ INT($orders) } of them), by what storage checks and how it ends. Pick a count to list its orders.
sandbox-col-checks = storage checks
sandbox-col-correct = correct
sandbox-col-older = lost update: older token overwrote
sandbox-col-stale = lost update: stale read
# Heard after a cell's count. $ending: a sandbox-ending-* above.
sandbox-cell = { $ending } orders with { $protection }
sandbox-orders = { INT($n) ->
    [one] { INT($n) } order
   *[other] { INT($n) } orders
} ending in { $ending } with “{ $protection }”. Pick one to load it into the sandbox and replay it:
sandbox-more = … and { INT($n) } more.
