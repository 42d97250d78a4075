// The nonogram solve page (site/nonograms/solve.md): clues in (one box a line, or
// a text or file that Python reads into the boxes), Python's solver (in the
// worker) answers: the solution, two of them, or the contradiction at its line;
// a clue it cannot read is named at its box. Its step records replay on the grid
// with a scrubber: the grid after step k is exactly the solver's grid then.

import { PythonClient, loadingText } from "./python.js";
import { CROSSED, FILLED, NonogramGrid, UNKNOWN, cellNames, readTextFile, sentences } from "./nonogram-grid.js";
import { StepReplay, stepMarks } from "./nonogram-steps.js";

const root = document.querySelector(".nonogram-solve");
const $ = (selector) => root.querySelector(selector);
const $$ = (selector) => [...root.querySelectorAll(selector)];
const message = $(".nono-message");
const say = (text, kind = "") => {
  message.textContent = text; // text, never HTML
  message.dataset.kind = kind;
};
const MAX_SIZE = 100;
const STORE = "solvelab.nonogram.solve"; // the clues typed, kept for the next visit

let running = false; // a solve is running (before the client: its first status reads it)
const python = new PythonClient({ onStatus: showStatus });
const grids = $$("canvas[data-grid]").map((canvas) => new NonogramGrid(canvas, { brushes: false }));
// The solver's grids: a crossed cell is a known empty one, an empty cell not known yet.
for (const grid of grids) Object.assign(grid.cellWords, { [CROSSED]: "empty", [UNKNOWN]: "unknown" });

// Zoom for the answer's grids (a big one opens zoomed in, to read its clues): − Fit +
const zoomRow = document.createElement("div");
zoomRow.className = "nono-row nono-zoom";
zoomRow.hidden = true;
for (const [text, name, title, act] of [
  ["−", "Zoom out", "Zoom out (Ctrl+wheel)", (g) => g.setZoom(g.zoom / 1.5)],
  ["Fit", "Fit", "Show the whole puzzle", (g) => g.fit()],
  ["+", "Zoom in", "Zoom in (Ctrl+wheel)", (g) => g.setZoom(g.zoom * 1.5)],
]) {
  const button = document.createElement("button");
  Object.assign(button, { type: "button", textContent: text, title });
  button.setAttribute("aria-label", name);
  button.addEventListener("click", () => grids.forEach(act));
  zoomRow.append(button);
}
$(".nono-two").before(zoomRow);
let replay = null; // the last solve's StepReplay
let answerMarks = null; // the answer's marks on the first grid, shown at a step that points at nothing

function showStatus(status) {
  const line = $(".nono-python");
  const ready = status.stage === "ready" || status.stage.startsWith("tables");
  line.textContent = ready ? "" : status.stage === "error" ? status.message : loadingText(status);
  line.hidden = ready;
  // Solve keeps the focus while it runs (a second Enter on it does nothing), where a
  // disabled button would lose it: it is only marked unavailable.
  for (const button of $$("[data-needs-python]")) {
    const isSolve = button.dataset.action === "solve";
    button.disabled = !ready || (running && !isSolve);
    if (isSolve) button.setAttribute("aria-disabled", String(running));
  }
}

// -- the clue boxes ---------------------------------------------------------------

const boxes = (kind) => $$(`.nono-lines[data-kind=${kind}] input`);
const size = (name) => Math.max(1, Math.min(MAX_SIZE, Math.floor(Number($(`[data-field=${name}]`).value)) || 1));

const typed = { row: [], column: [] }; // what each box holds, kept while a smaller size hides it

/** Makes the row and column boxes for width × height (only if the size changed, or
 * with new `values`), with what was typed in each line; whether it made them. The
 * boxes kept keep their element (and the focus, when a click or Tab from the size
 * field takes it there as the size changes): lines come and go at the end. */
