/* Sedma's steps and words for the hand-entry shell (static/js/loghand.js): the deal, then the cards in the
 * order the table plays them (with the draws from the stock and the leader's "no more"), or the paper way:
 * only the points each side took.
 *
 * No rule of Sedma is here. Whose turn it is, which cards may be played, who draws, whether the leader may
 * continue and who took each trick are the referee's answers (shell.ask) for the record typed so far.
 */
(function () {
  "use strict";
  var games = window.TablekeeperGames = window.TablekeeperGames || {};

  games.sedma = function (shell) {
    var players = shell.players, n = shell.n, h = shell.h, btn = shell.btn, seg = shell.seg, label = shell.label;
    var cfg = shell.cfg;
    var variant = cfg.variant || ({ 4: "4p", 2: "2p", 3: "3p" })[n];
    var rules = cfg.house_rules || {};
    var SUITS = ["S", "H", "D", "C"];
    var RANKS = ["A", "T", "K", "Q", "J", "9", "8", "7"];
    var removed = variant === "3p" ? (Array.isArray(rules.removed) ? rules.removed : String(rules.removed || "8D 8H").split(" ")) : [];
    var soloistCard = rules.soloist_card || "KC";
    var size = variant === "2p" || rules.hand_size === 4 ? 4 : (variant === "3p" ? 10 : 8);
    var hasStock = size === 4;

    var st = {
      mode: "cards",          // 'cards' (card by card) or 'paper' (the points each side took)
      hands: [],              // per seat: null (not seen) or the cards dealt
      target: null,           // the seat whose hand the grid fills
      soloist: null,          // 3p, hands not seen: the seat dealt the soloist's card, or -1 for the stock
      after: [],              // the events after the deal, card by card
      paper: [null, null, null]
    };
    for (var i = 0; i < n; i++) st.hands.push(null);
    // The night's last hand logged on paper: this one starts on paper too (the table keeps its way).
    var lastEvents = cfg.last_events || [];
    if (lastEvents.some(function (e) { return e && e.action === "points"; })) st.mode = "paper";

    function dealEvent() {
      var ev = { action: "deal", seat: shell.state.dealer, hands: st.hands.map(function (x) { return x ? x.slice() : null; }), stock: null };
      if (variant === "3p" && !shownSoloist()) ev.soloist = st.soloist === -1 || st.soloist === null ? null : st.soloist;
      return ev;
    }
    function shownSoloist() { return st.hands.some(function (x) { return x && x.indexOf(soloistCard) >= 0; }); }
    // 3p: nobody has said yet where the soloist's card lay; the referee cannot rule a deal without it.
    function soloistUnknown() { return variant === "3p" && st.soloist === null && !shownSoloist(); }
    function soloistFirst(title, id) {
      return shell.step(2, title, [h("p", { id: "soloist-first" }, interpolate(hasStock
        ? gettext("First say who was dealt %(card)s (above): that player is the soloist, or \u201cthe stock\u201d if it lay there.")
        : gettext("First say who was dealt %(card)s (above): that player is the soloist."), { card: label(soloistCard) }, true))], id);
    }
    function sides() {
      if (variant === "2p") return [[0], [1]];
      if (variant === "3p") {
        var s = st.soloist;
        if (s === null || s === -1) return [[0], [1], [2]];
        return [[s], [0, 1, 2].filter(function (x) { return x !== s; })];
      }
      var k = Math.floor((dealNumber() - 1) / (rules.partners_rotate_every || 4)) % 3;
      return [[[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]]][k];
    }
    // The deal's number in the game: a misdeal (a void hand, dealt again) is not one of the twelve.
    function dealNumber() {
      var before = typeof cfg.counted === "number" ? cfg.counted : Math.max(1, cfg.number || 1) - 1;
      return (before % (rules.deals_per_game || 12)) + 1;
    }
    function paperPoints() {
      var sd = sides(), pts = st.paper.slice(0, sd.length);
      if (pts.slice(0, -1).some(function (p) { return p === null; })) return null;
      var rest = 90 - pts.slice(0, -1).reduce(function (a, b) { return a + b; }, 0);
      if (rest < 0) return null;
      pts[pts.length - 1] = rest;
      return pts;
    }
    function events() {
      var evs = [dealEvent()];
      if (st.mode === "paper") {
        var pts = paperPoints();
        if (pts) evs.push({ action: "points", points: pts });
        return evs;
      }
      return evs.concat(st.after.map(function (e) { var c = {}; Object.keys(e).forEach(function (k) { c[k] = e[k]; }); return c; }));
    }

    function names(side) {
      return side.map(function (s) { return players[s]; })
        .reduce(function (a, b) { return interpolate(gettext("%(one)s and %(other)s"), { one: a, other: b }, true); });
    }

    // --- the deal ---------------------------------------------------------------------------------------
    function drawDeal() {
      var body = [];
      body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, gettext("Dealt by")),
        shell.seatSelect(shell.state.dealer, function (v) { shell.state.dealer = v; st.after = []; }, null, "deal-seat")));
      body.push(seg([["cards", gettext("Card by card")], ["paper", gettext("Points only (paper)")]], st.mode, function (v) { st.mode = v; }, "sedma-mode"));
      if (variant === "4p") body.push(h("p", { cls: "small muted", id: "partners" }, interpolate(gettext("Deal %(n)s: %(one)s against %(other)s."),
        { n: dealNumber(), one: names(sides()[0]), other: names(sides()[1]) }, true)));
      if (variant === "3p" && !shownSoloist()) {
        var choices = [[-1, gettext("the stock")]].concat(players.map(function (p, s) { return [s, p]; }));
        if (!hasStock) choices = choices.slice(1);
        body.push(h("div", { cls: "line-item", id: "soloist-choice" }, h("span", { cls: "who" }, interpolate(gettext("Dealt %(card)s:"), { card: label(soloistCard) }, true)),
          seg(choices, st.soloist, function (v) { st.soloist = v; st.after = []; }, "soloist")));
      }
      if (st.mode === "cards") {
        body.push(h("p", { cls: "small muted" }, gettext("Hands are \u201cnot seen\u201d unless somebody shows them: tap \u201cshow\u201d to enter a hand.")));
        players.forEach(function (p, s) {
          var hand = st.hands[s];
          body.push(h("div", { cls: "slot-group" + (st.target === s ? " selected" : ""), "data-group": "seat-" + s },
            h("span", { cls: "who" }, p), hand ? h("span", null, hand.map(shell.cardSpan), " " + interpolate(gettext("(%(n)s of %(size)s)"), { n: hand.length, size: size }, true))
              : h("span", { cls: "muted" }, gettext("not seen")),
            btn(hand ? gettext("not seen") : gettext("show"), function () { st.hands[s] = hand ? null : []; st.target = hand ? null : s; st.after = []; }, "btn-ghost", { "data-show": String(s) })));
        });
      }
      return shell.step(1, gettext("The deal"), body, "step-deal");
    }
    function dealGrid() {
      var used = {};
      st.hands.forEach(function (x) { (x || []).forEach(function (c) { used[c] = true; }); });
      return shell.grid({
        rows: SUITS.map(function (s) { return RANKS.map(function (r) { return r + s; }).filter(function (c) { return removed.indexOf(c) < 0; }); }),
        isUsed: function (c) { return !!used[c]; },
        onpick: function (c) {
          var hand = st.hands[st.target];
          var i = hand.indexOf(c);
          if (i >= 0) hand.splice(i, 1); else if (!used[c] && hand.length < size) hand.push(c);
          if (hand.length >= size) st.target = null;
        },
        title: h("b", null, players[st.target])
      });
    }

    // --- the paper way ------------------------------------------------------------------------------------
    function drawPaper() {
      if (soloistUnknown()) return soloistFirst(gettext("Points each side took"), "step-paper");
      var sd = sides(), body = [], tens = [];
      for (var p = 0; p <= 90; p += 10) tens.push([p, String(p)]);
      sd.forEach(function (side, k) {
        if (k === sd.length - 1) {
          var pts = paperPoints();
          body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, names(side)), h("b", { id: "paper-rest" }, pts ? String(pts[k]) : "\u2014"), " " + gettext("(the rest of 90)")));
          return;
        }
        body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, names(side)),
          seg(tens, st.paper[k], function (v) { st.paper[k] = v; }, "paper-" + k)));
      });
      return shell.step(2, gettext("Points each side took"), body, "step-paper");
    }

    // --- card by card -------------------------------------------------------------------------------------
    function option(answer, action, seat) {
      return ((answer && answer.options) || []).filter(function (o) { return o.action === action && (seat === undefined || o.seat === seat); })[0] || null;
    }
    function drawPlay() {
      if (soloistUnknown()) return soloistFirst(gettext("The play"), "step-play");
      var body = [], a = shell.ask(events());
      var table = a && a.table;
      if (table && table.tricks && table.tricks.length) {
        body.push(h("ol", { cls: "small", id: "tricks" }, table.tricks.map(function (t) {
          return h("li", null, t.plays.map(function (p) { return shell.cardSpan(p[1]); }), " \u2192 ", h("b", null, players[t.winner]), t.points ? " (" + t.points + ")" : "");
        })));
      }
      if (table && table.trick && table.trick.length) {
        body.push(h("div", { cls: "line-item", id: "current-trick" }, h("span", { cls: "who" }, gettext("On the table")), table.trick.map(function (p) { return shell.cardSpan(p[1]); })));
      }
      if (a === undefined) body.push(shell.asking());
      else if (a.errors) body.push(shell.refused(a));
      else if (a.done) {
        var r = shell.judge(events());
        body.push(h("p", { id: "deal-over" }, h("b", null, gettext("The deal is over. ")), r && r.summary ? shell.words(r.summary) : ""));
      } else {
        var turn = a.turn;
        var play = option(a, "play", turn), draw = option(a, "draw", turn);
        var end = option(a, "pass", turn) || option(a, "end_trick", turn);
        body.push(h("p", { id: "whose-turn" }, h("b", null, players[turn]), " " + (draw && !play ? gettext("draws.") : end ? gettext("leads this trick: play on or stop?") : gettext("to play."))));
        var line = [];
        if (draw) line.push(btn(interpolate(gettext("%(who)s draws"), { who: players[turn] }, true), function () {
          st.after.push({ action: "draw", seat: turn, card: draw.cards && draw.cards.length === 1 ? draw.cards[0] : null });
        }, "", { id: "draw-btn" }));
        if (end) line.push(btn(end.action === "pass" ? gettext("Pass") : gettext("End the trick"), function () { st.after.push({ action: end.action, seat: turn }); }, "", { id: "end-btn" }));
        // The trick's winner may simply lead the next (the leader stopped without a word).
        a.options.filter(function (o) { return o.seat !== turn && (o.action === "draw"); }).forEach(function (o) {
          line.push(btn(interpolate(gettext("%(who)s draws (trick over)"), { who: players[o.seat] }, true), function () { st.after.push({ action: "draw", seat: o.seat, card: null }); }));
        });
        if (line.length) body.push(h("div", { cls: "line-item" }, line));
      }
      if (st.after.length) body.push(h("div", { cls: "line-item" }, btn(gettext("Undo"), function () { st.after.pop(); }, "btn-ghost", { id: "undo-btn" })));
      return shell.step(2, gettext("The play"), body, "step-play");
    }
    function playGrid() {
      if (soloistUnknown()) return null;
      var a = shell.ask(events());
      if (!a || a.errors || a.done) return null;
      var turn = a.turn, play = option(a, "play", turn);
      var winner = a.options.filter(function (o) { return o.action === "play" && o.seat !== turn; })[0];
      var allowed = {};
      [winner, play].forEach(function (o) {  // (the seat whose turn it is wins a card both may play)
         if (o && o.cards) o.cards.forEach(function (c) { allowed[c] = o.seat; }); });
      var seen = {};
      (a.table && a.table.tricks || []).forEach(function (t) { t.plays.forEach(function (p) { seen[p[1]] = true; }); });
      (a.table && a.table.trick || []).forEach(function (p) { seen[p[1]] = true; });
      if (!play && !winner) return null;
      return shell.grid({
        rows: SUITS.map(function (s) { return RANKS.map(function (r) { return r + s; }).filter(function (c) { return removed.indexOf(c) < 0; }); }),
        isUsed: function (c) { return !!seen[c]; },
        isOff: function (c) { return !(c in allowed); },
        onpick: function (c) { if (c in allowed) st.after.push({ action: "play", seat: allowed[c], card: c }); },
        title: h("span", null, gettext("Card played by "), h("b", null, players[turn]))
      });
    }

    function draw() {
      var out = [drawDeal()];
      if (st.mode === "paper") out.push(drawPaper());
      else if (st.target !== null && st.hands[st.target]) out.push(dealGrid());
      else { out.push(drawPlay()); out.push(playGrid()); }
      return out;
    }

    function load(record) {
      var evs = record.events || [];
      var d = evs[0];
      if (!d || d.action !== "deal") throw new shell.Unshowable(0, gettext("the record does not start with the deal"));
      if (d.stock) throw new shell.Unshowable(0, gettext("the picker does not keep a recorded stock"));
      st.hands = (d.hands || []).map(function (x) { return x ? x.slice() : null; });
      if (d.soloist !== undefined) st.soloist = d.soloist === null ? -1 : d.soloist;
      var rest = evs.slice(1);
      if (rest.length === 1 && rest[0].action === "points") {
        st.mode = "paper";
        st.paper = rest[0].points.slice();
        return;
      }
      rest.forEach(function (e, i) {
        if (["play", "draw", "pass", "end_trick"].indexOf(e.action) < 0) throw new shell.Unshowable(i + 1, gettext("the picker has no place for it"));
      });
      st.after = rest.map(function (e) { var c = {}; Object.keys(e).forEach(function (k) { if (k !== "note") c[k] = e[k]; }); return c; });
    }

    function describe(e) {
      var who = typeof e.seat === "number" && players[e.seat] !== undefined ? players[e.seat] : "?";
      if (e.action === "play") return interpolate(gettext("%(who)s plays %(card)s"), { who: who, card: label(e.card) }, true);
      if (e.action === "draw") return interpolate(gettext("%(who)s draws"), { who: who }, true);
      if (e.action === "pass" || e.action === "end_trick") return interpolate(gettext("%(who)s stops the trick"), { who: who }, true);
      if (e.action === "points") return interpolate(gettext("points %(points)s"), { points: (e.points || []).join(" : ") }, true);
      if (e.action === "deal") return interpolate(gettext("%(who)s deals"), { who: who }, true);
      return e.action || gettext("an event");
    }

    function fields() { return variant === "4p" ? { deal: dealNumber() } : {}; }

    return { draw: draw, events: events, load: load, describe: describe, fields: fields };
  };
})();
