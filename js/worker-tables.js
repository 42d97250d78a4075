// The solver's tables, for the worker (js/worker.js): downloaded from the site's
// tables/ folder and written to Pyodide's file system, where Python loads them
// (solvelab.tables checks each file's size and SHA-256).
//
//   await installTables(pyodide, { dir: "/tables", url, reload, onProgress });
//   removeTables(pyodide, "/tables");   // after damaged tables, before a reload

/**
 * Writes every table of the manifest at url (a folder URL) into dir, reporting
 * onProgress({loaded, total}) in bytes. reload fetches past every cache.
 */
export async function installTables(pyodide, { dir, url, reload = false, onProgress = () => {} }) {
  const cache = reload ? "reload" : "default";
  const text = new TextDecoder().decode(await download(new URL("manifest.json", url), cache));
  const manifest = JSON.parse(text);
  const total = manifest.tables.reduce((sum, entry) => sum + entry.bytes, 0);
  let loaded = 0;
  pyodide.FS.mkdirTree(dir);
  for (const entry of manifest.tables) {
    const path = `${dir}/${entry.file}`;
    if (!pyodide.FS.analyzePath(path).exists) {
      const done = loaded;
      const bytes = await download(new URL(entry.file, url), cache, (soFar) =>
        onProgress({ loaded: done + soFar, total }),
      );
      pyodide.FS.writeFile(path, bytes);
    }
    loaded += entry.bytes;
    onProgress({ loaded, total });
  }
  pyodide.FS.writeFile(`${dir}/manifest.json`, text);
}

/** Deletes every file installTables wrote. */
export function removeTables(pyodide, dir) {
  if (!pyodide.FS.analyzePath(dir).exists) return;
  for (const name of pyodide.FS.readdir(dir)) {
    if (name !== "." && name !== "..") pyodide.FS.unlink(`${dir}/${name}`);
  }
}

// The bytes at url, reporting (bytes so far, expected total) as they arrive.
export async function download(url, cache = "default", onProgress = () => {}) {
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
