// Registers the site's service worker (sw.js at the site's root, so it serves the
// whole site): after one visit the site works offline. Where service workers are
// unavailable (old browsers, plain http off localhost) it does nothing, and the
// site simply needs the network.
//
// It waits for the page's load and then for two animation frames, so that the
// first picture is on screen before the worker starts precaching: on a 2-core
// machine with software WebGL, precaching during the first paint made the
// cube's first frame a third slower (see how-it-works.md).
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker
      .register(new URL("../sw.js", import.meta.url))
      .catch((error) => console.warn(`solvelab: the site will not work offline (${error.message})`));
  const afterFirstPaint = () => requestAnimationFrame(() => requestAnimationFrame(register));
  if (document.readyState === "complete") afterFirstPaint();
  else addEventListener("load", afterFirstPaint, { once: true });
}
