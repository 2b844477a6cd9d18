//! Lease renewal on two real lock services, Redis and etcd, with the invoice in PostgreSQL. Each
//! run of a grid of timings (the widget's `Timings`: work, a stall at a point of it, the second
//! worker's work) is replayed under every defence at once:
//!
//! - the first worker is a process of its own with a renewer thread (Redis: compare-and-`PEXPIRE`
//!   of its own key every `renew-every-s`; etcd: a lease keepalive every TTL/3, as etcd's client
//!   does), which stops itself with SIGSTOP at the stall's point and is thawed by the lab when the
//!   stall is over: the renewer freezes with it, as in a GC pause or a stopped VM;
//! - a second worker asks for the lock until the first is done; if it gets it (Redis: a token
//!   from a counter on the lock's node; etcd: the key's revision), it reads the invoice row (with
//!   `fence-all` that read registers its token), works, and writes its invoice;
//! - the first worker, thawed, finishes its work and writes its invoice, carrying its token with
//!   `fencing`, `fence-all` and `renewal+fencing` (the database refuses a token lower than the
//!   highest it has seen) and an idempotency key with `idempotent`.
//!
//! The real ending of each run is read from the invoices PostgreSQL kept and must equal the
//! simulation's `ending` for the same timings, write-order cases included.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use locklab_sim::lease_renewal::{self as sim, Defence, Ending, Params, Timings};
use serde_json::{Value, json};

use super::Ctx;
use crate::actors::{self, Actor};
use crate::etcd;
use crate::report::{Report, Row};

/// Real seconds per second of the story on Redis: the check's 3 s lease lasts 1.5 s, and its closest
/// two events (0.2 s of the story apart: the repeat's invoice and the late one in the grid's last
/// row) 100 ms. At 0.25 (50 ms) a clean-clone run on a loaded machine wrote them the other way
/// round once (2 December: renewal+fencing at ttl-s=6 renew-every-s=1.4 ended with two invoices).
pub const DEFAULT_SCALE: f64 = 0.5;
/// etcd's leases are whole seconds and its leader looks for expired leases every 0.5 s, so there
/// the story runs slower: the lease lasts this many real seconds, whatever the TTL.
const ETCD_LEASE_S: f64 = 6.0;

/// The grid, in TTLs (the check runs it at a 3 s TTL, renewing every second): (work, stall's
/// start, stall, the second worker's work, what it shows).
pub const GRID: [(f64, f64, f64, f64, &str); 5] = [
    (2.0 / 3.0, 0.0, 0.0, 1.0 / 3.0, "short work, no stall: the lock is kept"),
    (5.0 / 3.0, 0.0, 0.0, 1.0 / 3.0, "slow work, no stall: lost without renewal, kept with it"),
    (2.0 / 3.0, 0.5, 2.0 / 3.0, 2.0 / 3.0, "a stall the renewed lease outlasts; without renewal the late invoice lands first (the write-only gap)"),
    (2.0 / 3.0, 1.0 / 6.0, 4.0 / 3.0, 1.0 / 3.0, "a stall longer than the lease: lost either way, the late invoice lands last"),
    (3.5 / 3.0, 0.4, 1.1, 1.0, "lost with renewal too; at a 3 s TTL renewing every second the late invoice lands before the repeat's, at 6 s every 1.4 s after it (the renewal's phase moves the loss)"),
];

/// The check's two settings (TTL, renewal interval).
const CHECKED: [&[&str]; 2] = [&["ttl-s=3", "renew-every-s=1"], &["ttl-s=6", "renew-every-s=1.4"]];

/// Cases replayed at once on each lock service (a worker process and a database connection each).
const CONCURRENT: usize = 30;
/// The PostgreSQL connections the story holds at once.
pub const CONNECTIONS: i64 = 2 * (2 * CONCURRENT as i64 + 1);

const DDL: &str = "create table fence (run text primary key, highest bigint not null default 0);
create table idem (run text primary key);
create table invoices (seq bigserial primary key, run text not null, who text not null, token bigint not null, accepted boolean not null);";

