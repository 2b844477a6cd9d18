//! redis-failover under a network partition (`--partition`), Jepsen's fault on this machine. The
//! widget's failover is a crash: the primary dies, and what it had not yet streamed to its replica
//! is lost. A partition is worse, and this story measures how much: the primary stays up with one
//! client on its side, the replica, Redis Sentinel and a second client on the other. Every
//! connection between the two sides passes through the lab's proxy in front of the primary (the
//! replica's replication link, Sentinel's, the second client's), which holds traffic both ways
//! while the partition lasts; the first client talks to the primary directly. All on 127.0.0.1.
//!
//! Sentinel stops hearing the primary, promotes the replica, and the second client takes from the
//! new primary the locks the first still holds on the old one. Then the partition heals; Sentinel
//! finds the old primary claiming to be a primary and turns it into a replica of the new one, and
//! with its full resynchronisation every lock it acknowledged on its side is gone.
//!
//! Run twice at once (two pairs, two Sentinels, two clients each): as Redis is set by default,
//! and with `min-replicas-to-write 1` and `min-replicas-max-lag 1`, Redis's documented limit on
//! this window: a primary that has not heard from a replica within the lag refuses writes. It
//! narrows the loss to a few seconds of grants; it does not end it.

use std::time::{Duration, Instant};

use locklab_sim::redis_failover::{self as sim, Params};

use serde_json::json;

use super::Ctx;
use crate::proxy::Proxy;
use crate::report::{Report, Row};
use super::redis_failover::{info, wait_for};
use crate::servers;

/// Real ms of grants before the partition.
const BEFORE_MS: u64 = 400;
/// Real ms the partition lasts: Sentinel's promotion (down-after 400 ms and an election of one)
/// and the guarded primary's refusal (at most about three seconds, below) both fall inside it.
const PARTITION_MS: u64 = 4_000;
/// Sentinel's `down-after-milliseconds`.
const DOWN_AFTER_MS: u64 = 400;
/// `min-replicas-max-lag` of the guarded run, in seconds.
const MAX_LAG_S: u64 = 1;
/// How late after the partition the guarded primary may still acknowledge a write: its lag is the
/// whole seconds since the replica's last `REPLCONF ACK` (sent once a second), the primary counts
/// its good replicas once a second (`replicationCron`), and a replica is good while its lag is at
/// most `min-replicas-max-lag`: at most the lag, plus two of those seconds, plus half a second of
/// the machine's timing.
const GUARD_BOUND_MS: f64 = (MAX_LAG_S * 1000 + 2_000 + 500) as f64;

/// One story's figures.
struct Story {
    guarded: bool,
    /// Grants the old primary acknowledged before the partition, and of those, lost.
    before: usize,
    lost_before: usize,
    /// Grants acknowledged after the partition began, and of those, lost.
    after: usize,
    lost_after: usize,
    /// Writes the old primary refused after the partition began (NOREPLICAS), and the ms from the
    /// partition to its last acknowledgement.
    refused: usize,
    last_ack_ms: Option<f64>,
    /// Of the locks client 1 held from the old primary, how many client 2 took from the new one
    /// while the partition lasted (each: two holders at once), of how many tried.
    taken: usize,
    tried: usize,
    /// Real ms from the partition to Sentinel's promotion, and from the healing to the old
    /// primary's following the new one.
    promoted_ms: f64,
    rejoined_ms: f64,
    /// The mean lag the replication stream really had before the partition (ms, the proxy's
    /// measure), which decides the grants lost in flight.
    stream_lag_ms: f64,
}

