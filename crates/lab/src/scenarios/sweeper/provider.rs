//! The payment provider: a small HTTP server on loopback, slow until the evening's `recovers-at`.
//!
//! - `GET /checkout?n=N` (the shop, once per order slot): while slow, checkout N hangs past the
//!   shop's timeout when the evening's draw for it says so (the widget's own draws: one uniform
//!   per order slot from the seed, `u < timeout-share`); otherwise it answers `charged` at once.
//! - `GET /status?order=ID` (a sweep's question): `row-s` after the question's instant, at the
//!   [`super::ANSWER`] offset of that second, it replies `timeout` while slow (as a gateway's 504
//!   would at the sweep's client timeout) and `not-charged` from `recovers-at` (for a question
//!   received at or after that instant).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;

use crate::clock::Story;

#[derive(Clone)]
pub struct Provider {
    pub story: Story,
    /// Story second from which it answers.
    pub recovers_s: f64,
    pub row_s: f64,
    /// One draw per order slot, in order.
    pub draws: Arc<Vec<f64>>,
    pub timeout_share: f64,
}

impl Provider {
    /// Starts serving on a free loopback port; returns `host:port`.
    pub fn serve(self) -> Result<String, String> {
        let l = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("the provider cannot listen: {}", crate::store::why(&e)))?;
        let addr = l.local_addr().map_err(|e| crate::store::why(&e))?.to_string();
        std::thread::spawn(move || {
            for stream in l.incoming().flatten() {
                let me = self.clone();
                std::thread::spawn(move || me.answer(stream));
            }
        });
        Ok(addr)
    }

    fn answer(&self, stream: TcpStream) {
        let received = self.story.now();
        let mut line = String::new();
        if BufReader::new(&stream).read_line(&mut line).is_err() {
            return;
        }
        let path = line.split_whitespace().nth(1).unwrap_or("");
        // Each request belongs to second k of the story, sent at k + its offset: the nearest such
        // k, so a request that reaches the provider a little late (a busy machine) is still
        // judged, and answered, as of its own second.
        let (body, at) = if let Some(n) = query(path, "n").and_then(|n| n.parse::<usize>().ok()) {
            let sent = (received - super::ORDER).round();
            let times_out = sent < self.recovers_s && self.draws.get(n).is_some_and(|u| *u < self.timeout_share);
            // The shop waits for the word; a timed-out checkout is told so after its timeout.
            if times_out { ("timeout", received + 2.0) } else { ("charged", received) }
        } else if query(path, "order").is_some() {
            let asked = (received - super::ASK).round();
            let answer_at = asked + self.row_s + super::ANSWER;
            (if asked < self.recovers_s { "timeout" } else { "not-charged" }, answer_at)
        } else {
            ("unknown", received)
        };
        self.story.sleep_until(at);
        let mut s = stream;
        let _ = write!(s, "HTTP/1.0 200 OK\r\nContent-Length: {}\r\n\r\n{body}", body.len());
    }
}

fn query<'a>(path: &'a str, key: &str) -> Option<&'a str> {
    path.split_once('?')?.1.split('&').filter_map(|kv| kv.split_once('=')).find(|(k, _)| *k == key).map(|(_, v)| v)
}

/// Asks `addr` for `path`; the body, or `None` if no answer came before `deadline`
/// (`CLOCK_MONOTONIC` nanoseconds): the client's timeout.
pub fn get(addr: &str, path: &str, deadline: u64) -> Option<String> {
    use std::io::Read;
    let left = |d: u64| std::time::Duration::from_nanos(d.saturating_sub(crate::clock::mono_ns()).max(1));
    let addr: std::net::SocketAddr = addr.parse().ok()?;
    let mut s = TcpStream::connect_timeout(&addr, left(deadline)).ok()?;
    s.set_nodelay(true).ok()?;
    write!(s, "GET {path} HTTP/1.0\r\n\r\n").ok()?;
    let mut buf = Vec::new();
    let mut chunk = [0u8; 512];
    loop {
        s.set_read_timeout(Some(left(deadline))).ok()?;
        match s.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(_) => return None,
        }
        if crate::clock::mono_ns() >= deadline {
            return None;
        }
    }
    let text = String::from_utf8_lossy(&buf);
    text.split_once("\r\n\r\n").map(|(_, b)| b.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_query() {
        assert_eq!(query("/status?order=12", "order"), Some("12"));
        assert_eq!(query("/checkout?n=3&x=1", "n"), Some("3"));
        assert_eq!(query("/", "n"), None);
    }
}
