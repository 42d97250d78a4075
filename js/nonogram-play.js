// The nonogram play page (site/nonograms/play.md). Python (in the worker) makes,
// reads and checks puzzles and finds hints; this module draws and takes strokes.
// The page works before Python is ready when the browser has a puzzle in
// progress (localStorage); check and hint enable themselves when it is ready.
// Until a first puzzle comes, the grid area says what the page waits for.

import { Cancelled, PythonClient, loadingText } from "./python.js";
import { NO_PUZZLE_IN_THE_BOX, NonogramGrid, SEED_RULE, UNKNOWN, cellNames, isPatternId, listenForControls, readSeed, readTextFile, sentences } from "./nonogram-grid.js";

const root = document.querySelector(".nonogram-play");
const $ = (selector) => root.querySelector(selector);
const $$ = (selector) => [...root.querySelectorAll(selector)];
const STORE = "solvelab.nonogram.play";
// Each gallery picture's progress, by name: going to another picture (a keyboard's
// arrows on the closed list do that at each press) and back loses nothing.
const GALLERY_STORE = "solvelab.nonogram.gallery";
const MAX_LINK = 10199; // as solvelab.nonogram.link.MAX_LINK: a 100 × 100 puzzle's clues at most
// The largest puzzle played, as for random puzzles (nonogram_generate), the Solve
// page (js/nonogram-solve.js) and the Edit page (editing.MAX_EDIT).
const MAX_SIZE = 100;

// Python starts once the grid has shown its first frame: loading it (compiling
// WebAssembly in the worker) takes the CPU the first paint needs, and a puzzle in
// progress is played without it. Calls made before it starts wait for it.
let client = null;
const started = new Promise((resolve) => {
  const start = () => client ?? resolve((client = new PythonClient({ onStatus: showStatus })));
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 1000); // a page in a background tab has no frames
});
const python = {
  get status() {
    return client ? client.status : { stage: "loading-python" };
  },
  call: (method, args, options) => started.then(() => client.call(method, args, options)),
};
const message = $(".nono-message");
const say = (text, kind = "") => {
  message.textContent = text; // text, never HTML
  message.dataset.kind = kind;
};

let puzzle = null; // {width, height, rows, columns, title, link, source, verdict}
let undo = [];
let redo = [];
let elapsed = 0; // seconds before `since`
let since = null; // when the timer last started (ms), or null when stopped
let solved = false;

const grid = new NonogramGrid($(".nono-canvas"), {
  onStroke: (changes) => {
    undo.push(changes);
    redo = [];
    afterChange();
  },
  onChange: () => startTimer(),
  onClue: (line) => showClues(line === null ? [] : [line]),
  onCursor: ({ row, col }) => showClues([row, grid.height + col]),
});
grid.locked = true; // until a puzzle comes (the grid's stand-in has no clues: it is "solved")

// -- whole clues -----------------------------------------------------------------
//
// A clue too long for its strip is drawn cut ("…" for the numbers farthest from
// the grid). A tap or click on it, or the keyboard cursor in its line, shows the
// whole clue in a caption over the grid, beside the line; the next press
// elsewhere, a pan or another puzzle hides it. The caption lets every press
// through to the canvas, and is a live region: screen readers read it.
const caption = document.createElement("p");
caption.className = "nono-clue-caption";
caption.setAttribute("role", "status");
caption.setAttribute("aria-live", "polite");
caption.hidden = true;
$(".nono-stage").append(caption);

