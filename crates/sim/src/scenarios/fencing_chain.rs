//! # Fencing chain: late writers, and the storage that refuses them
//!
//! `holders` workers take one lock in turn. Holder *i* is granted the lock with fencing token
//! *i* + 1 when the previous holder releases it or the previous lease (`ttl-ms`) runs out,
//! whichever comes first. Each hold lasts the shared [`crate::hold`] model's work + stall
//! (milliseconds here), and the holder writes once, at the end of its hold.
//!
//! A holder whose hold outlives its lease is **late**: the lock has already moved on, and its
//! write may land after a newer holder's write. Without fencing the storage applies every write,
//! so such a write replaces newer data (a **stale overwrite**). With fencing the storage remembers
//! the highest token it has applied and **rejects** any lower one. The timeline is the same either
//! way, so the writes that would overwrite without fencing are exactly those rejected with it.
//! The fencing here is write-only: holders do not read through the storage in this model.
//!
//! A late holder whose write lands before any newer write is **overtaken**: its write arrives
//! after its successor was granted the lock (the lease had ended), yet nothing newer has been
//! written, so the storage applies it, fencing or not. That is harmless only when every write is a
//! blind overwrite. If the successor read the data before this write landed and writes after it,
//! the successor's write discards this update (the paused holder's "B overwrote A"); fencing the
//! successor's read, or a conditional write, would refuse the late write instead.

use serde::{Deserialize, Serialize};

use crate::hold::{TimeUnit, Draws, HoldModel, Shape};
use crate::params::{Kind, Spec};


pub const NAME: &str = "fencing-chain";

pub const SPECS: &[Spec] = &[
    Spec { name: "holders", label: "Lock holders in turn", unit: "", kind: Kind::Int { min: 10, max: 5000, default: 500, log: true } },
    Spec {
        name: "ttl-ms",
        label: "Lease (TTL)",
        unit: "ms",
        kind: Kind::Float { min: 50.0, max: 10_000.0, default: 1000.0, log: true, step: 0.0 },
    },
    Spec {
        name: "work-ms",
        label: "Typical work (median)",
        unit: "ms",
        kind: Kind::Float { min: 10.0, max: 5000.0, default: 200.0, log: true, step: 0.0 },
    },
    crate::hold::SPREAD,
    crate::hold::stall_chance("Chance a hold stalls", 0.1, 0.015, 0.0025),
    crate::hold::stall_mean(TimeUnit::Ms, "Mean stall", 10.0, 60_000.0, 2000.0),
    crate::hold::STALL_SHAPE,
    crate::hold::STALL_ALPHA,
    Spec { name: "fencing", label: "Storage checks fencing tokens on writes", unit: "", kind: Kind::Bool { default: false } },
    crate::params::seed(1),
];

/// The parameters shown first (the lesson: count the replaced writes, then fence); the rest sit under "More settings".
pub const PRIMARY: &[&str] = &["ttl-ms", "fencing"];


#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub holders: u32,
    pub ttl_ms: f64,
    pub work_ms: f64,
    pub spread: f64,
    pub stall_chance: f64,
    pub stall_mean_ms: f64,
    pub stall_shape: Shape,
    /// The Pareto tail index (used only with `stall-shape` `pareto`).
    pub stall_alpha: f64,
    pub fencing: bool,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            holders: v[0] as u32,
            ttl_ms: v[1],
            work_ms: v[2],
            spread: v[3],
            stall_chance: v[4],
            stall_mean_ms: v[5],
            stall_shape: Shape::from_value(v[6]),
            stall_alpha: v[7],
            fencing: v[8] >= 0.5,
            seed: v[9] as u64,
        }
    }

    pub fn model(&self) -> HoldModel {
        HoldModel {
            work: self.work_ms,
            spread: self.spread,
            stall_chance: self.stall_chance,
            stall_mean: self.stall_mean_ms,
            stall_shape: self.stall_shape.with_alpha(self.stall_alpha),
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// What happened to a holder's write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WriteFate {
    /// Applied, and nothing newer had been written before it; written inside the lease.
    Applied,
    /// Applied after the lease ended and the successor was granted the lock, but before any newer
    /// write: harmless for blind overwrites, a lost update if the successor had read first.
    Overtaken,
    /// Applied although a write with a higher token had already been applied (no fencing).
    StaleOverwrite,
    /// Refused: its token was below the highest applied (fencing).
    Rejected,
}

/// One holder's turn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hold {
    pub token: u64,
    /// When the lock was granted.
    pub granted_ms: f64,
    /// When the lease ran out (granted + TTL).
    pub lease_end_ms: f64,
    /// When the holder finished and wrote (granted + hold).
    pub write_ms: f64,
    /// The hold outlived the lease.
    pub late: bool,
    pub fate: WriteFate,
}

