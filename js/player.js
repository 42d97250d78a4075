// The cube player page (site/cube/player.md): scramble, turn, type, paint,
// solve and play back. Python (in the worker) parses, checks and solves; this
// module only shows. The state is always the setup plus a list of moves, so
// every step can be reached and the address bar can hold it all.

import {
  CubeView,
  applyMove,
  cameraFromText,
  cameraText,
  inverseToken,
  loadCubeData,
  solvedStickers,
  tokenForKey,
} from "./cube-view.js";
import { AlgView } from "./alg-view.js";
import { cfopStages, showStageBar, stageOfMove } from "./cfop-stages.js";
import { NetView } from "./net-view.js";
import { PythonClient, loadingText } from "./python.js";
import { createStickerEditor } from "./sticker-editor.js";

const root = document.querySelector(".solvelab-player");
const $ = (selector) => root.querySelector(selector);
const $$ = (selector) => [...root.querySelectorAll(selector)];

// Python starts first: it takes longest, and needs nothing from the page.
const python = new PythonClient({ onStatus: showPythonStatus, tables: true });

// The link the page was opened with; its cube and moves are read once Python can
// parse them (its view needs no Python).
const linked = new URLSearchParams(location.search);
let linkRead = !["stickers", "setup", "alg"].some((key) => linked.has(key));
// Turns made before the link's cube is on show: they are made on it once it is.
const turnsWaiting = [];

const data = await loadCubeData().catch((error) => {
  say(`The cube cannot be shown (${error.message}): reload the page to try again.`, "error");
  throw error;
});
const FACES = data.faces;
const SOLVED = solvedStickers();
// Seconds of search for a shorter solution once one is found (see solvelab.web.solve).
const SOLVE_SECONDS = 3;
// The move list shows this many moves around the current step, however long the algorithm.
const MOVES_SHOWN = 200;

const algView = new AlgView($(".player-alg-view"), { onJump: (step) => jump(step) });
const view = new CubeView($(".player-canvas"), data, {
  onMove: (token) => turnFreely(token),
  onStickerClick: (place) => stickerEditor.paint(place),
  onCameraChange: () => writeAddress(),
  controls: $(".player-view-controls"),
});
const DEFAULT_CAMERA = cameraText(view.camera);
// The link's view applies at once: it needs no Python.
if (linked.has("cam")) {
  const camera = cameraFromText(linked.get("cam"));
  if (camera) view.camera = camera;
  else say(`The link's view "${linked.get("cam")}" is not yaw,pitch,zoom (e.g. 35,28,1).`, "error");
}
let net = null; // the 2D net (NetView), while it is shown

// The setup is either moves from a solved cube or stickers typed in by hand.
const player = {
  setup: { moves: [], stickers: null },
  setupState: SOLVED,
  alg: [],
  states: [SOLVED],
  step: 0,
  playing: false,
  // A CFOP solution's stages: {name, short, long, start, end, mask}, moves start..end-1.
  stages: null,
  // The algorithm as typed, when it was: {text, spans}, spans[i] = [start, end] of move i's token.
  source: null,
  // How Solve found the moves, when it did (see solver()): they solve the setup.
  solvedBy: null,
};

// ---------------------------------------------------------------- screen

// What the view and the net show is decided here only. While the sticker editor is
// open they show the cube being painted: what the player does meanwhile (a solution
// comes, the mask is ticked, the scrubber dragged) changes its state only, shown when
// the editor closes. No turn is made then (cubeWaits, and playback stops as it opens).

let maskShown = null; // the stage's mask the player's cube is greyed by (sticker ids), or null
const scrubber = $(".player-scrubber");
let scrubX = null; // the pointer's x while it drags the scrubber

/** Shows at once the cube that belongs on screen, stopping a turn on show. */
function showState() {
  const state = player.states[player.step];
  if (stickerEditor.open) {
    view.jumpTo(state); // a turn on show would move the painted colours
    view.setStickerColours(stickerEditor.colours);
  } else {
    view.setMask(maskShown);
    const between = scrubbed();
    if (between) view.showPartial(player.states[between.move], player.alg[between.move], between.fraction);
    else view.jumpTo(state);
  }
  showNet();
}

/** The net, when shown, shows what the view does (without a turn's motion). */
function showNet() {
  if (!net) return;
  if (stickerEditor.open) return net.setStickerColours(stickerEditor.colours);
  net.setMask(maskShown);
  net.setStickers(player.states[player.step]);
}

/** Greys the player's cube but the stickers in `mask` (null: none), without stopping a turn. */
function showMask(mask) {
  if (mask === maskShown) return;
  maskShown = mask;
  if (stickerEditor.open) return; // shown with the player's cube, when the editor closes
  view.setMask(mask);
  net?.setMask(mask);
}

/** Where the dragged scrubber is between two steps, {move, fraction} of the move, or null near a step. */
function scrubbed() {
  if (scrubX === null) return null;
  const { left, width } = scrubber.getBoundingClientRect();
  const at = Math.max(0, Math.min(1, (scrubX - left) / width)) * player.alg.length;
  const move = Math.floor(at);
  const fraction = at - move;
  return move < player.alg.length && fraction > 0.02 && fraction < 0.98 ? { move, fraction } : null;
}

// Playback waits for each turn; turns by hand may come faster than they play, and catch up.
function animate(token, state) {
  net?.turn(token, state);
  return view.turn(token, { catchUp: true });
}

// ---------------------------------------------------------------- state

function recompute() {
  player.states = [player.setupState];
  for (const token of player.alg) {
    player.states.push(applyMove(player.states[player.states.length - 1], token, data));
  }
}

