// The author's own script: the package's loader, and a listener for the widgets' events.
import { ready, version } from "locklab";

window.__seen = [];
document.addEventListener("locklab:change", (e) => window.__seen.push({ id: e.target.id, widget: e.detail.widget, params: e.detail.params }));
window.__version = version;
ready.then(() => (window.__ready = true));
