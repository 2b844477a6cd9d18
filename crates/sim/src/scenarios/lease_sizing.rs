//! # Lease sizing: a worksheet, not a promise
//!
//! The rule of thumb: lease ≥ p99 work + p99 pause + max network delay + renewal interval +
//! safety margin. The worksheet adds the terms, sets the sum against the lease you pick, and says
//! what margin is really left: lease − (work + pause + network + renewal). The last term is what a
//! crash costs: after a holder dies, the next one waits up to the whole lease.
//!
//! What the rule does not do, and the widget says so: with renewal the work need not fit in one
//! lease (set work to 0); adding p99s usually over-sizes (for ordinary, independent parts the p99 of a sum is well below
//! the sum of the p99s, though percentiles do not add in general); and no lease bounds an unbounded pause, which is why the resource checks a fencing
//! token. To show the last point, the pause has a model (a stall of some chance, mean and shape,
//! as in the TTL trade-off), and the worksheet gives two exact probabilities:
//! - `pauseBeyondMargin`: that a pause alone is longer than the margin really left;
//! - `pauseLosesLease`: that a pause loses the lease, in the mode the terms describe. A renewal
//!   interval above 0 means a renewer extends the lease while the work runs: the work need not
//!   fit, and a pause (which freezes the renewer too) loses the lease when it outlasts
//!   lease − renewal − network (the worst phase: it starts just before a renewal was due; the
//!   holder's last message then still needs the network delay). A work term beside a renewal
//!   interval only makes the rule ask for a longer lease. A renewal interval of 0 means no
//!   renewal: the work has to fit, and a pause loses the lease when it outlasts
//!   lease − work − network.

use serde::{Deserialize, Serialize};

use crate::hold::{TimeUnit, Shape, StallShape};
use crate::params::{Kind, Spec};


pub const NAME: &str = "lease-sizing";

const fn secs(name: &'static str, label: &'static str, max: f64, default: f64, step: f64) -> Spec {
    Spec { name, label, unit: "s", kind: Kind::Float { min: 0.0, max, default, log: false, step } }
}

pub const SPECS: &[Spec] = &[
    Spec { name: "ttl-s", label: "The lease you pick", unit: "s", kind: Kind::Float { min: 1.0, max: 120.0, default: 20.0, log: false, step: 0.5 } },
    secs("work-p99-s", "p99 work (0 if renewal covers it)", 60.0, 8.0, 0.5),
    secs("pause-p99-s", "p99 process pause", 30.0, 2.0, 0.5),
    secs("network-s", "Max network delay", 10.0, 0.5, 0.1),
    secs("renew-every-s", "Renewal interval (0: no renewal)", 30.0, 3.0, 0.5),
    secs("margin-s", "Safety margin you want", 30.0, 2.0, 0.5),
    crate::hold::stall_chance("Chance a lease sees a pause", 1.0, 0.05, 0.01),
    crate::hold::stall_mean(TimeUnit::S, "Mean pause", 0.01, 60.0, 1.25),
    crate::hold::STALL_SHAPE,
    crate::hold::STALL_ALPHA,
];

/// The parameters shown first: the lease and the terms of the sum.
pub const PRIMARY: &[&str] = &["ttl-s", "work-p99-s", "pause-p99-s", "network-s", "renew-every-s", "margin-s"];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub ttl_s: f64,
    pub work_p99_s: f64,
    pub pause_p99_s: f64,
    pub network_s: f64,
    pub renew_every_s: f64,
    pub margin_s: f64,
    pub stall_chance: f64,
    pub stall_mean_s: f64,
    pub stall_shape: Shape,
    pub stall_alpha: f64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            ttl_s: v[0],
            work_p99_s: v[1],
            pause_p99_s: v[2],
            network_s: v[3],
            renew_every_s: v[4],
            margin_s: v[5],
            stall_chance: v[6],
            stall_mean_s: v[7],
            stall_shape: Shape::from_value(v[8]),
            stall_alpha: v[9],
        }
    }

    fn shape(&self) -> StallShape {
        self.stall_shape.with_alpha(self.stall_alpha)
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// The seed's two worked examples, as attribute values (the key of its button's message,
/// `[(param, value)]`).
pub const PRESETS: &[(&str, &[(&str, &str)])] = &[
    ("sizing-preset-size", &[("ttl-s", "20"), ("work-p99-s", "8"), ("pause-p99-s", "2"), ("network-s", "0.5"), ("renew-every-s", "3"), ("margin-s", "2")]),
    ("sizing-preset-check", &[("ttl-s", "10"), ("work-p99-s", "0"), ("pause-p99-s", "4"), ("network-s", "1"), ("renew-every-s", "3"), ("margin-s", "2")]),
];

/// What `locklab:change` carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// work + pause + network + renewal + margin: the smallest lease the rule accepts.
    pub sum_seconds: f64,
    pub ttl_seconds: f64,
    /// lease − (work + pause + network + renewal): the margin really left (negative: none).
    pub margin_seconds: f64,
    /// The exact probability that a pause alone is longer than the margin really left
    /// (1 when no margin is left).
    pub pause_beyond_margin: f64,
    /// The exact probability that a pause loses the lease: longer than lease − renewal − network
    /// with renewal, lease − work − network without (1 when nothing is left for a pause).
    pub pause_loses_lease: f64,
    /// The longest wait for the lock after its holder crashes: the lease.
    pub crash_wait_seconds: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    /// The terms in order, for the stacked bar: (the key of its label's message, seconds).
    pub terms: Vec<(String, f64)>,
    /// The pause model's own 99th percentile (to set against the p99 pause typed in).
    pub model_pause_p99: f64,
    /// The longest pause the lease survives in this mode: lease − renewal − network with
    /// renewal, lease − work − network without.
    pub pause_room: f64,
    /// Whether the terms describe a renewed lease (a renewal interval above 0).
    pub renewed: bool,
}

