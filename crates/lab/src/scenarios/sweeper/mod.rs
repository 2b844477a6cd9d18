//! The sweeper incident on real servers: two boxes (processes, [`boxes`]) with a cron each, the
//! shipped `SET lock:sweeper <box> NX PX` and `DEL`, a payment provider on loopback
//! ([`provider`]), a shop that checks out an order every `order-every-s` ([`shop`]), and the
//! orders and the books in PostgreSQL. Each fix is real code: compare-and-delete (the Lua
//! script), `run-slot` (`insert … on conflict do nothing`), `advisory-lock`
//! (`pg_try_advisory_lock` on the cron run's own session), `status-fence` (`update … where
//! status = 'pending'`, and `stock + 1` only if that changed a row, in one transaction). A power
//! loss is a SIGSTOP of the whole box, which then stays frozen.
//!
//! The widget breaks ties by a rule ("at one instant: answers, sweeps finishing, the power loss,
//! new orders, the crons; a key expires at its instant, before anything else"); the lab keeps
//! the same order with offsets inside each second of the story (the constants below).

pub mod boxes;
pub mod provider;
pub mod shop;

use std::sync::{Arc, Mutex};

use locklab_sim::sweeper_incident::{self as sim, Host, Params, START, Sweep};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardUniform};
use serde_json::{Value, json};

use super::Ctx;
use crate::actors::Actor;
use crate::clock::Story;
use crate::report::{Report, Row};

/// Real seconds per second of the story: the 70-minute evening takes 126 s (the closest two
/// offsets are then 4.5 ms apart).
pub const DEFAULT_SCALE: f64 = 0.03;
/// Where in each second of the story things happen (a Redis key's expiry is set to run out at
/// the start of its second, 0.0):
/// the provider's replies (an answer from `recovers-at`, a timeout before),
pub const ANSWER: f64 = 0.05;
/// then the sweeps that end with that reply release, older first: a sweep `a` whole slots old
/// releases at `FINISH_BASE + FINISH_SPAN / 2^a` (0.4, 0.25, 0.175 … s),
pub const FINISH_BASE: f64 = 0.1;
pub const FINISH_SPAN: f64 = 0.3;
/// the power loss (the lab finds the box running the newest sweep and freezes it),
pub const POWER: f64 = 0.45;
/// the cron of the box whose turn it is (B on even slots),
pub const CRON_FIRST: f64 = 0.6;
/// the other box's cron,
pub const CRON_SECOND: f64 = 0.75;
/// a sweep's questions to the provider,
pub const ASK: f64 = 0.85;
/// and the shop's checkouts.
pub const ORDER: f64 = 0.9;
/// A sweep waits this long past the reply's instant (at least a second of real time) before it
/// gives up on the provider: a backstop, since the provider replies at the timeout itself while
/// slow, as a gateway's 504 would, so a busy machine delays the reply but never changes it.
pub const CLIENT_SLACK: f64 = 10.0;
/// The copies on the shelf when the evening starts.
const STOCK: i32 = 10_000;

const DDL: &str = "create table orders (id bigserial primary key, n int not null, status text not null default 'pending',
  created_at timestamptz not null default clock_timestamp(), restocks int not null default 0);
create table books (id int primary key, stock int not null);
create table sweeper_runs (job_name text not null, run_slot int not null, box text not null, primary key (job_name, run_slot));";

/// The defaults and each fix alone, and the advisory lock with a power loss.
pub const CHECK: &[&[&str]] = &[&[], &["release=compare-and-delete"], &["exclusion=run-slot"], &["exclusion=advisory-lock"], &["restock=status-fence"], &["exclusion=advisory-lock", "power-loss=true"]];

pub fn check(ctx: &Ctx) -> Result<Vec<Report>, String> {
    let handles: Vec<_> = CHECK
        .iter()
        .map(|words| {
            let ctx = ctx.clone();
            let values = super::validate(sim::NAME, &super::pairs(words));
            std::thread::spawn(move || run(&ctx, &values?))
        })
        .collect();
    handles.into_iter().map(|h| h.join().map_err(|_| "a sweeper evening panicked".to_string())?).collect()
}

