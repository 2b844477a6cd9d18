//! The paused holder on real servers. A and B are processes of their own. A takes the lease on
//! Redis with token 33 (`SET NX PXAT` and `INCR` in one script, the lease ending at the story's
//! instant on Redis's own clock: the lock node mints the tokens; one
//! node, no failover), reads seat C14 in PostgreSQL at 1 s, and is frozen with SIGSTOP from just
//! before its 2.5 s write until `2.5 + pause-s`, when SIGCONT lets it write at once, unaware. B asks
//! every 0.5 s from 0.5 s, gets token 34 once the lease has expired on Redis (or A released it),
//! reads the seat and, if it is free, writes 2 s later. Each protection is SQL:
//! - `none`: `update seats set holder = … where run = …`;
//! - `fence-writes`: `… and $token >= highest_token`, writes raising `highest_token`;
//! - `fence-all`: the same, and reads register their token (`update … set highest_token = $token
//!   where $token >= highest_token returning …`);
//! - `conditional`: `… and version = $version_read` (here the same as `holder is null`: the seat
//!   changes only by a sale, and every sale raises the version).
//!
//! The real ending is read from what happened: the order of the write attempts (a `bigserial` in
//! the same transaction as each write), which were applied, what B read, and whether A's release
//! still found its own key.
//!
//! On etcd (`--etcd`, and two settings of the check) the story is Jepsen's etcd lock under a pause
//! (jepsen-io/etcd, `lock-set` with the `pause` nemesis): the lock is etcd's own lock service on
//! a three-member cluster (`/v3/lock/lock`, a key under the holder's lease, granted when the keys
//! ahead of it in line are gone), A's lease is a fixed TTL as the widget's is (no keepalive), B
//! waits in etcd's line with its lease kept alive as a live client's session does, and the token
//! is the lock key's `create_revision`, which rises with each place in the line. The seat and the
//! protections are the same SQL.

use locklab_sim::paused_holder::{self as sim, Params, Protection};
use serde_json::{Value, json};

use super::Ctx;
use crate::actors::{self, Actor};
use crate::etcd;
use crate::clock::Story;
use crate::report::{Report, Row};

/// Real seconds per second of the story: the whole default story (17.5 s) takes 4.4 s.
pub const DEFAULT_SCALE: f64 = 0.25;
/// A reads this long (story seconds) before its 1 s instant, so that when the lease ends at 1 s
/// (the shortest lease) A's read still comes first, as in the widget.
pub const A_READ_LEAD_S: f64 = 0.04;
/// B acts this long after each instant of its own (its asks, its write), so at an instant the
/// lease expires first and B comes next.
pub const B_OFFSET_S: f64 = 0.04;
/// A's late write, when it falls on one of B's instants (every B instant is on the 0.5 s grid),
/// comes this long after it, after what B does then: 0.26 s of the story after B's grant (65 ms
/// of real time at the default scale). It was 0.12 until 7 December, 20 ms after B's grant, and
/// on this machine B's grant and read, each a process woken after sleeping, took 20–35 ms: A's
/// write landed between them (cc40). It stays short of the next instant, 0.5 s on.
pub const A_OFFSET_S: f64 = 0.3;
/// The closest two of the offsets' steps at one instant (story seconds): a step later than this
/// may have swapped places with its neighbour.
pub const CLOSEST_S: f64 = if A_READ_LEAD_S < B_OFFSET_S { A_READ_LEAD_S } else { B_OFFSET_S };

/// etcd's leases are whole seconds, and its leader looks for expired ones every 0.5 s: on etcd a
/// lease of the story lasts this many real seconds per story second (rounded to whole seconds, at
/// least 2), and the story runs at that lease over the story's.
pub const ETCD_REAL_PER_STORY_S: f64 = 0.5;

/// The TTL of A's etcd lease for a story lease of `lease_s` seconds.
pub fn etcd_ttl_s(lease_s: f64) -> u64 {
    (lease_s * ETCD_REAL_PER_STORY_S).round().max(2.0) as u64
}

/// The story's time scale on etcd.
pub fn etcd_scale(lease_s: f64) -> f64 {
    etcd_ttl_s(lease_s) as f64 / lease_s
}

/// How long etcd may keep a lease past its TTL, in real seconds: its leader looks for expired
/// leases every 0.5 s (and a revoke goes through the log), so a lease ends up to about this late.
pub const ETCD_EXPIRY_SLACK_S: f64 = 0.6;

/// etcd's part of the check: Jepsen's lock under a pause, and the pause inside the lease. Each
/// ending is at least 2.5 s of the story away from anything etcd's late expiry could move (A
/// wakes at 7.5 s, the lease of 10 s ends between 10 and 11.2; B writes by 13.2, A at 17.5).
pub const ETCD_GRID: &[(f64, f64, &str)] = &[
    (10.0, 5.0, "on etcd's lock: A wakes inside its lease"),
    (10.0, 15.0, "on etcd's lock: Jepsen's etcd lock under a pause, A wakes after B's sale"),
];

