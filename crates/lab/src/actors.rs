//! Actors: the lab runs itself as a child (`locklab-lab actor <role> <config>`) for every actor
//! of a story that must be a process of its own, so that it can be frozen for real with SIGSTOP
//! and thawed with SIGCONT, as a garbage-collection pause or a stopped VM freezes a process.
//! The lab and an actor talk in JSON lines: commands on the actor's stdin, replies and events on
//! its stdout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value;

use crate::guard::{self, Kind};

/// The lab's handle on one actor process.
pub struct Actor {
    pub name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Option<BufReader<ChildStdout>>,
}

impl Actor {
    /// Starts `locklab-lab actor <role> <config>`.
    pub fn start(name: &str, role: &str, config: &Value) -> Result<Actor, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find the lab's own program to start actor {name}: {}", crate::store::why(&e)))?;
        let mut cmd = Command::new(exe);
        cmd.args(["actor", role, &config.to_string()]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        let mut child = guard::spawn(cmd, Kind::Actor, None).map_err(|e| format!("cannot start actor {name}: {}", crate::store::why(&e)))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().map(BufReader::new);
        Ok(Actor { name: name.into(), child, stdin, stdout })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one command line.
    pub fn send(&mut self, msg: &Value) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or_else(|| format!("actor {} has no input", self.name))?;
        writeln!(stdin, "{msg}").and_then(|_| stdin.flush()).map_err(|e| format!("actor {} stopped listening: {e}", self.name))
    }

    /// Reads the next line the actor prints.
    pub fn recv(&mut self) -> Result<Value, String> {
        let out = self.stdout.as_mut().ok_or_else(|| format!("actor {} has no output", self.name))?;
        let mut line = String::new();
        match out.read_line(&mut line) {
            Ok(0) => Err(format!("actor {} ended without answering", self.name)),
            Ok(_) => serde_json::from_str(&line).map_err(|e| format!("actor {} said something unreadable ({e}): {}", self.name, line.trim())),
            Err(e) => Err(format!("cannot read actor {}: {e}", self.name)),
        }
    }

    /// Sends a command and reads the reply; an `error` field in the reply is an error.
    pub fn ask(&mut self, msg: &Value) -> Result<Value, String> {
        self.send(msg)?;
        let reply = self.recv()?;
        match reply.get("error").and_then(Value::as_str) {
            Some(e) => Err(format!("actor {}: {e}", self.name)),
            None => Ok(reply),
        }
    }

    /// Takes the actor's output, for a thread that collects its events.
    pub fn take_output(&mut self) -> Option<BufReader<ChildStdout>> {
        self.stdout.take()
    }

    /// Freezes the process (SIGSTOP).
    pub fn freeze(&self) -> Result<(), String> {
        guard::signal(self.pid(), libc::SIGSTOP).map_err(|e| format!("cannot stop actor {}: {e}", self.name))
    }

    /// The lab's side of an actor that stops itself ([`stop_self`]): its word that it is
    /// stopping (`what` names it in an error).
    pub fn expect_stopping(&mut self, what: &str) -> Result<(), String> {
        let v = self.recv()?;
        if v["event"] != "stopping" {
            return Err(format!("{what} said {v} where it should have stopped"));
        }
        Ok(())
    }

    /// Waits until the process is really stopped (state `T` in /proc: it stops itself just after
    /// saying so), at most 5 s.
    pub fn wait_stopped(&self, what: &str) -> Result<(), String> {
        let start = std::time::Instant::now();
        while !stopped(self.pid()) {
            if start.elapsed() > std::time::Duration::from_secs(5) {
                return Err(format!("{what} did not stop"));
            }
            std::thread::sleep(std::time::Duration::from_micros(100));
        }
        Ok(())
    }

    /// Thaws it (SIGCONT).
    pub fn thaw(&self) -> Result<(), String> {
        guard::signal(self.pid(), libc::SIGCONT).map_err(|e| format!("cannot continue actor {}: {e}", self.name))
    }

    /// Closes its input and waits for it to end by itself.
    pub fn finish(mut self) -> Result<(), String> {
        self.stdin.take();
        let status = self.child.wait().map_err(|e| format!("cannot wait for actor {}: {e}", self.name))?;
        guard::untrack(self.child.id());
        if status.success() { Ok(()) } else { Err(format!("actor {} failed ({status})", self.name)) }
    }
}

impl Drop for Actor {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        guard::untrack(self.child.id());
    }
}

/// Whether process `pid` is stopped (state `T` in /proc).
fn stopped(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).ok().and_then(|s| s.rsplit_once(") ").map(|(_, rest)| rest.starts_with('T'))).unwrap_or(false)
}

/// The actor's side of a pause it takes itself: says `stopping`, then stops its whole process
/// (every thread with it) with SIGSTOP; the lab waits until it is stopped ([`Actor::wait_stopped`])
/// and sends SIGCONT when the pause is over.
pub fn stop_self() {
    say(&serde_json::json!({ "event": "stopping" }));
    // SAFETY: the process stops itself; the lab sends SIGCONT.
    unsafe { libc::raise(libc::SIGSTOP) };
}

/// The actor's side: its commands, one JSON value per line, until its input closes.
pub fn commands() -> impl Iterator<Item = Value> {
    std::io::stdin().lock().lines().map_while(Result::ok).filter_map(|l| serde_json::from_str(&l).ok())
}

/// The actor's side: prints one line for the lab (a reply or an event) and flushes it.
pub fn say(msg: &Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{msg}");
    let _ = out.flush();
}

/// A field of an actor's configuration.
pub fn field<'a>(config: &'a Value, name: &str) -> Result<&'a Value, String> {
    config.get(name).ok_or_else(|| format!("the actor's configuration has no {name}"))
}

pub fn text(config: &Value, name: &str) -> Result<String, String> {
    field(config, name)?.as_str().map(str::to_string).ok_or_else(|| format!("the actor's {name} is not text"))
}

pub fn number(config: &Value, name: &str) -> Result<f64, String> {
    field(config, name)?.as_f64().ok_or_else(|| format!("the actor's {name} is not a number"))
}

pub fn story(config: &Value) -> Result<crate::clock::Story, String> {
    crate::clock::Story::from_arg(&text(config, "story")?).ok_or_else(|| "the actor's story clock is unreadable".to_string())
}