pub fn run(ctx: &Ctx, values: &[f64]) -> Result<Report, String> {
    let started = std::time::Instant::now();
    let p = Params::from_values(values);
    let simulated = sim::run(&p);
    let real = evening(ctx, &p)?;
    let mut r = ctx.report(sim::NAME, sim::SPECS, values);
    r.simulated = super::summary_json(&simulated.summary)?;
    r.real = real.summary.clone();
    let (s, re) = (r.simulated.clone(), r.real.clone());
    for f in ["doubleRestocks", "wrongDeletes", "skippedRuns", "stockError", "pendingAtEnd", "sweeps", "firstOverrunAt", "overlapSeconds", "fixes"] {
        r.rows.push(Row::exact(f, &s[f], &re[f]));
    }
    r.tolerance = format!(
        "exactly, every field: the evening is deterministic (the same seeded checkout timeouts), so the real counts read from PostgreSQL and from what each DEL removed must equal the simulation's. Ties the widget breaks by rule are broken by offsets inside each second of the story: a Redis key runs out at the start of its second, then the provider's replies (+{ANSWER} s), the sweeps that end with them, older first (+0.4 s for one less than a slot old, +0.25 for one slot, +0.175 for two …), the power loss (+{POWER}), the first cron (+{CRON_FIRST}), the other box's (+{CRON_SECOND}), the sweeps' questions (+{ASK}) and the checkouts (+{ORDER}); at this scale the closest two (two sweeps ending together, less than one and one slot old) are {:.0} ms apart",
        0.15 * ctx.scale * 1000.0
    );
    r.notes.push(super::scale_note(ctx, "s"));
    r.notes.extend(real.notes);
    r.notes.push(marks_note(&simulated, &real.wrong_delete_times, sim::MarkKind::WrongDelete, "wrong DELs"));
    r.notes.push(marks_note(&simulated, &real.double_restock_times, sim::MarkKind::DoubleRestock, "double restocks"));
    if simulated.holds.iter().any(|h| h.ended == sim::HoldEnd::ConnectionDropped) {
        r.notes.push(format!(
            "not reproducible here: the simulation lets the advisory lock go when TCP keepalive notices the dead box, at {}; the lab freezes the box (SIGSTOP), whose kernel still answers keepalives, so PostgreSQL never notices and skippedRuns differs from then on",
            locklab_sim::text::clock(f64::from(p.power_loss_at + sim::TCP_NOTICE_S))
        ));
    }
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}

fn marks_note(o: &sim::Outcome, real: &[u32], kind: sim::MarkKind, what: &str) -> String {
    let clocks = |v: &mut dyn Iterator<Item = u32>| v.map(|t| locklab_sim::text::clock(f64::from(t))).collect::<Vec<_>>().join(", ");
    let sim_times = clocks(&mut o.marks.iter().filter(|m| m.kind == kind).map(|m| m.at));
    let real_times = clocks(&mut real.iter().copied());
    let show = |s: String| if s.is_empty() { "none".to_string() } else { s };
    format!("{what} at: simulated {}; real {}", show(sim_times), show(real_times))
}

/// What the real evening came to.
struct Evening {
    summary: Value,
    wrong_delete_times: Vec<u32>,
    double_restock_times: Vec<u32>,
    notes: Vec<String>,
}

