// The cube player page (site/cube/player.md): scramble, turn, type, paint,
// solve and play back. Python (in the worker) parses, checks and solves; this
// module only shows. The state is always the setup plus a list of moves, so
// every step can be reached and the address bar can hold it all.

import {
  CubeView,
  applyMove,
  loadCubeData,
  parseMoveToken,
  solvedStickers,
  tokenForKey,
} from "./cube-view.js";
import { PythonClient } from "./python.js";
import { createStickerEditor } from "./sticker-editor.js";

const root = document.querySelector(".solvelab-player");
const $ = (selector) => root.querySelector(selector);
const $$ = (selector) => [...root.querySelectorAll(selector)];

const data = await loadCubeData();
const FACES = data.faces;
const SOLVED = solvedStickers();
const SOLVE_SECONDS = 3;
// The link the page was opened with; read once Python can parse it.
const linked = new URLSearchParams(location.search);
let linkRead = linked.size === 0;

const view = new CubeView($(".player-canvas"), data, {
  onMove: (token) => turnFreely(token),
  onStickerClick: (place) => stickerEditor.paint(place),
});

// The setup is either moves from a solved cube or stickers typed in by hand.
const player = {
  setup: { moves: [], stickers: null },
  setupState: SOLVED,
  alg: [],
  states: [SOLVED],
  step: 0,
  playing: false,
  bestSolution: null,
};

// ---------------------------------------------------------------- state

function inverseToken(token) {
  const { name, turns } = parseMoveToken(token);
  return name + { 1: "'", 2: "2", 3: "" }[turns];
}

function recompute() {
  player.states = [player.setupState];
  for (const token of player.alg) {
    player.states.push(applyMove(player.states[player.states.length - 1], token, data));
  }
}

function setSetup({ moves = [], stickers = null, state }) {
  player.setup = { moves, stickers };
  player.setupState = state ?? moves.reduce((s, token) => applyMove(s, token, data), SOLVED);
  setAlg([], 0);
}

function setAlg(alg, step = 0) {
  stopPlaying();
  player.alg = alg;
  recompute();
  player.step = Math.min(step, alg.length);
  view.jumpTo(player.states[player.step]);
  refresh();
}

// Turns made by hand (keys, buttons, dragging) replace the moves after this step.
function turnFreely(token) {
  stopPlaying();
  player.alg = [...player.alg.slice(0, player.step), token];
  player.states = [...player.states.slice(0, player.step + 1)];
  player.states.push(applyMove(player.states[player.step], token, data));
  player.step += 1;
  view.turn(token);
  refresh();
}

// ------------------------------------------------------------- playback

function forward() {
  if (player.step >= player.alg.length) return Promise.resolve();
  const token = player.alg[player.step];
  player.step += 1;
  refresh();
  return view.turn(token);
}

function back() {
  if (player.step === 0) return;
  player.step -= 1;
  view.turn(inverseToken(player.alg[player.step]));
  refresh();
}

function jump(step) {
  stopPlaying();
  player.step = Math.max(0, Math.min(step, player.alg.length));
  view.jumpTo(player.states[player.step]);
  refresh();
}

async function play() {
  if (player.playing) return stopPlaying();
  if (player.step >= player.alg.length) jump(0);
  player.playing = true;
  refresh();
  while (player.playing && player.step < player.alg.length) await forward();
  player.playing = false;
  refresh();
}

function stopPlaying() {
  player.playing = false;
}

// ------------------------------------------------------------------- UI

function refresh() {
  const { alg, step } = player;
  const scrubber = $(".player-scrubber");
  scrubber.max = String(alg.length);
  scrubber.value = String(step);
  $(".player-step").textContent = `${step} / ${alg.length}`;
  $('[data-action="play"]').textContent = player.playing ? "❚❚" : "▶";
  const list = $(".player-moves");
  list.replaceChildren(
    ...alg.map((token, i) => {
      const item = document.createElement("li");
      const link = document.createElement("button");
      link.type = "button";
      link.textContent = token;
      link.addEventListener("click", () => jump(i + 1));
      item.append(link);
      if (i === step - 1) item.classList.add("current");
      if (i >= step) item.classList.add("ahead");
      return item;
    }),
  );
  writeAddress();
}

