//! The timeline player, written once: play and pause, a step back and forward, a scrub slider,
//! a speed choice, and a polite live region that tells each step as the player reaches it. It
//! only replays a [`Timeline`] the simulation computed; the widget draws `now` on its charts.
//!
//! Keys work only while the player has focus (never the host page's): Space plays or pauses,
//! ← and → step, Home and End jump. The animation runs on `requestAnimationFrame` and only while
//! the player is on screen, the tab is visible and the widget is mounted. With
//! `prefers-reduced-motion`, nothing plays by itself (`data-autoplay` is ignored); the learner can
//! still step, scrub or press Play.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use locklab_sim::timeline::{Timeline, SPEEDS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::unique_id;

fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

fn document_hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

/// The animation loop's state, shared by the frame callback and the observers.
#[derive(Default)]
struct Clock {
    /// The widget is still mounted.
    alive: Cell<bool>,
    /// The player is on screen.
    visible: Cell<bool>,
    /// A frame is requested.
    scheduled: Cell<bool>,
    /// The time of the previous frame (ms), while playing.
    last: Cell<Option<f64>>,
}

/// The animation loop: one frame at a time, advancing by the real time since the last frame.
struct Loop {
    clock: Rc<Clock>,
    timeline: Signal<Timeline>,
    now: RwSignal<f64>,
    playing: RwSignal<bool>,
    speed: RwSignal<usize>,
    pace: f64,
}

impl Loop {
    /// Requests the next frame (once; never after unmount).
    fn schedule(self: &Rc<Self>) {
        let clock = &self.clock;
        if clock.scheduled.get() || !clock.alive.get() {
            return;
        }
        let Some(win) = web_sys::window() else { return };
        let me = self.clone();
        let cb = Closure::once_into_js(move |ts: f64| me.frame(ts));
        if win.request_animation_frame(cb.unchecked_ref()).is_ok() {
            clock.scheduled.set(true);
        }
    }

    fn frame(self: &Rc<Self>, ts: f64) {
        let clock = &self.clock;
        clock.scheduled.set(false);
        if !clock.alive.get() || self.playing.try_get_untracked() != Some(true) {
            clock.last.set(None);
            return;
        }
        if !clock.visible.get() || document_hidden() {
            // Suspended: no timer runs until the player is seen again.
            clock.last.set(None);
            return;
        }
        if let Some(last) = clock.last.get() {
            let rate = SPEEDS.get(self.speed.get_untracked()).copied().unwrap_or(1.0);
            let end = self.timeline.with_untracked(|t| t.end);
            let next = (self.now.get_untracked() + (ts - last).max(0.0) / 1000.0 * self.pace * rate).min(end);
            self.now.set(next);
            if next >= end {
                self.playing.set(false);
                clock.last.set(None);
                return;
            }
        }
        clock.last.set(Some(ts));
        self.schedule();
    }
}