/// The evening's real run: servers set up, actors started, the power loss, the end, the counts.
fn evening(ctx: &Ctx, p: &Params) -> Result<Evening, String> {
    let (redis, pg) = (ctx.redis()?.to_string(), ctx.postgres()?.to_string());
    let schema = crate::store::claim("sweeper", Some(&redis), Some(&pg))?;
    crate::store::fresh_schema(&pg, &schema, &format!("{DDL} insert into books values (1, {STOCK});"))?;
    let end = p.until.max(START + 60);
    let end_s = f64::from(end - START);
    let story = Story::starting_in(std::time::Duration::from_millis(800), ctx.scale);
    let slots = (end - START) / p.order_every_s + 1;
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    let draws: Vec<f64> = (0..slots).map(|_| StandardUniform.sample(&mut rng)).collect();
    let provider = provider::Provider { story, recovers_s: f64::from(p.recovers_at.saturating_sub(START)), row_s: f64::from(p.row_s), draws: Arc::new(draws), timeout_share: p.timeout_share }.serve()?;
    let log: Arc<Mutex<Vec<Value>>> = Arc::new(Mutex::new(Vec::new()));
    let key = format!("{schema}:lock:sweeper");
    let advisory_key = (crate::clock::mono_ns() % 1_000_000_007) as i64;
    let mut boxes = Vec::new();
    for (name, first_on_even) in [("A", false), ("B", true)] {
        let config = json!({
            "box": name, "story": story.to_arg(), "redis": redis, "postgres": pg, "schema": schema, "key": key, "advisory_key": advisory_key,
            "provider": provider, "exclusion": choice(&sim::SPECS[1], p.exclusion as usize), "release": choice(&sim::SPECS[2], p.release as usize),
            "restock": choice(&sim::SPECS[3], p.restock as usize), "interval_s": p.interval_s, "lease_s": p.lease_s, "row_s": p.row_s,
            "min_age_s": sim::MIN_AGE_S, "end_s": end_s, "first_on_even": first_on_even,
        });
        let mut a = Actor::start(&format!("box {name}"), "sweeper-box", &config)?;
        let out = a.take_output().ok_or("a box has no output")?;
        let log = log.clone();
        let reader = std::thread::spawn(move || {
            use std::io::BufRead;
            for line in out.lines().map_while(Result::ok) {
                if let Ok(v) = serde_json::from_str::<Value>(&line) {
                    log.lock().unwrap_or_else(|e| e.into_inner()).push(v);
                }
            }
        });
        boxes.push((name, a, reader));
    }
    let shop = shop::Shop { story, pg: pg.clone(), schema: schema.clone(), provider: provider.clone(), order_every_s: p.order_every_s, end_s }.start();
    let mut notes = Vec::new();
    let mut lost: Option<(f64, Host)> = None;
    if p.power_loss {
        let at = f64::from(p.power_loss_at.min(end) - START);
        story.sleep_until(at + POWER);
        let victim = newest_running(&log.lock().unwrap_or_else(|e| e.into_inner())).unwrap_or(Host::A);
        if let Some((_, a, _)) = boxes.iter().find(|b| b.0 == victim.name()) {
            a.freeze()?;
        }
        notes.push(format!("box {} lost power at {}: the lab froze its process (SIGSTOP) for the rest of the evening", victim.name(), locklab_sim::text::clock(f64::from(START) + at)));
        lost = Some((at, victim));
    }
    story.sleep_until(end_s + 0.5);
    for (_, a, reader) in boxes {
        drop(a);
        let _ = reader.join();
    }
    shop.join().map_err(|_| "the shop thread panicked".to_string())??;
    let events = std::mem::take(&mut *log.lock().unwrap_or_else(|e| e.into_inner()));
    if let Ok(path) = std::env::var("LOCKLAB_LAB_TRACE") {
        let lines: Vec<String> = events.iter().map(Value::to_string).collect();
        let _ = std::fs::write(format!("{path}.{schema}.jsonl"), lines.join("\n"));
    }
    let result = count(&pg, &schema, p, &events, lost, end_s, story.scale);
    crate::store::drop_schema(&pg, &schema);
    crate::store::drop_keys(&redis, &schema);
    let mut ev = result?;
    ev.notes.splice(0..0, notes);
    Ok(ev)
}

fn choice(spec: &locklab_sim::Spec, i: usize) -> &'static str {
    spec.options().get(i).map_or("", |o| o.value)
}

fn host(v: &Value) -> Host {
    if v["box"].as_str() == Some("B") { Host::B } else { Host::A }
}

/// The box running the newest sweep, by the boxes' own reports.
fn newest_running(events: &[Value]) -> Option<Host> {
    let ended: Vec<&str> = events.iter().filter(|e| e["ev"] == "end").filter_map(|e| e["sweep"].as_str()).collect();
    events
        .iter()
        .filter(|e| e["ev"] == "start" && e["orders"].as_array().is_some_and(|o| !o.is_empty()))
        .filter(|e| e["sweep"].as_str().is_some_and(|s| !ended.contains(&s)))
        .max_by(|a, b| a["t"].as_f64().unwrap_or(0.0).total_cmp(&b["t"].as_f64().unwrap_or(0.0)))
        .map(host)
}

