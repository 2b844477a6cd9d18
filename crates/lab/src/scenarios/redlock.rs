//! Redlock on five real Redis masters of the lab's own, each behind a delay proxy per client (so
//! a reply takes the widget's `latency-ms`, a slow master its `slow-ms`, and a master a client
//! cannot reach swallows its requests until the client's per-node timeout). Client 1 is a process
//! of its own, so that it can really freeze (it stops itself with SIGSTOP at the story's point, and
//! the lab thaws it `pause-ms` later); client 2 runs in the lab. Both send `SET key <unique> NX PX
//! ttl` to the masters one after another, as the widget draws it, and decide as the widget does:
//! at least three yeses and validity = TTL − elapsed − drift (0.01·TTL + 2 ms) above zero.
//!
//! Each scenario's fault is real: `node-down` kills masters (SIGKILL); `crash-restart` kills C
//! right after client 1 holds the lock and starts it again, empty, on the same port (or, with
//! `delayed-restart`, leaves it down past the TTL); `client-pause` freezes client 1's process.
//! `clock-jump` moves C's own wall clock: C runs with libfaketime preloaded (its allocations handed
//! to glibc's allocator, since libfaketime cannot start beside Debian's jemalloc; see
//! [`servers::FakeClock`]) and the lab steps its clock J ms of the story forward once client 1 holds
//! the lock. What happens to the key is Redis's doing: it keeps a key's expiry as a wall-clock
//! time, so the key on C expires J early. Until 6 December the lab played the jump as a
//! `PEXPIRE` on C's key, the model's own assumption; now a Redis that kept its expiries on a clock
//! that does not jump would disagree.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use locklab_sim::redlock::{self as sim, NODES, PauseWhen, Params, QUICK_RESTART_MS, Scenario};

// The real side decides by the algorithm as documented, not with the simulation's code: a lock
// needs a majority of the masters (the Redis documentation's "Distributed Locks with Redis"), and
// its validity is the TTL less the time taken and a clock-drift allowance of 1 % of the TTL plus
// 2 ms (the client libraries' CLOCK_DRIFT_FACTOR, redlock-rb and node-redlock, and the 2 ms they add).
const MAJORITY: usize = NODES / 2 + 1;
fn drift_allowance_ms(ttl_ms: f64) -> f64 {
    ttl_ms * 0.01 + 2.0
}
use serde_json::{Value, json};

use super::Ctx;
use crate::actors::{self, Actor};
use crate::clock::mono_ns;
use crate::proxy::Proxy;
use crate::report::{Report, Row};
use crate::servers;

/// Real milliseconds per millisecond of the story: the default 10 s TTL lasts 1 s, a master's
/// 5 ms reply 0.5 ms, the per-node timeout 5 ms.
pub const DEFAULT_SCALE: f64 = 0.1;
const KEY: &str = "lab:redlock";
/// The most time the lab adds to the client's timeout per master, in ms of the story (see
/// [`real_timeout_ms`]): 100 ms real at the default scale, a second at `--time-scale 1`.
const TIMEOUT_MARGIN_STORY_MS: f64 = 1000.0;

/// The client's real timeout per master, ms: the story's, scaled, plus a margin of up to
/// [`TIMEOUT_MARGIN_STORY_MS`] (scaled), never more than half the gap to the first reply the story
/// says comes too late. A master that answers in time (5 ms of the story, 0.5 ms real) then still answers
/// in time when the machine stalls for a moment (a 2-core machine under load stalled a client
/// for over 30 ms, past the 5 ms the scaled timeout leaves), and a reply the story calls too late
/// is still too late; only the waits on masters that never answer grow, which the check shows
/// and does not compare.
fn real_timeout_ms(p: &Params, scale: f64) -> f64 {
    let to = p.node_timeout_ms;
    let late = [Some(p.latency_ms), (p.scenario == Scenario::SlowNodes).then_some(p.slow_ms)];
    let gap = late.into_iter().flatten().filter(|&l| l > to).map(|l| (l - to) * scale / 2.0).fold(TIMEOUT_MARGIN_STORY_MS * scale, f64::min);
    (to * scale + gap).max(0.001)
}
/// Every scenario, and the settings that turn each of its verdicts.
const CHECK: [&[&str]; 13] = [
    &["scenario=normal"],
    // Slower than the client's timeout per master: two yeses, no lock.
    &["scenario=slow-nodes"],
    // A client that waits longer: five yeses and a shrunken validity, then none left.
    &["scenario=slow-nodes", "node-timeout-ms=5000"],
    &["scenario=slow-nodes", "node-timeout-ms=5000", "slow-ms=4000"],
    &["scenario=node-down"],
    &["scenario=node-down", "nodes-down=3"],
    &["scenario=clock-jump"],
    // A jump smaller than the drift allowance and the time taken: C's key lapses after client 1's
    // validity ends, so client 2 gets the lock but the two never overlap.
    &["scenario=clock-jump", "clock-jump-ms=50"],
    &["scenario=crash-restart"],
    &["scenario=crash-restart", "delayed-restart=true"],
    &["scenario=client-pause"],
    // A pause that leaves less time than the drift allowance: refused, by 27 ms of the story.
    &["scenario=client-pause", "pause-ms=9900"],
    &["scenario=client-pause", "pause-when=after-check"],
];

