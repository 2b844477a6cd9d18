//! # locklab-sim
//!
//! The simulation core behind every locklab widget: pure Rust, no web dependencies, seeded with
//! ChaCha8 and deterministic, so the same parameters give the same numbers natively and in the
//! browser. One module per scenario; each has a table of parameter [`params::Spec`]s, a
//! validated `Params` type, a pure `run`, an outcome with a `summary` (what events carry) and a
//! `narrative` (what the widget says).

pub mod counter_race;
pub mod fencing_chain;
pub mod fencing_sandbox;
pub mod hold;
pub mod lease_renewal;
pub mod lease_sizing;
pub mod lock_granularity;
pub mod optimistic_pessimistic;
pub mod params;
pub mod presets;
pub mod quad;
pub mod queueing;
pub mod quiz;
pub mod paused_holder;
pub mod redis_failover;
pub mod redlock;
pub mod registry;
pub mod sweeper_incident;
pub mod text;
pub mod timeline;
pub mod ttl_tradeoff;
pub mod xapi;

pub use params::{Attr, Notice, Spec};

/// What every simulation widget's element takes besides its parameters.
pub const SIM_ATTRS: &[params::Attr] = &[params::THEME, params::LAYOUT, params::STEPS, params::STEP_CAPTIONS, params::STEP, params::COMPARE];
/// The same for a widget that plays a timeline.
pub const PLAYER_ATTRS: &[params::Attr] = &[params::THEME, params::AUTOPLAY, params::LAYOUT, params::STEPS, params::STEP_CAPTIONS, params::STEP, params::COMPARE];

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
}

/// The counter race as a [`Scenario`].
pub struct CounterRace;

impl Scenario for CounterRace {
    const NAME: &'static str = counter_race::NAME;
    type Params = counter_race::Params;
    type Outcome = counter_race::Outcome;
    type Summary = counter_race::Summary;
    type Cache = ();

