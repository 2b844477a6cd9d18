//! The lease widgets' charts: run lengths against the lease (which runs lost the lock under the
//! chosen defence), what the lost runs cost (the chosen defence beside no defence), and the
//! lease-sizing worksheet's stacked sum against the lease picked.

use locklab_sim::lease_renewal::{Outcome as Renewal, Summary, HIST_RANGE};
use locklab_sim::lease_sizing::Outcome as Sizing;
use locklab_sim::messages::{Format, Tr};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

/// Run lengths on a log axis, counts on a log axis; runs that lost the lock in red, the lease
/// marked.
pub fn runs<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Renewal, ttl: f64, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    let int = |v: f64| tr.numbers().format(v, Format::Int);
    clear(root, theme)?;
    let max = o.histogram.iter().map(|b| b.kept.max(b.lost)).max().unwrap_or(1).max(1) as f64;
    let (x0, x1) = HIST_RANGE;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(28.0))
        .x_label_area_size(px.of(34.0))
        .y_label_area_size(px.of(52.0))
        .build_cartesian_2d((x0..x1).log_scale(), (0.8f64..max * 2.0).log_scale())?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(5)
        .y_labels(4)
        .disable_x_mesh()
        .x_desc(tr.msg("renewal-axis-length", &[]))
        .y_desc(tr.msg("renewal-axis-runs", &[]))
        .x_label_formatter(&|v| tr.msg("renewal-seconds", &[("seconds", (*v).into())]))
        .y_label_formatter(&|v| int(v.round()))
        .draw()?;
    for b in &o.histogram {
        if b.kept > 0 {
            chart.draw_series(std::iter::once(Rectangle::new([(b.lo, 0.8), (b.hi, f64::from(b.kept))], theme.accent.mix(0.8).filled())))?;
        }
        if b.lost > 0 {
            // Drawn over the kept bar, narrower, so both show in a shared bin.
            let mid = (b.lo * b.hi).sqrt();
            let (l, h) = ((b.lo * mid).sqrt(), (mid * b.hi).sqrt());
            chart.draw_series(std::iter::once(Rectangle::new([(l, 0.8), (h, f64::from(b.lost))], theme.bad.filled())))?;
        }
    }
    chart.draw_series(std::iter::once(PathElement::new(vec![(ttl, 0.8), (ttl, max * 2.0)], theme.fg.stroke_width(px.of(2.0)))))?;
    let (x, y) = chart.backend_coord(&(ttl, max * 2.0));
    root.draw(&Text::new(tr.msg("renewal-chart-lease", &[("ttl", ttl.into())]), (x + px.i(6.0), y + px.i(4.0)), px.font(12.0, &theme.fg).pos(Pos::new(HPos::Left, VPos::Top))))?;
    root.present()
}

/// A bar of the costs chart: its label's message, the figure it shows, its colour.
type CostRow = (&'static str, fn(&Summary) -> u64, RGBColor);

/// What the lost runs cost: one bar per outcome for the chosen defence, with no defence on the
/// same runs faint beside it.
pub fn costs<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Renewal, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    let int = |v: f64| tr.numbers().format(v, Format::Int);
    clear(root, theme)?;
    let rows: [CostRow; 4] = [
        ("renewal-bar-invoices", |s| s.harmful_duplicates, theme.bad),
        ("renewal-bar-emails", |s| s.duplicate_emails, theme.bad),
        ("renewal-bar-refused", |s| s.rejected_writes, theme.good),
        ("renewal-bar-harmless", |s| s.harmless_repeats, theme.good),
    ];
    let top = rows.iter().map(|(_, f, _)| f(&o.summary).max(f(&o.baseline))).max().unwrap_or(1).max(1) as f64 * 1.25;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(30.0))
        .y_label_area_size(px.of(44.0))
        .build_cartesian_2d(0f64..4.0, 0f64..top)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(0)
        .y_labels(4)
        .disable_x_mesh()
        .y_label_formatter(&|v| int(v.round()))
        .draw()?;
    for (i, (label, f, color)) in rows.iter().enumerate() {
        let x = i as f64;
        let (ours, base) = (f(&o.summary) as f64, f(&o.baseline) as f64);
        chart.draw_series(std::iter::once(Rectangle::new([(x + 0.12, 0.0), (x + 0.42, base)], theme.muted.mix(0.3).filled())))?;
        chart.draw_series(std::iter::once(Rectangle::new([(x + 0.48, 0.0), (x + 0.88, ours)], color.mix(0.85).filled())))?;
        let (tx, ty) = chart.backend_coord(&(x + 0.68, ours));
        root.draw(&Text::new(int(ours), (tx, ty - px.i(4.0)), px.font(12.0, &theme.fg).pos(Pos::new(HPos::Center, VPos::Bottom))))?;
        let (lx, ly) = chart.backend_coord(&(x + 0.5, 0.0));
        root.draw(&Text::new(tr.msg(label, &[]), (lx, ly + px.i(6.0)), px.font(11.0, &theme.muted).pos(Pos::new(HPos::Center, VPos::Top))))?;
    }
    root.present()
}