/** Shows the whole clues of those lines (rows first, then columns) that are cut; hides the caption if none. */
function showClues(lines) {
  const cut = puzzle ? lines.filter((line) => grid.clueCut(line)) : [];
  if (!cut.length) {
    caption.hidden = true;
    caption.textContent = "";
    delete caption.dataset.lines;
    return;
  }
  const name = (line) => (line < grid.height ? `row ${line + 1}` : `column ${line - grid.height + 1}`);
  const clue = (line) => (line < grid.height ? grid.rows[line] : grid.columns[line - grid.height]);
  caption.textContent = cut.map((line) => `${name(line)}: ${clue(line).join(" ") || "0"}`).join("\n"); // text, never HTML
  caption.dataset.lines = cut.join(" ");
  caption.hidden = false;
  // beside the line: under a row (above it near the bottom), under the column strip for a column
  const first = grid.clueRect(cut[0]);
  const stage = caption.parentElement.getBoundingClientRect();
  const canvas = grid.canvas.getBoundingClientRect();
  const top = canvas.top - stage.top + first.y + first.h + 4;
  caption.style.top = caption.style.bottom = "";
  if (cut[0] < grid.height && top + caption.offsetHeight > stage.height) caption.style.bottom = `${stage.height - (canvas.top - stage.top + first.y) + 4}px`;
  else caption.style.top = `${Math.max(0, top)}px`;
}
document.addEventListener("pointerdown", (event) => {
  if (event.target !== grid.canvas) showClues([]);
});

const isReady = (status) => status.stage === "ready" || status.stage.startsWith("tables");

function showStatus(status) {
  const line = $(".nono-python");
  const ready = isReady(status);
  line.textContent = ready ? "" : status.stage === "error" ? status.message : loadingText(status);
  line.hidden = ready;
  for (const button of $$("[data-needs-python]")) button.disabled = !ready;
  showWaiting();
}

let opening = 0; // puzzles asked of Python and not yet come

/** Until the first puzzle comes, the grid area (no grid: it would have no clues)
 * says why: Python loading or failing, a puzzle on its way, or none chosen. */
function showWaiting() {
  root.classList.toggle("nono-empty", !puzzle);
  if (puzzle) return;
  const status = python.status;
  const box = $(".nono-waiting");
  if (status.stage === "error") box.textContent = status.message;
  else if (!isReady(status)) box.textContent = loadingText(status);
  else box.textContent = opening ? "opening the puzzle…" : "No puzzle: choose a picture from the gallery, or open one.";
  box.dataset.kind = status.stage === "error" ? "error" : "";
}
showStatus(python.status);

// -- puzzle in progress --------------------------------------------------------

function load(next, cells = null, { time = 0, keepUrl = false, source = null, verdict = null } = {}) {
  abandon(); // a hint or check asked about the grid in play is for nobody now
  source ??= next.source ?? { label: next.title || `${next.width} × ${next.height}` };
  puzzle = {
    width: next.width,
    height: next.height,
    rows: next.rows,
    columns: next.columns,
    title: next.title || "",
    link: next.link,
    source, // where it came from, for the gallery's select: {gallery: name} or {label}
    // "unique", "multiple" or "none" once known (see checkVerdict); the gallery's
    // pictures and random puzzles are proven unique as they are made. A "timeout"
    // kept by an older version of this page is asked again.
    verdict: [verdict, next.verdict].find((v) => v && v !== "timeout") ?? (source.gallery ? "unique" : null),
  };
  grid.setPuzzle(puzzle, cells);
  showClues([]);
  undo = [];
  redo = [];
  if (!keepUrl) history.replaceState(null, "", location.pathname);
  showSource();
  showWaiting();
  begin(time);
  if (puzzle.verdict) showVerdict();
  else checkVerdict();
}

/** Plays the grid as it is now, with the timer at `time` seconds (a new puzzle, or Restart). */
function begin(time) {
  grid.locked = false;
  elapsed = time;
  since = null;
  solved = false;
  root.classList.remove("nono-solved");
  say(puzzle.title ? `${puzzle.title} (${puzzle.width} × ${puzzle.height})` : `${puzzle.width} × ${puzzle.height}`);
  $(".nono-share").hidden = true;
  afterChange({ quiet: true });
}

/** The gallery's select shows the picture in play, or says what is in play instead. */
function showSource() {
  const select = $("[data-field=gallery]");
  const source = puzzle?.source ?? {};
  const listed = source.gallery && [...select.options].some((o) => o.value === source.gallery);
  select.options[0].textContent = listed || !puzzle ? "choose a picture…" : `— ${source.label ?? source.gallery} —`;
  select.value = listed ? source.gallery : "";
}

