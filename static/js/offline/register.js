// On every page: installs the site's service worker (/sw.js), which keeps the night's pages for the table
// with no network, and starts the queue of hands logged offline (static/js/offline/queue.js: shown, and
// sent when the network is back). Where a browser has neither, the site works as before, online only.
"use strict";
(function () {
  var script = document.currentScript;
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }
  if (script && script.dataset.queue && "indexedDB" in window) {
    import(script.dataset.queue).then(function (q) { q.start(); }).catch(function () {});
  }
})();
