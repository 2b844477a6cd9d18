//! The counter race's two charts: the counter against the ideal over time, and a lane per worker
//! with its reads and writes for the start of the run.

use locklab_sim::counter_race::{Action, Outcome};
use locklab_sim::messages::{Format, Tr};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

/// The counter (solid) against the number of writes made (dashed), with the gap, the lost
/// updates, shaded.
pub fn counter<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let num = |v: f64| tr.numbers().format(v, Format::Number);
    let int = |v: f64| tr.numbers().format(v, Format::Int);
    let px = Px(scale);
    clear(root, theme)?;
    let x_max = o.summary.duration_ms.max(1e-6);
    let y_max = (o.summary.expected as f64).max(1.0);
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(96.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(48.0))
        .build_cartesian_2d(0f64..x_max, 0f64..y_max * 1.04)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(5)
        .y_labels(5)
        .disable_x_mesh()
        .x_desc(tr.msg("counter-axis-time", &[]))
        .x_label_formatter(&|v| num(*v))
        .y_label_formatter(&|v| int(*v))
        .draw()?;

    // The gap between what was done and what the counter says: the lost updates.
    if o.summary.lost > 0 {
        let mut outline: Vec<(f64, f64)> = o.series.iter().map(|p| (p.t_ms, p.ideal as f64)).collect();
        outline.extend(o.series.iter().rev().map(|p| (p.t_ms, p.counter as f64)));
        chart.draw_series(std::iter::once(Polygon::new(outline, theme.bad.mix(0.18).filled())))?;
    }
    chart.draw_series(DashedLineSeries::new(
        o.series.iter().map(|p| (p.t_ms, p.ideal as f64)),
        px.of(5.0),
        px.of(4.0),
        theme.muted.stroke_width(px.of(1.5)),
    ))?;
    let line = if o.summary.lost > 0 { theme.bad } else { theme.good };
    chart.draw_series(LineSeries::new(o.series.iter().map(|p| (p.t_ms, p.counter as f64)), line.stroke_width(px.of(2.5))))?;

    // Labels at the right end of both lines, pushed apart when they would overlap.
    let end = |y: f64| chart.backend_coord(&(x_max, y));
    let (ex, ey_ideal) = end(o.summary.expected as f64);
    let (_, mut ey_final) = end(o.summary.final_value as f64);
    if (ey_final - ey_ideal).abs() < px.i(16.0) {
        ey_final = ey_ideal + px.i(16.0);
    }
    let left = Pos::new(HPos::Left, VPos::Center);
    root.draw(&Text::new(
        tr.msg("counter-chart-done", &[("n", (o.summary.expected as f64).into())]),
        (ex + px.i(6.0), ey_ideal),
        px.font(12.0, &theme.muted).pos(left),
    ))?;
    root.draw(&Text::new(
        tr.msg("counter-chart-counter", &[("n", (o.summary.final_value as f64).into())]),
        (ex + px.i(6.0), ey_final),
        px.font(12.0, &line).pos(left),
    ))?;
    root.present()
}

/// Preferred CSS height of the lanes chart for `workers` lanes.
pub fn lanes_height(workers: u32) -> f64 {
    40.0 + 18.0 * f64::from(workers.clamp(1, 20))
}

