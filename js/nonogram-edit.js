// The nonogram editor (site/nonograms/edit.md). A person draws with the Play
// page's brushes (fill, and cross as background); the clues are counted here as
// the picture changes; Python (in the worker) says whether they are unique.
//
// The verdict always belongs to the picture it was asked about: every change
// raises `version`; a check remembers the version it was asked for and its
// answer is dropped if the picture changed meanwhile. A change also ends the
// check asked before it, and that check only: Python is interrupted when the page
// is cross-origin isolated (elsewhere the old answer is just dropped), while a
// random fill, an import or an export asked meanwhile goes on. A new check is
// asked for a moment after the last stroke.

import { Cancelled, PythonClient, loadingText } from "./python.js";
import { CROSSED, FILLED, NO_PUZZLE_IN_THE_BOX, NonogramGrid, SEED_RULE, UNKNOWN, cellNames, isPatternId, listenForControls, readSeed, readTextFile, runsOf } from "./nonogram-grid.js";

const root = document.querySelector(".nonogram-edit");
const $ = (selector) => root.querySelector(selector);
const $$ = (selector) => [...root.querySelectorAll(selector)];
const STORE = "solvelab.nonogram.edit";
const MAX = 100;
const MAX_LINK = 10199; // as solvelab.nonogram.link.MAX_LINK: a 100 × 100 puzzle's clues at most
const DEBOUNCE_MS = 250;
// Seconds a check is given at first. Past them it is asked again with twice as long,
// until it is decided: between the asks, Python takes what else the page asked.
const TIME_LIMIT = 10;
// Seconds an import of clues without a picture has to find one at first, doubled
// the same way until it is found or the person stops it.
const OPEN_TIME_LIMIT = 20;

const python = new PythonClient({ onStatus: showStatus });
const message = $(".nono-message");
const verdict = $(".nono-verdict");
const say = (text, kind = "") => {
  message.textContent = text; // text, never HTML
  message.dataset.kind = kind;
};

let version = 0; // raised by every change of the picture
let checking = null; // {version, stop: AbortController} of the check Python is running, or null
let opening = null; // the AbortController of the import Python is running, or null
let timer = 0; // the debounce of the next check
let undo = [];
let redo = [];

const grid = new NonogramGrid($(".nono-canvas"), {
  onStroke: (changes) => {
    undo.push({ changes });
    redo = [];
    changed();
  },
  onChange: () => changed({ stroke: true }),
});
grid.greyDone = false;
grid.cellWords[CROSSED] = "marked background";

function showStatus(status) {
  const line = $(".nono-python");
  const ready = status.stage === "ready" || status.stage.startsWith("tables");
  line.textContent = ready ? "" : status.stage === "error" ? status.message : loadingText(status);
  line.hidden = ready;
  for (const element of $$("[data-needs-python]")) element.disabled = !ready;
}
showStatus(python.status);

// -- the picture ---------------------------------------------------------------

const picture = () => Array.from(grid.cells, (c) => (c === FILLED ? 1 : 0));

function clues() {
  const { width, height } = grid;
  const rows = Array.from({ length: height }, (_, r) => runsOf(grid.lineCells(r)));
  const columns = Array.from({ length: width }, (_, c) => runsOf(grid.lineCells(height + c)));
  return { rows, columns };
}

/** Counts the clues again; the room for them only grows while one picture is drawn. */
function recount({ fresh = false } = {}) {
  const { rows, columns } = clues();
  grid.rows = rows;
  grid.columns = columns;
  const longest = (list) => Math.max(1, ...list.map((c) => c.length));
  grid.clueRoom = fresh
    ? { rows: longest(rows), columns: longest(columns) }
    : { rows: Math.max(grid.clueRoom.rows, longest(rows)), columns: Math.max(grid.clueRoom.columns, longest(columns)) };
  root.dataset.clues = JSON.stringify({ rows, columns }); // for tests and tools
}

