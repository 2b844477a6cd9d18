// Browser benchmark (prints figures; never fails on a time): for each widget, at its defaults and
// at its largest parameters, move a slider programmatically many times and measure
//   - recompute: from the input event to the widget's locklab:change (simulation + event),
//   - to paint:  from the input event to the end of the next animation frame (charts drawn).
//
//   node tests/bench.mjs            (after `trunk build --release`; bash .ci/run builds it)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { start, openPage } from "./e2e/helpers.mjs";

const MOVES = Number(process.env.MOVES ?? 200);
const cases = [
  { widget: "counter-race", attrs: {}, slider: "workers" },
  { widget: "counter-race", attrs: { workers: 20, increments: 1000 }, slider: "think-ms", label: "largest" },
  { widget: "ttl-tradeoff", attrs: {}, slider: "ttl-s" },
  { widget: "ttl-tradeoff", attrs: { holds: 200000 }, slider: "ttl-s", label: "200,000 holds" },
  { widget: "ttl-tradeoff", attrs: { holds: 200000 }, slider: "work-s", label: "200,000 holds" },
  { widget: "fencing-chain", attrs: {}, slider: "ttl-ms" },
  { widget: "fencing-chain", attrs: { holders: 5000 }, slider: "ttl-ms", label: "largest" },
];

function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

const env = await start();
try {
  console.log(`Chromium, ${MOVES} programmatic slider moves per case (ms)`);
  console.log("widget          case            slider        recompute p50/p95    to paint p50/p95");
  for (const c of cases) {
    const { page, context } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
    await page.evaluate(({ widget, attrs }) => {
      const el = document.createElement("div");
      el.id = "bench";
      el.dataset.locklab = widget;
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(`data-${k}`, String(v));
      document.getElementById("slot").append(el);
    }, c);
    await page.locator("#bench input[type=range]").first().waitFor();
    const times = await page.evaluate(async ({ slider, moves }) => {
      const host = document.getElementById("bench");
      // The widget draws inside its shadow root.
      const input = (host.shadowRoot ?? host).querySelector(`input[name="${slider}"]`);
      const min = Number(input.min), max = Number(input.max);
      const recompute = [], paint = [];
      for (let i = 0; i < moves; i++) {
        const changed = new Promise((r) => host.addEventListener("locklab:change", r, { once: true }));
        const t0 = performance.now();
        input.value = String(min + ((i * 37) % 100) / 100 * (max - min));
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await changed;
        recompute.push(performance.now() - t0);
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        paint.push(performance.now() - t0);
      }
      return { recompute, paint };
    }, { slider: c.slider, moves: MOVES });
    const f = (xs) => `${pct(xs, 50).toFixed(1).padStart(6)} /${pct(xs, 95).toFixed(1).padStart(6)}`;
    console.log(
      `${c.widget.padEnd(15)} ${(c.label ?? "defaults").padEnd(15)} ${c.slider.padEnd(13)} ${f(times.recompute)}      ${f(times.paint)}`,
    );
    await context.close();
  }
} finally {
  await env.stop();
}
