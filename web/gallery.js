// The authors' gallery: pick a widget, set it up with its own controls, and copy the embed code
// for exactly that state. The preview is the widget itself, mounted by locklab.js.
// The widgets and decks come from the registry in Rust (through the loader), never a copy here.
const { ready } = await import("./locklab.js");
const loaded = await ready;
const WIDGETS = (loaded?.widgets?.() ?? []).map((w) =>
  w.deck
    ? { name: w.name, label: w.label, attrs: { deck: w.deck } }
    : { name: w.name, label: w.label, defaults: Object.fromEntries(w.defaults ?? []), always: w.always ?? [], challenges: w.challenges ?? [], predictions: w.predictions ?? [] },
);
// The decks a package can carry beside a simulation: the gallery's own quiz entries.
const scormDecks = WIDGETS.filter((w) => w.attrs?.deck);
const base = new URL(".", location.href).href;
const picker = document.getElementById("widget-picker");
// The languages this build has (its locales/ folder); the pseudo-locales are for testing a layout.
const localePicker = document.getElementById("locale-picker");
const LOCALE_NAMES = { es: "Spanish (es)", "en-XA": "Pseudo-locale, longer and accented (en-XA, for testing)", "ar-XB": "Right-to-left pseudo-locale (ar-XB, for testing)" };
for (const tag of loaded?.locales?.() ?? []) localePicker.append(new Option(LOCALE_NAMES[tag] ?? tag, tag));
// Set by the gallery only, never from the address as it stands.
const chosenLocale = () => (localePicker.value && (loaded?.locales?.() ?? []).includes(localePicker.value) ? localePicker.value : "");
const preview = document.getElementById("preview");
const scriptCode = document.getElementById("script-code");
const cdnCode = document.getElementById("cdn-code");
// This build's version and the loader's sha384 (web/post_build.sh), for the CDN snippet.
const assets = await fetch(new URL("assets.json", import.meta.url)).then((r) => (r.ok ? r.json() : null)).catch(() => null);
const iframeCode = document.getElementById("iframe-code");
const status = document.getElementById("copy-status");
const scormButton = document.getElementById("scorm-download");
const scormDeck = document.getElementById("scorm-deck");
const scormDeckField = document.getElementById("scorm-deck-field");
const scormStatus = document.getElementById("scorm-status");
// The state the snippets show, for the package too.
let shownParams = {};
// Preset steps recorded by the author: the written parameters of each state, in order, and a
// caption for each (empty: none). Kept in the address's #fragment (the query is the widget's).
let recorded = [];
let captions = [];
let lastParams = {};
const stepList = document.getElementById("step-list");
const compareToggle = document.getElementById("compare-toggle");
const challengesToggle = document.getElementById("challenges-toggle");
const predictToggle = document.getElementById("predict-toggle");
const predictField = document.getElementById("predict-field");
const labSection = document.getElementById("lab-section");
const labCode = document.getElementById("lab-code");
const challengesField = document.getElementById("challenges-field");
const classControls = document.getElementById("class-controls");
const classSection = document.getElementById("class-section");
const classIntro = document.getElementById("class-intro");
const classChallenges = document.getElementById("class-challenges");
const classChallengeList = document.getElementById("class-challenge-list");
const classPredictions = document.getElementById("class-predictions");
const classPredictionList = document.getElementById("class-prediction-list");
const classTries = document.getElementById("class-tries");
const classScore = document.getElementById("class-score");
// The built-in challenges left out by the teacher (ids); every one is offered until then.
let leftOut = new Set();
// The built-in predictions left out likewise.
let predictionsLeftOut = new Set();
// For a class: how learners get each control, "shown" (the default), "fixed" or "hidden".
let teacher = {};
let classFor = null;

/** `data-controls` and `data-fixed` for the choices made (none while every control is shown).
 * The controls listed keep the widget's own order; the seed is a control too (New seed). */
function teacherAttrs() {
  // Every widget, the quiz too: its tries and whether its score is shown.
  const out = {};
  if (classTries.value) out.tries = classTries.value;
  if (classScore.checked) out.score = "hidden";
  if (current.attrs) return out;
  const names = Object.keys(current.defaults ?? {});
  const how = (k) => teacher[k] ?? "shown";
  if (names.some((k) => how(k) === "hidden")) out.controls = names.filter((k) => how(k) !== "hidden").join(", ") || "none";
  const fixed = names.filter((k) => how(k) === "fixed");
  if (fixed.length) out.fixed = fixed.join(", ");
  return out;
}