/// One lane per worker: each read → write window as a bar from a hollow dot (read) to a filled dot
/// (write), overwritten writes as a red cross, and with the lock the wait for it as a thin line.
pub fn lanes<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, workers: u32, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let n = workers.max(1) as usize;
    let x_max = o.trace.window_ms.max(1e-6);
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(30.0))
        .y_label_area_size(px.of(40.0))
        .build_cartesian_2d(0f64..x_max, (n as f64 - 0.5)..-0.5f64)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(5)
        .y_labels(0)
        .disable_y_mesh()
        .x_label_formatter(&|v| format!("{} ms", tr.numbers().format(*v, Format::Number)))
        .draw()?;

    // Lane labels, drawn by hand so there is exactly one per lane (every other one past ten).
    let every = if n > 10 { 2 } else { 1 };
    for w in (0..n).step_by(every) {
        let (x, y) = chart.backend_coord(&(0.0, w as f64));
        root.draw(&Text::new(
            tr.msg("counter-lane", &[("n", (w + 1).into())]),
            (x - px.i(8.0), y),
            px.font(12.0, &theme.muted).pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }

    let r = px.of(3.5);
    let mut open: Vec<Option<(f64, Action)>> = vec![None; n];
    for ev in &o.trace.events {
        let w = ev.worker as usize;
        if w >= n {
            continue;
        }
        let y = w as f64;
        match ev.action {
            Action::Ask => open[w] = Some((ev.t_ms, Action::Ask)),
            Action::Read => {
                if let Some((t0, Action::Ask)) = open[w] {
                    chart.draw_series(std::iter::once(PathElement::new(
                        vec![(t0, y), (ev.t_ms, y)],
                        theme.muted.stroke_width(px.of(1.0)),
                    )))?;
                }
                open[w] = Some((ev.t_ms, Action::Read));
            }
            Action::Write => {
                if let Some((t0, Action::Read)) = open[w] {
                    draw_window(&mut chart, t0, ev.t_ms, y, theme, px)?;
                    chart.draw_series(std::iter::once(Circle::new((t0, y), r, theme.accent.stroke_width(px.of(1.5)))))?;
                }
                open[w] = None;
                if ev.overwritten {
                    chart.draw_series(std::iter::once(Cross::new((ev.t_ms, y), px.of(5.0), theme.bad.stroke_width(px.of(2.5)))))?;
                } else {
                    chart.draw_series(std::iter::once(Circle::new((ev.t_ms, y), r, theme.accent.filled())))?;
                }
            }
        }
    }
    // Windows still open when the trace ends run off the right edge.
    for (w, slot) in open.iter().enumerate() {
        if let Some((t0, Action::Read)) = *slot {
            draw_window(&mut chart, t0, x_max, w as f64, theme, px)?;
            chart.draw_series(std::iter::once(Circle::new((t0, w as f64), r, theme.accent.stroke_width(px.of(1.5)))))?;
        }
    }
    root.present()
}

fn draw_window<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>>,
    t0: f64,
    t1: f64,
    y: f64,
    theme: &Theme,
    px: Px,
) -> ChartResult<DB> {
    chart.draw_series(std::iter::once(PathElement::new(vec![(t0, y), (t1, y)], theme.accent.mix(0.45).stroke_width(px.of(5.0)))))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use locklab_sim::counter_race::{run, Params};

    fn en() -> Tr {
        Tr::english(&[locklab_sim::counter_race::MESSAGES])
    }

    fn svg(draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>)) -> String {
        crate::testing::svg(640, 300, draw)
    }

    #[test]
    fn counter_chart_labels_the_final_value_and_shades_the_loss() {
        let p = Params::default();
        let o = run(&p);
        let out = svg(|root| counter(root, &o, &Theme::LIGHT, 1.0, &en()).expect("draws"));
        assert!(out.contains(&format!("counter {}", locklab_sim::text::int(o.summary.final_value as i64))), "{out}");
        assert!(out.contains("done 1,000"));
        assert!(out.contains("<polygon"), "the lost updates are shaded");
    }

    #[test]
    fn locked_run_has_no_shading_and_lanes_have_no_crosses() {
        let p = Params { lock: true, ..Params::default() };
        let o = run(&p);
        let out = svg(|root| counter(root, &o, &Theme::DARK, 2.0, &en()).expect("draws"));
        assert!(!out.contains("<polygon"));
        let lanes_svg = svg(|root| lanes(root, &o, p.workers, &Theme::DARK, 1.0, &en()).expect("draws"));
        let squeezed: String = lanes_svg.split_whitespace().collect();
        assert!(squeezed.contains(">W1<") && squeezed.contains(">W5<"), "one label per lane");
        let bad = crate::testing::hex(Theme::DARK.bad);
        assert!(!lanes_svg.to_uppercase().contains(&bad), "no overwritten write is drawn");
    }

    #[test]
    fn lanes_draw_overwritten_writes_in_the_bad_colour() {
        let p = Params { workers: 10, ..Params::default() };
        let o = run(&p);
        assert!(o.trace.events.iter().any(|e| e.overwritten));
        let out = svg(|root| lanes(root, &o, p.workers, &Theme::LIGHT, 1.0, &en()).expect("draws"));
        let bad = crate::testing::hex(Theme::LIGHT.bad);
        assert!(out.to_uppercase().contains(&bad));
    }

    #[test]
    fn extreme_parameters_draw_without_error() {
        for p in [
            Params { workers: 1, increments: 10, think_ms: 0.1, pause_ms: 0.1, ..Params::default() },
            Params { workers: 20, increments: 1000, think_ms: 20.0, pause_ms: 20.0, ..Params::default() },
        ] {
            let o = run(&p);
            svg(|root| counter(root, &o, &Theme::LIGHT, 3.0, &en()).expect("draws"));
            svg(|root| lanes(root, &o, p.workers, &Theme::LIGHT, 3.0, &en()).expect("draws"));
        }
    }
}
