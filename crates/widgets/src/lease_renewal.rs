//! The lease-renewal widget: the job that outlives its lock, and what renewal, fencing and
//! idempotency keys each do with the same runs.

use leptos::prelude::*;
use locklab_charts::{lease as charts, Theme};
use locklab_sim::lease_renewal::Outcome;
use locklab_sim::text::{int, num, percent};
use locklab_sim::LeaseRenewal;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::ui::{ChartFrame, Model, ScenarioFrame, Stat};

fn draw_runs(root: &DrawingArea<Canvas, Shift>, d: &(Outcome, f64), theme: &Theme, scale: f64) {
    let _ = charts::runs(root, &d.0, d.1, theme, scale);
}

fn draw_costs(root: &DrawingArea<Canvas, Shift>, o: &Outcome, theme: &Theme, scale: f64) {
    let _ = charts::costs(root, o, theme, scale);
}

#[component]
pub fn LeaseRenewalWidget(model: Model<LeaseRenewal>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let runs_data = Signal::derive(move || (outcome.get(), params.with(|p| p.ttl_s)));
    let costs_data = Signal::derive(move || outcome.get());
    let runs_label = Signal::derive(move || {
        outcome.with(|o| {
            format!(
                "Histogram of {} run lengths on a log scale with the lease marked: {} runs lost the lock (in red).",
                int(i64::from(o.summary.runs)),
                int(o.summary.lock_lost as i64)
            )
        })
    });
    let costs_label = Signal::derive(move || {
        outcome.with(|o| {
            let (s, b) = (&o.summary, &o.baseline);
            format!(
                "Bars for the lost runs with this defence (and without any): double invoices {} ({}), double emails {} ({}), \
                 writes refused {}, harmless repeats {}.",
                int(s.harmful_duplicates as i64),
                int(b.harmful_duplicates as i64),
                int(s.duplicate_emails as i64),
                int(b.duplicate_emails as i64),
                int(s.rejected_writes as i64),
                int(s.harmless_repeats as i64)
            )
        })
    });
    let harmful = Signal::derive(move || outcome.with(|o| o.summary.harmful_duplicates + o.summary.duplicate_emails > 0));
    let runs = move || params.with(|p| int(i64::from(p.runs)));

    view! {
        <ScenarioFrame
            model=model
            title="Break it: the job that outlives its lock"
            lede=move || view! { "A job takes a lock with a lease and sends an invoice and an email when it is done. If it loses the lock while \
                 still running, a second worker may run it again. Compare what renewal, a fencing token (on the write, or on every access) \
                 and idempotency keys each do with the same runs." }
            method=move || view! { {runs} " seeded runs: log-normal work around the typical value, plus, with the stall chance, a stall \
                (exponential or Pareto) at a random point of the work. Renewal extends the lease every interval from the start while \
                the job runs; a stall freezes the renewer too. A second worker starts when the lock moves to it, with the newer token, \
                reads the invoice row and runs its own job. Write-only fencing: the database refuses the first worker's late invoice \
                only if the second worker's invoice got there first; fencing every access: the second worker's read registers its \
                token, so every late invoice is refused. The email provider checks no token. Idempotency keys: both recognise the \
                repeat, assuming the provider honours the key. The exact chance of losing the lock comes from the same model. Not \
                modelled: a partition, a lost renewal reply or a failover, which can lose a renewed lease too." }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label="Runs that lost the lock" value=model.show(|o| format!("{} ({} exact)", int(o.summary.lock_lost as i64), percent(o.summary.exact_lock_lost))) />
                    <Stat label="Double invoices" value=model.show(|o| int(o.summary.harmful_duplicates as i64)) bad=harmful />
                    <Stat label="Double emails" value=model.show(|o| int(o.summary.duplicate_emails as i64)) />
                    <Stat label="Work done again" value=model.show(|o| format!("{} s", num(o.summary.wasted_seconds))) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=runs_data draw=draw_runs label=runs_label height=220.0 />
                    <figcaption>
                        <span class="ll-key ll-key-window">"kept the lock"</span>
                        <span class="ll-key ll-key-late">"lost the lock while running"</span>
                    </figcaption>
                </figure>
            }.into_any())
        >
            <figure class="ll-figure">
                <ChartFrame data=costs_data draw=draw_costs label=costs_label height=200.0 />
                <figcaption>"What the lost runs did: this defence (solid) beside no defence on the same runs (faint)."</figcaption>
            </figure>
        </ScenarioFrame>
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<LeaseRenewal>) -> impl IntoView {
    view! { <LeaseRenewalWidget model=model /> }
}
