//! The servers a run talks to: the lab's own (a Redis and a PostgreSQL on free loopback ports in a
//! temporary folder, stopped at exit by [`crate::guard`]) or the user's (`--redis`, `--postgres`).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::guard::{self, Kind};

/// What a scenario needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Redis,
    Postgres,
    /// Redis servers the scenario starts, stops and restarts itself (the lab checks only that
    /// `redis-server` is there, and reads its version).
    OwnRedis,
    /// etcd members the scenario starts itself (the lab checks that `etcd` is there).
    Etcd,
}

impl Need {
    pub fn name(self) -> &'static str {
        match self {
            Need::Redis => "Redis",
            Need::Postgres => "PostgreSQL",
            Need::OwnRedis => "Redis servers of its own",
            Need::Etcd => "etcd members of its own",
        }
    }
}

/// Where the servers are, and which versions they run.
#[derive(Clone, Debug, Default)]
pub struct Endpoints {
    pub redis: Option<String>,
    pub postgres: Option<String>,
    pub redis_version: Option<String>,
    pub postgres_version: Option<String>,
}

/// The user's choices.
#[derive(Clone, Debug, Default)]
pub struct Given {
    pub redis: Option<String>,
    pub postgres: Option<String>,
}

/// Starts (or connects to) what `needs` lists; checks each answers and reads its version.
pub fn prepare(needs: &[Need], given: &Given) -> Result<Endpoints, String> {
    let mut ep = Endpoints::default();
    let mut own: Option<PathBuf> = None;
    let mut dir = || -> Result<PathBuf, String> {
        if own.is_none() {
            own = Some(temp_dir()?);
        }
        own.clone().ok_or_else(|| "no temporary folder".to_string())
    };
    if needs.contains(&Need::Redis) {
        let url = match &given.redis {
            Some(u) => u.clone(),
            None => start_redis(&dir()?)?,
        };
        ep.redis_version = Some(redis_version(&url)?);
        ep.redis = Some(url);
    }
    if needs.contains(&Need::OwnRedis) && ep.redis_version.is_none() {
        ep.redis_version = Some(redis_binary_version()?);
    }
    if needs.contains(&Need::Etcd) {
        crate::etcd::version()?;
    }
    if needs.contains(&Need::Postgres) {
        let url = match &given.postgres {
            Some(u) => u.clone(),
            None => start_postgres(&dir()?)?,
        };
        ep.postgres_version = Some(postgres_version(&url)?);
        ep.postgres = Some(url);
    }
    Ok(ep)
}

/// `/tmp/locklab-lab-<pid>-<n>`, registered for removal; folders left by a lab that was killed
/// outright (its pid is gone) are removed first.
fn temp_dir() -> Result<PathBuf, String> {
    let base = std::env::temp_dir();
    if let Ok(entries) = std::fs::read_dir(&base) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let Some(pid) = name.strip_prefix("locklab-lab-").and_then(|r| r.split('-').next()).and_then(|p| p.parse::<i32>().ok()) else { continue };
            // SAFETY: signal 0 only asks whether the process exists.
            let alive = unsafe { libc::kill(pid, 0) } == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
            if !alive {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    let dir = base.join(format!("locklab-lab-{}-{}", std::process::id(), crate::clock::mono_ns() % 1_000_000_000));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    guard::track_dir(dir.clone());
    Ok(dir)
}

fn free_port() -> Result<u16, String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free loopback port: {}", crate::store::why(&e)))?;
    l.local_addr().map(|a| a.port()).map_err(|e| format!("no free loopback port: {}", crate::store::why(&e)))
}

fn find_program(name: &str, env: &str, also: &[PathBuf]) -> Option<PathBuf> {
    if let Ok(p) = std::env::var(env) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).chain(also.iter().cloned()).map(|d| d.join(name)).find(|p| p.is_file())
}

