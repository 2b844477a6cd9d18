//! Connections and the lock service's scripts, shared by every scenario.

use std::time::Duration;

/// The lock service's grant: `SET key value NX PX ms`, and on success the next fencing token
/// from a counter on the same (single) Redis node, in one script so the two cannot come apart.
/// Tokens from one node are only as safe as that node: there is no failover in the lab.
pub const ACQUIRE: &str = "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('incr', KEYS[2]) else return false end";

/// [`ACQUIRE`] with an absolute expiry (`PXAT`, Unix milliseconds on the server's own clock;
/// Redis 6.2 and later).
pub const ACQUIRE_AT: &str = "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PXAT', ARGV[2]) then return redis.call('incr', KEYS[2]) else return false end";

/// Compare-and-delete: deletes the key only while it holds the releaser's own value.
pub const COMPARE_AND_DELETE: &str = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/// How long the lab waits for a server to take a connection, and for its first answer.
pub const CONNECT_LIMIT: Duration = Duration::from_secs(5);

/// How long a command may go unanswered on a connection: no command of the lab's blocks on the
/// server (no BLPOP, no WAIT), so a minute without a reply is a server that has stopped answering.
pub const REDIS_REPLY_LIMIT: Duration = Duration::from_secs(60);

/// The longest a PostgreSQL statement of the lab's may run, lock waits included (the longest
/// wait of any story, at its slowest time scale, is under a minute): the server ends it after
/// this, and the lab says so, instead of waiting for ever on a lock someone else holds.
pub const STATEMENT_LIMIT_MS: u32 = 300_000;

/// A connection to Redis at `url`, with a 5 s connect limit and a minute's limit on each reply.
pub fn redis(url: &str) -> Result<redis::Connection, String> {
    let client = redis::Client::open(url).map_err(|e| format!("not a Redis address ({url}): {}", crate::store::why(&e)))?;
    let c = client.get_connection_with_timeout(CONNECT_LIMIT).map_err(|e| {
        if e.is_timeout() {
            format!("Redis at {url} took the connection but did not answer within {} s", CONNECT_LIMIT.as_secs())
        } else {
            format!("cannot connect to Redis at {url}: {e}")
        }
    })?;
    c.set_read_timeout(Some(REDIS_REPLY_LIMIT)).and_then(|()| c.set_write_timeout(Some(REDIS_REPLY_LIMIT))).map_err(|e| format!("cannot set a time limit on the connection to Redis at {url}: {}", crate::store::why(&e)))?;
    Ok(c)
}

/// A connection to PostgreSQL at `url`, working in `schema` when given, its statements limited to
/// [`STATEMENT_LIMIT_MS`].
/// An error and every cause under it, as one line: the PostgreSQL driver's own text for a
/// server's refusal is a bare "db error", its cause (the server's message and SQLSTATE) one level
/// down. When PostgreSQL has no connection left for the lab, it says what to change.
pub fn why(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let t = c.to_string();
        if !text.contains(&t) {
            text = format!("{text}: {t}");
        }
        cause = c.source();
    }
    if let Some(db) = e.downcast_ref::<postgres::Error>().and_then(postgres::Error::as_db_error) {
        text = format!("{text} (SQLSTATE {})", db.code().code());
        if *db.code() == postgres::error::SqlState::TOO_MANY_CONNECTIONS {
            text.push_str(". PostgreSQL has no connection left for the lab, which holds one for each client of a story at once: raise its max_connections (postgresql.conf, then restart it), close other clients, or leave out --postgres and the lab starts a PostgreSQL of its own (with max_connections 300)");
        }
    }
    text
}