function say(text, kind = "") {
  const message = $(".player-message");
  message.textContent = text;
  message.dataset.kind = kind;
}

function writeAddress() {
  if (!linkRead) return; // keep the link until it has been read
  const params = new URLSearchParams();
  if (player.setup.stickers) params.set("stickers", player.setup.stickers);
  else if (player.setup.moves.length) params.set("setup", player.setup.moves.join(" "));
  if (player.alg.length) params.set("alg", player.alg.join(" "));
  if (player.alg.length && player.step !== player.alg.length) params.set("step", String(player.step));
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
}

// Link text is read by Python's parser, never inserted as HTML.
async function readAddress() {
  const params = linked;
  try {
    if (params.has("stickers")) {
      const checked = await python.call("check_stickers", { stickers: params.get("stickers") });
      if (checked.error) throw new Error(`the link's cube: ${checked.error}`);
      setSetup({ stickers: params.get("stickers"), state: checked.stickers });
    } else if (params.has("setup")) {
      setSetup({ moves: await parsed(params.get("setup"), "the link's scramble") });
    }
    if (params.has("alg")) {
      const alg = await parsed(params.get("alg"), "the link's moves");
      const step = params.has("step") ? Number.parseInt(params.get("step"), 10) : alg.length;
      setAlg(alg, Number.isFinite(step) ? step : alg.length);
    }
  } catch (error) {
    say(error.message, "error");
  }
  linkRead = true;
  writeAddress();
}

async function parsed(text, what) {
  const result = await python.call("parse", { text });
  if (result.error) throw new Error(`${what}: ${result.error}`);
  return result.moves;
}

// ---------------------------------------------------------------- Python

function showPythonStatus(status) {
  const box = $(".player-python");
  const text = $(".player-python-text");
  const bar = $(".player-python-progress");
  if (status.stage === "ready") {
    box.hidden = true;
    for (const button of $$("[data-needs-python]")) {
      button.disabled = false;
      button.removeAttribute("title");
    }
    return;
  }
  box.hidden = false;
  text.textContent = status.stage === "tables" ? "downloading the solver's tables…" : "loading Python…";
  if (status.total) {
    bar.max = status.total;
    bar.value = status.loaded ?? 0;
  } else {
    bar.removeAttribute("value");
  }
}

for (const button of $$("[data-needs-python]")) {
  button.disabled = true;
  button.title = "loading Python…";
}
const python = new PythonClient({ onStatus: showPythonStatus });

async function busy(work) {
  const stop = $('[data-action="stop"]');
  stop.disabled = false;
  try {
    return await work();
  } finally {
    stop.disabled = true;
    $(".player-python").hidden = true;
  }
}

async function scramble(method) {
  say("scrambling…");
  try {
    const result = await busy(() => python.call(method, {}, { onProgress: showProgress }));
    setSetup({ moves: result.moves });
    say(`Scramble (${result.moves.length} moves): ${result.moves.join(" ")}`);
  } catch (error) {
    say(error.name === "Cancelled" ? "stopped" : error.message, "error");
  }
}

function showProgress(progress) {
  if (progress.stage === "tables") showPythonStatus(progress);
  if (progress.moves) {
    player.bestSolution = progress.moves;
    say(`Found ${progress.length} moves: ${progress.moves.join(" ")} — looking for shorter…`);
  }
}

async function solve() {
  stopPlaying();
  const state = player.states[player.step];
  player.bestSolution = null;
  say("solving…");
  let solution = null;
  try {
    const result = await busy(() =>
      python.call(
        "solve",
        { stickers: state, time_limit: SOLVE_SECONDS, target: 20 },
        { onProgress: showProgress },
      ),
    );
    if (result.error) return say(result.error, "error");
    solution = result.moves;
  } catch (error) {
    if (error.name !== "Cancelled") return say(error.message, "error");
    solution = player.bestSolution;
    if (!solution) return say("stopped before any solution was found", "error");
  }
  rebaseOnCurrentStep();
  setAlg(solution, 0);
  say(`Solution (${solution.length} moves): ${solution.join(" ")}`);
  play();
}

