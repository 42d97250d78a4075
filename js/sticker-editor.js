// The sticker editor of the cube player (site/cube/player.md): paint a real
// cube on a net (or on the 3D view) and hand it to the player once Python
// has said that such a cube can exist. Python decides (and words every
// message, in the colours painted); this module shows.

import { solvedStickers } from "./cube-view.js";

const UNKNOWN = 6; // a sticker not painted yet
const UNKNOWN_IN_VIEW = 7; // the view's grey
const UNPAINTED = "?"; // how check_stickers is told about one

// Where each face lies on the net: U on top, then L F R B, then D
// (column and row of the face's first sticker, in cells).
const ORIGIN = { U: [3, 0], L: [0, 3], F: [3, 3], R: [6, 3], B: [9, 3], D: [3, 6] };
const COLUMNS = 12;
const ROWS = 9;
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The editor inside `root` (the page's `<details class="player-editor">`).
 *
 *   const editor = createStickerEditor({ root, data, python, currentStickers: () => state,
 *     onCheck: () => …, onCube: ({ stickers, state }) => …, onShow: () => … });
 *   editor.paint(place);   // a sticker clicked on the 3D view
 *   editor.mend(stickers); // opens on stickers that are no real cube, to be mended
 *
 * `onCheck` runs as Check and use asks Python, before it asks: Python runs one call
 * at a time, so the page stops its own work there, whatever the answer will be.
 * `onCube` receives a cube Python accepted: its stickers (a face letter for
 * each place) and its state (the page's 54 sticker ids), after the editor has
 * closed. `onShow` runs whenever the editor opens or closes and whenever its
 * colours change: the page shows `editor.colours` while `editor.open`, its own
 * cube otherwise.
 */
export function createStickerEditor({ root, data, python, currentStickers, onCheck, onCube, onShow }) {
  const $ = (selector) => root.querySelector(selector);
  const FACES = data.faces;
  const SOLVED = solvedStickers();
  const names = data.colour_names ?? Object.fromEntries([...FACES].map((face) => [face, face]));
  const message = $(".player-editor-message");
  const checkButton = $('[data-action="editor-check"]');
  const editor = { colours: SOLVED.map((i) => Math.floor(i / 9)), paint: 0 };
  const swatches = [];
  const cells = []; // by place
  const cellAt = new Map(); // "column,row" -> cell

  // ------------------------------------------------------------ building

  function buildPalette() {
    const palette = $(".player-palette");
    [...FACES].forEach((face, colour) => {
      const swatch = document.createElement("button");
      swatch.type = "button";
      swatch.className = "player-swatch";
      swatch.style.background = data.colours[face];
      swatch.setAttribute("role", "radio");
      swatch.setAttribute("aria-label", names[face]);
      swatch.title = `${names[face]} (key ${colour + 1})`;
      swatch.addEventListener("click", () => choose(colour));
      palette.append(swatch);
      swatches.push(swatch);
    });
    palette.addEventListener("keydown", (event) => {
      const [dx, dy] = ARROWS[event.key] ?? [0, 0];
      if (!dx && !dy) return;
      event.preventDefault();
      choose((editor.paint + dx + dy + FACES.length) % FACES.length);
      swatches[editor.paint].focus();
    });
    choose(0);
  }

  function buildNet() {
    const net = $(".player-net");
    for (let place = 0; place < 54; place++) {
      const face = FACES[Math.floor(place / 9)];
      const [left, top] = ORIGIN[face];
      const column = left + ((place % 9) % 3);
      const row = top + Math.floor((place % 9) / 3);
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "player-cell";
      cell.dataset.place = String(place);
      cell.style.gridColumn = String(column + 1);
      cell.style.gridRow = String(row + 1);
      cell.tabIndex = place === 4 ? 0 : -1; // one tab stop; arrows move within the net
      cell.addEventListener("click", () => paint(place));
      cell.addEventListener("focus", () => {
        for (const other of cells) other.tabIndex = other === cell ? 0 : -1;
      });
      net.append(cell);
      cells.push(cell);
      cellAt.set(`${column},${row}`, cell);
    }
    net.addEventListener("keydown", (event) => {
      const [dx, dy] = ARROWS[event.key] ?? [0, 0];
      const cell = event.target.closest(".player-cell");
      if ((!dx && !dy) || !cell) return;
      event.preventDefault();
      next(cell, dx, dy)?.focus();
    });
  }

  /** The nearest cell from `cell` in a direction, jumping over the net's gaps. */
  function next(cell, dx, dy) {
    let column = Number(cell.style.gridColumn) - 1;
    let row = Number(cell.style.gridRow) - 1;
    for (;;) {
      column += dx;
      row += dy;
      if (column < 0 || column >= COLUMNS || row < 0 || row >= ROWS) return null;
      const found = cellAt.get(`${column},${row}`);
      if (found) return found;
    }
  }

  // ------------------------------------------------------------ showing

  function show() {
    cells.forEach((cell, place) => {
      const colour = editor.colours[place];
      const unknown = colour === UNKNOWN;
      cell.style.background = unknown ? "" : data.colours[FACES[colour]];
      cell.classList.toggle("unknown", unknown);
      const name = `${FACES[Math.floor(place / 9)]}${(place % 9) + 1}`;
      cell.setAttribute("aria-label", `${name}: ${unknown ? "not painted" : names[FACES[colour]]}`);
    });
    if (root.open) onShow();
  }

  function tell(text, kind = "", places = []) {
    message.textContent = text;
    message.dataset.kind = kind;
    const wrong = new Set(places);
    cells.forEach((cell, place) => cell.classList.toggle("wrong", wrong.has(place)));
  }

  function choose(colour) {
    editor.paint = colour;
    swatches.forEach((swatch, i) => {
      swatch.setAttribute("aria-checked", String(i === colour));
      swatch.tabIndex = i === colour ? 0 : -1;
    });
  }

  // ------------------------------------------------------------ changing

  function paint(place) {
    if (!root.open) return;
    editor.colours[place] = editor.paint;
    tell("");
    show();
  }

  function setColours(colours) {
    editor.colours = colours;
    tell("");
    show();
  }

  const painted = () => editor.colours.map((c) => (c === UNKNOWN ? UNPAINTED : FACES[c])).join("");

  async function check() {
    const stickers = painted();
    checkButton.disabled = true; // a disabled button loses the focus to the page
    tell("checking…");
    onCheck();
    let result;
    try {
      result = await python.call("check_stickers", { stickers, names, unpainted: UNPAINTED });
    } catch (error) {
      tell(error.name === "Cancelled" ? "stopped before the check was done" : error.message, "error");
      return;
    } finally {
      checkButton.disabled = false;
      // Back in the editor, so that its keys (Escape, the colours) are its own again.
      if (root.open && !root.contains(document.activeElement)) checkButton.focus();
    }
    // The answer is about the colours checked: closed since, the editor has gone back
    // to the cube; painted since, the colours need checking again.
    if (!root.open) return;
    if (painted() !== stickers) {
      tell("The colours were changed while they were checked: press Check and use again.");
      return;
    }
    if (result.error) {
      tell(result.error, "error", result.places);
      return;
    }
    tell("");
    const hadFocus = root.contains(document.activeElement);
    root.open = false;
    // The focus was inside what closed: it goes to the summary, not the page's top.
    if (hadFocus) root.querySelector("summary").focus();
    onCube({ stickers, state: result.stickers });
  }

  // ------------------------------------------------------------ events

  root.addEventListener("toggle", () => {
    onShow();
    if (root.open && checkButton.disabled) tell("You can paint now; Check and use works once Python has loaded.");
  });

  // Keys pressed in the open editor are the editor's: Space paints, arrows
  // move, 1 to 6 pick a colour, Escape closes it. The player (and the theme)
  // never see them, so a key here does not turn the cube or play the moves
  // behind the editor. Closed, only Space and Enter on its summary are its
  // own (they open it).
  root.addEventListener("keydown", (event) => {
    if (event.key === "Tab") return;
    if (!root.open) {
      if ((event.key === " " || event.key === "Enter") && event.target.matches("summary")) {
        event.stopPropagation();
      }
      return;
    }
    if (event.key === "Escape") {
      root.open = false;
      $("summary").focus();
    }
    const digit = Number(event.key);
    if (Number.isInteger(digit) && digit >= 1 && digit <= FACES.length && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      choose(digit - 1);
    }
    event.stopPropagation();
  });

  $('[data-action="editor-clear"]').addEventListener("click", () => {
    setColours(SOLVED.map((i) => (i % 9 === 4 ? Math.floor(i / 9) : UNKNOWN)));
  });

  $('[data-action="editor-current"]').addEventListener("click", () => {
    setColours(currentStickers().map((id) => Math.floor(id / 9)));
  });

  checkButton.addEventListener("click", check);

  Promise.resolve(python.ready).then(
    () => {
      if (message.textContent.startsWith("You can paint now")) tell("");
    },
    () => {},
  );

  buildPalette();
  buildNet();
  show();
  return {
    /** Paint one place (0..53) with the chosen colour, if the editor is open. */
    paint,
    /** Whether the editor is open (then the view shows the painted colours). */
    get open() {
      return root.open;
    },
    /** Opens the editor on `stickers` (54 face letters) that are no real cube, and
     * checks them: its message names the pieces by their colours and marks them. */
    mend(stickers) {
      setColours([...stickers].map((face) => FACES.indexOf(face)));
      // After the editor's own "toggle", which would speak over "checking…".
      if (root.open) check();
      else root.addEventListener("toggle", check, { once: true }), (root.open = true);
    },
    /** The painted colours, as the views take them (setStickerColours: 0..5 the faces', 7 not painted). */
    get colours() {
      return editor.colours.map((c) => (c === UNKNOWN ? UNKNOWN_IN_VIEW : c));
    },
  };
}
