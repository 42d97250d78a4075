// The solver's tables, for the worker (js/worker.js): downloaded from the site's
// tables/ folder, checked, decoded natively and written to Pyodide's file system,
// where Python reads them as they are (solvelab.tables): loading them is a copy.
//
//   await installTables(pyodide, { dir: "/tables", url, reload, onProgress, whileDownloading });
//   removeTables(pyodide, "/tables");   // after damaged tables, before a reload
//
// Each table of tables/manifest.json is one gzip file (tables/<name>.table).
// Workers of their own (this module again: two Fetchers) download each, check its
// size and SHA-256 (crypto.subtle), gunzip it (DecompressionStream) and decode it
// by the entry's encoding (decodeTable: the same as solvelab.tables.decode in
// Python, tests/test_pyodide.py checks they agree), all beside Python's work in
// this thread. installTables writes the manifest to <dir>, marked
// {"verified_by": "worker"} (Python then only checks sizes), and each table to
// <dir>/<name>.bin as soon as it is decoded.

/** A table that is not what the manifest says (cut short, damaged). */
class TableDamaged extends Error {}

// Going offline cuts a download at once, but a worker's navigator.onLine says so a
// moment later (6 ms here, idle; longer on a busy machine), and Chromium sends workers
// no "offline" event: a download that fails while it still says online waits up to
// this long for it to change.
const OFFLINE_NEWS_MS = 1500;

/** Why a download failed, in words: offline, the network's own ("Failed to fetch") say little. */
export async function whyNotDownloaded(error) {
  for (let waited = 0; navigator.onLine && waited < OFFLINE_NEWS_MS; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return navigator.onLine ? error.message : "this device is offline, and solvelab is not saved on it for offline use yet";
}

/**
 * Writes every table of the manifest at url (a folder URL) into dir, reporting
 * onProgress({loaded, total}) in bytes downloaded. reload fetches past every
 * cache; without it, a damaged table is fetched once more past every cache.
 * whileDownloading(written) is called once every download has been asked for:
 * work for this thread (Python's) while the fetching workers are busy.
 * written(names) resolves once those tables are in dir; installTables returns
 * once every table is, and whileDownloading is done. fetchers and manifest (a
 * promise of the manifest's bytes) may have been started earlier, by
 * startFetchers and prefetchManifest.
 */
export async function installTables(
  pyodide,
  {
    dir,
    url,
    reload = false,
    onProgress = () => {},
    whileDownloading = () => {},
    fetchers = startFetchers(),
    manifest: prefetched = null,
  },
) {
  const cache = reload ? "reload" : "default";
  try {
    const bytes = (!reload && (await prefetched?.catch(() => null))) || (await downloadManifest(url, cache));
    const text = new TextDecoder().decode(bytes);
    const manifest = JSON.parse(text);
    pyodide.FS.mkdirTree(dir);
    pyodide.FS.writeFile(`${dir}/manifest.json`, JSON.stringify({ ...manifest, verified_by: "worker" }));
    const total = manifest.tables.reduce((sum, entry) => sum + entry.bytes, 0);
    const loaded = new Map();
    const report = (name, bytes) => {
      loaded.set(name, bytes);
      onProgress({ loaded: [...loaded.values()].reduce((a, b) => a + b, 0), total });
    };
    // All at once: the browser spreads the downloads over its connections, and
    // one is decoded while the next arrives. One fetcher takes the tables stored
    // as rows (the pruning tables, the slowest to decode: the biggest first), the
    // other the rest, smallest first: the move tables, which Python starts on
    // (see whileDownloading), never wait behind a pruning table, on a slow
    // network either. (Measured in Chromium: with the tables shared out by
    // bytes, one fetcher sat idle for the last half of the time.)
    const [rowsFetcher, otherFetcher] = fetchers;
    const rows = manifest.tables.filter((entry) => entry.encoding === "rows");
    const rest = manifest.tables.filter((entry) => entry.encoding !== "rows");
    rows.sort((a, b) => b.table.bytes - a.table.bytes);
    rest.sort((a, b) => a.bytes - b.bytes);
    const order = [...rows.map((entry) => [entry, rowsFetcher]), ...rest.map((entry) => [entry, otherFetcher])];
    const tables = new Map(
      order.map(([entry, fetcher]) => {
        const fetchTable = (mode) =>
          fetcher.fetch(entry, new URL(entry.file, url).href, mode, (soFar) => report(entry.name, soFar));
        const installed = fetchTable(cache)
          .catch((error) => {
            if (!(error instanceof TableDamaged) || reload) throw error;
            return fetchTable("reload"); // a bad copy in a cache: once more, from the server
          })
          .then((table) => {
            pyodide.FS.writeFile(`${dir}/${entry.name}.bin`, table, { canOwn: true });
            report(entry.name, entry.bytes);
          });
        installed.catch(() => {}); // awaited below
        return [entry.name, installed];
      }),
    );
    const written = (names) =>
      Promise.all(names.map((name) => tables.get(name) ?? Promise.reject(new Error(`no table ${name}`))));
    const meanwhile = (async () => whileDownloading(written))();
    try {
      await Promise.all(tables.values());
    } finally {
      await meanwhile.catch(() => {}); // its own failures show again when Python loads the tables
    }
  } finally {
    for (const fetcher of fetchers) fetcher.close();
  }
}

/**
 * The workers that fetch and decode the tables, for installTables, which closes
 * them. Two, so that on two cores or more the decoding is shared: one for the
 * pruning tables, one for the rest (see installTables). Start them while this
 * thread is free: a worker started by a worker gets going only when its
 * parent's thread is free, and this thread then runs Python, which would hold
 * every download up.
 */
export function startFetchers() {
  return [new Fetcher(), new Fetcher()];
}

/** The tables' manifest (its bytes), downloaded while this thread is free, for installTables. */
export function prefetchManifest(url) {
  const bytes = downloadManifest(url);
  bytes.catch(() => {}); // installTables downloads it again
  return bytes;
}

function downloadManifest(url, cache = "default") {
  return download(new URL("manifest.json", url), cache);
}

const FETCHER = "solvelab-tables-fetcher"; // the name of the worker that fetches

/**
 * fetchAndDecode in a worker of its own (this module again), beside whatever
 * this thread does meanwhile (Python); here, where no worker starts.
 */
class Fetcher {
  #worker = null;
  #pending = new Map(); // id -> {args, onBytes, resolve, reject}
  #next = 0;

  constructor() {
    if (typeof Worker !== "function") return;
    try {
      this.#worker = new Worker(new URL(import.meta.url), { type: "module", name: FETCHER });
    } catch {
      return;
    }
    this.#worker.onmessage = ({ data: { id, loaded, table, error, damaged } }) => {
      const job = this.#pending.get(id);
      if (loaded !== undefined) return job.onBytes(loaded);
      this.#pending.delete(id);
      if (error === undefined) job.resolve(new Uint8Array(table));
      else job.reject(damaged ? new TableDamaged(error) : new Error(error));
    };
    this.#worker.onerror = (event) => {
      event.preventDefault(); // it did not start: fetch here
      this.close();
      for (const job of this.#pending.values()) fetchAndDecode(...job.args, job.onBytes).then(job.resolve, job.reject);
      this.#pending.clear();
    };
  }

  /** The table of entry, from url (a string), fetched with cache mode; onBytes(bytes so far). */
  fetch(entry, url, cache, onBytes) {
    if (!this.#worker) return fetchAndDecode(entry, url, cache, onBytes);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { args: [entry, url, cache], onBytes, resolve, reject });
      this.#worker.postMessage({ id, entry, url, cache });
    });
  }

  close() {
    this.#worker?.terminate();
    this.#worker = null;
  }
}

