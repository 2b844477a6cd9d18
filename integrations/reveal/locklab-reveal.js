// locklab for reveal.js: a plugin that lets a deck lay itself out again when a widget changes size
// (a widget on a slide shown later mounts and lays itself out then), and lets fragments drive a
// widget's preset steps, so the presenter's clicker steps the simulation.
//
//   <script type="module">
//     import Reveal from "./reveal.js/dist/reveal.mjs";
//     import Locklab from "./locklab-reveal.js";
//     Reveal.initialize({ plugins: [Locklab] });
//   </script>
//   <section>
//     <div data-locklab="ttl-tradeoff" data-layout="slide" data-steps="ttl-s=1 | ttl-s=10 | ttl-s=60"></div>
//     <span class="fragment" data-locklab-step="2"></span>
//     <span class="fragment" data-locklab-step="3"></span>
//   </section>
//
// A fragment with data-locklab-step="N" moves the slide's widget (or the one whose id its
// data-locklab-for names) to step N when it is shown, and back to step N − 1 when it is hidden.
// N is a whole number written in digits (1 to 999): "0x10", "2.5", "1e1" or "" move nothing, and
// the console says which fragment was skipped and why (once, when the deck starts).
// Keys a widget's own control consumes (arrows on a slider, Space on a button) never reach reveal:
// locklab stops them at the widget. Everything else does.
const Locklab = () => ({
  id: "locklab",
  init(deck) {
    let pending = false;
    document.addEventListener("locklab:resize", () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        deck.layout();
      });
    });
    const widgetOf = (f) => (f.dataset.locklabFor && document.getElementById(f.dataset.locklabFor)) || f.closest("section")?.querySelector("[data-locklab]");
    const go = (f, step) => widgetOf(f)?.dispatchEvent(new CustomEvent("locklab:step", { detail: { step } }));
    const stepOf = (fragment) => {
      const raw = fragment.dataset.locklabStep;
      return /^[1-9][0-9]{0,2}$/.test(raw) ? Number(raw) : null;
    };
    for (const fragment of deck.getRevealElement?.()?.querySelectorAll("[data-locklab-step]") ?? []) {
      if (stepOf(fragment) === null) {
        const raw = fragment.dataset.locklabStep;
        console.warn(`locklab: data-locklab-step="${raw}" is not a step number (a whole number from 1, written in digits): this fragment moves no widget`, fragment);
      }
    }
    const each = (event, f) => {
      for (const fragment of event.fragments ?? [event.fragment]) {
        const n = fragment?.dataset.locklabStep === undefined ? null : stepOf(fragment);
        if (n !== null) f(fragment, n);
      }
    };
    deck.on("fragmentshown", (e) => each(e, (f, n) => go(f, n)));
    deck.on("fragmenthidden", (e) => each(e, (f, n) => go(f, Math.max(1, n - 1))));
  },
});
export default Locklab;
