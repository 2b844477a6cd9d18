//! # The paused holder: the last seat, C14
//!
//! A deterministic timeline, no randomness. Two workers want to sell the last seat, C14.
//!
//! - **A** takes the lock at 0 s (fencing token 33), reads at 1 s that C14 is free, and at 2.5 s
//!   freezes for `pause-s` (a garbage-collection pause, a VM migration, swapping). Its lease is
//!   `lease-s`. When it wakes it writes "C14 → fan A" at once, without knowing whether its lease
//!   is still valid, then releases the lock (if the lease is gone, the release finds nothing to
//!   delete).
//! - **B** asks for the lock at 0.5 s and again every [`RETRY_S`] s until it is free (A released
//!   it or A's lease expired); then it gets token 34, reads C14 and, if C14 is still free, writes
//!   "C14 → fan B" [`B_WRITE_AFTER_S`] s later.
//!
//! Two protections can be switched on:
//! - `fencing`: storage rejects a write whose token is below the highest it has applied;
//! - `conditional`: the write only sells a seat that is still free
//!   (`update seats set holder = … where seat = 'C14' and holder is null`).
//!
//! Fencing orders the writes; it does not stop a late A that writes *before* B (A's 33 is then
//! the highest token storage has seen, and B's 34 is applied after it). Only the conditional
//! write, or a token check that reads also register, stops that case. The outcome says so.

use serde::{Deserialize, Serialize};

use crate::params::{Kind, Spec};
use crate::text::num;

pub const NAME: &str = "paused-holder";

/// When A freezes (it has been working since 0 s).
pub const A_FREEZES_AT_S: f64 = 2.5;
/// When A reads the seat.
pub const A_READS_AT_S: f64 = 1.0;
/// When B first asks for the lock.
pub const B_FIRST_ASK_S: f64 = 0.5;
/// How often B asks again.
pub const RETRY_S: f64 = 0.5;
/// How long B takes from reading C14 to writing its sale.
pub const B_WRITE_AFTER_S: f64 = 2.0;
pub const TOKEN_A: u64 = 33;
pub const TOKEN_B: u64 = 34;

pub const SPECS: &[Spec] = &[
    Spec { name: "lease-s", label: "Lease (TTL)", unit: "s", kind: Kind::Float { min: 1.0, max: 60.0, default: 10.0, log: false, step: 0.5 } },
    Spec { name: "pause-s", label: "A's pause", unit: "s", kind: Kind::Float { min: 0.0, max: 60.0, default: 15.0, log: false, step: 0.5 } },
    Spec { name: "fencing", label: "Storage checks fencing tokens", unit: "", kind: Kind::Bool { default: false } },
    Spec { name: "conditional", label: "Conditional write (only if C14 is free)", unit: "", kind: Kind::Bool { default: false } },
];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub lease_s: f64,
    pub pause_s: f64,
    pub fencing: bool,
    pub conditional: bool,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self { lease_s: v[0], pause_s: v[1], fencing: v[2] >= 0.5, conditional: v[3] >= 0.5 }
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// How the story ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// A woke inside its lease, sold the seat and released; B found it sold.
    Safe,
    /// A's lease had run out, but nobody else held the lock yet when A wrote; B found it sold.
    LateButHarmless,
    /// A woke after B's sale and overwrote it: two fans paid for C14.
    AOverwroteB,
    /// A woke after B's sale; storage refused A's token 33 after B's 34.
    ARejectedByFencing,
    /// A woke after B's sale; A's conditional write found the seat taken.
    ARejectedByCondition,
    /// A woke after B got the lock but before B wrote: A's write was accepted (33 was the highest
    /// token so far, fencing or not), then B's write replaced it: two fans paid.
    BOverwroteA,
    /// As above, but B's conditional write found the seat already sold to A: one sale.
    BRejectedByCondition,
}

