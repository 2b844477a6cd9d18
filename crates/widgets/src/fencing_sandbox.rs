//! The fencing sandbox: the learner schedules the clients' steps by hand (the steps are part of
//! the widget's state, after its parameters), and a table counts every interleaving under every
//! protection; any order in it can be loaded and replayed.

use leptos::prelude::*;
use locklab_charts::{fencing_sandbox as charts, Theme};
use locklab_sim::fencing_sandbox::{Action, Ending, Move, Protection, World, CLIENT_NAMES, FIRST_TOKEN, PROTECTION, SPECS};
use locklab_sim::messages::Format;
use locklab_sim::timeline::{Step, Timeline};
use locklab_sim::FencingSandbox;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::i18n::Words;
use crate::player::Player;
use crate::ui::{unique_id, ChartFrame, Model, ScenarioFrame, Stat};

/// The most orders listed for one cell of the table (the count is always exact).
const MAX_LISTED: usize = 60;

fn draw_story(root: &DrawingArea<Canvas, Shift>, d: &(World, Words), theme: &Theme, scale: f64) {
    let _ = charts::story(root, &d.0, theme, scale, &d.1.tr());
}

#[component]
pub fn FencingSandboxWidget(model: Model<FencingSandbox>) -> impl IntoView {
    let (values, params, outcome) = (model.values, model.params, model.outcome);
    let n_specs = SPECS.len();
    let total = Memo::new(move |_| params.with(|p| p.steps.len()));
    // The player moves through the hand-played steps: step k of the story is at time k.
    let now = RwSignal::new(total.get_untracked() as f64);
    let timeline: Signal<Timeline> = Memo::new(move |_| {
        outcome.with(|o| {
            model.words.with_value(|w| Timeline {
                steps: o
                    .world
                    .log
                    .iter()
                    .enumerate()
                    .map(|(i, l)| Step { time: (i + 1) as f64, sentence: w.t("sandbox-step", &[("clock", l.clock.into()), ("sentence", w.said(&l.said).into())]) })
                    .collect(),
                end: o.world.log.len() as f64,
            })
        })
    })
    .into();
    let shown_k = Memo::new(move |_| (now.get().round().max(0.0) as usize).min(total.get()));
    // No room for another step once the story (up to the player's position) is at its limit.
    let full = Memo::new(move |_| World::room_after(shown_k.get()).err().map(|why| model.said(&why)));
    let world = Memo::new(move |_| params.with(|p| World::replay(p, shown_k.get())));

    // A step by one of the buttons: anything after the player's position is dropped first.
    let act = Callback::new(move |m: Move| {
        let k = shown_k.get_untracked();
        values.update(|v| {
            v.truncate(n_specs + k);
            v.push(m.code());
        });
        now.set((k + 1) as f64);
    });
    let undo = move |_| {
        let k = shown_k.get_untracked();
        if k == 0 {
            return;
        }
        values.update(|v| v.truncate(n_specs + k - 1));
        now.set((k - 1) as f64);
    };
    let start_over = move |_| {
        values.update(|v| v.truncate(n_specs));
        now.set(0.0);
    };
    // An order from the table, loaded with its protection, at its start (once the player has
    // taken in the new timeline: it keeps a player that was at the end at the end).
    let load = Callback::new(move |(protection, order): (usize, Vec<Move>)| {
        values.update(|v| {
            v.truncate(n_specs);
            v[PROTECTION] = protection as f64;
            v.extend(order.iter().map(|m| m.code()));
        });
        request_animation_frame(move || now.set(0.0));
    });

    let wait_id = unique_id("why");
    let wait_why = wait_id.clone();
    let clients = move || {
        let n = params.with(|p| p.clients);
        (0..n).map(|c| view! { <ClientControls model=model c=c world=world full=full act=act /> }).collect_view()
    };
    let ending = Signal::derive(move || world.with(|w| w.ending()));
    let t = move |key: &str| model.t(key, &[]);
    let story_label = Signal::derive(move || world.with(|w| model.t("sandbox-chart-label", &[("clock", w.clock.into()), ("value", w.value.into())])));
    let words = model.words.get_value();
    let drawn = Signal::derive(move || (world.get(), words.clone()));
    view! {
        <ScenarioFrame
            model=model
            title=t("sandbox-title")
            lede=move || t("sandbox-lede")
            method=move || t("sandbox-method")
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label=t("sandbox-stat-ending") value=Signal::derive(move || t(ending.get().key())) bad=Signal::derive(move || ending.get() != Ending::Correct) />
                    <Stat label=t("sandbox-stat-value") value=Signal::derive(move || world.with(|w| model.format(w.value as f64, Format::Int))) />
                    <Stat label=t("sandbox-stat-token") value=Signal::derive(move || world.with(|w| if w.latest_token < FIRST_TOKEN { t("sandbox-no-token") } else { model.format(w.latest_token as f64, Format::Int) })) />
                    <Stat label=t("sandbox-stat-clock") value=Signal::derive(move || world.with(|w| model.t("sandbox-seconds", &[("seconds", w.clock.into())]))) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=drawn draw=draw_story label=story_label height=180.0 />
                    <figcaption>
                        <span class="ll-key ll-key-window">{t("sandbox-key-valid")}</span>
                        <span class="ll-key ll-key-late">{t("sandbox-key-late")}</span>
                        <span class="ll-key ll-key-pause">{t("sandbox-key-pause")}</span>
                        <span class="ll-key ll-key-ring">{t("sandbox-key-read")}</span>
                        <span class="ll-key ll-key-dot">{t("sandbox-key-applied")}</span>
                        <span class="ll-key ll-key-lost">{t("sandbox-key-refused")}</span>
                    </figcaption>
                    <Player timeline=timeline now=now pace=1.5 unit="steps" />
                </figure>
            }.into_any())
        >
            <ServicePanels model=model world=world />
            <ul class="ll-clients">{clients}</ul>
            <div class="ll-buttons">
                <button
                    type="button"
                    class="ll-button"
                    disabled=move || full.get().is_some()
                    aria-describedby=move || full.get().is_some().then(|| wait_why.clone())
                    on:click=move |_| act.run(Move::Wait)
                >
                    {t("sandbox-wait")}
                </button>
                <button type="button" class="ll-button" disabled=move || shown_k.get() == 0 on:click=undo>{t("sandbox-undo")}</button>
                <button type="button" class="ll-button" disabled=move || total.get() == 0 on:click=start_over>{t("sandbox-start-over")}</button>
            </div>
            <p class="ll-client-why" id=wait_id>{move || full.get().map(|why| model.t("sandbox-no-more", &[("why", why.into())]))}</p>
            <details class="ll-details">
                <summary>{t("sandbox-log-title")}</summary>
                <StepLog model=model world=world />
            </details>
            <Interleavings model=model load=load />
        </ScenarioFrame>
    }
}

