//! (b) Servers and actors never outlive the lab: killed outright (SIGKILL), interrupted (SIGINT,
//! SIGTERM) or panicking, mid-run, the lab leaves no redis-server, postgres or actor process of its
//! own behind (and the folder of a lab killed outright is removed by the next one).

mod common;

use std::time::Duration;

use common::*;

fn kill_mid_run(signal: i32) -> (Option<i32>, Vec<Server>, u32) {
    // The sweeper runs the most processes at once: two boxes, a provider and both servers.
    let (mut child, servers, _lines) = start_until_servers(&["run", "sweeper-incident", "--until", "21:30"], 2, &[]);
    assert!(servers.iter().any(|s| s.kind == "redis") && servers.iter().any(|s| s.kind == "postgres"), "{servers:?}");
    let pid = child.id();
    // Mid-run: the boxes are up and connected.
    std::thread::sleep(Duration::from_millis(2500));
    assert!(alive_matching(&[format!("_{pid}_")]).len() >= 2, "the two box actors are running");
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(pid as i32, signal) };
    let status = child.wait().expect("the lab ends");
    let left = wait_all_gone(&needles(pid, &servers), Duration::from_secs(8));
    assert!(left.is_empty(), "still alive after the lab got signal {signal}: {left:#?}");
    (status.code(), servers, pid)
}

#[test]
fn sigkill_mid_run_leaves_no_server_or_actor() {
    let (code, servers, _) = kill_mid_run(libc::SIGKILL);
    assert_eq!(code, None, "killed by the signal");
    // The folder of a lab killed outright goes with the next lab that starts servers.
    let dir = servers[0].dir.clone();
    assert!(std::path::Path::new(&dir).exists(), "nothing could remove it yet");
    let (code, _, _) = run(&["run", "counter-race", "--workers", "1", "--increments", "10"]);
    assert_eq!(code, 0);
    assert!(!std::path::Path::new(&dir).exists(), "{dir} was left behind");
}

#[test]
fn sigint_mid_run_stops_everything_and_cleans_up() {
    let (code, servers, _) = kill_mid_run(libc::SIGINT);
    assert_eq!(code, Some(128 + libc::SIGINT));
    assert!(!std::path::Path::new(&servers[0].dir).exists(), "the folder is removed");
}

#[test]
fn sigterm_mid_run_stops_everything() {
    let (code, _, _) = kill_mid_run(libc::SIGTERM);
    assert_eq!(code, Some(128 + libc::SIGTERM));
}

#[test]
fn a_panic_stops_the_servers() {
    let (mut child, servers, _lines) = start_until_servers(&["run", "paused-holder"], 2, &[("LOCKLAB_LAB_TEST_PANIC", "1")]);
    let pid = child.id();
    let status = child.wait().expect("the lab ends");
    assert!(!status.success());
    let left = wait_all_gone(&needles(pid, &servers), Duration::from_secs(8));
    assert!(left.is_empty(), "still alive after a panic: {left:#?}");
    assert!(!std::path::Path::new(&servers[0].dir).exists(), "the folder is removed");
}

