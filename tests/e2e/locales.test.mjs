// Translations (issue #47): an English page fetches nothing more; a page in Spanish gets its
// widgets in Spanish, numbers by the locale, from one fetched file; the pseudo-locales show every
// string looked up and a layout that holds; a broken or partial translation falls back to English.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useServer, openPage, waitForChange, golden, styled } from "./helpers.mjs";

const env = useServer();
const localeRequests = (page) => {
  const seen = [];
  page.on("request", (r) => {
    if (r.url().includes("/locales/")) seen.push(new URL(r.url()).pathname);
  });
  return seen;
};

// A blank page in Spanish with one widget of `attrs`, and the console's warnings as they come.
async function inSpanish(attrs) {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html?locale=es`);
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  await page.evaluate((attrs) => {
    const el = document.createElement("locklab-widget");
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    document.getElementById("slot").append(el);
  }, attrs);
  return { page, context, problems, warnings };
}

test("an English page fetches no translation and reads as before", async () => {
  const { page, context, problems } = await openPage(env.browser);
  const fetched = localeRequests(page);
  await page.goto(`${env.origin}/course/locks/`);
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const w = page.locator("[data-locklab=ttl-tradeoff]");
  assert.match(await w.locator(".ll-narrative").textContent(), /^With a 10 s TTL/);
  assert.equal(await w.getByRole("slider", { name: "Lock TTL" }).count(), 1);
  assert.equal(await w.locator(".ll-widget").first().evaluate((e) => e.closest("[lang]")), null, "no lang set inside the widget: the page's own applies");
  assert.deepEqual(fetched, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a page in Spanish: its widgets speak Spanish, with the locale's numbers, from one file", async () => {
  const { page, context, problems } = await openPage(env.browser);
  const fetched = localeRequests(page);
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  await page.goto(`${env.origin}/fixtures/spanish.html`);
  const first = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 10);
  // The numbers are data: the same as in English (and as native).
  const expected = golden().find((g) => g.widget === "ttl-tradeoff");
  assert.deepEqual(first.result, expected.result);
  const w = page.locator("#ttl");
  const narrative = () => w.locator(".ll-narrative").textContent();
  assert.match(await narrative(), /^Con un TTL de 10 s, /);
  assert.match(await narrative(), /60\.000/, "Intl groups a Spanish 60000 with a point");
  assert.equal(await w.locator(".ll-title").textContent(), "El bloqueo debe caducar, y ningún TTL es seguro");
  assert.equal(await w.locator(".ll-widget").evaluate((e) => e.closest("[lang]").getAttribute("lang")), "es");
  // Moved by keyboard, as a learner would: the label a screen reader hears is Spanish, the
  // announced value uses the decimal comma.
  const ttl = w.getByRole("slider", { name: "TTL del bloqueo" });
  await ttl.focus();
  await ttl.press("Home");
  const shortest = await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 0.1);
  assert.ok(shortest.result.unsafeFraction > 0.5);
  assert.equal(await ttl.getAttribute("aria-valuetext"), "0,1 s");
  assert.match(await narrative(), /^Con un TTL de 0,1 s, [\d.]+ de 60\.000 retenciones \([\d,]+\s%; exactamente [\d,]+\s%\)/);
  await w.getByRole("radio", { name: /Pareto \(cola pesada\)/ }).check();
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["stall-shape"] === "pareto");
  assert.match(await narrative(), /cola pesada \(Pareto, α = 1,5\)/);
  // A regional tag reads its language's file; an English one on the element wins over the page.
  assert.match(await page.locator("#mx .ll-narrative").textContent(), /^Con un TTL de 1 s/);
  assert.match(await page.locator("#english .ll-narrative").textContent(), /^With a 10 s TTL/);
  // The counter race: a plural chooses the verb ("Un trabajador hizo"); moved by keyboard to two
  // workers, the sentence agrees again.
  const race = page.locator("#race");
  assert.match(await race.locator(".ll-narrative").textContent(), /^Un trabajador solo no puede competir con nadie: llegaron los 200 incrementos/);
  const workers = race.getByRole("slider", { name: "Trabajadores" });
  await workers.focus();
  await workers.press("ArrowRight");
  const two = await waitForChange(page, (d) => d.widget === "counter-race" && d.params.workers === 2);
  assert.match(await race.locator(".ll-narrative").textContent(), new RegExp(`^2 trabajadores hicieron 400 incrementos`));
  assert.equal(await race.locator(".ll-stat dd").first().textContent(), String(two.result.expected));
  // The lease-sizing worksheet: its readouts and sentences in Spanish; a worked example's button,
  // pressed as a learner would, fills in the worksheet and the sentence follows.
  const sizing = page.locator("#sizing");
  assert.equal(await sizing.locator(".ll-title").textContent(), "Dimensiona una concesión: una hoja de cálculo, no una promesa");
  assert.match(await sizing.locator(".ll-narrative").textContent(), /^La regla pide 15,5 s \(trabajo \+ pausa \+ red \+ renovación \+ margen\) y elegiste 20 s\. Eso deja 6,5 s de margen, más que los 2 s que querías\./);
  await sizing.getByRole("button", { name: /^Comprobar: concesión de 10 s/ }).click();
  const checked = await waitForChange(page, (d) => d.widget === "lease-sizing" && d.params["ttl-s"] === 10);
  assert.match(await sizing.locator(".ll-narrative").textContent(), new RegExp(`^La regla pide ${String(checked.result.sumSeconds).replace(".", ",")} s .* y elegiste 10 s\\.`));
  assert.equal(await sizing.getByRole("slider", { name: "La concesión que eliges" }).getAttribute("aria-valuetext"), "10 s");
  // "A pause loses the lease", in Spanish figures: read back, the event's probability (to the
  // three figures shown).
  const shown = (await sizing.locator(".ll-stat dd").nth(2).textContent()).trim();
  assert.match(shown, /^[\d.]*\d(,\d+)?\s%$/);
  const readBack = Number(shown.replace(/\s%$/, "").replaceAll(".", "").replace(",", ".")) / 100;
  assert.ok(Math.abs(readBack - checked.result.pauseLosesLease) <= 0.005 * checked.result.pauseLosesLease, `${shown} against ${checked.result.pauseLosesLease}`);
  assert.deepEqual(fetched, ["/course/locks/locales/es.ftl"], "one file for the page's widgets");
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "the default view has every string in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the pseudo-locale: every string is looked up, and nothing overflows at 360 px or 1,280 px", async () => {
  for (const [name, width] of [["ttl-tradeoff", 360], ["ttl-tradeoff", 1280], ["counter-race", 360], ["counter-race", 1280], ["lease-sizing", 360], ["lease-sizing", 1280], ["redis-failover", 360], ["redis-failover", 1280], ["lease-renewal", 360], ["lease-renewal", 1280], ["fencing-chain", 360], ["fencing-chain", 1280], ["optimistic-vs-pessimistic", 360], ["optimistic-vs-pessimistic", 1280], ["lock-granularity", 360], ["lock-granularity", 1280], ["paused-holder", 360], ["paused-holder", 1280], ["redlock", 360], ["redlock", 1280], ["fencing-sandbox", 360], ["fencing-sandbox", 1280]]) {
    const { page, context, problems } = await openPage(env.browser, null, { viewport: { width, height: 900 } });
    await page.goto(`${env.origin}/fixtures/blank.html?locale=en-XA`);
    await page.evaluate((name) => {
      const el = document.createElement("locklab-widget");
      el.setAttribute("name", name);
      document.getElementById("slot").append(el);
    }, name);
    await waitForChange(page, (d) => d.widget === name);
    await styled(page);
    const w = page.locator("locklab-widget");
    // Open what is folded, so that its strings are seen too.
    const more = w.locator("details.ll-more > summary");
    if (await more.count()) await more.first().click();
    const report = await w.locator(".ll-widget").evaluate((root) => {
      const untranslated = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        // Commands and code stay as they are typed, in any language.
        if (!el || el.closest("canvas, .ll-sr-only, code, pre") || !el.checkVisibility()) continue;
        // What is left outside ⟦…⟧ may be numbers, units, symbols: no English word.
        const outside = n.textContent.replace(/⟦[^⟧]*⟧/g, "").replace(/⟦[^⟧]*$|^[^⟦]*⟧/g, "");
        if (/[A-Za-z]{3,}/.test(outside.replace(/\b(TTL|ms)\b/g, ""))) untranslated.push(n.textContent.trim().slice(0, 80));
      }
      const overflowing = [];
      const box = root.getBoundingClientRect();
      // Inside a box that scrolls sideways (a wide table's wrapper), content may be wider than the
      // widget: the box itself is checked.
      const scrolled = (el) => {
        for (let a = el.parentElement; a && a !== root; a = a.parentElement) if (["auto", "scroll"].includes(getComputedStyle(a).overflowX)) return true;
        return false;
      };
      for (const el of root.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || el.closest(".ll-sr-only") || scrolled(el)) continue;
        if (r.right > box.right + 1 || r.left < box.left - 1) overflowing.push(`${el.tagName}.${el.className}: ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
      return { untranslated, overflowing, pageWide: document.documentElement.scrollWidth > window.innerWidth + 1 };
    });
    assert.deepEqual(report.untranslated, [], `every string of ${name} in the pseudo-locale at ${width} px`);
    assert.deepEqual(report.overflowing, [], `nothing outside ${name} at ${width} px`);
    assert.equal(report.pageWide, false, `no sideways scroll at ${width} px`);
    assert.match(await w.locator(".ll-narrative").textContent(), /^⟦/);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("optimistic or pessimistic and lock granularity in Spanish: durations in the locale's units, the circle of waits", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html?locale=es`);
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  const add = (name) => page.evaluate((name) => {
    const el = document.createElement("locklab-widget");
    el.setAttribute("name", name);
    el.id = name;
    document.getElementById("slot").append(el);
  }, name);
  // A duration as the widget shows it ("42,5 ms", "17,2 s"), read back in milliseconds.
  const readMs = (text) => {
    const m = text.trim().match(/^([\d.]+(?:,\d+)?)\s(ms|s)$/);
    assert.ok(m, `a Spanish duration: ${text}`);
    return Number(m[1].replaceAll(".", "").replace(",", ".")) * (m[2] === "s" ? 1000 : 1);
  };
  await add("optimistic-vs-pessimistic");
  await waitForChange(page, (d) => d.widget === "optimistic-vs-pessimistic");
  const hot = page.locator("#optimistic-vs-pessimistic");
  assert.equal(await hot.locator(".ll-title").textContent(), "Optimista o pesimista: un registro muy disputado");
  assert.match(await hot.locator(".ll-narrative").textContent(), /^Con 5 actualizaciones por segundo y 20 ms de trabajo, otra confirmación llega durante un intento 0,1 veces de media \(λT\)\./);
  // Moved by keyboard to the highest rate: the lock's queue grows past ten seconds, and its mean
  // is shown in seconds, read back against the event's figure to the three figures shown.
  const rate = hot.getByRole("slider", { name: "Actualizaciones del registro" });
  await rate.focus();
  await rate.press("End");
  const busy = await waitForChange(page, (d) => d.widget === "optimistic-vs-pessimistic" && d.params["rate-per-s"] === 2000);
  const lockMean = await hot.locator(".ll-stat").filter({ hasText: "Con el bloqueo, media" }).locator("dd").textContent();
  assert.match(lockMean, /\ss$/, "over ten seconds, in seconds");
  assert.ok(Math.abs(readMs(lockMean) - busy.result.pessimistic.meanMs) <= 0.005 * busy.result.pessimistic.meanMs, `${lockMean} against ${busy.result.pessimistic.meanMs} ms`);
  assert.match(await hot.locator(".ll-narrative").textContent(), /El bloqueo supera su capacidad \(utilización [\d,]+\)/);
  assert.equal(await hot.locator("table caption").textContent(), "Las mismas actualizaciones, de las dos maneras");

  await add("lock-granularity");
  await waitForChange(page, (d) => d.widget === "lock-granularity");
  const gran = page.locator("#lock-granularity");
  assert.match(await gran.locator(".ll-narrative").textContent(), /^800 actualizaciones por segundo sobre 1000 claves, cada una retiene su bloqueo 1 ms de media, con un único bloqueo global:/);
  // One lock per key, and each update taking two: the items' order can close a circle of waits.
  await gran.getByRole("radio", { name: "Uno por clave" }).check();
  await waitForChange(page, (d) => d.widget === "lock-granularity" && d.params.lock === "per-key");
  await gran.getByRole("switch", { name: "Cada actualización toma los bloqueos de dos claves" }).check();
  const pairs = await waitForChange(page, (d) => d.widget === "lock-granularity" && d.params["two-locks"]);
  const said = await gran.locator(".ll-narrative").textContent();
  if (pairs.result.deadlocks > 0) {
    assert.match(said, /quedaron? interbloqueados? \(el primero: la actualización \d+ tiene el bloqueo del SKU [\d.]+ y espera el bloqueo del SKU/);
    assert.match(await gran.locator(".ll-cycle figcaption").textContent(), /^El primer interbloqueo, a los [\d.,]+ (ms|s): un círculo de esperas$/);
  } else {
    assert.match(said, /en esta ejecución no ocurrió/);
  }
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "every string in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the paused holder in Spanish: the player and each step it tells, while the event keeps its English data", async () => {
  const { page, context, problems, warnings } = await inSpanish({ name: "paused-holder" });
  const first = await waitForChange(page, (d) => d.widget === "paused-holder");
  const w = page.locator("locklab-widget");
  assert.match(await w.locator(".ll-narrative").textContent(), /^A se congeló 15 s, más que su concesión de 10 s\. B obtuvo el bloqueo a los 10 s y vendió C14 al aficionado B a los 12 s\./);
  const now = w.locator(".ll-player-now");
  assert.equal(await now.textContent(), "19,5 s de 19,5 s");
  // Stepped by keyboard, as a learner would: the live region says each step in Spanish.
  const play = w.getByRole("button", { name: "Reproducir" });
  await play.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  assert.equal(await now.textContent(), "0,5 s de 19,5 s");
  const live = w.locator(".ll-player [aria-live=polite]");
  assert.equal(await live.textContent(), "En t = 0,5 s, B pide el bloqueo (y vuelve a pedirlo cada 0,5 s).");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  assert.match(await live.textContent(), /^En t = 10 s, el servicio de bloqueos deja que expire la concesión de A \(token 33\)\. En t = 10 s, el servicio de bloqueos concede el bloqueo a B \(token 34\)\./);
  await w.getByText("La cronología, paso a paso").click();
  assert.match(await w.locator("table.ll-events tr[aria-current=step]").textContent(), /^10 sBlee C14: libre34$/, "the current step: B reads the seat");
  assert.match(await w.locator("table.ll-events").textContent(), /10 sel servicio de bloqueosdeja que expire la concesión de A33/);
  // The result is data: its steps keep their English words in every language.
  assert.equal(first.result.events[1].action, "asks for the lock (and again every 0.5 s)");
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "every string in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the fencing sandbox in Spanish: steps played by keyboard, the reasons, the log and the table, while the event keeps its data", async () => {
  const { page, context, problems, warnings } = await inSpanish({ name: "fencing-sandbox" });
  const first = await waitForChange(page, (d) => d.widget === "fencing-sandbox");
  const w = page.locator("locklab-widget");
  assert.equal(await w.locator(".ll-title").textContent(), "El cercado a mano, y todas las intercalaciones a la vez");
  assert.match(await w.locator(".ll-narrative").textContent(), new RegExp(`^Aún no ha pasado nada: elige un paso para uno de los clientes\\. De los ${first.result.interleavings} órdenes`));
  // A's first step by keyboard: its button says it in Spanish; the step itself is data.
  const button = w.getByRole("button", { name: "A: obtener el bloqueo", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  const acquired = await waitForChange(page, (d) => d.widget === "fencing-sandbox" && d.result.steps === "A.acquire");
  assert.equal(acquired.result.highestToken, 33);
  const live = w.locator(".ll-player [aria-live=polite]");
  assert.equal(await live.textContent(), "A los 0 s: A obtiene el bloqueo con el token 33; su concesión dura hasta los 10 s.");
  assert.match(await w.locator(".ll-narrative").textContent(), /^Tras 1 paso \(con el reloj en 1 s\)\. Por ahora el valor, 0, incluye todas las actualizaciones aceptadas\./);
  assert.equal(await w.locator(".ll-client-state").first().textContent(), "token 33, tiene el bloqueo (le quedan 9 s)");
  // B cannot take the lock, and says why in Spanish.
  const bAcquire = w.getByRole("button", { name: "B: obtener el bloqueo", exact: true });
  assert.equal(await bAcquire.isDisabled(), true);
  const why = await bAcquire.getAttribute("aria-describedby");
  assert.equal(await w.locator(`[id="${why}"]`).textContent(), "B no puede obtener el bloqueo: a la concesión de A le quedan 9 s.");
  // A reads and pauses; its lease runs out while it is frozen.
  for (const name of ["A: leer", "A: hacer una pausa"]) {
    await w.getByRole("button", { name, exact: true }).focus();
    await page.keyboard.press("Enter");
  }
  const paused = await waitForChange(page, (d) => d.widget === "fencing-sandbox" && d.result.steps === "A.acquire,A.read,A.pause");
  assert.equal(paused.result.value, 0);
  assert.equal(await live.textContent(), "A los 2 s: A se congela hasta que se agota su concesión, a los 10 s, y luego sigue como si nada.");
  assert.equal(await w.locator(".ll-client-state").first().textContent(), "token 33, su concesión se agotó mientras estaba congelado; no lo sabe");
  // The table of every order, in Spanish, with the control's own words for each protection.
  assert.match(await w.locator("table.ll-orders-table caption").textContent(), new RegExp(`^Todos los órdenes de los pasos de los clientes \\(${first.result.interleavings}\\)`));
  assert.match(await w.locator("table.ll-orders-table").textContent(), /Tokens solo en las escrituras/);
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "every string in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the challenge panel in Spanish: its summary, buttons and status, and a challenge met by keyboard said in Spanish", async () => {
  const { page, context, problems, warnings } = await inSpanish({ name: "ttl-tradeoff", challenges: "builtin:one-a-day" });
  let last = await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const w = page.locator("locklab-widget");
  const panel = w.locator("details.ll-challenges");
  assert.equal((await panel.locator("summary").textContent()).trim(), "Retos: 0 de 1 cumplidos");
  await panel.locator("summary").click();
  assert.equal(await panel.locator(".ll-challenge-count").textContent(), "Reto 1 de 1");
  assert.equal(await panel.locator(".ll-challenge-status").textContent(), "Aún sin cumplir: cambia los ajustes, o responde que no se puede.");
  for (const name of [/^Pista \(1 de \d+\)$/, "No se puede", "Anterior", "Siguiente"]) assert.equal(await panel.getByRole("button", { name, exact: true }).count(), 1, String(name));
  // Met by keyboard, as in English: fewer than one unsafe hold a day, a crash wait of 30 s or less.
  const meets = (r) => r.exactPerDay < 1 && r.recoverySeconds <= 30;
  const ttl = w.getByRole("slider", { name: "TTL del bloqueo" });
  await ttl.focus();
  for (let presses = 0; !meets(last.result) && presses < 60; presses += 1) {
    await page.keyboard.press(last.result.exactPerDay >= 1 ? "ArrowRight" : "ArrowLeft");
    last = await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  }
  assert.ok(meets(last.result), JSON.stringify(last.result));
  await panel.locator("summary").filter({ hasText: "Retos: 1 de 1 cumplidos" }).waitFor();
  // Each setting tried while the challenge was on screen is a try.
  assert.match(await panel.locator(".ll-challenge-status").first().textContent(), /^Cumplido tras (1 intento|[02-9]\d* intentos|1\d+ intentos)\.$/);
  assert.match(await w.locator(".ll-visually-hidden[aria-live=polite]").filter({ hasText: "Reto cumplido" }).textContent(), /^Reto cumplido: /);
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "every string in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the prediction panel in Spanish: the question's frame, a refused number, a wrong answer and the run, said in Spanish", async () => {
  const { page, context, problems, warnings } = await inSpanish({ name: "counter-race", predict: "builtin:with-the-lock", tries: "2" });
  const w = page.locator("locklab-widget");
  const panel = w.locator("section.ll-predict");
  await panel.locator(".ll-predict-count").waitFor();
  // Named by the set's own title (an author's content, as written).
  assert.match(await panel.getAttribute("aria-label"), /^Predicciones: \S/);
  assert.equal(await panel.locator(".ll-predict-count").textContent(), "Predicción 1 de 1: los resultados siguen ocultos hasta que respondas");
  assert.equal(await panel.locator(".ll-predict-status.ll-tries").textContent(), "2 respuestas antes de que se muestre la ejecución.");
  const field = panel.getByRole("spinbutton", { name: "Tu predicción (de 0 a 1000)" });
  const commit = async (text) => {
    await field.fill(text);
    await field.press("Enter");
  };
  await commit("5000");
  assert.equal(await panel.locator("[role=alert]").textContent(), "Da un número de 0 a 1000.");
  await commit("10");
  await panel.locator(".ll-predict-status.ll-tries").filter({ hasText: "No exactamente" }).waitFor();
  assert.equal(await panel.locator(".ll-predict-status.ll-tries").textContent(), "No exactamente. Queda 1 respuesta.");
  assert.equal(await panel.locator(".ll-visually-hidden[aria-live=polite]").textContent(), "No exactamente. Queda 1 respuesta; la ejecución sigue oculta hasta entonces.");
  await panel.getByRole("spinbutton").fill("1000");
  await panel.getByRole("button", { name: "Confirmar y mostrar la ejecución" }).click();
  await panel.locator(".ll-predict-status.ll-good").waitFor();
  assert.equal(await panel.locator(".ll-predict-status.ll-good").textContent(), "Correcto. Dijiste 1000. La ejecución: 1000.");
  assert.equal(await panel.locator(".ll-predict-count").textContent(), "Predicción 1 de 1");
  await panel.getByRole("button", { name: "Hecho: explora libremente" }).click();
  await panel.locator(".ll-predict-done").waitFor();
  assert.equal(await panel.locator(".ll-predict-done").textContent(), "Predicciones terminadas: 0 de 1 acertadas a la primera. El widget vuelve a los ajustes de esta página, para que lo explores.");
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "every string in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the quiz's frame in Spanish: status, keys, verdict and each option's mark, while the deck keeps its own words", async () => {
  const { page, context, problems, warnings } = await inSpanish({ name: "quiz", deck: "which-protection" });
  const quiz = page.locator("locklab-widget");
  await quiz.locator(".ll-quiz-status").waitFor();
  const status = await quiz.locator(".ll-quiz-status").textContent();
  const n = Number(status.match(/^Tarjeta 1 de (\d+) · 0 XP$/)?.[1]);
  assert.ok(n > 1, status);
  assert.match(await quiz.locator(".ll-quiz .ll-method").textContent(), /^Teclas, mientras el cuestionario tiene el foco: de 1 a \d+ para responder, Intro para la siguiente tarjeta\. 20 XP por cada tarjeta acertada al primer intento\.$/);
  // Answered by keyboard: the verdict and every option's mark in Spanish.
  await quiz.locator(".ll-quiz").focus();
  await page.keyboard.press("1");
  await quiz.locator(".ll-verdict").filter({ hasText: /^(Correcto: \+20 XP\.|No exactamente: mira por qué bajo cada opción\.)$/ }).waitFor();
  const marks = await quiz.locator(".ll-why").allTextContents();
  assert.ok(marks.length > 1 && marks.every((m) => /^(Correcta|Esta no): \S/.test(m)), JSON.stringify(marks));
  assert.equal(marks.filter((m) => m.startsWith("Correcta: ")).length, 1);
  assert.equal(await quiz.getByRole("button", { name: "Siguiente tarjeta" }).count(), 1);
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "every string of the frame in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("Redlock in Spanish: the player tells each step and the readouts follow it", async () => {
  const { page, context, problems, warnings } = await inSpanish({ name: "redlock" });
  const first = await waitForChange(page, (d) => d.widget === "redlock");
  const w = page.locator("locklab-widget");
  assert.equal(await w.locator(".ll-title").textContent(), "Redlock: un quórum sobre cinco maestros Redis");
  assert.match(await w.locator(".ll-narrative").textContent(), /^Los cinco maestros dijeron sí en [\d.]+(,\d+)? ms, así que el cliente 1 puede usar el bloqueo durante [\d.]+(,\d+)? ms, algo menos que el TTL de 10\.000 ms\. Si cada maestro dice sí a tiempo con probabilidad 90\s%/);
  const play = w.getByRole("button", { name: "Reproducir" });
  await play.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  const live = w.locator(".ll-player [aria-live=polite]");
  assert.equal(first.result.quorum, 5);
  assert.equal(await live.textContent(), "En t = 5 ms, A dice sí al cliente 1.");
  assert.equal(await w.locator(".ll-stat").filter({ hasText: "Respuestas sí" }).locator("dd").textContent(), "1 de 5 (hacen falta 3)");
  await page.keyboard.press("End");
  assert.match(await live.textContent(), /el cliente 1 tiene 5 síes en [\d,]+ ms: tiene el bloqueo con una validez de/);
  assert.equal(await w.locator(".ll-stat").filter({ hasText: "Veredicto" }).locator("dd").textContent(), "el cliente 1 lo tiene");
  assert.deepEqual(warnings.filter((t) => t.includes("locklab")), [], "every string in Spanish");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a page in Spanish is told of its bad parameters in Spanish, with the locale's numbers", async () => {
  const { page, context } = await openPage(env.browser, `${env.origin}/fixtures/blank.html?locale=es`);
  await page.evaluate(() => {
    const el = document.createElement("locklab-widget");
    el.setAttribute("name", "ttl-tradeoff");
    el.setAttribute("ttl-s", "abc");
    el.setAttribute("holds", "1e12");
    el.setAttribute("stall-shape", "cauchy");
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  const items = await page.locator("locklab-widget .ll-notice li").allTextContents();
  assert.deepEqual(items, [
    "ttl-s=“abc” no es un número; se usa el valor por defecto, 10 s.",
    "holds=“1e12” está por encima del máximo, 200.000; se usa 200.000.",
    "stall-shape=“cauchy” no es ninguno de exponential, pareto; se usa el valor por defecto, Exponencial (cola ligera).",
  ]);
  await context.close();
});

test("the right-to-left pseudo-locale mirrors the widget; its charts keep their axes", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/fixtures/blank.html`);
  await page.evaluate(() => {
    const el = document.createElement("locklab-widget");
    el.setAttribute("name", "ttl-tradeoff");
    el.setAttribute("locale", "ar-XB");
    document.getElementById("slot").append(el);
  });
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  await styled(page);
  const w = page.locator("locklab-widget");
  const dir = await w.locator(".ll-widget").evaluate((e) => getComputedStyle(e).direction);
  assert.equal(dir, "rtl");
  // The controls' label starts at the right edge of its field.
  const label = await w.locator(".ll-field-label").first().evaluate((e) => getComputedStyle(e).direction);
  assert.equal(label, "rtl");
  assert.match(await w.locator(".ll-narrative").textContent(), /^\u202EWith a 10 s TTL/);
  // The charts keep their axes: their canvases draw left to right.
  // (A context's `direction` is "inherit": it follows the element's computed one.)
  const canvases = await w.locator("canvas").evaluateAll((cs) => cs.map((c) => getComputedStyle(c).direction));
  assert.ok(canvases.length >= 2);
  assert.deepEqual([...new Set(canvases)], ["ltr"]);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a translation that cannot be read, or lacks a message, leaves English in its place", async () => {
  const { page, context, problems } = await openPage(env.browser);
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  await page.route("**/locales/es.ftl", async (route) => {
    const res = await route.fetch();
    const text = await res.text();
    // Without the title's translation, nor the chart's TTL label (drawn again at every move).
    await route.fulfill({ response: res, body: text.replace(/^ttl-title = .*$/m, "").replace(/^ttl-chart-ttl = .*$/m, "") });
  });
  await page.goto(`${env.origin}/fixtures/spanish.html`);
  let last = await waitForChange(page, (d, id) => id === "ttl");
  const w = page.locator("#ttl");
  assert.equal(await w.locator(".ll-title").textContent(), "The lock must expire, and no TTL is safe", "that message alone in English");
  assert.match(await w.locator(".ll-narrative").textContent(), /^Con un TTL/);
  assert.ok(warnings.some((t) => t.includes("`ttl-title`")), `a console warning names the key: ${warnings}`);
  // Moved by keyboard, the chart is drawn again each time: its missing label is warned of once.
  await w.getByRole("slider", { name: "TTL del bloqueo" }).focus();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("ArrowRight");
    last = await waitForChange(page, (d, id) => id === "ttl" && d.params["ttl-s"] !== last.params["ttl-s"]);
  }
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  // Two widgets on the page speak Spanish (#ttl, and #mx by its lang="es-MX"): one warning each.
  assert.equal(warnings.filter((t) => t.includes("`ttl-chart-ttl`")).length, 2, `one warning a widget for the key, however often it is drawn: ${warnings}`);
  assert.equal(warnings.filter((t) => t.includes("`ttl-title`")).length, 2);
  await context.close();

  const broken = await openPage(env.browser);
  await broken.page.route("**/locales/es.ftl", (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "ttl-title = { $roto\n" }));
  await broken.page.goto(`${env.origin}/fixtures/spanish.html`);
  await waitForChange(broken.page, (d) => d.widget === "ttl-tradeoff");
  const bw = broken.page.locator("#ttl");
  assert.match(await bw.locator(".ll-narrative").textContent(), /^With a 10 s TTL/);
  assert.match(await bw.locator(".ll-notice").first().textContent(), /The es translation could not be read \(line 1: /);
  assert.deepEqual(broken.problems, []);
  await broken.context.close();
  assert.deepEqual(problems, []);
});

