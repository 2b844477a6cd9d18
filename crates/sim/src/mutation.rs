//! Deliberately wrong models, for the lab's mutation suite (`crates/lab/tests/mutations.rs`).
//!
//! A check that cannot fail proves nothing. Each entry of [`ALL`] names one rule of one model and
//! the wrong version of it; with the `mutations` feature (which only the lab's builds turn on:
//! never the wasm, never the widgets) and [`set`] called with that name, [`on`] is true at that
//! rule and the model computes the wrong thing. The lab's test then runs the lab with
//! `LOCKLAB_MUTATION=<name>` at the setting of its check that should expose it, and requires a
//! disagreement. Without the feature [`on`] is a constant `false` and the models are untouched.

/// One wrong model: its name (`LOCKLAB_MUTATION`), the widget, the quantity of the lab's check
/// that must catch it, and what is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mutation {
    pub name: &'static str,
    pub widget: &'static str,
    pub caught_by: &'static str,
    pub what: &'static str,
}

/// Every mutation the models carry.
pub const ALL: &[Mutation] = &[
    Mutation { name: "counter-lock-released-before-write", widget: "counter-race", caught_by: "final, lost and staleWrites with the lock (exact)", what: "the lock is released after the read, before the write" },
    Mutation { name: "counter-stale-needs-two", widget: "counter-race", caught_by: "staleWrites without the lock (the band)", what: "a write counts as stale, and erases, only when two other writes landed since its read" },
    Mutation { name: "paused-fence-refuses-equal", widget: "paused-holder", caught_by: "outcome, doubleSale and seat (exact)", what: "a fencing token compared with > instead of ≥: storage refuses a token equal to the highest it has seen" },
    Mutation { name: "paused-lease-from-read", widget: "paused-holder", caught_by: "outcome (exact)", what: "A's lease counted from its read at 1 s, not from the grant at 0 s" },
    Mutation { name: "paused-lease-stops-while-frozen", widget: "paused-holder", caught_by: "outcome (exact), on etcd's lock", what: "the lease's clock stops while its holder is frozen, as if the lock service could tell a paused holder from a dead one (the belief Jepsen's etcd lock test disproved)" },
    Mutation { name: "sandbox-write-fence-registers-reads", widget: "fencing-sandbox", caught_by: "byProtection over every order (exact)", what: "tokens on writes only also register the tokens of reads" },
    Mutation { name: "sweeper-cad-deletes-any", widget: "sweeper-incident", caught_by: "the exact outcome fields", what: "compare-and-delete deletes the key whoever holds it" },
    Mutation { name: "ttl-exact-stalls-only", widget: "ttl-tradeoff", caught_by: "unsafeHolds against the exact probability (the band)", what: "the exact probability counts only stalls, not the work's own tail" },
    Mutation { name: "ttl-unsafe-from-request", widget: "ttl-tradeoff", caught_by: "unsafeHolds paired with Redis on the same draws", what: "a hold counts as outliving its lease at 90 % of the TTL (expiry counted from an earlier request, not from the grant)" },
    Mutation { name: "ttl-recovery-half-lease", widget: "ttl-tradeoff", caught_by: "recoverySeconds (bracketed)", what: "the wait after a crash taken as half the TTL (the mean wait after a crash at a random moment of the lease), not the whole TTL (a crash just after the grant)" },
    Mutation { name: "ttl-stall-mean-as-rate", widget: "ttl-tradeoff", caught_by: "unsafeHolds with the lab's own draws (against the exact probability and the widget's count)", what: "the stall-mean slider read as a rate: stalls average 1/m, in the draws and the exact formula alike" },
    Mutation { name: "optimistic-fixed-rate-arrivals", widget: "optimistic-vs-pessimistic", caught_by: "attempts per update with the lab's own arrivals", what: "arrivals at a fixed rate instead of Poisson" },
    Mutation { name: "optimistic-latency-from-last-read", widget: "optimistic-vs-pessimistic", caught_by: "optimistic.meanMs (paired, on the widget's arrivals)", what: "an optimistic update's latency counted from its winning attempt's read, not from its arrival: the failed attempts and back-offs left out" },
    Mutation { name: "optimistic-lock-costs-nothing", widget: "optimistic-vs-pessimistic", caught_by: "pessimistic.meanMs or quicker with the lock apart from the data", what: "the lock's round trip (lock-ms) costs nothing: only the work holds the lock" },
    Mutation { name: "optimistic-pk-service-exponential", widget: "optimistic-vs-pessimistic", caught_by: "the lock's mean latency against Pollaczek–Khinchine", what: "Pollaczek–Khinchine with an exponential service's second moment (2s², M/M/1) where the work is fixed (s², M/D/1): the mean wait doubled" },
    Mutation { name: "granularity-lifo-queue", widget: "lock-granularity", caught_by: "the share of updates a later start got the lock ahead of", what: "a freed lock goes to the latest waiter, not the first (the mean wait stays the same)" },
    Mutation { name: "granularity-wait-counts-the-work", widget: "lock-granularity", caught_by: "the mean wait against the M/M/1 formula", what: "the exact mean wait counts the update's own work: s/(1 − ρ), the time in the system, for ρs/(1 − ρ)" },
    Mutation { name: "granularity-deadlock-without-half", widget: "lock-granularity", caught_by: "the deadlock fraction against its formula", what: "the chance that two updates deadlock without its ½" },
    Mutation { name: "granularity-busy-counts-the-wait", widget: "lock-granularity", caught_by: "busiestUtilisation", what: "a lock counted busy from its holder's request, not its grant: the wait counted as time held" },
    Mutation { name: "redlock-validity-without-drift", widget: "redlock", caught_by: "acquired (exact, at a TTL where the drift decides)", what: "Redlock's validity without the clock-drift allowance" },
    Mutation { name: "redlock-expiry-ignores-wall-clock", widget: "redlock", caught_by: "bothHold (exact), C's wall clock really stepped", what: "a key's expiry kept on a clock that a wall-clock step does not move (Redis keeps it as a wall-clock time): C's key lasts its whole TTL" },
    Mutation { name: "redlock-quorum-two", widget: "redlock", caught_by: "acquired (exact)", what: "a quorum of two masters instead of three" },
    Mutation { name: "failover-lag-doubled", widget: "redis-failover", caught_by: "meanLost (the band)", what: "the window of lost grants twice the replication lag" },
    Mutation { name: "failover-consensus-acks-before-majority", widget: "redis-failover", caught_by: "meanLost on etcd (exact)", what: "the consensus store acknowledges a grant before a majority has it, and a leader's crash loses rate × lag of them, as Redis's asynchronous replica does" },
    Mutation { name: "renewal-extends-by-interval", widget: "lease-renewal", caught_by: "each case's ending (exact)", what: "a renewal extends the lease by the renewal interval instead of the TTL" },
];

