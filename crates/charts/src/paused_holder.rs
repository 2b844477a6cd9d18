//! The paused holder's timeline: lanes for A, B, the lock service and storage along time, with
//! the leases, A's pause, the lease expiry, every read and write with its token, and the seat.

use locklab_sim::paused_holder::{Actor, Op, Outcome, A_FREEZES_AT_S, B_FIRST_ASK_S, TOKEN_A, TOKEN_B};
use locklab_sim::messages::Tr;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

const LANES: [&str; 4] = ["paused-lane-a", "paused-lane-b", "paused-lane-lock", "paused-lane-storage"];

pub fn timeline<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    timeline_at(root, o, None, theme, scale, tr)
}

/// The timeline as a player shows it at `now`: what has not happened yet is veiled, and a line
/// marks the moment (nothing extra at the end, or with no player).
pub fn timeline_at<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, now: Option<f64>, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    let seconds = |v: f64| tr.msg("paused-seconds", &[("seconds", v.into())]);
    clear(root, theme)?;
    let end = o.end;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(30.0))
        .y_label_area_size(px.of(62.0))
        .build_cartesian_2d(0f64..end, 3.6f64..-0.6f64)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(8)
        .y_labels(0)
        .disable_y_mesh()
        .x_label_formatter(&|v| seconds(*v))
        .draw()?;
    for (i, key) in LANES.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(0.0, i as f64));
        root.draw(&Text::new(tr.msg(key, &[]), (x - px.i(8.0), y), px.font(13.0, &theme.fg).pos(Pos::new(HPos::Right, VPos::Center))))?;
    }
    let bar = px.of(10.0);
    let seg = |x0: f64, x1: f64, y: f64, c: RGBAColor| PathElement::new(vec![(x0, y), (x1, y)], c.stroke_width(bar));
    let label = |text: String, x: f64, y: f64, c: &RGBColor| Text::new(text, (x, y), px.font(11.0, c).pos(Pos::new(HPos::Left, VPos::Bottom)));
    // Roughly how wide a label of `chars` characters is, in data units (for skipping labels that
    // would not fit on a narrow screen).
    let plot_px = f64::from(chart.plotting_area().dim_in_pixel().0.max(1));
    let fits = |text: &str, from: f64, to: f64| (to - from) / end * plot_px >= text.chars().count() as f64 * 6.5 * scale + 4.0;
    let above = 0.28;

    // A: holds a valid lease until it releases or the lease ends; past that it only believes so.
    let a_valid_end = o.a_released.unwrap_or(o.lease_end).min(o.lease_end);
    chart.draw_series(std::iter::once(seg(0.0, a_valid_end, 0.0, theme.accent.mix(0.5))))?;
    if o.a_released.is_none() && o.a_wakes > o.lease_end {
        chart.draw_series(std::iter::once(seg(o.lease_end, o.a_wakes, 0.0, theme.bad.mix(0.4))))?;
    }
    if o.a_wakes > A_FREEZES_AT_S {
        chart.draw_series(std::iter::once(Rectangle::new([(A_FREEZES_AT_S, -0.32), (o.a_wakes, 0.32)], theme.muted.mix(0.22).filled())))?;
        chart.draw_series(std::iter::once(label(tr.msg("paused-chart-paused", &[]), A_FREEZES_AT_S + 0.1, -above, &theme.muted)))?;
    }
    // B: asking, then holding.
    chart.draw_series(std::iter::once(PathElement::new(vec![(B_FIRST_ASK_S, 1.0), (o.b_granted, 1.0)], theme.muted.stroke_width(px.of(1.5)))))?;
    chart.draw_series(std::iter::once(seg(o.b_granted, o.b_released.max(o.b_granted + 0.15), 1.0, theme.accent.mix(0.5))))?;
    // The lock service: who holds the lease, and when A's ran out.
    chart.draw_series(std::iter::once(seg(0.0, a_valid_end, 2.0, theme.accent.mix(0.3))))?;
    chart.draw_series(std::iter::once(label(tr.msg("paused-chart-holder", &[("who", tr.msg("paused-lane-a", &[]).into()), ("token", TOKEN_A.into())]), 0.1, 2.0 - above, &theme.fg)))?;
    chart.draw_series(std::iter::once(seg(o.b_granted, o.b_released.max(o.b_granted + 0.15), 2.0, theme.good.mix(0.3))))?;
    chart.draw_series(std::iter::once(label(tr.msg("paused-chart-holder", &[("who", tr.msg("paused-lane-b", &[]).into()), ("token", TOKEN_B.into())]), o.b_granted + 0.1, 2.0 - above, &theme.fg)))?;
    if o.a_released.is_none() {
        chart.draw_series(std::iter::once(PathElement::new(vec![(o.lease_end, -0.45), (o.lease_end, 2.45)], theme.bad.stroke_width(px.of(1.5)))))?;
        let (x, y) = chart.backend_coord(&(o.lease_end, -0.45));
        // Right of the line, or left of it where it would run past the plot.
        let text = tr.msg("paused-chart-lease-ends", &[]);
        let font = px.font(11.0, &theme.bad);
        let width = root.estimate_text_size(&text, &font).map_or(0, |(w, _)| w as i32);
        let right_edge = chart.backend_coord(&(end, 0.0)).0;
        let (at, h) = if x + px.i(4.0) + width > right_edge { (x - px.i(4.0), HPos::Right) } else { (x + px.i(4.0), HPos::Left) };
        root.draw(&Text::new(text, (at, y), font.pos(Pos::new(h, VPos::Top))))?;
    }
    // Storage: the seat over time.
    for (i, (from, holder)) in o.seat_history.iter().enumerate() {
        let to = o.seat_history.get(i + 1).map_or(end, |n| n.0);
        let sold = |fan: &str| tr.msg("paused-chart-seat-sold", &[("fan", tr.msg(fan, &[]).into())]);
        let (color, text) = match holder.as_deref() {
            Some("fan A") => (theme.accent.mix(0.55), sold("paused-fan-a")),
            Some(_) => (theme.good.mix(0.55), sold("paused-fan-b")),
            None => (theme.grid.mix(1.0), tr.msg("paused-chart-seat-free", &[])),
        };
        chart.draw_series(std::iter::once(seg(*from, to, 3.0, color)))?;
        if fits(&text, *from, to) {
            chart.draw_series(std::iter::once(label(text, from + 0.1, 3.0 - above, &theme.fg)))?;
        }
    }
    // Reads and writes, with their tokens.
    let r = px.of(5.0);
    for e in &o.summary.events {
        let y = match e.actor {
            Actor::A => 0.0,
            Actor::B => 1.0,
            _ => continue,
        };
        let Some(token) = e.token else { continue };
        if e.op == Some(Op::Read) {
            chart.draw_series(std::iter::once(Circle::new((e.time, y), r, theme.fg.stroke_width(px.of(1.5)))))?;
            if e.accepted == Some(true) {
                // Fencing on every access: the read registered its token at the storage.
                let text = tr.msg("paused-chart-read", &[("token", token.into())]);
                let right_side = fits(&text, e.time, end);
                let pos = Pos::new(if right_side { HPos::Left } else { HPos::Right }, VPos::Top);
                let x = if right_side { e.time + 0.15 } else { e.time - 0.15 };
                chart.draw_series(std::iter::once(Text::new(text, (x, y - 0.3), px.font(11.0, &theme.fg).pos(pos))))?;
            }
        } else if let Some(ok) = e.accepted {
            if ok {
                chart.draw_series(std::iter::once(Circle::new((e.time, y), r, theme.fg.filled())))?;
            } else {
                chart.draw_series(std::iter::once(Cross::new((e.time, y), r + px.of(1.0), theme.bad.stroke_width(px.of(2.5)))))?;
            }
            // Near the right edge the label goes to the left of its mark.
            let text = tr.msg("paused-chart-write", &[("token", token.into())]);
            let right_side = fits(&text, e.time, end);
            let pos = Pos::new(if right_side { HPos::Left } else { HPos::Right }, VPos::Bottom);
            let x = if right_side { e.time + 0.15 } else { e.time - 0.15 };
            chart.draw_series(std::iter::once(Text::new(text, (x, y + 0.42), px.font(11.0, &theme.fg).pos(pos))))?;
        }
    }
    if let Some(now) = now.filter(|&t| t < end - 1e-9) {
        chart.draw_series(std::iter::once(Rectangle::new([(now.max(0.0), -0.6), (end, 3.6)], theme.bg.mix(0.72).filled())))?;
        chart.draw_series(std::iter::once(PathElement::new(vec![(now, -0.6), (now, 3.6)], theme.accent.stroke_width(px.of(2.0)))))?;
        let (x, y) = chart.backend_coord(&(now, -0.6));
        root.draw(&Text::new(tr.msg("paused-chart-now", &[("seconds", now.into())]), (x + px.i(4.0), y + px.i(2.0)), px.font(11.0, &theme.accent).pos(Pos::new(HPos::Left, VPos::Top))))?;
    } else if o.summary.double_sale {
        // The verdict, once the story has been told.
        let (x, y) = chart.backend_coord(&(end, 3.0));
        root.draw(&Text::new(tr.msg("paused-chart-double", &[]), (x - px.i(4.0), y + px.i(10.0)), px.font(12.0, &theme.bad).pos(Pos::new(HPos::Right, VPos::Top))))?;
    }
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use locklab_sim::paused_holder::{run, Params, Protection};

    fn svg(o: &Outcome) -> String {
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (640, 240)).into_drawing_area();
            timeline(&root, o, &Theme::LIGHT, 1.0, &Tr::english(&[locklab_sim::paused_holder::MESSAGES])).expect("draws");
        }
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_lessons_case_shows_the_expiry_the_tokens_and_the_double_sale() {
        let out = svg(&run(&Params::default()));
        for text in ["lease ends", "A · 33", "B · 34", "write 33", "write 34", "two fans paid", "paused"] {
            assert!(out.contains(text), "{text} missing");
        }
        let fenced = svg(&run(&Params { protection: Protection::FenceWrites, ..Params::default() }));
        assert!(!fenced.contains("two fans paid") && !fenced.contains("read 34"));
        // Fencing every access: B's read registers 34, shown on the chart.
        let all = svg(&run(&Params { pause_s: 8.0, protection: Protection::FenceAll, ..Params::default() }));
        assert!(all.contains("read 34") && !all.contains("two fans paid"));
        let writes_only = svg(&run(&Params { pause_s: 8.0, protection: Protection::FenceWrites, ..Params::default() }));
        assert!(writes_only.contains("two fans paid"));
    }

    #[test]
    fn the_player_marks_now_and_veils_the_rest() {
        let o = run(&Params::default());
        let at = |now: Option<f64>| {
            crate::testing::svg(640, 230, |root| {
                timeline_at(root, &o, now, &Theme::LIGHT, 1.0, &Tr::english(&[locklab_sim::paused_holder::MESSAGES])).expect("draws");
            })
        };
        assert!(at(Some(5.0)).contains("now 5 s"));
        assert!(!at(Some(5.0)).contains("two fans paid"), "the verdict waits for the end");
        assert!(at(Some(o.end)).contains("two fans paid"));
        assert!(!at(Some(o.end)).contains("now "), "nothing extra at the end");
        assert!(!at(None).contains("now "));
    }

    #[test]
    fn a_safe_run_has_no_expiry_mark() {
        let out = svg(&run(&Params { pause_s: 2.0, ..Params::default() }));
        assert!(!out.contains("lease ends") && !out.contains("two fans paid"));
    }
}
