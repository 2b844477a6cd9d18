// The part of a MyST site this test can build here: the page's content as `myst build --site`
// wrote it (content/<page>.json), its anywidget nodes drawn by MyST's own renderer
// (@myst-theme/anywidget's AnyWidgetRenderer, as the book theme does) and its admonitions as text.
// The book theme itself is a download from api.mystmd.org this machine cannot make.
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { ANY_RENDERERS } from "@myst-theme/anywidget";

const AnyWidget = ANY_RENDERERS.anywidget;
const slug = new URLSearchParams(location.search).get("page") ?? "index";
const page = await (await fetch(`./content/${slug}.json`)).json();

const text = (node) => (node.value ?? "") + (node.children ?? []).map(text).join("");
const shown = [];
(function walk(node) {
  if (!node || typeof node !== "object") return;
  if (node.type === "anywidget") shown.push(h("section", { key: node.id, "data-anywidget": node.id }, h(AnyWidget, { node })));
  else if (node.type === "admonition") shown.push(h("aside", { key: `a${shown.length}`, role: "note" }, text(node)));
  else for (const child of node.children ?? []) walk(child);
})(page.mdast);
createRoot(document.getElementById("page")).render(shown);
