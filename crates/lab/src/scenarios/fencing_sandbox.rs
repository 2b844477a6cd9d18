//! The fencing sandbox on real servers. Each client (A, B, C) is a process of its own with its own
//! Redis and PostgreSQL connections; the lab is the scheduler and sends each step to its client at
//! the step's second of the widget's clock (half a second into it). The lock is a Redis key
//! (`SET NX PX` and `INCR` of the token counter in one script; compare-and-delete to release) whose
//! expiry runs out at the start of second `acquired + lease-s`, as the widget's lease does. A pause
//! is a real SIGSTOP of the client's process until its lease has run out on Redis, then SIGCONT.
//! The counter is a PostgreSQL row; each protection is SQL (`fence-writes`: `… where $token >=
//! highest_write`; `fence-all`: reads register their token, `… where $token >= highest_seen`;
//! `conditional`: `… where version = $version_read`, a version column as the issue asks, the same
//! here as the widget's value check because the value only changes with a version).
//!
//! The ending is read from what the servers answered: a write that was applied and replaced an
//! update it had not read is a lost update, `older-overwrote` when the update it erased carried a
//! higher token, `stale-read` otherwise (the value's digits say whose updates it holds: A adds 1,
//! B 10, C 100, once each).

use std::sync::mpsc;

use locklab_sim::fencing_sandbox::{self as sim, Action, Ending, Move, Params, Protection};
use serde_json::{Value, json};

use super::Ctx;
use crate::actors::{self, Actor};
use crate::clock::Story;
use crate::report::{Report, Row};

/// Real seconds per second of the widget's clock: a step happens 25 ms into its 50 ms second.
pub const DEFAULT_SCALE: f64 = 0.05;
/// At most this many parallel lanes per protection for `--all-orders` (each with its own client
/// processes), one per eight orders.
const MAX_LANES_PER_PROTECTION: usize = 6;

const DDL: &str = "create table counters (id text primary key, value bigint not null default 0, version bigint not null default 0,
  highest_write bigint not null default 0, highest_seen bigint not null default 0);";

/// The write-only gap told by hand (the widget's chapter tells it): A's late write lands between B's read and
/// B's write.
pub const GAP_STORY: &str = "A.acquire,A.read,A.pause,B.acquire,B.read,A.write,B.write,A.release,B.release";

pub fn check(ctx: &Ctx) -> Result<Vec<Report>, String> {
    let mut out = Vec::new();
    for words in [&["clients=2"][..], &["clients=3"]] {
        out.push(run(ctx, &super::validate(sim::NAME, &super::pairs(words))?, true)?);
    }
    for prot in ["fence-writes", "fence-all"] {
        let steps = format!("steps={GAP_STORY}");
        out.push(run(ctx, &super::validate(sim::NAME, &super::pairs(&[&format!("protection={prot}"), &steps]))?, false)?);
    }
    Ok(out)
}

