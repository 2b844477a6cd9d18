//! Where the lock lives, on real servers. `store=redis`: a primary and a replica of the lab's own
//! (`--replicaof`), the replication stream passed through the lab's proxy, which holds it
//! `lag-ms` so that the lag is the widget's and not loopback's tenth of a millisecond. A client
//! grants locks at `grants-per-s` (Poisson, `SET key <unique> NX PX` on distinct keys); then the
//! primary is killed (SIGKILL; the proxy throws away what it still holds, as a crashed primary's
//! output buffer is lost) and the replica promoted, by Redis Sentinel in the first failover of a
//! run and by `REPLICAOF NO ONE` in the rest. The acknowledged lock keys the new primary does not
//! have are the lost locks; one of them is then granted to a second client.
//!
//! The proxy holds every byte the same `lag-ms`, where the widget draws an exponential lag per
//! grant: a TCP stream cannot be reordered. The count in flight at the crash is Poisson with mean
//! rate × E[lag] for any lag distribution (an M/G/∞ count), so the mean lost per failover is the
//! widget's either way.

use std::time::{Duration, Instant};

use locklab_sim::redis_failover::{self as sim, Params, Store};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Exp1};
use serde_json::json;

use super::Ctx;
use crate::proxy::{Proxy, StreamLag};
use crate::report::{Report, Row};
use crate::servers;

/// Real milliseconds per millisecond of the story: the default 5 ms lag is 5 ms.
pub const DEFAULT_SCALE: f64 = 1.0;
/// The check: the defaults (500 grants a second, 5 ms of lag), over the widget's least number of
/// failovers, and the consensus store; then [`MACHINE`].
const CHECK: [&[&str]; 2] = [&["failovers=100"], &["store=consensus"]];
/// The check's setting with grants the machine spaces: a longer lag at a lower rate (the drawn
/// second setting of the check until 3 December, whose time this one took).
const MACHINE: &[&str] = &["failovers=100", "lag-ms=10", "grants-per-s=300"];
/// The consensus store's leader is killed this many times in a run (each costs an election; the
/// claim, that no acknowledged grant is lost, does not need the widget's hundreds).
const LEADER_KILLS: u32 = 3;
/// Real ms of grants around each kill (the leader dies half-way).
const CONSENSUS_GRANT_MS: f64 = 1500.0;
/// Grants run this many mean lags before the crash (and at least 50 ms of real time), so the
/// stream is in its steady state when the primary dies.
const LAGS_BEFORE_CRASH: f64 = 10.0;

pub fn check(ctx: &Ctx) -> Result<Vec<Report>, String> {
    let mut reports: Vec<Report> = CHECK.iter().map(|s| run(ctx, &super::validate(sim::NAME, &super::pairs(s))?)).collect::<Result<_, _>>()?;
    // And grants nobody draws: the machine's timing spaces them.
    reports.push(run(&ctx.with_machine(), &super::validate(sim::NAME, &super::pairs(MACHINE))?)?);
    // And a partition instead of a crash (Jepsen's fault), as set by default and guarded.
    reports.push(run(&ctx.with_partition(), &super::validate(sim::NAME, &super::pairs(&[]))?)?);
    reports.push(run(&ctx.with_partition(), &super::validate(sim::NAME, &super::pairs(&["store=consensus"]))?)?);
    Ok(reports)
}

pub fn run(ctx: &Ctx, values: &[f64]) -> Result<Report, String> {
    let p = Params::from_values(values);
    if ctx.machine && p.store != Store::Redis {
        return Err("--machine is for store=redis: the machine spaces the grants around a Redis failover".into());
    }
    if ctx.partition {
        return match p.store {
            Store::Redis => super::partition::run(ctx, values, &p),
            Store::Consensus => super::partition::run_etcd(ctx, values, &p),
            Store::Redlock => Err("--partition is for store=redis and store=consensus".into()),
        };
    }
    match p.store {
        Store::Redis => run_redis(ctx, values, &p),
        Store::Consensus => run_consensus(ctx, values, &p),
        Store::Redlock => Err("store=redlock: run the redlock widget's crash-restart scenario (locklab-lab run redlock --scenario crash-restart --delayed-restart true)".into()),
    }
}

