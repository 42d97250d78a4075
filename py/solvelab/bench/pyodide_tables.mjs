// The browser worker's way to the tables, in Pyodide under Node.js: installTables
// (js/worker-tables.js) downloads the tables from URL, checks, gunzips and
// decodes them into Pyodide's file system; then Python loads them and runs CODE.
//
//   node pyodide_tables.mjs URL SOURCES_DIR CODE
//
// Prints "TIMES{...}": milliseconds for loadPyodide, installTables (download
// included), the same checking and decoding again without the download
// (decodeOnly), and solvelab.web.load_tables(); then whatever CODE prints.
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const { loadPyodide } = await import(pathToFileURL(join(root, "node_modules", "pyodide", "pyodide.mjs")));
const { decodeTable, download, gunzip, installTables, removeTables, sha256 } = await import(
  pathToFileURL(join(root, "js", "worker-tables.js"))
);

const [url, sources, code] = process.argv.slice(2);
const times = {};
let start = performance.now();
const pyodide = await loadPyodide({ env: { SOLVELAB_TABLES: "/tables" } });
times.loadPyodide = performance.now() - start;
pyodide.FS.mkdirTree("/solvelab/py");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sources }, "/solvelab/py");
pyodide.runPython("import sys; sys.path.insert(0, '/solvelab/py'); import solvelab.web");
let progress = null;
start = performance.now();
await installTables(pyodide, { dir: "/tables", url, onProgress: (p) => (progress = p) });
times.installTables = performance.now() - start;
start = performance.now();
pyodide.runPython("solvelab.web.load_tables()");
times.load_tables = performance.now() - start;
const manifest = JSON.parse(new TextDecoder().decode(await download(new URL("manifest.json", url))));
const files = await Promise.all(manifest.tables.map((entry) => download(new URL(entry.file, url))));
start = performance.now();
for (const [i, entry] of manifest.tables.entries()) {
  if ((await sha256(files[i])) !== entry.sha256) throw new Error(`${entry.file}: damaged`);
  decodeTable(entry, await gunzip(files[i]));
}
times.decodeOnly = performance.now() - start;
const written = pyodide.FS.readdir("/tables").filter((name) => !name.startsWith("."));
console.log("TIMES" + JSON.stringify(times));
console.log("INSTALLED" + JSON.stringify({ progress, written }));
pyodide.runPython(code);
removeTables(pyodide, "/tables");
const left = pyodide.FS.readdir("/tables").filter((name) => !name.startsWith("."));
console.log("REMOVED" + JSON.stringify(left));
