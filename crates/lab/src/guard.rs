//! Nothing the lab starts outlives it.
//!
//! - Every child (servers and actors) is spawned by one long-lived thread with
//!   `PR_SET_PDEATHSIG = SIGKILL` set in the child (the kernel sends that signal when the
//!   *thread* that forked it ends, hence one thread that lives as long as the lab), so a lab that
//!   is killed outright (SIGKILL) takes its children with it. Each child leads its own process
//!   group, so the terminal's Ctrl-C reaches only the lab, which stops the children in order.
//! - [`shutdown`] stops what is registered: PostgreSQL with SIGQUIT (its immediate shutdown) and
//!   then SIGKILL to its whole process group, `serve`'s runs with SIGTERM (each stops its own
//!   servers) and then SIGKILL, Redis and actors with SIGKILL, then removes the
//!   temporary folders. It runs when the [`Guard`] drops (a normal exit or an error), from the
//!   signal thread on SIGINT, SIGTERM or SIGHUP, and from the panic hook (the release profile
//!   aborts on a panic, so no destructor would run).

use std::io;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// What a registered child is, which decides how it is stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Redis,
    Postgres,
    Actor,
    /// A `locklab-lab run` of `serve`'s: asked to stop (SIGTERM), so that its own guard stops its
    /// servers and removes its folder, then killed if it has not ended within 10 s.
    Lab,
}

#[derive(Default)]
struct State {
    children: Vec<(i32, Kind)>,
    dirs: Vec<PathBuf>,
}

static STATE: Mutex<State> = Mutex::new(State { children: Vec::new(), dirs: Vec::new() });

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Registers a child to stop at exit.
pub fn track(pid: u32, kind: Kind) {
    state().children.push((pid as i32, kind));
}

/// Forgets a child that has exited by itself.
pub fn untrack(pid: u32) {
    state().children.retain(|(p, _)| *p != pid as i32);
}

/// Registers a folder to remove at exit.
pub fn track_dir(dir: PathBuf) {
    state().dirs.push(dir);
}

/// Stops every registered child and removes every registered folder. Safe to call more than
/// once and from any thread.
pub fn shutdown() {
    let (children, dirs) = {
        let mut s = state();
        (std::mem::take(&mut s.children), std::mem::take(&mut s.dirs))
    };
    for &(pid, kind) in &children {
        // SAFETY: plain signals to processes this lab started (each leads its own group).
        unsafe {
            match kind {
                Kind::Postgres => {
                    libc::kill(pid, libc::SIGQUIT);
                }
                Kind::Lab => {
                    libc::kill(pid, libc::SIGTERM);
                }
                Kind::Redis | Kind::Actor => {
                    libc::kill(-pid, libc::SIGKILL);
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
    }
    for &(pid, kind) in &children {
        if kind == Kind::Postgres {
            wait_gone(pid, Duration::from_secs(3));
        }
        if kind == Kind::Lab {
            wait_gone(pid, Duration::from_secs(10));
        }
        // SAFETY: as above; the group takes any PostgreSQL backend still running.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
        wait_gone(pid, Duration::from_secs(2));
    }
    for d in dirs {
        let _ = std::fs::remove_dir_all(&d);
    }
}

/// Waits (reaping it) until process `pid` is gone, at most `limit`.
fn wait_gone(pid: i32, limit: Duration) {
    let start = Instant::now();
    while start.elapsed() < limit {
        let mut status = 0;
        // SAFETY: non-blocking wait on our own child; ECHILD means another thread reaped it.
        let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if r == pid || (r < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Calls [`shutdown`] when dropped.
pub struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        shutdown();
    }
}

/// Blocks SIGINT, SIGTERM and SIGHUP in every thread (call it first, before any thread starts),
/// handles them on a thread of their own, and installs the panic hook. Returns the guard.
pub fn install() -> Guard {
    // SAFETY: building a signal set and masking it in the calling (main) thread; threads started
    // later inherit the mask, so only `sigwait` below ever receives these signals.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for s in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, s);
        }
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        set
    };
    std::thread::spawn(move || {
        let mut sig = 0;
        // SAFETY: `set` is the initialised set blocked above.
        unsafe { libc::sigwait(&set, &mut sig) };
        tell!("locklab-lab: {} received: stopping the servers and actors", signal_name(sig));
        shutdown();
        std::process::exit(128 + sig);
    });
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        shutdown();
        previous(info);
    }));
    Guard
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        libc::SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

type Request = (Command, Kind, mpsc::Sender<io::Result<Child>>);

/// Spawns `cmd` from the spawner thread with `PR_SET_PDEATHSIG = SIGKILL` and a process group of
/// its own, and registers it. `pre` runs in the child first (a privilege drop), before the
/// death signal is set (a change of user clears it).
pub fn spawn(mut cmd: Command, kind: Kind, drop_to: Option<(u32, u32)>) -> io::Result<Child> {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id() as i32;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::pthread_sigmask(libc::SIG_SETMASK, &set, std::ptr::null_mut());
            if let Some((uid, gid)) = drop_to
                && (libc::setgroups(0, std::ptr::null()) != 0 || libc::setgid(gid) != 0 || libc::setuid(uid) != 0)
            {
                return Err(io::Error::last_os_error());
            }
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong, 0, 0, 0) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The lab may have died between fork and prctl: then nobody would kill us.
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    cmd.process_group(0);
    let (tx, rx) = mpsc::channel();
    spawner().lock().unwrap_or_else(|e| e.into_inner()).send((cmd, kind, tx)).map_err(|_| io::Error::other("the spawner thread is gone"))?;
    rx.recv().map_err(|_| io::Error::other("the spawner thread is gone"))?
}

fn spawner() -> &'static Mutex<mpsc::Sender<Request>> {
    static SPAWNER: OnceLock<Mutex<mpsc::Sender<Request>>> = OnceLock::new();
    SPAWNER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Request>();
        // This thread never ends while the lab runs: the children's death signal is tied to it.
        std::thread::spawn(move || {
            for (mut cmd, kind, reply) in rx {
                let r = cmd.spawn();
                if let Ok(c) = &r {
                    track(c.id(), kind);
                }
                let _ = reply.send(r);
            }
        });
        Mutex::new(tx)
    })
}

/// Sends `sig` to process `pid` (SIGSTOP, SIGCONT, SIGKILL).
pub fn signal(pid: u32, sig: i32) -> io::Result<()> {
    // SAFETY: a plain signal to a process the lab started.
    if unsafe { libc::kill(pid as i32, sig) } == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}
