//! Timelines a widget can play: the steps a simulation computed in one call, each with its time
//! and a sentence, and the arithmetic of a player over them (which step is current at a given
//! moment, where the previous and next steps are, where a position lands when the timeline is
//! recomputed). The player component only replays what this says.

use serde::{Deserialize, Serialize};

/// One step of a timeline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub time: f64,
    /// What happens, as a sentence for the live region ("At 10 s, the lock service grants the
    /// lock to B.").
    pub sentence: String,
}

/// A timeline: steps in time order, and where the story ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct Timeline {
    pub steps: Vec<Step>,
    pub end: f64,
}

/// The player's speeds, as multiples of the widget's own pace.
pub const SPEEDS: [f64; 4] = [0.5, 1.0, 2.0, 4.0];

impl Timeline {
    /// The index of the last step at or before `now` (none before the first step).
    pub fn current(&self, now: f64) -> Option<usize> {
        let n = self.steps.partition_point(|s| s.time <= now + 1e-9);
        n.checked_sub(1)
    }

    /// The moment of the next step after `now` (distinct times only), or the end.
    pub fn next(&self, now: f64) -> f64 {
        self.steps.iter().map(|s| s.time).find(|&t| t > now + 1e-9).unwrap_or(self.end)
    }

    /// The moment of the last step before `now` (distinct times only), or 0.
    pub fn previous(&self, now: f64) -> f64 {
        self.steps.iter().rev().map(|s| s.time).find(|&t| t < now - 1e-9).unwrap_or(0.0)
    }

    /// The sentences of every step at exactly the step time current at `now`, joined: what the
    /// live region says when the player arrives there.
    pub fn said_at(&self, now: f64) -> String {
        let Some(i) = self.current(now) else { return String::new() };
        let t = self.steps[i].time;
        self.steps.iter().filter(|s| (s.time - t).abs() < 1e-9).map(|s| s.sentence.as_str()).collect::<Vec<_>>().join(" ")
    }

    /// Where a player at `now` on `old` stands on this (recomputed) timeline: at the end if it
    /// was at the end of the old one, else the same moment, clamped.
    pub fn carry(&self, old: &Timeline, now: f64) -> f64 {
        if now >= old.end - 1e-9 { self.end } else { now.clamp(0.0, self.end) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> Timeline {
        let step = |time: f64, s: &str| Step { time, sentence: s.into() };
        Timeline { steps: vec![step(0.0, "a"), step(1.0, "b"), step(1.0, "c"), step(5.0, "d")], end: 7.0 }
    }

    #[test]
    fn current_next_previous() {
        let t = t();
        assert_eq!(t.current(-1.0), None);
        assert_eq!(t.current(0.0), Some(0));
        assert_eq!(t.current(1.0), Some(2));
        assert_eq!(t.current(4.9), Some(2));
        assert_eq!(t.next(0.0), 1.0);
        assert_eq!(t.next(1.0), 5.0);
        assert_eq!(t.next(5.0), 7.0);
        assert_eq!(t.previous(5.0), 1.0);
        assert_eq!(t.previous(1.0), 0.0);
        assert_eq!(t.previous(0.0), 0.0);
        assert_eq!(t.said_at(1.5), "b c");
        assert_eq!(t.said_at(-1.0), "");
    }

    #[test]
    fn a_recomputed_timeline_keeps_the_position_or_the_end() {
        let old = t();
        let new = Timeline { end: 4.0, ..t() };
        assert_eq!(new.carry(&old, 2.0), 2.0);
        assert_eq!(new.carry(&old, 6.0), 4.0, "clamped");
        assert_eq!(new.carry(&old, 7.0), 4.0, "at the end stays at the end");
        let longer = Timeline { end: 20.0, ..t() };
        assert_eq!(longer.carry(&old, 7.0), 20.0);
    }
}
