//! `locklab-lab serve`: a small server on the learner's own machine, on 127.0.0.1 only, that runs
//! a widget's current state on the lab's servers for the widget's "Run it for real" and streams
//! what happens back to the page.
//!
//! Safe to leave running: it listens on loopback only; every request needs the token it printed
//! at start (`Authorization: Bearer <token>`, compared in constant time); a page's origin must be
//! one the learner gave (`--allow-origin`), and a request from any other page is refused before
//! anything else is read; one run at a time; every parameter is validated by the widgets'
//! registry, as `run` validates it; each run is a child `locklab-lab run` bounded in time
//! (stopped, its servers with it, after `--max-seconds`); the only path is `/run`, and sizes are
//! bounded (a request's head 8 KB, its body 16 KB).
//!
//! The answer to `POST /run` is a stream of JSON lines (`application/x-ndjson`): `started` (the
//! command), `log` (each line the run says on stderr), then one `result` (the run's exit status
//! and its reports, as `run --json` prints them, rows included) or `error`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The most bytes of a request's head, and of its body.
const MAX_HEAD: usize = 8 * 1024;
const MAX_BODY: usize = 16 * 1024;
/// The most parameters one request may give.
const MAX_PARAMS: usize = 64;
/// How long a client may take to send its request.
const READ_LIMIT: Duration = Duration::from_secs(5);

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ServeArgs {
    /// 0: a free port.
    pub port: u16,
    /// The pages' origins allowed, exactly as a browser sends them (`https://example.org`).
    pub origins: Vec<String>,
    /// The longest a run may take, in seconds.
    pub max_seconds: u64,
}

/// The default and the largest `--max-seconds`.
pub const DEFAULT_MAX_SECONDS: u64 = 300;
pub const MAX_MAX_SECONDS: u64 = 1800;

struct Shared {
    token: String,
    origins: Vec<String>,
    max: Duration,
    busy: AtomicBool,
}

/// Whether `o` is an origin as a browser writes it: a scheme, `://`, a host and an optional port,
/// nothing after.
pub fn valid_origin(o: &str) -> bool {
    let Some((scheme, rest)) = o.split_once("://") else { return false };
    matches!(scheme, "http" | "https") && !rest.is_empty() && !rest.contains(['/', '?', '#', ' ', '@']) && rest.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
}

pub fn serve(a: &ServeArgs) -> Result<(), String> {
    let listener = TcpListener::bind(("127.0.0.1", a.port)).map_err(|e| format!("cannot listen on 127.0.0.1:{}: {}", a.port, crate::store::why(&e)))?;
    let port = listener.local_addr().map_err(|e| crate::store::why(&e))?.port();
    let token = token()?;
    let shared = Arc::new(Shared { token: token.clone(), origins: a.origins.clone(), max: Duration::from_secs(a.max_seconds), busy: AtomicBool::new(false) });
    say!("locklab-lab serve: listening on http://127.0.0.1:{port}/ (this machine only)");
    say!("  pages allowed to ask: {}", if a.origins.is_empty() { "none (give --allow-origin <the page's origin>)".to_string() } else { a.origins.join(", ") });
    say!("  each run: at most {} s, one at a time", a.max_seconds);
    say!("  give the widget's \u{201c}Run it for real\u{201d} this address (the token is after the #):");
    say!("  http://127.0.0.1:{port}/#{token}");
    say!("  stop it with Ctrl-C: a run going on is stopped with it, its servers too");
    for conn in listener.incoming() {
        let Ok(conn) = conn else { continue };
        let shared = Arc::clone(&shared);
        std::thread::spawn(move || {
            let _ = handle(conn, &shared);
        });
    }
    Ok(())
}

