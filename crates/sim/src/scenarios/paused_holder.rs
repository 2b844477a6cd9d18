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
//! One protection, `protection`, is chosen:
//! - `none`: storage applies every write;
//! - `fence-writes` (write-only fencing): storage refuses a write whose token is below the highest
//!   it has seen on a write;
//! - `fence-all` (fencing on every access, Kleppmann's recommendation): reads carry the token too
//!   and register it, so a write below any token that has *read* is refused;
//! - `conditional`: the write only sells a seat that is still free
//!   (`update seats set holder = … where seat = 'C14' and holder is null`).
//!
//! Equal tokens are accepted (a holder may read, then write, with the same token). Write-only
//! fencing has a gap: a late A that writes after B got the lock but *before* B's first write
//! carries the highest token storage has seen on a write, so it is applied, and B's later write
//! (decided on B's read of a free seat) replaces it. Fencing B's read, or the conditional write,
//! closes it. The older parameters `fencing` and `conditional` still work ([`ALIASES`]).

use serde::{Deserialize, Serialize};

use crate::params::{Alias, Choice, Kind, Spec};
use crate::messages::{Said, Tr};

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

/// What storage can check, as both the paused holder and the fencing sandbox offer it.
pub const PROTECTIONS: &[Choice] = &[
    Choice { value: "none", label: "Nothing" },
    Choice { value: "fence-writes", label: "Tokens on writes only" },
    Choice { value: "fence-all", label: "Tokens on every access" },
    Choice { value: "conditional", label: "Conditional write (compare-and-set)" },
];

pub const SPECS: &[Spec] = &[
    Spec { name: "lease-s", label: "Lease (TTL)", unit: "s", kind: Kind::Float { min: 1.0, max: 60.0, default: 10.0, log: false, step: 0.5 } },
    Spec { name: "pause-s", label: "A's pause", unit: "s", kind: Kind::Float { min: 0.0, max: 60.0, default: 15.0, log: false, step: 0.5 } },
    Spec {
        name: "protection",
        label: "What storage checks",
        unit: "",
        kind: Kind::Choice { options: PROTECTIONS, default: 0 },
    },
];

/// The parameters shown first (the lesson: a pause past the lease, then each protection); the rest sit under "More settings".
pub const PRIMARY: &[&str] = &["lease-s", "pause-s", "protection"];


/// The parameters this widget had before `protection`: `fencing=true` is `fence-writes`,
/// `conditional=true` is `conditional` (and both together are `conditional`, which gives the same
/// seat as the old pair in every timing).
pub const ALIASES: &[Alias] = &[
    Alias { name: "fencing", target: "protection", value: "fence-writes" },
    Alias { name: "conditional", target: "protection", value: "conditional" },
];

/// What storage checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Protection {
    None,
    /// Write-only fencing: a write below the highest token written is refused.
    FenceWrites,
    /// Fencing on every access: reads register their token too.
    FenceAll,
    /// The write applies only while the seat is free.
    Conditional,
}

impl Protection {
    pub const ALL: [Protection; 4] = [Protection::None, Protection::FenceWrites, Protection::FenceAll, Protection::Conditional];

    fn from_value(v: f64) -> Self {
        Self::ALL.get(v as usize).copied().unwrap_or(Protection::None)
    }

    fn fences_writes(self) -> bool {
        matches!(self, Protection::FenceWrites | Protection::FenceAll)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub lease_s: f64,
    pub pause_s: f64,
    pub protection: Protection,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self { lease_s: v[0], pause_s: v[1], protection: Protection::from_value(v[2]) }
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
    /// A woke after B got the lock and read, before B wrote; B's read had registered token 34,
    /// so storage refused A's 33 (fencing on every access).
    ARejectedByReadFence,
    /// A woke after B's sale; A's conditional write found the seat taken.
    ARejectedByCondition,
    /// A woke after B got the lock but before B wrote: A's write was accepted (with write-only
    /// fencing, 33 was the highest token written so far), then B's write replaced it: two fans paid.
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

/// What a step does at the storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    Read,
    Write,
}

/// One step of the timeline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Seconds since A took the lock.
    pub time: f64,
    pub actor: Actor,
    /// What happened, in words (English: the result is data, the same in every language).
    pub action: String,
    /// The fencing token involved, if any.
    pub token: Option<u64>,
    /// A read or write of the seat, if this step is one.
    pub op: Option<Op>,
    /// For writes, and for reads when storage checks tokens on reads: whether storage accepted it.
    pub accepted: Option<bool>,
    /// What happened as a message, for saying it in the widget's language.
    #[serde(skip)]
    pub said: Said,
}

