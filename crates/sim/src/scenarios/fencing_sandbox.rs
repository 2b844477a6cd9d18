//! # The fencing sandbox: you are the scheduler
//!
//! Two or three clients (A, B, C) share a counter in storage behind a lock service. Each runs
//! acquire → read → write → release; its write adds its own amount to the value it read (A adds
//! 1, B 10, C 100, so the final value shows whose updates survived). A client that holds the lock
//! may also **pause**: it freezes until its lease has run out (the clock jumps to its expiry), then
//! carries on as if nothing happened. Every step takes one second of the clock; `wait` lets a
//! second pass.
//!
//! The lock service grants the lock when it is free or the holder's lease has run out, with a
//! fencing token one above the last (33, 34, 35 …). A release deletes the lock only if it is
//! still the releaser's (compare-and-delete). The storage checks, by `protection`:
//! - `none`: nothing;
//! - `fence-writes` (write-only fencing): a write whose token is below the highest token applied by
//!   a write is refused;
//! - `fence-all` (every access fenced): reads register their token too, and a read or write below
//!   the highest token seen is refused;
//! - `conditional`: a write applies only if the value is still the one the client read
//!   (compare-and-set on a version: the value only grows here, so it never repeats and can serve
//!   as the version; a value that can come back would need a version number against A-B-A).
//!
//! Equal tokens are accepted: a holder reads and then writes with the same token. A rule of
//! "strictly greater" would refuse a holder's own write after its own read (or a second write).
//!
//! An ending (every client done) is `correct` when the final value includes every accepted
//! update; otherwise an accepted write replaced an update it had not read: a **lost update**,
//! of one of two kinds. If the replacing write carried a lower token than the update it erased,
//! the storage went backwards: an **older token overwrote** newer work (`older-overwrote`, what
//! write-only fencing stops). If it carried a higher token, the storage accepted both in token
//! order and never went backwards, but the later holder decided on a read taken before the earlier
//! one's write landed: a **newer token decided on a stale read** (`stale-read`; both clients were
//! told they succeeded; only fencing every access, or a conditional write, stops it).
//!
//! [`enumerate`] runs every order in which the clients' steps can happen under the lock rules
//! (A pauses between its read and its write; B and C do not pause) under all four protections at
//! once, and counts the endings.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::messages::{Said, Tr};
use crate::params::{Kind, Notice, Spec};

pub const NAME: &str = "fencing-sandbox";
/// The first token the lock service hands out.
pub const FIRST_TOKEN: u64 = 33;
/// The longest step sequence a widget accepts (an author's `data-steps` included).
pub const MAX_STEPS: usize = 60;
pub const CLIENT_NAMES: [&str; 3] = ["A", "B", "C"];
/// What each client adds to the value it read.
pub const AMOUNTS: [i64; 3] = [1, 10, 100];

pub const SPECS: &[Spec] = &[
    Spec { name: "clients", label: "Clients", unit: "", kind: Kind::Int { min: 2, max: 3, default: 2, log: false } },
    Spec {
        name: "protection",
        label: "What storage checks",
        unit: "",
        kind: Kind::Choice { options: crate::paused_holder::PROTECTIONS, default: 1 },
    },
    // At least 3 s: a client needs 2 s from acquiring to writing, so a shorter lease is one nobody
    // can use (and it multiplies the orders the table has to play: 13,190 for three clients at 2 s).
    Spec { name: "lease-s", label: "Lease", unit: "s", kind: Kind::Int { min: 3, max: 30, default: 10, log: false } },
];

pub const PRIMARY: &[&str] = &["clients", "protection"];
/// Where `protection` sits among the values.
pub const PROTECTION: usize = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Protection {
    None,
    FenceWrites,
    FenceAll,
    Conditional,
}

impl Protection {
    pub const ALL: [Protection; 4] = [Protection::None, Protection::FenceWrites, Protection::FenceAll, Protection::Conditional];
    pub fn name(self) -> &'static str {
        match self {
            Protection::None => "none",
            Protection::FenceWrites => "fence-writes",
            Protection::FenceAll => "fence-all",
            Protection::Conditional => "conditional",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Acquire,
    Read,
    Pause,
    Write,
    Release,
}

impl Action {
    pub const ALL: [Action; 5] = [Action::Acquire, Action::Read, Action::Pause, Action::Write, Action::Release];
    /// The message that names the action on a button and in sentences ([`Action::name`] is the
    /// step's syntax, the same in every language).
    pub fn key(self) -> &'static str {
        match self {
            Action::Acquire => "sandbox-action-acquire",
            Action::Read => "sandbox-action-read",
            Action::Pause => "sandbox-action-pause",
            Action::Write => "sandbox-action-write",
            Action::Release => "sandbox-action-release",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Action::Acquire => "acquire",
            Action::Read => "read",
            Action::Pause => "pause",
            Action::Write => "write",
            Action::Release => "release",
        }
    }
}

/// One step: a client's action, or a second of waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Do(u8, Action),
    Wait,
}

impl Move {
    /// `A.acquire`, `wait`.
    pub fn text(self) -> String {
        match self {
            Move::Do(c, a) => format!("{}.{}", CLIENT_NAMES[usize::from(c)], a.name()),
            Move::Wait => "wait".into(),
        }
    }

