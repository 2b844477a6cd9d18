// embed.html?widget=<widget>&<param>=<value>…: one widget alone, for an <iframe>.
// It keeps the widget's parameters in this page's address, posts {type: "locklab:resize", height}
// to the parent whenever its height changes, and forwards every locklab:change, locklab:answer,
// locklab:complete, locklab:challenge and locklab:predict event as {type, detail}. The parent checks event.origin
// (locklab-embed.js does).
// These messages carry parameters and answers, never personal data, and go to any parent unless
// the address names one: `origin=https://author.example` posts to that origin only.
const query = new URLSearchParams(location.search);
const main = document.getElementById("widget");
/** A short notice for the author, above the widget (text only). */
function notice(text) {
  const p = document.createElement("p");
  p.className = "ll-embed-notice";
  p.setAttribute("role", "alert");
  p.textContent = text;
  main.append(p);
}
const shown = (v) => (v.length > 60 ? `${v.slice(0, 60)}…` : v);
// Once the address names an origin, messages go there or nowhere: never to every parent.
let parentOrigin = "*";
const named = query.getAll("origin");
if (named.length === 1) {
  parentOrigin = null;
  try {
    const url = new URL(named[0]);
    // Only an http(s) origin, written as one (an origin or an address on it): `course.example:443`
    // parses as a URL of scheme "course.example:", and must not pass.
    if ((url.protocol === "https:" || url.protocol === "http:") && /^https?:\/\//i.test(named[0].trim())) parentOrigin = url.origin;
  } catch {
    // not a URL at all
  }
  if (!parentOrigin) {
    notice(`origin=“${shown(named[0])}” is not an http(s) origin such as https://course.example: this page sends its messages to no parent.`);
  }
} else if (named.length > 1) {
  parentOrigin = null;
  notice(`The address gives “origin” ${named.length} times: this page sends its messages to no parent.`);
}
const widgets = query.getAll("widget");
const el = document.createElement("div");
if (widgets.length > 1) {
  notice(`The address gives “widget” ${widgets.length} times (${widgets.map(shown).join(", ")}): name one widget.`);
} else {
  el.setAttribute("data-locklab", widgets[0] ?? "");
  el.setAttribute("data-locklab-url", "plain");
  el.setAttribute("data-locklab-heading", "2");
  main.append(el);
}

const toParent = (message) => {
  if (window.parent !== window && parentOrigin) window.parent.postMessage(message, parentOrigin);
};
let lastHeight = -1;
function reportHeight() {
  // Nothing to size until the widget is there (the frame keeps its own height meanwhile).
  if (!el.hasAttribute("data-locklab-mounted")) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== lastHeight) {
    lastHeight = height;
    toParent({ type: "locklab:resize", height });
  }
}
// A resize observer catches every change of height, but browsers pause rendering work in
// cross-origin frames that are scrolled out of view; so every widget event also measures.
new ResizeObserver(reportHeight).observe(document.documentElement);
for (const type of ["locklab:change", "locklab:answer", "locklab:complete", "locklab:challenge", "locklab:predict"]) {
  document.addEventListener(type, (event) => {
    toParent({ type, detail: event.detail });
    reportHeight();
    // Late layout (the widget's stylesheet arriving, charts sizing) gets measured too.
    for (const ms of [50, 200, 500, 1000, 2000]) setTimeout(reportHeight, ms);
  });
}

await import("./locklab.js");
