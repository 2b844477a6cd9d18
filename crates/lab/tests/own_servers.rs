//! (c) A user's own servers: with `--redis` and `--postgres` the lab starts none of its own, runs
//! on the ones given, leaves them running, and takes away its own keys and schemas and nothing
//! else, even with two labs at once.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// The test's own server, stopped and its folder removed however the test ends.
struct Own(std::process::Child, std::path::PathBuf);

impl Drop for Own {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

fn redis_cli(port: u16, args: &[&str]) -> String {
    let out = Command::new("redis-cli").arg("-p").arg(port.to_string()).args(args).output().expect("redis-cli runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

/// A Redis of the test's own (standing in for a user's), on a free port, with `extra` settings.
fn own_redis(tag: &str, extra: &[&str]) -> (Own, u16) {
    let port = free_port();
    let dir = std::env::temp_dir().join(format!("locklab-own-redis-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let server = Own(Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir"])
        .arg(&dir)
        .args(extra)
        .stdout(Stdio::null())
        .spawn()
        .expect("redis-server starts (bash .ci/setup --lab)"), dir.clone());
    let start = Instant::now();
    while redis_cli(port, &["ping"]) != "PONG" {
        assert!(start.elapsed() < Duration::from_secs(10), "the test's own Redis did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
    (server, port)
}

/// PostgreSQL's programs, where the lab looks for them.
fn pg_bin() -> std::path::PathBuf {
    if let Ok(p) = std::env::var("LOCKLAB_PG_BIN") {
        return p.into();
    }
    let mut v: Vec<(u32, std::path::PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL is installed (bash .ci/setup --lab)")
        .flatten()
        .filter_map(|e| Some((e.file_name().to_string_lossy().parse().ok()?, e.path().join("bin"))))
        .collect();
    v.sort();
    v.pop().expect("a PostgreSQL version").1
}

/// A PostgreSQL of the test's own (standing in for a user's): as root, run as the `postgres` user.
fn own_postgres() -> (Own, String) {
    use std::os::unix::process::CommandExt;
    let dir = std::env::temp_dir().join(format!("locklab-own-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sock")).unwrap();
    // SAFETY: geteuid cannot fail; getpwnam's result is read at once.
    let user = (unsafe { libc::geteuid() } == 0).then(|| {
        let pw = unsafe { libc::getpwnam(c"postgres".as_ptr()) };
        assert!(!pw.is_null(), "as root the test needs the postgres user (bash .ci/setup --lab)");
        unsafe { ((*pw).pw_uid, (*pw).pw_gid) }
    });
    let as_user = |c: &mut Command| {
        if let Some((uid, gid)) = user {
            c.uid(uid).gid(gid);
        }
    };
    if let Some((uid, gid)) = user {
        for p in [dir.clone(), dir.join("sock")] {
            std::os::unix::fs::chown(&p, Some(uid), Some(gid)).unwrap();
        }
    }
    let bin = pg_bin();
    let mut init = Command::new(bin.join("initdb"));
    init.args(["-A", "trust", "-U", "someone", "--no-sync", "--locale=C", "-E", "UTF8", "-D"]).arg(dir.join("data")).current_dir(&dir).stdout(Stdio::null());
    as_user(&mut init);
    assert!(init.status().expect("initdb runs").success(), "initdb");
    let port = free_port();
    let mut pg = Command::new(bin.join("postgres"));
    pg.arg("-D").arg(dir.join("data")).args(["-p", &port.to_string(), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=300", "-k"]).arg(dir.join("sock"));
    pg.current_dir(&dir).stdout(Stdio::null()).stderr(Stdio::null());
    as_user(&mut pg);
    let server = Own(pg.spawn().expect("postgres starts"), dir);
    let url = format!("postgres://someone@127.0.0.1:{port}/postgres");
    let start = Instant::now();
    while postgres::Client::connect(&url, postgres::NoTls).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "the test's own PostgreSQL did not come up");
        std::thread::sleep(Duration::from_millis(100));
    }
    (server, url)
}

/// Every key on the Redis at `port` with its type and value (as redis-cli shows them), sorted.
fn redis_contents(port: u16) -> Vec<String> {
    let mut keys: Vec<String> = redis_cli(port, &["--scan"]).lines().map(str::to_string).collect();
    keys.sort();
    keys.iter().map(|k| format!("{k} {} {}", redis_cli(port, &["type", k]), redis_cli(port, &["dump", k]))).collect()
}

/// Every schema, table and row outside PostgreSQL's own catalogs, as text, sorted.
fn postgres_contents(url: &str) -> Vec<String> {
    let mut c = postgres::Client::connect(url, postgres::NoTls).expect("PostgreSQL");
    let mut out: Vec<String> = c
        .query("select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by 1", &[])
        .expect("schemas")
        .iter()
        .map(|r| format!("schema {}", r.get::<_, String>(0)))
        .collect();
    let tables = c.query("select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2", &[]).expect("tables");
    for t in tables {
        let (s, n): (String, String) = (t.get(0), t.get(1));
        for r in c.query(&format!("select t::text from \"{s}\".\"{n}\" t order by 1"), &[]).expect("rows") {
            out.push(format!("{s}.{n} {}", r.get::<_, String>(0)));
        }
    }
    out.sort();
    out
}

/// Two labs at once on each scenario that takes a user's servers, on servers already holding
/// someone's keys and tables, some named as the lab names its own (the old fixed
/// `lab:renewal:…`, another process's `lab_<scenario>_<pid>_<n>`): every lab runs, and the servers
/// end exactly as they began. KEYS is switched off on that Redis: a lab that sends it fails.
#[test]
fn labs_on_someones_servers_leave_everything_of_theirs_alone() {
    let ((_redis, port), (_pg, pg_url)) = (own_redis("shared", &["--rename-command", "KEYS", ""]), own_postgres());
    for args in [
        vec!["set", "mine", "keep"],
        vec!["set", "lab:renewal:invoice-42", "due"],
        vec!["set", "lab:renewal:redis:0-none", "someone's"],
        vec!["set", "lab_counter_1_0:counter", "41"],
        vec!["set", "lab_sweeper_1_0:lock:sweeper", "box-z"],
        vec!["set", "lock:sweeper", "their-cron", "px", "3600000"],
        vec!["hset", "lab:orders", "42", "paid"],
    ] {
        redis_cli(port, &args);
    }
    let mut c = postgres::Client::connect(&pg_url, postgres::NoTls).expect("PostgreSQL");
    c.batch_execute(
        "create table invoices (run text, who text); insert into invoices values ('march', 'acme');
         create schema lab_sweeper_1_0; create table lab_sweeper_1_0.books (id int, stock int); insert into lab_sweeper_1_0.books values (1, 99);
         create schema billing; create table billing.fence (run text primary key); insert into billing.fence values ('q1');",
    )
    .expect("someone's tables");
    drop(c);
    let (redis_before, pg_before) = (redis_contents(port), postgres_contents(&pg_url));
    let redis_url = format!("redis://127.0.0.1:{port}/");
    let quick: &[&[&str]] = &[
        &["counter-race", "--workers", "2", "--increments", "20", "--lock", "true"],
        &["paused-holder"],
        &["fencing-sandbox"],
        &["sweeper-incident", "--until", "21:00"],
        &["ttl-tradeoff", "--holds", "1000"],
        &["optimistic-vs-pessimistic", "--updates", "200"],
        &["lock-granularity", "--updates", "500"],
        &["lease-renewal", "--ttl-s", "3", "--renew-every-s", "1"],
    ];
    for scenario in quick {
        let mut args = vec!["run"];
        args.extend_from_slice(scenario);
        args.extend(["--redis", &redis_url, "--postgres", &pg_url, "--json"]);
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| run(&args));
            let b = s.spawn(|| run(&args));
            (a.join().expect("a lab"), b.join().expect("a lab"))
        });
        for (code, _, err) in [a, b] {
            // Two labs at once may slip each other's timing (1, disagree); neither may fail to run.
            assert!(code == 0 || code == 1, "{} beside another on the same servers: exit {code}\n{err}", scenario[0]);
            assert!(!err.contains("server redis pid") && !err.contains("server postgres pid"), "started a server of its own: {err}");
        }
        assert_eq!(redis_contents(port), redis_before, "{} changed someone's Redis", scenario[0]);
        assert_eq!(postgres_contents(&pg_url), pg_before, "{} changed someone's PostgreSQL", scenario[0]);
    }
}

#[test]
fn a_given_redis_is_used_left_running_and_left_clean() {
    let (_server, port) = own_redis("alone", &[]);
    // A key of the user's own, which the lab must not touch.
    redis_cli(port, &["set", "mine", "keep"]);
    let url = format!("redis://127.0.0.1:{port}/");
    let (code, out, err) = run(&["run", "counter-race", "--workers", "2", "--increments", "20", "--lock", "true", "--redis", &url, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("server redis pid"), "started a Redis of its own: {err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["real"]["final"], 40, "{out}");
    assert!(v["servers"]["redis"].as_str().is_some_and(|s| s.starts_with(char::is_numeric)), "{out}");
    assert_eq!(redis_cli(port, &["ping"]), "PONG", "the user's Redis is left running");
    assert_eq!(redis_cli(port, &["keys", "*"]), "mine", "only the user's own key is left");
    assert_eq!(redis_cli(port, &["get", "mine"]), "keep");
}

/// A port that takes connections and never says a word, given as --postgres or --redis: the lab
/// gives up within its connect limit and says why (before, --postgres waited for ever).
#[test]
fn a_server_that_never_answers_is_given_up_on() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = listener.local_addr().expect("its address").port();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for s in listener.incoming().flatten() {
            held.push(s);
        }
    });
    for (scenario, option, url) in [
        ("optimistic-vs-pessimistic", "--postgres", format!("postgres://someone@127.0.0.1:{port}/db")),
        ("counter-race", "--redis", format!("redis://127.0.0.1:{port}/")),
    ] {
        let mut child = lab().args(["run", scenario, option, &url]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("the lab starts");
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("the lab's status") {
                break s;
            }
            if start.elapsed() > Duration::from_secs(40) {
                let _ = child.kill();
                panic!("{option} at a port that never answers: the lab still waits after 40 s");
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut err).expect("stderr");
        assert_eq!(status.code(), Some(3), "{err}");
        assert!(err.contains("did not answer"), "{option}: {err}");
    }
}
