// The cube unfolded, as an SVG net: each sticker place where Python's
// solvelab.cube.display.net puts it. assets/cube-data.json carries that layout
// ("net": [column, row] of each place), so this file knows no cube of its own.
//
//   const net = new NetView(container, await loadCubeData(), { onStickerClick });
//   net.setStickers(state);           // 54 sticker ids, as for CubeView
//   await net.turn("R", nextState);   // shows nextState; the stickers R moved flash
//   net.setStickerColours(colours);   // colours of its own at each place (a cube being painted)

import { applyMove, parseMoveToken, solvedStickers } from "./cube-view.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 10; // one sticker's cell, in SVG units
const GAP = 0.7; // between a sticker and the edge of its cell
const BODY = "#141416";
const UNKNOWN = "#8a8d91";
const UNKNOWN_INDEX = 7; // "unknown" among setStickerColours' indices, as in CubeView

function node(tag, attributes) {
  const item = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) item.setAttribute(name, value);
  return item;
}

function checkStickers(stickers) {
  const state = Array.from(stickers ?? []);
  if (state.length !== 54 || state.some((id) => !Number.isInteger(id) || id < 0 || id > 53)) {
    throw new Error("a cube state is 54 sticker ids, each 0..53");
  }
  return state;
}

/**
 * The net of the cube in `container`, as an <svg> as wide as the container.
 *
 * options:
 *   onStickerClick(place)  called with the sticker place (0..53) that was clicked
 *   speed                  milliseconds of a quarter turn's flash (default 180; 0: none)
 *   colours                a colour scheme, as for setColours()
 */
export class NetView {
  constructor(container, data, options = {}) {
    if (!Array.isArray(data?.net) || data.net.length !== 54) {
      throw new Error("NetView needs the cube data with its net (assets/cube-data.json)");
    }
    this.data = data;
    this.onStickerClick = options.onStickerClick ?? null;
    this.speed = options.speed ?? 180;
    this._colours = [...data.faces].map((face) => data.colours[face]);
    this._unknown = UNKNOWN;
    this._state = solvedStickers();
    this._painted = null; // the colours setStickerColours() shows, until the stickers are shown again
    this._mask = null;
    this._flashes = [];

    const columns = Math.max(...data.net.map(([column]) => column)) + 1;
    const rows = Math.max(...data.net.map(([, row]) => row)) + 1;
    const svg = node("svg", {
      viewBox: `0 0 ${columns * CELL} ${rows * CELL}`,
      class: "net-view",
      role: "img",
      "aria-label": "the cube, unfolded",
    });
    svg.style.cssText = "display: block; width: 100%; height: auto";
    svg.style.aspectRatio = `${columns} / ${rows}`;
    for (let face = 0; face < 6; face++) {
      const cells = data.net.slice(9 * face, 9 * face + 9);
      const [x, y] = [0, 1].map((k) => Math.min(...cells.map((cell) => cell[k])));
      const [right, bottom] = [0, 1].map((k) => Math.max(...cells.map((cell) => cell[k])) + 1);
      const box = { width: (right - x) * CELL, height: (bottom - y) * CELL };
      svg.append(node("rect", { x: x * CELL, y: y * CELL, ...box, rx: 1.5, fill: BODY }));
    }
    this._bodies = Array.from(svg.children);
    this._rects = data.net.map(([column, row], place) => {
      const size = CELL - 2 * GAP;
      const rect = node("rect", {
        x: column * CELL + GAP,
        y: row * CELL + GAP,
        width: size,
        height: size,
        rx: 1.4,
        "data-place": place,
      });
      svg.append(rect);
      return rect;
    });
    svg.addEventListener("click", (event) => {
      const place = event.target.closest?.("[data-place]")?.getAttribute("data-place");
      if (place != null) this.onStickerClick?.(Number(place));
    });
    this.svg = svg;
    container.append(svg);
    if (options.colours) this.setColours(options.colours);
    this._paint();
  }

  /** Change colours, as CubeView.setColours: keys face letters, "body" or "unknown". */
  setColours(map) {
    for (const [key, value] of Object.entries(map)) {
      if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(String(value).trim())) {
        throw new Error(`not a colour: ${JSON.stringify(value)} (use #rgb or #rrggbb)`);
      }
      const face = key.length === 1 ? this.data.faces.indexOf(key) : -1;
      if (key === "body") this._bodies.forEach((body) => body.setAttribute("fill", value));
      else if (key === "unknown") this._unknown = value;
      else if (face >= 0) this._colours[face] = value;
      else throw new Error(`setColours: unknown key ${JSON.stringify(key)}`);
    }
    this._paint();
  }

  /** The sticker ids shown (a copy). */
  get stickers() {
    return Array.from(this._state);
  }

  /** Show `stickers` (54 sticker ids) now, stopping a flash. */
  setStickers(stickers) {
    this._state = checkStickers(stickers);
    this._painted = null;
    this._stopFlash();
    this._paint();
  }

  /**
   * Show colours at the 54 places instead of the stickers' (0..5 the faces', 7 the
   * unknown grey, as CubeView.setStickerColours), for the sticker editor, until
   * setStickers() or turn() shows stickers again.
   */
  setStickerColours(colours) {
    const painted = Array.from(colours ?? []);
    const known = (c) => c === UNKNOWN_INDEX || (Number.isInteger(c) && c >= 0 && c < this._colours.length);
    if (painted.length !== 54 || !painted.every(known)) {
      throw new Error("setStickerColours needs 54 colour indices, 0..5 or 7");
    }
    this._painted = painted;
    this._stopFlash();
    this._paint();
  }

  /** Grey every sticker but those in `shown` (sticker ids; null shows them all), as CubeView. */
  setMask(shown) {
    this._mask = shown ? new Set(shown) : null;
    this._paint();
  }

  /**
   * Show the state after move `token` (`state`, or the current state moved by
   * `token`); the stickers the move carries fade in. Resolves to true when the
   * flash is over, false if setStickers() or another turn() cut it short.
   */
  turn(token, state) {
    const { name, turns } = parseMoveToken(token);
    const move = this.data.moves[name];
    if (!move) throw new Error(`the cube data has no move ${name}`);
    const next = state ? checkStickers(state) : applyMove(this._state, token, this.data);
    this._stopFlash();
    this._state = next;
    this._painted = null;
    this._paint();
    if (!(this.speed > 0)) return Promise.resolve(true);
    const duration = this.speed * (turns === 2 ? 1.5 : 1);
    const frames = [{ opacity: 0.2 }, { opacity: 1 }];
    this._flashes = move.permutation.flatMap((from, place) =>
      from === place ? [] : [this._rects[place].animate(frames, { duration, easing: "ease-in" })],
    );
    return Promise.all(this._flashes.map((flash) => flash.finished)).then(
      () => true,
      () => false,
    );
  }

  /** Take the net out of the page. */
  destroy() {
    this._stopFlash();
    this.svg.remove();
  }

  _stopFlash() {
    for (const flash of this._flashes.splice(0)) flash.cancel();
  }

  _paint() {
    this._rects.forEach((rect, place) => rect.setAttribute("fill", this._fill(place)));
  }

  _fill(place) {
    if (this._painted) {
      const colour = this._painted[place];
      return colour === UNKNOWN_INDEX ? this._unknown : this._colours[colour];
    }
    const id = this._state[place];
    const shown = !this._mask || this._mask.has(id);
    return shown ? this._colours[Math.floor(id / 9)] : this._unknown;
  }
}
