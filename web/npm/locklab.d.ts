// locklab's types, generated from the Rust registry (crates/course/src/element.rs) by
// LOCKLAB_WRITE_GENERATED=1 cargo test -p locklab-course --test generated. Do not edit.

/** The version of this copy of locklab. */
export declare const version: "0.1.0";

/** Every widget `name` (and `data-locklab`) takes. */
export type WidgetName =
  | "counter-race"
  | "ttl-tradeoff"
  | "paused-holder"
  | "fencing-chain"
  | "fencing-sandbox"
  | "lease-renewal"
  | "lease-sizing"
  | "redis-failover"
  | "redlock"
  | "sweeper-incident"
  | "optimistic-vs-pessimistic"
  | "lock-granularity"
  | "quiz";

/** Counter race: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface CounterRaceAttributes {
  /** Workers (1–20, default 5). */
  "workers"?: number | string;
  /** Increments per worker (10–1,000 (log slider), default 200). */
  "increments"?: number | string;
  /** Think time (read → write) (0.1–20 ms (log slider), default 2). */
  "think-ms"?: number | string;
  /** Pause between increments (0.1–20 ms (log slider), default 2). */
  "pause-ms"?: number | string;
  /** Take a lock around read → write (`true` / `false`, default `false`). */
  "lock"?: boolean | string;
  /** Seed (0–4,294,967,295, default 2). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Counter race: `params` in its events, after validation. */
export type CounterRaceParams = {
  increments: number;
  lock: boolean;
  "pause-ms": number;
  seed: number;
  "think-ms": number;
  workers: number;
};
/** Counter race: `result` in its events. */
export type CounterRaceResult = {
  durationMs: number;
  expected: number;
  final: number;
  lost: number;
  meanWaitMs: number;
  staleWrites: number;
};

/** TTL trade-off: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface TtlTradeoffAttributes {
  /** Lock TTL (0.1–120 s (log slider), default 10). */
  "ttl-s"?: number | string;
  /** Typical work (median) (0.01–10 s (log slider), default 0.2). */
  "work-s"?: number | string;
  /** Spread of work (σ of its log) (0–1.5, default 0.5). */
  "spread"?: number | string;
  /** Chance a hold stalls (0–0.02, default 0.002). */
  "stall-chance"?: number | string;
  /** Mean stall (0.1–120 s (log slider), default 5). */
  "stall-mean-s"?: number | string;
  /** Shape of stall lengths (`exponential`, `pareto`, default `exponential`). */
  "stall-shape"?: "exponential" | "pareto" | string;
  /** Pareto tail index α (Pareto only; smaller: a fatter far tail) (1.1–4, default 1.5). */
  "stall-alpha"?: number | string;
  /** Holds simulated (1,000–200,000 (log slider), default 60,000). */
  "holds"?: number | string;
  /** One grant every (0.1–3,600 s (log slider), default 10). */
  "grant-every-s"?: number | string;
  /** Seed (0–4,294,967,295, default 1). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** TTL trade-off: `params` in its events, after validation. */
export type TtlTradeoffParams = {
  "grant-every-s": number;
  holds: number;
  seed: number;
  spread: number;
  "stall-alpha": number;
  "stall-chance": number;
  "stall-mean-s": number;
  "stall-shape": string;
  "ttl-s": number;
  "work-s": number;
};
/** TTL trade-off: `result` in its events. */
export type TtlTradeoffResult = {
  exactFraction: number;
  exactPerDay: number;
  holds: number;
  recoverySeconds: number;
  unsafeFraction: number;
  unsafeHolds: number;
  unsafePerDay: number;
};

