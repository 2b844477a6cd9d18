//! # Redlock: a quorum on five Redis masters, walked through step by step
//!
//! A client sends `SET key value NX PX ttl` to five independent masters, **one after another**
//! (as the Redis description puts it; many clients, node-redlock and redis-semaphore among them,
//! send to all masters in parallel; the widget draws the messages in turn). Each reply takes `latency-ms`. The
//! client waits for each master at most its per-master timeout (`node-timeout-ms`, by default
//! [`NODE_TIMEOUT_MS`], small beside the TTL as the algorithm asks): a master that is down, or
//! one slower than that, counts as no answer, and the client moves on after the timeout. The client holds the lock only if at least three
//! said yes and the time it took is under the TTL; then it may use it for
//! validity = TTL − elapsed − drift, with drift = 0.01 × TTL + 2 ms (the client libraries'
//! convention). Otherwise it releases everywhere.
//!
//! Scenarios (`scenario`), each a deterministic timeline ending in a verdict:
//! - `normal`: five quick yeses; validity just under the TTL.
//! - `slow-nodes`: C, D and E answer after `slow-ms`. Slower than the per-master timeout, they
//!   count as no answer: two yeses, no lock. Within it, validity shrinks, and once the replies take
//!   longer than the TTL the lock is refused although all five said yes.
//! - `node-down`: `nodes-down` masters are unreachable: three up still make a quorum, two do not.
//! - `clock-jump` (Kleppmann's first counterexample): client 1 locks A, B, C (D and E unreachable
//!   for it); C's clock jumps forward by `clock-jump-ms`, so its key expires early; client 2 locks
//!   C, D, E (A and B unreachable for it). If that happens before client 1's validity ends, both
//!   hold the lock.
//! - `crash-restart`: C grants client 1, crashes, and restarts without the key (no persistence, or
//!   fsync once a second); client 2 locks C, D, E: both hold. With `delayed-restart`, C stays down
//!   longer than the TTL, so client 2 finds only D and E and gets no quorum.
//! - `client-pause` (the second counterexample, and the reply to it): client 1 pauses for
//!   `pause-ms`. While it is still collecting replies (`pause-when` = `collecting`), the elapsed
//!   time includes the pause and the check refuses the lock. After the check (`after-check`), the
//!   lock looks valid when client 1 last looked; its keys expire, client 2 takes the lock, and client
//!   1's late write reaches the resource. That no lease catches a pause after the holder's last
//!   check is what Kleppmann and Redis's author agree on. What to do about it they do not:
//!   Kleppmann wants a monotonic fencing token checked by the resource (which Redlock cannot
//!   mint); Redis's author answers that the lock's unique random value, checked by the resource
//!   with a check-and-set, can serve, and that a resource able to check tokens hardly needs the
//!   lock.
//!
//! The exact companion: with each master answering yes in time independently with probability q,
//! P(quorum) = Σ_{k≥3} C(5,k) q^k (1 − q)^{5−k}; beside it, `trials` seeded attempts.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardUniform};
use serde::{Deserialize, Serialize};

use crate::params::{Choice, Kind, Spec};
use crate::messages::{Said, Tr};
use crate::timeline::{Step, Timeline};

/// The timeline of `steps` (when, and what as a message) in `tr`'s language.
fn said_timeline(steps: &[(f64, Said)], end: f64, tr: &Tr) -> Timeline {
    Timeline { steps: steps.iter().map(|(time, said)| Step { time: *time, sentence: tr.said(said) }).collect(), end }
}

pub const NAME: &str = "redlock";
/// Masters.
pub const NODES: usize = 5;
pub const NODE_NAMES: [&str; NODES] = ["A", "B", "C", "D", "E"];
/// Yes answers needed.
pub const QUORUM: usize = 3;
/// How long the client waits for a master's answer by default (a small per-node timeout, as the
/// algorithm asks, so one dead or slow master does not eat the TTL): `node-timeout-ms`.
pub const NODE_TIMEOUT_MS: f64 = 50.0;
/// How long a crashed master takes to restart when the restart is not delayed.
pub const QUICK_RESTART_MS: f64 = 500.0;

