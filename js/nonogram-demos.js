// The live demos of the Nonograms chapter (site/nonograms/solver.md).
//
// Python decides, this shows: the line solver's answer, the placements, the
// solver's steps and the generator's pictures all come from solvelab.web
// (nonogram_line, nonogram_solve, nonogram_from_gallery, nonogram_generator_trials)
// through the worker. Each demo says what it is with
// data-demo and is set up when found:
//
//   <div data-demo="line" data-clue="2 3" data-length="7">   one line: set cells, see what is forced
//   <div data-demo="steps" data-gallery="cat">               the solver's steps on a gallery puzzle
//   <div data-demo="steps" data-rows="1|2 1|…" data-columns="…">   … or on clues given here
//   <div data-demo="steps" data-learning …>                   … the learning search's steps
//   <div data-demo="generator" data-width="10" data-height="10" data-density="0.4" data-seed="2">
//                                                             the generator's pictures, each judged
//
// When Python has answered, a demo's data-state is "ready" (tests wait for it). When
// Python cannot start, a demo says why and offers to try again.

import { NonogramGrid, SEED_RULE, readSeed } from "./nonogram-grid.js";
import { PythonClient, loadingText, withoutReload } from "./python.js";
import { StepReplay, stepMarks } from "./nonogram-steps.js";

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
const notes = new Set(); // the demos' "loading Python…" lines, while they wait
function pythonReady() {
  if (python?.status.stage === "error") python.restart(); // Try again after a failed start
  python ??= new PythonClient({
    onStatus: (status) => {
      for (const note of notes) note.textContent = loadingText(status);
    },
  });
  return python.ready.then(() => python);
}

/** Asks Python; a mistake a user can make ({error}) rejects with its message. */
async function ask(method, args) {
  const answer = await (await pythonReady()).call(method, args);
  if (answer.error) throw Object.assign(new Error(answer.error), { name: "UserError" });
  return answer;
}

function waiting(demo) {
  const note = make("p", "nono-python", python ? loadingText(python.status) : "loading Python…");
  demo.append(note);
  notes.add(note);
  return () => {
    notes.delete(note);
    note.remove();
  };
}

// --- One line: the cells you set, what the line solver forces, the placements ---

// A cell is a character, as nonogram_line takes and gives it: "?" unknown, "." empty,
// "#" filled (black in a file), "r" red, "g" green, "b" blue.
// The clue's own colour is "filled", not "black": the dark scheme draws it light.
const COLOUR_NAME = { "?": "unknown", ".": "empty", "#": "filled", r: "red", g: "green", b: "blue" };

/** The colours a clue's text names, in order ("2 1r 3" → ["#", "r"]). */
function clueColours(text) {
  if (["0", "-"].includes(text.trim())) return []; // a blank line
  const found = text.split(/[\s,]+/).filter(Boolean).map((part) => (/[rgb]$/.test(part) ? part.at(-1) : "#"));
  return [...new Set(found)];
}

function cellRow(className, label) {
  const row = make("div", `nono-demo-line ${className}`);
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", label);
  return row;
}

/** Draws a cell: one colour, or unknown, with small marks of the colours it may still
 * take when the clue has more than one (`marks`). */
function showCell(node, maybe, number, marks = false) {
  node.dataset.cell = maybe.length === 1 ? maybe : "?";
  node.replaceChildren();
  for (const c of maybe.length > 1 && marks ? maybe.replace(".", "") : "") {
    const mark = make("span", "nono-demo-maybe");
    mark.dataset.cell = c;
    node.append(mark);
  }
  const named = maybe.length === 1 ? COLOUR_NAME[maybe] : [...maybe].map((c) => COLOUR_NAME[c]).join(" or ");
  if (node.tagName !== "BUTTON") node.setAttribute("role", "img"); // a span's label is read only with a role
  node.setAttribute("aria-label", `cell ${number}: ${named}`);
}

