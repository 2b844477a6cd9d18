//! etcd for the lab: a cluster of members of its own (Debian's `etcd-server` 3.4) on loopback
//! ports, and a small client for etcd's v3 JSON gateway on the client port (`POST /v3/kv/txn`,
//! `/v3/lease/grant`, `/v3/kv/range`, `/v3/maintenance/status`): plain HTTP/1.1, one request per
//! connection, keys and values in base64 as the gateway wants them.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::guard::{self, Kind};

/// One member of the lab's cluster.
pub struct Member {
    pub name: String,
    pub client_port: u16,
    peer_port: u16,
    /// The peer address the others are told: the peer port, or the port of a proxy of the lab's
    /// in front of it ([`Cluster::start_behind_proxies`]).
    advertised_peer_port: u16,
    data: PathBuf,
    pub pid: Option<u32>,
}

/// A cluster of the lab's own.
pub struct Cluster {
    pub members: Vec<Member>,
    dir: PathBuf,
    initial: String,
    token: String,
}

fn etcd_binary() -> Result<PathBuf, String> {
    if let Ok(p) = std::env::var("LOCKLAB_ETCD") {
        return Ok(PathBuf::from(p));
    }
    ["/usr/bin/etcd", "/usr/local/bin/etcd"].iter().map(PathBuf::from).find(|p| p.is_file()).ok_or_else(|| "etcd was not found: `bash .ci/setup --lab` installs Debian's etcd-server (or set LOCKLAB_ETCD)".to_string())
}

/// `etcd --version`'s `3.4.23`.
pub fn version() -> Result<String, String> {
    let bin = etcd_binary()?;
    let out = Command::new(&bin).arg("--version").output().map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    String::from_utf8_lossy(&out.stdout).lines().find_map(|l| l.strip_prefix("etcd Version: ")).map(|v| v.trim().to_string()).ok_or_else(|| "etcd did not say its version".into())
}

impl Cluster {
    /// Starts `n` members in `dir` (heartbeat 50 ms, election timeout 500 ms) and waits for a leader.
    pub fn start(dir: &Path, n: usize) -> Result<Cluster, String> {
        Self::start_with(dir, n, false).map(|(c, _)| c)
    }

    /// Starts `n` members whose peers reach each other only through a proxy of the lab's in front
    /// of each member's peer port (each reading which member a connection is from), so that a
    /// partition can cut some members off: the cluster and the proxies, in member order.
    pub fn start_behind_proxies(dir: &Path, n: usize) -> Result<(Cluster, Vec<crate::proxy::Proxy>), String> {
        Self::start_with(dir, n, true)
    }

    fn start_with(dir: &Path, n: usize, proxied: bool) -> Result<(Cluster, Vec<crate::proxy::Proxy>), String> {
        let mut members = Vec::new();
        let mut proxies = Vec::new();
        for i in 1..=n {
            let name = format!("m{i}");
            let peer_port = crate::servers::port()?;
            let advertised_peer_port = if proxied {
                let proxy = crate::proxy::Proxy::start(peer_port)?;
                proxy.peek_senders();
                let port = proxy.port;
                proxies.push(proxy);
                port
            } else {
                peer_port
            };
            members.push(Member { data: dir.join(format!("etcd-{name}")), name, client_port: crate::servers::port()?, peer_port, advertised_peer_port, pid: None });
        }
        let initial = members.iter().map(|m| format!("{}=http://127.0.0.1:{}", m.name, m.advertised_peer_port)).collect::<Vec<_>>().join(",");
        let token = format!("lab-{}-{}", std::process::id(), crate::clock::mono_ns() % 1_000_000);
        let mut c = Cluster { members, dir: dir.to_path_buf(), initial, token };
        for i in 0..n {
            c.launch(i, "new")?;
        }
        c.wait_leader(Duration::from_secs(20))?;
        Ok((c, proxies))
    }

    /// Member `i`'s id as its peers name it (`X-Server-From`: hexadecimal).
    pub fn member_id(&self, i: usize) -> Result<String, String> {
        let v = post(self.members[i].client_port, "/v3/maintenance/status", &json!({}), Duration::from_secs(2))?;
        let id: u64 = v["header"]["member_id"].as_str().and_then(|s| s.parse().ok()).ok_or("etcd did not say its member id")?;
        Ok(format!("{id:x}"))
    }