/** A row per control of the widget shown, with how learners get it. */
function renderClass() {
  classFor = current.name;
  classIntro.hidden = Boolean(current.attrs);
  // One box per built-in challenge or prediction, ticked unless the teacher left it out.
  const boxes = (list, out) =>
    list.map(([id, text]) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = id;
      box.checked = !out.has(id);
      box.addEventListener("change", () => {
        if (box.checked) out.delete(id);
        else out.add(id);
        show(Number(picker.value), true, true);
      });
      const name = document.createElement("code");
      name.textContent = id;
      label.append(box, " ", name, `: ${text}`);
      return label;
    });
  classChallengeList.replaceChildren(...boxes(current.challenges ?? [], leftOut));
  classPredictionList.replaceChildren(...boxes(current.predictions ?? [], predictionsLeftOut));
  classControls.replaceChildren(
    ...Object.keys(current.defaults ?? {}).map((k) => {
      const label = document.createElement("label");
      const name = document.createElement("code");
      name.textContent = k;
      const select = document.createElement("select");
      for (const [value, text] of [
        ["shown", "shown"],
        ["fixed", "shown, fixed"],
        ["hidden", "hidden"],
      ]) {
        select.append(new Option(text, value, false, (teacher[k] ?? "shown") === value));
      }
      select.addEventListener("change", () => {
        teacher[k] = select.value;
        show(Number(picker.value), true, true);
      });
      label.append(name, select);
      return label;
    }),
  );
}

/** Whether the widget shown carries its built-in challenges (a simulation only, with at least one
 * of them chosen). */
const withChallenges = () => !current.attrs && challengesToggle.checked && challengesValue() !== null;

/** Whether the widget shown asks its built-in predictions (a simulation that has them). */
const withPredictions = () => !current.attrs && predictToggle.checked && predictValue() !== null;

/** `builtin` for every one of a built-in list, `builtin:a,b` for some (in the set's order), `null`
 * for none. */
function builtinValue(list, out) {
  const ids = (list ?? []).map(([id]) => id);
  const kept = ids.filter((id) => !out.has(id));
  if (!kept.length) return null;
  return kept.length === ids.length ? "builtin" : `builtin:${kept.join(",")}`;
}

/** `data-challenges` for the challenges chosen. */
const challengesValue = () => builtinValue(current.challenges, leftOut);

/** `data-predict` for the predictions chosen. */
const predictValue = () => builtinValue(current.predictions, predictionsLeftOut);

/** The recorded states as `data-steps`: each step the parameters it changes from the one before
 * (the first from the defaults); the seed stays on the element. */
function stepsText(widget) {
  const defaults = WIDGETS.find((w) => w.name === widget)?.defaults ?? {};
  const value = (state, k) => (k in state ? String(state[k]) : defaults[k]);
  return recorded
    .map((state, i) => {
      const before = i === 0 ? {} : recorded[i - 1];
      const keys = [...new Set([...Object.keys(state), ...Object.keys(before)])].filter((k) => k !== "seed");
      return keys.filter((k) => value(state, k) !== value(before, k)).map((k) => `${k}=${value(state, k)}`).join(" ");
    })
    .join(" | ");
}

/** A recorded step in words for the list: what it sets (the first: what differs from the
 * defaults), never just "the starting state". */
function stepLabel(widget, i) {
  if (i === 0) {
    const defaults = WIDGETS.find((w) => w.name === widget)?.defaults ?? {};
    const set = Object.entries(recorded[0]).filter(([k, v]) => k !== "seed" && String(v) !== defaults[k]);
    return set.length ? set.map(([k, v]) => `${k}=${v}`).join(" ") : "the defaults";
  }
  return stepsText(widget).split(" | ")[i] || "(no change)";
}

/** The first two recorded steps as `data-compare`: the parameters in which they differ, at each
 * one's values (`ttl-s=1 | ttl-s=60`); null with fewer than two steps or no difference. */
