// locklab-embed.js: for pages that embed locklab widgets as iframes. Include it once:
//
//   <script src="https://example.org/course/locks/locklab-embed.js" defer></script>
//   <iframe data-locklab-frame title="Counter race" width="100%"
//           src="https://example.org/course/locks/embed.html?widget=counter-race&workers=8"></iframe>
//
// It sizes every iframe[data-locklab-frame] to its widget and re-fires the widget's
// locklab:change and locklab:answer events on the iframe element. Messages are accepted only
// from the iframe's own window and origin.
(() => {
  if (window.__locklabEmbed) return;
  window.__locklabEmbed = true;
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || typeof data !== "object" || typeof data.type !== "string" || !data.type.startsWith("locklab:")) return;
    for (const frame of document.querySelectorAll("iframe[data-locklab-frame]")) {
      if (frame.contentWindow !== event.source) continue;
      let origin;
      try {
        origin = new URL(frame.src, location.href).origin;
      } catch {
        return;
      }
      if (origin !== event.origin) return;
      if (data.type === "locklab:resize") {
        const height = Number(data.height);
        if (Number.isFinite(height) && height >= 0 && height < 100000) frame.style.height = `${Math.ceil(height)}px`;
      } else if (data.type === "locklab:change" || data.type === "locklab:answer") {
        frame.dispatchEvent(new CustomEvent(data.type, { detail: data.detail, bubbles: true, composed: true }));
      }
      return;
    }
  });
})();