impl Ending {
    /// Whether two fans paid for the one seat.
    pub fn double_sale(self) -> bool {
        matches!(self, Ending::AOverwroteB | Ending::BOverwroteA)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    A,
    B,
    #[serde(rename = "lock")]
    Lock,
    #[serde(rename = "storage")]
    Storage,
}

/// One step of the timeline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Seconds since A took the lock.
    pub time: f64,
    pub actor: Actor,
    /// What happened, in words.
    pub action: String,
    /// The fencing token involved, if any.
    pub token: Option<u64>,
    /// For writes: whether storage applied it.
    pub accepted: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub outcome: Ending,
    pub double_sale: bool,
    /// Who holds C14 at the end: "fan A" or "fan B".
    pub seat: String,
    pub events: Vec<Event>,
}

/// The timeline, with the times the chart needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    pub lease_end: f64,
    pub a_wakes: f64,
    /// When A gave the lock back, if it did so while still holding it.
    pub a_released: Option<f64>,
    pub b_granted: f64,
    /// When B wrote (if C14 was still free when B read it).
    pub b_writes: Option<f64>,
    pub b_released: f64,
    /// The seat over time: (from, holder) with holder `None` for free.
    pub seat_history: Vec<(f64, Option<String>)>,
    /// Where the timeline ends.
    pub end: f64,
}

/// B's first ask at or after `t`.
fn next_ask(t: f64) -> f64 {
    if t <= B_FIRST_ASK_S {
        return B_FIRST_ASK_S;
    }
    // Round up to the retry grid, tolerating float noise just above a grid point.
    let k = ((t - B_FIRST_ASK_S) / RETRY_S - 1e-9).ceil();
    B_FIRST_ASK_S + k * RETRY_S
}

struct Storage {
    seat: Option<&'static str>,
    highest: u64,
    history: Vec<(f64, Option<String>)>,
}

impl Storage {
    /// Applies a write of `who` with `token` at `t` under the protections; returns whether it was
    /// applied and why not.
    fn write(&mut self, p: &Params, t: f64, who: &'static str, token: u64) -> (bool, &'static str) {
        if p.fencing && token < self.highest {
            return (false, "rejected: a higher token was already applied");
        }
        if p.conditional && self.seat.is_some() {
            return (false, "rejected: C14 is no longer free (0 rows updated)");
        }
        self.seat = Some(who);
        self.highest = self.highest.max(token);
        self.history.push((t, Some(who.to_string())));
        (true, "applied")
    }
}