// `text`: the moves as typed, when they were ("(R U R' U')2500" keeps a link short).
function setSetup({ moves = [], stickers = null, text = null, state }) {
  player.setup = { moves, stickers, text };
  player.setupState = state ?? moves.reduce((s, token) => applyMove(s, token, data), SOLVED);
  setAlg([], 0);
}

/** New moves from the setup; `stages`, `source` and `solvedBy` describe them, when known. */
function setAlg(alg, step = 0, { stages = null, source = null, solvedBy = null } = {}) {
  stopPlaying();
  player.alg = alg;
  player.stages = stages;
  player.source = source;
  player.solvedBy = solvedBy;
  recompute();
  player.step = Math.max(0, Math.min(step, alg.length));
  showState();
  refresh();
}

/**
 * The cube shown now as a setup of its own, so that moves can start from it: moves,
 * or its stickers when it was given as stickers or when the moves would be more than
 * notation (and so a link) can hold.
 */
function currentAsSetup() {
  const { setup, alg, step, states, source } = player;
  if (setup.stickers || setup.moves.length + step > data.max_moves) {
    const stickers = states[step].map((id) => FACES[Math.floor(id / 9)]).join("");
    return { setup: { moves: [], stickers }, setupState: states[step] };
  }
  const moves = [...setup.moves, ...alg.slice(0, step)];
  // As text when it can be (the link stays as short as what was typed).
  let text = null;
  if (step === 0) text = setup.text;
  else if (step === alg.length && source) text = joinNotation(setupText(setup), source.text);
  return { setup: { moves, stickers: null, text }, setupState: states[step] };
}

/** A setup's moves as notation: as typed, when they were. */
const setupText = (setup) => setup.text ?? setup.moves.join(" ");

/** Notation text that more may follow: a line break ends its // comment, if any. */
const ended = (text) => (text.includes("//") ? `${text}\n` : text);

/** Notation for one text's moves, then another's. */
const joinNotation = (first, then) => (first ? `${ended(first)} ${then}` : then);

function useSetup({ setup, setupState }) {
  player.setup = setup;
  player.setupState = setupState;
}

/**
 * Whether what the user asked of the player's cube must wait, saying why: while the
 * sticker editor is open the view shows the cube being painted, not the player's;
 * before a link has been read, the link's cube is about to replace the one shown.
 * A `turn` asked for then is kept, for the link's cube; anything else is not done.
 */
function cubeWaits(turn = null) {
  if (stickerEditor.open) {
    say("The view shows the cube you are painting: press Check and use, or close “Enter a real cube”, to go back to yours.");
    return true;
  }
  if (!linkRead) {
    if (turn) turnsWaiting.push(turn);
    const n = turnsWaiting.length;
    const turns = n ? `: ${n === 1 ? "your turn waits" : `your ${n} turns wait`} for it` : "";
    say(`The link's cube comes as soon as Python has loaded${turns}.`, "wait");
    return true;
  }
  return false;
}

