//! How wide should the lock be: one global lock, one per shard or one per key, and what taking two
//! locks in the wrong order does.

use leptos::prelude::*;
use locklab_charts::{lock_granularity as charts, Theme};
use locklab_sim::lock_granularity::{Outcome, Params};
use locklab_sim::messages::Format;
use locklab_sim::LockGranularity;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_utilisation(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Params, Words), theme: &Theme, scale: f64) {
    let _ = charts::utilisation(root, &d.0, &d.1, theme, scale, &d.2.tr());
}

#[component]
pub fn LockGranularityWidget(model: Model<LockGranularity>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let words = model.words.get_value();
    let data = Signal::derive(move || (outcome.get(), params.get(), words.clone()));
    let saturated = Signal::derive(move || outcome.with(|o| !o.summary.simulated));
    let deadlocked = Signal::derive(move || outcome.with(|o| o.summary.deadlocks > 0));
    let t = move |key: &str| model.t(key, &[]);
    // A wait, or that there is none to speak of.
    let wait = move |v: Option<f64>| v.map_or_else(|| t("gran-never-settles"), |v| model.format(v, Format::Ms));
    let label = Signal::derive(move || {
        let p = params.get();
        outcome.with(|o| {
            model.words.with_value(|w| {
                let tr = w.tr();
                let mut bars: Vec<String> = o
                    .busiest
                    .iter()
                    .take(5)
                    .map(|l| tr.msg("gran-label-bar", &[("lock", p.lock_label_in(l.lock, &tr).into()), ("utilisation", l.utilisation.into())]))
                    .collect();
                if o.busiest.len() > 5 {
                    bars.push("…".into());
                }
                tr.msg("gran-label", &[("bars", bars.join(", ").into())])
            })
        })
    });
    let cycle = move || {
        outcome.with(|o| {
            o.first_cycle.as_ref().map(|c| {
                let p = params.get_untracked();
                let items = c
                    .links
                    .iter()
                    .map(|&link| view! { <li>{model.words.with_value(|w| p.link_in(link, "gran-cycle-item", &w.tr()))}</li> })
                    .collect_view();
                view! {
                    <figure class="ll-figure ll-cycle">
                        <figcaption>{model.t("gran-cycle-caption", &[("at", c.at_ms.into())])}</figcaption>
                        <ol class="ll-list">{items}</ol>
                    </figure>
                }
            })
        })
    };

    view! {
        <ScenarioFrame
            model=model
            title=t("gran-title")
            lede=move || t("gran-lede")
            method=move || t("gran-method")
            after=move || view! { {cycle} }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label=t("gran-stat-utilisation") value=model.figure(|o| o.summary.max_utilisation, Format::Number) bad=saturated />
                    <Stat label=t("gran-stat-wait") value=Signal::derive(move || outcome.with(|o| match o.summary.exact_mean_wait_ms {
                        Some(exact) => model.t("gran-stat-with-formula", &[("value", wait(o.summary.mean_wait_ms).into()), ("formula", wait(Some(exact)).into())]),
                        None => wait(o.summary.mean_wait_ms),
                    })) bad=saturated />
                    <Stat label=t("gran-stat-p99") value=Signal::derive(move || outcome.with(|o| wait(o.summary.p99_wait_ms))) />
                    <Stat label=t("gran-stat-throughput") value=model.figure(|o| o.summary.throughput_per_s, Format::Number) />
                    <Stat label=t("gran-stat-hottest") value=model.figure(|o| o.summary.hottest_share, Format::Percent) />
                    <Stat label=t("gran-stat-deadlocks") value=model.figure(|o| f64::from(o.summary.deadlocks), Format::Int) bad=deadlocked />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=data draw=draw_utilisation label=label height=240.0 />
                    <figcaption>{t("gran-caption")}</figcaption>
                </figure>
            }.into_any())
        />
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<LockGranularity>) -> impl IntoView {
    view! { <LockGranularityWidget model=model /> }
}
