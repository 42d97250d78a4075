// Run Python code with the solvelab sources in Pyodide under Node.js: the same
// interpreter the browser runs.
//
//   node pyodide_run.mjs SOURCES_DIR TABLES_DIR < code.py
//   node pyodide_run.mjs SOURCES_DIR TABLES_DIR code.py
//
// SOURCES_DIR holds the solvelab package (py/), TABLES_DIR the built tables. With
// the code in a file, standard input is the code's own (sys.stdin.readline()
// waits for the next line): a caller can hand it work a line at a time.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [sources, tables, codeFile] = process.argv.slice(2);
const code = readFileSync(codeFile ?? 0, "utf8");
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