    /// The number a step is kept as among a widget's values (after the parameters).
    pub fn code(self) -> f64 {
        match self {
            Move::Do(c, a) => f64::from(c) * 8.0 + Action::ALL.iter().position(|x| *x == a).unwrap_or(0) as f64,
            Move::Wait => 7.0,
        }
    }

    pub fn from_code(v: f64) -> Option<Move> {
        if !v.is_finite() || v < 0.0 || v.fract() != 0.0 {
            return None;
        }
        let v = v as u32;
        if v == 7 {
            return Some(Move::Wait);
        }
        let (c, a) = (v / 8, v % 8);
        (c < 3).then_some(())?;
        Action::ALL.get(a as usize).map(|&a| Move::Do(c as u8, a))
    }

    fn parse(t: &str) -> Option<Move> {
        let t = t.trim();
        if t.eq_ignore_ascii_case("wait") {
            return Some(Move::Wait);
        }
        let (c, a) = t.split_once('.')?;
        let c = CLIENT_NAMES.iter().position(|n| n.eq_ignore_ascii_case(c.trim()))? as u8;
        let a = Action::ALL.into_iter().find(|x| x.name().eq_ignore_ascii_case(a.trim()))?;
        Some(Move::Do(c, a))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub protection: Protection,
    pub clients: u8,
    pub lease_s: u32,
    /// The hand-played steps, as `A.acquire,A.read,…`.
    #[serde(serialize_with = "steps_text", deserialize_with = "steps_parse")]
    pub steps: Vec<Move>,
}

fn steps_text<S: serde::Serializer>(steps: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&steps.iter().map(|m| m.text()).collect::<Vec<_>>().join(","))
}

fn steps_parse<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
    let t = String::deserialize(d)?;
    t.split(',').filter(|s| !s.trim().is_empty()).map(|s| Move::parse(s).ok_or_else(|| serde::de::Error::custom("not a step"))).collect()
}

impl Params {
    /// The parameters from values in spec order, then one value per step ([`Move::code`]).
    pub fn from_values(v: &[f64]) -> Self {
        let n = SPECS.len();
        let (head, _) = crate::params::clamp(SPECS, &v[..v.len().min(n)]);
        let steps = v.get(n..).unwrap_or(&[]).iter().filter_map(|&c| Move::from_code(c)).take(MAX_STEPS).collect();
        Self {
            clients: head[0] as u8,
            protection: Protection::ALL.get(head[PROTECTION] as usize).copied().unwrap_or(Protection::FenceWrites),
            lease_s: head[2] as u32,
            steps,
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// Validates author input: the parameters as usual, and `steps` (a comma-separated list such as
/// `A.acquire,A.read,A.pause,B.acquire`) replayed under the lock rules; the first step that is
/// unreadable or not possible at that point gets a notice, and the steps before it are kept.
pub fn validate(raw: &[(String, String)]) -> (Vec<f64>, Vec<Notice>) {
    let (params, steps): (Vec<_>, Vec<_>) = raw.iter().cloned().partition(|(k, _)| !k.trim().eq_ignore_ascii_case("steps"));
    let (mut values, mut notices) = crate::params::validate(SPECS, &params);
    let Some((_, text)) = steps.last() else { return (values, notices) };
    let p = Params::from_values(&values);
    let mut world = World::new(&p);
    for (i, part) in text.split(',').filter(|s| !s.trim().is_empty()).enumerate() {
        let shown: String = part.trim().chars().take(24).collect();
        if i >= MAX_STEPS {
            notices.push(Notice::said_in("steps", Said::new("sandbox-notice-too-many").num("max", MAX_STEPS as f64), &english()));
            break;
        }
        let Some(m) = Move::parse(part) else {
            let said = Said::new("sandbox-notice-not-a-step").num("n", (i + 1) as f64).text("shown", shown).num("kept", i as f64);
            notices.push(Notice::said_in("steps", said, &english()));
            break;
        };
        if let Err(why) = world.possible(m) {
            let said = Said::new("sandbox-notice-not-possible").num("n", (i + 1) as f64).text("shown", shown).said("why", why).num("kept", i as f64);
            notices.push(Notice::said_in("steps", said, &english()));
            break;
        }
        world.apply(m);
        values.push(m.code());
    }
    (values, notices)
}

/// The `(name, value)` pair that puts the steps in an address (none when there are none).
pub fn steps_pair(values: &[f64]) -> Vec<(String, String)> {
    let p = Params::from_values(values);
    if p.steps.is_empty() {
        return Vec::new();
    }
    vec![("steps".into(), p.steps.iter().map(|m| m.text()).collect::<Vec<_>>().join(","))]
}

/// How a storage operation went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    pub clock: u32,
    pub step: String,
    pub token: Option<u64>,
    /// `None` for steps that are not storage operations.
    pub accepted: Option<bool>,
    /// What happened, in English (data: the same in every language).
    pub sentence: String,
    /// The same, to say in the widget's language.
    #[serde(skip)]
    pub said: Said,
    /// An applied write: the value it set, and whether it erased another client's update.
    #[serde(skip)]
    pub applied: Option<(i64, bool)>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Client {
    /// Next step of the program: 0 acquire, 1 read, 2 write, 3 release, 4 done.
    next: u8,
    token: Option<u64>,
    expires: u32,
    paused: bool,
    /// The value read and the clients whose updates it included (bit set).
    read: Option<(i64, u8)>,
    read_refused: bool,
    acquired_at: Option<u32>,
    released_at: Option<u32>,
    pause: Option<(u32, u32)>,
}

/// One client's story, for the chart.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Span {
    pub acquired_at: Option<u32>,
    /// When its lease ran (or runs) out.
    pub lease_end: u32,
    pub released_at: Option<u32>,
    pub pause: Option<(u32, u32)>,
    pub token: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    Correct,
    OlderOverwrote,
    StaleRead,
}

impl Ending {
    pub const ALL: [Ending; 3] = [Ending::Correct, Ending::OlderOverwrote, Ending::StaleRead];
    /// The message that names the ending.
    pub fn key(self) -> &'static str {
        match self {
            Ending::Correct => "sandbox-ending-correct",
            Ending::OlderOverwrote => "sandbox-ending-older-overwrote",
            Ending::StaleRead => "sandbox-ending-stale-read",
        }
    }
}

/// The lock service, the storage and the clients after some steps.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub protection: Protection,
    pub lease_s: u32,
    pub clock: u32,
    /// The clients (the first `n` are in play; a fixed array, so the enumeration's many copies of a
    /// world allocate nothing).
    clients_all: [Client; 3],
    n: usize,
    /// (client, token, expiry).
    lock: Option<(u8, u64, u32)>,
    pub latest_token: u64,
    pub value: i64,
    /// Whose updates the value includes (bit set).
    included: u8,
    /// Whose writes were accepted (bit set).
    accepted: u8,
    pub highest_write: u64,
    pub highest_seen: u64,
    /// The worst thing an accepted write did so far.
    harm: Option<Ending>,
    pub log: Vec<LogEntry>,
    /// Whether to write the log (the enumeration runs without it).
    logging: bool,
}