/** Paused holder: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface PausedHolderAttributes {
  /** Lease (TTL) (1–60 s, default 10). */
  "lease-s"?: number | string;
  /** A's pause (0–60 s, default 15). */
  "pause-s"?: number | string;
  /** What storage checks (`none`, `fence-writes`, `fence-all`, `conditional`, default `none`). */
  "protection"?: "none" | "fence-writes" | "fence-all" | "conditional" | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `true` plays the timeline by itself once the widget is on screen (never under reduced motion) */
  "autoplay"?: "false" | "" | "true" | "1" | "0" | "yes" | "no" | "on" | "off";
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Paused holder: `params` in its events, after validation. */
export type PausedHolderParams = {
  "lease-s": number;
  "pause-s": number;
  protection: string;
};
/** Paused holder: `result` in its events. */
export type PausedHolderResult = {
  doubleSale: boolean;
  events: {
    accepted: null;
    action: string;
    actor: string;
    op: null;
    time: number;
    token: number;
  }[];
  outcome: string;
  seat: string;
};

/** Fencing chain: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface FencingChainAttributes {
  /** Lock holders in turn (10–5,000 (log slider), default 500). */
  "holders"?: number | string;
  /** Lease (TTL) (50–10,000 ms (log slider), default 1,000). */
  "ttl-ms"?: number | string;
  /** Typical work (median) (10–5,000 ms (log slider), default 200). */
  "work-ms"?: number | string;
  /** Spread of work (σ of its log) (0–1.5, default 0.5). */
  "spread"?: number | string;
  /** Chance a hold stalls (0–0.1, default 0.015). */
  "stall-chance"?: number | string;
  /** Mean stall (10–60,000 ms (log slider), default 2,000). */
  "stall-mean-ms"?: number | string;
  /** Shape of stall lengths (`exponential`, `pareto`, default `exponential`). */
  "stall-shape"?: "exponential" | "pareto" | string;
  /** Pareto tail index α (Pareto only; smaller: a fatter far tail) (1.1–4, default 1.5). */
  "stall-alpha"?: number | string;
  /** Storage checks fencing tokens on writes (`true` / `false`, default `false`). */
  "fencing"?: boolean | string;
  /** Seed (0–4,294,967,295, default 1). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Fencing chain: `params` in its events, after validation. */
export type FencingChainParams = {
  fencing: boolean;
  holders: number;
  seed: number;
  spread: number;
  "stall-alpha": number;
  "stall-chance": number;
  "stall-mean-ms": number;
  "stall-shape": string;
  "ttl-ms": number;
  "work-ms": number;
};
/** Fencing chain: `result` in its events. */
export type FencingChainResult = {
  durationMs: number;
  expectedLate: number;
  holders: number;
  lateHolders: number;
  overtakenWrites: number;
  staleOverwrites: number;
  staleRejected: number;
  staleWrites: number;
};

/** Fencing by hand: the sandbox and every interleaving: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface FencingSandboxAttributes {
  /** Clients (2–3, default 2). */
  "clients"?: number | string;
  /** What storage checks (`none`, `fence-writes`, `fence-all`, `conditional`, default `fence-writes`). */
  "protection"?: "none" | "fence-writes" | "fence-all" | "conditional" | string;
  /** Lease (3–30 s, default 10). */
  "lease-s"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `true` plays the timeline by itself once the widget is on screen (never under reduced motion) */
  "autoplay"?: "false" | "" | "true" | "1" | "0" | "yes" | "no" | "on" | "off";
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Fencing by hand: the sandbox and every interleaving: `params` in its events, after validation. */
export type FencingSandboxParams = {
  clients: number;
  "lease-s": number;
  protection: string;
  steps: string;
};
/** Fencing by hand: the sandbox and every interleaving: `result` in its events. */
export type FencingSandboxResult = {
  byProtection: {
    correct: number;
    olderOverwrote: number;
    protection: string;
    staleRead: number;
  }[];
  correctOrders: number;
  expectedValue: number;
  finished: boolean;
  highestToken: number;
  interleavings: number;
  olderOverwroteOrders: number;
  outcome: string;
  staleReadOrders: number;
  steps: string;
  value: number;
};