    fn specs() -> &'static [Spec] {
        counter_race::SPECS
    }
    fn primary() -> &'static [&'static str] {
        counter_race::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        counter_race::Params::from_values(values)
    }
    fn run(params: &Self::Params, _cache: &mut ()) -> Self::Outcome {
        counter_race::run(params)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The TTL trade-off as a [`Scenario`].
pub struct TtlTradeoff;

impl Scenario for TtlTradeoff {
    const NAME: &'static str = ttl_tradeoff::NAME;
    type Params = ttl_tradeoff::Params;
    type Outcome = ttl_tradeoff::Outcome;
    type Summary = ttl_tradeoff::Summary;
    type Cache = ttl_tradeoff::Cache;

    fn specs() -> &'static [Spec] {
        ttl_tradeoff::SPECS
    }
    fn primary() -> &'static [&'static str] {
        ttl_tradeoff::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        ttl_tradeoff::Params::from_values(values)
    }
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome {
        ttl_tradeoff::run_cached(params, cache)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The fencing chain as a [`Scenario`].
pub struct FencingChain;

impl Scenario for FencingChain {
    const NAME: &'static str = fencing_chain::NAME;
    type Params = fencing_chain::Params;
    type Outcome = fencing_chain::Outcome;
    type Summary = fencing_chain::Summary;
    type Cache = fencing_chain::Cache;

    fn specs() -> &'static [Spec] {
        fencing_chain::SPECS
    }
    fn primary() -> &'static [&'static str] {
        fencing_chain::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        fencing_chain::Params::from_values(values)
    }
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome {
        fencing_chain::run_cached(params, cache)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The paused holder as a [`Scenario`].
pub struct PausedHolder;

impl Scenario for PausedHolder {
    const NAME: &'static str = paused_holder::NAME;
    type Params = paused_holder::Params;
    type Outcome = paused_holder::Outcome;
    type Summary = paused_holder::Summary;
    type Cache = ();

    fn specs() -> &'static [Spec] {
        paused_holder::SPECS
    }
    fn primary() -> &'static [&'static str] {
        paused_holder::PRIMARY
    }
    fn aliases() -> &'static [params::Alias] {
        paused_holder::ALIASES
    }
    fn plays() -> bool {
        true
    }
    fn params(values: &[f64]) -> Self::Params {
        paused_holder::Params::from_values(values)
    }
    fn run(params: &Self::Params, _cache: &mut ()) -> Self::Outcome {
        paused_holder::run(params)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The Redis failover as a [`Scenario`].
pub struct RedisFailover;

impl Scenario for RedisFailover {
    const NAME: &'static str = redis_failover::NAME;
    type Params = redis_failover::Params;
    type Outcome = redis_failover::Outcome;
    type Summary = redis_failover::Summary;
    type Cache = redis_failover::Cache;

    fn specs() -> &'static [Spec] {
        redis_failover::SPECS
    }
    fn primary() -> &'static [&'static str] {
        redis_failover::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        redis_failover::Params::from_values(values)
    }
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome {
        redis_failover::run_cached(params, cache)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The lease renewal (renewal, fencing, idempotency on the same runs) as a [`Scenario`].
pub struct LeaseRenewal;

impl Scenario for LeaseRenewal {
    const NAME: &'static str = lease_renewal::NAME;
    type Params = lease_renewal::Params;
    type Outcome = lease_renewal::Outcome;
    type Summary = lease_renewal::Summary;
    type Cache = lease_renewal::Cache;

    fn specs() -> &'static [Spec] {
        lease_renewal::SPECS
    }
    fn primary() -> &'static [&'static str] {
        lease_renewal::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        lease_renewal::Params::from_values(values)
    }
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome {
        lease_renewal::run_cached(params, cache)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The lease-sizing worksheet as a [`Scenario`].
pub struct LeaseSizing;

impl Scenario for LeaseSizing {
    const NAME: &'static str = lease_sizing::NAME;
    type Params = lease_sizing::Params;
    type Outcome = lease_sizing::Outcome;
    type Summary = lease_sizing::Summary;
    type Cache = ();

    fn specs() -> &'static [Spec] {
        lease_sizing::SPECS
    }
    fn primary() -> &'static [&'static str] {
        lease_sizing::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        lease_sizing::Params::from_values(values)
    }
    fn run(params: &Self::Params, _cache: &mut ()) -> Self::Outcome {
        lease_sizing::run(params)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// Redlock's quorum, played step by step, as a [`Scenario`].
pub struct Redlock;

impl Scenario for Redlock {
    const NAME: &'static str = redlock::NAME;
    type Params = redlock::Params;
    type Outcome = redlock::Outcome;
    type Summary = redlock::Summary;
    type Cache = ();

    fn specs() -> &'static [Spec] {
        redlock::SPECS
    }
    fn primary() -> &'static [&'static str] {
        redlock::PRIMARY
    }
    fn plays() -> bool {
        true
    }
    fn params(values: &[f64]) -> Self::Params {
        redlock::Params::from_values(values)
    }
    fn run(params: &Self::Params, _cache: &mut ()) -> Self::Outcome {
        redlock::run(params)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The sweeper incident, replayed with the fixes as toggles, as a [`Scenario`].
pub struct SweeperIncident;

impl Scenario for SweeperIncident {
    const NAME: &'static str = sweeper_incident::NAME;
    type Params = sweeper_incident::Params;
    type Outcome = sweeper_incident::Outcome;
    type Summary = sweeper_incident::Summary;
    type Cache = ();

    fn specs() -> &'static [Spec] {
        sweeper_incident::SPECS
    }
    fn primary() -> &'static [&'static str] {
        sweeper_incident::PRIMARY
    }
    fn plays() -> bool {
        true
    }
    fn params(values: &[f64]) -> Self::Params {
        sweeper_incident::Params::from_values(values)
    }
    fn run(params: &Self::Params, _cache: &mut ()) -> Self::Outcome {
        sweeper_incident::run(params)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// The fencing sandbox (the learner schedules the steps; every interleaving counted) as a
/// [`Scenario`].
pub struct FencingSandbox;

impl Scenario for FencingSandbox {
    const NAME: &'static str = fencing_sandbox::NAME;
    type Params = fencing_sandbox::Params;
    type Outcome = fencing_sandbox::Outcome;
    type Summary = fencing_sandbox::Summary;
    type Cache = fencing_sandbox::Cache;

    fn specs() -> &'static [Spec] {
        fencing_sandbox::SPECS
    }
    fn primary() -> &'static [&'static str] {
        fencing_sandbox::PRIMARY
    }
    fn plays() -> bool {
        true
    }
    fn validate(raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
        // `steps` is the sandbox's story, unless it sets parameters (then it is preset steps).
        let (story, others): (Vec<_>, Vec<_>) = raw.iter().cloned().partition(|(k, v)| k.trim().eq_ignore_ascii_case("steps") && !presets::is_presets(v));
        let (attrs, mut rest, mut notices) = params::take_attrs(Self::attrs(), &others);
        rest.extend(story);
        let (values, mut found) = fencing_sandbox::validate(&rest);
        notices.append(&mut found);
        notices.append(&mut presets::check(Self::specs(), Self::aliases(), &attrs));
        (values, notices)
    }
    fn extra_pairs(values: &[f64]) -> Vec<(String, String)> {
        fencing_sandbox::steps_pair(values)
    }
    fn extra_names() -> &'static [&'static str] {
        &["steps"]
    }
    fn params(values: &[f64]) -> Self::Params {
        fencing_sandbox::Params::from_values(values)
    }
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome {
        fencing_sandbox::run_cached(params, cache)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// Optimistic vs pessimistic updates of one hot record as a [`Scenario`].
pub struct OptimisticPessimistic;

impl Scenario for OptimisticPessimistic {
    const NAME: &'static str = optimistic_pessimistic::NAME;
    type Params = optimistic_pessimistic::Params;
    type Outcome = optimistic_pessimistic::Outcome;
    type Summary = optimistic_pessimistic::Summary;
    type Cache = optimistic_pessimistic::Cache;

    fn specs() -> &'static [Spec] {
        optimistic_pessimistic::SPECS
    }
    fn primary() -> &'static [&'static str] {
        optimistic_pessimistic::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        optimistic_pessimistic::Params::from_values(values)
    }
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome {
        optimistic_pessimistic::run_cached(params, cache)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}

/// Lock granularity (global, per shard, per key) with the two-lock deadlock as a [`Scenario`].
pub struct LockGranularity;

impl Scenario for LockGranularity {
    const NAME: &'static str = lock_granularity::NAME;
    type Params = lock_granularity::Params;
    type Outcome = lock_granularity::Outcome;
    type Summary = lock_granularity::Summary;
    type Cache = lock_granularity::Cache;

    fn specs() -> &'static [Spec] {
        lock_granularity::SPECS
    }
    fn primary() -> &'static [&'static str] {
        lock_granularity::PRIMARY
    }
    fn params(values: &[f64]) -> Self::Params {
        lock_granularity::Params::from_values(values)
    }
    fn run(params: &Self::Params, cache: &mut Self::Cache) -> Self::Outcome {
        lock_granularity::run_cached(params, cache)
    }
    fn summary(outcome: &Self::Outcome) -> Self::Summary {
        outcome.summary.clone()
    }
    fn narrative(params: &Self::Params, outcome: &Self::Outcome) -> String {
        outcome.narrative(params)
    }
}