impl World {
    pub fn new(p: &Params) -> Self {
        World {
            protection: p.protection,
            lease_s: p.lease_s,
            clock: 0,
            clients_all: [Client::default(); 3],
            n: usize::from(p.clients.clamp(2, 3)),
            lock: None,
            latest_token: FIRST_TOKEN - 1,
            value: 0,
            included: 0,
            accepted: 0,
            highest_write: 0,
            highest_seen: 0,
            harm: None,
            log: Vec::new(),
            logging: true,
        }
    }

    pub fn clients(&self) -> usize {
        self.n
    }

    fn cl(&self) -> &[Client] {
        &self.clients_all[..self.n]
    }

    /// Who holds the lock now (by the lock service's reckoning: an expired lease holds nothing).
    pub fn holder(&self) -> Option<(u8, u64, u32)> {
        self.lock.filter(|l| l.2 > self.clock)
    }

    /// The client's token, if it has acquired.
    pub fn token_of(&self, c: u8) -> Option<u64> {
        self.cl().get(usize::from(c)).and_then(|x| x.token)
    }

    /// The client's next program step (`None` when done).
    pub fn next_action(&self, c: u8) -> Option<Action> {
        match self.cl().get(usize::from(c))?.next {
            0 => Some(Action::Acquire),
            1 => Some(Action::Read),
            2 => Some(Action::Write),
            3 => Some(Action::Release),
            _ => None,
        }
    }

    pub fn done(&self) -> bool {
        self.cl().iter().all(|c| c.next >= 4)
    }

    /// Whether `m` can happen now (the enumeration's question; [`World::possible`] says why not).
    pub fn allows(&self, m: Move) -> bool {
        let Move::Do(c, a) = m else { return true };
        let Some(cl) = self.cl().get(usize::from(c)) else { return false };
        match a {
            _ if cl.next >= 4 => false,
            Action::Pause => (1..3).contains(&cl.next) && !cl.paused,
            _ if self.next_action(c) != Some(a) => false,
            Action::Acquire => self.holder().is_none(),
            _ => true,
        }
    }

    /// Whether a story of `steps` steps has room for one more ([`MAX_STEPS`]), and if not, why.
    pub fn room_after(steps: usize) -> Result<(), Said> {
        if steps >= MAX_STEPS { Err(Said::new("sandbox-why-limit").num("max", MAX_STEPS as f64)) } else { Ok(()) }
    }

