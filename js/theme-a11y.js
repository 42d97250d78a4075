// Accessibility fixes to what Material for MkDocs puts on every page, found by
// axe-core (tests/browser/test_accessibility.py checks every page with it):
// - the search dialog gets a name, and a heading's permalink a name other than "¶";
// - a code block's copy button sits in a <nav> of its own, one navigation landmark
//   per code block (all unnamed): they are made plain elements;
// - a table or a code block wider than the column scrolls sideways in a box that
//   the keyboard could not reach: a box that scrolls is made a focusable, named region.
// Material makes its code buttons and table wrappers once the page is loaded, in
// its own subscriber to `document$`, which runs before this one.

function fixSearch() {
  document.querySelector('.md-search[role="dialog"]')?.setAttribute("aria-label", "Search");
}

function fixPermalinks() {
  for (const link of document.querySelectorAll("a.headerlink")) link.setAttribute("aria-label", "Link to this section");
}

function fixCodeBlocks() {
  for (const nav of document.querySelectorAll("nav.md-code__nav")) nav.setAttribute("role", "none");
}

// The boxes that may scroll sideways (wide tables, long lines of code), by what they hold.
const SCROLLERS = { table: ".md-typeset__scrollwrap", code: ".md-typeset pre > code" };

function fixScrollers() {
  for (const [kind, selector] of Object.entries(SCROLLERS)) {
    const boxes = document.querySelectorAll(selector);
    for (const [i, box] of boxes.entries()) {
      const scrolls = box.scrollWidth > box.clientWidth;
      // Material makes a scrolling code block focusable itself: its tabindex is
      // then left alone.
      if (scrolls && !box.dataset.region) {
        box.dataset.region = box.hasAttribute("tabindex") ? "theme" : "ours";
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", `${kind} ${i + 1} of ${boxes.length}, scrolls sideways`);
      } else if (!scrolls && box.dataset.region) {
        if (box.dataset.region === "ours") box.removeAttribute("tabindex");
        delete box.dataset.region;
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    }
  }
}

function fixPage() {
  fixSearch();
  fixPermalinks();
  fixCodeBlocks();
  fixScrollers();
}

if (window.document$) window.document$.subscribe(fixPage);
else fixPage();
// A narrower window makes more boxes scroll, a wider one fewer.
window.addEventListener("resize", fixScrollers);
