// On every page: installs the site's service worker (/sw.js), which keeps the night's pages for the table
// with no network, and starts the queue of hands logged offline (static/js/offline/queue.js: shown, and
// sent when the network is back; only the signed-in person's). On a signed-out page it tells the worker to
// drop the night's pages (a shared phone). Where a browser has neither, the site works as before, online only.
"use strict";
(function () {
  var script = document.currentScript;
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }
  if (script && script.dataset.queue && "indexedDB" in window) {
    import(script.dataset.queue).then(function (q) { q.start(Number(script.dataset.user)); }).catch(function () {});
  }
  // Signed out (logged out, or the session ended): the worker drops the night's pages it kept.
  if (script && script.dataset.signedOut && "serviceWorker" in navigator) {
    navigator.serviceWorker.ready
      .then(function (reg) { if (reg.active) reg.active.postMessage({ type: "tk-signed-out" }); })
      .catch(function () {});
  }
})();
