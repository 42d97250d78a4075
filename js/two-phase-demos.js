// The live demos of "How two-phase works" (site/cube/two-phase.md).
//
// Python decides, this shows: every number on the page comes from
// solvelab.web (two_phase_lesson, two_phase_versions, phase1_coordinates, ida_star) through the
// worker; the cubes are js/cube-embed.js demos. Each demo element says what it
// is with data-lesson and is set up when found:
//
//   <div data-lesson="phases" data-scramble="...">        a solution, phase 1 marked
//   <div data-lesson="h-view" data-scramble="...">        the cube after phase 1, H's view
//   <div data-lesson="coordinates">                        buttons turn a cube; coordinates
//   <div data-lesson="bound">                              the pruning tables on that cube
//   <div data-lesson="ida" data-scrambles="A|B|C">         IDA* limit by limit
//   <div data-lesson="versions" data-scramble="...">      the six versions, each searched alone
//
// When Python has answered, a demo's data-state is "ready" (tests wait for it). The
// calls wait for the solver's tables in the worker; when Python or the tables cannot
// be had, a demo says why, and its next call (a turn, a scramble, Try again) asks again.

import { embedDemo } from "./cube-embed.js";
import { Cancelled, PythonClient, loadingText, withoutReload } from "./python.js";

const lessons = document.querySelectorAll("[data-lesson]");
// Stickers H cares about: the U and D faces' (corner and edge orientation about
// U-D) and the middle layer's edges (FR, FL, BL, BR), as on the solved cube.
const H_STICKERS = "U D F4 F6 R4 R6 B4 B6 L4 L6";

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cubeBox(parent) {
  const box = make("div", "cube-demo");
  parent.append(box);
  return embedDemo(box);
}

// The demos set up whose last call failed (the tables could not be had): each asks
// again at its next turn or scramble, or when "Try again" is pressed on another demo.
const askAgain = new Map(); // demo -> a function that asks again

let python = null;
const status = make("span", "lesson-status", "loading Python…");
const STATUS_TEXT = {
  "loading-python": loadingText,
  "loading-package": loadingText,
  ready: () => "loading the solver's tables…", // they start at once
  tables: (s) => `loading the solver's tables… ${Math.round((100 * s.loaded) / (s.total || 1))} %`,
  "tables-ready": () => "Python is ready",
  // Said in every demo waiting for them, the bound's too, which has no button of its own.
  "tables-error": (s) => `The solver's tables could not be loaded: ${s.message} (a turn, a scramble or Try again asks again)`,
  error: (s) => s.message,
};
function pythonReady() {
  if (python?.status.stage === "error") python.restart(); // Try again after a failed start
  python ??= new PythonClient({
    tables: true,
    onStatus: (s) => {
      if (STATUS_TEXT[s.stage]) status.textContent = STATUS_TEXT[s.stage](s);
    },
  });
  return python.ready.then(() => python);
}

/** Marks `button` as the one chosen among the buttons of `group`. */
function choose(group, button) {
  for (const other of group.children) other.setAttribute("aria-pressed", String(other === button));
}

function waiting(demo) {
  const note = make("p", "lesson-wait");
  note.append(status.cloneNode(true));
  demo.append(note);
  const timer = setInterval(() => (note.firstChild.textContent = status.textContent), 300);
  return () => {
    clearInterval(timer);
    note.remove();
  };
}

// --- A solution with its phase 1 marked, and the better ones found on the way ---

const phases = new Map(); // scramble -> promise of two_phase_lesson's answer
function lessonOf(scramble) {
  if (!phases.has(scramble)) {
    // Up to the first solution of 20 moves, however long the machine takes: the
    // same list everywhere (a time limit would end it sooner on a slow one).
    const request = { moves: scramble, good_enough: 20, time_limit: null };
    const lesson = pythonReady().then((py) => py.call("two_phase_lesson", request));
    lesson.catch(() => phases.delete(scramble)); // asked again on Try again
    phases.set(scramble, lesson);
  }
  return phases.get(scramble);
}

/** Marks `phase1` moves from move `from` on as phase 1's, the others as phase 2's. */
function markPhase1(box, phase1, from = 0) {
  box.querySelectorAll(".cube-demo-move").forEach((span, i) => {
    const first = i >= from && i < from + phase1;
    span.classList.toggle("is-phase1", first);
    span.classList.toggle("is-phase2", !first);
  });
}