async function lineDemo(demo) {
  const clueBox = make("input");
  Object.assign(clueBox, { type: "text", value: demo.dataset.clue ?? "2 3", spellcheck: false, autocomplete: "off" });
  clueBox.setAttribute("aria-label", "The clue");
  const lengthBox = make("input");
  Object.assign(lengthBox, { type: "number", min: 1, max: MAX_LENGTH, value: demo.dataset.length ?? "7" });
  lengthBox.setAttribute("aria-label", "Cells");
  const fields = make("div", "nono-row");
  const clueLabel = make("label", "", "clue ");
  clueLabel.append(clueBox);
  const lengthLabel = make("label", "", "cells ");
  lengthLabel.append(lengthBox);
  const clear = button("Clear the cells", "Every cell unknown again", () => setLength(cells.length, true));
  fields.append(clueLabel, lengthLabel, clear);
  const mine = cellRow("is-input", "The line: click a cell to set it");
  const forced = cellRow("is-output", "What the line solver makes of it");
  const verdict = make("p", "nono-message");
  verdict.setAttribute("role", "status");
  const list = make("div", "nono-demo-placements");
  const howTo = make("p", "nono-demo-label");
  const rows = make("div", "nono-demo-rows"); // one scroll for all the rows: their cells stay in line
  rows.append(howTo, mine, make("p", "nono-demo-label", "The line solver's answer:"), forced, verdict, list);
  demo.append(fields, rows);

  let cells = [];
  let kept = []; // every cell set, kept while a shorter line hides it (a length is typed digit by digit)
  let asked = 0;
  // A click takes a cell through the clue's colours, then empty, then unknown.
  const cycle = () => ["?", ...clueColours(clueBox.value), "."];
  const sayHowTo = () => {
    const names = cycle().slice(1).map((c) => COLOUR_NAME[c]);
    howTo.textContent = `Your line (click a cell: ${names.join(", ")}, unknown):`;
  };
  async function update() {
    const number = ++asked;
    sayHowTo();
    delete demo.dataset.state;
    let answer;
    try {
      answer = await ask("nonogram_line", { clue: clueBox.value, cells: cells.join("") });
    } catch (error) {
      // A later change asked again, or Python could not start and the demo now says so.
      if (number !== asked || !mine.isConnected) return;
      forced.replaceChildren();
      list.replaceChildren();
      delete demo.dataset.forced; // no answer for these cells
      delete demo.dataset.count;
      verdict.textContent = error.name === "UserError" ? error.message : `${error.message} (change the line to try again)`;
      verdict.dataset.kind = "error";
      demo.dataset.state = "ready";
      return;
    }
    if (number !== asked) return; // a later change asked again
    let fixed = 0;
    const order = cycle();
    const colours = order.length > 3;
    forced.replaceChildren(
      ...answer.maybe.map((maybe, i) => {
        const node = make("span", "nono-demo-cell");
        showCell(node, maybe, i + 1, colours);
        if (maybe !== (cells[i] === "?" ? answer.unknown : cells[i])) node.classList.add("is-new"), fixed++;
        return node;
      }),
    );
    const count = answer.count === "1" ? "1 placement agrees" : `${answer.count} placements agree`;
    const narrowed = fixed === 0 ? "no cell" : fixed === 1 ? "1 cell (marked)" : `${fixed} cells (marked)`;
    verdict.textContent = `${count} with your cells; without listing them, the line solver fixes or narrows ${narrowed}.`;
    verdict.dataset.kind = "";
    const more = answer.count !== String(answer.placements.length);
    const shown = answer.placements.map((line, k) => {
      const row = cellRow("is-placement", `placement ${k + 1}: ${[...line].map((c) => COLOUR_NAME[c]).join(" ")}`);
      row.dataset.line = line;
      for (const c of line) {
        const cell = make("span", "nono-demo-cell");
        cell.dataset.cell = c;
        row.append(cell);
      }
      return row;
    });
    list.replaceChildren(make("p", "nono-demo-label", more ? `The first ${shown.length} placements:` : "The placements:"), ...shown);
    demo.dataset.forced = answer.line;
    demo.dataset.count = answer.count;
    demo.dataset.state = "ready";
  }
  function setLength(length, clearAll = false) {
    if (clearAll) kept = [];
    cells = Array.from({ length }, (_, i) => kept[i] ?? "?");
    mine.replaceChildren(
      ...cells.map((value, i) => {
        const node = make("button", "nono-demo-cell");
        node.type = "button";
        showCell(node, value, i + 1);
        node.addEventListener("click", () => {
          const order = cycle();
          cells[i] = kept[i] = order[(order.indexOf(cells[i]) + 1) % order.length]; // a colour gone from the clue: unknown
          showCell(node, cells[i], i + 1);
          update();
        });
        return node;
      }),
    );
    update();
  }
  clueBox.addEventListener("input", update);
  // The line follows the box as it is typed in; when the box is left, a length out of
  // range is put right in it, and an empty box (or no number) shows the line's length
  // again. The line is made anew only for a new length: a click on a cell that leaves
  // the box (its change event) would land on a cell made anew and be lost.
  const lengthOf = (value) => {
    const typed = Math.floor(Number(value));
    if (value.trim() === "" || Number.isNaN(typed)) return cells.length || 1;
    return Math.max(1, Math.min(MAX_LENGTH, typed));
  };
  lengthBox.addEventListener("input", () => {
    const typed = Number(lengthBox.value);
    if (Number.isInteger(typed) && typed >= 1 && typed <= MAX_LENGTH && typed !== cells.length) setLength(typed);
  });
  lengthBox.addEventListener("change", () => {
    const length = lengthOf(lengthBox.value);
    lengthBox.value = String(length);
    if (length !== cells.length) setLength(length);
  });
  const done = waiting(demo);
  setLength(lengthOf(lengthBox.value));
  await pythonReady().finally(done);
}