pub fn run(ctx: &Ctx, values: &[f64], p: &Params) -> Result<Report, String> {
    let started = Instant::now();
    let dir = servers::scratch_dir()?;
    let (plain, guarded) = std::thread::scope(|s| {
        let a = s.spawn(|| story(&dir, p, false));
        let b = s.spawn(|| story(&dir, p, true));
        (a.join().unwrap_or_else(|_| Err("the partition story panicked".into())), b.join().unwrap_or_else(|_| Err("the partition story panicked".into())))
    });
    let (plain, guarded) = (plain?, guarded?);
    let simulated = sim::run(p);
    let su = &simulated.summary;
    let mut r = ctx.report(sim::NAME, sim::SPECS, values);
    r.label = format!("a partition of the primary for {} s (grants at {} a second)", PARTITION_MS / 1000, locklab_sim::text::num(p.grants_per_s));
    r.variant = Some("partition");
    r.simulated = super::summary_json(su)?;
    let one = |st: &Story| {
        json!({
            "acknowledgedBefore": st.before, "lostBefore": st.lost_before,
            "acknowledgedAfter": st.after, "lostAfter": st.lost_after,
            "refusedAfter": st.refused, "lastAcknowledgedMs": st.last_ack_ms.map(|m| m.round()),
            "takenBySecondClient": st.taken, "promotedMs": st.promoted_ms.round(), "rejoinedMs": st.rejoined_ms.round(),
        })
    };
    r.real = json!({ "asConfigured": one(&plain), "minReplicasToWrite": one(&guarded) });
    r.rows = rows(&plain, &guarded, p.grants_per_s * p.lag_ms / 1000.0);
    r.tolerance = format!(
        "exactly, in both runs: every grant the isolated primary acknowledged after the partition began is gone once it rejoins (it follows the new primary and resynchronises from it), and the second client, on the majority's side, gets every one of those locks from the new primary while the first still holds it. As set by default the isolated primary refuses nothing; with min-replicas-to-write 1 and min-replicas-max-lag {MAX_LAG_S} it acknowledges nothing later than {GUARD_BOUND_MS:.0} ms after the partition (the lag in whole seconds, one second of the replica's acknowledgements, one of the primary's count of good replicas, half a second of slack) and refuses the rest. The widget models a crash, not a partition: its rate × lag is shown beside what the partition lost"
    );
    for st in [&plain, &guarded] {
        r.notes.push(format!(
            "{}: {} grants acknowledged before the partition ({} lost; the replication stream's real lag {:.1} ms on average), {} after it ({} lost, {} refused{}); Sentinel promoted the replica {:.0} ms into the partition; the old primary followed the new one {:.1} s after the healing",
            if st.guarded { "with min-replicas-to-write 1, min-replicas-max-lag 1" } else { "as Redis is set by default" },
            st.before,
            st.lost_before,
            st.stream_lag_ms,
            st.after,
            st.lost_after,
            st.refused,
            st.last_ack_ms.map(|m| format!(", the last acknowledged {m:.0} ms after the partition began")).unwrap_or_default(),
            st.promoted_ms,
            st.rejoined_ms / 1000.0
        ));
    }
    r.notes.push(format!(
        "each run: a primary and a replica of the lab's own, the replica following the primary through the lab's proxy (its stream held {} ms, the widget's lag), one Redis Sentinel (quorum 1, down-after-milliseconds {DOWN_AFTER_MS}) watching the primary through the same proxy, client 1 on the primary's side granting {} locks a second on distinct keys (SET NX PX 600000, a fixed gap), client 2 on the other side asking Sentinel where the primary is. The partition holds every byte both ways for {} ms, then lets them pass (TCP resends after a real one); Sentinel turns the old primary into a replica of the new one by itself (+convert-to-slave, some seconds after it hears it again)",
        locklab_sim::text::num(p.lag_ms),
        locklab_sim::text::num(p.grants_per_s),
        PARTITION_MS
    ));
    r.notes.push("what the widget would need to model this: a primary that keeps granting after it has been replaced, for as long as the partition (or, with min-replicas-to-write, the lag) lasts. It models crashes only; the partition's figures are here, measured".into());
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}