#[component]
pub fn Player(
    timeline: Signal<Timeline>,
    /// The moment shown, in the story's seconds; the widget reads it to draw.
    now: RwSignal<f64>,
    /// Story seconds per real second at 1×.
    pace: f64,
    #[prop(optional)] autoplay: bool,
    /// The unit of the story's time as shown: "s" unless given, "ms" or "steps" (each a message).
    #[prop(optional)] unit: Option<&'static str>,
    /// When the story's time 0 is a time of day (seconds since midnight), times show as clock
    /// times (`21:52:20 of 22:00`) instead of a count of `unit`s.
    #[prop(optional)] clock_from: Option<f64>,
) -> impl IntoView {
    let words = StoredValue::new(crate::i18n::words());
    let t = move |key: &str, args: &[(&str, locklab_sim::messages::Arg)]| words.with_value(|w| w.t(key, args));
    let unit_key = match unit {
        Some("ms") => "player-time-ms",
        Some("steps") => "player-time-steps",
        _ => "player-time-s",
    };
    let show = move |v: f64| match clock_from {
        Some(c) => locklab_sim::text::clock(c + v),
        None => t(unit_key, &[("t", v.into())]),
    };
    let position = move || t("player-position", &[("now", show(now.get()).into()), ("end", show(timeline.with(|tl| tl.end)).into())]);
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(1usize);
    let root = NodeRef::<leptos::html::Div>::new();
    let clock = Rc::new(Clock { alive: Cell::new(true), visible: Cell::new(true), ..Clock::default() });

    // A recomputed timeline keeps the position (clamped), or the end if the learner was there.
    Effect::new(move |previous: Option<Timeline>| {
        let t = timeline.get();
        if let Some(old) = previous {
            let at = now.get_untracked();
            now.set(t.carry(&old, at));
        }
        t
    });

    let looper = Rc::new(Loop { clock: clock.clone(), timeline, now, playing, speed, pace });
    let schedule: Rc<dyn Fn()> = {
        let looper = looper.clone();
        Rc::new(move || looper.schedule())
    };
    let play_pause = {
        let schedule = schedule.clone();
        move || {
            if playing.get_untracked() {
                playing.set(false);
                return;
            }
            let end = timeline.with_untracked(|t| t.end);
            if now.get_untracked() >= end - 1e-9 {
                now.set(0.0);
            }
            playing.set(true);
            schedule();
        }
    };
    let step = move |forward: bool| {
        playing.set(false);
        timeline.with_untracked(|t| now.set(if forward { t.next(now.get_untracked()) } else { t.previous(now.get_untracked()) }));
    };
    let jump = move |to_end: bool| {
        playing.set(false);
        now.set(if to_end { timeline.with_untracked(|t| t.end) } else { 0.0 });
    };

    run_while_seen(root, clock, schedule.clone());
    if autoplay && !reduced_motion() {
        now.set(0.0);
        playing.set(true);
        schedule();
    }

    let on_key = keys(play_pause.clone(), step, jump);
    let current = Memo::new(move |_| timeline.with(|t| t.current(now.get())));
    // Only when the player reaches another step (read, not just tracked: a memo is lazy).
    let said = Memo::new(move |_| {
        let _step = current.get();
        timeline.with(|t| t.said_at(now.get_untracked()))
    });
    let end = Signal::derive(move || timeline.with(|t| t.end));
    let label_id = unique_id("player");
    let labelled_by = label_id.clone();
    let play_pause_click = play_pause.clone();
    view! {
        <div class="ll-player" node_ref=root role="group" aria-labelledby=labelled_by on:keydown=on_key>
            <span class="ll-visually-hidden" id=label_id>{t("player-label", &[])}</span>
            <div class="ll-buttons">
                <button type="button" class="ll-button" on:click=move |_| step(false)><span aria-hidden="true">"← "</span>{t("player-back", &[])}</button>
                <button type="button" class="ll-button ll-primary" on:click=move |_| play_pause_click()>
                    {move || t(if playing.get() { "player-pause" } else { "player-play" }, &[])}
                </button>
                <button type="button" class="ll-button" on:click=move |_| step(true)>{t("player-forward", &[])}<span aria-hidden="true">" →"</span></button>
                <SpeedChoice speed=speed words=words />
            </div>
            <input
                type="range"
                class="ll-range ll-scrub"
                min="0"
                max=move || end.get().to_string()
                step=move || locklab_sim::params::round_sig(end.get() / 200.0, 1).to_string()
                aria-label=t("player-scrub", &[])
                aria-valuetext=position
                prop:value=move || now.get().to_string()
                on:input=move |ev| {
                    playing.set(false);
                    let v = event_target::<web_sys::HtmlInputElement>(&ev).value_as_number();
                    if v.is_finite() {
                        now.set(v.clamp(0.0, end.get_untracked()));
                    }
                }
            />
            <p class="ll-player-now">{position}</p>
            <p class="ll-visually-hidden" aria-live="polite">{move || said.get()}</p>
        </div>
    }
}