/// The real summary, from the database and the boxes' reports.
fn count(pg: &str, schema: &str, p: &Params, events: &[Value], lost: Option<(f64, Host)>, end_s: f64, story_scale: f64) -> Result<Evening, String> {
    let mut c = crate::store::postgres(pg, Some(schema))?;
    let q = |c: &mut postgres::Client, sql: &str| -> Result<i64, String> { c.query_one(sql, &[]).map(|r| r.get::<_, i64>(0)).map_err(|e| format!("counting: {}", crate::store::why(&e))) };
    let double = q(&mut c, "select coalesce(sum(greatest(restocks - 1, 0)), 0)::bigint from orders")?;
    let stock = q(&mut c, "select stock::bigint from books where id = 1")?;
    let not_abandoned = q(&mut c, "select count(*) from orders where status <> 'abandoned'")?;
    let pending = q(&mut c, "select count(*) from orders where status = 'pending'")?;
    let stock_error = stock - (i64::from(STOCK) - not_abandoned);
    let errors: Vec<String> = events.iter().filter(|e| e["ev"] == "error").map(|e| format!("box {} slot {}: {}", e["box"], e["slot"], e["error"])).collect();
    if !errors.is_empty() {
        return Err(format!("a box failed: {}", errors.join("; ")));
    }
    let ev = |kind: &'static str| events.iter().filter(move |e| e["ev"] == kind);
    let second = |e: &Value| START + e["t"].as_f64().unwrap_or(0.0).max(0.0).floor() as u32;
    let wrong: Vec<u32> = ev("end")
        .filter(|e| e["release"]["removed"].as_str().is_some_and(|r| Some(r) != e["release"]["own"].as_str()))
        .map(second)
        .collect();
    let mut slots: Vec<(u64, bool)> = ev("cron").map(|e| (e["slot"].as_u64().unwrap_or(0), e["took"] == true)).collect();
    slots.sort_unstable();
    let mut skipped = 0;
    for (i, &(slot, _)) in slots.iter().enumerate() {
        if (i == 0 || slots[i - 1].0 != slot) && !slots.iter().any(|x| x.0 == slot && x.1) {
            skipped += 1;
        }
    }
    let with_fates = real_sweeps(events, lost, end_s);
    let overrun = first_overrun(&with_fates, p, end_s);
    let sweeps: Vec<Sweep> = with_fates.into_iter().map(|(s, _)| s).collect();
    let mut restocked: Vec<(f64, i64)> = ev("answer").filter(|e| e["restocked"] == true).map(|e| (e["t"].as_f64().unwrap_or(0.0), e["order"].as_i64().unwrap_or(0))).collect();
    restocked.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut seen = Vec::new();
    let mut double_times = Vec::new();
    for (t, o) in restocked {
        if seen.contains(&o) {
            double_times.push(START + t.floor() as u32);
        }
        seen.push(o);
    }
    let latest = events.iter().filter(|e| e["lateMs"].is_number()).max_by(|a, b| a["lateMs"].as_f64().unwrap_or(0.0).total_cmp(&b["lateMs"].as_f64().unwrap_or(0.0)));
    let late = latest.map_or_else(
        || "no step was timed".to_string(),
        |e| format!("at most {:.1} ms late (box {}'s {} near {})", e["lateMs"].as_f64().unwrap_or(0.0), e["box"].as_str().unwrap_or("?"), e["ev"].as_str().unwrap_or("?"), e["t"].as_f64().map_or("its first cron".into(), |t| locklab_sim::text::clock(f64::from(START) + t.floor()))),
    );
    let summary = json!({
        "firstOverrunAt": overrun.map(|t| locklab_sim::text::clock(f64::from(t))),
        "overlapSeconds": overlap_seconds(&sweeps),
        "doubleRestocks": double,
        "wrongDeletes": wrong.len(),
        "skippedRuns": skipped,
        "stockError": stock_error,
        "pendingAtEnd": pending,
        "sweeps": sweeps.iter().filter(|s| !s.orders.is_empty()).count(),
        "fixes": { "exclusion": choice(&sim::SPECS[1], p.exclusion as usize), "release": choice(&sim::SPECS[2], p.release as usize), "restock": choice(&sim::SPECS[3], p.restock as usize) },
    });
    let mut notes = vec![format!("the boxes' timed steps (crons, questions, replies, releases) were {late}")];
    let worst = latest.and_then(|e| e["lateMs"].as_f64()).unwrap_or(0.0);
    notes.extend(super::slip_note(worst, 0.15 * story_scale * 1000.0));
    Ok(Evening { summary, wrong_delete_times: wrong, double_restock_times: double_times, notes })
}

/// How a sweep's story ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    Ended,
    /// Its box was frozen (the power loss) at the sweep's end second.
    Killed,
    /// Still running when the replay ended.
    Open,
}

