//! The Redis failover's charts: how many locks each failover lost (with the exact expectation),
//! and the expected loss against replication lag (with the current setting).

use locklab_sim::messages::{Format, Tr};
use locklab_sim::redis_failover::Outcome;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

/// Bars for locks lost per failover; past this many distinct counts, counts are grouped.
const MAX_BARS: usize = 40;

/// Its words and numbers are `tr`'s.
pub fn histogram<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    let int = |v: f64| tr.numbers().format(v, Format::Int);
    clear(root, theme)?;
    let d = &o.distribution;
    let width = d.len().div_ceil(MAX_BARS).max(1);
    let bars: Vec<(usize, u32)> = d.chunks(width).enumerate().map(|(i, c)| (i * width, c.iter().sum())).collect();
    let x_max = (bars.len() * width) as f64;
    let y_max = f64::from(bars.iter().map(|b| b.1).max().unwrap_or(1).max(1)) * 1.15;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(52.0))
        .build_cartesian_2d(-0.5f64..x_max - 0.5, 0f64..y_max)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(8)
        .y_labels(4)
        .disable_x_mesh()
        .x_desc(tr.msg("failover-axis-lost", &[]))
        .y_desc(tr.msg("failover-axis-failovers", &[]))
        .x_label_formatter(&|v| if *v >= 0.0 && (v - v.round()).abs() < 1e-6 { int(v.round()) } else { String::new() })
        .y_label_formatter(&|v| int(v.round()))
        .draw()?;
    let color = if o.summary.max_lost > 0 { theme.bad } else { theme.good };
    chart.draw_series(bars.iter().filter(|b| b.1 > 0).map(|&(k, n)| {
        let (x0, x1) = (k as f64 - 0.4, (k + width) as f64 - 0.6);
        Rectangle::new([(x0, 0.0), (x1, f64::from(n))], color.mix(0.8).filled())
    }))?;
    let e = o.summary.expected_lost;
    chart.draw_series(std::iter::once(PathElement::new(vec![(e, 0.0), (e, y_max)], theme.fg.stroke_width(px.of(2.0)))))?;
    let (x, y) = chart.backend_coord(&(e, y_max));
    root.draw(&Text::new(
        tr.msg("failover-chart-expected", &[("expected", e.into())]),
        (x + px.i(6.0), y + px.i(2.0)),
        px.font(12.0, &theme.fg).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    root.present()
}

/// Its words and numbers are `tr`'s.
pub fn lag_curve<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, redis: bool, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let (l0, l1) = (o.curve.first().map_or(0.1, |c| c.lag_ms), o.curve.last().map_or(1000.0, |c| c.lag_ms));
    let y_hi = o.curve.iter().map(|c| c.expected_lost).fold(1.0, f64::max) * 2.0;
    let y_lo = (o.curve.iter().map(|c| c.expected_lost).fold(f64::INFINITY, f64::min) / 2.0).clamp(1e-4, 0.5);
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(32.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(52.0))
        .build_cartesian_2d((l0..l1).log_scale(), (y_lo..y_hi).log_scale())?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(5)
        .y_labels(5)
        .disable_x_mesh()
        .x_desc(tr.msg("failover-axis-lag", &[]))
        .x_label_formatter(&|v| tr.msg("failover-chart-ms", &[("ms", (*v).into())]))
        .y_label_formatter(&|v| tr.numbers().format(*v, Format::Number))
        .draw()?;
    let line = if redis { theme.bad } else { theme.muted };
    chart.draw_series(LineSeries::new(o.curve.iter().map(|c| (c.lag_ms, c.expected_lost)), line.stroke_width(px.of(2.5))))?;
    chart.draw_series(std::iter::once(Circle::new((o.lag_ms, o.redis_expected_lost.max(y_lo)), px.of(6.0), line.filled())))?;
    let (x, y) = chart.backend_coord(&(l0, y_hi));
    let note = tr.msg(if redis { "failover-chart-redis" } else { "failover-chart-other" }, &[]);
    root.draw(&Text::new(note, (x + px.i(8.0), y + px.i(4.0)), px.font(12.0, &theme.fg).pos(Pos::new(HPos::Left, VPos::Top))))?;
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use locklab_sim::redis_failover::{run, Params, Store, MESSAGES};

    fn en() -> Tr {
        Tr::english(&[MESSAGES])
    }

    fn svg(draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>)) -> String {
        crate::testing::svg(640, 240, draw)
    }

    #[test]
    fn histogram_marks_the_expectation() {
        let o = run(&Params::default());
        let out = svg(|r| histogram(r, &o, &Theme::LIGHT, 1.0, &en()).expect("draws"));
        assert!(out.contains("expected 2.5"));
    }

    #[test]
    fn draws_for_every_store_and_extreme() {
        for p in [
            Params { store: Store::Consensus, ..Params::default() },
            Params { grants_per_s: 5000.0, lag_ms: 1000.0, failovers: 10_000, ..Params::default() },
            Params { grants_per_s: 10.0, lag_ms: 0.1, failovers: 100, ..Params::default() },
        ] {
            let o = run(&p);
            svg(|r| histogram(r, &o, &Theme::DARK, 2.0, &en()).expect("draws"));
            let out = svg(|r| lag_curve(r, &o, p.store == Store::Redis, &Theme::DARK, 2.0, &en()).expect("draws"));
            assert!(out.contains(if p.store == Store::Redis { "(Redis)" } else { "loses 0" }));
        }
    }
}
