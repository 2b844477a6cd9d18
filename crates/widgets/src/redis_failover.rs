//! The Redis-failover widget: where the lock lives decides what a crash costs.

use leptos::prelude::*;
use locklab_charts::{redis_failover as charts, Theme};
use locklab_sim::messages::Format;
use locklab_sim::redis_failover::{Outcome, Store, FACTS, FACT_CELLS};
use locklab_sim::RedisFailover;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_histogram(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Words), theme: &Theme, scale: f64) {
    let _ = charts::histogram(root, &d.0, theme, scale, &d.1.tr());
}

fn draw_lag(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Words), theme: &Theme, scale: f64) {
    let _ = charts::lag_curve(root, &d.0, d.0.summary.store == Store::Redis, theme, scale, &d.1.tr());
}

#[component]
pub fn RedisFailoverWidget(model: Model<RedisFailover>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let words = model.words.get_value();
    let data = Signal::derive(move || (outcome.get(), words.clone()));
    let t = move |key: &str| model.t(key, &[]);
    let number = move |f: fn(&Outcome) -> f64| model.figure(f, Format::Number);
    let losing = Signal::derive(move || outcome.with(|o| o.summary.max_lost > 0));
    let safe = Signal::derive(move || outcome.with(|o| o.summary.max_lost == 0));
    let hist_label = Signal::derive(move || {
        outcome.with(|o| {
            model.t(
                "failover-histogram-label",
                &[
                    ("failovers", o.summary.failovers.into()),
                    ("mean", o.summary.mean_lost.into()),
                    ("exact", o.summary.expected_lost.into()),
                    ("worst", o.summary.max_lost.into()),
                ],
            )
        })
    });
    let lag_label = Signal::derive(move || outcome.with(|o| model.t("failover-lag-label", &[("lag", o.lag_ms.into()), ("expected", o.redis_expected_lost.into())])));
    let rows = move || FACTS
        .iter()
        .map(|f| {
            let current = move || params.with(|p| p.store == f.store);
            view! {
                <tr class:ll-current=current>
                    <th scope="row">{model.t(&format!("{}-{}", f.key, FACT_CELLS[0]), &[])}</th>
                    {FACT_CELLS[1..].iter().map(|cell| view! { <td class="ll-left">{model.t(&format!("{}-{cell}", f.key), &[])}</td> }).collect_view()}
                </tr>
            }
        })
        .collect_view();

    view! {
        <ScenarioFrame
            model=model
            title=t("failover-title")
            lede=move || t("failover-lede")
            method=move || t("failover-method")
            after=move || view! { <div class="ll-table-wrap">
                <table class="ll-compare ll-stores">
                    <caption>{t("failover-table-caption")}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t("failover-table-store")}</th>
                            <th scope="col" class="ll-left">{t("failover-table-on-failover")}</th>
                            <th scope="col" class="ll-left">{t("failover-table-fencing")}</th>
                            <th scope="col" class="ll-left">{t("failover-table-cost")}</th>
                            <th scope="col" class="ll-left">{t("failover-table-use")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div> }
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label=t("failover-stat-exact") value=number(|o| o.summary.expected_lost) bad=losing good=safe />
                        <Stat label=t("failover-stat-simulated") value=number(|o| o.summary.mean_lost) />
                        <Stat label=t("failover-stat-twice") value=number(|o| o.summary.mean_regranted) />
                        <Stat label=t("failover-stat-worst") value=Signal::derive(move || outcome.with(|o| model.t("failover-stat-worst-value", &[("lost", o.summary.max_lost.into())]))) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_histogram label=hist_label height=220.0 />
                        <figcaption>{t("failover-histogram-caption")}</figcaption>
                    </figure>
            }.into_any())
        >
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_lag label=lag_label height=220.0 />
                        <figcaption>{t("failover-lag-caption")}</figcaption>
                    </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<RedisFailover>) -> impl IntoView {
    view! { <RedisFailoverWidget model=model /> }
}
