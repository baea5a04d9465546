/* Sedma's statistics: the partners chart (deals won and lost by each pair; the data is the page's stats-data). */
(function () {
  "use strict";
  var pgettext = window.pgettext || function (c, s) { return s; };  // Django's JavaScript catalogue (base.html)
  function draw() {
    var el = document.getElementById("chart-partners"), box = document.getElementById("stats-data");
    if (!el || !box || typeof Chart === "undefined") return;
    var rows = (JSON.parse(box.textContent).partners || []).slice(0, 12);
    if (!rows.length) return;
    new Chart(el, {
      type: "bar",
      data: {
        labels: rows.map(function (r) { return r.pair; }),
        datasets: [
          { label: pgettext("sedma deals", "won"), data: rows.map(function (r) { return r.won; }), backgroundColor: "#1f6f4a" },
          { label: pgettext("sedma deals", "lost"), data: rows.map(function (r) { return r.deals - r.won; }), backgroundColor: "#c0392b" }
        ]
      },
      options: { indexAxis: "y", responsive: true, maintainAspectRatio: false,
                 scales: { x: { stacked: true, ticks: { precision: 0 } }, y: { stacked: true } } }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw); else draw();
})();
