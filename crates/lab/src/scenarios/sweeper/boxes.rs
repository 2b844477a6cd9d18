//! A box: one process with a cron. At every slot its cron starts a run (a thread with fresh
//! connections, as a cron job is a fresh process) that takes the exclusion, reads the pending
//! orders older than two minutes, asks the provider about each with `row-s` per order (the client
//! timeout), abandons and restocks on `not-charged`, and releases. It prints what it does as JSON
//! lines; the lab reads them (and the database) to count what happened.

use serde_json::{Value, json};

use super::{ANSWER, ASK, CLIENT_SLACK, CRON_FIRST, CRON_SECOND, FINISH_BASE, FINISH_SPAN};
use crate::actors;
use crate::clock::Story;

/// One box's settings, as the lab passes them.
#[derive(Clone)]
struct Setup {
    name: String,
    story: Story,
    redis: String,
    pg: String,
    schema: String,
    key: String,
    advisory_key: i64,
    provider: String,
    exclusion: String,
    release: String,
    restock: String,
    interval_s: f64,
    lease_s: f64,
    row_s: f64,
    min_age_s: f64,
    end_s: f64,
    /// Whether this box is first on even slots (B) or on odd ones (A).
    first_on_even: bool,
}

impl Setup {
    fn read(c: &Value) -> Result<Setup, String> {
        let t = |n| actors::text(c, n);
        let f = |n| actors::number(c, n);
        Ok(Setup {
            name: t("box")?,
            story: actors::story(c)?,
            redis: t("redis")?,
            pg: t("postgres")?,
            schema: t("schema")?,
            key: t("key")?,
            advisory_key: f("advisory_key")? as i64,
            provider: t("provider")?,
            exclusion: t("exclusion")?,
            release: t("release")?,
            restock: t("restock")?,
            interval_s: f("interval_s")?,
            lease_s: f("lease_s")?,
            row_s: f("row_s")?,
            min_age_s: f("min_age_s")?,
            end_s: f("end_s")?,
            first_on_even: actors::field(c, "first_on_even")?.as_bool().unwrap_or(false),
        })
    }
}

/// The box's main thread: a cron run per slot, each prepared 150 ms ahead (its connections).
pub fn actor(config: &Value) -> Result<(), String> {
    let s = Setup::read(config)?;
    let mut runs = Vec::new();
    let mut slot = 0u32;
    loop {
        let t = f64::from(slot) * s.interval_s;
        if t >= s.end_s {
            break;
        }
        let first = slot.is_multiple_of(2) == s.first_on_even;
        let at = t + if first { CRON_FIRST } else { CRON_SECOND };
        crate::clock::sleep_until(s.story.at(at).saturating_sub(150_000_000));
        let setup = s.clone();
        runs.push(std::thread::spawn(move || {
            if let Err(e) = cron_run(&setup, slot, t, at) {
                actors::say(&json!({ "ev": "error", "box": setup.name, "slot": slot, "error": e }));
            }
        }));
        slot += 1;
    }
    for r in runs {
        let _ = r.join();
    }
    actors::say(&json!({ "ev": "done", "box": s.name }));
    Ok(())
}

