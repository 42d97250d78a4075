// Runs the JavaScript two-phase solvers on given cubes, for `solvelab bench cube-peers`.
//
//   node peers_js.mjs PEERS_DIR INPUT.json
//
// PEERS_DIR holds node_modules with min2phase.js and/or cubing (installed there
// only for benchmarking: npm install --prefix PEERS_DIR min2phase.js cubing).
// INPUT.json: {"cubes": [{"facelets": "UUU...", "scramble": "R U ..."}]}.
// Prints one line "RESULT" + JSON: for each solver found, {version, load_s,
// cubes: [{target21: [moves, seconds], target20: [moves, seconds]} | {first: [moves, seconds]}]}
// or {error} when it could not run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, inputPath] = process.argv.slice(2);
const { cubes } = JSON.parse(readFileSync(inputPath, "utf8"));
const modules = join(dir, "node_modules");
const version = (name) =>
  JSON.parse(readFileSync(join(modules, name, "package.json"), "utf8")).version;
const load = (path) => import(pathToFileURL(join(modules, path)).href);
const now = () => performance.now() / 1000;
const results = {};

async function min2phase() {
  const m = (await load("min2phase.js/min2phase.js")).default;
  let start = now();
  m.initFull(); // the tables: about a third of a second
  const loadS = now() - start;
  const out = [];
  for (const { facelets } of cubes) {
    const row = {};
    for (const target of [21, 20]) {
      start = now();
      const text = new m.Search().solution(facelets, target);
      row[`target${target}`] = [text.trim(), now() - start];
    }
    out.push(row);
  }
  return { version: version("min2phase.js"), load_s: loadS, cubes: out };
}

async function cubing() {
  const search = await load("cubing/dist/lib/cubing/search/index.js");
  const puzzles = await load("cubing/dist/lib/cubing/puzzles/index.js");
  const kpuzzle = await puzzles.cube3x3x3.kpuzzle();
  const solve = (scramble) =>
    search.experimentalSolve3x3x3IgnoringCenters(kpuzzle.defaultPattern().applyAlg(scramble));
  let start = now();
  await solve("R U F"); // starts its search worker and builds its tables
  const loadS = now() - start;
  const out = [];
  for (const { scramble } of cubes) {
    start = now();
    const alg = await solve(scramble);
    out.push({ first: [alg.toString(), now() - start] });
  }
  return { version: version("cubing"), load_s: loadS, cubes: out };
}

for (const [name, run] of [["min2phase.js", min2phase], ["cubing.js", cubing]]) {
  try {
    results[name] = await run();
  } catch (error) {
    results[name] = { error: String(error && error.message ? error.message : error) };
  }
}
console.log("RESULT" + JSON.stringify(results));
process.exit(0); // cubing's search worker would keep Node alive