pub const SPECS: &[Spec] = &[
    Spec {
        name: "scenario",
        label: "Scenario",
        unit: "",
        kind: Kind::Choice {
            options: &[
                Choice { value: "normal", label: "All five answer quickly" },
                Choice { value: "slow-nodes", label: "Three slow masters" },
                Choice { value: "node-down", label: "Masters down" },
                Choice { value: "clock-jump", label: "A clock jumps" },
                Choice { value: "crash-restart", label: "A master crashes and restarts" },
                Choice { value: "client-pause", label: "The client pauses" },
            ],
            default: 0,
        },
    },
    Spec { name: "ttl-ms", label: "Lock TTL", unit: "ms", kind: Kind::Float { min: 100.0, max: 60_000.0, default: 10_000.0, log: true, step: 0.0 } },
    Spec { name: "latency-ms", label: "Reply time per master", unit: "ms", kind: Kind::Float { min: 1.0, max: 2000.0, default: 5.0, log: true, step: 0.0 } },
    Spec { name: "slow-ms", label: "Reply time of the slow masters", unit: "ms", kind: Kind::Float { min: 1.0, max: 20_000.0, default: 3000.0, log: true, step: 0.0 } },
    Spec { name: "node-timeout-ms", label: "Client's timeout per master", unit: "ms", kind: Kind::Float { min: 1.0, max: 30_000.0, default: NODE_TIMEOUT_MS, log: true, step: 0.0 } },
    Spec { name: "nodes-down", label: "Masters down", unit: "", kind: Kind::Int { min: 0, max: 5, default: 2, log: false } },
    Spec { name: "clock-jump-ms", label: "C's clock jumps by", unit: "ms", kind: Kind::Float { min: 0.0, max: 60_000.0, default: 5000.0, log: false, step: 50.0 } },
    Spec { name: "delayed-restart", label: "Delayed restart (down longer than the TTL)", unit: "", kind: Kind::Bool { default: false } },
    Spec { name: "pause-ms", label: "Client 1's pause", unit: "ms", kind: Kind::Float { min: 0.0, max: 60_000.0, default: 15_000.0, log: false, step: 100.0 } },
    Spec {
        name: "pause-when",
        label: "Client 1 pauses",
        unit: "",
        kind: Kind::Choice {
            options: &[Choice { value: "collecting", label: "while collecting replies" }, Choice { value: "after-check", label: "after the check" }],
            default: 0,
        },
    },
    Spec { name: "nodes-up-chance", label: "Chance a master says yes in time", unit: "%", kind: Kind::Float { min: 0.0, max: 1.0, default: 0.9, log: false, step: 0.01 } },
    Spec { name: "trials", label: "Attempts simulated", unit: "", kind: Kind::Int { min: 100, max: 100_000, default: 10_000, log: true } },
    crate::params::seed(1),
];

/// The parameters shown first.
pub const PRIMARY: &[&str] = &["scenario", "ttl-ms", "slow-ms", "nodes-down", "clock-jump-ms", "delayed-restart", "pause-ms", "pause-when"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scenario {
    Normal,
    SlowNodes,
    NodeDown,
    ClockJump,
    CrashRestart,
    ClientPause,
}

impl Scenario {
    pub const ALL: [Scenario; 6] =
        [Scenario::Normal, Scenario::SlowNodes, Scenario::NodeDown, Scenario::ClockJump, Scenario::CrashRestart, Scenario::ClientPause];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PauseWhen {
    Collecting,
    AfterCheck,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Params {
    pub scenario: Scenario,
    pub ttl_ms: f64,
    pub latency_ms: f64,
    pub slow_ms: f64,
    pub node_timeout_ms: f64,
    pub nodes_down: u32,
    pub clock_jump_ms: f64,
    pub delayed_restart: bool,
    pub pause_ms: f64,
    pub pause_when: PauseWhen,
    pub nodes_up_chance: f64,
    pub trials: u32,
    pub seed: u64,
}

impl Params {
    pub fn from_values(v: &[f64]) -> Self {
        let (v, _) = crate::params::clamp(SPECS, v);
        Self {
            scenario: Scenario::ALL.get(v[0] as usize).copied().unwrap_or(Scenario::Normal),
            ttl_ms: v[1],
            latency_ms: v[2],
            slow_ms: v[3],
            node_timeout_ms: v[4],
            nodes_down: v[5] as u32,
            clock_jump_ms: v[6],
            delayed_restart: v[7] >= 0.5,
            pause_ms: v[8],
            pause_when: if v[9] >= 0.5 { PauseWhen::AfterCheck } else { PauseWhen::Collecting },
            nodes_up_chance: v[10],
            trials: v[11] as u32,
            seed: v[12] as u64,
        }
    }

    /// The clock-drift allowance: 0.01 × TTL + 2 ms.
    pub fn drift_ms(&self) -> f64 {
        0.01 * self.ttl_ms + 2.0
    }
}

impl Default for Params {
    fn default() -> Self {
        Self::from_values(&crate::params::defaults(SPECS))
    }
}

/// Yeses needed for the lock: [`QUORUM`] (a wrong two under the lab's mutation suite).
fn quorum_needed() -> usize {
    if crate::mutation::on("redlock-quorum-two") { 2 } else { QUORUM }
}

/// P(at least three of five say yes), each independently with probability `q`.
pub fn quorum_chance(q: f64) -> f64 {
    let q = q.clamp(0.0, 1.0);
    (QUORUM..=NODES).map(|k| binomial(NODES, k) * libm::pow(q, k as f64) * libm::pow(1.0 - q, (NODES - k) as f64)).sum()
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Who did what, for the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Who {
    Client1,
    Client2,
    Node(usize),
}

/// A message from a client to a master and its answer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub client: u8,
    pub node: usize,
    pub sent_ms: f64,
    /// When the answer (or the timeout) came.
    pub answered_ms: f64,
    /// Yes (the key was set), no (it exists), or no answer (the master is down or unreachable).
    pub yes: bool,
    pub reached: bool,
}

/// A key on a master: which client's, from when, until when (expiry or loss).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Key {
    pub client: u8,
    pub node: usize,
    pub from_ms: f64,
    pub until_ms: f64,
}

/// A client's hold: from the moment it acquired to the end of its validity.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hold {
    pub client: u8,
    pub from_ms: f64,
    pub until_ms: f64,
}

/// What `locklab:change` carries as `result`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub scenario: Scenario,
    /// Client 1 holds the lock.
    pub acquired: bool,
    pub second_client_acquired: bool,
    /// Both clients hold the lock at the same moment: mutual exclusion violated.
    pub both_hold: bool,
    /// Yes answers client 1 collected.
    pub quorum: u32,
    /// How long client 1's acquisition took (pause included, if it paused while collecting).
    pub elapsed_ms: f64,
    /// TTL − elapsed − drift (negative: no time left to use the lock).
    pub validity_ms: f64,
    /// The exact probability of a quorum when each master says yes in time with `nodes-up-chance`.
    pub quorum_chance: f64,
    /// The share of `trials` seeded attempts that formed a quorum.
    pub quorum_rate: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub summary: Summary,
    pub messages: Vec<Message>,
    pub keys: Vec<Key>,
    pub holds: Vec<Hold>,
    /// Masters down (or unreachable for everyone) during the story, and when: (node, from, until).
    pub down: Vec<(usize, f64, f64)>,
    /// A late write by client 1 after its validity (the `after-check` pause), if any.
    pub late_write_ms: Option<f64>,
    /// Clock jumps: (master, when, by how much), real time in ms.
    pub clock_jumps: Vec<(usize, f64, f64)>,
    /// The story, step by step, in English (data, the same in every language).
    pub timeline: Timeline,
    /// The same steps as messages, for saying them in the widget's language.
    #[serde(skip)]
    pub steps: Vec<(f64, Said)>,
}