pub fn run(ctx: &Ctx, values: &[f64], all_orders: bool) -> Result<Report, String> {
    let started = std::time::Instant::now();
    let p = Params::from_values(values);
    let simulated = sim::run(&p);
    let (redis, pg) = (ctx.redis()?.to_string(), ctx.postgres()?.to_string());
    let schema = crate::store::claim("sandbox", Some(&redis), Some(&pg))?;
    crate::store::fresh_schema(&pg, &schema, DDL)?;
    let env = Env { redis: redis.clone(), pg: pg.clone(), schema: schema.clone(), scale: ctx.scale, lease_s: p.lease_s, clients: p.clients };
    let mut lane = Lane::start(&env, "story", p.protection)?;
    let story = lane.play(&format!("{schema}_story"), &p.steps)?;
    drop(lane);
    let mut r = ctx.report(sim::NAME, sim::SPECS, &values[..values.len().min(sim::SPECS.len())]);
    r.params.push(("steps".into(), json!(simulated.summary.steps)));
    if !p.steps.is_empty() {
        r.label = format!("{} steps={}", r.label.replace("defaults", "").trim(), simulated.summary.steps).trim().to_string();
    }
    if all_orders {
        r.label = format!("{} --all-orders", r.label);
    }
    r.simulated = super::summary_json(&simulated.summary)?;
    let s = &r.simulated.clone();
    let mut real = json!({
        "steps": simulated.summary.steps, "value": story.value, "expectedValue": story.expected, "highestToken": story.highest_token,
        "outcome": story.ending_name(), "finished": story.finished,
    });
    for f in ["steps", "value", "expectedValue", "highestToken", "outcome", "finished"] {
        r.rows.push(Row::exact(f, &s[f], &real[f]));
    }
    r.notes.extend(story.notes.iter().cloned());
    r.notes.extend(super::slip_note(story.late_ms, ctx.scale * 500.0));
    if all_orders {
        let counts = all_orders_real(&env, &simulated.orders, &mut r.notes)?;
        real["interleavings"] = json!(simulated.orders.len());
        real["byProtection"] = counts.0;
        r.rows.push(Row::exact("interleavings", &s["interleavings"], &real["interleavings"]));
        r.rows.push(Row::exact("byProtection", &s["byProtection"], &real["byProtection"]));
        r.rows.push(Row::exact("ordersThatDiffer", &json!(0), &json!(counts.1)));
    } else {
        r.rows.push(Row::shown("interleavings", &s["interleavings"], &Value::Null));
        r.rows.push(Row::shown("byProtection", &s["byProtection"], &Value::Null));
        r.notes.push("interleavings and byProtection are played for real only with --all-orders".into());
    }
    r.real = real;
    r.tolerance = format!(
        "exactly: every compared field must equal the simulation's{}. Each step happens half a second into its second of the widget's clock and a lease runs out at the start of the second it is due, so an acquire at the second a lease ends finds it gone, as in the widget; Redis keeps expiries to the millisecond and the half second is {} ms here",
        if all_orders { ", the counts over every order and each order's own ending under each protection included (ordersThatDiffer counts the orders where they differ)" } else { "" },
        ctx.scale * 500.0
    );
    r.notes.push(super::scale_note(ctx, "s"));
    crate::store::drop_schema(&pg, &schema);
    crate::store::drop_keys(&redis, &schema);
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}

/// Every order under every protection, on parallel lanes: the counts, as the widget's
/// `byProtection`, and how many (order, protection) pairs end otherwise than simulated.
fn all_orders_real(env: &Env, orders: &sim::Orders, notes: &mut Vec<String>) -> Result<(Value, usize), String> {
    let lanes = orders.len().div_ceil(8).clamp(1, MAX_LANES_PER_PROTECTION);
    let (tx, rx) = mpsc::channel::<Result<(usize, usize, Played), String>>();
    let mut handles = Vec::new();
    for (k, &prot) in Protection::ALL.iter().enumerate() {
        for lane_no in 0..lanes {
            let (env, orders, tx) = (env.clone(), orders.clone(), tx.clone());
            handles.push(std::thread::spawn(move || {
                let mut lane = match Lane::start(&env, &format!("{}{lane_no}", prot.name()), prot) {
                    Ok(l) => l,
                    Err(e) => return drop(tx.send(Err(e))),
                };
                for (i, (moves, _)) in orders.iter().enumerate().filter(|(i, _)| i % lanes == lane_no) {
                    let played = lane.play(&format!("{}_{}_{i}", env.schema, prot.name().replace('-', "_")), moves);
                    if tx.send(played.map(|p| (k, i, p))).is_err() {
                        return;
                    }
                }
            }));
        }
    }
    drop(tx);
    let mut real: Vec<Vec<Option<Ending>>> = vec![vec![None; orders.len()]; 4];
    let mut differ = Vec::new();
    let mut late: f64 = 0.0;
    for msg in rx {
        let (k, i, played) = msg?;
        late = late.max(played.late_ms);
        if played.ending != Some(orders[i].1[k]) {
            differ.push(format!(
                "order {} ({}) under {}: simulated {}, real {}",
                i + 1,
                orders[i].0.iter().map(|m| m.text()).collect::<Vec<_>>().join(","),
                Protection::ALL[k].name(),
                ending_text(Some(orders[i].1[k])),
                played.ending_name()
            ));
        }
        real[k][i] = played.ending;
    }
    for h in handles {
        h.join().map_err(|_| "a lane thread panicked".to_string())?;
    }
    notes.push(format!("every order was played for real under each protection on {} lanes at once; the scheduled steps were at most {late:.1} ms late", 4 * lanes));
    notes.extend(super::slip_note(late, env.scale * 500.0));
    notes.extend(differ.iter().take(12).cloned());
    if differ.len() > 12 {
        notes.push(format!("… and {} more orders that differ", differ.len() - 12));
    }
    let counts: Vec<Value> = Protection::ALL
        .iter()
        .enumerate()
        .map(|(k, prot)| {
            let n = |e: Ending| real[k].iter().filter(|x| **x == Some(e)).count();
            json!({ "protection": prot.name(), "correct": n(Ending::Correct), "olderOverwrote": n(Ending::OlderOverwrote), "staleRead": n(Ending::StaleRead) })
        })
        .collect();
    Ok((json!(counts), differ.len()))
}

