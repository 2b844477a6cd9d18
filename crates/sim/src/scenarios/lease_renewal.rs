//! # Lease renewal: the job that outlives its lock, and what each defence really does
//!
//! `runs` jobs each take a lock with a `ttl-s` lease and run for work + stall, drawn from the
//! shared [`crate::hold`] model (the same common random numbers as the TTL trade-off, so switching
//! the defence re-uses the same runs). The stall, when there is one, falls at a uniformly drawn
//! point of the run's work. A job that loses its lock while still running may be repeated by a
//! second worker (with `takeover-chance`): the second worker starts the moment the lock moves to
//! it, reads the invoice row at once, runs its own job (a fresh log-normal work time, no stall)
//! and then writes its invoice. The first worker, unaware, finishes and writes its own invoice
//! late. Each run therefore has two side effects that can happen twice: an invoice row in the
//! database and an email sent through a provider.
//!
//! Defences (`defence`):
//! - `none`: a fixed lease. A run is lost when work + stall > TTL; the lock moves at the TTL.
//! - `renewal`: a renewer inside the worker extends the lease every `renew-every-s` from the
//!   start while the worker runs. Slow work never loses the lock; a stall freezes the renewer with
//!   the worker, so a run is lost only when a stall outlasts what is left of the lease when it
//!   starts, TTL − φ, with φ the time since the last renewal (the stall's start modulo the
//!   interval: a run shorter than the interval has not been renewed yet). The lock moves when
//!   that lease runs out. A renewal interval of a whole TTL or more never renews in time: then as
//!   `none`. (This model leaves out what else loses a renewed lease: a partition between worker
//!   and lock service, a lost renewal reply, a failover that drops the extended expiry; and what
//!   renewal costs: a worker that hangs while its renewer still runs keeps the lock for ever.)
//! - `fencing` (write-only): the invoice write carries the lock's token and the database refuses
//!   a token lower than the highest it has seen. The second worker holds the newer token, so only
//!   the first worker's late invoice can be refused, and only if the second worker's invoice
//!   reached the database first. A late invoice that lands before it carries the highest token
//!   seen so far and is accepted, and so is the repeat's: two invoices. The email provider checks
//!   no token: the email goes out twice either way.
//! - `fence-all`: every access carries the token; the second worker's first access (its read of
//!   the invoice row, when it starts) registers the newer token, so every late invoice is refused.
//! - `idempotent`: each side effect carries an idempotency key: the database and the email
//!   provider recognise the repeat and do nothing (this assumes the provider honours the key;
//!   one that does not would send again). The work is still wasted.
//! - `renewal+fencing`: renewal's rarer losses, write-only fencing's refusals.
//!
//! Exact companions: without renewal, the hold model's outlive probability; with renewal,
//! p · E_W[(1/W) ∫₀^W G(T − (s mod r)) ds] (the stall's start s uniform over the work W, G the
//! stall's survival), integrated over the log-normal work by adaptive quadrature with the inner
//! integral in closed form. [`uniform_phase_lock_lost`] is the simpler closed form that takes the
//! phase as uniform over the whole interval, p·e^{−T/m}·(m/r)(e^{r/m} − 1) for an exponential
//! stall; it is an upper bound (a run shorter than the interval cannot have a phase longer than
//! itself), close to the exact value once runs are much longer than the interval.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal, StandardUniform};
use serde::{Deserialize, Serialize};

use crate::hold::{TimeUnit, Draws, HoldModel, Shape, StallShape};
use crate::params::{Choice, Kind, Spec};


pub const NAME: &str = "lease-renewal";

pub const SPECS: &[Spec] = &[
    Spec { name: "ttl-s", label: "Lock TTL", unit: "s", kind: Kind::Float { min: 1.0, max: 120.0, default: 30.0, log: true, step: 0.0 } },
    Spec {
        name: "defence",
        label: "Defence",
        unit: "",
        kind: Kind::Choice {
            options: &[
                Choice { value: "none", label: "None (fixed lease)" },
                Choice { value: "renewal", label: "Renewal" },
                Choice { value: "fencing", label: "Fencing token on the invoice write" },
                Choice { value: "fence-all", label: "Fencing token on every access" },
                Choice { value: "idempotent", label: "Idempotency keys" },
                Choice { value: "renewal+fencing", label: "Renewal and write fencing" },
            ],
            default: 0,
        },
    },
    Spec { name: "work-s", label: "Typical run (median)", unit: "s", kind: Kind::Float { min: 0.1, max: 60.0, default: 5.1, log: true, step: 0.0 } },
    Spec { name: "spread", label: "Spread of run length (σ of its log)", unit: "", kind: Kind::Float { min: 0.0, max: 1.5, default: 0.6, log: false, step: 0.05 } },
    crate::hold::stall_chance("Chance a run stalls", 0.02, 0.002, 0.0005),
    crate::hold::stall_mean(TimeUnit::S, "Mean stall", 0.1, 120.0, 20.0),
    crate::hold::STALL_SHAPE,
    crate::hold::STALL_ALPHA,
    Spec { name: "renew-every-s", label: "Renew every", unit: "s", kind: Kind::Float { min: 0.5, max: 60.0, default: 10.0, log: true, step: 0.0 } },
    Spec { name: "takeover-chance", label: "Chance a second worker takes over", unit: "%", kind: Kind::Float { min: 0.0, max: 1.0, default: 1.0, log: false, step: 0.05 } },
    Spec { name: "runs", label: "Runs simulated", unit: "", kind: Kind::Int { min: 1000, max: 200_000, default: 50_000, log: true } },
    crate::params::seed(1),
];

