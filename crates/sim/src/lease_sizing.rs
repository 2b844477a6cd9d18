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
//! as in the TTL trade-off), and the worksheet gives the exact probability that a pause is longer
//! than the time the lease leaves for it, lease − (work + network + renewal).

use serde::{Deserialize, Serialize};

use crate::hold::{Shape, StallShape};
use crate::params::{Kind, Spec};
use crate::text::{num, percent};

pub const NAME: &str = "lease-sizing";

const fn secs(name: &'static str, label: &'static str, max: f64, default: f64, step: f64) -> Spec {
    Spec { name, label, unit: "s", kind: Kind::Float { min: 0.0, max, default, log: false, step } }
}

pub const SPECS: &[Spec] = &[
    Spec { name: "ttl-s", label: "The lease you pick", unit: "s", kind: Kind::Float { min: 1.0, max: 120.0, default: 20.0, log: false, step: 0.5 } },
    secs("work-p99-s", "p99 work (0 if renewal covers it)", 60.0, 8.0, 0.5),
    secs("pause-p99-s", "p99 process pause", 30.0, 2.0, 0.5),
    secs("network-s", "Max network delay", 10.0, 0.5, 0.1),
    secs("renew-every-s", "Renewal interval", 30.0, 3.0, 0.5),
    secs("margin-s", "Safety margin you want", 30.0, 2.0, 0.5),
    Spec { name: "stall-chance", label: "Chance a lease sees a pause", unit: "%", kind: Kind::Float { min: 0.0, max: 1.0, default: 0.05, log: false, step: 0.01 } },
    Spec { name: "stall-mean-s", label: "Mean pause", unit: "s", kind: Kind::Float { min: 0.01, max: 60.0, default: 1.25, log: true, step: 0.0 } },
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

/// The seed's two worked examples, as attribute values (`name`, `[(param, value)]`).
pub const PRESETS: &[(&str, &[(&str, &str)])] = &[
    ("Size a lease: 8 + 2 + 0.5 + 3 + 2 = 15.5 s, round up to 20 s", &[("ttl-s", "20"), ("work-p99-s", "8"), ("pause-p99-s", "2"), ("network-s", "0.5"), ("renew-every-s", "3"), ("margin-s", "2")]),
    ("Check a lease: 10 s, renewal 3 s, pause 4 s, network 1 s", &[("ttl-s", "10"), ("work-p99-s", "0"), ("pause-p99-s", "4"), ("network-s", "1"), ("renew-every-s", "3"), ("margin-s", "2")]),
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
    /// The exact probability that a pause outlasts the time the lease leaves for it.
    pub pause_beyond_margin: f64,
    /// The longest wait for the lock after its holder crashes: the lease.
    pub crash_wait_seconds: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    /// The terms in order, for the stacked bar: (label, seconds).
    pub terms: Vec<(String, f64)>,
    /// The pause model's own 99th percentile (to set against the p99 pause typed in).
    pub model_pause_p99: f64,
    /// The time the lease leaves for a pause: lease − (work + network + renewal).
    pub pause_room: f64,
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
        ("p99 work".to_string(), p.work_p99_s),
        ("p99 pause".to_string(), p.pause_p99_s),
        ("network".to_string(), p.network_s),
        ("renewal".to_string(), p.renew_every_s),
        ("margin".to_string(), p.margin_s),
    ];
    let sum: f64 = terms.iter().map(|(_, s)| s).sum();
    let pause_room = p.ttl_s - p.work_p99_s - p.network_s - p.renew_every_s;
    let margin = pause_room - p.pause_p99_s;
    let chance = p.stall_chance.clamp(0.0, 1.0);
    let pause_beyond = if pause_room <= 0.0 { 1.0 } else { chance * p.shape().survival(p.stall_mean_s, pause_room) };
    Outcome {
        summary: Summary {
            sum_seconds: sum,
            ttl_seconds: p.ttl_s,
            margin_seconds: margin,
            pause_beyond_margin: pause_beyond,
            crash_wait_seconds: p.ttl_s,
        },
        terms,
        model_pause_p99: pause_quantile(p, 0.01),
        pause_room,
    }
}

impl Outcome {
    pub fn narrative(&self, p: &Params) -> String {
        let s = &self.summary;
        let verdict = if s.margin_seconds < 0.0 {
            format!(
                "The terms already add up to more than the {} s lease: {} s short before any margin.",
                num(p.ttl_s),
                num(-s.margin_seconds)
            )
        } else if s.margin_seconds < p.margin_s {
            format!(
                "That leaves {} s of margin, less than the {} s you wanted: likely too small.",
                num(s.margin_seconds),
                num(p.margin_s)
            )
        } else if s.margin_seconds == p.margin_s {
            format!(
                "That leaves {} s of margin, the margin you wanted and no more: a pause a little past its p99 uses it up.",
                num(s.margin_seconds)
            )
        } else {
            format!("That leaves {} s of margin, more than the {} s you wanted.", num(s.margin_seconds), num(p.margin_s))
        };
        let pause = if self.pause_room <= 0.0 {
            "No time is left for a pause at all.".to_string()
        } else {
            format!(
                "Under the pause model (its own p99 is {} s), a pause longer than the {} s the lease leaves for it comes \
                 with probability {} per lease: no lease makes that zero, which is why the resource must check a fencing token.",
                num(self.model_pause_p99),
                num(self.pause_room),
                percent(s.pause_beyond_margin)
            )
        };
        format!(
            "The rule asks for {} s (work + pause + network + renewal + margin) and you picked {} s. {verdict} {pause} \
             After a crash, the next holder waits up to {} s.",
            num(s.sum_seconds),
            num(p.ttl_s),
            num(s.crash_wait_seconds)
        )
    }
}

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

    #[test]
    fn the_pause_probability_is_the_models_tail_at_the_room_left() {
        for shape in [Shape::Exponential, Shape::Pareto] {
            let p = Params { stall_shape: shape, ..Params::default() };
            let o = run(&p);
            let room = p.ttl_s - p.work_p99_s - p.network_s - p.renew_every_s;
            assert_eq!(o.pause_room, room);
            let g = p.shape();
            assert_eq!(o.summary.pause_beyond_margin, p.stall_chance * g.survival(p.stall_mean_s, room));
            // The model's p99 really leaves 1 % of pauses beyond it.
            let beyond = p.stall_chance * g.survival(p.stall_mean_s, o.model_pause_p99);
            assert!((beyond - 0.01).abs() < 1e-12, "{shape:?}: {beyond}");
        }
        // The defaults' pause model has its p99 near the 2 s typed in.
        let o = run(&Params::default());
        assert!((o.model_pause_p99 - 2.0).abs() < 0.05, "{}", o.model_pause_p99);
        // A lease with no room for a pause: certain.
        let tight = Params { ttl_s: 5.0, ..Params::default() };
        assert_eq!(run(&tight).summary.pause_beyond_margin, 1.0);
        assert!(run(&tight).narrative(&tight).contains("short before any margin"));
    }

    #[test]
    fn a_longer_lease_always_leaves_more_margin_and_a_longer_crash_wait() {
        let mut last: Option<Summary> = None;
        for t in 1..=120 {
            let s = run(&Params { ttl_s: f64::from(t), ..Params::default() }).summary;
            if let Some(l) = last {
                assert!(s.margin_seconds > l.margin_seconds && s.crash_wait_seconds > l.crash_wait_seconds);
                assert!(s.pause_beyond_margin <= l.pause_beyond_margin);
            }
            last = Some(s);
        }
    }
}