function comparedPair(widget) {
  if (recorded.length < 2) return null;
  const defaults = WIDGETS.find((w) => w.name === widget)?.defaults ?? {};
  const [a, b] = recorded;
  const value = (state, k) => (k in state ? String(state[k]) : defaults[k]);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => k !== "seed" && value(a, k) !== value(b, k));
  if (!keys.length) return null;
  return `${keys.map((k) => `${k}=${value(a, k)}`).join(" ")} | ${keys.map((k) => `${k}=${value(b, k)}`).join(" ")}`;
}

/** The steps, their captions and the comparison into the address's #fragment, so a reload keeps them. */
function keepSteps() {
  const url = new URL(location.href);
  const kept = [["steps", JSON.stringify(recorded)], ["captions", JSON.stringify(captions)]];
  if (compareToggle.checked) kept.push(["compare", "1"]);
  url.hash = recorded.length ? new URLSearchParams(kept).toString() : "";
  history.replaceState(null, "", url.href);
}

/** The steps and captions a #fragment holds, for `widget`: only its own parameter names, with
 * values of the characters a parameter's value is written in (the widget validates them again
 * when the snippet runs); anything else is dropped, and more than 24 steps drops them all. */
function stepsFromAddress(widget) {
  const known = WIDGETS.find((w) => w.name === widget)?.defaults ?? {};
  try {
    const h = new URLSearchParams(location.hash.slice(1));
    const steps = JSON.parse(h.get("steps") ?? "[]");
    const caps = JSON.parse(h.get("captions") ?? "[]");
    if (!Array.isArray(steps) || steps.length > 24) return [[], []];
    const clean = steps
      .filter((st) => st && typeof st === "object" && !Array.isArray(st))
      .map((st) => Object.fromEntries(Object.entries(st).filter(([k, v]) => (k in known || k === "seed") && ["string", "number", "boolean"].includes(typeof v) && /^[A-Za-z0-9.:_+-]{1,40}$/.test(String(v)))));
    return [clean, clean.map((_, i) => (Array.isArray(caps) && typeof caps[i] === "string" ? caps[i].slice(0, 120) : ""))];
  } catch {
    return [[], []];
  }
}

function renderSteps() {
  stepList.replaceChildren(
    ...recorded.map((_, i) => {
      const li = document.createElement("li");
      const what = document.createElement("span");
      what.className = "step-what";
      what.textContent = stepLabel(current.name, i);
      const label = document.createElement("label");
      label.textContent = " Caption ";
      const input = document.createElement("input");
      input.type = "text";
      input.maxLength = 120;
      input.value = captions[i] ?? "";
      input.setAttribute("aria-label", `Caption for step ${i + 1}`);
      input.addEventListener("input", () => {
        captions[i] = input.value;
        keepSteps();
        snippets(current.name, lastParams);
      });
      label.append(input);
      li.append(what, label);
      return li;
    }),
  );
}

WIDGETS.forEach((w, i) => picker.append(new Option(w.label, String(i))));
for (const w of scormDecks) scormDeck.append(new Option(w.label.replace(/^Quiz: /, ""), w.attrs.deck));

/** What a snippet writes: only the parameters that differ from the defaults, and the seed. */
function written(widget, params) {
  const w = WIDGETS.find((x) => x.name === widget);
  if (!w?.defaults) return params;
  return Object.fromEntries(Object.entries(params).filter(([k, v]) => w.always.includes(k) || !(k in w.defaults) || String(v) !== w.defaults[k]));
}