/// 128 random bits from the system, in hex.
fn token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes)).map_err(|e| format!("cannot read /dev/urandom for a token: {}", crate::store::why(&e)))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Equal, in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// One request: method, path, headers (names in lower case) and body.
struct Request {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

fn read_request(conn: &mut TcpStream) -> Result<Request, (u16, String)> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match conn.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return Err((400, "the request ended before its head did".into())),
        }
        if head.len() > MAX_HEAD {
            return Err((431, format!("the request's head is longer than {} KB", MAX_HEAD / 1024)));
        }
    }
    let text = String::from_utf8_lossy(&head);
    let mut lines = text.split("\r\n");
    let first = lines.next().unwrap_or_default();
    let mut words = first.split(' ');
    let (method, path) = (words.next().unwrap_or_default().to_string(), words.next().unwrap_or_default().to_string());
    let headers: Vec<(String, String)> = lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string())).collect();
    let length: usize = headers.iter().find(|(k, _)| k == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    if length > MAX_BODY {
        return Err((413, format!("the request's body is longer than {} KB", MAX_BODY / 1024)));
    }
    let mut body = vec![0u8; length];
    conn.read_exact(&mut body).map_err(|_| (400, "the request's body ended early".to_string()))?;
    Ok(Request { method, path, headers, body })
}

/// The headers that let an allowed page read the answer (and, for Chromium's private network
/// access, reach this machine from a public page).
fn cors(origin: Option<&str>) -> String {
    origin.map_or_else(String::new, |o| format!("Access-Control-Allow-Origin: {o}\r\nVary: Origin\r\nAccess-Control-Allow-Private-Network: true\r\n"))
}

fn answer(conn: &mut TcpStream, status: u16, origin: Option<&str>, message: &str) -> std::io::Result<()> {
    let reason = match status {
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    };
    let body = if status == 204 { String::new() } else { json!({ "error": message }).to_string() };
    let extra = if status == 204 { "Access-Control-Allow-Methods: POST\r\nAccess-Control-Allow-Headers: authorization, content-type\r\nAccess-Control-Max-Age: 600\r\n" } else { "Content-Type: application/json\r\n" };
    write!(conn, "HTTP/1.1 {status} {reason}\r\n{}{extra}Content-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}", cors(origin), body.len())?;
    conn.flush()?;
    // A body not read (a refused page's, one too large) must not reset the connection under the
    // answer: stop sending, and read and drop what comes for a moment.
    let _ = conn.shutdown(std::net::Shutdown::Write);
    let _ = conn.set_read_timeout(Some(Duration::from_millis(200)));
    let mut sink = [0u8; 4096];
    let mut left = MAX_BODY * 4;
    while left > 0 && matches!(conn.read(&mut sink), Ok(n) if n > 0) {
        left = left.saturating_sub(sink.len());
    }
    Ok(())
}

fn handle(mut conn: TcpStream, shared: &Shared) -> std::io::Result<()> {
    conn.set_read_timeout(Some(READ_LIMIT))?;
    let req = match read_request(&mut conn) {
        Ok(r) => r,
        Err((status, why)) => return answer(&mut conn, status, None, &why),
    };
    // A page's origin first: a page not allowed learns nothing, not even whether its token was
    // right (and gets no header that would let it read the answer).
    let origin = req.header("origin").map(str::to_string);
    if let Some(o) = &origin
        && !shared.origins.iter().any(|a| a == o)
    {
        tell!("locklab-lab serve: refused a request from a page at {o} (not an --allow-origin)");
        return answer(&mut conn, 403, None, &format!("a page at {o} may not ask: start locklab-lab serve with --allow-origin {o} to allow it"));
    }
    let origin = origin.as_deref();
    if req.path != "/run" {
        return answer(&mut conn, 404, origin, "the only address here is /run");
    }
    if req.method == "OPTIONS" {
        return answer(&mut conn, 204, origin, "");
    }
    if req.method != "POST" {
        return answer(&mut conn, 405, origin, "/run takes POST");
    }
    let given = req.header("authorization").and_then(|v| v.strip_prefix("Bearer ")).unwrap_or("");
    if !same(given.trim(), &shared.token) {
        tell!("locklab-lab serve: refused a request without the right token");
        return answer(&mut conn, 401, origin, "the token is missing or wrong: give the address locklab-lab serve printed, with its #token");
    }
    let (widget, pairs) = match read_run(&req.body) {
        Ok(x) => x,
        Err(e) => return answer(&mut conn, 400, origin, &e),
    };
    if shared.busy.compare_exchange(false, true, Ordering::SeqCst, Ordering::SeqCst).is_err() {
        return answer(&mut conn, 409, origin, "a run is going on: one at a time");
    }
    let outcome = stream_run(&mut conn, origin, &widget, &pairs, shared.max);
    shared.busy.store(false, Ordering::SeqCst);
    outcome.and_then(|()| end(&mut conn))
}