test("the gallery offers the build's languages: the preview speaks the one chosen, every snippet carries it", async () => {
  const { page, context, problems } = await openPage(env.browser, `${env.origin}/course/locks/gallery.html`);
  await waitForChange(page, (d) => d.widget === "counter-race");
  const offered = await page.getByLabel("Language").locator("option").evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(offered, ["", "ar-XB", "en-XA", "es"]);
  await page.getByLabel("Widget").selectOption({ label: "TTL trade-off" });
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  await page.getByLabel("Language").selectOption("es");
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  await page.locator("#preview").getByRole("slider", { name: "TTL del bloqueo" }).waitFor();
  await page.waitForFunction(() => document.getElementById("script-code").value.includes('data-locale="es"'));
  assert.match(await page.locator("#cdn-code").inputValue(), / locale="es"/);
  const src = (await page.locator("#iframe-code").inputValue()).match(/src="([^"]+)"/)[1].replaceAll("&amp;", "&");
  assert.match(src, /[?&]locale=es(&|$)/);
  const embedded = await openPage(env.browser, src);
  await waitForChange(embedded.page, () => true);
  assert.match(await embedded.page.locator(".ll-narrative").first().textContent(), /^Con un TTL de 10 s/);
  assert.deepEqual(embedded.problems, []);
  await embedded.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test("a page rewords a widget's messages from its own file, in any locale, and is told what was left out", async () => {
  const { page, context, problems } = await openPage(env.browser);
  const wording = [];
  page.on("request", (r) => r.url().endsWith("/wording.ftl") && wording.push(r.url()));
  await page.goto(`${env.origin}/fixtures/wording.html`);
  for (const id of ["own", "es", "lost"]) await page.locator(`#${id} .ll-narrative`).waitFor();
  const own = page.locator("#own");
  assert.equal(await own.locator(".ll-title").textContent(), "Why a lock must expire");
  // The message that asked for a placeable the widget does not give keeps the widget's sentence.
  assert.match(await own.locator(".ll-narrative").textContent(), /a day in this run/);
  // The author's notices (a learner's first move clears them, as it does every author notice).
  const notices = (await own.locator(".ll-notice").allTextContents()).join("\n");
  assert.match(notices, /names messages this widget does not have: counter-title, ttl-titel\. They are left out\./);
  assert.match(notices, /ttl-per-day uses \$perWeek, which this widget does not give that message/);
  // The reworded label is what a screen reader hears; moved by keyboard, the reworded sentence
  // carries the new value.
  const ttl = own.getByRole("slider", { name: "Lease length" });
  await ttl.focus();
  await ttl.press("End");
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff" && d.params["ttl-s"] === 120);
  assert.match(await own.locator(".ll-narrative").textContent(), /If the holder really crashed, the next worker waits at most 120 s\./);
  // In Spanish, the page's wording still wins; the rest is the translation's, and the notices too.
  const es = page.locator("#es");
  assert.equal(await es.locator(".ll-title").textContent(), "Why a lock must expire");
  assert.match(await es.locator(".ll-narrative").textContent(), /^Con un TTL de 10 s/);
  assert.match((await es.locator(".ll-notice").allTextContents()).join("\n"), /nombra mensajes que este widget no tiene: counter-title, ttl-titel/);
  assert.equal(wording.length, 1, "one fetch for every element that names the file");
  // A file that cannot be fetched: said, and the widget keeps its words.
  const lost = page.locator("#lost");
  assert.equal(await lost.locator(".ll-title").textContent(), "The lock must expire, and no TTL is safe");
  assert.match(await lost.locator(".ll-notice").first().textContent(), /The wording file no-such-file\.ftl could not be read \(HTTP 404\), so this widget keeps its own words\./);
  // Changing the attribute mounts the widget again with the new words.
  await lost.evaluate((e) => e.setAttribute("messages", "wording.ftl"));
  await lost.locator(".ll-title", { hasText: "Why a lock must expire" }).waitFor();
  assert.equal(await lost.locator(".ll-notice", { hasText: "could not be read" }).count(), 0);
  // The one 404 is the missing file, which the browser reports itself.
  assert.deepEqual(problems.filter((p) => !/no-such-file\.ftl|status of 404/.test(p)), []);
  await context.close();
});

test("a wording file whose server never answers: the widget mounts after the loader's timeout with its own words, and says so", async () => {
  const { page, context, problems } = await openPage(env.browser, null);
  await page.route("**/stalls.ftl", () => {}); // never answered
  await page.goto(`${env.origin}/fixtures/blank.html`);
  await page.evaluate(() => {
    const el = document.createElement("locklab-widget");
    el.setAttribute("name", "ttl-tradeoff");
    el.setAttribute("messages", "stalls.ftl");
    document.getElementById("slot").append(el);
  });
  const w = page.locator("locklab-widget");
  await w.locator(".ll-notice", { hasText: "no answer in 10 s" }).waitFor({ timeout: 30_000 });
  assert.equal(await w.locator(".ll-title").textContent(), "The lock must expire, and no TTL is safe");
  // The one failed request is the one the loader gave up on.
  assert.deepEqual(problems, [`requestfailed: ${env.origin}/fixtures/stalls.ftl (GET, net::ERR_ABORTED)`]);
  await context.close();
});

test("an address cannot reword a widget: messages= in it is refused with a notice and nothing is fetched", async () => {
  const { page, context, problems } = await openPage(env.browser, null);
  const asked = [];
  page.on("request", (r) => asked.push(r.url()));
  await page.goto(`${env.origin}/course/locks/embed.html?widget=ttl-tradeoff&messages=${encodeURIComponent(`${env.origin}/fixtures/wording.ftl`)}`);
  await waitForChange(page, (d) => d.widget === "ttl-tradeoff");
  assert.equal(await page.locator(".ll-title").textContent(), "The lock must expire, and no TTL is safe");
  assert.match(await page.locator(".ll-notice").first().textContent(), /The address gives “messages”: a wording file is not read from an address/);
  assert.deepEqual(asked.filter((u) => new URL(u).pathname.endsWith(".ftl")), []);
  assert.deepEqual(problems, []);
  await context.close();
});
