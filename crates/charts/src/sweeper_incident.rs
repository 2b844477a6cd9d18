//! The sweeper incident's chart: the evening on a clock-time axis, as far as the player has got.
//! On top, the pending orders against what one slot can sweep; below, one lane per box with its
//! sweeps as bars (the part past the slot in the "bad" colour), a lane for the lock (Redis key,
//! advisory lock or slot rows, coloured by the box that holds it), and a lane for the shelf with
//! every copy put back. The same drawing serves the whole evening and a close-up that follows the
//! player ([`focus`]).

use locklab_sim::sweeper_incident::{Exclusion, Host, HoldEnd, MarkKind, Outcome};
use locklab_sim::text::clock;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

/// How wide the close-up is, in seconds.
pub const CLOSE_UP_S: f64 = 360.0;
/// The most restock marks drawn in one view (beyond this they are thinned evenly; the counts in
/// the readouts are exact).
const MAX_MARKS: usize = 1500;

const LANE_A: f64 = 0.0;
const LANE_B: f64 = 1.0;
const LANE_LOCK: f64 = 2.0;
const LANE_SHELF: f64 = 3.0;

fn lane(by: Host) -> f64 {
    match by {
        Host::A => LANE_A,
        Host::B => LANE_B,
    }
}

fn colour(by: Host, theme: &Theme) -> RGBColor {
    match by {
        Host::A => theme.accent,
        Host::B => theme.muted,
    }
}

/// The close-up's window (seconds since midnight) for a player at `now` (seconds since the
/// replay's start): while playing, the last four minutes and the next two; at the end, the
/// evening's first double restock (the harm a learner can see), else the power loss, else the
/// first wrong DEL or skipped run.
pub fn focus(o: &Outcome, now: f64) -> (f64, f64) {
    let (start, end) = (f64::from(o.start), f64::from(o.end));
    let at = f64::from(o.start) + now;
    let centre = if at < end - 1e-9 {
        at - CLOSE_UP_S / 6.0
    } else {
        let first = |kinds: &[MarkKind]| o.marks.iter().find(|m| kinds.contains(&m.kind));
        let harm = first(&[MarkKind::DoubleRestock]).or_else(|| first(&[MarkKind::PowerLoss])).or_else(|| first(&[MarkKind::WrongDelete, MarkKind::Skipped]));
        harm.map_or(end - CLOSE_UP_S / 2.0, |m| f64::from(m.at))
    };
    let from = (centre - CLOSE_UP_S / 2.0).clamp(start, (end - CLOSE_UP_S).max(start));
    (from, (from + CLOSE_UP_S).min(end))
}

/// Draws the evening between `window.0` and `window.1` (seconds since midnight) with the player
/// at `now` (seconds since the replay's start; at or past the end, everything shows).
pub fn evening<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    o: &Outcome,
    now: f64,
    window: (f64, f64),
    theme: &Theme,
    scale: f64,
) -> ChartResult<DB> {
    clear(root, theme)?;
    let (from, to) = (window.0, window.1.max(window.0 + 1.0));
    let narrow = f64::from(root.dim_in_pixel().0) / scale < 480.0;
    let px = Px(scale);
    let f = Frame {
        px,
        from,
        to,
        at: (f64::from(o.start) + now).min(f64::from(o.end)),
        close: to - from <= 900.0,
        narrow,
        label_w: px.of(if narrow { 44.0 } else { 64.0 }),
    };
    let (top, bottom) = root.split_vertically(root.dim_in_pixel().1 * 36 / 100);
    backlog(root, &top, o, &f, theme)?;
    let mut chart = lanes(root, &bottom, o, &f, theme)?;
    sweeps(root, &mut chart, o, &f, theme)?;
    holds(&mut chart, o, &f, theme)?;
    marks(root, &mut chart, o, &f, theme)?;
    veil(root, &mut chart, o, &f, theme)?;
    root.present()
}

/// What both panels share: the window, the player's moment, the pixel scale.
struct Frame {
    px: Px,
    from: f64,
    to: f64,
    /// The player's moment, seconds since midnight.
    at: f64,
    /// A close-up (at most 15 minutes): each order and each wrong DEL is labelled.
    close: bool,
    narrow: bool,
    label_w: u32,
}

