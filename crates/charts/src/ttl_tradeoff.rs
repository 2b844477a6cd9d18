//! The TTL trade-off's two charts: how long holds last (with the TTL and the unsafe tail), and
//! the trade itself (unsafe share and crash-recovery wait against the TTL).

use locklab_sim::messages::{Format, Tr};
use locklab_sim::ttl_tradeoff::{Outcome, HIST_RANGE};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

/// A tick in seconds, in `tr`'s numbers (`0.1 s`, `0,1 s`).
fn seconds(tr: &Tr, v: f64) -> String {
    format!("{} s", tr.numbers().format(v, Format::Number))
}

/// Hold durations on a log axis, counts on a log axis (so a tail of a few holds stays visible),
/// the TTL marked and everything beyond it shaded as unsafe. Its words and numbers are `tr`'s.
pub fn histogram<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let max = o.histogram.iter().map(|b| b.count).max().unwrap_or(1).max(1) as f64;
    let (x0, x1) = HIST_RANGE;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        // Room for half of the last tick's label ("1,000 s") beyond the plot's right edge.
        .margin_right(px.of(28.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(52.0))
        .build_cartesian_2d((x0..x1).log_scale(), (0.8f64..max * 2.0).log_scale())?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(6)
        .y_labels(4)
        .disable_x_mesh()
        .x_desc(tr.msg("ttl-axis-duration", &[]))
        .y_desc(tr.msg("ttl-axis-holds", &[]))
        .x_label_formatter(&|v| seconds(tr, *v))
        .y_label_formatter(&|v| tr.numbers().format(*v, Format::Int))
        .draw()?;

    let ttl = o.ttl_s;
    // The unsafe side of the TTL.
    chart.draw_series(std::iter::once(Rectangle::new([(ttl, 0.8), (x1, max * 2.0)], theme.bad.mix(0.08).filled())))?;
    for b in o.histogram.iter().filter(|b| b.count > 0) {
        let top = f64::from(b.count);
        // A bar that straddles the TTL is split at it.
        if b.hi <= ttl || b.lo >= ttl {
            let color = if b.lo >= ttl { theme.bad } else { theme.accent };
            chart.draw_series(std::iter::once(Rectangle::new([(b.lo, 0.8), (b.hi, top)], color.mix(0.85).filled())))?;
        } else {
            chart.draw_series(std::iter::once(Rectangle::new([(b.lo, 0.8), (ttl, top)], theme.accent.mix(0.85).filled())))?;
            chart.draw_series(std::iter::once(Rectangle::new([(ttl, 0.8), (b.hi, top)], theme.bad.mix(0.85).filled())))?;
        }
    }
    chart.draw_series(std::iter::once(PathElement::new(vec![(ttl, 0.8), (ttl, max * 2.0)], theme.fg.stroke_width(px.of(2.0)))))?;
    let (x, y) = chart.backend_coord(&(ttl, max * 2.0));
    let right_half = ttl > (x0 * x1).sqrt() * 10.0;
    let anchor = if right_half { HPos::Right } else { HPos::Left };
    let dx = if right_half { -px.i(6.0) } else { px.i(6.0) };
    root.draw(&Text::new(
        tr.msg("ttl-chart-ttl", &[("ttl", ttl.into())]),
        (x + dx, y + px.i(4.0)),
        px.font(12.0, &theme.fg).pos(Pos::new(anchor, VPos::Top)),
    ))?;
    root.present()
}

