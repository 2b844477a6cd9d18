//! The TTL trade-off widget: lease length against unsafe overlaps and crash recovery.

use leptos::prelude::*;
use locklab_charts::{ttl_tradeoff as charts, Theme};
use locklab_sim::text::{int, num, percent};
use locklab_sim::ttl_tradeoff::{exact_curve, Outcome};
use locklab_sim::TtlTradeoff;
use plotters::coord::Shift;
use plotters::prelude::*;
use crate::canvas::Canvas;

use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_histogram(root: &DrawingArea<Canvas, Shift>, o: &Outcome, theme: &Theme, scale: f64) {
    let _ = charts::histogram(root, o, theme, scale);
}

fn draw_tradeoff(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, Vec<(f64, f64)>), theme: &Theme, scale: f64) {
    let _ = charts::tradeoff(root, &d.0, &d.1, theme, scale);
}

#[component]
pub fn TtlTradeoffWidget(model: Model<TtlTradeoff>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let data = Signal::derive(move || outcome.get());
    // The exact curve depends on the hold model only: recomputed when the work, spread or stalls
    // change, never for the TTL or the seed, and after the change event (only the chart reads it).
    let hold_model = Memo::new(move |_| params.with(|p| p.model()));
    let exact = Memo::new(move |_| hold_model.with(exact_curve));
    let curve_data = Signal::derive(move || (outcome.get(), exact.get()));

    let hist_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Histogram of {} hold durations on a log scale, with the {} s TTL marked: {} holds lie beyond it.",
                int(i64::from(o.summary.holds)),
                num(o.ttl_s),
                int(o.summary.unsafe_holds as i64)
            )
        })
    });
    let curve_label = Signal::derive(move || {
        exact.with(|e| {
            let at = |t: f64| e.iter().min_by(|a, b| (a.0 - t).abs().total_cmp(&(b.0 - t).abs())).map_or(0.0, |c| c.1);
            format!(
                "Trade-off chart: as the TTL grows from 0.1 s to 120 s, the share of holds that outlive it falls \
                 ({} at 1 s, {} at 10 s, {} at 60 s) while the wait after a crash grows with the TTL itself.",
                percent(at(1.0)),
                percent(at(10.0)),
                percent(at(60.0))
            )
        })
    });
    let holds = move || params.with(|p| int(i64::from(p.holds)));

    view! {
        <ScenarioFrame
            model=model
            title="The lock must expire, and no TTL is safe"
            lede=move || view! { "A lease that is not renewed frees the lock when its holder dies, but the lock service cannot tell a dead holder \
                 from a slow one. Any hold longer than the TTL loses the lock while still working; a long TTL makes a real crash \
                 block everyone. (Lock clients such as etcd's and Redisson's renew the lease while the holder is alive: a \
                 different trade-off with failures of its own, in the lease-renewal widget.)" }
            method=move || view! { {holds} " seeded holds. Work is log-normal around the typical value with the spread you set; with the stall \
                chance, a stall of the mean you set is added, exponential (a light tail) or Pareto (a heavy tail: long stalls \
                stay possible). A hold is unsafe when it lasts longer than the TTL. Every distribution here is an assumption \
                to play with, not a measurement. The exact share and the expected count a day come from integrating the same \
                model." }
            headline=Box::new(move || view! {
                    <dl class="ll-stats">
                        <Stat label="Holds outliving the TTL" value=model.show(|o| format!("{} of {}", int(o.summary.unsafe_holds as i64), int(i64::from(o.summary.holds)))) bad=Signal::derive(move || outcome.with(|o| o.summary.unsafe_holds > 0)) />
                        <Stat label="Share (exact)" value=model.show(|o| format!("{} ({})", percent(o.summary.unsafe_fraction), percent(o.summary.exact_fraction))) />
                        <Stat label="Unsafe holds a day (expected)" value=model.show(|o| format!("{} ({})", num(o.summary.unsafe_per_day), num(o.summary.exact_per_day))) />
                        <Stat label="Wait after a crash" value=model.show(|o| format!("up to {} s", num(o.summary.recovery_seconds))) />
                    </dl>
                    <figure class="ll-figure">
                        <ChartFrame data=data draw=draw_histogram label=hist_label height=220.0 />
                        <figcaption>"How long holds last (both axes on log scales). Red: holds that outlive the TTL."</figcaption>
                    </figure>
            }.into_any())
        >
                    <figure class="ll-figure">
                        <ChartFrame data=curve_data draw=draw_tradeoff label=curve_label height=240.0 />
                        <figcaption>
                            <span class="ll-key ll-key-line-bad">"share of holds outliving the TTL (exact)"</span>
                            <span class="ll-key ll-key-write">"this run"</span>
                            <span class="ll-key ll-key-dash">"longest wait after a crash (right axis)"</span>
                        </figcaption>
                    </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<TtlTradeoff>) -> impl IntoView {
    view! { <TtlTradeoffWidget model=model /> }
}
