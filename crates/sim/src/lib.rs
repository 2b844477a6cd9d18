//! # locklab-sim
//!
//! The simulation core behind every locklab widget: pure Rust, no web dependencies, seeded with
//! ChaCha8 and deterministic, so the same parameters give the same numbers natively and in the
//! browser. One module per scenario; each has a table of parameter [`params::Spec`]s, a
//! validated `Params` type, a pure `run`, an outcome with a `summary` (what events carry) and a
//! `narrative` (what the widget says).

/// Every simulation widget, once: `(module, type, name, label)`, in the order the gallery lists
/// them. The registry, the widgets crate's mount dispatch and its cargo features (a test holds the
/// features to this) all come from this one list; a new widget is one line here. The callback is
/// a macro that takes the entries as `$(($module:ident, $type:ident, $name:literal,
/// $label:literal)),*`.
#[macro_export]
macro_rules! for_each_scenario {
    ($callback:ident) => {
        $callback! {
            (counter_race, CounterRace, "counter-race", "Counter race"),
            (ttl_tradeoff, TtlTradeoff, "ttl-tradeoff", "TTL trade-off"),
            (paused_holder, PausedHolder, "paused-holder", "Paused holder"),
            (fencing_chain, FencingChain, "fencing-chain", "Fencing chain"),
            (fencing_sandbox, FencingSandbox, "fencing-sandbox", "Fencing by hand: the sandbox and every interleaving"),
            (lease_renewal, LeaseRenewal, "lease-renewal", "Lease renewal: renewal, fencing, idempotency"),
            (lease_sizing, LeaseSizing, "lease-sizing", "Lease sizing worksheet"),
            (redis_failover, RedisFailover, "redis-failover", "Redis failover"),
            (redlock, Redlock, "redlock", "Redlock, step by step"),
            (sweeper_incident, SweeperIncident, "sweeper-incident", "The sweeper incident: a job that outlives its lock"),
            (optimistic_pessimistic, OptimisticPessimistic, "optimistic-vs-pessimistic", "Optimistic or pessimistic: one hot record"),
            (lock_granularity, LockGranularity, "lock-granularity", "How wide should the lock be? Granularity and deadlock"),
        }
    };
}

/// Declares a scenario's type and its [`Scenario`] impl from its own module's items, so that a
/// widget's model and its `Scenario` sit in one file: `NAME`, `SPECS`, `PRIMARY`, `Params` (with
/// `from_values`), `Outcome` (with a `summary` field and `narrative(&Params)`) and `Summary`.
/// `cache` is what the widget keeps between runs (`()` for nothing) and `run` the
/// `fn(&Params, &mut cache) -> Outcome`; what else the scenario overrides follows in braces.
macro_rules! scenario {
    ($(#[$doc:meta])* $ty:ident, cache: $cache:ty, run: $run:expr $(, { $($extra:item)* })?) => {
        $(#[$doc])*
        pub struct $ty;

        impl $crate::Scenario for $ty {
            const NAME: &'static str = NAME;
            type Params = Params;
            type Outcome = Outcome;
            type Summary = Summary;
            type Cache = $cache;

            fn specs() -> &'static [$crate::Spec] {
                SPECS
            }
            fn primary() -> &'static [&'static str] {
                PRIMARY
            }
            fn params(values: &[f64]) -> Params {
                Params::from_values(values)
            }
            fn run(params: &Params, cache: &mut $cache) -> Outcome {
                ($run)(params, cache)
            }
            fn summary(outcome: &Outcome) -> Summary {
                outcome.summary.clone()
            }
            fn narrative(params: &Params, outcome: &Outcome) -> String {
                outcome.narrative(params)
            }
            $($($extra)*)?
        }
    };
}
pub(crate) use scenario;

pub mod controls;
pub mod lab;
pub mod mutation;
pub mod params;
pub mod presets;
pub mod registry;
pub mod messages;
pub mod text;

/// One module per widget: its parameters, its outcome, its run and narrative, and its
/// `Scenario` (the `scenario!` line at its end). The list of them is [`for_each_scenario!`].
pub mod scenarios {
    pub mod counter_race;
    pub mod fencing_chain;
    pub mod fencing_sandbox;
    pub mod lease_renewal;
    pub mod lease_sizing;
    pub mod lock_granularity;
    pub mod optimistic_pessimistic;
    pub mod paused_holder;
    pub mod redis_failover;
    pub mod redlock;
    pub mod sweeper_incident;
    pub mod ttl_tradeoff;
}

/// What several scenarios share: the hold model (work plus stalls, with exact tails), queueing
/// formulas, quadrature and the timeline of a story.
pub mod models {
    pub mod hold;
    pub mod quad;
    pub mod queueing;
    pub mod timeline;
}

