//! The lease-sizing worksheet: the rule's terms against the lease you pick, the margin really
//! left, and the chance that a pause outlasts it.

use leptos::prelude::*;
use locklab_charts::{lease as charts, Theme};
use locklab_sim::lease_sizing::{Outcome, PRESETS, SPECS};
use locklab_sim::text::{num, percent};
use locklab_sim::LeaseSizing;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_stack(root: &DrawingArea<Canvas, Shift>, o: &Outcome, theme: &Theme, scale: f64) {
    let _ = charts::stack(root, o, theme, scale);
}

#[component]
pub fn LeaseSizingWidget(model: Model<LeaseSizing>) -> impl IntoView {
    let outcome = model.outcome;
    let data = Signal::derive(move || outcome.get());
    let label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "One bar of the terms (work, pause, network, renewal, margin) adding up to {} s, against a {} s lease: {} s of margin left.",
                num(o.summary.sum_seconds),
                num(o.summary.ttl_seconds),
                num(o.summary.margin_seconds)
            )
        })
    });
    let short = Signal::derive(move || outcome.with(|o| o.summary.margin_seconds < 0.0));
    let presets = PRESETS
        .iter()
        .map(|(text, pairs)| {
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
                    {*text}
                </button>
            }
        })
        .collect_view();

    view! {
        <ScenarioFrame
            model=model
            title="Size a lease: a worksheet, not a promise"
            lede=move || view! { "A common rule: lease ≥ p99 work + p99 pause + network delay + renewal interval + a safety margin. Add up \
                 your terms, pick a lease, and see what margin is really left and what a crash then costs." }
            method=move || view! { "What the rule does not do: with renewal the work need not fit in one lease (a renewal interval above 0 \
                 reads as a renewed lease, and a work term beside it only makes the rule ask for more); adding p99s usually over-sizes, \
                 since for ordinary, independent parts the p99 of a sum is well below the sum of the p99s; and no lease bounds an \
                 unbounded pause, which is why the resource must check a fencing token. A pause loses a renewed lease when it outlasts \
                 lease − renewal − network, a lease without renewal (interval 0) when it outlasts lease − work − network. The chance \
                 comes from the pause model under More settings (as in the TTL trade-off), exactly." }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label="The rule asks for" value=model.show(|o| format!("{} s", num(o.summary.sum_seconds))) />
                    <Stat label="Margin left" value=model.show(|o| format!("{} s", num(o.summary.margin_seconds))) bad=short />
                    <Stat label="A pause loses the lease" value=model.show(|o| percent(o.summary.pause_loses_lease)) />
                    <Stat label="Wait after a crash" value=model.show(|o| format!("up to {} s", num(o.summary.crash_wait_seconds))) />
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
