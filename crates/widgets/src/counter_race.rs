//! The counter-race widget: sliders for workers, increments, think and pause times, the lock
//! toggle; the counter against the ideal over time; a lane per worker for the start of the run.

use leptos::prelude::*;
use locklab_charts::{counter_race as charts, Theme};
use locklab_sim::counter_race::Outcome;
use locklab_sim::messages::Arg;
use locklab_sim::CounterRace;
use plotters::coord::Shift;
use plotters::prelude::*;
use crate::canvas::Canvas;
use crate::i18n::Words;

use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

type Area = DrawingArea<Canvas, Shift>;

fn draw_counter(root: &Area, d: &(Outcome, Words), theme: &Theme, scale: f64) {
    let _ = charts::counter(root, &d.0, theme, scale, &d.1.tr());
}

fn draw_lanes(root: &Area, data: &(Outcome, u32, Words), theme: &Theme, scale: f64) {
    let _ = charts::lanes(root, &data.0, data.1, theme, scale, &data.2.tr());
}

#[component]
pub fn CounterRaceWidget(model: Model<CounterRace>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let words = model.words.get_value();
    let counter_data = {
        let words = words.clone();
        Signal::derive(move || (outcome.get(), words.clone()))
    };
    let lanes_data = Signal::derive(move || (outcome.get(), params.with(|p| p.workers), words.clone()));
    let lanes_height = Signal::derive(move || charts::lanes_height(params.with(|p| p.workers)));
    let locked = move || params.with(|p| p.lock);

    let counter_label = Signal::derive(move || {
        outcome.with(|o| {
            model.t(
                "counter-chart-label",
                &[("duration", o.summary.duration_ms.into()), ("final", (o.summary.final_value as f64).into()), ("expected", (o.summary.expected as f64).into())],
            )
        })
    });
    let lanes_label = Signal::derive(move || {
        outcome.with(|o| {
            let writes = o.trace.events.iter().filter(|e| e.action == locklab_sim::counter_race::Action::Write).count();
            let over = o.trace.events.iter().filter(|e| e.overwritten).count();
            model.t("counter-lanes-label", &[("window", o.trace.window_ms.into()), ("writes", writes.into()), ("over", over.into())])
        })
    });

    let lost_any = Signal::derive(move || outcome.with(|o| o.summary.lost > 0));
    let none_lost = Signal::derive(move || outcome.with(|o| o.summary.lost == 0));
    let t = move |key: &str| model.t(key, &[]);
    let count = move |f: fn(&Outcome) -> f64| model.figure(f, locklab_sim::messages::Format::Int);
    let show = move |key: &'static str, args: fn(&Outcome) -> Vec<(&'static str, Arg)>| Signal::derive(move || outcome.with(|o| model.t(key, &args(o))));

    view! {
        <ScenarioFrame
            model=model
            title=t("counter-title")
            lede=move || t("counter-lede")
            method=move || t("counter-method")
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label=t("counter-stat-made") value=count(|o| o.summary.expected as f64) />
                        <Stat label=t("counter-stat-final") value=count(|o| o.summary.final_value as f64) />
                        <Stat label=t("counter-stat-lost") value=count(|o| o.summary.lost as f64) bad=lost_any good=none_lost />
                        <Stat label=t("counter-stat-time") value=show("counter-stat-time-value", |o| vec![("duration", o.summary.duration_ms.into())]) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=counter_data draw=draw_counter label=counter_label height=240.0 />
                        <figcaption>{t("counter-chart-caption")}</figcaption>
                    </figure>
            }.into_any())
        >
                    <figure class="ll-figure">
                        <ChartFrame data=lanes_data draw=draw_lanes label=lanes_label height=lanes_height />
                        <figcaption>
                            <span class="ll-key ll-key-window">{t("counter-key-window")}</span>
                            <span class="ll-key ll-key-read">{t("counter-key-read")}</span>
                            <span class="ll-key ll-key-write">{t("counter-key-write")}</span>
                            <span class="ll-key ll-key-lost">{t("counter-key-lost")}</span>
                            <Show when=locked>
                                <span class="ll-key ll-key-wait">{t("counter-key-wait")}</span>
                            </Show>
                        </figcaption>
                    </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<CounterRace>) -> impl IntoView {
    view! { <CounterRaceWidget model=model /> }
}
