//! The Redlock widget: five masters, a timer and a validity window, played step by step.

use leptos::prelude::*;
use locklab_charts::{redlock as charts, Theme};
use locklab_sim::redlock::{Outcome, QUORUM};
use locklab_sim::text::num;
use locklab_sim::Redlock;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::player::Player;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_walkthrough(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64), theme: &Theme, scale: f64) {
    let _ = charts::walkthrough(root, &d.0, Some(d.1), theme, scale);
}

fn draw_quorum(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64), theme: &Theme, scale: f64) {
    let _ = charts::quorum(root, &d.0, d.1, theme, scale);
}

#[component]
pub fn RedlockWidget(model: Model<Redlock>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let now = RwSignal::new(outcome.with_untracked(|o| o.timeline.end));
    let timeline = Signal::derive(move || outcome.with(|o| o.timeline.clone()));
    let walk = Signal::derive(move || (outcome.get(), now.get()));
    let odds = Signal::derive(move || (outcome.get(), params.with(|p| p.nodes_up_chance)));
    let walk_label = Signal::derive(move || {
        outcome.with(|o| {
            let s = &o.summary;
            format!(
                "Timeline of two clients and five masters: client 1 collected {} of 5 yeses in {} ms; {}.",
                s.quorum,
                num(s.elapsed_ms),
                if s.both_hold { "both clients end up holding the lock" } else if s.acquired { "client 1 holds the lock" } else { "no lock" }
            )
        })
    });
    let odds_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Curve of the chance of a quorum of {QUORUM} of 5 against the chance that one master says yes in time: {} here, {} of the seeded attempts.",
                locklab_sim::text::percent(o.summary.quorum_chance),
                locklab_sim::text::percent(o.summary.quorum_rate)
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
            String::from(if s.both_hold { "two clients hold it" } else if s.acquired { "client 1 holds it" } else { "no lock" })
        })
    });
    let yeses = Signal::derive(move || {
        let t = now.get();
        outcome.with(|o| {
            let so_far = o.messages.iter().filter(|m| m.client == 1 && m.yes && m.answered_ms <= t + 1e-9).count();
            format!("{so_far} of 5 (need {QUORUM})")
        })
    });
    let both_now = Signal::derive(move || ended.get() && outcome.with(|o| o.summary.both_hold));
    let held_now = Signal::derive(move || ended.get() && outcome.with(|o| o.summary.acquired && !o.summary.both_hold));

    view! {
        <ScenarioFrame
            model=model
            title="Redlock: a quorum on five Redis masters"
            lede=move || view! { "A client asks five independent Redis masters for the same key (here one after another, as the Redis \
                 description puts it; many clients ask all five at once). It holds the lock only if \
                 at least three said yes and the asking took less than the TTL; what is left, minus an allowance for clock drift, is how \
                 long it may use the lock. Play each scenario and watch where that reasoning holds and where it breaks." }
            method=move || view! { "Deterministic walkthroughs. SET key value NX PX ttl goes to the masters in turn; a master that is down \
                 costs its 50 ms timeout. Validity = TTL − elapsed − drift, drift = 0.01 × TTL + 2 ms (the client libraries' convention). \
                 Clock jump and crash-restart are Kleppmann's counterexamples. That no lease catches a pause after the check, he and \
                 Redis's author agree; he would have the resource check a fencing token, while Redis's author argues that the lock's \
                 unique value, checked by the resource with a check-and-set, can serve. The quorum curve is Σ C(5,k) q^k (1 − q)^(5−k) \
                 for k ≥ 3, with seeded attempts beside it." }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label="Verdict" value=verdict bad=both_now good=held_now />
                    <Stat label="Yes answers" value=yeses />
                    <Stat label="Elapsed" value=model.show(|o| format!("{} ms", num(o.summary.elapsed_ms))) />
                    <Stat label="Validity" value=model.show(|o| format!("{} ms", num(o.summary.validity_ms))) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=walk draw=draw_walkthrough label=walk_label height=300.0 />
                    <figcaption>
                        <span class="ll-key ll-key-window">"client 1's key or hold"</span>
                        <span class="ll-key ll-key-late">"client 2's key or hold"</span>
                        <span class="ll-key ll-key-wait">"a request and its answer"</span>
                    </figcaption>
                    <Player timeline=timeline now=now pace=4000.0 autoplay=model.autoplay unit="ms" />
                </figure>
            }.into_any())
        >
            <figure class="ll-figure">
                <ChartFrame data=odds draw=draw_quorum label=odds_label height=220.0 />
                <figcaption>"The chance of a quorum (line) and the share of seeded attempts that formed one (dot)."</figcaption>
            </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<Redlock>) -> impl IntoView {
    view! { <RedlockWidget model=model /> }
}