/// The check: the grid at two TTLs and renewal intervals (TTL/renewal 3 and 4.3; etcd keeps
/// alive at TTL/3 in both), so the renewal's phase falls differently in each.
pub fn check(ctx: &Ctx) -> Result<Vec<Report>, String> {
    CHECKED.iter().map(|s| run(ctx, &super::validate(sim::NAME, &super::pairs(s))?)).collect()
}

/// One case: a grid row under one defence.
#[derive(Clone, Debug)]
struct Case {
    id: String,
    defence: Defence,
    t: Timings,
}

fn defence_name(d: Defence) -> &'static str {
    match d {
        Defence::None => "none",
        Defence::Renewal => "renewal",
        Defence::Fencing => "fencing",
        Defence::FenceAll => "fence-all",
        Defence::Idempotent => "idempotent",
        Defence::RenewalFencing => "renewal+fencing",
    }
}

fn ending_name(e: Ending) -> &'static str {
    match e {
        Ending::Kept => "kept",
        Ending::LostNoTakeover => "lost-no-takeover",
        Ending::TwoInvoices => "two-invoices",
        Ending::LateRefused => "late-refused",
        Ending::RepeatIgnored => "repeat-ignored",
    }
}

fn case_json(engine: &str, c: &Case, p: &Params, ending: Ending) -> Value {
    json!({
        "engine": engine,
        "defence": defence_name(c.defence),
        "workS": round3(c.t.work_s),
        "stallAtS": round3(c.t.stall_at_s),
        "stallS": round3(c.t.stall_s),
        "secondWorkS": c.t.second_work_s.map(round3),
        "ttlS": p.ttl_s,
        "renewEveryS": round3(p.renew_every_s),
        "ending": ending_name(ending),
    })
}

