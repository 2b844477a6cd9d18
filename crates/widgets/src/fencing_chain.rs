//! The fencing-chain widget: late holders' writes overwrite newer data, unless the storage checks
//! tokens and refuses them.

use leptos::prelude::*;
use locklab_charts::{fencing_chain as charts, Theme};
use locklab_sim::fencing_chain::Outcome;
use locklab_sim::messages::Format;
use locklab_sim::FencingChain;
use plotters::coord::Shift;
use plotters::prelude::*;
use crate::canvas::Canvas;
use crate::i18n::Words;

use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_chain(root: &DrawingArea<Canvas, Shift>, data: &(Outcome, Option<usize>, Words), theme: &Theme, scale: f64) {
    let _ = charts::chain(root, &data.0, data.1, theme, scale, &data.2.tr());
}

#[component]
pub fn FencingChainWidget(model: Model<FencingChain>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    // Which late holder the chart is zoomed on (an index into the holds), if any.
    let focus = RwSignal::new(None::<usize>);
    // A new run has new late holders: show the whole chain again.
    Effect::new(move |_| {
        outcome.track();
        focus.set(None);
    });
    let late = Memo::new(move |_| outcome.with(Outcome::late_indices));
    let step = move |forward: bool| {
        let late = late.get_untracked();
        let current = focus.get_untracked();
        let next = match (current, forward) {
            (None, true) => late.first().copied(),
            (None, false) => late.last().copied(),
            (Some(i), true) => late.iter().copied().find(|&j| j > i).or(late.first().copied()),
            (Some(i), false) => late.iter().rev().copied().find(|&j| j < i).or(late.last().copied()),
        };
        focus.set(next);
    };
    let words = model.words.get_value();
    let data = Signal::derive(move || (outcome.get(), focus.get(), words.clone()));
    let t = move |key: &str| model.t(key, &[]);
    let count = move |f: fn(&Outcome) -> f64| model.figure(f, Format::Int);
    let fencing = move || params.with(|p| p.fencing);
    let zoom_text = move || {
        let Some(i) = focus.get() else {
            return outcome.with(|o| model.t("chain-zoom-all", &[("grants", o.holds.len().into())]));
        };
        outcome.with(|o| {
            let r = charts::view(o, Some(i));
            let h = o.holds.get(i).copied();
            let position = late.with(|l| l.iter().position(|&j| j == i).map_or(0, |k| k + 1));
            let fate = match h.map(|h| h.fate) {
                Some(locklab_sim::fencing_chain::WriteFate::StaleOverwrite) => "chain-zoom-overwrote",
                Some(locklab_sim::fencing_chain::WriteFate::Rejected) => "chain-zoom-refused",
                Some(locklab_sim::fencing_chain::WriteFate::Overtaken) => "chain-zoom-overtaken",
                _ => "",
            };
            let zoom = model.t(
                "chain-zoom",
                &[
                    ("position", position.to_string().into()),
                    ("late", late.with(Vec::len).to_string().into()),
                    ("token", h.map_or(0, |h| h.token).to_string().into()),
                    ("first", (r.start + 1).to_string().into()),
                    ("last", r.end.to_string().into()),
                ],
            );
            // (A holder that was late and wrote in order has nothing more to say.)
            if fate.is_empty() { format!("{zoom} ") } else { format!("{zoom} {}", model.t(fate, &[])) }
        })
    };
    let chart_label = Signal::derive(move || {
        outcome.with(|o| {
            model.t(
                if o.summary.stale_rejected > 0 { "chain-label-rejected" } else { "chain-label-applied" },
                &[("grants", o.holds.len().into()), ("late", (o.summary.late_holders as f64).into()), ("stale", (o.summary.stale_writes as f64).into())],
            )
        })
    });
    let no_late = move || late.with(Vec::is_empty);
    let stale = count(|o| o.summary.stale_writes as f64);
    let zero = Signal::derive(|| "0".to_string());

    view! {
        <ScenarioFrame
            model=model
            title=t("chain-title")
            lede=move || t("chain-lede")
            method=move || t("chain-method")
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label=t("chain-stat-late") value=Signal::derive(move || outcome.with(|o| model.t("chain-stat-late-value", &[("late", (o.summary.late_holders as f64).into()), ("holders", o.summary.holders.into())]))) />
                        <Stat label=t("chain-stat-expected") value=model.figure(|o| o.summary.expected_late, Format::Number) />
                        <Stat label=t("chain-stat-replaced") value=count(|o| o.summary.stale_overwrites as f64) bad=Signal::derive(move || outcome.with(|o| o.summary.stale_overwrites > 0)) />
                        <Stat label=t("chain-stat-refused") value=count(|o| o.summary.stale_rejected as f64) good=Signal::derive(move || outcome.with(|o| o.summary.stale_rejected > 0)) />
                        <Stat label=t("chain-stat-overtaken") value=count(|o| o.summary.overtaken_writes as f64) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_chain label=chart_label height=280.0 />
                        <figcaption>
                            <span class="ll-key ll-key-window">{t("chain-key-holding")}</span>
                            <span class="ll-key ll-key-late">{t("chain-key-late")}</span>
                            <span class="ll-key ll-key-write">{t("chain-key-write")}</span>
                            <span class="ll-key ll-key-overtaken">{t("chain-key-overtaken")}</span>
                            <span class="ll-key ll-key-lost">{t("chain-key-stale")}</span>
                            <span class="ll-key ll-key-rejected">{t("chain-key-rejected")}</span>
                        </figcaption>
                    </figure>
            }.into_any())
        >
                    <div class="ll-zoom-controls">
                        <div class="ll-buttons">
                            <button type="button" class="ll-button" disabled=no_late on:click=move |_| step(false)>{t("chain-previous")}</button>
                            <button type="button" class="ll-button" disabled=no_late on:click=move |_| step(true)>{t("chain-next")}</button>
                            <button type="button" class="ll-button" disabled=move || focus.get().is_none() on:click=move |_| focus.set(None)>{t("chain-show-all")}</button>
                        </div>
                        <p class="ll-zoom" aria-live="polite">{zoom_text}</p>
                    </div>
                    <table class="ll-compare">
                        <caption>{t("chain-table-caption")}</caption>
                        <thead>
                            <tr>
                                <th scope="col">{t("chain-table-late")}</th>
                                <th scope="col" class:ll-current=move || !fencing()>{t("chain-table-without")}</th>
                                <th scope="col" class:ll-current=fencing>{t("chain-table-with")}</th>
                            </tr>
                        </thead>
                        <tbody>
                            <tr>
                                <th scope="row">{t("chain-table-applied")}</th>
                                <td class="ll-bad" class:ll-current=move || !fencing()>{move || stale.get()}</td>
                                <td class:ll-current=fencing>{move || zero.get()}</td>
                            </tr>
                            <tr>
                                <th scope="row">{t("chain-table-refused")}</th>
                                <td class:ll-current=move || !fencing()>{move || zero.get()}</td>
                                <td class="ll-good" class:ll-current=fencing>{move || stale.get()}</td>
                            </tr>
                        </tbody>
                    </table>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<FencingChain>) -> impl IntoView {
    view! { <FencingChainWidget model=model /> }
}
