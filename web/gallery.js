// The authors' gallery: pick a widget, set it up with its own controls, and copy the embed code
// for exactly that state. The preview is the widget itself, mounted by locklab.js.
const WIDGETS = [
  { name: "counter-race", label: "Counter race" },
  { name: "ttl-tradeoff", label: "TTL trade-off" },
  { name: "paused-holder", label: "Paused holder" },
  { name: "fencing-chain", label: "Fencing chain" },
  { name: "fencing-sandbox", label: "Fencing by hand: the sandbox and every interleaving" },
  { name: "lease-renewal", label: "Lease renewal: renewal, fencing, idempotency" },
  { name: "lease-sizing", label: "Lease sizing worksheet" },
  { name: "redis-failover", label: "Redis failover" },
  { name: "redlock", label: "Redlock, step by step" },
  { name: "sweeper-incident", label: "The sweeper incident: a job that outlives its lock" },
  { name: "quiz", label: "Quiz: which protection?", attrs: { deck: "which-protection" } },
  { name: "quiz", label: "Quiz: interview angle", attrs: { deck: "interview" } },
  { name: "quiz", label: "Quiz: check yourself", attrs: { deck: "check-yourself" } },
  { name: "quiz", label: "Quiz: leases and renewal", attrs: { deck: "leases" } },
];
const base = new URL(".", location.href).href;
const picker = document.getElementById("widget-picker");
const preview = document.getElementById("preview");
const scriptCode = document.getElementById("script-code");
const iframeCode = document.getElementById("iframe-code");
const status = document.getElementById("copy-status");

WIDGETS.forEach((w, i) => picker.append(new Option(w.label, String(i))));

const escapeAttr = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function snippets(widget, params) {
  const entries = Object.entries(params);
  const attrs = entries.map(([k, v]) => ` data-${k}="${escapeAttr(v)}"`).join("");
  const query = new URLSearchParams([["widget", widget], ...entries.map(([k, v]) => [k, String(v)])]);
  const label = WIDGETS.find((w) => w.name === widget)?.label ?? widget;
  // What a reader without JavaScript (or before the widget arrives) sees: one line of fallback.
  const fallback = `<p>${escapeAttr(label)}: an interactive widget (it needs JavaScript).</p>`;
  scriptCode.value = `<script type="module" src="${base}locklab.js"></script>\n<div data-locklab="${widget}"${attrs}>${fallback}</div>`;
  iframeCode.value =
    `<iframe data-locklab-frame title="${escapeAttr(label)} (locklab)" width="100%" loading="lazy"\n` +
    `        src="${escapeAttr(`${base}embed.html?${query}`)}"></iframe>\n` +
    `<script src="${base}locklab-embed.js" defer></script>`;
}

let current = WIDGETS[0];

function show(index, keepAddress) {
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
  if (w.attrs) {
    // A deck the gallery chose: set here, not read from the address.
    for (const [k, v] of Object.entries(w.attrs)) el.setAttribute(`data-${k}`, v);
  } else {
    el.setAttribute("data-locklab-url", "plain");
  }
  preview.replaceChildren(el);
  scriptCode.value = iframeCode.value = "";
}

// Snippets hold only what the gallery chose (its widget and deck) or what the widget validated
// (a simulation's clamped parameters); never a value taken from the address as it stands.
preview.addEventListener("locklab:change", (event) => {
  if (event.detail.widget !== current.name) return;
  snippets(current.name, current.attrs ?? event.detail.params);
});
picker.addEventListener("change", () => show(Number(picker.value), false));
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

// Start from the address (a shared gallery link) or the first widget. A parameter given more than
// once is refused, as everywhere in locklab: the gallery then starts from its first widget.
const start = new URLSearchParams(location.search);
const once = (name) => (start.getAll(name).length === 1 ? start.get(name) : start.getAll(name).length === 0 ? undefined : null);
const [wanted, deck] = [once("widget"), once("deck")];
const named =
  wanted === null || deck === null
    ? -1
    : WIDGETS.findIndex((w) => w.name === wanted && (!w.attrs || w.attrs.deck === (deck ?? w.attrs.deck)));
show(named >= 0 ? named : 0, named >= 0);
await import("./locklab.js");