// Each at the crate's root too (`locklab_sim::ttl_tradeoff`, `locklab_sim::hold`), where the
// charts, the widgets and the tests name them.
pub use models::{hold, quad, queueing, timeline};
pub use scenarios::{
    counter_race, fencing_chain, fencing_sandbox, lease_renewal, lease_sizing, lock_granularity, optimistic_pessimistic, paused_holder, redis_failover, redlock, sweeper_incident, ttl_tradeoff,
};

pub use params::{Attr, Notice, Spec};
pub use counter_race::CounterRace;
pub use fencing_chain::FencingChain;
pub use fencing_sandbox::FencingSandbox;
pub use lease_renewal::LeaseRenewal;
pub use lease_sizing::LeaseSizing;
pub use lock_granularity::LockGranularity;
pub use optimistic_pessimistic::OptimisticPessimistic;
pub use paused_holder::PausedHolder;
pub use redis_failover::RedisFailover;
pub use redlock::Redlock;
pub use sweeper_incident::SweeperIncident;
pub use ttl_tradeoff::TtlTradeoff;

/// What every simulation widget's element takes besides its parameters.
pub const SIM_ATTRS: &[params::Attr] = &[
    params::THEME,
    params::LOCALE,
    params::MESSAGES,
    params::LAYOUT,
    params::STEPS,
    params::STEP_CAPTIONS,
    params::STEP,
    params::COMPARE,
    params::COMPARE_CAPTIONS,
    controls::CONTROLS,
    controls::FIXED,
];
/// The same for a widget that plays a timeline.
pub const PLAYER_ATTRS: &[params::Attr] = &[
    params::THEME,
    params::LOCALE,
    params::MESSAGES,
    params::AUTOPLAY,
    params::LAYOUT,
    params::STEPS,
    params::STEP_CAPTIONS,
    params::STEP,
    params::COMPARE,
    params::COMPARE_CAPTIONS,
    controls::CONTROLS,
    controls::FIXED,
];

/// What every scenario offers the widgets, so the shared UI pieces can drive any of them.
pub trait Scenario {
    /// The widget name (`data-locklab="…"`).
    const NAME: &'static str;
    type Params: Clone + PartialEq + serde::Serialize + Send + Sync + 'static;
    type Outcome: Clone + PartialEq + Send + Sync + 'static;
    type Summary: serde::Serialize;
    /// Intermediate results a widget keeps between runs (random draws, sorted holds) so that a
    /// small change recomputes only what it affects. Outcomes never depend on what it holds.
    type Cache: Default + Send + 'static;

    fn specs() -> &'static [Spec];
    /// The parameters the lesson asks the learner to move first; the widget shows the others
    /// under "More settings".
    fn primary() -> &'static [&'static str];
    /// Whether the widget plays a timeline (and so takes the author's `data-autoplay`).
    fn plays() -> bool {
        false
    }
    /// The attributes the widget's element takes besides its parameters ([`params::Attr`]).
    fn attrs() -> &'static [params::Attr] {
        if Self::plays() { PLAYER_ATTRS } else { SIM_ATTRS }
    }
    /// Older parameter names that still work (see [`params::validate_with_aliases`]).
    fn aliases() -> &'static [params::Alias] {
        &[]
    }
    /// Validates author-supplied parameters (attributes, URL) into values in spec order; the
    /// widget's own attributes ([`Scenario::attrs`]) are checked, and are no parameters.
    fn validate(raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
        let (attrs, rest, mut notices) = params::take_attrs(Self::attrs(), raw);
        let (values, mut found) = params::validate_with_aliases(Self::specs(), Self::aliases(), &rest);
        notices.append(&mut found);
        notices.append(&mut presets::check(Self::specs(), Self::aliases(), &attrs));
        notices.append(&mut controls::read(Self::specs(), &attrs).1);
        (values, notices)
    }
    /// State beyond the parameters, kept after them among the values, that goes into the address
    /// as these `(name, value)` pairs (the fencing sandbox's steps). Names in [`Scenario::extra_names`].
    fn extra_pairs(_values: &[f64]) -> Vec<(String, String)> {
        Vec::new()
    }
    fn extra_names() -> &'static [&'static str] {
        &[]
    }
    /// Builds parameters from values in [`Scenario::specs`] order (clamped into range).
    fn params(values: &[f64]) -> Self::Params;
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome;
    fn summary(outcome: &Self::Outcome) -> Self::Summary;
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String;
    /// Everything the widget says, in English: its message file (issue #47; empty for a widget
    /// whose words are not in messages yet).
    fn messages() -> &'static str {
        ""
    }
    /// The narrative in `tr`'s locale (English where the widget has no messages yet).
    fn narrative_in(params: &Self::Params, outcome: &Self::Outcome, tr: &messages::Tr) -> String {
        let _ = tr;
        Self::narrative(params, outcome)
    }
}
