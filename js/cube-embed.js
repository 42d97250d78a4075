// Small animated cubes for the documentation pages.
//
//   <div class="cube-demo" data-setup="F R U" data-moves="R U R' U'"></div>
//
// Each such element gets a CubeView showing the cube after data-setup, a
// button that plays data-moves (from the setup position each time), and the
// moves, with the one playing highlighted. Canonical tokens only, separated
// by spaces; no Python is needed. data-hints="true" shows the hidden faces.

import { CubeView, applyMove, loadCubeData, solvedStickers } from "./cube-view.js";

const tokensOf = (text) => (text || "").trim().split(/\s+/).filter(Boolean);

function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

function setUpDemo(demo, data) {
  const moves = tokensOf(demo.dataset.moves);
  const setup = tokensOf(demo.dataset.setup).reduce(
    (state, token) => applyMove(state, token, data),
    solvedStickers(),
  );
  moves.forEach((token) => applyMove(setup, token, data)); // fail early on a bad token

  const canvas = element("canvas", "cube-demo-canvas");
  canvas.setAttribute("role", "img");
  const label = moves.length ? `A Rubik's cube; moves: ${moves.join(" ")}` : "A Rubik's cube";
  canvas.setAttribute("aria-label", label);
  demo.replaceChildren(canvas);
  const view = new CubeView(canvas, data, {
    dragToTurn: false,
    hints: demo.dataset.hints === "true",
  });
  view.jumpTo(setup);
  demo.cubeView = view;
  if (!moves.length) return;

  const controls = element("div", "cube-demo-controls");
  const button = element("button", "md-button cube-demo-play", "▶ Play");
  button.type = "button";
  const line = element("span", "cube-demo-moves");
  const spans = moves.map((token) => element("span", "cube-demo-move", token));
  spans.forEach((span, i) => line.append(...(i ? [" ", span] : [span])));
  controls.append(button, line);
  demo.append(controls);

  const mark = (index) =>
    spans.forEach((span, i) => span.classList.toggle("is-current", i === index));
  let run = 0;
  button.addEventListener("click", async () => {
    const thisRun = ++run;
    view.jumpTo(setup); // cancels a run still playing
    button.textContent = "↻ Replay";
    mark(0);
    const done = moves.map((token, i) =>
      view.turn(token).then((played) => {
        if (played && thisRun === run) mark(i + 1);
        return played;
      }),
    );
    await Promise.all(done);
  });
}

function showError(demo, error) {
  const message = `The cube cannot be shown: ${error.message}`;
  demo.replaceChildren(element("p", "cube-demo-error", message));
}

async function setUpAll() {
  const demos = [...document.querySelectorAll(".cube-demo:not([data-ready])")];
  if (!demos.length) return;
  demos.forEach((demo) => demo.setAttribute("data-ready", ""));
  let data;
  try {
    data = await loadCubeData();
  } catch (error) {
    demos.forEach((demo) => showError(demo, error));
    return;
  }
  for (const demo of demos) {
    try {
      setUpDemo(demo, data);
    } catch (error) {
      showError(demo, error);
    }
  }
}

setUpAll();
