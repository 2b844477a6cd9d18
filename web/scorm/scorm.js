// locklab's SCORM 1.2 bridge, shipped inside every SCORM package the gallery makes. The LMS opens
// launch.html (in a frame or a window); this finds the LMS's API object as the SCORM 1.2 run-time
// specification describes (walking up window.parent, then the opener's), starts a session, and
// reports what the learner does:
//   - a quiz deck finished (locklab:complete): cmi.core.score.raw / min / max as a percentage, and
//     cmi.core.lesson_status "passed" or "failed" against the mastery score (data-mastery on
//     <html>, the same figure as the manifest's adlcp:masteryscore), once per LMS attempt: a
//     passed or failed the LMS already holds is never overwritten, so a round after the first
//     (the quiz's "Start over", another device) is practice;
//   - challenges met (locklab:challenge): cmi.core.score.raw the share met so far as a percentage,
//     raised as more are met and never lowered, and cmi.core.lesson_status "passed" once it
//     reaches the mastery score ("incomplete" until then: challenges have no failing end);
//   - a simulation with its challenges and a quiz deck beside it: SCORM 1.2 has one score, so it
//     is the mean of the two shares, the quiz's share right at the first try (its first finished
//     round in this attempt; 0 until then) and the share of challenges met; "passed" once that
//     reaches the mastery score, "failed" only when neither can rise any more (the quiz finished
//     and every challenge met), "incomplete" until then; never lowered;
//   - a resumed attempt whose record holds challenges met that its score does not count yet is
//     reported as it starts, by the same rule;
//   - predictions (locklab:predict, issue #45) count beside challenges: the simulation's share is
//     its challenges met and its predictions right at the first answer, out of all of them, each
//     prediction counted once it is shown, and every challenge counted (unmet) from the start
//     where launch.html says how many there are (data-challenge-count on <html>, which the
//     gallery writes); with predictions alone, "failed" once every one is shown below the
//     mastery score, never with challenges beside them;
//   - a simulation alone, without challenges or predictions: "completed" once the learner has changed one of
//     its settings;
//   - a resumed attempt ("resume") opens the simulation with the settings it was left at.
// Progress belongs to the LMS, not to the browser (an LMS serves every package from one origin,
// so browser storage is shared by courses, attempts and learners on one computer): the quiz keeps
// it in cmi.suspend_data through the store offered at globalThis[Symbol.for("locklab.store")],
// resumed only when cmi.core.entry says the learner is coming back ("resume"); a new attempt
// ("ab-initio") starts fresh. The session ends (LMSFinish) when the page goes away. Nothing is
// sent anywhere else.
(() => {
  const MASTERY = Number(document.documentElement.dataset.mastery ?? 80);
  const status = document.getElementById("lms-status");
  const say = (text) => {
    if (status) status.textContent = text;
  };

  function findAPI(win) {
    let tries = 0;
    while (!win.API && win.parent && win.parent !== win) {
      // The specification gives up after seven levels.
      if (++tries > 7) return null;
      win = win.parent;
    }
    return win.API ?? null;
  }
  let api = null;
  try {
    api = findAPI(window) ?? (window.opener ? findAPI(window.opener) : null);
  } catch {
    api = null; // a parent on another origin: no API reachable
  }
  if (!api) {
    say("No course platform found: this page works, but reports nothing.");
    return;
  }
  const ok = (r) => r === true || r === "true";
  if (!ok(api.LMSInitialize(""))) {
    say(`The course platform did not start a session (error ${api.LMSGetLastError?.()}).`);
    return;
  }
  const set = (k, v) => api.LMSSetValue(k, String(v));

  // The quiz's progress, in this attempt's suspend_data: { key: progress, … } as JSON, at most the
  // 4,096 characters SCORM 1.2 allows. A fresh attempt starts from nothing.
  const SUSPEND_MAX = 4096;
  const entry = String(api.LMSGetValue("cmi.core.entry") ?? "");
  let saved = {};
  if (entry !== "ab-initio") {
    try {
      const parsed = JSON.parse(api.LMSGetValue("cmi.suspend_data") || "{}");
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) saved = parsed;
    } catch {
      saved = {}; // another tool's suspend data: not ours to read
    }
  }
  const persist = (next) => {
    const text = JSON.stringify(next);
    if (text.length > SUSPEND_MAX) return false;
    if (!ok(set("cmi.suspend_data", text))) return false;
    saved = next;
    api.LMSCommit("");
    return true;
  };
  globalThis[Symbol.for("locklab.store")] = Object.freeze({
    get: (key) => (typeof saved[key] === "string" ? saved[key] : null),
    set: (key, value) => persist({ ...saved, [key]: String(value) }),
    remove: (key) => {
      if (!(key in saved)) return true;
      const next = { ...saved };
      delete next[key];
      return persist(next);
    },
  });

  const was = api.LMSGetValue("cmi.core.lesson_status");
  if (!was || was === "not attempted") {
    set("cmi.core.lesson_status", "incomplete");
    api.LMSCommit("");
  }
  say("Connected to your course platform.");

  // Both kinds of progress on one page: one score for both (see the top of this file). Each
  // share is kept in this attempt's suspend_data, so a later session goes on from it.
  const both = Boolean(document.querySelector('[data-locklab="quiz"]') && document.querySelector("[data-challenges], [data-predict]"));
  const SHARES = "locklab:scorm:shares";
  const shares = () => {
    try {
      const v = JSON.parse(saved[SHARES] ?? "{}");
      return { quiz: Number.isFinite(v.quiz) ? v.quiz : null, challenges: Number.isFinite(v.challenges) ? v.challenges : 0, all: v.all === true };
    } catch {
      return { quiz: null, challenges: 0, all: false };
    }
  };
  // A status the platform holds that this package did not set on the way (anything but
  // "incomplete", "not attempted" or none) is never overwritten.
  const held = () => ["passed", "failed", "completed", "browsed"].includes(String(api.LMSGetValue("cmi.core.lesson_status") ?? ""));
  const reportBoth = (next) => {
    persist({ ...saved, [SHARES]: JSON.stringify(next) });
    if (held()) return;
    const percent = Math.round(((next.quiz ?? 0) + next.challenges) / 2);
    const before = String(api.LMSGetValue("cmi.core.score.raw") ?? "");
    const done = next.quiz !== null && next.all;
    if (before !== "" && Number(before) > percent) return;
    set("cmi.core.score.min", 0);
    set("cmi.core.score.max", 100);
    set("cmi.core.score.raw", percent);
    set("cmi.core.lesson_status", percent >= MASTERY ? "passed" : done ? "failed" : "incomplete");
    api.LMSCommit("");
    const quiz = next.quiz === null ? "the quiz not finished yet" : `the quiz ${next.quiz} %`;
    say(`Reported to your course platform: ${percent} %, the mean of ${quiz} and the challenges met (${next.challenges} %).`);
  };

  document.addEventListener("locklab:complete", (event) => {
    const { correct, cards } = event.detail ?? {};
    if (!(cards > 0) || !(correct >= 0) || correct > cards) return;
    if (both) {
      const now = shares();
      if (now.quiz !== null) {
        say("Your quiz result for this attempt is already counted: this round is practice.");
        return;
      }
      reportBoth({ ...now, quiz: Math.round((100 * correct) / cards) });
      return;
    }
    const now = api.LMSGetValue("cmi.core.lesson_status");
    if (now === "passed" || now === "failed") {
      say(`Your course already holds your result (${now}, ${api.LMSGetValue("cmi.core.score.raw")} %): this round is practice.`);
      return;
    }
    const percent = Math.round((100 * correct) / cards);
    set("cmi.core.score.min", 0);
    set("cmi.core.score.max", 100);
    set("cmi.core.score.raw", percent);
    set("cmi.core.lesson_status", percent >= MASTERY ? "passed" : "failed");
    api.LMSCommit("");
    say(`Reported to your course platform: ${correct} of ${cards} right at the first try (${percent} %).`);
  });

  // The simulation's share: its challenges met and its predictions right at the first answer,
  // out of all of them (one rule, from events or from the record a resumed attempt brings).
  // Challenges have no failing end; predictions are final once shown, so a simulation with only
  // predictions fails once every one is shown below the mastery score.
  // The challenges count from the start, unmet, where the launch page says how many there are
  // (the gallery's packages do): before, a widget with challenges and predictions counted its
  // predictions alone until a challenge was met, so that four right predictions passed it and
  // four wrong ones failed it, whatever the challenges.
  const stated = Number(document.documentElement.dataset.challengeCount);
  const sim = { met: 0, challenges: document.querySelector("[data-challenges]") && Number.isInteger(stated) && stated > 0 && stated <= 1000 ? stated : 0, right: 0, predictions: 0, shown: 0 };
  // Challenges have no failing end: with any on the page, predictions alone never fail it.
  const withChallenges = Boolean(document.querySelector("[data-challenges]"));
  const reportSim = () => {
    const total = sim.challenges + sim.predictions;
    if (!(total > 0)) return;
    const percent = Math.round((100 * (sim.met + sim.right)) / total);
    const over = sim.met === sim.challenges && sim.shown === sim.predictions;
    const what = [sim.challenges ? `${sim.met} of ${sim.challenges} challenges met` : "", sim.predictions ? `${sim.right} of ${sim.predictions} predictions right at the first answer` : ""].filter(Boolean).join(", ");
    if (both) {
      const now = shares();
      if (percent > now.challenges || (over && !now.all)) reportBoth({ ...now, challenges: Math.max(percent, now.challenges), all: over });
      return;
    }
    if (held()) return;
    const before = String(api.LMSGetValue("cmi.core.score.raw") ?? "");
    const failed = sim.predictions > 0 && !withChallenges && over && percent < MASTERY;
    if (before !== "" && Number(before) >= percent && !failed) return;
    set("cmi.core.score.min", 0);
    set("cmi.core.score.max", 100);
    set("cmi.core.score.raw", Math.max(percent, before === "" ? 0 : Number(before)));
    set("cmi.core.lesson_status", percent >= MASTERY ? "passed" : failed ? "failed" : "incomplete");
    api.LMSCommit("");
    say(`Reported to your course platform: ${what} (${percent} %).`);
  };
  const challengesMet = (metCount, total) => {
    if (!(total > 0) || !(metCount >= 0) || metCount > total) return;
    sim.met = Math.max(sim.met, metCount);
    sim.challenges = total;
    reportSim();
  };
  document.addEventListener("locklab:challenge", (event) => {
    const { met, metCount, total } = event.detail ?? {};
    if (met === true) challengesMet(metCount, total);
  });
  // A prediction shown (right, or out of answers): final, so it counts now.
  document.addEventListener("locklab:predict", (event) => {
    const { revealed, rightFirst, shown, total } = event.detail ?? {};
    if (revealed !== true || !(total > 0) || !(rightFirst >= 0) || rightFirst > total || !(shown >= 1) || shown > total) return;
    Object.assign(sim, { right: Math.max(sim.right, rightFirst), predictions: total, shown: Math.max(sim.shown, shown) });
    reportSim();
  });
  // A resumed attempt whose record already holds challenges met or predictions shown (the
  // widget's progress, saved in suspend_data) but not their score (a session that ended before
  // its commit, a record moved between platforms): nothing is met or shown again, so report what
  // the record holds now.
  // The answers a prediction has, read as the widget reads data-tries (registry.rs,
  // take_course_attrs): `unlimited` is unlimited, a whole number from 1 to 99 is that many, and
  // anything else (not set, empty, a value it refuses) is one. (Before 6 December `unlimited` was
  // read as one, so a resumed attempt counted a prediction answered wrong once as shown, and could
  // fail a learner who had answers left.)
  const tries = ((raw) => {
    const v = (raw ?? "").trim();
    if (v.toLowerCase() === "unlimited") return Infinity;
    const n = /^\+?\d+$/.test(v) ? Number(v) : NaN;
    return n >= 1 && n <= 99 ? n : 1;
  })(document.querySelector("[data-predict]")?.getAttribute("data-tries"));
  for (const [key, text] of Object.entries(saved)) {
    if (typeof text !== "string") continue;
    try {
      if (key.startsWith("locklab:challenges:v1:") && document.querySelector("[data-challenges]")) {
        const p = JSON.parse(text);
        if (Array.isArray(p?.met) && p.met.length > 0 && p.met.length <= 1000) {
          sim.met = p.met.filter((m) => m === true).length;
          sim.challenges = p.met.length;
        }
      } else if (key.startsWith("locklab:predict:v1:") && document.querySelector("[data-predict]")) {
        const p = JSON.parse(text);
        if (Array.isArray(p?.answers) && Array.isArray(p?.correct) && p.answers.length > 0 && p.answers.length <= 8) {
          sim.predictions = p.answers.length;
          sim.right = p.answers.filter((a, i) => Array.isArray(a) && a.length === 1 && p.correct[i] === true).length;
          sim.shown = p.answers.filter((a, i) => Array.isArray(a) && (p.correct[i] === true || a.length >= tries)).length;
        }
      }
    } catch {
      // unreadable progress: the widget says so, and starts afresh
    }
  }
  if (sim.met + sim.right > 0 || sim.shown > 0) reportSim();

  if (!document.querySelector('[data-locklab="quiz"], [data-challenges], [data-predict]')) {
    // The first change is the widget starting; the next one is the learner's.
    let changes = 0;
    document.addEventListener("locklab:change", () => {
      if (++changes === 2 && api.LMSGetValue("cmi.core.lesson_status") === "incomplete") {
        set("cmi.core.lesson_status", "completed");
        api.LMSCommit("");
        say("Reported to your course platform: completed.");
      }
    });
  }

  // A resumed attempt opens the simulation as the learner left it: its settings (the seed
  // included) are kept in suspend_data, at most once a second while they change and when the page
  // goes, and given back with locklab:set once the widget has started.
  const SETTINGS = "locklab:scorm:settings";
  let pending = null;
  let timer = 0;
  const keepSettings = () => {
    timer = 0;
    if (pending) persist({ ...saved, [SETTINGS]: JSON.stringify(pending) });
    pending = null;
  };
  let restored = false;
  document.addEventListener("locklab:change", (event) => {
    const d = event.detail;
    if (!d || d.widget === "quiz" || Array.isArray(d.compare) || !d.params || typeof d.params !== "object") return;
    if (!restored) {
      restored = true;
      let before = null;
      try {
        before = JSON.parse(saved[SETTINGS] ?? "null");
      } catch {
        before = null;
      }
      // Not while predictions are still being asked: the widget's first change is then the reveal
      // of a question, whose run would move under its explanation (the questions set their own
      // settings, and the page's come back when they end).
      const asking = document.querySelector("[data-predict]") && !(sim.predictions > 0 && sim.shown === sim.predictions);
      const differs = !asking && before && before.widget === d.widget && before.params && Object.entries(before.params).some(([k, v]) => d.params[k] !== v);
      if (differs && event.target instanceof Element) {
        // After the widget's first change has been handled: it listens for locklab:set from then.
        const el = event.target;
        setTimeout(() => el.dispatchEvent(new CustomEvent("locklab:set", { detail: { params: before.params } })), 0);
        say("Connected to your course platform; the widget is as you left it.");
        return;
      }
    }
    pending = { widget: d.widget, params: d.params };
    if (!timer) timer = setTimeout(keepSettings, 1000);
  });

  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    if (timer) clearTimeout(timer);
    keepSettings();
    // Progress to come back to: the LMS then starts the next session of this attempt with
    // cmi.core.entry "resume" and this suspend_data.
    if (Object.keys(saved).length > 0) set("cmi.core.exit", "suspend");
    api.LMSCommit("");
    api.LMSFinish("");
  };
  window.addEventListener("pagehide", finish);
})();