/// The trade: the share of holds that outlive each TTL (exact curve, simulated dots; log scale)
/// and the longest wait after a real crash (the TTL itself, dashed, right axis).
/// `exact` is [`locklab_sim::ttl_tradeoff::exact_curve`] for the outcome's hold model.
pub fn tradeoff<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Outcome, exact: &[(f64, f64)], theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let (t0, t1) = (o.curve.first().map_or(0.1, |c| c.ttl_s), o.curve.last().map_or(120.0, |c| c.ttl_s));
    let floor = 1e-7;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .x_label_area_size(px.of(34.0))
        // Wide enough for "0.00001 %" at a device-pixel ratio of 1.
        .y_label_area_size(px.of(74.0))
        .right_y_label_area_size(px.of(44.0))
        .build_cartesian_2d((t0..t1).log_scale(), (floor..1.0f64).log_scale())?
        .set_secondary_coord((t0..t1).log_scale(), 0f64..t1);
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(6)
        .y_labels(4)
        .disable_x_mesh()
        .x_desc(tr.msg("ttl-axis-ttl", &[]))
        .x_label_formatter(&|v| seconds(tr, *v))
        .y_label_formatter(&|v| tr.numbers().format(*v, Format::Percent))
        .draw()?;
    chart
        .configure_secondary_axes()
        .y_labels(4)
        .axis_style(theme.muted.stroke_width(px.of(1.0)))
        .label_style(px.font(12.0, &theme.muted))
        .y_label_formatter(&|v| seconds(tr, *v))
        .draw()?;

    // Recovery after a crash: the TTL itself.
    chart.draw_secondary_series(DashedLineSeries::new(
        o.curve.iter().map(|c| (c.ttl_s, c.ttl_s)),
        px.of(6.0),
        px.of(4.0),
        theme.muted.stroke_width(px.of(2.0)),
    ))?;
    chart.draw_series(LineSeries::new(
        exact.iter().filter(|c| c.1 >= floor).copied(),
        theme.bad.stroke_width(px.of(2.5)),
    ))?;
    chart.draw_series(
        o.curve.iter().filter(|c| c.simulated > 0.0).map(|c| Circle::new((c.ttl_s, c.simulated), px.of(2.5), theme.accent.filled())),
    )?;
    // The current TTL.
    let ttl = o.ttl_s;
    chart.draw_series(std::iter::once(PathElement::new(vec![(ttl, floor), (ttl, 1.0)], theme.fg.stroke_width(px.of(1.5)))))?;
    if o.summary.exact_fraction >= floor {
        chart.draw_series(std::iter::once(Circle::new((ttl, o.summary.exact_fraction), px.of(5.0), theme.bad.filled())))?;
    }
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use locklab_sim::ttl_tradeoff::{run, Params};

    fn en() -> Tr {
        Tr::english(&[locklab_sim::ttl_tradeoff::MESSAGES])
    }

    fn svg(draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>)) -> String {
        crate::testing::svg(640, 260, draw)
    }

    #[test]
    fn histogram_marks_the_ttl_and_colours_the_tail() {
        let o = run(&Params::default());
        let out = svg(|r| histogram(r, &o, &Theme::LIGHT, 1.0, &en()).expect("draws"));
        assert!(out.contains("TTL 10 s"));
        let bad = crate::testing::hex(Theme::LIGHT.bad);
        assert!(out.to_uppercase().contains(&bad), "the unsafe tail is drawn in the bad colour");
    }

    #[test]
    fn no_label_is_cut_off_at_the_edges() {
        // The histogram's last tick ("1,000 s") sat on the right edge and lost half its width.
        for (w, h) in [(640, 260), (340, 220)] {
            for p in [
                Params::default(),
                Params {
                    ttl_s: 0.1,
                    ..Params::default()
                },
                Params {
                    ttl_s: 120.0,
                    ..Params::default()
                },
            ] {
                let o = run(&p);
                let exact = locklab_sim::ttl_tradeoff::exact_curve(&p.model());
                for (name, out) in [
                    (
                        "histogram",
                        crate::testing::svg(w, h, |r| {
                            histogram(r, &o, &Theme::LIGHT, 1.0, &en()).expect("draws")
                        }),
                    ),
                    (
                        "tradeoff",
                        crate::testing::svg(w, h, |r| {
                            tradeoff(r, &o, &exact, &Theme::LIGHT, 1.0, &en()).expect("draws")
                        }),
                    ),
                ] {
                    let outside = crate::testing::texts_outside(&out, f64::from(w), f64::from(h));
                    assert!(
                        outside.is_empty(),
                        "{name} at {w}×{h}, TTL {} s: {outside:?}",
                        p.ttl_s
                    );
                }
            }
        }
    }

    #[test]
    fn charts_draw_at_the_extremes() {
        for p in [
            Params { ttl_s: 0.1, stall_chance: 0.0, spread: 0.0, holds: 1000, ..Params::default() },
            Params { ttl_s: 120.0, stall_chance: 0.02, stall_mean_s: 120.0, spread: 1.5, ..Params::default() },
        ] {
            let o = run(&p);
            svg(|r| histogram(r, &o, &Theme::DARK, 2.0, &en()).expect("draws"));
            let exact = locklab_sim::ttl_tradeoff::exact_curve(&p.model());
            svg(|r| tradeoff(r, &o, &exact, &Theme::DARK, 2.0, &en()).expect("draws"));
        }
    }
}