fn ending_text(e: Option<Ending>) -> String {
    match e {
        Some(Ending::Correct) => "correct".into(),
        Some(Ending::OlderOverwrote) => "older-overwrote".into(),
        Some(Ending::StaleRead) => "stale-read".into(),
        None => "diverged".into(),
    }
}

#[derive(Clone)]
struct Env {
    redis: String,
    pg: String,
    schema: String,
    scale: f64,
    lease_s: u32,
    clients: u8,
}

/// The second of the widget's clock at which each step happens: one second per step, and a pause
/// jumps to the pausing client's lease expiry.
pub fn schedule(moves: &[Move], lease_s: u32) -> Vec<u32> {
    let mut clock = 0u32;
    let mut expires = [0u32; 3];
    moves
        .iter()
        .map(|&m| {
            let at = clock;
            match m {
                Move::Do(c, Action::Acquire) => {
                    expires[usize::from(c)] = clock + lease_s;
                    clock += 1;
                }
                Move::Do(c, Action::Pause) => clock = clock.max(expires[usize::from(c)]),
                _ => clock += 1,
            }
            at
        })
        .collect()
}

/// What one order did on the real servers.
struct Played {
    ending: Option<Ending>,
    value: i64,
    expected: i64,
    highest_token: u64,
    finished: bool,
    late_ms: f64,
    notes: Vec<String>,
}

impl Played {
    fn ending_name(&self) -> String {
        ending_text(self.ending)
    }
}

/// One protection's clients, reused order after order.
struct Lane {
    env: Env,
    clients: Vec<Actor>,
    redis: redis::Connection,
    pg: postgres::Client,
}

