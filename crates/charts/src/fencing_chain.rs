//! The fencing chain's chart: each grant as a bar along time (token upwards), the lease end
//! marked, and each write as a point: applied, stale overwrite, or rejected.

use locklab_sim::fencing_chain::{Outcome, WriteFate};
use locklab_sim::messages::{Format, Tr};
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::{clear, themed, ChartResult, Px, Theme};

/// How many holders either side of the focused one a zoomed view shows.
pub const ZOOM_HOLDERS: usize = 5;

/// The indices of the holders shown: all of them, or a few either side of `focus`.
pub fn view(o: &Outcome, focus: Option<usize>) -> std::ops::Range<usize> {
    let n = o.holds.len();
    match focus {
        Some(i) if i < n => i.saturating_sub(ZOOM_HOLDERS)..(i + ZOOM_HOLDERS + 1).min(n),
        _ => 0..n,
    }
}

/// A time label in the unit that suits the span on show: seconds past ten of them, else ms.
fn time_label(ms: f64, span_ms: f64, tr: &Tr) -> String {
    if span_ms >= 10_000.0 { tr.msg("chain-tick-s", &[("seconds", (ms / 1000.0).into())]) } else { tr.msg("chain-tick-ms", &[("ms", ms.into())]) }
}

pub fn chain<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    o: &Outcome,
    focus: Option<usize>,
    theme: &Theme,
    scale: f64,
    tr: &Tr,
) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let range = view(o, focus);
    let shown = &o.holds[range.clone()];
    let Some(first) = shown.first() else { return root.present() };
    let x0 = first.granted_ms;
    let x1 = shown.iter().map(|h| h.write_ms.max(h.lease_end_ms)).fold(x0 + 1.0, f64::max);
    let pad = (x1 - x0) * 0.02;
    let (y0, y1) = (first.token as f64 - 0.7, shown.last().map_or(1.0, |h| h.token as f64) + 0.7);
    let zoomed = focus.is_some();
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(52.0))
        .build_cartesian_2d((x0 - pad)..(x1 + pad), y0..y1)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(5)
        .y_labels(if zoomed { shown.len().min(11) } else { 5 })
        .disable_x_mesh()
        .x_desc(tr.msg("chain-axis-time", &[]))
        .y_desc(tr.msg("chain-axis-token", &[]))
        .x_label_formatter(&|v| time_label(*v, x1 - x0, tr))
        .y_label_formatter(&|v| if (v - v.round()).abs() < 1e-6 { tr.numbers().format(v.round(), Format::Int) } else { String::new() })
        .draw()?;

    let bar = px.of(if zoomed { 8.0 } else { 2.0 });
    let r = px.of(if zoomed { 5.0 } else { 2.5 });
    for h in shown {
        let y = h.token as f64;
        let end = h.write_ms.min(h.lease_end_ms);
        chart.draw_series(std::iter::once(PathElement::new(vec![(h.granted_ms, y), (end, y)], theme.accent.mix(0.5).stroke_width(bar))))?;
        if h.late {
            // Still working after the lease ran out.
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(h.lease_end_ms, y), (h.write_ms, y)],
                theme.bad.mix(0.45).stroke_width(bar),
            )))?;
            let tick = if zoomed { 0.35 } else { 0.6 };
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(h.lease_end_ms, y - tick), (h.lease_end_ms, y + tick)],
                theme.fg.stroke_width(px.of(1.5)),
            )))?;
        }
        let at = (h.write_ms, y);
        match h.fate {
            WriteFate::Applied => {
                chart.draw_series(std::iter::once(Circle::new(at, r, theme.accent.filled())))?;
            }
            WriteFate::Overtaken => {
                // Applied, but after the lock moved on: a hollow ring.
                chart.draw_series(std::iter::once(Circle::new(at, r + px.of(1.0), theme.accent.stroke_width(px.of(2.0)))))?;
            }
            WriteFate::StaleOverwrite => {
                chart.draw_series(std::iter::once(Cross::new(at, r + px.of(2.0), theme.bad.stroke_width(px.of(2.5)))))?;
            }
            WriteFate::Rejected => {
                chart.draw_series(std::iter::once(TriangleMarker::new(at, r + px.of(2.0), theme.good.filled())))?;
            }
        }
    }
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en() -> Tr {
        Tr::english(&[locklab_sim::fencing_chain::MESSAGES])
    }
    use locklab_sim::fencing_chain::{run, Params};

    fn svg(draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>)) -> String {
        crate::testing::svg(640, 300, draw)
    }

    use crate::testing::hex;

    #[test]
    fn zooming_on_a_late_holder_shows_its_neighbours() {
        let o = run(&Params { stall_chance: 0.05, ..Params::default() });
        let late = o.late_indices();
        let i = late[late.len() / 2];
        let r = view(&o, Some(i));
        assert!(r.contains(&i) && r.len() <= 2 * ZOOM_HOLDERS + 1);
        assert_eq!(view(&o, None), 0..o.holds.len());
        assert_eq!(view(&o, Some(usize::MAX)), 0..o.holds.len());
    }

    #[test]
    fn stale_overwrites_are_crosses_in_the_bad_colour_and_rejections_triangles() {
        let p = Params { stall_chance: 0.05, ..Params::default() };
        let off = run(&p);
        assert!(off.summary.stale_overwrites > 0);
        let out = svg(|r| chain(r, &off, None, &Theme::LIGHT, 1.0, &en()).expect("draws"));
        assert!(out.to_uppercase().contains(&hex(Theme::LIGHT.bad)));
        let on = run(&Params { fencing: true, ..p });
        let focus = on.holds.iter().position(|h| h.fate == WriteFate::Rejected);
        let out = svg(|r| chain(r, &on, focus, &Theme::LIGHT, 2.0, &en()).expect("draws"));
        assert!(out.to_uppercase().contains(&hex(Theme::LIGHT.good)), "a rejected write is drawn");
    }

    #[test]
    fn draws_the_smallest_and_largest_chains() {
        for holders in [10, 5000] {
            let o = run(&Params { holders, ..Params::default() });
            svg(|r| chain(r, &o, None, &Theme::DARK, 1.0, &en()).expect("draws"));
        }
    }
}
