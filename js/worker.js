// The page's Python: Pyodide in a module Web Worker, running solvelab.web.
//
// Messages (see js/python.js, which is the page's side):
//   page -> worker  {shared: SharedArrayBuffer}  where the page is cross-origin isolated:
//                                           its first 4 bytes are Pyodide's interrupt
//                                           buffer (the page writes 2, SIGINT, to stop
//                                           the running call), then int32 slots where
//                                           the page writes the id of a call it gave up
//                                           (slot id % their number)
//                   {id, method, args}      call solvelab.web.<method>(**args)
//                   {cancel: id}            the page gave up on call id: do not start it
//   worker -> page  {id, started: true}     Python starts running call id now
//                   {id, result}            what the function returned (plain JSON)
//                   {id, error: {message}}  the call failed (never a traceback)
//                   {id, cancelled: true}   the call was stopped or never started
//                   {id, progress: {...}}   what a function that takes on_progress tells
//                                           while it runs: {stage: "solution", moves,
//                                           length} for each better solution of solve,
//                                           {stage: "suspects", suspects: [{line, note}]}
//                                           for each line or pair nonogram_suspects finds
//                   {status: {stage, ...}}  "loading-python" (with {loaded, total} bytes
//                                           once Pyodide's downloads are counted),
//                                           "loading-package", "ready",
//                                           then "tables" {loaded, total} and "tables-ready"
//                                           {steps: {step: seconds from the first download}};
//                                           "error" with a message if Python cannot start,
//                                           "tables-error" if the tables cannot be had
//
// For a page that names the worker WITH_TABLES (the player, the two-phase demos),
// the worker downloads the solver's tables as soon as Python is ready and loads
// them into Python, in the background: the first Solve finds them ready. Elsewhere
// (the nonogram pages) they are loaded only if a call needs them. A call that
// needs the tables waits for them. Damaged tables are deleted and downloaded
// again, past every cache, on the next call.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import {
  download,
  installTables,
  prefetchManifest,
  removeTables,
  startFetchers,
  whyNotDownloaded,
} from "./worker-tables.js";

const PACKAGE_DIR = "/py";
const TABLES_DIR = "/tables";
const TABLES_URL = new URL("../tables/", import.meta.url);
const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const NEEDS_TABLES = new Set(["solve", "random_state_scramble", "two_phase_lesson", "two_phase_versions", "phase1_coordinates", "ida_star"]);

// Calls a function of solvelab.web with keyword arguments given as JSON, and
// answers in JSON: {"result": ...} or {"failure": {kind, message, traceback}}.
const GLUE = `
import inspect, json, sys, traceback
sys.path.insert(0, ${JSON.stringify(PACKAGE_DIR)})
from solvelab import web
from solvelab.tables import TableError

def call(method, args_json, progress):
    function = getattr(web, method, None)
    if method.startswith("_") or not inspect.isfunction(function) or function.__module__ != web.__name__:
        return json.dumps({"failure": {"kind": "python", "message": f"there is no function {method!r}"}})
    try:
        args = json.loads(args_json)
        if "on_progress" in inspect.signature(function).parameters:
            args["on_progress"] = lambda update: progress(json.dumps(update))
        return json.dumps({"result": function(**args)})
    except KeyboardInterrupt:
        return json.dumps({"failure": {"kind": "interrupted", "message": "stopped"}})
    except BaseException as error:  # whatever happens, a message and not a traceback
        kind = "tables" if isinstance(error, TableError) else "python"
        message = str(error) if kind == "tables" else f"{type(error).__name__}: {error}"
        failure = {"kind": kind, "message": message, "traceback": traceback.format_exc()}
        return json.dumps({"failure": failure})

call
`;

const status = (status) => postMessage({ status });

// The worker's name for a page that wants the tables in the background (as
// js/python.js names it; a name, not a message: it is known before anything runs).
const WITH_TABLES = "solvelab-python-with-tables";
const backgroundTables = self.name === WITH_TABLES;

// The tables' fetching workers and their manifest (8 kB), started while this
// thread is free (see startFetchers): the tables themselves wait for Python.
let fetchers = backgroundTables ? startFetchers() : null;
let manifest = backgroundTables ? prefetchManifest(TABLES_URL) : null;

let pyodide;
let callPython;
let interrupt = null; // Int32Array over the page's SharedArrayBuffer, when it has one
let givenUp = null; // Int32Array of the ids of calls given up, in the same buffer
const cancelled = new Set();

// Whether the page gave call `id` up. Its {cancel} message is no help while Python
// runs the call before it: it waits behind the call's own message, which the worker
// takes up as soon as Python is free. The shared memory says it at once.
function isGivenUp(id) {
  const inSlot = givenUp !== null && Atomics.load(givenUp, id % givenUp.length) === id;
  return cancelled.delete(id) || inSlot;
}