/// One acquisition attempt, sequential over `order`: returns (messages, keys set, yes count,
/// end time).
struct Attempt {
    messages: Vec<Message>,
    yes: Vec<usize>,
    end: f64,
}

/// One round of requests, one master after another. `reply(node)` is how long that master takes
/// to answer yes (`None`: it is unreachable); a reply slower than the client's `timeout` per
/// master counts as no answer, as the algorithm says, and the client moves on after the timeout.
/// `own_delay(node)` is time the client itself loses before it reads a reply that came in time
/// (a pause of its own, which is not a slow master).
fn attempt(client: u8, start: f64, order: &[usize], timeout: f64, reply: impl Fn(usize) -> Option<f64>, own_delay: impl Fn(usize) -> f64) -> Attempt {
    let mut t = start;
    let mut messages = Vec::new();
    let mut yes = Vec::new();
    for &node in order {
        let (answered, ok) = match reply(node).filter(|&latency| latency <= timeout) {
            Some(latency) => (t + latency + own_delay(node), true),
            None => (t + timeout, false),
        };
        messages.push(Message { client, node, sent_ms: t, answered_ms: answered, yes: ok, reached: ok });
        if ok {
            yes.push(node);
        }
        t = answered;
    }
    Attempt { messages, yes, end: t }
}

/// No time of the client's own lost while collecting.
fn no_delay(_: usize) -> f64 {
    0.0
}

fn simulated_rate(q: f64, trials: u32, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hits = 0u32;
    for _ in 0..trials {
        let yes = (0..NODES).filter(|_| Distribution::<f64>::sample(&StandardUniform, &mut rng) < q).count();
        if yes >= quorum_needed() {
            hits += 1;
        }
    }
    f64::from(hits) / f64::from(trials.max(1))
}

/// Everything this widget says, in English (the source its translations are made from).
pub const MESSAGES: &str = include_str!(concat!(env!("OUT_DIR"), "/en/redlock.ftl"));

pub fn run(p: &Params) -> Outcome {
    let mut story = Story::new(p);
    let first = story.first_client();
    let second_acquired = first.acquired && story.second_client(&first);
    story.finish(&first, second_acquired)
}

/// Client 1's acquisition, as it ended.
struct First {
    elapsed: f64,
    validity: f64,
    quorum: usize,
    acquired: bool,
}