/// When A writes: as it wakes, or a little after when that is one of B's instants (a tie).
pub fn a_writes_at(pause_s: f64) -> f64 {
    let wake = sim::A_FREEZES_AT_S + pause_s;
    let steps = wake / sim::RETRY_S;
    if (steps - steps.round()).abs() < 1e-9 { wake + A_OFFSET_S } else { wake }
}
/// A is frozen from this long before its 2.5 s write (it is only sleeping then).
const FREEZE_LEAD_S: f64 = 0.25;

const DDL: &str = "create table seats (run text primary key, holder text, version bigint not null default 0, highest_token bigint not null default 0);
create table attempts (seq bigserial primary key, run text not null, who text not null, token bigint not null, accepted boolean not null);";

/// The grid: each ending the widget can show, the write-only gap and both ties included.
pub const CHECK_GRID: &[(f64, f64, &str)] = &[
    (10.0, 5.0, "A wakes inside its lease"),
    (10.1, 7.8, "A late, but before B gets the lock"),
    (10.0, 8.5, "A's write lands between B's read and B's write: the write-only gap"),
    (10.0, 7.5, "tie: A wakes as the lease expires and B gets the lock"),
    (10.0, 9.5, "tie: A wakes as B writes"),
    (10.0, 15.0, "the defaults: A wakes after B's sale"),
    (1.0, 0.0, "no pause, a lease shorter than the work: the gap again"),
    (5.0, 25.0, "a long pause on a short lease"),
];

/// The grid, two settings at a time (each with its four protections at once).
pub fn check(ctx: &Ctx) -> Result<Vec<Report>, String> {
    let mut out = Vec::new();
    for pair in CHECK_GRID.chunks(2) {
        let handles: Vec<_> = pair
            .iter()
            .map(|&(lease_s, pause_s, why)| {
                let ctx = ctx.clone();
                std::thread::spawn(move || -> Result<Vec<Report>, String> {
                    let mut reports = replay(&ctx, lease_s, pause_s, &Protection::ALL, None)?;
                    for r in &mut reports {
                        r.notes.insert(0, format!("check setting: {why}"));
                    }
                    Ok(reports)
                })
            })
            .collect();
        for h in handles {
            out.extend(h.join().map_err(|_| "a paused-holder replay panicked".to_string())??);
        }
    }
    out.extend(on_etcd(ctx, ETCD_GRID, &Protection::ALL)?);
    Ok(out)
}

pub fn run(ctx: &Ctx, values: &[f64]) -> Result<Vec<Report>, String> {
    let p = Params::from_values(values);
    if ctx.etcd {
        return on_etcd(ctx, &[(p.lease_s, p.pause_s, "")], &[p.protection]);
    }
    replay(ctx, p.lease_s, p.pause_s, &[p.protection], None)
}