// This module as the fetching worker.
if (globalThis.WorkerGlobalScope && self.name === FETCHER) {
  self.onmessage = async ({ data: { id, entry, url, cache } }) => {
    try {
      let table = await fetchAndDecode(entry, url, cache, (loaded) => postMessage({ id, loaded }));
      if (table.byteOffset !== 0 || table.byteLength !== table.buffer.byteLength) table = table.slice();
      postMessage({ id, table: table.buffer }, [table.buffer]); // handed over, not copied
    } catch (error) {
      postMessage({ id, error: error.message ?? String(error), damaged: error instanceof TableDamaged });
    }
  };
}

// A table downloaded, checked and decoded.
async function fetchAndDecode(entry, url, cache, onBytes) {
  return checkAndDecode(entry, await download(new URL(url), cache, onBytes));
}

/** Deletes every file installTables wrote. */
export function removeTables(pyodide, dir) {
  if (!pyodide.FS.analyzePath(dir).exists) return;
  for (const name of pyodide.FS.readdir(dir)) {
    if (name !== "." && name !== "..") pyodide.FS.unlink(`${dir}/${name}`);
  }
}

// A table's file (as downloaded), checked, gunzipped and decoded: the table's bytes, checked.
async function checkAndDecode(entry, data) {
  // A server that sends the file with Content-Encoding: gzip has it gunzipped by
  // the browser already; then only the table's own SHA-256 can tell.
  const gzipped = data[0] === 0x1f && data[1] === 0x8b;
  if (gzipped) {
    if (data.length !== entry.bytes) {
      throw new TableDamaged(`${entry.file}: ${data.length} bytes, not ${entry.bytes}: cut short or damaged`);
    }
    if ((await sha256(data)) !== entry.sha256) {
      throw new TableDamaged(`${entry.file}: damaged (its SHA-256 does not match)`);
    }
  }
  let table;
  try {
    table = decodeTable(entry, gzipped ? await gunzip(data) : data);
  } catch (error) {
    throw new TableDamaged(`${entry.file}: ${error.message}`);
  }
  // With the download checked, the table's own SHA-256 is left out: it costs as
  // much as decoding, and decoding is tested against Python's (tests/test_pyodide.py).
  if (table.length !== entry.table.bytes || (!gzipped && (await sha256(table)) !== entry.table.sha256)) {
    throw new TableDamaged(`${entry.file}: does not decode to the table the manifest describes`);
  }
  return table;
}

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function gunzip(bytes) {
  // Written in one piece and read chunk by chunk: much faster than through a Blob.
  const stream = new DecompressionStream("gzip");
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {}); // a failure shows on the reading side
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  return concat(chunks, length);
}