/// The parameters shown first (the lesson: keep the TTL, raise the spread, compare defences).
pub const PRIMARY: &[&str] = &["ttl-s", "defence", "spread"];

/// What protects the job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Defence {
    None,
    Renewal,
    /// Write-only fencing: the invoice write carries the token.
    Fencing,
    /// Every access carries the token: the second worker's read registers it.
    FenceAll,
    Idempotent,
    #[serde(rename = "renewal+fencing")]
    RenewalFencing,
}

impl Defence {
    pub const ALL: [Defence; 6] = [Defence::None, Defence::Renewal, Defence::Fencing, Defence::FenceAll, Defence::Idempotent, Defence::RenewalFencing];

    pub fn renews(self) -> bool {
        matches!(self, Defence::Renewal | Defence::RenewalFencing)
    }

    /// The database checks a token (on the write, or on every access).
    pub fn fences(self) -> bool {
        matches!(self, Defence::Fencing | Defence::FenceAll | Defence::RenewalFencing)
    }

    pub fn label(self) -> &'static str {
        match self {
            Defence::None => "no defence",
            Defence::Renewal => "renewal",
            Defence::Fencing => "write-only fencing",
            Defence::FenceAll => "fencing every access",
            Defence::Idempotent => "idempotency keys",
            Defence::RenewalFencing => "renewal and write-only fencing",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub ttl_s: f64,
    pub defence: Defence,
    pub work_s: f64,
    pub spread: f64,
    pub stall_chance: f64,
    pub stall_mean_s: f64,
    pub stall_shape: Shape,
    pub stall_alpha: f64,
    pub renew_every_s: f64,
    pub takeover_chance: f64,
    pub runs: u32,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            ttl_s: v[0],
            defence: Defence::ALL.get(v[1] as usize).copied().unwrap_or(Defence::None),
            work_s: v[2],
            spread: v[3],
            stall_chance: v[4],
            stall_mean_s: v[5],
            stall_shape: Shape::from_value(v[6]),
            stall_alpha: v[7],
            renew_every_s: v[8],
            takeover_chance: v[9],
            runs: v[10] as u32,
            seed: v[11] as u64,
        }
    }

    pub fn model(&self) -> HoldModel {
        HoldModel {
            work: self.work_s,
            spread: self.spread,
            stall_chance: self.stall_chance,
            stall_mean: self.stall_mean_s,
            stall_shape: self.stall_shape.with_alpha(self.stall_alpha),
        }
    }

    /// Whether renewal (if the defence uses it) can work at all: a renewal must come before the
    /// lease runs out.
    pub fn renewal_in_time(&self) -> bool {
        self.renew_every_s < self.ttl_s
    }

    /// Whether this defence renews, and renewal can work.
    pub fn renewing(&self, defence: Defence) -> bool {
        defence.renews() && self.renewal_in_time()
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// ∫₀ᵃ G(T − φ) dφ for a stall of mean `m` and shape `shape` (0 ≤ a ≤ T): the time-weighted
/// chance, over `a` seconds of phase, that a stall outlasts what is left of a `t`-second lease.
fn survival_integral(shape: StallShape, m: f64, t: f64, a: f64) -> f64 {
    match shape {
        StallShape::Exponential => m * (libm::exp((a - t) / m) - libm::exp(-t / m)),
        StallShape::Pareto { alpha } => {
            let l = m * (alpha - 1.0);
            l / (alpha - 1.0) * (libm::pow(1.0 + (t - a) / l, 1.0 - alpha) - libm::pow(1.0 + t / l, 1.0 - alpha))
        }
    }
}

/// With renewal every `r` on a `t` lease, the chance that a stall starting at a uniform point of
/// a run of `w` seconds of work outlasts what is left of the lease: (1/w) ∫₀ʷ G(t − (s mod r)) ds.
pub fn renewal_loss_given_work(shape: StallShape, m: f64, t: f64, r: f64, w: f64) -> f64 {
    if w <= 0.0 {
        return shape.survival(m, t);
    }
    let cycles = libm::floor(w / r);
    let rest = w - cycles * r;
    (cycles * survival_integral(shape, m, t, r) + survival_integral(shape, m, t, rest)) / w
}

/// The uniform-phase closed form: p · (1/r) ∫₀ʳ G(T − φ) dφ, which is p·e^{−T/m}·(m/r)(e^{r/m} − 1)
/// for an exponential stall. An upper bound on [`exact_lock_lost`] with renewal.
pub fn uniform_phase_lock_lost(p: &Params) -> f64 {
    let (t, r) = (p.ttl_s, p.renew_every_s);
    p.stall_chance.clamp(0.0, 1.0) * survival_integral(p.model().stall_shape, p.stall_mean_s, t, r) / r
}

/// The exact probability that one run loses its lock, renewing (`renews`) or not.
pub fn exact_lock_lost(p: &Params, renews: bool) -> f64 {
    let model = p.model();
    if !renews || !p.renewal_in_time() {
        return model.outlives(p.ttl_s);
    }
    let (t, r, m, shape) = (p.ttl_s, p.renew_every_s, p.stall_mean_s, model.stall_shape);
    let chance = p.stall_chance.clamp(0.0, 1.0);
    let h = |w: f64| renewal_loss_given_work(shape, m, t, r, w);
    if p.spread <= 0.0 {
        return chance * h(p.work_s);
    }
    // E over the log-normal work, in its own coordinate w = work·e^{σz}; breakpoints at the
    // normal's bulk and at the kinks w = k·r where a run completes a k-th renewal cycle.
    let sigma = p.spread;
    let (lo, hi) = (-12.0f64, 12.0f64);
    let mut points: Vec<f64> = vec![lo, -8.0, -5.0, -3.0, -1.5, 0.0, 1.5, 3.0, 5.0, 8.0, hi];
    let z_of = |w: f64| libm::log(w / p.work_s) / sigma;
    let first = libm::ceil(p.work_s * libm::exp(sigma * -5.0) / r).max(1.0);
    let last = libm::floor(p.work_s * libm::exp(sigma * 5.0) / r);
    if last - first < 200.0 {
        let mut k = first;
        while k <= last {
            points.push(z_of(k * r));
            k += 1.0;
        }
    }
    points.retain(|z| z.is_finite() && (lo..=hi).contains(z));
    points.sort_by(f64::total_cmp);
    points.dedup();
    let f = |z: f64| crate::hold::normal_pdf(z) * h(p.work_s * libm::exp(sigma * z));
    chance * crate::quad::integrate(f, &points, 1e-10, 4000).min(1.0)
}

/// What `locklab:change` carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub runs: u32,
    pub defence: Defence,
    /// Runs that lost their lock while still running.
    pub lock_lost: u64,
    /// The exact probability that a run loses its lock under this defence.
    pub exact_lock_lost: f64,
    /// Runs whose invoice was written twice (no defence on the invoice, or a write-only fence
    /// that the first worker's late invoice reached before the second worker's).
    pub harmful_duplicates: u64,
    /// Emails sent twice (no token reaches the email provider).
    pub duplicate_emails: u64,
    /// Late invoices the database refused by their older token.
    pub rejected_writes: u64,
    /// Repeats recognised by their idempotency key, with no effect.
    pub harmless_repeats: u64,
    /// Repeated runs whose first worker's late invoice landed before the second worker's invoice
    /// write (whatever the defence: this is the timing that write-only fencing cannot refuse).
    pub late_write_first: u64,
    /// Seconds of work done again by second workers.
    pub wasted_seconds: f64,
}