/// One failover for real.
struct Failover {
    acked: usize,
    lost: Vec<String>,
    /// Real ms from the crash until the replica answered as a primary.
    promoted_ms: f64,
    by_sentinel: bool,
    /// Real ms of grants before the crash.
    window_ms: f64,
    /// The lag the proxy really gave the stream while the grants ran.
    given: StreamLag,
}

fn run_redis(ctx: &Ctx, values: &[f64], p: &Params) -> Result<Report, String> {
    let started = Instant::now();
    let s = ctx.scale;
    let dir = servers::scratch_dir()?;
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    rng.set_stream(1_000_000);
    let mut runs = Vec::with_capacity(p.failovers as usize);
    let mut second_grant: Option<(String, bool)> = None;
    for j in 0..p.failovers {
        let f = failover(&dir, p, s, ctx.machine, j == 0, &mut rng, &mut second_grant)?;
        runs.push(f);
    }
    let n = runs.len() as f64;
    // What the machine really gave: the stream's lag (byte-weighted over every failover, in the
    // story's ms) and the grants' rate (acknowledged per second of granting, in the story's
    // seconds). The widget is compared at these, so that a machine whose timers hold the stream
    // 8 ms when 5 were asked does not pass for a wrong model, nor a wrong model for a slow machine.
    let bytes: u64 = runs.iter().map(|f| f.given.bytes).sum();
    let given_lag = if bytes == 0 { p.lag_ms * s } else { runs.iter().map(|f| f.given.mean_ms * f.given.bytes as f64).sum::<f64>() / bytes as f64 } / s;
    let window: f64 = runs.iter().map(|f| f.window_ms).sum();
    let given_rate = if window > 0.0 { runs.iter().map(|f| f.acked).sum::<usize>() as f64 / window * 1000.0 * s } else { p.grants_per_s };
    let at_given = Params { lag_ms: given_lag, grants_per_s: given_rate, ..p.clone() };
    let simulated = sim::run(&at_given);
    let su = &simulated.summary;
    let mut r = ctx.report(sim::NAME, sim::SPECS, values);
    r.simulated = super::summary_json(&su)?;
    if ctx.machine {
        r.label = format!("failovers={}, grants spaced by the machine (a pause of {} ms after each reply, nothing drawn)", p.failovers, locklab_sim::text::num(1000.0 / p.grants_per_s));
    }
    let lost: Vec<f64> = runs.iter().map(|f| f.lost.len() as f64).collect();
    let mean_lost = lost.iter().sum::<f64>() / n.max(1.0);
    let max_lost = runs.iter().map(|f| f.lost.len()).max().unwrap_or(0);
    let with_loss = runs.iter().filter(|f| !f.lost.is_empty()).count();
    let acked = runs.iter().map(|f| f.acked).sum::<usize>() as f64 / n.max(1.0);
    let lambda_lag = given_rate * given_lag / 1000.0;
    r.real = json!({
        "failovers": runs.len(),
        "meanLost": mean_lost,
        "maxLost": max_lost,
        "failoversWithLoss": with_loss,
        "acknowledgedPerFailover": acked,
        "lagMs": given_lag,
        "grantsPerS": given_rate,
        "secondClientGranted": second_grant.as_ref().map(|g| g.1),
        "sentinelPromotedMs": runs.iter().find(|f| f.by_sentinel).map(|f| f.promoted_ms.round()),
    });
    // Poisson counts: four standard errors of a mean of n failovers (and, against the simulated
    // mean, of its own failovers too).
    let band_exact = 4.0 * (su.expected_lost / n).sqrt();
    let band_sim = 4.0 * (su.expected_lost / n + su.expected_lost / f64::from(su.failovers)).sqrt();
    r.rows.push(Row::exact("failovers", &json!(su.failovers), &json!(runs.len())));
    r.rows.push(Row::shown("lag (ms): asked, given", &json!(p.lag_ms), &json!((given_lag * 100.0).round() / 100.0)));
    r.rows.push(Row::shown("grants per s: asked, given", &json!(p.grants_per_s), &json!(given_rate.round())));
    r.rows.push(Row::within("meanLost", json!(su.mean_lost), json!(mean_lost), (mean_lost - su.mean_lost).abs() <= band_sim));
    r.rows.push(Row::within("expectedLost (rate × lag)", json!((su.expected_lost * 1000.0).round() / 1000.0), json!(mean_lost), (mean_lost - su.expected_lost).abs() <= band_exact));
    r.rows.push(Row::shown("maxLost", &json!(su.max_lost), &json!(max_lost)));
    r.rows.push(Row::shown("failoversWithLoss", &json!(su.failovers_with_loss), &json!(with_loss)));
    if let Some((key, ok)) = &second_grant {
        r.rows.push(Row::within("a lost lock granted again", json!(true), json!(ok), *ok));
        r.notes.push(format!("{key} was acknowledged to client 1 by the old primary and is not on the new one; SET {key} client-2 NX PX on the new primary answered {}", if *ok { "OK: client 2 holds the lock client 1 still believes it holds" } else { "nil" }));
    }
    r.tolerance = format!(
        "the widget is set to the lag and rate the run really gave (the proxy times every byte it holds; the grants are counted over the time they ran). The lost locks of a failover are a Poisson count: the real mean over {} failovers within 4 standard errors of the exact rate × lag (±{band_exact:.3}) and of the simulated mean over the widget's {} (±{band_sim:.3}); when a failover lost a lock, a second client must get it from the new primary. The max and the failovers with a loss are shown",
        runs.len(),
        su.failovers
    );
    r.notes.push(super::scale_note(ctx, "ms"));
    r.notes.push(format!(
        "each failover: a fresh primary and replica, the replication stream held {} ms (real) by the lab's proxy, grants for {} ms (real) at {} a second ({acked:.0} acknowledged on average; rate × lag as the run gave them = {lambda_lag:.2}), then SIGKILL of the primary with what the proxy held thrown away",
        locklab_sim::text::num(p.lag_ms * s),
        locklab_sim::text::num(grant_ms(p, s).round()),
        locklab_sim::text::num(p.grants_per_s / s)
    ));
    if (given_lag - p.lag_ms).abs() > 0.1 * p.lag_ms {
        r.notes.push(format!(
            "this machine held the stream {given_lag:.2} ms on average where {} were asked (its timers): the rows compare the widget set to the lag the run really had",
            locklab_sim::text::num(p.lag_ms)
        ));
    }
    if let Some(f) = runs.iter().find(|f| f.by_sentinel) {
        r.notes.push(format!(
            "the first failover was Redis Sentinel's (one Sentinel, quorum 1, down-after-milliseconds 100): it promoted the replica {:.0} ms after the crash; the others used REPLICAOF NO ONE at once",
            f.promoted_ms
        ));
    }
    r.notes.push("the proxy holds every byte of the stream the same lag (a TCP stream cannot be reordered), where the widget draws an exponential lag per grant: the count in flight at a crash is Poisson with mean rate × mean lag either way".into());
    if ctx.machine {
        r.notes.push(format!(
            "nothing drawn: the client pauses {} ms after each reply, and the machine's round trips and timers space the grants (their real rate above). The widget's arrivals are Poisson; rate × lag is the mean count in any window of the lag for any steady arrivals, so the rows hold the same means. The bands are Poisson's, wider than the count of evenly spaced grants needs",
            locklab_sim::text::num(1000.0 / p.grants_per_s * s)
        ));
    }
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}