/// Keeps the animation running only while the player is on screen and the tab is visible (an
/// observer of the player's box, and the tab's visibility), and stops both at unmount.
fn run_while_seen(root: NodeRef<leptos::html::Div>, clock: Rc<Clock>, schedule: Rc<dyn Fn()>) {
    let teardown: Rc<Cell<Option<crate::ui::Teardown>>> = Rc::new(Cell::new(None));
    {
        let clock = clock.clone();
        let teardown = teardown.clone();
        Effect::new(move |_| {
            let Some(el) = root.get() else { return };
            let el: web_sys::HtmlDivElement = el;
            let c = clock.clone();
            let s = schedule.clone();
            let on_seen = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                if let Some(entry) = entries.iter().last().and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok()) {
                    c.visible.set(entry.is_intersecting());
                    if entry.is_intersecting() {
                        s();
                    }
                }
            });
            let c = clock.clone();
            let s = schedule.clone();
            let on_visibility = Closure::<dyn FnMut()>::new(move || {
                if !document_hidden() && c.visible.get() {
                    s();
                }
            });
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(doc) = &doc {
                let _ = doc.add_event_listener_with_callback("visibilitychange", on_visibility.as_ref().unchecked_ref());
            }
            let observer = web_sys::IntersectionObserver::new(on_seen.as_ref().unchecked_ref()).ok();
            if let Some(o) = &observer {
                o.observe(&el);
            }
            teardown.set(Some(Box::new(move || {
                if let Some(o) = observer {
                    o.disconnect();
                }
                if let Some(doc) = doc {
                    let _ = doc.remove_event_listener_with_callback("visibilitychange", on_visibility.as_ref().unchecked_ref());
                }
                drop(on_seen);
            })));
        });
    }
    let held = crate::ui::send_wrapper((clock, teardown));
    on_cleanup(move || {
        if let Some((clock, teardown)) = held.take_once() {
            clock.alive.set(false);
            if let Some(stop) = teardown.take() {
                stop();
            }
        }
    });
}

/// The player's keys, while it has focus: Space plays or pauses (not on the speed choice),
/// ← and → step (not on the scrub slider, which moves by itself), Home and End jump.
fn keys(play_pause: impl Fn() + 'static, step: impl Fn(bool) + 'static, jump: impl Fn(bool) + 'static) -> impl Fn(web_sys::KeyboardEvent) + 'static {
    move |ev: web_sys::KeyboardEvent| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let tag = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).map(|e| e.tag_name()).unwrap_or_default();
        let on_range = tag == "INPUT";
        let on_select = tag == "SELECT";
        match ev.key().as_str() {
            " " if !on_select => {
                ev.prevent_default();
                play_pause();
            }
            "ArrowLeft" | "ArrowRight" if !on_range && !on_select => {
                ev.prevent_default();
                step(ev.key() == "ArrowRight");
            }
            "Home" | "End" if !on_select => {
                ev.prevent_default();
                jump(ev.key() == "End");
            }
            _ => {}
        }
    }
}

/// The speed choice (1× first selected).
#[component]
fn SpeedChoice(speed: RwSignal<usize>, words: StoredValue<crate::i18n::Words>) -> impl IntoView {
    let speed_id = unique_id("speed");
    let t = move |key: &str, args: &[(&str, locklab_sim::messages::Arg)]| words.with_value(|w| w.t(key, args));
    view! {
        <label class="ll-speed" for=speed_id.clone()>{t("player-speed", &[])}</label>
        <select
            id=speed_id
            class="ll-select"
            on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some(i) = SPEEDS.iter().position(|s| format!("{s}") == v) {
                    speed.set(i);
                }
            }
        >
            {SPEEDS.iter().enumerate().map(|(i, s)| view! { <option value=format!("{s}") selected=i == 1>{t("player-speed-option", &[("speed", (*s).into())])}</option> }).collect_view()}
        </select>
    }
}