pub fn run(p: &Params) -> Outcome {
    let lease_end = p.lease_s;
    let a_wakes = A_FREEZES_AT_S + p.pause_s;
    let mut events = vec![
        Event { time: 0.0, actor: Actor::Lock, action: "grants the lock to A".into(), token: Some(TOKEN_A), accepted: None },
        Event { time: B_FIRST_ASK_S, actor: Actor::B, action: format!("asks for the lock (and again every {} s)", num(RETRY_S)), token: None, accepted: None },
        Event { time: A_READS_AT_S, actor: Actor::A, action: "reads C14: free".into(), token: Some(TOKEN_A), accepted: None },
    ];
    if p.pause_s > 0.0 {
        events.push(Event { time: A_FREEZES_AT_S, actor: Actor::A, action: "freezes".into(), token: None, accepted: None });
    }
    let mut storage = Storage { seat: None, highest: 0, history: vec![(0.0, None)] };

    // Inside its lease A writes and releases at once; otherwise the lease expires first.
    let a_in_lease = a_wakes < lease_end;
    let lock_free_at = if a_in_lease { a_wakes } else { lease_end };
    let b_granted = next_ask(lock_free_at);
    let b_would_write = b_granted + B_WRITE_AFTER_S;

    let outcome;
    let mut b_writes = None;
    let a_released;
    let b_released;
    if a_in_lease || a_wakes < b_granted {
        // A writes before B holds the lock.
        if p.pause_s > 0.0 {
            events.push(Event { time: a_wakes, actor: Actor::A, action: "wakes up".into(), token: None, accepted: None });
        }
        if !a_in_lease {
            events.push(Event { time: lease_end, actor: Actor::Lock, action: "A's lease expires".into(), token: Some(TOKEN_A), accepted: None });
        }
        let (ok, why) = storage.write(p, a_wakes, "fan A", TOKEN_A);
        events.push(Event { time: a_wakes, actor: Actor::A, action: format!("writes C14 → fan A: {why}"), token: Some(TOKEN_A), accepted: Some(ok) });
        a_released = a_in_lease.then_some(a_wakes);
        if a_in_lease {
            events.push(Event { time: a_wakes, actor: Actor::A, action: "releases the lock".into(), token: Some(TOKEN_A), accepted: None });
        }
        events.push(Event { time: b_granted, actor: Actor::Lock, action: "grants the lock to B".into(), token: Some(TOKEN_B), accepted: None });
        events.push(Event { time: b_granted, actor: Actor::B, action: "reads C14: sold to fan A, gives up".into(), token: Some(TOKEN_B), accepted: None });
        b_released = b_granted;
        outcome = if a_in_lease { Ending::Safe } else { Ending::LateButHarmless };
    } else {
        // A's lease ran out and B holds the lock when A wakes.
        a_released = None;
        events.push(Event { time: lease_end, actor: Actor::Lock, action: "A's lease expires".into(), token: Some(TOKEN_A), accepted: None });
        events.push(Event { time: b_granted, actor: Actor::Lock, action: "grants the lock to B".into(), token: Some(TOKEN_B), accepted: None });
        events.push(Event { time: b_granted, actor: Actor::B, action: "reads C14: free".into(), token: Some(TOKEN_B), accepted: None });
        let a_write = |storage: &mut Storage, events: &mut Vec<Event>| {
            let action = if p.pause_s > 0.0 { "wakes up, still believing it holds the lock" } else { "finishes its work, unaware that its lease ran out" };
            events.push(Event { time: a_wakes, actor: Actor::A, action: action.into(), token: None, accepted: None });
            let (ok, why) = storage.write(p, a_wakes, "fan A", TOKEN_A);
            events.push(Event { time: a_wakes, actor: Actor::A, action: format!("writes C14 → fan A: {why}"), token: Some(TOKEN_A), accepted: Some(ok) });
            ok
        };
        let b_write = |storage: &mut Storage, events: &mut Vec<Event>| {
            let (ok, why) = storage.write(p, b_would_write, "fan B", TOKEN_B);
            events.push(Event { time: b_would_write, actor: Actor::B, action: format!("writes C14 → fan B: {why}"), token: Some(TOKEN_B), accepted: Some(ok) });
            ok
        };
        b_writes = Some(b_would_write);
        if a_wakes < b_would_write {
            // A's stale write lands first, then B's.
            a_write(&mut storage, &mut events);
            let b_ok = b_write(&mut storage, &mut events);
            outcome = if b_ok { Ending::BOverwroteA } else { Ending::BRejectedByCondition };
        } else {
            b_write(&mut storage, &mut events);
            let a_ok = a_write(&mut storage, &mut events);
            outcome = if a_ok {
                Ending::AOverwroteB
            } else if p.fencing {
                Ending::ARejectedByFencing
            } else {
                Ending::ARejectedByCondition
            };
        }
        events.push(Event { time: b_would_write, actor: Actor::B, action: "releases the lock".into(), token: Some(TOKEN_B), accepted: None });
        b_released = b_would_write;
    }
    events.sort_by(|a, b| a.time.total_cmp(&b.time));
    let end = [a_wakes, b_released, lease_end].into_iter().fold(0.0, f64::max) + 2.0;
    let seat = storage.seat.unwrap_or("nobody").to_string();
    Outcome {
        summary: Summary { outcome, double_sale: outcome.double_sale(), seat, events },
        lease_end,
        a_wakes,
        a_released,
        b_granted,
        b_writes,
        b_released,
        seat_history: storage.history,
        end,
    }
}