function afterChange({ quiet = false } = {}) {
  grid.marks.clear();
  grid.markedLine = -1;
  grid.draw();
  if (!solved && grid.solved()) {
    solved = true;
    stopTimer();
    grid.locked = true;
    root.classList.add("nono-solved");
    say(`Solved in ${clock(elapsed)}!`, "solved");
  } else if (!quiet && !solved) sayBusy();
  save();
}

function save() {
  if (!puzzle) return;
  const state = { puzzle, cells: Array.from(grid.cells).join(""), elapsed: seconds(), solved };
  try {
    localStorage.setItem(STORE, JSON.stringify(state));
    if (puzzle.source.gallery) {
      const kept = keptGallery();
      kept[puzzle.source.gallery] = { cells: state.cells, elapsed: state.elapsed };
      localStorage.setItem(GALLERY_STORE, JSON.stringify(kept));
    }
  } catch {
    /* private mode: nothing kept */
  }
}

function keptGallery() {
  try {
    const kept = JSON.parse(localStorage.getItem(GALLERY_STORE) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

/** The cells and time kept for gallery picture `name` if they fit `next`, or null. */
function keptProgress(name, next) {
  const kept = keptGallery()[name];
  const cells = typeof kept?.cells === "string" ? [...kept.cells].map(Number) : [];
  if (cells.length !== next.width * next.height || cells.some((c) => !(c >= 0 && c <= 2))) return null;
  return { cells, time: Number(kept.elapsed) || 0 };
}

/** Loads the game kept in this browser; with `clues`, only if it is that link's
 * puzzle (the page's address then stays). */
function restore(clues = null) {
  try {
    const state = JSON.parse(localStorage.getItem(STORE) || "null");
    if (!state?.puzzle?.rows) return false;
    if (clues !== null && state.puzzle.link !== clues) return false;
    const cells = [...state.cells].map(Number);
    if (cells.length !== state.puzzle.width * state.puzzle.height) return false;
    load(state.puzzle, cells, { time: state.elapsed || 0, keepUrl: clues !== null });
    return true;
  } catch {
    return false;
  }
}

// -- timer ---------------------------------------------------------------------

const seconds = () => elapsed + (since === null ? 0 : Math.floor((Date.now() - since) / 1000));
const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
function startTimer() {
  if (since === null && !solved) since = Date.now();
}
function stopTimer() {
  elapsed = seconds();
  since = null;
}
setInterval(() => {
  $(".nono-timer").textContent = clock(seconds());
  tickBusy();
  tickVerdict();
}, 500);
document.addEventListener("visibilitychange", () => {
  if (document.hidden && since !== null) stopTimer(), save();
});

// -- actions -------------------------------------------------------------------

/** The puzzle and cells a call to Python is about, and whether they are still in play
 * when its answer comes (a stroke, an undo or another puzzle may come first). */
function askedFor() {
  const asked = { puzzle, cells: Array.from(grid.cells) };
  asked.still = () => puzzle === asked.puzzle && asked.cells.every((v, i) => v === grid.cells[i]);
  return asked;
}

// The hints and checks Python is working on, by action: {controller, button, waiting}. A
// second press of the button waits for the same answer; another puzzle abandons them.
const asking = new Map();

/** Asks Python `method` about the grid in play for `action` (hint or check), saying
 * `waiting` meanwhile; resolves with {answer, asked} (see askedFor), or null when the
 * action is already asking or was abandoned. */
async function ask(action, method, waiting) {
  if (asking.has(action)) return null;
  const controller = new AbortController();
  const button = $(`[data-action=${action}]`);
  // Python answers one call at a time: a puzzle's own check (see checkVerdict) goes first.
  if (verdictAsked) waiting += " (Python is solving the puzzle first: hard clues take a while)";
  asking.set(action, { controller, button, waiting, since: performance.now() });
  button.setAttribute("aria-busy", "true");
  sayBusy();
  const asked = askedFor();
  try {
    const args = { rows: puzzle.rows, columns: puzzle.columns, grid: asked.cells };
    return { answer: await python.call(method, args, { signal: controller.signal }), asked };
  } catch (error) {
    if (error instanceof Cancelled) return null;
    throw error;
  } finally {
    if (asking.get(action)?.controller === controller) done(action);
  }
}

function done(action) {
  asking.get(action).button.removeAttribute("aria-busy");
  asking.delete(action);
}

/** A place for seconds waited: shown, not read out (a screen reader would say them
 * every second). */
function secondsShown() {
  const clock = document.createElement("span");
  clock.className = "nono-busy-clock";
  clock.setAttribute("aria-hidden", "true");
  return clock;
}

/** Says what the latest hint or check under way is doing, with the seconds it has waited. */
function sayBusy() {
  const latest = [...asking.values()].at(-1);
  say(latest?.waiting ?? "");
  if (!latest) return;
  message.append(secondsShown());
  tickBusy();
}
function tickBusy() {
  const clock = message.querySelector(".nono-busy-clock");
  const latest = [...asking.values()].at(-1);
  const s = latest ? Math.floor((performance.now() - latest.since) / 1000) : 0;
  if (clock) clock.textContent = s ? ` ${s} s` : "";
}

/** Abandons the hints and checks under way (their answers would be for nobody). */
function abandon() {
  for (const [action, { controller }] of asking) controller.abort(), done(action);
}

/** Plays a step forwards or back; a Restart's step sets the timer too (its `clock`:
 * the seconds before it and after), so undoing the Restart of a solved puzzle gives
 * back the time it was solved in. */
function replay(changes, forward) {
  for (const [cell, before, after] of changes) grid.cells[cell] = forward ? after : before;
  if (changes.clock) (elapsed = changes.clock[forward ? 1 : 0]), (since = null);
}

// The link's alphabet and progress text, as solvelab.nonogram.link reads them: the
// cells (0 unknown, 1 filled, 2 crossed) three a character.
const LINK_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function progressText(cells) {
  let text = "";
  for (let i = 0; i < cells.length; i += 3) text += LINK_ALPHABET[cells[i] * 9 + (cells[i + 1] ?? 0) * 3 + (cells[i + 2] ?? 0)];
  return text;
}

const actions = {
  undo() {
    if (!undo.length || solved) return;
    const changes = undo.pop();
    replay(changes, false);
    redo.push(changes);
    afterChange();
  },
  redo() {
    if (!redo.length || solved) return;
    const changes = redo.pop();
    replay(changes, true);
    undo.push(changes);
    afterChange();
  },
  // Empties the grid as one step, which Undo takes back; the puzzle's verdict, or its check under way, stays.
  restart() {
    if (!puzzle) return;
    abandon();
    const changes = [];
    grid.cells.forEach((value, cell) => value !== UNKNOWN && changes.push([cell, value, UNKNOWN]));
    changes.clock = [seconds(), 0];
    if (changes.length) {
      undo.push(changes);
      redo = [];
    }
    replay(changes, true);
    begin(0);
    if (puzzle.verdict) showVerdict();
  },
  async check() {
    if (!puzzle) return;
    const { answer, asked } = (await ask("check", "nonogram_check", "checking…")) ?? {};
    if (!answer) return;
    if (!asked.still()) return say("The grid changed while it was being checked: press Check again.");
    if (answer.error) return say(answer.error, "error");
    grid.marks.clear();
    for (const cell of answer.wrong) grid.marks.set(cell, "wrong");
    grid.draw();
    const n = answer.wrong.length;
    say(n ? `${n} cell${n > 1 ? "s are" : " is"} wrong (marked in red): ${cellNames(answer.wrong, puzzle.width)}.` : "No mistakes so far.", n ? "error" : "");
  },
  async hint() {
    if (!puzzle || solved) return;
    const { answer, asked } = (await ask("hint", "nonogram_hint", "looking for a hint…")) ?? {};
    if (!answer) return;
    if (!asked.still()) return say("The grid changed while a hint was sought: press Hint again.");
    if (answer.error) return say(answer.error, "error");
    grid.marks.clear();
    grid.markedLine = answer.line ?? -1;
    for (const [cell] of answer.cells) grid.marks.set(cell, answer.kind === "wrong" ? "wrong" : "hint");
    grid.draw();
    root.dataset.hint = JSON.stringify(answer); // for tests and tools
    const where = answer.kind === "wrong" ? `: ${cellNames(answer.cells.map(([cell]) => cell), puzzle.width)}` : "";
    say(`Hint: ${answer.reason}${where}`, "hint");
  },
  // The link is made here, not by Python: it is there at once, even while Python loads
  // or works on a hard puzzle's check.
  async share() {
    if (!puzzle) return;
    const url = new URL(location.pathname, location.href);
    url.searchParams.set("c", puzzle.link);
    const played = grid.cells.some((c) => c !== UNKNOWN);
    if (played) url.searchParams.set("g", progressText(grid.cells));
    const holds = played ? "the clues and your progress" : "the clues";
    const box = $(".nono-share");
    box.value = url.href;
    box.hidden = false;
    box.select();
    try {
      await navigator.clipboard.writeText(url.href);
      say(`Link copied (it holds ${holds}).`);
    } catch {
      say(`Copy the link below (it holds ${holds}).`);
    }
  },
};

listenForControls(root, grid, actions, (error) => say(error.message, "error"));

// -- where puzzles come from ----------------------------------------------------

// What the random puzzle, file and link forms asked for, said beside them too (the
// page's message is below the grid, often out of sight from the forms).
const sourceStatus = $(".nono-source-status");
const saySource = (text, kind = "") => {
  sourceStatus.textContent = text;
  sourceStatus.dataset.kind = kind;
};
/** A form's request refused before Python is asked: said beside the forms too. It is the
 * newest choice all the same, so a puzzle still being opened is not opened. */
const refuse = (text) => (endOpening(), saySource(text, "error"), say(text, "error"));

/** Why the page does not play a puzzle Python read (over its size limit), or its error. */
function refusal(answer) {
  if (answer.width > MAX_SIZE || answer.height > MAX_SIZE) {
    return `The puzzle is ${answer.width} × ${answer.height}: this page plays puzzles up to ${MAX_SIZE} × ${MAX_SIZE}.`;
  }
  if (answer.rows?.every((clue) => clue.length === 0)) {
    return "Every clue of this puzzle is 0: all its cells are empty, so there is nothing to play.";
  }
  // A random puzzle not found in the time a search is given: asked again, it goes on.
  if (answer.tried) return `${answer.error}. Or press Make again to look at the next pictures.`;
  return answer.error;
}

let opened = null; // the AbortController of the puzzle being opened, if one is

/** Ends the opening of a puzzle under way, if one is, for a newer choice that opens none
 * (yet): the puzzle in play stays, and the check of its verdict, which the opening
 * stopped, starts again. */
function endOpening() {
  if (!opened) return;
  opened.abort();
  checkVerdict();
}

/** Opens the puzzle `ask(signal)` answers (as Python's nonogram_from_… do), saying why
 * not; resolves with null if another puzzle was chosen or opened first. */
async function open(ask, options) {
  // What Python was asked about the puzzle in play, or a puzzle still being opened, is
  // for nobody now: it gets to this sooner.
  abandon();
  stopVerdict();
  opened?.abort();
  const controller = (opened = new AbortController());
  opening++;
  showWaiting();
  say("…");
  saySource(options.waiting ?? "…");
  let answer;
  try {
    answer = await ask(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) return null;
    saySource(error.message, "error");
    checkVerdict(); // of the puzzle still in play
    throw error;
  } finally {
    opening--;
    if (opened === controller) opened = null;
    showWaiting();
  }
  if (controller.signal.aborted) return null; // another puzzle came first (the gallery's ask() heeds no signal)
  const error = refusal(answer);
  saySource(error ?? "", error ? "error" : "");
  if (error) return options.refused?.(answer), say(error, "error"), checkVerdict(), null;
  // A gallery picture, chosen or linked to, keeps its place in the gallery's select
  // and the progress this browser keeps for it.
  const name = answer.source?.startsWith("gallery:") ? answer.source.slice("gallery:".length) : null;
  const source = name ? { gallery: name, label: answer.title } : options.source;
  const kept = name ? keptProgress(name, answer) : null;
  load(answer, answer.grid ?? kept?.cells ?? null, { ...options, source, time: kept?.time ?? 0 });
  return answer;
}

$("[data-field=gallery]").addEventListener("change", (event) => {
  const name = event.target.value;
  if (name) openGallery(name);
});
const generating = { key: null, tried: 0 }; // the last random puzzle not found in time
$("[data-form=generate]").addEventListener("submit", (event) => {
  event.preventDefault();
  const field = (name) => $(`[data-field=${name}]`).value;
  // A number field with no number in it (or text that is none) reads as "", not 0.
  const missing = ["width", "height", "density"].find((name) => field(name).trim() === "");
  if (missing) return refuse(`The ${missing} is empty or not a number.`);
  const args = {
    width: Number(field("width")),
    height: Number(field("height")),
    density: Number(field("density")),
    seed: readSeed(field("seed")),
    difficulty: field("difficulty"),
  };
  if (args.seed === null) return refuse(SEED_RULE);
  // The same puzzle asked again after a search that ran out of time: it goes on from
  // the pictures tried, and finds the puzzle a faster machine finds in one go.
  const key = JSON.stringify(args);
  if (generating.key === key) args.skip = generating.tried;
  const make = event.target.querySelector("button");
  const hadFocus = document.activeElement === make;
  make.disabled = true; // one puzzle at a time: a second would wait behind the first
  const waiting = args.skip
    ? `Making a puzzle: the random pictures after the first ${args.skip}…`
    : "Making a puzzle: random pictures until one has a single solution…";
  generating.key = null;
  const refused = (answer) => answer.tried && Object.assign(generating, { key, tried: answer.tried });
  open((signal) => python.call("nonogram_generate", args, { signal }), { waiting, refused, verdict: "unique", source: { label: `random ${args.width} × ${args.height}, ${args.difficulty}` } })
    .then((answer) => answer && say(`Random ${args.width} × ${args.height}, seed ${args.seed}: unique, ${answer.difficulty === "line" ? "line by line" : "needs trying cells"}.`))
    .catch((e) => say(e.message, "error"))
    .finally(() => {
      make.disabled = false;
      // Disabled, it lost the focus to the page: it gets it back.
      if (hadFocus && document.activeElement === document.body) make.focus();
    });
});
let lastFile = null; // a token of the file chosen last
$("[data-field=file]").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = ""; // the same file chosen again (edited since) is a change too
  if (!file) return;
  endOpening(); // this file is the newest choice, even if it is refused
  const chosen = (lastFile = {});
  let text;
  try {
    text = await readTextFile(file);
  } catch (error) {
    return chosen === lastFile && refuse(error.message);
  }
  if (chosen !== lastFile) return; // another file was chosen while this one was read
  open((signal) => python.call("nonogram_from_text", { text, name: file.name }, { signal }), { source: { label: `file: ${file.name}` } }).catch((e) => say(e.message, "error"));
});
$("[data-form=link]").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("[data-field=link]").value.trim();
  if (isPatternId(text)) {
    return open((signal) => python.call("nonogram_from_text", { text }, { signal }), { source: { label: "a Pattern game ID" } }).catch((e) => say(e.message, "error"));
  }
  let params;
  try {
    params = new URL(text, location.href).searchParams;
  } catch {
    return refuse("That is not a link.");
  }
  if (!params.get("c")) return refuse(NO_PUZZLE_IN_THE_BOX);
  openLink(params);
});

