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
    const each = (event, f) => {
      for (const fragment of event.fragments ?? [event.fragment]) if (fragment?.dataset.locklabStep) f(fragment, Number(fragment.dataset.locklabStep));
    };
    deck.on("fragmentshown", (e) => each(e, (f, n) => go(f, n)));
    deck.on("fragmenthidden", (e) => each(e, (f, n) => go(f, Math.max(1, n - 1))));
  },
});
export default Locklab;