/** Lease renewal: renewal, fencing, idempotency: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface LeaseRenewalAttributes {
  /** Lock TTL (1–120 s (log slider), default 30). */
  "ttl-s"?: number | string;
  /** Defence (`none`, `renewal`, `fencing`, `fence-all`, `idempotent`, `renewal+fencing`, default `none`). */
  "defence"?: "none" | "renewal" | "fencing" | "fence-all" | "idempotent" | "renewal+fencing" | string;
  /** Typical run (median) (0.1–60 s (log slider), default 5.1). */
  "work-s"?: number | string;
  /** Spread of run length (σ of its log) (0–1.5, default 0.6). */
  "spread"?: number | string;
  /** Chance a run stalls (0–0.02, default 0.002). */
  "stall-chance"?: number | string;
  /** Mean stall (0.1–120 s (log slider), default 20). */
  "stall-mean-s"?: number | string;
  /** Shape of stall lengths (`exponential`, `pareto`, default `exponential`). */
  "stall-shape"?: "exponential" | "pareto" | string;
  /** Pareto tail index α (Pareto only; smaller: a fatter far tail) (1.1–4, default 1.5). */
  "stall-alpha"?: number | string;
  /** Renew every (0.5–60 s (log slider), default 10). */
  "renew-every-s"?: number | string;
  /** Chance a second worker takes over (0–1, default 1). */
  "takeover-chance"?: number | string;
  /** Runs simulated (1,000–200,000 (log slider), default 50,000). */
  "runs"?: number | string;
  /** Seed (0–4,294,967,295, default 1). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Lease renewal: renewal, fencing, idempotency: `params` in its events, after validation. */
export type LeaseRenewalParams = {
  defence: string;
  "renew-every-s": number;
  runs: number;
  seed: number;
  spread: number;
  "stall-alpha": number;
  "stall-chance": number;
  "stall-mean-s": number;
  "stall-shape": string;
  "takeover-chance": number;
  "ttl-s": number;
  "work-s": number;
};
/** Lease renewal: renewal, fencing, idempotency: `result` in its events. */
export type LeaseRenewalResult = {
  defence: string;
  duplicateEmails: number;
  exactLockLost: number;
  harmfulDuplicates: number;
  harmlessRepeats: number;
  lateWriteFirst: number;
  lockLost: number;
  rejectedWrites: number;
  runs: number;
  wastedSeconds: number;
};

/** Lease sizing worksheet: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface LeaseSizingAttributes {
  /** The lease you pick (1–120 s, default 20). */
  "ttl-s"?: number | string;
  /** p99 work (0 if renewal covers it) (0–60 s, default 8). */
  "work-p99-s"?: number | string;
  /** p99 process pause (0–30 s, default 2). */
  "pause-p99-s"?: number | string;
  /** Max network delay (0–10 s, default 0.5). */
  "network-s"?: number | string;
  /** Renewal interval (0: no renewal) (0–30 s, default 3). */
  "renew-every-s"?: number | string;
  /** Safety margin you want (0–30 s, default 2). */
  "margin-s"?: number | string;
  /** Chance a lease sees a pause (0–1, default 0.05). */
  "stall-chance"?: number | string;
  /** Mean pause (0.01–60 s (log slider), default 1.25). */
  "stall-mean-s"?: number | string;
  /** Shape of stall lengths (`exponential`, `pareto`, default `exponential`). */
  "stall-shape"?: "exponential" | "pareto" | string;
  /** Pareto tail index α (Pareto only; smaller: a fatter far tail) (1.1–4, default 1.5). */
  "stall-alpha"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Lease sizing worksheet: `params` in its events, after validation. */
export type LeaseSizingParams = {
  "margin-s": number;
  "network-s": number;
  "pause-p99-s": number;
  "renew-every-s": number;
  "stall-alpha": number;
  "stall-chance": number;
  "stall-mean-s": number;
  "stall-shape": string;
  "ttl-s": number;
  "work-p99-s": number;
};
/** Lease sizing worksheet: `result` in its events. */
export type LeaseSizingResult = {
  crashWaitSeconds: number;
  marginSeconds: number;
  pauseBeyondMargin: number;
  pauseLosesLease: number;
  sumSeconds: number;
  ttlSeconds: number;
};

