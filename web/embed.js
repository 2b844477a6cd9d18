// embed.html?widget=<widget>&<param>=<value>…: one widget alone, for an <iframe>.
// It keeps the widget's parameters in this page's address, posts {type: "locklab:resize", height}
// to the parent whenever its height changes, and forwards every locklab:change and
// locklab:answer event as {type, detail}. The parent checks event.origin (locklab-embed.js does).
// These messages carry parameters and answers, never personal data, and go to any parent unless
// the address names one: `origin=https://author.example` posts to that origin only.
const query = new URLSearchParams(location.search);
let parentOrigin = "*";
const named = query.getAll("origin");
if (named.length === 1) {
  try {
    const url = new URL(named[0]);
    if (url.protocol === "https:" || url.protocol === "http:") parentOrigin = url.origin;
  } catch {
    // An unusable origin posts nowhere rather than everywhere.
    parentOrigin = null;
  }
} else if (named.length > 1) {
  parentOrigin = null;
}
const el = document.createElement("div");
el.setAttribute("data-locklab", query.get("widget") ?? "");
el.setAttribute("data-locklab-url", "plain");
el.setAttribute("data-locklab-heading", "2");
document.getElementById("widget").append(el);

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
for (const type of ["locklab:change", "locklab:answer", "locklab:complete"]) {
  document.addEventListener(type, (event) => {
    toParent({ type, detail: event.detail });
    reportHeight();
    // Late layout (the widget's stylesheet arriving, charts sizing) gets measured too.
    for (const ms of [50, 200, 500, 1000, 2000]) setTimeout(reportHeight, ms);
  });
}

await import("./locklab.js");