const escapeAttr = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function snippets(widget, params) {
  lastParams = params;
  params = written(widget, params);
  // With preset steps the element starts from the first recorded state and carries the steps.
  // A caption cannot hold the | that separates them.
  const caption = (i) => (captions[i] ?? "").replace(/\|/g, "/").trim();
  const pair = compareToggle.checked ? comparedPair(widget) : null;
  if (pair) {
    // The first two steps side by side: the element at the first, each side what differs.
    params = { ...recorded[0], compare: pair };
    if (caption(0) || caption(1)) params["compare-captions"] = `${caption(0)} | ${caption(1)}`;
  } else if (recorded.length) {
    params = { ...recorded[0], steps: stepsText(widget) };
    if (captions.some((c) => c && c.trim())) params["step-captions"] = recorded.map((_, i) => caption(i)).join(" | ");
  }
  // A comparison has no challenges panel (the widget would say it leaves them unused).
  if (withChallenges() && !pair) params = { ...params, challenges: challengesValue() };
  // Nor predictions (two fixed settings).
  if (withPredictions() && !pair) params = { ...params, predict: predictValue() };
  params = { ...params, ...teacherAttrs() };
  if (chosenLocale()) params = { ...params, locale: chosenLocale() };
  shownParams = params;
  const entries = Object.entries(params);
  const attrs = entries.map(([k, v]) => ` data-${k}="${escapeAttr(v)}"`).join("");
  const query = new URLSearchParams([["widget", widget], ...entries.map(([k, v]) => [k, String(v)])]);
  const label = WIDGETS.find((w) => w.name === widget)?.label ?? widget;
  // What a reader sees if the widget never arrives: JavaScript off, or (the usual reason on a
  // page of another site) the locklab host not sending the CORS header a module script needs.
  const fallback =
    `<p>${escapeAttr(label)}: an interactive widget. If it does not appear, this page could not run locklab: it needs ` +
    `JavaScript, and on another site the locklab host must send Access-Control-Allow-Origin (or use the iframe embed).</p>`;
  scriptCode.value = `<script type="module" src="${base}locklab.js"></script>\n<div data-locklab="${widget}"${attrs}>${fallback}</div>`;
  // The element form from the CDN, pinned and checked; its attributes have no data- prefix.
  const plain = entries.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join("");
  const cdnFallback =
    `<p>${escapeAttr(label)}: an interactive widget. If it does not appear, this page could not run locklab from ` +
    `cdn.jsdelivr.net (JavaScript off, the CDN blocked, or a file that failed its integrity check): use the iframe embed.</p>`;
  const integrity = assets?.integrity ? ` integrity="${escapeAttr(assets.integrity)}" crossorigin="anonymous"` : ` crossorigin="anonymous"`;
  cdnCode.value = assets?.version
    ? `<script type="module" src="https://cdn.jsdelivr.net/npm/locklab@${escapeAttr(assets.version)}/locklab.js"${integrity}></script>\n` +
      `<locklab-widget name="${widget}"${plain}>${cdnFallback}</locklab-widget>`
    : "(This copy of locklab has no assets.json, so its version is unknown: use the embeds below.)";
  // The lab's command for this state, from the same Rust function as the widget's own.
  const lab = loaded.labCommand(widget, params);
  labSection.hidden = !lab;
  labCode.value = lab ?? "";
  iframeCode.value =
    `<iframe data-locklab-frame title="${escapeAttr(label)} (locklab)" width="100%" loading="lazy"\n` +
    `        src="${escapeAttr(`${base}embed.html?${query}`)}"></iframe>\n` +
    `<script src="${base}locklab-embed.js" defer></script>`;
}

let current = WIDGETS[0];

function show(index, keepAddress, keepRecorded = false) {
  const w = WIDGETS[index] ?? WIDGETS[0];
  current = w;
  picker.value = String(WIDGETS.indexOf(w));
  if (!keepAddress) {
    // The whole address as parsed, with only the query replaced (a path like //gallery.html stays a path).
    const url = new URL(location.href);
    url.search = new URLSearchParams([["widget", w.name], ...Object.entries(w.attrs ?? {})]).toString();
    history.replaceState(null, "", url.href);
  }
  const el = document.createElement("div");
  el.id = "preview-widget";
  el.setAttribute("data-locklab", w.name);
  if (chosenLocale()) el.setAttribute("data-locale", chosenLocale());
  if (w.attrs) {
    // A deck the gallery chose: set here, not read from the address.
    for (const [k, v] of Object.entries(w.attrs)) el.setAttribute(`data-${k}`, v);
    for (const [k, v] of Object.entries(teacherAttrs())) el.setAttribute(`data-${k}`, v);
  } else {
    el.setAttribute("data-locklab-url", "plain");
    if (withChallenges()) el.setAttribute("data-challenges", challengesValue());
    // (Not data-predict: the preview stays free to set up; the snippets and the package ask.)
    for (const [k, v] of Object.entries(teacherAttrs())) el.setAttribute(`data-${k}`, v);
  }
  preview.replaceChildren(el);
  scriptCode.value = iframeCode.value = "";
  if (!keepRecorded) {
    recorded = [];
    captions = [];
    keepSteps();
  }
  renderSteps();
  // (Not again for the same widget: a choice remounts the preview, and the select keeps its focus.)
  if (classFor !== w.name) renderClass();
  scormDeckField.hidden = w.name === "quiz";
  challengesField.hidden = Boolean(w.attrs);
  predictField.hidden = Boolean(w.attrs) || !(w.predictions ?? []).length;
  classChallenges.hidden = Boolean(w.attrs) || !challengesToggle.checked;
  classPredictions.hidden = Boolean(w.attrs) || !predictToggle.checked || !(w.predictions ?? []).length;
  scormStatus.textContent = "";
}

