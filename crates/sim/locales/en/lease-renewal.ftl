# The lease-renewal widget (lease-renewal): everything it says, in English, the source every
# translation is made from. The syntax is locklab's subset of Fluent (crates/sim/src/messages.rs);
# a key never changes meaning once released: a changed sentence gets a new key.

## The narrative: its sentences, in the order they are said.

# $ttl: the lease in seconds; $lost of $runs runs lost the lock; $share and $exact: fractions.
renewal-lost = With a { $ttl } s lease, { INT($lost) } of { INT($runs) } runs ({ PERCENT($share) }; exactly { PERCENT($exact) }) lost their lock while still running.
# Said with renewal when it comes too late to matter. $every: the renewal interval in seconds.
renewal-too-late = Renewing every { $every } s never comes before a { $ttl } s lease runs out, so renewal changes nothing here.
renewal-keeps = In this model renewal keeps slow runs safe and only a stall that also freezes the renewer, and outlasts what is left of the lease, loses it (a partition, a lost renewal reply or a failover can lose a renewed lease too; they are not modelled).
# What the second worker's repeats did. $repeats: runs repeated; $invoices and $emails: doubled;
# $refused: late writes refused.
renewal-unprotected = A second worker repeated { INT($repeats) } of them: { INT($invoices) } double invoices and { INT($emails) } double emails, with no error anywhere.
renewal-write-fenced = A second worker, holding the newer token, repeated { INT($repeats) } of them. The database checks the token on the invoice write only: { INT($refused) } late invoices from the first worker arrived after the second worker's and were refused by their older token, but { INT($invoices) } arrived first, when their token was still the highest seen, and were accepted beside the repeat's: double invoices that write-only fencing cannot stop. The email provider checks no token: { INT($emails) } emails went out twice.
renewal-all-fenced = A second worker repeated { INT($repeats) } of them and registered its newer token with its first read of the invoice row, so the database refused all { INT($refused) } late invoices from the first worker by their older token, however early they arrived. The email provider checks no token: { INT($emails) } emails went out twice.
# $harmless: repeats that carried the same keys.
renewal-idempotent = { INT($harmless) } repeats carried the same idempotency keys, so neither the invoice nor the email happened twice (as long as the email provider honours the key).
# $wasted: seconds of work done twice.
renewal-wasted = { $wasted } s of work were done again.

## The widget's frame.

renewal-title = Break it: the job that outlives its lock
renewal-lede = A job takes a lock with a lease and sends an invoice and an email when it is done. If it loses the lock while still running, a second worker may run it again. Compare what renewal, a fencing token (on the write, or on every access) and idempotency keys each do with the same runs.
# $runs: how many runs are drawn.
renewal-method = { INT($runs) } seeded runs: log-normal work around the typical value, plus, with the stall chance, a stall (exponential or Pareto) at a random point of the work. Renewal extends the lease every interval from the start while the job runs; a stall freezes the renewer too. A second worker starts when the lock moves to it, with the newer token, reads the invoice row and runs its own job. Write-only fencing: the database refuses the first worker's late invoice only if the second worker's invoice got there first; fencing every access: the second worker's read registers its token, so every late invoice is refused. The email provider checks no token. Idempotency keys: both recognise the repeat, assuming the provider honours the key. The exact chance of losing the lock comes from the same model. Not modelled: a partition, a lost renewal reply or a failover, which can lose a renewed lease too.

## The readouts.

renewal-stat-lost = Runs that lost the lock
renewal-stat-lost-value = { INT($lost) } ({ PERCENT($exact) } exact)
renewal-stat-invoices = Double invoices
renewal-stat-emails = Double emails
renewal-stat-wasted = Work done again
renewal-seconds = { $seconds } s

## The charts: captions, keys, axes and what a screen reader hears.

renewal-key-kept = kept the lock
renewal-key-lost = lost the lock while running
renewal-costs-caption = What the lost runs did: this defence (solid) beside no defence on the same runs (faint).
renewal-runs-label = Histogram of { INT($runs) } run lengths on a log scale with the lease marked: { INT($lost) } runs lost the lock (in red).
renewal-costs-label = Bars for the lost runs with this defence (and without any): double invoices { INT($invoices) } ({ INT($invoicesBefore) }), double emails { INT($emails) } ({ INT($emailsBefore) }), writes refused { INT($refused) }, harmless repeats { INT($harmless) }.
renewal-axis-length = run length: work + stall (log scale)
renewal-axis-runs = runs
renewal-chart-lease = lease { $ttl } s
renewal-bar-invoices = double invoices
renewal-bar-emails = double emails
renewal-bar-refused = writes refused
renewal-bar-harmless = harmless repeats