/** Redis failover: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface RedisFailoverAttributes {
  /** Where the lock lives (`redis`, `redlock`, `consensus`, default `redis`). */
  "store"?: "redis" | "redlock" | "consensus" | string;
  /** Lock grants (10–5,000/s (log slider), default 500). */
  "grants-per-s"?: number | string;
  /** Replication lag (mean) (0.1–1,000 ms (log slider), default 5). */
  "lag-ms"?: number | string;
  /** Chance someone else wants a lost lock (0–1, default 0.1). */
  "contention"?: number | string;
  /** Failovers simulated (100–10,000 (log slider), default 1,000). */
  "failovers"?: number | string;
  /** Seed (0–4,294,967,295, default 1). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Redis failover: `params` in its events, after validation. */
export type RedisFailoverParams = {
  contention: number;
  failovers: number;
  "grants-per-s": number;
  "lag-ms": number;
  seed: number;
  store: string;
};
/** Redis failover: `result` in its events. */
export type RedisFailoverResult = {
  expectedLost: number;
  expectedRegranted: number;
  failovers: number;
  failoversWithLoss: number;
  maxLost: number;
  meanLost: number;
  meanRegranted: number;
  store: string;
};

/** Redlock, step by step: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface RedlockAttributes {
  /** Scenario (`normal`, `slow-nodes`, `node-down`, `clock-jump`, `crash-restart`, `client-pause`, default `normal`). */
  "scenario"?: "normal" | "slow-nodes" | "node-down" | "clock-jump" | "crash-restart" | "client-pause" | string;
  /** Lock TTL (100–60,000 ms (log slider), default 10,000). */
  "ttl-ms"?: number | string;
  /** Reply time per master (1–2,000 ms (log slider), default 5). */
  "latency-ms"?: number | string;
  /** Reply time of the slow masters (1–20,000 ms (log slider), default 3,000). */
  "slow-ms"?: number | string;
  /** Client's timeout per master (1–30,000 ms (log slider), default 50). */
  "node-timeout-ms"?: number | string;
  /** Masters down (0–5, default 2). */
  "nodes-down"?: number | string;
  /** C's clock jumps by (0–60,000 ms, default 5,000). */
  "clock-jump-ms"?: number | string;
  /** Delayed restart (down longer than the TTL) (`true` / `false`, default `false`). */
  "delayed-restart"?: boolean | string;
  /** Client 1's pause (0–60,000 ms, default 15,000). */
  "pause-ms"?: number | string;
  /** Client 1 pauses (`collecting`, `after-check`, default `collecting`). */
  "pause-when"?: "collecting" | "after-check" | string;
  /** Chance a master says yes in time (0–1, default 0.9). */
  "nodes-up-chance"?: number | string;
  /** Attempts simulated (100–100,000 (log slider), default 10,000). */
  "trials"?: number | string;
  /** Seed (0–4,294,967,295, default 1). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `true` plays the timeline by itself once the widget is on screen (never under reduced motion) */
  "autoplay"?: "false" | "" | "true" | "1" | "0" | "yes" | "no" | "on" | "off";
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Redlock, step by step: `params` in its events, after validation. */
export type RedlockParams = {
  "clock-jump-ms": number;
  "delayed-restart": boolean;
  "latency-ms": number;
  "node-timeout-ms": number;
  "nodes-down": number;
  "nodes-up-chance": number;
  "pause-ms": number;
  "pause-when": string;
  scenario: string;
  seed: number;
  "slow-ms": number;
  trials: number;
  "ttl-ms": number;
};
/** Redlock, step by step: `result` in its events. */
export type RedlockResult = {
  acquired: boolean;
  bothHold: boolean;
  elapsedMs: number;
  quorum: number;
  quorumChance: number;
  quorumRate: number;
  scenario: string;
  secondClientAcquired: boolean;
  validityMs: number;
};

