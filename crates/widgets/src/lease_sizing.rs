//! The lease-sizing worksheet: the rule's terms against the lease you pick, the margin really
//! left, and the chance that a pause outlasts it.

use leptos::prelude::*;
use locklab_charts::{lease as charts, Theme};
use locklab_sim::lease_sizing::{Outcome, PRESETS, SPECS};
use locklab_sim::LeaseSizing;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_stack(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Words), theme: &Theme, scale: f64) {
    let _ = charts::stack(root, &d.0, theme, scale, &d.1.tr());
}

#[component]
pub fn LeaseSizingWidget(model: Model<LeaseSizing>) -> impl IntoView {
    let outcome = model.outcome;
    let words = model.words.get_value();
    let data = Signal::derive(move || (outcome.get(), words.clone()));
    let label = Signal::derive(move || {
        outcome.with(|o| {
            model.t(
                "sizing-chart-label",
                &[("sum", o.summary.sum_seconds.into()), ("ttl", o.summary.ttl_seconds.into()), ("margin", o.summary.margin_seconds.into())],
            )
        })
    });
    let t = move |key: &str| model.t(key, &[]);
    let seconds = move |key: &'static str, f: fn(&Outcome) -> f64| Signal::derive(move || outcome.with(|o| model.t(key, &[("seconds", f(o).into())])));
    let short = Signal::derive(move || outcome.with(|o| o.summary.margin_seconds < 0.0));
    let presets = PRESETS
        .iter()
        .map(|(key, pairs)| {
            let pairs: Vec<(String, String)> = pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
            view! {
                <button
                    type="button"
                    class="ll-button"
                    on:click=move |_| {
                        // Only the worksheet's terms; the pause model stays as set.
                        let (preset, _) = locklab_sim::params::validate(SPECS, &pairs);
                        model.values.update(|v| {
                            for (name, _) in &pairs {
                                if let Some(i) = SPECS.iter().position(|s| s.name == name) {
                                    v[i] = preset[i];
                                }
                            }
                        });
                    }
                >
                    {t(key)}
                </button>
            }
        })
        .collect_view();

    view! {
        <ScenarioFrame
            model=model
            title=t("sizing-title")
            lede=move || t("sizing-lede")
            method=move || t("sizing-method")
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label=t("sizing-stat-rule") value=seconds("sizing-seconds", |o| o.summary.sum_seconds) />
                    <Stat label=t("sizing-stat-margin") value=seconds("sizing-seconds", |o| o.summary.margin_seconds) bad=short />
                    <Stat label=t("sizing-stat-loses") value=model.figure(|o| o.summary.pause_loses_lease, locklab_sim::messages::Format::Percent) />
                    <Stat label=t("sizing-stat-wait") value=seconds("sizing-stat-wait-value", |o| o.summary.crash_wait_seconds) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=data draw=draw_stack label=label height=150.0 />
                </figure>
            }.into_any())
        >
            <div class="ll-buttons">{presets}</div>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<LeaseSizing>) -> impl IntoView {
    view! { <LeaseSizingWidget model=model /> }
}