impl Frame {
    /// Whether the player has reached `t`.
    fn shown(&self, t: u32) -> bool {
        f64::from(t) <= self.at + 1e-9
    }
    fn cx(&self, x: f64) -> f64 {
        x.clamp(self.from, self.to)
    }
    fn span(&self) -> f64 {
        self.to - self.from
    }
    /// The provider answers again inside the window, and the player has got there.
    fn recovered(&self, o: &Outcome) -> bool {
        let rec = f64::from(o.recovers_at);
        rec >= self.from && rec <= self.to && self.shown(o.recovers_at)
    }
}

type Lanes<'a, DB> = ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>>;

/// The top panel: pending orders against what one slot can sweep, and the provider's recovery.
fn backlog<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, top: &DrawingArea<DB, Shift>, o: &Outcome, f: &Frame, theme: &Theme) -> ChartResult<DB> {
    let (px, from, to) = (f.px, f.from, f.to);
    let peak = o.backlog.iter().map(|b| b.1).max().unwrap_or(0);
    let capacity = f64::from(o.interval_s) / f64::from(o.row_s.max(1));
    let ymax = (f64::from(peak).max(capacity) * 1.15).max(4.0);
    let mut chart = ChartBuilder::on(top).margin(px.of(6.0)).margin_right(px.of(20.0)).x_label_area_size(0).y_label_area_size(f.label_w).build_cartesian_2d(from..to, 0f64..ymax)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .disable_x_mesh()
        .y_labels(4)
        .y_desc(if f.narrow { "" } else { "pending" })
        .y_label_formatter(&|v| format!("{}", v.round() as i64))
        .draw()?;
    let mut steps: Vec<(f64, f64)> = Vec::new();
    let mut last = 0.0;
    for &(t, n) in o.backlog.iter().filter(|b| f.shown(b.0)) {
        let x = f64::from(t);
        if x > to {
            break;
        }
        steps.push((f.cx(x), last));
        steps.push((f.cx(x), f64::from(n)));
        last = f64::from(n);
    }
    steps.push((f.cx(f.at), last));
    chart.draw_series(std::iter::once(PathElement::new(steps, theme.fg.stroke_width(px.of(2.0)))))?;
    chart.draw_series(DashedLineSeries::new([(from, capacity), (to, capacity)], px.of(5.0), px.of(4.0), theme.bad.mix(0.8).stroke_width(px.of(1.0))))?;
    let (x, y) = chart.backend_coord(&(to, capacity));
    root.draw(&Text::new(
        format!("{} orders fill one {} s slot", capacity.floor() as i64, o.interval_s),
        (x - px.i(4.0), y + px.i(3.0)),
        px.font(11.0, &theme.bad).pos(Pos::new(HPos::Right, VPos::Top)),
    ))?;
    // The provider answers again (marked in both panels, labelled in this one).
    if f.recovered(o) {
        let rec = f64::from(o.recovers_at);
        chart.draw_series(DashedLineSeries::new([(rec, 0.0), (rec, ymax)], px.of(4.0), px.of(4.0), theme.good.stroke_width(px.of(1.0))))?;
        let (x, y) = chart.backend_coord(&(rec, ymax));
        root.draw(&Text::new("provider answers", (x + px.i(3.0), y + px.i(1.0)), px.font(10.0, &theme.good).pos(Pos::new(HPos::Left, VPos::Top))))?;
    }
    Ok(())
}