/** After any change of the picture: new clues, and a new check soon. */
function changed({ stroke = false } = {}) {
  version++;
  hideExport(); // it was of the picture before
  recount();
  grid.marks.clear();
  grid.draw();
  checking?.stop.abort(); // its answer would be stale
  clearTimeout(timer);
  show({ status: "checking" });
  if (!stroke) timer = setTimeout(check, DEBOUNCE_MS), save();
}

/** Replaces the whole picture (size, random fill, clear, import), as one undoable step. */
function replace(width, height, cells, { record = true } = {}) {
  const before = { width: grid.width, height: grid.height, cells: Array.from(grid.cells) };
  if (record) undo.push({ before, after: { width, height, cells: Array.from(cells) } }), (redo = []);
  setPicture(width, height, cells);
}

function setPicture(width, height, cells) {
  grid.setPuzzle({ width, height, rows: [], columns: [] }, cells);
  recount({ fresh: true });
  $("[data-field=width]").value = width;
  $("[data-field=height]").value = height;
  changed();
}

// -- the verdict ---------------------------------------------------------------

async function check() {
  const asked = version;
  checking = { version: asked, stop: new AbortController() };
  root.dataset.asked = String(asked); // tests wait for it
  let answer;
  try {
    const args = { width: grid.width, height: grid.height, cells: picture(), time_limit: TIME_LIMIT };
    let spent = 0;
    for (;;) {
      answer = await python.call("nonogram_edit_check", args, { signal: checking.stop.signal });
      if (answer.status !== "timeout" || asked !== version) break;
      spent += args.time_limit;
      args.time_limit *= 2;
      show({ status: "checking", spent }, asked);
    }
  } catch (error) {
    if (checking?.version === asked) checking = null;
    if (error instanceof Cancelled) return; // stopped because the picture changed
    if (asked === version) show({ status: "error", error: error.message });
    return;
  }
  if (checking?.version === asked) checking = null;
  if (window.nonogramEditHold) {
    // tests hold answers here, to draw again before an old one is shown
    root.dataset.heldVersion = String(asked);
    await window.nonogramEditHold;
  }
  if (asked !== version) return; // the picture changed: this answer is not about it
  show(answer, asked);
}

const UNIQUE = {
  line: "Unique, line-solvable.",
  probing: "Unique, needs probing.",
  search: "Unique, needs search.",
};

function show(answer, asked = version) {
  root.dataset.version = String(version);
  let text;
  let status = answer.error ? "error" : answer.status;
  grid.marks.clear();
  if (status === "checking" && answer.spent) text = `checking… (a hard picture: not decided in ${answer.spent} s; the solver goes on)`;
  else if (status === "checking") text = python.status.stage === "ready" || python.status.stage.startsWith("tables") ? "checking…" : "checking… (Python is loading)";
  else if (status === "error") text = answer.error;
  else if (status === "empty") text = "Empty picture: draw something (every clue is 0, so it is unique, but there is nothing to solve).";
  else if (status === "unique") text = UNIQUE[answer.difficulty] ?? "Unique.";
  else if (status === "multiple") {
    for (const cell of answer.diff) grid.marks.set(cell, "diff");
    // Two solutions found, where there may be millions (a diagonal's clues are all 1s).
    text = `More than one solution: the ${answer.diff.length} cells marked in blue (${cellNames(answer.diff, grid.width)}) differ in another. Change the picture there.`;
  } else if (status === "none") text = `No solution (${answer.reason}).`;
  else (status = "error"), (text = "The solver said something unexpected.");
  verdict.textContent = text;
  verdict.dataset.status = status === "unique" ? `unique-${answer.difficulty}` : status;
  verdict.dataset.version = String(asked);
  root.dataset.diff = JSON.stringify(answer.diff ?? []);
  grid.draw();
}

// -- saving --------------------------------------------------------------------