    fn launch(&mut self, i: usize, state: &str) -> Result<(), String> {
        let bin = etcd_binary()?;
        let m = &self.members[i];
        let log = std::fs::File::create(self.dir.join(format!("etcd-{}.log", m.name))).map_err(|e| format!("cannot write etcd's log: {}", crate::store::why(&e)))?;
        let client = format!("http://127.0.0.1:{}", m.client_port);
        let peer = format!("http://127.0.0.1:{}", m.peer_port);
        let advertised = format!("http://127.0.0.1:{}", m.advertised_peer_port);
        let mut cmd = Command::new(&bin);
        cmd.arg("--name").arg(&m.name).arg("--data-dir").arg(&m.data);
        cmd.args(["--listen-client-urls", &client, "--advertise-client-urls", &client, "--listen-peer-urls", &peer, "--initial-advertise-peer-urls", &advertised]);
        cmd.args(["--initial-cluster", &self.initial, "--initial-cluster-state", state, "--initial-cluster-token", &self.token, "--heartbeat-interval", "50", "--election-timeout", "500"]);
        cmd.stdin(Stdio::null()).stdout(log.try_clone().map_err(|e| crate::store::why(&e))?).stderr(log);
        let child = guard::spawn(cmd, Kind::Redis, None).map_err(|e| format!("cannot start etcd: {}", crate::store::why(&e)))?;
        tell!("locklab-lab: server etcd pid {} port {} dir {}", child.id(), m.client_port, self.dir.display());
        self.members[i].pid = Some(child.id());
        Ok(())
    }

    /// Kills member `i` (SIGKILL).
    pub fn kill(&mut self, i: usize) {
        if let Some(pid) = self.members[i].pid.take() {
            crate::servers::kill(pid);
        }
    }

    /// Starts member `i` again on its own data (it rejoins the cluster).
    pub fn restart(&mut self, i: usize) -> Result<(), String> {
        self.launch(i, "existing")
    }

    /// The index of the member that is leader, as the members still running agree.
    pub fn leader(&self) -> Option<usize> {
        for m in self.members.iter().filter(|m| m.pid.is_some()) {
            if let Ok(v) = post(m.client_port, "/v3/maintenance/status", &json!({}), Duration::from_millis(300)) {
                let leader = v["leader"].as_str().unwrap_or("0");
                if leader != "0" {
                    // Find which member has that id.
                    for (i, o) in self.members.iter().enumerate().filter(|(_, o)| o.pid.is_some()) {
                        if let Ok(s) = post(o.client_port, "/v3/maintenance/status", &json!({}), Duration::from_millis(300))
                            && s["header"]["member_id"].as_str() == Some(leader)
                        {
                            return Some(i);
                        }
                    }
                }
            }
        }
        None
    }

    /// The highest raft term the running members report (a new leader means a higher term).
    pub fn raft_term(&self) -> Option<u64> {
        self.members
            .iter()
            .filter(|m| m.pid.is_some())
            .filter_map(|m| post(m.client_port, "/v3/maintenance/status", &json!({}), Duration::from_millis(1000)).ok())
            .filter_map(|v| v["header"]["raft_term"].as_str().and_then(|t| t.parse().ok()).or_else(|| v["header"]["raft_term"].as_u64()))
            .max()
    }

