/* Swik's steps and words for the hand-entry shell (static/js/loghand.js): the cut, the deal, the wrap,
 * the declarations, three of a kind and the tricks.
 *
 * No rule of Swik is here. Who cuts, where the deal goes after an Ace or a Seven, who declares next and
 * with which choices, who may show three of a kind, whose turn it is, which cards he may play and who won
 * each trick are the referee's answers (shell.ask) for the record typed so far. This file only knows the
 * order in which a table says things, and how to say them.
 */
(function () {
  "use strict";
  var games = window.TablekeeperGames = window.TablekeeperGames || {};

  games.swik = function (shell) {
    var players = shell.players, n = shell.n, h = shell.h, btn = shell.btn, seg = shell.seg, label = shell.label;
    var SUITS = ["S", "H", "D", "C"];
    var RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7"];
    var DECK = [];
    SUITS.forEach(function (s) { RANKS.forEach(function (r) { DECK.push(r + s); }); });
    var TRICKS = 3;  // three cards a hand: three tricks
    // The table announces only an Ace or a Seven at the cut; any other card is "other".
    var ANNOUNCED = ["A", "7"];
    var CHOICE_WORDS = { "in": pgettext("a Swik declaration", "In"), out: pgettext("a Swik declaration", "Out"), blind: pgettext("a Swik declaration", "Blind") };
    var declareField = (((shell.cfg.entry || {}).events || []).filter(function (e) { return e.action === "declare"; })[0] || { fields: [] })
      .fields.filter(function (f) { return f.name === "choice"; })[0];
    var CHOICES = declareField && declareField.choices ? declareField.choices : ["in", "out", "blind"];

    function newRound() {
      var hands = [];
      for (var i = 0; i < n; i++) hands.push({ known: true, cards: [] });
      return {
        cuts: [],             // {action:'cut'|'bottom', seat, card}
        noCut: false,         // the dealer dealt without a cut
        dealSeat: null,       // null: the dealer the referee names after the cuts
        hands: hands,
        blind: { known: true, cards: [] },
        turned: null,
        misdeal: null         // {reason} when the table called a misdeal and dealt again
      };
    }

    var st = {
      rounds: [newRound()],
      target: null,            // the slot the grid fills; null: the first open one
      wrap: null,              // null (not decided), {take:false}, {take:true, discard}, {take:false, unrecorded:true}
      declares: [],            // {seat, choice} in the order they were said
      trips: null,             // {seat, cards}
      mode: "cards",           // 'cards' or 'winners'
      plays: [],               // {seat, card}
      winners: [null, null, null],
      cutter: null,            // a cutter other than the one the referee expects
      pending: null            // {seat, card}: a card that breaks a rule, waiting for the table's yes
    };

    // The night's last hand: the common case says the same again. Each seat's declaration (in or out; the
    // blind is never assumed) and the way the tricks were written down start as the last hand's.
    var lastEvents = shell.cfg.last_events || [];
    var lastChoice = {};
    lastEvents.forEach(function (e) {
      if (e && e.action === "declare" && (e.choice === "in" || e.choice === "out")) lastChoice[e.seat] = e.choice;
    });
    if (lastEvents.some(function (e) { return e && e.action === "trick"; })) st.mode = "winners";
    st.autoDeclare = true;  // off once the table undoes a declaration

    function lastIndex() { return st.rounds.length - 1; }
    function round() { return st.rounds[lastIndex()]; }
    function hasDeal(r) { return !!(r.turned || r.blind.cards.length || r.hands.some(function (x) { return x.cards.length; })); }
    function dealComplete(r) {
      if (!r.turned) return false;
      var ok = r.hands.every(function (x) { return !x.known || x.cards.length === 3; });
      return ok && (!r.blind.known || r.blind.cards.length === 3);
    }

    // --- the record's events -----------------------------------------------------------------------
    function cutEvents(r) { return r.cuts.map(function (ev) { return { action: ev.action, seat: ev.seat, card: ev.card }; }); }
    function roundEvents(r, ri, last) {
      var events = cutEvents(r);
      if (last && !hasDeal(r)) return events;
      var ds = dealSeat(ri);
      events.push({
        action: "deal", seat: ds,
        hands: r.hands.map(function (x) { return x.known ? x.cards.slice() : null; }),
        blind: r.blind.known ? r.blind.cards.slice() : null,
        turned: r.turned
      });
      if (r.misdeal) events.push({ action: "misdeal", seat: ds, reason: r.misdeal.reason || "misdeal" });
      return events;
    }
    function before(ri) {  // the events of the rounds before round ri
      var events = [];
      for (var i = 0; i < ri; i++) events = events.concat(roundEvents(st.rounds[i], i, false));
      return events;
    }
    function dealEvents() { return before(lastIndex()).concat(roundEvents(round(), lastIndex(), true)); }
    function wrapEvents() {
      var events = dealEvents(), r = round();
      if (st.wrap && r.turned && !st.wrap.unrecorded) {
        var w = { action: "wrap", seat: dealSeat(lastIndex()), take: !!st.wrap.take };
        if (st.wrap.take) w.discard = st.wrap.discard || null;
        events.push(w);
      }
      return events;
    }
    function declareEvents(k) {
      return wrapEvents().concat(st.declares.slice(0, k === undefined ? st.declares.length : k).map(function (d) {
        return { action: "declare", seat: d.seat, choice: d.choice };
      }));
    }
    function events() {
      var evs = declareEvents();
      if (st.trips) evs.push({ action: "trips", seat: st.trips.seat, cards: st.trips.cards.slice() });
      else if (st.mode === "cards") st.plays.forEach(function (p) { evs.push({ action: "play", seat: p.seat, card: p.card }); });
      else st.winners.forEach(function (w) { if (w !== null) evs.push({ action: "trick", winner: w }); });
      return evs;
    }

    // --- what the referee says -----------------------------------------------------------------------
    // The option of this action for the seat whose turn it is (the referee may also list what others could
    // do without a violation, e.g. another cut), else the first one listed.
    function option(answer, action) {
      if (!answer || !answer.options) return null;
      var all = answer.options.filter(function (o) { return o.action === action; });
      return all.filter(function (o) { return o.seat === answer.turn; })[0] || all[0] || null;
    }
    function turnOption(answer) {
      if (!answer || !answer.options) return null;
      return answer.options.filter(function (o) { return o.seat === answer.turn; })[0] || answer.options[0] || null;
    }
    function cutAnswer(ri) { return shell.ask(before(ri).concat(cutEvents(st.rounds[ri]))); }
    function designated(ri) {
      var a = cutAnswer(ri);
      return a && a.table ? a.table.dealer : null;
    }
    function dealSeat(ri) {
      var r = st.rounds[ri];
      if (r.dealSeat !== null) return r.dealSeat;
      var d = designated(ri);
      return d === null ? shell.state.dealer : d;
    }
    function cutDone(ri) {
      var r = st.rounds[ri];
      if (r.noCut) return true;
      var a = cutAnswer(ri), next = turnOption(a);
      return !!(a && a.options && (!next || (next.action !== "cut" && next.action !== "bottom")));
    }
    function allows(opt, c) { return !opt || opt.cards === null || opt.cards === undefined || opt.cards.indexOf(c) >= 0; }

    // --- the steps -----------------------------------------------------------------------------------
    function round0() { return st.rounds[st.rounds.length - 2]; }  // the round before the last
    function drawPreviousRounds() {
      if (st.rounds.length < 2) return null;
      return h("div", { cls: "preview" }, st.rounds.slice(0, -1).map(function (r, i) {
        var what = r.misdeal ? interpolate(gettext("misdeal \u2014 %(reason)s"), { reason: r.misdeal.reason || gettext("dealt again") }, true)
          : r.noCut ? gettext("dealt without a cut (void, the penalty paid), so the cards were cut and dealt again")
          : wrongDealer(i) ? interpolate(gettext("it was %(who)s\u2019s deal (a misdeal: void, the penalty paid), so the cards were cut and dealt again"), { who: players[designated(i)] }, true)
          : gettext("dealt again");
        var said = { n: i + 1, who: players[dealSeat(i)], what: what };
        return h("div", null, interpolate(r.noCut && r.misdeal ? gettext("Deal %(n)s by %(who)s (no cut): %(what)s. ") : gettext("Deal %(n)s by %(who)s: %(what)s. "), said, true));
      }), btn(round0().misdeal ? gettext("Undo the misdeal") : gettext("Undo: back to that deal"), function () {
        st.rounds.pop();
        var r = round();
        if (r.misdeal) r.misdeal = null; else r.turned = null;  // (an uncut deal: take its turned card back)
        st.target = null;
      }, "btn-ghost", { id: "undo-redeal" }));
    }

    function announcedButtons(opt, push) {
      return ANNOUNCED.map(function (k) {
        return SUITS.filter(function (s) { return allows(opt, k + s); }).map(function (s) {
          return btn(label(k + s), function () { push(k + s); }, "btn-ghost", { "data-card": k + s });
        });
      });
    }

    function drawCut() {
      var ri = lastIndex(), r = round(), a = cutAnswer(ri), body = [];
      if (a && a.table) body.push(h("p", { cls: "small muted", id: "designated" }, gettext("Dealer now: "), h("b", null, players[a.table.dealer]),
        gettext(". The player on the dealer's right cuts; only an Ace or a Seven is announced.")));
      r.cuts.forEach(function (ev) {
        body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, players[ev.seat]),
          ev.action === "cut" ? gettext("cut ") : gettext("bottom card "), ev.card ? shell.cardSpan(ev.card) : h("span", { cls: "muted" }, gettext("(other)"))));
      });
      if (r.noCut) body.push(h("p", null, h("b", null, gettext("No cut: ")), interpolate(gettext("%(who)s dealt without a cut."), { who: players[dealSeat(ri)] }, true)));
      else if (a === undefined) body.push(shell.asking());
      else if (a.errors) body.push(shell.refused(a));
      else {
        var next = turnOption(a), bottom = next && next.action === "bottom" ? next : null;
        var cut = next && next.action === "cut" ? next : null;
        if (bottom) {
          body.push(h("div", { cls: "line-item", id: "bottom-choices" }, h("span", { cls: "who" }, interpolate(gettext("%(who)s\u2019s bottom card:"), { who: players[bottom.seat] }, true)),
            announcedButtons(bottom, function (c) { r.cuts.push({ action: "bottom", seat: bottom.seat, card: c }); }),
            btn(gettext("Other"), function () { r.cuts.push({ action: "bottom", seat: bottom.seat, card: null }); }, "btn-ghost", { "data-card": "other" })));
          body.push(h("p", { cls: "small muted" }, gettext("After an Ace or Seven is cut the dealer looks at the bottom card of the deck.")));
        } else if (cut) {
          var cutter = st.cutter !== null ? st.cutter : cut.seat;
          var push = function (c) { r.cuts.push({ action: "cut", seat: cutter, card: c }); st.cutter = null; };
          body.push(h("div", { cls: "line-item", id: "cut-choices" }, h("span", { cls: "who" }, gettext("Cut by")),
            shell.seatSelect(cutter, function (v) { st.cutter = v; }, null, "cutter")));
          body.push(h("div", { cls: "line-item" },
            btn(gettext("Other card (deal)"), function () { push(null); }, "", { "data-card": "other" }),
            announcedButtons(cut, push)));
          // The rule book: the uncut deal is void (the dealer pays the penalty), its cards are collected and
          // dealt again after a proper cut. Its cards rarely matter: they start as not seen, the turned card asked.
          if (!r.cuts.length) body.push(btn(gettext("Dealt without a cut"), function () {
            r.noCut = true;
            r.hands.concat([r.blind]).forEach(function (x) { if (!x.cards.length) x.known = false; });
            st.target = null;
          }, "btn-danger", { id: "no-cut" }));
        }
      }
      if (r.cuts.length || r.noCut) body.push(h("div", { cls: "line-item" }, btn(gettext("Undo"), function () {
        if (r.noCut) { r.noCut = false; r.hands.concat([r.blind]).forEach(function (x) { x.known = true; }); } else r.cuts.pop();
      }, "btn-ghost")));
      return shell.step(1, gettext("The cut"), body, "step-cut");
    }

    function dealOrder(ri) {  // the slots in the order the cards come: from the dealer's left, the blind, the turned card
      var ds = dealSeat(ri), order = [];
      for (var k = 1; k <= n; k++) order.push({ kind: "hand", seat: (ds + k) % n });
      order.push({ kind: "blind" }); order.push({ kind: "turned" });
      return order;
    }
    function targetKey(t) { return t.kind === "hand" ? "seat-" + t.seat : t.kind; }
    function open(r, o) {
      if (o.kind === "turned") return !r.turned;
      var holder = o.kind === "blind" ? r.blind : r.hands[o.seat];
      return holder.known && holder.cards.length < 3;
    }
    function target() {
      var r = round();
      if (st.target) return st.target;
      var first = dealOrder(lastIndex()).filter(function (o) { return open(r, o); })[0];
      return first || { kind: "play" };
    }
    function advanceTarget() {
      var r = round(), order = dealOrder(lastIndex()), cur = targetKey(target()), i;
      for (i = 0; i < order.length; i++) if (targetKey(order[i]) === cur) break;
      for (var j = i + 1; j < order.length; j++) if (open(r, order[j])) { st.target = order[j]; return; }
      st.target = { kind: "play" };
    }
    function targetFor(key) {
      if (key === "blind") return { kind: "blind" };
      if (key === "turned") return { kind: "turned" };
      return { kind: "hand", seat: parseInt(key.split("-")[1], 10) };
    }

    function slotGroup(key, title, holder, size, isTarget) {
      var slots = [];
      for (var i = 0; i < size; i++) {
        (function (i) {
          var c = holder.cards[i];
          slots.push(h("button", {
            type: "button", cls: "slot" + (c ? " filled" : "") + (shell.isRed(c) ? " red" : ""), "data-slot": key + ":" + i,
            onclick: function (e) {
              e.preventDefault(); e.stopPropagation();
              if (c) holder.cards.splice(i, 1);
              st.target = targetFor(key);
              shell.redraw();
            }
          }, c ? label(c) : "\u00a0"));
        })(i);
      }
      var known = holder.known !== false;
      // The box and its words are the box's own: a tap on them must not reach the row (which redraws the page).
      var toggle = holder.known !== undefined ? h("label", { cls: "small not-seen", style: "font-weight:400;margin:0", "data-not-seen": key,
        onclick: function (e) { e.stopPropagation(); } },
        (function () {
          var cb = h("input", { type: "checkbox", "data-known": key, onchange: function () {
            holder.known = !cb.checked;
            if (!holder.known) holder.cards = [];
            if (!holder.known && targetKey(target()) === key) advanceTarget();
            shell.redraw();
          } });
          cb.checked = !known; return cb;
        })(), " " + gettext("not seen")) : null;
      return h("div", {
        cls: "slot-group" + (isTarget ? " selected" : ""), "data-group": key,
        onclick: function () { st.target = targetFor(key); shell.redraw(); }
      }, h("span", { cls: "who" }, title), known ? h("div", { cls: "slots" }, slots) : h("span", { cls: "muted" }, gettext("not seen")), toggle);
    }

    function drawDeal() {
      var ri = lastIndex(), r = round(), d = designated(ri), ds = dealSeat(ri), body = [];
      if (r.dealSeat !== null && r.dealSeat === d) r.dealSeat = null;  // the referee's dealer after all
      body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, gettext("Dealt by")),
        shell.seatSelect(ds, function (v) { r.dealSeat = v === d ? null : v; }, null, "deal-seat")));
      body.push(h("p", { cls: "small muted" }, gettext("Tap a row, then tap its cards in the grid below. Tick \u201cnot seen\u201d for a hand nobody showed.")));
      // The common case in one tap: nobody showed a hand (nor the blind), only the turned card is known.
      var empty = r.hands.concat([r.blind]).filter(function (x) { return x.known && !x.cards.length; });
      if (empty.length > 1) body.push(btn(gettext("Nobody showed their cards"), function () {
        empty.forEach(function (x) { x.known = false; });
        st.target = null;  // on to the first row still open: the turned card
      }, "btn-ghost", { id: "nobody-showed" }));
      var tk = targetKey(target());
      for (var k = 1; k <= n; k++) {
        var s = (ds + k) % n;
        body.push(slotGroup("seat-" + s, s === ds ? interpolate(gettext("%(who)s (dealer)"), { who: players[s] }, true) : players[s], r.hands[s], Math.max(3, r.hands[s].cards.length), tk === "seat-" + s));
      }
      body.push(slotGroup("blind", gettext("Blind hand"), r.blind, Math.max(3, r.blind.cards.length), tk === "blind"));
      body.push(slotGroup("turned", gettext("Turned card (trump)"), { cards: r.turned ? [r.turned] : [] }, 1, tk === "turned"));
      if (!r.misdeal) {
        var reason = h("input", { type: "text", placeholder: gettext("why (e.g. a card was exposed)"), id: "misdeal-reason" });
        reason.style.width = "auto";
        body.push(h("details", { cls: "small" }, h("summary", null, gettext("Misdeal? deal again")),
          h("div", { cls: "line-item" }, reason, btn(gettext("Misdeal: deal again"), function () {
            r.misdeal = { reason: reason.value || "misdeal" };
            st.rounds.push(newRound());
            st.wrap = null; st.declares = []; st.plays = []; st.trips = null; st.winners = [null, null, null];
            st.target = null;
          }, "btn-danger"))));
      }
      return shell.step(2, gettext("The deal"), body, "step-deal");
    }

    function usedInDeal(r) {
      var used = {};
      r.hands.forEach(function (x, i) { if (x.known) x.cards.forEach(function (c) { used[c] = "seat" + i; }); });
      if (r.blind.known) r.blind.cards.forEach(function (c) { used[c] = "blind"; });
      if (r.turned) used[r.turned] = "turned";
      return used;
    }

    function drawDealPicker() {
      var r = round(), used = usedInDeal(r), t = target();
      var title = t.kind === "hand" ? h("span", null, gettext("Cards for "), h("b", null, players[t.seat]))
        : t.kind === "blind" ? h("b", null, gettext("the blind hand")) : h("b", null, gettext("the turned card"));
      return shell.grid({
        rows: SUITS.map(function (s) { return RANKS.map(function (rk) { return rk + s; }); }),
        isUsed: function (c) { return !!used[c]; }, onpick: pick, title: title
      });
    }

    function pick(c) {
      var r = round(), t = target();
      var used = usedInDeal(r);
      if (used[c]) { // tap a card already placed: take it back
        r.hands.forEach(function (x) { var i = x.cards.indexOf(c); if (i >= 0) x.cards.splice(i, 1); });
        var bi = r.blind.cards.indexOf(c); if (bi >= 0) r.blind.cards.splice(bi, 1);
        if (r.turned === c) r.turned = null;
        return;
      }
      if (t.kind === "play") { st.target = null; t = target(); if (t.kind === "play") return; }
      st.target = t;
      if (t.kind === "turned") { r.turned = c; advanceTarget(); return; }
      var holder = t.kind === "blind" ? r.blind : r.hands[t.seat];
      if (!holder.known) holder.known = true;
      if (holder.cards.length >= 3) {
        advanceTarget();
        t = st.target;
        if (t.kind === "turned") { r.turned = c; advanceTarget(); return; }
        if (t.kind === "play") return;
        holder = t.kind === "blind" ? r.blind : r.hands[t.seat];
      }
      holder.cards.push(c);
      if (holder.cards.length >= 3) advanceTarget();
    }

    function drawWrap() {
      var r = round(), d = dealSeat(lastIndex()), body = [];
      var a = dealComplete(r) ? shell.ask(dealEvents()) : null, w = option(a, "wrap");
      var takes = w && w.take ? w.take : [false, true];
      var opts = [];
      if (takes.indexOf(false) >= 0) opts.push([false, gettext("No")]);
      if (takes.indexOf(true) >= 0) opts.push([true, interpolate(gettext("Yes, takes %(card)s"), { card: r.turned ? label(r.turned) : gettext("the turned card") }, true)]);
      // A stored hand may not say whether the dealer wrapped; that stays an answer until it is changed.
      if (st.wrap && st.wrap.unrecorded) opts.push(["unrecorded", gettext("Not recorded")]);
      body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, interpolate(gettext("%(who)s wraps?"), { who: players[d] }, true)),
        seg(opts, st.wrap ? (st.wrap.unrecorded ? "unrecorded" : st.wrap.take) : null,
          function (v) {
            if (v === "unrecorded") return;
            st.wrap = v ? { take: true, discard: null } : { take: false };
          }, "wrap")));
      body.push(h("p", { cls: "small muted help-wrap" }, gettext("To wrap, the dealer takes the turned card into the hand before looking at it and discards one of the three dealt: the dealer is then in and cannot back out, and must win a trick (two after a high card such as a King or an Ace) or fall. A dealer who does not wrap declares last.")));
      if (a && a.errors) body.push(shell.refused(a));
      if (st.wrap && st.wrap.take) {
        var mine = w && w.cards ? w.cards : (r.hands[d].known ? r.hands[d].cards : []);
        var discards = mine.map(function (c) { return [c, label(c)]; });
        discards.push([null, gettext("not seen")]);
        body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, gettext("Discards")),
          seg(discards, st.wrap.discard, function (v) { st.wrap.discard = v; }, "discard")));
      }
      return shell.step(3, gettext("The wrap"), body, "step-wrap");
    }

    function declarationsOver() {
      var a = shell.ask(declareEvents());
      return a === undefined ? undefined : !!(a.options && !option(a, "declare"));
    }

    // The declarations the referee asks for next, filled from the last hand's while it has one for the seat
    // and the referee allows it; each stays a tap away from a change.
    function fillDeclares() {
      if (!st.autoDeclare) return;
      for (var k = 0; k < n; k++) {
        var a = shell.ask(declareEvents()), next = option(a, "declare");
        if (!next || !next.choices) return;
        var c = lastChoice[next.seat];
        if (c === undefined || next.choices.indexOf(c) < 0) return;
        st.declares.push({ seat: next.seat, choice: c, auto: true });
      }
    }

    function drawDeclare() {
      fillDeclares();
      var body = [], ds = dealSeat(lastIndex());
      if (st.declares.some(function (d) { return d.auto; })) body.push(h("p", { cls: "small muted", id: "declare-defaults" },
        gettext("As in the last hand; tap to change.")));
      st.declares.forEach(function (dcl, i) {
        body.push(h("div", { cls: "line-item" + (dcl.auto ? " defaulted" : ""), "data-seat": String(dcl.seat) }, h("span", { cls: "who" }, dcl.seat === ds ? interpolate(gettext("%(who)s (dealer)"), { who: players[dcl.seat] }, true) : players[dcl.seat]),
          seg(CHOICES.map(function (c) { return [c, CHOICE_WORDS[c] || c]; }), dcl.choice, function (v) {
            st.declares[i].choice = v; st.declares[i].auto = false; st.plays = []; st.trips = null;
            // The ones after it were the last hand's: asked again, as the change may change their choices.
            st.declares = st.declares.slice(0, i + 1).concat(st.declares.slice(i + 1).filter(function (d) { return !d.auto; }));
          }, "declare-" + dcl.seat)));
      });
      var a = shell.ask(declareEvents()), next = option(a, "declare");
      if (a === undefined) body.push(shell.asking());
      else if (a.errors) body.push(shell.refused(a));
      else if (next) {
        body.push(h("div", { cls: "line-item next", "data-seat": String(next.seat) }, h("span", { cls: "who" }, next.seat === ds ? interpolate(gettext("%(who)s (dealer)"), { who: players[next.seat] }, true) : players[next.seat]),
          seg(next.choices.map(function (c) { return [c, CHOICE_WORDS[c] || c]; }), null, function (v) {
            st.declares.push({ seat: next.seat, choice: v }); st.plays = []; st.trips = null;
          }, "declare-" + next.seat)));
      }
      if (st.wrap && st.wrap.take) body.push(h("p", { cls: "small muted" }, interpolate(gettext("%(who)s wrapped and is in."), { who: players[ds] }, true)));
      body.push(h("p", { cls: "small muted help-blind" }, gettext("In: plays the hand dealt. Out: folds, pays nothing more and wins nothing. Blind: throws the hand dealt away unseen and plays the blind hand (the extra hand dealt face down) instead; that player is in, and only the first player to ask gets it.")));
      if (st.declares.length) body.push(btn(gettext("Undo the last declaration"), function () { st.autoDeclare = false; st.declares.pop(); st.plays = []; st.trips = null; }, "btn-ghost"));
      return shell.step(4, gettext("Declarations (from the dealer\u2019s left)"), body, "step-declare");
    }

    function drawTrips() {
      var body = [];
      if (st.trips) {
        body.push(h("p", null, interpolate(gettext("%(who)s shows three of a kind: "), { who: players[st.trips.seat] }, true), st.trips.cards.map(shell.cardSpan),
          " ", btn(gettext("Undo"), function () { st.trips = null; })));
        return shell.step(5, gettext("Three of a kind"), body, "step-trips");
      }
      var a = shell.ask(declareEvents());
      if (a === undefined) body.push(shell.asking());
      else if (a.options) {
        var shows = a.options.filter(function (o) { return o.action === "trips" && o.cards; });
        shows.forEach(function (o) {
          body.push(btn(interpolate(gettext("%(who)s shows %(cards)s"), { who: players[o.seat], cards: o.cards.map(label).join(" ") }, true), function () {
            st.trips = { seat: o.seat, cards: o.cards.slice() };
          }, "", { "data-trips": String(o.seat) }));
        });
        if (!shows.length) body.push(h("p", { cls: "small muted" }, gettext("Nobody who is in holds three of a kind (among the cards you entered).")));
      }
      return shell.step(5, gettext("Three of a kind"), body, "step-trips");
    }

    function playsOf(plays) {
      return plays.map(function (p) { return h("span", { cls: "nowrap" }, players[p[0]] + " ", shell.cardSpan(p[1]), " "); });
    }

    function drawTricks() {
      var body = [];
      body.push(h("div", { cls: "line-item" }, seg([["cards", gettext("Card by card")], ["winners", gettext("Who won each trick")]], st.mode,
        function (v) { st.mode = v; }, "mode")));
      var over = declarationsOver();
      if (st.trips) {
        body.push(h("p", { cls: "muted" }, gettext("Three of a kind was shown: no tricks are played.")));
      } else if (over === undefined) {
        body.push(shell.asking());
      } else if (!over) {
        body.push(h("p", { cls: "muted" }, gettext("Record the declarations first.")));
      } else if (st.mode === "winners") {
        var a = shell.ask(declareEvents()), trick = option(a, "trick");
        if (!trick) body.push(h("p", { cls: "muted" }, shell.words((a && a.table && a.table.text) || gettext("No tricks are played."))));
        else for (var t = 0; t < TRICKS; t++) (function (t) {
          body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, interpolate(gettext("Trick %(n)s"), { n: t + 1 }, true)),
            seg(trick.winners.map(function (s) { return [s, players[s]]; }), st.winners[t], function (v) { st.winners[t] = v; }, "winner-" + t)));
        })(t);
      } else {
        body = body.concat(drawPlays());
      }
      return shell.step(6, gettext("The tricks"), body, "step-tricks");
    }

    function drawPlays() {
      var body = [], a = shell.ask(events());
      if (a === undefined) return [shell.asking()];
      if (a.errors) return [shell.refused(a)];
      var table = a.table, play = option(a, "play");
      (table.tricks || []).forEach(function (tr, i) {
        body.push(h("div", { cls: "line-item trick-done" }, h("span", { cls: "who" }, interpolate(gettext("Trick %(n)s"), { n: i + 1 }, true)),
          tr.plays && tr.plays.length ? playsOf(tr.plays) : h("span", { cls: "muted" }, gettext("cards not recorded") + " "),
          h("b", null, "\u2192 " + players[tr.winner])));
      });
      if (play) {
        body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, interpolate(gettext("Trick %(n)s"), { n: (table.tricks || []).length + 1 }, true)),
          playsOf(table.trick || [])));
        var known = table.hands && Array.isArray(table.hands[play.seat]);
        var played = {};
        (table.tricks || []).forEach(function (tr) { (tr.plays || []).forEach(function (p) { played[p[1]] = true; }); });
        (table.trick || []).forEach(function (p) { played[p[1]] = true; });
        // A record is what happened at the table, mistakes included: a card the referee would not allow may
        // be entered too, after the referee's words on what it costs.
        var choose = function (c) {
          if (allows(play, c)) { st.pending = null; st.plays.push({ seat: play.seat, card: c }); }
          else st.pending = { seat: play.seat, card: c };
        };
        var choices;
        if (known && play.cards) {
          var others = table.hands[play.seat].filter(function (c) { return !allows(play, c); });
          choices = [play.cards.map(function (c) { return btn(label(c), function () { choose(c); }, "btn-ghost legal", { "data-play": c }); }),
            others.length ? h("span", { cls: "small muted" }, " " + gettext("breaks a rule:") + " ") : null,
            others.map(function (c) { return btn(label(c), function () { choose(c); }, "btn-ghost illegal", { "data-play": c, title: gettext("breaks a rule") }); })];
        } else {
          // His hand was not seen: any card of the deck not played yet; the ones the referee allows are marked.
          choices = shell.grid({
            rows: SUITS.map(function (s) { return RANKS.map(function (rk) { return rk + s; }); }),
            isOff: function (c) { return !!played[c]; }, isMine: function (c) { return play.cards && allows(play, c); },
            onpick: choose, id: "play-picker", dataKey: "data-play"
          });
        }
        body.push(h("div", { cls: "line-item", id: "play-choices" }, h("span", { cls: "who" }, gettext("Next to play: "), h("b", null, players[play.seat])), choices));
        if (st.pending && st.pending.seat === play.seat) body.push(drawWarning(play));
      } else if ((table.tricks || []).length >= TRICKS) {
        body.push(h("p", { cls: "small" }, gettext("All three tricks are in.")));
      } else {
        body.push(h("p", { cls: "small" }, shell.words(table.text || gettext("No more cards are played."))));
      }
      if (st.plays.length) body.push(btn(gettext("Undo last card"), function () { st.plays.pop(); st.pending = null; }, "btn-ghost"));
      return body;
    }

    // A card the referee would not allow: its words on what it breaks and costs, then the table decides.
    function drawWarning(play) {
      var c = st.pending.card, evs = events().concat([{ action: "play", seat: play.seat, card: c }]);
      var ruling = shell.judge(evs), said;
      if (ruling === undefined) said = shell.asking();
      else {
        var vs = (ruling.violations || []).filter(function (v) { return v.event === evs.length - 1; });
        said = vs.length ? vs.map(function (v) { return h("div", null, shell.words(v.message)); })
          : h("div", null, (ruling.errors || []).map(function (er) { return shell.words(er.message); }));
      }
      return h("div", { cls: "errors-box small", id: "play-warning", role: "alert" },
        h("b", null, interpolate(gettext("%(who)s may not play %(card)s now. "), { who: players[play.seat], card: label(c) }, true)), gettext("The referee says: "), said,
        h("div", { cls: "actions" },
          btn(interpolate(gettext("Yes, %(who)s played %(card)s"), { who: players[play.seat], card: label(c) }, true), function () {
            st.plays.push({ seat: play.seat, card: c }); st.pending = null;
          }, "btn-danger", { id: "play-anyway" }),
          btn(gettext("No, pick another card"), function () { st.pending = null; }, "btn-ghost", { id: "play-cancel" })));
    }

    // A deal by a seat other than the referee's dealer after the cut: a misdeal (the rule book), void too.
    function wrongDealer(ri) {
      var r = st.rounds[ri];
      if (r.noCut || r.dealSeat === null) return false;
      var d = designated(ri);
      return d !== null && d !== r.dealSeat;
    }

    // An uncut deal (or one by the wrong seat) is void: once it is told (its turned card), the cards are
    // collected and the picker asks for the new cut and deal (the rule book), never the wrap. A stored hand
    // played on after such a deal (wrap or declarations recorded) stays as it was logged.
    function redealAfterNoCut() {
      var r = round();
      if ((r.noCut || wrongDealer(lastIndex())) && !r.misdeal && dealComplete(r) && !st.wrap && !st.declares.length && !st.trips && !st.plays.length) {
        st.rounds.push(newRound());
        st.target = null;
      }
    }

    function draw() {
      redealAfterNoCut();
      var r = round(), ri = lastIndex(), out = [drawPreviousRounds(), drawCut()];
      if (cutDone(ri) || hasDeal(r)) {
        out.push(drawDeal());
        // The grid stays until the wrap is told (a card can still be taken back); tap a slot to bring it back.
        // The grid is there while a slot of the deal is open; a tap on a filled slot brings it back.
        if (target().kind !== "play" || !dealComplete(r)) out.push(drawDealPicker());
        if (r.turned) {
          out.push(drawWrap());
          if (st.wrap) {
            out.push(drawDeclare());
            out.push(drawTrips());
            out.push(drawTricks());
          }
        }
      }
      return out;
    }

    // --- editing a logged hand: the state from the stored record ----------------------------------------
    function describe(e) {
      var words = { declare: gettext("declaration"), play: gettext("card"), bottom: gettext("bottom card"), trips: gettext("three of a kind") };
      var what = (words[e.action] || e.action || gettext("unnamed event")) + (e.action === "play" && e.card ? " " + label(e.card) : "");
      return typeof e.seat === "number" && players[e.seat] !== undefined ? interpolate(gettext("%(who)s\u2019s %(what)s"), { who: players[e.seat], what: what }, true) : what;
    }

    // record -> state, the inverse of events(). Throws Unshowable for what the picker has no place for;
    // the shell also checks that events() gives the very same events back before trusting it.
    function load(rec) {
      var Unshowable = shell.Unshowable, evs = rec.events;
      st.rounds = [newRound()];
      st.wrap = null; st.declares = []; st.trips = null; st.mode = "cards"; st.plays = []; st.winners = [null, null, null];
      var dealt = false, afterDeal = false, wins = 0;
      function isCard(c) { return typeof c === "string" && DECK.indexOf(c) >= 0; }
      function cards(list, i, what) {
        if (list === null) return { known: false, cards: [] };
        if (!Array.isArray(list) || !list.every(isCard)) throw new Unshowable(i, interpolate(gettext("%(what)s is not a list of cards"), { what: what }, true));
        return { known: true, cards: list.slice() };
      }
      evs.forEach(function (e, i) {
        if (!e || typeof e !== "object") throw new Unshowable(i, gettext("it is not an event"));
        var r = round(), seat = e.seat;
        if (dealt && !st.wrap && ["declare", "trips", "play", "trick"].indexOf(e.action) >= 0) {
          st.wrap = { take: false, unrecorded: true };  // the record does not say whether the dealer wrapped
          afterDeal = true;
        }
        var seatOk = typeof seat === "number" && seat >= 0 && seat < n && Math.floor(seat) === seat;
        switch (e.action) {
          case "cut": case "bottom":
            if (afterDeal) throw new Unshowable(i, gettext("a cut after the wrap or the declarations"));
            if (!seatOk || !(e.card === null || isCard(e.card))) throw new Unshowable(i, gettext("its seat or card is not one the picker knows"));
            if (dealt) { st.rounds.push(newRound()); r = round(); dealt = false; }
            r.cuts.push({ action: e.action, seat: seat, card: e.card });
            break;
          case "deal":
            if (afterDeal) throw new Unshowable(i, gettext("a deal after the wrap or the declarations"));
            if (!seatOk) throw new Unshowable(i, gettext("its seat is not at the table"));
            if (dealt) { st.rounds.push(newRound()); r = round(); }
            if (!r.cuts.length) r.noCut = true;
            r.dealSeat = seat;  // as logged; it follows the cut again when the referee names the same seat
            if (!Array.isArray(e.hands) || e.hands.length !== n) throw new Unshowable(i, gettext("it does not give a hand per seat"));
            r.hands = e.hands.map(function (x, s) { return cards(x, i, interpolate(gettext("%(who)s\u2019s hand"), { who: players[s] }, true)); });
            r.blind = cards(e.blind === undefined ? null : e.blind, i, gettext("the blind"));
            if (!(e.turned === null || isCard(e.turned))) throw new Unshowable(i, gettext("the turned card is not a card"));
            r.turned = e.turned;
            dealt = true;
            break;
          case "misdeal":
            if (!dealt || afterDeal || seat !== r.dealSeat) throw new Unshowable(i, gettext("a misdeal the picker cannot place"));
            r.misdeal = { reason: e.reason };
            st.rounds.push(newRound());
            dealt = false;
            break;
          case "wrap":
            if (!dealt || afterDeal) throw new Unshowable(i, gettext("a wrap out of its place"));
            st.wrap = e.take ? { take: true, discard: e.discard === undefined ? null : e.discard } : { take: false };
            afterDeal = true;
            break;
          case "declare":
            if (!st.wrap || !seatOk || CHOICES.indexOf(e.choice) < 0) throw new Unshowable(i, gettext("a declaration the picker cannot place"));
            st.declares.push({ seat: seat, choice: e.choice });
            break;
          case "trips":
            if (!st.wrap || !seatOk || !Array.isArray(e.cards)) throw new Unshowable(i, gettext("three of a kind the picker cannot place"));
            st.trips = { seat: seat, cards: e.cards.slice() };
            break;
          case "play":
            if (!st.wrap || !seatOk || !isCard(e.card)) throw new Unshowable(i, gettext("a card play the picker cannot place"));
            st.plays.push({ seat: seat, card: e.card });
            break;
          case "trick":
            if (!st.wrap || wins >= TRICKS || typeof e.winner !== "number") throw new Unshowable(i, gettext("a trick the picker cannot place"));
            st.mode = "winners";
            st.winners[wins++] = e.winner;
            break;
          default:
            throw new Unshowable(i, interpolate(gettext("the picker has no place for \u201c%(action)s\u201d"), { action: e.action }, true));
        }
      });
      if (st.plays.length && wins) throw new Unshowable(null, gettext("it gives some tricks card by card and some by winner"));
      st.target = null;  // the first open slot, or the tricks
    }

    return { draw: draw, events: events, load: load, describe: describe };
  };
})();