impl Event {
    fn note(time: f64, actor: Actor, said: Said, token: Option<u64>) -> Self {
        Self { time, actor, action: String::new(), token, op: None, accepted: None, said }
    }
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
    protection: Protection,
    seat: Option<&'static str>,
    /// The highest token storage has seen on an access it checks.
    highest: u64,
    history: Vec<(f64, Option<String>)>,
}

impl Storage {
    /// Applies a write of `who` with `token` at `t`; returns whether it was applied, and the
    /// write as a step.
    fn write(&mut self, t: f64, actor: Actor, who: &'static str, token: u64) -> (bool, Event) {
        let refused = if crate::mutation::on("paused-fence-refuses-equal") { token <= self.highest } else { token < self.highest };
        let said = if self.protection.fences_writes() && refused {
            Said::new("paused-writes-fenced").num("highest", self.highest as f64)
        } else if self.protection == Protection::Conditional && self.seat.is_some() {
            Said::new("paused-writes-taken")
        } else {
            self.seat = Some(who);
            self.highest = self.highest.max(token);
            self.history.push((t, Some(who.to_string())));
            Said::new("paused-writes-applied")
        };
        let ok = said.key == "paused-writes-applied";
        let event = Event { time: t, actor, action: String::new(), token: Some(token), op: Some(Op::Write), accepted: Some(ok), said: said.key("fan", fan_key(who)) };
        (ok, event)
    }

    /// A read of the seat with `token` at `t`, as an event (registered when reads are fenced);
    /// `gives_up`: B, finding the seat sold, gives up.
    fn read(&mut self, t: f64, actor: Actor, token: u64, gives_up: bool) -> Event {
        let seat = match self.seat {
            Some(who) => Said::new("paused-seat-sold").key("fan", fan_key(who)),
            None => Said::new("paused-seat-free"),
        };
        let fenced = self.protection == Protection::FenceAll;
        if fenced {
            self.highest = self.highest.max(token);
        }
        let key = match (fenced, gives_up) {
            (false, false) => "paused-reads",
            (true, false) => "paused-reads-registers",
            (false, true) => "paused-reads-gives-up",
            (true, true) => "paused-reads-registers-gives-up",
        };
        let said = Said::new(key).said("seat", seat).num("token", token as f64);
        Event { time: t, actor, action: String::new(), token: Some(token), op: Some(Op::Read), accepted: fenced.then_some(true), said }
    }
}

/// The message that names the fan a worker sells to (`who`: "fan A" or "fan B"), or nobody.
fn fan_key(who: &str) -> &'static str {
    match who {
        "fan A" => "paused-fan-a",
        "fan B" => "paused-fan-b",
        _ => "paused-seat-nobody",
    }
}

impl Summary {
    /// The message that names who holds the seat at the end ([`Summary::seat`] is data, in
    /// English).
    pub fn seat_key(&self) -> &'static str {
        fan_key(&self.seat)
    }
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/paused-holder.ftl"));

