//! The story's clock on real time. Every process of a run (the lab, its actors) reads the same
//! system-wide `CLOCK_MONOTONIC`, so one epoch, passed as a number, lines them all up; the
//! matching wall-clock epoch converts the timestamps PostgreSQL writes.

use std::time::Duration;

/// Nanoseconds on `CLOCK_MONOTONIC` (the same clock in every process of the machine).
pub fn mono_ns() -> u64 {
    read(libc::CLOCK_MONOTONIC)
}

/// Nanoseconds since the Unix epoch (`CLOCK_REALTIME`, what PostgreSQL's `now()` reads).
pub fn wall_ns() -> u64 {
    read(libc::CLOCK_REALTIME)
}

fn read(clock: libc::clockid_t) -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; both clocks exist on every Linux.
    unsafe { libc::clock_gettime(clock, &mut ts) };
    (ts.tv_sec as u64) * 1_000_000_000 + ts.tv_nsec as u64
}

/// Sleeps until `CLOCK_MONOTONIC` reads `deadline` (at once if it has passed). A process that is
/// stopped (SIGSTOP) and continued past its deadline returns at once: the deadline is absolute.
pub fn sleep_until(deadline: u64) {
    loop {
        let now = mono_ns();
        if now >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_nanos(deadline - now));
    }
}

/// Asks the kernel to wake this process's sleeps on time (the default slack is 50 µs).
pub fn tight_timers() {
    // SAFETY: PR_SET_TIMERSLACK takes a plain integer; it cannot fail in a harmful way.
    unsafe { libc::prctl(libc::PR_SET_TIMERSLACK, 1 as libc::c_ulong, 0, 0, 0) };
}

/// One story's clock: story second `s` happens `s × scale` real seconds after the epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Story {
    /// `CLOCK_MONOTONIC` at story second 0.
    pub epoch_ns: u64,
    /// `CLOCK_REALTIME` at the same moment.
    pub wall_epoch_ns: u64,
    /// Real seconds per story second.
    pub scale: f64,
}

impl Story {
    /// A story that starts `lead` real seconds from now (time for the actors to connect).
    pub fn starting_in(lead: Duration, scale: f64) -> Story {
        let (m, w) = (mono_ns(), wall_ns());
        let lead = lead.as_nanos() as u64;
        Story { epoch_ns: m + lead, wall_epoch_ns: w + lead, scale }
    }

    /// `CLOCK_MONOTONIC` at story second `s`.
    pub fn at(&self, s: f64) -> u64 {
        let offset = s * self.scale * 1e9;
        if offset <= 0.0 { self.epoch_ns.saturating_sub((-offset) as u64) } else { self.epoch_ns + offset as u64 }
    }

    /// The story second now.
    pub fn now(&self) -> f64 {
        (mono_ns() as f64 - self.epoch_ns as f64) / 1e9 / self.scale
    }

    /// Sleeps until story second `s`; returns how late the wake-up was, in real milliseconds.
    pub fn sleep_until(&self, s: f64) -> f64 {
        let deadline = self.at(s);
        sleep_until(deadline);
        (mono_ns().saturating_sub(deadline)) as f64 / 1e6
    }

    /// Real milliseconds from now until story second `s` (0 if it has passed).
    pub fn ms_until(&self, s: f64) -> u64 {
        self.at(s).saturating_sub(mono_ns()) / 1_000_000
    }

    /// The wall-clock time, in seconds since the Unix epoch, of story second `s`.
    pub fn wall_of(&self, s: f64) -> f64 {
        self.wall_epoch_ns as f64 / 1e9 + s * self.scale
    }

    /// As command-line text for an actor: `epoch_ns,wall_epoch_ns,scale`.
    pub fn to_arg(self) -> String {
        format!("{},{},{}", self.epoch_ns, self.wall_epoch_ns, self.scale)
    }

    pub fn from_arg(s: &str) -> Option<Story> {
        let mut it = s.split(',');
        let epoch_ns = it.next()?.parse().ok()?;
        let wall_epoch_ns = it.next()?.parse().ok()?;
        let scale: f64 = it.next()?.parse().ok()?;
        (scale > 0.0 && scale.is_finite()).then_some(Story { epoch_ns, wall_epoch_ns, scale })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_story_round_trips_through_its_argument() {
        let s = Story::starting_in(Duration::from_millis(5), 0.02);
        assert_eq!(Story::from_arg(&s.to_arg()), Some(s));
        assert_eq!(Story::from_arg("1,2,0"), None);
        assert!((s.at(10.0) - s.epoch_ns) as f64 - 0.2e9 < 1.0);
        assert!((s.wall_of(12.5) - s.wall_epoch_ns as f64 / 1e9 - 0.25).abs() < 1e-6);
    }
}
