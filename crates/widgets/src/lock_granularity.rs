//! How wide should the lock be: one global lock, one per shard or one per key, and what taking two
//! locks in the wrong order does.

use leptos::prelude::*;
use locklab_charts::{lock_granularity as charts, Theme};
use locklab_sim::lock_granularity::{Outcome, Params};
use locklab_sim::text::{int, num, percent};
use locklab_sim::LockGranularity;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_utilisation(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Params), theme: &Theme, scale: f64) {
    let _ = charts::utilisation(root, &d.0, &d.1, theme, scale);
}

fn ms(v: Option<f64>) -> String {
    v.map_or("never settles".to_string(), locklab_sim::text::ms)
}

#[component]
pub fn LockGranularityWidget(model: Model<LockGranularity>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let data = Signal::derive(move || (outcome.get(), params.get()));
    let saturated = Signal::derive(move || outcome.with(|o| !o.summary.simulated));
    let deadlocked = Signal::derive(move || outcome.with(|o| o.summary.deadlocks > 0));
    let label = Signal::derive(move || {
        let p = params.get();
        outcome.with(|o| {
            let bars: Vec<String> = o.busiest.iter().take(5).map(|l| format!("{} {}", charts::lock_label(&p, l.lock), num(l.utilisation))).collect();
            format!(
                "Bars of the busiest locks' utilisation, with a line at 1 where a queue never drains: {}{}.",
                bars.join(", "),
                if o.busiest.len() > 5 { ", …" } else { "" }
            )
        })
    });
    let cycle = move || {
        outcome.with(|o| {
            o.first_cycle.as_ref().map(|c| {
                let items = c
                    .links
                    .iter()
                    .map(|&(w, held, wanted)| {
                        let p = params.get_untracked();
                        view! { <li>{format!("Update {} holds {} and waits for {}.", int(i64::from(w) + 1), p.lock_name(held), p.lock_name(wanted))}</li> }
                    })
                    .collect_view();
                view! {
                    <figure class="ll-figure ll-cycle">
                        <figcaption>{format!("The first deadlock, at {} ms: a circle of waits", num(c.at_ms))}</figcaption>
                        <ol class="ll-list">{items}</ol>
                    </figure>
                }
            })
        })
    };

    view! {
        <ScenarioFrame
            model=model
            title="How wide should the lock be?"
            lede=move || view! { "Every update to an item (a SKU) takes a lock first. One lock for everything is simple but lets one update \
                 run at a time; one per shard or per key lets unrelated updates run side by side. Turn up the rate, then narrow \
                 the lock; then let each update take two items' locks." }
            method=move || view! { "Updates arrive at random at the total rate; each picks its item from a Zipf popularity (item k has \
                 weight k^(−skew)) and holds the lock for an exponential time with the mean you set, so each lock alone is an \
                 M/M/1 queue: utilisation ρ = λ·s, mean wait ρ·s/(1 − ρ), P(wait > t) = ρ·e^(−(1/s − λ)t). Shards are a fixed hash \
                 of the key. At ρ ≥ 1 there is no steady state, so nothing is simulated. With two locks per update, the second \
                 is asked for a moment after the first, a deadlock lasts until a lock's TTL runs out, and the exact formulas no \
                 longer apply (a lock is also held while its holder waits for the other)." }
            after=move || view! { {cycle} }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label="Busiest lock's utilisation" value=model.show(|o| num(o.summary.max_utilisation)) bad=saturated />
                    <Stat label="Mean wait (formula)" value=model.show(|o| format!("{}{}", ms(o.summary.mean_wait_ms), o.summary.exact_mean_wait_ms.map(|e| format!(" ({})", ms(Some(e)))).unwrap_or_default())) bad=saturated />
                    <Stat label="Wait, 99th percentile" value=model.show(|o| ms(o.summary.p99_wait_ms)) />
                    <Stat label="Updates done per second" value=model.show(|o| num(o.summary.throughput_per_s)) />
                    <Stat label="Hottest key's share" value=model.show(|o| percent(o.summary.hottest_share)) />
                    <Stat label="Deadlocks" value=model.show(|o| int(i64::from(o.summary.deadlocks))) bad=deadlocked />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=data draw=draw_utilisation label=label height=240.0 />
                    <figcaption>"Utilisation of the busiest locks (bars, from the formula; with two locks per update a lower bound); dots: the share of time each was held in the simulation."</figcaption>
                </figure>
            }.into_any())
        />
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<LockGranularity>) -> impl IntoView {
    view! { <LockGranularityWidget model=model /> }
}
