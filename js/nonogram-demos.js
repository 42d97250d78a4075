// The live demos of the Nonograms chapter (site/nonograms/solver.md).
//
// Python decides, this shows: the line solver's answer, the placements and the
// solver's steps all come from solvelab.web (nonogram_line, nonogram_solve,
// nonogram_from_gallery) through the worker. Each demo says what it is with
// data-demo and is set up when found:
//
//   <div data-demo="line" data-clue="2 3" data-length="7">   one line: set cells, see what is forced
//   <div data-demo="steps" data-gallery="cat">               the solver's steps on a gallery puzzle
//   <div data-demo="steps" data-rows="1|2 1|…" data-columns="…">   … or on clues given here
//
// When Python has answered, a demo's data-state is "ready" (tests wait for it). When
// Python cannot start, a demo says why and offers to try again.

import { CROSSED, FILLED, NonogramGrid, UNKNOWN } from "./nonogram-grid.js";
import { PythonClient } from "./python.js";
import { StepReplay } from "./nonogram-steps.js";

const MAX_LENGTH = 100; // the line demo's longest line (nonogram_line's limit)

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text; // text, never HTML
  return node;
}

function button(label, title, onClick) {
  const node = make("button", "", label);
  node.type = "button";
  if (title) node.title = title;
  node.addEventListener("click", onClick);
  return node;
}

let python = null;
function pythonReady() {
  if (python?.status.stage === "error") python.restart(); // Try again after a failed start
  python ??= new PythonClient();
  return python.ready.then(() => python);
}

/** Asks Python; a mistake a user can make ({error}) rejects with its message. */
async function ask(method, args) {
  const answer = await (await pythonReady()).call(method, args);
  if (answer.error) throw Object.assign(new Error(answer.error), { name: "UserError" });
  return answer;
}

function waiting(demo) {
  const note = make("p", "nono-python", "loading Python…");
  demo.append(note);
  return () => note.remove();
}

// --- One line: the cells you set, what the line solver forces, the placements ---

const NEXT = { [UNKNOWN]: FILLED, [FILLED]: CROSSED, [CROSSED]: UNKNOWN };
const CELL_NAME = { [UNKNOWN]: "unknown", [FILLED]: "filled", [CROSSED]: "empty" };

function cellRow(className, label) {
  const row = make("div", `nono-demo-line ${className}`);
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", label);
  return row;
}

function showCell(node, value, number) {
  node.dataset.cell = String(value);
  node.setAttribute("aria-label", `cell ${number}: ${CELL_NAME[value]}`);
}

async function lineDemo(demo) {
  const clueBox = make("input");
  Object.assign(clueBox, { type: "text", value: demo.dataset.clue ?? "2 3", spellcheck: false, autocomplete: "off" });
  const lengthBox = make("input");
  Object.assign(lengthBox, { type: "number", min: 1, max: MAX_LENGTH, value: demo.dataset.length ?? "7" });
  const fields = make("div", "nono-row");
  const clueLabel = make("label", "", "clue ");
  clueLabel.append(clueBox);
  const lengthLabel = make("label", "", "cells ");
  lengthLabel.append(lengthBox);
  const clear = button("Clear the cells", "Every cell unknown again", () => setLength(cells.length, true));
  fields.append(clueLabel, lengthLabel, clear);
  const mine = cellRow("is-input", "The line: click a cell to set it (unknown, filled, empty)");
  const forced = cellRow("is-output", "What the line solver makes of it");
  const verdict = make("p", "nono-message");
  verdict.setAttribute("role", "status");
  const list = make("div", "nono-demo-placements");
  demo.append(fields, make("p", "nono-demo-label", "Your line (click a cell: filled, empty, unknown):"), mine);
  demo.append(make("p", "nono-demo-label", "The line solver's answer:"), forced, verdict, list);

  let cells = [];
  let asked = 0;
  async function update() {
    const number = ++asked;
    delete demo.dataset.state;
    let answer;
    try {
      answer = await ask("nonogram_line", { clue: clueBox.value, cells });
    } catch (error) {
      if (number !== asked) return;
      forced.replaceChildren();
      list.replaceChildren();
      verdict.textContent = error.name === "UserError" ? error.message : `${error.message} (change the line to try again)`;
      verdict.dataset.kind = "error";
      demo.dataset.state = "ready";
      return;
    }
    if (number !== asked) return; // a later change asked again
    forced.replaceChildren(
      ...answer.cells.map((value, i) => {
        const node = make("span", "nono-demo-cell");
        showCell(node, value, i + 1);
        if (value !== cells[i]) node.classList.add("is-new");
        return node;
      }),
    );
    const fixed = answer.cells.filter((value, i) => value !== cells[i]).length;
    const count = answer.count === "1" ? "1 placement agrees" : `${answer.count} placements agree`;
    verdict.textContent = `${count} with your cells; the line solver fixes ${fixed === 1 ? "1 more cell" : `${fixed} more cells`} (marked), without listing them.`;
    verdict.dataset.kind = "";
    const more = answer.count !== String(answer.placements.length);
    const rows = answer.placements.map((line, k) => {
      const row = cellRow("is-placement", `placement ${k + 1}: ${line.replaceAll("#", "█").replaceAll(".", "·")}`);
      row.dataset.line = line;
      for (const c of line) {
        const cell = make("span", "nono-demo-cell");
        cell.dataset.cell = c === "#" ? String(FILLED) : String(UNKNOWN);
        row.append(cell);
      }
      return row;
    });
    list.replaceChildren(make("p", "nono-demo-label", more ? `The first ${rows.length} placements:` : "The placements:"), ...rows);
    demo.dataset.forced = answer.cells.join("");
    demo.dataset.count = answer.count;
    demo.dataset.state = "ready";
  }
  function setLength(length, clearAll = false) {
    cells = Array.from({ length }, (_, i) => (clearAll ? UNKNOWN : (cells[i] ?? UNKNOWN)));
    mine.replaceChildren(
      ...cells.map((value, i) => {
        const node = make("button", "nono-demo-cell");
        node.type = "button";
        showCell(node, value, i + 1);
        node.addEventListener("click", () => {
          cells[i] = NEXT[cells[i]];
          showCell(node, cells[i], i + 1);
          update();
        });
        return node;
      }),
    );
    update();
  }
  clueBox.addEventListener("input", update);
  lengthBox.addEventListener("change", () => {
    const length = Math.max(1, Math.min(MAX_LENGTH, Math.floor(Number(lengthBox.value)) || 1));
    lengthBox.value = String(length);
    setLength(length);
  });
  const done = waiting(demo);
  setLength(Math.max(1, Math.min(MAX_LENGTH, Number(lengthBox.value) || 7)));
  await pythonReady().finally(done);
}