fn redis_binary() -> Result<PathBuf, String> {
    find_program("redis-server", "LOCKLAB_REDIS_SERVER", &[PathBuf::from("/usr/bin"), PathBuf::from("/usr/sbin")])
        .ok_or_else(|| "redis-server was not found: `bash .ci/setup --lab` installs Debian's (or give your own with --redis redis://127.0.0.1:PORT)".to_string())
}

/// `redis-server --version`'s `v=7.0.15`.
fn redis_binary_version() -> Result<String, String> {
    let bin = redis_binary()?;
    let out = Command::new(&bin).arg("--version").output().map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace().find_map(|w| w.strip_prefix("v=")).map(str::to_string).ok_or_else(|| format!("{} did not say its version", bin.display()))
}

fn start_redis(dir: &Path) -> Result<String, String> {
    let mut last = String::new();
    for _ in 0..3 {
        match start_redis_on(dir, free_port()?) {
            Ok((url, _)) => return Ok(url),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// A folder of the lab's own for a scenario's servers (removed at exit).
pub fn scratch_dir() -> Result<PathBuf, String> {
    temp_dir()
}

/// A free loopback port.
pub fn port() -> Result<u16, String> {
    free_port()
}

/// Starts a Redis (no persistence) on `port` with its files in `dir`: its address and pid, once
/// it answers. Tracked by the guard (stopped at exit); the caller may kill it sooner.
pub fn start_redis_on(dir: &Path, port: u16) -> Result<(String, u32), String> {
    start_redis_with(dir, port, &[])
}

/// [`start_redis_on`] with more arguments (`--replicaof`, replication settings).
pub fn start_redis_with(dir: &Path, port: u16, extra: &[String]) -> Result<(String, u32), String> {
    start_redis_env(dir, port, extra, &[])
}

/// [`start_redis_on`] with a wall clock of its own, which [`FakeClock::jump`] moves.
pub fn start_redis_on_clock(dir: &Path, port: u16, clock: &FakeClock) -> Result<(String, u32), String> {
    start_redis_env(dir, port, &[], &clock.env())
}

fn start_redis_env(dir: &Path, port: u16, extra: &[String], env: &[(String, String)]) -> Result<(String, u32), String> {
    let bin = redis_binary()?;
    let log = std::fs::File::create(dir.join(format!("redis-{port}.log"))).map_err(|e| format!("cannot write Redis's log: {}", crate::store::why(&e)))?;
    let mut cmd = Command::new(&bin);
    cmd.envs(env.iter().map(|(k, v)| (k, v)));
    cmd.args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"])
        .arg("--dir")
        .arg(dir)
        .args(extra)
        .stdin(Stdio::null())
        .stdout(log.try_clone().map_err(|e| crate::store::why(&e))?)
        .stderr(log);
    let child = guard::spawn(cmd, Kind::Redis, None).map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let url = format!("redis://127.0.0.1:{port}/");
    let pid = wait_ready(child, "redis", "redis-server", port, dir, &dir.join(format!("redis-{port}.log")), || redis_version(&url).is_ok())?;
    Ok((url, pid))
}

/// Waits up to 10 s for a server the lab just started to answer (`answers`); says so
/// (`locklab-lab: server <kind> pid … port … dir …`, which the lab's tests read) and gives its pid,
/// or stops it and says why (it exited first: its log).
fn wait_ready(mut child: std::process::Child, kind: &str, program: &str, port: u16, dir: &Path, log: &Path, answers: impl Fn() -> bool) -> Result<u32, String> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if let Ok(Some(status)) = child.try_wait() {
            guard::untrack(child.id());
            return Err(format!("{program} exited ({status}) before it answered; its log: {}", log.display()));
        }
        if answers() {
            tell!("locklab-lab: server {kind} pid {} port {port} dir {}", child.id(), dir.display());
            return Ok(child.id());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    guard::untrack(child.id());
    Err(format!("{program} did not answer within 10 s"))
}

/// Starts a Redis Sentinel on `port` with `config` (written to the folder), once it answers.
pub fn start_sentinel(dir: &Path, port: u16, config: &str) -> Result<u32, String> {
    let bin = redis_binary()?;
    let conf = dir.join(format!("sentinel-{port}.conf"));
    std::fs::write(&conf, format!("port {port}\nbind 127.0.0.1\ndir {}\n{config}", dir.display())).map_err(|e| format!("cannot write Sentinel's configuration: {}", crate::store::why(&e)))?;
    let log = std::fs::File::create(dir.join(format!("sentinel-{port}.log"))).map_err(|e| format!("cannot write Sentinel's log: {}", crate::store::why(&e)))?;
    let mut cmd = Command::new(&bin);
    cmd.arg(&conf).arg("--sentinel").stdin(Stdio::null()).stdout(log.try_clone().map_err(|e| crate::store::why(&e))?).stderr(log);
    let child = guard::spawn(cmd, Kind::Redis, None).map_err(|e| format!("cannot start Redis Sentinel: {}", crate::store::why(&e)))?;
    let url = format!("redis://127.0.0.1:{port}/");
    wait_ready(child, "sentinel", "redis-server --sentinel", port, dir, &dir.join(format!("sentinel-{port}.log")), || {
        crate::store::redis(&url).ok().is_some_and(|mut c| redis::cmd("PING").query::<String>(&mut c).is_ok())
    })
}

/// Kills a server the lab started (SIGKILL: a crash) and waits until it is gone.
pub fn kill(pid: u32) {
    let _ = guard::signal(pid, libc::SIGKILL);
    let start = Instant::now();
    // The guard's child handle reaps it; until then it is a zombie, which signal 0 still finds.
    while start.elapsed() < Duration::from_secs(5) {
        let mut status = 0;
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::waitpid(pid as i32, &mut status, libc::WNOHANG) };
        if r == pid as i32 || r == -1 {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    guard::untrack(pid);
}

/// PostgreSQL's programs: `LOCKLAB_PG_BIN`, else the newest `/usr/lib/postgresql/*/bin`, else the PATH.
fn pg_bin() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("LOCKLAB_PG_BIN") {
        return Some(PathBuf::from(p));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .filter_map(|e| Some((e.file_name().to_string_lossy().parse().ok()?, e.path().join("bin"))))
        .filter(|(_, p): &(u32, PathBuf)| p.join("initdb").is_file())
        .collect();
    versions.sort();
    versions.pop().map(|v| v.1).or_else(|| find_program("initdb", "LOCKLAB_NO_SUCH_VARIABLE", &[]).and_then(|p| p.parent().map(Path::to_path_buf)))
}

/// As root, PostgreSQL's programs run as the `postgres` user (they refuse root).
fn pg_user() -> Result<Option<(u32, u32)>, String> {
    // SAFETY: getuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return Ok(None);
    }
    let name = c"postgres";
    // SAFETY: getpwnam returns a pointer into static storage or null; read at once.
    let pw = unsafe { libc::getpwnam(name.as_ptr()) };
    if pw.is_null() {
        return Err("the lab runs as root and PostgreSQL refuses root, but there is no `postgres` user to run it as: install Debian's postgresql (`bash .ci/setup --lab`) or give your own server with --postgres".into());
    }
    // SAFETY: non-null, just returned by getpwnam.
    Ok(Some(unsafe { ((*pw).pw_uid, (*pw).pw_gid) }))
}

fn start_postgres(dir: &Path) -> Result<String, String> {
    let bin = pg_bin().ok_or("PostgreSQL's initdb was not found (looked in /usr/lib/postgresql/*/bin and the PATH): `bash .ci/setup --lab` installs it, or give your own server with --postgres postgres://USER@127.0.0.1:PORT/DB")?;
    let user = pg_user()?;
    let data = dir.join("pgdata");
    let sock = dir.join("pgsock");
    std::fs::create_dir_all(&sock).map_err(|e| format!("cannot make {}: {e}", sock.display()))?;
    if let Some((uid, gid)) = user {
        for p in [dir, sock.as_path()] {
            chown(p, uid, gid)?;
        }
    }
    let init = Command::new(bin.join("initdb"))
        .args(["-A", "trust", "-U", "lab", "--no-sync", "--locale=C", "-E", "UTF8", "-D"])
        .arg(&data)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output_as(user)
        .map_err(|e| format!("cannot run initdb: {}", crate::store::why(&e)))?;
    if !init.status.success() {
        return Err(format!("initdb failed: {}", String::from_utf8_lossy(&init.stderr).trim()));
    }
    let cluster = format!("locklab-lab-{}", std::process::id());
    let mut last = String::new();
    for _ in 0..3 {
        let port = free_port()?;
        let log_path = dir.join(format!("postgres-{port}.log"));
        let log = std::fs::File::create(&log_path).map_err(|e| format!("cannot write PostgreSQL's log: {}", crate::store::why(&e)))?;
        if let Some((uid, gid)) = user {
            chown(&log_path, uid, gid)?;
        }
        let mut cmd = Command::new(bin.join("postgres"));
        cmd.arg("-D").arg(&data).args(["-p", &port.to_string()]).arg("-k").arg(&sock);
        for setting in ["listen_addresses=127.0.0.1", "fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=300", "shared_buffers=32MB"] {
            cmd.args(["-c", setting]);
        }
        cmd.args(["-c", &format!("cluster_name={cluster}")]).current_dir(dir).stdin(Stdio::null()).stdout(log.try_clone().map_err(|e| crate::store::why(&e))?).stderr(log);
        let mut child = guard::spawn(cmd, Kind::Postgres, user).map_err(|e| format!("cannot start postgres: {}", crate::store::why(&e)))?;
        let url = format!("postgres://lab@127.0.0.1:{port}/postgres");
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(15) {
            if let Ok(Some(status)) = child.try_wait() {
                guard::untrack(child.id());
                last = format!("postgres exited ({status}) before it accepted connections; its log: {}", log_path.display());
                break;
            }
            if postgres_version(&url).is_ok() {
                tell!("locklab-lab: server postgres pid {} port {port} cluster {cluster} dir {}", child.id(), dir.display());
                return Ok(url);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if last.is_empty() {
            last = format!("postgres did not accept connections within 15 s; its log: {}", log_path.display());
        }
    }
    Err(last)
}

fn chown(p: &Path, uid: u32, gid: u32) -> Result<(), String> {
    std::os::unix::fs::chown(p, Some(uid), Some(gid)).map_err(|e| format!("cannot hand {} to the postgres user: {e}", p.display()))
}

/// Runs a short command, as another user when asked, and collects its output.
trait OutputAs {
    fn output_as(&mut self, user: Option<(u32, u32)>) -> std::io::Result<std::process::Output>;
}

impl OutputAs for Command {
    fn output_as(&mut self, user: Option<(u32, u32)>) -> std::io::Result<std::process::Output> {
        use std::os::unix::process::CommandExt;
        if let Some((uid, gid)) = user {
            self.uid(uid).gid(gid);
        }
        self.output()
    }
}

/// Redis's version (`INFO server`), which also checks that it answers.
pub fn redis_version(url: &str) -> Result<String, String> {
    let mut c = crate::store::redis(url)?;
    // The first answer comes quickly or not at all (a port that takes connections and never answers).
    c.set_read_timeout(Some(crate::store::CONNECT_LIMIT)).map_err(|e| crate::store::why(&e))?;
    let info: String = redis::cmd("INFO").arg("server").query(&mut c).map_err(|e| format!("Redis at {url} did not answer INFO: {}", crate::store::why(&e)))?;
    info.lines().find_map(|l| l.strip_prefix("redis_version:")).map(|v| v.trim().to_string()).ok_or_else(|| format!("Redis at {url} did not say its version"))
}

/// PostgreSQL's version (`SHOW server_version`), which also checks that it answers.
pub fn postgres_version(url: &str) -> Result<String, String> {
    crate::store::postgres_answers(url)?;
    let mut c = crate::store::postgres(url, None)?;
    let row = c.query_one("show server_version", &[]).map_err(|e| format!("PostgreSQL at {url} did not answer: {}", crate::store::why(&e)))?;
    let v: String = row.get(0);
    Ok(v.split_whitespace().next().unwrap_or("").to_string())
}

/// A wall clock for one server process that the lab can move, as an NTP step moves a machine's:
/// libfaketime preloaded into the process, reading its offset from a file on every call
/// (`FAKETIME_NO_CACHE`), the monotonic clock left alone (`FAKETIME_DONT_FAKE_MONOTONIC`), as a
/// step leaves it. Debian's redis-server allocates with jemalloc, whose start-up recursion aborts
/// libfaketime, so a small shim (`c/libc_malloc.c`, built here with the system's C compiler)
/// is preloaded ahead of it and hands every allocation to glibc's allocator; Redis's own code,
/// its expiry included, runs unchanged.
pub struct FakeClock {
    offset: PathBuf,
    preload: String,
}

/// Where Debian's libfaketime is (`apt-get install faketime`, which `.ci/lab` does).
fn libfaketime() -> Option<PathBuf> {
    let dirs = std::fs::read_dir("/usr/lib").ok()?.filter_map(Result::ok).map(|e| e.path().join("faketime/libfaketime.so.1"));
    std::iter::once(PathBuf::from("/usr/lib/faketime/libfaketime.so.1")).chain(dirs).find(|p| p.is_file())
}

impl FakeClock {
    /// Builds the shim into `dir` and starts the offset at nothing.
    pub fn new(dir: &Path) -> Result<FakeClock, String> {
        let faketime = libfaketime().ok_or("a clock jump needs libfaketime, and it was not found: `bash .ci/lab` installs Debian's (apt-get install faketime)")?;
        let source = dir.join("libc_malloc.c");
        let shim = dir.join("libc_malloc.so");
        std::fs::write(&source, include_str!("c/libc_malloc.c")).map_err(|e| format!("cannot write the allocator shim's source: {}", crate::store::why(&e)))?;
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        let out = Command::new(&cc)
            .args(["-O2", "-shared", "-fPIC", "-o"])
            .arg(&shim)
            .arg(&source)
            .arg("-ldl")
            .output()
            .map_err(|e| format!("a clock jump builds a small allocator shim with a C compiler, and `{cc}` could not run: {e} (install gcc, or name one in CC)"))?;
        if !out.status.success() {
            return Err(format!("`{cc}` could not build the allocator shim: {}", String::from_utf8_lossy(&out.stderr).trim()));
        }
        let clock = FakeClock { offset: dir.join("clock-offset"), preload: format!("{} {}", shim.display(), faketime.display()) };
        clock.set(0.0)?;
        Ok(clock)
    }

    fn env(&self) -> Vec<(String, String)> {
        vec![
            ("LD_PRELOAD".into(), self.preload.clone()),
            ("FAKETIME_TIMESTAMP_FILE".into(), self.offset.display().to_string()),
            ("FAKETIME_NO_CACHE".into(), "1".into()),
            ("FAKETIME_DONT_FAKE_MONOTONIC".into(), "1".into()),
        ]
    }

    /// Sets the process's wall clock `seconds` ahead of the machine's (written whole, by a rename,
    /// so the process never reads half an offset).
    fn set(&self, seconds: f64) -> Result<(), String> {
        let next = self.offset.with_extension("next");
        std::fs::write(&next, format!("{seconds:+.6}\n")).and_then(|()| std::fs::rename(&next, &self.offset)).map_err(|e| format!("cannot move the clock: {}", crate::store::why(&e)))
    }

    /// Puts the process's wall clock `ms` real milliseconds ahead of the machine's.
    pub fn jump(&self, ms: f64) -> Result<(), String> {
        self.set(ms / 1000.0)
    }
}