/// What the lock service and the storage hold at the player's position.
#[component]
fn ServicePanels(model: Model<FencingSandbox>, world: Memo<World>) -> impl IntoView {
    let (service, storage) = (model.t("sandbox-lock-service", &[]), model.t("sandbox-storage", &[]));
    view! {
        <div class="ll-sandbox">
            <section class="ll-panel" aria-label=service.clone()>
                <h4>{service.clone()}</h4>
                <p>{move || world.with(|w| match w.holder() {
                    Some((h, t, exp)) => model.t("sandbox-holder", &[("client", CLIENT_NAMES[usize::from(h)].into()), ("token", t.into()), ("until", exp.into())]),
                    None => model.t("sandbox-holder-nobody", &[]),
                })}</p>
            </section>
            <section class="ll-panel" aria-label=storage.clone()>
                <h4>{storage.clone()}</h4>
                <p>{move || world.with(|w| match w.protection {
                    Protection::FenceWrites => model.t("sandbox-storage-written", &[("value", w.value.into()), ("highest", w.highest_write.into())]),
                    Protection::FenceAll => model.t("sandbox-storage-seen", &[("value", w.value.into()), ("highest", w.highest_seen.into())]),
                    _ => model.t("sandbox-storage-value", &[("value", w.value.into())]),
                })}</p>
            </section>
        </div>
    }
}

