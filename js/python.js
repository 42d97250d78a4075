// The page's handle on Python: a Web Worker (js/worker.js) running Pyodide and
// solvelab.web, so long work never blocks the page.
//
//   const python = new PythonClient({ onStatus: (status) => show(status.stage), tables: true });
//   await python.ready;
//   const { moves } = await python.call("solve", { facelets }, { onProgress: show });
//   python.stop(); // ends every call in progress (each rejects with a Cancelled error)
//   const asked = new AbortController();
//   python.call("nonogram_edit_check", args, { signal: asked.signal }); asked.abort(); // ends that call only
//
// Stop keeps Python and its tables when the page is cross-origin isolated (the
// server or the service worker sends COOP and COEP headers): the running call is
// interrupted through Pyodide's interrupt buffer, a SharedArrayBuffer. Elsewhere
// the worker is ended and a new one started, which loads Python and the tables
// again (from the browser's caches).
//
// call(method, args) calls solvelab.web.<method>(**args) and resolves with what it
// returns: plain JSON, where mistakes a user can make come back as {error: ...}.
// It rejects with an Error carrying a message meant for people when the call
// itself fails (Python raised, the tables could not be downloaded, ...).

import { downloading, registerAfter } from "./register-sw.js";

/**
 * What a page says while Python starts: "loading Python…", with the megabytes
 * downloaded so far once the worker counts them (see js/worker.js), then "starting
 * Python…" while it compiles and sets itself up (seconds on a phone).
 */
export function loadingText(status) {
  const downloaded = status.total && status.loaded >= status.total;
  if (status.stage === "loading-package" || downloaded) return "starting Python…";
  if (status.stage !== "loading-python" || !status.loaded) return "loading Python…";
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  const of = status.total ? ` of ${mb(status.total)}` : "";
  return `loading Python… ${mb(status.loaded)}${of} MB`;
}

// The worker's name when the page wants the solver's tables in the background
// (js/worker.js reads it).
const WITH_TABLES = "solvelab-python-with-tables";

// The service worker registers once the first client has Python, and its tables
// if it asked for them (or cannot have them), so that it finds them in the HTTP cache.
let downloadsDone;
registerAfter(new Promise((resolve) => (downloadsDone = resolve)));

// How many calls given up the shared memory holds at once (a call's slot is its id
// modulo this): far more than a page has waiting.
const GIVEN_UP_SLOTS = 256;

// What a page can do when Python could not start (restart() also starts it again).
const AGAIN = ": reload the page to try again";

/** A failure's message without its advice to reload the page, for a page that offers a Try again button. */
export function withoutReload(message) {
  return message.endsWith(AGAIN) ? message.slice(0, -AGAIN.length) : message;
}

/** The error a call rejects with when stop() or restart() ended it. */
export class Cancelled extends Error {
  constructor(message = "cancelled") {
    super(message);
    this.name = "Cancelled";
  }
}

export class PythonClient {
  #worker = null;
  #pending = new Map(); // id -> {message, resolve, reject, onProgress}
  #running = null; // the id of the call Python is running now, as the worker last said
  #nextId = 1;
  #status = { stage: "loading-python" };
  #onStatus;
  #tables;
  #settleReady = null;
  #settleTables = null;
  #broken = null; // why the worker did not load, if it did not
  // Memory shared with the worker where the page is cross-origin isolated (see
  // js/worker.js): Pyodide's interrupt buffer, where writing 2 raises
  // KeyboardInterrupt in the running call, then the ids of the calls given up.
  #shared = globalThis.crossOriginIsolated ? new SharedArrayBuffer(4 * (1 + GIVEN_UP_SLOTS)) : null;
  #interrupt = this.#shared && new Int32Array(this.#shared, 0, 1);
  #givenUp = this.#shared && new Int32Array(this.#shared, 4, GIVEN_UP_SLOTS);

  /**
   * Starts the worker. onStatus(status) is called as Python starts:
   * {stage: "loading-python" | "loading-package" | "ready" | "error", loaded?, total?, message?},
   * then as the solver's tables load: {stage: "tables", loaded, total}, "tables-ready",
   * or "tables-error" with a message (a call that needs them tries again). With
   * `tables`, they load in the background as soon as Python is ready; without, only
   * when a call needs them. `ready` and `tablesReady` are promises of the first two
   * milestones.
   */
  constructor({ onStatus, tables = false } = {}) {
    this.#onStatus = onStatus;
    this.#tables = tables;
    this.#start();
  }

  /** The latest status (see the constructor). */
  get status() {
    return this.#status;
  }

  /** Whether stop() interrupts Python (true) or has to restart the worker (false). */
  get interruptible() {
    return this.#interrupt !== null;
  }

