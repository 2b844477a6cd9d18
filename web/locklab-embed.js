// locklab-embed.js: for pages that embed locklab widgets as iframes. Include it once:
//
//   <script src="https://example.org/course/locks/locklab-embed.js" defer></script>
//   <iframe data-locklab-frame title="Counter race" width="100%"
//           src="https://example.org/course/locks/embed.html?widget=counter-race&workers=8"></iframe>
//
// It sizes every iframe[data-locklab-frame] to its widget and re-fires the widget's
// locklab:change, locklab:answer, locklab:complete, locklab:challenge and locklab:predict events on the iframe
// element. Messages are accepted only
// from the iframe's own window and origin, and only from frames whose src is an http(s) address
// (a data: or srcdoc frame has no origin of its own to check). A sandboxed frame needs
// allow-same-origin (and allow-scripts) for this: without it its origin is "null" and it is ignored.
(() => {
  const STARTED = Symbol.for("locklab.embed");
  if (globalThis[STARTED]) return;
  globalThis[STARTED] = true;
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || typeof data !== "object" || typeof data.type !== "string" || !data.type.startsWith("locklab:")) return;
    for (const frame of document.querySelectorAll("iframe[data-locklab-frame]")) {
      if (frame.contentWindow !== event.source) continue;
      if (frame.hasAttribute("srcdoc")) return;
      let url;
      try {
        url = new URL(frame.getAttribute("src") ?? "", location.href);
      } catch {
        return;
      }
      if (!frame.getAttribute("src") || (url.protocol !== "https:" && url.protocol !== "http:")) return;
      if (event.origin === "null" || url.origin !== event.origin) return;
      if (data.type === "locklab:resize") {
        const height = Number(data.height);
        if (Number.isFinite(height) && height >= 0 && height < 100000) frame.style.height = `${Math.ceil(height)}px`;
      } else if (data.type === "locklab:change" || data.type === "locklab:answer" || data.type === "locklab:complete" || data.type === "locklab:challenge" || data.type === "locklab:predict") {
        frame.dispatchEvent(new CustomEvent(data.type, { detail: data.detail, bubbles: true, composed: true }));
      }
      return;
    }
  });
})();