/// Real ms of grants before the crash.
fn grant_ms(p: &Params, s: f64) -> f64 {
    (LAGS_BEFORE_CRASH * p.lag_ms * s).max(50.0)
}

/// Waits until `f` holds, polling every millisecond, for at most `limit`.
pub(super) fn wait_for(limit: Duration, what: &str, mut f: impl FnMut() -> bool) -> Result<(), String> {
    let start = Instant::now();
    while !f() {
        if start.elapsed() > limit {
            return Err(format!("{what} did not happen within {} s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    Ok(())
}

/// `INFO replication` of the Redis at `url` (empty when it cannot be had).
pub(super) fn info(url: &str) -> String {
    crate::store::redis(url).ok().and_then(|mut c| redis::cmd("INFO").arg("replication").query::<String>(&mut c).ok()).unwrap_or_default()
}

fn failover(dir: &std::path::Path, p: &Params, s: f64, machine: bool, sentinel: bool, rng: &mut ChaCha8Rng, second: &mut Option<(String, bool)>) -> Result<Failover, String> {
    let sync = ["--repl-diskless-sync", "yes", "--repl-diskless-sync-delay", "0"].map(String::from);
    let pport = servers::port()?;
    let (purl, ppid) = servers::start_redis_with(dir, pport, &sync)?;
    let proxy = Proxy::start(pport)?;
    proxy.set_stream_delay_ms(p.lag_ms * s);
    // The replica's port is chosen once the proxy listens: a port chosen before could be the one
    // the proxy's listener is then given, and the replica's address would answer as the primary.
    let rport = servers::port()?;
    let replica = [vec!["--replicaof".to_string(), "127.0.0.1".into(), proxy.port.to_string()], sync.to_vec()].concat();
    let started = servers::start_redis_with(dir, rport, &replica);
    let (rurl, rpid) = match started {
        Ok(x) => x,
        Err(e) => {
            servers::kill(ppid);
            return Err(e);
        }
    };
    let result = (|| -> Result<Failover, String> {
        wait_for(Duration::from_secs(10), "the replica's first sync", || info(&rurl).contains("master_link_status:up"))?;
        let sentinel_pid = if sentinel {
            let sport = servers::port()?;
            let pid = servers::start_sentinel(dir, sport, &format!("sentinel monitor lab 127.0.0.1 {pport} 1\nsentinel down-after-milliseconds lab 100\nsentinel failover-timeout lab 2000\n"))?;
            let surl = format!("redis://127.0.0.1:{sport}/");
            // Sentinel learns of the replica from the primary's INFO.
            wait_for(Duration::from_secs(15), "Sentinel's discovery of the replica", || {
                crate::store::redis(&surl).ok().and_then(|mut c| redis::cmd("SENTINEL").arg("replicas").arg("lab").query::<Vec<redis::Value>>(&mut c).ok()).is_some_and(|v| !v.is_empty())
            })?;
            Some((pid, surl))
        } else {
            None
        };
        proxy.reset_stream_lag();
        let granting = Instant::now();
        let keys = grant(&purl, p, s, machine, rng)?;
        // The crash: what the proxy holds is lost with the primary.
        proxy.drop_held();
        let crash = Instant::now();
        servers::kill(ppid);
        let window_ms = crash.duration_since(granting).as_secs_f64() * 1000.0;
        let given = proxy.stream_lag(Duration::from_secs(5));
        if let Some((_, surl)) = &sentinel_pid {
            wait_for(Duration::from_secs(20), "Sentinel's failover", || {
                crate::store::redis(surl)
                    .ok()
                    .and_then(|mut c| redis::cmd("SENTINEL").arg("get-master-addr-by-name").arg("lab").query::<Vec<String>>(&mut c).ok())
                    .is_some_and(|a| a.get(1).is_some_and(|port| *port == rport.to_string()))
                    && info(&rurl).contains("role:master")
            })?;
        } else {
            let mut c = crate::store::redis(&rurl)?;
            let _: String = redis::cmd("REPLICAOF").arg("NO").arg("ONE").query(&mut c).map_err(|e| format!("the replica refused REPLICAOF NO ONE: {}", crate::store::why(&e)))?;
        }
        let promoted_ms = crash.elapsed().as_secs_f64() * 1000.0;
        let mut c = crate::store::redis(&rurl)?;
        let mut lost = Vec::new();
        for chunk in keys.chunks(500) {
            let mut pipe = redis::pipe();
            for k in chunk {
                pipe.cmd("EXISTS").arg(k);
            }
            let there: Vec<i64> = pipe.query(&mut c).map_err(|e| format!("the new primary refused EXISTS: {}", crate::store::why(&e)))?;
            lost.extend(chunk.iter().zip(there).filter(|(_, e)| *e == 0).map(|(k, _)| k.clone()));
        }
        if second.is_none()
            && let Some(k) = lost.first()
        {
            let ok = crate::store::acquire_plain(&mut c, k, "client-2", 600_000)?.is_some();
            *second = Some((k.clone(), ok));
        }
        if let Some((pid, _)) = sentinel_pid {
            servers::kill(pid);
        }
        Ok(Failover { acked: keys.len(), lost, promoted_ms, by_sentinel: sentinel, window_ms, given })
    })();
    servers::kill(rpid);
    servers::kill(ppid);
    result
}

/// Grants at `grants-per-s` (Poisson, the lab's own stream of the seed; or, with `machine`, a
/// fixed pause of the mean gap after each reply, so that nothing is drawn and the machine's round
/// trips and timers space them) on distinct keys for [`grant_ms`]: the keys the primary
/// acknowledged.
fn grant(url: &str, p: &Params, s: f64, machine: bool, rng: &mut ChaCha8Rng) -> Result<Vec<String>, String> {
    let mut c = crate::store::redis(url)?;
    let gap_ms = 1000.0 / p.grants_per_s * s;
    let end = Instant::now() + Duration::from_secs_f64(grant_ms(p, s) / 1000.0);
    let mut next = Instant::now();
    let mut keys = Vec::new();
    let id = crate::store::namespace("failover");
    loop {
        let e: f64 = if machine { 1.0 } else { Exp1.sample(rng) };
        if machine {
            next = next.max(Instant::now());
        }
        next += Duration::from_secs_f64(gap_ms * e / 1000.0);
        if next >= end {
            break;
        }
        if let Some(wait) = next.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let key = format!("{id}:lock:{}", keys.len());
        if crate::store::acquire_plain(&mut c, &key, "client-1", 600_000)?.is_some() {
            keys.push(key);
        }
    }
    // The crash comes at its own time, not just after a grant (the next arrival would have come
    // after it): the grants of the last lag before it are the ones in flight.
    std::thread::sleep(end.saturating_duration_since(Instant::now()));
    Ok(keys)
}

fn run_consensus(ctx: &Ctx, values: &[f64], p: &Params) -> Result<Report, String> {
    use crate::etcd;
    let started = Instant::now();
    let s = ctx.scale;
    let dir = servers::scratch_dir()?;
    let mut cluster = etcd::Cluster::start(&dir, 3)?;
    let timeout = Duration::from_secs(1);
    let lease = etcd::lease(cluster.ports()[0], 600, timeout)?;
    let prefix = format!("{}:lock:", crate::store::namespace("consensus"));
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    rng.set_stream(1_000_001);
    let kills = LEADER_KILLS.min(p.failovers);
    let (mut acked, mut failed, mut lost, mut elections) = (Vec::new(), 0usize, 0usize, Vec::new());
    for k in 0..kills {
        let leader = cluster.wait_leader(Duration::from_secs(20))?;
        let ports: Vec<u16> = cluster.members.iter().map(|m| m.client_port).collect();
        // Poisson arrivals over the window, each a grant through the members in turn.
        let gap = 1000.0 / p.grants_per_s * s;
        let mut t = 0.0;
        let mut arr = Vec::new();
        loop {
            let e: f64 = Exp1.sample(&mut rng);
            t += gap * e;
            if t >= CONSENSUS_GRANT_MS {
                break;
            }
            arr.push(t);
        }
        let keys: Vec<String> = (0..arr.len()).map(|i| format!("{prefix}{k}:{i}")).collect();
        let kill_at = Instant::now() + Duration::from_secs_f64(CONSENSUS_GRANT_MS / 2000.0);
        let leader_pid = cluster.members[leader].pid;
        let survivors: Vec<u16> = ports.iter().enumerate().filter(|(i, _)| *i != leader).map(|(_, p)| *p).collect();
        let old_id = etcd::post(ports[leader], "/v3/maintenance/status", &json!({}), timeout)?["header"]["member_id"].as_str().unwrap_or("").to_string();
        // Kills the leader half-way through the grants and times the election: until a survivor
        // names another leader.
        let killer = std::thread::spawn(move || -> Option<f64> {
            std::thread::sleep(kill_at.saturating_duration_since(Instant::now()));
            servers::kill(leader_pid?);
            let killed = Instant::now();
            while killed.elapsed() < Duration::from_secs(20) {
                for &p in &survivors {
                    if let Ok(v) = etcd::post(p, "/v3/maintenance/status", &json!({}), Duration::from_millis(200))
                        && v["leader"].as_str().is_some_and(|l| l != "0" && l != old_id)
                    {
                        return Some(killed.elapsed().as_secs_f64() * 1000.0);
                    }
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            None
        });
        let ran = crate::pool::replay(&arr, 32, || Ok(()), |_, i| {
            let port = ports[i % ports.len()];
            Ok(Some(etcd::grant(port, &keys[i], "client-1", &lease, timeout)))
        })?;
        let election = killer.join().map_err(|_| "the lab's killer thread panicked")?;
        cluster.members[leader].pid = None;
        let new_leader = cluster.wait_leader(Duration::from_secs(20))?;
        elections.push(election.ok_or("no member named a new leader within 20 s of the kill")?);
        let mine: Vec<&String> = ran.iter().zip(&keys).filter(|(r, _)| matches!(r.as_ref().map(|r| &r.result), Some(Ok(Some(_))))).map(|(_, k)| k).collect();
        failed += ran.iter().filter(|r| !matches!(r.as_ref().map(|r| &r.result), Some(Ok(_)))).count();
        let there = etcd::keys_with_prefix(cluster.members[new_leader].client_port, &format!("{prefix}{k}:"), Duration::from_secs(5))?;
        let there: std::collections::HashSet<&str> = there.iter().map(String::as_str).collect();
        lost += mine.iter().filter(|k| !there.contains(k.as_str())).count();
        acked.push(mine.len());
        cluster.restart(leader)?;
        cluster.wait_leader(Duration::from_secs(20))?;
    }
    let version = etcd::version().unwrap_or_default();
    drop(cluster);
    let simulated = sim::run(p);
    let su = &simulated.summary;
    let mut r = ctx.report(sim::NAME, sim::SPECS, values);
    r.servers.insert("etcd".into(), json!(version));
    r.simulated = super::summary_json(&su)?;
    let total_acked: usize = acked.iter().sum();
    r.real = json!({
        "failovers": kills,
        "acknowledged": total_acked,
        "lost": lost,
        "meanLost": lost as f64 / f64::from(kills.max(1)),
        "failedInFlight": failed,
        "electionMs": elections.iter().map(|e| e.round()).collect::<Vec<_>>(),
    });
    r.rows.push(Row::exact("meanLost", &json!(su.mean_lost), &json!(lost as f64 / f64::from(kills.max(1)))));
    r.rows.push(Row::shown("acknowledged grants", &json!(null), &json!(total_acked)));
    r.rows.push(Row::shown("grants that failed in flight", &json!(null), &json!(failed)));
    r.tolerance = format!("exactly: no grant the cluster acknowledged may be missing after a new leader is elected, in any of the {kills} leader kills; the grants that failed while the leader was gone (refused, or unanswered within the client's 1 s) are the honest cost, shown");
    r.notes.push(super::scale_note(ctx, "ms"));
    r.notes.push(format!(
        "a three-member etcd {version} cluster of the lab's own (heartbeat 50 ms, election timeout 500 ms); grants are transactions through the JSON gateway (create_revision == 0, then a put under a lease), {} a second over {} ms, sent to the members in turn by 32 clients; the leader was killed (SIGKILL) half-way, {kills} times (the member restarted and rejoined after each). A survivor named a new leader {} ms after each kill",
        locklab_sim::text::num(p.grants_per_s / s),
        locklab_sim::text::num(CONSENSUS_GRANT_MS),
        elections.iter().map(|e| format!("{e:.0}")).collect::<Vec<_>>().join(", ")
    ));
    r.notes.push(format!("{failed} grants failed in flight: the killed leader's own, and those that waited out the election; a client must retry them, and a timed-out one may in fact have been granted (the client cannot know): that is what a majority's safety costs"));
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}
