//! The Redis-failover widget: where the lock lives decides what a crash costs.

use leptos::prelude::*;
use locklab_charts::{redis_failover as charts, Theme};
use locklab_sim::redis_failover::{Outcome, Store, FACTS};
use locklab_sim::text::{int, num};
use locklab_sim::RedisFailover;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_histogram(root: &DrawingArea<Canvas, Shift>, o: &Outcome, theme: &Theme, scale: f64) {
    let _ = charts::histogram(root, o, theme, scale);
}

fn draw_lag(root: &DrawingArea<Canvas, Shift>, o: &Outcome, theme: &Theme, scale: f64) {
    let _ = charts::lag_curve(root, o, o.summary.store == Store::Redis, theme, scale);
}

#[component]
pub fn RedisFailoverWidget(model: Model<RedisFailover>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let data = Signal::derive(move || outcome.get());
    let losing = Signal::derive(move || outcome.with(|o| o.summary.max_lost > 0));
    let safe = Signal::derive(move || outcome.with(|o| o.summary.max_lost == 0));
    let hist_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Histogram of locks lost per failover over {} failovers: mean {}, exact expectation {}, worst {}.",
                int(i64::from(o.summary.failovers)),
                num(o.summary.mean_lost),
                num(o.summary.expected_lost),
                int(i64::from(o.summary.max_lost))
            )
        })
    });
    let lag_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Expected locks a Redis failover loses against replication lag, from 0.1 ms to 1 s, rising with the lag; at {} ms \
                 it is {}.",
                num(o.lag_ms),
                num(o.redis_expected_lost)
            )
        })
    });
    let rows = move || FACTS
        .iter()
        .map(|f| {
            let current = move || params.with(|p| p.store == f.store);
            view! {
                <tr class:ll-current=current>
                    <th scope="row">{f.name}</th>
                    <td class="ll-left">{f.on_failover}</td>
                    <td class="ll-left">{f.fencing_token}</td>
                    <td class="ll-left">{f.cost}</td>
                    <td class="ll-left">{f.use_when}</td>
                </tr>
            }
        })
        .collect_view();

    view! {
        <ScenarioFrame
            model=model
            title="Where the lock lives: what a failover costs"
            lede=move || view! { "Redis answers the client without waiting for its replica to confirm the write; the copy is sent at once \
                 but may still be on its way. If the primary dies before it arrives, the replica that takes over never heard of \
                 those locks, and another client can take them again." }
            method=move || view! { "Redis: each lock granted in the 5 s before the crash is lost if its copy to the replica (an exponential delay \
                 with the mean lag) had not finished; the expectation is rate × lag × (1 − e^(−5 s/lag)). Each failover is \
                 simulated from its own seeded stream. Redlock and consensus rows summarise how those systems are documented \
                 to behave when one node crashes: a 0 here is for a crash of one node, not for a network partition, which this \
                 model leaves out (Jepsen measured Redis with Sentinel losing 56 % of acknowledged writes under one). The lab \
                 runs one on real servers (its partition runs, listed in the lab's panel below): a primary cut off from its replica and Sentinel goes on \
                 granting, and every lock it granted on its side is gone when it rejoins, so the loss grows with the partition's \
                 length, not with the lag. min-replicas-to-write shortens that window to its min-replicas-max-lag and a second or two; it does \
                 not close it. Cut off the same way, etcd's leader grants nothing while the other two members elect a new one." }
            after=move || view! { <div class="ll-table-wrap">
                <table class="ll-compare ll-stores">
                    <caption>"The three places a lock can live"</caption>
                    <thead>
                        <tr>
                            <th scope="col">"Store"</th>
                            <th scope="col" class="ll-left">"On failover"</th>
                            <th scope="col" class="ll-left">"Fencing token"</th>
                            <th scope="col" class="ll-left">"Cost per lock"</th>
                            <th scope="col" class="ll-left">"Use it for"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div> }
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label="Lost per crash failover (exact)" value=model.show(|o| num(o.summary.expected_lost)) bad=losing good=safe />
                        <Stat label="Lost per failover (simulated)" value=model.show(|o| num(o.summary.mean_lost)) />
                        <Stat label="Granted twice per failover" value=model.show(|o| num(o.summary.mean_regranted)) />
                        <Stat label="Worst failover" value=model.show(|o| format!("{} lost", int(i64::from(o.summary.max_lost)))) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_histogram label=hist_label height=220.0 />
                        <figcaption>"How many locks each simulated failover lost; the line marks the exact expectation."</figcaption>
                    </figure>
            }.into_any())
        >
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_lag label=lag_label height=220.0 />
                        <figcaption>"Expected locks lost per Redis failover as the replication lag grows (both axes on log scales); the dot is your setting."</figcaption>
                    </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<RedisFailover>) -> impl IntoView {
    view! { <RedisFailoverWidget model=model /> }
}