pub fn run(ctx: &Ctx, values: &[f64]) -> Result<Report, String> {
    let p = Params::from_values(values);
    let started = Instant::now();
    let pg = ctx.postgres()?.to_string();
    let redis_url = ctx.redis()?.to_string();
    // Each case holds two connections (its two workers), CONCURRENT cases on each of the two lock
    // services at once, and each replay one of its own.
    crate::store::room_for(&pg, CONNECTIONS, "the lease-renewal story")?;
    let schema = crate::store::claim("renewal", Some(&redis_url), Some(&pg))?;
    crate::store::fresh_schema(&pg, &schema, DDL)?;
    // The grid (in TTLs), then the seed's own first runs when asked for (`--cases`).
    let grid = GRID.iter().map(|&(w, at, st, second, _)| Timings { work_s: w * p.ttl_s, stall_s: st * p.ttl_s, stall_at_s: at * p.ttl_s, second_work_s: Some(second * p.ttl_s) });
    let timings: Vec<Timings> = grid.chain(sim::seeded_timings(&p, ctx.cases as usize)).collect();
    let cases: Vec<Case> = timings
        .iter()
        .enumerate()
        .flat_map(|(i, &t)| Defence::ALL.iter().map(move |&d| Case { id: format!("{i}-{}", defence_name(d)), defence: d, t }))
        .collect();
    // etcd keeps alive at TTL/3, whatever the widget's interval: its cases are simulated so.
    let p_etcd = Params { renew_every_s: p.ttl_s / 3.0, ..p.clone() };
    let dir = crate::servers::scratch_dir();
    let result = dir.and_then(|dir| {
        let cluster = etcd::Cluster::start(&dir, 3)?;
        let redis = Engine::Redis { url: redis_url.clone(), scale: ctx.scale };
        let etcd_engine = Engine::Etcd { ports: cluster.ports(), scale: ETCD_LEASE_S / p.ttl_s };
        let term = cluster.raft_term();
        let (a, b) = std::thread::scope(|s| {
            let r = s.spawn(|| replay(&redis, &p, &cases, &pg, &schema, "redis"));
            let e = s.spawn(|| replay(&etcd_engine, &p_etcd, &cases, &pg, &schema, "etcd"));
            (r.join().unwrap_or_else(|_| Err("the Redis replay panicked".into())), e.join().unwrap_or_else(|_| Err("the etcd replay panicked".into())))
        });
        let term = (term, cluster.raft_term());
        drop(cluster);
        Ok((a?, b?, term))
    });
    crate::store::drop_schema(&pg, &schema);
    crate::store::drop_keys(&redis_url, &schema);
    let (real_redis, real_etcd, term) = result?;

    let mut r = ctx.report(sim::NAME, sim::SPECS, values);
    let sim_cases = |engine: &str, q: &Params| -> Vec<Value> { cases.iter().map(|c| case_json(engine, c, q, sim::ending(q, c.defence, &c.t).0)).collect() };
    let real_cases = |engine: &str, q: &Params, endings: &[Ending]| -> Vec<Value> { cases.iter().zip(endings).map(|(c, &e)| case_json(engine, c, q, e)).collect() };
    let (sr, se) = (sim_cases("redis", &p), sim_cases("etcd", &p_etcd));
    let (rr, re) = (real_cases("redis", &p, &real_redis.endings), real_cases("etcd", &p_etcd, &real_etcd.endings));
    if let Ok(v) = etcd::version() {
        r.servers.insert("etcd".into(), json!(v));
    }
    let (all_sim, all_real) = ([sr.clone(), se.clone()].concat(), [rr.clone(), re.clone()].concat());
    r.simulated = json!({ "cases": all_sim });
    r.real = json!({ "cases": all_real });
    for (engine, s_cases, r_cases) in [("redis", &sr, &rr), ("etcd", &se, &re)] {
        for (sc, rc) in s_cases.iter().zip(r_cases.iter()) {
            let field = format!("{engine} {} {} stall {} at {}", sc["defence"].as_str().unwrap_or(""), sc["workS"], sc["stallS"], sc["stallAtS"]);
            r.rows.push(Row::exact(&field, &sc["ending"], &rc["ending"]));
        }
    }
    r.tolerance = "every case's ending exactly, on both lock services: the lock kept; or lost and repeated, with two invoices, the late one refused by its older token, or the repeat ignored by its idempotency key. The real ending is read from the invoices PostgreSQL kept".into();
    r.notes.push(format!(
        "{} cases: the grid's {} timings (in TTLs of {} s){} under each of the six defences, {CONCURRENT} at a time; Redis at time scale {} (a {} s lease lasts {}), etcd at {} (its leases are whole seconds and its leader looks for expired ones every 0.5 s: a {} s lease lasts {} s)",
        cases.len(),
        GRID.len(),
        locklab_sim::text::num(p.ttl_s),
        if ctx.cases > 0 { format!(" and the seed's first {} runs", ctx.cases) } else { String::new() },
        ctx.scale,
        locklab_sim::text::num(p.ttl_s),
        super::real_text(ctx.scale * p.ttl_s, "s"),
        locklab_sim::text::num(ETCD_LEASE_S / p.ttl_s),
        locklab_sim::text::num(p.ttl_s),
        locklab_sim::text::num(ETCD_LEASE_S)
    ));
    r.notes.push(format!(
        "renewal: on Redis the worker's renewer thread runs compare-and-PEXPIRE every {} s; on etcd it sends a lease keepalive every TTL/3 ({} s), as etcd's own client does, so etcd's cases are simulated with that interval",
        locklab_sim::text::num(p.renew_every_s),
        locklab_sim::text::num(p.ttl_s / 3.0)
    ));
    for (engine, real) in [("Redis", &real_redis), ("etcd", &real_etcd)] {
        if let Some(n) = real.late_note(engine) {
            r.notes.push(n);
        }
    }
    // etcd renews every lease to its full TTL when a new leader takes over (its lessor's promotion):
    // a case whose lease was due to run out then is kept. The clean-clone CI of 3 December found
    // five etcd cases kept that way on a stalled machine (Redis's all agreed, no step late).
    match term {
        (Some(a), Some(b)) if a != b => r.notes.push(format!(
            "{}: etcd elected a new leader during the cases (raft term {a} to {b}), and a new leader renews every lease to its full TTL: a lease due to run out then was kept",
            crate::report::TIMING_SLIPPED
        )),
        (Some(_), Some(_)) => {}
        _ => r.notes.push("etcd's raft term could not be read before and after the cases: a leader change (which renews every lease) would go unseen".into()),
    }
    r.notes.push("the grid is the lab's own: the widget's Monte Carlo draws tens of thousands of runs, most of which end one of these ways; the grid holds each ending and both write orders. `--cases N` adds the seed's first N runs (their timings may fall closer to one another than the lab's timing can keep apart)".into());
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}