/// What `locklab:change` carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub holders: u32,
    /// Holders whose hold outlived their lease.
    pub late_holders: u64,
    /// Expected late holders: holders × the exact probability that a hold outlives the TTL.
    pub expected_late: f64,
    /// Writes applied although newer data was already written (0 with fencing).
    pub stale_overwrites: u64,
    /// Writes the storage refused (0 without fencing).
    pub stale_rejected: u64,
    /// Late writes that arrived after a newer write, whatever the setting: what the other
    /// setting would have turned into overwrites or rejections.
    pub stale_writes: u64,
    /// Late writes applied before any newer write, after the successor was granted the lock.
    pub overtaken_writes: u64,
    /// When the last write landed.
    pub duration_ms: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    pub holds: Vec<Hold>,
}

/// The draws, kept while seed and holder count stay the same.
#[derive(Default)]
pub struct Cache {
    draws: Option<Draws>,
}

pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let n = p.holders as usize;
    if cache.draws.as_ref().is_none_or(|d| d.seed != p.seed || d.len() != n) {
        cache.draws = Some(Draws::new(p.seed, n));
    }
    let model = p.model();
    let mut holds = Vec::with_capacity(n);
    let mut granted = 0.0;
    if let Some(draws) = cache.draws.as_ref() {
        for i in 0..n {
            let (work, stall) = draws.hold(i, &model);
            let hold = work + stall;
            holds.push(Hold {
                token: i as u64 + 1,
                granted_ms: granted,
                lease_end_ms: granted + p.ttl_ms,
                write_ms: granted + hold,
                late: hold > p.ttl_ms,
                fate: WriteFate::Applied,
            });
            granted += hold.min(p.ttl_ms);
        }
    }

    // The storage sees the writes in time order (ties: lower token first).
    let mut order: Vec<usize> = (0..holds.len()).collect();
    order.sort_by(|&a, &b| holds[a].write_ms.total_cmp(&holds[b].write_ms).then(a.cmp(&b)));
    let mut highest = 0u64;
    let mut stale_writes = 0u64;
    for i in order {
        let h = &mut holds[i];
        if h.token < highest {
            stale_writes += 1;
            h.fate = if p.fencing { WriteFate::Rejected } else { WriteFate::StaleOverwrite };
        } else {
            highest = h.token;
            if h.late {
                h.fate = WriteFate::Overtaken;
            }
        }
    }
    let overtaken_writes = holds.iter().filter(|h| h.fate == WriteFate::Overtaken).count() as u64;
    let late_holders = holds.iter().filter(|h| h.late).count() as u64;
    let duration_ms = holds.iter().map(|h| h.write_ms).fold(0.0, f64::max);
    Outcome {
        summary: Summary {
            holders: p.holders,
            late_holders,
            expected_late: f64::from(p.holders) * model.outlives(p.ttl_ms),
            stale_overwrites: if p.fencing { 0 } else { stale_writes },
            stale_rejected: if p.fencing { stale_writes } else { 0 },
            stale_writes,
            overtaken_writes,
            duration_ms,
        },
        holds,
    }
}

pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/fencing-chain.ftl"));

impl Outcome {
    /// Indices of the late holders, in order (for "previous/next late holder").
    pub fn late_indices(&self) -> Vec<usize> {
        self.holds.iter().enumerate().filter(|(_, h)| h.late).map(|(i, _)| i).collect()
    }

    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &crate::messages::Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: its sentences, each one message.
    pub fn narrative_in(&self, p: &Params, tr: &crate::messages::Tr) -> String {
        let s = &self.summary;
        if s.late_holders == 0 {
            return tr.msg("chain-none-late", &[("holders", s.holders.into()), ("expected", s.expected_late.into())]);
        }
        let mut said = vec![tr.msg(
            "chain-late",
            &[
                ("late", (s.late_holders as f64).into()),
                ("holders", s.holders.into()),
                ("share", (s.late_holders as f64 / f64::from(s.holders.max(1))).into()),
            ],
        )];
        said.push(if p.fencing {
            tr.msg("chain-fenced", &[("refused", (s.stale_rejected as f64).into())])
        } else {
            tr.msg("chain-unfenced", &[("overwrites", (s.stale_overwrites as f64).into())])
        });
        if s.overtaken_writes > 0 {
            said.push(tr.msg("chain-overtaken", &[("overtaken", (s.overtaken_writes as f64).into()), ("fencing", f64::from(u8::from(p.fencing)).into())]));
        }
        said.join(" ")
    }
}


