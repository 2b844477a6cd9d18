// The smallest Docusaurus site an author would start from (docs only, no blog, no search), with
// locklab from a CDN as model-viewer's docs show it: one module script in every page's head,
// pinned to a version, with its integrity. (The test points LOCKLAB_SRC at a CDN-like origin of
// its own; an author writes https://cdn.jsdelivr.net/npm/locklab@<version>/locklab.js.)
// `import "locklab"` in a client module is not the way here: webpack runs the page's CSS rules on
// the stylesheet the loader names, and Docusaurus's CSS minimizer then fails the build.
const src = process.env.LOCKLAB_SRC ?? "https://cdn.jsdelivr.net/npm/locklab@0.1.0/locklab.js";
const integrity = process.env.LOCKLAB_INTEGRITY;

export default {
  title: "Locks, the course",
  url: "http://127.0.0.1",
  baseUrl: "/",
  onBrokenLinks: "throw",
  scripts: [{ src, type: "module", crossorigin: "anonymous", ...(integrity ? { integrity } : {}) }],
  presets: [["classic", { docs: { routeBasePath: "/", sidebarPath: false }, blog: false, pages: false, theme: {} }]],
};