/** The sweeper incident: a job that outlives its lock: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface SweeperIncidentAttributes {
  /** Provider answers again at (20:50–22:00 (10 s steps), default 21:50). */
  "recovers-at"?: string | string;
  /** Who may sweep (`redis-ttl`, `run-slot`, `advisory-lock`, default `redis-ttl`). */
  "exclusion"?: "redis-ttl" | "run-slot" | "advisory-lock" | string;
  /** Releasing the Redis key (`del`, `compare-and-delete`, default `del`). */
  "release"?: "del" | "compare-and-delete" | string;
  /** Putting a copy back (`plain`, `status-fence`, default `plain`). */
  "restock"?: "plain" | "status-fence" | string;
  /** A box loses power (`true` / `false`, default `false`). */
  "power-loss"?: boolean | string;
  /** Power lost at (20:50–22:00 (10 s steps), default 21:52:10). */
  "power-loss-at"?: string | string;
  /** Cron every (30–600 s, default 120). */
  "interval-s"?: number | string;
  /** Key expiry (PX) (10–600 s, default 120). */
  "lease-s"?: number | string;
  /** Time per pending order (1–60 s, default 10). */
  "row-s"?: number | string;
  /** An order every (10–600 s, default 50). */
  "order-every-s"?: number | string;
  /** Checkouts that time out while slow (0–1, default 0.2). */
  "timeout-share"?: number | string;
  /** Replay until (21:00–24:00 (1 min steps), default 22:00). */
  "until"?: string | string;
  /** Seed (0–4,294,967,295, default 253,309). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `true` plays the timeline by itself once the widget is on screen (never under reduced motion) */
  "autoplay"?: "false" | "" | "true" | "1" | "0" | "yes" | "no" | "on" | "off";
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** The sweeper incident: a job that outlives its lock: `params` in its events, after validation. */
export type SweeperIncidentParams = {
  exclusion: string;
  "interval-s": number;
  "lease-s": number;
  "order-every-s": number;
  "power-loss": boolean;
  "power-loss-at": string;
  "recovers-at": string;
  release: string;
  restock: string;
  "row-s": number;
  seed: number;
  "timeout-share": number;
  until: string;
};
/** The sweeper incident: a job that outlives its lock: `result` in its events. */
export type SweeperIncidentResult = {
  doubleRestocks: number;
  firstOverrunAt: string;
  fixes: {
    exclusion: string;
    release: string;
    restock: string;
  };
  overlapSeconds: number;
  pendingAtEnd: number;
  skippedRuns: number;
  stockError: number;
  sweeps: number;
  wrongDeletes: number;
};

/** Optimistic or pessimistic: one hot record: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface OptimisticVsPessimisticAttributes {
  /** Updates to the record (1–2,000/s (log slider), default 5). */
  "rate-per-s"?: number | string;
  /** Work per update (1–200 ms (log slider), default 20). */
  "work-ms"?: number | string;
  /** Extra cost of a retry (re-read, back-off) (0–100 ms, default 2). */
  "retry-ms"?: number | string;
  /** Lock round trip (0–20 ms, default 2). */
  "lock-ms"?: number | string;
  /** Work time (`fixed`, `exponential`, default `fixed`). */
  "work"?: "fixed" | "exponential" | string;
  /** Updates simulated (200–20,000 (log slider), default 2,000). */
  "updates"?: number | string;
  /** Seed (0–4,294,967,295, default 1). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** Optimistic or pessimistic: one hot record: `params` in its events, after validation. */
export type OptimisticVsPessimisticParams = {
  "lock-ms": number;
  "rate-per-s": number;
  "retry-ms": number;
  seed: number;
  updates: number;
  work: string;
  "work-ms": number;
};
/** Optimistic or pessimistic: one hot record: `result` in its events. */
export type OptimisticVsPessimisticResult = {
  conflictLoad: number;
  crossoverPerS: number;
  exactAttempts: number;
  exactOptimisticMs: number;
  exactPessimisticMs: number;
  exactWaitMs: number;
  optimistic: {
    attemptsPerUpdate: number;
    completed: number;
    meanMs: number;
    p50Ms: number;
    p99Ms: number;
    stopped: boolean;
    throughputPerS: number;
    wastedAttempts: number;
  };
  pessimistic: {
    maxQueue: number;
    meanMs: number;
    meanWaitMs: number;
    p50Ms: number;
    p99Ms: number;
    throughputPerS: number;
  };
  simulatedCrossoverPerS: number;
  utilisation: number;
};

