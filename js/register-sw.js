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

const holds = [];
// A download that has made no progress for this long is stalled: offline then
// matters more than bytes.
const STALLED_MS = 120_000;
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
  try {
    await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
  } catch (error) {
    console.warn(`solvelab: the site will not work offline (${error.message})`);
  }
}

if ("serviceWorker" in navigator) {
  const afterFirstPaint = () => requestAnimationFrame(() => requestAnimationFrame(register));
  if (document.readyState === "complete") afterFirstPaint();
  else addEventListener("load", afterFirstPaint, { once: true });
}