// When Pyodide's files cannot be downloaded, loadPyodide neither resolves nor rejects:
// Pyodide warns "wasm instantiation failed!" and waits for ever, or, when the
// download failed before it looked, leaves an unhandled rejection, or (its standard
// library) logs the error and goes on to a fatal error. Any of these, or a download
// that countPyodideDownloads sees fail, before Python is ready, is Python failing
// to start.
let failStart;
const startFailed = new Promise((_, reject) => {
  failStart = reject;
  addEventListener("unhandledrejection", (event) => {
    if (callPython) return;
    event.preventDefault(); // reported as Python's start failing
    reject(event.reason);
  });
  const warn = console.warn;
  console.warn = (...args) => {
    warn.apply(console, args);
    if (!callPython && args[0] === "wasm instantiation failed!") {
      reject(new Error("its WebAssembly, pyodide.asm.wasm, could not be loaded"));
    }
  };
});
startFailed.catch(() => {}); // raced in boot

const booting = boot().catch(async (error) => {
  const message = `Python could not start (${(await namedDownload(error)).message ?? error})`;
  status({ stage: "error", message });
  throw new Error(message);
});
booting.catch(() => {}); // reported above, and to every call
if (backgroundTables) booting.then(() => tables().catch(() => {}), () => {}); // reported as "tables-error", "error" and to calls

// Pyodide imports its runtime's JavaScript, pyodide.asm.mjs; the browser's words when
// that download fails name the URL ("Failed to fetch dynamically imported module:
// <url>" in Chromium, "error loading dynamically imported module: <url>" in Firefox).
async function namedDownload(error) {
  const url = /dynamically imported module: (\S+)/.exec(error?.message ?? "")?.[1];
  if (!url?.startsWith(PYODIDE_URL)) return error;
  return new Error(`${url.slice(PYODIDE_URL.length)} could not be downloaded (${await whyNotDownloaded(error)})`);
}

async function boot() {
  status({ stage: "loading-python" });
  // The package downloads while Pyodide starts.
  const archive = download(new URL("../py/solvelab.zip", import.meta.url));
  archive.catch(() => {}); // awaited below
  const uncount = countPyodideDownloads((loaded, total) => status({ stage: "loading-python", loaded, total }), failStart);
  try {
    pyodide = await Promise.race([
      loadPyodide({
        indexURL: PYODIDE_URL,
        env: { SOLVELAB_TABLES: TABLES_DIR },
      }),
      startFailed,
    ]);
  } finally {
    uncount();
  }
  status({ stage: "loading-package" });
  pyodide.unpackArchive(await archive, "zip", { extractDir: PACKAGE_DIR });
  callPython = pyodide.runPython(GLUE);
  // Only now: a Stop meant for calls waiting for Python must not interrupt its start.
  if (interrupt) listenForStop();
  status({ stage: "ready" });
}

/**
 * Pyodide downloads its runtime (pyodide.asm.wasm) and standard library itself and
 * says nothing of their progress, which on a slow phone is minutes, nor which of its
 * files (these and its lock file) failed to come. While it starts, the worker's
 * fetch hands it the runtime's and library's responses with their bodies counted as they
 * arrive (one download, read once, by Pyodide): onBytes(loaded, total) with the
 * bytes so far of all of them, the total 0 (unknown) while one has not answered or
 * is compressed (its length is not its bytes'). A download that fails is
 * onFail(error). Returns the function that ends the counting and puts fetch back.
 */
function countPyodideDownloads(onBytes, onFail) {
  const plain = globalThis.fetch;
  const files = []; // {loaded, total} of each counted download
  let counting = true; // until Pyodide has started or failed: no progress after that
  const report = () => {
    if (!counting) return;
    const sum = (key) => files.reduce((n, file) => n + file[key], 0);
    onBytes(sum("loaded"), files.every((file) => file.total) ? sum("total") : 0);
  };
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (!url.href.startsWith(PYODIDE_URL)) return plain(input, init);
    const failed = (why) => {
      const error = new Error(`${url.pathname.split("/").pop()} could not be downloaded (${why})`);
      onFail(error);
      return error;
    };
    // The runtime and the standard library are counted; the lock file is small.
    const file = /\.(wasm|zip)$/.test(url.pathname) ? { loaded: 0, total: 0 } : null;
    if (file) files.push(file); // its total unknown until the response comes
    let response;
    try {
      response = await plain(input, init);
    } catch (error) {
      throw failed(await whyNotDownloaded(error));
    }
    if (!response.ok) failed(`HTTP ${response.status}`);
    if (!file || !response.ok || !response.body) return response;
    const compressed = (response.headers.get("content-encoding") ?? "identity") !== "identity";
    file.total = compressed ? 0 : Number(response.headers.get("content-length")) || 0;
    const reader = response.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw failed(await whyNotDownloaded(error));
        }
        if (chunk.done) return controller.close();
        file.loaded += chunk.value.byteLength;
        report();
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const { status: code, statusText, headers } = response;
    return new Response(counted, { status: code, statusText, headers });
  };
  return () => {
    counting = false;
    globalThis.fetch = plain;
  };
}

