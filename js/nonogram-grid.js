// A nonogram drawn on a canvas: the grid, its clues (sticky at the left and top
// for large grids), thicker lines every 5 cells, the row and column under the
// pointer, a keyboard cursor, marks (wrong cells, hinted cells, a line) and
// zoom and pan. It is drawn in device pixels, so lines are crisp at any
// devicePixelRatio. With `brushes`, strokes follow the brush rules:
//
//   - the first cell decides: on an unknown cell the brush paints; on a cell of
//     the brush's kind it erases back to unknown; on the other kind it does nothing;
//   - the stroke is locked to the row or column through its first two cells;
//   - the right button (or a long press on touch) uses the other brush.
//
// Cells: 0 unknown, 1 filled, 2 crossed. onStroke([[cell, before, after], ...])
// reports a finished stroke (cells already changed); onChange() each cell change.
// onClue(line) reports a tap or click on a clue (line: rows first, then columns)
// and onClue(null) any other press on the canvas (see clueCut, clueRect).

export const UNKNOWN = 0;
export const FILLED = 1;
export const CROSSED = 2;
const LONG_PRESS_MS = 450;
// Legibility (CSS pixels). Clue numbers smaller than MIN_FONT are never drawn; a
// puzzle too big to show whole with numbers that size opens with cells of
// OPEN_CELL (more under a finger) and is panned, and "fit" (zoom 1) shows it
// whole with the clue strips folded (see #layout).
const MIN_FONT = 9;
const OPEN_CELL = 14;
const OPEN_CELL_TOUCH = 18;
const MAX_CELL = 64;

const css = (name, fallback) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

const CELLS_NAMED = 4; // cells named in a message; the rest are counted

/** Where cells are, in words ("row 2 column 4, row 3 column 1 and 2 more"), for
 * messages: marks on the canvas say it to the eye only. */
export function cellNames(cells, width) {
  const named = cells.slice(0, CELLS_NAMED).map((c) => `row ${Math.floor(c / width) + 1} column ${(c % width) + 1}`);
  const more = cells.length - named.length;
  return more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
}

/** Whether text is a game ID of Simon Tatham's Pattern (5x5:2/1.1/…), or a link to
 * one: the pages' link boxes read those as a file's text (pattern_id.py). */