impl Outcome {
    pub fn narrative(&self, p: &Params) -> String {
        let lease = num(p.lease_s);
        let pause = num(p.pause_s);
        let wake = num(self.a_wakes);
        let b_at = num(self.b_granted);
        match self.summary.outcome {
            Ending::Safe => format!(
                "A's {pause} s pause ended at {wake} s, inside its {lease} s lease, so A sold C14 and released the lock. \
                 B got the lock at {b_at} s, found the seat sold and gave up. One seat, one fan."
            ),
            Ending::LateButHarmless => format!(
                "A's lease ran out at {lease} s and A woke at {wake} s, after it, but B had not been given the lock yet \
                 (it asks every {} s), so A's late sale went through and B found the seat sold. Harmless this time, by luck of timing.",
                num(RETRY_S)
            ),
            Ending::AOverwroteB => format!(
                "A froze for {pause} s, longer than its {lease} s lease. B got the lock at {b_at} s and sold C14 to fan B. \
                 At {wake} s A woke up and overwrote that sale with fan A: two fans paid for one seat, and the lock service did \
                 exactly what it promised."
            ),
            Ending::ARejectedByFencing => format!(
                "A froze for {pause} s, past its {lease} s lease; B got the lock (token 34) and sold C14. When A woke at {wake} s \
                 its write carried token 33, lower than the 34 storage had already applied, so storage refused it. B keeps the seat."
            ),
            Ending::ARejectedByCondition => format!(
                "A froze for {pause} s, past its {lease} s lease; B got the lock and sold C14. When A woke at {wake} s its \
                 conditional write found the seat no longer free and changed nothing. B keeps the seat."
            ),
            Ending::BOverwroteA => format!(
                "A's lease ran out at {lease} s and B got the lock at {b_at} s, but A woke at {wake} s, before B wrote. A's \
                 write with token 33 was accepted{}, then B's write with 34 replaced it: two fans paid. Fencing orders the writes \
                 but cannot stop this one; a conditional write can.",
                if p.fencing { " (33 was the highest token storage had seen, so fencing let it through)" } else { "" }
            ),
            Ending::BRejectedByCondition => format!(
                "A's lease ran out at {lease} s and B got the lock at {b_at} s, but A woke at {wake} s and sold C14 before B \
                 wrote. B's conditional write found the seat taken and changed nothing: one sale, to fan A."
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(lease_s: f64, pause_s: f64, fencing: bool, conditional: bool) -> Ending {
        run(&Params { lease_s, pause_s, fencing, conditional }).summary.outcome
    }

    #[test]
    fn the_lessons_example() {
        // Lease 10 s, pause 15 s: A wakes at 17.5 s, after B's sale at 12 s.
        let o = run(&Params::default());
        assert_eq!(o.a_wakes, 17.5);
        assert_eq!(o.b_granted, 10.0);
        assert_eq!(o.b_writes, Some(12.0));
        assert_eq!(o.summary.outcome, Ending::AOverwroteB);
        assert!(o.summary.double_sale);
        assert_eq!(o.summary.seat, "fan A");
        assert_eq!(case(10.0, 15.0, true, false), Ending::ARejectedByFencing);
        assert_eq!(case(10.0, 15.0, false, true), Ending::ARejectedByCondition);
        assert_eq!(case(10.0, 15.0, true, true), Ending::ARejectedByFencing);
    }

    #[test]
    fn outcome_table_covers_every_boundary() {
        // (lease, pause, fencing, conditional) → outcome. A freezes at 2.5 s; B asks every 0.5 s
        // from 0.5 s and writes 2 s after it gets the lock.
        let table = [
            // Inside the lease: safe whatever the protections.
            (10.0, 0.0, false, false, Ending::Safe),
            (10.0, 7.0, false, false, Ending::Safe),     // wakes 9.5 < 10
            (10.0, 7.4, true, true, Ending::Safe),       // wakes 9.9 < 10
            // Exactly at lease end: the lease is gone; B is granted at 10 (on its retry grid)
            // and A (10 s) writes after B got the lock, before B's write at 12 s.
            (10.0, 7.5, false, false, Ending::BOverwroteA),
            (10.0, 7.5, true, false, Ending::BOverwroteA), // fencing does not help here
            (10.0, 7.5, false, true, Ending::BRejectedByCondition),
            (10.0, 7.5, true, true, Ending::BRejectedByCondition),
            // Just before B's write (12 s).
            (10.0, 9.0, true, false, Ending::BOverwroteA), // wakes 11.5
            // Exactly at B's write: B's write lands first, then A's stale one.
            (10.0, 9.5, false, false, Ending::AOverwroteB),
            (10.0, 9.5, true, false, Ending::ARejectedByFencing),
            (10.0, 9.5, false, true, Ending::ARejectedByCondition),
            // Long after.
            (10.0, 60.0, false, false, Ending::AOverwroteB),
            // A lease off B's retry grid: lease ends at 10.2, B asks at 10.5.
            (10.2, 7.9, false, false, Ending::LateButHarmless), // wakes 10.4: nobody else holds the lock
            (10.2, 8.0, false, false, Ending::BOverwroteA),     // wakes 10.5 = B's grant
            // A lease shorter than A's work before the freeze: late even without a pause.
            (1.0, 0.0, false, false, Ending::BOverwroteA), // lease ends 1, B at 1, writes 3; A writes 2.5
            (1.0, 0.5, false, false, Ending::AOverwroteB), // A writes 3.0 = B's write time
            (1.0, 0.5, true, false, Ending::ARejectedByFencing),
        ];
        for (lease, pause, fencing, conditional, expected) in table {
            assert_eq!(case(lease, pause, fencing, conditional), expected, "lease {lease}, pause {pause}, fencing {fencing}, conditional {conditional}");
        }
    }

    #[test]
    fn no_double_sale_with_the_conditional_write_whatever_the_timing() {
        for lease in (2..=120).map(|x| f64::from(x) * 0.5) {
            for pause in (0..=120).map(|x| f64::from(x) * 0.5) {
                for fencing in [false, true] {
                    let o = run(&Params { lease_s: lease, pause_s: pause, fencing, conditional: true });
                    assert!(!o.summary.double_sale, "lease {lease} pause {pause}");
                    let fenced_only = run(&Params { lease_s: lease, pause_s: pause, fencing: true, conditional: false });
                    // Fencing alone only ever lets the write-before-B case through.
                    if fenced_only.summary.double_sale {
                        assert_eq!(fenced_only.summary.outcome, Ending::BOverwroteA);
                    }
                }
            }
        }
    }

    #[test]
    fn events_are_in_time_order_and_writes_say_whether_they_were_applied() {
        let o = run(&Params::default());
        assert!(o.summary.events.windows(2).all(|w| w[0].time <= w[1].time));
        let writes: Vec<&Event> = o.summary.events.iter().filter(|e| e.accepted.is_some()).collect();
        assert_eq!(writes.len(), 2);
        assert!(writes.iter().all(|e| e.accepted == Some(true)));
        assert_eq!(writes[1].token, Some(33));
        let json = serde_json::to_value(&o.summary).expect("serializes");
        assert_eq!(json["outcome"], "a-overwrote-b");
        assert_eq!(json["events"][0]["actor"], "lock");
    }

    #[test]
    fn every_outcome_has_its_own_narrative() {
        let mut seen = std::collections::BTreeSet::new();
        for (lease, pause, f, c) in
            [(10.0, 5.0, false, false), (10.2, 7.9, false, false), (10.0, 15.0, false, false), (10.0, 15.0, true, false), (10.0, 15.0, false, true), (10.0, 8.0, false, false), (10.0, 8.0, false, true)]
        {
            let p = Params { lease_s: lease, pause_s: pause, fencing: f, conditional: c };
            let o = run(&p);
            assert!(seen.insert(o.narrative(&p).split(' ').take(6).collect::<Vec<_>>().join(" ") + &format!("{:?}", o.summary.outcome)));
        }
        assert_eq!(seen.len(), 7);
    }
}