/// One client's state and its two buttons (its next step, and pause), each saying why when it
/// cannot be pressed.
#[component]
fn ClientControls(model: Model<FencingSandbox>, c: u8, world: Memo<World>, full: Memo<Option<String>>, act: Callback<Move>) -> impl IntoView {
    let name = CLIENT_NAMES[usize::from(c)];
    let next = Signal::derive(move || world.with(|w| w.next_action(c)));
    let step_move = move || next.get().map(|a| Move::Do(c, a));
    let why_not = move |m: Move| world.with(|w| w.possible(m).err()).map(|why| model.said(&why));
    let why_step = Signal::derive(move || match step_move() {
        Some(m) => full.get().or_else(|| why_not(m)),
        None => Some(model.t("sandbox-why-finished", &[("client", name.into())])),
    });
    let why_pause = Signal::derive(move || full.get().or_else(|| why_not(Move::Do(c, Action::Pause))));
    let step_id = unique_id("why");
    let pause_id = unique_id("why");
    let (step_desc, pause_desc) = (step_id.clone(), pause_id.clone());
    view! {
        <li class="ll-client">
            <p class="ll-client-head">
                <strong>{model.t("sandbox-client", &[("client", name.into())])}</strong>
                " "
                <span class="ll-client-state">{move || world.with(|w| {
                    let status = model.said(&w.status(c));
                    match w.token_of(c) {
                        Some(t) => model.t("sandbox-client-token", &[("token", t.into()), ("status", status.into())]),
                        None => status,
                    }
                })}</span>
            </p>
            <div class="ll-buttons">
                <button
                    type="button"
                    class="ll-button"
                    disabled=move || why_step.get().is_some()
                    aria-describedby=move || why_step.get().is_some().then(|| step_desc.clone())
                    on:click=move |_| {
                        if let Some(m) = step_move() {
                            act.run(m);
                        }
                    }
                >
                    {move || match next.get() {
                        Some(a) => model.t("sandbox-button", &[("client", name.into()), ("action", model.t(a.key(), &[]).into())]),
                        None => model.t("sandbox-button-done", &[("client", name.into())]),
                    }}
                </button>
                <button
                    type="button"
                    class="ll-button"
                    disabled=move || why_pause.get().is_some()
                    aria-describedby=move || why_pause.get().is_some().then(|| pause_desc.clone())
                    on:click=move |_| act.run(Move::Do(c, Action::Pause))
                >
                    {model.t("sandbox-button", &[("client", name.into()), ("action", model.t(Action::Pause.key(), &[]).into())])}
                </button>
            </div>
            <p class="ll-client-why" id=step_id>{move || why_step.get().map(|why| match next.get() {
                Some(a) => model.t("sandbox-cannot", &[("client", name.into()), ("action", model.t(a.key(), &[]).into()), ("why", why.into())]),
                None => model.t("sandbox-cannot-act", &[("client", name.into()), ("why", why.into())]),
            })}</p>
            <p class="ll-client-why" id=pause_id>{move || why_pause.get().filter(|_| why_step.get().is_none()).map(|why| model.t("sandbox-no-pause", &[("why", why.into())]))}</p>
        </li>
    }
}