/** Once the link's cube is on show: makes the turns made while it loaded, and says so. */
function turnLinkedCube() {
  const turns = turnsWaiting.splice(0);
  const waitSaid = $(".player-message").dataset.kind === "wait"; // else it stays (a mistake in the link)
  const { step } = player;
  const dropped = player.alg.length - step;
  for (const token of turns) turnFreely(token);
  if (!waitSaid) return;
  if (!turns.length) return say("");
  const made = turns.length === 1 ? "the turn" : `the ${turns.length} turns`;
  const gone = dropped === 1 ? `move after step ${step} is` : `${dropped} moves after step ${step} are`;
  say(`The link's cube is on show, with ${made} made while it loaded${dropped ? `: the link's ${gone} dropped` : ""}.`);
}

// Turns made by hand (keys, buttons, dragging) replace the moves after this step.
function turnFreely(token) {
  if (cubeWaits(token)) return;
  const turned = turnedText(token);
  const stopped = changedByHand();
  stopPlaying();
  // What the turn did, after what it stopped (a solve).
  if (turned) say(stopped ? `${stopped.text} ${turned}` : turned, stopped?.kind);
  player.alg = [...player.alg.slice(0, player.step), token];
  player.stages = null;
  player.source = null;
  player.solvedBy = null;
  player.states = player.states.slice(0, player.step + 1);
  player.states.push(applyMove(player.states[player.step], token, data));
  player.step += 1;
  animate(token, player.states[player.step]);
  refresh();
}

/**
 * What a turn by hand says when the message may be about the cube before it: that it
 * drops the moves after the step (a solution's, say), that it turns the cube after a
 * solution, or that it turns a cube Solve said was solved. Null: the message stays.
 */
function turnedText(token) {
  const dropped = player.alg.length - player.step;
  if (dropped) {
    return `Turned ${token} by hand: ${dropped === 1 ? "the move that followed is" : `the ${dropped} moves that followed are`} dropped.`;
  }
  if (player.solvedBy) return `Turned ${token} by hand after the solution.`;
  if ($(".player-message").dataset.kind === "solved") return `Turned ${token} by hand.`;
  return null;
}

// ------------------------------------------------------------- playback

function forward() {
  if (player.step >= player.alg.length) return Promise.resolve();
  const token = player.alg[player.step];
  player.step += 1;
  refresh(stageAt(player.step - 1)); // the stage of the move now turning
  return animate(token, player.states[player.step]);
}

function back() {
  if (player.step === 0) return;
  player.step -= 1;
  animate(inverseToken(player.alg[player.step]), player.states[player.step]);
  refresh();
}

function jump(step) {
  if (cubeWaits()) return refresh(); // the scrubber goes back too
  stopPlaying();
  player.step = Math.max(0, Math.min(step, player.alg.length));
  showState();
  refresh();
}

// Each playback has a number; stopping one ends its loop even if another starts at once.
let playback = 0;

async function play() {
  if (player.playing) return stopPlaying();
  // Moves that come while the sticker editor shows its cube (a solution, the box's) wait.
  if (stickerEditor.open) return;
  if (player.step >= player.alg.length) jump(0);
  const mine = ++playback;
  player.playing = true;
  refresh();
  while (playback === mine && player.step < player.alg.length) await forward();
  if (playback !== mine) return;
  player.playing = false;
  refresh();
}

function stopPlaying() {
  player.playing = false;
  playback += 1;
  showPlayButton();
}

function showPlayButton() {
  const button = $('[data-action="play"]');
  button.textContent = player.playing ? "❚❚" : "▶";
  button.setAttribute("aria-label", player.playing ? "Pause" : "Play the moves");
}

// ------------------------------------------------------------------- UI

const stageAt = (i) => (player.stages ? stageOfMove(player.stages, i) : -1);

/** Updates the controls; `stage` is the stage to show (by default the next move's). */
function refresh(stage = stageAt(player.step)) {
  const { alg, step } = player;
  scrubber.max = String(alg.length);
  scrubber.value = String(step);
  $(".player-step").textContent = `${step} / ${alg.length}`;
  showPlayButton();
  scrubber.setAttribute("aria-valuetext", step ? `step ${step} of ${alg.length}: ${alg[step - 1]}` : `step 0 of ${alg.length}`);
  showMoves();
  showStages(stage);
  algView.show(player.source, player.step);
  writeAddress();
}

// ---------------------------------------------------------------- stages

function showStages(current) {
  const { stages } = player;
  showMask(stages && $('[data-option="mask"]').checked ? stages[current].mask : null);
  showStageBar($(".player-stages"), stages, current, jump);
}

// The moves around the current step, so that a long algorithm costs no more than a short one.
function showMoves() {
  const { alg, step } = player;
  const first = Math.max(0, Math.min(step - MOVES_SHOWN / 2, alg.length - MOVES_SHOWN));
  const last = Math.min(alg.length, first + MOVES_SHOWN);
  const items = [];
  if (first > 0) items.push(moreItem(`… ${first.toLocaleString("en")} before`, 0));
  const headings = new Map(); // move index -> the stages that start there
  for (const stage of player.stages ?? []) {
    headings.set(stage.start, [...(headings.get(stage.start) ?? []), stage]);
  }
  for (let i = first; i <= last; i++) {
    for (const stage of headings.get(i) ?? []) {
      const empty = stage.start === stage.end ? " — nothing to do" : "";
      items.push(moreItem(stage.long + empty, stage.start, "stage"));
    }
    if (i === last) break;
    const item = document.createElement("li");
    item.value = i + 1;
    const link = document.createElement("button");
    link.type = "button";
    link.textContent = alg[i];
    link.addEventListener("click", () => jump(i + 1));
    item.append(link);
    if (i === step - 1) {
      item.classList.add("current");
      link.setAttribute("aria-current", "step");
    }
    if (i >= step) item.classList.add("ahead");
    items.push(item);
  }
  if (last < alg.length) items.push(moreItem(`… ${(alg.length - last).toLocaleString("en")} more`, alg.length));
  const list = $(".player-moves");
  const focused = list.contains(document.activeElement) ? document.activeElement : null;
  list.replaceChildren(...items);
  // One Tab stop: the current move (the arrows step, and the focus follows it). A
  // stage's heading pressed keeps the focus.
  const current = list.querySelector('[aria-current="step"]') ?? list.querySelector("button");
  for (const button of list.querySelectorAll("button")) button.tabIndex = button === current ? 0 : -1;
  const heading = focused?.closest(".stage") && [...list.querySelectorAll(".stage button")].find((b) => b.textContent === focused.textContent);
  if (heading) (heading.tabIndex = 0), heading.focus();
  else if (focused) current?.focus();
}

function moreItem(text, step, className = "more") {
  const item = document.createElement("li");
  item.className = className;
  const link = document.createElement("button");
  link.type = "button";
  link.textContent = text;
  link.addEventListener("click", () => jump(step));
  item.append(link);
  return item;
}

/** Shows a message; `offer` ({label, act}) adds a button after it. */
function say(text, kind = "", offer = null) {
  const message = $(".player-message");
  message.textContent = text;
  message.dataset.kind = kind;
  if (offer) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = offer.label;
    button.addEventListener("click", offer.act);
    message.append(" ", button);
  }
}

// The address bar follows the player, at most a few times a second: rebuilding a
// long link on every step of a playback would be wasted work.
let addressTimer = null;

function writeAddress() {
  if (!linkRead || addressTimer !== null) return; // keep the link until it has been read
  addressTimer = setTimeout(() => {
    addressTimer = null;
    const params = new URLSearchParams();
    if (player.setup.stickers) params.set("stickers", player.setup.stickers);
    else if (player.setup.moves.length) params.set("setup", setupText(player.setup));
    if (player.alg.length) params.set("alg", player.source?.text ?? player.alg.join(" "));
    if (player.alg.length && player.step !== player.alg.length) params.set("step", String(player.step));
    if (player.stages) params.set("cfop", player.solvedBy.slice("cfop ".length)); // its cross
    const camera = cameraText(view.camera);
    if (camera !== DEFAULT_CAMERA) params.set("cam", camera);
    const query = params.toString();
    const before = location.href;
    history.replaceState(null, "", query ? `?${query}` : location.pathname);
    if (location.href !== before) $(".player-share-status").textContent = ""; // not the link copied
  }, 250);
}