pub fn check(ctx: &Ctx) -> Result<Vec<Report>, String> {
    CHECK.iter().map(|s| run(ctx, &super::validate(sim::NAME, &super::pairs(s))?)).collect()
}

/// One request of an acquisition, in monotonic nanoseconds.
#[derive(Clone, Copy, Debug)]
struct Msg {
    node: usize,
    sent: u64,
    answered: u64,
    yes: bool,
    reached: bool,
}

/// An acquisition as a client saw it.
#[derive(Clone, Debug)]
struct Acquisition {
    start: u64,
    end: u64,
    messages: Vec<Msg>,
}

impl Acquisition {
    fn yes(&self) -> usize {
        self.messages.iter().filter(|m| m.yes).count()
    }
    fn json(&self) -> Value {
        json!({
            "start": self.start,
            "end": self.end,
            "messages": self.messages.iter().map(|m| json!([m.node, m.sent, m.answered, m.yes, m.reached])).collect::<Vec<_>>(),
        })
    }
    fn from_json(v: &Value) -> Result<Acquisition, String> {
        let n = |x: &Value| x.as_u64().ok_or("client 1 sent an unreadable time");
        let messages = v["messages"]
            .as_array()
            .ok_or("client 1 sent no messages")?
            .iter()
            .map(|m| Ok(Msg { node: m[0].as_u64().unwrap_or(0) as usize, sent: n(&m[1])?, answered: n(&m[2])?, yes: m[3].as_bool() == Some(true), reached: m[4].as_bool() == Some(true) }))
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Acquisition { start: n(&v["start"])?, end: n(&v["end"])?, messages })
    }
}

/// A RESP command.
fn resp(args: &[&str]) -> Vec<u8> {
    let mut out = format!("*{}\r\n", args.len()).into_bytes();
    for a in args {
        out.extend(format!("${}\r\n{a}\r\n", a.len()).into_bytes());
    }
    out
}

/// Reads one reply's first line (enough for `+OK`, `$-1`, `:1`, `-ERR …`); `None` on a timeout
/// or a closed connection.
fn reply_line(s: &mut TcpStream) -> Option<String> {
    let mut line = Vec::new();
    let mut b = [0u8; 1];
    loop {
        match s.read(&mut b) {
            Ok(1) => {
                line.push(b[0]);
                if line.ends_with(b"\r\n") {
                    return Some(String::from_utf8_lossy(&line[..line.len() - 2]).into_owned());
                }
            }
            _ => return None,
        }
    }
}

/// `SET key value NX PX px` to each of `ports` in `order`, one after another, each answer waited
/// for at most `timeout`. Connections are made before the first request, as a client keeps them.
fn acquire(ports: &[u16], order: &[usize], value: &str, px: u64, timeout: Duration, mut before_read: impl FnMut(usize)) -> Acquisition {
    let mut conns: Vec<Option<TcpStream>> = ports
        .iter()
        .map(|&p| {
            let s = TcpStream::connect_timeout(&([127, 0, 0, 1], p).into(), timeout).ok()?;
            s.set_nodelay(true).ok()?;
            s.set_read_timeout(Some(timeout)).ok()?;
            Some(s)
        })
        .collect();
    let set = resp(&["SET", KEY, value, "NX", "PX", &px.max(1).to_string()]);
    let start = mono_ns();
    let mut messages = Vec::new();
    for &node in order {
        let sent = mono_ns();
        let answer = conns[node].as_mut().and_then(|s| {
            s.write_all(&set).ok()?;
            before_read(node);
            reply_line(s)
        });
        let answered = mono_ns();
        messages.push(Msg { node, sent, answered, yes: answer.as_deref() == Some("+OK"), reached: answer.is_some() });
        if answer.is_none() {
            conns[node] = None;
        }
    }
    Acquisition { start, end: mono_ns(), messages }
}