/// One cron run: slot `slot` at story second `t`, firing at `at`.
fn cron_run(s: &Setup, slot: u32, t: f64, at: f64) -> Result<(), String> {
    let mut redis = crate::store::redis(&s.redis)?;
    let mut pg = crate::store::postgres(&s.pg, Some(&s.schema))?;
    let sweep = format!("{}@{}", s.name, slot);
    let value = format!("{}@{}", s.name, locklab_sim::text::clock(f64::from(locklab_sim::sweeper_incident::START) + t));
    let late = s.story.sleep_until(at);
    let took = match s.exclusion.as_str() {
        "run-slot" => {
            let n = pg
                .execute("insert into sweeper_runs (job_name, run_slot, box) values ('sweeper', $1, $2) on conflict do nothing", &[&(slot as i32), &s.name])
                .map_err(|e| format!("run-slot insert: {}", crate::store::why(&e)))?;
            n == 1
        }
        "advisory-lock" => pg.query_one("select pg_try_advisory_lock($1)", &[&s.advisory_key]).map_err(|e| format!("pg_try_advisory_lock: {}", crate::store::why(&e)))?.get::<_, bool>(0),
        _ => crate::store::acquire_plain(&mut redis, &s.key, &value, s.story.ms_until(t + s.lease_s))?.is_some(),
    };
    actors::say(&json!({ "ev": "cron", "box": s.name, "slot": slot, "took": took, "lateMs": late }));
    if !took {
        return Ok(());
    }
    let rows = pg
        .query("select id from orders where status = 'pending' and created_at < to_timestamp($1) order by id", &[&s.story.wall_of(t - s.min_age_s)])
        .map_err(|e| format!("the pending list: {}", crate::store::why(&e)))?;
    let list: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
    actors::say(&json!({ "ev": "start", "box": s.name, "sweep": sweep, "slot": slot, "t": t, "orders": list }));
    for (i, id) in list.iter().enumerate() {
        let ask = t + i as f64 * s.row_s + ASK;
        let late = s.story.sleep_until(ask);
        // The provider replies at the sweep's timeout, `timeout` or `not-charged`; a reply that
        // never comes gives up after the backstop.
        let deadline = s.story.at(t + (i + 1) as f64 * s.row_s + ANSWER + CLIENT_SLACK).max(crate::clock::mono_ns() + 1_000_000_000);
        let answer = super::provider::get(&s.provider, &format!("/status?order={id}"), deadline);
        let due = t + (i + 1) as f64 * s.row_s + ANSWER;
        let late = late.max((s.story.now() - due) * s.story.scale * 1000.0);
        let restocked = match answer.as_deref() {
            Some("not-charged") => Some(restock(&mut pg, &s.restock, *id)?),
            _ => None,
        };
        actors::say(&json!({ "ev": "answer", "box": s.name, "sweep": sweep, "order": id, "t": s.story.now(), "answer": answer, "restocked": restocked, "lateMs": late }));
    }
    let mut finish_late = 0.0;
    if !list.is_empty() {
        // Sweeps that end at the same second release older first (the widget's rule).
        let end = t + list.len() as f64 * s.row_s;
        let age = ((end - t) / s.interval_s).floor().min(20.0);
        finish_late = s.story.sleep_until(end + FINISH_BASE + FINISH_SPAN * 0.5f64.powf(age));
    }
    let released = release(s, &mut redis, &mut pg, &value)?;
    actors::say(&json!({ "ev": "end", "box": s.name, "sweep": sweep, "t": s.story.now(), "release": released, "lateMs": finish_late }));
    Ok(())
}

/// Abandons the order and puts its copy back: plainly (`stock + 1`), or only if it was still
/// pending, in one transaction. Whether a copy went back.
fn restock(pg: &mut postgres::Client, how: &str, id: i64) -> Result<bool, String> {
    let mut tx = pg.transaction().map_err(|e| crate::store::why(&e))?;
    let guard = if how == "status-fence" { " and status = 'pending'" } else { "" };
    let n = tx.execute(format!("update orders set status = 'abandoned', restocks = restocks + 1 where id = $1{guard}").as_str(), &[&id]).map_err(|e| format!("abandoning order {id}: {}", crate::store::why(&e)))?;
    if n == 1 {
        tx.execute("update books set stock = stock + 1 where id = 1", &[]).map_err(|e| format!("restocking: {}", crate::store::why(&e)))?;
    }
    tx.commit().map_err(|e| crate::store::why(&e))?;
    Ok(n == 1)
}

/// Lets go of the exclusion. For `del`, `GETDEL` (which deletes exactly as `DEL` does) so the
/// lab learns whose key the delete removed.
fn release(s: &Setup, redis: &mut redis::Connection, pg: &mut postgres::Client, value: &str) -> Result<Value, String> {
    Ok(match (s.exclusion.as_str(), s.release.as_str()) {
        ("redis-ttl", "compare-and-delete") => json!({ "deleted": crate::store::compare_and_delete(redis, &s.key, value)?, "own": value }),
        ("redis-ttl", _) => {
            let removed: Option<String> = redis::cmd("GETDEL").arg(&s.key).query(redis).map_err(|e| format!("DEL lock:sweeper: {}", crate::store::why(&e)))?;
            json!({ "removed": removed, "own": value })
        }
        ("advisory-lock", _) => {
            let ok: bool = pg.query_one("select pg_advisory_unlock($1)", &[&s.advisory_key]).map_err(|e| format!("pg_advisory_unlock: {}", crate::store::why(&e)))?.get(0);
            json!({ "unlocked": ok })
        }
        _ => json!({}),
    })
}