// Link text is read by Python's parser, never inserted as HTML. The link's moves
// are played only on the link's cube: with a mistake in it, they are not.
async function readAddress() {
  const params = linked;
  let cubeRead = false;
  let toMend = null; // the link's stickers, when they are no real cube
  try {
    if (params.has("stickers")) {
      const stickers = params.get("stickers");
      const checked = await python.call("check_stickers", { stickers });
      if (checked.error && paintable(stickers) && !stickerEditor.open) {
        toMend = stickers;
        throw new Error("the link's cube is no real cube: it waits in “Enter a real cube” below, to be mended");
      }
      if (checked.error) throw new Error(`the link's cube: ${checked.error}`);
      setSetup({ stickers, state: checked.stickers });
    } else if (params.has("setup")) {
      const text = params.get("setup");
      setSetup({ moves: await linkedScramble(text), text });
    }
    cubeRead = true;
    if (params.has("alg")) {
      const text = params.get("alg");
      const result = await python.call("parse", { text, locate: true });
      if (result.error) throw linkError(`the link's moves: ${result.error}`, text, "Play");
      const source = { text, spans: result.spans };
      setAlg(result.moves, linkedStep(params.get("step"), result.moves.length), { source });
      if (params.has("cfop")) await showLinkedStages(params.get("cfop"));
    }
    // Parts of a link that nothing reads are said, not dropped without a word.
    const ignored = [
      params.has("stickers") && params.has("setup") && "The link has a cube's stickers and a scramble: the stickers are shown.",
      params.has("step") && !params.has("alg") && "The link's step is left out: the link has no moves (alg=).",
    ].filter(Boolean);
    if (ignored.length) say(ignored.join(" "), "error");
  } catch (error) {
    showLinkError(error, cubeRead ? null : params.get("alg") || null);
  }
  linkRead = true;
  turnLinkedCube();
  writeAddress();
  if (!["loading-python", "loading-package", "error"].includes(python.status.stage)) enablePythonButtons();
  if (toMend) stickerEditor.mend(toMend);
}

/**
 * Says what is wrong in the link, and puts its text where it can be mended: bad
 * moves in the box (the address is rewritten). `unplayed`: the link's moves, when
 * they were not played; they go to the box if it is free, else into the message.
 */
function showLinkError(error, unplayed) {
  const box = $("#player-alg");
  let text = error.message;
  if (error.text !== undefined) {
    box.value = error.text;
    text += ` (the link's text is in the box below: mend it and press ${error.then})`;
  }
  if (unplayed !== null && error.text === undefined) {
    box.value = unplayed;
    text += "; the link's moves were not played: they wait in the box below";
  } else if (unplayed !== null) {
    text += `; the link's moves were not played: ${unplayed}`;
  }
  say(text, "error");
}

/** Whether the sticker editor can show these stickers: 54 face letters. */
const paintable = (stickers) => stickers.length === 54 && [...stickers].every((face) => FACES.includes(face));

/** The step a link asks for: a whole number from 0 to the algorithm's length, else its end. */
function linkedStep(text, length) {
  if (text === null) return length;
  const step = /^\d{1,9}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (step <= length) return step;
  say(`The link's step "${text}" is not one of 0 to ${length}: showing the end.`, "error");
  return length;
}

async function linkedScramble(text) {
  const result = await python.call("parse", { text });
  if (result.error) throw linkError(`the link's scramble: ${result.error}`, text, "Use as scramble");
  return result.moves;
}

/**
 * A CFOP solution's stages, for a link that says it is one (`cfop=` its cross):
 * worked out again, as the solver gives the same solution for the same cube and
 * cross, and shown if the link's moves are that solution.
 */
async function showLinkedStages(cross) {
  const crosses = [...$('[data-option="cross"]').options].map((option) => option.value);
  if (!crosses.includes(cross)) throw new Error(`the link's cross "${cross}" is not one of ${crosses.join(", ")}: the moves are shown without their stages`);
  const answer = await python.call("cfop", { stickers: player.setupState, cross_colour: cross });
  const moves = answer.stages?.flatMap((stage) => stage.moves) ?? [];
  if (moves.join(" ") !== player.alg.join(" ")) throw new Error("the link's moves are not the CFOP solution of its cube: they are shown without stages");
  setAlg(moves, player.step, { stages: cfopStages(answer, data.colour_names), solvedBy: `cfop ${cross}` });
  $('[data-option="method"]').value = "cfop";
  $('[data-option="method"]').dispatchEvent(new Event("change"));
  $('[data-option="cross"]').value = cross;
}

/** An error in a link's moves, keeping their text and the button that takes them
 * once mended (a scramble played with Play would be moves from the cube shown). */
function linkError(message, text, then) {
  return Object.assign(new Error(message), { text, then });
}

// ---------------------------------------------------------------- Python