function save() {
  try {
    const state = { width: grid.width, height: grid.height, cells: Array.from(grid.cells).join("") };
    localStorage.setItem(STORE, JSON.stringify(state));
  } catch {
    /* private mode: nothing kept */
  }
}

function restore() {
  try {
    const state = JSON.parse(localStorage.getItem(STORE) || "null");
    if (!state) return false;
    const { width, height } = state;
    const cells = [...String(state.cells)].map(Number);
    if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1 && width <= MAX && height <= MAX)) return false;
    if (cells.length !== width * height || cells.some((c) => !(c >= 0 && c <= 2))) return false;
    setPicture(width, height, cells);
    return true;
  } catch {
    return false;
  }
}

// -- actions -------------------------------------------------------------------

function step(entry, forward) {
  if (entry.changes) {
    for (const [cell, before, after] of entry.changes) grid.cells[cell] = forward ? after : before;
    changed();
  } else {
    const { width, height, cells } = forward ? entry.after : entry.before;
    setPicture(width, height, cells);
  }
}

function readSize() {
  const width = Number($("[data-field=width]").value);
  const height = Number($("[data-field=height]").value);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX || height > MAX) {
    say(`The width and height must be whole numbers from 1 to ${MAX}.`, "error");
    return null;
  }
  return { width, height };
}

/** Shows an export of the picture (`answer` from nonogram_edit_export) as `text`,
 * with a download of it as `filename` (or none) and a link that plays it. */
function showExport(answer, text, filename) {
  const box = $(".nono-export");
  box.value = text; // text, never HTML
  box.hidden = false;
  $(".nono-links").hidden = false;
  $(".nono-play-link").href = playUrl(answer.link);
  const download = $(".nono-download");
  if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
  if (filename) {
    download.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    download.download = filename;
    download.textContent = `Download ${filename}`;
    download.hidden = false;
  } else download.hidden = true;
}

function hideExport() {
  $(".nono-export").hidden = true;
  $(".nono-links").hidden = true;
}

const playUrl = (link) => {
  const url = new URL("../play/", location.href);
  url.searchParams.set("c", link);
  return url.href;
};

/** The picture as `fmt`; null if it cannot be, or if it changed before the answer. */
async function exportAs(fmt) {
  const asked = version;
  const answer = await python.call("nonogram_edit_export", { width: grid.width, height: grid.height, cells: picture(), fmt });
  if (asked !== version) return null;
  if (answer.error) return say(answer.error, "error"), null;
  return answer;
}

const actions = {
  undo() {
    if (undo.length) {
      const entry = undo.pop();
      redo.push(entry);
      step(entry, false);
    }
  },
  redo() {
    if (redo.length) {
      const entry = redo.pop();
      undo.push(entry);
      step(entry, true);
    }
  },
  "stop-open"() {
    opening?.abort();
    say("Stopped opening.");
  },
  clear() {
    replace(grid.width, grid.height, new Uint8Array(grid.width * grid.height));
    say("Cleared.");
  },
  async "export-xml"() {
    const answer = await exportAs("xml");
    if (answer) showExport(answer, answer.text, "puzzle.xml"), say("webpbn XML, with the picture as its goal.");
  },
  async "export-non"() {
    const answer = await exportAs("non");
    if (answer) showExport(answer, answer.text, "puzzle.non"), say(".non, with the picture as its goal.");
  },
  async "export-pattern"() {
    const answer = await exportAs("pattern");
    if (answer) showExport(answer, answer.text, null), say("A game ID for Simon Tatham's Pattern (Game, Specific…): the clues only.");
  },
  async share() {
    const answer = await exportAs("non");
    if (!answer) return;
    const url = playUrl(answer.link);
    showExport(answer, url, null);
    try {
      await navigator.clipboard.writeText(url);
      say("Link copied: it opens this puzzle on the Play page.");
    } catch {
      say("Copy the link below: it opens this puzzle on the Play page.");
    }
  },
};

const stopOpen = $("[data-action=stop-open]");

const failed = (error) => error instanceof Cancelled || say(error.message, "error");