/// Whether PostgreSQL at `url` has room for `need` more connections of an ordinary user (its
/// `max_connections`, less those reserved for superusers and those in use): if not, an error that
/// says what to change, before a story starts and runs out halfway.
pub fn room_for(url: &str, need: i64, what: &str) -> Result<(), String> {
    let mut c = postgres(url, None)?;
    let sql = "select current_setting('max_connections')::bigint, current_setting('superuser_reserved_connections')::bigint, (select count(*) from pg_stat_activity where backend_type = 'client backend')";
    let row = c.query_one(sql, &[]).map_err(|e| format!("PostgreSQL at {url} did not say its connection limit: {}", why(&e)))?;
    let (max, reserved, used): (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
    let free = max - reserved - used;
    if free < need {
        return Err(format!(
            "PostgreSQL at {url} has room for {free} more connections (max_connections {max}, {reserved} reserved for superusers, {used} in use, the lab's own included), and {what} holds {need} at once: raise max_connections to at least {} (postgresql.conf, then restart PostgreSQL), or leave out --postgres and the lab starts a PostgreSQL of its own",
            max + need - free
        ));
    }
    Ok(())
}

pub fn postgres(url: &str, schema: Option<&str>) -> Result<postgres::Client, String> {
    let mut config: postgres::Config = url.parse().map_err(|e| format!("not a PostgreSQL address ({url}): {}", crate::store::why(&e)))?;
    config.connect_timeout(CONNECT_LIMIT);
    let mut options = format!("-c statement_timeout={STATEMENT_LIMIT_MS}");
    if let Some(s) = schema {
        options.push_str(&format!(" -c search_path={s}"));
    }
    config.options(&options);
    config.connect(postgres::NoTls).map_err(|e| format!("cannot connect to PostgreSQL at {url}: {}", crate::store::why(&e)))
}

/// Whether whatever listens at `url`'s TCP address answers as PostgreSQL does, within
/// [`CONNECT_LIMIT`]: the driver's connect limit covers only the TCP connection, so a port that
/// takes the connection and never says a word would hold the lab for ever. Sends the 8-byte
/// SSLRequest, which a PostgreSQL server answers with one byte, `N` or `S`.
pub fn postgres_answers(url: &str) -> Result<(), String> {
    use std::io::{Read, Write};
    use std::net::ToSocketAddrs;
    let config: postgres::Config = url.parse().map_err(|e| format!("not a PostgreSQL address ({url}): {}", crate::store::why(&e)))?;
    let ports = config.get_ports();
    for (i, host) in config.get_hosts().iter().enumerate() {
        let postgres::config::Host::Tcp(name) = host else { continue };
        let port = ports.get(i).or(ports.first()).copied().unwrap_or(5432);
        let addr = (name.as_str(), port).to_socket_addrs().ok().and_then(|mut a| a.next()).ok_or_else(|| format!("cannot find PostgreSQL's host {name}"))?;
        let mut s = std::net::TcpStream::connect_timeout(&addr, CONNECT_LIMIT).map_err(|e| format!("cannot connect to PostgreSQL at {url}: {}", crate::store::why(&e)))?;
        s.set_read_timeout(Some(CONNECT_LIMIT)).and_then(|()| s.set_write_timeout(Some(CONNECT_LIMIT))).map_err(|e| crate::store::why(&e))?;
        let mut answer = [0u8; 1];
        let said = s.write_all(&[0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]).and_then(|()| s.read_exact(&mut answer));
        match said {
            Ok(()) if matches!(&answer, b"N" | b"S") => {}
            Ok(()) => return Err(format!("{addr} (given with --postgres) answered, but not as PostgreSQL does")),
            Err(e) => return Err(format!("{addr} (given with --postgres) took the connection but did not answer as PostgreSQL within {} s ({e})", CONNECT_LIMIT.as_secs())),
        }
    }
    Ok(())
}

/// Grants the lock `key` for `px_ms` with the next token from `token_key`; `None` when it is held.
pub fn acquire(c: &mut redis::Connection, key: &str, token_key: &str, value: &str, px_ms: u64) -> Result<Option<u64>, String> {
    redis::cmd("EVAL")
        .arg(ACQUIRE)
        .arg(2)
        .arg(key)
        .arg(token_key)
        .arg(value)
        .arg(px_ms.max(1))
        .query(c)
        .map_err(|e| format!("Redis refused the acquire script: {}", crate::store::why(&e)))
}

/// As [`acquire`], with the lease ending at `until_unix_ms` (the wall clock, which Redis keeps
/// expiries in) however long the command takes to arrive: a story's lease then ends at its own
/// instant. A relative `PX` computed before sending ends it late by the command's transit, which on
/// a busy machine outlasted the 10 ms between a lease's end and the next client's ask at the lab's
/// time scale (stop 58's clean-clone run: the paused holder's tie at 7.5 s, B refused at 10.04 s
/// of the story). A server without `PXAT` (before 6.2) gets the relative `PX` instead.
pub fn acquire_until(c: &mut redis::Connection, key: &str, token_key: &str, value: &str, until_unix_ms: u64) -> Result<Option<u64>, String> {
    match redis::cmd("EVAL").arg(ACQUIRE_AT).arg(2).arg(key).arg(token_key).arg(value).arg(until_unix_ms.max(1)).query(c) {
        Ok(r) => Ok(r),
        Err(e) if e.to_string().to_ascii_lowercase().contains("syntax") => {
            let now_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
            acquire(c, key, token_key, value, until_unix_ms.saturating_sub(now_ms))
        }
        Err(e) => Err(format!("Redis refused the acquire script: {e}")),
    }
}

/// `SET key value NX PX ms`: whether it was set.
pub fn acquire_plain(c: &mut redis::Connection, key: &str, value: &str, px_ms: u64) -> Result<Option<()>, String> {
    let r: Option<String> = redis::cmd("SET").arg(key).arg(value).arg("NX").arg("PX").arg(px_ms.max(1)).query(c).map_err(|e| format!("Redis refused SET NX PX: {}", crate::store::why(&e)))?;
    Ok(r.map(|_| ()))
}

/// Compare-and-delete of `key`: whether it deleted the releaser's own key.
pub fn compare_and_delete(c: &mut redis::Connection, key: &str, value: &str) -> Result<bool, String> {
    let n: i64 = redis::cmd("EVAL").arg(COMPARE_AND_DELETE).arg(1).arg(key).arg(value).query(c).map_err(|e| format!("Redis refused compare-and-delete: {}", crate::store::why(&e)))?;
    Ok(n == 1)
}

/// A schema of the run's own (so runs, and a user's own data, never meet). Never dropped first:
/// [`claim`] chose a name no schema has, and one that appeared since is refused, not replaced.
pub fn fresh_schema(url: &str, schema: &str, ddl: &str) -> Result<(), String> {
    let mut c = postgres(url, None)?;
    c.batch_execute(&format!("create schema {schema}; set search_path = {schema}; {ddl}")).map_err(|e| format!("cannot set up the tables in PostgreSQL (schema {schema}): {}", crate::store::why(&e)))
}

/// Drops a run's schema (on the user's own server it would otherwise stay).
pub fn drop_schema(url: &str, schema: &str) {
    if let Ok(mut c) = postgres(url, None) {
        let _ = c.batch_execute(&format!("drop schema if exists {schema} cascade"));
    }
}

/// The glob that matches a run's keys and nothing else: `<ns>:…` and `<ns>_…` (a run's names are
/// letters, digits and `_`, none of them special to Redis's globs).
fn pattern(ns: &str) -> String {
    format!("{ns}[:_]*")
}

/// The keys of run `ns` on the Redis behind `c`, found with SCAN (never KEYS: on someone's server
/// KEYS blocks every client while it walks the whole keyspace).
pub fn run_keys(c: &mut redis::Connection, ns: &str) -> Result<Vec<String>, String> {
    let mut cursor: u64 = 0;
    let mut keys = Vec::new();
    loop {
        let (next, batch): (u64, Vec<String>) =
            redis::cmd("SCAN").arg(cursor).arg("MATCH").arg(pattern(ns)).arg("COUNT").arg(1000).query(c).map_err(|e| format!("Redis refused SCAN: {}", crate::store::why(&e)))?;
        keys.extend(batch);
        if next == 0 {
            keys.sort();
            keys.dedup();
            return Ok(keys);
        }
        cursor = next;
    }
}

/// Deletes run `ns`'s keys (`<ns>:…`, `<ns>_…`) from Redis: only the run's own.
pub fn drop_keys(url: &str, ns: &str) {
    let Ok(mut c) = redis(url) else { return };
    let keys = run_keys(&mut c, ns).unwrap_or_default();
    for chunk in keys.chunks(500) {
        let _: Result<i64, _> = redis::cmd("DEL").arg(chunk).query(&mut c);
    }
}

/// A name for a run's schema and keys: `lab_<what>_<pid>_<n>`. Only a name: on a server that may
/// be someone else's, take it with [`claim`].
pub fn namespace(what: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    format!("lab_{}_{}_{}", what.replace('-', "_"), std::process::id(), N.fetch_add(1, Ordering::Relaxed))
}

/// A [`namespace`] that nothing on the given servers uses yet: no Redis key `<ns>:…` or `<ns>_…`,
/// no PostgreSQL schema of that name. Whatever is there already is left alone, and the run takes
/// the next name instead.
pub fn claim(what: &str, redis_url: Option<&str>, pg_url: Option<&str>) -> Result<String, String> {
    let mut r = redis_url.map(redis).transpose()?;
    let mut pg = pg_url.map(|u| postgres(u, None)).transpose()?;
    for _ in 0..100 {
        let ns = namespace(what);
        if let Some(c) = r.as_mut()
            && !run_keys(c, &ns)?.is_empty()
        {
            continue;
        }
        if let Some(c) = pg.as_mut() {
            let taken = c.query_opt("select 1 from pg_namespace where nspname = $1", &[&ns]).map_err(|e| format!("PostgreSQL refused to list its schemas: {}", crate::store::why(&e)))?;
            if taken.is_some() {
                continue;
            }
        }
        return Ok(ns);
    }
    Err(format!("a hundred names lab_{}_{}_<n> are all taken on the servers given: the lab leaves them alone and cannot run", what.replace('-', "_"), std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::servers::{Given, Need};

    fn set(c: &mut redis::Connection, key: &str) {
        let _: () = redis::cmd("SET").arg(key).arg("theirs").query(c).expect("SET");
    }

    fn keys(c: &mut redis::Connection) -> Vec<String> {
        let mut k: Vec<String> = redis::cmd("KEYS").arg("*").query(c).expect("KEYS (the test's own server)");
        k.sort();
        k
    }

    /// On servers that already hold names the run would take, the run takes the next free name,
    /// and its cleanup removes its own keys and nothing else, however alike the names.
    #[test]
    fn a_run_claims_a_name_nothing_uses_and_removes_only_its_own() {
        let ep = crate::servers::prepare(&[Need::Redis, Need::Postgres], &Given::default()).expect("the lab's own Redis and PostgreSQL (bash .ci/setup --lab)");
        let (r, pg) = (ep.redis.expect("a Redis"), ep.postgres.expect("a PostgreSQL"));
        let mut c = redis(&r).expect("Redis");
        let mut p = postgres(&pg, None).expect("PostgreSQL");
        // The names this process takes next: n+1 is someone's key prefix, n+2 another's (the other
        // separator), n+3 a schema of someone's.
        let first = namespace("probe");
        let n: u32 = first.rsplit('_').next().and_then(|d| d.parse().ok()).expect("lab_probe_<pid>_<n>");
        let name = |i: u32| format!("lab_probe_{}_{}", std::process::id(), n + i);
        set(&mut c, &format!("{}:lock", name(1)));
        set(&mut c, &format!("{}_story:token", name(2)));
        p.batch_execute(&format!("create schema {}; create table {}.mine (id int); insert into {}.mine values (7)", name(3), name(3), name(3))).expect("someone's schema");
        let got = claim("probe", Some(&r), Some(&pg)).expect("a free name");
        let got_n: u32 = got.rsplit('_').next().and_then(|d| d.parse().ok()).expect("a number");
        assert!(got_n >= n + 4, "{got} is taken (the first three after {first} are)");
        assert!(run_keys(&mut c, &got).expect("SCAN").is_empty());
        // Names alike but not the run's: a longer number, no separator, a prefix of the name.
        let theirs = [format!("{got}0:lock"), format!("{got}x"), got[..got.len() - 1].to_string(), "mine".to_string()];
        for k in &theirs {
            set(&mut c, k);
        }
        for k in [format!("{got}:lock"), format!("{got}:token"), format!("{got}_story:lock")] {
            set(&mut c, &k);
        }
        // More than one SCAN batch of the run's own.
        for i in 0..2500 {
            set(&mut c, &format!("{got}:hold:{i}"));
        }
        fresh_schema(&pg, &got, "create table t (id int)").expect("the run's schema");
        assert!(fresh_schema(&pg, &name(3), "create table t (id int)").is_err(), "a schema that exists is refused, not replaced");
        drop_keys(&r, &got);
        drop_schema(&pg, &got);
        let mut left = keys(&mut c);
        let mut want: Vec<String> = theirs.to_vec();
        want.extend([format!("{}:lock", name(1)), format!("{}_story:token", name(2))]);
        want.sort();
        left.sort();
        assert_eq!(left, want, "only the run's own keys are gone");
        let mine: i32 = p.query_one(&format!("select id from {}.mine", name(3)), &[]).expect("someone's table is still there").get(0);
        assert_eq!(mine, 7);
        let ours = p.query_opt("select 1 from pg_namespace where nspname = $1", &[&got]).expect("schemas");
        assert!(ours.is_none(), "the run's schema is dropped");
    }
}