/// The worksheet: the terms stacked into one bar against the lease you picked (a line), the
/// margin left in red when the terms do not fit.
pub fn stack<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, o: &Sizing, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let ttl = o.summary.ttl_seconds;
    let right = o.summary.sum_seconds.max(ttl) * 1.1;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(30.0))
        .y_label_area_size(px.of(8.0))
        .build_cartesian_2d(0f64..right.max(1.0), 0f64..3.0)?;
    themed(&mut chart.configure_mesh(), theme, px)
        .x_labels(6)
        .y_labels(0)
        .disable_y_mesh()
        .x_label_formatter(&|v| tr.msg("sizing-seconds", &[("seconds", (*v).into())]))
        .draw()?;
    let shades = [0.85, 0.65, 0.45, 0.3, 0.0];
    let mut at = 0.0;
    for (k, (key, secs)) in o.terms.iter().enumerate() {
        if *secs <= 0.0 {
            continue;
        }
        let label = tr.msg(key, &[]);
        let last = k == o.terms.len() - 1;
        let color = if last { theme.good.mix(0.5) } else { theme.accent.mix(shades[k]) };
        chart.draw_series(std::iter::once(Rectangle::new([(at, 1.0), (at + secs, 2.0)], color.filled())))?;
        chart.draw_series(std::iter::once(Rectangle::new([(at, 1.0), (at + secs, 2.0)], theme.bg.stroke_width(px.of(1.0)))))?;
        let (x, y) = chart.backend_coord(&(at + secs / 2.0, 2.0));
        // A label only where it fits over its own segment (about 6.5 CSS px a character).
        let (xa, _) = chart.backend_coord(&(at, 2.0));
        let (xb, _) = chart.backend_coord(&(at + secs, 2.0));
        if f64::from(xb - xa) > label.chars().count() as f64 * 6.5 * scale + 4.0 {
            root.draw(&Text::new(label, (x, y - px.i(4.0)), px.font(11.0, &theme.fg).pos(Pos::new(HPos::Center, VPos::Bottom))))?;
        }
        at += secs;
    }
    // What the lease leaves beyond the four terms: the margin really left (red when negative).
    let needed = o.summary.ttl_seconds - o.summary.margin_seconds;
    if o.summary.margin_seconds < 0.0 {
        chart.draw_series(std::iter::once(Rectangle::new([(ttl, 0.6), (needed, 0.9)], theme.bad.filled())))?;
    } else {
        chart.draw_series(std::iter::once(Rectangle::new([(needed, 0.6), (ttl, 0.9)], theme.good.mix(0.8).filled())))?;
    }
    chart.draw_series(std::iter::once(PathElement::new(vec![(ttl, 0.3), (ttl, 2.6)], theme.fg.stroke_width(px.of(2.0)))))?;
    let (x, y) = chart.backend_coord(&(ttl, 2.6));
    root.draw(&Text::new(tr.msg("sizing-chart-lease", &[("ttl", ttl.into())]), (x, y - px.i(2.0)), px.font(12.0, &theme.fg).pos(Pos::new(HPos::Center, VPos::Bottom))))?;
    let (x, y) = chart.backend_coord(&((needed + ttl) / 2.0, 0.6));
    let margin = o.summary.margin_seconds;
    let (text, color) = if margin < 0.0 {
        (tr.msg("sizing-chart-short", &[("short", (-margin).into())]), theme.bad)
    } else {
        (tr.msg("sizing-chart-left", &[("margin", margin.into())]), theme.good)
    };
    root.draw(&Text::new(text, (x, y + px.i(4.0)), px.font(12.0, &color).pos(Pos::new(HPos::Center, VPos::Top))))?;
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::svg;
    use locklab_sim::{lease_renewal, lease_sizing};

    fn renewal_en() -> locklab_sim::messages::Tr {
        locklab_sim::messages::Tr::english(&[lease_renewal::MESSAGES])
    }

    #[test]
    fn the_renewal_charts_draw_every_defence_and_the_lease() {
        for d in lease_renewal::Defence::ALL {
            let p = lease_renewal::Params { defence: d, runs: 5000, ..Default::default() };
            let o = lease_renewal::run(&p);
            let out = svg(640, 240, |root| {
                runs(root, &o, p.ttl_s, &Theme::LIGHT, 1.0, &renewal_en()).expect("draws");
            });
            assert!(out.contains("lease 30 s"));
            let out = svg(640, 220, |root| {
                costs(root, &o, &Theme::DARK, 2.0, &renewal_en()).expect("draws");
            });
            for label in ["double invoices", "double emails", "writes refused", "harmless repeats"] {
                assert!(out.contains(label), "{d:?}: {label}");
            }
        }
    }

    fn sizing_en() -> locklab_sim::messages::Tr {
        locklab_sim::messages::Tr::english(&[lease_sizing::MESSAGES])
    }

    #[test]
    fn the_worksheet_marks_the_lease_and_what_is_left() {
        let o = lease_sizing::run(&lease_sizing::Params::default());
        let out = svg(640, 160, |root| {
            stack(root, &o, &Theme::LIGHT, 1.0, &sizing_en()).expect("draws");
        });
        assert!(out.contains("lease 20 s") && out.contains("margin left 6.5 s"), "{out}");
        let short = lease_sizing::run(&lease_sizing::Params { ttl_s: 10.0, ..Default::default() });
        let out = svg(640, 160, |root| {
            stack(root, &short, &Theme::LIGHT, 1.0, &sizing_en()).expect("draws");
        });
        assert!(out.contains("3.5 s short"), "{out}");
    }
}