function makeBoxes(values = null) {
  const counts = { row: size("height"), column: size("width") };
  if (!values && boxes("row").length === counts.row && boxes("column").length === counts.column) return false;
  if (values) (typed.row = values.row), (typed.column = values.column);
  for (const kind of ["row", "column"]) {
    const set = $(`.nono-lines[data-kind=${kind}]`);
    const lines = set.querySelectorAll(".nono-line");
    for (const line of [...lines].slice(counts[kind])) line.remove();
    for (let i = lines.length; i < counts[kind]; i++) set.append(makeLine(kind, i));
    const offset = kind === "row" ? 0 : counts.row;
    boxes(kind).forEach((input, i) => {
      input.dataset.line = String(offset + i);
      if (values) input.value = typed[kind][i] ?? "";
    });
  }
  return true;
}

/** Row or column `i`'s line: its number, its box and the place for its message. */
function makeLine(kind, i) {
  const line = document.createElement("div");
  line.className = "nono-line";
  const label = document.createElement("label");
  const number = document.createElement("span");
  number.textContent = String(i + 1);
  const input = document.createElement("input");
  input.type = "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("aria-label", `${kind} ${i + 1}`);
  input.value = typed[kind][i] ?? "";
  input.addEventListener("input", () => {
    typed[kind][i] = input.value;
    cluesChanged();
    save();
    followBoxes();
  });
  label.append(number, input);
  const note = document.createElement("span");
  note.className = "nono-line-message";
  note.id = `nono-line-message-${kind}-${i}`;
  note.hidden = true;
  input.setAttribute("aria-describedby", note.id); // why it is marked, read with it
  line.append(label, note);
  return line;
}

/** The answer shown, or the one coming, is about other clues now: the coming one is
 * stopped (and never shown), the one shown goes. */
function cluesChanged() {
  // Where the page is not cross-origin isolated, stopping restarts Python (seconds),
  // but a search of the old clues could hold it, and Solve, for minutes.
  if (running) return python.stop();
  if (["stale", "stopped", undefined].includes(root.dataset.status)) return; // no answer shown
  hideAnswer();
  clearLineMessages();
  root.dataset.status = "stale";
  say("The clues have changed since the answer: press Solve.");
}

function hideAnswer() {
  delete root.dataset.suspects;
  for (const grid of grids) grid.canvas.parentElement.hidden = true;
  zoomRow.hidden = true;
  $(".nono-steps").hidden = true;
  replay = null;
}

function clearLineMessages() {
  for (const input of $$(".nono-lines input")) input.removeAttribute("aria-invalid");
  for (const note of $$(".nono-line-message")) (note.hidden = true), (note.textContent = "");
}

/** Shows a message at line `index` (rows first, then columns), scrolled to unless
 * `scroll` is false (a search's progress: the page must not jump while it is read). */
function sayAtLine(index, text, scroll = true) {
  const input = $(`.nono-lines input[data-line="${index}"]`);
  if (!input) return;
  input.setAttribute("aria-invalid", "true");
  const note = input.closest(".nono-line").querySelector(".nono-line-message");
  note.textContent = text; // text, never HTML
  note.hidden = false;
  if (scroll) input.scrollIntoView({ block: "nearest" });
}

/** Clues with no solution: which lines' clues may be the wrong one (the other clues
 * have a solution without them), asked for after the verdict, which it follows by
 * seconds on a big puzzle; if no one line will do, which two, asked for after that
 * (tens of seconds, minutes on a phone). Each line found says so at its box as soon
 * as it is found, and when the search ends, with the clue nearest its own, after the
 * verdict if that names it, the likeliest last so that it is the one scrolled to.
 * Stop ends this search, not the verdict, and keeps the lines found by then; clues
 * changed meanwhile make the whole answer stale. */