/// A lock service and its time scale (real seconds per story second).
#[derive(Clone, Debug)]
enum Engine {
    Redis { url: String, scale: f64 },
    Etcd { ports: Vec<u16>, scale: f64 },
}

impl Engine {
    fn scale(&self) -> f64 {
        match self {
            Engine::Redis { scale, .. } | Engine::Etcd { scale, .. } => *scale,
        }
    }
    fn config(&self) -> Value {
        match self {
            Engine::Redis { url, .. } => json!({ "engine": "redis", "url": url }),
            Engine::Etcd { ports, .. } => json!({ "engine": "etcd", "ports": ports }),
        }
    }
}

/// What a replay found.
struct Replayed {
    endings: Vec<Ending>,
    /// The most a thaw or a write came after its time, real ms.
    late_ms: f64,
}

impl Replayed {
    fn late_note(&self, engine: &str) -> Option<String> {
        (self.late_ms > 20.0).then(|| format!("{}: {engine}: a step came {:.0} ms (real) after its time", crate::report::TIMING_SLIPPED, self.late_ms))
    }
}

/// Every case on `engine`, all at once.
fn replay(engine: &Engine, p: &Params, cases: &[Case], pg: &str, schema: &str, tag: &str) -> Result<Replayed, String> {
    let s = engine.scale();
    let mut c = crate::store::postgres(pg, Some(schema))?;
    for case in cases {
        c.execute("insert into fence (run) values ($1)", &[&format!("{tag}:{}", case.id)]).map_err(|e| format!("PostgreSQL refused the fence row: {}", crate::store::why(&e)))?;
    }
    let mut outcomes: Vec<Result<(bool, f64), String>> = Vec::new();
    for batch in cases.chunks(CONCURRENT) {
        let start = Instant::now() + Duration::from_millis(500);
        outcomes.extend(std::thread::scope(|sc| {
            let handles: Vec<_> = batch.iter().map(|case| sc.spawn(move || one_case(engine, p, case, pg, schema, tag, start, s))).collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a case panicked".into()))).collect::<Vec<_>>()
        }));
    }
    let mut endings = Vec::new();
    let mut late_ms: f64 = 0.0;
    for (case, o) in cases.iter().zip(outcomes) {
        let (taken, late) = o?;
        late_ms = late_ms.max(late);
        let run = format!("{tag}:{}", case.id);
        let rows = c.query("select who, accepted from invoices where run = $1 order by seq", &[&run]).map_err(|e| format!("PostgreSQL refused to read the invoices: {}", crate::store::why(&e)))?;
        let accepted = rows.iter().filter(|r| r.get::<_, bool>(1)).count();
        endings.push(if !taken {
            Ending::Kept
        } else if accepted >= 2 {
            Ending::TwoInvoices
        } else if case.defence == Defence::Idempotent {
            Ending::RepeatIgnored
        } else {
            Ending::LateRefused
        });
    }
    Ok(Replayed { endings, late_ms })
}

