// Registers the site's service worker (sw.js at the site's root, so it serves the
// whole site): after one visit the site works offline. Where service workers are
// unavailable (old browsers, plain http off localhost) it does nothing, and the
// site simply needs the network.
//
// It waits for the page's load and two animation frames, so that the first
// picture is on screen before the worker starts precaching (on a 2-core machine
// with software WebGL, precaching during the first paint made the cube's first
// frame a third slower; see how-it-works.md). It also waits for whatever the page
// is still downloading (registerAfter(promise); js/python.js holds it until
// Python and the tables are in): the service worker then revalidates those files
// from the browser's HTTP cache instead of downloading them a second time. Had
// it started sooner, it would also take bandwidth from them: on a slow
// connection, minutes.
//
// On a first visit (no service worker yet) a note in the page's corner says how
// much of the site is saved for offline use, then that the site works offline,
// or that saving it failed and is tried again at the next page opened: on a slow
// connection, that is when going offline stops breaking the site. It catches no
// clicks, and goes after a few seconds.

const holds = [];
// A download that has made no progress for this long is stalled: offline then
// matters more than bytes.
const STALLED_MS = 120_000;
// How long the note stays once the site is saved (or could not be).
const NOTE_MS = 8_000;
// Registering again after a network failure, at the latest (see registerWorker).
const RETRY_MS = 60_000;
const MAX_RETRY_MS = 16 * 60_000;
let lastProgress = performance.now();

/** Registration waits until promise settles (or the downloads stall: see downloading). */
export function registerAfter(promise) {
  holds.push(promise);
}

/** Says that the downloads awaited are still making progress. */
export function downloading() {
  lastProgress = performance.now();
}

async function register() {
  const waited = new Promise((resolve) => {
    const check = () => (performance.now() - lastProgress >= STALLED_MS ? resolve() : setTimeout(check, 1000));
    check();
  });
  // A hold added while waiting is waited for too.
  for (let count = 0; count < holds.length; ) {
    count = holds.length;
    await Promise.race([Promise.allSettled(holds), waited]);
  }
  await registerWorker();
}

/**
 * Registers the worker. The browser downloads sw.js first, so with the network gone
 * (a first visit cut off: the page's own downloads then end too, and stop holding
 * this) registering fails; it is tried again when the browser is back online, or a
 * minute later at the latest, then two, four… (the page may stay open for hours).
 */
async function registerWorker(retryMs = RETRY_MS) {
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
  } catch (error) {
    if (error.name !== "TypeError") {
      console.warn(`solvelab: the site will not work offline (${error.message})`);
      return;
    }
    console.warn(`solvelab: not saved for offline use yet (${error.message}): trying again when online`);
    const again = () => {
      removeEventListener("online", again);
      clearTimeout(timer);
      registerWorker(Math.min(2 * retryMs, MAX_RETRY_MS));
    };
    const timer = setTimeout(again, retryMs);
    addEventListener("online", again);
    return;
  }
  // An active worker has saved the site already (an update saves itself quietly).
  // (Where service workers are blocked, as in the browser tests, there is no registration.)
  const installing = registration?.installing ?? registration?.waiting;
  if (installing && !registration.active) showSaving(installing);
}

/** The note on a first visit, while `worker` saves the site, until it is done. */
function showSaving(worker) {
  const note = document.createElement("div");
  note.className = "offline-note";
  note.setAttribute("role", "status");
  const text = document.createElement("span");
  const progress = document.createElement("span");
  progress.setAttribute("aria-hidden", "true"); // said once, not at every step
  note.append(text, progress);
  document.body.append(note);
  // Said once the live region is in the page (a screen reader misses what comes with
  // it), or with the first progress if that comes first.
  const saying = () => (text.textContent ||= "Saving solvelab for offline use…");
  requestAnimationFrame(saying);
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  const onMessage = ({ data }) => {
    if (!data?.precache) return;
    saying();
    progress.textContent = ` ${mb(data.precache.loaded)} of ${mb(data.precache.total)} MB`;
  };
  navigator.serviceWorker.addEventListener("message", onMessage);
  navigator.serviceWorker.startMessages();
  const end = (message) => {
    navigator.serviceWorker.removeEventListener("message", onMessage);
    worker.removeEventListener("statechange", settled); // it is redundant one day, replaced
    progress.textContent = "";
    text.textContent = message;
    setTimeout(() => (note.hidden = true), NOTE_MS);
  };
  const settled = () => {
    if (worker.state === "activated") end("solvelab is saved on this device: it now works offline.");
    if (worker.state === "redundant") {
      end("solvelab could not be saved for offline use (a download failed): it tries again when you next open a page.");
    }
  };
  worker.addEventListener("statechange", settled);
  settled();
}

if ("serviceWorker" in navigator) {
  const afterFirstPaint = () => requestAnimationFrame(() => requestAnimationFrame(register));
  if (document.readyState === "complete") afterFirstPaint();
  else addEventListener("load", afterFirstPaint, { once: true });
}
