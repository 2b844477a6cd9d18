//! Connections and the lock service's scripts, shared by every scenario.

use std::time::Duration;

/// The lock service's grant: `SET key value NX PX ms`, and on success the next fencing token
/// from a counter on the same (single) Redis node, in one script so the two cannot come apart.
/// Tokens from one node are only as safe as that node: there is no failover in the lab.
pub const ACQUIRE: &str = "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('incr', KEYS[2]) else return false end";

/// Compare-and-delete: deletes the key only while it holds the releaser's own value.
pub const COMPARE_AND_DELETE: &str = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/// A connection to Redis at `url`, with a 5 s connect timeout.
pub fn redis(url: &str) -> Result<redis::Connection, String> {
    let client = redis::Client::open(url).map_err(|e| format!("not a Redis address ({url}): {e}"))?;
    client.get_connection_with_timeout(Duration::from_secs(5)).map_err(|e| format!("cannot connect to Redis at {url}: {e}"))
}

/// A connection to PostgreSQL at `url`, working in `schema` when given.
pub fn postgres(url: &str, schema: Option<&str>) -> Result<postgres::Client, String> {
    let mut config: postgres::Config = url.parse().map_err(|e| format!("not a PostgreSQL address ({url}): {e}"))?;
    config.connect_timeout(Duration::from_secs(5));
    if let Some(s) = schema {
        config.options(&format!("-c search_path={s}"));
    }
    config.connect(postgres::NoTls).map_err(|e| format!("cannot connect to PostgreSQL at {url}: {e}"))
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
        .map_err(|e| format!("Redis refused the acquire script: {e}"))
}

/// `SET key value NX PX ms`: whether it was set.
pub fn acquire_plain(c: &mut redis::Connection, key: &str, value: &str, px_ms: u64) -> Result<Option<()>, String> {
    let r: Option<String> = redis::cmd("SET").arg(key).arg(value).arg("NX").arg("PX").arg(px_ms.max(1)).query(c).map_err(|e| format!("Redis refused SET NX PX: {e}"))?;
    Ok(r.map(|_| ()))
}

/// Compare-and-delete of `key`: whether it deleted the releaser's own key.
pub fn compare_and_delete(c: &mut redis::Connection, key: &str, value: &str) -> Result<bool, String> {
    let n: i64 = redis::cmd("EVAL").arg(COMPARE_AND_DELETE).arg(1).arg(key).arg(value).query(c).map_err(|e| format!("Redis refused compare-and-delete: {e}"))?;
    Ok(n == 1)
}

/// A schema of the run's own (so runs, and a user's own data, never meet). Never dropped first:
/// [`claim`] chose a name no schema has, and one that appeared since is refused, not replaced.
pub fn fresh_schema(url: &str, schema: &str, ddl: &str) -> Result<(), String> {
    let mut c = postgres(url, None)?;
    c.batch_execute(&format!("create schema {schema}; set search_path = {schema}; {ddl}")).map_err(|e| format!("cannot set up the tables in PostgreSQL (schema {schema}): {e}"))
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
            redis::cmd("SCAN").arg(cursor).arg("MATCH").arg(pattern(ns)).arg("COUNT").arg(1000).query(c).map_err(|e| format!("Redis refused SCAN: {e}"))?;
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
            let taken = c.query_opt("select 1 from pg_namespace where nspname = $1", &[&ns]).map_err(|e| format!("PostgreSQL refused to list its schemas: {e}"))?;
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