// -- whether an opened puzzle has a single solution ------------------------------
//
// A puzzle from a link, a file or a Pattern game ID may have more than one
// solution, or none: Check can then tell no cell wrong, and Hint runs out of
// steps. Python finds out as the puzzle opens (the Check and Hint that follow
// find its answer kept), and the page says so at once.
let verdictAsked = null; // the AbortController of that question, while it is asked
let verdictSince = null; // when Python, ready, began on it (performance.now())

function stopVerdict() {
  verdictAsked?.abort();
  verdictAsked = null;
}

/** Asks Python whether the puzzle in play has a single solution, unless that is known. */
function checkVerdict() {
  stopVerdict();
  if (!puzzle || puzzle.verdict) return;
  const asked = puzzle;
  const controller = (verdictAsked = new AbortController());
  verdictSince = null;
  const empty = new Array(asked.width * asked.height).fill(UNKNOWN);
  python
    .call("nonogram_check", { rows: asked.rows, columns: asked.columns, grid: empty }, { signal: controller.signal })
    .then((answer) => {
      if (puzzle !== asked || !answer.status) return;
      asked.verdict = answer.status;
      save();
      showVerdict();
    })
    .catch(() => {}) // abandoned, or Python failed (which the page says already)
    .finally(() => verdictAsked === controller && (verdictAsked = null));
}