/// Compare-and-delete of the key on each master that said yes (a client that did not get the
/// lock releases what it got).
fn release(ports: &[u16], a: &Acquisition, value: &str, timeout: Duration) {
    let del = resp(&["EVAL", crate::store::COMPARE_AND_DELETE, "1", KEY, value]);
    for m in a.messages.iter().filter(|m| m.yes) {
        if let Ok(mut s) = TcpStream::connect_timeout(&([127, 0, 0, 1], ports[m.node]).into(), timeout) {
            let _ = s.set_read_timeout(Some(timeout));
            if s.write_all(&del).is_ok() {
                let _ = reply_line(&mut s);
            }
        }
    }
}

/// Client 1 as a process: acquires, says what it saw; freezes itself where the story says.
pub fn actor(config: &Value) -> Result<(), String> {
    let ports: Vec<u16> = actors::field(config, "ports")?.as_array().ok_or("no ports")?.iter().filter_map(|p| p.as_u64()).map(|p| p as u16).collect();
    let value = actors::text(config, "value")?;
    let px = actors::number(config, "px")? as u64;
    let timeout = Duration::from_secs_f64(actors::number(config, "timeoutMs")? / 1000.0);
    let pause = actors::text(config, "pause")?;
    let stop = actors::stop_self;
    let order: Vec<usize> = (0..NODES).collect();
    let a = acquire(&ports, &order, &value, px, timeout, |node| {
        if pause == "collecting" && node == 2 {
            stop();
        }
    });
    actors::say(&json!({ "acquisition": a.json() }));
    if pause == "after-check" {
        for cmd in actors::commands() {
            if cmd["freeze"].as_bool() == Some(true) {
                stop();
                actors::say(&json!({ "event": "late-write", "at": mono_ns() }));
            }
            break;
        }
    }
    Ok(())
}

/// Five masters and a proxy per client and master.
struct Masters {
    dir: std::path::PathBuf,
    ports: Vec<u16>,
    pids: Vec<Option<u32>>,
    /// `proxies[client][node]`, clients 1 and 2 at 0 and 1.
    proxies: [Vec<Proxy>; 2],
    /// C's own wall clock, when the story jumps it.
    clock: Option<servers::FakeClock>,
}

impl Masters {
    /// Five masters; with `clock_on_c`, C on a wall clock of its own.
    fn start(clock_on_c: bool) -> Result<Masters, String> {
        let dir = servers::scratch_dir()?;
        let clock = if clock_on_c { Some(servers::FakeClock::new(&dir)?) } else { None };
        let (mut ports, mut pids) = (Vec::new(), Vec::new());
        for n in 0..NODES {
            let port = servers::port()?;
            let (_, pid) = match (&clock, n) {
                (Some(clock), 2) => servers::start_redis_on_clock(&dir, port, clock)?,
                _ => servers::start_redis_on(&dir, port)?,
            };
            ports.push(port);
            pids.push(Some(pid));
        }
        let proxies = |_: usize| ports.iter().map(|&p| Proxy::start(p)).collect::<Result<Vec<_>, _>>();
        Ok(Masters { proxies: [proxies(1)?, proxies(2)?], dir, ports, pids, clock })
    }

    fn ports_for(&self, client: usize) -> Vec<u16> {
        self.proxies[client - 1].iter().map(|p| p.port).collect()
    }

    fn kill(&mut self, node: usize) {
        if let Some(pid) = self.pids[node].take() {
            servers::kill(pid);
        }
    }

    fn restart(&mut self, node: usize) -> Result<(), String> {
        let (_, pid) = servers::start_redis_on(&self.dir, self.ports[node])?;
        self.pids[node] = Some(pid);
        Ok(())
    }

    /// A direct connection to master `node` (no proxy), for the lab's own questions.
    fn direct(&self, node: usize) -> Result<redis::Connection, String> {
        crate::store::redis(&format!("redis://127.0.0.1:{}/", self.ports[node]))
    }