async function findSuspects(args, answer, clock) {
  const verdict = sentences(message.textContent); // "Looking…" comes after it
  message.textContent = verdict;
  let said = verdict; // and then what the search for one clue found
  let what = "the clue that may be wrong";
  const looking = document.createElement("span");
  const marked = new Set(); // the lines found so far by the search running
  const mark = (line, note, scroll = true) =>
    sayAtLine(line, line === answer.line ? sentences(verdict, note) : sentences(note), scroll);
  const showLooking = () => {
    const soFar = marked.size ? ` ${linesCounted(marked.size)} found so far, marked.` : "";
    looking.textContent = ` Looking for ${what}…${soFar}`;
    looking.append(clock); // the seconds since Solve
  };
  const onProgress = ({ stage, suspects }) => {
    if (stage !== "suspects" || !cluesAsAsked(args)) return;
    for (const { line, note } of suspects) mark(line, note, false), marked.add(line);
    showLooking();
  };
  root.dataset.suspects = "looking";
  try {
    for (const two of [false, true]) {
      marked.clear();
      showLooking();
      message.append(looking);
      const clues = { row_texts: args.row_texts, column_texts: args.column_texts, two };
      const found = await python.call("nonogram_suspects", clues, { onProgress });
      if (!cluesAsAsked(args)) return sayStale();
      looking.remove();
      if (found.text) message.textContent = said = sentences(said, found.text);
      if (!found.suspects) return (root.dataset.suspects = "unknown"); // it ran out of work
      // The pairs named are the likeliest few of those found on the way.
      const named = new Set(found.suspects.map(({ line }) => line));
      for (const line of marked) if (!named.has(line)) unmark(line, answer, verdict);
      for (const { line, note } of [...found.suspects].reverse()) mark(line, note);
      if (!found.two_to_find) break;
      what = "the two clues that may be wrong";
    }
    root.dataset.suspects = "found";
  } catch (error) {
    if (error.name !== "Cancelled" || !cluesAsAsked(args)) throw error;
    const kept = marked.size ? `: ${linesCounted(marked.size)} found by then, marked; others may be too` : "";
    looking.textContent = ` (Stopped looking for ${what}${kept}.)`;
    root.dataset.suspects = "stopped";
  }
}

const linesCounted = (n) => `${n} line${n === 1 ? "" : "s"}`;

/** A line marked on the way that the search's end does not name: back to what the
 * verdict says there, if it names the line, else to no message. */
function unmark(line, answer, verdict) {
  if (line === answer.line) return sayAtLine(line, verdict, false);
  const input = $(`.nono-lines input[data-line="${line}"]`);
  input?.removeAttribute("aria-invalid");
  const note = input?.closest(".nono-line").querySelector(".nono-line-message");
  if (note) (note.hidden = true), (note.textContent = "");
}

/** Puts the clues of a puzzle Python read (nonogram_from_text) in the boxes, and the
 * `text` it read in the text area (that of a file), and says `done`; or says why not,
 * if it could not read them or it has more lines than the page makes boxes for (its
 * clues would be cut): the text area is left as it was. */
function fillBoxes(puzzle, what, done, text = clueText.value) {
  // Past the library's limit the error still has the size: the page's is lower.
  const tooBig = puzzle.width > MAX_SIZE || puzzle.height > MAX_SIZE;
  if (puzzle.error && !tooBig) {
    // A file's errors name it already.
    return say(puzzle.error.startsWith(`${what}: `) ? puzzle.error : `${what}: ${puzzle.error}`, "error");
  }
  if (tooBig) {
    const limit = `${MAX_SIZE} × ${MAX_SIZE} (solvelab nonogram solve, on the command line, up to 200 × 200)`;
    return say(`${what} is ${puzzle.width} × ${puzzle.height}: this page solves up to ${limit}.`, "error");
  }
  $("[data-field=width]").value = String(puzzle.width);
  $("[data-field=height]").value = String(puzzle.height);
  const clue = (numbers) => numbers.join(" ");
  makeBoxes({ row: puzzle.rows.map(clue), column: puzzle.columns.map(clue) });
  save();
  clueText.value = textShown = text; // read into the boxes: it shows them now
  // A solve of the old clues (Solve pressed while they were read) is stopped, as when
  // a box is typed in, and says so itself: "press Solve" now would be untrue.
  if (running) return cluesChanged();
  clearLineMessages();
  hideAnswer();
  delete root.dataset.status;
  say(done);
}