  /**
   * Calls solvelab.web.<method>(**args); resolves with its result. onProgress(progress)
   * gets what the function tells while it runs (see worker.js): {stage: "solution",
   * moves, length} for each better solution that solve finds, for example.
   * Aborting `signal` ends this call only (it rejects with Cancelled): Python is
   * interrupted if it is running it, where it can be; otherwise its answer is dropped.
   */
  call(method, args = {}, { onProgress, signal } = {}) {
    if (this.#broken) return Promise.reject(new Error(this.#broken));
    if (signal?.aborted) return Promise.reject(new Cancelled());
    const id = this.#nextId++;
    const message = { id, method, args };
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { message, resolve, reject, onProgress });
      signal?.addEventListener("abort", () => this.#cancel(id), { once: true });
      this.#worker.postMessage(message);
    });
  }

  /** Ends every call in progress: each rejects with Cancelled. Python and its tables stay if they can. */
  stop() {
    if (!this.#interrupt) return this.restart();
    for (const id of [...this.#pending.keys()]) this.#cancel(id);
  }

  /** Ends call `id`, if it is still waiting for its answer. */
  #cancel(id) {
    const call = this.#pending.get(id);
    if (!call) return;
    this.#pending.delete(id);
    this.#worker.postMessage({ cancel: id }); // if it has not started
    if (this.#givenUp) Atomics.store(this.#givenUp, id % GIVEN_UP_SLOTS, id); // seen even while Python runs
    if (this.#interrupt && this.#running === id) Atomics.store(this.#interrupt, 0, 2); // SIGINT
    call.reject(new Cancelled());
  }

  /**
   * Ends the worker and every call in progress (they reject with Cancelled), and starts
   * afresh: after Stop, or to try again when Python could not start.
   */
  restart() {
    this.#worker.terminate();
    this.#running = null;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(new Cancelled());
    const settleOld = this.#settleReady;
    const settleOldTables = this.#settleTables;
    this.#start();
    settleOld?.resolve(this.ready); // whoever awaits the old promises gets the new worker's
    settleOldTables?.resolve(this.tablesReady);
  }

  #start() {
    this.ready = new Promise((resolve, reject) => (this.#settleReady = { resolve, reject }));
    this.ready.catch(() => {}); // also reported through onStatus and to every call
    this.tablesReady = new Promise((resolve) => (this.#settleTables = { resolve }));
    this.#broken = null;
    this.#setStatus({ stage: "loading-python" });
    const name = this.#tables ? WITH_TABLES : "solvelab-python";
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
    worker.onmessage = ({ data }) => this.#receive(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(`Python could not start (${event.message || "the worker did not load"})`);
    };
    if (this.#shared) worker.postMessage({ shared: this.#shared });
    this.#worker = worker;
  }

  #receive({ id, started, result, error, cancelled, progress, status }) {
    if (status) {
      if (status.stage === "error") status = { ...status, message: `${status.message}${AGAIN}` };
      this.#setStatus(status);
      if (status.stage === "ready") this.#settleReady?.resolve();
      if (status.stage === "error") this.#settleReady?.reject(new Error(status.message));
      if (status.stage === "tables-ready") this.#settleTables?.resolve();
      if (["tables-ready", "tables-error", "error"].includes(status.stage)) downloadsDone();
      if (status.stage === "ready" && !this.#tables) downloadsDone();
      return;
    }
    if (started) {
      this.#running = id;
      // Given up just after the worker looked (see isGivenUp in js/worker.js): it is
      // interrupted now, before it holds Python for nobody.
      if (!this.#pending.has(id) && this.#interrupt) Atomics.store(this.#interrupt, 0, 2);
      return;
    }
    if (!progress && this.#running === id) this.#running = null;
    const call = this.#pending.get(id);
    if (!call) return; // stopped: whatever it says now is for nobody
    if (progress) {
      call.onProgress?.(progress);
    } else if (cancelled && this.#interrupt) {
      // Nobody here ended it: the interrupt meant for the call before it came as this
      // one started. It is asked again.
      this.#worker.postMessage(call.message);
    } else {
      this.#pending.delete(id);
      if (cancelled) call.reject(new Cancelled());
      else if (error) call.reject(new Error(error.message));
      else call.resolve(result);
    }
  }

  #fail(message) {
    message += AGAIN;
    downloadsDone();
    this.#broken = message;
    this.#setStatus({ stage: "error", message });
    this.#settleReady?.reject(new Error(message));
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(new Error(message));
  }

  #setStatus(status) {
    if (["loading-python", "tables"].includes(status.stage)) downloading();
    this.#status = status;
    this.#onStatus?.(status);
  }
}
