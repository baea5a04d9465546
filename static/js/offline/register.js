// Installs the site's service worker (/sw.js), which keeps the night's pages for the table with no network.
// Where a browser has no service workers, the site works as before, online only.
"use strict";
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}