function showPythonStatus(status) {
  const box = $(".player-python");
  const text = $(".player-python-text");
  const bar = $(".player-python-progress");
  const buttons = $$("[data-needs-python]");
  switch (status.stage) {
    case "ready":
      if (linkRead) enablePythonButtons();
      // The tables start loading now, but the worker reports them only once their
      // first bytes come: many seconds on a slow network, which a Solve waits out.
      return showPythonStatus({ stage: "tables" });
    case "tables-ready":
      box.hidden = true;
      return;
    case "loading-python":
    case "loading-package":
    case "error":
      for (const button of buttons) {
        button.disabled = true;
        button.title = status.stage === "error" ? "Python could not start: reload the page to try again" : "loading Python…";
      }
      for (const note of $$(".player-python-wait")) {
        note.hidden = false;
        note.textContent =
          status.stage === "error"
            ? `${note.dataset.what} needs Python, which could not start: reload the page to try again`
            : `${note.dataset.what} works once Python is ready: ${loadingText(status)}`;
      }
      break;
  }
  box.hidden = false;
  const texts = {
    tables: `loading the solver's tables…${status.loaded && status.total ? ` ${Math.round((100 * status.loaded) / status.total)} %` : ""}`,
    "tables-error": `${status.message}; Solve will try again`,
    error: status.message,
  };
  text.textContent = texts[status.stage] ?? loadingText(status);
  bar.hidden = status.stage.endsWith("error");
  if (status.total) {
    bar.max = status.total;
    bar.value = status.loaded ?? 0;
  } else {
    bar.removeAttribute("value");
  }
}

// Solve, Scramble, ...: once Python is ready and a link's cube is on show (a Solve
// pressed before would solve the cube the link then replaces).
function enablePythonButtons() {
  for (const button of $$("[data-needs-python]")) {
    button.disabled = false;
    button.removeAttribute("title");
  }
  for (const note of $$(".player-python-wait")) note.hidden = true;
}

// The one piece of Python work the player runs at a time, a solve or a scramble.
// Its result is shown only if the cube has not been changed by hand since it
// started: a solution always belongs to the cube it solves.
let task = null;

// A solve's `setup` is the cube it answers (as a setup), and `solvedBy` how it answers.
function startTask(kind, setup = null) {
  stopTask();
  let ended;
  const over = new Promise((resolve) => (ended = resolve));
  task = { kind, setup, solvedBy: solver(), shown: null, shorter: null, done: false, over, ended };
  $('[data-action="stop"]').disabled = false;
  return task;
}

function endTask(work) {
  if (task !== work) return;
  task = null;
  work.ended();
  const stop = $('[data-action="stop"]');
  const hadFocus = document.activeElement === stop;
  stop.disabled = true;
  // Disabled, Stop would drop the focus to the page's top: it goes back to Solve.
  if (hadFocus) $('[data-action="solve"]').focus();
}

function stopTask() {
  const work = task;
  if (!work) return null;
  endTask(work);
  python.stop();
  return work;
}

// A change by hand (a turn, a new setup, new moves) while Python works on the cube:
// the work no longer answers the cube shown, so it stops, and says so unless its
// solution is already on show. Returns what it said ({text, kind}), or null.
function changedByHand() {
  const work = task;
  if (!work) return null;
  stopTask();
  const said = work.shown
    ? { text: solutionText(work.shown), kind: "" }
    : { text: `${work.kind === "solve" ? "Solve" : "Scramble"} stopped: the cube was changed while it ran.`, kind: "error" };
  say(said.text, said.kind);
  return said;
}

// For a call that needs the tables: what the message adds while they load. After a
// failure the call loads them again, and the box under the cube says so.
function tablesNote() {
  if (python.status.stage === "tables-ready") return "";
  if (python.status.stage === "tables-error") showPythonStatus({ stage: "tables" });
  return " (loading the solver's tables first)";
}

async function scramble(method) {
  const work = startTask("scramble");
  say(`scrambling…${method === "random_state_scramble" ? tablesNote() : ""}`);
  try {
    const result = await python.call(method);
    if (task !== work) return;
    setSetup({ moves: result.moves });
    work.done = true;
    say(`Scramble (${counted(result.moves.length, "move")}): ${result.moves.join(" ")}`);
  } catch (error) {
    if (task === work) say(error.message, "error");
  } finally {
    endTask(work);
  }
}

const counted = (n, what) => `${n} ${what}${n === 1 ? "" : "s"}`;
const solutionText = (moves) => `Solution (${counted(moves.length, "move")}): ${moves.join(" ")}`;

const method = () => $('[data-option="method"]').value;
// How Solve is set: the method, and for CFOP the cross colour.
const solver = () => (method() === "cfop" ? `cfop ${$('[data-option="cross"]').value}` : method());

/**
 * Solves the cube shown, which becomes the setup (the moves up to it are taken in).
 * But while the moves on show are a solution Solve found, the cube shown is on its way
 * from the setup to solved, and Solve answers the setup, taking in none of them: asked
 * the same way (method and cross), its answer is on show already, and plays on; asked
 * another way, the setup is solved that way, and the new solution replaces the old.
 */
function solve() {
  // Pressed while a scramble comes (it may wait for the tables): the scramble's cube
  // is solved once it is on show, unless the scramble is stopped first.
  if (task?.kind === "scramble") {
    const scrambling = task;
    if (!scrambling.solveNext) {
      scrambling.solveNext = true;
      scrambling.over.then(() => scrambling.done && !task && solve());
      say(`${$(".player-message").textContent} Solve comes next.`);
    }
    return;
  }
  // The same way: the answer is on show, unless other work coming would replace it (a
  // scramble, or a solve asked another way: Solve stops that).
  const coming = task && !(task.kind === "solve" && task.solvedBy === solver());
  if (player.solvedBy === solver() && !coming) {
    if (!player.playing && player.step < player.alg.length) play();
    return;
  }
  const from = player.solvedBy ? { setup: player.setup, setupState: player.setupState } : currentAsSetup();
  return method() === "cfop" ? solveCfop(from) : solveTwoPhase(from);
}

