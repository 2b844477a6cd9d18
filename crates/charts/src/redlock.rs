//! Redlock's charts: the walkthrough (two clients, five masters, messages, keys, holds and
//! validity along time, with the player's "now"), and the chance of a quorum against the chance
//! that one master says yes in time.

use locklab_sim::redlock::{quorum_chance, Outcome, NODES, NODE_NAMES};
use locklab_sim::messages::{Format, Tr};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

/// Rows: client 1, client 2, then masters A–E.
fn row_of_node(node: usize) -> f64 {
    2.0 + node as f64
}

pub fn walkthrough<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, now: Option<f64>, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    let ms = |v: f64| tr.msg("redlock-ms", &[("ms", v.into())]);
    clear(root, theme)?;
    let full = o.timeline.end.max(1.0);
    // The camera follows the player: while it plays, the time axis reaches a little past "now"
    // (so the first milliseconds' messages are as wide as the rest); at the end, the whole story.
    let end = match now {
        Some(t) if t < full - 1e-9 => (t * 1.5).max(full * 0.003).min(full),
        _ => full,
    };
    let cx = move |x: f64| x.clamp(0.0, end);
    let rows = 2.0 + NODES as f64;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(30.0))
        .y_label_area_size(px.of(64.0))
        .build_cartesian_2d(0f64..end, (rows - 0.4)..-0.6f64)?;
    let names = [tr.msg("redlock-lane-client-1", &[]), tr.msg("redlock-lane-client-2", &[])];
    // Fewer time labels on a narrow chart, so they never run into each other.
    let narrow = f64::from(root.dim_in_pixel().0) / scale < 480.0;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(if narrow { 3 } else { 6 })
        .y_labels(8)
        .disable_y_mesh()
        .x_label_formatter(&|v| ms(*v))
        .y_label_formatter(&|v| {
            let r = v.round();
            if (v - r).abs() > 1e-6 || r < 0.0 {
                return String::new();
            }
            let r = r as usize;
            if r < 2 { names[r].clone() } else { NODE_NAMES.get(r - 2).map_or_else(String::new, |n| tr.msg("redlock-lane-master", &[("node", (*n).into())])) }
        })
        .draw()?;
    let colour = |client: u8| if client == 1 { theme.accent } else { theme.bad };
    let bar = px.of(10.0);
    // Masters down.
    for &(node, from, until) in &o.down {
        let y = row_of_node(node);
        if from < end {
            chart.draw_series(std::iter::once(Rectangle::new([(cx(from), y - 0.3), (cx(until), y + 0.3)], theme.muted.mix(0.35).filled())))?;
        }
    }
    // Keys on the masters.
    for k in &o.keys {
        let y = row_of_node(k.node);
        if k.from_ms < end {
            chart.draw_series(std::iter::once(PathElement::new(vec![(cx(k.from_ms), y), (cx(k.until_ms), y)], colour(k.client).mix(0.6).stroke_width(bar))))?;
        }
    }
    // Holds (validity) on the clients' rows.
    for h in &o.holds {
        let y = f64::from(h.client - 1);
        if h.from_ms < end {
            chart.draw_series(std::iter::once(PathElement::new(vec![(cx(h.from_ms), y), (cx(h.until_ms), y)], colour(h.client).mix(0.75).stroke_width(bar))))?;
        }
    }
    // Messages: a line from the client to the master and back (a dashed grey one for no answer).
    for m in &o.messages {
        let (yc, yn) = (f64::from(m.client - 1), row_of_node(m.node));
        let mid = (m.sent_ms + m.answered_ms) / 2.0;
        let style = if m.reached { colour(m.client).stroke_width(px.of(1.0)) } else { theme.muted.stroke_width(px.of(1.0)) };
        if m.sent_ms < end {
            chart.draw_series(std::iter::once(PathElement::new(vec![(cx(m.sent_ms), yc), (cx(mid), yn), (cx(m.answered_ms), yc)], style)))?;
        }
    }
    // Each master's clock at the moment shown (a jumped clock reads ahead).
    let at = now.unwrap_or(full).min(full);
    for node in 0..NODES {
        let clock = o.clock(node, at);
        let jumped = (clock - at).abs() > 1e-9;
        let (x, y) = chart.backend_coord(&(0.0, row_of_node(node) - 0.3));
        let colour = if jumped { theme.bad } else { theme.muted };
        let text = tr.msg(if jumped { "redlock-chart-clock-jumped" } else { "redlock-chart-clock" }, &[("clock", clock.into())]);
        root.draw(&Text::new(text, (x + px.i(4.0), y - px.i(2.0)), px.font(10.0, &colour).pos(Pos::new(HPos::Left, VPos::Bottom))))?;
    }
    if let Some(w) = o.late_write_ms.filter(|&w| w <= end) {
        chart.draw_series(std::iter::once(Cross::new((w, 0.0), px.of(7.0), theme.bad.stroke_width(px.of(3.0)))))?;
        let (x, y) = chart.backend_coord(&(w, 0.0));
        root.draw(&Text::new(tr.msg("redlock-chart-late-write", &[]), (x - px.i(6.0), y + px.i(8.0)), px.font(11.0, &theme.bad).pos(Pos::new(HPos::Right, VPos::Top))))?;
    }
    match now.filter(|&t| t < full - 1e-9) {
        Some(now) => {
            chart.draw_series(std::iter::once(Rectangle::new([(now.max(0.0), -0.6), (end, rows - 0.4)], theme.bg.mix(0.72).filled())))?;
            chart.draw_series(std::iter::once(PathElement::new(vec![(now, -0.6), (now, rows - 0.4)], theme.accent.stroke_width(px.of(2.0)))))?;
            let (x, y) = chart.backend_coord(&(now, -0.6));
            root.draw(&Text::new(tr.msg("redlock-chart-now", &[("ms", now.into())]), (x + px.i(4.0), y + px.i(2.0)), px.font(11.0, &theme.accent).pos(Pos::new(HPos::Left, VPos::Top))))?;
        }
        None => {
            let s = &o.summary;
            let (key, c) = if s.both_hold {
                ("redlock-chart-both", theme.bad)
            } else if s.acquired {
                ("redlock-chart-one", theme.good)
            } else {
                ("redlock-chart-none", theme.muted)
            };
            let text = tr.msg(key, &[]);
            let (x, y) = chart.backend_coord(&(end, -0.6));
            root.draw(&Text::new(text, (x - px.i(4.0), y + px.i(2.0)), px.font(12.0, &c).pos(Pos::new(HPos::Right, VPos::Top))))?;
        }
    }
    root.present()
}

