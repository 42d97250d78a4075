// Small animated cubes for the documentation pages.
//
//   <div class="cube-demo" data-setup="F R U" data-moves="R U R' U'"></div>
//
// Each such element gets a CubeView showing the cube after data-setup, a
// button that plays data-moves (from the setup position each time), and the
// moves, with the one playing highlighted. Canonical tokens only, separated
// by spaces; no Python is needed. data-hints="true" shows the hidden faces.
//
// The view, as in the player: data-camera="yaw,pitch,zoom" (e.g. "-20,30,1.4"),
// data-back-view="true" (the back, small, top right), data-net="true" (the 2D net
// below, turning with the cube), and data-anchor="end": the moves shown as the
// solution of a case (the demo starts from the moves undone, so they solve it).
//
// Optional, for teaching one stage at a time:
//   data-colours="U:#ffd500 D:#fff"  colours by face letter (as CubeView.setColours)
//   data-shown="U2 U4 U5"            only these stickers in colour, the others grey
//   data-grey="R1 R2 R3"             these stickers grey
// A sticker is named as on the solved cube: "U2" (face and number), a face
// letter alone for its nine, or its number 0..53 in facelet order; its
// colour follows its piece through the moves.
//
// From a script: `await embedDemo(element)` sets up one element (once) and
// returns it; then element.show({setup, moves, shown, grey, anchor, play}) changes
// what it shows (strings as in the attributes; play: true plays at once).
// While the moves play, element.dataset.state is "playing"; then "done".

import {
  CubeView,
  applyMove,
  cameraFromText,
  inverseToken,
  loadCubeData,
  solvedStickers,
} from "./cube-view.js";
import { NetView } from "./net-view.js";

const UNKNOWN = 7; // CubeView's palette index of grey
const tokensOf = (text) => (text || "").trim().split(/\s+/).filter(Boolean);

/** The fullscreen button's icon: four corners (as the player's, in player.md). */
const FULLSCREEN_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" ' +
  'fill="none" stroke="currentColor" stroke-width="2"><path d="M1 6V1h5M10 1h5v5M15 10v5h-5M6 15H1v-5"/></svg>';

function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** Sticker numbers (0..53) of names such as "U2", "R", "17" (see the top of this file). */
function stickersOf(text, data) {
  const numbers = [];
  for (const name of tokensOf(text)) {
    const face = data.faces.indexOf(name[0]);
    if (/^\d+$/.test(name) && Number(name) < 54) numbers.push(Number(name));
    else if (face >= 0 && name.length === 1) {
      for (let i = 0; i < 9; i++) numbers.push(face * 9 + i);
    } else if (face >= 0 && /^[1-9]$/.test(name.slice(1))) {
      numbers.push(face * 9 + Number(name[1]) - 1);
    } else throw new Error(`not a sticker: ${JSON.stringify(name)}`);
  }
  return new Set(numbers);
}

function parseColours(text) {
  const map = {};
  for (const pair of tokensOf(text)) {
    const [key, value] = pair.split(":");
    map[key] = value;
  }
  return map;
}

