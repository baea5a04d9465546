/* Statistics pages: charts (Chart.js, served from our own static files) and the recompute progress bar. */
(function () {
  "use strict";
  // The page's language, from Django's JavaScript catalogue (base.html); English where it is missing.
  var gettext = window.gettext || function (s) { return s; };
  var pgettext = window.pgettext || function (c, s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (f, o) {
    return f.replace(/%\((\w+)\)s/g, function (m, k) { return String(o[k]); });
  };
  var COLORS = ["#1f6f4a", "#c0392b", "#2e86c1", "#d68910", "#7d3c98", "#17a589", "#7b7d7d", "#a04000", "#283747"];
  function cents(v) {  // the site's one way of writing money (static/js/words.js)
    if (v === null || v === undefined) return "—";
    return window.TablekeeperWords.money(v);
  }
  function data(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }
  // whole cents only: a night of empty pots would otherwise tick 0.1¢ steps, each written as the same amount
  var moneyAxis = { ticks: { precision: 0, callback: function (v) { return cents(v); } } };
  var moneyTip = { callbacks: { label: function (c) { return (c.dataset.label ? c.dataset.label + ": " : "") + cents(c.parsed.y); } } };

  function charts() {
    if (typeof Chart === "undefined") return;
    // Legible on a phone: no label under 12 px; legends below the plot with small swatches, so that a
    // table of seven players does not squash the lines under its legend.
    Chart.defaults.font.size = 12;
    Chart.defaults.plugins.legend.position = "bottom";
    Chart.defaults.plugins.legend.labels.boxWidth = 12;
    Chart.defaults.plugins.legend.labels.font = { size: 12 };
    var stats = data("stats-data");
    var net = document.getElementById("chart-net");
    if (stats && net) {
      new Chart(net, {
        type: "line",
        data: {
          labels: stats.net.labels,
          datasets: stats.net.series.map(function (s, i) {
            return { label: s.name, data: s.data, borderColor: COLORS[i % COLORS.length], backgroundColor: COLORS[i % COLORS.length],
                     spanGaps: true, pointRadius: stats.net.labels.length > 60 ? 0 : 2, tension: 0.15 };
          })
        },
        options: { responsive: true, maintainAspectRatio: false, interaction: { mode: "index", intersect: false },
                   scales: { y: moneyAxis }, plugins: { tooltip: moneyTip } }
      });
    }
    var wraps = document.getElementById("chart-wraps");
    if (stats && wraps && stats.wraps.length) {
      new Chart(wraps, {
        type: "bar",
        data: {
          labels: stats.wraps.map(function (w) { return w.rank; }),
          datasets: [
            { label: pgettext("swik wraps", "made"), data: stats.wraps.map(function (w) { return w.made; }), backgroundColor: "#1f6f4a" },
            { label: pgettext("swik wraps", "fell"), data: stats.wraps.map(function (w) { return w.made === null ? null : w.tries - w.made; }), backgroundColor: "#c0392b" }
          ]
        },
        options: { responsive: true, maintainAspectRatio: false, scales: { x: { stacked: true }, y: { stacked: true, ticks: { precision: 0 } } } }
      });
    }
    var pots = data("pots-data"), potsEl = document.getElementById("chart-pots");
    if (pots && potsEl) {
      new Chart(potsEl, {
        type: "bar",
        data: {
          labels: pots.map(function (h) { return interpolate(gettext("hand %(number)s"), { number: h.number }, true); }),
          datasets: [
            { label: gettext("pot played for"), data: pots.map(function (h) { return h.pot; }), backgroundColor: "#1f6f4a" },
            { type: "line", label: gettext("carried to the next hand"), data: pots.map(function (h) { return h.pot_out; }), borderColor: "#d68910", backgroundColor: "#d68910", pointRadius: 2 }
          ]
        },
        options: { responsive: true, maintainAspectRatio: false, scales: { y: moneyAxis }, plugins: { tooltip: moneyTip } }
      });
    }
  }

  function progress() {
    var box = document.getElementById("job");
    if (!box || !box.dataset.url) return;
    var bar = box.querySelector(".job-bar"), text = box.querySelector(".job-text");
    function poll() {
      fetch(box.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (j) {
          bar.value = j.percent;
          text.textContent = j.state === "failed" ? interpolate(gettext("failed: %(error)s (it will be retried)"), { error: j.error }, true) :
            (j.total ? interpolate(ngettext("%(done)s of %(total)s hand re-derived", "%(done)s of %(total)s hands re-derived", j.total),
                                   { done: j.done, total: j.total }, true) + " (" + j.percent + "%)" : gettext("checking which hands changed"));
          if (j.state === "done") { text.textContent = pgettext("statistics job", "done"); window.setTimeout(function () { window.location.replace(window.location.pathname + window.location.search.replace(/[?&]job=\d+/, "")); }, 600); }
          else window.setTimeout(poll, 700);
        })
        .catch(function () { window.setTimeout(poll, 2000); });
    }
    if (box.dataset.state !== "done") { box.classList.remove("hidden"); poll(); }
  }

  document.addEventListener("DOMContentLoaded", function () { charts(); progress(); });
})();