/// The widget and its parameters from `{ "widget": …, "params": [[name, value], …] }`, validated
/// by the registry as `run` validates them.
fn read_run(body: &[u8]) -> Result<(String, Vec<(String, String)>), String> {
    let v: Value = serde_json::from_slice(body).map_err(|e| format!("the body is not JSON: {e}"))?;
    let widget = v["widget"].as_str().ok_or("the body names no widget (\"widget\")")?.to_string();
    let lab = crate::scenarios::find(&widget).ok_or_else(|| format!("the lab has no scenario for \u{201c}{widget}\u{201d}"))?;
    let list = v["params"].as_array().ok_or("the body has no list of parameters (\"params\": [[name, value], …])")?;
    if list.len() > MAX_PARAMS {
        return Err(format!("more than {MAX_PARAMS} parameters"));
    }
    let mut pairs = Vec::new();
    for p in list {
        let (Some(k), Some(val)) = (p[0].as_str(), p[1].as_str()) else { return Err("each parameter is a pair of strings, [name, value]".into()) };
        if k.starts_with('-') || k.is_empty() || k.len() > 64 || val.len() > 2048 {
            return Err(format!("\u{201c}{}\u{201d} is not a parameter", k.chars().take(64).collect::<String>()));
        }
        pairs.push((k.to_string(), val.to_string()));
    }
    crate::scenarios::validate(lab.name, &pairs)?;
    Ok((lab.name.to_string(), pairs))
}

/// One JSON line of the answer, as one chunk (`Transfer-Encoding: chunked`: the answer's end is
/// its last chunk, not the connection's closing, which a browser may take for an abort).
fn line(conn: &mut TcpStream, v: &Value) -> std::io::Result<()> {
    let text = format!("{v}\n");
    conn.write_all(format!("{:x}\r\n{text}\r\n", text.len()).as_bytes())?;
    conn.flush()
}

/// The last chunk, then the connection closed gently: what the client may still send is read
/// and dropped for a moment, so that closing does not reset the connection under the answer.
fn end(conn: &mut TcpStream) -> std::io::Result<()> {
    conn.write_all(b"0\r\n\r\n")?;
    conn.flush()?;
    let _ = conn.shutdown(std::net::Shutdown::Write);
    let _ = conn.set_read_timeout(Some(Duration::from_millis(500)));
    let mut sink = [0u8; 1024];
    while matches!(conn.read(&mut sink), Ok(n) if n > 0) {}
    Ok(())
}