function setUpDemo(demo, data) {
  const canvas = element("canvas", "cube-demo-canvas");
  canvas.setAttribute("role", "img");
  demo.replaceChildren(canvas);
  const camera = demo.dataset.camera === undefined ? null : cameraFromText(demo.dataset.camera);
  if (camera === null && demo.dataset.camera !== undefined) {
    throw new Error(`data-camera is "yaw,pitch,zoom", not ${JSON.stringify(demo.dataset.camera)}`);
  }
  // Over the canvas's corner, as in the player: fullscreen and a picture of the view.
  const tools = element("div", "cube-demo-tools");
  const view = new CubeView(canvas, data, {
    controls: tools,
    dragToTurn: false,
    pageScroll: true, // a reading page: the wheel and upright swipes scroll it
    hints: demo.dataset.hints === "true",
    backView: demo.dataset.backView === "true",
    camera,
  });
  if (demo.dataset.colours) view.setColours(parseColours(demo.dataset.colours));
  demo.cubeView = view;
  const netBox = element("div", "cube-demo-net");
  const net = demo.dataset.net === "true" ? new NetView(netBox, data) : null;
  if (net && demo.dataset.colours) net.setColours(parseColours(demo.dataset.colours));
  demo.netView = net;
  const tool = (content, label, act) => {
    const toolButton = element("button", "cube-demo-tool");
    toolButton.append(content);
    toolButton.type = "button";
    toolButton.title = label;
    toolButton.setAttribute("aria-label", label);
    toolButton.addEventListener("click", act);
    tools.append(toolButton);
    return toolButton;
  };
  // Drawn, not a character: few fonts have ⛶ (U+26F6), and a missing one shows a box.
  const fullscreenIcon = new DOMParser().parseFromString(FULLSCREEN_ICON, "image/svg+xml").documentElement;
  // The whole demo, not its canvas alone: Play, the moves and the way out come along.
  const fullscreen = tool(fullscreenIcon, "Fullscreen", () =>
    document.fullscreenElement ? document.exitFullscreen() : demo.requestFullscreen().catch(() => {}),
  );
  document.addEventListener("fullscreenchange", () => {
    const label = document.fullscreenElement === demo ? "Exit fullscreen" : "Fullscreen";
    fullscreen.title = label;
    fullscreen.setAttribute("aria-label", label);
  });
  tool("⟲", "Reset the view", () => (camera ? (view.camera = camera) : view.resetCamera()));
  tool("⤓", "Save a picture", () => view.savePicture("solvelab-cube.png"));
  demo.append(tools);
  const controls = element("div", "cube-demo-controls");
  const button = element("button", "md-button cube-demo-play", "▶ Play");
  button.type = "button";
  const line = element("span", "cube-demo-moves");
  controls.append(button, line);

  let setup, moves, spans, colours, shown;
  let run = 0;
  const mark = (index) =>
    spans.forEach((span, i) => span.classList.toggle("is-current", i === index));
  const reset = () => {
    view.jumpTo(setup); // cancels a run still playing
    if (colours) view.setStickerColours(colours);
    net?.setStickers(setup);
    net?.setMask(shown && [...shown]);
  };

  const play = async () => {
    const thisRun = ++run;
    reset();
    button.textContent = "↻ Replay";
    demo.dataset.state = "playing";
    mark(0);
    let state = setup;
    const done = moves.map((token, i) =>
      view.turn(token).then((played) => {
        state = applyMove(state, token, data);
        if (played && thisRun === run) net?.setStickers(state);
        if (played && thisRun === run) mark(i + 1);
        return played;
      }),
    );
    const played = await Promise.all(done);
    if (thisRun === run && played.every(Boolean)) demo.dataset.state = "done";
  };
  button.addEventListener("click", play);

  demo.show = (options = {}) => {
    const next = tokensOf(options.moves);
    let start = tokensOf(options.setup).reduce(
      (state, token) => applyMove(state, token, data),
      solvedStickers(),
    );
    next.forEach((token) => applyMove(start, token, data)); // fail early on a bad token
    if (options.anchor === "end") {
      const undo = [...next].reverse().map(inverseToken);
      start = undo.reduce((state, token) => applyMove(state, token, data), start);
    }
    shown = null;
    if (options.shown) shown = stickersOf(options.shown, data);
    else if (options.grey) {
      const grey = stickersOf(options.grey, data);
      shown = new Set(solvedStickers().filter((id) => !grey.has(id)));
    }
    run += 1;
    setup = start;
    moves = next;
    colours = shown && setup.map((id) => (shown.has(id) ? Math.floor(id / 9) : UNKNOWN));
    const label = moves.length ? `A Rubik's cube; moves: ${moves.join(" ")}` : "A Rubik's cube";
    canvas.setAttribute("aria-label", label);
    spans = moves.map((token) => element("span", "cube-demo-move", token));
    line.replaceChildren();
    spans.forEach((span, i) => line.append(...(i ? [" ", span] : [span])));
    button.textContent = "▶ Play";
    delete demo.dataset.state;
    reset();
    if (moves.length) demo.append(controls);
    else controls.remove();
    if (net) demo.append(netBox);
    if (options.play && moves.length) play();
  };

  demo.show({
    setup: demo.dataset.setup,
    moves: demo.dataset.moves,
    shown: demo.dataset.shown,
    grey: demo.dataset.grey,
    anchor: demo.dataset.anchor,
  });
}

function showError(demo, error) {
  const message = `The cube cannot be shown: ${error.message}`;
  demo.replaceChildren(element("p", "cube-demo-error", message));
}

const setUps = new WeakMap();

/** Set up one demo element (once; later calls return the same promise). Resolves to it. */
export function embedDemo(demo) {
  if (!setUps.has(demo)) {
    demo.setAttribute("data-ready", "");
    const promise = loadCubeData().then(
      (data) => {
        try {
          setUpDemo(demo, data);
        } catch (error) {
          showError(demo, error);
          throw error;
        }
        return demo;
      },
      (error) => {
        showError(demo, error);
        throw error;
      },
    );
    setUps.set(demo, promise);
  }
  return setUps.get(demo);
}

const demos = document.querySelectorAll(".cube-demo:not([data-ready])");
// Errors are shown in the demo itself, not thrown.
demos.forEach((demo) => embedDemo(demo).catch(() => {}));