/// The rows: what Redis did against what the lesson says it does (`crash_expected`: the widget's
/// rate × lag, shown beside).
fn rows(plain: &Story, guarded: &Story, crash_expected: f64) -> Vec<Row> {
    let mut rows = Vec::new();
    // The widget models a crash: a failover loses rate × lag on average. Shown beside what the
    // partition lost, which is the story's point.
    rows.push(Row::shown("lost at a crash, the widget (rate × lag)", &json!((crash_expected * 100.0).round() / 100.0), &json!(plain.lost_after + plain.lost_before)));
    for st in [plain, guarded] {
        let how = if st.guarded { "with min-replicas-to-write 1" } else { "as Redis is set by default" };
        rows.push(Row::within(&format!("{how}: grants acknowledged by the isolated primary, lost"), json!(st.after), json!(st.lost_after), st.after > 0 && st.lost_after == st.after));
        rows.push(Row::within(&format!("{how}: of those, taken by the second client from the new primary (two holders)"), json!(st.tried), json!(st.taken), st.tried > 0 && st.taken == st.tried));
        rows.push(Row::shown(&format!("{how}: acknowledged before the partition, lost (in flight; rate × lag)"), &json!((crash_expected * 100.0).round() / 100.0), &json!(st.lost_before)));
    }
    let bound_ok = guarded.last_ack_ms.is_some_and(|m| m <= GUARD_BOUND_MS) && guarded.refused > 0;
    rows.push(Row::within("with min-replicas-to-write 1: the last acknowledgement after the partition, ms (then refusals)", json!(format!("at most {GUARD_BOUND_MS:.0}")), json!(guarded.last_ack_ms.map(|m| m.round())), bound_ok));
    rows.push(Row::within("as Redis is set by default: writes refused by the isolated primary", json!(0), json!(plain.refused), plain.refused == 0));
    rows
}

/// etcd's leader's partition: how long before it, how long it lasts, how long after the healing
/// the grants go on (real ms), the grants a second each client asks, and each request's timeout.
const ETCD_BEFORE_MS: u64 = 500;
const ETCD_PARTITION_MS: u64 = 3_000;
const ETCD_AFTER_MS: u64 = 1_000;
const ETCD_GRANTS_PER_S: f64 = 50.0;
const ETCD_TIMEOUT_MS: u64 = 300;
/// A grant asked of the isolated leader this soon after the partition began may still have reached
/// the majority (the proxies' hold takes effect between two reads of a connection), and its reply
/// may then come late on a loaded machine; one asked later can only be granted by a side that
/// grants alone. (Judged by when it was asked, not when it was answered: cc55 saw an answer 250 ms
/// after the cut under load, to a grant that was in the majority's log after the healing.)
const ETCD_IN_FLIGHT_MS: f64 = 250.0;

/// One client's attempts: the key, when it was sent and answered (ms from the start), and whether
/// it was granted (`Some(true)`), found held (`Some(false)`) or failed (refused, or no answer in
/// time: its outcome unknown to the client).
struct Attempt {
    key: String,
    sent_ms: f64,
    answered_ms: f64,
    granted: Option<bool>,
}