async function phasesDemo(demo) {
  const scramble = demo.dataset.scramble;
  const box = await cubeBox(demo);
  box.show({ setup: scramble });
  const list = make("ol", "lesson-found");
  const done = waiting(demo);
  const { found } = await lessonOf(scramble).finally(done);
  const best = found[found.length - 1];
  box.show({ setup: scramble, moves: best.moves.join(" ") });
  markPhase1(box, best.phase1);
  demo.dataset.phase1 = best.phase1;
  demo.dataset.length = best.length;
  const legend = make("p", "lesson-legend");
  legend.append(
    make("span", "is-phase1", `phase 1: ${best.phase1} moves`),
    " then ",
    make("span", "is-phase2", `phase 2: ${best.length - best.phase1} moves`),
    ` = ${best.length}`,
  );
  box.after(legend);
  for (const step of found) {
    list.append(make("li", "", `${step.phase1} + ${step.length - step.phase1} = ${step.length} moves`));
  }
  const caption = make("p", "lesson-caption", "The solutions the search found, in order (phase 1 + phase 2 = total):");
  demo.append(caption, list);
  demo.dataset.state = "ready";
}

// --- The cube after phase 1, as H sees it ---

async function hViewDemo(demo) {
  const scramble = demo.dataset.scramble;
  const box = await cubeBox(demo);
  box.show({ setup: scramble, shown: H_STICKERS });
  const done = waiting(demo);
  const { found } = await lessonOf(scramble).finally(done);
  const best = found[found.length - 1];
  const phase1 = best.moves.slice(0, best.phase1).join(" ");
  const buttons = make("div", "lesson-buttons");
  const views = [
    ["Scrambled", { setup: scramble, shown: H_STICKERS }],
    ["Play phase 1", { setup: scramble, moves: phase1, shown: H_STICKERS, play: true }],
    ["After phase 1", { setup: `${scramble} ${phase1}`, shown: H_STICKERS }],
  ];
  for (const [label, options] of views) {
    const button = make("button", "md-button lesson-button", label);
    button.type = "button";
    button.addEventListener("click", () => {
      box.show(options);
      demo.dataset.view = label;
      choose(buttons, button);
    });
    buttons.append(button);
  }
  demo.prepend(buttons);
  box.show(views[2][1]);
  demo.dataset.view = "After phase 1";
  choose(buttons, buttons.lastChild);
  demo.dataset.state = "ready";
}

// --- Coordinates and pruning bounds of a cube you turn ---

const FACES = ["U", "R", "F", "D", "L", "B"];
const turned = { moves: [], listeners: new Map(), last: null }; // listeners: demo -> show(c, moves)

function digits(values) {
  return values.join(" ");
}