pub fn run(p: &Params) -> Outcome {
    let lease_end = if crate::mutation::on("paused-lease-from-read") {
        A_READS_AT_S + p.lease_s
    } else if crate::mutation::on("paused-lease-stops-while-frozen") {
        p.lease_s + p.pause_s
    } else {
        p.lease_s
    };
    let a_wakes = A_FREEZES_AT_S + p.pause_s;
    let mut storage = Storage { protection: p.protection, seat: None, highest: 0, history: vec![(0.0, None)] };
    let mut events = vec![
        Event::note(0.0, Actor::Lock, Said::new("paused-grants-a"), Some(TOKEN_A)),
        Event::note(B_FIRST_ASK_S, Actor::B, Said::new("paused-asks").num("every", RETRY_S), None),
        storage.read(A_READS_AT_S, Actor::A, TOKEN_A, false),
    ];
    if p.pause_s > 0.0 {
        events.push(Event::note(A_FREEZES_AT_S, Actor::A, Said::new("paused-freezes"), None));
    }

    // Inside its lease A writes and releases at once; otherwise the lease expires first.
    let a_in_lease = a_wakes < lease_end;
    let lock_free_at = if a_in_lease { a_wakes } else { lease_end };
    let b_granted = next_ask(lock_free_at);
    let b_would_write = b_granted + B_WRITE_AFTER_S;
    if !a_in_lease {
        events.push(Event::note(lease_end, Actor::Lock, Said::new("paused-lease-expires"), Some(TOKEN_A)));
    }
    let a_wake_event = |events: &mut Vec<Event>| {
        if p.pause_s > 0.0 {
            let action = if a_in_lease { "paused-wakes" } else { "paused-wakes-believing" };
            events.push(Event::note(a_wakes, Actor::A, Said::new(action), None));
        } else if !a_in_lease {
            events.push(Event::note(a_wakes, Actor::A, Said::new("paused-finishes-unaware"), None));
        }
    };

    let outcome;
    let mut b_writes = None;
    let a_released;
    let b_released;
    if a_in_lease || a_wakes < b_granted {
        // A writes before B holds the lock.
        a_wake_event(&mut events);
        events.push(storage.write(a_wakes, Actor::A, "fan A", TOKEN_A).1);
        a_released = a_in_lease.then_some(a_wakes);
        if a_in_lease {
            events.push(Event::note(a_wakes, Actor::A, Said::new("paused-releases"), Some(TOKEN_A)));
        }
        events.push(Event::note(b_granted, Actor::Lock, Said::new("paused-grants-b"), Some(TOKEN_B)));
        let read = storage.read(b_granted, Actor::B, TOKEN_B, true);
        events.push(read);
        b_released = b_granted;
        outcome = if a_in_lease { Ending::Safe } else { Ending::LateButHarmless };
    } else {
        // A's lease ran out and B holds the lock (and has read the seat) when A wakes.
        a_released = None;
        events.push(Event::note(b_granted, Actor::Lock, Said::new("paused-grants-b"), Some(TOKEN_B)));
        let read = storage.read(b_granted, Actor::B, TOKEN_B, false);
        events.push(read);
        b_writes = Some(b_would_write);
        if a_wakes < b_would_write {
            // A's stale write reaches storage first, then B's.
            a_wake_event(&mut events);
            let (a_ok, a) = storage.write(a_wakes, Actor::A, "fan A", TOKEN_A);
            events.push(a);
            let (b_ok, b) = storage.write(b_would_write, Actor::B, "fan B", TOKEN_B);
            events.push(b);
            outcome = match (a_ok, b_ok) {
                (false, _) => Ending::ARejectedByReadFence,
                (true, true) => Ending::BOverwroteA,
                (true, false) => Ending::BRejectedByCondition,
            };
        } else {
            events.push(storage.write(b_would_write, Actor::B, "fan B", TOKEN_B).1);
            a_wake_event(&mut events);
            let (a_ok, a) = storage.write(a_wakes, Actor::A, "fan A", TOKEN_A);
            events.push(a);
            outcome = if a_ok {
                Ending::AOverwroteB
            } else if p.protection.fences_writes() {
                Ending::ARejectedByFencing
            } else {
                Ending::ARejectedByCondition
            };
        }
        events.push(Event::note(b_would_write, Actor::B, Said::new("paused-releases"), Some(TOKEN_B)));
        b_released = b_would_write;
    }
    // Stable: steps at the same moment keep the order they happened in.
    events.sort_by(|a, b| a.time.total_cmp(&b.time));
    // Each step in English, for the result (data: the same in every language).
    let english = Tr::english(&[MESSAGES]);
    for e in &mut events {
        e.action = english.said(&e.said);
    }
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

impl Actor {
    /// The message that names the actor as the subject of a sentence.
    pub fn key(self) -> &'static str {
        match self {
            Actor::A => "paused-actor-a",
            Actor::B => "paused-actor-b",
            Actor::Lock => "paused-actor-lock",
            Actor::Storage => "paused-actor-storage",
        }
    }
}

impl Outcome {
    /// The story as a timeline a player can step through: one step per event, in English.
    pub fn timeline(&self) -> crate::timeline::Timeline {
        self.timeline_in(&Tr::english(&[MESSAGES]))
    }

