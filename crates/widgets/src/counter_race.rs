//! The counter-race widget: sliders for workers, increments, think and pause times, the lock
//! toggle; the counter against the ideal over time; a lane per worker for the start of the run.

use leptos::prelude::*;
use locklab_charts::{counter_race as charts, Theme};
use locklab_sim::counter_race::Outcome;
use locklab_sim::text::{int, num};
use locklab_sim::CounterRace;
use plotters::coord::Shift;
use plotters::prelude::*;
use crate::canvas::Canvas;

use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

type Area = DrawingArea<Canvas, Shift>;

fn draw_counter(root: &Area, o: &Outcome, theme: &Theme, scale: f64) {
    let _ = charts::counter(root, o, theme, scale);
}

fn draw_lanes(root: &Area, data: &(Outcome, u32), theme: &Theme, scale: f64) {
    let _ = charts::lanes(root, &data.0, data.1, theme, scale);
}

#[component]
pub fn CounterRaceWidget(model: Model<CounterRace>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let counter_data = Signal::derive(move || outcome.get());
    let lanes_data = Signal::derive(move || (outcome.get(), params.with(|p| p.workers)));
    let lanes_height = Signal::derive(move || charts::lanes_height(params.with(|p| p.workers)));
    let locked = move || params.with(|p| p.lock);

    let counter_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Line chart over {} ms: the counter against the number of increments made. It ends at {} of {}.",
                int(o.summary.duration_ms.round() as i64),
                int(o.summary.final_value as i64),
                int(o.summary.expected as i64)
            )
        })
    });
    let lanes_label = Signal::derive(move || {
        outcome.with(|o| {
            let writes = o.trace.events.iter().filter(|e| e.action == locklab_sim::counter_race::Action::Write).count();
            let over = o.trace.events.iter().filter(|e| e.overwritten).count();
            format!(
                "Timeline of the first {} ms, one lane per worker: {} writes, {} of them overwritten by a worker that had read an older value.",
                num(o.trace.window_ms),
                writes,
                over
            )
        })
    });

    let lost_any = Signal::derive(move || outcome.with(|o| o.summary.lost > 0));
    let none_lost = Signal::derive(move || outcome.with(|o| o.summary.lost == 0));

    view! {
        <ScenarioFrame
            model=model
            title="Counter race: read, think, write"
            lede=move || view! { "Each worker adds one to a shared counter, over and over: it reads the value, thinks for a moment, \
                 then writes what it read plus one. Two workers that read the same value both write the same \
                 result, and one increment disappears." }
            method=move || view! { "Seeded event simulation. Pause and think times are exponential with the means you set. \
                 Lost updates = increments made − the counter at the end (a stale write can even move the counter back). \
                 With the lock, read → think → write runs for one worker at a time, first come, first served." }
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label="Increments made" value=model.show(|o| int(o.summary.expected as i64)) />
                        <Stat label="Counter at the end" value=model.show(|o| int(o.summary.final_value as i64)) />
                        <Stat label="Lost updates" value=model.show(|o| int(o.summary.lost as i64)) bad=lost_any good=none_lost />
                        <Stat label="Run time" value=model.show(|o| format!("{} ms", int(o.summary.duration_ms.round() as i64))) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=counter_data draw=draw_counter label=counter_label height=240.0 />
                        <figcaption>"The counter (solid) against the increments made so far (dashed). The shaded gap is the updates lost so far."</figcaption>
                    </figure>
            }.into_any())
        >
                    <figure class="ll-figure">
                        <ChartFrame data=lanes_data draw=draw_lanes label=lanes_label height=lanes_height />
                        <figcaption>
                            <span class="ll-key ll-key-window">"read → write"</span>
                            <span class="ll-key ll-key-read">"read"</span>
                            <span class="ll-key ll-key-write">"write"</span>
                            <span class="ll-key ll-key-lost">"write later overwritten"</span>
                            <Show when=locked>
                                <span class="ll-key ll-key-wait">"waiting for the lock"</span>
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