/// One bar of the run-length histogram: runs that kept and lost their lock.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    pub lo: f64,
    pub hi: f64,
    pub kept: u32,
    pub lost: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    /// The same runs without any defence (the faint bars beside the chosen defence's).
    pub baseline: Summary,
    pub histogram: Vec<Bin>,
}

/// Histogram range (seconds, log-spaced) and bin count.
pub const HIST_RANGE: (f64, f64) = (0.1, 1000.0);
pub const HIST_BINS: usize = 40;

/// This widget's own draws for one run (stream 1 of the seed), beside the hold model's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extra {
    /// Where in the run's work the stall starts, as a share of the work (uniform).
    pub stall_at: f64,
    /// Uniform: a second worker takes over when this is below `takeover-chance`.
    pub takeover: f64,
    /// Standard normal behind the second worker's own work time.
    pub z: f64,
}

/// The draws a widget keeps while the seed and the number of runs stay the same.
#[derive(Default)]
pub struct Cache {
    draws: Option<Draws>,
    extra: Vec<Extra>,
}

fn extra_draws(seed: u64, n: usize) -> Vec<Extra> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    (0..n)
        .map(|_| Extra { stall_at: StandardUniform.sample(&mut rng), takeover: StandardUniform.sample(&mut rng), z: StandardNormal.sample(&mut rng) })
        .collect()
}

/// One run's timings, in seconds from the first worker's start: everything that decides its
/// ending. The lab replays exactly these.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    pub work_s: f64,
    /// 0 when the run did not stall.
    pub stall_s: f64,
    /// When the stall starts (a point of the work).
    pub stall_at_s: f64,
    /// The second worker's own work, if one takes over.
    pub second_work_s: Option<f64>,
}

/// How one run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// The run kept its lock to the end: one invoice.
    Kept,
    /// Lost, but nobody took over: one invoice, from the late holder.
    LostNoTakeover,
    /// Lost and repeated: two invoices.
    TwoInvoices,
    /// Lost and repeated; the late invoice was refused by its older token: one invoice.
    LateRefused,
    /// Lost and repeated; idempotency keys made the repeat do nothing: one invoice.
    RepeatIgnored,
}