impl Lane {
    fn start(env: &Env, name: &str, protection: Protection) -> Result<Lane, String> {
        let clients = (0..usize::from(env.clients.clamp(2, 3)))
            .map(|c| {
                let config = json!({
                    "name": sim::CLIENT_NAMES[c], "amount": sim::AMOUNTS[c], "redis": env.redis, "postgres": env.pg,
                    "schema": env.schema, "protection": protection.name(),
                });
                Actor::start(&format!("{}@{name}", sim::CLIENT_NAMES[c]), "sandbox-client", &config)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let redis = crate::store::redis(&env.redis)?;
        let pg = crate::store::postgres(&env.pg, Some(&env.schema))?;
        Ok(Lane { env: env.clone(), clients, redis, pg })
    }

    /// Plays `moves` on fresh keys and a fresh row named `id`.
    fn play(&mut self, id: &str, moves: &[Move]) -> Result<Played, String> {
        let (pg, redis) = (&mut self.pg, &mut self.redis);
        pg.execute("insert into counters (id) values ($1)", &[&id]).map_err(|e| format!("cannot set up the counter: {}", crate::store::why(&e)))?;
        let (lock, token_key) = (format!("{id}:lock"), format!("{id}:token"));
        let _: () = redis::cmd("SET").arg(&token_key).arg(sim::FIRST_TOKEN - 1).query(redis).map_err(|e| crate::store::why(&e))?;
        for c in &mut self.clients {
            c.ask(&json!({ "cmd": "begin", "lock": lock, "token": token_key, "row": id }))?;
        }
        let clock = schedule(moves, self.env.lease_s);
        let story = Story::starting_in(std::time::Duration::from_millis(30), self.env.scale);
        let mut judge = Judge::default();
        let mut late: f64 = 0.0;
        let mut released = [false; 3];
        for (i, (&m, &at)) in moves.iter().zip(&clock).enumerate() {
            let Move::Do(c, action) = m else { continue };
            let ci = usize::from(c);
            let client = self.clients.get_mut(ci).ok_or_else(|| format!("step {} names client {} of {}", i + 1, sim::CLIENT_NAMES[ci], self.env.clients))?;
            if action == Action::Pause {
                let until = clock.get(i + 1).copied().unwrap_or(at);
                client.freeze()?;
                late = late.max(story.sleep_until(f64::from(until)));
                client.thaw()?;
                continue;
            }
            late = late.max(story.sleep_until(f64::from(at) + 0.5));
            let reply = match action {
                Action::Acquire => client.ask(&json!({ "cmd": "acquire", "until": story.at(f64::from(at + self.env.lease_s)) }))?,
                Action::Read => client.ask(&json!({ "cmd": "read" }))?,
                Action::Write => client.ask(&json!({ "cmd": "write" }))?,
                Action::Release => client.ask(&json!({ "cmd": "release" }))?,
                Action::Pause => Value::Null,
            };
            if action == Action::Release {
                released[ci] = true;
            }
            if let Err(why) = judge.take(ci, action, &reply) {
                let mut p = judge.played(None, redis, &token_key, pg, id)?;
                p.notes.push(format!("step {} {}: {why}", i + 1, m.text()));
                p.late_ms = late;
                return Ok(p);
            }
        }
        let ending = judge.ending();
        let mut p = judge.played(Some(ending), redis, &token_key, pg, id)?;
        p.finished = released[..usize::from(self.env.clients.clamp(2, 3))].iter().all(|&r| r);
        p.late_ms = late;
        Ok(p)
    }
}

/// Reads the servers' answers as they come and judges the ending.
#[derive(Default)]
struct Judge {
    tokens: [Option<u64>; 3],
    reads: [Option<i64>; 3],
    accepted: i64,
    harm: Option<Ending>,
}

/// Whose updates a value holds: A adds 1, B 10, C 100, each at most once.
fn holders(v: i64) -> [bool; 3] {
    [v % 10 == 1, (v / 10) % 10 == 1, (v / 100) % 10 == 1]
}

impl Judge {
    fn take(&mut self, c: usize, action: Action, reply: &Value) -> Result<(), String> {
        match action {
            Action::Acquire => match reply["token"].as_u64() {
                Some(t) => self.tokens[c] = Some(t),
                None => return Err("Redis refused the acquire: the lock was still held there".into()),
            },
            Action::Read => {
                if reply["accepted"].as_bool() == Some(true) {
                    self.reads[c] = reply["value"].as_i64();
                }
            }
            Action::Write => {
                if reply["accepted"].as_bool() == Some(true) {
                    let (old, read) = (reply["old"].as_i64().unwrap_or(0), self.reads[c].unwrap_or(0));
                    let (had, saw) = (holders(old), holders(read));
                    let mine = self.tokens[c].unwrap_or(0);
                    for j in 0..3 {
                        if had[j] && !saw[j] {
                            let kind = if self.tokens[j].unwrap_or(0) > mine { Ending::OlderOverwrote } else { Ending::StaleRead };
                            self.harm = Some(if self.harm == Some(Ending::OlderOverwrote) { Ending::OlderOverwrote } else { kind });
                        }
                    }
                    self.accepted += sim::AMOUNTS[c];
                }
            }
            Action::Release | Action::Pause => {}
        }
        Ok(())
    }

    fn ending(&self) -> Ending {
        self.harm.unwrap_or(Ending::Correct)
    }

    fn played(&self, ending: Option<Ending>, redis: &mut redis::Connection, token_key: &str, pg: &mut postgres::Client, id: &str) -> Result<Played, String> {
        let highest: Option<u64> = redis::cmd("GET").arg(token_key).query(redis).map_err(|e| crate::store::why(&e))?;
        let value: i64 = pg.query_one("select value from counters where id = $1", &[&id]).map_err(|e| crate::store::why(&e))?.get(0);
        Ok(Played { ending, value, expected: self.accepted, highest_token: highest.unwrap_or(sim::FIRST_TOKEN - 1), finished: false, late_ms: 0.0, notes: Vec::new() })
    }
}

/// A sandbox client: its program's state and its two connections.
struct Client {
    name: String,
    amount: i64,
    protection: String,
    redis: redis::Connection,
    pg: postgres::Client,
    lock: String,
    token_key: String,
    row: String,
    token: Option<u64>,
    read: Option<(i64, i64)>,
}

impl Client {
    fn handle(&mut self, cmd: &Value) -> Result<Value, String> {
        let t = self.token.unwrap_or(0) as i64;
        match cmd["cmd"].as_str().unwrap_or("") {
            "begin" => {
                (self.lock, self.token_key, self.row) = (actors::text(cmd, "lock")?, actors::text(cmd, "token")?, actors::text(cmd, "row")?);
                (self.token, self.read) = (None, None);
                Ok(json!({ "ok": true }))
            }
            "acquire" => {
                let until = actors::field(cmd, "until")?.as_u64().ok_or("acquire needs until")?;
                let px = until.saturating_sub(crate::clock::mono_ns()) / 1_000_000;
                let value = format!("{}-{}", self.name, self.row);
                self.token = crate::store::acquire(&mut self.redis, &self.lock, &self.token_key, &value, px)?;
                Ok(json!({ "token": self.token }))
            }
            "read" => {
                let row = if self.protection == "fence-all" {
                    self.pg.query_opt("update counters set highest_seen = $2 where id = $1 and $2 >= highest_seen returning value, version", &[&self.row, &t])
                } else {
                    self.pg.query_opt("select value, version from counters where id = $1", &[&self.row])
                };
                self.read = row.map_err(|e| format!("the read failed: {}", crate::store::why(&e)))?.map(|r| (r.get(0), r.get(1)));
                Ok(json!({ "accepted": self.read.is_some(), "value": self.read.map(|r| r.0) }))
            }
            "write" => self.write(t),
            "release" => {
                let deleted = crate::store::compare_and_delete(&mut self.redis, &self.lock, &format!("{}-{}", self.name, self.row))?;
                Ok(json!({ "deleted": deleted }))
            }
            other => Err(format!("unknown command {other}")),
        }
    }

    /// Writes what it read plus its amount, under the protection's condition; answers with the
    /// value it replaced.
    fn write(&mut self, t: i64) -> Result<Value, String> {
        let Some((read, version)) = self.read else { return Ok(json!({ "skipped": true, "accepted": false })) };
        let cond = match self.protection.as_str() {
            "fence-writes" => "and $3 >= c.highest_write",
            "fence-all" => "and $3 >= c.highest_seen",
            "conditional" => "and c.version = $4",
            _ => "",
        };
        let sql = format!(
            "with old as (select value from counters where id = $1 for update)
             update counters c set value = $2, version = c.version + 1, highest_write = greatest(c.highest_write, $3), highest_seen = greatest(c.highest_seen, $3)
             from old where c.id = $1 {cond} and $4::bigint is not null returning old.value"
        );
        let new = read + self.amount;
        let row = self.pg.query_opt(sql.as_str(), &[&self.row, &new, &t, &version]).map_err(|e| format!("the write failed: {}", crate::store::why(&e)))?;
        Ok(json!({ "accepted": row.is_some(), "old": row.map(|r| r.get::<_, i64>(0)), "new": new }))
    }
}

/// The client process: one command per line, one reply per line.
pub fn actor(config: &Value) -> Result<(), String> {
    let mut c = Client {
        name: actors::text(config, "name")?,
        amount: actors::number(config, "amount")? as i64,
        protection: actors::text(config, "protection")?,
        redis: crate::store::redis(&actors::text(config, "redis")?)?,
        pg: crate::store::postgres(&actors::text(config, "postgres")?, Some(&actors::text(config, "schema")?))?,
        lock: String::new(),
        token_key: String::new(),
        row: String::new(),
        token: None,
        read: None,
    };
    for cmd in actors::commands() {
        let reply = c.handle(&cmd).unwrap_or_else(|e| json!({ "error": e }));
        actors::say(&reply);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_is_the_widgets_clock() {
        let p = Params { protection: Protection::FenceWrites, clients: 2, lease_s: 10, steps: vec![] };
        for (moves, _) in sim::enumerate(2, 10) {
            let mut w = sim::World::new(&p);
            let mut clocks = Vec::new();
            for &m in &moves {
                clocks.push(w.clock);
                w.apply(m);
            }
            assert_eq!(schedule(&moves, 10), clocks);
        }
    }

    #[test]
    fn digits_say_whose_updates_a_value_holds() {
        assert_eq!(holders(0), [false; 3]);
        assert_eq!(holders(101), [true, false, true]);
        assert_eq!(holders(10), [false, true, false]);
    }
}