/// P(pause > x): 1 below 0, otherwise the pause's chance times its length's survival.
fn pause_longer_than(p: &Params, x: f64) -> f64 {
    if x < 0.0 { 1.0 } else { p.stall_chance.clamp(0.0, 1.0) * p.shape().survival(p.stall_mean_s, x) }
}

/// The smallest x with P(pause > x) ≤ q (0 when even no pause at all is that rare).
fn pause_quantile(p: &Params, q: f64) -> f64 {
    let chance = p.stall_chance.clamp(0.0, 1.0);
    if chance <= q {
        return 0.0;
    }
    let target = q / chance; // survival of the pause length itself
    match p.shape() {
        StallShape::Exponential => -p.stall_mean_s * libm::log(target),
        StallShape::Pareto { alpha } => p.stall_mean_s * (alpha - 1.0) * (libm::pow(target, -1.0 / alpha) - 1.0),
    }
}

pub fn run(p: &Params) -> Outcome {
    let terms = vec![
        ("sizing-term-work".to_string(), p.work_p99_s),
        ("sizing-term-pause".to_string(), p.pause_p99_s),
        ("sizing-term-network".to_string(), p.network_s),
        ("sizing-term-renewal".to_string(), p.renew_every_s),
        ("sizing-term-margin".to_string(), p.margin_s),
    ];
    let sum: f64 = terms.iter().map(|(_, s)| s).sum();
    let margin = p.ttl_s - p.work_p99_s - p.network_s - p.renew_every_s - p.pause_p99_s;
    let renewed = p.renew_every_s > 0.0;
    let pause_room = if renewed { p.ttl_s - p.renew_every_s - p.network_s } else { p.ttl_s - p.work_p99_s - p.network_s };
    let loses = if pause_room <= 0.0 { 1.0 } else { pause_longer_than(p, pause_room) };
    Outcome {
        summary: Summary {
            sum_seconds: sum,
            ttl_seconds: p.ttl_s,
            margin_seconds: margin,
            pause_beyond_margin: pause_longer_than(p, margin),
            pause_loses_lease: loses,
            crash_wait_seconds: p.ttl_s,
        },
        terms,
        model_pause_p99: pause_quantile(p, 0.01),
        pause_room,
        renewed,
    }
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/lease-sizing.ftl"));

impl Outcome {
    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: its sentences, each one message.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        let s = &self.summary;
        let mut said = vec![tr.msg("sizing-rule", &[("sum", s.sum_seconds.into()), ("ttl", p.ttl_s.into())])];
        let margin = [("margin", s.margin_seconds.into()), ("wanted", p.margin_s.into())];
        said.push(if s.margin_seconds < 0.0 {
            tr.msg("sizing-over", &[("ttl", p.ttl_s.into()), ("short", (-s.margin_seconds).into())])
        } else if s.margin_seconds < p.margin_s {
            tr.msg("sizing-under", &margin)
        } else if s.margin_seconds == p.margin_s {
            tr.msg("sizing-exact", &margin)
        } else {
            tr.msg("sizing-more", &margin)
        });
        said.push(if self.renewed {
            tr.msg("sizing-renewed", &[("every", p.renew_every_s.into()), ("room", self.pause_room.into())])
        } else {
            tr.msg("sizing-not-renewed", &[("room", self.pause_room.into())])
        });
        said.push(if self.pause_room <= 0.0 {
            tr.msg("sizing-no-room", &[])
        } else {
            tr.msg(
                "sizing-pause-odds",
                &[("p99", self.model_pause_p99.into()), ("loses", s.pause_loses_lease.into()), ("beyond", s.pause_beyond_margin.into())],
            )
        });
        said.push(tr.msg("sizing-recovery", &[("wait", s.crash_wait_seconds.into())]));
        said.join(" ")
    }
}