// --- The solver's steps on a small puzzle, with a scrubber ---

async function stepsDemo(demo) {
  const stage = make("div", "nono-stage");
  const canvas = make("canvas", "nono-canvas");
  canvas.setAttribute("aria-label", "The solver's grid at the step shown");
  stage.append(canvas);
  stage.hidden = true; // until the puzzle has come
  const grid = new NonogramGrid(canvas, { brushes: false });
  demo.grid = grid; // for tests
  const scrubber = make("input");
  Object.assign(scrubber, { type: "range", min: 0, max: 0, value: 0 });
  scrubber.setAttribute("aria-label", "Step");
  const caption = make("p", "nono-demo-caption");
  caption.setAttribute("aria-live", "polite");
  let replay = null;
  const goTo = (index) => {
    if (!replay) return; // a press before Python has answered
    index = Math.max(0, Math.min(replay.length, index));
    scrubber.value = String(index);
    grid.setCells(replay.cellsAfter(index));
    const { marks, line, tint } = stepMarks(replay.steps[index - 1]);
    Object.assign(grid, { marks, markedLine: line, lineTint: tint });
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
    const answer = await ask("nonogram_solve", { ...clues, steps: true, learning: "learning" in demo.dataset });
    const { width, height } = answer.puzzle;
    stage.hidden = false;
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

// --- The generator: a seed's random pictures, each checked, until one has a single solution ---

const DEMO_SIDE = 15; // the largest width and height (nonogram_generator_trials's limit)
const HOW_SOLVED = { line: "line by line", probing: "needs probing" };

/** What the generator made of picture `number` (a trial of nonogram_generator_trials). */
function trialCaption(trial, number) {
  const said = {
    blank: "blank: no puzzle",
    "not line-solvable": "line solving alone does not finish it: turned down",
    timeout: "not decided within its work limit: turned down",
    multiple: `a second solution, ${trial.differ?.length} cells away (marked): turned down`,
  }[trial.verdict];
  if (said) return `${number}: ${said}`;
  const how = HOW_SOLVED[trial.difficulty] ?? `needs search (${trial.guesses} ${trial.guesses === 1 ? "guess" : "guesses"})`;
  return `${number}: one solution, ${how}: ${trial.kept ? "kept" : "not the kind asked for, turned down"}`;
}

function trialFigure(trial, number) {
  const figure = make("figure", "nono-demo-trial");
  const picture = make("div", "nono-demo-thumb");
  const [width, height] = [trial.picture[0].length, trial.picture.length];
  picture.style.gridTemplateColumns = `repeat(${width}, 1fr)`;
  picture.style.width = `${(100 * width) / Math.max(width, height)}%`; // a tall picture is narrow, not long
  const marked = new Set(trial.differ ?? []);
  [...trial.picture.join("")].forEach((c, i) => {
    const cell = make("span", marked.has(i) ? "is-new" : "");
    cell.dataset.cell = c === "X" ? "#" : ".";
    picture.append(cell);
  });
  const caption = trialCaption(trial, number);
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", `picture ${caption}`);
  figure.dataset.verdict = trial.verdict;
  figure.classList.toggle("is-kept", trial.kept);
  figure.append(picture, make("figcaption", "", caption));
  return figure;
}

const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;

async function generatorDemo(demo) {
  const form = make("form", "nono-row");
  form.noValidate = true; // Python's messages say what is wrong, and the old pictures go
  const field = (label, control) => {
    const wrap = make("label", "", `${label} `);
    wrap.append(control);
    form.append(wrap);
    return control;
  };
  const number = (attributes) => Object.assign(make("input"), { type: "number", required: true, ...attributes });
  const { width = "10", height = "10", density = "0.4", seed = "1" } = demo.dataset;
  const widthBox = field("width", number({ min: 5, max: DEMO_SIDE, value: width }));
  const heightBox = field("height", number({ min: 5, max: DEMO_SIDE, value: height }));
  const densityBox = field("density", number({ min: 0.05, max: 0.95, step: 0.05, value: density }));
  const seedBox = field("seed", number({ step: 1, value: seed }));
  const kind = field("kind", make("select"));
  for (const [value, label] of [
    ["any", "any"],
    ["easy", "easy (line by line)"],
    ["hard", "hard (needs trying cells)"],
  ])
    kind.append(Object.assign(make("option", "", label), { value }));
  const submit = make("button", "", "Make");
  submit.type = "submit";
  form.append(submit);
  const verdict = make("p", "nono-message");
  verdict.setAttribute("role", "status");
  const list = make("div", "nono-demo-trials");
  demo.append(form, verdict, list);

  let asked = 0;
  async function run() {
    const mine = ++asked;
    delete demo.dataset.state;
    verdict.textContent = "making…";
    verdict.dataset.kind = "";
    const args = {
      width: Number(widthBox.value),
      height: Number(heightBox.value),
      density: Number(densityBox.value),
      seed: readSeed(seedBox.value), // exactly as typed: a number past 2^53 would be rounded
      difficulty: kind.value,
    };
    let answer;
    try {
      if (args.seed === null) throw Object.assign(new Error(SEED_RULE), { name: "UserError" });
      answer = await ask("nonogram_generator_trials", args);
    } catch (error) {
      if (mine !== asked || !list.isConnected) return; // asked again, or the demo says why it cannot run
      list.replaceChildren();
      verdict.textContent = error.name === "UserError" ? error.message : `${error.message} (press Make to try again)`;
      verdict.dataset.kind = "error";
      demo.dataset.state = "ready";
      return;
    }
    if (mine !== asked) return; // a later Make asked again
    const { trials } = answer;
    list.replaceChildren(...trials.map((trial, i) => trialFigure(trial, i + 1)));
    const count = `${trials.length} ${trials.length === 1 ? "picture" : "pictures"}`;
    verdict.textContent = trials.at(-1).kept
      ? `The ${ordinal(trials.length)} picture is kept: ${count} tried.`
      : `None of the first ${count} is kept (the demo shows no more): the Play page's Make goes on, up to 400 pictures.`;
    demo.dataset.trials = String(trials.length);
    demo.dataset.state = "ready";
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  const done = waiting(demo);
  run();
  await pythonReady().finally(done); // Python that cannot start: the demo says so (see start)
}

const setUps = { line: lineDemo, steps: stepsDemo, generator: generatorDemo };

const demos = [...document.querySelectorAll(".nono-demo[data-demo]")];

/** Sets a demo up; if it cannot run, it says why and offers to try again from the
 * start (every demo that failed: they share one Python). */
function start(demo) {
  setUps[demo.dataset.demo]?.(demo).catch((error) => {
    const again = button("Try again", "", () => {
      for (const failed of demos.filter((d) => d.dataset.state === "error")) {
        failed.replaceChildren();
        delete failed.dataset.state;
        start(failed);
      }
    });
    const why = withoutReload(error.message); // the button is here
    const message = make("p", "nono-message", `The demo could not run: ${why}.`);
    message.dataset.kind = "error";
    const row = make("div", "nono-row");
    row.append(again);
    demo.replaceChildren(message, row);
    demo.dataset.state = "error";
  });
}

for (const demo of demos) start(demo);
