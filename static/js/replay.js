/* Event-by-event replay of a hand from the referee's snapshots (referee.steps), for any game.
 *
 * Draws only what a snapshot has: the seats' hands, the trick in play (and the one just won), tricks won,
 * each seat's money or score, the pot, trump and the referee's words. The last step is the ruling
 * ({"final": true, "ruling": {...}}): its summary, each seat's net and what carries to the next hand.
 */
(function () {
  "use strict";
  var steps = JSON.parse(document.getElementById("replay-steps").textContent);
  var names = JSON.parse(document.getElementById("replay-names").textContent);
  if (!steps.length) return;
  var SYM = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var SUIT = { S: pgettext("a suit", "spades"), H: pgettext("a suit", "hearts"), D: pgettext("a suit", "diamonds"), C: pgettext("a suit", "clubs") };
  // A seat's state as the referee's snapshot names it (its data, the same in every language), in the reader's words.
  var STATE = { "in": pgettext("a seat's state in a hand", "in"), out: pgettext("a seat's state in a hand", "out"),
    blind: pgettext("a seat's state in a hand", "blind"), "in (wrapped)": pgettext("a seat's state in a hand", "in (wrapped)"),
    folded: pgettext("a seat's state in a hand", "folded") };
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
  var W = window.TablekeeperWords;  // static/js/words.js: money and cards as the tables show them
  function cents(v) { return W.money(v, true); }
  function num(v) { return typeof v === "number" && isFinite(v); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function seatName(s) { return names[s] !== undefined ? names[s] : interpolate(gettext("seat %(n)s"), { n: s + 1 }, true); }

  // The snapshot to draw at a position: the final step shows the ruling with the table as the last event left it.
  function view(i) {
    var st = steps[i];
    if (!st.final) return st;
    var last = i > 0 ? steps[i - 1] : {}, ruling = st.ruling || {}, facts = ruling.facts || {};
    var v = {};
    Object.keys(last).forEach(function (k) { v[k] = last[k]; });
    v.final = true;
    v.event = null;
    v.trick = [];
    v.text = ruling.summary || "";
    v.net = ruling.net || last.net;
    v.score = ruling.score || last.score;
    v.violations = ruling.violations || last.violations;
    v.pot = undefined;
    v.pot_out = ruling.pot_out;
    v.dealer = num(facts.dealer) ? facts.dealer : last.dealer;
    // The facts give seats one list a fact (referee/facts.py).
    var tricks = facts.seats && Array.isArray(facts.seats.tricks) ? facts.seats.tricks : null;
    if (tricks && tricks.every(num)) v.tricks_won = tricks;
    return v;
  }

  function draw() {
    var st = view(pos), prev = pos > 0 ? view(pos - 1) : null;
    document.getElementById("replay-pos").textContent = st.final
      ? interpolate(ngettext("the ruling (after %(n)s event)", "the ruling (after %(n)s events)", steps.length - 1), { n: steps.length - 1 }, true)
      : interpolate(gettext("event %(i)s of %(n)s"), { i: pos + 1, n: steps.length - 1 }, true);
    var said = document.getElementById("replay-text");
    said.textContent = "";
    said.appendChild(W.nodes(st.text || ""));
    var seats = document.getElementById("replay-seats");
    seats.innerHTML = "";
    var actor = st.event ? (num(st.event.seat) ? st.event.seat : st.event.winner) : null;
    names.forEach(function (name, s) {
      var box = el("div", "seat-box");
      var status = Array.isArray(st["in"]) ? st["in"][s] : null;
      if (status === "out") box.classList.add("out");
      if (actor === s) box.classList.add("active");
      var head = el("div", "seat-name");
      head.appendChild(el("span", null, name));
      var tags = el("span");
      if (s === st.dealer) tags.appendChild(el("span", "seat-tag", pgettext("a seat's tag", "dealer")));
      if (status) tags.appendChild(el("span", "seat-tag", STATE[status] || status));
      head.appendChild(tags);
      box.appendChild(head);
      if (Array.isArray(st.hands)) {
        var cards = el("div", "cards"), hand = st.hands[s];
        if (hand === null || hand === undefined) cards.appendChild(el("span", "small", gettext("cards not seen")));
        else if (!hand.length) cards.appendChild(el("span", "small", gettext("no cards left")));
        else hand.forEach(function (c) { cards.appendChild(card(c)); });
        box.appendChild(cards);
      }
      var meta = [];
      if (Array.isArray(st.tricks_won) && num(st.tricks_won[s])) meta.push(interpolate(ngettext("%(n)s trick", "%(n)s tricks", st.tricks_won[s]), { n: st.tricks_won[s] }, true));
      if (Array.isArray(st.net) && num(st.net[s])) meta.push(cents(st.net[s]));
      if (Array.isArray(st.score) && num(st.score[s])) meta.push(interpolate(ngettext("%(n)s point", "%(n)s points", st.score[s]), { n: st.score[s] }, true));
      var m = el("div", "small", meta.join(" \u00b7 "));
      m.setAttribute("data-seat-meta", name);
      box.appendChild(m);
      seats.appendChild(box);
    });
    var area = document.getElementById("replay-trick");
    area.innerHTML = "";
    var plays = Array.isArray(st.trick) && st.trick.length ? st.trick : null, won = null;
    // A trick just completed by this event: show it with its winner until the next event.
    if (!plays && !st.final && Array.isArray(st.tricks) && st.tricks.length && (!prev || !Array.isArray(prev.tricks) || prev.tricks.length < st.tricks.length)) {
      won = st.tricks[st.tricks.length - 1];
      plays = won.plays && won.plays.length ? won.plays : null;
    }
    if (plays) plays.forEach(function (p) {
      var w = el("span", "nowrap");
      w.appendChild(el("span", "small", seatName(p[0]) + " "));
      w.appendChild(card(p[1]));
      w.appendChild(document.createTextNode(" "));
      area.appendChild(w);
    });
    if (won && num(won.winner)) area.appendChild(el("b", null, (plays ? "" : gettext("a trick") + " ") + "\u2192 " + seatName(won.winner)));
    if (!plays && !won) area.appendChild(el("span", "small", st.final ? gettext("the hand is over") : gettext("nothing yet")));
    var meta = document.getElementById("replay-meta");
    meta.innerHTML = "";
    if (num(st.pot)) meta.appendChild(el("span", null, interpolate(gettext("pot %(amount)s"), { amount: cents(st.pot).replace("+", "") }, true)));
    if (st.final && num(st.pot_out)) meta.appendChild(el("span", null, interpolate(gettext("carried to the next hand %(amount)s"), { amount: cents(st.pot_out).replace("+", "") }, true)));
    if (typeof st.trump === "string" && st.trump) {
      var t = el("span", null, gettext("trump") + " ");
      t.appendChild(st.trump.length === 1 ? el("span", "pc" + (st.trump === "H" || st.trump === "D" ? " red" : ""), (SYM[st.trump] || st.trump) + " " + (SUIT[st.trump] || "")) : card(st.trump));
      meta.appendChild(t);
    }
    var vs = Array.isArray(st.violations) ? st.violations.length : 0;
    if (vs) meta.appendChild(el("span", null, interpolate(st.final ? ngettext("%(n)s violation", "%(n)s violations", vs)
      : ngettext("%(n)s violation so far", "%(n)s violations so far", vs), { n: vs }, true)));
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
    b.disabled = false;  // the buttons stay disabled in the page until this script can answer them
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go("next");
    if (e.key === "ArrowLeft") go("prev");
  });
  draw();
})();