// Make the state shown the new setup, so that the solution starts from it.
function rebaseOnCurrentStep() {
  const { setup, alg, step, states } = player;
  if (setup.stickers) {
    const stickers = states[step].map((id) => FACES[Math.floor(id / 9)]).join("");
    player.setup = { moves: [], stickers };
  } else {
    player.setup = { moves: [...setup.moves, ...alg.slice(0, step)], stickers: null };
  }
  player.setupState = states[step];
}

// -------------------------------------------------------------- notation

function showNotationError(result, text) {
  const box = $(".player-notation-error");
  const area = $("#player-alg");
  if (!result) {
    box.hidden = true;
    return;
  }
  const lineStart = text.lastIndexOf("\n", result.position - 1) + 1;
  const lineEnd = text.indexOf("\n", result.position);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  const caret = " ".repeat(result.position - lineStart) + "^".repeat(result.length);
  box.textContent = `${line}\n${caret}\n${result.error}`;
  box.hidden = false;
  area.focus();
  area.setSelectionRange(result.position, result.position + result.length);
}

async function readNotation() {
  const text = $("#player-alg").value;
  const result = await python.call("parse", { text });
  showNotationError(result.error ? result : null, text);
  return result.error ? null : result.moves;
}

$(".player-notation").addEventListener("submit", async (event) => {
  event.preventDefault();
  const moves = await readNotation();
  if (!moves) return;
  rebaseOnCurrentStep();
  setAlg(moves, 0);
  play();
});

$('[data-action="as-setup"]').addEventListener("click", async () => {
  const moves = await readNotation();
  if (moves) setSetup({ moves });
});

// ------------------------------------------------------------ controls

function buildTurnButtons() {
  const box = $(".player-turns");
  for (const face of FACES) {
    for (const suffix of ["", "'", "2"]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = face + suffix;
      button.addEventListener("click", () => turnFreely(face + suffix));
      box.append(button);
    }
  }
}

const actions = {
  scramble: () => scramble("random_state_scramble"),
  "random-moves": () => scramble("random_moves_scramble"),
  solve,
  stop: () => {
    python.restart();
    say("stopped");
  },
  reset: () => {
    setSetup({});
    say("");
  },
  start: () => jump(0),
  back,
  play,
  forward: () => {
    stopPlaying();
    forward();
  },
  end: () => jump(player.alg.length),
  share: async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      say("Link copied.");
    } catch {
      say(`Link: ${location.href}`);
    }
  },
};

for (const button of $$("[data-action]")) {
  const action = actions[button.dataset.action];
  if (action) button.addEventListener("click", action);
}

$(".player-scrubber").addEventListener("input", (event) => jump(Number(event.target.value)));
// The slider runs from slow to fast; the view wants milliseconds per quarter turn.
const setSpeed = (value) => {
  view.speed = 600 - Number(value);
};
setSpeed($(".player-speed").value);
$(".player-speed").addEventListener("input", (event) => setSpeed(event.target.value));
$('[data-option="hints"]').addEventListener("change", (event) => view.setHints(event.target.checked));

// A key the player uses goes no further: the theme, listening on the window,
// would otherwise also take f and s as "open the search".
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select, [contenteditable]")) return;
  const action = keyAction(event);
  if (!action) return;
  event.preventDefault();
  event.stopPropagation();
  action();
});

/** What a key does in the player (transport or a turn), or null. */
function keyAction(event) {
  const transport = { " ": play, ArrowLeft: back, ArrowRight: actions.forward, Home: actions.start, End: actions.end };
  if (transport[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) return transport[event.key];
  const token = tokenForKey(event);
  return token ? () => turnFreely(token) : null;
}

buildTurnButtons();
const stickerEditor = createStickerEditor({
  root: $(".player-editor"),
  data,
  view,
  python,
  currentStickers: () => player.states[player.step],
  onCube: ({ stickers, state }) => {
    setSetup({ stickers, state });
    say("The cube you painted is set up: press Solve.");
  },
  onClose: () => view.jumpTo(player.states[player.step]),
});
refresh();

// For tests and the curious: the player's state, read-only.
window.solvelabPlayer = {
  get stickers() {
    return [...player.states[player.step]];
  },
  get alg() {
    return [...player.alg];
  },
  get step() {
    return player.step;
  },
  get playing() {
    return player.playing;
  },
  view,
  python,
};

python.ready.then(readAddress);
