// The service worker: after one visit the whole site, Python and the solver's
// tables included, works offline.
//
// This file is a template: building the site (py/solvelab/build/site.py) writes
// it to the site's root as sw.js, with VERSION a hash of every file of the site,
// and PRECACHE the URLs of those files ("./", "./cube/model/", "./js/python.js",
// "./tables/manifest.json", ...), relative to the site's root.
//
// One cache, solvelab-<VERSION>, holds every file of PRECACHE, stored on install.
// Install asks the server to revalidate each file ("no-cache"): a file the page
// has just downloaded comes back as "304 Not Modified" from the browser's HTTP
// cache instead of a second download, and no stale file is stored. The page
// registers this worker only once its own downloads are done (js/register-sw.js).
// A new version of the site is a new cache; the old one is deleted when the new
// service worker takes over.
//
// Requests (same origin, GET only; everything else goes to the network as usual):
//   precached files    cache first (pages match whatever their ?query is); a request
//                      made with cache: "reload" (the Python worker, after damaged
//                      tables) goes to the network and replaces the stored copy
//   other pages        network; offline, the site's 404 page
// Every response it gives carries the cross-origin isolation headers, so that on
// any static host the page can share memory with its worker (js/python.js: Stop
// then keeps Python and its tables).
const VERSION = "__VERSION__";
const PRECACHE = "__PRECACHE__";

const CACHE = `solvelab-${VERSION}`;
const ROOT = new URL("./", location.href);
const PRECACHED = new Set(PRECACHE.map((url) => new URL(url, ROOT).href));
const NOT_FOUND = new URL("404.html", ROOT).href;
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

self.addEventListener("install", (event) => {
  const requests = PRECACHE.map((url) => new Request(new URL(url, ROOT), { cache: "no-cache" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  const page = request.mode === "navigate";
  // Pages are stored under their folder's URL, without a query.
  const key = page ? url.origin + url.pathname.replace(/\/index\.html$/, "/") : url.href;
  if (PRECACHED.has(key)) {
    event.respondWith(precached(key, request).then(isolated));
  } else if (page) {
    event.respondWith(fetch(request).catch(() => notFound()).then(isolated));
  }
});

async function precached(key, request) {
  const cache = await caches.open(CACHE);
  if (request.cache !== "reload") {
    const cached = await cache.match(key);
    if (cached) return cached;
  }
  const response = await fetch(request);
  if (response.ok && !response.redirected) await cache.put(key, response.clone());
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
