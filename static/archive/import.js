// The import page: follow a background import until it is done, then show its result.
(function () {
  "use strict";
  function follow() {
    var box = document.getElementById("import-job");
    if (!box || !box.dataset.url) return;
    var state = box.dataset.state;
    if (state === "done" || state === "failed") return;
    var bar = box.querySelector(".job-bar"), text = box.querySelector(".job-text");
    function poll() {
      fetch(box.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (j) {
          if (j.state === "done" || j.state === "failed") {
            window.location.replace(window.location.pathname + "?job=" + j.id);
            return;
          }
          if (bar) bar.value = j.percent;
          if (text) text.textContent = j.state === "queued" ? "waiting for its turn" :
            j.done.toLocaleString() + " of " + j.lines.toLocaleString() + " lines read (" + j.percent + "%), " +
            j.added.toLocaleString() + " hands added so far";
          window.setTimeout(poll, 1000);
        })
        .catch(function () { window.setTimeout(poll, 3000); });
    }
    poll();
  }
  document.addEventListener("DOMContentLoaded", follow);
})();