    /// Whether `m` can happen now, and if not, why (a sentence fragment for the button and the
    /// notices: "A's lease has 4 s left").
    pub fn possible(&self, m: Move) -> Result<(), Said> {
        let Move::Do(c, a) = m else { return Ok(()) };
        let name = CLIENT_NAMES[usize::from(c)];
        let Some(cl) = self.cl().get(usize::from(c)) else {
            return Err(Said::new("sandbox-why-no-client").name("client", name).num("clients", self.n as f64));
        };
        let why = |key: &'static str| Err(Said::new(key).name("client", name));
        if cl.next >= 4 {
            return why("sandbox-why-finished");
        }
        match a {
            Action::Pause => {
                if cl.next == 0 {
                    return why("sandbox-why-no-lock");
                }
                if cl.next >= 3 {
                    return why("sandbox-why-written");
                }
                if cl.paused {
                    return why("sandbox-why-paused");
                }
                Ok(())
            }
            _ if self.next_action(c) != Some(a) => {
                // `next` is some step: a finished client was answered above.
                let next = self.next_action(c).unwrap_or(Action::Release);
                Err(Said::new("sandbox-why-next").name("client", name).key("next", next.key()))
            }
            Action::Acquire => match self.holder() {
                Some((h, _, exp)) => Err(Said::new("sandbox-why-lease-left").name("holder", CLIENT_NAMES[usize::from(h)]).num("left", f64::from(exp - self.clock))),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// Logs a step (callers check `logging` first, so the enumeration formats no sentences).
    fn say(&mut self, step: Move, token: Option<u64>, accepted: Option<bool>, said: Said) {
        let sentence = english().said(&said);
        self.log.push(LogEntry { clock: self.clock, step: step.text(), token, accepted, sentence, said, applied: None });
    }

    /// Carries out `m` (which must be possible).
    pub fn apply(&mut self, m: Move) {
        let Move::Do(c, a) = m else {
            self.clock += 1;
            if self.logging { self.say(m, None, None, Said::new("sandbox-log-wait")); }
            return;
        };
        let i = usize::from(c);
        let name = CLIENT_NAMES[i];
        match a {
            Action::Acquire => {
                self.latest_token += 1;
                let token = self.latest_token;
                let expires = self.clock + self.lease_s;
                self.lock = Some((c, token, expires));
                let cl = &mut self.clients_all[i];
                cl.token = Some(token);
                cl.expires = expires;
                cl.next = 1;
                cl.acquired_at = Some(self.clock);
                if self.logging { self.say(m, Some(token), None, Said::new("sandbox-log-acquire").name("client", name).num("token", token as f64).num("expires", f64::from(expires))); }
            }
            Action::Pause => {
                let until = self.clients_all[i].expires.max(self.clock);
                self.clients_all[i].paused = true;
                self.clients_all[i].pause = Some((self.clock, until));
                // Logged when it begins (the clock then jumps to its end).
                if self.logging { self.say(m, self.clients_all[i].token, None, Said::new("sandbox-log-pause").name("client", name).num("until", f64::from(until))); }
                self.clock = until;
                return;
            }
            Action::Read => {
                let token = self.clients_all[i].token.unwrap_or(0);
                self.clients_all[i].next = 2;
                if self.protection == Protection::FenceAll && token < self.highest_seen {
                    self.clients_all[i].read_refused = true;
                    let seen = self.highest_seen;
                    if self.logging { self.say(m, Some(token), Some(false), Said::new("sandbox-log-read-refused").name("client", name).num("token", token as f64).num("seen", seen as f64)); }
                } else {
                    if self.protection == Protection::FenceAll {
                        self.highest_seen = self.highest_seen.max(token);
                    }
                    if self.protection == Protection::FenceWrites && crate::mutation::on("sandbox-write-fence-registers-reads") {
                        self.highest_write = self.highest_write.max(token);
                    }
                    self.clients_all[i].read = Some((self.value, self.included));
                    let key = if self.protection == Protection::FenceAll { "sandbox-log-read-registers" } else { "sandbox-log-read" };
                    if self.logging { self.say(m, Some(token), Some(true), Said::new(key).name("client", name).num("value", self.value as f64).num("token", token as f64)); }
                }
            }
            Action::Write => {
                let token = self.clients_all[i].token.unwrap_or(0);
                self.clients_all[i].next = 3;
                let Some((read, read_incl)) = self.clients_all[i].read else {
                    if self.logging { self.say(m, Some(token), None, Said::new("sandbox-log-no-write").name("client", name)); }
                    self.clock += 1;
                    return;
                };
                let new = read + AMOUNTS[i];
                let refused = match self.protection {
                    Protection::None => false,
                    Protection::FenceWrites => token < self.highest_write,
                    Protection::FenceAll => token < self.highest_seen,
                    Protection::Conditional => self.value != read,
                };
                if refused {
                    if self.logging {
                        let why = match self.protection {
                            Protection::FenceWrites => Said::new("sandbox-why-below-written").num("token", token as f64).num("highest", self.highest_write as f64),
                            Protection::FenceAll => Said::new("sandbox-why-below-seen").num("token", token as f64).num("highest", self.highest_seen as f64),
                            _ => Said::new("sandbox-why-value-moved").num("value", self.value as f64).num("read", read as f64),
                        };
                        self.say(m, Some(token), Some(false), Said::new("sandbox-log-write-refused").name("client", name).num("new", new as f64).said("why", why));
                    }
                } else {
                    // Updates in the value that this write never read are erased.
                    let erased = self.included & !read_incl;
                    for j in 0..self.n {
                        if erased & (1 << j) != 0 {
                            let kind = if self.clients_all[j].token.unwrap_or(0) > token { Ending::OlderOverwrote } else { Ending::StaleRead };
                            self.harm = Some(match (self.harm, kind) {
                                (Some(Ending::OlderOverwrote), _) | (_, Ending::OlderOverwrote) => Ending::OlderOverwrote,
                                _ => Ending::StaleRead,
                            });
                        }
                    }
                    self.value = new;
                    self.included = read_incl | (1 << i);
                    self.accepted |= 1 << i;
                    self.highest_write = self.highest_write.max(token);
                    self.highest_seen = self.highest_seen.max(token);
                    if self.logging {
                        let lost: Vec<&'static str> = (0..self.n).filter(|j| erased & (1 << j) != 0).map(|j| CLIENT_NAMES[j]).collect();
                        let said = match lost[..] {
                            [] => Said::new("sandbox-log-write"),
                            [one] => Said::new("sandbox-log-write-erasing").name("lost", one),
                            [first, .., last] => Said::new("sandbox-log-write-erasing").said("lost", Said::new("sandbox-two").name("first", first).name("second", last)),
                        };
                        self.say(m, Some(token), Some(true), said.name("client", name).num("new", new as f64));
                        if let Some(l) = self.log.last_mut() {
                            l.applied = Some((new, !lost.is_empty()));
                        }
                    }
                }
            }
            Action::Release => {
                self.clients_all[i].next = 4;
                self.clients_all[i].released_at = Some(self.clock);
                let token = self.clients_all[i].token;
                match self.lock {
                    Some((h, t, exp)) if h == c && Some(t) == token && exp > self.clock => {
                        self.lock = None;
                        if self.logging { self.say(m, token, None, Said::new("sandbox-log-release").name("client", name)); }
                    }
                    Some((h, _, exp)) if h != c && exp > self.clock => {
                        let other = CLIENT_NAMES[usize::from(h)];
                        if self.logging { self.say(m, token, None, Said::new("sandbox-log-release-other").name("client", name).name("other", other)); }
                    }
                    _ => {
                        if self.logging { self.say(m, token, None, Said::new("sandbox-log-release-expired").name("client", name)); }
                    }
                }
            }
        }
        self.clock += 1;
    }

    /// The world after the first `k` of `p`'s steps (those that are possible; a widget's steps
    /// always are).
    pub fn replay(p: &Params, k: usize) -> World {
        let mut w = World::new(p);
        for &m in p.steps.iter().take(k) {
            if w.possible(m).is_ok() {
                w.apply(m);
            }
        }
        w
    }

    /// Each client's story so far.
    pub fn spans(&self) -> Vec<Span> {
        self.cl()
            .iter()
            .map(|c| Span { acquired_at: c.acquired_at, lease_end: c.expires, released_at: c.released_at, pause: c.pause, token: c.token })
            .collect()
    }

    /// What the client is doing, in a few words ("holds the lock, 8 s left").
    pub fn status(&self, c: u8) -> Said {
        let Some(cl) = self.cl().get(usize::from(c)) else { return Said::new("sandbox-status-done") };
        match cl.next {
            0 => Said::new("sandbox-status-waiting"),
            4 => Said::new("sandbox-status-done"),
            _ => match self.holder() {
                Some((h, _, exp)) if h == c => Said::new("sandbox-status-holds").num("left", f64::from(exp - self.clock)),
                Some((h, _, _)) => Said::new("sandbox-status-believes").name("holder", CLIENT_NAMES[usize::from(h)]),
                None if cl.paused && cl.expires <= self.clock => Said::new("sandbox-status-ran-out-frozen"),
                None => Said::new("sandbox-status-ran-out"),
            },
        }
    }

    /// How the story ends so far.
    pub fn ending(&self) -> Ending {
        self.harm.unwrap_or(Ending::Correct)
    }
}

/// What `locklab:change` carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// The hand-played steps.
    pub steps: String,
    pub value: i64,
    /// The value if every accepted update had been kept.
    pub expected_value: i64,
    pub highest_token: u64,
    /// `correct`, `lost-update` or `double-sale` so far (the story may not be finished).
    pub outcome: Ending,
    pub finished: bool,
    /// How many orders the clients' steps can happen in (A pausing between read and write).
    pub interleavings: u64,
    /// For each protection, how many of those orders end in each way.
    pub by_protection: Vec<ProtectionCounts>,
    /// With the protection chosen: how many of the orders end correctly,
    pub correct_orders: u64,
    /// in how many an older token overwrote newer work,
    pub older_overwrote_orders: u64,
    /// and in how many a newer token decided on a stale read (its row of `byProtection`, by name,
    /// for goals and predictions).
    pub stale_read_orders: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProtectionCounts {
    pub protection: Protection,
    pub correct: u64,
    pub older_overwrote: u64,
    pub stale_read: u64,
}

/// Every order of the steps with its ending under each protection (shared, not copied).
pub type Orders = std::sync::Arc<Vec<(Vec<Move>, [Ending; 4])>>;

#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub summary: Summary,
    pub world: World,
    /// Every order, with its ending under each protection (in [`Protection::ALL`] order).
    pub orders: Orders,
}

/// The clients' programs in the enumeration: A pauses between its read and its write.
pub fn programs(clients: u8) -> Vec<Vec<Action>> {
    (0..clients.clamp(2, 3))
        .map(|c| {
            if c == 0 {
                vec![Action::Acquire, Action::Read, Action::Pause, Action::Write, Action::Release]
            } else {
                vec![Action::Acquire, Action::Read, Action::Write, Action::Release]
            }
        })
        .collect()
}

/// Every order in which the programs' steps can happen under the lock rules, each with its
/// ending under every protection. One walk serves all four protections (the lock rules do not
/// depend on what storage checks).
pub fn enumerate(clients: u8, lease_s: u32) -> Vec<(Vec<Move>, [Ending; 4])> {
    let progs = programs(clients);
    let worlds: [World; 4] = std::array::from_fn(|k| {
        let mut w = World::new(&Params { protection: Protection::ALL[k], clients, lease_s, steps: vec![] });
        w.logging = false;
        w
    });
    let mut out = Vec::new();
    let mut path = Vec::new();
    let mut pos = vec![0usize; progs.len()];
    walk(&progs, &mut pos, &worlds, &mut path, &mut out);
    out
}

fn walk(progs: &[Vec<Action>], pos: &mut [usize], worlds: &[World; 4], path: &mut Vec<Move>, out: &mut Vec<(Vec<Move>, [Ending; 4])>) {
    let mut any = false;
    for c in 0..progs.len() {
        let Some(&a) = progs[c].get(pos[c]) else { continue };
        let m = Move::Do(c as u8, a);
        if !worlds[0].allows(m) {
            continue;
        }
        any = true;
        let next: [World; 4] = std::array::from_fn(|k| {
            let mut w = worlds[k].clone();
            w.apply(m);
            w
        });
        pos[c] += 1;
        path.push(m);
        walk(progs, pos, &next, path, out);
        path.pop();
        pos[c] -= 1;
    }
    if !any && pos.iter().zip(progs).all(|(p, prog)| *p == prog.len()) {
        let mut endings = [Ending::Correct; 4];
        for (e, w) in endings.iter_mut().zip(worlds) {
            *e = w.ending();
        }
        out.push((path.clone(), endings));
    }
}

/// Cached enumerations by (clients, lease): the widget recomputes on every step, the orders only
/// when those change.
#[derive(Default)]
pub struct Cache {
    orders: HashMap<(u8, u32), Orders>,
}

pub fn run_cached(p: &Params, cache: &mut Cache) -> Outcome {
    let orders = cache.orders.entry((p.clients, p.lease_s)).or_insert_with(|| std::sync::Arc::new(enumerate(p.clients, p.lease_s))).clone();
    let mut world = World::new(p);
    for &m in &p.steps {
        if world.possible(m).is_ok() {
            world.apply(m);
        }
    }
    let by_protection: Vec<ProtectionCounts> = Protection::ALL
        .iter()
        .enumerate()
        .map(|(k, &protection)| {
            let count = |e: Ending| orders.iter().filter(|o| o.1[k] == e).count() as u64;
            ProtectionCounts { protection, correct: count(Ending::Correct), older_overwrote: count(Ending::OlderOverwrote), stale_read: count(Ending::StaleRead) }
        })
        .collect();
    let here = by_protection.iter().find(|c| c.protection == p.protection).cloned().unwrap_or(ProtectionCounts { protection: p.protection, correct: 0, older_overwrote: 0, stale_read: 0 });
    let expected: i64 = (0..world.clients()).filter(|j| world.accepted & (1 << j) != 0).map(|j| AMOUNTS[j]).sum();
    Outcome {
        summary: Summary {
            steps: p.steps.iter().map(|m| m.text()).collect::<Vec<_>>().join(","),
            value: world.value,
            expected_value: expected,
            highest_token: world.latest_token.max(FIRST_TOKEN - 1),
            outcome: world.ending(),
            finished: world.done(),
            interleavings: orders.len() as u64,
            by_protection,
            correct_orders: here.correct,
            older_overwrote_orders: here.older_overwrote,
            stale_read_orders: here.stale_read,
        },
        world,
        orders,
    }
}

pub fn run(p: &Params) -> Outcome {
    run_cached(p, &mut Cache::default())
}

impl Outcome {
    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &english())
    }