/// Runs `locklab-lab run <widget> …` as a child (the same program), bounded by `max`, and streams
/// what it says.
fn stream_run(conn: &mut TcpStream, origin: Option<&str>, widget: &str, pairs: &[(String, String)], max: Duration) -> std::io::Result<()> {
    // No `Cache-Control: no-store` here (a POST's answer is not cached anyway): with it, Chromium
    // reports a streamed answer read to its end as aborted (ERR_ABORTED) though the page got
    // every byte (microsoft/playwright#42742): 11 of 20 runs here with it, none of 14 without.
    write!(conn, "HTTP/1.1 200 OK\r\n{}Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n", cors(origin))?;
    let mut args = vec!["run".to_string(), widget.to_string()];
    for (k, v) in pairs {
        args.push(format!("--{k}"));
        args.push(v.clone());
    }
    if widget == locklab_sim::fencing_sandbox::NAME {
        args.push("--all-orders".into());
    }
    args.push("--json".into());
    let shown = format!("locklab-lab {}", args.join(" "));
    tell!("locklab-lab serve: {shown}");
    line(conn, &json!({ "event": "started", "command": shown }))?;
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => return line(conn, &json!({ "event": "error", "message": format!("cannot find the lab's own program: {}", crate::store::why(&e)) })),
    };
    let mut cmd = Command::new(exe);
    cmd.args(&args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = match crate::guard::spawn(cmd, crate::guard::Kind::Lab, None) {
        Ok(c) => c,
        Err(e) => return line(conn, &json!({ "event": "error", "message": format!("cannot start the run: {}", crate::store::why(&e)) })),
    };
    let pid = child.id();
    let mut out = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(o) = out.as_mut() {
            let _ = o.read_to_string(&mut s);
        }
        s
    });
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    if let Some(err) = child.stderr.take() {
        std::thread::spawn(move || {
            for l in BufReader::new(err).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
    }
    let started = Instant::now();
    let mut stopped = false;
    let status = loop {
        while let Ok(l) = rx.try_recv() {
            // The page is gone: stop the run (its servers go with it).
            if line(conn, &json!({ "event": "log", "line": l })).is_err() && !stopped {
                let _ = crate::guard::signal(pid, libc::SIGTERM);
                stopped = true;
            }
        }
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(_) => break None,
        }
        if started.elapsed() > max && !stopped {
            let _ = crate::guard::signal(pid, libc::SIGTERM);
            stopped = true;
            let _ = line(conn, &json!({ "event": "log", "line": format!("the run took longer than {} s: stopping it", max.as_secs()) }));
        }
        if stopped && started.elapsed() > max + Duration::from_secs(10) {
            let _ = crate::guard::signal(pid, libc::SIGKILL);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    crate::guard::untrack(pid);
    while let Ok(l) = rx.recv_timeout(Duration::from_millis(100)) {
        line(conn, &json!({ "event": "log", "line": l }))?;
    }
    let stdout = reader.join().unwrap_or_default();
    let code = status.and_then(|s| s.code());
    if stopped && started.elapsed() > max {
        return line(conn, &json!({ "event": "error", "message": format!("the run took longer than {} s and was stopped (locklab-lab serve --max-seconds)", max.as_secs()) }));
    }
    match serde_json::from_str::<Value>(&stdout) {
        Ok(reports) => line(conn, &json!({ "event": "result", "exit": code, "reports": reports })),
        Err(_) => line(conn, &json!({ "event": "error", "message": format!("the run ended (exit status {}) without a result: see its log above", code.map_or("unknown".to_string(), |c| c.to_string())) })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_checked_as_browsers_write_them() {
        for good in ["http://localhost:8080", "https://example.org", "http://127.0.0.1:3000", "http://[::1]:8000"] {
            assert!(valid_origin(good), "{good}");
        }
        for bad in ["example.org", "https://example.org/", "ftp://x", "https://", "https://a b", "*", "null", "https://u@example.org"] {
            assert!(!valid_origin(bad), "{bad}");
        }
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd") && !same("abc", "ab") && !same("", "a"));
        let t = token().unwrap();
        assert_eq!(t.len(), 32);
        assert_ne!(t, token().unwrap());
    }

    #[test]
    fn a_run_request_is_validated_by_the_registry() {
        let ok = read_run(br#"{"widget":"counter-race","params":[["workers","3"]]}"#).unwrap();
        assert_eq!(ok, ("counter-race".to_string(), vec![("workers".to_string(), "3".to_string())]));
        for (body, says) in [
            (&br#"{"widget":"counter-race","params":[["workers","900"]]}"#[..], "workers"),
            (br#"{"widget":"lease-sizing","params":[]}"#, "no scenario"),
            (br#"{"widget":"counter-race","params":[["--redis","redis://x"]]}"#, "not a parameter"),
            (br#"{"widget":"counter-race"}"#, "no list of parameters"),
            // The lab's own options are not parameters: the registry knows none of them.
            (br#"{"widget":"counter-race","params":[["redis","redis://127.0.0.1:1/"]]}"#, "redis"),
            (br#"{"widget":"counter-race","params":[["time-scale","100"]]}"#, "time-scale"),
            (b"nope", "not JSON"),
        ] {
            let e = read_run(body).unwrap_err();
            assert!(e.contains(says), "{e}");
        }
    }
}
