# The fencing-chain widget (fencing-chain): everything it says, in English, the source every
# translation is made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs);
# a key never changes meaning once released: a changed sentence gets a new key.

## The narrative.

# $holders: lock holders in the chain; $expected: how many were expected to outlive their lease.
chain-none-late = None of the { INT($holders) } holders outlived their lease this time (about { $expected } were expected), so every write landed in token order.
# $late of $holders outlived their lease; $share: that as a fraction.
chain-late = { INT($late) } of { INT($holders) } lock holders ({ PERCENT($share) }) were still working when their lease ran out.
# With fencing. $refused: stale writes the storage refused.
chain-fenced = The storage refused { INT($refused) } of their writes because a higher token had already been written: no newer data was replaced.
# Without fencing. $overwrites: stale writes applied over newer data.
chain-unfenced = { INT($overwrites) } of their writes arrived after a newer one and replaced newer data, with no error anywhere.
# Writes applied after the lock moved on but before any newer write. $overtaken: how many.
chain-overtaken = { INT($overtaken) ->
    [one] { INT($overtaken) } late write landed after the lock had moved on but before any newer write, so the storage applied it{ chain-overtaken-fenced }. That is harmless only if writes are blind overwrites: a successor that had already read the data would write over it with a value decided without it.
   *[other] { INT($overtaken) } late writes landed after the lock had moved on but before any newer write, so the storage applied them{ chain-overtaken-fenced }. That is harmless only if writes are blind overwrites: a successor that had already read the data would write over them with a value decided without them.
}
# Inside chain-overtaken, with fencing ($fencing is 1; 0 without).
chain-overtaken-fenced = { $fencing ->
    [1] { " " }(it checks tokens on writes only)
   *[other] {""}
}

## The widget's frame.

chain-title = Fencing: let the storage refuse stale writes
chain-lede = Each grant of the lock carries a number that only goes up. A holder that outlives its lease still writes when it wakes; only storage that remembers the highest number it has seen can tell that write is stale. Here the storage checks writes only.
chain-method = Seeded chain of grants. Each holder works for a log-normal time around the typical value, plus, with the stall chance, a stall (exponential or Pareto, of the mean you set), and writes when done, without reading first. The next holder gets the lock (and the next token) when the previous one releases it or its lease ends. A write is stale when a write with a higher token has already arrived; with fencing the storage refuses it. A late write that arrives before any newer one is overtaken: applied, which is harmless here only because no holder reads before it writes.

## The readouts and the comparison table.

chain-stat-late = Late holders
chain-stat-late-value = { INT($late) } of { INT($holders) }
chain-stat-expected = Expected late
chain-stat-replaced = Newer data replaced
chain-stat-refused = Stale writes refused
chain-stat-overtaken = Overtaken writes applied
chain-table-caption = The same run, both ways
chain-table-late = Late writes that arrive after a newer one
chain-table-without = without fencing
chain-table-with = with fencing
chain-table-applied = applied over newer data
chain-table-refused = refused by the storage

## The chart: its keys, its zoom, and what a screen reader hears.

chain-key-holding = holding the lock
chain-key-late = still working after the lease ended
chain-key-write = write applied
chain-key-overtaken = overtaken write applied
chain-key-stale = stale write applied
chain-key-rejected = stale write refused
chain-previous = ← Previous late holder
chain-next = Next late holder →
chain-show-all = Show all
# $grants: how many grants the chart shows.
chain-zoom-all = Showing all { INT($grants) } grants.
# $position of $late: which late holder; $token: its token; $first–$last: the tokens shown.
chain-zoom = Late holder { $position } of { $late }: token { $token }, tokens { $first }–{ $last } shown.
chain-zoom-overwrote = Its write replaced newer data.
chain-zoom-refused = The storage refused its write.
chain-zoom-overtaken = Its write landed after its successor got the lock but before any newer write, so it was applied: harmless only if the successor did not read the data first.
# $grants lock grants; $late holders outlived their lease; $stale stale writes.
chain-label-rejected = Chain of { INT($grants) } lock grants along time, token upwards: { INT($late) } holders outlived their lease; { INT($stale) } stale writes were rejected.
chain-label-applied = Chain of { INT($grants) } lock grants along time, token upwards: { INT($late) } holders outlived their lease; { INT($stale) } stale writes were applied over newer data.
chain-axis-time = time
chain-axis-token = token
chain-tick-s = { $seconds } s
chain-tick-ms = { INT($ms) } ms