/// One case: the first worker as a process, the second in this thread. Whether the second took
/// the lock, and how late the lab's thaw came (real ms).
#[allow(clippy::too_many_arguments)]
fn one_case(engine: &Engine, p: &Params, case: &Case, pg: &str, schema: &str, tag: &str, start: Instant, s: f64) -> Result<(bool, f64), String> {
    let run = format!("{tag}:{}", case.id);
    let key = format!("{schema}:{run}");
    let ms = |story_s: f64| story_s * s * 1000.0;
    // Whether the worker renews is the defence's name, decided here, not the model's `renewing`
    // (which also says a renewal every TTL or slower cannot work: here Redis says so, refusing a
    // renewal whose key is gone). Until 6 December the lab asked the model, so a model that
    // wrongly stopped renewing would have been played without renewal and agreed.
    let renew = if renews(defence_name(case.defence)) { ms(p.renew_every_s) } else { 0.0 };
    let mut cfg = engine.config();
    cfg["key"] = json!(key);
    cfg["run"] = json!(run);
    cfg["ttlMs"] = json!(ms(p.ttl_s));
    cfg["renewMs"] = json!(renew);
    cfg["workMs"] = json!(ms(case.t.work_s));
    cfg["stallAtMs"] = json!(if case.t.stall_s > 0.0 { ms(case.t.stall_at_s) } else { -1.0 });
    cfg["defence"] = json!(defence_name(case.defence));
    cfg["pg"] = json!(pg);
    cfg["schema"] = json!(schema);
    cfg["startNs"] = json!(crate::clock::mono_ns() + start.saturating_duration_since(Instant::now()).as_nanos() as u64);
    let mut first = Actor::start(&format!("worker {run}"), "renewal-worker", &cfg)?;
    let ready = first.recv()?;
    if ready["acquired"].as_bool() != Some(true) {
        return Err(format!("the first worker of {run} could not take the lock: {ready}"));
    }
    let done = Arc::new(AtomicBool::new(false));
    let mut late: f64 = 0.0;
    let second = {
        let done = Arc::clone(&done);
        let engine = engine.clone();
        let (key, run, pg, schema) = (key.clone(), run.clone(), pg.to_string(), schema.to_string());
        let (second_work, defence) = (case.t.second_work_s.map(ms), case.defence);
        std::thread::spawn(move || second_worker(&engine, &key, &run, &pg, &schema, defence, second_work, &done))
    };
    if case.t.stall_s > 0.0 {
        first.expect_stopping(&format!("the first worker of {run}"))?;
        let thaw_at = start + Duration::from_secs_f64(ms(case.t.stall_at_s + case.t.stall_s) / 1000.0);
        std::thread::sleep(thaw_at.saturating_duration_since(Instant::now()));
        first.wait_stopped("a worker")?;
        late = late.max(Instant::now().saturating_duration_since(thaw_at).as_secs_f64() * 1000.0);
        first.thaw()?;
    }
    let v = first.recv()?;
    if v["done"].as_bool() != Some(true) {
        return Err(format!("the first worker of {run} said {v} where it should have finished"));
    }
    done.store(true, Ordering::SeqCst);
    let taken = second.join().map_err(|_| "a second worker panicked")??;
    first.send(&json!({ "release": true }))?;
    first.finish()?;
    Ok((taken, late))
}


/// Whether a defence, by its name, keeps a renewer running beside the work.
fn renews(defence: &str) -> bool {
    defence.split('+').any(|part| part == "renewal")
}

/// A lock held on one of the services: what renews and releases it, and its token.
enum Held {
    Redis { c: redis::Connection, key: String, value: String },
    Etcd { ports: Vec<u16>, lease: String },
}

const TIMEOUT: Duration = Duration::from_secs(2);

/// Takes the lock if it is free: the lock and its token. On Redis a connection kept in `cached`
/// is used (and kept there when the lock is held by another), so a poller does not connect anew.
fn try_acquire(engine: &Value, key: &str, value: &str, ttl_ms: f64, cached: &mut Option<redis::Connection>) -> Result<Option<(Held, i64)>, String> {
    if engine["engine"] == "redis" {
        let url = engine["url"].as_str().ok_or("no Redis address")?;
        let mut c = match cached.take() {
            Some(c) => c,
            None => crate::store::redis(url)?,
        };
        match crate::store::acquire(&mut c, key, &format!("{key}:token"), value, ttl_ms.round() as u64)? {
            Some(t) => Ok(Some((Held::Redis { c, key: key.into(), value: value.into() }, t as i64))),
            None => {
                *cached = Some(c);
                Ok(None)
            }
        }
    } else {
        let ports: Vec<u16> = engine["ports"].as_array().ok_or("no etcd ports")?.iter().filter_map(Value::as_u64).map(|p| p as u16).collect();
        let port = *ports.first().ok_or("no etcd member")?;
        let lease = etcd::lease(port, (ttl_ms / 1000.0).round().max(1.0) as u64, TIMEOUT)?;
        match etcd::grant(port, key, value, &lease, TIMEOUT)? {
            Some(rev) => Ok(Some((Held::Etcd { ports, lease }, rev as i64))),
            None => {
                let _ = etcd::post(port, "/v3/lease/revoke", &json!({ "ID": lease }), TIMEOUT);
                Ok(None)
            }
        }
    }
}