    /// Whether any master still has the key (asked directly).
    fn any_key(&self, nodes: &[usize]) -> bool {
        nodes.iter().any(|&n| self.pids[n].is_some() && self.direct(n).ok().and_then(|mut c| redis::cmd("EXISTS").arg(KEY).query::<i64>(&mut c).ok()).unwrap_or(0) > 0)
    }
}

impl Drop for Masters {
    fn drop(&mut self) {
        for n in 0..NODES {
            self.kill(n);
        }
    }
}

/// What the real story came to, in story ms from client 1's first request.
struct Real {
    first: Acquisition,
    second: Option<Acquisition>,
    late_write: Option<u64>,
    /// How far C's clock moved beyond the time that passed, and the span of the readings, story ms.
    jumped: Option<(f64, f64)>,
    /// What the lab did and saw, for the notes.
    notes: Vec<String>,
}

pub fn run(ctx: &Ctx, values: &[f64]) -> Result<Report, String> {
    let p = Params::from_values(values);
    let started = Instant::now();
    let s = ctx.scale;
    let real = replay(&p, s)?;
    let simulated = sim::run(&p);
    let su = &simulated.summary;
    let mut r = ctx.report(sim::NAME, sim::SPECS, values);
    r.simulated = super::summary_json(&su)?;

    let story = |ns: u64, from: u64| (ns.saturating_sub(from)) as f64 / 1e6 / s;
    let t0 = real.first.start;
    let drift = drift_allowance_ms(p.ttl_ms);
    let elapsed = story(real.first.end, t0);
    let validity = p.ttl_ms - elapsed - drift;
    let quorum = real.first.yes();
    let acquired = quorum >= MAJORITY && elapsed < p.ttl_ms && validity > 0.0;
    let hold1 = (elapsed, elapsed + validity);
    let (second_acquired, hold2) = match &real.second {
        Some(a) => {
            let e2 = story(a.end, a.start);
            let ok = a.yes() >= MAJORITY && e2 < p.ttl_ms;
            let from = story(a.end, t0);
            (ok, ok.then_some((from, from + p.ttl_ms - e2 - drift)))
        }
        None => (false, None),
    };
    let late = real.late_write.map(|w| story(w, t0));
    let both = acquired && second_acquired && hold2.is_some_and(|(f2, u2)| f2 < hold1.1 || late.is_some_and(|w| f2 <= w && w < u2));
    r.real = json!({
        "acquired": acquired,
        "secondClientAcquired": second_acquired,
        "bothHold": both,
        "quorum": quorum,
        "elapsedMs": round3(elapsed),
        "validityMs": round3(validity),
        "secondClientYes": real.second.as_ref().map(Acquisition::yes),
        "lateWriteMs": late.map(round3),
    });
    r.rows.push(Row::exact("acquired", &json!(su.acquired), &json!(acquired)));
    r.rows.push(Row::exact("secondClientAcquired", &json!(su.second_client_acquired), &json!(second_acquired)));
    r.rows.push(Row::exact("bothHold", &json!(su.both_hold), &json!(both)));
    r.rows.push(Row::exact("quorum", &json!(su.quorum), &json!(quorum)));
    r.rows.push(Row::shown("elapsedMs", &json!(round3(su.elapsed_ms)), &json!(round3(elapsed))));
    r.rows.push(Row::shown("validityMs", &json!(round3(su.validity_ms)), &json!(round3(validity))));
    if let Some((moved, span)) = real.jumped {
        // The jump itself, read back from C: a fake clock that did not take (or took twice)
        // says NO here before the endings say why.
        let allowed = span + 1.0 / s;
        r.rows.push(Row::within("C's clock jump, ms (Redis's TIME against the lab's clock)", json!(p.clock_jump_ms), json!(moved.round()), (moved - p.clock_jump_ms).abs() <= allowed));
    }
    r.tolerance = "acquired, secondClientAcquired, bothHold and client 1's quorum exactly; elapsed and validity are shown beside the simulation's (real requests pay loopback, the proxy and the client's own time, and a master that is down for real refuses a connection at once where the widget waits out the per-node timeout)".into();
    r.notes.push(super::scale_note(ctx, "ms"));
    r.notes.push(format!(
        "five redis-server masters of the lab's own, each behind a delay proxy per client: a reply took {} ms of the story ({} real), a slow master's {}, and an unreachable master swallowed the request until the client's {} ms timeout",
        locklab_sim::text::num(p.latency_ms),
        super::real_text(p.latency_ms * s, "ms"),
        locklab_sim::text::num(p.slow_ms),
        locklab_sim::text::num(p.node_timeout_ms)
    ));
    r.notes.extend(real.notes);
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}