crate::scenario! {
    /// The lease-sizing worksheet as a [`Scenario`].
    LeaseSizing, cache: (), run: |p: &Params, _: &mut ()| run(p), {
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
        ("ttl-s", "the lease you pick"),
        ("work-p99-s", "p99 work (0 when renewal covers the work)"),
        ("pause-p99-s", "p99 process pause"),
        ("network-s", "max network delay"),
        ("renew-every-s", "renewal interval (0: no renewal; then the work has to fit in the lease)"),
        ("margin-s", "the safety margin you want"),
        ("stall-chance", "chance that a lease sees a pause (pause model)"),
        ("stall-mean-s", "mean pause (the defaults put the model's p99 at 2 s)"),
        ("stall-shape", "light or heavy tail of the pause lengths (same mean)"),
        ("stall-alpha", "Pareto tail index of the pauses (used only with `pareto`; at the same mean, smaller: most pauses shorter, the rarest longer)"),
    ],
    results: &[
        ("sumSeconds", "work + pause + network + renewal + margin"),
        ("ttlSeconds", "the lease"),
        ("marginSeconds", "lease − (work + pause + network + renewal)"),
        ("pauseBeyondMargin", "exact probability that a pause alone is longer than `marginSeconds` (1 when no margin is left)"),
        ("pauseLosesLease", "exact probability that a pause loses the lease: longer than lease − renewal − network with renewal, lease − work − network without (1 when nothing is left)"),
        ("crashWaitSeconds", "the longest wait after a crash: the lease"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn preset(i: usize) -> Params {
        let pairs: Vec<(String, String)> = PRESETS[i].1.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        let (v, notices) = crate::params::validate(SPECS, &pairs);
        assert!(notices.is_empty(), "{notices:?}");
        Params::from_values(&v)
    }

    #[test]
    fn the_seeds_two_worked_examples() {
        // 8 + 2 + 0.5 + 3 + 2 = 15.5 s, rounded up to 20 s: 6.5 s of margin really left.
        let o = run(&preset(0));
        assert_eq!(o.summary.sum_seconds, 8.0 + 2.0 + 0.5 + 3.0 + 2.0);
        assert_eq!(o.summary.margin_seconds, 20.0 - (8.0 + 2.0 + 0.5 + 3.0));
        assert_eq!(o.summary.crash_wait_seconds, 20.0);
        // 10 − 3 − 4 − 1 = 2 s: exactly the 2 s margin the first example asks for, and no more.
        let p = preset(1);
        let o = run(&p);
        assert_eq!(o.summary.margin_seconds, 10.0 - 3.0 - 4.0 - 1.0);
        assert!(o.narrative(&p).contains("and no more"), "{}", o.narrative(&p));
        let wanting_more = Params { margin_s: 3.0, ..p };
        assert!(run(&wanting_more).narrative(&wanting_more).contains("likely too small"));
    }

    /// Whether a holder survives a pause of `pause` seconds, replayed event by event: the lease is
    /// granted at 0 for `ttl`; with renewal a renewer extends it to now + ttl every `renew`
    /// seconds while the holder runs; the pause starts at `start` and freezes the renewer; the job
    /// works `work` seconds in all (without renewal), and its last message reaches the resource
    /// `network` seconds after it is sent. The holder is safe if that message arrives before the
    /// lease's end.
    fn survives(ttl: f64, work: f64, network: f64, renew: f64, start: f64, pause: f64) -> bool {
        let mut expires = ttl;
        if renew > 0.0 {
            // Renewals at renew, 2·renew, … before the pause starts.
            let mut t = renew;
            while t <= start + 1e-12 {
                expires = t + ttl;
                t += renew;
            }
            // The holder wakes and sends at once (its renewer and its message race; the message is
            // what must arrive in time).
            start + pause + network <= expires
        } else {
            work.max(start) + pause + network <= expires
        }
    }

    /// The shortest pause that loses the lease at the worst start, found by bisection on the replay.
    fn shortest_losing_pause(p: &Params) -> f64 {
        let starts: Vec<f64> = if p.renew_every_s > 0.0 {
            // Just before each of the first renewals is due.
            (1..=4).map(|k| f64::from(k) * p.renew_every_s - 1e-9).collect()
        } else {
            vec![0.0]
        };
        let loses = |pause: f64| starts.iter().any(|&st| !survives(p.ttl_s, p.work_p99_s, p.network_s, p.renew_every_s, st, pause));
        let (mut lo, mut hi) = (0.0, 1000.0);
        if loses(0.0) {
            return 0.0;
        }
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if loses(mid) { hi = mid } else { lo = mid }
        }
        hi
    }

    /// P(pause > x) by integrating the pause's density numerically (not its survival function).
    fn tail_by_density(p: &Params, x: f64) -> f64 {
        let (m, g) = (p.stall_mean_s, p.shape());
        let density = |s: f64| match g {
            StallShape::Exponential => libm::exp(-s / m) / m,
            StallShape::Pareto { alpha } => {
                let l = m * (alpha - 1.0);
                alpha / l * libm::pow(1.0 + s / l, -alpha - 1.0)
            }
        };
        // Substitute s = x + u/(1 − u) to reach infinity; midpoint rule.
        let n = 200_000;
        let total: f64 = (0..n)
            .map(|k| {
                let u = (f64::from(k) + 0.5) / f64::from(n);
                let s = x + u / (1.0 - u);
                density(s) / ((1.0 - u) * (1.0 - u))
            })
            .sum::<f64>()
            / f64::from(n);
        p.stall_chance * total
    }

    #[test]
    fn the_pause_probabilities_follow_the_mode_the_terms_describe() {
        for shape in [Shape::Exponential, Shape::Pareto] {
            for (renew, work) in [(3.0, 8.0), (0.0, 8.0), (3.0, 0.0), (0.0, 3.0)] {
                let p = Params { stall_shape: shape, renew_every_s: renew, work_p99_s: work, ttl_s: 20.0, stall_chance: 0.3, stall_mean_s: 4.0, ..Params::default() };
                let o = run(&p);
                // The threshold a replay of the renewer finds, and the mode's formula.
                let shortest = shortest_losing_pause(&p);
                assert!((o.pause_room - shortest).abs() < 1e-6, "{shape:?} renew {renew} work {work}: {} vs {shortest}", o.pause_room);
                let expected = if renew > 0.0 { p.ttl_s - renew - p.network_s } else { p.ttl_s - work - p.network_s };
                assert!((o.pause_room - expected).abs() < 1e-12);
                assert_eq!(o.renewed, renew > 0.0);
                // The chance that a pause loses the lease, against the density integrated.
                let by_density = tail_by_density(&p, shortest);
                assert!((o.summary.pause_loses_lease / by_density - 1.0).abs() < 1e-4, "{shape:?}: {} vs {by_density}", o.summary.pause_loses_lease);
                // And the chance that a pause alone is longer than the margin left.
                let margin = p.ttl_s - (work + p.pause_p99_s + p.network_s + renew);
                assert_eq!(o.summary.margin_seconds, margin);
                let beyond = tail_by_density(&p, margin);
                assert!((o.summary.pause_beyond_margin / beyond - 1.0).abs() < 1e-4, "{shape:?}: {} vs {beyond}", o.summary.pause_beyond_margin);
                let text = o.narrative(&p);
                assert!(text.contains(if renew > 0.0 { "need not fit" } else { "has to fit" }), "{text}");
            }
        }
        // The model's p99 really leaves 1 % of pauses beyond it; the defaults' is near 2 s.
        for shape in [Shape::Exponential, Shape::Pareto] {
            let p = Params { stall_shape: shape, ..Params::default() };
            let o = run(&p);
            let beyond = p.stall_chance * p.shape().survival(p.stall_mean_s, o.model_pause_p99);
            assert!((beyond - 0.01).abs() < 1e-12, "{shape:?}: {beyond}");
        }
        assert!((run(&Params::default()).model_pause_p99 - 2.0).abs() < 0.05);
        // Nothing left at all: certain; a margin below zero: every pause is beyond it.
        let tight = Params { ttl_s: 3.0, ..Params::default() };
        let o = run(&tight);
        assert_eq!((o.summary.pause_loses_lease, o.summary.pause_beyond_margin), (1.0, 1.0));
        assert!(o.narrative(&tight).contains("short before any margin"));
    }

    #[test]
    fn a_longer_lease_always_leaves_more_margin_and_a_longer_crash_wait() {
        let mut last: Option<Summary> = None;
        for t in 1..=120 {
            let s = run(&Params { ttl_s: f64::from(t), ..Params::default() }).summary;
            if let Some(l) = last {
                assert!(s.margin_seconds > l.margin_seconds && s.crash_wait_seconds > l.crash_wait_seconds);
                assert!(s.pause_beyond_margin <= l.pause_beyond_margin && s.pause_loses_lease <= l.pause_loses_lease);
            }
            last = Some(s);
        }
    }
}