/** A puzzle's check that runs long (hard clues, a slow phone) is shown under the grid
 * with its seconds, counted from when Python was ready: Hint and Check wait for it. */
function tickVerdict() {
  const line = $(".nono-python");
  const clock = line.querySelector(".nono-busy-clock");
  if (verdictAsked && isReady(python.status)) verdictSince ??= performance.now();
  const waited = verdictAsked && verdictSince !== null ? Math.floor((performance.now() - verdictSince) / 1000) : 0;
  if (waited < 3) {
    if (clock) showStatus(python.status); // the check has ended
    return;
  }
  if (!clock) {
    line.textContent = "Python is checking whether this puzzle has a single solution: hard clues take a while.";
    line.append(secondsShown());
    line.hidden = false;
  }
  line.querySelector(".nono-busy-clock").textContent = ` ${waited} s`;
}

/** Says, beside the forms and under the grid, that the puzzle in play has no single solution. */
function showVerdict() {
  const text = {
    multiple: "This puzzle has more than one solution: Check cannot tell which cells are wrong, and Hint stops where no row or column tells more.",
    none: "This puzzle has no solution: no way of filling it fits every clue.",
  }[puzzle.verdict];
  if (text && !solved) saySource(text, "error"), say(text, "error");
}

function openLink(params) {
  const clues = params.get("c") ?? "";
  const progress = params.get("g");
  if (!clues) return refuse("The link holds no puzzle (it needs ?c=…).");
  if (clues.length > MAX_LINK || (progress?.length ?? 0) > MAX_LINK) return refuse("The link is too long to be a puzzle.");
  open((signal) => python.call("nonogram_from_link", { clues, progress }, { signal }), { keepUrl: true, source: { label: "from a link" } })
    .then((answer) => {
      const left = answer?.progress_error; // bad progress: the puzzle opens without it
      if (left) say(sentences(left), "error");
      // The progress shown once: the page's address keeps the puzzle, and a reload
      // then brings back the game as it was left here.
      if (answer && progress && new URLSearchParams(location.search).get("g") === progress) {
        const url = new URL(location.href);
        url.searchParams.delete("g");
        history.replaceState(null, "", url);
      }
    })
    .catch((e) => say(e.message, "error"));
}

