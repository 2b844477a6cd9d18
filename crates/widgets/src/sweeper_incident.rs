//! The sweeper-incident widget: one evening of a cron job and its lock, replayed with the player,
//! with each fix as a choice.

use leptos::prelude::*;
use locklab_charts::{sweeper_incident as charts, Theme};
use locklab_sim::sweeper_incident::{MarkKind, Outcome};
use locklab_sim::text::{clock, int};
use locklab_sim::SweeperIncident;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::player::Player;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_close_up(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64), theme: &Theme, scale: f64) {
    let window = charts::focus(&d.0, d.1);
    let _ = charts::evening(root, &d.0, d.1, window, theme, scale);
}

fn draw_evening(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64), theme: &Theme, scale: f64) {
    let window = (f64::from(d.0.start), f64::from(d.0.end));
    let _ = charts::evening(root, &d.0, d.1, window, theme, scale);
}

#[component]
pub fn SweeperIncidentWidget(model: Model<SweeperIncident>) -> impl IntoView {
    let outcome = model.outcome;
    // The player starts at the end: the whole evening, as without a player.
    let now = RwSignal::new(outcome.with_untracked(|o| o.timeline.end));
    // Cloned once per outcome (the player reads it often).
    let timeline: Signal<locklab_sim::timeline::Timeline> = Memo::new(move |_| outcome.with(|o| o.timeline.clone())).into();
    // The step-by-step table is built only while it is open (an evening can have a thousand steps).
    let table_open = RwSignal::new(false);
    let current = Memo::new(move |_| timeline.with(|t| t.current(now.get())));
    let data = Signal::derive(move || (outcome.get(), now.get()));
    // The readouts tell the evening so far (the event carries the whole evening).
    let at = move |o: &Outcome| o.start + now.get().max(0.0).round() as u32;
    let count = move |kind: MarkKind| Signal::derive(move || outcome.with(|o| o.marks.iter().filter(|m| m.kind == kind && m.at <= at(o)).count()));
    let doubles = count(MarkKind::DoubleRestock);
    let wrong = count(MarkKind::WrongDelete);
    let skipped = count(MarkKind::Skipped);
    let stock = Signal::derive(move || outcome.with(|o| o.stock_at(at(o))));
    let shelf_wrong = Signal::derive(move || stock.with(|s| s.0 > s.1));
    let shelf_right = Signal::derive(move || stock.with(|s| s.0 == s.1 && s.0 > 0));
    let bad = |s: Signal<usize>| Signal::derive(move || s.get() > 0);
    let close_label = Signal::derive(move || {
        outcome.with(|o| {
            let (a, b) = charts::focus(o, now.get());
            format!(
                "Close-up from {} to {}: box A's and box B's sweeps as bars, the lock's holder, and every copy put back on the shelf. \
                 So far: {} put back twice, {} DEL of another box's key.",
                clock(a),
                clock(b),
                int(doubles.get() as i64),
                int(wrong.get() as i64)
            )
        })
    });
    let evening_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "The whole evening from {} to {}: pending orders over time against the {} a slot can sweep, and every sweep, lock hold and restock.",
                clock(f64::from(o.start)),
                clock(f64::from(o.end)),
                int(i64::from(o.interval_s / o.row_s.max(1)))
            )
        })
    });
    let rows = move || {
        if !table_open.get() {
            return None;
        }
        Some(timeline.with(|t| {
            t.steps
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let here = move || current.get() == Some(i);
                    let (when, what) = s.sentence.split_once(", ").unwrap_or(("", s.sentence.as_str()));
                    let harm = what.contains("second time") || what.contains("deletes box") || what.contains("no sweep this slot") || what.contains("loses power");
                    view! {
                        <tr class:ll-bad=harm class:ll-current=here aria-current=move || here().then_some("step")>
                            <td>{when.trim_start_matches("At ").to_string()}</td>
                            <td class="ll-left">{what.to_string()}</td>
                        </tr>
                    }
                })
                .collect_view()
        }))
    };

    view! {
        <ScenarioFrame
            model=model
            title="The job that outlives its lock: a sweeper's evening, replayed"
            lede=move || view! { "A cron job on two boxes settles pending orders every two minutes, guarded by a Redis key that expires \
                 after 120 s and a DEL at the end. The payment provider goes slow, the list of pending orders grows, and once a sweep \
                 takes longer than its key lives, a second sweep starts beside it. Play the evening, then try each fix and see which \
                 of the bugs it actually touches." }
            method=move || view! { "A deterministic replay in whole seconds. Orders every 50 s; while the provider is slow, each checkout \
                 times out with the chosen chance (seeded draws) and leaves a pending order, and the sweeper's questions time out too. \
                 From the recovery each answer abandons the order and puts its held copy back. Both boxes' crons fire every slot and \
                 take turns at being first. Compare-and-delete: a random value per acquisition and a Lua script that deletes only that \
                 value. One row per slot: insert (job_name, run_slot) on conflict do nothing. Advisory lock: pg_try_advisory_lock, a session \
                 lock held until it is unlocked or the connection closes; after a power loss the server keeps it until TCP keepalive gives up (7,200 s + 9 × 75 s with \
                 Linux's defaults). Status fence: update orders set status = 'abandoned' where id = $1 and status = 'pending', and \
                 add the copy back only if that changed one row, in one transaction." }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label="Copies put back twice" value=Signal::derive(move || int(doubles.get() as i64)) bad=bad(doubles) />
                    <Stat label="Catalogue says / shelf has" value=Signal::derive(move || stock.with(|s| format!("+{} / +{}", s.0, s.1))) bad=shelf_wrong good=shelf_right />
                    <Stat label="DEL of another box's key" value=Signal::derive(move || int(wrong.get() as i64)) bad=bad(wrong) />
                    <Stat label="Runs skipped" value=Signal::derive(move || int(skipped.get() as i64)) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=data draw=draw_close_up label=close_label height=300.0 />
                    <figcaption>
                        <span class="ll-key ll-key-box-a">"box A sweeping or holding"</span>
                        <span class="ll-key ll-key-box-b">"box B sweeping or holding"</span>
                        <span class="ll-key ll-key-line-bad">"sweep past its slot"</span>
                        <span class="ll-key ll-key-dot-good">"copy put back"</span>
                        <span class="ll-key ll-key-dot-bad">"put back twice"</span>
                        <span class="ll-key ll-key-lost">"DEL of another box's key"</span>
                    </figcaption>
                    <Player timeline=timeline now=now pace=60.0 autoplay=model.autoplay clock_from=f64::from(locklab_sim::sweeper_incident::START) />
                </figure>
            }.into_any())
        >
            <figure class="ll-figure">
                <ChartFrame data=data draw=draw_evening label=evening_label height=240.0 />
                <figcaption>"The whole evening. The close-up above follows the player; at the end it shows the evening's first harm."</figcaption>
            </figure>
            <details class="ll-details" on:toggle=move |ev| {
                let open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
                table_open.set(open);
            }>
                <summary>"The evening, step by step"</summary>
                <table class="ll-compare ll-events">
                    <thead>
                        <tr>
                            <th scope="col">"time"</th>
                            <th scope="col" class="ll-left">"what happens"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </details>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<SweeperIncident>) -> impl IntoView {
    view! { <SweeperIncidentWidget model=model /> }
}