async function coordinatesDemo(demo) {
  const box = await cubeBox(demo);
  const pad = make("div", "lesson-buttons");
  const readout = make("table", "lesson-readout");
  const moveLine = make("p", "lesson-moves", "Moves: (none)");
  moveLine.setAttribute("role", "status"); // a turn button's result, read out
  const turn = (token) => {
    turned.moves = token ? [...turned.moves, token] : [];
    update();
  };
  for (const face of FACES) {
    for (const token of [face, `${face}'`, `${face}2`]) {
      const button = make("button", "md-button lesson-turn", token);
      button.type = "button";
      button.dataset.move = token;
      button.addEventListener("click", () => turn(token));
      pad.append(button);
    }
  }
  const reset = make("button", "md-button lesson-turn", "Reset");
  reset.type = "button";
  reset.addEventListener("click", () => turn(null));
  pad.append(reset);
  const problem = make("p", "cube-demo-error");
  problem.setAttribute("role", "status");
  demo.append(pad, moveLine, problem, readout);
  let py = null; // until Python is ready, turns show on the cube only
  let asked = 0;
  async function update() {
    const moves = turned.moves.join(" ");
    box.show({ setup: moves });
    const count = turned.moves.length;
    const shown = count > 60 ? `… ${turned.moves.slice(-60).join(" ")} (${count} moves)` : moves || "(none)";
    moveLine.textContent = `Moves: ${shown}`;
    if (!py) return;
    const ask = ++asked;
    let c;
    try {
      c = await py.call("phase1_coordinates", { moves });
      if (c.error) throw new Error(c.error);
    } catch (error) {
      if (ask === asked) problem.textContent = `${error.message} (turn again to retry)`;
      askAgain.set(demo, update);
      return;
    }
    if (ask !== asked) return;
    askAgain.delete(demo);
    problem.textContent = "";
    const row = (name, value, detail) => {
      const tr = make("tr");
      tr.append(make("th", "", name), make("td", "lesson-value", String(value)), make("td", "", detail));
      return tr;
    };
    readout.replaceChildren(
      row("twist", c.twist, `corner twists ${digits(c.corner_twists)} (${c.corners_named.join(" ")}); the first 7 in base 3`),
      row("flip", c.flip, `edge flips ${digits(c.edge_flips)}; the first 11 in base 2`),
      row("slice", c.slice, `middle-layer edges at ${c.slice_places.join(" ")}`),
      row("in\u00a0H?", c.in_h ? "yes" : "no", c.in_h ? `phase 2 coordinates: corners ${c.corners}, ud_edges ${c.ud_edges}, slice_perm ${c.slice_perm}` : "twist, flip and slice are not all 0"),
    );
    readout.querySelectorAll("td.lesson-value")[0].dataset.name = "twist";
    demo.dataset.twist = c.twist;
    demo.dataset.flip = c.flip;
    demo.dataset.slice = c.slice;
    demo.dataset.moves = moves;
    turned.last = [c, moves];
    for (const listener of turned.listeners.values()) listener(c, moves);
    demo.dataset.state = "ready";
  }
  const done = waiting(demo); // until the first answer: the call waits for the tables
  try {
    py = await pythonReady();
    await update();
  } finally {
    done();
  }
}

async function boundDemo(demo) {
  const out = make("table", "lesson-readout");
  demo.append(out);
  const done = waiting(demo); // until the coordinates demo's first answer
  await pythonReady().catch((error) => {
    done();
    throw error;
  });
  const show = (c, moves) => {
    done();
    const row = (name, value) => {
      const tr = make("tr");
      tr.append(make("th", "", name), make("td", "lesson-value", String(value)));
      return tr;
    };
    const b = c.bounds;
    out.replaceChildren(
      row(`twist × flip [${c.twist}, ${c.flip}]`, b.twist_flip),
      row("twist × flip, the cube turned a quarter about U–D", b.twist_flip_turned),
      row(`twist × slice_flips [${c.twist}, …]`, b.twist_slice_flips),
      row("bound: at least this many moves to H", c.bound),
    );
    demo.dataset.bound = c.bound;
    demo.dataset.moves = moves;
    demo.dataset.state = "ready";
  };
  turned.listeners.set(demo, show); // once, if the demo is set up again
  if (turned.last) show(...turned.last);
}

// --- IDA*, limit by limit ---

async function idaDemo(demo) {
  const scrambles = demo.dataset.scrambles.split("|");
  const box = await cubeBox(demo);
  const pick = make("div", "lesson-buttons");
  const table = make("table", "lesson-readout lesson-ida");
  const result = make("p", "lesson-moves");
  result.setAttribute("role", "status");
  demo.append(pick, table, result);
  const done = waiting(demo);
  const py = await pythonReady().finally(done);
  let search = null; // the search in progress, ended when another scramble is pressed
  const run = async (scramble) => {
    search?.abort();
    search = new AbortController();
    const { signal } = search;
    choose(pick, [...pick.children].find((button) => button.textContent === scramble));
    box.show({ setup: scramble });
    delete demo.dataset.state;
    table.replaceChildren();
    result.textContent = `Searching the cube after ${scramble} …`;
    let answer;
    try {
      answer = await py.call("ida_star", { moves: scramble }, { signal });
    } catch (error) {
      if (error instanceof Cancelled) return;
      result.textContent = `${error.message} (press a scramble to retry)`;
      askAgain.set(demo, () => run(scramble));
      return;
    }
    if (signal.aborted) return; // answered just before another scramble was pressed
    askAgain.delete(demo);
    const head = make("tr");
    for (const title of ["depth limit", "nodes visited with the bound", "without it", "solved?"]) head.append(make("th", "", title));
    table.append(head);
    for (const limit of answer.limits) {
      const tr = make("tr");
      tr.append(
        make("td", "", String(limit.depth)),
        make("td", "lesson-value", limit.nodes.toLocaleString("en")),
        make("td", "", limit.plain === null ? "(not counted)" : limit.plain.toLocaleString("en")),
        make("td", "", limit.found ? "yes" : "no"),
      );
      table.append(tr);
    }
    result.textContent = `After ${scramble}: bound at the start ${answer.start_bound}; solution ${answer.moves.join(" ")}`;
    box.show({ setup: scramble, moves: answer.moves.join(" ") });
    demo.dataset.scramble = scramble;
    demo.dataset.limits = answer.limits.length;
    demo.dataset.state = "ready";
  };
  for (const scramble of scrambles) {
    const button = make("button", "md-button lesson-button", scramble);
    button.type = "button";
    button.addEventListener("click", () => run(scramble));
    pick.append(button);
  }
  run(scrambles[0]);
}

