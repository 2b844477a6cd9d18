//! The Redlock widget: five masters, a timer and a validity window, played step by step.

use leptos::prelude::*;
use locklab_charts::{redlock as charts, Theme};
use locklab_sim::redlock::{Outcome, QUORUM};
use locklab_sim::Redlock;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::player::Player;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_walkthrough(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64, Words), theme: &Theme, scale: f64) {
    let _ = charts::walkthrough(root, &d.0, Some(d.1), theme, scale, &d.2.tr());
}

fn draw_quorum(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64, Words), theme: &Theme, scale: f64) {
    let _ = charts::quorum(root, &d.0, d.1, theme, scale, &d.2.tr());
}

#[component]
pub fn RedlockWidget(model: Model<Redlock>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let words = model.words.get_value();
    let now = RwSignal::new(outcome.with_untracked(|o| o.timeline.end));
    let timeline = Signal::derive(move || outcome.with(|o| model.words.with_value(|w| o.timeline_in(&w.tr()))));
    let walk = {
        let words = words.clone();
        Signal::derive(move || (outcome.get(), now.get(), words.clone()))
    };
    let odds = Signal::derive(move || (outcome.get(), params.with(|p| p.nodes_up_chance), words.clone()));
    let t = move |key: &str| model.t(key, &[]);
    let walk_label = Signal::derive(move || {
        outcome.with(|o| {
            let s = &o.summary;
            let end = t(if s.both_hold { "redlock-label-end-both" } else if s.acquired { "redlock-label-end-one" } else { "redlock-label-end-none" });
            model.t("redlock-walk-label", &[("quorum", s.quorum.into()), ("elapsed", s.elapsed_ms.into()), ("end", end.into())])
        })
    });
    let odds_label = Signal::derive(move || {
        outcome.with(|o| {
            model.t(
                "redlock-odds-label",
                &[("needed", QUORUM.into()), ("chance", o.summary.quorum_chance.into()), ("rate", o.summary.quorum_rate.into())],
            )
        })
    });
    // While the story plays, the readouts tell it so far; the verdict waits for the end.
    let ended = Signal::derive(move || outcome.with(|o| now.get() >= o.timeline.end - 1e-9));
    let verdict = Signal::derive(move || {
        outcome.with(|o| {
            let s = &o.summary;
            if !ended.get() {
                return "…".to_string();
            }
            t(if s.both_hold { "redlock-verdict-both" } else if s.acquired { "redlock-verdict-one" } else { "redlock-verdict-none" })
        })
    });
    let yeses = Signal::derive(move || {
        let at = now.get();
        outcome.with(|o| {
            let so_far = o.messages.iter().filter(|m| m.client == 1 && m.yes && m.answered_ms <= at + 1e-9).count();
            model.t("redlock-stat-yes-value", &[("yes", so_far.into()), ("needed", QUORUM.into())])
        })
    });
    let ms = move |v: f64| model.t("redlock-ms", &[("ms", v.into())]);
    let both_now = Signal::derive(move || ended.get() && outcome.with(|o| o.summary.both_hold));
    let held_now = Signal::derive(move || ended.get() && outcome.with(|o| o.summary.acquired && !o.summary.both_hold));

    view! {
        <ScenarioFrame
            model=model
            title=t("redlock-title")
            lede=move || t("redlock-lede")
            method=move || t("redlock-method")
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label=t("redlock-stat-verdict") value=verdict bad=both_now good=held_now />
                    <Stat label=t("redlock-stat-yes") value=yeses />
                    <Stat label=t("redlock-stat-elapsed") value=Signal::derive(move || outcome.with(|o| ms(o.summary.elapsed_ms))) />
                    <Stat label=t("redlock-stat-validity") value=Signal::derive(move || outcome.with(|o| ms(o.summary.validity_ms))) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=walk draw=draw_walkthrough label=walk_label height=300.0 />
                    <figcaption>
                        <span class="ll-key ll-key-window">{t("redlock-key-1")}</span>
                        <span class="ll-key ll-key-late">{t("redlock-key-2")}</span>
                        <span class="ll-key ll-key-wait">{t("redlock-key-request")}</span>
                    </figcaption>
                    <Player timeline=timeline now=now pace=4000.0 autoplay=model.autoplay unit="ms" />
                </figure>
            }.into_any())
        >
            <figure class="ll-figure">
                <ChartFrame data=odds draw=draw_quorum label=odds_label height=220.0 />
                <figcaption>{t("redlock-odds-caption")}</figcaption>
            </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<Redlock>) -> impl IntoView {
    view! { <RedlockWidget model=model /> }
}