/// The bottom panel's frame: a lane per box, the lock's and the shelf's, clock-time labels at
/// round times (every 10 s … 1 h, as many as fit) and the recovery line.
fn lanes<'a, DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, bottom: &'a DrawingArea<DB, Shift>, o: &Outcome, f: &Frame, theme: &Theme) -> Result<Lanes<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let (px, from, to) = (f.px, f.from, f.to);
    let mut chart = ChartBuilder::on(bottom)
        .margin(px.of(6.0))
        .margin_right(px.of(20.0))
        .x_label_area_size(px.of(26.0))
        .y_label_area_size(f.label_w)
        .build_cartesian_2d(from..to, 3.6f64..-0.6)?;
    let lock_name = match o.summary.fixes.exclusion {
        Exclusion::RedisTtl => "key",
        Exclusion::RunSlot => "slot row",
        Exclusion::AdvisoryLock => "lock",
    };
    let labels = if f.narrow { 3 } else { 7 };
    themed(&mut chart.configure_mesh(), theme, px)
        .disable_y_mesh()
        .x_labels(0)
        .y_labels(8)
        .y_label_formatter(&|v| {
            let r = v.round();
            if (v - r).abs() > 1e-6 {
                return String::new();
            }
            match r as i64 {
                0 => "box A".into(),
                1 => "box B".into(),
                2 => lock_name.into(),
                3 => "shelf".into(),
                _ => String::new(),
            }
        })
        .draw()?;
    let step = [10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0].into_iter().find(|st| f.span() / st <= f64::from(labels)).unwrap_or(3600.0);
    let mut tick = (from / step).ceil() * step;
    while tick <= to + 1e-9 {
        chart.draw_series(std::iter::once(PathElement::new(vec![(tick, -0.6), (tick, 3.6)], theme.grid.stroke_width(px.of(1.0)))))?;
        let (x, y) = chart.backend_coord(&(tick, 3.6));
        root.draw(&Text::new(clock(tick), (x, y + px.i(6.0)), px.font(12.0, &theme.muted).pos(Pos::new(HPos::Center, VPos::Top))))?;
        tick += step;
    }
    if f.recovered(o) {
        let rec = f64::from(o.recovers_at);
        chart.draw_series(DashedLineSeries::new([(rec, -0.6), (rec, 3.6)], px.of(4.0), px.of(4.0), theme.good.stroke_width(px.of(1.0))))?;
    }
    Ok(chart)
}

const BAR: f64 = 0.32;

/// Each box's sweeps as bars, the part past its slot in the "bad" colour; in a close-up, one
/// segment per order and the list's length; a cross where a box lost power mid-sweep.
fn sweeps<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &mut Lanes<'_, DB>, o: &Outcome, f: &Frame, theme: &Theme) -> ChartResult<DB> {
    let (px, from, to, bar) = (f.px, f.from, f.to, BAR);
    for s in o.sweeps.iter().filter(|s| !s.orders.is_empty() && f.shown(s.start)) {
        let (a, b) = (f64::from(s.start), f64::from(s.end).min(f.at));
        if b < from || a > to {
            continue;
        }
        let y = lane(s.by);
        let slot_end = f64::from(s.start + o.interval_s);
        chart.draw_series(std::iter::once(Rectangle::new([(f.cx(a), y - bar), (f.cx(b.min(slot_end)), y + bar)], colour(s.by, theme).mix(0.75).filled())))?;
        if b > slot_end {
            chart.draw_series(std::iter::once(Rectangle::new([(f.cx(slot_end), y - bar), (f.cx(b), y + bar)], theme.bad.mix(0.85).filled())))?;
        }
        if f.close {
            // One segment per order.
            let ticks = (1..s.orders.len()).map(|k| a + (k as f64) * f64::from(o.row_s)).filter(|&x| x < b && x > from && x < to);
            chart.draw_series(ticks.map(|x| PathElement::new(vec![(x, y - bar), (x, y + bar)], theme.bg.stroke_width(px.of(1.0)))))?;
            if a >= from {
                let (x, yy) = chart.backend_coord(&(a, y - bar));
                root.draw(&Text::new(format!("{} orders", s.orders.len()), (x + px.i(2.0), yy - px.i(1.0)), px.font(10.0, &theme.fg).pos(Pos::new(HPos::Left, VPos::Bottom))))?;
            }
        }
        if s.killed && b >= f64::from(s.end) {
            chart.draw_series(std::iter::once(Cross::new((f.cx(b), y), px.of(6.0), theme.bad.stroke_width(px.of(2.0)))))?;
        }
    }
    Ok(())
}

