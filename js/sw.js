// The service worker: after one visit the whole site, Python and the solver's
// tables included, works offline.
//
// This file is a template: building the site (py/solvelab/build/site.py) writes
// it to the site's root as sw.js, with VERSION a hash of every file of the site,
// and PRECACHE each file's URL ("./", "./cube/model/", "./js/python.js", ...,
// relative to the site's root) with its SHA-256 as a Subresource Integrity
// string and its size in bytes.
//
// One cache, solvelab-<VERSION>, holds every file of PRECACHE, stored on install.
// A file is stored only if its bytes have the hash the build gave it: a file the
// server sends from another version (a deploy still uploading, a stale proxy)
// fails the install, and the browser tries again later, so the cache never holds
// a mix of versions. A file whose bytes an older cache already holds (checked by
// the hash stored with it) is copied from there, not downloaded: an update
// downloads only what changed. Any other file is asked of the server with
// revalidation ("no-cache"): what the page has just downloaded comes back as
// "304 Not Modified" from the browser's HTTP cache instead of a second download.
// The page registers this worker only once its own downloads are done
// (js/register-sw.js). While it stores the files, it tells the site's open pages
// how far it has got ({precache: {loaded, total}}, in bytes), which a first
// visit shows. The old cache is deleted when the new worker takes over.
//
// Requests (same origin, GET only; everything else goes to the network as usual):
//   precached files    cache first (pages match whatever their ?query is); a request
//                      made with cache: "reload" (the Python worker, after damaged
//                      tables) goes to the network and replaces the stored copy,
//                      if its bytes are this version's
//   other pages        network; offline, the site's 404 page. A page the server
//                      sends this way is of a newer version: its requests, and
//                      those of the workers it makes, go to the network first
// Every response it gives carries the cross-origin isolation headers, so that on
// any static host the page can share memory with its worker (js/python.js: Stop
// then keeps Python and its tables).
const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__";

const CACHE = `solvelab-${VERSION}`;
const ROOT = new URL("./", location.href);
// Each precached file's absolute URL and integrity ("sha256-<base64>").
const PRECACHED = new Map(PRECACHE.map(([url, integrity]) => [new URL(url, ROOT).href, integrity]));
const SIZES = new Map(PRECACHE.map(([url, , size]) => [new URL(url, ROOT).href, size]));
// How often, at most, the pages hear of the precache's progress.
const PROGRESS_MS = 250;
// Stored with each file: the integrity its bytes were checked against.
const STORED_HASH = "X-Solvelab-Integrity";
const NOT_FOUND = new URL("404.html", ROOT).href;
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  const names = await caches.keys();
  // This version's cache first: an install that failed part way keeps what it checked.
  const older = names.filter((name) => name.startsWith("solvelab-") && name !== CACHE);
  const stores = [cache, ...(await Promise.all(older.map((name) => caches.open(name))))];
  const stored = progressReport();
  await Promise.all(
    [...PRECACHED].map(async ([key, integrity]) => {
      const kept = await storedWithHash(stores, key, integrity);
      if (kept?.store !== cache) {
        const response = kept?.response ?? (await checkedFetch(key, integrity));
        await cache.put(key, response);
      }
      stored(SIZES.get(key));
    }),
  );
}

/** A function that counts the bytes stored and tells the open pages, now and then
 * and when all are in, {precache: {loaded, total}}. */
function progressReport() {
  const total = [...SIZES.values()].reduce((sum, size) => sum + size, 0);
  let loaded = 0;
  let sent = 0;
  return (bytes) => {
    loaded += bytes;
    if (loaded < total && Date.now() - sent < PROGRESS_MS) return;
    sent = Date.now();
    const message = { precache: { loaded, total } };
    self.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((pages) => pages.forEach((page) => page.postMessage(message)));
  };
}