    pub fn wait_leader(&self, limit: Duration) -> Result<usize, String> {
        let start = Instant::now();
        loop {
            if let Some(l) = self.leader() {
                return Ok(l);
            }
            if start.elapsed() > limit {
                return Err(format!("the etcd cluster elected no leader within {} s (logs in {})", limit.as_secs(), self.dir.display()));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The client ports of the members still running.
    pub fn ports(&self) -> Vec<u16> {
        self.members.iter().filter(|m| m.pid.is_some()).map(|m| m.client_port).collect()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for i in 0..self.members.len() {
            self.kill(i);
        }
    }
}

/// `POST path` with a JSON body to the member on `port`: the JSON it answers (an HTTP error or a
/// gateway error object is an error).
pub fn post(port: u16, path: &str, body: &Value, timeout: Duration) -> Result<Value, String> {
    let mut s = TcpStream::connect_timeout(&([127, 0, 0, 1], port).into(), timeout).map_err(|e| format!("cannot reach etcd on {port}: {}", crate::store::why(&e)))?;
    s.set_read_timeout(Some(timeout)).map_err(|e| crate::store::why(&e))?;
    s.set_nodelay(true).map_err(|e| crate::store::why(&e))?;
    let body = body.to_string();
    let req = format!("POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    s.write_all(req.as_bytes()).map_err(|e| format!("etcd on {port} stopped listening: {}", crate::store::why(&e)))?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).map_err(|e| format!("no answer from etcd on {port}: {}", crate::store::why(&e)))?;
    let text = String::from_utf8_lossy(&out);
    let (head, body) = text.split_once("\r\n\r\n").ok_or_else(|| format!("etcd on {port} answered something that is not HTTP"))?;
    let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") { dechunk(body) } else { body.to_string() };
    let v: Value = serde_json::from_str(&body).map_err(|e| format!("etcd on {port} answered unreadable JSON ({e}): {body}"))?;
    if !head.starts_with("HTTP/1.1 200") || v.get("error").is_some() {
        return Err(format!("etcd on {port} refused {path}: {}", v.get("error").or(v.get("message")).unwrap_or(&v)));
    }
    Ok(v)
}

/// An HTTP/1.1 chunked body, decoded.
fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].strip_prefix("\r\n").unwrap_or(&after[n..]);
    }
    out
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (what etcd's gateway takes for keys and values).
pub fn b64(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, &b)| acc | (u32::from(b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(B64[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Grants `key` if no one holds it: a transaction comparing its `create_revision` with 0 and
/// putting it under `lease`. `Some(revision)` when this client got it, `None` when it was held.
pub fn grant(port: u16, key: &str, value: &str, lease: &str, timeout: Duration) -> Result<Option<u64>, String> {
    let k = b64(key.as_bytes());
    let body = json!({
        "compare": [{ "key": k, "target": "CREATE", "create_revision": "0" }],
        "success": [{ "request_put": { "key": k, "value": b64(value.as_bytes()), "lease": lease } }],
    });
    let v = post(port, "/v3/kv/txn", &body, timeout)?;
    if v["succeeded"].as_bool() == Some(true) {
        Ok(v["header"]["revision"].as_str().and_then(|r| r.parse().ok()))
    } else {
        Ok(None)
    }
}

/// A lease of `ttl_s` seconds: its id.
pub fn lease(port: u16, ttl_s: u64, timeout: Duration) -> Result<String, String> {
    let v = post(port, "/v3/lease/grant", &json!({ "TTL": ttl_s }), timeout)?;
    v["ID"].as_str().map(str::to_string).ok_or_else(|| "etcd granted a lease without an id".into())
}

/// Takes the lock `name` through etcd's own lock service (`/v3/lock/lock`, what etcd's
/// `concurrency.Mutex` does: a key `name/<lease>` under `lease`, granted when every key under
/// `name` created before it is gone). It waits in line for up to `timeout`. The lock's key in
/// base64 and its `create_revision`, which rises with each place in the line: a fencing token.
pub fn lock(port: u16, name: &str, lease: &str, timeout: Duration) -> Result<(String, u64), String> {
    let v = post(port, "/v3/lock/lock", &json!({ "name": b64(name.as_bytes()), "lease": lease }), timeout)?;
    let key = v["key"].as_str().ok_or("etcd's lock service answered without a key")?.to_string();
    let r = post(port, "/v3/kv/range", &json!({ "key": key }), timeout)?;
    let rev = r["kvs"][0]["create_revision"].as_str().and_then(|x| x.parse().ok());
    let rev = rev.ok_or("the lock's key was gone as soon as etcd granted it (its lease ran out first)")?;
    Ok((key, rev))
}

/// Deletes `key` (base64), as etcd's `/v3/lock/unlock` does: whether it was still there.
pub fn delete(port: u16, key: &str, timeout: Duration) -> Result<bool, String> {
    let v = post(port, "/v3/kv/deleterange", &json!({ "key": key }), timeout)?;
    Ok(v["deleted"].as_str().is_some_and(|d| d != "0"))
}

/// Revokes `lease` (its keys go with it); an error when it has already run out.
pub fn revoke(port: u16, lease: &str, timeout: Duration) -> Result<(), String> {
    post(port, "/v3/lease/revoke", &json!({ "ID": lease }), timeout).map(|_| ())
}

/// Keeps `lease` alive from a thread of its own, a keepalive every `every`, until `stop` is set
/// (what a live etcd client's session does).
pub fn keep_alive(port: u16, lease: String, every: Duration, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        use std::sync::atomic::Ordering;
        let mut next = Instant::now();
        while !stop.load(Ordering::SeqCst) {
            if Instant::now() >= next {
                let _ = post(port, "/v3/lease/keepalive", &json!({ "ID": lease }), every);
                next += every;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    })
}

/// The keys under `prefix` (a linearizable read through the member on `port`).
pub fn keys_with_prefix(port: u16, prefix: &str, timeout: Duration) -> Result<Vec<String>, String> {
    let mut end = prefix.as_bytes().to_vec();
    if let Some(last) = end.last_mut() {
        *last += 1;
    }
    let v = post(port, "/v3/kv/range", &json!({ "key": b64(prefix.as_bytes()), "range_end": b64(&end), "keys_only": true }), timeout)?;
    Ok(v["kvs"].as_array().map(|a| a.iter().filter_map(|kv| kv["key"].as_str()).filter_map(unb64).collect()).unwrap_or_default())
}

fn unb64(s: &str) -> Option<String> {
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes().filter(|&c| c != b'=') {
        let v = B64.iter().position(|&x| x == c)? as u32;
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips() {
        for s in ["", "k", "ke", "key", "lab:lock:12345"] {
            assert_eq!(unb64(&b64(s.as_bytes())).as_deref(), Some(s));
        }
        assert_eq!(b64(b"key"), "a2V5");
        assert_eq!(b64(b"v"), "dg==");
        assert_eq!(dechunk("4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n"), "{\"a\":1}");
    }
}
