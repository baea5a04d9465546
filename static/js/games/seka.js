/* Seka's steps and words for the hand-entry shell (static/js/loghand.js): a svara's buy-ins, the deal (and the
 * open variant's middle), then the trade as the table says it: exchanges and passes, bets (open or blind),
 * calls, folds and the show.
 *
 * No rule of Seka is here. Who may buy in and for how much, whose turn it is, what he may do (exchange, pass,
 * fold, bet at least so much, blind or not, call for so much) and who shows are the referee's answers
 * (shell.ask: POST /api/referee/legal/) for the record typed so far. This file only draws them and writes
 * the events the table chose.
 */
(function () {
  "use strict";
  var games = window.TablekeeperGames = window.TablekeeperGames || {};

  games.seka = function (shell) {
    var players = shell.players, n = shell.n, h = shell.h, btn = shell.btn, seg = shell.seg;
    var SUITS = ["S", "H", "D", "C"];
    var RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"];
    var open = shell.cfg.variant === "open";
    var svara = ((shell.cfg.carry || {}).svara) || null;  // the tied seats, in a svara hand

    var st = {
      buyIns: [],          // the buy-in events, as the referee offered them
      hands: [],           // per seat {known, cards}
      middle: [],
      target: null,        // the slot group the grid fills: a seat, "middle", or null (the first open one)
      acts: [],            // the events after the deal, as written
      amount: null,        // the bet being typed (null: the least the referee names)
      blind: false,
      give: [], take: [],  // an exchange being put together
      showPick: []         // the cards of a show whose hand the record does not know
    };
    for (var i = 0; i < n; i++) st.hands.push({ known: true, cards: [] });
    // The night's last hand wrote no cards down: this one starts with the hands not known too (a tap on
    // "known" brings a hand's cards back).
    var lastDeal = (shell.cfg.last_events || []).filter(function (e) { return e && e.action === "deal"; })[0];
    if (lastDeal && Array.isArray(lastDeal.hands) && lastDeal.hands.every(function (x) { return x === null; })) {
      st.hands.forEach(function (x) { x.known = false; });
    }

    function playing(s) {
      if (!svara) return true;
      return svara.indexOf(s) >= 0 || st.buyIns.some(function (b) { return b.seat === s; });
    }
    function order() {  // the seats from the dealer's left, the dealer last
      var out = [], d = shell.state.dealer;
      for (var k = 1; k <= n; k++) out.push((d + k) % n);
      return out;
    }
    function groups() {  // the slot groups the deal fills, in the order the cards are dealt
      var out = order().filter(function (s) { return playing(s) && st.hands[s].known; });
      if (open) out.push("middle");
      return out;
    }
    function slots(g) { return g === "middle" ? st.middle : st.hands[g].cards; }
    function dealt() { return groups().every(function (g) { return slots(g).length === 3; }); }
    function used(c) {
      return st.middle.indexOf(c) >= 0 || st.hands.some(function (x) { return x.cards.indexOf(c) >= 0; });
    }
    function target() {
      if (st.target !== null && groups().indexOf(st.target) >= 0 && slots(st.target).length < 3) return st.target;
      return groups().filter(function (g) { return slots(g).length < 3; })[0];
    }

    // --- the record's events ---------------------------------------------------------------------------
    function dealEvent() {
      var ev = {
        action: "deal", seat: shell.state.dealer,
        hands: st.hands.map(function (x, s) { return playing(s) && x.known ? x.cards.slice() : null; })
      };
      if (open) ev.middle = st.middle.slice();
      return ev;
    }
    function events() {
      var evs = st.buyIns.map(function (b) { return { action: "buy_in", seat: b.seat, amount: b.amount }; });
      if (!dealt()) return evs;
      return evs.concat([dealEvent()], st.acts.map(function (e) { return JSON.parse(JSON.stringify(e)); }));
    }

    // --- drawing -------------------------------------------------------------------------------------
    function name(s) { return players[s]; }
    function cards(cs) { return h("span", { cls: "cards" }, cs.map(shell.cardSpan)); }

    function drawSvara() {
      if (!svara) return null;
      var answer = shell.ask([]);
      var tied = svara.map(name).reduce(function (a, b) { return interpolate(gettext("%(one)s and %(other)s"), { one: a, other: b }, true); });
      var body = [h("p", null, interpolate(gettext("Svara: %(who)s play for the pot of %(pot)s. Anyone else may buy in before the deal."),
        { who: tied, pot: shell.money(shell.cfg.pot_in) }, true))];
      if (answer === undefined) body.push(shell.asking());
      else if (answer.errors) body.push(shell.refused(answer));
      else {
        var offers = answer.options.filter(function (o) { return o.action === "buy_in"; });
        body.push(h("div", { cls: "choices", id: "buy-ins" }, offers.map(function (o) {
          var on = st.buyIns.some(function (b) { return b.seat === o.seat; });
          return btn((on ? "\u2713 " : "") + interpolate(gettext("%(who)s buys in (%(amount)s)"), { who: name(o.seat), amount: shell.money(o.amount) }, true), function () {
            st.buyIns = on ? st.buyIns.filter(function (b) { return b.seat !== o.seat; })
              : st.buyIns.concat([{ seat: o.seat, amount: o.amount }]).sort(function (a, b) { return a.seat - b.seat; });
            if (on) st.hands[o.seat].cards = [];
          }, on ? "btn-primary" : "btn-ghost", { "data-buyin": String(o.seat) });
        })));
        if (!offers.length && !st.buyIns.length) body.push(h("p", { cls: "small muted" }, gettext("Only the tied players play it.")));
      }
      return shell.step(1, gettext("The svara"), body, "step-svara");
    }

    function drawDeal() {
      var t = target();
      var rows = order().map(function (s) {
        if (!playing(s)) return h("div", { cls: "slot-group", "data-seat": String(s) }, h("b", null, name(s)), " " + gettext("sits out"));
        var x = st.hands[s];
        return h("div", { cls: "slot-group" + (t === s ? " selected" : ""), "data-seat": String(s) },
          h("b", null, s === shell.state.dealer ? interpolate(gettext("%(who)s (deals)"), { who: name(s) }, true) : name(s)), " ",
          x.known ? cards(x.cards.concat([null, null, null]).slice(0, 3)) : h("span", { cls: "muted" }, gettext("not written down")), " ",
          btn(x.known ? gettext("pick") : gettext("known"), function () { x.known = true; st.target = s; }, "btn-ghost", { "data-pick": String(s) }),
          x.known ? btn(gettext("not known"), function () { x.known = false; x.cards = []; }, "btn-ghost", { "data-unknown": String(s) }) : null,
          x.cards.length ? btn(gettext("clear"), function () { x.cards = []; st.target = s; }, "btn-ghost") : null);
      });
      if (open) {
        rows.push(h("div", { cls: "slot-group" + (t === "middle" ? " selected" : ""), "data-seat": "middle" },
          h("b", null, gettext("Middle (face up)")), " ", cards(st.middle.concat([null, null, null]).slice(0, 3)), " ",
          st.middle.length ? btn(gettext("clear"), function () { st.middle = []; st.target = "middle"; }, "btn-ghost") : null));
      }
      var body = [h("div", { cls: "field" }, h("label", null, gettext("Dealer") + " "), shell.seatSelect(shell.state.dealer, function (s) { shell.state.dealer = s; }, null, "dealer")), rows];
      if (t !== undefined) {
        body.push(shell.grid({
          rows: SUITS.map(function (su) { return RANKS.map(function (r) { return r + su; }); }),
          isUsed: used, isOff: used, title: t === "middle" ? gettext("the middle") : interpolate(gettext("%(who)s\u2019s hand"), { who: name(t) }, true),
          onpick: function (c) { slots(t).push(c); }
        }));
      }
      return shell.step(2, gettext("The deal"), body, "step-deal");
    }

    function describe(e) {
      var who = typeof e.seat === "number" && players[e.seat] !== undefined ? players[e.seat] : "?";
      var blind = e.blind === true, said = { who: who, amount: shell.money(e.amount) };
      switch (e.action) {
        case "buy_in": return interpolate(gettext("%(who)s buys into the svara"), said, true);
        case "deal": return interpolate(gettext("%(who)s deals"), said, true);
        case "exchange": return interpolate(gettext("%(who)s gives %(give)s for %(take)s"), { who: who, give: (e.give || []).join(" "), take: (e.take || []).join(" ") }, true);
        case "pass": return interpolate(pgettext("Seka: no exchange", "%(who)s passes"), said, true);
        case "raise": return interpolate(blind ? gettext("%(who)s bets %(amount)s blind") : gettext("%(who)s bets %(amount)s"), said, true);
        case "call": return interpolate(blind ? gettext("%(who)s calls blind (%(amount)s)") : gettext("%(who)s calls (%(amount)s)"), said, true);
        case "fold": return interpolate(gettext("%(who)s folds"), said, true);
        case "show": return interpolate(gettext("%(who)s shows %(cards)s"), { who: who, cards: (e.cards || []).join(" ") }, true);
        default: return who + " " + (e.action || "?");
      }
    }

    function add(ev) {
      st.acts.push(ev);
      st.amount = null; st.blind = false; st.give = []; st.take = []; st.showPick = [];
    }

    function seatOptions(answer, s) {
      var mine = answer.options.filter(function (o) { return o.seat === s; });
      var has = function (a) { return mine.filter(function (o) { return o.action === a; }); };
      var out = [h("h4", null, interpolate(s === answer.turn ? gettext("%(who)s\u2019s turn") : gettext("%(who)s \u2014 may start the betting"), { who: name(s) }, true))];
      var ex = has("exchange")[0];
      if (ex) {
        var hand = ex.cards || [];
        out.push(h("div", { cls: "choices exchange" }, h("span", { cls: "small" }, gettext("Gives: ")),
          hand.map(function (c) {
            var on = st.give.indexOf(c) >= 0;
            return btn(shell.label(c), function () { st.give = on ? st.give.filter(function (x) { return x !== c; }) : st.give.concat([c]); }, on ? "btn-primary" : "btn-ghost", { "data-give": c });
          }), h("span", { cls: "small" }, " " + gettext("takes: ")),
          ex.middle.map(function (c) {
            var on = st.take.indexOf(c) >= 0;
            return btn(shell.label(c), function () { st.take = on ? st.take.filter(function (x) { return x !== c; }) : st.take.concat([c]); }, on ? "btn-primary" : "btn-ghost", { "data-take": c });
          }),
          btn(gettext("Exchange"), function () {
            if (st.give.length && st.give.length === st.take.length) add({ action: "exchange", seat: s, give: st.give.slice(), take: st.take.slice() });
          }, "btn-primary", { id: "exchange-btn", disabled: !(st.give.length && st.give.length === st.take.length) })));
      }
      if (has("pass").length) out.push(btn(pgettext("Seka: no exchange", "Pass"), function () { add({ action: "pass", seat: s }); }, "btn-ghost", { "data-act": "pass" }));
      if (has("fold").length) out.push(btn(gettext("Fold"), function () { add({ action: "fold", seat: s }); }, "btn-ghost", { "data-act": "fold" }));
      var raises = has("raise");
      if (raises.length) {
        var blindOk = raises.some(function (o) { return o.blind; });
        var isBlind = st.blind && blindOk;
        var least = raises.filter(function (o) { return !!o.blind === isBlind; })[0].min;
        var amount = st.amount === null ? least : st.amount;
        var input = h("input", { type: "number", min: "0", step: "1", id: "bet-amount", inputmode: "numeric",
          oninput: function () { var v = parseInt(input.value, 10); st.amount = isNaN(v) ? null : v; } });
        input.value = String(amount);
        out.push(h("div", { cls: "choices bet" },
          blindOk ? seg([[false, pgettext("a bet", "Open")], [true, pgettext("a bet", "Blind")]], isBlind, function (v) { st.blind = v; st.amount = null; }, "blind") : null,
          input, " ",
          btn(gettext("Bet"), function () {
            var ev = { action: "raise", seat: s, amount: st.amount === null ? least : st.amount };
            if (isBlind) ev.blind = true;
            add(ev);
          }, "btn-primary", { "data-act": "raise" }),
          h("span", { cls: "small muted" }, " " + interpolate(isBlind ? gettext("at least %(least)s (blind: it counts double)") : gettext("at least %(least)s"), { least: least }, true))));
      }
      has("call").forEach(function (o) {
        if (!!o.blind !== (st.blind && raises.some(function (r) { return r.blind; }))) return;
        out.push(btn(interpolate(o.blind ? gettext("Call %(amount)s blind") : gettext("Call %(amount)s"), { amount: o.amount }, true), function () {
          var ev = { action: "call", seat: s, amount: o.amount };
          if (o.blind) ev.blind = true;
          add(ev);
        }, "btn-primary", { "data-act": "call" }));
      });
      has("show").forEach(function (o) {
        if (o.cards) {
          out.push(btn(interpolate(gettext("Show %(cards)s"), { cards: o.cards.map(shell.label).join(" ") }, true), function () { add({ action: "show", seat: s, cards: o.cards.slice() }); }, "btn-primary", { "data-act": "show" }));
        } else {
          out.push(h("p", { cls: "small" }, gettext("These cards were not written down: pick the three shown.")), shell.grid({
            rows: SUITS.map(function (su) { return RANKS.map(function (r) { return r + su; }); }),
            isUsed: function (c) { return st.showPick.indexOf(c) >= 0; }, title: interpolate(gettext("%(who)s\u2019s show"), { who: name(s) }, true), id: "show-picker",
            onpick: function (c) {
              if (st.showPick.indexOf(c) < 0) st.showPick.push(c);
              if (st.showPick.length === 3) add({ action: "show", seat: s, cards: st.showPick.slice() });
            }
          }));
        }
      });
      return h("div", { cls: "seat-options", "data-options": String(s) }, out);
    }

    function drawTrade() {
      if (!dealt()) return null;
      var evs = events();
      var body = [h("ol", { cls: "small", id: "trade-log" }, st.acts.map(function (e) { return h("li", null, describe(e)); }))];
      if (st.acts.length) body.push(btn(gettext("Undo the last"), function () { st.acts.pop(); }, "btn-ghost", { id: "undo-act" }));
      var answer = shell.ask(evs);
      if (answer === undefined) body.push(shell.asking());
      else if (answer.errors) body.push(shell.refused(answer));
      else if (!answer.options.length) {
        body.push(h("p", { id: "hand-over" }, gettext("The hand is over: "), shell.words(answer.table.text || "")));
      } else {
        var seats = [answer.turn];
        answer.options.forEach(function (o) { if (seats.indexOf(o.seat) < 0) seats.push(o.seat); });
        body.push(h("div", { id: "trade-choices" }, seats.map(function (s) { return seatOptions(answer, s); })));
      }
      return shell.step(3, open ? gettext("Exchanges and the trade") : gettext("The trade"), body, "step-trade");
    }

    function draw() { return [drawSvara(), drawDeal(), drawTrade()]; }

    function load(record) {
      var seenDeal = false;
      (record.events || []).forEach(function (e, i) {
        if (!e || typeof e !== "object") throw new shell.Unshowable(i, gettext("it is not an event"));
        var copy = {};
        Object.keys(e).forEach(function (k) { if (k !== "note") copy[k] = e[k]; });
        if (e.action === "buy_in") {
          if (seenDeal) throw new shell.Unshowable(i, gettext("a buy-in after the deal"));
          st.buyIns.push({ seat: e.seat, amount: e.amount });
        } else if (e.action === "deal") {
          if (seenDeal || !Array.isArray(e.hands) || e.hands.length !== n) throw new shell.Unshowable(i, gettext("the picker shows one deal of every seat"));
          seenDeal = true;
          shell.state.dealer = e.seat;
          e.hands.forEach(function (x, s) { st.hands[s] = x === null ? { known: playing(s) ? false : true, cards: [] } : { known: true, cards: x.slice() }; });
          st.middle = Array.isArray(e.middle) ? e.middle.slice() : [];
        } else if (["exchange", "pass", "raise", "call", "fold", "show"].indexOf(e.action) >= 0 && seenDeal) {
          st.acts.push(copy);
        } else {
          throw new shell.Unshowable(i, gettext("the picker has no place for it"));
        }
      });
    }

    return { draw: draw, events: events, load: load, describe: describe };
  };
})();
