// The page's Python: Pyodide in a module Web Worker, running solvelab.web.
//
// Messages (see js/python.js, which is the page's side):
//   page -> worker  {id, method, args}      call solvelab.web.<method>(**args)
//   worker -> page  {id, result}            what the function returned (plain JSON)
//                   {id, error: {message}}  the call failed (never a traceback)
//                   {id, progress: {...}}   {stage: "tables", loaded, total} while the
//                                           tables download; {stage: "solution", moves,
//                                           length} for each better solution of solve
//                   {status: {stage, ...}}  "loading-python", "loading-package", "ready",
//                                           or "error" with a message if Python cannot start
//
// The solver's tables are downloaded the first time a call needs them, written
// to /tables in Pyodide's file system, and checked by Python (size and SHA-256)
// when it loads them. Damaged tables are deleted and downloaded again, past
// every cache, on the next call.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const PACKAGE_DIR = "/py";
const TABLES_DIR = "/tables";
const TABLES_URL = new URL("../tables/", import.meta.url);
const NEEDS_TABLES = new Set(["solve", "random_state_scramble"]);

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
        if "on_solution" in inspect.signature(function).parameters:
            args["on_solution"] = lambda solution: progress(json.dumps(solution))
        return json.dumps({"result": function(**args)})
    except BaseException as error:  # whatever happens, a message and not a traceback
        kind = "tables" if isinstance(error, TableError) else "python"
        message = str(error) if kind == "tables" else f"{type(error).__name__}: {error}"
        failure = {"kind": kind, "message": message, "traceback": traceback.format_exc()}
        return json.dumps({"failure": failure})

call
`;

const status = (status) => postMessage({ status });

let pyodide;
let callPython;
const booting = boot().catch((error) => {
  const message = `Python could not start (${error.message ?? error})`;
  status({ stage: "error", message });
  throw new Error(message);
});
booting.catch(() => {}); // reported above, and to every call

async function boot() {
  status({ stage: "loading-python" });
  pyodide = await loadPyodide({
    indexURL: new URL("../pyodide/", import.meta.url).href,
    env: { SOLVELAB_TABLES: TABLES_DIR },
  });
  status({ stage: "loading-package" });
  const archive = await download(new URL("../py/solvelab.zip", import.meta.url), "default", (loaded, total) =>
    status({ stage: "loading-package", loaded, total }),
  );
  pyodide.unpackArchive(archive, "zip", { extractDir: PACKAGE_DIR });
  callPython = pyodide.runPython(GLUE);
  status({ stage: "ready" });
}

onmessage = async ({ data: { id, method, args } }) => {
  try {
    await booting;
    if (NEEDS_TABLES.has(method)) {
      await tables((progress) => postMessage({ id, progress: { stage: "tables", ...progress } }));
    }
    const onSolution = (json) => postMessage({ id, progress: { stage: "solution", ...JSON.parse(json) } });
    const answer = JSON.parse(callPython(method, JSON.stringify(args ?? {}), onSolution));
    if (answer.failure) {
      const { kind, message, traceback } = answer.failure;
      if (traceback) console.debug(traceback);
      if (kind === "tables") {
        forgetTables();
        throw new Error(
          `the solver's tables are damaged (${message}); they will be downloaded again on the next try`,
        );
      }
      throw new Error(message);
    }
    postMessage({ id, result: answer.result });
  } catch (error) {
    postMessage({ id, error: { message: error.message ?? String(error) } });
  }
};

// Tables: downloaded once, shared by every call that needs them.
let tablesReady = null;
// After damaged tables: fetch past the browser's and the service worker's caches.
let reload = false;

function tables(onProgress) {
  tablesReady ??= downloadTables(onProgress).catch((error) => {
    tablesReady = null;
    throw new Error(`could not download the solver's tables (${error.message})`);
  });
  return tablesReady;
}

async function downloadTables(onProgress) {
  const cache = reload ? "reload" : "default";
  const text = new TextDecoder().decode(await download(new URL("manifest.json", TABLES_URL), cache));
  const manifest = JSON.parse(text);
  const total = manifest.tables.reduce((sum, entry) => sum + entry.bytes, 0);
  let loaded = 0;
  pyodide.FS.mkdirTree(TABLES_DIR);
  for (const entry of manifest.tables) {
    const path = `${TABLES_DIR}/${entry.file}`;
    if (!pyodide.FS.analyzePath(path).exists) {
      // The file's hash in the URL names its content, for the service worker's cache.
      const url = new URL(`${entry.file}?sha256=${entry.sha256}`, TABLES_URL);
      const done = loaded;
      const bytes = await download(url, cache, (soFar) => onProgress({ loaded: done + soFar, total }));
      pyodide.FS.writeFile(path, bytes);
    }
    loaded += entry.bytes;
    onProgress({ loaded, total });
  }
  pyodide.FS.writeFile(`${TABLES_DIR}/manifest.json`, text);
  reload = false;
}

function forgetTables() {
  if (pyodide.FS.analyzePath(TABLES_DIR).exists) {
    for (const name of pyodide.FS.readdir(TABLES_DIR)) {
      if (name !== "." && name !== "..") pyodide.FS.unlink(`${TABLES_DIR}/${name}`);
    }
  }
  tablesReady = null;
  reload = true;
}

// The bytes at url, reporting (bytes so far, expected total) as they arrive.
async function download(url, cache, onProgress = () => {}) {
  const name = url.pathname.split("/").pop();
  let response;
  try {
    response = await fetch(url, { cache });
  } catch (error) {
    throw new Error(`${name}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  const total = Number(response.headers.get("Content-Length")) || undefined;
  const chunks = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new Error(`${name}: ${error.message}`);
    }
    if (chunk.done) break;
    chunks.push(chunk.value);
    loaded += chunk.value.length;
    onProgress(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