/// The sweeps as the boxes reported them: from their cron's second to the second of their end
/// (the power loss for a frozen box's sweep, the end of the replay for one still running).
fn real_sweeps(events: &[Value], lost: Option<(f64, Host)>, end_s: f64) -> Vec<(Sweep, Fate)> {
    let mut out = Vec::new();
    for e in events.iter().filter(|e| e["ev"] == "start") {
        let (by, id) = (host(e), e["sweep"].as_str().unwrap_or(""));
        let start = START + e["t"].as_f64().unwrap_or(0.0) as u32;
        let orders: Vec<u32> = e["orders"].as_array().map(|o| o.iter().filter_map(|x| x.as_u64()).map(|x| x as u32).collect()).unwrap_or_default();
        let ended = events.iter().find(|x| x["ev"] == "end" && x["sweep"].as_str() == Some(id)).and_then(|x| x["t"].as_f64());
        let (end, fate) = match (ended, lost) {
            (Some(t), _) => (t.floor(), Fate::Ended),
            (None, Some((at, victim))) if victim == by => (at, Fate::Killed),
            (None, _) => (end_s, Fate::Open),
        };
        let end = if orders.is_empty() { start } else { START + end as u32 };
        out.push((Sweep { by, start, end, orders, killed: fate == Fate::Killed }, fate));
    }
    out
}

/// When a sweep was first still running as the next slot came, by the widget's rule: a sweep
/// that ends at that second has ended first; one frozen at that second, or still running when
/// the replay ends, was still running.
fn first_overrun(sweeps: &[(Sweep, Fate)], p: &Params, end_s: f64) -> Option<u32> {
    let end = START + end_s as u32;
    sweeps
        .iter()
        .filter(|(s, _)| !s.orders.is_empty())
        .map(|(s, fate)| (s, fate, s.start + p.interval_s))
        .filter(|&(s, fate, due)| {
            due <= end
                && match fate {
                    Fate::Ended => s.end > due,
                    Fate::Killed => s.end >= due,
                    Fate::Open => true,
                }
        })
        .map(|(_, _, due)| due)
        .min()
}

/// Seconds in which two sweeps or more ran, counted second by second over the real sweeps' times
/// (each runs over [start, end)). The lab's own count: until 6 December it used the simulation's
/// `overlap_seconds`, so a wrong sum would have been wrong on both sides and agreed.
fn overlap_seconds(sweeps: &[Sweep]) -> u32 {
    let ran: Vec<&Sweep> = sweeps.iter().filter(|s| s.end > s.start).collect();
    let (Some(first), Some(last)) = (ran.iter().map(|s| s.start).min(), ran.iter().map(|s| s.end).max()) else { return 0 };
    let mut running = vec![0u32; (last - first) as usize];
    for s in ran {
        for n in &mut running[(s.start - first) as usize..(s.end - first) as usize] {
            *n += 1;
        }
    }
    running.iter().filter(|&&n| n >= 2).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sweep(start: u32, end: u32) -> Sweep {
        Sweep { by: Host::A, start, end, orders: Vec::new(), killed: false }
    }

    #[test]
    fn overlaps_are_counted_second_by_second() {
        assert_eq!(overlap_seconds(&[]), 0);
        assert_eq!(overlap_seconds(&[sweep(0, 10)]), 0);
        // Touching is not overlapping; three at once count once; an empty sweep counts nothing.
        assert_eq!(overlap_seconds(&[sweep(0, 10), sweep(10, 20)]), 0);
        assert_eq!(overlap_seconds(&[sweep(0, 10), sweep(5, 20), sweep(7, 8), sweep(30, 30)]), 5);
        assert_eq!(overlap_seconds(&[sweep(100, 160), sweep(130, 220), sweep(200, 260)]), 30 + 20);
        // And the simulation's sum from sorted edges agrees on random evenings.
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut below = |k: u32| -> u32 {
            let x: u32 = StandardUniform.sample(&mut rng);
            x % k
        };
        for _ in 0..200 {
            let n = 1 + below(12) as usize;
            let sweeps: Vec<Sweep> = (0..n)
                .map(|_| {
                    let start = below(600);
                    sweep(start, start + below(120))
                })
                .collect();
            assert_eq!(overlap_seconds(&sweeps), sim::overlap_seconds(&sweeps));
        }
    }
}