// -- solving ----------------------------------------------------------------------

async function solve() {
  if (running) return;
  const args = {
    row_texts: boxes("row").map((input) => input.value),
    column_texts: boxes("column").map((input) => input.value),
    steps: $("[data-field=steps]").checked,
    learning: $("[data-field=search]").value === "learning", // whose steps are recorded
  };
  const stop = $("[data-action=stop]");
  running = true;
  showStatus(python.status);
  stop.disabled = false;
  clearLineMessages();
  delete root.dataset.status;
  delete root.dataset.suspects; // the last solve's search: this one's comes after its verdict
  say("Solving…");
  // A long search (minutes on a phone) shows that it is still going: the seconds
  // are shown, not read out (a screen reader would say them every second).
  const started = performance.now();
  const clock = document.createElement("span");
  clock.setAttribute("aria-hidden", "true");
  message.append(clock);
  const ticker = setInterval(() => (clock.textContent = ` ${Math.round((performance.now() - started) / 1000)} s`), 1000);
  try {
    const answer = await python.call("nonogram_solve", args);
    if (!cluesAsAsked(args)) return sayStale();
    show(answer);
    if (answer.suspects_to_find) await findSuspects(args, answer, clock);
  } catch (error) {
    if (error.name === "Cancelled" && !cluesAsAsked(args)) return sayStale();
    root.dataset.status = "stopped";
    say(error.name === "Cancelled" ? "Stopped." : error.message, "error");
  } finally {
    clearInterval(ticker); // no tick runs between the answer and here: one task
    running = false;
    const onStop = document.activeElement === stop; // Stop, disabled now, would lose it
    stop.disabled = true;
    showStatus(python.status);
    if (onStop) $("[data-action=solve]").focus();
  }
}

/** Whether the clue boxes still hold the clues a solve was asked about. */
function cluesAsAsked(args) {
  const same = (kind, texts) => {
    const now = boxes(kind);
    return now.length === texts.length && now.every((input, i) => input.value === texts[i]);
  };
  return same("row", args.row_texts) && same("column", args.column_texts);
}

function sayStale() {
  hideAnswer(); // one shown from before this solve answers other clues too
  clearLineMessages();
  root.dataset.status = "stale";
  say("The clues were changed while they were being solved: press Solve again.");
}

function show(answer) {
  root.dataset.status = answer.error ? "error" : answer.status;
  hideAnswer();
  if (answer.error) {
    if (answer.line !== undefined) sayAtLine(answer.line, answer.error);
    return say(answer.error, "error");
  }
  const { width, height } = answer.puzzle;
  grids[0].canvas.parentElement.hidden = false;
  for (const grid of grids) grid.setPuzzle(answer.puzzle);
  zoomRow.hidden = false;
  const [first, second] = answer.solutions.map((s) => s.map((v) => (v ? FILLED : CROSSED)));
  // With steps, the first grid is described by the step shown (see goTo).
  if (first && !answer.steps) describe(grids[0], "The solution", first);
  if (second) describe(grids[1], "A second solution", second);
  if (answer.status === "unique") {
    grids[0].setCells(first);
    const how = { line: ", found line by line", probing: ", found by probing" }[answer.difficulty] ?? ", found by search";
    say(`One solution${how}.`);
  } else if (answer.status === "multiple") {
    grids[0].setCells(first);
    grids[1].setCells(second);
    grids[1].canvas.parentElement.hidden = false;
    const differ = [];
    for (let i = 0; i < first.length; i++) if (first[i] !== second[i]) differ.push(i);
    for (const i of differ) grids[0].marks.set(i, "diff"), grids[1].marks.set(i, "diff");
    grids[1].draw();
    say(`2 solutions (at least): they differ at ${cellNames(differ, width)} (marked).`, "error");
  } else if (answer.status === "none") {
    grids[0].markedLine = answer.line ?? -1;
    const reason = `No solution: ${answer.reason}`;
    if (answer.line !== undefined) sayAtLine(answer.line, sentences(reason));
    say(reason, "error");
  } else {
    say(answer.reason, "error");
  }
  if (answer.note) message.textContent += ` ${answer.note}`;
  grids[0].draw();
  if (answer.steps) replayable(answer.steps, width, height, answer.status === "multiple");
}