    /// The same in `tr`'s language.
    pub fn timeline_in(&self, tr: &Tr) -> crate::timeline::Timeline {
        let steps = self
            .summary
            .events
            .iter()
            .map(|e| {
                let said = Said::new(if e.token.is_some() { "paused-step-token" } else { "paused-step" })
                    .num("time", e.time)
                    .key("actor", e.actor.key())
                    .said("action", e.said.clone())
                    .num("token", e.token.unwrap_or(0) as f64);
                crate::timeline::Step { time: e.time, sentence: tr.said(&said) }
            })
            .collect();
        crate::timeline::Timeline { steps, end: self.end }
    }

    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: the ending's sentences, one message.
    pub fn narrative_in(&self, p: &Params, tr: &Tr) -> String {
        let key = match self.summary.outcome {
            Ending::Safe => "paused-safe",
            Ending::LateButHarmless => "paused-late-harmless",
            Ending::AOverwroteB => "paused-a-overwrote",
            Ending::ARejectedByFencing => "paused-fenced",
            Ending::ARejectedByReadFence => "paused-read-fenced",
            Ending::ARejectedByCondition => "paused-condition-a",
            Ending::BOverwroteA if p.protection == Protection::FenceWrites => "paused-b-overwrote-write-fenced",
            Ending::BOverwroteA => "paused-b-overwrote",
            Ending::BRejectedByCondition => "paused-condition-b",
        };
        tr.msg(
            key,
            &[
                ("lease", p.lease_s.into()),
                ("pause", p.pause_s.into()),
                ("wake", self.a_wakes.into()),
                ("granted", self.b_granted.into()),
                ("write", self.b_writes.unwrap_or(0.0).into()),
                ("every", RETRY_S.into()),
            ],
        )
    }
}


crate::scenario! {
    /// The paused holder as a [`Scenario`].
    PausedHolder, cache: (), run: |p: &Params, _: &mut ()| run(p), {
        fn aliases() -> &'static [crate::params::Alias] {
            ALIASES
        }
        fn plays() -> bool {
            true
        }
        fn messages() -> &'static str {
            MESSAGES
        }
        fn narrative_in(params: &Params, outcome: &Outcome, tr: &Tr) -> String {
            outcome.narrative_in(params, tr)
        }
    }
}


