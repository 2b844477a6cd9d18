//! The fencing sandbox: the learner schedules the clients' steps by hand (the steps are part of
//! the widget's state, after its parameters), and a table counts every interleaving under every
//! protection; any order in it can be loaded and replayed.

use leptos::prelude::*;
use locklab_charts::{fencing_sandbox as charts, Theme};
use locklab_sim::fencing_sandbox::{Action, Ending, Move, Protection, World, CLIENT_NAMES, PROTECTION, SPECS};
use locklab_sim::timeline::{Step, Timeline};
use locklab_sim::FencingSandbox;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::canvas::Canvas;
use crate::player::Player;
use crate::ui::{unique_id, ChartFrame, Model, ScenarioFrame, Stat};

/// The most orders listed for one cell of the table (the count is always exact).
const MAX_LISTED: usize = 60;

fn draw_story(root: &DrawingArea<Canvas, Shift>, w: &World, theme: &Theme, scale: f64) {
    let _ = charts::story(root, w, theme, scale);
}

#[component]
pub fn FencingSandboxWidget(model: Model<FencingSandbox>) -> impl IntoView {
    let (values, params, outcome) = (model.values, model.params, model.outcome);
    let n_specs = SPECS.len();
    let total = Memo::new(move |_| params.with(|p| p.steps.len()));
    // The player moves through the hand-played steps: step k of the story is at time k.
    let now = RwSignal::new(total.get_untracked() as f64);
    let timeline: Signal<Timeline> = Memo::new(move |_| {
        outcome.with(|o| Timeline {
            steps: o.world.log.iter().enumerate().map(|(i, l)| Step { time: (i + 1) as f64, sentence: format!("At {} s, {}", l.clock, l.sentence) }).collect(),
            end: o.world.log.len() as f64,
        })
    })
    .into();
    let shown_k = Memo::new(move |_| (now.get().round().max(0.0) as usize).min(total.get()));
    // No room for another step once the story (up to the player's position) is at its limit.
    let full = Memo::new(move |_| World::room_after(shown_k.get()).err());
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
        (0..n).map(|c| view! { <ClientControls c=c world=world full=full act=act /> }).collect_view()
    };
    let ending = Signal::derive(move || world.with(|w| w.ending()));
    let story_label = Signal::derive(move || {
        world.with(|w| format!("Timeline of the steps so far, up to {} s: each client's lease, pauses, reads and writes, and the storage's value {}.", w.clock, w.value))
    });
    view! {
        <ScenarioFrame
            model=model
            title="Fencing by hand, and every interleaving at once"
            lede=move || view! { "You are the scheduler. Each client takes the lock, reads the counter, writes what it read plus its own amount \
                 (A adds 1, B 10, C 100), and releases. A client holding the lock can pause: it freezes until its lease has run out and then \
                 carries on, unaware. Play the steps in any order the lock allows, and see what the storage lets through." }
            method=move || view! { "Every step takes one second; a pause lasts until the pauser's lease has run out. The lock service grants the \
                 lock when it is free or the holder's lease has run out, with tokens 33, 34, 35; a release deletes only its own lock. Tokens on \
                 writes only: a write below the highest token written is refused. Tokens on every access: reads register their token too, and \
                 a read or write below the highest token seen is refused. Equal tokens are accepted, so a holder can read and then write with \
                 its own token; \u{201c}strictly greater\u{201d} would refuse that write. Conditional write: compare-and-set on a version (here the value itself, which only grows, so it never repeats; on a value that can come back, compare a version number or an A-B-A change slips through). \
                 The table runs every order of the clients' steps (A pausing between its read and its write) under each protection." }
            headline=Box::new(move || view! {
                <dl class="ll-stats">
                    <Stat label="Ending so far" value=Signal::derive(move || ending.get().label().to_string()) bad=Signal::derive(move || ending.get() != Ending::Correct) />
                    <Stat label="Storage value" value=Signal::derive(move || world.with(|w| w.value.to_string())) />
                    <Stat label="Highest token issued" value=Signal::derive(move || world.with(|w| if w.latest_token < 33 { "none".to_string() } else { w.latest_token.to_string() })) />
                    <Stat label="Clock" value=Signal::derive(move || world.with(|w| format!("{} s", w.clock))) />
                </dl>
                <figure class="ll-figure">
                    <ChartFrame data=Signal::from(world) draw=draw_story label=story_label height=180.0 />
                    <figcaption>
                        <span class="ll-key ll-key-window">"holding a valid lease"</span>
                        <span class="ll-key ll-key-late">"lease gone, still believes it holds it"</span>
                        <span class="ll-key ll-key-pause">"paused"</span>
                        <span class="ll-key ll-key-ring">"read"</span>
                        <span class="ll-key ll-key-dot">"write applied"</span>
                        <span class="ll-key ll-key-lost">"refused"</span>
                    </figcaption>
                    <Player timeline=timeline now=now pace=1.5 unit="steps" />
                </figure>
            }.into_any())
        >
            <ServicePanels world=world />
            <ul class="ll-clients">{clients}</ul>
            <div class="ll-buttons">
                <button
                    type="button"
                    class="ll-button"
                    disabled=move || full.get().is_some()
                    aria-describedby=move || full.get().is_some().then(|| wait_why.clone())
                    on:click=move |_| act.run(Move::Wait)
                >
                    "Wait 1 s"
                </button>
                <button type="button" class="ll-button" disabled=move || shown_k.get() == 0 on:click=undo>"Undo"</button>
                <button type="button" class="ll-button" disabled=move || total.get() == 0 on:click=start_over>"Start over"</button>
            </div>
            <p class="ll-client-why" id=wait_id>{move || full.get().map(|w| format!("No more steps: {w}."))}</p>
            <details class="ll-details">
                <summary>"What happened, step by step"</summary>
                <StepLog world=world />
            </details>
            <Interleavings model=model load=load />
        </ScenarioFrame>
    }
}

