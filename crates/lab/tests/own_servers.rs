//! (c) A user's own server: with `--redis` the lab starts no Redis of its own, runs on the one
//! given, leaves it running and takes its keys away again.

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

#[test]
fn a_given_redis_is_used_left_running_and_left_clean() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let dir = std::env::temp_dir().join(format!("locklab-own-redis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let _server = Own(Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir"])
        .arg(&dir)
        .stdout(Stdio::null())
        .spawn()
        .expect("redis-server starts (bash .ci/setup --lab)"), dir.clone());
    let start = Instant::now();
    while redis_cli(port, &["ping"]) != "PONG" {
        assert!(start.elapsed() < Duration::from_secs(10), "the test's own Redis did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
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
