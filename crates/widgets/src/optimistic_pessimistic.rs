//! Optimistic or pessimistic: one hot record updated with version-checked retries or under a lock.

use leptos::prelude::*;
use locklab_charts::{optimistic_pessimistic as charts, Theme};
use locklab_sim::messages::Format;
use locklab_sim::optimistic_pessimistic::{Outcome, Params, Work};
use locklab_sim::OptimisticPessimistic;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_curves(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Params, Words), theme: &Theme, scale: f64) {
    let _ = charts::latency_curves(root, &d.0, &d.1, theme, scale, &d.2.tr());
}

#[component]
pub fn OptimisticPessimisticWidget(model: Model<OptimisticPessimistic>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let words = model.words.get_value();
    let data = Signal::derive(move || (outcome.get(), params.get(), words.clone()));
    let optimistic_slower = Signal::derive(move || outcome.with(|o| o.summary.optimistic.mean_ms > o.summary.pessimistic.mean_ms));
    let lock_slower = Signal::derive(move || outcome.with(|o| o.summary.pessimistic.mean_ms > o.summary.optimistic.mean_ms));
    let t = move |key: &str| model.t(key, &[]);
    let label = Signal::derive(move || {
        outcome.with(|o| {
            let s = &o.summary;
            [
                t(if params.with(|p| p.work == Work::Fixed) { "opt-label-fixed" } else { "opt-label-varied" }),
                s.crossover_per_s.map_or_else(|| t("opt-label-no-cross"), |c| model.t("opt-label-cross", &[("rate", c.into())])),
                s.simulated_crossover_per_s.map_or_else(|| t("opt-label-sim-capacity"), |c| model.t("opt-label-sim-cross", &[("rate", c.into())])),
                model.t("opt-label-now", &[("optimistic", s.optimistic.mean_ms.into()), ("lock", s.pessimistic.mean_ms.into())]),
            ]
            .join(" ")
        })
    });
    let table = move || {
        outcome.with(|o| {
            let (op, pe) = (&o.summary.optimistic, &o.summary.pessimistic);
            let number = |v: f64| model.format(v, Format::Number);
            let duration = |v: f64| model.format(v, Format::Ms);
            let row = |key: &str, a: String, b: String| {
                view! { <tr><th scope="row" class="ll-left">{t(key)}</th><td>{a}</td><td>{b}</td></tr> }
            };
            view! {
                <div class="ll-table-wrap">
                    <table class="ll-compare">
                        <caption>{t("opt-table-caption")}</caption>
                        <thead>
                            <tr>
                                <th scope="col" class="ll-left">{t("opt-table-measure")}</th>
                                <th scope="col">{t("opt-table-optimistic")}</th>
                                <th scope="col">{t("opt-table-lock")}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {row("opt-row-throughput", number(op.throughput_per_s), number(pe.throughput_per_s))}
                            {row("opt-row-median", duration(op.p50_ms), duration(pe.p50_ms))}
                            {row("opt-row-p99", duration(op.p99_ms), duration(pe.p99_ms))}
                            {row("opt-row-mean", duration(op.mean_ms), duration(pe.mean_ms))}
                            {row("opt-row-wasted", model.t("opt-cell-wasted", &[("attempts", (op.wasted_attempts as f64).into())]), t("opt-cell-none"))}
                            {row("opt-row-waiting", t("opt-cell-never"), model.t("opt-cell-waiting", &[("wait", pe.mean_wait_ms.into()), ("queue", pe.max_queue.into())]))}
                        </tbody>
                    </table>
                </div>
            }
        })
    };

    view! {
        <ScenarioFrame
            model=model
            title=t("opt-title")
            lede=move || t("opt-lede")
            method=move || t("opt-method")
            after=move || view! { {table} }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label=t("opt-stat-optimistic") value=model.figure(|o| o.summary.optimistic.mean_ms, Format::Ms) bad=optimistic_slower />
                    <Stat label=t("opt-stat-lock") value=model.figure(|o| o.summary.pessimistic.mean_ms, Format::Ms) bad=lock_slower />
                    <Stat label=t("opt-stat-attempts") value=Signal::derive(move || outcome.with(|o| model.t("opt-stat-attempts-value", &[("attempts", o.summary.optimistic.attempts_per_update.into()), ("exact", o.summary.exact_attempts.into())]))) />
                    <Stat label=t("opt-stat-wait") value=Signal::derive(move || outcome.with(|o| {
                        let wait = o.summary.pessimistic.mean_wait_ms;
                        match o.summary.exact_wait_ms {
                            Some(exact) => model.t("opt-stat-wait-value", &[("wait", wait.into()), ("exact", exact.into())]),
                            None => model.t("opt-stat-wait-unsteady", &[("wait", wait.into())]),
                        }
                    })) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=data draw=draw_curves label=label height=260.0 />
                    <figcaption>{t("opt-caption")}</figcaption>
                </figure>
            }.into_any())
        />
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<OptimisticPessimistic>) -> impl IntoView {
    view! { <OptimisticPessimisticWidget model=model /> }
}