/// P(quorum) against the chance q that one master says yes in time, with this run's q marked and
/// the seeded attempts' share beside it.
pub fn quorum<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, q: f64, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    let percent = |v: f64| tr.numbers().format(v, Format::Percent);
    clear(root, theme)?;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(48.0))
        .build_cartesian_2d(0f64..1.0, 0f64..1.0)?;
    let narrow = f64::from(root.dim_in_pixel().0) / scale < 480.0;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(if narrow { 3 } else { 6 })
        .y_labels(6)
        .x_desc(tr.msg("redlock-axis-chance", &[]))
        .x_label_formatter(&|v| percent(*v))
        .y_label_formatter(&|v| percent(*v))
        .draw()?;
    chart.draw_series(LineSeries::new((0..=100).map(|i| f64::from(i) / 100.0).map(|x| (x, quorum_chance(x))), theme.accent.stroke_width(px.of(2.5))))?;
    chart.draw_series(std::iter::once(Circle::new((q, o.summary.quorum_rate), px.of(6.0), theme.bad.filled())))?;
    let (x, y) = chart.backend_coord(&(q, o.summary.quorum_rate));
    let right = q > 0.6;
    root.draw(&Text::new(
        tr.msg("redlock-chart-quorum", &[("chance", o.summary.quorum_chance.into()), ("rate", o.summary.quorum_rate.into())]),
        (if right { x - px.i(10.0) } else { x + px.i(10.0) }, y + px.i(6.0)),
        px.font(12.0, &theme.fg).pos(Pos::new(if right { HPos::Right } else { HPos::Left }, VPos::Top)),
    ))?;
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::svg;
    use locklab_sim::redlock::{run, Params, Scenario};

    #[test]
    fn every_scenario_draws_its_verdict_and_the_player_veils_the_future() {
        for scenario in Scenario::ALL {
            let o = run(&Params { scenario, ..Params::default() });
            let out = svg(720, 300, |root| {
                walkthrough(root, &o, None, &Theme::LIGHT, 1.0, &Tr::english(&[locklab_sim::redlock::MESSAGES])).expect("draws");
            });
            assert!(out.contains("master A") && out.contains("client 2"), "{scenario:?}");
            let verdict = if o.summary.both_hold { "both clients hold" } else if o.summary.acquired { "client 1 holds" } else { "no lock" };
            assert!(out.contains(verdict), "{scenario:?}: {verdict}");
            let early = svg(720, 300, |root| {
                walkthrough(root, &o, Some(1.0), &Theme::DARK, 2.0, &Tr::english(&[locklab_sim::redlock::MESSAGES])).expect("draws");
            });
            assert!(early.contains("now 1 ms") && !early.contains(verdict));
            assert!(early.contains("clock 1 ms"), "each master's clock at now");
        }
        let jump = run(&Params { scenario: Scenario::ClockJump, ..Params::default() });
        let late = svg(720, 300, |root| {
            walkthrough(root, &jump, Some(6000.0), &Theme::LIGHT, 1.0, &Tr::english(&[locklab_sim::redlock::MESSAGES])).expect("draws");
        });
        assert!(late.contains("clock 11,000 ms (jumped)") && late.contains("clock 6,000 ms"), "C reads ahead");
        let o = run(&Params::default());
        let out = svg(640, 220, |root| {
            quorum(root, &o, 0.9, &Theme::LIGHT, 1.0, &Tr::english(&[locklab_sim::redlock::MESSAGES])).expect("draws");
        });
        assert!(out.contains("quorum 99.1 %"), "{out}");
    }
}
