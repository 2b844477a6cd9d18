//! The paused-holder widget: two workers, one lock, the last seat.

use leptos::prelude::*;
use locklab_charts::{paused_holder as charts, Theme};
use locklab_sim::paused_holder::{Op, Outcome, RETRY_S, B_WRITE_AFTER_S};
use locklab_sim::text::num;
use locklab_sim::PausedHolder;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::player::Player;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_timeline(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64), theme: &Theme, scale: f64) {
    let _ = charts::timeline_at(root, &d.0, Some(d.1), theme, scale);
}

#[component]
pub fn PausedHolderWidget(model: Model<PausedHolder>) -> impl IntoView {
    let outcome = model.outcome;
    // The player starts at the end: the whole story, as without a player.
    let now = RwSignal::new(outcome.with_untracked(|o| o.end));
    let timeline = Signal::derive(move || outcome.with(Outcome::timeline));
    let current = Memo::new(move |_| timeline.with(|t| t.current(now.get())));
    let data = Signal::derive(move || (outcome.get(), now.get()));
    let double = Signal::derive(move || outcome.with(|o| o.summary.double_sale));
    let single = Signal::derive(move || outcome.with(|o| !o.summary.double_sale));
    let label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Timeline with lanes for A, B, the lock service and storage over {} s: A freezes at 2.5 s and wakes at {} s; \
                 B gets the lock at {} s. The seat ends with {}.",
                num(o.end),
                num(o.a_wakes),
                num(o.b_granted),
                o.summary.seat
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
                        (Some(Op::Read), Some(true)) => "token registered",
                        (_, Some(true)) => "applied",
                        (_, Some(false)) => "refused",
                        _ => "",
                    };
                    let here = move || current.get() == Some(i);
                    view! {
                        <tr class:ll-bad=e.accepted == Some(false) class:ll-current=here aria-current=move || here().then_some("step")>
                            <td>{format!("{} s", num(e.time))}</td>
                            <td>{e.actor.name()}</td>
                            <td class="ll-left">{e.action.clone()}</td>
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
            title="The paused holder: two workers, one lock, the last seat"
            lede=move || view! { "Worker A takes the lock, reads that seat C14 is free, and freezes at 2.5 s. Its lease keeps running. "
                {format!("B asks for the lock every {} s and, once it has it, sells the seat {} s later.", num(RETRY_S), num(B_WRITE_AFTER_S))} }
            method=move || view! { "A walkthrough computed from your settings; the tokens 33 and 34 are illustrative. Tokens on writes only: storage \
                 refuses a write whose token is below the highest it has seen on a write. Tokens on every access: reads carry \
                 the token too and storage registers it, so a write below a token that has already read is refused. Equal \
                 tokens are accepted, so a holder may read and then write with its own token. Conditional write: update seats \
                 set holder = … where seat = 'C14' and holder is null." }
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label="Result" value=model.show(|o| String::from(if o.summary.double_sale { "two fans paid" } else { "one sale" })) bad=double good=single />
                        <Stat label="C14 belongs to" value=model.show(|o| o.summary.seat.clone()) />
                        <Stat label="A wakes at" value=model.show(|o| format!("{} s", num(o.a_wakes))) />
                        <Stat label="B gets the lock at" value=model.show(|o| format!("{} s", num(o.b_granted))) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_timeline label=label height=230.0 />
                        <figcaption>
                            <span class="ll-key ll-key-window">"holding a valid lease"</span>
                            <span class="ll-key ll-key-late">"lease gone, still believes it holds it"</span>
                            <span class="ll-key ll-key-pause">"paused"</span>
                            <span class="ll-key ll-key-ring">"read"</span>
                            <span class="ll-key ll-key-dot">"write applied"</span>
                            <span class="ll-key ll-key-lost">"write refused"</span>
                        </figcaption>
                        <Player timeline=timeline now=now pace=2.0 autoplay=model.autoplay />
                    </figure>
            }.into_any())
        >
                    <details class="ll-details">
                        <summary>"The timeline, step by step"</summary>
                        <table class="ll-compare ll-events">
                            <thead>
                                <tr>
                                    <th scope="col">"time"</th>
                                    <th scope="col">"who"</th>
                                    <th scope="col" class="ll-left">"what"</th>
                                    <th scope="col">"token"</th>
                                    <th scope="col">"storage"</th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </details>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<PausedHolder>) -> impl IntoView {
    view! { <PausedHolderWidget model=model /> }
}