#[test]
fn a_reader_gone_away_stops_the_servers_quietly() {
    // `locklab-lab run … | head -0`: the report meets a pipe with no reader. Before, a panic.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let child = lab()
        .args(["run", "counter-race", "--workers", "1", "--increments", "10"])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the lab starts");
    let pid = child.id();
    let out = child.wait_with_output().expect("the lab ends");
    let err = String::from_utf8_lossy(&out.stderr);
    let servers: Vec<Server> = err.lines().filter_map(parse_server).collect();
    assert!(!servers.is_empty(), "it started its servers: {err}");
    assert_eq!(out.status.code(), Some(141), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let left = wait_all_gone(&needles(pid, &servers), Duration::from_secs(8));
    assert!(left.is_empty(), "still alive after the reader went: {left:#?}");
    assert!(!std::path::Path::new(&servers[0].dir).exists(), "the folder is removed");
}

/// `serve` stopped (SIGTERM) while a run it started is going on: the run is stopped with it, and
/// its servers and folder go too.
#[test]
fn serve_stopped_mid_run_leaves_no_server() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut child = lab().args(["serve", "--allow-origin", "http://localhost:1", "--port", "0"]).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::null()).spawn().expect("serve starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut address = String::new();
    while !address.contains("/#") {
        address.clear();
        assert!(out.read_line(&mut address).expect("serve prints") > 0, "serve printed no address");
    }
    let address = address.trim();
    let (base, token) = address.split_once("/#").expect("an address with a token");
    let port = base.rsplit(':').next().expect("a port");
    let mut conn = std::net::TcpStream::connect(format!("127.0.0.1:{port}")).expect("serve listens");
    let body = r#"{"widget":"sweeper-incident","params":[["until","21:30"]]}"#;
    write!(conn, "POST /run HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Length: {}\r\n\r\n{body}", body.len()).expect("the request is sent");
    // Until the run reports both its servers.
    let mut answer = BufReader::new(conn.try_clone().expect("a second handle"));
    let mut servers = Vec::new();
    let mut line = String::new();
    while servers.len() < 2 {
        line.clear();
        assert!(answer.read_line(&mut line).expect("serve answers") > 0, "the answer ended early");
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&line)
            && let Some(l) = v["line"].as_str()
        {
            servers.extend(parse_server(l));
        }
    }
    // One run at a time: a second request while this one runs is refused (409), nothing started.
    let mut second = std::net::TcpStream::connect(format!("127.0.0.1:{port}")).expect("serve listens");
    write!(second, "POST /run HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Length: {}\r\n\r\n{body}", body.len()).expect("the request is sent");
    let mut refused = String::new();
    let _ = second.read_to_string(&mut refused);
    assert!(refused.starts_with("HTTP/1.1 409") && refused.contains("one at a time"), "{refused}");
    std::thread::sleep(Duration::from_millis(1500));
    let pid = child.id();
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(pid as i32, libc::SIGTERM) };
    child.wait().expect("serve ends");
    let mut rest = String::new();
    let _ = answer.read_to_string(&mut rest);
    let left = wait_all_gone(&needles(pid, &servers), Duration::from_secs(15));
    assert!(left.is_empty(), "still alive after serve was stopped: {left:#?}");
    assert!(!std::path::Path::new(&servers[0].dir).exists(), "the run's folder is removed");
}

/// A run that takes longer than `--max-seconds` is stopped, its servers with it, and the page is
/// told why; `serve` goes on answering.
#[test]
fn serve_stops_a_run_past_its_time() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut child = lab().args(["serve", "--allow-origin", "http://localhost:1", "--port", "0", "--max-seconds", "2"]).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::null()).spawn().expect("serve starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut address = String::new();
    while !address.contains("/#") {
        address.clear();
        assert!(out.read_line(&mut address).expect("serve prints") > 0, "serve printed no address");
    }
    let (base, token) = address.trim().split_once("/#").expect("an address with a token");
    let port = base.rsplit(':').next().expect("a port").to_string();
    let ask = |body: &str| {
        let mut conn = std::net::TcpStream::connect(format!("127.0.0.1:{port}")).expect("serve listens");
        write!(conn, "POST /run HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Length: {}\r\n\r\n{body}", body.len()).expect("the request is sent");
        let mut answer = String::new();
        let _ = conn.read_to_string(&mut answer);
        answer
    };
    // The sweeper's evening takes about two minutes at its time scale: far past 2 s.
    let answer = ask(r#"{"widget":"sweeper-incident","params":[]}"#);
    assert!(answer.contains("took longer than 2 s and was stopped"), "{answer}");
    let servers: Vec<Server> = answer.lines().filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()).filter_map(|v| v["line"].as_str().and_then(parse_server)).collect();
    assert!(!servers.is_empty(), "{answer}");
    let left = wait_all_gone(&needles(child.id(), &servers), Duration::from_secs(15));
    assert!(left.is_empty(), "a stopped run left these: {left:#?}");
    // And the next run is taken.
    let answer = ask(r#"{"widget":"counter-race","params":[["workers","1"],["increments","10"]]}"#);
    assert!(answer.contains(r#""event":"result""#) && answer.contains(r#""exit":0"#), "{answer}");
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let _ = child.wait();
}
