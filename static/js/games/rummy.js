/* The rummy ("Skat")'s steps and words for the hand-entry shell (static/js/loghand.js): the deal, then the hand
 * card by card (each draw, take from the row, meld, lay-off and discard), or the paper way (each player's points).
 *
 * No rule of rummy is here. Whose turn it is, what the row holds, which cards may be taken from it, which melds and
 * lay-offs his hand allows and what he may discard are the referee's answers (shell.ask: POST /api/referee/legal/)
 * for the record typed so far, and the row, the melds and the hands are the referee's table in that answer. This
 * file only knows the order in which a table says things, and how to say them.
 */
(function () {
  "use strict";
  var games = window.TablekeeperGames = window.TablekeeperGames || {};

  games.rummy = function (shell) {
    var players = shell.players, n = shell.n, h = shell.h, btn = shell.btn, seg = shell.seg, label = shell.label;
    var SUITS = ["S", "H", "D", "C"];
    var RANKS = ["6", "7", "8", "9", "T", "J", "Q", "K", "A"];
    var DECK = [];
    SUITS.forEach(function (s) { RANKS.forEach(function (r) { DECK.push(r + s); }); });
    var HAND = 5;

    function emptyHands() { var out = []; for (var i = 0; i < n; i++) out.push([]); return out; }
    var st = {
      mode: "cards",        // 'cards' or 'paper'
      dealSeat: null,       // the deal's seat from a stored record; null: the page's dealer
      hands: emptyHands(),  // the five cards dealt to each
      stock: null,          // the stock as a stored record gave it (null: not recorded; each draw names its card)
      target: null,         // the seat whose hand the grid fills; null: the first one not full
      plays: [],            // the events after the deal, as the table said them
      chosen: [],           // cards of the hand in turn picked for a meld
      points: emptyHands().map(function () { return ""; }),
      out: null
    };

    // The night's last hand logged on paper: this one starts on paper too (the table keeps its way).
    if ((shell.cfg.last_events || []).some(function (e) { return e && e.action === "points"; })) st.mode = "paper";

    function dealer() { return st.dealSeat !== null ? st.dealSeat : shell.state.dealer; }
    function order() {  // the seats from the dealer's left
      var out = [];
      for (var k = 1; k <= n; k++) out.push((dealer() + k) % n);
      return out;
    }
    function dealt() { return st.hands.every(function (x) { return x.length === HAND; }); }
    function target() {
      if (st.target !== null && st.hands[st.target].length < HAND) return st.target;
      var seats = order();
      for (var i = 0; i < seats.length; i++) if (st.hands[seats[i]].length < HAND) return seats[i];
      return null;
    }
    function holder(c) {
      for (var s = 0; s < n; s++) if (st.hands[s].indexOf(c) >= 0) return s;
      return null;
    }
    function toInt(v) { return /^-?\d+$/.test(String(v).trim()) ? parseInt(v, 10) : null; }

    // --- the record's events -----------------------------------------------------------------------
    function dealEvent() {
      if (st.mode === "paper") return { action: "deal", seat: dealer(), hands: emptyHands().map(function () { return null; }), stock: null };
      return { action: "deal", seat: dealer(), hands: st.hands.map(function (x) { return x.slice(); }), stock: st.stock ? st.stock.slice() : null };
    }
    function events() {
      var out = [dealEvent()];
      if (st.mode === "paper") {
        var pts = st.points.map(toInt);
        if (pts.every(function (p) { return p !== null; })) out.push({ action: "points", points: pts, out: st.out });
        return out;
      }
      return out.concat(st.plays.map(function (e) { return JSON.parse(JSON.stringify(e)); }));
    }
    function play(ev) { st.plays.push(ev); st.chosen = []; }

    // --- drawing -----------------------------------------------------------------------------------
    function cardsLine(cards, attrs) {
      return h("span", attrs || null, cards.length ? cards.map(shell.cardSpan) : h("span", { cls: "muted" }, gettext("nothing")));
    }
    function grid(title, isUsed, onpick, id) {
      // eight cards a row, as every game's picker: a ninth leaves "10♠" no room on a phone
      return shell.grid({ rows: SUITS.map(function (s) { return RANKS.map(function (r) { return r + s; }); }), isUsed: isUsed,
        onpick: onpick, title: title, id: id || "picker" });
    }

    function drawMode() {
      return shell.step(1, gettext("How the hand is written"), [
        seg([["cards", gettext("Card by card")], ["paper", gettext("On paper (points only)")]], st.mode, function (v) { st.mode = v; }, "mode")
      ], "step-mode");
    }

    function drawPaper() {
      var rows = players.map(function (name, s) {
        var input = h("input", { type: "number", inputmode: "numeric", step: "1", "data-points": String(s),
          oninput: function () { st.points[s] = input.value; shell.redraw(); } });
        input.value = st.points[s];
        input.style.width = "6em";
        return h("div", { cls: "line-item" }, h("span", { cls: "who" }, name), input);
      });
      var outSel = h("select", { "data-name": "out", onchange: function () { st.out = outSel.value === "" ? null : parseInt(outSel.value, 10); shell.redraw(); } },
        [h("option", { value: "" }, gettext("nobody (the stock ran dry)"))].concat(players.map(function (name, s) { return h("option", { value: String(s) }, name); })));
      outSel.value = st.out === null ? "" : String(st.out);
      outSel.style.width = "auto";
      return shell.step(2, gettext("Each player's points"), [
        h("p", { cls: "small muted" }, gettext("What each scored this hand: melded and laid off, less what was left in hand.")),
        rows, h("div", { cls: "line-item" }, h("span", { cls: "who" }, gettext("Went out")), outSel)
      ], "step-points");
    }

    function drawDeal() {
      var t = target(), body = [];
      body.push(h("p", { cls: "small muted" }, gettext("Tap a row, then tap its five cards in the grid below.")));
      order().forEach(function (s) {
        var slots = [];
        for (var k = 0; k < HAND; k++) {
          var c = st.hands[s][k];
          slots.push(h("span", { cls: "slot" + (c ? " filled" : "") + (c && shell.isRed(c) ? " red" : "") }, c ? label(c) : ""));
        }
        body.push(h("div", { cls: "slot-group" + (t === s ? " selected" : ""), "data-group": "seat-" + s,
          onclick: function () { st.target = s; shell.redraw(); } },
          h("span", { cls: "who" }, s === dealer() ? interpolate(gettext("%(who)s (dealer)"), { who: players[s] }, true) : players[s]), h("div", { cls: "slots" }, slots)));
      });
      if (t !== null || !dealt()) {
        body.push(grid(h("b", null, t === null ? "" : players[t]), function (c) { return holder(c) !== null; }, function (c) {
          var s = holder(c);
          if (s !== null) { st.hands[s].splice(st.hands[s].indexOf(c), 1); st.target = s; return; }
          if (t !== null) st.hands[t].push(c);
        }, "picker"));
      }
      return shell.step(2, gettext("The deal"), body, "step-deal");
    }

    function tableView(table) {
      var melds = (table.melds || []).map(function (m, k) {
        return h("li", { "data-meld": String(k) }, h("span", { cls: "muted" }, k + ". " + players[m.seat] + ": "), m.cards.map(shell.cardSpan));
      });
      return h("div", { id: "rummy-table" },
        h("div", { cls: "line-item" }, h("span", { cls: "who" }, gettext("Stock")), h("span", { id: "rummy-stock" }, interpolate(ngettext("%(n)s card", "%(n)s cards", table.stock), { n: table.stock }, true))),
        h("div", { cls: "line-item" }, h("span", { cls: "who" }, gettext("The row")), cardsLine(table.row || [], { id: "rummy-row" })),
        h("div", null, h("span", { cls: "who" }, gettext("Melds on the table")), melds.length ? h("ul", { id: "rummy-melds", cls: "small", style: "list-style:none;padding-left:.5rem" }, melds) : h("span", { cls: "muted" }, " " + gettext("none yet"))));
    }

    function option(options, action) {
      for (var i = 0; i < options.length; i++) if (options[i].action === action) return options[i];
      return null;
    }

    function drawPlay() {
      var body = [];
      var answer = shell.ask(events());
      if (answer === undefined) return shell.step(3, gettext("The play"), [shell.asking()], "step-play");
      if (answer.errors) return shell.step(3, gettext("The play"), [shell.refused(answer), undoButton()], "step-play");
      var table = answer.table || {};
      body.push(tableView(table));
      if (answer.done) {
        body.push(h("div", { cls: "summary-box", id: "rummy-over" }, answer.status === "complete" ? gettext("The hand is over. ") : "", shell.words(table.text || "")));
        body.push(undoButton());
        return shell.step(3, gettext("The play"), body, "step-play");
      }
      var s = answer.turn, opts = answer.options || [];
      var hand = (table.hands || [])[s] || [];
      body.push(h("h4", { id: "rummy-turn" }, interpolate(gettext("%(who)s\u2019s turn"), { who: players[s] }, true)));
      body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, gettext("Hand")),
        h("span", { id: "rummy-hand", cls: "slots" }, hand.map(function (c) {
          var on = st.chosen.indexOf(c) >= 0;
          return h("button", { type: "button", cls: "btn btn-small " + (on ? "" : "btn-ghost") + (shell.isRed(c) ? " red" : ""), "data-hand": c,
            "aria-pressed": on ? "true" : "false",
            onclick: function (e) { e.preventDefault(); if (on) st.chosen.splice(st.chosen.indexOf(c), 1); else st.chosen.push(c); shell.redraw(); } }, label(c));
        }))));
      var draw = option(opts, "draw");
      if (draw) {
        if (draw.cards) body.push(h("div", { id: "rummy-draw" }, btn(interpolate(gettext("Draws %(card)s"), { card: label(draw.cards[0]) }, true), function () { play({ action: "draw", seat: s, card: draw.cards[0] }); }, "", { "data-draw": draw.cards[0] })));
        else {
          var seen = {};
          (table.hands || []).forEach(function (x) { (x || []).forEach(function (c) { seen[c] = true; }); });
          (table.row || []).forEach(function (c) { seen[c] = true; });
          (table.melds || []).forEach(function (m) { m.cards.forEach(function (c) { seen[c] = true; }); });
          body.push(grid(h("b", null, interpolate(gettext("%(who)s draws"), { who: players[s] }, true)), function (c) { return !!seen[c]; }, function (c) {
            if (!seen[c]) play({ action: "draw", seat: s, card: c });
          }, "picker"));
        }
      }
      var take = option(opts, "take");
      if (take) body.push(h("div", { id: "rummy-take", cls: "choices" }, h("span", { cls: "small muted" }, gettext("Take from the row (with every card after it): ")),
        take.cards.map(function (c) { return btn(label(c), function () { play({ action: "take", seat: s, card: c }); }, "", { "data-take": c }); })));
      var meld = option(opts, "meld");
      var melds = [];
      if (meld) (meld.melds || []).forEach(function (m) {
        melds.push(btn(interpolate(gettext("Meld %(cards)s"), { cards: m.map(label).join(" ") }, true), function () { play({ action: "meld", seat: s, cards: m.slice() }); }, "", { "data-meld-cards": m.join(" ") }));
      });
      if (st.chosen.length >= 3) melds.push(btn(interpolate(gettext("Meld the chosen %(cards)s"), { cards: st.chosen.map(label).join(" ") }, true), function () { play({ action: "meld", seat: s, cards: st.chosen.slice() }); }, "", { id: "meld-chosen" }));
      if (melds.length) body.push(h("div", { id: "rummy-meld", cls: "choices" }, melds));
      var layoff = option(opts, "layoff");
      if (layoff) body.push(h("div", { id: "rummy-layoff", cls: "choices" }, h("span", { cls: "small muted" }, gettext("Lay off: ")),
        Object.keys(layoff.melds || {}).map(function (k) {
          return layoff.melds[k].map(function (c) {
            return btn(interpolate(gettext("%(card)s on %(meld)s"), { card: label(c), meld: k }, true), function () { play({ action: "layoff", seat: s, meld: parseInt(k, 10), cards: [c] }); }, "", { "data-layoff": k + ":" + c });
          });
        })));
      var discard = option(opts, "discard");
      if (discard) {
        if (discard.unused && discard.unused.length) body.push(h("p", { cls: "violation small", id: "rummy-unused" },
          interpolate(gettext("%(who)s took %(cards)s from the row and must use it this turn."), { who: players[s], cards: discard.unused.map(label).join(", ") }, true)));
        else body.push(h("div", { id: "rummy-discard", cls: "choices" }, h("span", { cls: "small muted" }, gettext("Discard: ")),
          discard.cards.map(function (c) { return btn(label(c), function () { play({ action: "discard", seat: s, card: c }); }, "", { "data-discard": c }); })));
      }
      body.push(undoButton());
      return shell.step(3, gettext("The play"), body, "step-play");
    }

    function undoButton() {
      return st.plays.length ? h("div", { cls: "actions" }, btn(interpolate(gettext("Undo: %(what)s"), { what: describe(st.plays[st.plays.length - 1]) }, true), function () { st.plays.pop(); st.chosen = []; }, "btn-ghost", { id: "rummy-undo" })) : null;
    }

    function draw() {
      var out = [drawMode()];
      if (st.mode === "paper") return out.concat([drawPaper()]);
      out.push(drawDeal());
      if (dealt()) out.push(drawPlay());
      return out;
    }

    // --- editing: a stored record ------------------------------------------------------------------
    function isCard(c) { return DECK.indexOf(c) >= 0; }
    function load(rec) {
      var evs = rec.events, Unshowable = shell.Unshowable;
      if (!evs.length) return;
      var d = evs[0];
      if (!d || d.action !== "deal" || !Array.isArray(d.hands) || d.hands.length !== n) throw new Unshowable(0, gettext("the record does not begin with the deal"));
      st.dealSeat = typeof d.seat === "number" ? d.seat : null;
      if (d.hands.every(function (x) { return x === null; })) {
        st.mode = "paper";
        if (evs.length > 2 || (evs[1] && evs[1].action !== "points")) throw new Unshowable(1, gettext("a hand on paper has only its points"));
        if (evs[1]) {
          if (!Array.isArray(evs[1].points) || evs[1].points.length !== n) throw new Unshowable(1, gettext("the points are not one a player"));
          st.points = evs[1].points.map(function (p) { return String(p); });
          st.out = typeof evs[1].out === "number" ? evs[1].out : null;
        }
        return;
      }
      d.hands.forEach(function (x) {
        if (!Array.isArray(x) || !x.every(isCard)) throw new Unshowable(0, gettext("a hand is not a list of cards"));
      });
      st.hands = d.hands.map(function (x) { return x.slice(); });
      st.stock = Array.isArray(d.stock) ? d.stock.slice() : null;
      st.plays = evs.slice(1).map(function (e, i) {
        if (!e || typeof e !== "object") throw new Unshowable(i + 1, gettext("it is not an event"));
        var copy = {};
        Object.keys(e).forEach(function (k) { if (k !== "note") copy[k] = e[k]; });
        return copy;
      });
    }

    function describe(e) {
      var who = typeof e.seat === "number" && players[e.seat] !== undefined ? players[e.seat] : "?";
      switch (e.action) {
        case "deal": return interpolate(gettext("%(who)s deals"), { who: who }, true);
        case "draw": return e.card ? interpolate(gettext("%(who)s draws %(card)s"), { who: who, card: label(e.card) }, true) : interpolate(gettext("%(who)s draws"), { who: who }, true) + " ";
        case "take": return interpolate(gettext("%(who)s takes %(card)s from the row"), { who: who, card: label(e.card) }, true);
        case "meld": return interpolate(gettext("%(who)s melds %(cards)s"), { who: who, cards: (e.cards || []).map(label).join(" ") }, true);
        case "layoff": return interpolate(gettext("%(who)s lays off %(cards)s on meld %(meld)s"), { who: who, cards: (e.cards || []).map(label).join(" "), meld: e.meld }, true);
        case "discard": return interpolate(gettext("%(who)s discards %(card)s"), { who: who, card: label(e.card) }, true);
        case "points": return gettext("the points on paper");
        default: return who + " " + (e.action || "?");
      }
    }

    return { draw: draw, events: events, load: load, describe: describe };
  };
})();