/// What the story has drawn so far.
struct Story<'a> {
    p: &'a Params,
    drift: f64,
    keys: Vec<Key>,
    holds: Vec<Hold>,
    down: Vec<(usize, f64, f64)>,
    late_write_ms: Option<f64>,
    clock_jumps: Vec<(usize, f64, f64)>,
    notes: Vec<(f64, Said)>,
    messages: Vec<Message>,
}

impl<'a> Story<'a> {
    fn new(p: &'a Params) -> Self {
        Self {
            p,
            drift: if crate::mutation::on("redlock-validity-without-drift") { 0.0 } else { p.drift_ms() },
            keys: Vec::new(),
            holds: Vec::new(),
            down: Vec::new(),
            late_write_ms: None,
            clock_jumps: Vec::new(),
            notes: Vec::new(),
            messages: Vec::new(),
        }
    }

    fn note(&mut self, t: f64, said: Said) {
        self.notes.push((t, said));
    }

    fn pause_collecting(&self) -> bool {
        self.p.scenario == Scenario::ClientPause && self.p.pause_when == PauseWhen::Collecting
    }

    /// Client 1's round of requests, shaped by the scenario.
    fn first_attempt(&mut self) -> Attempt {
        let p = self.p;
        let lat = p.latency_ms;
        let all: Vec<usize> = (0..NODES).collect();
        let pause_collecting = self.pause_collecting();
        let to = p.node_timeout_ms;
        match p.scenario {
            // Pausing while collecting: C's reply arrives in time and is read only after the pause.
            Scenario::Normal | Scenario::ClientPause => attempt(1, 0.0, &all, to, |_| Some(lat), |node| if pause_collecting && node == 2 { p.pause_ms } else { 0.0 }),
            Scenario::SlowNodes => attempt(1, 0.0, &all, to, |node| Some(if node >= 2 { p.slow_ms } else { lat }), no_delay),
            Scenario::NodeDown => {
                let n_down = p.nodes_down as usize;
                for node in NODES - n_down..NODES {
                    self.down.push((node, 0.0, f64::INFINITY));
                }
                attempt(1, 0.0, &all, to, |node| (node < NODES - n_down).then_some(lat), no_delay)
            }
            // D and E unreachable for client 1.
            Scenario::ClockJump | Scenario::CrashRestart => attempt(1, 0.0, &all, to, |node| (node <= 2).then_some(lat), no_delay),
        }
    }

    /// Client 1 asks every master, counts its yeses and decides.
    fn first_client(&mut self) -> First {
        let ttl = self.p.ttl_ms;
        let first = self.first_attempt();
        self.messages.extend(first.messages.iter().copied());
        let elapsed = first.end;
        let validity = ttl - elapsed - self.drift;
        let quorum = first.yes.len();
        let acquired = quorum >= quorum_needed() && elapsed < ttl && validity > 0.0;
        for m in &first.messages {
            if m.yes {
                // The key is set when the request arrives, half-way through the round trip.
                self.keys.push(Key { client: 1, node: m.node, from_ms: (m.sent_ms + m.answered_ms) / 2.0, until_ms: m.sent_ms + ttl });
            }
        }
        for m in &first.messages {
            let what = if !m.reached {
                Said::new("redlock-no-answer").name("node", NODE_NAMES[m.node]).num("timeout", self.p.node_timeout_ms)
            } else {
                Said::new("redlock-yes-1").name("node", NODE_NAMES[m.node])
            };
            self.note(m.answered_ms, what);
        }
        if self.pause_collecting() {
            self.note(first.messages[2].sent_ms, Said::new("redlock-freezes-collecting").num("pause", self.p.pause_ms));
        }
        let verdict = if acquired {
            self.holds.push(Hold { client: 1, from_ms: elapsed, until_ms: elapsed + validity });
            Said::new("redlock-holds")
                .num("quorum", quorum as f64)
                .num("elapsed", elapsed)
                .num("validity", validity)
                .num("ttl", ttl)
                .num("drift", self.drift)
        } else if quorum < QUORUM {
            Said::new("redlock-too-few").num("quorum", quorum as f64).num("needed", QUORUM as f64)
        } else {
            Said::new("redlock-too-slow").num("quorum", quorum as f64).num("elapsed", elapsed).num("ttl", ttl)
        };
        self.note(elapsed, verdict);
        if !acquired {
            // Released at once.
            for k in self.keys.iter_mut() {
                k.until_ms = k.until_ms.min(elapsed);
            }
        }
        First { elapsed, validity, quorum, acquired }
    }

    /// The second client, where the scenario has one (client 1 holds the lock); whether it gets
    /// the lock too.
    fn second_client(&mut self, first: &First) -> bool {
        match self.p.scenario {
            Scenario::ClockJump => self.clock_jump(first.elapsed),
            Scenario::CrashRestart => self.crash_restart(first.elapsed),
            Scenario::ClientPause if self.p.pause_when == PauseWhen::AfterCheck => self.pause_after_check(first),
            _ => false,
        }
    }