export const isPatternId = (text) => /^(\S+#)?\d+(x\d+)?[:#]/.test(text);
/** What the Play and Edit pages' link box says of text that holds no puzzle. */
export const NO_PUZZLE_IN_THE_BOX = "That is neither a link to a puzzle (it has ?c=…) nor a Pattern game ID (15x15:… or 15:…).";

/** A seed as typed: a whole number of up to 15 digits (each one exact as a JavaScript
 * number, so the page says the seed it used), 0 or more as on the command line (Python's
 * random takes -7 for 7), or null. */
export const readSeed = (text) => (/^\d{1,15}$/.test(text.trim()) ? Number(text) : null);
export const SEED_RULE = "The seed must be a whole number, 0 or more, of up to 15 digits.";

/** Texts joined as sentences: each capitalised, ending in a full stop. */
export const sentences = (...texts) =>
  texts.map((text) => text[0].toUpperCase() + text.slice(1) + (/[.?!]$/.test(text) ? "" : ".")).join(" ");

/** A puzzle file's text (the pages' Open a file); rejects with the message to show when
 * it is too big or not UTF-8 text (as the command line says: its bytes are not echoed). */
export async function readTextFile(file) {
  if (file.size > 2_000_000) throw new Error(`${file.name}: the file is over 2 MB.`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch (error) {
    if (error.name !== "TypeError") throw error;
    throw new Error(`${file.name}: the file is not UTF-8 text.`);
  }
}

/** The runs of filled cells of a line, as a clue: [3, 1]. */
export function runsOf(cells) {
  const runs = [];
  let run = 0;
  for (const c of cells) {
    if (c === FILLED) run++;
    else if (run) runs.push(run), (run = 0);
  }
  if (run) runs.push(run);
  return runs;
}

export class NonogramGrid {
  constructor(canvas, { brushes = true, onStroke, onChange, onCursor, onClue } = {}) {
    this.canvas = canvas;
    // A canvas in main memory: a frame paints only a few small rectangles, which the
    // CPU does sooner than a round trip to the GPU (measured: `solvelab bench nonogram-pages`).
    this.ctx = canvas.getContext("2d", { willReadFrequently: true });
    this.brushes = brushes;
    this.onStroke = onStroke;
    this.onChange = onChange;
    this.onCursor = onCursor;
    this.onClue = onClue;
    this.brush = FILLED;
    this.cellWords = { [UNKNOWN]: "empty", [FILLED]: "filled", [CROSSED]: "crossed" }; // for a screen reader
    this.pan = { x: 0, y: 0 }; // device pixels the grid is scrolled by
    this.hover = null; // {row, col}
    this.cursor = null;
    this.marks = new Map(); // cell -> "wrong" | "hint" | "diff"
    this.markedLine = -1;
    // The marked line's tint: red for a line that fails; the chapter's step demos
    // mark the line being solved in the accent colour ([red, green, blue]).
    this.lineTint = [220, 40, 40];
    this.locked = false; // no input (solved, or a view only)
    this.greyDone = true; // grey a clue once its line has exactly its runs (off in the editor)
    this.clueRoom = { rows: 0, columns: 0 }; // at least this many numbers of room for clues
    this.setPuzzle({ width: 5, height: 5, rows: [], columns: [] });
    this.#listen();
    new ResizeObserver(() => this.draw()).observe(canvas);
    canvas.addEventListener("contextrestored", () => this.redraw()); // the browser dropped the canvas's pixels
  }

  setPuzzle({ width, height, rows, columns }, cells = null) {
    this.width = width;
    this.height = height;
    this.rows = rows.length ? rows : Array.from({ length: height }, () => []);
    this.columns = columns.length ? columns : Array.from({ length: width }, () => []);
    this.cells = cells ? Uint8Array.from(cells) : new Uint8Array(width * height);
    this.marks.clear();
    this.markedLine = -1;
    this.#zoom = null; // the opening view: legible numbers (see #layout)
    this.pan = { x: 0, y: 0 };
    this.cursor = null;
    this.draw();
  }

  setCells(cells) {
    this.cells = Uint8Array.from(cells);
    this.draw();
  }

  /** Whether line (rows first, then columns) has runs equal to its clue. */
  lineDone(line) {
    const { width, height, cells } = this;
    const clue = line < height ? this.rows[line] : this.columns[line - height];
    // the line's runs against the clue, as they come (every frame asks, for every line)
    const [start, step, length] = line < height ? [line * width, 1, width] : [line - height, width, height];
    let k = 0;
    let run = 0;
    for (let i = 0, at = start; i <= length; i++, at += step) {
      if (i < length && cells[at] === FILLED) run++;
      else if (run) {
        if (clue[k] !== run) return false;
        k++;
        run = 0;
      }
    }
    return k === clue.length;
  }

  lineCells(line) {
    const { width, height, cells } = this;
    if (line < height) return Array.from(cells.subarray(line * width, line * width + width));
    const col = line - height;
    return Array.from({ length: height }, (_, y) => cells[y * width + col]);
  }

  solved() {
    for (let line = 0; line < this.width + this.height; line++) if (!this.lineDone(line)) return false;
    return true;
  }

  // -- layout (device pixels) --------------------------------------------------

  /** The size of the whole picture in cells (the clues' numbers are 0.85 of a cell). */
  #extent() {
    const maxRow = Math.max(1, this.clueRoom.rows, ...this.rows.map((c) => c.length));
    const maxCol = Math.max(1, this.clueRoom.columns, ...this.columns.map((c) => c.length));
    return { maxRow, maxCol, across: this.width + maxRow * 0.85 + 0.5, down: this.height + maxCol * 0.85 + 0.5 };
  }

  /** The clue font and spacing for a cell size (device pixels), and the strips' full size. */
  #clueSizes(cell, dpr, maxRow, maxCol) {
    // about half a cell, but never under 11 px while the cell has room for it
    // (two digits side by side in a column, a number's height in a row)
    const font = Math.max(cell * 0.55, Math.min(cell * 0.72, 11 * dpr));
    const stepX = Math.max(cell * 0.85, font * 1.3);
    const stepY = Math.max(cell * 0.85, font * 1.1);
    return { font, stepX, stepY, fullW: Math.ceil(maxRow * stepX + cell * 0.4), fullH: Math.ceil(maxCol * stepY + cell * 0.4) };
  }

  /**
   * The cell size (device pixels) at zoom 1, "fit": the largest at which the whole
   * grid and all its clues, legible, fit the view; or, when there is none, the
   * largest at which the grid fits beside folded clue strips.
   */
  #fitCell(W, H, dpr, maxRow, maxCol) {
    const key = [W, H, dpr, maxRow, maxCol, this.width, this.height].join();
    if (this.#fitCache?.key === key) return this.#fitCache;
    const minFont = MIN_FONT * dpr;
    let cell = Math.min(Math.floor(W / (this.width + maxRow * 0.85 + 0.5)), Math.floor(H / (this.height + maxCol * 0.85 + 0.5)), Math.round(MAX_CELL * dpr));
    let fit = null;
    for (; cell >= 2; cell--) {
      const s = this.#clueSizes(cell, dpr, maxRow, maxCol);
      if (s.font < minFont) break;
      if (s.fullW <= W * 0.45 && s.fullH <= H * 0.45 && this.width * cell + 1 + s.fullW <= W && this.height * cell + 1 + s.fullH <= H) {
        fit = { key, cell, legible: true };
        break;
      }
    }
    if (!fit) {
      const { w, h } = this.#folded(dpr);
      let small = 2;
      while (this.#clueSizes(small + 1, dpr, 1, 1).font < minFont) small++; // the largest cell too small to read
      cell = Math.max(2, Math.min(small, Math.floor((W - w - 1) / this.width), Math.floor((H - h - 1) / this.height)));
      fit = { key, cell, legible: false };
    }
    this.#fitCache = fit;
    return fit;
  }
  #fitCache = null;

  /** The folded clue strips' size (device pixels): a progress tick a line, and a note. */
  #folded(dpr) {
    return { w: Math.round(8 * dpr), h: Math.round(20 * dpr) };
  }

  /** The opening cell size: the fit if it is legible, else a legible cell (bigger for a finger). */
  #openCell(dpr, fit) {
    if (fit.legible) return fit.cell;
    const touch = window.matchMedia?.("(pointer: coarse)").matches;
    return Math.max(fit.cell, Math.round((touch ? OPEN_CELL_TOUCH : OPEN_CELL) * dpr));
  }

  #layout() {
    const dpr = window.devicePixelRatio || 1;
    const cssW = this.canvas.clientWidth || 300;
    const cssH = this.canvas.clientHeight || 300;
    const W = Math.round(cssW * dpr);
    const H = Math.round(cssH * dpr);
    const { maxRow, maxCol, across, down } = this.#extent();
    const fit = this.#fitCell(W, H, dpr, maxRow, maxCol);
    const zoom = this.#zoom ?? this.#openCell(dpr, fit) / fit.cell;
    const cell = Math.max(2, Math.min(Math.round(fit.cell * zoom), Math.round(MAX_CELL * dpr)));
    // Clue numbers are drawn at MIN_FONT or more, or not at all. With cells too
    // small for that (zoomed out, or "fit" on a big puzzle), digits of
    // neighbouring lines would overlap into a grey blur; the strips fold instead
    // to a narrow band: a tick beside each line whose clue is satisfied, and a
    // note "zoom in to read the clues" above the grid. That keeps the whole
    // picture in view (what "fit" is for), and shows nothing that cannot be read.
    // Drawing the numbers at a legible size beside rows 4 px tall cannot keep
    // them aligned with their lines, so we do not try.
    const minFont = MIN_FONT * dpr;
    let clue;
    let clueW, clueH;
    const sized = this.#clueSizes(cell, dpr, maxRow, maxCol);
    if (sized.font < minFont) {
      ({ w: clueW, h: clueH } = this.#folded(dpr));
      clue = { folded: true, font: Math.round(11 * dpr), stepX: 0, stepY: 0 };
    } else {
      // Zoomed in (or on a phone), the strips take at most 45% of the view: the
      // numbers shrink to fit, down to MIN_FONT; past it the ones farthest from
      // the grid give way to "…" (pan or zoom out to see them whole).
      const capW = Math.floor(W * 0.45);
      const capH = Math.floor(H * 0.45);
      const fitX = (capW - cell * 0.4) / maxRow;
      const fitY = (capH - cell * 0.4) / maxCol;
      const font = Math.round(Math.max(minFont, Math.min(sized.font, fitX / 1.3, fitY / 1.1)));
      const stepX = Math.min(sized.stepX, Math.max(fitX, font * 1.3));
      const stepY = Math.min(sized.stepY, Math.max(fitY, font * 1.1));
      clueW = Math.min(Math.ceil(maxRow * stepX + cell * 0.4), capW);
      clueH = Math.min(Math.ceil(maxCol * stepY + cell * 0.4), capH);
      clue = { folded: false, font, stepX, stepY };
    }
    const gridW = cell * this.width + 1;
    const gridH = cell * this.height + 1;
    // Centre what fits, the clues beside the grid (cx, cy: where their strips
    // start); otherwise the clues stay at the edge and the pan is kept within bounds.
    const roomW = W - clueW;
    const roomH = H - clueH;
    let cx = 0;
    let cy = 0;
    let x0, y0;
    // The grid sits on whole device pixels, whatever the pan (crisp lines and cells).
    if (gridW <= roomW) (cx = Math.floor((roomW - gridW) / 2)), (x0 = cx + clueW), (this.pan.x = 0);
    else (this.pan.x = Math.min(0, Math.max(roomW - gridW, this.pan.x))), (x0 = clueW + Math.round(this.pan.x));
    if (gridH <= roomH) (cy = Math.floor((roomH - gridH) / 2)), (y0 = cy + clueH), (this.pan.y = 0);
    else (this.pan.y = Math.min(0, Math.max(roomH - gridH, this.pan.y))), (y0 = clueH + Math.round(this.pan.y));
    // thick lines every 5 cells; how far a clue's numbers may reach past its line
    const heavy = Math.max(2, Math.round(dpr * 1.5));
    const reach = clue.folded ? heavy + 1 : Math.max(heavy + 1, Math.ceil(clue.font - cell / 2) + 2);
    return { dpr, W, H, across, down, cell, zoom, fitCell: fit.cell, clue, clueW, clueH, cx, cy, x0, y0, gridW, gridH, roomW, heavy, reach, fits: gridW <= roomW && gridH <= roomH };
  }

  /** The view's layout in CSS pixels, for tests and tools. */
  view() {
    const L = this.#layout();
    const d = L.dpr;
    return {
      cell: L.cell / d, font: L.clue.folded ? 0 : L.clue.font / d, folded: L.clue.folded, zoom: L.zoom,
      fits: L.fits, clueW: L.clueW / d, clueH: L.clueH / d, gridW: L.gridW / d, gridH: L.gridH / d, W: L.W / d, H: L.H / d,
    };
  }

  /** The cell (row, col) at a client point, or null. */
  cellAt(clientX, clientY) {
    const L = this.#layout();
    const rect = this.canvas.getBoundingClientRect();
    const x = (clientX - rect.left) * L.dpr;
    const y = (clientY - rect.top) * L.dpr;
    if (x < L.cx + L.clueW || y < L.cy + L.clueH) return null;
    const col = Math.floor((x - L.x0) / L.cell);
    const row = Math.floor((y - L.y0) / L.cell);
    if (col < 0 || row < 0 || col >= this.width || row >= this.height) return null;
    return { row, col };
  }

  /** The centre of a cell in client (CSS) pixels relative to the canvas, for tests and tools. */
  cellCentre(row, col) {
    const L = this.#layout();
    return { x: (L.x0 + (col + 0.5) * L.cell) / L.dpr, y: (L.y0 + (row + 0.5) * L.cell) / L.dpr };
  }

  /** How many numbers of a clue its strip shows (rows or columns); past it, "…" and the nearest ones. */
  #room(L, row) {
    return row ? Math.floor((L.clueW - L.cell * 0.3) / L.clue.stepX) : Math.floor((L.clueH - L.cell * 0.3) / L.clue.stepY);
  }

  /** The line (rows first, then columns) whose clue is at a client point, or null. */
  clueLineAt(clientX, clientY) {
    const L = this.#layout();
    const rect = this.canvas.getBoundingClientRect();
    const x = (clientX - rect.left) * L.dpr;
    const y = (clientY - rect.top) * L.dpr;
    const inRows = x >= L.cx && x < L.cx + L.clueW && y >= L.cy + L.clueH && y < L.H;
    const inColumns = y >= L.cy && y < L.cy + L.clueH && x >= L.cx + L.clueW && x < L.W;
    if (inRows) {
      const row = Math.floor((y - L.y0) / L.cell);
      return row >= 0 && row < this.height ? row : null;
    }
    if (inColumns) {
      const col = Math.floor((x - L.x0) / L.cell);
      return col >= 0 && col < this.width ? this.height + col : null;
    }
    return null;
  }

  /** Whether a line's clue is shown cut ("…" for the numbers farthest from the grid) or folded. */
  clueCut(line) {
    const L = this.#layout();
    if (L.clue.folded) return true;
    const row = line < this.height;
    const clue = row ? this.rows[line] : this.columns[line - this.height];
    return Math.max(1, clue?.length ?? 0) > this.#room(L, row);
  }

  /** The box of a line's clue strip (row: its band in the left strip; column: in the top strip), CSS px from the canvas's corner. */
  clueRect(line) {
    const L = this.#layout();
    const d = L.dpr;
    if (line < this.height) return { x: L.cx / d, y: (L.y0 + line * L.cell) / d, w: L.clueW / d, h: L.cell / d };
    return { x: (L.x0 + (line - this.height) * L.cell) / d, y: L.cy / d, w: L.cell / d, h: L.clueH / d };
  }

  /** The zoom: 1 shows the whole puzzle ("fit"); the cell size is the fit's times this. */
  get zoom() {
    return this.#zoom ?? this.#layout().zoom;
  }
  set zoom(zoom) {
    this.setZoom(zoom);
  }
  #zoom = null; // null: the opening view

  /** Zooms, keeping the point under (clientX, clientY) (default: the middle of the view) where it is. */
  setZoom(zoom, clientX, clientY) {
    const before = this.#layout();
    const most = Math.max(1, Math.round(MAX_CELL * before.dpr) / before.fitCell);
    const rect = this.canvas.getBoundingClientRect();
    const px = clientX === undefined ? (before.cx + before.clueW + before.W) / 2 : (clientX - rect.left) * before.dpr;
    const py = clientY === undefined ? (before.cy + before.clueH + before.H) / 2 : (clientY - rect.top) * before.dpr;
    const u = (px - before.x0) / before.cell;
    const v = (py - before.y0) / before.cell;
    this.#zoom = Math.max(1, Math.min(most, zoom));
    const after = this.#layout();
    this.pan.x = px - after.clueW - u * after.cell;
    this.pan.y = py - after.clueH - v * after.cell;
    this.#layout(); // keeps the pan within bounds
    this.draw();
  }

  /** Shows the whole puzzle. */
  fit() {
    this.setZoom(1);
  }

  // -- drawing -----------------------------------------------------------------
  //
  // The canvas keeps what it shows between frames. Each frame compares the state
  // with what was painted last (#painted): after a change of layout (size, zoom,
  // pan, the clues' room, the theme) everything is painted again; otherwise only
  // the rectangles that changed (a cell, a clue line whose numbers or greying
  // changed, the old and new highlighted row and column, marks, the cursor). A
  // rectangle is painted with the same code as the whole canvas, clipped to it,
  // so a partial paint gives the same pixels as a full one (a test checks it).

  /** Asks for a frame: what changed since the last one is painted then. */
  draw() {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#draw();
    });
  }
  #frame = 0;

  /** Paints everything at the next frame, as if nothing were on the canvas. */
  redraw() {
    this.#painted = null;
    this.draw();
  }

  /** How many frames painted the whole canvas and how many only what changed (for tests and tools). */
  paints = { full: 0, partial: 0 };

  #painted = null; // what the canvas shows: {key, cells, marks, markedLine, lineTint, hover, cursor, clues, done}

  #colours(dark) {
    return {
      dark,
      paper: dark ? "#1e2129" : "#ffffff",
      ink: dark ? "#e8e8ee" : "#1b1d22",
      line: dark ? "#4a4f5c" : "#b8bcc8",
      thick: dark ? "#9aa0b0" : "#3a3f4b",
      done: dark ? "#5c6170" : "#b0b4c0",
      tick: dark ? "#66bb6a" : "#2e7d32",
      cross: dark ? "#8a90a0" : "#7a7f8c",
      hover: dark ? "rgba(120,140,255,0.16)" : "rgba(63,81,181,0.10)",
    };
  }

  /** What the picture depends on besides the layout, copied. */
  #snapshot() {
    const lines = this.width + this.height;
    const clues = new Array(lines);
    const done = new Uint8Array(lines);
    for (let line = 0; line < lines; line++) {
      const clue = line < this.height ? this.rows[line] : this.columns[line - this.height];
      clues[line] = clue ? clue.join(" ") : "";
      done[line] = this.greyDone && this.lineDone(line) ? 1 : 0;
    }
    return {
      cells: this.cells.slice(),
      marks: new Map(this.marks),
      markedLine: this.markedLine,
      lineTint: String(this.lineTint),
      hover: this.hover ? { ...this.hover } : null,
      cursor: this.cursor ? { ...this.cursor } : null,
      clues,
      done,
    };
  }

  /** Draws now (tests wait for the frame anyway). */
  #draw() {
    const { canvas } = this;
    // The stage takes the puzzle's shape (CSS caps its height): no empty band beside
    // the grid. Set before measuring, so that the first frame has the final size.
    const aspect = this.#aspect();
    if (canvas.parentElement && canvas.parentElement.style.getPropertyValue("--nono-aspect") !== aspect)
      canvas.parentElement.style.setProperty("--nono-aspect", aspect);
    const L = this.#layout();
    if (canvas.width !== L.W || canvas.height !== L.H) (canvas.width = L.W), (canvas.height = L.H), (this.#painted = null);
    const colours = this.#colours(document.body?.getAttribute("data-md-color-scheme") === "slate");
    const key = [L.W, L.H, L.cell, L.cx, L.cy, L.clueW, L.clueH, L.clue.font, L.clue.stepX, L.clue.stepY, L.clue.folded,
      this.width, this.height, colours.dark, this.cursor ? css("--md-accent-fg-color", "#ffab00") : ""].join();
    const now = { key, x0: L.x0, y0: L.y0, ...this.#snapshot() };
    const before = this.#painted;
    this.#painted = now;
    let rects = before && before.key === key ? this.#changed(L, before, now) : null;
    if (rects && (before.x0 !== L.x0 || before.y0 !== L.y0)) rects = this.#shift(L, L.x0 - before.x0, L.y0 - before.y0, rects);
    if (!rects || rects.length > 64) {
      this.paints.full++;
      return this.#paint(L, colours, null);
    }
    if (!rects.length) return;
    this.paints.partial++;
    for (const rect of rects) this.#paint(L, colours, rect);
  }

  /** The width : height of the whole picture (grid and clues), in cells. */
  #aspect() {
    const { across, down } = this.#extent();
    return (across / down).toFixed(3);
  }

  /**
   * A pan: moves what the canvas shows by (dx, dy) device pixels (the grid both
   * ways, the row clues up or down, the column clues sideways) and returns the
   * rectangles to paint then: the bands uncovered, and `rects`. Null for a pan so
   * far that painting everything is as quick.
   */
  #shift(L, dx, dy, rects) {
    const { ctx, canvas } = this;
    const gx = L.cx + L.clueW; // where the grid's part of the canvas starts
    const gy = L.cy + L.clueH;
    const gw = L.W - gx;
    const gh = L.H - gy;
    if (Math.abs(dx) > gw / 2 || Math.abs(dy) > gh / 2) return null;
    const move = (x, y, w, h, sx, sy) => {
      if (w <= 0 || h <= 0 || (!sx && !sy)) return;
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, w, h);
      ctx.clip();
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(canvas, x, y, w, h, x + sx, y + sy, w, h);
      ctx.restore();
    };
    move(gx, gy, gw, gh, dx, dy);
    move(L.cx, gy, L.clueW, gh, 0, dy);
    move(gx, L.cy, gw, L.clueH, dx, 0);
    // The bands that came in at the edges (what a clip cut at an edge before the
    // move lies in them after it, so they are all there is to paint).
    const bands = [];
    if (dx > 0) bands.push([gx, L.cy, dx, L.H - L.cy]);
    if (dx < 0) bands.push([L.W + dx, L.cy, -dx, L.H - L.cy]);
    if (dy > 0) bands.push([L.cx, gy, L.W - L.cx, dy]);
    if (dy < 0) bands.push([L.cx, L.H + dy, L.W - L.cx, -dy]);
    return [...bands, ...rects];
  }

  /** The rectangles (device pixels) that differ between two snapshots, or null for all. */
  #changed(L, a, b) {
    const { width, height } = this;
    const { cell, x0, y0 } = L;
    const m = L.heavy + 1; // the thick lines reach into the cells beside them
    const reach = L.reach; // how far a clue's numbers may reach past its line
    const rects = [];
    const cellRect = (i) => {
      const r = Math.floor(i / width);
      const c = i - r * width;
      rects.push([x0 + c * cell - m, y0 + r * cell - m, cell + 2 * m, cell + 2 * m]);
    };
    const rowBand = (r) => rects.push([L.cx, y0 + r * cell - reach, L.W - L.cx, cell + 2 * reach]);
    const colBand = (c) => rects.push([x0 + c * cell - reach, L.cy, cell + 2 * reach, L.H - L.cy]);
    const rowClue = (r) => rects.push([L.cx, y0 + r * cell - reach, L.clueW, cell + 2 * reach]);
    const colClue = (c) => rects.push([x0 + c * cell - reach, L.cy, cell + 2 * reach, L.clueH]);
    const lineBand = (line) => (line < height ? rowBand(line) : colBand(line - height));
    for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) {
      cellRect(i);
      if (rects.length > 64) return null;
    }
    for (const [i, mark] of a.marks) if (b.marks.get(i) !== mark) cellRect(i);
    for (const [i, mark] of b.marks) if (a.marks.get(i) !== mark) cellRect(i);
    if (rects.length > 64) return null;
    for (let line = 0; line < width + height; line++) {
      if (a.clues[line] === b.clues[line] && a.done[line] === b.done[line]) continue;
      if (line < height) rowClue(line);
      else colClue(line - height);
      if (rects.length > 64) return null;
    }
    if (a.markedLine !== b.markedLine || a.lineTint !== b.lineTint) for (const line of [a.markedLine, b.markedLine]) if (line >= 0) lineBand(line);
    if (a.hover?.row !== b.hover?.row) for (const h of [a.hover, b.hover]) if (h) rowBand(h.row);
    if (a.hover?.col !== b.hover?.col) for (const h of [a.hover, b.hover]) if (h) colBand(h.col);
    if (a.cursor?.row !== b.cursor?.row || a.cursor?.col !== b.cursor?.col)
      for (const c of [a.cursor, b.cursor]) if (c) cellRect(c.row * width + c.col);
    // whole pixels, within the canvas
    const out = [];
    for (const [x, y, w, h] of rects) {
      const left = Math.max(0, Math.floor(x));
      const top = Math.max(0, Math.floor(y));
      const right = Math.min(L.W, Math.ceil(x + w));
      const bottom = Math.min(L.H, Math.ceil(y + h));
      if (right > left && bottom > top) out.push([left, top, right - left, bottom - top]);
    }
    return out;
  }

  /** Paints the whole canvas (region null) or only a rectangle [x, y, w, h] of it. */
  #paint(L, colours, region) {
    const { ctx, width, height } = this;
    const { cell, x0, y0, heavy, reach } = L;
    const { paper, ink, line, thick, done, hover: hoverFill } = colours;
    const painted = this.#painted;
    const cells = painted.cells;
    const [rx, ry, rw, rh] = region ?? [0, 0, L.W, L.H];
    ctx.save();
    if (region) {
      ctx.beginPath();
      ctx.rect(rx, ry, rw, rh);
      ctx.clip();
    }
    ctx.fillStyle = paper;
    ctx.fillRect(rx, ry, rw, rh);
    // the rows and columns that are visible and meet the region (the cells, then
    // the clues, whose numbers may reach a little past their line)
    const span = (from, to, origin, count, pad) => [
      Math.max(0, Math.floor((from - pad - origin) / cell)),
      Math.min(count, Math.ceil((to + pad - origin) / cell)),
    ];
    const [c0, c1] = span(Math.max(rx, L.cx + L.clueW), Math.min(rx + rw, L.W), x0, width, 0);
    const [r0, r1] = span(Math.max(ry, L.cy + L.clueH), Math.min(ry + rh, L.H), y0, height, 0);
    ctx.save();
    ctx.beginPath();
    ctx.rect(L.cx + L.clueW, L.cy + L.clueH, L.W - L.cx - L.clueW, L.H - L.cy - L.clueH);
    ctx.clip();
    // hover row and column, marked line
    const hover = painted.hover;
    if (hover) {
      ctx.fillStyle = hoverFill;
      ctx.fillRect(x0, y0 + hover.row * cell, width * cell, cell);
      ctx.fillRect(x0 + hover.col * cell, y0, cell, height * cell);
    }
    const marked = painted.markedLine;
    if (marked >= 0) {
      ctx.fillStyle = `rgba(${this.lineTint},0.18)`;
      if (marked < height) ctx.fillRect(x0, y0 + marked * cell, width * cell, cell);
      else ctx.fillRect(x0 + (marked - height) * cell, y0, cell, height * cell);
    }
    // cells
    const pad = Math.max(1, Math.round(cell * 0.08));
    const markedPad = Math.max(2, Math.round(cell * 0.2));
    const m = Math.round(cell * 0.3);
    ctx.strokeStyle = colours.cross;
    ctx.lineWidth = Math.max(1, Math.round(cell / 14));
    for (let r = r0; r < r1; r++) {
      for (let c = c0; c < c1; c++) {
        const v = cells[r * width + c];
        const x = x0 + c * cell;
        const y = y0 + r * cell;
        const mark = painted.marks.size ? painted.marks.get(r * width + c) : undefined;
        if (mark) {
          ctx.fillStyle = mark === "wrong" ? "rgba(230,40,40,0.45)" : mark === "hint" ? "rgba(255,180,0,0.55)" : "rgba(0,160,255,0.40)";
          ctx.fillRect(x, y, cell, cell);
        }
        if (v === FILLED) {
          const p = mark ? markedPad : pad; // a marked cell's colour shows round its ink
          ctx.fillStyle = ink;
          ctx.fillRect(x + p, y + p, cell - 2 * p + 1, cell - 2 * p + 1);
        } else if (v === CROSSED) {
          ctx.beginPath();
          ctx.moveTo(x + m, y + m);
          ctx.lineTo(x + cell - m + 1, y + cell - m + 1);
          ctx.moveTo(x + cell - m + 1, y + m);
          ctx.lineTo(x + m, y + cell - m + 1);
          ctx.stroke();
        }
      }
    }
    // grid lines: 1 device pixel, 2 (or 3) every 5 cells, all on whole pixels
    const [lc0, lc1] = span(rx, rx + rw, x0, width, heavy + 1);
    const [lr0, lr1] = span(ry, ry + rh, y0, height, heavy + 1);
    for (let c = lc0; c <= lc1; c++) {
      const major = c % 5 === 0 || c === width;
      ctx.fillStyle = major ? thick : line;
      const w = major ? heavy : 1;
      ctx.fillRect(x0 + c * cell - (major ? Math.floor(w / 2) : 0), y0, w, height * cell + 1);
    }
    for (let r = lr0; r <= lr1; r++) {
      const major = r % 5 === 0 || r === height;
      ctx.fillStyle = major ? thick : line;
      const w = major ? heavy : 1;
      ctx.fillRect(x0, y0 + r * cell - (major ? Math.floor(w / 2) : 0), width * cell + 1, w);
    }
    // keyboard cursor
    const cursor = painted.cursor;
    if (cursor) {
      ctx.strokeStyle = css("--md-accent-fg-color", "#ffab00");
      ctx.lineWidth = Math.max(2, Math.round(cell / 10));
      const lw = ctx.lineWidth;
      ctx.strokeRect(x0 + cursor.col * cell + lw / 2, y0 + cursor.row * cell + lw / 2, cell - lw, cell - lw);
    }
    ctx.restore();
    // clues: row clues in the left strip, column clues in the top strip
    ctx.font = `${L.clue.font}px system-ui, sans-serif`;
    ctx.textBaseline = "middle";
    ctx.textAlign = "center";
    const { stepX, stepY, folded } = L.clue;
    const tick = Math.max(2, Math.round(3 * L.dpr)); // folded strips: a tick beside a satisfied line
    const gap = Math.max(1, Math.round(L.dpr));
    // the numbers of a clue that fit `room` slots: the ones nearest the grid, and "…" for the rest
    const shown = (clue, room) => {
      const list = clue.length ? clue : [0];
      return list.length <= room ? list : ["…", ...list.slice(list.length - Math.max(0, room - 1))];
    };
    if (rx < L.cx + L.clueW && ry + rh > L.cy + L.clueH) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(L.cx, L.cy + L.clueH, L.clueW, L.H - L.cy - L.clueH);
      ctx.clip();
      const [t0, t1] = span(Math.max(ry, L.cy + L.clueH), Math.min(ry + rh, L.H), y0, height, reach);
      for (let r = t0; r < t1; r++) {
        const clue = this.rows[r];
        const y = y0 + r * cell + cell / 2;
        if (hover?.row === r) (ctx.fillStyle = hoverFill), ctx.fillRect(L.cx, y0 + r * cell, L.clueW, cell);
        if (marked === r) (ctx.fillStyle = `rgba(${this.lineTint},0.25)`), ctx.fillRect(L.cx, y0 + r * cell, L.clueW, cell);
        if (folded) {
          if (painted.done[r]) (ctx.fillStyle = colours.tick), ctx.fillRect(L.cx + L.clueW - tick - gap, y0 + r * cell + 1, tick, cell - 1);
          continue;
        }
        ctx.fillStyle = painted.done[r] ? done : ink;
        const list = shown(clue, this.#room(L, true));
        list.forEach((n, i) => ctx.fillText(String(n), L.cx + L.clueW - cell * 0.3 - (list.length - 1 - i) * stepX - stepX / 2, y));
      }
      ctx.restore();
    }
    if (ry < L.cy + L.clueH && rx + rw > L.cx + L.clueW) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(L.cx + L.clueW, L.cy, L.W - L.cx - L.clueW, L.clueH);
      ctx.clip();
      const [t0, t1] = span(Math.max(rx, L.cx + L.clueW), Math.min(rx + rw, L.W), x0, width, reach);
      for (let c = t0; c < t1; c++) {
        const clue = this.columns[c];
        const x = x0 + c * cell + cell / 2;
        if (hover?.col === c) (ctx.fillStyle = hoverFill), ctx.fillRect(x0 + c * cell, L.cy, cell, L.clueH);
        if (marked === height + c) (ctx.fillStyle = `rgba(${this.lineTint},0.25)`), ctx.fillRect(x0 + c * cell, L.cy, cell, L.clueH);
        if (folded) {
          if (painted.done[height + c]) (ctx.fillStyle = colours.tick), ctx.fillRect(x0 + c * cell + 1, L.cy + L.clueH - tick - gap, cell - 1, tick);
          continue;
        }
        ctx.fillStyle = painted.done[height + c] ? done : ink;
        const list = shown(clue, this.#room(L, false));
        list.forEach((n, i) => ctx.fillText(String(n), x, L.cy + L.clueH - cell * 0.3 - (list.length - 1 - i) * stepY - stepY / 2));
      }
      if (folded) {
        // the note, at the middle of the grid if it fits the view, else once every
        // view's width (tied to the grid, so that a pan moves it with the columns)
        ctx.font = `${L.clue.font}px system-ui, sans-serif`;
        ctx.fillStyle = ink;
        const note = "zoom in (+) to read the clues";
        const y = L.cy + (L.clueH - tick - gap) / 2;
        if (L.fits) ctx.fillText(note, x0 + L.gridW / 2, y);
        else {
          const period = Math.max(L.roomW, ctx.measureText(note).width * 1.5);
          const k0 = Math.floor((L.cx + L.clueW - x0) / period) - 1;
          for (let k = k0; x0 + k * period < L.W + period; k++) ctx.fillText(note, x0 + (k + 0.5) * period, y);
        }
      }
      ctx.restore();
    }
    ctx.restore();
  }

  // -- input -------------------------------------------------------------------

  #stroke = null; // {brush, mode, first, axis, last, changes: Map, pointerId}
  #pointers = new Map(); // touch pointers, for two-finger pan and pinch
  #pinch = null;

  #set(cell, value) {
    const before = this.cells[cell];
    if (before === value) return;
    const entry = this.#stroke.changes.get(cell);
    if (entry) entry[2] = value;
    else this.#stroke.changes.set(cell, [cell, before, value]);
    this.cells[cell] = value;
    this.onChange?.();
  }

  #apply(row, col) {
    const s = this.#stroke;
    const cell = row * this.width + col;
    const v = this.cells[cell];
    if (s.mode === "paint" && v === UNKNOWN) this.#set(cell, s.brush);
    else if (s.mode === "erase" && v === s.brush) this.#set(cell, UNKNOWN);
  }

  /** Starts a stroke at a cell with a brush (1 fill, 2 cross). */
  startStroke(row, col, brush) {
    const v = this.cells[row * this.width + col];
    const mode = v === UNKNOWN ? "paint" : v === brush ? "erase" : "none";
    this.#stroke = { brush, mode, first: { row, col }, axis: null, last: { row, col }, changes: new Map() };
    this.#apply(row, col);
    this.draw();
  }

  /** Extends the stroke towards a cell: locked to the line of its first two cells. */
  moveStroke(row, col) {
    const s = this.#stroke;
    if (!s) return;
    if (!s.axis) {
      if (row === s.first.row && col === s.first.col) return;
      s.axis = Math.abs(col - s.first.col) >= Math.abs(row - s.first.row) ? "row" : "col";
    }
    if (s.axis === "row") row = s.first.row;
    else col = s.first.col;
    // every cell between the last one and this one (fast moves skip cells)
    const [from, to] = s.axis === "row" ? [s.last.col, col] : [s.last.row, row];
    const dir = Math.sign(to - from);
    for (let i = from; i !== to + dir && dir !== 0; i += dir) {
      if (s.axis === "row") this.#apply(row, i);
      else this.#apply(i, col);
    }
    if (dir === 0) this.#apply(row, col);
    s.last = { row, col };
    this.draw();
  }

  endStroke() {
    const s = this.#stroke;
    this.#stroke = null;
    if (s && s.changes.size) this.onStroke?.([...s.changes.values()].filter(([, b, a]) => b !== a));
  }

  #listen() {
    const canvas = this.canvas;
    canvas.addEventListener("contextmenu", (event) => event.preventDefault());
    let longPress = 0;
    let pending = null; // a touch waiting to know whether it is a long press
    canvas.addEventListener("pointerdown", (event) => {
      if (event.pointerType === "touch") {
        this.#pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (this.#pointers.size === 2) {
          // a second finger: pan and pinch, and no stroke
          clearTimeout(longPress);
          pending = null;
          if (this.#stroke) this.#undoStroke();
          this.#pinch = this.#twoFingers();
          return;
        }
      }
      if (this.locked || !this.brushes) return this.#startPan(event);
      if (event.button === 1 || (event.button === 0 && event.altKey)) return this.#startPan(event);
      const at = this.cellAt(event.clientX, event.clientY);
      if (!at) return;
      canvas.setPointerCapture(event.pointerId);
      const other = this.brush === FILLED ? CROSSED : FILLED;
      if (event.pointerType === "touch") {
        pending = at;
        longPress = setTimeout(() => {
          if (!pending) return;
          navigator.vibrate?.(20);
          this.startStroke(pending.row, pending.col, other);
          pending = null;
        }, LONG_PRESS_MS);
        return;
      }
      this.startStroke(at.row, at.col, event.button === 2 ? other : this.brush);
    });
    canvas.addEventListener("pointermove", (event) => {
      if (this.#pointers.has(event.pointerId)) {
        this.#pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (this.#pinch) return this.#movePinch();
      }
      if (this.#panning) return this.#movePan(event);
      const at = this.cellAt(event.clientX, event.clientY);
      if (pending && at && (at.row !== pending.row || at.col !== pending.col)) {
        clearTimeout(longPress);
        this.startStroke(pending.row, pending.col, this.brush);
        pending = null;
      }
      if (this.#stroke && at) this.moveStroke(at.row, at.col);
      if (event.pointerType !== "touch") {
        const same = at && this.hover && at.row === this.hover.row && at.col === this.hover.col;
        if (!same && (at || this.hover)) (this.hover = at), this.draw();
      }
    });
    const end = (event) => {
      this.#pointers.delete(event.pointerId);
      if (this.#pointers.size < 2) this.#pinch = null;
      if (this.#panning) this.#panning = null;
      clearTimeout(longPress);
      if (pending && event.type === "pointerup") this.startStroke(pending.row, pending.col, this.brush);
      pending = null;
      this.endStroke();
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    // A tap or click on a clue (a press that ends where it began, one finger):
    // onClue(line); any other press on the canvas, or a second finger: onClue(null).
    let tap = null; // {id, x, y, line}
    canvas.addEventListener("pointerdown", (event) => {
      const line = this.#pointers.size > 1 ? null : this.clueLineAt(event.clientX, event.clientY);
      tap = line === null ? null : { id: event.pointerId, x: event.clientX, y: event.clientY, line };
      if (line === null) this.onClue?.(null);
    });
    canvas.addEventListener("pointermove", (event) => {
      if (tap?.id === event.pointerId && Math.hypot(event.clientX - tap.x, event.clientY - tap.y) > 10) tap = null;
    });
    canvas.addEventListener("pointerup", (event) => {
      if (tap?.id === event.pointerId) this.onClue?.(tap.line);
      tap = null;
    });
    canvas.addEventListener("pointercancel", () => (tap = null));
    canvas.addEventListener("pointerleave", () => {
      if (this.hover) (this.hover = null), this.draw();
    });
    canvas.addEventListener(
      "wheel",
      (event) => {
        this.onClue?.(null); // the view moves on
        const L = this.#layout();
        if (event.ctrlKey || event.metaKey) {
          event.preventDefault();
          this.setZoom(this.zoom * (event.deltaY < 0 ? 1.15 : 1 / 1.15), event.clientX, event.clientY);
        } else if (!L.fits) {
          event.preventDefault();
          this.pan.x -= (event.shiftKey ? event.deltaY : event.deltaX) * L.dpr;
          this.pan.y -= (event.shiftKey ? 0 : event.deltaY) * L.dpr;
          this.draw();
        }
      },
      { passive: false },
    );
  }

  #undoStroke() {
    for (const [cell, before] of this.#stroke.changes.values()) this.cells[cell] = before;
    this.#stroke = null;
    this.onChange?.();
    this.draw();
  }

  #panning = null;
  #startPan(event) {
    this.canvas.setPointerCapture(event.pointerId);
    this.#panning = { x: event.clientX, y: event.clientY };
  }
  #movePan(event) {
    const dpr = window.devicePixelRatio || 1;
    this.pan.x += (event.clientX - this.#panning.x) * dpr;
    this.pan.y += (event.clientY - this.#panning.y) * dpr;
    this.#panning = { x: event.clientX, y: event.clientY };
    this.draw();
  }
  #twoFingers() {
    const [a, b] = [...this.#pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom: this.zoom };
  }
  #movePinch() {
    const now = this.#twoFingers();
    const dpr = window.devicePixelRatio || 1;
    this.pan.x += (now.x - this.#pinch.x) * dpr;
    this.pan.y += (now.y - this.#pinch.y) * dpr;
    this.setZoom(this.#pinch.zoom * (now.d / this.#pinch.d), now.x, now.y);
    this.#pinch = { ...now, d: this.#pinch.d, zoom: this.#pinch.zoom };
  }

  /** Sets one cell to `value` as a stroke of its own (keyboard): undoable like any
   * stroke. Unlike a brush, a key sets whatever the cell holds: F on a crossed cell
   * fills it, and F on a filled one leaves it filled (Backspace clears). */
  mark(row, col, value) {
    this.#stroke = { changes: new Map() };
    this.#set(row * this.width + col, value);
    this.draw();
    this.endStroke();
  }

  /** Keyboard: arrows move the cursor; returns true if the key was used. */
  key(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      const [dr, dc] = moves[event.key];
      const c = this.cursor ?? { row: 0, col: 0 };
      const next = this.cursor
        ? { row: Math.max(0, Math.min(this.height - 1, c.row + dr)), col: Math.max(0, Math.min(this.width - 1, c.col + dc)) }
        : c;
      this.cursor = next;
      this.#scrollTo(next);
      if (this.#stroke) this.moveStroke(next.row, next.col);
      this.onCursor?.(next);
      this.draw();
      return true;
    }
    return false;
  }

  #scrollTo({ row, col }) {
    const L = this.#layout();
    const x = L.x0 + col * L.cell;
    const y = L.y0 + row * L.cell;
    if (x < L.clueW) this.pan.x += L.clueW - x;
    if (x + L.cell > L.W) this.pan.x -= x + L.cell - L.W;
    if (y < L.clueH) this.pan.y += L.clueH - y;
    if (y + L.cell > L.H) this.pan.y -= y + L.cell - L.H;
  }
}

/**
 * A page's controls for its grid (Play and Edit): under ``root``, a button with
 * data-brush picks the grid's brush, and one with data-action calls that action,
 * of ``actions`` or the zooms (zoom-in, zoom-out, zoom-fit); an action that fails
 * goes to ``failed(error)``. Then the keys (see listenForKeys).
 */
export function listenForControls(root, grid, actions, failed) {
  const all = {
    "zoom-in": () => grid.setZoom(grid.zoom * 1.5),
    "zoom-out": () => grid.setZoom(grid.zoom / 1.5),
    "zoom-fit": () => grid.fit(), // the whole puzzle (a big one opens zoomed in, to read its clues)
    ...actions,
  };
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.brush) {
      grid.brush = Number(button.dataset.brush);
      for (const b of root.querySelectorAll("[data-brush]")) b.setAttribute("aria-pressed", String(b === button));
      return;
    }
    const action = all[button.dataset.action];
    if (action) Promise.resolve(action()).catch(failed);
  });
  listenForKeys(grid, all);
}

/** What a screen reader says as the keyboard cursor moves or marks a cell (the grid
 * is a canvas, a picture to it): the cell, its state and its two lines' clues, in a
 * polite live region under the canvas. Returns the function that says it. */
function announcer(grid) {
  const region = document.createElement("p");
  region.className = "nono-announce";
  region.setAttribute("aria-live", "polite");
  grid.canvas.after(region);
  const clue = (numbers) => (numbers?.length ? numbers.join(" ") : "0");
  return () => {
    const c = grid.cursor;
    if (!c) return;
    const state = grid.cellWords[grid.cells[c.row * grid.width + c.col]] ?? "";
    region.textContent =
      `Row ${c.row + 1}, column ${c.col + 1}: ${state}. ` +
      `Row clue ${clue(grid.rows[c.row])}; column clue ${clue(grid.columns[c.col])}.`;
  };
}

/**
 * A page's keys for its grid: the grid's own (the cursor), then f, Space or Enter
 * fills, x crosses, Backspace or Delete clears the cell under the cursor, and
 * Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) call actions.undo() and actions.redo(). The
 * keys go no further: the site's theme would take F, S and / for its search.
 */
function listenForKeys(grid, actions) {
  const announce = announcer(grid);
  grid.canvas.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (grid.key(event)) return event.preventDefault(), event.stopPropagation(), announce();
    const c = grid.cursor;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key; // F with Shift or Caps Lock too
    const value = { f: FILLED, " ": FILLED, Enter: FILLED, x: CROSSED, Backspace: UNKNOWN, Delete: UNKNOWN }[key];
    if (value === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // the grid's key even when it does nothing (the search would take F)
    if (grid.locked) return;
    if (!c) {
      // After a click no cursor shows: the key shows it first, as an arrow does.
      grid.cursor = { row: 0, col: 0 };
      grid.draw();
    } else grid.mark(c.row, c.col, value);
    announce();
  });
  // F or X pressed with nothing focused (after a click beside the grid, or on the
  // page's text) is meant for the grid, not the theme's search (which F opens): it
  // takes the grid the focus and shows its cursor, as a first key does after a click.
  document.addEventListener("keydown", (event) => {
    if (event.target !== document.body || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!["f", "x"].includes(event.key.toLowerCase()) || !grid.canvas.checkVisibility()) return;
    event.preventDefault();
    event.stopPropagation();
    grid.canvas.focus();
    if (!grid.cursor) (grid.cursor = { row: 0, col: 0 }), grid.draw();
    announce();
  });
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.closest("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) actions.undo(), event.preventDefault(), announce();
    else if (key === "y" || (key === "z" && event.shiftKey)) actions.redo(), event.preventDefault(), announce();
  });
  grid.canvas.addEventListener("focus", () => {
    // the cursor shows for the keyboard (Tab), not for a click
    if (!grid.cursor && grid.canvas.matches(":focus-visible")) (grid.cursor = { row: 0, col: 0 }), grid.draw();
    announce();
  });
}