/** A grid in words, for a screen reader (the canvas is a picture): its label names
 * it, and the list after it says each row as its runs, "row 2: 1 empty, 3 filled,
 * 1 empty" (a list, not the label: a reader steps through a big puzzle's rows one by
 * one rather than hearing them all at once). */
function describe(grid, name, cells) {
  const { width, height } = grid;
  grid.canvas.setAttribute("aria-label", `${name}, ${width} × ${height}; its rows follow`);
  const list = grid.canvas.nextElementSibling;
  list.setAttribute("aria-label", `${name}, row by row`);
  // Only the rows whose words change are written: a step changes a few rows, and a
  // 100-row list written anew at each step took a slow phone 100 ms (laying out its text).
  while (list.children.length > height) list.lastElementChild.remove();
  while (list.children.length < height) list.append(document.createElement("li"));
  for (let r = 0, start = 0; r < height; r++, start += width) {
    const runs = [];
    for (let i = start; i < start + width; ) {
      let end = i;
      while (end < start + width && cells[end] === cells[i]) end++;
      runs.push(`${end - i} ${grid.cellWords[cells[i]]}`);
      i = end;
    }
    const words = `row ${r + 1}: ${runs.join(", ")}`;
    const row = list.children[r];
    if (row.textContent !== words) row.textContent = words;
  }
}

// -- step mode ----------------------------------------------------------------------

function replayable(steps, width, height, twoSolutions) {
  replay = new StepReplay(steps, width, height);
  const [grid] = grids;
  answerMarks = { marks: new Map(grid.marks), line: grid.markedLine, tint: grid.lineTint };
  $(".nono-scrubber").max = String(steps.length);
  $(".nono-steps").hidden = false;
  // With two solutions, the first one's step: the two panels then show both.
  goTo(twoSolutions ? steps.findIndex(([kind]) => kind === "solution") + 1 : steps.length);
}

function goTo(index) {
  if (!replay) return;
  index = Math.max(0, Math.min(replay.length, index));
  $(".nono-scrubber").value = String(index);
  const cells = replay.cellsAfter(index);
  const pointed = stepMarks(replay.steps[index - 1]);
  const { marks, line, tint } = pointed.marks.size || pointed.line >= 0 ? pointed : answerMarks;
  Object.assign(grids[0], { marks: new Map(marks), markedLine: line, lineTint: tint });
  grids[0].setCells(cells);
  describe(grids[0], `The solver's grid after step ${index} of ${replay.length}`, cells);
  $(".nono-scrubber").setAttribute("aria-valuetext", `step ${index} of ${replay.length}`);
  $(".nono-step-text").textContent = replay.caption(index);
  root.dataset.step = String(index);
}

// -- wiring ---------------------------------------------------------------------------