/// When the lock moves away from a run's first worker (None: it keeps it to the end).
pub fn lock_moves_at(p: &Params, renews: bool, t: &Timings) -> Option<f64> {
    if renews && p.renewal_in_time() {
        if t.stall_s <= 0.0 {
            return None;
        }
        let phase = libm::fmod(t.stall_at_s, p.renew_every_s);
        let extends_by = if crate::mutation::on("renewal-extends-by-interval") { p.renew_every_s } else { p.ttl_s };
        let left = extends_by - phase;
        (t.stall_s > left).then_some(t.stall_at_s + left)
    } else {
        (t.work_s + t.stall_s > p.ttl_s).then_some(p.ttl_s)
    }
}

/// How a run with these timings ends under `defence`, and whether its late invoice landed before
/// the second worker's (None when there is no second worker).
pub fn ending(p: &Params, defence: Defence, t: &Timings) -> (Ending, Option<bool>) {
    let Some(moved) = lock_moves_at(p, p.renewing(defence), t) else { return (Ending::Kept, None) };
    let Some(second) = t.second_work_s else { return (Ending::LostNoTakeover, None) };
    // The first worker's late invoice lands when its run ends; the second worker reads the row
    // when it starts (at `moved`) and writes its invoice when its own work is done.
    let late_first = t.work_s + t.stall_s < moved + second;
    let e = match defence {
        Defence::None | Defence::Renewal => Ending::TwoInvoices,
        Defence::Fencing | Defence::RenewalFencing if late_first => Ending::TwoInvoices,
        Defence::Fencing | Defence::RenewalFencing | Defence::FenceAll => Ending::LateRefused,
        Defence::Idempotent => Ending::RepeatIgnored,
    };
    (e, Some(late_first))
}

/// The timings of the seed's first `n` runs (the very runs the widget tallies), for the lab.
pub fn seeded_timings(p: &Params, n: usize) -> Vec<Timings> {
    let n = n.min(p.runs as usize);
    let (model, draws, extra) = (p.model(), Draws::new(p.seed, n), extra_draws(p.seed, n));
    (0..n).map(|i| timings(p, &model, &draws, &extra[i], i)).collect()
}

/// Run `i`'s timings under these parameters.
fn timings(p: &Params, model: &HoldModel, draws: &Draws, x: &Extra, i: usize) -> Timings {
    let (work, stall) = draws.hold(i, model);
    Timings {
        work_s: work,
        stall_s: stall,
        stall_at_s: x.stall_at * work,
        second_work_s: (x.takeover < p.takeover_chance).then(|| p.work_s * libm::exp(p.spread * x.z)),
    }
}

fn tally(p: &Params, defence: Defence, draws: &Draws, extra: &[Extra], mut bin: impl FnMut(f64, bool)) -> Summary {
    let model = p.model();
    let mut s = Summary {
        runs: p.runs,
        defence,
        lock_lost: 0,
        exact_lock_lost: exact_lock_lost(p, defence.renews()),
        harmful_duplicates: 0,
        duplicate_emails: 0,
        rejected_writes: 0,
        harmless_repeats: 0,
        late_write_first: 0,
        wasted_seconds: 0.0,
    };
    for (i, x) in extra.iter().enumerate().take(draws.len()) {
        let t = timings(p, &model, draws, x, i);
        let (end, late_first) = ending(p, defence, &t);
        bin(t.work_s + t.stall_s, end != Ending::Kept);
        if end == Ending::Kept {
            continue;
        }
        s.lock_lost += 1;
        let Some(second) = t.second_work_s else { continue };
        s.wasted_seconds += second;
        s.late_write_first += u64::from(late_first == Some(true));
        match end {
            Ending::TwoInvoices => {
                s.harmful_duplicates += 1;
                s.duplicate_emails += 1;
            }
            Ending::LateRefused => {
                s.rejected_writes += 1;
                s.duplicate_emails += 1;
            }
            Ending::RepeatIgnored => s.harmless_repeats += 1,
            Ending::Kept | Ending::LostNoTakeover => {}
        }
    }
    s
}

/// Run `i`'s timings and ending (for the lab, which replays chosen runs on real servers).
pub fn case(p: &Params, i: usize) -> Option<(Timings, Ending)> {
    let n = p.runs as usize;
    if i >= n {
        return None;
    }
    let draws = Draws::new(p.seed, n);
    let extra = extra_draws(p.seed, n);
    let t = timings(p, &p.model(), &draws, &extra[i], i);
    Some((t, ending(p, p.defence, &t).0))
}

pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let n = p.runs as usize;
    if cache.draws.as_ref().is_none_or(|d| d.seed != p.seed || d.len() != n) {
        cache.draws = None;
    }
    if cache.draws.is_none() {
        cache.extra = extra_draws(p.seed, n);
    }
    let draws = cache.draws.get_or_insert_with(|| Draws::new(p.seed, n));
    let edges: Vec<f64> = {
        let step = libm::log(HIST_RANGE.1 / HIST_RANGE.0) / HIST_BINS as f64;
        (0..=HIST_BINS).map(|i| HIST_RANGE.0 * libm::exp(step * i as f64)).collect()
    };
    let mut histogram: Vec<Bin> = edges.windows(2).map(|e| Bin { lo: e[0], hi: e[1], kept: 0, lost: 0 }).collect();
    let summary = tally(p, p.defence, draws, &cache.extra, |d, lost| {
        let k = edges.partition_point(|&e| e <= d).clamp(1, HIST_BINS) - 1;
        if lost {
            histogram[k].lost += 1;
        } else {
            histogram[k].kept += 1;
        }
    });
    let baseline = if p.defence == Defence::None { summary.clone() } else { tally(p, Defence::None, draws, &cache.extra, |_, _| {}) };
    Outcome { summary, baseline, histogram }
}

pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/lease-renewal.ftl"));

impl Outcome {
    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: its sentences, each one message.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        let s = &self.summary;
        let mut said = vec![tr.msg(
            "renewal-lost",
            &[
                ("ttl", p.ttl_s.into()),
                ("lost", (s.lock_lost as f64).into()),
                ("runs", s.runs.into()),
                ("share", (s.lock_lost as f64 / f64::from(s.runs.max(1))).into()),
                ("exact", s.exact_lock_lost.into()),
            ],
        )];
        if p.defence.renews() && !p.renewal_in_time() {
            said.push(tr.msg("renewal-too-late", &[("every", p.renew_every_s.into()), ("ttl", p.ttl_s.into())]));
        } else if p.defence.renews() {
            said.push(tr.msg("renewal-keeps", &[]));
        }
        let repeats = s.harmful_duplicates + s.rejected_writes + s.harmless_repeats;
        let args = [
            ("repeats", (repeats as f64).into()),
            ("invoices", (s.harmful_duplicates as f64).into()),
            ("emails", (s.duplicate_emails as f64).into()),
            ("refused", (s.rejected_writes as f64).into()),
            ("harmless", (s.harmless_repeats as f64).into()),
        ];
        let key = match p.defence {
            Defence::None | Defence::Renewal => "renewal-unprotected",
            Defence::Fencing | Defence::RenewalFencing => "renewal-write-fenced",
            Defence::FenceAll => "renewal-all-fenced",
            Defence::Idempotent => "renewal-idempotent",
        };
        said.push(tr.msg(key, &args));
        said.push(tr.msg("renewal-wasted", &[("wasted", s.wasted_seconds.into())]));
        said.join(" ")
    }
}


crate::scenario! {
    /// The lease renewal (renewal, fencing, idempotency on the same runs) as a [`Scenario`].
    LeaseRenewal, cache: Cache, run: run_cached, {
        fn messages() -> &'static str {
            MESSAGES
        }
        fn narrative_in(params: &Params, outcome: &Outcome, tr: &crate::messages::Tr) -> String {
            outcome.narrative_in(params, tr)
        }
    }
}


