//! The lease-renewal widget: the job that outlives its lock, and what renewal, fencing and
//! idempotency keys each do with the same runs.

use leptos::prelude::*;
use locklab_charts::{lease as charts, Theme};
use locklab_sim::lease_renewal::Outcome;
use locklab_sim::messages::Format;
use locklab_sim::LeaseRenewal;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_runs(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64, Words), theme: &Theme, scale: f64) {
    let _ = charts::runs(root, &d.0, d.1, theme, scale, &d.2.tr());
}

fn draw_costs(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Words), theme: &Theme, scale: f64) {
    let _ = charts::costs(root, &d.0, theme, scale, &d.1.tr());
}

#[component]
pub fn LeaseRenewalWidget(model: Model<LeaseRenewal>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let words = model.words.get_value();
    let runs_data = {
        let words = words.clone();
        Signal::derive(move || (outcome.get(), params.with(|p| p.ttl_s), words.clone()))
    };
    let costs_data = Signal::derive(move || (outcome.get(), words.clone()));
    let runs_label = Signal::derive(move || {
        outcome.with(|o| model.t("renewal-runs-label", &[("runs", o.summary.runs.into()), ("lost", (o.summary.lock_lost as f64).into())]))
    });
    let costs_label = Signal::derive(move || {
        outcome.with(|o| {
            let (s, b) = (&o.summary, &o.baseline);
            model.t(
                "renewal-costs-label",
                &[
                    ("invoices", (s.harmful_duplicates as f64).into()),
                    ("invoicesBefore", (b.harmful_duplicates as f64).into()),
                    ("emails", (s.duplicate_emails as f64).into()),
                    ("emailsBefore", (b.duplicate_emails as f64).into()),
                    ("refused", (s.rejected_writes as f64).into()),
                    ("harmless", (s.harmless_repeats as f64).into()),
                ],
            )
        })
    });
    let harmful = Signal::derive(move || outcome.with(|o| o.summary.harmful_duplicates + o.summary.duplicate_emails > 0));
    let t = move |key: &str| model.t(key, &[]);
    let count = move |f: fn(&Outcome) -> f64| model.figure(f, Format::Int);

    view! {
        <ScenarioFrame
            model=model
            title=t("renewal-title")
            lede=move || t("renewal-lede")
            method=move || params.with(|p| model.t("renewal-method", &[("runs", p.runs.into())]))
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label=t("renewal-stat-lost") value=Signal::derive(move || outcome.with(|o| model.t("renewal-stat-lost-value", &[("lost", (o.summary.lock_lost as f64).into()), ("exact", o.summary.exact_lock_lost.into())]))) />
                    <Stat label=t("renewal-stat-invoices") value=count(|o| o.summary.harmful_duplicates as f64) bad=harmful />
                    <Stat label=t("renewal-stat-emails") value=count(|o| o.summary.duplicate_emails as f64) />
                    <Stat label=t("renewal-stat-wasted") value=Signal::derive(move || outcome.with(|o| model.t("renewal-seconds", &[("seconds", o.summary.wasted_seconds.into())]))) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=runs_data draw=draw_runs label=runs_label height=220.0 />
                    <figcaption>
                        <span class="ll-key ll-key-window">{t("renewal-key-kept")}</span>
                        <span class="ll-key ll-key-late">{t("renewal-key-lost")}</span>
                    </figcaption>
                </figure>
            }.into_any())
        >
            <figure class="ll-figure">
                <ChartFrame data=costs_data draw=draw_costs label=costs_label height=200.0 />
                <figcaption>{t("renewal-costs-caption")}</figcaption>
            </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<LeaseRenewal>) -> impl IntoView {
    view! { <LeaseRenewalWidget model=model /> }
}
