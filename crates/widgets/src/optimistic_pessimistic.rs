//! Optimistic or pessimistic: one hot record updated with version-checked retries or under a lock.

use leptos::prelude::*;
use locklab_charts::{optimistic_pessimistic as charts, Theme};
use locklab_sim::optimistic_pessimistic::{Outcome, Params, Work};
use locklab_sim::text::{int, ms, num};
use locklab_sim::OptimisticPessimistic;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_curves(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Params), theme: &Theme, scale: f64) {
    let _ = charts::latency_curves(root, &d.0, &d.1, theme, scale);
}

#[component]
pub fn OptimisticPessimisticWidget(model: Model<OptimisticPessimistic>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let data = Signal::derive(move || (outcome.get(), params.get()));
    let optimistic_slower = Signal::derive(move || outcome.with(|o| o.summary.optimistic.mean_ms > o.summary.pessimistic.mean_ms));
    let lock_slower = Signal::derive(move || outcome.with(|o| o.summary.pessimistic.mean_ms > o.summary.optimistic.mean_ms));
    let label = Signal::derive(move || {
        outcome.with(|o| {
            let s = &o.summary;
            format!(
                "Mean time per update against the update rate, from the formulas, both axes on log scales: optimistic rises \
                 {}, the lock rises steeply towards its capacity. {} {} At the current rate the simulation gives {} \
                 optimistic and {} with the lock.",
                if params.with(|p| p.work == Work::Fixed) { "exponentially (e^(λT) attempts)" } else { "linearly in the rate (1 + λT attempts)" },
                s.crossover_per_s.map_or("The curves do not cross below the lock's capacity.".to_string(), |c| format!("They cross near {} updates a second.", num(c))),
                s.simulated_crossover_per_s.map_or("In the simulation optimistic stays quicker up to capacity.".to_string(), |c| format!("In the simulation the means cross near {} a second.", num(c))),
                ms(s.optimistic.mean_ms),
                ms(s.pessimistic.mean_ms)
            )
        })
    });
    let table = move || {
        outcome.with(|o| {
            let (op, pe) = (&o.summary.optimistic, &o.summary.pessimistic);
            view! {
                <div class="ll-table-wrap">
                    <table class="ll-compare">
                        <caption>"The same updates, both ways"</caption>
                        <thead>
                            <tr>
                                <th scope="col" class="ll-left">"Measure"</th>
                                <th scope="col">"Optimistic"</th>
                                <th scope="col">"With the lock"</th>
                            </tr>
                        </thead>
                        <tbody>
                            <tr><th scope="row" class="ll-left">"Updates done per second"</th><td>{num(op.throughput_per_s)}</td><td>{num(pe.throughput_per_s)}</td></tr>
                            <tr><th scope="row" class="ll-left">"Time per update, median"</th><td>{ms(op.p50_ms)}</td><td>{ms(pe.p50_ms)}</td></tr>
                            <tr><th scope="row" class="ll-left">"Time per update, 99th percentile"</th><td>{ms(op.p99_ms)}</td><td>{ms(pe.p99_ms)}</td></tr>
                            <tr><th scope="row" class="ll-left">"Time per update, mean"</th><td>{ms(op.mean_ms)}</td><td>{ms(pe.mean_ms)}</td></tr>
                            <tr><th scope="row" class="ll-left">"Work thrown away"</th><td>{format!("{} attempts", int(op.wasted_attempts as i64))}</td><td>"none"</td></tr>
                            <tr><th scope="row" class="ll-left">"Waiting for the lock"</th><td>"never"</td><td>{format!("{} on average; at most {} in line", ms(pe.mean_wait_ms), int(i64::from(pe.max_queue)))}</td></tr>
                        </tbody>
                    </table>
                </div>
            }
        })
    };

    view! {
        <ScenarioFrame
            model=model
            title="Optimistic or pessimistic: one hot record"
            lede=move || view! { "Two ways to update a record many clients want. Optimistic: read it with its version, do the work, and \
                 write only if the version has not changed; otherwise start again. Pessimistic: take a lock first, so nobody \
                 else can start, and release it after. Raise the rate and watch which one wins." }
            method=move || view! { "Updates arrive at random (a Poisson process) and both ways see the same arrivals. Optimistic: a commit \
                 fails if another commit landed after its read; the update then pays the retry cost and starts over. The lock \
                 is held for the work plus one round trip to the lock service, first come first served: a Pollaczek–Khinchine \
                 (M/G/1) queue, M/D/1 when the work always takes the same time. The optimistic formula, e^(λT) attempts for \
                 fixed work or 1 + λT for exponential work, assumes other commits arrive as a Poisson stream, which holds while \
                 conflicts are rare (λT well under 1)." }
            after=move || view! { {table} }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label="Optimistic, mean" value=model.show(|o| ms(o.summary.optimistic.mean_ms)) bad=optimistic_slower />
                    <Stat label="With the lock, mean" value=model.show(|o| ms(o.summary.pessimistic.mean_ms)) bad=lock_slower />
                    <Stat label="Attempts per update (formula)" value=model.show(|o| format!("{} ({})", num(o.summary.optimistic.attempts_per_update), num(o.summary.exact_attempts))) />
                    <Stat label="Lock wait (formula)" value=model.show(|o| format!("{} ({})", ms(o.summary.pessimistic.mean_wait_ms), o.summary.exact_wait_ms.map_or("no steady state".to_string(), ms))) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=data draw=draw_curves label=label height=260.0 />
                    <figcaption>"Mean time per update by the formulas: optimistic (red) and with the lock (blue, up to its capacity); the dots are this run, simulated."</figcaption>
                </figure>
            }.into_any())
        />
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<OptimisticPessimistic>) -> impl IntoView {
    view! { <OptimisticPessimisticWidget model=model /> }
}