/** How wide should the lock be? Granularity and deadlock: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface LockGranularityAttributes {
  /** Lock (`global`, `per-shard`, `per-key`, default `global`). */
  "lock"?: "global" | "per-shard" | "per-key" | string;
  /** Updates, all keys (10–20,000/s (log slider), default 800). */
  "rate-per-s"?: number | string;
  /** Popularity skew (Zipf exponent) (0–2, default 1). */
  "skew"?: number | string;
  /** Each update takes two keys' locks (`true` / `false`, default `false`). */
  "two-locks"?: boolean | string;
  /** Take locks in one global order (`true` / `false`, default `false`). */
  "ordered"?: boolean | string;
  /** Critical section (mean) (0.1–50 ms (log slider), default 1). */
  "work-ms"?: number | string;
  /** Keys (SKUs) (1–10,000 (log slider), default 1,000). */
  "keys"?: number | string;
  /** Shards (2–256 (log slider), default 16). */
  "shards"?: number | string;
  /** Time between taking the two locks (0.1–20 ms (log slider), default 1). */
  "gap-ms"?: number | string;
  /** Lock TTL (50–30,000 ms (log slider), default 2,000). */
  "ttl-ms"?: number | string;
  /** Updates simulated (500–20,000 (log slider), default 5,000). */
  "updates"?: number | string;
  /** Seed (0–4,294,967,295, default 1). */
  "seed"?: number | string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** the address of a small file of the page's own wording (Fluent, as in `locales/`): each message in it replaces the widget's message of that key, in whatever language the widget speaks (`ttl-title = Why a lock must expire`). A key the widget does not have, or a message that uses a `$name` the widget does not give it, is named in a notice and left out */
  "messages"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
  /** preset steps for a lecture, `ttl-s=1 | ttl-s=60 | stall-shape=pareto`: each sets some parameters on top of the previous one; the widget opens at the first, and → / ← or its buttons step (on the fencing sandbox, `steps` without `=` is its story) */
  "steps"?: string;
  /** a caption for each preset step, `Short | Default | Long` */
  "step-captions"?: string;
  /** which preset step to open at, from 1 (the address keeps it) */
  "step"?: string;
  /** two settings side by side on the same seed, `ttl-s=1 | ttl-s=60`, each on top of the other parameters, with a table of the results that differ */
  "compare"?: string;
  /** a heading for each side of `compare`, `Short lease | Long lease` (without it, each setting in words) */
  "compare-captions"?: string;
  /** the controls the learner sees, `ttl-s, stall-chance` (parameter names, in this order; `none` for none): the others are not shown and keep their values (`seed` shows New seed) */
  "controls"?: string;
  /** controls shown but not changeable by the learner, `seed, lock` (parameter names); Reset leaves them as they are */
  "fixed"?: string;
  /** `builtin` for the widget's own challenge set (`builtin:one-a-day,heavy-tail` for those of it, in that order), or the address of a JSON challenge set (the same origin rules as decks) */
  "challenges"?: string;
  /** `builtin` for the widget's own predictions (`builtin:how-many-survive,one-worker` for those of them, in that order), or the address of a JSON prediction set (the same origin rules as decks): the widget sets each prediction's state, hides its results and locks its controls until the learner answers, then shows the run and grades the answer */
  "predict"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
}
/** How wide should the lock be? Granularity and deadlock: `params` in its events, after validation. */
export type LockGranularityParams = {
  "gap-ms": number;
  keys: number;
  lock: string;
  ordered: boolean;
  "rate-per-s": number;
  seed: number;
  shards: number;
  skew: number;
  "ttl-ms": number;
  "two-locks": boolean;
  updates: number;
  "work-ms": number;
};
/** How wide should the lock be? Granularity and deadlock: `result` in its events. */
export type LockGranularityResult = {
  deadlocks: number;
  exactMeanWaitMs: number;
  exactP99WaitMs: number;
  expiries: number;
  hottestLockShare: number;
  hottestShare: number;
  lock: string;
  locks: number;
  maxUtilisation: number;
  meanWaitMs: number;
  p99WaitMs: number;
  saturatedLocks: number;
  simulated: boolean;
  throughputPerS: number;
};

