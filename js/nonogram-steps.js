// The nonogram solver's step records (solvelab.nonogram.steps, as lists
// [kind, line, cell, value, [[cell, mask], ...], depth, [[cell, mask], ...]]: the
// last, a conflict's or a nogood's cells), replayed: the grid after any step, and
// what the step did in words. The Solve page's step mode and the
// chapter's demos (nonogram-demos.js) both show them.

import { CROSSED, FILLED, UNKNOWN } from "./nonogram-grid.js";

const SNAPSHOT_EVERY = 64; // steps between kept grids (any step is replayed from the one before it)

/** A grid cell (0 unknown, 1 filled, 2 crossed) from a solver's mask (1 empty, 2 filled). */
const cellOf = (mask) => (mask === 2 ? FILLED : mask === 1 ? CROSSED : UNKNOWN);

const where = (cell, width) => `row ${Math.floor(cell / width) + 1}, column ${(cell % width) + 1}`;
const lineName = (line, height) => (line < height ? `row ${line + 1}` : `column ${line - height + 1}`);
const cells = (n) => (n === 1 ? "1 cell" : `${n} cells`);
const MAX_NAMED = 4; // a nogood of more cells is not read out cell by cell

/** "row 2, column 3 filled and row 4, column 1 empty" (or "the 5 cells marked"). */
function cellValues(pairs, width) {
  if (pairs.length > MAX_NAMED) return `the ${pairs.length} cells marked`;
  return pairs.map(([i, mask]) => `${where(i, width)} ${mask === 2 ? "filled" : "empty"}`).join(" and ");
}

/** What a step did, in words. */
export function describe([kind, line, cell, value, changes, depth, pairs = []], width, height) {
  if (kind === "line") return `${lineName(line, height)}: the line solver fixes ${cells(changes.length)}`;
  if (kind === "probe") return `probing the cell at ${where(cell, width)} fixes ${cells(changes.length)}`;
  if (kind === "guess") {
    // Its changes: the guessed cell, what the guess forces, and the undoing of a branch left.
    const also = changes.length > 1 ? `; ${cells(changes.length)} change with it` : "";
    return `guess (depth ${depth}): the cell at ${where(cell, width)} ${value ? "filled" : "empty"}${also}`;
  }
  if (kind === "backtrack") return `the guess at depth ${depth} leads to a contradiction: back`;
  if (kind === "image") return "that solution mirrored or turned: the clues stay the same, so it is a solution too";
  if (kind === "conflict") {
    const what = line >= 0 ? `${lineName(line, height)} has no placement` : "a nogood learnt before is broken";
    const end = depth === 0 ? ": no guess made it" : ""; // the search ends here (see caption)
    return `contradiction: ${what} with ${cellValues(pairs, width)}${end}`;
  }
  if (kind === "learn") {
    const back = depth === 0 ? "back to no guess" : `back to depth ${depth}`;
    const [now, was] = value ? ["filled", "empty"] : ["empty", "filled"];
    const also = changes.length > 1 ? `; ${cells(changes.length)} change` : "";
    if (pairs.length === 1) return `nogood: ${where(cell, width)} is never ${was}; ${back}, where it is ${now}${also}`;
    const never =
      pairs.length > MAX_NAMED
        ? `the ${pairs.length} cells marked may never all be as they were`
        : `never ${cellValues(pairs, width)} together`;
    return `nogood: ${never}; ${back}, where it makes ${where(cell, width)} ${now}${also}`;
  }
  if (kind === "restart") return "restart: every guess undone, every nogood kept";
  return "a solution";
}

const ACCENT = [255, 171, 0]; // a line being solved
const RED = [220, 40, 40]; // a line that fails

/** What a step points at on a grid (a NonogramGrid's marks, markedLine and lineTint):
 * a conflict's cells ("wrong") and its failing line, a nogood's cells ("diff"), the
 * cell probed, guessed or forced ("hint"), the line being solved. */
export function stepMarks(step) {
  const marks = new Map();
  if (!step) return { marks, line: -1, tint: ACCENT };
  const [kind, line, cell, , , , pairs = []] = step;
  const failing = kind === "conflict";
  for (const [i] of pairs) marks.set(i, failing ? "wrong" : "diff");
  if (cell >= 0) marks.set(cell, "hint");
  return { marks, line: kind === "line" || failing ? line : -1, tint: failing ? RED : ACCENT };
}

/** The steps of one solve, with a grid kept every SNAPSHOT_EVERY steps. */
export class StepReplay {
  constructor(steps, width, height) {
    Object.assign(this, { steps, width, height });
    const grid = new Uint8Array(width * height).fill(3);
    this.snapshots = [grid.slice()];
    steps.forEach(([, , , , changes], k) => {
      for (const [i, mask] of changes) grid[i] = mask;
      if ((k + 1) % SNAPSHOT_EVERY === 0) this.snapshots.push(grid.slice());
    });
  }

  get length() {
    return this.steps.length;
  }

  /** The grid (cells: 0 unknown, 1 filled, 2 crossed) after `index` steps. */
  cellsAfter(index) {
    const from = Math.floor(index / SNAPSHOT_EVERY);
    const grid = this.snapshots[from].slice();
    for (let k = from * SNAPSHOT_EVERY; k < index; k++) for (const [i, mask] of this.steps[k][4]) grid[i] = mask;
    return Array.from(grid, cellOf);
  }

  /** "step 3 / 31: row 2: the line solver fixes 4 cells" */
  caption(index) {
    if (!index) return `step 0 / ${this.length}: the empty grid`;
    const step = this.steps[index - 1];
    const before = this.steps.slice(0, index - 1);
    let text = describe(step, this.width, this.height);
    if (step[0] === "solution" && before.some(([kind]) => kind === "solution" || kind === "image")) {
      text = "a second solution: the clues have more than one picture";
    }
    if (step[0] === "conflict" && step[5] === 0) {
      const solved = before.some(([kind]) => kind === "solution");
      text += solved ? ", so no other solution exists" : ", so there is no solution";
    }
    if (step[0] === "learn" && before.at(-1)?.[0] === "solution") {
      text = text.replace("nogood: ", "nogood from the solution, so that any other differs in a guess: ");
    }
    if (step[0] === "guess" && ["solution", "backtrack", "image"].includes(before.at(-1)?.[0])) {
      text = `back to depth ${step[5]}: ${text}`; // the branch ended: the next one at that depth
    }
    return `step ${index} / ${this.length}: ${text}`;
  }
}
