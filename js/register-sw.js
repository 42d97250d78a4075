// Registers the site's service worker (sw.js at the site's root, so it serves the
// whole site) once the page has loaded: after one visit the site works offline.
// Where service workers are unavailable (old browsers, plain http off localhost)
// it does nothing, and the site simply needs the network.
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker
      .register(new URL("../sw.js", import.meta.url))
      .catch((error) => console.warn(`solvelab: the site will not work offline (${error.message})`));
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
