/* Trick-by-trick replay of a hand from the referee's states (referee.steps), one per event. */
(function () {
  "use strict";
  var steps = JSON.parse(document.getElementById("replay-steps").textContent);
  var names = JSON.parse(document.getElementById("replay-names").textContent);
  if (!steps.length) return;
  var SYM = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var pos = 0;

  function card(c) {
    var el = document.createElement("span");
    if (!c) { el.className = "pc unknown"; el.textContent = "?"; return el; }
    var r = c.slice(0, -1), s = c.slice(-1);
    el.className = "pc big" + (s === "H" || s === "D" ? " red" : "");
    el.textContent = (r === "T" ? "10" : r) + (SYM[s] || s);
    el.title = c;
    return el;
  }
  function cents(v) {
    var n = Math.abs(v), t = n < 100 ? n + "\u00a2" : "$" + Math.floor(n / 100) + "." + ("0" + (n % 100)).slice(-2);
    return (v > 0 ? "+" : v < 0 ? "\u2212" : "") + t;
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  var trump = null;

  function draw() {
    var st = steps[pos];
    trump = null;
    for (var i = 0; i <= pos; i++) {
      var ev = steps[i].event || {};
      if (ev.action === "deal" && ev.turned) trump = ev.turned;
    }
    document.getElementById("replay-pos").textContent = "event " + (pos + 1) + " of " + steps.length;
    document.getElementById("replay-text").textContent = st.text || "";
    var seats = document.getElementById("replay-seats");
    seats.innerHTML = "";
    var actor = st.event && (st.event.seat !== undefined ? st.event.seat : st.event.winner);
    names.forEach(function (name, s) {
      var box = el("div", "seat-box");
      var status = st["in"] ? st["in"][s] : null;
      if (status === "out") box.classList.add("out");
      if (actor === s) box.classList.add("active");
      var head = el("div", "seat-name");
      head.appendChild(el("span", null, name));
      var tags = el("span");
      if (s === st.dealer) tags.appendChild(el("span", "seat-tag", "dealer"));
      if (status) tags.appendChild(el("span", "seat-tag", status));
      head.appendChild(tags);
      box.appendChild(head);
      var cards = el("div", "cards");
      var hand = st.hands ? st.hands[s] : null;
      if (hand === null || hand === undefined) cards.appendChild(el("span", "small", "cards not seen"));
      else if (!hand.length) cards.appendChild(el("span", "small", "no cards left"));
      else hand.forEach(function (c) { cards.appendChild(card(c)); });
      box.appendChild(cards);
      var meta = el("div", "small");
      meta.textContent = (st.tricks_won ? st.tricks_won[s] + " trick" + (st.tricks_won[s] === 1 ? "" : "s") : "") +
        (st.net ? " \u00b7 " + cents(st.net[s]) : "");
      box.appendChild(meta);
      seats.appendChild(box);
    });
    var area = document.getElementById("replay-trick");
    area.innerHTML = "";
    var plays = st.trick && st.trick.length ? st.trick : null;
    var done = false;
    if (!plays && st.tricks && st.tricks.length && st.event && st.event.action === "play") {
      plays = st.tricks[st.tricks.length - 1].plays; done = true; // show the trick just won
    }
    if (plays) plays.forEach(function (p) {
      var w = el("span", "nowrap");
      w.appendChild(el("span", "small", names[p[0]] + " "));
      w.appendChild(card(p[1]));
      w.appendChild(document.createTextNode(" "));
      area.appendChild(w);
    });
    if (done) area.appendChild(el("b", null, "\u2192 " + names[st.tricks[st.tricks.length - 1].winner]));
    if (!plays) area.appendChild(el("span", "small", "nothing yet"));
    var meta = document.getElementById("replay-meta");
    meta.innerHTML = "";
    meta.appendChild(el("span", null, "pot " + cents(st.pot).replace("+", "")));
    if (trump) { var t = el("span", null, "trump "); t.appendChild(card(trump)); meta.appendChild(t); }
    if (st.violations && st.violations.length) meta.appendChild(el("span", null, st.violations.length + " violation" + (st.violations.length === 1 ? "" : "s") + " so far"));
  }

  function go(where) {
    if (where === "first") pos = 0;
    else if (where === "last") pos = steps.length - 1;
    else if (where === "prev") pos = Math.max(0, pos - 1);
    else pos = Math.min(steps.length - 1, pos + 1);
    draw();
  }
  document.querySelectorAll("#replay [data-go]").forEach(function (b) {
    b.addEventListener("click", function () { go(b.getAttribute("data-go")); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go("next");
    if (e.key === "ArrowLeft") go("prev");
  });
  draw();
})();