/// The wrong model in force: its index in [`ALL`] plus one, 0 for none.
#[cfg(feature = "mutations")]
static ACTIVE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[cfg(feature = "mutations")]
fn index(name: &str) -> Result<usize, String> {
    ALL.iter().position(|m| m.name == name).map(|i| i + 1).ok_or_else(|| format!("no mutation named {name:?}"))
}

/// Turns on the mutation named `name` for the rest of the process (once; an unknown name is an
/// error). Only with the `mutations` feature.
#[cfg(feature = "mutations")]
pub fn set(name: &str) -> Result<(), String> {
    use std::sync::atomic::Ordering;
    let i = index(name)?;
    ACTIVE.compare_exchange(0, i, Ordering::SeqCst, Ordering::SeqCst).map(|_| ()).map_err(|_| "a mutation is already set".to_string())
}

/// `f` computed with the mutation named `name` on, then the right model back (the lab judges a
/// real run it has already made again under a wrong model: the same real figures, the model
/// switched). Not while another mutation is on (`set`), and not from two threads at once: the
/// models read one switch. Only with the `mutations` feature.
#[cfg(feature = "mutations")]
pub fn judging<T>(name: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    use std::sync::atomic::Ordering;
    let i = index(name)?;
    ACTIVE.compare_exchange(0, i, Ordering::SeqCst, Ordering::SeqCst).map_err(|_| format!("cannot judge {name}: a mutation is already on"))?;
    struct Back;
    impl Drop for Back {
        fn drop(&mut self) {
            ACTIVE.store(0, Ordering::SeqCst);
        }
    }
    let _back = Back;
    Ok(f())
}

/// Whether the rule named `name` is to be computed wrongly.
#[cfg(feature = "mutations")]
pub fn on(name: &str) -> bool {
    debug_assert!(ALL.iter().any(|m| m.name == name), "{name} is not in mutation::ALL");
    match ACTIVE.load(std::sync::atomic::Ordering::Relaxed) {
        0 => false,
        i => ALL[i - 1].name == name,
    }
}

/// Whether the rule named `name` is to be computed wrongly: never, without the `mutations` feature.
#[cfg(not(feature = "mutations"))]
#[inline(always)]
pub const fn on(_name: &str) -> bool {
    false
}