// --- The solver's steps on a small puzzle, with a scrubber ---

async function stepsDemo(demo) {
  const stage = make("div", "nono-stage");
  const canvas = make("canvas", "nono-canvas");
  canvas.setAttribute("aria-label", "The solver's grid at the step shown");
  stage.append(canvas);
  const grid = new NonogramGrid(canvas, { brushes: false });
  demo.grid = grid; // for tests
  const scrubber = make("input");
  Object.assign(scrubber, { type: "range", min: 0, max: 0, value: 0 });
  scrubber.setAttribute("aria-label", "Step");
  const caption = make("p", "nono-demo-caption");
  caption.setAttribute("aria-live", "polite");
  let replay = null;
  const goTo = (index) => {
    index = Math.max(0, Math.min(replay.length, index));
    scrubber.value = String(index);
    grid.setCells(replay.cellsAfter(index));
    const step = replay.steps[index - 1];
    grid.markedLine = step?.[0] === "line" ? step[1] : -1;
    grid.marks.clear();
    if (step && step[2] >= 0) grid.marks.set(step[2], "hint"); // the cell probed or guessed
    grid.draw();
    caption.textContent = replay.caption(index);
    demo.dataset.step = String(index);
  };
  const at = () => Number(scrubber.value);
  const controls = make("div", "nono-row");
  controls.append(
    button("|◀", "To the start", () => goTo(0)),
    button("◀", "A step back", () => goTo(at() - 1)),
    button("▶", "A step forward", () => goTo(at() + 1)),
    button("▶|", "To the end", () => goTo(Infinity)),
    scrubber,
  );
  scrubber.addEventListener("input", () => goTo(at()));
  demo.append(stage, controls, caption);

  const done = waiting(demo);
  let clues;
  try {
    if (demo.dataset.gallery) {
      const { rows, columns } = await ask("nonogram_from_gallery", { name: demo.dataset.gallery });
      clues = { rows, columns };
    } else {
      clues = { row_texts: demo.dataset.rows.split("|"), column_texts: demo.dataset.columns.split("|") };
    }
    const answer = await ask("nonogram_solve", { ...clues, steps: true });
    const { width, height } = answer.puzzle;
    grid.setPuzzle(answer.puzzle);
    replay = new StepReplay(answer.steps, width, height);
    scrubber.max = String(replay.length);
    demo.dataset.status = answer.status;
    demo.dataset.steps = String(replay.length);
  } finally {
    done();
  }
  goTo(0);
  demo.dataset.state = "ready";
}

const setUps = { line: lineDemo, steps: stepsDemo };

/** Sets a demo up; if it cannot run, it says why and offers to try again from the start. */
function start(demo) {
  setUps[demo.dataset.demo]?.(demo).catch((error) => {
    const again = button("Try again", "", () => {
      demo.replaceChildren();
      delete demo.dataset.state;
      start(demo);
    });
    const message = make("p", "nono-message", `The demo could not run: ${error.message}`);
    message.dataset.kind = "error";
    demo.replaceChildren(message, again);
    demo.dataset.state = "error";
  });
}

for (const demo of document.querySelectorAll(".nono-demo[data-demo]")) start(demo);