crate::scenario! {
    /// The fencing chain as a [`Scenario`].
    FencingChain, cache: Cache, run: run_cached, {
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
        ("holders", "holders in the chain"),
        ("ttl-ms", "the lease length"),
        ("work-ms", "median work time"),
        ("spread", "σ of the work time's logarithm"),
        ("stall-chance", "chance that a hold also stalls"),
        ("stall-mean-ms", "mean stall length"),
        ("stall-shape", "light or heavy tail of stall lengths (same mean)"),
        ("stall-alpha", "Pareto tail index (used only with `pareto`)"),
        ("fencing", "the storage checks tokens on writes"),
        ("seed", "seed of the random draws"),
    ],
    results: &[
        ("holders", "holders in the chain"),
        ("lateHolders", "holders whose hold outlived their lease"),
        ("expectedLate", "holders × the exact probability of outliving the lease"),
        ("staleOverwrites", "writes applied although newer data was already written (0 with fencing)"),
        ("staleRejected", "writes the storage refused (0 without fencing)"),
        ("staleWrites", "late writes that arrived after a newer one, whatever the setting"),
        ("overtakenWrites", "late writes applied before any newer write (after the successor was granted the lock)"),
        ("durationMs", "when the last write landed"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hold::within_binomial;

    #[test]
    fn about_one_percent_late_at_the_defaults() {
        // The lesson shows "6 of 500".
        let p = Params::default();
        let share = p.model().outlives(p.ttl_ms);
        assert!((0.009..=0.013).contains(&share), "{share}");
        let mean_late: f64 =
            (0..50).map(|seed| run(&Params { seed, ..Params::default() }).summary.late_holders as f64).sum::<f64>() / 50.0;
        assert!((4.0..=7.0).contains(&mean_late), "{mean_late}");
    }

    #[test]
    fn fencing_never_applies_a_lower_token_after_a_higher_one() {
        for seed in 0..30 {
            let p = Params { fencing: true, stall_chance: 0.05, seed, ..Params::default() };
            let o = run(&p);
            let mut applied: Vec<&Hold> = o.holds.iter().filter(|h| h.fate == WriteFate::Applied).collect();
            applied.sort_by(|a, b| a.write_ms.total_cmp(&b.write_ms).then(a.token.cmp(&b.token)));
            assert!(applied.windows(2).all(|w| w[0].token < w[1].token), "seed {seed}");
            assert_eq!(o.summary.stale_overwrites, 0);
        }
    }

    #[test]
    fn rejected_with_fencing_equals_overwrites_without() {
        for seed in 0..30 {
            let off = run(&Params { seed, stall_chance: 0.03, ..Params::default() });
            let on = run(&Params { seed, stall_chance: 0.03, fencing: true, ..Params::default() });
            assert_eq!(on.summary.stale_rejected, off.summary.stale_overwrites, "seed {seed}");
            assert_eq!(off.summary.stale_rejected, 0);
            assert_eq!(on.summary.late_holders, off.summary.late_holders);
            // The same holders, one by one.
            for (a, b) in off.holds.iter().zip(&on.holds) {
                assert_eq!(a.fate == WriteFate::StaleOverwrite, b.fate == WriteFate::Rejected);
            }
        }
    }

    #[test]
    fn late_holders_match_the_exact_probability() {
        for (i, p) in [
            Params::default(),
            Params { ttl_ms: 300.0, ..Params::default() },
            Params { stall_chance: 0.08, stall_mean_ms: 500.0, ..Params::default() },
            Params { spread: 1.2, work_ms: 400.0, ..Params::default() },
        ]
        .into_iter()
        .enumerate()
        {
            let seeds = 40;
            let total: usize = (0..seeds).map(|seed| run(&Params { seed, ..p.clone() }).summary.late_holders as usize).sum();
            let n = seeds as usize * p.holders as usize;
            assert!(within_binomial(total, n, p.model().outlives(p.ttl_ms)), "case {i}: {total} of {n}");
        }
    }

    #[test]
    fn a_late_write_landing_before_its_successors_is_overtaken_not_stale() {
        // Found by search rather than constructed: a late holder whose write still lands before
        // every newer holder's write (its successor, granted at lease end, took a while).
        let mut found = false;
        for seed in 0..50 {
            for fencing in [false, true] {
                let o = run(&Params { seed, fencing, ..Params::default() });
                for (i, h) in o.holds.iter().enumerate() {
                    if h.late && o.holds[i + 1..].iter().all(|newer| newer.write_ms > h.write_ms) {
                        assert_eq!(h.fate, WriteFate::Overtaken, "seed {seed}, token {}", h.token);
                        // It landed after its successor was granted the lock.
                        assert!(h.write_ms > o.holds[i + 1].granted_ms);
                        found = true;
                    }
                    if !h.late {
                        assert_eq!(h.fate, WriteFate::Applied, "an on-time holder's write is never stale");
                    }
                }
                let counted = o.holds.iter().filter(|h| h.fate == WriteFate::Overtaken).count() as u64;
                assert_eq!(o.summary.overtaken_writes, counted);
                assert_eq!(o.summary.late_holders, o.summary.overtaken_writes + o.summary.stale_writes);
            }
        }
        assert!(found, "the defaults produce overtaken late writes");
    }

    #[test]
    fn grants_follow_release_or_lease_end() {
        let p = Params { stall_chance: 0.05, ..Params::default() };
        let o = run(&p);
        for w in o.holds.windows(2) {
            let expected = w[0].write_ms.min(w[0].lease_end_ms);
            assert!((w[1].granted_ms - expected).abs() < 1e-9);
            assert_eq!(w[1].token, w[0].token + 1);
        }
    }

    #[test]
    fn narratives() {
        let p = Params { stall_chance: 0.05, ..Params::default() };
        let text = run(&p).narrative(&p);
        assert!(text.contains("replaced newer data"), "{text}");
        let p = Params { fencing: true, ..p };
        let text = run(&p).narrative(&p);
        assert!(text.contains("refused"), "{text}");
        assert!(!text.contains("harm") || text.contains("harmless only if"), "{text}");
    }
}