/// The lock: who holds it (coloured by box), and a tick where a key expired.
fn holds<DB: DrawingBackend>(chart: &mut Lanes<'_, DB>, o: &Outcome, f: &Frame, theme: &Theme) -> ChartResult<DB> {
    let (px, from, to, bar, span) = (f.px, f.from, f.to, BAR, f.span());
    for h in o.holds.iter().filter(|h| f.shown(h.from) && h.until > h.from) {
        let (a, b) = (f64::from(h.from), f64::from(h.until).min(f.at));
        if b < from || a > to {
            continue;
        }
        let c = colour(h.by, theme);
        if o.summary.fixes.exclusion == Exclusion::RunSlot {
            chart.draw_series(std::iter::once(Rectangle::new([(f.cx(a), LANE_LOCK - bar), (f.cx(a + (b - a).min(6.0 * span / 720.0)), LANE_LOCK + bar)], c.mix(0.9).filled())))?;
            continue;
        }
        chart.draw_series(std::iter::once(Rectangle::new([(f.cx(a), LANE_LOCK - bar * 0.7), (f.cx(b.max(a + span / 1500.0)), LANE_LOCK + bar * 0.7)], c.mix(0.6).filled())))?;
        if f64::from(h.until) <= f.at && h.ended == HoldEnd::Expired {
            chart.draw_series(std::iter::once(PathElement::new(vec![(f.cx(b), LANE_LOCK - bar), (f.cx(b), LANE_LOCK + bar)], theme.fg.stroke_width(px.of(1.5)))))?;
        }
    }
    Ok(())
}

/// The marks the player has reached: restocks (thinned past [`MAX_MARKS`]), double restocks,
/// fenced updates, wrong and refused DELs, skipped runs, overruns and the power loss.
fn marks<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &mut Lanes<'_, DB>, o: &Outcome, f: &Frame, theme: &Theme) -> ChartResult<DB> {
    let (px, bar) = (f.px, BAR);
    let visible: Vec<_> = o.marks.iter().filter(|m| f.shown(m.at) && f64::from(m.at) >= f.from && f64::from(m.at) <= f.to).collect();
    let restocks = visible.iter().filter(|m| m.kind == MarkKind::Restock).count();
    let thin = restocks.div_ceil(MAX_MARKS).max(1);
    let mut seen = 0usize;
    for m in &visible {
        let x = f64::from(m.at);
        match m.kind {
            MarkKind::Restock => {
                seen += 1;
                if seen.is_multiple_of(thin) {
                    chart.draw_series(std::iter::once(Circle::new((x, LANE_SHELF), px.of(3.5), theme.good.filled())))?;
                }
            }
            MarkKind::DoubleRestock => {
                chart.draw_series(std::iter::once(Circle::new((x, LANE_SHELF), px.of(6.5), theme.bad.filled())))?;
            }
            MarkKind::Fenced => {
                chart.draw_series(std::iter::once(Circle::new((x, LANE_SHELF), px.of(5.0), theme.muted.stroke_width(px.of(1.5)))))?;
            }
            MarkKind::WrongDelete => {
                chart.draw_series(std::iter::once(Cross::new((x, LANE_LOCK), px.of(7.0), theme.bad.stroke_width(px.of(3.0)))))?;
                if f.close {
                    let (px_x, px_y) = chart.backend_coord(&(x, LANE_LOCK + bar));
                    root.draw(&Text::new(format!("box {}'s DEL", m.by.name()), (px_x, px_y + px.i(2.0)), px.font(10.0, &theme.bad).pos(Pos::new(HPos::Center, VPos::Top))))?;
                }
            }
            MarkKind::DeleteRefused => {
                chart.draw_series(std::iter::once(Circle::new((x, LANE_LOCK), px.of(5.0), theme.good.stroke_width(px.of(2.0)))))?;
            }
            MarkKind::Skipped => {
                chart.draw_series(std::iter::once(TriangleMarker::new((x, LANE_LOCK), px.of(5.0), theme.muted.filled())))?;
            }
            MarkKind::Overrun => {
                chart.draw_series(std::iter::once(PathElement::new(vec![(x, lane(m.by) - 0.45), (x, lane(m.by) + 0.45)], theme.bad.stroke_width(px.of(2.0)))))?;
            }
            MarkKind::PowerLoss => {
                chart.draw_series(std::iter::once(PathElement::new(vec![(x, -0.6), (x, 3.6)], theme.bad.stroke_width(px.of(2.0)))))?;
                let (px_x, px_y) = chart.backend_coord(&(x, LANE_LOCK + 0.5));
                root.draw(&Text::new(format!("box {} loses power", m.by.name()), (px_x + px.i(3.0), px_y), px.font(10.0, &theme.bad).pos(Pos::new(HPos::Left, VPos::Center))))?;
            }
        }
    }
    Ok(())
}

