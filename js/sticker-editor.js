// The sticker editor of the cube player (site/cube/player.md): paint a real
// cube on a net (or on the 3D view) and hand it to the player once Python
// has said that such a cube can exist. Python decides; this module shows.

import { solvedStickers } from "./cube-view.js";

const UNKNOWN = 6;

/**
 * The editor inside `root` (the page's `<details class="player-editor">`).
 *
 *   const editor = createStickerEditor({ root, data, view, python,
 *     currentStickers: () => state, onCube: ({ stickers, state }) => …, onClose: () => … });
 *   editor.paint(place);   // a sticker clicked on the 3D view
 *
 * `onCube` receives a checked cube: its sticker colours (as face letters) and
 * its state (the page's 54 sticker ids); `onClose` runs when the editor is
 * closed, so the view can show the player's cube again.
 */
export function createStickerEditor({ root, data, view, python, currentStickers, onCube, onClose }) {
  const $ = (selector) => root.querySelector(selector);
  const $$ = (selector) => [...root.querySelectorAll(selector)];
  const FACES = data.faces;
  const SOLVED = solvedStickers();
  const editor = { colours: SOLVED.map((i) => Math.floor(i / 9)), paint: 0 };

  function build() {
    const palette = $(".player-palette");
    [...FACES].forEach((face, colour) => {
      const swatch = document.createElement("button");
      swatch.type = "button";
      swatch.className = "player-swatch";
      swatch.style.background = data.colours[face];
      swatch.setAttribute("role", "radio");
      swatch.setAttribute("aria-label", `colour of the ${face} centre`);
      swatch.addEventListener("click", () => {
        editor.paint = colour;
        for (const other of palette.children) other.setAttribute("aria-checked", "false");
        swatch.setAttribute("aria-checked", "true");
      });
      swatch.setAttribute("aria-checked", colour === 0 ? "true" : "false");
      palette.append(swatch);
    });
    // The net: U on top, then L F R B, then D (column, row of each face's corner).
    const origin = { U: [3, 0], L: [0, 3], F: [3, 3], R: [6, 3], B: [9, 3], D: [3, 6] };
    const net = $(".player-net");
    for (let place = 0; place < 54; place++) {
      const face = FACES[Math.floor(place / 9)];
      const [column, row] = origin[face];
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "player-cell";
      cell.dataset.place = String(place);
      cell.style.gridColumn = String(column + ((place % 9) % 3) + 1);
      cell.style.gridRow = String(row + Math.floor((place % 9) / 3) + 1);
      cell.setAttribute("aria-label", `${face}${(place % 9) + 1}`);
      cell.addEventListener("click", () => paint(place));
      net.append(cell);
    }
    show();
  }

  function show() {
    for (const cell of $$(".player-cell")) {
      const colour = editor.colours[Number(cell.dataset.place)];
      cell.style.background = colour === UNKNOWN ? "" : data.colours[FACES[colour]];
      cell.classList.toggle("unknown", colour === UNKNOWN);
    }
    if (root.open) view.setStickerColours(editor.colours.map((c) => (c === UNKNOWN ? 7 : c)));
  }

  function paint(place) {
    if (!root.open) return;
    editor.colours[place] = editor.paint;
    show();
  }

  root.addEventListener("toggle", () => {
    if (root.open) show();
    else onClose();
  });

  $('[data-action="editor-clear"]').addEventListener("click", () => {
    editor.colours = SOLVED.map((i) => (i % 9 === 4 ? Math.floor(i / 9) : UNKNOWN));
    show();
  });

  $('[data-action="editor-current"]').addEventListener("click", () => {
    editor.colours = currentStickers().map((id) => Math.floor(id / 9));
    show();
  });

  $('[data-action="editor-check"]').addEventListener("click", async () => {
    const stickers = editor.colours.map((c) => (c === UNKNOWN ? "?" : FACES[c])).join("");
    const message = $(".player-editor-message");
    const result = await python.call("check_stickers", { stickers });
    if (result.error) {
      message.textContent = result.error;
      message.dataset.kind = "error";
      return;
    }
    message.textContent = "";
    message.dataset.kind = "";
    root.open = false;
    onCube({ stickers, state: result.stickers });
  });

  build();
  return {
    paint,
    get open() {
      return root.open;
    },
  };
}