    /// C's clock jumps forward at the moment client 1 holds the lock: its key's expiry comes
    /// `jump` early in real time, and client 2 tries right after, reaching C, D and E only.
    fn clock_jump(&mut self, elapsed: f64) -> bool {
        let (ttl, jump, lat) = (self.p.ttl_ms, self.p.clock_jump_ms, self.p.latency_ms);
        let mut c_expires = elapsed;
        let expiry_jumps = !crate::mutation::on("redlock-expiry-ignores-wall-clock");
        if let Some(k) = self.keys.iter_mut().find(|k| k.client == 1 && k.node == 2) {
            if expiry_jumps {
                k.until_ms = k.until_ms.min(k.from_ms + (ttl - jump).max(0.0)).max(elapsed);
            }
            c_expires = k.until_ms;
        }
        self.note(elapsed, Said::new("redlock-clock-jumps").num("jump", jump));
        self.clock_jumps.push((2, elapsed, jump));
        self.note(c_expires, Said::new("redlock-expires-early"));
        let start = c_expires + 1.0;
        let to = self.p.node_timeout_ms;
        let second = attempt(2, start, &[2, 3, 4, 0, 1], to, |node| (node >= 2).then_some(lat), no_delay);
        let acquired = second.yes.len() >= quorum_needed() && second.end - start < ttl;
        self.second(&second, start, acquired);
        acquired
    }

    /// C crashes just after client 1 acquires and comes back empty; client 2 tries when C would
    /// be back after a quick restart, reaching C, D and E only.
    fn crash_restart(&mut self, elapsed: f64) -> bool {
        let (ttl, lat, delayed) = (self.p.ttl_ms, self.p.latency_ms, self.p.delayed_restart);
        let crash = elapsed + 1.0;
        let restart = crash + if delayed { ttl + 1000.0 } else { QUICK_RESTART_MS };
        self.down.push((2, crash, restart));
        let expiry_jumps = !crate::mutation::on("redlock-expiry-ignores-wall-clock");
        if let Some(k) = self.keys.iter_mut().find(|k| expiry_jumps && k.client == 1 && k.node == 2) {
            k.until_ms = crash;
        }
        self.note(crash, Said::new("redlock-crashes"));
        if !delayed {
            self.note(restart, Said::new("redlock-restarts"));
        }
        let start = crash + QUICK_RESTART_MS + 1.0;
        let to = self.p.node_timeout_ms;
        let second = attempt(2, start, &[2, 3, 4, 0, 1], to, |node| (node == 2 && !delayed || node == 3 || node == 4).then_some(lat), no_delay);
        let acquired = second.yes.len() >= quorum_needed() && second.end - start < ttl;
        self.second(&second, start, acquired);
        if delayed {
            self.note(restart, Said::new("redlock-rejoins"));
        }
        acquired
    }

    /// Client 1 pauses right after the check, for longer than its validity or not.
    fn pause_after_check(&mut self, first: &First) -> bool {
        let (elapsed, lat) = (first.elapsed, self.p.latency_ms);
        let wake = elapsed + self.p.pause_ms;
        self.note(elapsed, Said::new("redlock-freezes-after").num("pause", self.p.pause_ms));
        if wake <= elapsed + first.validity {
            self.note(wake, Said::new("redlock-wakes-in-time"));
            return false;
        }
        let keys_gone = self.keys.iter().filter(|k| k.client == 1).map(|k| k.until_ms).fold(0.0, f64::max);
        let start = keys_gone + 1.0;
        let mut acquired = false;
        if start < wake {
            let all: Vec<usize> = (0..NODES).collect();
            let to = self.p.node_timeout_ms;
            let second = attempt(2, start, &all, to, |_| Some(lat), no_delay);
            acquired = second.yes.len() >= quorum_needed();
            self.second(&second, start, acquired);
        }
        self.late_write_ms = Some(wake);
        self.note(wake, Said::new("redlock-wakes-late"));
        acquired
    }

    /// Client 2's round of requests, started at `start`, and its verdict.
    fn second(&mut self, second: &Attempt, start: f64, acquired: bool) {
        let ttl = self.p.ttl_ms;
        self.messages.extend(second.messages.iter().copied());
        let elapsed = second.end - start;
        for m in &second.messages {
            if m.yes {
                self.keys.push(Key { client: 2, node: m.node, from_ms: (m.sent_ms + m.answered_ms) / 2.0, until_ms: m.sent_ms + ttl });
            }
            let what = Said::new(if m.reached { "redlock-yes-2" } else { "redlock-no-answer-2" }).name("node", NODE_NAMES[m.node]);
            self.note(m.answered_ms, what);
        }
        let verdict = if acquired {
            self.holds.push(Hold { client: 2, from_ms: second.end, until_ms: second.end + ttl - elapsed - self.drift });
            Said::new("redlock-second-holds").num("yes", second.yes.len() as f64)
        } else {
            for k in self.keys.iter_mut().filter(|k| k.client == 2) {
                k.until_ms = k.until_ms.min(second.end);
            }
            Said::new("redlock-second-fails").num("yes", second.yes.len() as f64)
        };
        self.note(second.end, verdict);
    }

