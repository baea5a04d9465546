/* Log a Swik hand at the table: builds the handrec/1 record into the hidden field #id_record.
 *
 * Plain JavaScript, no libraries. The whole form is re-drawn from `state` after every tap,
 * which keeps it simple and fast enough for a phone (a few hundred elements at most).
 * The referee on the server has the last word; this page only helps to type the hand quickly:
 * it suggests the cutter, the dealer after an Ace or Seven, whose turn it is and who won a trick.
 */
(function () {
  "use strict";

  var cfg = JSON.parse(document.getElementById("log-config").textContent);
  var players = cfg.players;
  var n = players.length;
  var SUITS = ["S", "H", "D", "C"];
  var SYM = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7"];
  var ORDER = "789TJQKA";
  var highWraps = (cfg.house_rules && cfg.house_rules.high_wraps) || ["K", "A"];

  function left(s) { return (s + 1) % n; }
  function right(s) { return (s - 1 + n) % n; }
  function rankOf(c) { return c ? c.slice(0, -1) : null; }
  function suitOf(c) { return c ? c.slice(-1) : null; }
  function label(c) {
    if (!c) return "?";
    var r = rankOf(c);
    return (r === "T" ? "10" : r) + (SYM[suitOf(c)] || suitOf(c));
  }
  function isRed(c) { return c && (suitOf(c) === "H" || suitOf(c) === "D"); }
  var DECK = [];
  SUITS.forEach(function (s) { RANKS.forEach(function (r) { DECK.push(r + s); }); });

  function newRound(dealer) {
    var hands = [];
    for (var i = 0; i < n; i++) hands.push({ known: true, cards: [] });
    return {
      start: dealer,        // designated dealer when this round's cutting begins
      cuts: [],             // {action:'cut'|'bottom', seat, card}
      noCut: false,         // the dealer dealt without a cut
      dealSeat: null,       // null: the designated dealer after the cuts
      hands: hands,
      blind: { known: true, cards: [] },
      turned: null,
      misdeal: null         // {reason} when the table called a misdeal and dealt again
    };
  }

  var state = {
    dealer: cfg.dealer,
    rounds: [newRound(cfg.dealer)],
    target: { kind: "hand", seat: left(cfg.dealer) },
    wrap: null,              // null (not decided), {take:false}, {take:true, discard}
    declare: {},             // seat -> 'in' | 'out' | 'blind'
    trips: null,             // {seat, cards}
    mode: "cards",           // 'cards' or 'winners'
    plays: [],               // {seat, card}
    winners: [null, null, null],
    note: "",
    notes: []                // editing: notes the record had on earlier events, {key, on, text}
  };

  function round() { return state.rounds[state.rounds.length - 1]; }

  // --- the cut: who is the designated dealer, who should cut next --------------------------------------
  function cutInfo(r) {
    var d = r.start, pendingBottom = false, plain = false;
    r.cuts.forEach(function (ev) {
      if (ev.action === "cut") {
        var k = rankOf(ev.card);
        plain = !(k === "A" || k === "7");
        pendingBottom = !plain;
        if (k === "A") d = left(d);
        else if (k === "7") d = right(d);
      } else if (ev.action === "bottom") {
        var b = rankOf(ev.card);
        if (pendingBottom && b === "A") d = left(d);
        else if (pendingBottom && b === "7") d = right(d);
        pendingBottom = false;
      }
    });
    return { dealer: d, pendingBottom: pendingBottom, done: r.noCut || plain };
  }
  function dealSeat(r) { return r.dealSeat !== null ? r.dealSeat : cutInfo(r).dealer; }

  // --- the cards each seat plays with ------------------------------------------------------------------
  function usedInDeal(r) {
    var used = {};
    r.hands.forEach(function (h, i) { if (h.known) h.cards.forEach(function (c) { used[c] = "seat" + i; }); });
    if (r.blind.known) r.blind.cards.forEach(function (c) { used[c] = "blind"; });
    if (r.turned) used[r.turned] = "turned";
    return used;
  }
  function dealComplete(r) {
    if (!r.turned) return false;
    var ok = r.hands.every(function (h) { return !h.known || h.cards.length === 3; });
    return ok && (!r.blind.known || r.blind.cards.length === 3);
  }
  function dealer() { return dealSeat(round()); }
  function wrapped() { return state.wrap && state.wrap.take; }
  function declOrder() {
    var d = dealer(), order = [];
    for (var i = 1; i <= n; i++) {
      var s = (d + i) % n;
      if (s === d && wrapped()) continue;
      order.push(s);
    }
    return order;
  }
  function blindTaker() {
    var order = declOrder();
    for (var i = 0; i < order.length; i++) if (state.declare[order[i]] === "blind") return order[i];
    return null;
  }
  function inSeats() {
    var d = dealer(), res = [];
    for (var i = 1; i <= n; i++) {
      var s = (d + i) % n;
      if ((s === d && wrapped()) || state.declare[s] === "in" || state.declare[s] === "blind") res.push(s);
    }
    return res; // from the dealer's left round to the dealer
  }
  function playingHand(s) {
    var r = round();
    if (blindTaker() === s) return r.blind.known ? r.blind.cards.slice() : null;
    var h = r.hands[s];
    if (!h.known) return null;
    var cards = h.cards.slice();
    if (s === dealer() && wrapped()) {
      var i = cards.indexOf(state.wrap.discard);
      if (i >= 0) cards.splice(i, 1);
      if (r.turned) cards.push(r.turned);
    }
    return cards;
  }
  function trickWinner(plays, trump) {
    var best = plays[0];
    for (var i = 1; i < plays.length; i++) {
      var c = plays[i].card, b = best.card;
      if (!c || !b) continue;
      if (suitOf(c) === trump && suitOf(b) !== trump) best = plays[i];
      else if (suitOf(c) === suitOf(b) && ORDER.indexOf(rankOf(c)) > ORDER.indexOf(rankOf(b))) best = plays[i];
    }
    return best.seat;
  }
  function trickState() {
    var ins = inSeats(), k = ins.length, trump = suitOf(round().turned);
    var tricks = [], cur = [], leader = ins.indexOf(dealer()) >= 0 ? dealer() : ins[0];
    state.plays.forEach(function (p) {
      cur.push(p);
      if (cur.length === k) {
        var w = trickWinner(cur, trump);
        tricks.push({ leader: leader, plays: cur, winner: w });
        leader = w; cur = [];
      }
    });
    var next = leader;
    if (cur.length) {
      var last = cur[cur.length - 1].seat, idx = ins.indexOf(last);
      next = ins[(idx + 1) % k];
    }
    return { tricks: tricks, current: cur, leader: leader, next: next, k: k, done: tricks.length >= 3 };
  }

  // --- the record --------------------------------------------------------------------------------------
  function buildRecord() {
    var events = [];
    state.rounds.forEach(function (r, ri) {
      var last = ri === state.rounds.length - 1;
      r.cuts.forEach(function (ev) { events.push({ action: ev.action, seat: ev.seat, card: ev.card }); });
      var anyDeal = r.turned || r.hands.some(function (h) { return h.cards.length; }) || r.blind.cards.length;
      if (!anyDeal && last) return;
      var ds = dealSeat(r);
      events.push({
        action: "deal", seat: ds,
        hands: r.hands.map(function (h) { return h.known ? h.cards.slice() : null; }),
        blind: r.blind.known ? r.blind.cards.slice() : null,
        turned: r.turned
      });
      if (r.misdeal) events.push({ action: "misdeal", seat: ds, reason: r.misdeal.reason || "misdeal" });
    });
    var r = round(), d = dealer();
    if (state.wrap && r.turned && !state.wrap.unrecorded) {
      var w = { action: "wrap", seat: d, take: !!state.wrap.take };
      if (state.wrap.take) w.discard = state.wrap.discard || null;
      events.push(w);
    }
    declOrder().forEach(function (s) {
      if (state.declare[s]) events.push({ action: "declare", seat: s, choice: state.declare[s] });
    });
    if (state.trips) events.push({ action: "trips", seat: state.trips.seat, cards: state.trips.cards.slice() });
    if (!state.trips) {
      if (state.mode === "cards") {
        state.plays.forEach(function (p) { events.push({ action: "play", seat: p.seat, card: p.card }); });
      } else {
        state.winners.forEach(function (w) { if (w !== null) events.push({ action: "trick", winner: w }); });
      }
    }
    attachNotes(events);
    var rec = {
      format: "handrec/1", game: cfg.game || "swik", variant: null, players: players.slice(),
      dealer: state.dealer, pot_in: cfg.pot_in, house_rules: cfg.house_rules || {}, events: events
    };
    if (!cfg.record) return rec;
    // Editing: every other field of the stored record (claimed, variant, ...) is kept exactly as it was.
    var kept = {};
    Object.keys(cfg.record).forEach(function (k) { kept[k] = cfg.record[k]; });
    kept.dealer = state.dealer;
    kept.events = events;
    return kept;
  }

  // --- notes: any event may carry one ------------------------------------------------------------------
  // A note is tied to its event by the event's content (and which copy of it); a note whose event
  // was changed away is not dropped but moves to the last event, and the page says so.
  function eventKeys(events) {
    var seen = {};
    return events.map(function (e) {
      var copy = {};
      Object.keys(e).sort().forEach(function (k) { if (k !== "note") copy[k] = e[k]; });
      var k = JSON.stringify(copy);
      seen[k] = (seen[k] || 0) + 1;
      return k + "#" + seen[k];
    });
  }
  function attachNotes(events) {
    var keys = eventKeys(events), orphans = [];
    state.notes.forEach(function (nt) {
      nt.orphan = false;
      if (!nt.text) return;
      var i = keys.indexOf(nt.key);
      if (i >= 0 && i < events.length - 1) events[i].note = nt.text;
      else { nt.orphan = i < 0; orphans.push(nt.text); }
    });
    var last = orphans.concat(state.note ? [state.note] : []);
    if (last.length && events.length) events[events.length - 1].note = last.join(" / ");
  }

  // --- drawing -----------------------------------------------------------------------------------------
  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === "text") el.textContent = attrs[k];
      else if (k === "onclick") el.addEventListener("click", attrs[k]);
      else if (k === "onchange") el.addEventListener("change", attrs[k]);
      else if (k === "oninput") el.addEventListener("input", attrs[k]);
      else if (k === "cls") el.className = attrs[k];
      else el.setAttribute(k, attrs[k]);
    });
    function add(c) {
      if (c === null || c === undefined || c === false) return;
      if (Array.isArray(c)) c.forEach(add);  // lists of lists of buttons, flattened
      else el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    }
    for (var i = 2; i < arguments.length; i++) add(arguments[i]);
    return el;
  }
  function btn(text, onclick, cls, extra) {
    var a = { type: "button", cls: "btn btn-small " + (cls || "btn-ghost"), onclick: function (e) { e.preventDefault(); onclick(); redraw(); } };
    if (extra) Object.keys(extra).forEach(function (k) { a[k] = extra[k]; });
    return h("button", a, text);
  }
  function cardSpan(c) { return h("span", { cls: "pc" + (isRed(c) ? " red" : "") + (c ? "" : " unknown") }, label(c)); }
  function seg(options, value, onpick, name) {
    return h("div", { cls: "seg", role: "group", "data-name": name || "" }, options.map(function (o) {
      return h("button", {
        type: "button", cls: o[0] === value ? "on" : "", "data-value": String(o[0]),
        onclick: function (e) { e.preventDefault(); onpick(o[0]); redraw(); }
      }, o[1]);
    }));
  }
  function seatSelect(value, onpick, choices, name) {
    var sel = h("select", { "data-name": name || "", onchange: function () { onpick(parseInt(sel.value, 10)); redraw(); } },
      (choices || players.map(function (_, i) { return i; })).map(function (i) {
        var o = h("option", { value: String(i) }, players[i]);
        if (i === value) o.selected = true;
        return o;
      }));
    sel.style.width = "auto";
    return sel;
  }
  function step(num, title, body, id) {
    return h("section", { cls: "step", id: id || "" }, h("h3", null, h("span", { cls: "num" }, String(num)), title), body);
  }

  var root = document.getElementById("logger");

  function drawPreviousRounds() {
    if (state.rounds.length < 2) return null;
    return h("div", { cls: "preview" }, state.rounds.slice(0, -1).map(function (r, i) {
      var what = r.misdeal ? "misdeal \u2014 " + (r.misdeal.reason || "dealt again")
        : r.noCut ? "dealt without a cut, so the cards were dealt again" : "dealt again";
      return h("div", null, "Deal " + (i + 1) + " by " + players[dealSeat(r)] + (r.noCut && r.misdeal ? " (no cut)" : "") + ": " + what + ". ");
    }), btn("Undo the misdeal", function () { state.rounds.pop(); }, "btn-ghost"));
  }

  function drawCut() {
    var r = round(), info = cutInfo(r), body = [];
    body.push(h("p", { cls: "small muted" }, "Designated dealer now: ", h("b", null, players[info.dealer]),
      ". The player to his right cuts; only an Ace or a Seven is announced."));
    r.cuts.forEach(function (ev) {
      body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, players[ev.seat]),
        ev.action === "cut" ? "cut " : "bottom card ", ev.card ? cardSpan(ev.card) : h("span", { cls: "muted" }, "(other)")));
    });
    if (r.noCut) body.push(h("p", null, h("b", null, "No cut: "), players[info.dealer] + " dealt without a cut."));
    if (!info.done) {
      if (info.pendingBottom) {
        body.push(h("div", { cls: "line-item", id: "bottom-choices" }, h("span", { cls: "who" }, players[info.dealer] + "\u2019s bottom card:"),
          ["A", "7"].map(function (k) { return SUITS.map(function (s) {
            return btn(label(k + s), function () { r.cuts.push({ action: "bottom", seat: info.dealer, card: k + s }); }, "btn-ghost", { "data-card": k + s });
          }); }),
          btn("Other", function () { r.cuts.push({ action: "bottom", seat: info.dealer, card: null }); }, "btn-ghost", { "data-card": "other" })));
        body.push(h("p", { cls: "small muted" }, "After an Ace or Seven is cut the dealer looks at the bottom of his deck."));
      } else {
        var cutter = right(info.dealer);
        if (state.cutterOverride !== undefined && state.cutterOverride !== null) cutter = state.cutterOverride;
        body.push(h("div", { cls: "line-item", id: "cut-choices" }, h("span", { cls: "who" }, "Cut by"),
          seatSelect(cutter, function (v) { state.cutterOverride = v; }, null, "cutter")));
        body.push(h("div", { cls: "line-item" },
          btn("Other card (deal)", function () { r.cuts.push({ action: "cut", seat: cutter, card: null }); state.cutterOverride = null; }, "", { "data-card": "other" }),
          ["A", "7"].map(function (k) { return SUITS.map(function (s) {
            return btn(label(k + s), function () { r.cuts.push({ action: "cut", seat: cutter, card: k + s }); state.cutterOverride = null; }, "btn-ghost", { "data-card": k + s });
          }); })));
        if (!r.cuts.length) body.push(btn("He dealt without a cut", function () { r.noCut = true; }, "btn-danger"));
      }
    }
    if (r.cuts.length || r.noCut) body.push(h("div", { cls: "line-item" }, btn("Undo", function () {
      if (r.noCut) r.noCut = false; else r.cuts.pop();
    }, "btn-ghost")));
    return step(1, "The cut", body, "step-cut");
  }

  function slotGroup(key, title, holder, size, isTarget) {
    var r = round();
    var slots = [];
    for (var i = 0; i < size; i++) {
      (function (i) {
        var c = holder.cards[i];
        slots.push(h("button", {
          type: "button", cls: "slot" + (c ? " filled" : "") + (isRed(c) ? " red" : ""), "data-slot": key + ":" + i,
          onclick: function (e) {
            e.preventDefault(); e.stopPropagation();
            if (c) holder.cards.splice(i, 1);
            state.target = targetFor(key);
            redraw();
          }
        }, c ? label(c) : "\u00a0"));
      })(i);
    }
    var known = holder.known !== false;
    var toggle = holder.known !== undefined ? h("label", { cls: "small", style: "font-weight:400;margin:0" },
      (function () {
        var cb = h("input", { type: "checkbox", "data-known": key, onchange: function () { holder.known = !cb.checked; if (!holder.known) holder.cards = []; redraw(); } });
        cb.checked = !known; return cb;
      })(), " not seen") : null;
    return h("div", {
      cls: "slot-group" + (isTarget ? " selected" : ""), "data-group": key,
      onclick: function () { state.target = targetFor(key); redraw(); }
    }, h("span", { cls: "who" }, title), known ? h("div", { cls: "slots" }, slots) : h("span", { cls: "muted" }, "not seen"), toggle);
  }
  function targetFor(key) {
    if (key === "blind") return { kind: "blind" };
    if (key === "turned") return { kind: "turned" };
    return { kind: "hand", seat: parseInt(key.split("-")[1], 10) };
  }
  function targetKey(t) { return t.kind === "hand" ? "seat-" + t.seat : t.kind; }

  function drawDeal() {
    var r = round(), info = cutInfo(r), ds = dealSeat(r), body = [];
    body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, "Dealt by"),
      seatSelect(ds, function (v) { r.dealSeat = v === info.dealer ? null : v; }, null, "deal-seat")));
    body.push(h("p", { cls: "small muted" }, "Tap a row, then tap its cards in the grid below. Tick \u201cnot seen\u201d for a hand nobody showed."));
    var tk = targetKey(state.target);
    for (var k = 1; k <= n; k++) {
      var s = (ds + k) % n;
      body.push(slotGroup("seat-" + s, players[s] + (s === ds ? " (dealer)" : ""), r.hands[s], Math.max(3, r.hands[s].cards.length), tk === "seat-" + s));
    }
    body.push(slotGroup("blind", "Blind hand", r.blind, Math.max(3, r.blind.cards.length), tk === "blind"));
    body.push(slotGroup("turned", "Turned card (trump)", { cards: r.turned ? [r.turned] : [] }, 1, tk === "turned"));
    if (!r.misdeal) {
      var reason = h("input", { type: "text", placeholder: "why (e.g. a card was exposed)", id: "misdeal-reason" });
      reason.style.width = "auto";
      body.push(h("details", { cls: "small" }, h("summary", null, "Misdeal? deal again"),
        h("div", { cls: "line-item" }, reason, btn("Misdeal: deal again", function () {
          r.misdeal = { reason: reason.value || "misdeal" };
          var nr = newRound(ds);
          state.rounds.push(nr);
          state.wrap = null; state.declare = {}; state.plays = []; state.trips = null;
          state.target = { kind: "hand", seat: left(ds) };
        }, "btn-danger"))));
    }
    return step(2, "The deal", body, "step-deal");
  }

  function drawPicker() {
    var r = round(), used = usedInDeal(r), t = state.target, ts = trickState();
    var playing = t.kind === "play";
    var played = {};
    state.plays.forEach(function (p) { played[p.card] = true; });
    var mine = {};
    if (playing) { var ph = playingHand(ts.next); (ph || []).forEach(function (c) { mine[c] = true; }); }
    var title;
    if (playing) title = h("span", null, "Card played by ", h("b", null, players[ts.next]));
    else if (t.kind === "hand") title = h("span", null, "Cards for ", h("b", null, players[t.seat]));
    else if (t.kind === "blind") title = h("b", null, "the blind hand");
    else title = h("b", null, "the turned card");
    var grid = h("div", { cls: "picker-grid" }, SUITS.map(function (s) {
      return RANKS.map(function (rk) {
        var c = rk + s;
        var isUsed = playing ? !!played[c] : !!used[c];
        return h("button", {
          type: "button", cls: (isRed(c) ? "red " : "") + (isUsed ? "used " : "") + (mine[c] ? "mine" : ""),
          "data-card": c, "aria-label": label(c), onclick: function (e) { e.preventDefault(); pick(c); }
        }, label(c));
      });
    }));
    return h("div", { cls: "picker", id: "picker" }, h("div", { cls: "picker-target" }, "Picking: ", title), grid);
  }

  function pick(c) {
    var r = round(), t = state.target;
    if (t.kind === "play") { playCard(c); return; }
    var used = usedInDeal(r);
    if (used[c]) { // tap a card already placed: take it back
      r.hands.forEach(function (hh) { var i = hh.cards.indexOf(c); if (i >= 0) hh.cards.splice(i, 1); });
      var bi = r.blind.cards.indexOf(c); if (bi >= 0) r.blind.cards.splice(bi, 1);
      if (r.turned === c) r.turned = null;
      redraw(); return;
    }
    if (t.kind === "turned") { r.turned = c; advanceTarget(); redraw(); return; }
    var holder = t.kind === "blind" ? r.blind : r.hands[t.seat];
    if (!holder.known) holder.known = true;
    if (holder.cards.length >= 3) { advanceTarget(); holder = state.target.kind === "blind" ? r.blind : (state.target.kind === "hand" ? r.hands[state.target.seat] : null); }
    if (state.target.kind === "turned") { r.turned = c; advanceTarget(); redraw(); return; }
    holder.cards.push(c);
    if (holder.cards.length >= 3) advanceTarget();
    redraw();
  }
  function advanceTarget() {
    var r = round(), ds = dealSeat(r), order = [];
    for (var k = 1; k <= n; k++) order.push({ kind: "hand", seat: (ds + k) % n });
    order.push({ kind: "blind" }); order.push({ kind: "turned" });
    var cur = targetKey(state.target), i;
    for (i = 0; i < order.length; i++) if (targetKey(order[i]) === cur) break;
    for (var j = i + 1; j < order.length; j++) {
      var o = order[j];
      if (o.kind === "turned" && !r.turned) { state.target = o; return; }
      if (o.kind === "blind" && r.blind.known && r.blind.cards.length < 3) { state.target = o; return; }
      if (o.kind === "hand" && r.hands[o.seat].known && r.hands[o.seat].cards.length < 3) { state.target = o; return; }
    }
    if (inSeats().length) state.target = { kind: "play" };
  }

  function drawWrap() {
    var r = round(), d = dealer(), body = [];
    var opts = [[false, "No"], [true, "Yes, takes " + (r.turned ? label(r.turned) : "the turned card")]];
    // A stored hand may not say whether the dealer wrapped; that stays an answer until it is changed.
    if (state.wrap && state.wrap.unrecorded) opts.push(["unrecorded", "Not recorded"]);
    body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, players[d] + " wraps?"),
      seg(opts, state.wrap ? (state.wrap.unrecorded ? "unrecorded" : state.wrap.take) : null,
        function (v) {
          if (v === "unrecorded") return;
          state.wrap = v ? { take: true, discard: null } : { take: false };
        }, "wrap")));
    if (wrapped()) {
      var hand = r.hands[d];
      var opts = (hand.known ? hand.cards : []).map(function (c) { return [c, label(c)]; });
      opts.push([null, "not seen"]);
      body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, "Discards"),
        seg(opts, state.wrap.discard, function (v) { state.wrap.discard = v; }, "discard")));
      if (r.turned && highWraps.indexOf(rankOf(r.turned)) >= 0)
        body.push(h("p", { cls: "small muted" }, "Wrapped on a high card: he must win two tricks."));
    }
    return step(3, "The wrap", body, "step-wrap");
  }

  function drawDeclare() {
    var body = [], taker = blindTaker();
    declOrder().forEach(function (s) {
      var opts = [["in", "In"], ["out", "Out"]];
      if (taker === null || taker === s) opts.push(["blind", "Blind"]);
      body.push(h("div", { cls: "line-item", "data-seat": String(s) }, h("span", { cls: "who" }, players[s] + (s === dealer() ? " (dealer)" : "")),
        seg(opts, state.declare[s] || null, function (v) { state.declare[s] = v; state.plays = []; }, "declare-" + s)));
    });
    if (wrapped()) body.push(h("p", { cls: "small muted" }, players[dealer()] + " wrapped, so he is in."));
    return step(4, "Declarations (from the dealer\u2019s left)", body, "step-declare");
  }

  function tripsOf(cards) {
    return cards && cards.length === 3 && cards.every(function (c) { return rankOf(c) === rankOf(cards[0]); });
  }

  function drawTrips() {
    var body = [];
    var cands = inSeats().filter(function (s) { return tripsOf(playingHand(s)); });
    if (state.trips) {
      body.push(h("p", null, players[state.trips.seat] + " shows three of a kind: ", state.trips.cards.map(cardSpan),
        " ", btn("Undo", function () { state.trips = null; })));
    } else if (cands.length) {
      cands.forEach(function (s) {
        body.push(btn(players[s] + " shows " + playingHand(s).map(label).join(" "), function () {
          state.trips = { seat: s, cards: playingHand(s) };
        }, ""));
      });
    } else {
      body.push(h("p", { cls: "small muted" }, "Nobody who is in holds three of a kind (among the cards you entered)."));
    }
    return step(5, "Three of a kind", body, "step-trips");
  }

  function playCard(c) {
    if (inSeats().length < 2) return;
    var ts = trickState();
    if (ts.done) return;
    var seat = state.playAs !== undefined && state.playAs !== null ? state.playAs : ts.next;
    state.plays.push({ seat: seat, card: c });
    state.playAs = null;
    redraw();
  }

  function drawTricks() {
    var body = [], ins = inSeats();
    body.push(h("div", { cls: "line-item" }, seg([["cards", "Card by card"], ["winners", "Who won each trick"]], state.mode,
      function (v) { state.mode = v; }, "mode")));
    if (state.trips) {
      body.push(h("p", { cls: "muted" }, "Three of a kind was shown: no tricks are played."));
    } else if (ins.length < 2) {
      body.push(h("p", { cls: "muted" }, ins.length ? players[ins[0]] + " is the only one in." : "Nobody is in yet: record the declarations first."));
    } else if (state.mode === "winners") {
      for (var t = 0; t < 3; t++) (function (t) {
        body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, "Trick " + (t + 1)),
          seg(ins.map(function (s) { return [s, players[s]]; }), state.winners[t], function (v) { state.winners[t] = v; }, "winner-" + t)));
      })(t);
    } else {
      var ts = trickState();
      ts.tricks.forEach(function (tr, i) {
        body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, "Trick " + (i + 1)),
          tr.plays.map(function (p) { return h("span", { cls: "nowrap" }, players[p.seat] + " ", cardSpan(p.card), " "); }),
          h("b", null, "\u2192 " + players[tr.winner])));
      });
      if (!ts.done) {
        var seat = state.playAs !== undefined && state.playAs !== null ? state.playAs : ts.next;
        body.push(h("div", { cls: "line-item" }, h("span", { cls: "who" }, "Trick " + (ts.tricks.length + 1)),
          ts.current.map(function (p) { return h("span", { cls: "nowrap" }, players[p.seat] + " ", cardSpan(p.card), " "); })));
        var hand = playingHand(seat), played = {};
        state.plays.forEach(function (p) { played[p.card] = true; });
        var left_ = (hand || []).filter(function (c) { return !played[c]; });
        body.push(h("div", { cls: "line-item", id: "play-choices" }, h("span", { cls: "who" }, "Next to play"),
          seatSelect(seat, function (v) { state.playAs = v; }, ins, "play-seat"),
          left_.map(function (c) { return btn(label(c), function () { playCard(c); }, "btn-ghost", { "data-play": c }); }),
          btn(hand ? "another card\u2026" : "pick the card below\u2026", function () { state.target = { kind: "play" }; }, "btn-ghost")));
      } else {
        body.push(h("p", { cls: "small" }, "All three tricks are in."));
      }
      if (state.plays.length) body.push(btn("Undo last card", function () { state.plays.pop(); }, "btn-ghost"));
    }
    return step(6, "The tricks", body, "step-tricks");
  }

  function drawNote() {
    buildRecord(); // marks the notes whose event was changed away
    var ta = h("textarea", { rows: "2", id: "hand-note", placeholder: "anything the table wants to remember (\u201cJoe says he never saw the cut\u201d)",
      oninput: function () { state.note = ta.value; sync(); } });
    ta.value = state.note;
    var others = state.notes.map(function (nt, i) {
      var t = h("input", { type: "text", "data-note": String(i), oninput: function () { nt.text = t.value; sync(); } });
      t.value = nt.text;
      return h("div", { cls: "field note-on" }, h("label", { cls: "small" }, "Note on " + nt.on +
        (nt.orphan ? " (that event was changed: the note is kept on the last event)" : "")), t);
    });
    return step(7, "Note", [others, others.length ? h("label", { cls: "small", "for": "hand-note" }, "Note on the end of the hand") : null, ta], "step-note");
  }

  var hidden = document.getElementById("id_record");
  var preview = document.getElementById("record-preview");
  function sync() {
    var rec = buildRecord();
    hidden.value = JSON.stringify(rec);
    if (preview) preview.textContent = JSON.stringify(rec, null, 1);
  }

  function redraw() {
    var scrollY = window.scrollY;
    root.innerHTML = "";
    var r = round(), info = cutInfo(r);
    root.appendChild(drawPreviousRounds() || document.createTextNode(""));
    root.appendChild(drawCut());
    if (info.done) {
      root.appendChild(drawDeal());
      // No grid once there is nothing left to pick (all tricks in, or given by winner): tap a slot to bring it back.
      if (state.target.kind !== "play" || !dealComplete(r) ||
          (inSeats().length >= 2 && state.mode === "cards" && !state.trips && !trickState().done)) root.appendChild(drawPicker());
      if (r.turned) {
        root.appendChild(drawWrap());
        if (state.wrap) {
          root.appendChild(drawDeclare());
          root.appendChild(drawTrips());
          root.appendChild(drawTricks());
        }
      }
    }
    root.appendChild(drawNote());
    sync();
    window.scrollTo(0, scrollY);
  }

  // --- editing a logged hand: the picker is filled from the stored record ---------------------------------
  function Unshowable(event, why) { this.event = event; this.why = why; }

  function describe(e) {
    if (!e || typeof e !== "object") return "an event that is not an object";
    var who = typeof e.seat === "number" && players[e.seat] !== undefined ? players[e.seat] + "\u2019s " : "";
    var words = { declare: "declaration", play: "card", bottom: "bottom card", trips: "three of a kind" };
    return who + (words[e.action] || e.action || "unnamed event") + (e.action === "play" && e.card ? " " + label(e.card) : "");
  }

  // record -> state, the inverse of buildRecord. Throws Unshowable for what the picker has no place for;
  // the caller also checks that buildRecord gives the very same events back before trusting it.
  function loadRecord(rec) {
    var events = rec.events;
    if (!Array.isArray(events)) throw new Unshowable(null, "the record has no list of events");
    if (!Array.isArray(rec.players) || rec.players.length !== n) throw new Unshowable(null, "its players are not the session\u2019s");
    var st = state;
    st.dealer = typeof rec.dealer === "number" ? rec.dealer : cfg.dealer;
    st.rounds = [newRound(st.dealer)];
    st.wrap = null; st.declare = {}; st.trips = null; st.mode = "cards"; st.plays = []; st.winners = [null, null, null];
    st.note = ""; st.notes = [];
    var dealt = false, afterDeal = false, wins = 0, keys = eventKeys(events.filter(function (e) { return e && typeof e === "object"; }));
    function isCard(c) { return typeof c === "string" && DECK.indexOf(c) >= 0; }
    function cards(list, i, what) {
      if (list === null) return { known: false, cards: [] };
      if (!Array.isArray(list) || !list.every(isCard)) throw new Unshowable(i, what + " is not a list of cards");
      return { known: true, cards: list.slice() };
    }
    events.forEach(function (e, i) {
      if (!e || typeof e !== "object") throw new Unshowable(i, "it is not an event");
      if (e.note !== undefined && e.note !== null) {
        if (typeof e.note !== "string") throw new Unshowable(i, "its note is not text");
        if (i === events.length - 1) st.note = e.note;
        else st.notes.push({ key: keys[i], on: "event " + i + " (" + describe(e) + ")", text: e.note });
      }
      var r = st.rounds[st.rounds.length - 1], seat = e.seat;
      if (dealt && !st.wrap && ["declare", "trips", "play", "trick"].indexOf(e.action) >= 0) {
        st.wrap = { take: false, unrecorded: true };  // the record does not say whether the dealer wrapped
        afterDeal = true;
      }
      var seatOk = typeof seat === "number" && seat >= 0 && seat < n && Math.floor(seat) === seat;
      switch (e.action) {
        case "cut": case "bottom":
          if (afterDeal) throw new Unshowable(i, "a cut after the wrap or the declarations");
          if (!seatOk || !(e.card === null || isCard(e.card))) throw new Unshowable(i, "its seat or card is not one the picker knows");
          if (dealt) { st.rounds.push(newRound(dealSeat(r))); r = st.rounds[st.rounds.length - 1]; dealt = false; }
          if (cutInfo(r).done) throw new Unshowable(i, "a cut after the deal was settled");
          r.cuts.push({ action: e.action, seat: seat, card: e.card });
          break;
        case "deal":
          if (afterDeal) throw new Unshowable(i, "a deal after the wrap or the declarations");
          if (!seatOk) throw new Unshowable(i, "its seat is not at the table");
          if (dealt) { st.rounds.push(newRound(dealSeat(r))); r = st.rounds[st.rounds.length - 1]; }
          if (!r.cuts.length) r.noCut = true;
          var info = cutInfo(r);
          if (!info.done) throw new Unshowable(i, "a deal while the cut was still open");
          r.dealSeat = seat === info.dealer ? null : seat;
          if (!Array.isArray(e.hands) || e.hands.length !== n) throw new Unshowable(i, "it does not give a hand per seat");
          r.hands = e.hands.map(function (hh, s) { return cards(hh, i, players[s] + "\u2019s hand"); });
          r.blind = cards(e.blind === undefined ? null : e.blind, i, "the blind");
          if (!(e.turned === null || isCard(e.turned))) throw new Unshowable(i, "the turned card is not a card");
          r.turned = e.turned;
          dealt = true;
          break;
        case "misdeal":
          if (!dealt || afterDeal || seat !== dealSeat(r)) throw new Unshowable(i, "a misdeal the picker cannot place");
          r.misdeal = { reason: e.reason };
          st.rounds.push(newRound(dealSeat(r)));
          dealt = false;
          break;
        case "wrap":
          if (!dealt || afterDeal) throw new Unshowable(i, "a wrap out of its place");
          st.wrap = e.take ? { take: true, discard: e.discard === undefined ? null : e.discard } : { take: false };
          afterDeal = true;
          break;
        case "declare":
          if (!st.wrap || !seatOk || ["in", "out", "blind"].indexOf(e.choice) < 0) throw new Unshowable(i, "a declaration the picker cannot place");
          st.declare[seat] = e.choice;
          break;
        case "trips":
          if (!st.wrap || !seatOk || !Array.isArray(e.cards)) throw new Unshowable(i, "three of a kind the picker cannot place");
          st.trips = { seat: seat, cards: e.cards.slice() };
          break;
        case "play":
          if (!st.wrap || !seatOk || !isCard(e.card)) throw new Unshowable(i, "a card play the picker cannot place");
          st.plays.push({ seat: seat, card: e.card });
          break;
        case "trick":
          if (!st.wrap || wins >= 3 || typeof e.winner !== "number") throw new Unshowable(i, "a trick the picker cannot place");
          st.mode = "winners";
          st.winners[wins++] = e.winner;
          break;
        default:
          throw new Unshowable(i, "the picker has no place for \u201c" + e.action + "\u201d");
      }
    });
    if (st.plays.length && wins) throw new Unshowable(null, "it gives some tricks card by card and some by winner");
    var last = st.rounds[st.rounds.length - 1];
    st.target = { kind: "hand", seat: left(dealSeat(last)) };
    if (last.hands[st.target.seat].cards.length >= 3 || !last.hands[st.target.seat].known) advanceTarget();
    if (state.target.kind === "play" && !dealComplete(last)) state.target = { kind: "turned" };
  }

  function canon(v) {  // JSON with sorted keys: the same record, whatever the order of its fields
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (v && typeof v === "object") return "{" + Object.keys(v).sort().map(function (k) { return JSON.stringify(k) + ":" + canon(v[k]); }).join(",") + "}";
    return JSON.stringify(v === undefined ? null : v);
  }
  // The first event that buildRecord would not give back exactly as stored, or -1 when all round-trip.
  function firstDifference(rec) {
    var built = buildRecord(), a = rec.events || [], b = built.events;
    for (var i = 0; i < Math.max(a.length, b.length); i++) if (canon(a[i]) !== canon(b[i])) return i;
    if (canon(built) !== canon(rec)) return null;
    return -1;
  }

  var source = document.getElementById("id_source");
  var raw = document.getElementById("id_raw");
  var editNote = document.getElementById("source-note");
  function setSource(v) {
    if (!source) return;
    source.value = v;
    if (editNote) {
      editNote.hidden = v !== "raw" || !cfg.picker_ok;
      if (v === "raw" && cfg.picker_ok) document.getElementById("advanced").open = true;
    }
  }
  function fallBack(why) {
    // The picker would lose something: the record box is the only way, with every event as stored.
    cfg.picker_ok = false;
    root.innerHTML = "";
    root.className = "";
    root.appendChild(h("div", { cls: "notice", id: "picker-fallback", role: "status" },
      h("b", null, "The card picker cannot show this hand"), " \u2014 " + why + ". ",
      "Nothing is dropped: edit it in the record box below, as the rule book writes it."));
    setSource("raw");
    document.getElementById("advanced").open = true;
  }

  // "Check with the referee" before saving: asks /api/referee/, stores nothing.
  var checkBtn = document.getElementById("check-record");
  var checkOut = document.getElementById("check-result");
  if (checkBtn) checkBtn.addEventListener("click", function (e) {
    e.preventDefault();
    var adv = document.getElementById("id_raw");
    var body = source ? (source.value === "raw" ? adv.value : hidden.value) : (adv && adv.value.trim() ? adv.value : hidden.value);
    checkOut.textContent = "Asking the referee\u2026";
    fetch(cfg.referee_url, { method: "POST", headers: { "Content-Type": "application/json" }, body: body })
      .then(function (resp) { return resp.json().then(function (j) { return [resp.status, j]; }); })
      .then(function (res) {
        var j = res[1];
        checkOut.innerHTML = "";
        if (res[0] === 200) {
          checkOut.appendChild(h("div", { cls: "summary-box" }, j.summary || "Ruled."));
          (j.violations || []).forEach(function (v) { checkOut.appendChild(h("div", { cls: "violation" }, v.message)); });
        } else {
          checkOut.appendChild(h("div", { cls: "errors-box" }, h("b", null, "The referee cannot rule on this record:"),
            h("ul", null, (j.errors || []).map(function (er) {
              return h("li", null, (er.event !== null && er.event !== undefined ? "event " + er.event + ", " : "") + er.field + ": " + er.message);
            }))));
        }
      })
      .catch(function () { checkOut.textContent = "The referee could not be reached."; });
  });

  if (!cfg.record) { redraw(); return; }

  // Editing: fill the picker from the record, and trust it only if it gives back every event unchanged.
  var loaded = true;
  try { loadRecord(cfg.record); } catch (exc) {
    if (!(exc instanceof Unshowable)) throw exc;
    loaded = false;
    fallBack((exc.event !== null ? "event " + exc.event + " (" + describe(cfg.record.events[exc.event]) + "): " : "") + exc.why);
  }
  if (loaded) {
    var diff = firstDifference(cfg.record);
    if (diff !== -1) {
      loaded = false;
      fallBack(diff === null ? "the record has fields the picker does not keep"
        : "it would write event " + diff + " (" + describe((cfg.record.events || [])[diff]) + ") differently from how it was logged");
    }
  }
  if (loaded) {
    cfg.picker_ok = true;
    var pickerSync = sync;
    // While the picker is the source, the record box mirrors it; typing in the box makes the box the source.
    sync = function () { pickerSync(); if (source && source.value === "picker" && raw) raw.value = JSON.stringify(buildRecord(), null, 1); };
    setSource(cfg.source === "raw" ? "raw" : "picker");
    if (raw) raw.addEventListener("input", function () { setSource("raw"); });
    var back = document.getElementById("use-picker");
    if (back) back.addEventListener("click", function (e) { e.preventDefault(); setSource("picker"); sync(); });
    redraw();
  }
})();
