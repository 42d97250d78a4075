// The page's handle on Python: a Web Worker (js/worker.js) running Pyodide and
// solvelab.web, so long work never blocks the page.
//
//   const python = new PythonClient({ onStatus: (status) => show(status.stage) });
//   await python.ready;
//   const { moves } = await python.call("solve", { facelets }, { onProgress: show });
//   python.restart(); // Stop: ends the running call (it rejects with a Cancelled error)
//
// call(method, args) calls solvelab.web.<method>(**args) and resolves with what it
// returns: plain JSON, where mistakes a user can make come back as {error: ...}.
// It rejects with an Error carrying a message meant for people when the call
// itself fails (Python raised, the tables could not be downloaded, ...).

/** The error a call rejects with when restart() ended it. */
export class Cancelled extends Error {
  constructor(message = "cancelled") {
    super(message);
    this.name = "Cancelled";
  }
}

export class PythonClient {
  #worker = null;
  #pending = new Map(); // id -> {resolve, reject, onProgress}
  #nextId = 1;
  #status = { stage: "loading-python" };
  #onStatus;
  #settleReady = null;
  #broken = null; // why the worker did not load, if it did not

  /**
   * Starts the worker. onStatus(status) is called as Python starts:
   * {stage: "loading-python" | "loading-package" | "ready" | "error", loaded?, total?, message?}.
   */
  constructor({ onStatus } = {}) {
    this.#onStatus = onStatus;
    this.#start();
  }

  /** The latest status (see the constructor). */
  get status() {
    return this.#status;
  }

  /**
   * Calls solvelab.web.<method>(**args); resolves with its result. onProgress(progress)
   * gets {stage: "tables", loaded, total} while the solver's tables download and
   * {stage: "solution", moves, length} for each better solution that solve finds.
   */
  call(method, args = {}, { onProgress } = {}) {
    if (this.#broken) return Promise.reject(new Error(this.#broken));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      this.#worker.postMessage({ id, method, args });
    });
  }

  /** Ends the worker and every call in progress (they reject with Cancelled), and starts afresh. */
  restart() {
    this.#worker.terminate();
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(new Cancelled());
    const settleOld = this.#settleReady;
    this.#start();
    settleOld?.resolve(this.ready); // whoever awaits the old `ready` gets the new worker's
  }

  #start() {
    this.ready = new Promise((resolve, reject) => (this.#settleReady = { resolve, reject }));
    this.ready.catch(() => {}); // also reported through onStatus and to every call
    this.#broken = null;
    this.#setStatus({ stage: "loading-python" });
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => this.#receive(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(`Python could not start (${event.message || "the worker did not load"})`);
    };
    this.#worker = worker;
  }

  #receive({ id, result, error, progress, status }) {
    if (status) {
      this.#setStatus(status);
      if (status.stage === "ready") this.#settleReady?.resolve();
      if (status.stage === "error") this.#settleReady?.reject(new Error(status.message));
      return;
    }
    const call = this.#pending.get(id);
    if (!call) return;
    if (progress) {
      call.onProgress?.(progress);
    } else {
      this.#pending.delete(id);
      if (error) call.reject(new Error(error.message));
      else call.resolve(result);
    }
  }

  #fail(message) {
    this.#broken = message;
    this.#setStatus({ stage: "error", message });
    this.#settleReady?.reject(new Error(message));
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(new Error(message));
  }

  #setStatus(status) {
    this.#status = status;
    this.#onStatus?.(status);
  }
}