/// The same partition against a three-member etcd: the leader and client 1 on one side, the other
/// two members and client 2 on the other. Every member reaches the others only through a proxy in
/// front of each one's peer port, which reads which member a connection is from (etcd's
/// `X-Server-From`): the isolated member's own proxy holds everything, and the others' proxies
/// hold what comes from it.
pub fn run_etcd(ctx: &Ctx, values: &[f64], p: &Params) -> Result<Report, String> {
    use crate::etcd;
    let started = Instant::now();
    let dir = servers::scratch_dir()?;
    let (cluster, proxies) = etcd::Cluster::start_behind_proxies(&dir, 3)?;
    let timeout = Duration::from_millis(ETCD_TIMEOUT_MS);
    let old = cluster.wait_leader(Duration::from_secs(20))?;
    let other = (old + 1) % 3;
    let old_id = cluster.member_id(old)?;
    let (port1, port2) = (cluster.members[old].client_port, cluster.members[other].client_port);
    let lease1 = etcd::lease(port1, 600, Duration::from_secs(2))?;
    let lease2 = etcd::lease(port2, 600, Duration::from_secs(2))?;
    let prefix = format!("{}:", crate::store::namespace("etcd_partition"));
    let t0 = Instant::now();
    let end = Duration::from_millis(ETCD_BEFORE_MS + ETCD_PARTITION_MS + ETCD_AFTER_MS);
    let client = |port: u16, lease: &str, who: &str| -> Vec<Attempt> {
        let gap = Duration::from_secs_f64(1.0 / ETCD_GRANTS_PER_S);
        let mut next = Instant::now();
        let mut out = Vec::new();
        while t0.elapsed() < end {
            next += gap;
            if let Some(w) = next.checked_duration_since(Instant::now()) {
                std::thread::sleep(w);
            }
            next = next.max(Instant::now());
            let key = format!("{prefix}{who}:{}", out.len());
            let sent_ms = t0.elapsed().as_secs_f64() * 1000.0;
            let granted = match etcd::grant(port, &key, who, lease, timeout) {
                Ok(g) => Some(g.is_some()),
                Err(_) => None,
            };
            out.push(Attempt { key, sent_ms, answered_ms: t0.elapsed().as_secs_f64() * 1000.0, granted });
        }
        out
    };
    let (one, two, elected_ms) = std::thread::scope(|s| -> Result<_, String> {
        let c1 = s.spawn(|| client(port1, &lease1, "client-1"));
        let c2 = s.spawn(|| client(port2, &lease2, "client-2"));
        std::thread::sleep(Duration::from_millis(ETCD_BEFORE_MS).saturating_sub(t0.elapsed()));
        let cut = t0.elapsed().as_secs_f64() * 1000.0;
        proxies[old].set_partitioned(true);
        for (i, proxy) in proxies.iter().enumerate() {
            if i != old {
                proxy.hold_senders(std::slice::from_ref(&old_id));
            }
        }
        // The majority's new leader, as the other side's members name it.
        let mut elected = None;
        while t0.elapsed() < Duration::from_millis(ETCD_BEFORE_MS + ETCD_PARTITION_MS) {
            if elected.is_none()
                && let Ok(v) = etcd::post(port2, "/v3/maintenance/status", &serde_json::json!({}), Duration::from_millis(200))
                && v["leader"].as_str().and_then(|l| l.parse::<u64>().ok()).is_some_and(|l| l != 0 && format!("{l:x}") != old_id)
            {
                elected = Some(t0.elapsed().as_secs_f64() * 1000.0 - cut);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        proxies[old].set_partitioned(false);
        for proxy in &proxies {
            proxy.hold_senders(&[]);
        }
        let one = c1.join().map_err(|_| "client 1 panicked".to_string())?;
        let two = c2.join().map_err(|_| "client 2 panicked".to_string())?;
        Ok((one, two, elected.map(|e| (e, cut))))
    })?;
    let (elected_ms, cut) = elected_ms.ok_or("the majority named no new leader while the partition lasted")?;
    let heal = cut + ETCD_PARTITION_MS as f64;
    // After the healing, everything any client was told it got must be there.
    cluster.wait_leader(Duration::from_secs(20))?;
    let there = etcd::keys_with_prefix(port2, &prefix, Duration::from_secs(5))?;
    let there: std::collections::HashSet<&str> = there.iter().map(String::as_str).collect();
    let acked: Vec<&Attempt> = one.iter().chain(&two).filter(|a| a.granted == Some(true)).collect();
    let lost = acked.iter().filter(|a| !there.contains(a.key.as_str())).count();
    fn during(v: &[Attempt], cut: f64, heal: f64) -> Vec<&Attempt> {
        v.iter().filter(|a| a.sent_ms >= cut && a.sent_ms < heal).collect()
    }
    let (one_during, two_during) = (during(&one, cut, heal), during(&two, cut, heal));
    let minority_late = one_during.iter().filter(|a| a.granted == Some(true) && a.sent_ms - cut > ETCD_IN_FLIGHT_MS).count();
    let latest_answer = one_during.iter().filter(|a| a.granted == Some(true)).map(|a| a.answered_ms - cut).fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))));
    let minority_acked = one_during.iter().filter(|a| a.granted == Some(true)).count();
    let majority_acked = two_during.iter().filter(|a| a.granted == Some(true)).count();
    let after_heal = one.iter().filter(|a| a.sent_ms >= heal + 500.0 && a.granted == Some(true)).count();
    let version = etcd::version().unwrap_or_default();
    drop(cluster);
    drop(proxies);
    let simulated = sim::run(p);
    let mut r = ctx.report(sim::NAME, sim::SPECS, values);
    r.label = format!("a partition of etcd's leader for {} s (store=consensus)", ETCD_PARTITION_MS / 1000);
    r.variant = Some("partition");
    r.servers.insert("etcd".into(), json!(version));
    r.simulated = super::summary_json(&simulated.summary)?;
    r.real = json!({
        "acknowledged": acked.len(), "lost": lost,
        "isolatedSideAttempts": one_during.len(), "isolatedSideGranted": minority_acked, "isolatedSideGrantedLate": minority_late,
        "majoritySideAttempts": two_during.len(), "majoritySideGranted": majority_acked,
        "newLeaderMs": elected_ms.round(), "isolatedSideGrantedAfterHealing": after_heal,
    });
    r.rows = etcd_rows(lost, minority_late, majority_acked, acked.len(), one_during.len(), after_heal, elected_ms);
    r.tolerance = format!(
        "exactly: no grant the cluster acknowledged to either client is missing after the healing; the isolated leader's side grants nothing asked of it later than {ETCD_IN_FLIGHT_MS:.0} ms after the partition began (one asked sooner may have reached the majority before the partition held); the majority's side grants during the partition, once it has elected a leader. The widget's consensus row loses none when one node crashes; this is the partition"
    );
    r.notes.push(format!(
        "a three-member etcd {version} cluster of the lab's own (heartbeat 50 ms, election timeout 500 ms), each member's peer port behind a proxy of the lab's; client 1 asks the leader, client 2 another member, each {} grants a second (transactions: create_revision == 0, then a put under a lease; {ETCD_TIMEOUT_MS} ms to answer), for {ETCD_BEFORE_MS} ms before the partition, {ETCD_PARTITION_MS} ms of it, {ETCD_AFTER_MS} ms after. The majority named a new leader {elected_ms:.0} ms into the partition; the isolated side had {} attempts in it, {} granted ({} of them asked later than {ETCD_IN_FLIGHT_MS:.0} ms into it; the last answer {}), the rest refused or unanswered; the majority's side {} of {}",
        locklab_sim::text::num(ETCD_GRANTS_PER_S),
        one_during.len(),
        minority_acked,
        minority_late,
        latest_answer.map_or("—".to_string(), |m| format!("{m:.0} ms into it")),
        majority_acked,
        two_during.len()
    ));
    r.notes.push("the proxy knows which member a peer connection is from by the X-Server-From header of its first request (etcd's members name themselves so on every raft request); a request that names no member (a version probe) is held only by the isolated member's own proxy".into());
    r.seconds = started.elapsed().as_secs_f64();
    Ok(r)
}

