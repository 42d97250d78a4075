// The live demo of "Checking a cube someone typed in" (site/cube/model.md).
//
//   <div class="cube-check-demo"></div>
//
// The 54 stickers on a net: a click gives a sticker the next colour. Buttons give a
// solved cube, a scrambled one, and the mistakes of someone copying a real cube: a
// corner twisted, an edge flipped, two edges swapped. Python decides
// (solvelab.web.check_stickers, as the player's sticker editor asks it) and words the
// answer in colour names; the stickers it names are marked. The demo's data-state
// is "ready" once Python has answered about the stickers shown.

import { applyMove, loadCubeData, solvedStickers } from "./cube-view.js";
import { PythonClient, loadingText, withoutReload } from "./python.js";

// Places in facelet order (U1..U9 are 0..8, R1 is 9, F1 18, D1 27, L1 36, B1 45).
const URF_CORNER = [8, 9, 20]; // U9, R1, F3
const UF_EDGE = [7, 19]; // U8, F2
const UR_EDGE = [5, 10]; // U6, R2
const TURNS = ["", "'", "2"];
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text; // text, never HTML
  return node;
}

/** The stickers after `n` random turns of the solved cube, as face letters. */
function scrambled(data, n = 25) {
  let state = solvedStickers();
  for (let i = 0; i < n; i++) {
    const face = data.faces[Math.floor(Math.random() * 6)];
    state = applyMove(state, face + TURNS[Math.floor(Math.random() * 3)], data);
  }
  return state.map((id) => data.faces[Math.floor(id / 9)]);
}

// What each button does to the stickers shown (a copy, as face letters).
const CHANGES = {
  "Solved": (_, data) => [...data.faces].flatMap((face) => Array(9).fill(face)),
  "Scramble": (_, data) => scrambled(data),
  "Twist a corner": (s) => {
    const [a, b, c] = URF_CORNER;
    [s[a], s[b], s[c]] = [s[c], s[a], s[b]];
    return s;
  },
  "Flip an edge": (s) => {
    const [a, b] = UF_EDGE;
    [s[a], s[b]] = [s[b], s[a]];
    return s;
  },
  "Swap two edges": (s) => {
    for (let k = 0; k < 2; k++) [s[UF_EDGE[k]], s[UR_EDGE[k]]] = [s[UR_EDGE[k]], s[UF_EDGE[k]]];
    return s;
  },
};

async function checkerDemo(demo) {
  const data = await loadCubeData();
  const names = data.colour_names;
  let stickers = CHANGES.Solved(null, data);
  const buttons = make("div", "lesson-buttons");
  const net = make("div", "cube-check-net");
  net.setAttribute("role", "group");
  net.setAttribute("aria-label", "The cube's stickers on a net: a click gives one the next colour; the arrow keys move between them");
  const message = make("p", "cube-check-message");
  message.setAttribute("role", "status");
  demo.append(buttons, net, message);

  // One Tab stop for the net, the arrow keys within it (a roving tabindex).
  const placeAt = new Map(data.net.map(([column, row], place) => [`${column},${row}`, place]));
  const cells = data.net.map(([column, row], place) => {
    const cell = make("button", "cube-check-sticker");
    cell.type = "button";
    cell.tabIndex = place === 4 ? 0 : -1; // U's centre
    cell.style.gridColumn = String(column + 1);
    cell.style.gridRow = String(row + 1);
    cell.addEventListener("click", () => {
      stickers[place] = data.faces[(data.faces.indexOf(stickers[place]) + 1) % 6];
      show();
    });
    cell.addEventListener("keydown", (event) => {
      const step = ARROWS[event.key];
      if (!step) return;
      event.preventDefault();
      let [c, r] = [column + step[0], row + step[1]];
      while (c >= 0 && r >= 0 && c < 12 && r < 9 && !placeAt.has(`${c},${r}`)) (c += step[0]), (r += step[1]);
      const next = cells[placeAt.get(`${c},${r}`)];
      if (!next) return;
      cell.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    });
    net.append(cell);
    return cell;
  });
  for (const [label, change] of Object.entries(CHANGES)) {
    const button = make("button", "md-button lesson-button", label);
    button.type = "button";
    button.addEventListener("click", () => {
      stickers = change([...stickers], data);
      show();
    });
    buttons.append(button);
  }

  function paint() {
    cells.forEach((cell, place) => {
      const face = stickers[place];
      cell.style.background = data.colours[face];
      cell.setAttribute("aria-label", `${data.faces[Math.floor(place / 9)]}${(place % 9) + 1}: ${names[face]}`);
      cell.classList.remove("is-named");
    });
  }

  let python = null;
  let asked = 0;
  /** Paints the stickers and asks Python about them. */
  async function show() {
    const number = ++asked;
    const text = stickers.join("");
    paint();
    delete demo.dataset.state;
    if (python?.status.stage === "error") python.restart(); // a change after a failed start
    if (!python) {
      message.textContent = "loading Python…";
      python = new PythonClient({
        onStatus: (status) => !demo.dataset.state && (message.textContent = loadingText(status)),
      });
    }
    let answer;
    try {
      await python.ready;
      answer = await python.call("check_stickers", { stickers: text, names });
    } catch (error) {
      if (number !== asked) return;
      message.textContent = `The check could not run: ${withoutReload(error.message)}. `;
      message.dataset.kind = "error";
      const again = make("button", "md-button lesson-button", "Try again");
      again.type = "button";
      again.addEventListener("click", show);
      message.append(again);
      demo.dataset.state = "error";
      return;
    }
    if (number !== asked) return; // the stickers changed meanwhile: their own answer follows
    for (const place of answer.places ?? []) cells[place].classList.add("is-named");
    message.textContent = answer.error
      ? `Not a real cube: ${answer.error}.`
      : "A real cube: every piece is there once, the twists and flips add up, and the parities agree, so moves can solve it.";
    message.dataset.kind = answer.error ? "error" : "";
    demo.dataset.stickers = text;
    demo.dataset.state = "ready";
  }
  // Python loads once the demo is in sight, not for every reader of the page.
  const sighted = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    sighted.disconnect();
    if (!python) show();
  });
  sighted.observe(demo);
  paint();
}

for (const demo of document.querySelectorAll(".cube-check-demo")) {
  checkerDemo(demo).catch((error) => {
    demo.replaceChildren(make("p", "cube-check-message", `The demo could not run: ${error.message}.`));
  });
}
