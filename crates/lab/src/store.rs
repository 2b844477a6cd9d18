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

/// A schema of the run's own (so runs, and a user's own data, never meet), made fresh.
pub fn fresh_schema(url: &str, schema: &str, ddl: &str) -> Result<(), String> {
    let mut c = postgres(url, None)?;
    c.batch_execute(&format!("drop schema if exists {schema} cascade; create schema {schema}; set search_path = {schema}; {ddl}"))
        .map_err(|e| format!("cannot set up the tables in PostgreSQL: {e}"))
}

/// Drops a run's schema (on the user's own server it would otherwise stay).
pub fn drop_schema(url: &str, schema: &str) {
    if let Ok(mut c) = postgres(url, None) {
        let _ = c.batch_execute(&format!("drop schema if exists {schema} cascade"));
    }
}

/// Deletes a run's keys (`prefix*`) from Redis.
pub fn drop_keys(url: &str, prefix: &str) {
    let Ok(mut c) = redis(url) else { return };
    let keys: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}*")).query(&mut c).unwrap_or_default();
    if !keys.is_empty() {
        let _: Result<i64, _> = redis::cmd("DEL").arg(keys).query(&mut c);
    }
}

/// A name for a run's schema and keys: `lab_<pid>_<n>`.
pub fn namespace(what: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    format!("lab_{}_{}_{}", what.replace('-', "_"), std::process::id(), N.fetch_add(1, Ordering::Relaxed))
}