// The gallery comes with the site (made from Python's at build time): its pictures
// open before Python has loaded, which takes a minute on a slow phone's first visit.
const gallery = fetch(new URL("../assets/nonogram-gallery.json", import.meta.url)).then((response) => {
  if (!response.ok) throw new Error(`The gallery did not load (HTTP ${response.status}).`);
  return response.json();
});

function openGallery(name) {
  const ask = async () => (await gallery).by_name[name] ?? { error: `There is no picture named ${name}.` };
  open(ask, {}).catch((e) => say(e.message, "error"));
}

async function fillGallery() {
  const { puzzles } = await gallery;
  const select = $("[data-field=gallery]");
  select.replaceChildren(new Option("choose a picture…", ""));
  for (const p of puzzles) select.add(new Option(`${p.title} (${p.width} × ${p.height})`, p.name));
  showSource();
}

const linked = new URLSearchParams(location.search);
if (linked.has("c")) {
  // The game kept here for the link's puzzle comes back (a reload never starts it
  // again), unless the link holds progress of its own.
  if (linked.has("g") || !restore(linked.get("c"))) openLink(linked);
} else if (!restore()) {
  openGallery("heart");
}
fillGallery().catch(() => {});
root.dataset.ready = "true"; // the page is wired (tests wait for this)
window.nonogramGrid = grid; // for tests