// Snippets hold only what the gallery chose (its widget and deck) or what the widget validated
// (a simulation's clamped parameters); never a value taken from the address as it stands.
preview.addEventListener("locklab:change", (event) => {
  if (event.detail.widget !== current.name) return;
  snippets(current.name, current.attrs ?? event.detail.params);
});
picker.addEventListener("change", () => {
  teacher = {};
  leftOut = new Set();
  predictionsLeftOut = new Set();
  show(Number(picker.value), false);
});
// The preview mounts again with or without the challenges; its state is in the address.
// The recorded steps (and their captions) stay: the challenges are beside them, not instead.
challengesToggle.addEventListener("change", () => show(Number(picker.value), true, true));
predictToggle.addEventListener("change", () => show(Number(picker.value), true, true));
// A language: the preview speaks it, and every snippet carries it.
localePicker.addEventListener("change", () => show(Number(picker.value), true, true));
// Tries and the score go on the element and into every snippet, for a quiz too.
classTries.addEventListener("change", () => show(Number(picker.value), true, true));
classScore.addEventListener("change", () => show(Number(picker.value), true, true));
document.getElementById("step-add").addEventListener("click", () => {
  if (current.attrs) return; // a quiz has no parameters to step through
  if (recorded.length >= 24) return; // the most steps a widget keeps
  recorded.push(written(current.name, lastParams));
  captions.push("");
  renderSteps();
  keepSteps();
  snippets(current.name, lastParams);
});
compareToggle.addEventListener("change", () => {
  keepSteps();
  snippets(current.name, lastParams);
});
document.getElementById("step-clear").addEventListener("click", () => {
  recorded = [];
  captions = [];
  keepSteps();
  renderSteps();
  snippets(current.name, lastParams);
});
for (const button of document.querySelectorAll("button[data-copy]")) {
  button.addEventListener("click", async () => {
    const area = document.getElementById(button.dataset.copy);
    try {
      await navigator.clipboard.writeText(area.value);
      status.textContent = "Copied.";
    } catch {
      area.select();
      status.textContent = "Selected: press Ctrl+C (or ⌘C) to copy.";
    }
  });
}

// A SCORM 1.2 package, built here in the browser: the loader and the widget files fetched from this
// site, a launch page with the widget in the state shown, the bridge that reports to the platform
// (scorm/scorm.js) and the manifest. The zip writer (fflate) loads only now.
const escapeXml = (v) => escapeAttr(v).replace(/>/g, "&gt;");

/** The launch page. `challengeCount`: how many challenges `params.challenges` asks (the bridge
 * counts them unmet until the first is met, so that predictions alone cannot pass or fail it). */
function launchPage(widget, params, deck, title, challengeCount = 0) {
  const attrs = Object.entries(params).map(([k, v]) => ` data-${k}="${escapeAttr(v)}"`).join("");
  const fallback = (what) => `<p>${escapeAttr(what)}: an interactive widget (it needs JavaScript).</p>`;
  const quiz = deck ? `\n  <div data-locklab="quiz" data-deck="${escapeAttr(deck)}">${fallback("Quiz")}</div>` : "";
  return `<!doctype html>
<html lang="en"${deck || widget === "quiz" || params.challenges || params.predict ? ' data-mastery="80"' : ""}${challengeCount ? ` data-challenge-count="${challengeCount}"` : ""}>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeAttr(title)}</title>
  <link rel="stylesheet" href="scorm/launch.css">
  <script src="scorm/scorm.js" defer></script>
  <script type="module" src="locklab.js"></script>
</head>
<body>
  <h1>${escapeAttr(title)}</h1>
  <p id="lms-status" class="lms-status" role="status"></p>
  <div data-locklab="${escapeAttr(widget)}"${attrs}>${fallback(title)}</div>${quiz}
</body>
</html>
`;
}