    fn finish(mut self, first: &First, second_acquired: bool) -> Outcome {
        let (p, holds) = (self.p, &self.holds);
        // Both hold at once: client 2's hold starts before client 1's validity ends, or client
        // 1's late write lands while client 2 holds the lock.
        let overlap = holds.iter().any(|h| h.client == 2)
            && holds.iter().filter(|h| h.client == 1).any(|h1| holds.iter().filter(|h| h.client == 2).any(|h2| h2.from_ms < h1.until_ms));
        let late_during_second = self.late_write_ms.is_some_and(|w| holds.iter().any(|h| h.client == 2 && h.from_ms <= w && w < h.until_ms));
        let both_hold = first.acquired && second_acquired && (overlap || late_during_second);
        let end = [
            first.elapsed,
            holds.iter().map(|h| h.until_ms).fold(0.0, f64::max),
            self.late_write_ms.unwrap_or(0.0),
            self.down.iter().map(|d| if d.2.is_finite() { d.2 } else { 0.0 }).fold(0.0, f64::max),
        ]
        .into_iter()
        .fold(0.0, f64::max)
            * 1.05
            + 1.0;
        for d in self.down.iter_mut() {
            d.2 = d.2.min(end);
        }
        for k in self.keys.iter_mut() {
            k.until_ms = k.until_ms.min(end);
        }
        // Stable: steps at the same moment keep the order they happened in.
        self.notes.sort_by(|a, b| a.0.total_cmp(&b.0));
        let steps: Vec<(f64, Said)> = self.notes.into_iter().map(|(t, what)| (t, Said::new("redlock-step").num("time", t).said("what", what))).collect();
        let timeline = said_timeline(&steps, end, &Tr::english(&[MESSAGES]));
        Outcome {
            summary: Summary {
                scenario: p.scenario,
                acquired: first.acquired,
                second_client_acquired: second_acquired,
                both_hold,
                quorum: first.quorum as u32,
                elapsed_ms: first.elapsed,
                validity_ms: first.validity,
                quorum_chance: quorum_chance(p.nodes_up_chance),
                quorum_rate: simulated_rate(p.nodes_up_chance, p.trials, p.seed),
            },
            messages: self.messages,
            keys: self.keys,
            holds: self.holds,
            down: self.down,
            late_write_ms: self.late_write_ms,
            clock_jumps: self.clock_jumps,
            timeline,
            steps,
        }
    }
}

impl Outcome {
    /// What master `node`'s clock reads at real time `t` (ms since the story began).
    pub fn clock(&self, node: usize, t: f64) -> f64 {
        t + self.clock_jumps.iter().filter(|&&(n, at, _)| n == node && at <= t).map(|j| j.2).sum::<f64>()
    }

    /// The story step by step in `tr`'s language (the result's `timeline` is the English one).
    pub fn timeline_in(&self, tr: &Tr) -> Timeline {
        said_timeline(&self.steps, self.timeline.end, tr)
    }

    /// What the widget says, in English.
    pub fn narrative(&self, p: &Params) -> String {
        self.narrative_in(p, &Tr::english(&[MESSAGES]))
    }

    /// What the widget says, in `tr`'s locale: the story's sentence, then the odds.
    pub fn narrative_in(&self, p: &Params, tr: &Tr) -> String {
        let s = &self.summary;
        let (key, args): (&str, Vec<(&str, crate::messages::Arg)>) = match p.scenario {
            _ if p.latency_ms > p.node_timeout_ms => ("redlock-timeout", vec![("latency", p.latency_ms.into()), ("timeout", p.node_timeout_ms.into())]),
            Scenario::Normal => ("redlock-normal", vec![("elapsed", s.elapsed_ms.into()), ("validity", s.validity_ms.into()), ("ttl", p.ttl_ms.into())]),
            Scenario::SlowNodes if s.acquired => ("redlock-slow-held", vec![("elapsed", s.elapsed_ms.into()), ("validity", s.validity_ms.into()), ("ttl", p.ttl_ms.into())]),
            Scenario::SlowNodes if (s.quorum as usize) < QUORUM => {
                ("redlock-slow-timeout", vec![("slow", p.slow_ms.into()), ("timeout", p.node_timeout_ms.into()), ("quorum", s.quorum.into())])
            }
            Scenario::SlowNodes => ("redlock-slow-refused", vec![("elapsed", s.elapsed_ms.into()), ("ttl", p.ttl_ms.into())]),
            Scenario::NodeDown => (if s.acquired { "redlock-down-held" } else { "redlock-down-failed" }, vec![("down", p.nodes_down.into()), ("quorum", s.quorum.into())]),
            Scenario::ClockJump => (if s.both_hold { "redlock-jump-both" } else { "redlock-jump-safe" }, vec![("jump", p.clock_jump_ms.into())]),
            Scenario::CrashRestart => (if s.both_hold { "redlock-crash-both" } else { "redlock-crash-safe" }, vec![]),
            Scenario::ClientPause if p.pause_when == PauseWhen::Collecting => (
                if s.acquired { "redlock-pause-collecting-held" } else { "redlock-pause-collecting-refused" },
                vec![("pause", p.pause_ms.into()), ("elapsed", s.elapsed_ms.into())],
            ),
            Scenario::ClientPause => (
                if self.late_write_ms.is_some() { "redlock-pause-late" } else { "redlock-pause-in-time" },
                vec![("pause", p.pause_ms.into()), ("validity", s.validity_ms.into())],
            ),
        };
        let odds = tr.msg(
            "redlock-odds",
            &[("chance", p.nodes_up_chance.into()), ("quorum", s.quorum_chance.into()), ("rate", s.quorum_rate.into()), ("trials", p.trials.into())],
        );
        format!("{} {odds}", tr.msg(key, &args))
    }
}


