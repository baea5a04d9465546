// The import page: follow a background import until it is done, then show its result (its words from the
// reader's catalogue: Django's JavaScript catalogue, loaded by base.html).
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
          var lang = document.documentElement.lang || "en";
          if (text) text.textContent = j.state === "queued" ? gettext("waiting for its turn") :
            interpolate(gettext("%(done)s of %(lines)s lines read (%(percent)s%%), %(added)s hands added so far"), {
              done: j.done.toLocaleString(lang), lines: j.lines.toLocaleString(lang), percent: j.percent,
              added: j.added.toLocaleString(lang)
            }, true);
          window.setTimeout(poll, 1000);
        })
        .catch(function () { window.setTimeout(poll, 3000); });
    }
    poll();
  }
  document.addEventListener("DOMContentLoaded", follow);
})();