/// etcd's rows: what the cluster did against what the lesson says a consensus store does.
fn etcd_rows(lost: usize, minority_late: usize, majority_acked: usize, acked: usize, minority_attempts: usize, after_heal: usize, elected_ms: f64) -> Vec<Row> {
    vec![
        Row::within("acknowledged grants lost after the healing", json!(0), json!(lost), acked > 0 && lost == 0),
        Row::within("grants the isolated leader's side acknowledged in the partition (beyond the replies already on their way)", json!(0), json!(minority_late), minority_attempts > 0 && minority_late == 0),
        Row::within("grants the majority's side acknowledged in the partition (a new leader)", json!("some"), json!(majority_acked), majority_acked > 0),
        Row::shown("the majority's new leader, ms into the partition", &json!(null), &json!(elected_ms.round())),
        Row::shown("grants on the isolated member's side again after the healing", &json!(null), &json!(after_heal)),
    ]
}

fn story(dir: &std::path::Path, p: &Params, guarded: bool) -> Result<Story, String> {
    let mut opts: Vec<String> = ["--repl-diskless-sync", "yes", "--repl-diskless-sync-delay", "0"].map(String::from).to_vec();
    if guarded {
        opts.extend(["--min-replicas-to-write", "1", "--min-replicas-max-lag"].map(String::from));
        opts.push(MAX_LAG_S.to_string());
    }
    let pport = servers::port()?;
    let (purl, ppid) = servers::start_redis_with(dir, pport, &opts)?;
    let mut pids = vec![ppid];
    let result = (|| -> Result<Story, String> {
        let proxy = Proxy::start(pport)?;
        proxy.set_stream_delay_ms(p.lag_ms);
        let rport = servers::port()?;
        let replica = [vec!["--replicaof".to_string(), "127.0.0.1".into(), proxy.port.to_string()], ["--repl-diskless-sync", "yes", "--repl-diskless-sync-delay", "0"].map(String::from).to_vec()].concat();
        let (rurl, rpid) = servers::start_redis_with(dir, rport, &replica)?;
        pids.push(rpid);
        wait_for(Duration::from_secs(10), "the replica's first sync", || info(&rurl).contains("master_link_status:up"))?;
        let sport = servers::port()?;
        let spid = servers::start_sentinel(dir, sport, &format!("sentinel monitor lab 127.0.0.1 {} 1\nsentinel down-after-milliseconds lab {DOWN_AFTER_MS}\nsentinel failover-timeout lab 2000\n", proxy.port))?;
        pids.push(spid);
        let surl = format!("redis://127.0.0.1:{sport}/");
        let sentinel = |cmd: &[&str]| -> Option<Vec<String>> {
            let mut c = crate::store::redis(&surl).ok()?;
            let mut q = redis::cmd(cmd[0]);
            for a in &cmd[1..] {
                q.arg(*a);
            }
            q.query::<Vec<String>>(&mut c).ok()
        };
        wait_for(Duration::from_secs(15), "Sentinel's discovery of the replica", || {
            crate::store::redis(&surl).ok().and_then(|mut c| redis::cmd("SENTINEL").arg("replicas").arg("lab").query::<Vec<redis::Value>>(&mut c).ok()).is_some_and(|v| !v.is_empty())
        })?;
        proxy.reset_stream_lag();
        // Client 1 grants on the primary's side, on its own thread, until told to stop.
        let id = crate::store::namespace(if guarded { "partition_guarded" } else { "partition" });
        let stop = std::sync::atomic::AtomicBool::new(false);
        let gap = Duration::from_secs_f64(1.0 / p.grants_per_s);
        let (acked, refused_at, cut_at, promoted_ms, tried, taken) = std::thread::scope(|s| -> Result<_, String> {
            let granter = s.spawn(|| -> Result<(Vec<(String, Instant)>, Vec<Instant>), String> {
                let mut c = crate::store::redis(&purl)?;
                let (mut acked, mut refused) = (Vec::new(), Vec::new());
                let mut next = Instant::now();
                let mut n = 0u64;
                while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                    next += gap;
                    if let Some(w) = next.checked_duration_since(Instant::now()) {
                        std::thread::sleep(w);
                    }
                    let key = format!("{id}:lock:{n}");
                    n += 1;
                    let r: redis::RedisResult<Option<String>> = redis::cmd("SET").arg(&key).arg("client-1").arg("NX").arg("PX").arg(600_000).query(&mut c);
                    match r {
                        Ok(Some(_)) => acked.push((key, Instant::now())),
                        Ok(None) => {}
                        Err(e) if e.code() == Some("NOREPLICAS") => refused.push(Instant::now()),
                        Err(e) => return Err(format!("the old primary answered SET with an error: {}", crate::store::why(&e))),
                    }
                }
                Ok((acked, refused))
            });
            let outcome = (|| -> Result<_, String> {
                std::thread::sleep(Duration::from_millis(BEFORE_MS));
                let cut_at = Instant::now();
                proxy.set_partitioned(true);
                wait_for(Duration::from_secs(20), "Sentinel's promotion of the replica", || {
                    sentinel(&["SENTINEL", "get-master-addr-by-name", "lab"]).is_some_and(|a| a.get(1).is_some_and(|port| *port == rport.to_string())) && info(&rurl).contains("role:master")
                })?;
                let promoted_ms = cut_at.elapsed().as_secs_f64() * 1000.0;
                std::thread::sleep(Duration::from_millis(PARTITION_MS).saturating_sub(cut_at.elapsed()));
                Ok((cut_at, promoted_ms))
            })();
            let (cut_at, promoted_ms) = match outcome {
                Ok(x) => x,
                Err(e) => {
                    stop.store(true, std::sync::atomic::Ordering::SeqCst);
                    let _ = granter.join();
                    return Err(e);
                }
            };
            // Client 2, on the majority's side, asks Sentinel where the primary is and takes
            // every lock client 1 was granted since the partition began (it still holds each:
            // 600 s leases).
            stop.store(true, std::sync::atomic::Ordering::SeqCst);
            let (acked, refused) = granter.join().map_err(|_| "client 1 panicked".to_string())??;
            let addr = sentinel(&["SENTINEL", "get-master-addr-by-name", "lab"]).ok_or("Sentinel did not say where the primary is")?;
            let port = addr.get(1).cloned().unwrap_or_default();
            let mut c2 = crate::store::redis(&format!("redis://127.0.0.1:{port}/"))?;
            let after: Vec<String> = acked.iter().filter(|(_, at)| *at > cut_at).map(|(k, _)| k.clone()).collect();
            let mut taken = 0;
            for chunk in after.chunks(500) {
                let mut pipe = redis::pipe();
                for k in chunk {
                    pipe.cmd("SET").arg(k).arg("client-2").arg("NX").arg("PX").arg(600_000);
                }
                let got: Vec<Option<String>> = pipe.query(&mut c2).map_err(|e| format!("the new primary refused SET: {}", crate::store::why(&e)))?;
                taken += got.iter().filter(|g| g.is_some()).count();
            }
            Ok((acked, refused, cut_at, promoted_ms, after.len(), taken))
        })?;
        // The healing: Sentinel hears the old primary again and turns it into a replica of the
        // new one.
        proxy.set_partitioned(false);
        let healed = Instant::now();
        wait_for(Duration::from_secs(60), "the old primary's rejoining as a replica of the new one", || {
            let i = info(&purl);
            i.contains("role:slave") && i.contains(&format!("master_port:{rport}")) && i.contains("master_link_status:up")
        })?;
        let rejoined_ms = healed.elapsed().as_secs_f64() * 1000.0;
        let stream_lag_ms = proxy.stream_lag(Duration::from_millis(500)).mean_ms;
        // What is left, on the new primary (and so on the old one, its copy now).
        let mut c = crate::store::redis(&rurl)?;
        let mut there = std::collections::HashSet::new();
        for chunk in acked.chunks(500) {
            let mut pipe = redis::pipe();
            for (k, _) in chunk {
                pipe.cmd("GET").arg(k);
            }
            let got: Vec<Option<String>> = pipe.query(&mut c).map_err(|e| format!("the new primary refused GET: {}", crate::store::why(&e)))?;
            for ((k, _), v) in chunk.iter().zip(got) {
                if v.as_deref() == Some("client-1") {
                    there.insert(k.clone());
                }
            }
        }
        let (before, after): (Vec<_>, Vec<_>) = acked.iter().partition(|(_, at)| *at <= cut_at);
        let lost = |v: &[&(String, Instant)]| v.iter().filter(|(k, _)| !there.contains(k)).count();
        let refused = refused_at.iter().filter(|at| **at > cut_at).count();
        let last_ack_ms = after.iter().map(|(_, at)| at.duration_since(cut_at).as_secs_f64() * 1000.0).fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))));
        Ok(Story { guarded, before: before.len(), lost_before: lost(&before), after: after.len(), lost_after: lost(&after), refused, last_ack_ms, taken, tried, promoted_ms, rejoined_ms, stream_lag_ms })
    })();
    for pid in pids.into_iter().rev() {
        servers::kill(pid);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Verdict;

    fn story(guarded: bool) -> Story {
        // What the lab measured on 7 December, as a right Redis behaves.
        if guarded {
            Story { guarded, before: 199, lost_before: 2, after: 784, lost_after: 784, refused: 1217, last_ack_ms: Some(1566.0), taken: 784, tried: 784, promoted_ms: 743.0, rejoined_ms: 10_100.0, stream_lag_ms: 6.9 }
        } else {
            Story { guarded, before: 199, lost_before: 2, after: 2001, lost_after: 2001, refused: 0, last_ack_ms: Some(4000.0), taken: 2001, tried: 2001, promoted_ms: 659.0, rejoined_ms: 10_000.0, stream_lag_ms: 6.5 }
        }
    }

    fn rejected(plain: &Story, guarded: &Story) -> Vec<String> {
        rows(plain, guarded, 2.5).into_iter().filter(|r| r.verdict == Verdict::Disagree).map(|r| r.field).collect()
    }

    /// Each row rejects the wrong belief LAB.md says it catches, and a right Redis passes all.
    #[test]
    fn each_row_catches_its_wrong_belief() {
        let (plain, guarded) = (story(false), story(true));
        assert!(rejected(&plain, &guarded).is_empty());
        // The old primary's writes survive (merged when it rejoins).
        let merged = Story { lost_after: 0, ..story(false) };
        assert!(rejected(&merged, &guarded).iter().any(|f| f.contains("default: grants acknowledged by the isolated primary, lost")));
        // The promoted replica refuses a lock still held on the other side.
        let refuses = Story { taken: 0, ..story(true) };
        assert!(rejected(&plain, &refuses).iter().any(|f| f.contains("taken by the second client")));
        // A primary that notices it is cut off and stops by itself.
        let stops = Story { refused: 1500, ..story(false) };
        assert!(rejected(&stops, &guarded).iter().any(|f| f.contains("writes refused by the isolated primary")));
        // min-replicas-to-write that never stops the primary, or stops it late.
        for never in [Story { refused: 0, last_ack_ms: Some(4000.0), ..story(true) }, Story { last_ack_ms: Some(3600.0), ..story(true) }] {
            assert!(rejected(&plain, &never).iter().any(|f| f.contains("the last acknowledgement after the partition")));
        }
        // A partition that did not hold: nothing granted after it began is a failed story, not a pass.
        let empty = Story { after: 0, lost_after: 0, tried: 0, taken: 0, ..story(false) };
        assert!(!rejected(&empty, &guarded).is_empty());
    }

    /// etcd's rows reject "a minority keeps granting", "an acknowledged grant can be lost" and "the
    /// majority cannot go on", and pass what a right etcd does.
    #[test]
    fn etcds_rows_catch_their_wrong_beliefs() {
        let bad = |rows: Vec<Row>| rows.into_iter().filter(|r| r.verdict == Verdict::Disagree).map(|r| r.field).collect::<Vec<_>>();
        assert!(bad(etcd_rows(0, 0, 120, 140, 150, 20, 700.0)).is_empty());
        assert!(bad(etcd_rows(3, 0, 120, 140, 150, 20, 700.0))[0].contains("lost after the healing"));
        assert!(bad(etcd_rows(0, 40, 120, 140, 150, 20, 700.0))[0].contains("isolated leader's side"));
        assert!(bad(etcd_rows(0, 0, 0, 140, 150, 20, 700.0))[0].contains("majority's side"));
    }
}
