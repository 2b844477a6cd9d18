//! Lock granularity: the busiest locks' utilisation (exact λ·s bars; with two locks per update a
//! lower bound) with the simulated share of time each was held, and the line at 1 where a queue
//! stops draining.

use locklab_sim::lock_granularity::{Outcome, Params};
use locklab_sim::messages::{Format, Tr};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

pub fn utilisation<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, p: &Params, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let n = o.busiest.len().max(1);
    let top = o.busiest.iter().map(|l| l.utilisation).fold(1.0, f64::max);
    let y_max = (top * 1.15).clamp(1.2, 30.0);
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(40.0))
        .y_label_area_size(px.of(48.0))
        .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..y_max)?;
    let labels: Vec<String> = o.busiest.iter().map(|l| p.lock_label_in(l.lock, tr)).collect();
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(n.min(12))
        .y_labels(5)
        .disable_x_mesh()
        .x_desc(tr.msg("gran-axis-locks", &[]))
        .y_desc(tr.msg("gran-axis-utilisation", &[]))
        .x_label_formatter(&|v| {
            let i = v.round();
            if (v - i).abs() < 1e-6 && i >= 0.0 { labels.get(i as usize).cloned().unwrap_or_default() } else { String::new() }
        })
        .y_label_formatter(&|v| tr.numbers().format(*v, Format::Number))
        .draw()?;
    chart.draw_series(o.busiest.iter().enumerate().map(|(i, l)| {
        let color = if l.utilisation >= 1.0 { theme.bad } else { theme.accent };
        Rectangle::new([(i as f64 - 0.35, 0.0), (i as f64 + 0.35, l.utilisation.min(y_max))], color.mix(0.8).filled())
    }))?;
    chart.draw_series(o.busiest.iter().enumerate().filter_map(|(i, l)| l.simulated_busy.map(|b| Circle::new((i as f64, b.min(y_max)), px.of(4.5), theme.fg.filled()))))?;
    chart.draw_series(std::iter::once(PathElement::new(vec![(-0.5, 1.0), (n as f64 - 0.5, 1.0)], theme.bad.stroke_width(px.of(1.5)))))?;
    let (x, y) = chart.backend_coord(&(n as f64 - 0.5, 1.0));
    root.draw(&Text::new(tr.msg("gran-chart-never-drains", &[]), (x - px.i(4.0), y - px.i(3.0)), px.font(12.0, &theme.bad).pos(Pos::new(HPos::Right, VPos::Bottom))))?;
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use locklab_sim::lock_granularity::{run, Lock, MESSAGES};

    #[test]
    fn draws_every_granularity_and_the_saturated_case() {
        let d = Params::default();
        let tr = Tr::english(&[locklab_sim::messages::SHARED, MESSAGES]);
        for p in [
            d.clone(),
            Params { rate_per_s: 5000.0, ..d.clone() },
            Params { lock: Lock::PerShard, rate_per_s: 5000.0, ..d.clone() },
            Params { lock: Lock::PerKey, keys: 10_000, skew: 2.0, rate_per_s: 20_000.0, ..d.clone() },
            Params { lock: Lock::PerShard, two_locks: true, rate_per_s: 1500.0, updates: 1000, ..d.clone() },
        ] {
            let o = run(&p);
            let out = crate::testing::svg(640, 260, |r| utilisation(r, &o, &p, &Theme::DARK, 2.0, &tr).expect("draws"));
            assert!(out.contains("never drains"));
            let first = p.lock_label_in(o.busiest[0].lock, &tr);
            assert!(out.contains(&first), "{first}");
        }
    }
}