/// The reference's words for each parameter and result field: the documentation's tables
/// (`mdbook-locklab`'s `{{#locklab-reference …}}`) are made from them and the specs. No widget
/// reads them, so no bundle carries them.
pub const DOCS: crate::params::Docs = crate::params::Docs {
    params: &[
        ("ttl-s", "the lease"),
        ("defence", "what protects the job"),
        ("work-s", "median run length"),
        ("spread", "σ of the run length's logarithm"),
        ("stall-chance", "chance that a run stalls"),
        ("stall-mean-s", "mean stall"),
        ("stall-shape", "light or heavy tail of the stall lengths (same mean)"),
        ("stall-alpha", "Pareto tail index of the stalls (used only with `pareto`; at the same mean, smaller: most stalls shorter, the rarest longer)"),
        ("renew-every-s", "renewal interval (a third of the default lease)"),
        ("takeover-chance", "chance that a second worker repeats a run that lost its lock"),
        ("runs", "runs simulated"),
        ("seed", "seed of the random draws"),
    ],
    results: &[
        ("runs, defence", "as set"),
        ("lockLost", "runs that lost their lock while running"),
        ("exactLockLost", "the exact probability of that, under this defence"),
        ("harmfulDuplicates", "runs whose invoice was written twice (no check, or a write-only fence the late invoice reached first)"),
        ("duplicateEmails", "emails sent twice"),
        ("rejectedWrites", "the first worker's late invoices the database refused by their older token"),
        ("harmlessRepeats", "repeats recognised by their idempotency key"),
        ("lateWriteFirst", "repeated runs whose late invoice landed before the second worker's invoice write (the timing write-only fencing cannot refuse)"),
        ("wastedSeconds", "seconds of work done again by second workers"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hold::within_binomial;

    /// E[f(W)] for log-normal work (median `work`, σ `spread`) by a plain midpoint rule over the
    /// normal coordinate: a different method from the module's adaptive quadrature.
    fn lognormal_mean(work: f64, spread: f64, f: impl Fn(f64) -> f64) -> f64 {
        if spread <= 0.0 {
            return f(work);
        }
        let n = 40_000;
        let (lo, hi) = (-9.0, 9.0);
        let h = (hi - lo) / f64::from(n);
        (0..n)
            .map(|k| {
                let z = lo + (f64::from(k) + 0.5) * h;
                libm::exp(-0.5 * z * z) / libm::sqrt(2.0 * core::f64::consts::PI) * f(work * libm::exp(spread * z)) * h
            })
            .sum()
    }

    #[test]
    fn the_lessons_headline_at_the_defaults() {
        // "With only a 30-second TTL, 0.22 % of runs outlive the lock": a 5.1 s median with
        // σ = 0.6 (the seed gives neither) and stalls of 2 in 1,000 averaging 20 s.
        let p = Params::default();
        let exact = p.model().outlives(30.0);
        assert!((0.00215..0.00225).contains(&exact), "{exact}");
        let o = run(&p);
        assert_eq!(o.summary.exact_lock_lost, exact);
        assert!(within_binomial(o.summary.lock_lost as usize, 50_000, exact), "{:?}", o.summary);
        // Someone is always waiting: every lost run is a double invoice and a double email.
        assert_eq!(o.summary.harmful_duplicates, o.summary.lock_lost);
        assert_eq!(o.summary.duplicate_emails, o.summary.lock_lost);
    }

    #[test]
    fn renewal_matches_its_exact_form_for_both_shapes() {
        // The stall starts at a uniform point of the work, so its phase in the renewal cycle is
        // that point modulo the interval. Monte Carlo within 4σ of the exact value, and the exact
        // value against a direct sum over the stall's start (midpoints in s, then in the work).
        let mut seed = 40;
        for shape in [Shape::Exponential, Shape::Pareto] {
            for (ttl, renew, chance, mean, work) in [(30.0, 10.0, 0.002, 20.0, 5.1), (10.0, 3.0, 0.02, 5.0, 5.1), (5.0, 4.0, 0.02, 2.0, 5.1), (60.0, 1.0, 0.01, 30.0, 5.1), (20.0, 2.0, 0.02, 8.0, 30.0)] {
                seed += 1;
                let p = Params {
                    ttl_s: ttl,
                    renew_every_s: renew,
                    stall_chance: chance,
                    stall_mean_s: mean,
                    stall_shape: shape,
                    work_s: work,
                    defence: Defence::Renewal,
                    runs: 200_000,
                    seed,
                    ..Params::default()
                };
                let o = run(&p);
                assert!(within_binomial(o.summary.lock_lost as usize, 200_000, o.summary.exact_lock_lost), "{p:?}: {:?}", o.summary);
                let g = p.model().stall_shape;
                let direct = chance
                    * lognormal_mean(p.work_s, p.spread, |w| {
                        let n = 400;
                        (0..n).map(|k| g.survival(mean, ttl - libm::fmod((f64::from(k) + 0.5) / f64::from(n) * w, renew))).sum::<f64>() / f64::from(n)
                    });
                assert!((o.summary.exact_lock_lost / direct - 1.0).abs() < 2e-3, "{shape:?} {ttl} {renew}: {} vs {direct}", o.summary.exact_lock_lost);
                // The uniform-phase closed form is an upper bound, and the old formula.
                let uniform = uniform_phase_lock_lost(&p);
                assert!(uniform >= o.summary.exact_lock_lost * (1.0 - 1e-9), "{shape:?} {ttl} {renew}");
                let direct_uniform: f64 = (0..100_000).map(|k| g.survival(mean, ttl - (f64::from(k) + 0.5) / 100_000.0 * renew)).sum::<f64>() / 100_000.0;
                assert!((uniform / (chance * direct_uniform) - 1.0).abs() < 1e-6);
            }
        }
        // The second expert read's figures at the defaults: 0.0579 % with a uniform phase, about
        // 0.052 % once a run shorter than the interval cannot have a longer phase.
        let d = Params { defence: Defence::Renewal, ..Params::default() };
        assert!((uniform_phase_lock_lost(&d) - 0.000579).abs() < 0.000001, "{}", uniform_phase_lock_lost(&d));
        let exact = exact_lock_lost(&d, true);
        assert!((0.00050..0.00054).contains(&exact), "{exact}");
    }

    /// P(the run is lost, a second worker takes over, and the late invoice lands before the second
    /// worker's invoice write), computed without the simulation: without renewal it is
    /// E_{W₂}[P(T < W + S < T + W₂)] from the hold model's exact tail; with renewal (runs much
    /// shorter than the interval, so the phase is the stall's start) a nested integral over the
    /// work, the stall's start and the second worker's work.
    fn p_late_first(p: &Params, renews: bool) -> f64 {
        let model = p.model();
        let t = p.ttl_s;
        if !renews {
            return lognormal_mean(p.work_s, p.spread, |w2| model.outlives(t) - model.outlives(t + w2));
        }
        let (g, m) = (model.stall_shape, p.stall_mean_s);
        assert!(p.work_s * libm::exp(9.0 * p.spread) < p.renew_every_s, "the runs must be shorter than the interval");
        p.stall_chance
            * lognormal_mean_coarse(p.work_s, p.spread, |w| {
                // The stall starts at s = u·w, phase s: lost when S > t − s; the lock moves at
                // s + (t − s) = t; the late invoice lands at w + S; the repeat's at t + W₂.
                let n = 200;
                (0..n)
                    .map(|k| {
                        let s = (f64::from(k) + 0.5) / f64::from(n) * w;
                        let inner = |w2: f64| (g.survival(m, t - s) - g.survival(m, t + w2 - w)).max(0.0);
                        lognormal_mean_coarse(p.work_s, p.spread, inner)
                    })
                    .sum::<f64>()
                    / f64::from(n)
            })
    }

    fn lognormal_mean_coarse(work: f64, spread: f64, f: impl Fn(f64) -> f64) -> f64 {
        let n = 400;
        let (lo, hi) = (-8.0, 8.0);
        let h = (hi - lo) / f64::from(n);
        (0..n)
            .map(|k| {
                let z = lo + (f64::from(k) + 0.5) * h;
                libm::exp(-0.5 * z * z) / libm::sqrt(2.0 * core::f64::consts::PI) * f(work * libm::exp(spread * z)) * h
            })
            .sum()
    }

    #[test]
    fn write_only_fencing_refuses_a_late_invoice_only_when_the_repeat_wrote_first() {
        // Without renewal, at the defaults and at a wider spread.
        for (i, base) in [Params::default(), Params { spread: 1.0, stall_chance: 0.01, runs: 200_000, seed: 7, ..Params::default() }].into_iter().enumerate() {
            let p = Params { defence: Defence::Fencing, runs: base.runs.max(200_000), ..base };
            let s = run(&p).summary;
            let expect = p_late_first(&p, false);
            assert!(within_binomial(s.harmful_duplicates as usize, p.runs as usize, expect), "{p:?}: {s:?}, expected {}", expect * f64::from(p.runs));
            assert_eq!(s.harmful_duplicates, s.late_write_first);
            assert_eq!(s.harmful_duplicates + s.rejected_writes, s.lock_lost);
            // About half of the lost runs at the defaults (the expert read's figure).
            let share = expect / p.model().outlives(p.ttl_s);
            assert!(i > 0 || (0.4..0.65).contains(&share), "{share}");
        }
        // With renewal: runs far shorter than the interval, so the phase is the stall's start.
        let p = Params { defence: Defence::RenewalFencing, work_s: 2.0, spread: 0.25, renew_every_s: 25.0, stall_chance: 0.02, runs: 200_000, seed: 3, ..Params::default() };
        let s = run(&p).summary;
        let expect = p_late_first(&p, true);
        assert!(within_binomial(s.harmful_duplicates as usize, p.runs as usize, expect), "{s:?}, expected {}", expect * f64::from(p.runs));
        assert_eq!(s.harmful_duplicates + s.rejected_writes, s.lock_lost);
        // Fencing every access refuses every late invoice, with the same runs lost.
        let a = run(&Params { defence: Defence::FenceAll, ..Params::default() }).summary;
        let b = run(&Params { defence: Defence::Fencing, ..Params::default() }).summary;
        assert_eq!((a.lock_lost, a.rejected_writes, a.harmful_duplicates), (b.lock_lost, b.lock_lost, 0));
        assert!(b.harmful_duplicates > 0 && b.rejected_writes > 0, "{b:?}");
        assert_eq!(a.late_write_first, b.late_write_first, "the timing is the same; only the check differs");
    }

    #[test]
    fn each_defence_does_what_it_says_on_the_same_runs() {
        let base = Params { spread: 1.0, stall_chance: 0.01, runs: 20_000, ..Params::default() };
        let none = run(&base).summary;
        assert!(none.lock_lost > 0);
        for d in Defence::ALL {
            let s = run(&Params { defence: d, ..base.clone() }).summary;
            match d {
                Defence::None => assert_eq!(s, none),
                Defence::Fencing | Defence::FenceAll | Defence::Idempotent => assert_eq!(s.lock_lost, none.lock_lost, "{d:?} loses the lock as often"),
                Defence::Renewal | Defence::RenewalFencing => assert!(s.lock_lost < none.lock_lost, "{d:?}"),
            }
            // What each defence turns a repeat into.
            let repeats = s.harmful_duplicates + s.rejected_writes + s.harmless_repeats;
            assert_eq!(repeats, s.lock_lost, "{d:?}: takeover is certain by default");
            assert_eq!(s.harmful_duplicates > 0, !matches!(d, Defence::FenceAll | Defence::Idempotent), "{d:?}");
            assert_eq!(s.rejected_writes > 0, d.fences(), "{d:?}");
            assert_eq!(s.harmless_repeats > 0, d == Defence::Idempotent, "{d:?}");
            // Fencing protects the invoice, not the email; idempotency keys protect both.
            assert_eq!(s.duplicate_emails, if d == Defence::Idempotent { 0 } else { repeats }, "{d:?}");
            assert!(s.wasted_seconds > 0.0, "{d:?}: the work is repeated whatever the defence");
        }
        // Renewal never loses a run that did not stall.
        let o = run(&Params { defence: Defence::Renewal, stall_chance: 0.0, ..base.clone() });
        assert_eq!(o.summary.lock_lost, 0);
        // A renewal interval of a whole TTL never renews in time: as without a defence.
        let late_p = Params { defence: Defence::Renewal, renew_every_s: 30.0, ..base.clone() };
        let late = run(&late_p);
        assert_eq!(late.summary.lock_lost, none.lock_lost);
        assert!(late.narrative(&late_p).contains("never comes before"));
    }

    #[test]
    fn each_ending_follows_from_the_timings() {
        let p = Params::default();
        let t = |work_s, stall_s, stall_at_s, second| Timings { work_s, stall_s, stall_at_s, second_work_s: second };
        // Kept: 10 s of work on a 30 s lease.
        assert_eq!(ending(&p, Defence::Fencing, &t(10.0, 0.0, 0.0, Some(5.0))).0, Ending::Kept);
        // Lost at 30 s; the late invoice at 32 s, the repeat's at 35 s: write-only fencing lets
        // both through; fencing every access refuses the late one.
        let early = t(32.0, 0.0, 0.0, Some(5.0));
        assert_eq!(ending(&p, Defence::Fencing, &early), (Ending::TwoInvoices, Some(true)));
        assert_eq!(ending(&p, Defence::FenceAll, &early), (Ending::LateRefused, Some(true)));
        // The late invoice at 40 s, after the repeat's at 35 s: refused either way.
        let late = t(40.0, 0.0, 0.0, Some(5.0));
        assert_eq!(ending(&p, Defence::Fencing, &late), (Ending::LateRefused, Some(false)));
        assert_eq!(ending(&p, Defence::None, &late).0, Ending::TwoInvoices);
        assert_eq!(ending(&p, Defence::Idempotent, &late).0, Ending::RepeatIgnored);
        assert_eq!(ending(&p, Defence::None, &t(40.0, 0.0, 0.0, None)).0, Ending::LostNoTakeover);
        // Renewal every 10 s: a 25 s stall 12 s in (2 s after a renewal) ends inside the lease; a
        // 25 s stall 19 s in (9 s after one) outlasts the 21 s left, and the lock moves at 40 s.
        assert_eq!(ending(&p, Defence::Renewal, &t(20.0, 25.0, 12.0, Some(5.0))).0, Ending::Kept);
        assert_eq!(lock_moves_at(&p, true, &t(20.0, 25.0, 19.0, Some(5.0))), Some(40.0));
        assert_eq!(ending(&p, Defence::RenewalFencing, &t(20.0, 25.0, 19.0, Some(5.0))), (Ending::LateRefused, Some(false)));
        assert_eq!(ending(&p, Defence::RenewalFencing, &t(20.0, 25.0, 19.0, Some(6.0))), (Ending::TwoInvoices, Some(true)));
    }

    #[test]
    fn takeover_chance_scales_the_repeats() {
        let p = Params { stall_chance: 0.02, spread: 1.0, takeover_chance: 0.3, ..Params::default() };
        let s = run(&p).summary;
        assert!(within_binomial(s.harmful_duplicates as usize, s.lock_lost as usize, 0.3), "{s:?}");
        let nobody = run(&Params { takeover_chance: 0.0, ..p }).summary;
        assert_eq!(nobody.harmful_duplicates + nobody.duplicate_emails, 0);
        assert_eq!(nobody.wasted_seconds, 0.0);
    }

    #[test]
    fn narratives_name_what_each_defence_protects() {
        for d in Defence::ALL {
            let p = Params { defence: d, ..Params::default() };
            let text = run(&p).narrative(&p);
            let expected = match d {
                Defence::None | Defence::Renewal => "double invoices",
                Defence::Fencing | Defence::RenewalFencing => "write-only fencing cannot stop",
                Defence::FenceAll => "first read of the invoice row",
                Defence::Idempotent => "honours the key",
            };
            assert!(text.contains(expected), "{d:?}: {text}");
            assert!(!text.contains("refused") || d.fences(), "{d:?}");
        }
        let p = Params { defence: Defence::Renewal, ..Params::default() };
        assert!(run(&p).narrative(&p).contains("In this model"));
    }

    #[test]
    fn histogram_counts_every_run_and_the_baseline_is_the_same_runs_undefended() {
        let o = run(&Params { defence: Defence::Renewal, ..Params::default() });
        let total: u64 = o.histogram.iter().map(|b| u64::from(b.kept + b.lost)).sum();
        assert_eq!(total, 50_000);
        assert_eq!(o.histogram.iter().map(|b| u64::from(b.lost)).sum::<u64>(), o.summary.lock_lost);
        assert_eq!(o.baseline, run(&Params::default()).summary);
    }

    #[test]
    fn a_case_is_the_run_the_tally_counted() {
        let p = Params { defence: Defence::Fencing, spread: 1.0, stall_chance: 0.01, runs: 3000, ..Params::default() };
        let s = run(&p).summary;
        let cases: Vec<Ending> = (0..3000).filter_map(|i| case(&p, i).map(|c| c.1)).collect();
        assert_eq!(cases.iter().filter(|e| **e == Ending::TwoInvoices).count() as u64, s.harmful_duplicates);
        assert_eq!(cases.iter().filter(|e| **e == Ending::LateRefused).count() as u64, s.rejected_writes);
        assert!(case(&p, 3000).is_none());
    }
}