/// The player: the future is veiled, the present is a line with its clock time.
fn veil<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &mut Lanes<'_, DB>, o: &Outcome, f: &Frame, theme: &Theme) -> ChartResult<DB> {
    let (px, at, to) = (f.px, f.at, f.to);
    if at < f64::from(o.end) - 1e-9 && at < to {
        let x = at.max(f.from);
        chart.draw_series(std::iter::once(Rectangle::new([(x, -0.6), (to, 3.6)], theme.bg.mix(0.72).filled())))?;
        chart.draw_series(std::iter::once(PathElement::new(vec![(x, -0.6), (x, 3.6)], theme.accent.stroke_width(px.of(2.0)))))?;
        let (bx, by) = chart.backend_coord(&(x, 3.6));
        root.draw(&Text::new(format!("now {}", clock(at)), (bx + px.i(4.0), by - px.i(2.0)), px.font(11.0, &theme.accent).pos(Pos::new(HPos::Left, VPos::Bottom))))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{hex, svg};
    use locklab_sim::sweeper_incident::{run, Exclusion, Params, Restock};

    fn at(h: u32, m: u32, s: u32) -> f64 {
        f64::from(h * 3600 + m * 60 + s)
    }

    #[test]
    fn the_close_up_finds_the_first_harm_and_follows_the_player() {
        let o = run(&Params::default());
        let end = f64::from(o.end - o.start);
        let (a, b) = focus(&o, end);
        assert!(a <= at(21, 52, 10) && b >= at(21, 52, 10), "the first double restock is in view");
        assert_eq!(b - a, CLOSE_UP_S);
        let (a, b) = focus(&o, 0.0);
        assert_eq!((a, b), (f64::from(o.start), f64::from(o.start) + CLOSE_UP_S), "clamped to the start");
        let (a, b) = focus(&o, at(21, 30, 0) - f64::from(o.start));
        assert!(a < at(21, 30, 0) && b > at(21, 30, 0));
    }

    #[test]
    fn the_evening_draws_its_harm_and_the_player_veils_the_future() {
        let o = run(&Params::default());
        let end = f64::from(o.end - o.start);
        let window = focus(&o, end);
        let out = svg(760, 340, |root| evening(root, &o, end, window, &Theme::LIGHT, 1.0).expect("draws")).to_uppercase();
        assert!(out.contains("BOX B&APOS;S DEL"), "the wrong DEL is labelled");
        assert!(out.contains("14 ORDERS") && out.contains("2 ORDERS"), "both sweeps labelled");
        assert!(out.contains("12 ORDERS FILL ONE 120 S SLOT"));
        assert!(out.contains(&hex(Theme::LIGHT.bad)));
        // Before 21:52 nothing of the harm is drawn.
        let early = svg(760, 340, |root| evening(root, &o, at(21, 51, 0) - f64::from(o.start), window, &Theme::DARK, 2.0).expect("draws")).to_uppercase();
        assert!(early.contains("NOW 21:51") && !early.contains("BOX B&APOS;S DEL"));
        // The whole evening at once.
        let whole = svg(760, 340, |root| evening(root, &o, end, (f64::from(o.start), f64::from(o.end)), &Theme::LIGHT, 1.0).expect("draws"));
        assert!(whole.contains("\n21:00\n") && whole.contains("\n22:00\n") && whole.contains("\n21:30\n"), "labels at round clock times");
    }

    #[test]
    fn fixes_and_the_power_loss_draw() {
        for (ex, fence, loss) in [(Exclusion::RunSlot, true, false), (Exclusion::AdvisoryLock, false, true), (Exclusion::RedisTtl, true, true)] {
            let o = run(&Params { exclusion: ex, restock: if fence { Restock::StatusFence } else { Restock::Plain }, power_loss: loss, ..Params::default() });
            let end = f64::from(o.end - o.start);
            let out = svg(360, 300, |root| evening(root, &o, end, focus(&o, end), &Theme::DARK, 2.0).expect("draws"));
            assert_eq!(out.contains("loses power"), loss, "{ex:?}");
        }
    }
}