/// The reference's words for each parameter and result field: the documentation's tables
/// (`mdbook-locklab`'s `{{#locklab-reference …}}`) are made from them and the specs. No widget
/// reads them, so no bundle carries them.
pub const DOCS: crate::params::Docs = crate::params::Docs {
    params: &[
        ("lease-s", "A's lease"),
        ("pause-s", "how long A is frozen"),
        ("protection", "what storage checks: nothing; tokens on writes only; tokens on every access (reads register theirs); or the write only sells a seat that is still free (`… where seat = 'C14' and holder is null`)"),
    ],
    results: &[
        ("outcome", "`safe`, `late-but-harmless` (A's late write landed before B got the lock, and B read after it), `a-overwrote-b`, `a-rejected-by-fencing`, `a-rejected-by-read-fence`, `a-rejected-by-condition`, `b-overwrote-a`, `b-rejected-by-condition`"),
        ("doubleSale", "whether two fans paid for C14"),
        ("seat", "who holds C14 at the end (`fan A` or `fan B`)"),
        ("events", "the timeline: `{ time, actor (\"A\", \"B\", \"lock\", \"storage\"), action, token, op (\"read\", \"write\" or null), accepted }`; `accepted` is set for writes, and for reads when storage registers their token"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use Protection::{Conditional as Cond, FenceAll as All, FenceWrites as Writes, None as Off};

    fn case(lease_s: f64, pause_s: f64, protection: Protection) -> Ending {
        run(&Params { lease_s, pause_s, protection }).summary.outcome
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
        assert_eq!(case(10.0, 15.0, Writes), Ending::ARejectedByFencing);
        assert_eq!(case(10.0, 15.0, All), Ending::ARejectedByFencing);
        assert_eq!(case(10.0, 15.0, Cond), Ending::ARejectedByCondition);
    }

    #[test]
    fn outcome_table_covers_every_boundary_for_every_protection() {
        // (lease, pause) → outcome under none, fence-writes, fence-all, conditional. A freezes at
        // 2.5 s; B asks every 0.5 s from 0.5 s and writes 2 s after it gets the lock.
        use Ending::*;
        let table = [
            // Inside the lease: safe whatever the protection.
            (10.0, 0.0, [Safe, Safe, Safe, Safe]),
            (10.0, 7.0, [Safe, Safe, Safe, Safe]), // wakes 9.5 < 10
            (10.0, 7.4, [Safe, Safe, Safe, Safe]), // wakes 9.9 < 10
            // Exactly at lease end: the lease is gone; B is granted at 10 (on its retry grid) and
            // reads; A (10 s) writes after that read, before B's write at 12 s. Write-only
            // fencing lets A through; fencing the read refuses it.
            (10.0, 7.5, [BOverwroteA, BOverwroteA, ARejectedByReadFence, BRejectedByCondition]),
            // Just before B's write (12 s).
            (10.0, 9.0, [BOverwroteA, BOverwroteA, ARejectedByReadFence, BRejectedByCondition]), // wakes 11.5
            // Exactly at B's write: B's write lands first, then A's stale one.
            (10.0, 9.5, [AOverwroteB, ARejectedByFencing, ARejectedByFencing, ARejectedByCondition]),
            // Long after.
            (10.0, 60.0, [AOverwroteB, ARejectedByFencing, ARejectedByFencing, ARejectedByCondition]),
            // A lease off B's retry grid: lease ends at 10.2, B asks at 10.5.
            (10.2, 7.9, [LateButHarmless, LateButHarmless, LateButHarmless, LateButHarmless]), // wakes 10.4
            (10.2, 8.0, [BOverwroteA, BOverwroteA, ARejectedByReadFence, BRejectedByCondition]), // wakes 10.5 = B's grant
            // A lease shorter than A's work before the freeze: late even without a pause.
            (1.0, 0.0, [BOverwroteA, BOverwroteA, ARejectedByReadFence, BRejectedByCondition]), // B at 1, writes 3; A at 2.5
            (1.0, 0.5, [AOverwroteB, ARejectedByFencing, ARejectedByFencing, ARejectedByCondition]), // A at 3.0 = B's write
        ];
        for (lease, pause, expected) in table {
            for (protection, want) in Protection::ALL.into_iter().zip(expected) {
                assert_eq!(case(lease, pause, protection), want, "lease {lease}, pause {pause}, {protection:?}");
            }
        }
    }

    #[test]
    fn only_no_protection_and_write_only_fencing_ever_sell_twice() {
        for lease in (2..=120).map(|x| f64::from(x) * 0.5) {
            for pause in (0..=120).map(|x| f64::from(x) * 0.5) {
                for protection in [All, Cond] {
                    let o = run(&Params { lease_s: lease, pause_s: pause, protection });
                    assert!(!o.summary.double_sale, "lease {lease} pause {pause} {protection:?}");
                }
                // Write-only fencing only ever lets the write-before-B case through.
                let o = run(&Params { lease_s: lease, pause_s: pause, protection: Writes });
                if o.summary.double_sale {
                    assert_eq!(o.summary.outcome, Ending::BOverwroteA);
                }
            }
        }
    }

    #[test]
    fn the_event_table_shows_the_read_being_fenced() {
        let o = run(&Params { lease_s: 10.0, pause_s: 8.0, protection: All });
        let reads: Vec<&Event> = o.summary.events.iter().filter(|e| e.op == Some(Op::Read)).collect();
        assert_eq!(reads.len(), 2);
        assert!(reads.iter().all(|e| e.accepted == Some(true) && e.action.contains("registers token")));
        let b_read = reads[1];
        assert_eq!((b_read.actor, b_read.token), (Actor::B, Some(34)));
        let a_write = o.summary.events.iter().find(|e| e.actor == Actor::A && e.op == Some(Op::Write)).expect("A writes");
        assert_eq!(a_write.accepted, Some(false));
        assert!(a_write.action.contains("already seen token 34"), "{}", a_write.action);
        assert!(a_write.time > b_read.time);
        // Without read fencing, reads are not registered.
        let o = run(&Params { lease_s: 10.0, pause_s: 8.0, protection: Writes });
        assert!(o.summary.events.iter().filter(|e| e.op == Some(Op::Read)).all(|e| e.accepted.is_none()));
    }

    #[test]
    fn the_timeline_tells_every_event_in_order() {
        for protection in Protection::ALL {
            let o = run(&Params { protection, ..Params::default() });
            let t = o.timeline();
            assert_eq!(t.steps.len(), o.summary.events.len());
            assert_eq!(t.end, o.end);
            assert!(t.steps.windows(2).all(|w| w[0].time <= w[1].time));
            assert!(t.steps.iter().all(|s| s.sentence.starts_with("At ") && s.sentence.ends_with('.')));
        }
        let t = run(&Params::default()).timeline();
        // Lease 10 s, pause 15 s: at 17.5 s A wakes and writes with token 33.
        assert!(t.said_at(17.5).contains("A writes C14 → fan A: applied (token 33)"), "{}", t.said_at(17.5));
        assert!(t.said_at(10.0).contains("the lock service grants the lock to B (token 34)"), "{}", t.said_at(10.0));
    }

    #[test]
    fn old_embed_codes_give_the_same_picture() {
        // The parameters before `protection`: fencing and conditional as booleans.
        let pairs = |p: &[(&str, &str)]| p.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
        let protection = |p: &[(&str, &str)]| {
            let (v, n) = crate::params::validate_with_aliases(SPECS, ALIASES, &pairs(p));
            assert!(n.is_empty(), "{n:?}");
            Params::from_values(&v).protection
        };
        assert_eq!(protection(&[("fencing", "true")]), Writes);
        assert_eq!(protection(&[("conditional", "true")]), Cond);
        assert_eq!(protection(&[("fencing", "false"), ("conditional", "false")]), Off);
        assert_eq!(protection(&[("conditional", "true"), ("fencing", "true")]), Cond);
        assert_eq!(protection(&[("fencing", "true"), ("protection", "fence-all")]), All);
        // The old pair (both checks at once) sold the seat to the same fan as `conditional` does,
        // at every timing: the old storage applied both checks.
        for lease in (2..=60).map(f64::from) {
            for pause in (0..=60).map(|x| f64::from(x) * 0.5) {
                let o = run(&Params { lease_s: lease, pause_s: pause, protection: Cond });
                let a_wakes = A_FREEZES_AT_S + pause;
                let b_granted = next_ask(if a_wakes < lease { a_wakes } else { lease });
                // Old rule: first writer to reach storage keeps the seat, the other is refused.
                let first = if a_wakes < lease || a_wakes < b_granted + B_WRITE_AFTER_S { "fan A" } else { "fan B" };
                assert_eq!(o.summary.seat, first, "lease {lease} pause {pause}");
            }
        }
    }

    #[test]
    fn events_are_in_time_order_and_writes_say_whether_they_were_applied() {
        let o = run(&Params::default());
        assert!(o.summary.events.windows(2).all(|w| w[0].time <= w[1].time));
        let writes: Vec<&Event> = o.summary.events.iter().filter(|e| e.op == Some(Op::Write)).collect();
        assert_eq!(writes.len(), 2);
        assert!(writes.iter().all(|e| e.accepted == Some(true)));
        assert_eq!(writes[1].token, Some(33));
        let json = serde_json::to_value(&o.summary).expect("serializes");
        assert_eq!(json["outcome"], "a-overwrote-b");
        assert_eq!(json["events"][0]["actor"], "lock");
        let params = serde_json::to_value(Params { protection: All, ..Params::default() }).expect("serializes");
        assert_eq!(params["protection"], "fence-all");
    }

    #[test]
    fn every_outcome_has_its_own_narrative() {
        let mut seen = std::collections::BTreeMap::new();
        for lease in [10.0, 10.2] {
            for pause in [5.0, 7.9, 8.0, 15.0] {
                for protection in Protection::ALL {
                    let p = Params { lease_s: lease, pause_s: pause, protection };
                    let o = run(&p);
                    let text = o.narrative(&p);
                    let before = seen.insert(format!("{:?}", o.summary.outcome), text.clone());
                    if let Some(before) = before {
                        // The same ending reads alike (only the figures differ).
                        assert_eq!(before.split(' ').take(3).collect::<Vec<_>>(), text.split(' ').take(3).collect::<Vec<_>>());
                    }
                }
            }
        }
        assert_eq!(seen.len(), 8, "{:?}", seen.keys());
        let texts: std::collections::BTreeSet<_> = seen.values().collect();
        assert_eq!(texts.len(), 8);
        // Never "fencing cannot stop": only write-only fencing has this gap.
        let p = Params { lease_s: 10.0, pause_s: 8.0, protection: Writes };
        let text = run(&p).narrative(&p);
        assert!(text.contains("Write-only fencing cannot stop this"), "{text}");
        for t in texts {
            assert!(!t.contains(" fencing cannot") || t.contains("Write-only fencing cannot"), "{t}");
        }
    }
}