async function solveTwoPhase(from) {
  stopPlaying();
  const work = startTask("solve", from);
  say(`solving…${tablesNote()}`);
  const state = from.setupState;
  const onProgress = (progress) => {
    if (progress.moves && task === work) showSolution(work, progress.moves, false);
  };
  try {
    const args = { stickers: state, time_limit: SOLVE_SECONDS, target: 20 };
    const result = await python.call("solve", args, { onProgress });
    if (task !== work) return;
    if (result.error) say(result.error, "error");
    else showSolution(work, result.moves, true);
  } catch (error) {
    if (task === work) say(error.message, "error");
  } finally {
    endTask(work);
  }
}

async function solveCfop(from) {
  stopPlaying();
  const work = startTask("solve", from);
  say("solving the way a person would: cross, F2L, OLL, PLL…");
  const cross = $('[data-option="cross"]').value;
  try {
    const args = { stickers: from.setupState, cross_colour: cross };
    const answer = await python.call("cfop", args);
    if (task !== work) return;
    if (answer.error) return say(answer.error, "error");
    const moves = answer.stages.flatMap((stage) => stage.moves);
    if (moves.length === 0) return say("The cube is already solved.", "solved");
    useSetup(work.setup);
    setAlg(moves, 0, { stages: cfopStages(answer, data.colour_names), solvedBy: work.solvedBy });
    work.shown = player.alg;
    const parts = player.stages.filter((s) => s.name !== "f2l").map((s) => `${s.short} ${s.htm}`);
    const f2l = player.stages.filter((s) => s.name === "f2l").reduce((n, s) => n + s.htm, 0);
    parts.splice(1, 0, `F2L ${f2l}`);
    const saved = player.stages.reduce((n, s) => n + s.htm, 0) - answer.length;
    const cancel = saved ? `; ${saved} cancel where stages meet` : "";
    // The steps are each stage's moves as found: with rotations (no turn), slices (two
    // in the half-turn metric) and the moves that cancel, their count is another.
    const why = [
      moves.some((m) => "MES".includes(m[0])) && "a slice turn counts as 2 moves",
      moves.some((m) => "xyz".includes(m[0])) && "a rotation counts as none",
      saved && "the moves that cancel are played",
    ].filter(Boolean);
    const steps =
      moves.length === answer.length
        ? ""
        : ` Played stage by stage as found: ${counted(moves.length, "step")} (${why.join("; ")}).`;
    say(`CFOP solution: ${counted(answer.length, "move")} (${parts.join(", ")}${cancel}).${steps}`);
    play();
  } catch (error) {
    if (task === work) say(error.message, "error");
  } finally {
    endTask(work);
  }
}

// The first solution plays at once. A shorter one replaces it while its first turn
// is still on (and plays on), or while it is stopped at its start (and stays
// stopped: the user stopped it there); it is offered after that.
function showSolution(work, moves, done) {
  if (moves.length === 0) return say("The cube is already solved.", "solved");
  const onShow = player.alg === work.shown;
  const replace =
    !work.shown || (onShow && (player.playing ? player.step <= 1 : player.step === 0));
  if (replace && moves.join(" ") !== work.shown?.join(" ")) {
    const playOn = !work.shown || player.playing;
    useSetup(work.setup);
    setAlg(moves, 0, { solvedBy: work.solvedBy });
    work.shown = player.alg;
    work.shorter = null;
    if (playOn) play();
  } else if (moves.length < work.shown.length) {
    work.shorter = moves;
  }
  const more = done ? "" : " — looking for a shorter one…";
  const shorter = work.shorter;
  if (!shorter) return say(solutionText(work.shown) + more);
  say(`${solutionText(work.shown)}${more || "."} Found ${shorter.length} moves:`, "", {
    label: `Use the ${shorter.length}-move solution`,
    act: () => useShorter(work, shorter),
  });
}

function useShorter(work, moves) {
  if (player.setupState !== work.setup.setupState || player.alg !== work.shown) {
    return say("The cube has been changed since that solution was found: press Solve again.", "error");
  }
  if (task === work) stopTask();
  setAlg(moves, 0, { solvedBy: work.solvedBy });
  work.shown = player.alg;
  work.shorter = null;
  say(solutionText(moves));
  play();
}

// -------------------------------------------------------------- notation

const ERROR_CONTEXT = 30; // characters shown on each side of a notation mistake

function showNotationError(result, text) {
  const box = $(".player-notation-error");
  const area = $("#player-alg");
  if (!result) {
    box.hidden = true;
    box.replaceChildren(); // else still the field's description
    area.removeAttribute("aria-invalid");
    return;
  }
  // The message is read out (the box is an alert, and describes the field); the
  // excerpt with its carets is for the eyes only.
  const message = document.createElement("span");
  message.textContent = result.error;
  if (result.position === undefined) {
    box.replaceChildren(message);
  } else {
    // The mistake's line, cut to a window around it: a long line would widen the page.
    const { position } = result;
    const lineStart = text.lastIndexOf("\n", position - 1) + 1;
    const lineEnd = text.indexOf("\n", position) < 0 ? text.length : text.indexOf("\n", position);
    const from = Math.max(lineStart, position - ERROR_CONTEXT);
    const marked = Math.min(Math.max(1, result.length), ERROR_CONTEXT);
    const to = Math.min(lineEnd, position + marked + ERROR_CONTEXT);
    const before = from > lineStart ? "…" : "";
    const line = before + text.slice(from, to) + (to < lineEnd ? "…" : "");
    const caret = " ".repeat(before.length + position - from) + "^".repeat(marked);
    const excerpt = document.createElement("span");
    excerpt.setAttribute("aria-hidden", "true");
    excerpt.textContent = `${line}\n${caret}\n`;
    box.replaceChildren(excerpt, message);
    area.setSelectionRange(position, position + result.length);
  }
  box.hidden = false;
  area.setAttribute("aria-invalid", "true");
  area.focus();
}

