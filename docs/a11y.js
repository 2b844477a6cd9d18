// This book's fixes to mdBook 0.5's own page chrome, which axe flags (tests/e2e/docs.test.mjs):
// - the sidebar toggle is a <label> carrying aria-label, aria-controls and aria-expanded, which a
//   label may not have: it becomes a button for assistive technology, reachable by keyboard;
// - a wide table's scrolling wrapper cannot be reached by keyboard: each becomes a focusable,
//   named region, so a keyboard user can scroll it.
(() => {
  const toggle = document.getElementById("mdbook-sidebar-toggle");
  if (toggle) {
    toggle.setAttribute("role", "button");
    toggle.tabIndex = 0;
    toggle.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        toggle.click();
      }
    });
  }
  document.querySelectorAll(".table-wrapper").forEach((w, i) => {
    w.tabIndex = 0;
    w.setAttribute("role", "region");
    const caption = w.querySelector("th")?.textContent?.trim();
    w.setAttribute("aria-label", caption ? `Table: ${caption} …` : `Table ${i + 1}`);
  });
})();
