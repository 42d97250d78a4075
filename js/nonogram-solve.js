// The nonogram solve page (site/nonograms/solve.md): clues in, Python's solver
// (in the worker) answers: the solution, two of them, or the contradiction at
// its line; its step records replay on the grid with a scrubber.

import { PythonClient } from "./python.js";
import { CROSSED, FILLED, NonogramGrid, UNKNOWN } from "./nonogram-grid.js";

const root = document.querySelector(".nonogram-solve");
const $ = (selector) => root.querySelector(selector);
const $$ = (selector) => [...root.querySelectorAll(selector)];
const message = $(".nono-message");
const say = (text, kind = "") => {
  message.textContent = text; // text, never HTML
  message.dataset.kind = kind;
};

const python = new PythonClient({ onStatus: showStatus });
const grids = $$("canvas[data-grid]").map((canvas) => new NonogramGrid(canvas, { brushes: false }));
let states = []; // the grid (cells 0/1/2) after each step
let texts = [];
let puzzle = null;

function showStatus(status) {
  const line = $(".nono-python");
  const ready = status.stage === "ready" || status.stage.startsWith("tables");
  line.textContent = ready ? "" : status.stage === "error" ? status.message : "loading Python…";
  line.hidden = ready;
  for (const button of $$("[data-needs-python]")) button.disabled = !ready || running;
}
let running = false;

const cellOf = (mask) => (mask === 2 ? FILLED : mask === 1 ? CROSSED : UNKNOWN);
const where = (cell, width) => `row ${Math.floor(cell / width) + 1}, column ${(cell % width) + 1}`;
const lineName = (line, height) => (line < height ? `row ${line + 1}` : `column ${line - height + 1}`);

async function solve() {
  const text = $("#nono-clues").value;
  const steps = $("[data-field=steps]").checked;
  running = true;
  showStatus(python.status);
  $("[data-action=stop]").disabled = false;
  say("Solving…");
  try {
    const answer = await python.call("nonogram_solve", { text, steps });
    show(answer);
  } catch (error) {
    say(error.name === "Cancelled" ? "Stopped." : error.message, "error");
  } finally {
    running = false;
    $("[data-action=stop]").disabled = true;
    showStatus(python.status);
  }
}

function show(answer) {
  root.dataset.status = answer.error ? "error" : answer.status;
  grids[1].canvas.parentElement.hidden = true;
  $(".nono-steps").hidden = true;
  if (answer.error) return say(answer.error, "error");
  puzzle = answer.puzzle;
  const { width, height } = puzzle;
  for (const grid of grids) grid.setPuzzle(puzzle);
  const [first, second] = answer.solutions.map((s) => s.map((v) => (v ? FILLED : CROSSED)));
  if (answer.status === "unique") {
    grids[0].setCells(first);
    say(`One solution${answer.difficulty === "line" ? ", found line by line" : answer.difficulty === "probing" ? ", found by probing" : ", found by search"}.`);
  } else if (answer.status === "multiple") {
    grids[0].setCells(first);
    grids[1].setCells(second);
    grids[1].canvas.parentElement.hidden = false;
    for (let i = 0; i < first.length; i++) if (first[i] !== second[i]) grids[0].marks.set(i, "diff"), grids[1].marks.set(i, "diff");
    grids[1].draw();
    say("2 solutions (at least): the cells where they differ are marked.", "error");
  } else if (answer.status === "none") {
    grids[0].markedLine = answer.line ?? -1;
    say(`No solution: ${answer.reason.replace(/^no solution: /, "")}`, "error");
  } else {
    say(answer.reason, "error");
  }
  grids[0].draw();
  if (answer.steps) replayable(answer.steps, width, height, first);
}

function replayable(steps, width, height) {
  let cells = new Array(width * height).fill(3);
  const saved = new Map(); // depth -> cells before its guess
  states = [cells.map(cellOf)];
  texts = ["the empty grid"];
  for (const [kind, line, cell, value, changes, depth] of steps) {
    if (kind === "guess") saved.set(depth, cells.slice());
    if (kind === "backtrack" && saved.has(depth)) cells = saved.get(depth).slice();
    for (const [i, mask] of changes) cells[i] = mask;
    states.push(cells.map(cellOf));
    texts.push(
      kind === "line"
        ? `${lineName(line, height)}: the line solver fixes ${changes.length} cell${changes.length > 1 ? "s" : ""}`
        : kind === "probe"
          ? `probing the cell at ${where(cell, width)} fixes ${changes.length} cell${changes.length > 1 ? "s" : ""}`
          : kind === "guess"
            ? `guess (depth ${depth}): the cell at ${where(cell, width)} ${value ? "filled" : "empty"}`
            : kind === "backtrack"
              ? `the guess at depth ${depth} leads to a contradiction: back`
              : "a solution",
    );
  }
  const scrubber = $(".nono-scrubber");
  scrubber.max = String(states.length - 1);
  $(".nono-steps").hidden = false;
  goTo(states.length - 1);
}

function goTo(index) {
  index = Math.max(0, Math.min(states.length - 1, index));
  const scrubber = $(".nono-scrubber");
  scrubber.value = String(index);
  grids[0].setCells(states[index]);
  $(".nono-step-text").textContent = `step ${index} / ${states.length - 1}: ${texts[index]}`;
  root.dataset.step = String(index);
}

const actions = {
  solve,
  stop: () => python.stop(),
  first: () => goTo(0),
  back: () => goTo(Number($(".nono-scrubber").value) - 1),
  forward: () => goTo(Number($(".nono-scrubber").value) + 1),
  last: () => goTo(states.length - 1),
};
root.addEventListener("click", (event) => {
  const action = actions[event.target.closest("button")?.dataset.action];
  if (action) action();
});
$(".nono-scrubber").addEventListener("input", (event) => goTo(Number(event.target.value)));
$("[data-field=file]").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  if (file.size > 2_000_000) return say("The file is over 2 MB.", "error");
  $("#nono-clues").value = await file.text();
  say(`Opened ${file.name}: press Solve.`);
});
root.dataset.ready = "true";