/**
 * The box's algorithm: {moves, source} (source: the text and where each move is), or
 * null. Python runs one call at a time, so a running solve or scramble is stopped
 * first, as Stop does, and the text is read at once; a mistake in it changed no cube.
 */
async function readNotation() {
  const text = $("#player-alg").value;
  actions.stop();
  let result;
  try {
    result = await python.call("parse", { text, locate: true });
  } catch (error) {
    // Stopped (a newer action), or Python failed: nothing was read, no cube changed.
    if (error.name !== "Cancelled") say(error.message, "error");
    return null;
  }
  if (!result.error && result.moves.length === 0) {
    showNotationError({ error: "There are no moves to use: type some, e.g. R U R' U'." }, text);
    return null;
  }
  showNotationError(result.error ? result : null, text);
  return result.error ? null : { moves: result.moves, source: { text, spans: result.spans } };
}

$(".player-notation").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (cubeWaits()) return;
  const typed = await readNotation();
  if (!typed) return;
  const { setup, setupState } = currentAsSetup();
  if ($('[data-option="anchor"]').value === "end") {
    // Shown as the case it solves: start from the algorithm undone, end at the cube shown.
    const undo = [...typed.moves].reverse().map(inverseToken);
    const state = undo.reduce((s, token) => applyMove(s, token, data), setupState);
    const inverse = `(${ended(typed.source.text)})'`;
    const before = setup.stickers || setup.moves.length + undo.length > data.max_moves
      ? { moves: [], stickers: state.map((id) => FACES[Math.floor(id / 9)]).join("") }
      : { moves: [...setup.moves, ...undo], stickers: null, text: joinNotation(setupText(setup), inverse) };
    useSetup({ setup: before, setupState: state });
  } else {
    useSetup({ setup, setupState });
  }
  setAlg(typed.moves, 0, { source: typed.source });
  say(""); // it may have been about the moves replaced (a solution)
  play();
});

// Ctrl+Enter (⌘+Enter on a Mac) in the box plays it, as the Play button does (Enter starts a line).
$("#player-alg").addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
  event.preventDefault();
  $('.player-notation [type="submit"]').click();
});

$('[data-action="as-setup"]').addEventListener("click", async () => {
  if (cubeWaits()) return;
  const typed = await readNotation();
  if (!typed) return;
  setSetup({ moves: typed.moves, text: typed.source.text });
  say(`Scramble set: ${counted(typed.moves.length, "move")} from the box.`);
});

// ------------------------------------------------------------ controls

function buildTurnButtons() {
  const rows = [
    [$(".player-turns"), [...FACES].flatMap((face) => [face, face + "'", face + "2"])],
    // The second row: slices, wide turns and rotations.
    [
      $(".player-turns-more"),
      [
        ..."MES".split("").flatMap((slice) => [slice, slice + "'", slice + "2"]),
        ...[...FACES].flatMap((face) => [`${face}w`, `${face}w'`]),
        ..."xyz".split("").flatMap((axis) => [axis, axis + "'", axis + "2"]),
      ],
    ],
  ];
  for (const [box, tokens] of rows) {
    for (const token of tokens) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = token;
      button.addEventListener("click", () => turnFreely(token));
      box.append(button);
    }
    toolbar(box);
  }
}

/** Makes a row of buttons one Tab stop, its buttons chosen with the arrows, Home
 * and End (a toolbar): 48 turn buttons would otherwise be 48 stops on the way. */
