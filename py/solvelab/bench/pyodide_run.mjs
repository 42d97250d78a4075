// Run Python code (read from standard input) with the solvelab sources in
// Pyodide under Node.js: the same interpreter the browser runs.
//
//   node pyodide_run.mjs SOURCES_DIR TABLES_DIR < code.py
//
// SOURCES_DIR holds the solvelab package (py/), TABLES_DIR the built tables.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [sources, tables] = process.argv.slice(2);
const code = readFileSync(0, "utf8");
const pyodide = await loadPyodide({
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
for (const [host, target] of [[sources, "/solvelab/py"], [tables, "/solvelab/tables"]]) {
  pyodide.FS.mkdirTree(target);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, target);
}
pyodide.runPython(`
import os, sys
sys.path.insert(0, "/solvelab/py")
os.environ["SOLVELAB_TABLES"] = "/solvelab/tables"
`);
try {
  await pyodide.runPythonAsync(code);
} catch (error) {
  console.error(String(error.message ?? error));
  process.exit(1);
}
