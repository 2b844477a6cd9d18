# The lease-sizing worksheet (lease-sizing): everything it says, in English, the source every
# translation is made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs);
# a key never changes meaning once released: a changed sentence gets a new key.

## The narrative: its sentences, in the order they are said. Every figure is in seconds but the
## probabilities.

# $sum: what the rule adds up to; $ttl: the lease picked.
sizing-rule = The rule asks for { $sum } s (work + pause + network + renewal + margin) and you picked { $ttl } s.
# The terms alone are longer than the lease. $short: by how much.
sizing-over = The terms already add up to more than the { $ttl } s lease: { $short } s short before any margin.
# $margin: what is really left; $wanted: the margin term the learner set.
sizing-under = That leaves { $margin } s of margin, less than the { $wanted } s you wanted: likely too small.
sizing-exact = That leaves { $margin } s of margin, the margin you wanted and no more: a pause a little past its p99 uses it up.
sizing-more = That leaves { $margin } s of margin, more than the { $wanted } s you wanted.
# $every: the renewal interval; $room: how long a pause may last before the lease is lost.
sizing-renewed = With renewal every { $every } s the work need not fit in one lease: a pause, which freezes the renewer too, loses the lease when it outlasts { $room } s (lease − renewal − network, for a pause that starts just before a renewal was due).
sizing-not-renewed = Without renewal the work has to fit: a pause loses the lease when it outlasts { $room } s (lease − work − network).
sizing-no-room = No time is left for a pause at all.
# $p99: the pause model's own p99; $loses and $beyond are probabilities (fractions).
sizing-pause-odds = Under the pause model (its own p99 is { $p99 } s) that happens with probability { PERCENT($loses) } per lease, and a pause alone eats the whole margin left with probability { PERCENT($beyond) }: no lease makes either zero, which is why the resource must check a fencing token.
sizing-recovery = After a crash, the next holder waits up to { $wait } s.

## The widget's frame.

sizing-title = Size a lease: a worksheet, not a promise
sizing-lede = A common rule: lease ≥ p99 work + p99 pause + network delay + renewal interval + a safety margin. Add up your terms, pick a lease, and see what margin is really left and what a crash then costs.
sizing-method = What the rule does not do: with renewal the work need not fit in one lease (a renewal interval above 0 reads as a renewed lease, and a work term beside it only makes the rule ask for more); adding p99s usually over-sizes, since for ordinary, independent parts the p99 of a sum is well below the sum of the p99s; and no lease bounds an unbounded pause, which is why the resource must check a fencing token. A pause loses a renewed lease when it outlasts lease − renewal − network, a lease without renewal (interval 0) when it outlasts lease − work − network. The chance comes from the pause model under More settings (as in the TTL trade-off), exactly.
# The two buttons that fill in the worksheet.
sizing-preset-size = Size a lease: 8 + 2 + 0.5 + 3 + 2 = 15.5 s, round up to 20 s
sizing-preset-check = Check a lease: 10 s, renewal 3 s, pause 4 s, network 1 s

## The readouts.

sizing-stat-rule = The rule asks for
sizing-stat-margin = Margin left
sizing-stat-loses = A pause loses the lease
sizing-stat-wait = Wait after a crash
# A readout in seconds ("15.5 s"), and the wait after a crash ("up to 20 s").
sizing-seconds = { $seconds } s
sizing-stat-wait-value = up to { $seconds } s

## The chart: the terms stacked in one bar against the lease.

sizing-term-work = p99 work
sizing-term-pause = p99 pause
sizing-term-network = network
sizing-term-renewal = renewal
sizing-term-margin = margin
sizing-chart-lease = lease { $ttl } s
sizing-chart-short = { $short } s short
sizing-chart-left = margin left { $margin } s
sizing-chart-label = One bar of the terms (work, pause, network, renewal, margin) adding up to { $sum } s, against a { $ttl } s lease: { $margin } s of margin left.
