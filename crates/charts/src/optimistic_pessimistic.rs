//! Optimistic vs pessimistic: mean latency against the update rate, by the formulas (both axes
//! logarithmic), with this run's simulated means at the current rate and the crossover marked.

use locklab_sim::optimistic_pessimistic::{Outcome, Params};
use locklab_sim::messages::{Format, Tr};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

pub fn latency_curves<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, p: &Params, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    let num = |v: f64| tr.numbers().format(v, Format::Number);
    clear(root, theme)?;
    let s = &o.summary;
    let (x0, x1) = (o.curve.first().map_or(0.5, |c| c.rate_per_s), o.curve.last().map_or(2000.0, |c| c.rate_per_s));
    let y_lo = (p.work_ms * 0.8).max(0.1);
    let y_hi = (p.work_ms * 25.0).max(s.optimistic.mean_ms.max(s.pessimistic.mean_ms) * 1.5);
    let clip = |v: f64| v.clamp(y_lo, y_hi);
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(20.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(72.0))
        .build_cartesian_2d((x0..x1).log_scale(), (y_lo..y_hi).log_scale())?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(6)
        .y_labels(5)
        .x_desc(tr.msg("opt-axis-rate", &[]))
        .y_desc(tr.msg("opt-axis-time", &[]))
        .x_label_formatter(&|v| num(*v))
        .y_label_formatter(&|v| tr.msg("opt-tick-ms", &[("ms", (*v).into())]))
        .draw()?;
    // The lock, up to its capacity (beyond it there is no steady state).
    let lock: Vec<(f64, f64)> = o.curve.iter().filter_map(|c| c.pessimistic_ms.filter(|v| *v <= y_hi).map(|v| (c.rate_per_s, clip(v)))).collect();
    let opt: Vec<(f64, f64)> = o.curve.iter().filter(|c| c.optimistic_ms <= y_hi).map(|c| (c.rate_per_s, clip(c.optimistic_ms))).collect();
    chart.draw_series(LineSeries::new(lock.iter().copied(), theme.accent.stroke_width(px.of(2.5))))?;
    chart.draw_series(LineSeries::new(opt.iter().copied(), theme.bad.stroke_width(px.of(2.5))))?;
    // Where the formulas cross (thin, labelled at the bottom) and where this run's simulated means
    // cross (bolder, labelled above it): near contention they differ.
    // A line's label goes right of it, or left of it where it would run past the plot (a narrow
    // chart, a crossing near the highest rate, a longer language).
    let right_edge = chart.backend_coord(&(x1, y_lo)).0;
    let mark = |(x, y): (i32, i32), text: String, above: f64| {
        let font = px.font(12.0, &theme.fg);
        let width = root.estimate_text_size(&text, &font).map_or(0, |(w, _)| w as i32);
        let (at, h) = if x + px.i(4.0) + width > right_edge { (x - px.i(4.0), HPos::Right) } else { (x + px.i(4.0), HPos::Left) };
        root.draw(&Text::new(text, (at, y - px.i(above)), font.pos(Pos::new(h, VPos::Bottom))))
    };
    if let Some(c) = s.crossover_per_s.filter(|c| *c > x0 && *c < x1) {
        chart.draw_series(std::iter::once(PathElement::new(vec![(c, y_lo), (c, y_hi)], theme.muted.stroke_width(px.of(1.0)))))?;
        mark(chart.backend_coord(&(c, y_lo)), tr.msg("opt-chart-formulas-cross", &[("rate", c.into())]), 4.0)?;
    }
    if let Some(c) = s.simulated_crossover_per_s.filter(|c| *c > x0 && *c < x1) {
        chart.draw_series(std::iter::once(PathElement::new(vec![(c, y_lo), (c, y_hi)], theme.fg.stroke_width(px.of(1.5)))))?;
        mark(chart.backend_coord(&(c, y_lo)), tr.msg("opt-chart-simulated-cross", &[("rate", c.into())]), 22.0)?;
    }
    // This run, simulated.
    let r = p.rate_per_s;
    chart.draw_series([
        Circle::new((r, clip(s.pessimistic.mean_ms)), px.of(6.0), theme.accent.filled()),
        Circle::new((r, clip(s.optimistic.mean_ms)), px.of(6.0), theme.bad.filled()),
    ])?;
    // A legend in the top left corner, where both curves are low.
    let (x, y) = chart.backend_coord(&(x0, y_hi));
    for (i, (key, color)) in [("opt-key-optimistic", theme.bad), ("opt-key-lock", theme.accent)].into_iter().enumerate() {
        let name = tr.msg(key, &[]);
        let yy = y + px.i(10.0) + px.i(18.0) * i as i32;
        root.draw(&PathElement::new(vec![(x + px.i(8.0), yy), (x + px.i(28.0), yy)], color.stroke_width(px.of(2.5))))?;
        root.draw(&Text::new(name, (x + px.i(34.0), yy), px.font(12.0, &theme.fg).pos(Pos::new(HPos::Left, VPos::Center))))?;
    }
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use locklab_sim::optimistic_pessimistic::run;

    #[test]
    fn draws_the_crossover_and_every_extreme() {
        let p = Params::default();
        let tr = Tr::english(&[locklab_sim::messages::SHARED, locklab_sim::optimistic_pessimistic::MESSAGES]);
        let out = crate::testing::svg(640, 260, |r| latency_curves(r, &run(&p), &p, &Theme::LIGHT, 1.0, &tr).expect("draws"));
        assert!(out.contains("formulas cross") && out.contains("simulated ≈"), "{out}");
        for q in [Params { rate_per_s: 2000.0, ..p.clone() }, Params { rate_per_s: 1.0, work_ms: 200.0, retry_ms: 100.0, lock_ms: 0.0, ..p.clone() }, Params { lock_ms: 20.0, retry_ms: 0.0, ..p.clone() }] {
            crate::testing::svg(640, 260, |r| latency_curves(r, &run(&q), &q, &Theme::DARK, 2.0, &tr).expect("draws"));
        }
    }
}