    /// What the widget says, in `tr`'s language.
    pub fn narrative_in(&self, p: &Params, tr: &Tr) -> String {
        let s = &self.summary;
        let w = &self.world;
        let here = s.by_protection.iter().find(|c| c.protection == p.protection);
        let table = here.map_or(String::new(), |c| {
            let args = [
                ("orders", s.interleavings.into()),
                ("clients", f64::from(p.clients).into()),
                ("correct", c.correct.into()),
                ("older", c.older_overwrote.into()),
                ("stale", c.stale_read.into()),
            ];
            format!(" {}", tr.msg("sandbox-table", &args))
        });
        let story = if p.steps.is_empty() {
            tr.msg("sandbox-nothing-yet", &[])
        } else {
            let key = match s.outcome {
                Ending::Correct if s.finished => "sandbox-state-done",
                Ending::Correct => "sandbox-state-so-far",
                Ending::OlderOverwrote => "sandbox-state-older",
                Ending::StaleRead => "sandbox-state-stale",
            };
            let state = tr.msg(key, &[("value", s.value.into()), ("expected", s.expected_value.into())]);
            tr.msg("sandbox-story", &[("steps", p.steps.len().into()), ("clock", f64::from(w.clock).into()), ("state", state.into())])
        };
        story + &table
    }
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/fencing-sandbox.ftl"));

/// The sandbox's English, for the log's data and the notices (parsed once per thread).
fn english() -> std::rc::Rc<Tr> {
    thread_local! {
        static ENGLISH: std::rc::Rc<Tr> = std::rc::Rc::new(Tr::english(&[crate::messages::SHARED, MESSAGES]));
    }
    ENGLISH.with(std::rc::Rc::clone)
}

crate::scenario! {
    /// The fencing sandbox (the learner schedules the steps; every interleaving counted) as a
    /// [`Scenario`].
    FencingSandbox, cache: Cache, run: run_cached, {
        fn plays() -> bool {
            true
        }
        fn messages() -> &'static str {
            MESSAGES
        }
        fn narrative_in(params: &Params, outcome: &Outcome, tr: &crate::messages::Tr) -> String {
            outcome.narrative_in(params, tr)
        }
        fn validate(raw: &[(String, String)]) -> (Vec<f64>, Vec<crate::Notice>) {
            // `steps` is the sandbox's story, unless it sets parameters (then it is preset steps).
            let (story, others): (Vec<_>, Vec<_>) = raw.iter().cloned().partition(|(k, v)| k.trim().eq_ignore_ascii_case("steps") && !crate::presets::is_presets(v));
            let (attrs, mut rest, mut notices) = crate::params::take_attrs(Self::attrs(), &others);
            rest.extend(story);
            let (values, mut found) = validate(&rest);
            notices.append(&mut found);
            notices.append(&mut crate::presets::check(Self::specs(), Self::aliases(), &attrs));
            (values, notices)
        }
        fn extra_pairs(values: &[f64]) -> Vec<(String, String)> {
            steps_pair(values)
        }
        fn extra_names() -> &'static [&'static str] {
            &["steps"]
        }
    }
}