/// The settings on a three-member etcd cluster of the lab's own, all at once.
fn on_etcd(ctx: &Ctx, grid: &[(f64, f64, &str)], protections: &[Protection]) -> Result<Vec<Report>, String> {
    let dir = crate::servers::scratch_dir()?;
    let cluster = etcd::Cluster::start(&dir, 3)?;
    let ports = cluster.ports();
    let term = cluster.raft_term();
    let results: Vec<Result<Vec<Report>, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = grid
            .iter()
            .map(|&(lease_s, pause_s, why)| {
                let ports = ports.clone();
                s.spawn(move || -> Result<Vec<Report>, String> {
                    let mut reports = replay(ctx, lease_s, pause_s, protections, Some(&ports))?;
                    if !why.is_empty() {
                        for r in &mut reports {
                            r.notes.insert(0, format!("check setting: {why}"));
                        }
                    }
                    Ok(reports)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a paused-holder replay on etcd panicked".into()))).collect()
    });
    let term = (term, cluster.raft_term());
    drop(cluster);
    let mut out = Vec::new();
    for r in results {
        out.extend(r?);
    }
    // A new leader renews every lease to its full TTL (its lessor's promotion): A's lease would
    // then outlive the story's.
    if let (Some(a), Some(b)) = term
        && a != b
    {
        for r in &mut out {
            r.notes.push(format!("{}: etcd elected a new leader during the story (raft term {a} to {b}), and a new leader renews every lease to its full TTL", crate::report::TIMING_SLIPPED));
        }
    }
    Ok(out)
}

fn protection_value(p: Protection) -> f64 {
    Protection::ALL.iter().position(|&x| x == p).unwrap_or(0) as f64
}

/// One world per protection, all on the same story clock at once: the lock on Redis, or on the
/// etcd members on `etcd` (the first one's client port is used).
fn replay(ctx: &Ctx, lease_s: f64, pause_s: f64, protections: &[Protection], etcd: Option<&[u16]>) -> Result<Vec<Report>, String> {
    let started = std::time::Instant::now();
    let ctx = &match etcd {
        Some(_) => Ctx { scale: etcd_scale(lease_s), scale_given: false, ..ctx.clone() },
        None => ctx.clone(),
    };
    let redis = ctx.redis().ok().map(str::to_string);
    let pg = ctx.postgres()?.to_string();
    let schema = crate::store::claim("paused", redis.as_deref(), Some(&pg))?;
    crate::store::fresh_schema(&pg, &schema, DDL)?;
    let story = Story::starting_in(std::time::Duration::from_millis(600), ctx.scale);
    let lock = match etcd {
        Some(ports) => json!({ "service": "etcd", "port": ports.first().ok_or("no etcd member")?, "ttl_s": etcd_ttl_s(lease_s) }),
        None => json!({ "service": "redis", "url": redis.clone().ok_or("this story needs Redis")? }),
    };
    let mut worlds = Vec::new();
    for &prot in protections {
        let run = format!("{schema}_{}", sim::PROTECTIONS[protection_value(prot) as usize].value.replace('-', "_"));
        worlds.push(World::start(&lock, &pg, &schema, &run, prot, lease_s, pause_s, story)?);
    }
    let mut controller = Vec::new();
    if pause_s > 0.0 {
        let freeze_at = sim::A_FREEZES_AT_S - FREEZE_LEAD_S;
        let thaw_at = a_writes_at(pause_s);
        let late = story.sleep_until(freeze_at);
        for w in &worlds {
            w.a.freeze()?;
        }
        controller.push(json!({ "time": freeze_at, "actor": "lab", "action": format!("SIGSTOP to A's process ({late:.1} ms late)") }));
        let late = story.sleep_until(thaw_at);
        for w in &worlds {
            w.a.thaw()?;
        }
        controller.push(json!({ "time": thaw_at, "actor": "lab", "action": format!("SIGCONT to A's process ({late:.1} ms late)") }));
    }
    let mut reports = Vec::new();
    for w in worlds {
        reports.push(w.finish(ctx, &pg, &schema, lease_s, pause_s, &controller)?);
    }
    crate::store::drop_schema(&pg, &schema);
    if let (None, Some(redis)) = (etcd, &redis) {
        crate::store::drop_keys(redis, &schema);
    }
    let secs = started.elapsed().as_secs_f64();
    for r in &mut reports {
        r.seconds = secs;
    }
    Ok(reports)
}

/// One protection's A, B and row.
struct World {
    run: String,
    protection: Protection,
    /// On etcd's lock, not Redis's.
    etcd: bool,
    a: Actor,
    b: Actor,
}

impl World {
    #[allow(clippy::too_many_arguments)]
    fn start(lock: &Value, pg: &str, schema: &str, run: &str, protection: Protection, lease_s: f64, pause_s: f64, story: Story) -> Result<World, String> {
        let mut c = crate::store::postgres(pg, Some(schema))?;
        c.execute("insert into seats (run) values ($1)", &[&run]).map_err(|e| format!("cannot set up the seat: {}", crate::store::why(&e)))?;
        if let Some(url) = lock["url"].as_str() {
            let mut r = crate::store::redis(url)?;
            let _: () = redis::cmd("SET").arg(format!("{run}:token")).arg(sim::TOKEN_A - 1).query(&mut r).map_err(|e| format!("cannot set the token counter: {}", crate::store::why(&e)))?;
        }
        let config = |who: &str| {
            json!({
                "who": who, "story": story.to_arg(), "lock": lock, "postgres": pg, "schema": schema, "run": run,
                "protection": sim::PROTECTIONS[protection_value(protection) as usize].value, "lease_s": lease_s, "pause_s": pause_s,
            })
        };
        let a = Actor::start("A", "paused-holder-a", &config("A"))?;
        let b = Actor::start("B", "paused-holder-b", &config("B"))?;
        Ok(World { run: run.into(), protection, etcd: lock["service"] == "etcd", a, b })
    }

    fn finish(mut self, ctx: &Ctx, pg: &str, schema: &str, lease_s: f64, pause_s: f64, controller: &[Value]) -> Result<Report, String> {
        let a = self.a.recv()?;
        let b = self.b.recv()?;
        for (who, r) in [("A", &a), ("B", &b)] {
            if let Some(e) = r.get("error").and_then(Value::as_str) {
                return Err(format!("actor {who}: {e}"));
            }
        }
        let mut c = crate::store::postgres(pg, Some(schema))?;
        let seat: Option<String> = c.query_one("select holder from seats where run = $1", &[&self.run]).map_err(|e| crate::store::why(&e))?.get(0);
        let attempts: Vec<(String, bool)> = c
            .query("select who, accepted from attempts where run = $1 order by seq", &[&self.run])
            .map_err(|e| crate::store::why(&e))?
            .iter()
            .map(|row| (row.get(0), row.get(1)))
            .collect();
        let b_read_free = b["read"].as_str() == Some("free");
        let a_released_own = a["releasedOwn"].as_bool() == Some(true);
        let outcome = if a["readRefused"].as_bool() == Some(true) {
            "no such ending in the widget (storage refused A's read: B's read registered token 34 before A read)".to_string()
        } else {
            classify(self.protection, b_read_free, a_released_own, &attempts)
        };
        let both = attempts.iter().filter(|x| x.1).count() == 2;
        let mut events: Vec<Value> = a["events"].as_array().into_iter().chain(b["events"].as_array()).flatten().chain(controller).cloned().collect();
        events.sort_by(|x, y| x["time"].as_f64().unwrap_or(0.0).total_cmp(&y["time"].as_f64().unwrap_or(0.0)));
        let values = [lease_s, pause_s, protection_value(self.protection)];
        let p = Params::from_values(&values);
        let simulated = sim::run(&p).summary;
        let mut r = ctx.report(sim::NAME, sim::SPECS, &values);
        r.simulated = super::summary_json(&simulated)?;
        r.real = json!({ "outcome": outcome, "doubleSale": both, "seat": seat.clone().unwrap_or_else(|| "nobody".into()), "events": events });
        let real = r.real.clone();
        r.rows.push(Row::exact("outcome", &r.simulated["outcome"].clone(), &real["outcome"]));
        r.rows.push(Row::exact("doubleSale", &json!(simulated.double_sale), &real["doubleSale"]));
        r.rows.push(Row::exact("seat", &json!(simulated.seat), &real["seat"]));
        r.rows.push(Row::shown("events", &json!(format!("{} steps", simulated.events.len())), &json!(format!("{} steps (in the JSON)", events.len()))));
        r.tolerance = format!(
            "exactly: the real ending, double sale and seat must equal the simulated ones. The simulation breaks ties by rule; the lab breaks them the same way with offsets: A reads {A_READ_LEAD_S} s of the story before its instant, a lease runs out at its instant, B acts {B_OFFSET_S} s after each of its instants, and A's late write, when it falls on one of them, {A_OFFSET_S} s after it, so at one instant A reads, then the lease expires, then B is granted, reads and writes, then A writes (two events less than {CLOSEST_S} s apart, which the sliders' 0.5 s steps never give, could come out either way). events are shown, not compared (their times are real)"
        );
        if self.etcd {
            r.label.push_str(", on etcd's lock");
            r.variant = Some("etcd");
            r.servers.remove("redis");
            r.servers.insert("etcd".into(), json!(etcd::version().unwrap_or_else(|e| e)));
            r.tolerance.push_str(&format!(
                ". On etcd B waits in etcd's line from its first ask instead of asking every {} s, and etcd ends a lease up to {ETCD_EXPIRY_SLACK_S} s of real time late ({} s of the story here): a setting whose ending hangs on that much is said so in a note",
                sim::RETRY_S,
                locklab_sim::text::num((ETCD_EXPIRY_SLACK_S / ctx.scale * 100.0).round() / 100.0)
            ));
            r.notes.push(format!("time scale {} (on etcd the lab chooses it: A's lease of {lease_s} s is a TTL of {} whole seconds)", locklab_sim::text::num((ctx.scale * 1000.0).round() / 1000.0), etcd_ttl_s(lease_s)));
            r.notes.push(format!(
                "the lock is etcd's own lock service on three members (/v3/lock/lock); A's lease is a fixed TTL, never kept alive (the widget's lease is not renewed), B's is kept alive while it waits; tokens are each lock key's create_revision; A was frozen with SIGSTOP from {} s to {} s of the story",
                sim::A_FREEZES_AT_S - FREEZE_LEAD_S,
                a_writes_at(pause_s)
            ));
            if let Some(t) = b["grantedAt"].as_f64() {
                r.notes.push(format!("etcd granted B the lock at {t:.2} s of the story (B joined the line at {} s)", sim::B_FIRST_ASK_S + B_OFFSET_S));
            }
            let late = Params { lease_s: lease_s + ETCD_EXPIRY_SLACK_S / ctx.scale, ..p.clone() };
            let other = sim::run(&late).summary;
            if let (Ok(a), Ok(b)) = (serde_json::to_value(other.outcome), serde_json::to_value(simulated.outcome))
                && a != b
            {
                r.notes.push(format!("close to a tie on etcd: had A's lease ended {ETCD_EXPIRY_SLACK_S} s late, as etcd may end it, the widget's ending would be {a}, not {b}: a disagreement here is etcd's expiry check, not the model"));
            }
        } else {
            r.notes.push(super::scale_note(ctx, "s"));
            r.notes.push(format!(
                "tokens come from a counter on the one Redis node that grants the lease (no replica, no failover); A was frozen with SIGSTOP from {} s to {} s of the story",
                sim::A_FREEZES_AT_S - FREEZE_LEAD_S,
                a_writes_at(pause_s)
            ));
        }
        if let Some(times) = b["refusedAfterLease"].as_array().filter(|t| !t.is_empty()) {
            let at: Vec<String> = times.iter().filter_map(Value::as_f64).map(|t| format!("{t:.2} s")).collect();
            r.notes.push(format!("Redis refused B at {} of the story, after A's lease had ended at {lease_s} s: its key outlived the story's lease, so the lab's timing decided this ending, not the lock", at.join(", ")));
        }
        // Each step starts on time by the actors' own clocks, but a step takes time: at the tie B
        // is granted and reads at one instant and A's late write follows it 0.08 s of the story
        // later (20 ms of real time here). When B's grant and read were still under way as A's
        // write began, the two happened in no order the story has (cc40, 7 December: B's grant
        // and read took 20 ms on a loaded machine, A's write landed between them, the step
        // starts had been on time, and the tie disagreed).
        if let Some(note) = overlap_note(b["grantedAt"].as_f64(), b["readDoneAt"].as_f64(), a["writeStartAt"].as_f64(), ctx.scale) {
            r.notes.push(note);
        }
        if let Some(late) = [&a, &b].iter().filter_map(|x| x["lateMs"].as_f64()).reduce(f64::max) {
            let gap = CLOSEST_S.min(A_OFFSET_S - B_OFFSET_S) * ctx.scale * 1000.0;
            r.notes.push(format!("the actors' scheduled steps were at most {late:.1} ms late (the offsets are {gap:.0} ms apart at this scale)"));
            r.notes.extend(super::slip_note(late, gap));
        }
        self.a.finish()?;
        self.b.finish()?;
        Ok(r)
    }
}

/// A [`crate::report::TIMING_SLIPPED`] note when B's grant and read (from `granted` to
/// `read_done`, story seconds) were under way when A's write started (`write_start`): both ran at
/// once, so the real ending is the machine's, not the story's.
fn overlap_note(granted: Option<f64>, read_done: Option<f64>, write_start: Option<f64>, scale: f64) -> Option<String> {
    let (g, d, w) = (granted?, read_done?, write_start?);
    (g <= w && w < d).then(|| {
        format!(
            "{}: B's grant and read ran from {g:.3} to {d:.3} s of the story ({:.1} ms of real time) and A's write started at {w:.3} s, in between: the two were under way at once, so their order was the machine's, not the story's",
            crate::report::TIMING_SLIPPED,
            (d - g) * scale * 1000.0
        )
    })
}

/// The ending, from what really happened, named as the widget names it.
pub fn classify(protection: Protection, b_read_free: bool, a_released_own: bool, attempts: &[(String, bool)]) -> String {
    let a = attempts.iter().position(|x| x.0 == "A");
    let b = attempts.iter().position(|x| x.0 == "B");
    let ok = |i: Option<usize>| i.is_some_and(|i| attempts[i].1);
    let fences = matches!(protection, Protection::FenceWrites | Protection::FenceAll);
    let name = match (a, b) {
        (Some(_), None) if !b_read_free && ok(a) => {
            if a_released_own {
                "safe"
            } else {
                "late-but-harmless"
            }
        }
        (Some(ai), Some(bi)) if ai < bi => match (ok(a), ok(b)) {
            (false, _) if protection == Protection::FenceAll => "a-rejected-by-read-fence",
            (true, true) => "b-overwrote-a",
            (true, false) if protection == Protection::Conditional => "b-rejected-by-condition",
            _ => "",
        },
        (Some(_), Some(_)) => match ok(a) {
            true => "a-overwrote-b",
            false if fences => "a-rejected-by-fencing",
            false if protection == Protection::Conditional => "a-rejected-by-condition",
            false => "",
        },
        _ => "",
    };
    if name.is_empty() {
        let seen: Vec<String> = attempts.iter().map(|(w, ok)| format!("{w} {}", if *ok { "applied" } else { "refused" })).collect();
        format!("no such ending in the widget (writes: {}; B read the seat {})", seen.join(", "), if b_read_free { "free" } else { "sold" })
    } else {
        name.to_string()
    }
}

/// How long one request to etcd may take (not the wait in the lock's line).
const ETCD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Where the lock is.
enum Lock {
    Redis(redis::Connection),
    /// A member's client port and the TTL of each lease; the lease and lock key held, and B's
    /// keepalive thread.
    Etcd {
        port: u16,
        ttl_s: u64,
        held: Option<(String, String)>,
        alive: Option<(std::sync::Arc<std::sync::atomic::AtomicBool>, std::thread::JoinHandle<()>)>,
    },
}

/// A connection pair and the SQL of one protection, for A and B alike.
struct Client {
    story: Story,
    lock: Lock,
    pg: postgres::Client,
    run: String,
    protection: String,
    events: Vec<Value>,
    late_ms: f64,
}

impl Client {
    fn connect(config: &Value) -> Result<Client, String> {
        let story = actors::story(config)?;
        let l = actors::field(config, "lock")?;
        let lock = match l["service"].as_str() {
            Some("etcd") => Lock::Etcd {
                port: l["port"].as_u64().and_then(|p| u16::try_from(p).ok()).ok_or("no etcd port")?,
                ttl_s: l["ttl_s"].as_u64().ok_or("no etcd TTL")?,
                held: None,
                alive: None,
            },
            _ => Lock::Redis(crate::store::redis(&actors::text(l, "url")?)?),
        };
        let pg = crate::store::postgres(&actors::text(config, "postgres")?, Some(&actors::text(config, "schema")?))?;
        Ok(Client { story, lock, pg, run: actors::text(config, "run")?, protection: actors::text(config, "protection")?, events: Vec::new(), late_ms: 0.0 })
    }

    fn at(&mut self, s: f64) {
        let late = self.story.sleep_until(s);
        self.late_ms = self.late_ms.max(late);
    }

    fn event(&mut self, actor: &str, action: String, token: Option<u64>, op: Option<&str>, accepted: Option<bool>) {
        let time = (self.story.now() * 1000.0).round() / 1000.0;
        self.events.push(json!({ "time": time, "actor": actor, "action": action, "token": token, "op": op, "accepted": accepted }));
    }

    /// Redis: one ask, refused while the lock is held. etcd: a place in the lock's line, waited
    /// in until granted (B's lease kept alive meanwhile, A's never).
    fn acquire(&mut self, who: &str, lease_end_s: f64) -> Result<Option<u64>, String> {
        let name = format!("{}:lock", self.run);
        match &mut self.lock {
            Lock::Redis(redis) => {
                // The lease ends at the story's instant on Redis's clock, not a command's transit later.
                let until_ms = (self.story.wall_of(lease_end_s) * 1000.0).round() as u64;
                crate::store::acquire_until(redis, &name, &format!("{}:token", self.run), &format!("{who}-{}", self.run), until_ms)
            }
            Lock::Etcd { port, ttl_s, held, alive } => {
                let lease = etcd::lease(*port, *ttl_s, ETCD_TIMEOUT)?;
                if who == "B" {
                    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                    let every = std::time::Duration::from_secs_f64(*ttl_s as f64 / 3.0);
                    *alive = Some((stop.clone(), etcd::keep_alive(*port, lease.clone(), every, stop)));
                }
                let (key, revision) = etcd::lock(*port, &name, &lease, std::time::Duration::from_secs(600))?;
                *held = Some((lease, key));
                Ok(Some(revision))
            }
        }
    }

    /// Deletes the client's own lock key: whether it was still there.
    fn release(&mut self, who: &str) -> Result<bool, String> {
        match &mut self.lock {
            Lock::Redis(redis) => crate::store::compare_and_delete(redis, &format!("{}:lock", self.run), &format!("{who}-{}", self.run)),
            Lock::Etcd { port, held, alive, .. } => {
                let own = match held.take() {
                    Some((lease, key)) => {
                        let own = etcd::delete(*port, &key, ETCD_TIMEOUT)?;
                        if let Some((stop, h)) = alive.take() {
                            stop.store(true, std::sync::atomic::Ordering::SeqCst);
                            let _ = h.join();
                        }
                        // (An error when the lease has run out already, as A's has after a long pause.)
                        let _ = etcd::revoke(*port, &lease, ETCD_TIMEOUT);
                        own
                    }
                    None => false,
                };
                Ok(own)
            }
        }
    }

    /// Reads the seat (registering the token under fence-all): `(holder, version)`, or `None` if
    /// storage refused the read.
    fn read(&mut self, token: u64) -> Result<Option<(Option<String>, i64)>, String> {
        let t = token as i64;
        let row = if self.protection == "fence-all" {
            self.pg.query_opt("update seats set highest_token = $2 where run = $1 and $2 >= highest_token returning holder, version", &[&self.run, &t])
        } else {
            self.pg.query_opt("select holder, version from seats where run = $1", &[&self.run])
        };
        Ok(row.map_err(|e| format!("the read failed: {}", crate::store::why(&e)))?.map(|r| (r.get(0), r.get(1))))
    }

    /// Writes "fan X" with the protection's condition; whether storage applied it.
    fn write(&mut self, who: &str, token: u64, version_read: i64) -> Result<bool, String> {
        let cond = match self.protection.as_str() {
            "fence-writes" | "fence-all" => "and $3 >= highest_token",
            "conditional" => "and version = $4",
            _ => "",
        };
        // ($4 is typed even where the condition does not use it.)
        let sql = format!("update seats set holder = $2, version = version + 1, highest_token = greatest(highest_token, $3) where run = $1 {cond} and $4::bigint is not null");
        let (fan, t) = (format!("fan {who}"), token as i64);
        let mut tx = self.pg.transaction().map_err(|e| crate::store::why(&e))?;
        let n = tx.execute(sql.as_str(), &[&self.run, &fan, &t, &version_read]).map_err(|e| format!("the write failed: {}", crate::store::why(&e)))?;
        tx.execute("insert into attempts (run, who, token, accepted) values ($1, $2, $3, $4)", &[&self.run, &who, &t, &(n == 1)]).map_err(|e| crate::store::why(&e))?;
        tx.commit().map_err(|e| crate::store::why(&e))?;
        Ok(n == 1)
    }

    fn done(self, extra: Value) {
        let mut out = json!({ "events": self.events, "lateMs": self.late_ms });
        if let (Some(o), Some(e)) = (out.as_object_mut(), extra.as_object()) {
            o.extend(e.clone());
        }
        actors::say(&out);
    }
}

fn seat_text(holder: &Option<String>) -> String {
    holder.as_ref().map_or_else(|| "free".to_string(), |h| format!("sold to {h}"))
}

/// Actor A: lease and token at 0 s, read at 1 s, write at 2.5 s (frozen before that by the lab),
/// then compare-and-delete.
pub fn actor_a(config: &Value) -> Result<(), String> {
    let lease_s = actors::number(config, "lease_s")?;
    let mut c = Client::connect(config)?;
    c.at(0.0);
    let token = c.acquire("A", lease_s)?.ok_or("A could not take the lock at 0 s")?;
    c.event("lock", "grants the lock to A".into(), Some(token), None, None);
    c.at(sim::A_READS_AT_S - A_READ_LEAD_S);
    let Some((holder, version)) = c.read(token)? else {
        // Only under fence-all, when B's read registered its token first: the widget has no such
        // ending (A always reads first there), so the lab reports what happened.
        c.event("A", "reads C14: refused, storage has seen a higher token; A gives up".into(), Some(token), Some("read"), Some(false));
        let own = c.release("A")?;
        c.done(json!({ "releasedOwn": own, "readRefused": true }));
        return Ok(());
    };
    c.event("A", format!("reads C14: {}", seat_text(&holder)), Some(token), Some("read"), None);
    // A's program writes at 2.5 s (with the tie offset: 2.5 s is one of B's instants); when the
    // lab freezes it first, it writes as soon as it is thawed, past that time.
    let pause_s = actors::number(config, "pause_s")?;
    let due = if pause_s > 0.0 { sim::A_FREEZES_AT_S } else { a_writes_at(0.0) };
    crate::clock::sleep_until(c.story.at(due));
    let frozen = c.story.now() - due;
    if pause_s > 0.0 {
        c.event("A", format!("wakes up after {:.2} s frozen, still believing it holds the lock", c.story.now() - sim::A_FREEZES_AT_S), None, None, None);
        c.late_ms = c.late_ms.max((c.story.now() - a_writes_at(pause_s)).max(0.0) * c.story.scale * 1000.0);
    } else {
        c.late_ms = c.late_ms.max(frozen * c.story.scale * 1000.0);
    }
    let write_start = c.story.now();
    let ok = c.write("A", token, version)?;
    c.event("A", format!("writes C14 → fan A: {}", if ok { "applied" } else { "refused" }), Some(token), Some("write"), Some(ok));
    let own = c.release("A")?;
    c.event("A", if own { "releases the lock".into() } else { "releases, but its key is gone: nothing deleted".into() }, Some(token), None, None);
    c.done(json!({ "releasedOwn": own, "writeStartAt": write_start }));
    Ok(())
}

/// Actor B: asks every 0.5 s from 0.5 s until granted, reads, and writes 2 s later if the seat
/// was free; then compare-and-delete.
pub fn actor_b(config: &Value) -> Result<(), String> {
    let lease_s = actors::number(config, "lease_s")?;
    let mut c = Client::connect(config)?;
    let mut ask = sim::B_FIRST_ASK_S;
    // Asks refused after A's lease had ended on the story's clock: Redis still held A's key, so
    // the lab's timing, not the lock, decided (the report says so).
    let mut refused_late = Vec::new();
    let on_etcd = matches!(c.lock, Lock::Etcd { .. });
    let token = loop {
        c.at(ask + B_OFFSET_S);
        if let Some(t) = c.acquire("B", ask + lease_s)? {
            break t;
        }
        if on_etcd {
            return Err("etcd's lock service answered without granting".into());
        }
        if ask >= lease_s {
            refused_late.push(ask + B_OFFSET_S);
        }
        ask += sim::RETRY_S;
        if ask > 600.0 {
            return Err("B never got the lock".into());
        }
    };
    let granted_at = c.story.now();
    if on_etcd {
        // B waited in etcd's line: its 2 s of work run from the grant, not from an ask.
        ask = granted_at - B_OFFSET_S;
    }
    c.event("lock", "grants the lock to B".into(), Some(token), None, None);
    let read = c.read(token)?;
    let read_done = c.story.now();
    let mut extra = json!({ "read": "refused" });
    if let Some((holder, version)) = read {
        c.event("B", format!("reads C14: {}", seat_text(&holder)), Some(token), Some("read"), None);
        extra = json!({ "read": if holder.is_none() { "free" } else { "sold" } });
        if holder.is_none() {
            c.at(ask + sim::B_WRITE_AFTER_S + B_OFFSET_S);
            let ok = c.write("B", token, version)?;
            c.event("B", format!("writes C14 → fan B: {}", if ok { "applied" } else { "refused" }), Some(token), Some("write"), Some(ok));
        }
    }
    let own = c.release("B")?;
    c.event("B", if own { "releases the lock".into() } else { "releases, but its key is gone".into() }, Some(token), None, None);
    extra["refusedAfterLease"] = json!(refused_late);
    extra["grantedAt"] = json!(granted_at);
    extra["readDoneAt"] = json!(read_done);
    c.done(extra);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A's write that starts while B's grant and read are under way makes the run's timing
    /// slipped (a rerun, not a finding); one before B's grant or after B's read does not.
    #[test]
    fn a_write_inside_bs_grant_and_read_is_a_slip() {
        let note = overlap_note(Some(10.04), Some(10.14), Some(10.12), 0.25).expect("a slip");
        assert!(note.starts_with(crate::report::TIMING_SLIPPED) && note.contains("25.0 ms"), "{note}");
        assert!(overlap_note(Some(10.04), Some(10.05), Some(10.12), 0.25).is_none(), "read done first: the story's order");
        assert!(overlap_note(Some(10.54), Some(10.56), Some(10.12), 0.25).is_none(), "A first, B later: an order the story has");
        assert!(overlap_note(None, Some(10.56), Some(10.12), 0.25).is_none());
    }

    /// etcd's lease is whole seconds, at least 2: half the story's lease, rounded.
    #[test]
    fn an_etcd_lease_is_whole_seconds() {
        for (lease, ttl) in [(1.0, 2), (3.0, 2), (5.0, 3), (6.0, 3), (10.0, 5), (30.0, 15)] {
            assert_eq!(etcd_ttl_s(lease), ttl, "{lease}");
            assert!((etcd_scale(lease) * lease - ttl as f64).abs() < 1e-9);
        }
    }

    /// etcd's check settings are far from a tie: the widget's ending under every protection is
    /// the same for a lease that ends on time and one that ends as late as etcd may end it (so
    /// also for B granted at once, between two of the widget's asks: the later leases' grants fall
    /// on the asks either side). A setting where etcd's expiry check could decide fails here.
    #[test]
    fn etcd_check_settings_do_not_hang_on_etcds_expiry() {
        for &(lease_s, pause_s, why) in ETCD_GRID {
            let slack = ETCD_EXPIRY_SLACK_S / etcd_scale(lease_s);
            for &protection in &Protection::ALL {
                let at = |l: f64| {
                    let v = [lease_s, pause_s, protection_value(protection)];
                    let p = Params { lease_s: l, ..Params::from_values(&v) };
                    sim::run(&p).summary
                };
                let on_time = at(lease_s);
                for k in 0..=20 {
                    let late = at(lease_s + slack * k as f64 / 20.0);
                    assert_eq!(serde_json::to_value(late.outcome).ok(), serde_json::to_value(on_time.outcome).ok(), "{why}, {protection:?}, {k}/20 of the slack");
                    assert_eq!(late.seat, on_time.seat, "{why}, {protection:?}");
                }
            }
        }
        // And the test can fail: pause-s 8.5 (A wakes at 11) hangs on it.
        let v = [10.0, 8.5, 0.0];
        let p = Params::from_values(&v);
        let late = Params { lease_s: 10.0 + ETCD_EXPIRY_SLACK_S / etcd_scale(10.0), ..p.clone() };
        assert_ne!(serde_json::to_value(sim::run(&p).summary.outcome).ok(), serde_json::to_value(sim::run(&late).summary.outcome).ok());
    }
}
