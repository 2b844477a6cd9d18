//! The TTL trade-off widget: lease length against unsafe overlaps and crash recovery.

use leptos::prelude::*;
use locklab_charts::{ttl_tradeoff as charts, Theme};
use locklab_sim::messages::Arg;
use locklab_sim::ttl_tradeoff::{exact_curve, Outcome};
use locklab_sim::TtlTradeoff;
use plotters::coord::Shift;
use plotters::prelude::*;
use crate::canvas::Canvas;
use crate::i18n::Words;

use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_histogram(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Words), theme: &Theme, scale: f64) {
    let _ = charts::histogram(root, &d.0, theme, scale, &d.1.tr());
}

fn draw_tradeoff(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Vec<(f64, f64)>, Words), theme: &Theme, scale: f64) {
    let _ = charts::tradeoff(root, &d.0, &d.1, theme, scale, &d.2.tr());
}

#[component]
pub fn TtlTradeoffWidget(model: Model<TtlTradeoff>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let words = model.words.get_value();
    let data = {
        let words = words.clone();
        Signal::derive(move || (outcome.get(), words.clone()))
    };
    // The exact curve depends on the hold model only: recomputed when the work, spread or stalls
    // change, never for the TTL or the seed, and after the change event (only the chart reads it).
    let hold_model = Memo::new(move |_| params.with(|p| p.model()));
    let exact = Memo::new(move |_| hold_model.with(exact_curve));
    let curve_data = Signal::derive(move || (outcome.get(), exact.get(), words.clone()));

    let hist_label = Signal::derive(move || {
        outcome.with(|o| {
            model.t(
                "ttl-histogram-label",
                &[("holds", o.summary.holds.into()), ("ttl", o.ttl_s.into()), ("unsafe", (o.summary.unsafe_holds as f64).into())],
            )
        })
    });
    let curve_label = Signal::derive(move || {
        exact.with(|e| {
            let at = |t: f64| e.iter().min_by(|a, b| (a.0 - t).abs().total_cmp(&(b.0 - t).abs())).map_or(0.0, |c| c.1);
            model.t("ttl-curve-label", &[("at1", at(1.0).into()), ("at10", at(10.0).into()), ("at60", at(60.0).into())])
        })
    });
    let method = move || params.with(|p| model.t("ttl-method", &[("holds", p.holds.into())]));
    let show = move |key: &'static str, args: fn(&Outcome) -> Vec<(&'static str, Arg)>| Signal::derive(move || outcome.with(|o| model.t(key, &args(o))));
    let t = move |key: &str| model.t(key, &[]);

    view! {
        <ScenarioFrame
            model=model
            title=t("ttl-title")
            lede=move || t("ttl-lede")
            method=method
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label=t("ttl-stat-outliving") value=show("ttl-stat-outliving-value", |o| vec![("unsafe", (o.summary.unsafe_holds as f64).into()), ("holds", o.summary.holds.into())]) bad=Signal::derive(move || outcome.with(|o| o.summary.unsafe_holds > 0)) />
                        <Stat label=t("ttl-stat-share") value=show("ttl-stat-share-value", |o| vec![("share", o.summary.unsafe_fraction.into()), ("exact", o.summary.exact_fraction.into())]) />
                        <Stat label=t("ttl-stat-per-day") value=show("ttl-stat-per-day-value", |o| vec![("perDay", o.summary.unsafe_per_day.into()), ("expected", o.summary.exact_per_day.into())]) />
                        <Stat label=t("ttl-stat-wait") value=show("ttl-stat-wait-value", |o| vec![("seconds", o.summary.recovery_seconds.into())]) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_histogram label=hist_label height=220.0 />
                        <figcaption>{t("ttl-histogram-caption")}</figcaption>
                    </figure>
            }.into_any())
        >
                    <figure class="ll-figure">
                        <ChartFrame data=curve_data draw=draw_tradeoff label=curve_label height=240.0 />
                        <figcaption>
                            <span class="ll-key ll-key-line-bad">{t("ttl-key-share")}</span>
                            <span class="ll-key ll-key-write">{t("ttl-key-run")}</span>
                            <span class="ll-key ll-key-dash">{t("ttl-key-wait")}</span>
                        </figcaption>
                    </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<TtlTradeoff>) -> impl IntoView {
    view! { <TtlTradeoffWidget model=model /> }
}
