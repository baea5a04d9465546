/* Poker's steps and words for the hand-entry shell (static/js/loghand.js): the deal, the draw, the betting and
 * the showdown as the table says them; or, when that is all the table wrote down, the showdown alone.
 *
 * No rule of poker is here. Who draws, whose turn it is to bet, what a call costs, the least (and most) a raise
 * puts in, who may show and what he holds are the referee's answers (shell.ask: POST /api/referee/legal/) for
 * the record typed so far; a card picked once too often (one pack or two, jokers or none) is the referee's to
 * refuse. This file only draws the answers and writes the events the table chose.
 */
(function () {
  "use strict";
  var games = window.TablekeeperGames = window.TablekeeperGames || {};

  games.poker = function (shell) {
    var players = shell.players, n = shell.n, h = shell.h, btn = shell.btn, seg = shell.seg;
    var SUITS = ["S", "H", "D", "C"];
    var RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
    var ROWS = SUITS.map(function (su) { return RANKS.map(function (r) { return r + su; }); }).concat([["JK"]]);
    var HAND = 5;

    var st = {
      mode: "hand",        // "hand": the deal, the draw, the betting and the showdown; "showdown": the shows alone
      hands: [],           // per seat {known, cards}
      target: null,        // the seat the deal's grid fills (null: the first open one)
      acts: [],            // the events after the deal (the showdown alone: the shows), as written
      amount: null,        // the raise being typed (null: the least the referee names)
      discard: [],         // the draw being put together: the cards thrown, and those got (null: not seen)
      got: [],
      showSeat: null,      // the seat whose shown cards the grid picks, and what it picked
      showPick: []
    };
    for (var i = 0; i < n; i++) st.hands.push({ known: true, cards: [] });
    // The night's last hand was written down as its showdown alone: this one starts the same way.
    var lastEvents = shell.cfg.last_events || [];
    if (lastEvents.length && lastEvents.every(function (e) { return e && e.action === "show"; })) st.mode = "showdown";
    // The night's last hand wrote no cards down: this one starts with the hands not known too.
    var lastDeal = lastEvents.filter(function (e) { return e && e.action === "deal"; })[0];
    if (lastDeal && Array.isArray(lastDeal.hands) && lastDeal.hands.every(function (x) { return x === null; })) {
      st.hands.forEach(function (x) { x.known = false; });
    }

    function order() {  // the seats from the dealer's left, the dealer last
      var out = [], d = shell.state.dealer;
      for (var k = 1; k <= n; k++) out.push((d + k) % n);
      return out;
    }
    function seats() { return order().filter(function (s) { return st.hands[s].known; }); }
    function dealt() { return seats().every(function (s) { return st.hands[s].cards.length === HAND; }); }
    function used(c) { return st.hands.some(function (x) { return x.cards.indexOf(c) >= 0; }); }
    function target() {
      if (st.target !== null && seats().indexOf(st.target) >= 0 && st.hands[st.target].cards.length < HAND) return st.target;
      return seats().filter(function (s) { return st.hands[s].cards.length < HAND; })[0];
    }

    // --- the record's events ---------------------------------------------------------------------------
    function copy(e) { return JSON.parse(JSON.stringify(e)); }
    function events() {
      if (st.mode === "showdown") return st.acts.map(copy);
      if (!dealt()) return [];
      var deal = { action: "deal", seat: shell.state.dealer, hands: st.hands.map(function (x) { return x.known ? x.cards.slice() : null; }) };
      return [deal].concat(st.acts.map(copy));
    }
    // A record of the showdown alone has no deal: the table said so by choosing it, so the page need not ask.
    function noDealOk() {
      var form = document.getElementById("log-form");
      if (!form) return;
      var box = form.querySelector('input[name="no_deal_ok"][data-poker]');
      if (st.mode === "showdown" && !box) form.appendChild(h("input", { type: "hidden", name: "no_deal_ok", value: "1", "data-poker": "1" }));
      if (st.mode !== "showdown" && box) box.remove();
    }

    // --- drawing -------------------------------------------------------------------------------------
    function name(s) { return players[s]; }
    function cards(cs) { return h("span", { cls: "cards" }, cs.map(shell.cardSpan)); }
    function money(x) { return shell.money(x); }

    function drawMode() {
      return shell.step(1, gettext("What the table wrote down"), [
        seg([["hand", gettext("The whole hand")], ["showdown", gettext("Only the showdown")]], st.mode, function (v) {
          if (v !== st.mode) { st.mode = v; st.acts = []; st.showSeat = null; st.showPick = []; }
        }, "mode"),
        st.mode === "showdown" ? h("p", { cls: "small muted" }, gettext("Each player who showed: pick the five cards shown. The antes are paid; the best hand shown takes the pot.")) : null
      ], "step-mode");
    }

    function drawDeal() {
      if (st.mode !== "hand") return null;
      var t = target();
      var rows = order().map(function (s) {
        var x = st.hands[s];
        var slots = x.cards.slice();
        while (slots.length < HAND) slots.push(null);
        return h("div", { cls: "slot-group" + (t === s ? " selected" : ""), "data-seat": String(s) },
          h("b", null, s === shell.state.dealer ? interpolate(gettext("%(who)s (deals)"), { who: name(s) }, true) : name(s)), " ",
          x.known ? cards(slots) : h("span", { cls: "muted" }, gettext("not written down")), " ",
          btn(x.known ? gettext("pick") : gettext("known"), function () { x.known = true; st.target = s; }, "btn-ghost", { "data-pick": String(s) }),
          x.known ? btn(gettext("not known"), function () { x.known = false; x.cards = []; }, "btn-ghost", { "data-unknown": String(s) }) : null,
          x.cards.length ? btn(gettext("clear"), function () { x.cards = []; st.target = s; }, "btn-ghost") : null);
      });
      var body = [h("div", { cls: "field" }, h("label", null, gettext("Dealer") + " "), shell.seatSelect(shell.state.dealer, function (s) { shell.state.dealer = s; }, null, "dealer")), rows];
      if (t !== undefined) {
        body.push(shell.grid({ rows: ROWS, isUsed: used, title: interpolate(gettext("%(who)s\u2019s hand"), { who: name(t) }, true), onpick: function (c) { st.hands[t].cards.push(c); } }));
      }
      return shell.step(2, gettext("The deal"), body, "step-deal");
    }

    function describe(e) {
      var who = typeof e.seat === "number" && players[e.seat] !== undefined ? players[e.seat] : "?";
      switch (e.action) {
        case "deal": return interpolate(gettext("%(who)s deals"), { who: who }, true);
        case "draw": return (e.discard || []).length ? interpolate(gettext("%(who)s draws %(n)s"), { who: who, n: e.discard.length }, true)
          : interpolate(gettext("%(who)s keeps the hand"), { who: who }, true);
        case "raise": return interpolate(gettext("%(who)s raises: puts in %(amount)s"), { who: who, amount: money(e.amount) }, true);
        case "call": return e.amount ? interpolate(gettext("%(who)s calls %(amount)s"), { who: who, amount: money(e.amount) }, true)
          : interpolate(gettext("%(who)s checks"), { who: who }, true);
        case "fold": return interpolate(gettext("%(who)s folds"), { who: who }, true);
        case "show": return interpolate(gettext("%(who)s shows %(cards)s"), { who: who, cards: (e.cards || []).join(" ") }, true);
        default: return who + " " + (e.action || "?");
      }
    }

    function add(ev) {
      st.acts.push(ev);
      st.amount = null; st.discard = []; st.got = []; st.showSeat = null; st.showPick = [];
    }

    function drawPanel(o) {
      var s = o.seat;
      var out = [h("h4", null, interpolate(gettext("%(who)s \u2014 the draw"), { who: name(s) }, true))];
      var hand = o.cards || [];
      if (!hand.length) {
        out.push(h("p", { cls: "small" }, gettext("These cards were not written down: how many were drawn?")),
          h("div", { cls: "choices" }, [0, 1, 2, 3, 4, 5].map(function (k) {
            var nulls = []; for (var j = 0; j < k; j++) nulls.push(null);
            return btn(String(k), function () { add({ action: "draw", seat: s, discard: nulls, cards: nulls.slice() }); }, "btn-ghost", { "data-draw-count": String(k) });
          })));
        return h("div", { cls: "seat-options", "data-options": String(s) }, out);
      }
      out.push(h("div", { cls: "choices" }, h("span", { cls: "small" }, gettext("Throws: ")), hand.map(function (c, k) {
        var on = st.discard.indexOf(k) >= 0;
        return btn(shell.label(c), function () {
          st.discard = on ? st.discard.filter(function (x) { return x !== k; }) : st.discard.concat([k]);
          st.got = st.got.slice(0, st.discard.length);
        }, on ? "btn-primary" : "btn-ghost", { "data-discard": c });
      })));
      if (!st.discard.length) {
        out.push(btn(gettext("Keeps the hand"), function () { add({ action: "draw", seat: s, discard: [], cards: [] }); }, "btn-primary", { "data-act": "keep" }));
      } else {
        var thrown = st.discard.map(function (k) { return hand[k]; });
        var slots = st.got.slice();
        while (slots.length < thrown.length) slots.push(null);
        out.push(h("p", { cls: "small" }, gettext("Gets: "), cards(slots)));
        var full = st.got.length === thrown.length;
        if (!full) {
          out.push(btn(gettext("not seen"), function () { st.got.push(null); }, "btn-ghost", { "data-act": "unseen" }),
            shell.grid({ rows: ROWS, isUsed: used, title: interpolate(gettext("the cards %(who)s gets"), { who: name(s) }, true), id: "draw-picker", onpick: function (c) { st.got.push(c); } }));
        }
        out.push(btn(interpolate(gettext("Draw %(n)s"), { n: thrown.length }, true), function () {
          if (st.got.length === thrown.length) add({ action: "draw", seat: s, discard: thrown, cards: st.got.slice() });
        }, "btn-primary", { "data-act": "draw", disabled: !full }));
      }
      return h("div", { cls: "seat-options", "data-options": String(s) }, out);
    }

    function showButton(o) {
      var s = o.seat;
      if (o.cards) return btn(interpolate(gettext("Show %(cards)s"), { cards: o.cards.map(shell.label).join(" ") }, true), function () { add({ action: "show", seat: s, cards: o.cards.slice() }); }, "btn-primary", { "data-act": "show" });
      if (st.showSeat !== s) return btn(interpolate(gettext("Pick the cards %(who)s shows"), { who: name(s) }, true), function () { st.showSeat = s; st.showPick = []; }, "btn-primary", { "data-act": "pick-show" });
      var slots = st.showPick.slice();
      while (slots.length < HAND) slots.push(null);
      return h("div", null, h("p", { cls: "small" }, interpolate(gettext("%(who)s shows "), { who: name(s) }, true), cards(slots)), shell.grid({
        rows: ROWS, isUsed: function (c) { return st.showPick.indexOf(c) >= 0; }, title: interpolate(gettext("%(who)s\u2019s show"), { who: name(s) }, true), id: "show-picker",
        onpick: function (c) {
          st.showPick.push(c);
          if (st.showPick.length === HAND) add({ action: "show", seat: s, cards: st.showPick.slice() });
        }
      }));
    }

    function seatOptions(answer, s) {
      var mine = answer.options.filter(function (o) { return o.seat === s; });
      var has = function (a) { return mine.filter(function (o) { return o.action === a; }); };
      var out = [h("h4", null, (s === answer.turn ? interpolate(gettext("%(who)s\u2019s turn"), { who: name(s) }, true) : name(s)))];
      var call = has("call")[0], raise = has("raise").filter(function (o) { return o.min !== undefined; })[0];
      if (has("fold").length) out.push(btn(call || st.mode === "showdown" ? gettext("Fold") : gettext("Gives up"), function () { add({ action: "fold", seat: s }); }, "btn-ghost", { "data-act": "fold" }));
      if (call) {
        out.push(btn(call.amount ? interpolate(gettext("Call %(amount)s"), { amount: call.amount }, true) : gettext("Check"), function () { add({ action: "call", seat: s, amount: call.amount }); }, "btn-primary", { "data-act": "call" }));
      }
      if (raise) {
        var amount = st.amount === null ? raise.min : st.amount;
        var input = h("input", { type: "number", min: "0", step: "1", id: "raise-amount", inputmode: "numeric",
          oninput: function () { var v = parseInt(input.value, 10); st.amount = isNaN(v) ? null : v; } });
        input.value = String(amount);
        out.push(h("div", { cls: "choices bet" }, input, " ",
          btn(gettext("Raise"), function () { add({ action: "raise", seat: s, amount: st.amount === null ? raise.min : st.amount }); }, "btn-primary", { "data-act": "raise" }),
          h("span", { cls: "small muted", "data-raise-hint": String(s) }, " " + interpolate(raise.max === null || raise.max === undefined
            ? gettext("a call costs %(call)s; a raise puts in at least %(least)s") : gettext("a call costs %(call)s; a raise puts in at least %(least)s, at most %(most)s"),
            { call: call ? call.amount : 0, least: raise.min, most: raise.max }, true))));
      }
      has("show").forEach(function (o) { out.push(showButton(o)); });
      return h("div", { cls: "seat-options", "data-options": String(s) }, out);
    }

    function drawPlay() {
      if (st.mode === "hand" && !dealt()) return null;
      var evs = events();
      var body = [h("ol", { cls: "small", id: "play-log" }, st.acts.map(function (e) { return h("li", null, describe(e)); }))];
      if (st.acts.length) body.push(btn(gettext("Undo the last"), function () { st.acts.pop(); st.showSeat = null; st.showPick = []; }, "btn-ghost", { id: "undo-act" }));
      var answer = shell.ask(evs);
      if (answer === undefined) body.push(shell.asking());
      else if (answer.errors) body.push(shell.refused(answer));
      else if (!answer.options.length) {
        body.push(h("p", { id: "hand-over" }, gettext("The hand is over: "), shell.words(answer.table.text || "")));
      } else {
        var options = answer.options;
        if (st.mode === "showdown") options = options.filter(function (o) { return o.action === "show"; });
        var draws = options.filter(function (o) { return o.action === "draw"; });
        if (draws.length) {
          body.push(h("div", { id: "play-choices" }, drawPanel(draws[0])));
        } else {
          var list = [];
          if (st.mode === "hand" && answer.turn !== null) list.push(answer.turn);
          options.forEach(function (o) { if (list.indexOf(o.seat) < 0) list.push(o.seat); });
          body.push(h("div", { id: "play-choices" }, list.map(function (s) { return seatOptions({ turn: st.mode === "showdown" ? null : answer.turn, options: options }, s); })));
        }
        var over = st.mode === "showdown" && st.acts.length;
        if (over) body.push(h("p", { cls: "small muted", id: "showdown-so-far" }, shell.words(answer.table.text || "")));
      }
      return shell.step(st.mode === "hand" ? 3 : 2, st.mode === "hand" ? gettext("The draw, the betting and the showdown") : gettext("The showdown"), body, "step-play");
    }

    function draw() { noDealOk(); return [drawMode(), drawDeal(), drawPlay()]; }

    function load(record) {
      var seenDeal = false;
      var evs = record.events || [];
      if (evs.length && evs.every(function (e) { return e && e.action === "show"; })) st.mode = "showdown";
      evs.forEach(function (e, i) {
        if (!e || typeof e !== "object") throw new shell.Unshowable(i, gettext("it is not an event"));
        var c = {};
        Object.keys(e).forEach(function (k) { if (k !== "note") c[k] = e[k]; });
        if (e.action === "deal") {
          if (seenDeal || !Array.isArray(e.hands) || e.hands.length !== n) throw new shell.Unshowable(i, gettext("the picker shows one deal of every seat"));
          seenDeal = true;
          shell.state.dealer = e.seat;
          e.hands.forEach(function (x, s) { st.hands[s] = x === null ? { known: false, cards: [] } : { known: true, cards: x.slice() }; });
        } else if (st.mode === "showdown" || (seenDeal && ["draw", "call", "raise", "fold", "show"].indexOf(e.action) >= 0)) {
          st.acts.push(c);
        } else {
          throw new shell.Unshowable(i, gettext("the picker has no place for it"));
        }
      });
    }

    return { draw: draw, events: events, load: load, describe: describe };
  };
})();
