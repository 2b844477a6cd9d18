//! The paused-holder widget: two workers, one lock, the last seat.

use leptos::prelude::*;
use locklab_charts::{paused_holder as charts, Theme};
use locklab_sim::paused_holder::{Op, Outcome, B_WRITE_AFTER_S, RETRY_S};
use locklab_sim::PausedHolder;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::player::Player;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_timeline(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64, Words), theme: &Theme, scale: f64) {
    let _ = charts::timeline_at(root, &d.0, Some(d.1), theme, scale, &d.2.tr());
}

#[component]
pub fn PausedHolderWidget(model: Model<PausedHolder>) -> impl IntoView {
    let outcome = model.outcome;
    let words = model.words.get_value();
    // The player starts at the end: the whole story, as without a player.
    let now = RwSignal::new(outcome.with_untracked(|o| o.end));
    let timeline = Signal::derive(move || outcome.with(|o| model.words.with_value(|w| o.timeline_in(&w.tr()))));
    let current = Memo::new(move |_| timeline.with(|t| t.current(now.get())));
    let data = Signal::derive(move || (outcome.get(), now.get(), words.clone()));
    let double = Signal::derive(move || outcome.with(|o| o.summary.double_sale));
    let single = Signal::derive(move || outcome.with(|o| !o.summary.double_sale));
    let t = move |key: &str| model.t(key, &[]);
    let seconds = move |v: f64| model.t("paused-seconds", &[("seconds", v.into())]);
    let label = Signal::derive(move || {
        outcome.with(|o| {
            model.t(
                "paused-label",
                &[("end", o.end.into()), ("wake", o.a_wakes.into()), ("granted", o.b_granted.into()), ("seat", t(o.summary.seat_key()).into())],
            )
        })
    });
    let rows = move || {
        outcome.with(|o| {
            o.summary
                .events
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let applied = match (e.op, e.accepted) {
                        (Some(Op::Read), Some(true)) => t("paused-registered"),
                        (_, Some(true)) => t("paused-applied"),
                        (_, Some(false)) => t("paused-refused"),
                        _ => String::new(),
                    };
                    let here = move || current.get() == Some(i);
                    view! {
                        <tr class:ll-bad=e.accepted == Some(false) class:ll-current=here aria-current=move || here().then_some("step")>
                            <td>{seconds(e.time)}</td>
                            <td>{t(e.actor.key())}</td>
                            <td class="ll-left">{model.words.with_value(|w| w.said(&e.said))}</td>
                            <td>{e.token.map(|t| t.to_string()).unwrap_or_default()}</td>
                            <td>{applied}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };

    view! {
        <ScenarioFrame
            model=model
            title=t("paused-title")
            lede=move || model.t("paused-lede", &[("every", RETRY_S.into()), ("after", B_WRITE_AFTER_S.into())])
            method=move || t("paused-method")
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label=t("paused-stat-result") value=Signal::derive(move || t(if double.get() { "paused-result-double" } else { "paused-result-single" })) bad=double good=single />
                        <Stat label=t("paused-stat-seat") value=Signal::derive(move || outcome.with(|o| t(o.summary.seat_key()))) />
                        <Stat label=t("paused-stat-wakes") value=Signal::derive(move || outcome.with(|o| seconds(o.a_wakes))) />
                        <Stat label=t("paused-stat-granted") value=Signal::derive(move || outcome.with(|o| seconds(o.b_granted))) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_timeline label=label height=230.0 />
                        <figcaption>
                            <span class="ll-key ll-key-window">{t("paused-key-valid")}</span>
                            <span class="ll-key ll-key-late">{t("paused-key-stale")}</span>
                            <span class="ll-key ll-key-pause">{t("paused-key-paused")}</span>
                            <span class="ll-key ll-key-ring">{t("paused-key-read")}</span>
                            <span class="ll-key ll-key-dot">{t("paused-key-applied")}</span>
                            <span class="ll-key ll-key-lost">{t("paused-key-refused")}</span>
                        </figcaption>
                        <Player timeline=timeline now=now pace=2.0 autoplay=model.autoplay />
                    </figure>
            }.into_any())
        >
                    <details class="ll-details">
                        <summary>{t("paused-steps")}</summary>
                        <div class="ll-table-wrap">
                        <table class="ll-compare ll-events">
                            <thead>
                                <tr>
                                    <th scope="col">{t("paused-col-time")}</th>
                                    <th scope="col">{t("paused-col-who")}</th>
                                    <th scope="col" class="ll-left">{t("paused-col-what")}</th>
                                    <th scope="col">{t("paused-col-token")}</th>
                                    <th scope="col">{t("paused-col-storage")}</th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                        </div>
                    </details>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<PausedHolder>) -> impl IntoView {
    view! { <PausedHolderWidget model=model /> }
}