/// The reference's words for each parameter and result field: the documentation's tables
/// (`mdbook-locklab`'s `{{#locklab-reference …}}`) are made from them and the specs. No widget
/// reads them, so no bundle carries them.
pub const DOCS: crate::params::Docs = crate::params::Docs {
    params: &[
        ("clients", "clients in play"),
        ("protection", "what storage checks"),
        ("lease-s", "the lease each grant carries"),
        ("steps", "the story so far, up to 60 steps, comma-separated: `A.acquire`, `A.read`, `A.pause`, `A.write`, `A.release` (B, C likewise), `wait`; none by default. An author can embed one, and it goes into the address"),
    ],
    results: &[
        ("steps", "the steps played, as in `data-steps`"),
        ("value", "the storage's value now"),
        ("expectedValue", "what it would be if every accepted update were kept"),
        ("highestToken", "the last token the lock service issued (32 before the first grant)"),
        ("outcome", "`correct`, `older-overwrote` or `stale-read` so far"),
        ("finished", "every client has released"),
        ("interleavings", "how many orders the clients' steps can happen in"),
        ("byProtection", "for each protection: `{ protection, correct, olderOverwrote, staleRead }` counts over those orders"),
        ("correctOrders, olderOverwroteOrders, staleReadOrders", "the same three counts for the protection chosen (its row of `byProtection`, by name, for goals and predictions)"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn play(protection: Protection, text: &str) -> World {
        let p = Params { protection, clients: 2, lease_s: 10, steps: vec![] };
        let mut w = World::new(&p);
        for part in text.split(',') {
            let m = Move::parse(part).expect("a step");
            w.possible(m).unwrap_or_else(|why| panic!("{part}: {why:?}"));
            w.apply(m);
        }
        w
    }

    /// The classic story: A pauses after reading; B takes over, reads, writes; A writes late.
    const CLASSIC: &str = "A.acquire,A.read,A.pause,B.acquire,B.read,B.write,A.write,B.release,A.release";
    /// Write-only fencing's gap: A's late write lands after B's read, before B's write.
    const GAP: &str = "A.acquire,A.read,A.pause,B.acquire,B.read,A.write,B.write,B.release,A.release";
    /// A wakes before B gets the lock: late but harmless.
    const LATE: &str = "A.acquire,A.read,A.pause,A.write,B.acquire,B.read,B.write,B.release,A.release";

    #[test]
    fn the_classic_story_under_each_protection() {
        let w = play(Protection::None, CLASSIC);
        assert_eq!((w.value, w.ending()), (1, Ending::OlderOverwrote), "A's stale write of 0 + 1 replaced B's 10");
        let w = play(Protection::FenceWrites, CLASSIC);
        assert_eq!((w.value, w.ending()), (10, Ending::Correct));
        // A pause is logged when it begins; the next step comes when it has ended.
        let at = |step: &str| w.log.iter().find(|l| l.step == step).map(|l| l.clock);
        assert_eq!((at("A.pause"), at("B.acquire")), (Some(2), Some(10)));
        assert!(w.log.iter().any(|l| l.step == "A.write" && l.accepted == Some(false) && l.sentence.contains("token 33 is below 34")));
        for p in [Protection::FenceAll, Protection::Conditional] {
            assert_eq!(play(p, CLASSIC).ending(), Ending::Correct, "{p:?}");
        }
    }

    #[test]
    fn write_only_fencing_has_the_gap_facts_md_describes() {
        // A's write lands after its lease ended but before B's first fenced access (a write):
        // 33 is still the highest token written, so it is applied; B's write (decided on B's
        // read of 0) replaces it.
        let w = play(Protection::FenceWrites, GAP);
        assert_eq!((w.value, w.ending()), (10, Ending::StaleRead));
        // Fencing B's read (it registers 34) or the conditional write closes it.
        let all = play(Protection::FenceAll, GAP);
        assert_eq!((all.value, all.ending()), (10, Ending::Correct));
        assert!(all.log.iter().any(|l| l.step == "A.write" && l.accepted == Some(false)));
        let cas = play(Protection::Conditional, GAP);
        assert_eq!((cas.value, cas.ending()), (1, Ending::Correct), "B's compare-and-set fails: the value moved");
        assert_eq!(play(Protection::None, GAP).ending(), Ending::StaleRead);
    }

    #[test]
    fn a_late_write_before_anyone_else_holds_the_lock_is_harmless() {
        for p in Protection::ALL {
            let w = play(p, LATE);
            assert_eq!((w.value, w.ending()), (11, Ending::Correct), "{p:?}");
        }
    }

    #[test]
    fn equal_tokens_are_accepted_and_the_rules_say_why_not() {
        // A reads then writes with the same token under fence-all: equal is not below.
        let w = play(Protection::FenceAll, "A.acquire,A.read,A.write,A.release");
        assert_eq!(w.value, 1);
        let w = play(Protection::None, "A.acquire,A.read");
        let why = |m: Move| w.possible(m).map_err(|said| english().said(&said));
        assert_eq!(why(Move::Do(1, Action::Acquire)), Err("A's lease has 8 s left".into()));
        assert_eq!(why(Move::Do(1, Action::Read)), Err("B's next step is acquire".into()));
        assert_eq!(why(Move::Do(2, Action::Read)), Err("there is no client C with 2 clients".into()));
        let mut w = w;
        for _ in 0..8 {
            w.apply(Move::Wait);
        }
        assert_eq!(w.possible(Move::Do(1, Action::Acquire)), Ok(()), "after eight waits the lease has run out");
    }

    #[test]
    fn steps_are_validated_and_the_valid_prefix_kept() {
        let raw = |s: &str| vec![("steps".to_string(), s.to_string())];
        let (v, n) = validate(&raw("A.acquire, A.read ,B.acquire,A.write"));
        let p = Params::from_values(&v);
        assert_eq!(p.steps.len(), 2);
        assert!(n[0].message.contains("step 3 \u{201c}B.acquire\u{201d} is not possible there (A's lease has 8 s left); the 2 before it are kept"), "{n:?}");
        let (v, n) = validate(&raw("A.acquire,A.dance"));
        assert_eq!(Params::from_values(&v).steps.len(), 1);
        assert!(n[0].message.contains("\u{201c}A.dance\u{201d} is not a step"), "{n:?}");
        let (v, n) = validate(&raw(CLASSIC));
        assert!(n.is_empty());
        assert_eq!(steps_pair(&v), vec![("steps".to_string(), CLASSIC.to_string())]);
        let long = vec!["wait"; MAX_STEPS + 5].join(",");
        let (v, n) = validate(&raw(&long));
        assert_eq!(Params::from_values(&v).steps.len(), MAX_STEPS);
        assert!(n[0].message.contains("only the first 60"));
        // Codes survive a round trip; junk codes are dropped.
        for c in 0..3u8 {
            for a in Action::ALL {
                assert_eq!(Move::from_code(Move::Do(c, a).code()), Some(Move::Do(c, a)));
            }
        }
        assert_eq!(Move::from_code(7.0), Some(Move::Wait));
        for junk in [-1.0, 0.5, 24.0, 5.0, f64::NAN] {
            assert_eq!(Move::from_code(junk), None, "{junk}");
        }
    }

    #[test]
    fn the_enumeration_agrees_with_the_hand_checked_orders() {
        let orders = enumerate(2, 10);
        let find = |text: &str| orders.iter().find(|(path, _)| path.iter().map(|m| m.text()).collect::<Vec<_>>().join(",") == text).map(|o| o.1);
        use Ending::*;
        assert_eq!(find(CLASSIC), Some([OlderOverwrote, Correct, Correct, Correct]));
        assert_eq!(find(GAP), Some([StaleRead, StaleRead, Correct, Correct]));
        assert_eq!(find(LATE), Some([Correct; 4]));
        // Fencing every access and the conditional write never fail; write-only fencing fails
        // exactly where A's write lands between B's read and B's write.
        let k = |p: Protection| Protection::ALL.iter().position(|x| *x == p).unwrap_or(0);
        for (path, e) in &orders {
            assert_eq!(e[k(Protection::FenceAll)], Correct);
            assert_eq!(e[k(Protection::Conditional)], Correct);
            let at = |m: &str| path.iter().position(|x| x.text() == m).unwrap_or(usize::MAX);
            let gap = at("B.read") < at("A.write") && at("A.write") < at("B.write");
            assert_eq!(e[k(Protection::FenceWrites)] != Correct, gap, "{path:?}");
        }
    }
}

#[cfg(test)]
mod allows {
    use super::*;

    /// The enumeration's quick check and the sandbox's reasons never disagree.
    #[test]
    fn allows_agrees_with_possible_everywhere() {
        for clients in [2u8, 3] {
            for lease_s in [2u32, 10] {
                for (path, _) in enumerate(clients, lease_s) {
                    let mut w = World::new(&Params { protection: Protection::None, clients, lease_s, steps: vec![] });
                    for &m in &path {
                        for c in 0..3u8 {
                            for a in Action::ALL {
                                let t = Move::Do(c, a);
                                assert_eq!(w.allows(t), w.possible(t).is_ok(), "{path:?} {t:?}");
                            }
                        }
                        w.apply(m);
                    }
                }
            }
        }
    }
}