fn replay(p: &Params, s: f64) -> Result<Real, String> {
    let mut m = Masters::start(p.scenario == Scenario::ClockJump)?;
    for c in &m.proxies {
        for (n, proxy) in c.iter().enumerate() {
            let slow = p.scenario == Scenario::SlowNodes && n >= 2;
            proxy.set_delay_ms(if slow { p.slow_ms } else { p.latency_ms } * s);
        }
    }
    let mut notes = Vec::new();
    match p.scenario {
        Scenario::NodeDown => {
            for n in NODES - (p.nodes_down as usize).min(NODES)..NODES {
                m.kill(n);
            }
            notes.push(format!("{} masters killed (SIGKILL) before client 1 asked: their proxies find nothing to connect to", p.nodes_down));
        }
        // Client 1 reaches A, B, C only; client 2 C, D, E only.
        Scenario::ClockJump | Scenario::CrashRestart => {
            for n in [3, 4] {
                m.proxies[0][n].set_cut(true);
            }
            for n in [0, 1] {
                m.proxies[1][n].set_cut(true);
            }
        }
        _ => {}
    }
    let px = (p.ttl_ms * s).round().max(1.0) as u64;
    // The client's timeout per master, for every request (a slow master past it is no answer).
    let timeout = Duration::from_secs_f64(real_timeout_ms(p, s) / 1000.0);
    let pause = match (p.scenario, p.pause_when) {
        (Scenario::ClientPause, PauseWhen::Collecting) => "collecting",
        (Scenario::ClientPause, PauseWhen::AfterCheck) => "after-check",
        _ => "none",
    };
    let mut client1 = Actor::start(
        "client 1",
        "redlock-client",
        &json!({ "ports": m.ports_for(1), "value": "client-1", "px": px, "timeoutMs": timeout.as_secs_f64() * 1000.0, "pause": pause }),
    )?;
    let pause_real = Duration::from_secs_f64(p.pause_ms * s / 1000.0);
    if pause == "collecting" {
        wait_stopping(&mut client1)?;
        std::thread::sleep(pause_real);
        thaw(&client1)?;
        notes.push(format!("client 1 stopped itself with SIGSTOP after sending its request to C and was thawed {} ms of the story later", locklab_sim::text::num(p.pause_ms)));
    }
    let first = Acquisition::from_json(&client1.recv()?["acquisition"])?;
    let story_ms = |ns: u64| ns.saturating_sub(first.start) as f64 / 1e6 / s;
    let elapsed = story_ms(first.end);
    let validity = p.ttl_ms - elapsed - drift_allowance_ms(p.ttl_ms);
    let held = first.yes() >= MAJORITY && elapsed < p.ttl_ms && validity > 0.0;
    if !held {
        release(&m.ports_for(1), &first, "client-1", timeout);
    }
    let at = |story: f64| Duration::from_nanos((story * s * 1e6) as u64);
    let until = |ns: u64| std::thread::sleep(Duration::from_nanos(ns.saturating_sub(mono_ns())));
    let ports2 = m.ports_for(2);
    let mut second = None;
    let mut late_write = None;
    let mut jumped = None;
    match p.scenario {
        Scenario::ClockJump if held => {
            // The jump: C's wall clock stepped J forward. Redis does the rest: a key's expiry is
            // a wall-clock time, so C's copy lapses J early (at once when J exceeds what is left).
            let mut c = m.direct(2)?;
            let clock = m.clock.as_ref().ok_or("C was started without a clock of its own")?;
            let jump = p.clock_jump_ms * s;
            let (wall_before, mono_before) = (redis_time_us(&mut c)?, mono_ns());
            let left: i64 = redis::cmd("PTTL").arg(KEY).query(&mut c).map_err(|e| format!("C refused PTTL: {}", crate::store::why(&e)))?;
            clock.jump(jump)?;
            let (wall_after, mono_after) = (redis_time_us(&mut c)?, mono_ns());
            // How far C's clock moved beyond the time that passed, by Redis's TIME against the
            // lab's monotonic clock (each reading between two of the other's, so within the
            // round trips' span).
            let moved_ms = (wall_after - wall_before) as f64 / 1000.0 - (mono_after - mono_before) as f64 / 1e6;
            let span_ms = (mono_after - mono_before) as f64 / 1e6;
            jumped = Some((moved_ms / s, span_ms / s));
            notes.push(format!(
                "C's own wall clock stepped {} ms of the story ({} real) forward once client 1 held the lock (libfaketime in C's process, its monotonic clock left alone, as an NTP step leaves it; C's allocations handed to glibc's allocator, since libfaketime cannot start beside Debian's jemalloc). C's key had {left} ms real left; Redis's TIME on C moved {} ms of the story more than the lab's monotonic clock. Nothing touched the key: its early end was Redis's",
                locklab_sim::text::num(p.clock_jump_ms),
                super::real_text(jump, "ms"),
                locklab_sim::text::num((moved_ms / s).round())
            ));
            let gone_by = mono_ns() + at(p.ttl_ms + 1000.0).as_nanos() as u64;
            while m.any_key(&[2]) && mono_ns() < gone_by {
                std::thread::sleep(Duration::from_micros(200));
            }
            std::thread::sleep(at(1.0));
            second = Some(acquire(&ports2, &[2, 3, 4, 0, 1], "client-2", px, timeout, |_| {}));
        }
        Scenario::CrashRestart if held => {
            std::thread::sleep(at(1.0));
            let crash = mono_ns();
            m.kill(2);
            if p.delayed_restart {
                until(crash + at(QUICK_RESTART_MS + 1.0).as_nanos() as u64);
                second = Some(acquire(&ports2, &[2, 3, 4, 0, 1], "client-2", px, timeout, |_| {}));
                notes.push(format!("C killed (SIGKILL) 1 ms of the story after client 1 held the lock, and kept down past the TTL ({} ms of the story); client 2 asked {} ms after the crash", locklab_sim::text::num(p.ttl_ms + 1000.0), locklab_sim::text::num(QUICK_RESTART_MS + 1.0)));
            } else {
                m.restart(2)?;
                let back = mono_ns();
                until(crash + at(QUICK_RESTART_MS + 1.0).as_nanos() as u64);
                let asked = mono_ns();
                second = Some(acquire(&ports2, &[2, 3, 4, 0, 1], "client-2", px, timeout, |_| {}));
                let after = |t: u64| locklab_sim::text::num(((t - crash) as f64 / 1e6 / s).round());
                notes.push(format!(
                    "C killed (SIGKILL) 1 ms of the story after client 1 held the lock and started again on its port, empty (no persistence): it answered {} ms of the story after the crash (the widget's quick restart: {} ms); client 2 asked {} ms after it",
                    after(back),
                    locklab_sim::text::num(QUICK_RESTART_MS),
                    after(asked)
                ));
            }
        }
        Scenario::ClientPause if pause == "after-check" && held => {
            client1.send(&json!({ "freeze": true }))?;
            wait_stopping(&mut client1)?;
            let wake = first.end + pause_real.as_nanos() as u64;
            if pause_real.as_secs_f64() * 1000.0 / s > validity {
                // Client 2 asks once client 1's keys are gone everywhere.
                let all: Vec<usize> = (0..NODES).collect();
                while m.any_key(&all) && mono_ns() < wake {
                    std::thread::sleep(Duration::from_micros(500));
                }
                std::thread::sleep(at(1.0));
                if mono_ns() < wake {
                    second = Some(acquire(&ports2, &all, "client-2", px, timeout, |_| {}));
                }
            }
            until(wake);
            thaw(&client1)?;
            let ev = client1.recv()?;
            late_write = ev["at"].as_u64();
            notes.push(format!("client 1 stopped itself with SIGSTOP right after its check and was thawed {} ms of the story later; it then wrote at once, sure it held the lock", locklab_sim::text::num(p.pause_ms)));
        }
        _ => {}
    }
    client1.finish()?;
    Ok(Real { first, second, late_write, jumped, notes })
}

/// Redis's `TIME`, µs.
fn redis_time_us(c: &mut redis::Connection) -> Result<i64, String> {
    let (secs, us): (i64, i64) = redis::cmd("TIME").query(c).map_err(|e| format!("C refused TIME: {}", crate::store::why(&e)))?;
    Ok(secs * 1_000_000 + us)
}

/// Waits for client 1's word that it is stopping itself.
fn wait_stopping(a: &mut Actor) -> Result<(), String> {
    a.expect_stopping("client 1")
}

/// SIGCONT once the process is really stopped.
fn thaw(a: &Actor) -> Result<(), String> {
    a.wait_stopped("client 1")?;
    a.thaw()
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