/** Quiz: what its element's attributes take (the parameters, then the widget's own attributes). */
export interface QuizAttributes {
  /** a built-in deck's name or the address of a JSON deck */
  "deck"?: string;
  /** the http(s) or urn: IRI the xAPI statements' activity ids start with */
  "activity-base"?: string;
  /** the learner's name in the xAPI statements (needs `actor-mbox`) */
  "actor-name"?: string;
  /** the learner's e-mail address in the xAPI statements */
  "actor-mbox"?: string;
  /** the http(s) address of a locklab lesson page that a built-in deck's "try it" links open when no widget of that kind is on the page */
  "lesson"?: string;
  /** on paper every quiz card and challenge prints with its prompt; `answers` adds each one's answer and explanation (a teacher's copy) */
  "print"?: "questions" | "answers";
  /** `hidden` shows the learner no score: no "n of m met" on the challenges, no count of right answers or XP in a quiz (its events, xAPI statements and SCORM score still carry it) */
  "score"?: "shown" | "hidden";
  /** how many times a learner may answer: each quiz card (a round of the cards missed is another try; with a limit there is no starting over) each challenge's "It can't be done" and each prediction (one answer unless set: a prediction is committed, then shown); a whole number from 1 to 99, or `unlimited` (the default; for a prediction, answers until one is right) */
  "tries"?: string;
  /** another version of the printed paper: 0 to 999,999 (default 1) shuffles the options, and the key with them, in an order of its own */
  "paper-seed"?: string;
  /** colour scheme: `auto` follows the page (its `color-scheme`, mdBook's theme, the reader's preference), or force `light` or `dark` */
  "theme"?: "auto" | "light" | "dark";
  /** the language the widget speaks, as a language tag (`es`, `es-MX`; `en-XA` and `ar-XB` are the pseudo-locales for testing a layout): without it, `locale=` in the page's address, then the nearest `lang` on the page decides. English is built in; another language this build has (its `locales/` folder) is fetched for it, and any other leaves the widget in English */
  "locale"?: string;
  /** `slide` lays the widget out for projection: in a box at least 900 px wide (a reveal.js slide is 960), the chart, the key readouts and the primary controls side by side in a 16:9 box, larger type, the narrative's first sentence; in a narrower box (a phone, a prose column) the usual stacked layout, shortened the same way, nothing clipped; a quiz in larger type */
  "layout"?: "default" | "slide";
}
/** Quiz: `params` in its events, after validation. */
export type QuizParams = {
  deck: string;
};
/** Quiz: `result` in its events. */
export type QuizResult = {
  answered: number;
  cards: number;
  correct: number;
  missed: number;
  totalXp: number;
};

export interface WidgetAttributes {
  "counter-race": CounterRaceAttributes;
  "ttl-tradeoff": TtlTradeoffAttributes;
  "paused-holder": PausedHolderAttributes;
  "fencing-chain": FencingChainAttributes;
  "fencing-sandbox": FencingSandboxAttributes;
  "lease-renewal": LeaseRenewalAttributes;
  "lease-sizing": LeaseSizingAttributes;
  "redis-failover": RedisFailoverAttributes;
  "redlock": RedlockAttributes;
  "sweeper-incident": SweeperIncidentAttributes;
  "optimistic-vs-pessimistic": OptimisticVsPessimisticAttributes;
  "lock-granularity": LockGranularityAttributes;
  "quiz": QuizAttributes;
}
export interface WidgetParams {
  "counter-race": CounterRaceParams;
  "ttl-tradeoff": TtlTradeoffParams;
  "paused-holder": PausedHolderParams;
  "fencing-chain": FencingChainParams;
  "fencing-sandbox": FencingSandboxParams;
  "lease-renewal": LeaseRenewalParams;
  "lease-sizing": LeaseSizingParams;
  "redis-failover": RedisFailoverParams;
  "redlock": RedlockParams;
  "sweeper-incident": SweeperIncidentParams;
  "optimistic-vs-pessimistic": OptimisticVsPessimisticParams;
  "lock-granularity": LockGranularityParams;
  "quiz": QuizParams;
}
export interface WidgetResults {
  "counter-race": CounterRaceResult;
  "ttl-tradeoff": TtlTradeoffResult;
  "paused-holder": PausedHolderResult;
  "fencing-chain": FencingChainResult;
  "fencing-sandbox": FencingSandboxResult;
  "lease-renewal": LeaseRenewalResult;
  "lease-sizing": LeaseSizingResult;
  "redis-failover": RedisFailoverResult;
  "redlock": RedlockResult;
  "sweeper-incident": SweeperIncidentResult;
  "optimistic-vs-pessimistic": OptimisticVsPessimisticResult;
  "lock-granularity": LockGranularityResult;
  "quiz": QuizResult;
}

