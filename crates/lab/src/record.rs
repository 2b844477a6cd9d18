//! `check --record DIR`: one file per widget, `DIR/<widget>.json`, with where and when its
//! settings ran (the servers and their versions, the machine, the date, the lab's version) and
//! every setting's rows, simulated and real. `locklab_course::lab_record` reads and validates
//! the format (its tests hold the project's recorded files, `crates/lab/records/`, to it), and
//! `.ci/release` ships those files in `dist/lab/`.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::report::Report;
use crate::servers::Need;

/// The format's version, `format` in every file (`locklab_course::lab_record::FORMAT`).
pub const FORMAT: u64 = 1;

/// The record of one widget's settings, recorded on `date` (`YYYY-MM-DD`, UTC). Each setting
/// names the servers it ran on, among those the story `needs` (`check` starts every server any
/// story needs, and a report lists the ones the lab had; Redlock never touched PostgreSQL); the
/// record names them all.
pub fn record(widget: &str, scale: f64, reports: &[Report], date: &str, needs: &[Need]) -> Value {
    let used = |name: &str| match name {
        "redis" => needs.iter().any(|n| matches!(n, Need::Redis | Need::OwnRedis)),
        "postgres" => needs.contains(&Need::Postgres),
        "etcd" => needs.contains(&Need::Etcd),
        _ => false,
    };
    let of = |r: &Report| r.servers.iter().filter(|(k, _)| used(k)).map(|(k, v)| (k.clone(), v.clone())).collect::<Map<String, Value>>();
    let mut servers = Map::new();
    for r in reports {
        for (k, v) in of(r) {
            servers.entry(k).or_insert(v);
        }
    }
    let settings: Vec<Value> = reports
        .iter()
        .map(|r| {
            json!({
                "label": r.label,
                "variant": r.variant,
                "servers": of(r),
                "params": r.params.iter().cloned().collect::<Map<String, Value>>(),
                "agrees": r.agrees(),
                "rows": r.rows.iter().map(crate::report::Row::json).collect::<Vec<_>>(),
                "tolerance": r.tolerance,
                "notes": r.notes,
                "seconds": (r.seconds * 10.0).round() / 10.0,
            })
        })
        .collect();
    json!({
        "format": FORMAT,
        "widget": widget,
        "recorded": date,
        "locklab": env!("CARGO_PKG_VERSION"),
        "machine": machine(),
        "servers": servers,
        "timeScale": scale,
        "settings": settings,
    })
}

/// Writes `record` to `dir/<widget>.json` (the folder made if need be), whole or not at all.
pub fn write(dir: &Path, widget: &str, record: &Value) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make the folder {}: {}", dir.display(), crate::store::why(&e)))?;
    let path = dir.join(format!("{widget}.json"));
    let next = dir.join(format!(".{widget}.json.next"));
    let text = serde_json::to_string_pretty(record).map_err(|e| format!("cannot write {widget}'s record: {e}"))? + "\n";
    std::fs::write(&next, text).and_then(|()| std::fs::rename(&next, &path)).map_err(|e| format!("cannot write {}: {}", path.display(), crate::store::why(&e)))?;
    Ok(path)
}

/// Today's date, UTC, `YYYY-MM-DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    civil_date(secs / 86_400)
}

/// The proleptic Gregorian date of day `days` since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The machine: its system, kernel, processor architecture, cores and memory.
fn machine() -> Value {
    let os = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|t| t.lines().find_map(|l| l.strip_prefix("PRETTY_NAME=")).map(|v| v.trim_matches('"').to_string()))
        .unwrap_or_else(|| std::env::consts::OS.to_string());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").map(|k| k.trim().to_string()).unwrap_or_default();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory_gib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| t.lines().find_map(|l| l.strip_prefix("MemTotal:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok()))
        .map(|kb| (kb / 1024.0 / 1024.0 * 10.0).round() / 10.0);
    json!({ "os": os, "kernel": kernel, "arch": std::env::consts::ARCH, "cores": cores, "memoryGiB": memory_gib })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(59), "1970-03-01");
        // 2000 was a leap year (divisible by 400), 2100 will not be.
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(11_017), "2000-03-01");
        assert_eq!(civil_date(47_540), "2100-02-28");
        assert_eq!(civil_date(47_541), "2100-03-01");
        // Counted day by day from the epoch, independently of the formula.
        let mut days = 0u64;
        for y in 1970..2031 {
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            for (m, len) in [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].into_iter().enumerate() {
                for d in 1..=len {
                    assert_eq!(civil_date(days), format!("{y:04}-{:02}-{d:02}", m + 1));
                    days += 1;
                }
            }
        }
    }

    #[test]
    fn a_record_names_where_and_when() {
        let mut r = Report::new("counter-race", vec![("workers".into(), json!("4"))], &crate::servers::Endpoints { redis_version: Some("7.0.15".into()), ..Default::default() });
        r.label = "defaults".into();
        r.rows.push(crate::report::Row::exact("final", &json!(1000), &json!(1000)));
        let v = record("counter-race", 2.0, &[r.clone()], "2026-12-06", &[Need::Redis]);
        assert_eq!(v["format"], json!(FORMAT));
        assert_eq!(v["servers"], json!({ "redis": "7.0.15" }));
        assert_eq!(v["settings"][0]["servers"], json!({ "redis": "7.0.15" }));
        // A server the lab had but the story does not use is not named.
        r.servers.insert("postgres".into(), json!("15.18"));
        let v = record("counter-race", 2.0, &[r], "2026-12-06", &[Need::OwnRedis]);
        assert_eq!(v["servers"], json!({ "redis": "7.0.15" }));
        assert_eq!(v["recorded"], "2026-12-06");
        assert_eq!(v["settings"][0]["rows"][0], json!({ "field": "final", "simulated": 1000, "real": 1000, "verdict": "agree" }));
        assert_eq!(v["settings"][0]["variant"], Value::Null);
        assert!(v["machine"]["cores"].as_u64().is_some_and(|c| c >= 1));
    }
}