crate::scenario! {
    /// Redlock's quorum, played step by step, as a [`Scenario`].
    Redlock, cache: (), run: |p: &Params, _: &mut ()| run(p), {
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
        ("scenario", "the story"),
        ("ttl-ms", "the lock's TTL"),
        ("latency-ms", "reply time of a master"),
        ("slow-ms", "reply time of C, D, E in `slow-nodes`"),
        ("node-timeout-ms", "how long the client waits for each master's reply"),
        ("nodes-down", "masters down in `node-down`"),
        ("clock-jump-ms", "how far C's clock jumps in `clock-jump`"),
        ("delayed-restart", "C stays down longer than the TTL in `crash-restart`"),
        ("pause-ms", "client 1's pause in `client-pause`"),
        ("pause-when", "when client 1 pauses"),
        ("nodes-up-chance", "chance one master says yes in time (the quorum curve)"),
        ("trials", "seeded attempts beside the curve"),
        ("seed", "seed of the attempts"),
    ],
    results: &[
        ("scenario", "as set"),
        ("acquired", "client 1 holds the lock"),
        ("secondClientAcquired", "client 2 got a quorum too"),
        ("bothHold", "both held it at the same moment (mutual exclusion violated)"),
        ("quorum", "yes answers client 1 collected"),
        ("elapsedMs", "how long client 1's acquisition took"),
        ("validityMs", "TTL − elapsed − drift"),
        ("quorumChance", "exact chance of a quorum at `nodes-up-chance`"),
        ("quorumRate", "share of the seeded attempts that formed one"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hold::within_binomial;

    fn case(scenario: Scenario) -> Params {
        Params { scenario, ..Params::default() }
    }

    #[test]
    fn the_quorum_formula() {
        assert_eq!(quorum_chance(1.0), 1.0);
        assert_eq!(quorum_chance(0.0), 0.0);
        assert!((quorum_chance(0.5) - 0.5).abs() < 1e-15, "symmetric at one half");
        // 0.9: 0.9^5 + 5·0.9^4·0.1 + 10·0.9^3·0.01, by brute force over the 32 outcomes.
        let brute: f64 = (0..32u32)
            .filter(|m| m.count_ones() >= 3)
            .map(|m| (0..5).map(|i| if m >> i & 1 == 1 { 0.9 } else { 0.1 }).product::<f64>())
            .sum();
        assert!((quorum_chance(0.9) - brute).abs() < 1e-15);
        for (seed, q) in [(1, 0.9), (2, 0.5), (3, 0.3), (4, 0.75)] {
            let trials = 100_000;
            let rate = simulated_rate(q, trials, seed);
            assert!(within_binomial((rate * f64::from(trials)).round() as usize, trials as usize, quorum_chance(q)), "q {q}: {rate}");
        }
    }

    #[test]
    fn normal_gives_validity_just_under_the_ttl() {
        let p = case(Scenario::Normal);
        let s = run(&p).summary;
        assert!(s.acquired && !s.both_hold);
        assert_eq!(s.quorum, 5);
        assert_eq!(s.elapsed_ms, 5.0 * p.latency_ms, "five sequential replies");
        assert_eq!(s.validity_ms, p.ttl_ms - s.elapsed_ms - (0.01 * p.ttl_ms + 2.0));
    }

    #[test]
    fn slow_nodes_past_the_timeout_count_as_no_answer() {
        // The defaults: 3 s replies against a 50 ms timeout per master (before: counted as yeses).
        let p = case(Scenario::SlowNodes);
        assert!(p.slow_ms > p.node_timeout_ms);
        let o = run(&p);
        assert_eq!(o.summary.quorum, 2, "only A and B answer in time");
        assert!(!o.summary.acquired);
        assert_eq!(o.summary.elapsed_ms, 2.0 * p.latency_ms + 3.0 * p.node_timeout_ms, "the client moves on after each timeout");
        assert!(o.narrative(&p).contains("past client 1's 50 ms timeout per master"), "{}", o.narrative(&p));
        // Replies slower than the timeout in every scenario: no yes at all.
        let p = Params { latency_ms: 80.0, ..case(Scenario::Normal) };
        assert_eq!(run(&p).summary.quorum, 0);
    }

    #[test]
    fn slow_nodes_shrink_validity_until_the_lock_is_refused() {
        // A client that waits longer than the slow masters take.
        let case = |s| Params { node_timeout_ms: 5000.0, ..case(s) };
        let ok = run(&case(Scenario::SlowNodes)).summary;
        assert!(ok.acquired && ok.validity_ms < 1000.0, "{ok:?}");
        let slower = run(&Params { slow_ms: 3400.0, ..case(Scenario::SlowNodes) }).summary;
        assert_eq!(slower.quorum, 5, "all five said yes");
        assert!(!slower.acquired, "{slower:?}");
    }

    #[test]
    fn masters_down() {
        for (down, ok) in [(0, true), (1, true), (2, true), (3, false), (5, false)] {
            let s = run(&Params { nodes_down: down, ..case(Scenario::NodeDown) }).summary;
            assert_eq!(s.acquired, ok, "{down} down");
            assert_eq!(s.quorum, 5 - down);
        }
    }

    #[test]
    fn clock_jump_lets_two_clients_hold_the_lock() {
        let s = run(&case(Scenario::ClockJump)).summary;
        assert!(s.acquired && s.second_client_acquired && s.both_hold, "{s:?}");
        // A tiny jump: C's key outlives client 1's validity, so no overlap.
        let s = run(&Params { clock_jump_ms: 50.0, ..case(Scenario::ClockJump) }).summary;
        assert!(!s.both_hold, "{s:?}");
    }

    #[test]
    fn only_cs_clock_jumps_and_only_from_the_jump() {
        let o = run(&case(Scenario::ClockJump));
        let at = o.summary.elapsed_ms;
        assert_eq!(o.clock(2, at - 1.0), at - 1.0);
        assert_eq!(o.clock(2, at + 1.0), at + 1.0 + 5000.0);
        assert_eq!(o.clock(0, at + 1.0), at + 1.0);
    }

    #[test]
    fn crash_restart_and_the_delayed_restart() {
        let s = run(&case(Scenario::CrashRestart)).summary;
        assert!(s.both_hold, "{s:?}");
        let s = run(&Params { delayed_restart: true, ..case(Scenario::CrashRestart) }).summary;
        assert!(s.acquired && !s.second_client_acquired && !s.both_hold, "{s:?}");
    }

    #[test]
    fn a_pause_while_collecting_is_caught_one_after_the_check_is_not() {
        let caught = run(&case(Scenario::ClientPause));
        assert!(!caught.summary.acquired, "{:?}", caught.summary);
        assert!(caught.summary.elapsed_ms > 15_000.0, "the pause counts in the elapsed time");
        let p = Params { pause_when: PauseWhen::AfterCheck, ..case(Scenario::ClientPause) };
        let o = run(&p);
        assert!(o.summary.acquired && o.summary.second_client_acquired && o.summary.both_hold, "{:?}", o.summary);
        assert!(o.late_write_ms.is_some());
        let text = o.narrative(&p);
        assert!(text.contains("agree") && text.contains("fencing token") && text.contains("check-and-set"), "{text}");
        assert!(!text.contains("only a fencing token"), "he did not agree that only a token helps: {text}");
        // The player's steps say it the same way.
        for step in &o.timeline.steps {
            assert!(!step.sentence.contains("only a fencing token"), "{}", step.sentence);
        }
        assert!(o.timeline.steps.iter().any(|s| s.sentence.contains("check-and-set")), "the late write's step names both checks");
        // A short pause after the check ends inside the validity.
        let s = run(&Params { pause_ms: 1000.0, ..p }).summary;
        assert!(s.acquired && !s.both_hold);
    }

    #[test]
    fn every_scenario_tells_its_story_in_order() {
        for scenario in Scenario::ALL {
            let p = case(scenario);
            let o = run(&p);
            let t = &o.timeline;
            assert!(!t.steps.is_empty() && t.steps.windows(2).all(|w| w[0].time <= w[1].time), "{scenario:?}");
            assert!(t.steps.iter().all(|s| s.time <= t.end), "{scenario:?}");
            assert!(!o.narrative(&p).is_empty());
        }
    }
}
