// The service worker: after one visit the whole site, Python included, works offline.
//
// This file is a template: building the site (py/solvelab/build/site.py) writes
// it to the site's root as sw.js, with VERSION a hash of every file of the site
// but the tables, and PRECACHE the URLs of those files ("./", "./cube/model/",
// "./js/python.js", ...), relative to the site's root.
//
// Caches:
//   solvelab-shell-<VERSION>  every file of PRECACHE, stored on install. A new
//                             version of the site is a new cache; the old one is
//                             deleted when the new service worker takes over.
//   solvelab-tables           the solver's tables, stored the first time the
//                             worker fetches them. Their URLs carry the file's
//                             SHA-256 (tables/x.xz?sha256=...), so an entry never
//                             goes stale; storing a new x.xz deletes the old ones.
//
// Requests (same origin, GET only; everything else goes to the network as usual):
//   precached files    cache first (pages match whatever their ?query is)
//   tables/*.xz        cache first, stored on first fetch; a request made with
//                      cache: "reload" (the worker, after damaged tables) goes
//                      to the network and replaces the stored copy
//   tables/manifest.json  network first (revalidated past the HTTP cache), the
//                      stored copy when offline
//   other pages        network; offline, the site's 404 page
const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__";

const SHELL = `solvelab-shell-${VERSION}`;
const TABLES = "solvelab-tables";
const ROOT = new URL("./", location.href);
const TABLES_PATH = new URL("tables/", ROOT).pathname;
const PRECACHED = new Set(PRECACHE.map((url) => new URL(url, ROOT).href));
const NOT_FOUND = new URL("404.html", ROOT).href;

self.addEventListener("install", (event) => {
  // Past the HTTP cache, so that a new version never stores an old file.
  const requests = PRECACHE.map((url) => new Request(new URL(url, ROOT), { cache: "reload" }));
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("solvelab-") && name !== SHELL && name !== TABLES)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  const page = request.mode === "navigate";
  // Pages are stored under their folder's URL, without a query.
  const key = page ? url.origin + url.pathname.replace(/\/index\.html$/, "/") : url.href;
  if (PRECACHED.has(key)) {
    event.respondWith(cacheFirst(SHELL, key, request));
  } else if (url.pathname.startsWith(TABLES_PATH)) {
    event.respondWith(url.pathname.endsWith(".json") ? networkFirst(request) : table(event));
  } else if (page) {
    event.respondWith(fetch(request).catch(() => notFound()));
  }
});

async function cacheFirst(name, key, request) {
  const cached = await caches.open(name).then((cache) => cache.match(key));
  return cached ?? fetch(request);
}

async function table(event) {
  const request = event.request;
  const cache = await caches.open(TABLES);
  if (request.cache !== "reload") {
    const cached = await cache.match(request);
    if (cached) return cached;
  }
  const response = await fetch(request);
  if (response.ok) event.waitUntil(store(cache, request, response.clone()));
  return response;
}

// Store a table, and delete the copies of other versions of that file.
async function store(cache, request, response) {
  const path = new URL(request.url).pathname;
  for (const old of await cache.keys()) {
    if (old.url !== request.url && new URL(old.url).pathname === path) await cache.delete(old);
  }
  await cache.put(request, response);
}

async function networkFirst(request) {
  const cache = await caches.open(TABLES);
  try {
    const response = await fetch(request, { cache: "no-cache" }); // revalidated, never stale
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

async function notFound() {
  const cached = await caches.open(SHELL).then((cache) => cache.match(NOT_FOUND));
  if (!cached) return Response.error();
  return new Response(cached.body, { status: 404, statusText: "Not Found", headers: cached.headers });
}