impl Held {
    fn renew(&mut self, ttl_ms: f64) -> Result<(), String> {
        match self {
            Held::Redis { c, key, value } => {
                let script = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
                let _: i64 = redis::cmd("EVAL").arg(script).arg(1).arg(&*key).arg(&*value).arg(ttl_ms.round() as u64).query(c).map_err(|e| format!("Redis refused the renewal: {}", crate::store::why(&e)))?;
                Ok(())
            }
            Held::Etcd { ports, lease } => etcd::post(ports[0], "/v3/lease/keepalive", &json!({ "ID": lease }), TIMEOUT).map(|_| ()),
        }
    }
    fn release(&mut self) {
        match self {
            Held::Redis { c, key, value } => {
                let _ = crate::store::compare_and_delete(c, key, value);
            }
            Held::Etcd { ports, lease } => {
                let _ = etcd::post(ports[0], "/v3/lease/revoke", &json!({ "ID": lease }), TIMEOUT);
            }
        }
    }
}

/// Writes a worker's invoice as the defence has it: whether the database accepted it.
fn write_invoice(c: &mut postgres::Client, defence: &str, run: &str, who: &str, token: i64) -> Result<bool, String> {
    let err = |e: postgres::Error| format!("PostgreSQL refused the invoice: {}", crate::store::why(&e));
    let accepted = match defence {
        "fencing" | "fence-all" | "renewal+fencing" => c.execute("update fence set highest = $2 where run = $1 and $2 >= highest", &[&run, &token]).map_err(err)? == 1,
        "idempotent" => c.execute("insert into idem values ($1) on conflict do nothing", &[&run]).map_err(err)? == 1,
        _ => true,
    };
    c.execute("insert into invoices (run, who, token, accepted) values ($1, $2, $3, $4)", &[&run, &who, &token, &accepted]).map_err(err)?;
    Ok(accepted)
}

/// With `fence-all` every access carries the token: a read registers it.
fn read_row(c: &mut postgres::Client, defence: &str, run: &str, token: i64) -> Result<(), String> {
    if defence == "fence-all" {
        c.execute("update fence set highest = greatest(highest, $2) where run = $1", &[&run, &token]).map_err(|e| format!("PostgreSQL refused the read: {}", crate::store::why(&e)))?;
    }
    Ok(())
}

/// The second worker: asks for the lock until the first is done; if it gets it, reads the row,
/// works and writes its invoice. Whether it took the lock.
#[allow(clippy::too_many_arguments)]
fn second_worker(engine: &Engine, key: &str, run: &str, pg: &str, schema: &str, defence: Defence, work_ms: Option<f64>, done: &AtomicBool) -> Result<bool, String> {
    let Some(work_ms) = work_ms else { return Ok(false) };
    let cfg = engine.config();
    let poll = Duration::from_secs_f64(match engine {
        Engine::Redis { .. } => 0.002,
        Engine::Etcd { .. } => 0.02,
    });
    let ttl_ms = 60_000.0;
    // Connected before it asks: its read and write come at the story's times after it gets the
    // lock, not a connection's set-up later.
    let mut c = crate::store::postgres(pg, Some(schema))?;
    let mut conn = None;
    while !done.load(Ordering::SeqCst) {
        if let Some((mut held, token)) = try_acquire(&cfg, key, "second", ttl_ms, &mut conn)? {
            let got = Instant::now();
            let d = defence_name(defence);
            read_row(&mut c, d, run, token)?;
            std::thread::sleep((got + Duration::from_secs_f64(work_ms / 1000.0)).saturating_duration_since(Instant::now()));
            write_invoice(&mut c, d, run, "second", token)?;
            held.release();
            return Ok(true);
        }
        std::thread::sleep(poll);
    }
    Ok(false)
}