/** The first of the stores whose copy of key has the integrity, or undefined. */
async function storedWithHash(stores, key, integrity) {
  for (const store of stores) {
    const response = await store.match(key);
    if (response?.headers.get(STORED_HASH) === integrity) return { store, response };
  }
  return undefined;
}

/** key from the network, if its bytes have the integrity (else it throws), with the
 * integrity stored in its headers. Revalidated first; if that gives other bytes (the
 * browser's HTTP cache keeps another version's, and the server's dates say it is
 * current), downloaded again past the HTTP cache. */
async function checkedFetch(key, integrity, cacheMode = "no-cache") {
  let response;
  try {
    response = await fetch(new Request(key, { cache: cacheMode, integrity }));
  } catch (error) {
    if (cacheMode === "reload") throw error;
    response = await fetch(new Request(key, { cache: "reload", integrity }));
  }
  if (!response.ok || response.redirected) throw new Error(`${key}: ${response.status}`);
  const headers = new Headers(response.headers);
  headers.set(STORED_HASH, integrity);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith("solvelab-") && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// Pages (and their workers) of another version of the site: a page this version
// does not have, which the server sent, belongs to a newer deploy, and this
// version's scripts would not be its own. Their requests go to the network.
const strangers = new Set();

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  const page = request.mode === "navigate";
  const key = page ? pageKey(url) : url.href;
  if (page && PRECACHED.has(`${key}/`)) {
    // A page's folder without its slash: redirected, as the server does (the page's
    // relative links need it), offline too.
    event.respondWith(Response.redirect(`${key}/${url.search}${url.hash}`, 301));
  } else if (PRECACHED.has(key)) {
    // (A navigation's clientId is the page it leaves: a page of this version is ours.)
    const stranger = page ? Promise.resolve(false) : fromStranger(event);
    event.respondWith(
      stranger.then((yes) => (yes ? fromNetwork(key, request) : precached(key, request))).then(isolated),
    );
  } else if (page) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) strangers.add(event.resultingClientId);
          return response;
        })
        .catch(() => notFound())
        .then(isolated),
    );
  }
});

/** Pages are stored under their folder's URL, without a query. */
function pageKey(url) {
  return url.origin + url.pathname.replace(/\/index\.html$/, "/");
}

/** Whether the request comes from a page of another version (or a worker it made).
 * The set is lost when the browser stops this worker: a page is then known by its
 * URL, and a worker it makes after that by its page. */
async function fromStranger(event) {
  let stranger = strangers.has(event.clientId);
  if (!stranger && event.clientId) {
    const client = await self.clients.get(event.clientId);
    stranger = client?.type === "window" && !PRECACHED.has(pageKey(new URL(client.url)));
    if (stranger) strangers.add(event.clientId);
  }
  // A worker the page makes: its own requests then come from it.
  if (stranger && event.resultingClientId) strangers.add(event.resultingClientId);
  return stranger;
}

/** The server's copy, revalidated (the browser's HTTP cache may hold another
 * version's); offline, this version's. */
async function fromNetwork(key, request) {
  try {
    return await fetch(request, { cache: "no-cache" });
  } catch {
    return precached(key, request);
  }
}

async function precached(key, request) {
  const cache = await caches.open(CACHE);
  if (request.cache !== "reload") {
    const cached = await cache.match(key);
    if (cached) return cached;
  }
  const cacheMode = request.cache === "reload" ? "reload" : "no-cache";
  let response;
  try {
    response = await checkedFetch(key, PRECACHED.get(key), cacheMode);
  } catch {
    // Offline, or the server has another version's bytes: the page gets what the
    // network gives (an error offline), and the cache keeps only this version's.
    return fetch(request);
  }
  await cache.put(key, response.clone());
  return response;
}

function isolated(response) {
  if (response.type === "opaqueredirect" || response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function notFound() {
  const cached = await caches.open(CACHE).then((cache) => cache.match(NOT_FOUND));
  if (!cached) return Response.error();
  return new Response(cached.body, { status: 404, statusText: "Not Found", headers: cached.headers });
}