function concat(chunks, length) {
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

// Little-endian 16-bit numbers from bytes at any offset (copied, so aligned).
function uint16(bytes, offset, count) {
  if (offset + 2 * count > bytes.length) throw new Error("too short for its encoding");
  return new Uint16Array(bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + 2 * count));
}

/**
 * A table's bytes from its gunzipped file, by the manifest entry's encoding:
 * "plain" (the file is the table), "delta" (uint16, column by column, each value
 * the running sum of differences modulo 2**16) or "rows" (uint8: distinct rows,
 * which of them each row is, and perhaps a permutation of its columns). The
 * reference is solvelab.tables.decode; tests check that the two agree.
 */
export function decodeTable(entry, payload) {
  const [n, w] = entry.shape;
  if (entry.encoding === "plain" || entry.encoding === undefined) return payload;
  if (entry.encoding === "delta" && entry.dtype === "uint16") {
    if (payload.length !== 2 * n * w) throw new Error("not the size of its shape");
    const differences = uint16(payload, 0, n * w);
    const table = new Uint16Array(n * w);
    for (let j = 0; j < w; j++) {
      let value = 0;
      for (let i = 0, at = j * n; i < n; i++) {
        value = (value + differences[at + i]) & 0xffff;
        table[i * w + j] = value;
      }
    }
    return new Uint8Array(table.buffer);
  }
  if (entry.encoding === "rows" && entry.dtype === "uint8") {
    const stored = entry.rows;
    const permutations = entry.permutations ?? 0;
    const expected = stored * w + 2 * n + (permutations ? 2 * n + 2 * permutations * w : 0);
    if (payload.length !== expected) throw new Error("not the size of its rows");
    const rowOf = uint16(payload, stored * w, n);
    const table = new Uint8Array(n * w);
    if (!permutations) {
      for (let i = 0; i < n; i++) {
        if (rowOf[i] >= stored) throw new Error("a row it does not have");
        table.set(payload.subarray(rowOf[i] * w, rowOf[i] * w + w), i * w);
      }
      return table;
    }
    const permutationOf = uint16(payload, stored * w + 2 * n, n);
    const orders = uint16(payload, stored * w + 4 * n, permutations * w);
    for (let k = 0; k < permutations; k++) {
      let value = 0; // stored as differences from the entry before
      for (let j = k * w; j < (k + 1) * w; j++) {
        value = (value + orders[j]) & 0xffff;
        if (value >= w) throw new Error("a permutation out of range");
        orders[j] = value;
      }
    }
    for (let i = 0; i < n; i++) {
      if (rowOf[i] >= stored || permutationOf[i] >= permutations) throw new Error("a row it does not have");
      gather(table.subarray(i * w, i * w + w), payload.subarray(rowOf[i] * w), orders.subarray(permutationOf[i] * w));
    }
    return table;
  }
  throw new Error(`an encoding this worker cannot read: ${entry.encoding}`);
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

// to[j] = from[order[j]] for each j of to: one row of a "rows" table. Four bytes
// a store where the row allows: twice as fast (measured in Node.js: 20 ms
// against 42 ms for the 17 MB table, which is mostly this loop).
function gather(to, from, order) {
  if (!LITTLE_ENDIAN || to.length % 4 || to.byteOffset % 4) {
    for (let j = 0; j < to.length; j++) to[j] = from[order[j]];
    return;
  }
  const words = new Uint32Array(to.buffer, to.byteOffset, to.length / 4);
  for (let j = 0, k = 0; j < words.length; j++, k += 4) {
    words[j] = from[order[k]] | (from[order[k + 1]] << 8) | (from[order[k + 2]] << 16) | (from[order[k + 3]] << 24);
  }
}

// The bytes at url, reporting (bytes so far, expected total) as they arrive.
export async function download(url, cache = "default", onProgress = () => {}) {
  const name = url.pathname.split("/").pop();
  let response;
  try {
    response = await fetch(url, { cache });
  } catch (error) {
    throw new Error(`${name}: ${await whyNotDownloaded(error)}`);
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
      throw new Error(`${name}: ${await whyNotDownloaded(error)}`);
    }
    if (chunk.done) break;
    chunks.push(chunk.value);
    loaded += chunk.value.length;
    onProgress(loaded, total);
  }
  return concat(chunks, loaded);
}