function listenForStop() {
  Atomics.store(interrupt, 0, 0);
  pyodide.setInterruptBuffer(interrupt);
}

/** Runs solvelab.web.<method>(**args) for the worker's own work (the tables); a page's
 * Stop during it ends it with "interrupted". */
function runPython(method, args) {
  if (interrupt) Atomics.store(interrupt, 0, 0); // a Stop meant for an earlier call
  return JSON.parse(callPython(method, JSON.stringify(args ?? {}), () => {}));
}

onmessage = async ({ data }) => {
  if (data.shared) {
    interrupt = new Int32Array(data.shared, 0, 1);
    givenUp = new Int32Array(data.shared, 4);
    if (callPython) listenForStop();
    return;
  }
  if (data.cancel !== undefined) {
    cancelled.add(data.cancel);
    return;
  }
  const { id, method, args } = data;
  try {
    await booting;
    if (NEEDS_TABLES.has(method)) await tables();
    if (isGivenUp(id)) return postMessage({ id, cancelled: true });
    const onProgress = (json) => postMessage({ id, progress: JSON.parse(json) });
    if (interrupt) Atomics.store(interrupt, 0, 0); // a Stop meant for an earlier call
    postMessage({ id, started: true }); // from now on the page may interrupt it
    const answer = JSON.parse(callPython(method, JSON.stringify(args ?? {}), onProgress));
    if (answer.failure) {
      const { kind, message, traceback } = answer.failure;
      if (kind === "interrupted") return postMessage({ id, cancelled: true });
      if (traceback) console.debug(traceback);
      throw new Error(message);
    }
    postMessage({ id, result: answer.result });
  } catch (error) {
    postMessage({ id, error: { message: error.message ?? String(error) } });
  } finally {
    cancelled.delete(id);
  }
};

// Tables: downloaded and loaded once, shared by every call that needs them.
let tablesReady = null;
// After damaged tables: fetch past the browser's and the service worker's caches.
let reload = false;

function tables() {
  tablesReady ??= loadTables().catch((error) => {
    tablesReady = null;
    status({ stage: "tables-error", message: error.message });
    throw error;
  });
  return tablesReady;
}

async function loadTables() {
  // When each step ended, in seconds from here: reported with "tables-ready".
  const start = performance.now();
  const steps = {};
  const ended = (step) => (steps[step] = Math.round(performance.now() - start) / 1000);
  try {
    const started = fetchers ?? startFetchers(); // once more after damaged tables
    const prefetched = manifest;
    fetchers = manifest = null;
    await installTables(pyodide, {
      fetchers: started,
      manifest: prefetched,
      dir: TABLES_DIR,
      url: TABLES_URL,
      reload,
      onProgress: (progress) => status({ stage: "tables", ...progress }),
      // Python's share of the work, as soon as it can: what needs no tables, then
      // the small move tables while the big ones download. A step stopped or
      // failed here is done, or reported, by load_tables.
      whileDownloading: async (written) => {
        ended("downloads asked for");
        const prepared = runPython("prepare_search", {});
        ended("prepare_search");
        if (!prepared.result) return;
        await written(prepared.result.move_tables);
        ended("move tables downloaded");
        runPython("load_move_tables", {});
        ended("load_move_tables");
      },
    });
    ended("every table downloaded");
  } catch (error) {
    throw new Error(`could not download the solver's tables (${error.message})`);
  }
  reload = false;
  let answer;
  do answer = runPython("load_tables", {}); // a Stop meant for a call waiting for the tables
  while (answer.failure?.kind === "interrupted");
  if (answer.failure?.kind === "tables") {
    forgetTables();
    throw new Error(
      `the solver's tables are damaged (${answer.failure.message}); they will be downloaded again on the next try`,
    );
  }
  if (answer.failure) throw new Error(answer.failure.message);
  ended("load_tables");
  status({ stage: "tables-ready", steps });
}

function forgetTables() {
  removeTables(pyodide, TABLES_DIR);
  tablesReady = null;
  reload = true;
}
