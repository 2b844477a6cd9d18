//! The fencing-chain widget: late holders' writes overwrite newer data, unless the storage checks
//! tokens and refuses them.

use leptos::prelude::*;
use locklab_charts::{fencing_chain as charts, Theme};
use locklab_sim::fencing_chain::Outcome;
use locklab_sim::text::int;
use locklab_sim::FencingChain;
use plotters::coord::Shift;
use plotters::prelude::*;
use crate::canvas::Canvas;

use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_chain(root: &DrawingArea<Canvas, Shift>, data: &(Outcome, Option<usize>), theme: &Theme, scale: f64) {
    let _ = charts::chain(root, &data.0, data.1, theme, scale);
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
    let data = Signal::derive(move || (outcome.get(), focus.get()));
    let fencing = move || params.with(|p| p.fencing);
    let zoom_text = move || {
        let Some(i) = focus.get() else {
            return format!("Showing all {} grants.", outcome.with(|o| int(o.holds.len() as i64)));
        };
        outcome.with(|o| {
            let r = charts::view(o, Some(i));
            let h = o.holds.get(i).copied();
            let position = late.with(|l| l.iter().position(|&j| j == i).map_or(0, |k| k + 1));
            format!(
                "Late holder {} of {}: token {}, tokens {}–{} shown. {}",
                position,
                late.with(Vec::len),
                h.map_or(0, |h| h.token),
                r.start + 1,
                r.end,
                match h.map(|h| h.fate) {
                    Some(locklab_sim::fencing_chain::WriteFate::StaleOverwrite) => "Its write replaced newer data.",
                    Some(locklab_sim::fencing_chain::WriteFate::Rejected) => "The storage refused its write.",
                    Some(locklab_sim::fencing_chain::WriteFate::Overtaken) => {
                        "Its write landed after its successor got the lock but before any newer write, so it was applied: \
                         harmless only if the successor did not read the data first."
                    }
                    _ => "",
                }
            )
        })
    };
    let chart_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Chain of {} lock grants along time, token upwards: {} holders outlived their lease; {} stale writes were {}.",
                int(o.holds.len() as i64),
                int(o.summary.late_holders as i64),
                int(o.summary.stale_writes as i64),
                if o.summary.stale_rejected > 0 { "rejected" } else { "applied over newer data" }
            )
        })
    });
    let no_late = move || late.with(Vec::is_empty);
    let stale = model.show(|o| int(o.summary.stale_writes as i64));
    let zero = Signal::derive(|| "0".to_string());

    view! {
        <ScenarioFrame
            model=model
            title="Fencing: let the storage refuse stale writes"
            lede=move || view! { "Each grant of the lock carries a number that only goes up. A holder that outlives its lease still writes when \
                 it wakes; only storage that remembers the highest number it has seen can tell that write is stale. Here the \
                 storage checks writes only." }
            method=move || view! { "Seeded chain of grants. Each holder works for a log-normal time around the typical value, plus, with the stall \
                 chance, a stall (exponential or Pareto, of the mean you set), and writes when done, without reading first. The \
                 next holder gets the lock (and the next token) when the previous one releases it or its lease ends. A write is \
                 stale when a write with a higher token has already arrived; with fencing the storage refuses it. A late write \
                 that arrives before any newer one is overtaken: applied, which is harmless here only because no holder reads \
                 before it writes." }
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label="Late holders" value=model.show(|o| format!("{} of {}", int(o.summary.late_holders as i64), int(i64::from(o.summary.holders)))) />
                        <Stat label="Expected late" value=model.show(|o| locklab_sim::text::num(o.summary.expected_late)) />
                        <Stat label="Newer data replaced" value=model.show(|o| int(o.summary.stale_overwrites as i64)) bad=Signal::derive(move || outcome.with(|o| o.summary.stale_overwrites > 0)) />
                        <Stat label="Stale writes refused" value=model.show(|o| int(o.summary.stale_rejected as i64)) good=Signal::derive(move || outcome.with(|o| o.summary.stale_rejected > 0)) />
                        <Stat label="Overtaken writes applied" value=model.show(|o| int(o.summary.overtaken_writes as i64)) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_chain label=chart_label height=280.0 />
                        <figcaption>
                            <span class="ll-key ll-key-window">"holding the lock"</span>
                            <span class="ll-key ll-key-late">"still working after the lease ended"</span>
                            <span class="ll-key ll-key-write">"write applied"</span>
                            <span class="ll-key ll-key-overtaken">"overtaken write applied"</span>
                            <span class="ll-key ll-key-lost">"stale write applied"</span>
                            <span class="ll-key ll-key-rejected">"stale write refused"</span>
                        </figcaption>
                    </figure>
            }.into_any())
        >
                    <div class="ll-zoom-controls">
                        <div class="ll-buttons">
                            <button type="button" class="ll-button" disabled=no_late on:click=move |_| step(false)>"← Previous late holder"</button>
                            <button type="button" class="ll-button" disabled=no_late on:click=move |_| step(true)>"Next late holder →"</button>
                            <button type="button" class="ll-button" disabled=move || focus.get().is_none() on:click=move |_| focus.set(None)>"Show all"</button>
                        </div>
                        <p class="ll-zoom" aria-live="polite">{zoom_text}</p>
                    </div>
                    <table class="ll-compare">
                        <caption>"The same run, both ways"</caption>
                        <thead>
                            <tr>
                                <th scope="col">"Late writes that arrive after a newer one"</th>
                                <th scope="col" class:ll-current=move || !fencing()>"without fencing"</th>
                                <th scope="col" class:ll-current=fencing>"with fencing"</th>
                            </tr>
                        </thead>
                        <tbody>
                            <tr>
                                <th scope="row">"applied over newer data"</th>
                                <td class="ll-bad" class:ll-current=move || !fencing()>{move || stale.get()}</td>
                                <td class:ll-current=fencing>{move || zero.get()}</td>
                            </tr>
                            <tr>
                                <th scope="row">"refused by the storage"</th>
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