/** `locklab:change`: after the first render and after every change of parameters. */
export type ChangeDetail<W extends WidgetName = WidgetName> = {
  [K in W]: {
    widget: K;
    params: WidgetParams[K];
    result: WidgetResults[K];
    /** Both settings of a `compare` widget (`params` and `result` above are the first's). */
    compare?: { params: WidgetParams[K]; result: WidgetResults[K] }[];
  };
}[W];

/** An xAPI statement (https://github.com/adlnet/xAPI-Spec). */
export type XapiStatement = Record<string, unknown>;

/** `locklab:answer`: a quiz card answered. */
export interface AnswerDetail {
  deck: string;
  question: string;
  choice: number;
  choiceText: string;
  correct: boolean;
  xp: number;
  totalXp: number;
  statement: XapiStatement;
}

/** `locklab:complete`: every card of a deck answered once. */
export interface CompleteDetail {
  deck: string;
  correct: number;
  cards: number;
  totalXp: number;
  statement: XapiStatement;
}

/** `locklab:challenge`: a challenge met, or an "It can't be done" that was wrong. */
export interface ChallengeDetail<W extends WidgetName = WidgetName> {
  widget: W;
  set: string;
  challenge: string;
  met: boolean;
  attempts: number;
  metCount: number;
  total: number;
  params: WidgetParams[W];
  result: WidgetResults[W];
  statement: XapiStatement;
}

/** `locklab:predict`: a prediction answered. `actual` and `exact` are null (and the statement
 * has no correct response) until the run is shown: right, or no answers left. */
export interface PredictDetail<W extends WidgetName = WidgetName> {
  widget: W;
  set: string;
  prediction: string;
  answer: number | string;
  actual: number | string | null;
  exact: number | null;
  correct: boolean;
  revealed: boolean;
  attempts: number;
  rightFirst: number;
  /** Predictions shown so far (right, or out of answers). */
  shown: number;
  total: number;
  statement: XapiStatement;
}

/** `locklab:resize`: the widget's new size in CSS pixels. */
export interface ResizeDetail {
  width: number;
  height: number;
}

export interface LocklabEventMap {
  "locklab:change": CustomEvent<ChangeDetail>;
  "locklab:answer": CustomEvent<AnswerDetail>;
  "locklab:complete": CustomEvent<CompleteDetail>;
  "locklab:challenge": CustomEvent<ChallengeDetail>;
  "locklab:predict": CustomEvent<PredictDetail>;
  "locklab:resize": CustomEvent<ResizeDetail>;
}

/** `<locklab-widget name="…" …>`: the element form of `data-locklab`. */
export declare class LocklabWidget<W extends WidgetName = WidgetName> extends HTMLElement {
  /** Reflects the `name` attribute. */
  name: W;
  /** The values in use (from the latest `locklab:change`); set an object to set those parameters (`null` restores a default). */
  get params(): WidgetParams[W] | null;
  set params(values: Partial<Record<keyof WidgetAttributes[W], string | number | boolean | null>>);
  /** The latest result, or `null` before the first `locklab:change`. */
  readonly result: WidgetResults[W] | null;
  addEventListener<K extends keyof LocklabEventMap>(type: K, listener: (this: LocklabWidget<W>, ev: LocklabEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** Settles once the loader has started. */
export declare const ready: Promise<unknown>;

declare global {
  interface HTMLElementTagNameMap {
    "locklab-widget": LocklabWidget;
  }
  interface HTMLElementEventMap extends LocklabEventMap {}
}