/// The first worker as a process: takes the lock, renews it from a thread of its own, stops
/// itself at the stall's point, finishes its work, writes its invoice, and releases when told.
pub fn actor(config: &Value) -> Result<(), String> {
    let key = actors::text(config, "key")?;
    let run = actors::text(config, "run")?;
    let defence = actors::text(config, "defence")?;
    let ttl_ms = actors::number(config, "ttlMs")?;
    let renew_ms = actors::number(config, "renewMs")?;
    let work_ms = actors::number(config, "workMs")?;
    let stall_at = actors::number(config, "stallAtMs")?;
    let start_ns = actors::number(config, "startNs")? as u64;
    let mut c = crate::store::postgres(&actors::text(config, "pg")?, Some(&actors::text(config, "schema")?))?;
    // Wait for the common start, then take the lock.
    std::thread::sleep(Duration::from_nanos(start_ns.saturating_sub(crate::clock::mono_ns())));
    let Some((held, token)) = try_acquire(config, &key, "first", ttl_ms, &mut None)? else {
        actors::say(&json!({ "acquired": false }));
        return Ok(());
    };
    let t0 = Instant::now();
    read_row(&mut c, &defence, &run, token)?;
    actors::say(&json!({ "acquired": true, "token": token }));
    let held = Arc::new(std::sync::Mutex::new(held));
    let stop = Arc::new(AtomicBool::new(false));
    if renew_ms > 0.0 {
        let (held, stop) = (Arc::clone(&held), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut n = 1u32;
            while !stop.load(Ordering::SeqCst) {
                let due = t0 + Duration::from_secs_f64(renew_ms * f64::from(n) / 1000.0);
                std::thread::sleep(due.saturating_duration_since(Instant::now()));
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(mut h) = held.lock() {
                    let _ = h.renew(ttl_ms);
                }
                n += 1;
            }
        });
    }
    let at = |ms: f64| t0 + Duration::from_secs_f64(ms.max(0.0) / 1000.0);
    if stall_at >= 0.0 {
        std::thread::sleep(at(stall_at).saturating_duration_since(Instant::now()));
        // The whole process stops, its renewer with it.
        actors::stop_self();
    }
    // The rest of the work: the stall came on top of it.
    let remaining = work_ms - stall_at.max(0.0);
    std::thread::sleep(Duration::from_secs_f64(remaining.max(0.0) / 1000.0));
    let accepted = write_invoice(&mut c, &defence, &run, "first", token)?;
    stop.store(true, Ordering::SeqCst);
    actors::say(&json!({ "done": true, "accepted": accepted }));
    for cmd in actors::commands() {
        if cmd["release"].as_bool() == Some(true) {
            if let Ok(mut h) = held.lock() {
                h.release();
            }
            break;
        }
    }
    Ok(())
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_defence_renews_by_its_name() {
        let renewing: Vec<&str> = Defence::ALL.iter().map(|&d| defence_name(d)).filter(|n| renews(n)).collect();
        assert_eq!(renewing, ["renewal", "renewal+fencing"]);
        // The model's meaning is the same where renewal can work (the lab no longer asks it).
        let p = Params { ttl_s: 3.0, renew_every_s: 1.0, ..Params::default() };
        assert!(Defence::ALL.iter().all(|&d| renews(defence_name(d)) == p.renewing(d)));
    }

    /// The margin of every decision a grid case's ending hangs on, in story seconds: whether the
    /// lock is lost (work + stall against the TTL; with renewal, the stall against what the last
    /// renewal left, and the stall's start against the renewals themselves) and which invoice
    /// lands first (the late one against the repeat's). `None` where a decision is not taken.
    fn margins(p: &Params, renews: bool, t: &Timings) -> Vec<f64> {
        let mut m = Vec::new();
        if renews && p.renewal_in_time() {
            if t.stall_s > 0.0 {
                let phase = libm::fmod(t.stall_at_s, p.renew_every_s);
                m.push(phase.min(p.renew_every_s - phase));
                m.push((t.stall_s - (p.ttl_s - phase)).abs());
            }
        } else {
            m.push((t.work_s + t.stall_s - p.ttl_s).abs());
        }
        if let (Some(moved), Some(second)) = (sim::lock_moves_at(p, renews && p.renewal_in_time(), t), t.second_work_s) {
            m.push((t.work_s + t.stall_s - (moved + second)).abs());
        }
        m
    }

    /// No case of the check sits near a boundary of its ending: every decision is at least
    /// [`MARGIN_MS`] of real time away at the scale each lock service runs at, eight times the
    /// lateness a loaded machine gave a sleep in the clean-clone runs (up to 22 ms). The
    /// 2 December failure was a decision 50 ms from its boundary at Redis's time scale then (0.25):
    /// this test fails at that scale.
    #[test]
    fn every_grid_case_is_far_from_the_boundary_of_its_ending() {
        const MARGIN_MS: f64 = 90.0;
        let check = |redis_scale: f64| -> Vec<String> {
            let mut near = Vec::new();
            for setting in CHECKED {
                let p = Params::from_values(&super::super::validate(sim::NAME, &super::super::pairs(setting)).expect("the check's setting"));
                let p_etcd = Params { renew_every_s: p.ttl_s / 3.0, ..p.clone() };
                for (engine, q, scale) in [("redis", &p, redis_scale), ("etcd", &p_etcd, ETCD_LEASE_S / p.ttl_s)] {
                    for (row, &(w, at, st, second, _)) in GRID.iter().enumerate() {
                        let t = Timings { work_s: w * q.ttl_s, stall_s: st * q.ttl_s, stall_at_s: at * q.ttl_s, second_work_s: Some(second * q.ttl_s) };
                        for renews in [false, true] {
                            for m in margins(q, renews, &t) {
                                if m * scale * 1000.0 < MARGIN_MS {
                                    near.push(format!("{engine} {setting:?} row {} renews={renews}: {:.0} ms", row + 1, m * scale * 1000.0));
                                }
                            }
                        }
                    }
                }
            }
            near
        };
        let near = check(DEFAULT_SCALE);
        assert!(near.is_empty(), "decisions closer than {MARGIN_MS} ms of real time to their boundary:\n{}", near.join("\n"));
        assert!(!check(0.25).is_empty(), "the test should see the margin the 2 December run lost at scale 0.25");
    }

    /// What each grid row's words claim, at both of the check's settings, held to the model.
    /// Worked by hand from the timings (in TTLs) with the renewal's phase, fmod(stall start,
    /// interval): (kept without renewal, kept with it, the late invoice first without renewal, and
    /// with it; `None` where the lock is kept and nobody writes late).
    #[test]
    fn each_grid_row_shows_what_its_words_say() {
        type Row = (bool, bool, Option<bool>, Option<bool>);
        let claims: [[Row; 2]; 5] = [
            [(true, true, None, None), (true, true, None, None)],
            [(false, true, Some(false), None), (false, true, Some(false), None)],
            [(false, true, Some(true), None), (false, true, Some(true), None)],
            [(false, false, Some(false), Some(false)), (false, false, Some(false), Some(false))],
            // Renewed, 3 s every 1 s: lost at 1.2 + (3 − 0.2) = 4.0 s, late at 6.8 s, the repeat's
            // at 7.0 s; 6 s every 1.4 s: lost at 2.4 + (6 − 1.0) = 7.4 s, late at 13.6 s, the
            // repeat's at 13.4 s. Not renewed, lost at the TTL: the repeat's at 6 s (12 s) first.
            [(false, false, Some(false), Some(true)), (false, false, Some(false), Some(false))],
        ];
        for (k, setting) in CHECKED.iter().enumerate() {
            let p = Params::from_values(&super::super::validate(sim::NAME, &super::super::pairs(setting)).expect("the check's setting"));
            for (row, (&(w, at, st, second, words), claim)) in GRID.iter().zip(&claims).enumerate() {
                let t = Timings { work_s: w * p.ttl_s, stall_s: st * p.ttl_s, stall_at_s: at * p.ttl_s, second_work_s: Some(second * p.ttl_s) };
                let (plain, plain_first) = sim::ending(&p, Defence::None, &t);
                let (renewed, renewed_first) = sim::ending(&p, Defence::Renewal, &t);
                let seen = (plain == Ending::Kept, renewed == Ending::Kept, plain_first, renewed_first);
                assert_eq!(seen, claim[k], "row {} at {setting:?}: {words}", row + 1);
            }
        }
    }
}