listenForControls(root, grid, actions, failed);

$("[data-form=size]").addEventListener("submit", (event) => {
  event.preventDefault();
  const size = readSize();
  if (!size) return;
  // keep what fits of the picture
  const cells = new Uint8Array(size.width * size.height);
  for (let r = 0; r < Math.min(size.height, grid.height); r++)
    for (let c = 0; c < Math.min(size.width, grid.width); c++) cells[r * size.width + c] = grid.cells[r * grid.width + c];
  replace(size.width, size.height, cells);
  say(`${size.width} × ${size.height}.`);
});

const density = $("[data-field=density]");
density.addEventListener("input", () => ($("[data-field=density-value]").value = Number(density.value).toFixed(2)));
$("[data-form=random]").addEventListener("submit", (event) => {
  event.preventDefault();
  const size = readSize();
  if (!size) return;
  const seed = readSeed($("[data-field=seed]").value);
  if (seed === null) return say(SEED_RULE, "error");
  const args = { ...size, density: Number(density.value), seed };
  python
    .call("nonogram_edit_random", args)
    .then((answer) => {
      if (answer.error) return say(answer.error, "error");
      replace(size.width, size.height, answer.cells);
      say(`Random ${size.width} × ${size.height}, density ${args.density.toFixed(2)}, seed ${seed}.`);
    })
    .catch(failed);
});

async function open(args, what) {
  opening?.abort(); // the newer import wins
  const stop = (opening = new AbortController());
  say("opening…");
  let answer;
  try {
    const ask = { ...args, time_limit: OPEN_TIME_LIMIT };
    let spent = 0;
    for (;;) {
      answer = await python.call("nonogram_edit_open", ask, { signal: stop.signal });
      if (answer.status !== "timeout") break;
      spent += ask.time_limit;
      ask.time_limit *= 2;
      say(`opening… (hard clues: no picture found in ${spent} s; the solver goes on)`);
      stopOpen.hidden = false;
    }
  } finally {
    if (opening === stop) opening = null, (stopOpen.hidden = true);
  }
  if (answer.error) return say(answer.error, "error");
  replace(answer.width, answer.height, answer.cells.map((v) => (v === 1 ? FILLED : UNKNOWN)));
  const title = answer.title ? `“${answer.title}”, ` : "";
  const note = answer.status === "multiple" ? " Its clues have more than one solution: this is one of them." : "";
  say(`Opened ${title}${answer.width} × ${answer.height} from ${what}.${note}`);
}

/** A link refused before Python is asked: it is the newest choice all the same, so a
 * puzzle still being opened is not opened. */
const refuse = (text) => (opening?.abort(), say(text, "error"));

let lastFile = null; // a token of the file chosen last
$("[data-field=file]").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = ""; // the same file chosen again (edited since) is a change too
  if (!file) return;
  opening?.abort(); // this file is the newest choice, even if it is refused
  const chosen = (lastFile = {});
  readTextFile(file)
    .then((text) => chosen === lastFile && open({ text, name: file.name }, "the file"))
    .catch((error) => chosen === lastFile && failed(error));
});

$("[data-form=link]").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("[data-field=link]").value.trim();
  if (isPatternId(text)) return open({ text }, "a Pattern game ID").catch(failed);
  let params;
  try {
    params = new URL(text, location.href).searchParams;
  } catch {
    return refuse("That is not a link.");
  }
  const clues = params.get("c") ?? "";
  if (!clues) return refuse(NO_PUZZLE_IN_THE_BOX);
  if (clues.length > MAX_LINK) return refuse("The link is too long to be a puzzle.");
  open({ clues }, "the link").catch(failed);
});

// -- keyboard ------------------------------------------------------------------


if (!restore()) setPicture(10, 10, new Uint8Array(100));
root.dataset.ready = "true"; // the page is wired (tests wait for this)
window.nonogramGrid = grid; // for tests
window.nonogramEditPython = python; // for tests