/// The story so far, one line per step, refused accesses marked.
#[component]
fn StepLog(model: Model<FencingSandbox>, world: Memo<World>) -> impl IntoView {
    let lines = move || {
        world.with(|w| {
            w.log
                .iter()
                .map(|l| {
                    let mark = match l.accepted {
                        Some(true) => "✓ ",
                        Some(false) => "✗ ",
                        None => "",
                    };
                    view! {
                        <li class:ll-bad=l.accepted == Some(false)>
                            <span class="ll-log-time">{model.t("sandbox-seconds", &[("seconds", l.clock.into())])}</span>
                            " "
                            <code>{l.step.clone()}</code>
                            " "
                            <span aria-hidden="true">{mark}</span>
                            {model.said(&l.said)}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! { <ol class="ll-log">{lines}</ol> }
}

/// The table of every interleaving: pick a cell to list its orders, pick an order to load it.
#[component]
fn Interleavings(model: Model<FencingSandbox>, load: Callback<(usize, Vec<Move>)>) -> impl IntoView {
    let (params, outcome) = (model.params, model.outcome);
    let picked = RwSignal::new(None::<(usize, Ending)>);
    let rows = move || {
        outcome.with(|o| {
            o.summary
                .by_protection
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    let label = model.words.with_value(|w| w.value(&SPECS[PROTECTION], k as f64));
                    let current = move || params.with(|p| Protection::ALL.get(k) == Some(&p.protection));
                    let cell = |e: Ending, n: u64| {
                        let bad = e != Ending::Correct && n > 0;
                        let pressed = move || picked.get() == Some((k, e));
                        view! {
                            <td class:ll-bad=bad>
                                <button
                                    type="button"
                                    class="ll-link"
                                    aria-pressed=move || if pressed() { "true" } else { "false" }
                                    disabled=n == 0
                                    on:click=move |_| picked.set(if pressed() { None } else { Some((k, e)) })
                                >
                                    {model.format(n as f64, Format::Int)}
                                    " "
                                    <span class="ll-visually-hidden">{model.t("sandbox-cell", &[("ending", model.t(e.key(), &[]).into()), ("protection", label.clone().into())])}</span>
                                </button>
                            </td>
                        }
                    };
                    view! {
                        <tr class:ll-current=current>
                            <th scope="row">{label.clone()}</th>
                            {cell(Ending::Correct, c.correct)}
                            {cell(Ending::OlderOverwrote, c.older_overwrote)}
                            {cell(Ending::StaleRead, c.stale_read)}
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let listed = move || {
        let (k, e) = picked.get()?;
        let orders = outcome.with(|o| o.orders.clone());
        let matching: Vec<Vec<Move>> = orders.iter().filter(|(_, endings)| endings[k] == e).map(|(path, _)| path.clone()).collect();
        let n = matching.len();
        let label = model.words.with_value(|w| w.value(&SPECS[PROTECTION], k as f64));
        Some(view! {
            <div class="ll-orders">
                <p>{model.t("sandbox-orders", &[("n", n.into()), ("ending", model.t(e.key(), &[]).into()), ("protection", label.into())])}</p>
                <ol>
                    {matching.into_iter().take(MAX_LISTED).map(|order| {
                        let text = order.iter().map(|m| m.text()).collect::<Vec<_>>().join(" → ");
                        view! { <li><button type="button" class="ll-link" on:click=move |_| load.run((k, order.clone()))>{text}</button></li> }
                    }).collect_view()}
                </ol>
                {(n > MAX_LISTED).then(|| view! { <p>{model.t("sandbox-more", &[("n", (n - MAX_LISTED).into())])}</p> })}
            </div>
        })
    };
    view! {
        <div class="ll-table-wrap">
            <table class="ll-compare ll-orders-table">
                <caption>{move || outcome.with(|o| model.t("sandbox-table-caption", &[("orders", o.summary.interleavings.into())]))}</caption>
                <thead>
                    <tr>
                        <th scope="col">{model.t("sandbox-col-checks", &[])}</th>
                        <th scope="col">{model.t("sandbox-col-correct", &[])}</th>
                        <th scope="col">{model.t("sandbox-col-older", &[])}</th>
                        <th scope="col">{model.t("sandbox-col-stale", &[])}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        {listed}
    }
}

/// This widget's view of its model, for the mount dispatch (`locklab_sim::for_each_scenario!`).
pub fn view(model: Model<FencingSandbox>) -> impl IntoView {
    view! { <FencingSandboxWidget model=model /> }
}