const step = () => Number($(".nono-scrubber").value);
// A call stopped with the solve (Stop) says nothing: the solve says "Stopped."
const failed = (error) => error.name === "Cancelled" || say(error.message, "error");
const actions = {
  solve,
  stop: () => python.stop(),
  fill: () =>
    readIntoBoxes(async (signal) => {
      const answer = await python.call("nonogram_from_text", { text: clueText.value, check_totals: false }, { signal });
      signal.throwIfAborted();
      fillBoxes(answer, "The text", `${answer.width} × ${answer.height} clues in the boxes: press Solve.`);
    }),
  first: () => goTo(0),
  back: () => goTo(step() - 1),
  forward: () => goTo(step() + 1),
  last: () => goTo(Infinity),
};
root.addEventListener("click", (event) => {
  const action = actions[event.target.closest("button")?.dataset.action];
  if (action) Promise.resolve(action()).catch(failed);
});
$(".nono-scrubber").addEventListener("input", (event) => goTo(Number(event.target.value)));
// Which search's steps: asked only when steps are recorded.
const stepsBox = $("[data-field=steps]");
const searchShown = () => ($("[data-field=search]").disabled = !stepsBox.checked);
stepsBox.addEventListener("change", searchShown);
searchShown(); // a reload may bring the box back unticked
// A size typed out of range or not whole is corrected in its box and said, after what
// the change does to an answer shown; the note goes once a size is typed as it is used.
// The same number written otherwise (1e2, 007) is only shown as the boxes use it.
let sizeNote = null;
for (const name of ["width", "height"]) {
  $(`[data-field=${name}]`).addEventListener("change", (event) => {
    const typed = event.target.value;
    const used = String(size(name)); // the field shows what the boxes use
    event.target.value = used;
    if (makeBoxes()) cluesChanged();
    save();
    followBoxes();
    if (Number(typed) !== Number(used)) {
      const stale = root.dataset.status === "stale" ? " The clues have changed since the answer: press Solve." : "";
      sizeNote = `The ${name} is a whole number from 1 to ${MAX_SIZE}: ${typed || "nothing"} became ${used}.${stale}`;
      say(sizeNote);
    } else if (message.textContent === sizeNote) {
      say("");
    }
  });
}
let reading = null; // the AbortController of the clues being read for the boxes, or null

/** Clues read for the boxes by `read(signal)`: a file, or the text. The newest read wins:
 * one started while another is under way ends it, and the older one's answer or error,
 * when it comes, is for nobody, whether the newer one is read or refused. */
async function readIntoBoxes(read) {
  reading?.abort();
  const controller = (reading = new AbortController());
  try {
    await read(controller.signal);
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    if (reading === controller) reading = null;
  }
}
async function openFile(file, signal) {
  const text = await readTextFile(file);
  signal.throwIfAborted();
  const answer = await python.call("nonogram_from_text", { text, name: file.name, check_totals: false }, { signal });
  signal.throwIfAborted();
  fillBoxes(answer, file.name, `Opened ${file.name} (${answer.width} × ${answer.height}): press Solve.`, text);
}
$("[data-field=file]").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = ""; // the same file chosen again (edited since) is a change too
  if (file) readIntoBoxes((signal) => openFile(file, signal)).catch(failed);
});

// -- the clues as text ------------------------------------------------------------------
//
// The text area shows the boxes' clues as they are typed, so they can be copied out,
// until someone types in it or opens a file there: that text stays until it is put
// into the boxes, and the boxes' next change is shown again.

const clueText = $("#nono-clues");
let textShown = clueText.value; // what the text area last showed of the boxes

function followBoxes() {
  if (clueText.value !== textShown) return; // someone's own text, not put into the boxes
  const lines = (kind) => boxes(kind).map((input) => input.value.trim() || "0");
  clueText.value = textShown = ["rows", ...lines("row"), "columns", ...lines("column")].join("\n");
}

// -- keeping the clues ------------------------------------------------------------------

function save() {
  const kept = { width: size("width"), height: size("height"), row: typed.row, column: typed.column };
  try {
    localStorage.setItem(STORE, JSON.stringify(kept));
  } catch {
    // storage full or blocked: the clues are just not kept
  }
}

/** The clues kept from the last visit, in the boxes; false if there are none. */
function restore() {
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(STORE));
  } catch {
    return false;
  }
  const texts = (list) => Array.isArray(list) && list.every((text) => typeof text === "string");
  if (!kept || !texts(kept.row) || !texts(kept.column)) return false;
  $("[data-field=width]").value = String(kept.width);
  $("[data-field=height]").value = String(kept.height);
  makeBoxes({ row: kept.row, column: kept.column });
  followBoxes(); // not the example: "Into the boxes" would put it over these clues
  return true;
}

if (!restore()) makeBoxes({ row: ["2", "1 1", "2"], column: ["2", "1 1", "2"] });
showStatus(python.status);
root.dataset.ready = "true";
window.nonogramGrid = grids[0]; // for tests