function manifest(id, title, files, scored) {
  const list = files.map((f) => `      <file href="${escapeXml(f)}"/>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${escapeXml(id)}" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="locklab">
    <organization identifier="locklab">
      <title>${escapeXml(title)}</title>
      <item identifier="item-1" identifierref="sco-1">
        <title>${escapeXml(title)}</title>${scored ? "\n        <adlcp:masteryscore>80</adlcp:masteryscore>" : ""}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" adlcp:scormtype="sco" href="launch.html">
${list}
    </resource>
  </resources>
</manifest>
`;
}

scormButton.addEventListener("click", async () => {
  scormButton.disabled = true;
  scormStatus.textContent = "Building the package…";
  try {
    const { zipSync, strToU8 } = await import("./vendor/fflate.js");
    const files = {};
    const deckBeside = current.name === "quiz" ? null : scormDeck.value || null;
    // Exactly what the launch page will load: the loader's own choice of bundles for its widgets.
    const kinds = deckBeside ? [current.name, "quiz"] : [current.name];
    for (const f of [...loaded.files(kinds), "scorm/scorm.js", "scorm/launch.css"]) {
      const response = await fetch(f);
      if (!response.ok) throw new Error(`${f} answered ${response.status}`);
      files[f] = new Uint8Array(await response.arrayBuffer());
    }
    const deck = deckBeside;
    const params = current.attrs ?? shownParams;
    // A widget in another language than English: the build's file for it goes in too (the loader
    // fetches it beside itself). The launch page's own words (its title) stay English, and say so;
    // the widget marks its own language.
    const locale = (loaded?.locales?.() ?? []).includes(params.locale) ? params.locale : null;
    if (locale) {
      const f = `locales/${locale}.ftl`;
      const response = await fetch(f);
      if (!response.ok) throw new Error(`${f} answered ${response.status}`);
      files[f] = new Uint8Array(await response.arrayBuffer());
    }
    const title = deck ? `${current.label}, with questions` : current.label;
    const challengeCount = params.challenges ? (current.challenges ?? []).filter(([id]) => !leftOut.has(id)).length : 0;
    files["launch.html"] = strToU8(launchPage(current.name, params, deck, title, challengeCount));
    const id = `locklab-${current.name}${current.attrs?.deck ? `-${current.attrs.deck}` : ""}${params.challenges ? "-challenges" : ""}${params.predict ? "-predict" : ""}${deck ? `-${deck}` : ""}`;
    files["imsmanifest.xml"] = strToU8(manifest(id, title, Object.keys(files), Boolean(deck) || current.name === "quiz" || Boolean(params.challenges) || Boolean(params.predict)));
    const zip = zipSync(files, { level: 6 });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([zip], { type: "application/zip" }));
    link.download = `${id}.zip`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    scormStatus.textContent = `Package ready: ${link.download}, ${Math.round(zip.length / 1024)} KB.`;
  } catch (error) {
    scormStatus.textContent = `Could not build the package: ${error.message}`;
  } finally {
    scormButton.disabled = false;
  }
});

// Start from the address (a shared gallery link) or the first widget. A parameter given more than
// once is refused, as everywhere in locklab: the gallery then starts from its first widget.
const start = new URLSearchParams(location.search);
const once = (name) => (start.getAll(name).length === 1 ? start.get(name) : start.getAll(name).length === 0 ? undefined : null);
const [wanted, deck] = [once("widget"), once("deck")];
const named =
  wanted === null || deck === null
    ? -1
    : WIDGETS.findIndex((w) => w.name === wanted && (!w.attrs || w.attrs.deck === (deck ?? w.attrs.deck)));
// A shared gallery link keeps its recorded steps and captions (in its #fragment).
if (named >= 0 && !WIDGETS[named].attrs) {
  [recorded, captions] = stepsFromAddress(WIDGETS[named].name);
  compareToggle.checked = recorded.length >= 2 && new URLSearchParams(location.hash.slice(1)).get("compare") === "1";
}
show(named >= 0 ? named : 0, named >= 0, recorded.length > 0);
