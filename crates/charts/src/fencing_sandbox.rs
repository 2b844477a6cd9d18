//! The fencing sandbox's chart: the hand-played story so far on a clock axis, one lane per client
//! (its lease, the part it only believes it holds, its pause, its read and its write, accepted or
//! refused) and a lane for the storage's value.

use locklab_sim::fencing_sandbox::{World, CLIENT_NAMES};
use locklab_sim::messages::{Format, Tr};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{clear, themed, ChartResult, Px, Theme};

pub fn story<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, w: &World, theme: &Theme, scale: f64, tr: &Tr) -> ChartResult<DB> {
    let px = Px(scale);
    clear(root, theme)?;
    let n = w.clients();
    let end = f64::from(w.clock.max(6)) + 1.0;
    let rows = n as f64 + 1.0;
    let mut chart = ChartBuilder::on(root)
        .margin(px.of(8.0))
        .margin_right(px.of(16.0))
        .x_label_area_size(px.of(28.0))
        .y_label_area_size(px.of(64.0))
        .build_cartesian_2d(-0.5f64..end, (rows - 0.4)..-0.6f64)?;
    let names: Vec<String> = (0..n).map(|c| tr.msg("sandbox-chart-client", &[("client", CLIENT_NAMES[c].into())])).chain(std::iter::once(tr.msg("sandbox-chart-storage", &[]))).collect();
    let narrow = f64::from(root.dim_in_pixel().0) / scale < 480.0;
    themed(&mut chart.configure_mesh(), theme, px)
        .disable_y_mesh()
        .x_labels(if narrow { 4 } else { 8 })
        .y_labels(n + 2)
        .x_label_formatter(&|v| tr.msg("sandbox-seconds", &[("seconds", v.round().into())]))
        .y_label_formatter(&|v| {
            let r = v.round();
            if (v - r).abs() > 1e-6 || r < 0.0 {
                return String::new();
            }
            names.get(r as usize).cloned().unwrap_or_default()
        })
        .draw()?;
    let bar = 0.28;
    let now = f64::from(w.clock);
    for (c, s) in w.spans().iter().enumerate() {
        let y = c as f64;
        let Some(from) = s.acquired_at.map(f64::from) else { continue };
        let until = s.released_at.map_or(now, f64::from);
        let lease_end = f64::from(s.lease_end);
        // Holding a valid lease.
        chart.draw_series(std::iter::once(Rectangle::new([(from, y - bar), (until.min(lease_end).max(from + 0.05), y + bar)], theme.accent.mix(0.45).filled())))?;
        // Only believing it holds it.
        if until > lease_end {
            chart.draw_series(std::iter::once(Rectangle::new([(lease_end, y - bar), (until, y + bar)], theme.bad.mix(0.4).filled())))?;
        }
        if let Some((a, b)) = s.pause {
            chart.draw_series(std::iter::once(Rectangle::new([(f64::from(a), y - bar * 1.4), (f64::from(b), y + bar * 1.4)], theme.muted.mix(0.3).filled())))?;
        }
        if let Some(t) = s.token {
            let (x, yy) = chart.backend_coord(&(from, y - bar));
            root.draw(&Text::new(tr.msg("sandbox-chart-token", &[("token", t.into())]), (x + px.i(2.0), yy - px.i(1.0)), px.font(10.0, &theme.fg).pos(Pos::new(HPos::Left, VPos::Bottom))))?;
        }
    }
    let storage = n as f64;
    for l in &w.log {
        let Some(c) = CLIENT_NAMES.iter().position(|name| l.step.starts_with(&format!("{name}."))) else { continue };
        let y = c as f64;
        let x = f64::from(l.clock);
        let write = l.step.ends_with(".write");
        let read = l.step.ends_with(".read");
        match (read || write, l.accepted) {
            (true, Some(true)) if read => {
                chart.draw_series(std::iter::once(Circle::new((x, y), px.of(5.0), theme.fg.stroke_width(px.of(2.0)))))?;
            }
            (true, Some(true)) => {
                chart.draw_series(std::iter::once(Circle::new((x, y), px.of(5.0), theme.fg.filled())))?;
                chart.draw_series(std::iter::once(PathElement::new(vec![(x, y), (x, storage)], theme.fg.mix(0.5).stroke_width(px.of(1.0)))))?;
            }
            (true, Some(false)) => {
                chart.draw_series(std::iter::once(Cross::new((x, y), px.of(6.0), theme.bad.stroke_width(px.of(3.0)))))?;
            }
            _ => {}
        }
        if let Some((value, erased)) = l.applied {
            let (px_x, px_y) = chart.backend_coord(&(x, storage));
            root.draw(&Text::new(tr.numbers().format(value as f64, Format::Int), (px_x, px_y), px.font(12.0, if erased { &theme.bad } else { &theme.fg }).pos(Pos::new(HPos::Center, VPos::Center))))?;
        }
    }
    chart.draw_series(std::iter::once(PathElement::new(vec![(now, -0.6), (now, rows - 0.4)], theme.accent.stroke_width(px.of(2.0)))))?;
    root.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::svg;
    use locklab_sim::fencing_sandbox::{Params, Protection, MESSAGES};

    fn en() -> Tr {
        Tr::english(&[locklab_sim::messages::SHARED, MESSAGES])
    }

    #[test]
    fn the_story_draws_tokens_refusals_and_values() {
        let p = Params {
            protection: Protection::FenceWrites,
            clients: 2,
            lease_s: 10,
            steps: locklab_sim::fencing_sandbox::validate(&[("steps".into(), "A.acquire,A.read,A.pause,B.acquire,B.read,B.write,A.write".into())])
                .0
                .iter()
                .skip(3)
                .filter_map(|&c| locklab_sim::fencing_sandbox::Move::from_code(c))
                .collect(),
        };
        let w = World::replay(&p, p.steps.len());
        let out = svg(720, 240, |root| story(root, &w, &Theme::LIGHT, 1.0, &en()).expect("draws"));
        assert!(out.contains("token 33") && out.contains("token 34"));
        assert!(out.contains("client A") && out.contains("storage"));
        assert!(out.contains(&crate::testing::hex(Theme::LIGHT.bad)), "the refused write");
        let labels: Vec<&str> = out.split("<text").skip(1).filter_map(|t| t.split_once('>').and_then(|(_, r)| r.split("</text>").next()).map(str::trim)).collect();
        assert!(labels.contains(&"10"), "B's applied write: its value on the storage's lane: {labels:?}");

        let empty = World::replay(&p, 0);
        let out = svg(360, 200, |root| story(root, &empty, &Theme::DARK, 2.0, &en()).expect("draws"));
        assert!(!out.contains("token 33"));
    }
}