// --- The six versions of one cube, each searched alone ---

const AXIS = { U: "U–D", F: "F–B", R: "R–L" };

async function versionsDemo(demo) {
  const scramble = demo.dataset.scramble;
  const box = await cubeBox(demo);
  box.show({ setup: scramble });
  const done = waiting(demo);
  const answer = await pythonReady()
    .then((py) => py.call("two_phase_versions", { moves: scramble }))
    .finally(done);
  if (answer.error) throw new Error(answer.error);
  const rows = answer.versions;
  const shortest = Math.min(...rows.map((row) => row.length));
  const table = make("table", "lesson-readout lesson-versions");
  const head = make("tr");
  for (const title of ["version", "phase 1", "phase 2", "total"]) head.append(make("th", "", title));
  table.append(head);
  const legend = make("p", "lesson-legend");
  legend.setAttribute("role", "status"); // the version shown, read out when chosen
  const buttons = [];
  const show = (row, button) => {
    box.show({ setup: scramble, moves: row.moves });
    // The inverse's solution is its version's turned round: its phase 1 comes last.
    markPhase1(box, row.phase1, row.inverse ? row.length - row.phase1 : 0);
    for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
    legend.textContent = `${button.textContent}: phase 1 (marked) ${row.phase1} moves, ${row.inverse ? "last" : "first"}; ${row.length} in all`;
    demo.dataset.shown = button.textContent;
  };
  for (const row of rows) {
    const tr = make("tr");
    const button = make("button", "md-button lesson-button", `${AXIS[row.up]} axis${row.inverse ? ", inverse" : ""}`);
    button.type = "button";
    button.addEventListener("click", () => show(row, button));
    buttons.push(button);
    const name = make("td");
    name.append(button);
    const phase2 = row.length - row.phase1;
    tr.append(name, make("td", "", String(row.phase1)), make("td", "", String(phase2)), make("td", "lesson-value", String(row.length)));
    tr.classList.toggle("is-best", row.length === shortest);
    table.append(tr);
  }
  demo.append(legend, table);
  const best = rows.findIndex((row) => row.length === shortest);
  show(rows[best], buttons[best]);
  demo.dataset.shortest = String(shortest);
  demo.dataset.state = "ready";
}

const setUps = { versions: versionsDemo, phases: phasesDemo, "h-view": hViewDemo, coordinates: coordinatesDemo, bound: boundDemo, ida: idaDemo };

/**
 * Sets a demo up; if it cannot run, it says why and offers to try again. The demos
 * share one Python: "Try again" sets up again every demo that could not run, and
 * asks again for every demo whose last answer failed (see askAgain).
 */
function start(demo) {
  const setUp = setUps[demo.dataset.lesson];
  setUp?.(demo).catch((error) => {
    const again = make("button", "md-button lesson-button", "Try again");
    again.type = "button";
    again.addEventListener("click", () => {
      for (const failed of document.querySelectorAll('[data-lesson][data-state="error"]')) {
        failed.replaceChildren();
        delete failed.dataset.state;
        start(failed);
      }
      const asks = [...askAgain.values()];
      askAgain.clear();
      for (const ask of asks) ask();
    });
    const why = withoutReload(error.message); // the button is here
    demo.replaceChildren(make("p", "cube-demo-error", `The demo could not run: ${why}`), again);
    demo.dataset.state = "error";
  });
}

for (const demo of lessons) start(demo);