function toolbar(box) {
  box.setAttribute("role", "toolbar");
  const buttons = [...box.querySelectorAll("button")];
  buttons.forEach((button, i) => (button.tabIndex = i === 0 ? 0 : -1));
  box.addEventListener("focusin", (event) => {
    for (const button of buttons) button.tabIndex = button === event.target ? 0 : -1;
  });
  box.addEventListener("keydown", (event) => {
    const i = buttons.indexOf(event.target);
    const to = { ArrowLeft: i - 1, ArrowUp: i - 1, ArrowRight: i + 1, ArrowDown: i + 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (i < 0 || to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation(); // the player's arrows step through the moves
    buttons[Math.max(0, Math.min(buttons.length - 1, to))].focus();
  });
}

const actions = {
  scramble: () => scramble("random_state_scramble"),
  "random-moves": () => scramble("random_moves_scramble"),
  solve,
  stop: () => {
    const work = stopTask();
    if (work?.shown) say(solutionText(work.shown));
    else if (work) say("stopped");
  },
  reset: () => {
    changedByHand();
    setSetup({});
    say("");
  },
  start: () => jump(0),
  back: () => {
    stopPlaying();
    back();
  },
  play,
  forward: () => {
    stopPlaying();
    forward();
  },
  end: () => jump(player.alg.length),
  help: () => $(".player-help").showModal(),
  "reset-camera": () => view.resetCamera(),
  fullscreen: () => {
    if (document.fullscreenElement) return document.exitFullscreen();
    // The whole player, the cube first: its step and play buttons come along.
    return root
      .requestFullscreen()
      .catch((error) => say(`Fullscreen is not allowed here (${error.message}).`, "error"));
  },
  picture: async () => {
    if (!(await view.savePicture("solvelab-cube.png"))) {
      say("No picture: the browser could not read the cube's drawing.", "error");
    }
  },
  // Said by the button, not in the message: that may be waiting for the link's cube.
  share: async () => {
    const status = $(".player-share-status");
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = "Link copied.";
    } catch {
      status.textContent = `Link: ${location.href}`;
    }
  },
};

// The actions that change the player's cube or play its moves (see cubeWaits).
const ON_THE_CUBE = new Set(["scramble", "random-moves", "solve", "reset", "start", "back", "play", "forward", "end"]);
for (const button of $$("[data-action]")) {
  const action = actions[button.dataset.action];
  if (!action) continue;
  const name = button.dataset.action;
  button.addEventListener("click", ON_THE_CUBE.has(name) ? () => cubeWaits() || action() : action);
}

// Dragging the scrubber shows the turning layer part way between two steps (scrubbed()).
scrubber.addEventListener("input", () => jump(Number(scrubber.value)));
scrubber.addEventListener("pointerdown", (event) => {
  scrubX = event.clientX;
  scrubber.setPointerCapture(event.pointerId);
});
scrubber.addEventListener("pointermove", (event) => {
  if (scrubX === null) return;
  scrubX = event.clientX;
  showState();
});
scrubber.addEventListener("lostpointercapture", () => {
  scrubX = null;
  jump(Number(scrubber.value)); // the nearest step
});
// The slider runs from slow to fast; the view wants milliseconds per quarter turn.
const setSpeed = (value) => {
  view.speed = 600 - Number(value);
  $(".player-speed").setAttribute("aria-valuetext", `${view.speed} ms a quarter turn`);
};
// With less motion asked for, turns start at the fastest (the slider still sets them).
if (matchMedia("(prefers-reduced-motion: reduce)").matches) $(".player-speed").value = $(".player-speed").max;
setSpeed($(".player-speed").value);
$(".player-speed").addEventListener("input", (event) => setSpeed(event.target.value));
$('[data-option="hints"]').addEventListener("change", (event) => view.setHints(event.target.checked));
$('[data-option="method"]').addEventListener("change", () => {
  for (const option of $$("[data-cfop-option]")) option.hidden = method() !== "cfop";
});
$('[data-option="mask"]').addEventListener("change", () => refresh());
$('[data-option="back"]').addEventListener("change", (event) => view.setBackView(event.target.checked));
$('[data-option="net"]').addEventListener("change", (event) => {
  const box = $(".player-net-view");
  box.hidden = !event.target.checked;
  if (!event.target.checked) {
    net?.destroy();
    net = null;
    return;
  }
  net = new NetView(box, data, { onStickerClick: (place) => stickerEditor.paint(place) });
  showNet();
});

// A key the player uses goes no further: the theme, listening on the window,
// would otherwise also take f and s as "open the search". Keys typed into a text
// field are the field's. A focused control keeps the keys it answers itself
// (Space presses a button or ticks a box, arrows move a slider) and leaves the
// others (the turns) to the player.
const TYPING = "textarea, select, [contenteditable], input:not([type=range], [type=checkbox], [type=button])";
const SLIDER_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

function controlKeeps(event) {
  const target = event.target;
  if (event.key === " " || event.key === "Enter") return Boolean(target.closest("button, summary, a, input"));
  return SLIDER_KEYS.has(event.key) && target.matches("input[type=range]");
}

document.addEventListener("keydown", (event) => {
  // While the keys' help is open, it has the keyboard; while the sticker editor is
  // open, the cube on show is not the player's, and a player's key says so.
  if (event.target.closest(TYPING) || controlKeeps(event)) return;
  if ($(".player-help").open) return;
  const action = keyAction(event);
  if (!action) return;
  event.preventDefault();
  event.stopPropagation();
  if (stickerEditor.open && action !== actions.help) cubeWaits(); // says why not
  else action();
});

/** What a key does in the player (transport or a turn), or null. */
function keyAction(event) {
  const transport = {
    " ": play,
    ArrowLeft: actions.back,
    ArrowRight: actions.forward,
    Home: actions.start,
    End: actions.end,
    "?": actions.help,
  };
  if (transport[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) return transport[event.key];
  const token = tokenForKey(event);
  return token ? () => turnFreely(token) : null;
}

buildTurnButtons();
const PAINTED_SET_UP = "The cube you painted is set up: press Solve.";
const stickerEditor = createStickerEditor({
  root: $(".player-editor"),
  data,
  python,
  currentStickers: () => player.states[player.step],
  // Python runs one call at a time: the check answers at once, not after the solve.
  // "Set up" was said of the cube painted before: the editor says what this check finds.
  onCheck: () => {
    if ($(".player-message").textContent === PAINTED_SET_UP) say("");
    actions.stop();
  },
  onCube: ({ stickers, state }) => {
    setSetup({ stickers, state });
    say(PAINTED_SET_UP);
  },
  // Opened, the editor shows its own cube: playback stops (Play goes on after it).
  onShow: () => {
    if (stickerEditor.open && player.playing) {
      stopPlaying();
      refresh();
    }
    showState();
  },
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
  get stages() {
    return player.stages?.map(({ mask, ...stage }) => ({ ...stage }));
  },
  view,
  python,
  get net() {
    return net;
  },
};

python.ready.then(readAddress, () => {}); // a failed start is shown by showPythonStatus

document.addEventListener("fullscreenchange", () => {
  const label = document.fullscreenElement === root ? "Exit fullscreen" : "Fullscreen";
  const button = $("[data-action=fullscreen]");
  button.title = label;
  button.setAttribute("aria-label", label);
});