/// What the lock service and the storage hold at the player's position.
#[component]
fn ServicePanels(world: Memo<World>) -> impl IntoView {
    view! {
        <div class="ll-sandbox">
            <section class="ll-panel" aria-label="Lock service">
                <h4>"Lock service"</h4>
                <p>{move || world.with(|w| match w.holder() {
                    Some((h, t, exp)) => format!("Holder: {} (token {t}), lease until {exp} s.", CLIENT_NAMES[usize::from(h)]),
                    None => "Holder: nobody.".to_string(),
                })}</p>
            </section>
            <section class="ll-panel" aria-label="Storage">
                <h4>"Storage"</h4>
                <p>{move || world.with(|w| match w.protection {
                    Protection::FenceWrites => format!("Value {}; highest token written {}.", w.value, w.highest_write),
                    Protection::FenceAll => format!("Value {}; highest token seen {}.", w.value, w.highest_seen),
                    _ => format!("Value {}.", w.value),
                })}</p>
            </section>
        </div>
    }
}

/// One client's state and its two buttons (its next step, and pause), each saying why when it
/// cannot be pressed.
#[component]
fn ClientControls(c: u8, world: Memo<World>, full: Memo<Option<String>>, act: Callback<Move>) -> impl IntoView {
    let name = CLIENT_NAMES[usize::from(c)];
    let next = Signal::derive(move || world.with(|w| w.next_action(c)));
    let step_move = move || next.get().map(|a| Move::Do(c, a));
    let why_step = Signal::derive(move || match step_move() {
        Some(m) => full.get().or_else(|| world.with(|w| w.possible(m).err())),
        None => Some(format!("{name} has finished")),
    });
    let why_pause = Signal::derive(move || full.get().or_else(|| world.with(|w| w.possible(Move::Do(c, Action::Pause)).err())));
    let step_id = unique_id("why");
    let pause_id = unique_id("why");
    let (step_desc, pause_desc) = (step_id.clone(), pause_id.clone());
    view! {
        <li class="ll-client">
            <p class="ll-client-head">
                <strong>{format!("Client {name}")}</strong>
                " "
                <span class="ll-client-state">{move || world.with(|w| {
                    let token = w.token_of(c).map(|t| format!("token {t}, ")).unwrap_or_default();
                    format!("{token}{}", w.status(c))
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
                        Some(a) => format!("{name}: {}", a.name()),
                        None => format!("{name}: done"),
                    }}
                </button>
                <button
                    type="button"
                    class="ll-button"
                    disabled=move || why_pause.get().is_some()
                    aria-describedby=move || why_pause.get().is_some().then(|| pause_desc.clone())
                    on:click=move |_| act.run(Move::Do(c, Action::Pause))
                >
                    {format!("{name}: pause")}
                </button>
            </div>
            <p class="ll-client-why" id=step_id>{move || why_step.get().map(|w| format!("{name} cannot {}: {w}.", next.get().map_or("act", Action::name)))}</p>
            <p class="ll-client-why" id=pause_id>{move || why_pause.get().filter(|_| why_step.get().is_none()).map(|w| format!("No pause: {w}."))}</p>
        </li>
    }
}

/// The story so far, one line per step, refused accesses marked.
#[component]
fn StepLog(world: Memo<World>) -> impl IntoView {
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
                            <span class="ll-log-time">{format!("{} s", l.clock)}</span>
                            " "
                            <code>{l.step.clone()}</code>
                            " "
                            <span aria-hidden="true">{mark}</span>
                            {l.sentence.clone()}
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
                    let label = SPECS[PROTECTION].options().get(k).map_or("", |o| o.label);
                    let current = move || params.with(|p| Protection::ALL.get(k) == Some(&p.protection));
                    let cell = move |e: Ending, n: u64| {
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
                                    {n.to_string()}
                                    <span class="ll-visually-hidden">{format!(" {} orders with {label}", e.label())}</span>
                                </button>
                            </td>
                        }
                    };
                    view! {
                        <tr class:ll-current=current>
                            <th scope="row">{label}</th>
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
        let label = SPECS[PROTECTION].options().get(k).map_or("", |o| o.label);
        Some(view! {
            <div class="ll-orders">
                <p>{format!("{n} order{} ending in {} with \u{201c}{label}\u{201d}. Pick one to load it into the sandbox and replay it:", if n == 1 { "" } else { "s" }, e.label())}</p>
                <ol>
                    {matching.into_iter().take(MAX_LISTED).map(|order| {
                        let text = order.iter().map(|m| m.text()).collect::<Vec<_>>().join(" → ");
                        view! { <li><button type="button" class="ll-link" on:click=move |_| load.run((k, order.clone()))>{text}</button></li> }
                    }).collect_view()}
                </ol>
                {(n > MAX_LISTED).then(|| view! { <p>{format!("… and {} more.", n - MAX_LISTED)}</p> })}
            </div>
        })
    };
    view! {
        <div class="ll-table-wrap">
            <table class="ll-compare ll-orders-table">
                <caption>{move || outcome.with(|o| format!("Every order of the clients' steps ({} of them), by what storage checks and how it ends. Pick a count to list its orders.", o.summary.interleavings))}</caption>
                <thead>
                    <tr>
                        <th scope="col">"storage checks"</th>
                        <th scope="col">"correct"</th>
                        <th scope="col">"lost update: older token overwrote"</th>
                        <th scope="col">"lost update: stale read"</th>
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
