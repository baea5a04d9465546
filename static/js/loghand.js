/* The hand-entry shell: builds a handrec/1 record into the hidden field #id_record, for any game.
 *
 * Game-blind. It draws what the game's own file (static/js/games/<game>.js, loaded first) describes:
 * the steps of a hand in the game's words. It holds no rule of any game: whose turn it is, which cards
 * or choices are allowed, where the deal goes after a cut and who won a trick are asked of the referee
 * (POST /api/referee/legal/) for the record typed so far, and drawn from its answer.
 *
 * The shell gives the game file (window.TablekeeperGames[name] = function (shell) { return game; }):
 *   shell.players, shell.n, shell.cfg (config of the page; cfg.entry: the game's catalogue entry)
 *   shell.h(tag, attrs, children...), btn, seg, seatSelect, step, cardSpan, label, isRed, rankOf, suitOf
 *   shell.grid({cards, isUsed, isOff, isMine, onpick, title, id, dataKey})   the card picker
 *   shell.ask(events) -> the referee's legal/1 answer for a record with these events; undefined while it
 *     is being asked (the page is drawn again when it comes), {errors: [...]} when the referee refuses it
 *   shell.asking(), shell.refused(answer)   what to draw in place of an answer not there yet, or refused
 *   shell.redraw(), shell.Unshowable(event, why)
 * and expects of the game:
 *   game.draw() -> [elements]     the steps, from the game's state
 *   game.events() -> [events]     the record's events (without notes), from the game's state
 *   game.load(record)             the game's state from a stored record; throws shell.Unshowable for
 *                                 what it has no place for (editing)
 *   game.describe(event) -> words for an event, in messages
 *   game.fields() -> {field: value}   (optional) the game's own fields of the record, besides the events
 */
(function () {
  "use strict";

  var cfg = JSON.parse(document.getElementById("log-config").textContent);
  var players = cfg.players;
  var n = players.length;
  var SYM = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var root = document.getElementById("logger");
  var W = window.TablekeeperWords;  // static/js/words.js: the referee's words with money and cards for people

  function rankOf(c) { return c ? c.slice(0, -1) : null; }
  function suitOf(c) { return c ? c.slice(-1) : null; }
  function label(c) {
    if (!c) return "?";
    if (c === "JK") return gettext("Joker");
    var r = rankOf(c);
    return (r === "T" ? "10" : r) + (SYM[suitOf(c)] || suitOf(c));
  }
  function isRed(c) { return !!c && (suitOf(c) === "H" || suitOf(c) === "D"); }

  // --- drawing helpers ---------------------------------------------------------------------------------
  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === "text") el.textContent = attrs[k];
      else if (k === "onclick") el.addEventListener("click", attrs[k]);
      else if (k === "onchange") el.addEventListener("change", attrs[k]);
      else if (k === "oninput") el.addEventListener("input", attrs[k]);
      else if (k === "cls") el.className = attrs[k];
      else if (k === "disabled") { if (attrs[k]) el.disabled = true; }
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
  // The card picker: one button a card, in rows; isUsed marks a card already placed, isOff one not allowed.
  function grid(o) {
    var rows = o.rows.map(function (row) {
      return row.map(function (c) {
        var off = o.isOff ? o.isOff(c) : false;
        var a = {
          type: "button", cls: (isRed(c) ? "red " : "") + (c === "JK" ? "joker " : "") + (o.isUsed && o.isUsed(c) ? "used " : "") + (o.isMine && o.isMine(c) ? "mine" : ""),
          "aria-label": label(c), disabled: off, onclick: function (e) { e.preventDefault(); o.onpick(c); redraw(); }
        };
        a[o.dataKey || "data-card"] = c;
        return h("button", a, label(c));
      });
    });
    return h("div", { cls: "picker", id: o.id || "picker" }, o.title ? h("div", { cls: "picker-target" }, gettext("Picking: "), o.title) : null,
      h("div", { cls: "picker-grid" }, rows));
  }

  // --- where the referee's answers come from ------------------------------------------------------------
  // Online, the server's referee (the API). With no network (the phone says it is offline, or the server
  // cannot be reached), the same `referee` package run in this browser by Pyodide (static/js/offline/
  // referee.js): its answers are the API's, byte for byte. No rule is written here for either.
  var local = null;  // a promise of localReferee, imported the first time it is needed
  function localReferee() {
    if (!local) {
      local = cfg.offline_referee_js
        ? import(cfg.offline_referee_js).then(function (m) { return m.localReferee; })
        : Promise.reject(new Error(gettext("this page has no offline referee")));
    }
    return local;
  }
  function viaLocal(kind, body) {
    return localReferee()
      .then(function (r) { return r.answer(kind, body); })
      .then(function (a) { showLocal(); return [a.status, JSON.parse(a.body)]; }, function (err) {
        paperMode(err && err.message ? err.message : String(err));
        throw err;
      });
  }
  function askReferee(kind, url, body) {
    if (navigator.onLine === false) return viaLocal(kind, body);
    return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: body })
      .then(function (resp) {
        if (resp.status >= 500) throw new Error("the server answered " + resp.status);
        return resp.json().then(function (j) { return [resp.status, j]; });
      })
      .catch(function () { return viaLocal(kind, body); });
  }
  function notice(id, cls, children) {
    var old = document.getElementById(id);
    if (old) return old;
    var el = h("div", { cls: cls, id: id, role: "status" }, children);
    root.parentNode.insertBefore(el, root);
    return el;
  }
  var offlineUsed = false;  // the server could not be reached this visit: Save keeps the hand here
  function showLocal() {
    offlineUsed = true;
    notice("offline-referee", "notice small", [h("b", null, gettext("No network: ")),
      gettext("the referee in this phone is answering (the same rules as the server's). The hand is kept here and sent when the network is back.")]);
  }
  // The runtime cannot load (an old phone, no Pyodide on the server): paper mode. The hand is typed in the
  // record box (or kept on paper) and queued; the server rules it when it is sent.
  function paperMode(why) {
    offlineUsed = true;  // no referee here and none reached: Save keeps the hand, ruled when sent
    notice("paper-mode", "notice", [h("b", null, gettext("Paper mode: ")), why,
      " " + gettext("Type the hand in the record box below (or keep it on paper): it is kept here and ruled by the server when sent.")]);
    var adv = document.getElementById("advanced");
    if (adv) adv.open = true;
  }

  // --- asking the referee what may come next ----------------------------------------------------------
  var answers = {};      // request body -> {doc} | {errors} | null while asked
  var waiting = 0;
  function recordWith(events) {
    var rec = {
      format: "handrec/1", game: cfg.game, variant: cfg.variant || null, players: players.slice(),
      dealer: state.dealer, pot_in: cfg.pot_in, house_rules: cfg.house_rules || {}, events: events
    };
    // What the last hand carries besides the pot (a Seka svara: the tied seats), as the chain will set it.
    var carry = cfg.carry || {};
    Object.keys(carry).forEach(function (k) { rec[k] = carry[k]; });
    // A game's own fields of the record (game.fields(), optional: Sedma's deal number in its game).
    var own = game && game.fields ? game.fields() : {};
    Object.keys(own).forEach(function (k) { rec[k] = own[k]; });
    return rec;
  }
  function ask(events) {
    var body = JSON.stringify(recordWith(events));
    if (Object.prototype.hasOwnProperty.call(answers, body)) {
      var a = answers[body];
      return a === null ? undefined : a.doc || { errors: a.errors, record: a.record };
    }
    answers[body] = null;
    waiting++;
    root.setAttribute("aria-busy", "true");
    askReferee("legal", cfg.legal_url, body)
      .then(function (res) {
        answers[body] = res[0] === 200 ? { doc: res[1] } : { errors: (res[1] && res[1].errors) || [{ message: gettext("the referee refused the record") }], record: JSON.parse(body) };
      }, function () {
        answers[body] = { errors: [{ message: gettext("the referee could not be reached; check the connection and tap again") }] };
        setTimeout(function () { delete answers[body]; }, 0);  // asked again at the next tap
      })
      .then(function () {
        waiting--;
        if (!waiting) root.removeAttribute("aria-busy");
        redraw();
      });
    return undefined;
  }
  // The referee's ruling of a record with these events (POST /api/referee/): what a card that breaks a rule
  // would cost, in the referee's words. Cached like ask(); undefined while it is being asked.
  var rulings = {};
  function judge(events) {
    var body = JSON.stringify(recordWith(events));
    if (Object.prototype.hasOwnProperty.call(rulings, body)) return rulings[body] === null ? undefined : rulings[body];
    rulings[body] = null;
    askReferee("replay", cfg.referee_url, body)
      .then(function (res) { rulings[body] = res[0] === 200 ? res[1] : { errors: (res[1] && res[1].errors) || [], record: JSON.parse(body) }; },
        function () { rulings[body] = { errors: [{ message: gettext("the referee could not be reached") }] }; })
      .then(function () { redraw(); });
    return undefined;
  }
  // A referee's error in a player's words (words.js), with its place unless the words already name it (most do).
  function errorWords(er, record) {
    var msg = W.text(W.errorText(er.message, record));
    if (/^event \d/.test(er.message || "") || er.event === null || er.event === undefined) return msg;
    return W.errorText("event " + er.event, record) + ": " + msg;
  }
  function asking() { return h("p", { cls: "small muted asking" }, gettext("Asking the referee\u2026")); }
  function refused(answer) {
    return h("div", { cls: "errors-box small referee-refuses" }, h("b", null, gettext("The referee cannot go on from here: ")),
      (answer.errors || []).map(function (er) {
        return h("div", null, errorWords(er, answer.record));
      }));
  }

  function Unshowable(event, why) { this.event = event; this.why = why; }

  var shell = {
    cfg: cfg, players: players, n: n, h: h, btn: btn, seg: seg, seatSelect: seatSelect, step: step,
    cardSpan: cardSpan, label: label, isRed: isRed, rankOf: rankOf, suitOf: suitOf, grid: grid,
    ask: ask, judge: judge, asking: asking, refused: refused, words: W.nodes, money: W.money, redraw: function () { redraw(); }, Unshowable: Unshowable
  };

  var state = {
    dealer: cfg.dealer,
    note: "",
    notes: []                // editing: notes the record had on earlier events, {key, on, text}
  };
  shell.state = state;

  var make = (window.TablekeeperGames || {})[cfg.game];
  var game = make ? make(shell) : null;

  // --- the record --------------------------------------------------------------------------------------
  function buildRecord() {
    var events = game.events();
    attachNotes(events);
    var rec = recordWith(events);
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
  function loadNotes(events) {
    var keys = eventKeys(events.filter(function (e) { return e && typeof e === "object"; }));
    state.note = ""; state.notes = [];
    events.forEach(function (e, i) {
      if (!e || typeof e !== "object" || e.note === undefined || e.note === null) return;
      if (typeof e.note !== "string") throw new Unshowable(i, gettext("its note is not text"));
      if (i === events.length - 1) state.note = e.note;
      else state.notes.push({ key: keys[i], on: interpolate(gettext("event %(n)s (%(what)s)"), { n: i, what: describe(e) }, true), text: e.note });
    });
  }

  function drawNote(num) {
    buildRecord(); // marks the notes whose event was changed away
    var ta = h("textarea", { rows: "2", id: "hand-note", placeholder: gettext("anything the table wants to remember (\u201cJoe says nobody cut\u201d)"),
      oninput: function () { state.note = ta.value; sync(); } });
    ta.value = state.note;
    var others = state.notes.map(function (nt, i) {
      var t = h("input", { type: "text", "data-note": String(i), oninput: function () { nt.text = t.value; sync(); } });
      t.value = nt.text;
      return h("div", { cls: "field note-on" }, h("label", { cls: "small" }, interpolate(nt.orphan
        ? gettext("Note on %(event)s (that event was changed: the note is kept on the last event)") : gettext("Note on %(event)s"), { event: nt.on }, true)), t);
    });
    return step(num, gettext("Note"), [others, others.length ? h("label", { cls: "small", "for": "hand-note" }, gettext("Note on the end of the hand")) : null, ta], "step-note");
  }

  var hidden = document.getElementById("id_record");
  var preview = document.getElementById("record-preview");
  function sync() {
    var rec = buildRecord();
    hidden.value = JSON.stringify(rec);
    if (preview) preview.textContent = JSON.stringify(rec, null, 1);
  }

  var drawing = false;
  function redraw() {
    if (!game || drawing || !cfg.picker_on) return;
    drawing = true;
    try {
      var scrollY = window.scrollY;
      root.innerHTML = "";
      var steps = game.draw();
      steps.forEach(function (el) { if (el) root.appendChild(el); });
      // Steps are numbered in the order they are shown, whatever the game calls them.
      var nums = root.querySelectorAll(".step > h3 > .num");
      nums.forEach(function (el, i) { el.textContent = String(i + 1); });
      root.appendChild(drawNote(nums.length + 1));
      sync();
      window.scrollTo(0, scrollY);
      uncover();
    } finally { drawing = false; }
  }

  // The card grid stays at the bottom of the screen: the row it fills must never be hidden behind it.
  function uncover() {
    var row = root.querySelector(".slot-group.selected"), grid = root.querySelector(".picker");
    if (!row || !grid) return;
    var r = row.getBoundingClientRect(), g = grid.getBoundingClientRect();
    if (r.bottom > g.top - 4 && r.top < g.bottom) window.scrollBy(0, r.bottom - g.top + 8);
  }

  function describe(e) {
    if (!e || typeof e !== "object") return gettext("an event that is not an object");
    if (game && game.describe) return game.describe(e);
    var what = e.action || gettext("unnamed event");
    return typeof e.seat === "number" && players[e.seat] !== undefined ? interpolate(gettext("%(who)s\u2019s %(what)s"), { who: players[e.seat], what: what }, true) : what;
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
    cfg.picker_on = false;
    root.innerHTML = "";
    root.className = "";
    root.appendChild(h("div", { cls: "notice", id: "picker-fallback", role: "status" },
      h("b", null, gettext("The card picker cannot show this hand")), " \u2014 " + why + ". ",
      gettext("Nothing is dropped: edit it in the record box below, as the rule book writes it.")));
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
    checkOut.textContent = gettext("Asking the referee\u2026");
    askReferee("replay", cfg.referee_url, body)
      .then(function (res) {
        var j = res[1];
        checkOut.innerHTML = "";
        if (res[0] === 200) {
          checkOut.appendChild(h("div", { cls: "summary-box" }, W.nodes(j.summary || gettext("Ruled."))));
          (j.violations || []).forEach(function (v) { checkOut.appendChild(h("div", { cls: "violation" }, W.nodes(v.message))); });
        } else {
          checkOut.appendChild(h("div", { cls: "errors-box" }, h("b", null, gettext("The referee cannot rule on this record:")),
            h("ul", null, (j.errors || []).map(function (er) {
              var rec = null;
              try { rec = JSON.parse(body); } catch (e) { rec = null; }
              return h("li", null, errorWords(er, rec));
            }))));
        }
      })
      .catch(function () { checkOut.textContent = gettext("The referee could not be reached."); });
  });

  // With no network, Python starts loading at once, so the first tap (or Save) does not wait for it.
  if (navigator.onLine === false) localReferee().then(function (r) { return r.warm(); }).catch(function () {});

  // --- the night's chain on this phone: the next hand set up from the last one kept here ---------------------
  // The page was rendered online for one hand. A hand kept here (no network) is ruled by the referee at its
  // place in the night, and its answer (next/1, referee/chain.py) sets up the next hand: the dealer, the pot,
  // what carries, the number. No rule is written here: the set-up is the referee's, only drawn.
  var nightChain = (function () {
    var gettext = window.gettext || function (s) { return s; };
    var interpolate = window.interpolate || function (fmt, obj) {
      return fmt.replace(/%\((\w+)\)s/g, function (m, k) { return String(obj[k]); });
    };
    var HEADER = ["format", "game", "variant", "players", "dealer", "pot_in", "house_rules", "number", "counted"];
    var from = null;      // the key of the kept hand this one is set up from (null: as the server rendered it)
    var queued = false;   // that hand is not yet sent: this one goes behind it in the queue
    function setUp() {
      var s = { format: "handrec/1", game: cfg.game, variant: cfg.variant || null, players: players.slice(),
        dealer: cfg.dealer, pot_in: cfg.pot_in, house_rules: cfg.house_rules || {}, number: cfg.number,
        counted: cfg.counted };  // (as the server set the page up, or the referee's last answer)
      var carry = cfg.carry || {};
      Object.keys(carry).forEach(function (k) { s[k] = carry[k]; });
      return s;
    }
    function newKey() {
      if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
      return Date.now().toString(16) + Math.random().toString(16).slice(2);
    }
    // The page's heading and facts (hand N, the dealer, the pot in) say the new hand's, in the page's words.
    function showFacts(old) {
      var title = document.querySelector(".head-row h1");
      if (title) title.textContent = title.textContent.replace(String(old), String(cfg.number));
      document.title = document.title.replace(String(old), String(cfg.number));
      var facts = document.querySelectorAll("ul.facts > li > b");
      if (facts[0]) facts[0].textContent = players[cfg.dealer];
      if (facts[1]) facts[1].textContent = W.money(cfg.pot_in);
    }
    // Set the page up for the hand after the kept hand `key` (its events: the picker starts from them).
    function follow(next, key, events, stillQueued) {
      var old = cfg.number;
      cfg.dealer = next.dealer; cfg.pot_in = next.pot_in; cfg.number = next.number; cfg.counted = next.counted;
      cfg.carry = {};
      Object.keys(next).forEach(function (k) { if (HEADER.indexOf(k) < 0) cfg.carry[k] = next[k]; });
      cfg.last_events = Array.isArray(events) ? events : [];
      from = key; queued = !!stillQueued;
      state.dealer = next.dealer; state.note = ""; state.notes = [];
      answers = {}; rulings = {};
      if (form) form.elements.idempotency_key.value = newKey();  // a new hand, a new key
      var adv = document.getElementById("id_raw");
      if (adv) adv.value = "";
      if (make) game = make(shell);
      showFacts(old);
      var save = document.getElementById("save-hand");
      if (save) save.disabled = false;
      notice("chain-set-up", "notice small", []).replaceChildren(h("b", null, gettext("Set up on this phone: ")),
        interpolate(gettext("hand %(number)s follows hand %(kept)s, kept here: %(dealer)s deals, the pot in is %(pot)s."),
          { number: cfg.number, kept: old, dealer: players[cfg.dealer], pot: W.money(cfg.pot_in) }, true));
      redraw();
    }
    return {
      setUp: setUp, follow: follow,
      after: function () { return from; },
      behindKept: function () { return queued; }
    };
  })();
  // --- with no network, Save keeps the hand on this phone (IndexedDB), to be sent when the network is back --
  var form = document.getElementById("log-form");
  if (form && cfg.queue) form.addEventListener("submit", function (e) {
    // online: the form posts as it always has, unless this hand follows one still kept here (it goes behind it)
    if (navigator.onLine !== false && !offlineUsed && !nightChain.behindKept()) return;
    e.preventDefault();
    keepHere();
  });
  // A page opened from the phone's cache (or before the kept hands were sent) is set up from the last of them.
  if (form && cfg.queue && !cfg.record && "indexedDB" in window) {
    import(cfg.queue.js)
      .then(function (q) { return q.nightSetUp(cfg.queue.session, cfg.number, cfg.queue.user); })
      .then(function (kept) { if (kept) nightChain.follow(kept.next, kept.key, kept.events, kept.queued); })
      .catch(function () {});  // no store here: the page stays as the server set it up
  }

  function keepHere() {
    var adv = document.getElementById("id_raw");
    var text = adv && adv.value.trim() ? adv.value : hidden.value;
    var save = document.getElementById("save-hand");
    var record;
    try { record = JSON.parse(text); } catch (err) {
      checkOut.textContent = interpolate(gettext("The record box does not hold a record (%(why)s): nothing was kept."), { why: err.message }, true);
      return;
    }
    save.disabled = true;  // one tap, one hand (the key would make a second one the same hand anyway)
    checkOut.textContent = gettext("Keeping the hand on this phone…");
    // The referee rules the hand at its place in the night and sets up the next one (referee/chain.py):
    // in this phone with no network, the server's when it answers. null: paper mode (no referee here).
    var key = form.elements.idempotency_key.value;
    askReferee("next", cfg.next_url, JSON.stringify({ before: nightChain.setUp(), record: record }))
      .then(function (res) { return res; }, function () { return null; })
      .then(function (res) {
        if (res && res[0] !== 200) {  // the referee refuses it here as the server would: nothing is kept
          save.disabled = false;
          checkOut.innerHTML = "";
          checkOut.appendChild(h("div", { cls: "errors-box", id: "record-errors" }, h("b", null, gettext("The referee cannot rule on this record; nothing was kept:")),
            h("ul", null, (res[1].errors || []).map(function (er) { return h("li", null, errorWords(er, true)); }))));
          return;
        }
        var doc = res ? res[1] : null;  // next/1: the ruling and the next hand's set-up
        if (doc) res = [res[0], doc.ruling];
        return import(cfg.queue.js).then(function (q) {
          return q.keep({
            key: key, session: cfg.queue.session, user: cfg.queue.user, api: cfg.queue.api,
            hand_url_base: cfg.queue.hand_url_base, night: cfg.queue.night, number: cfg.number, record: record,
            no_deal_ok: !!(form.elements.no_deal_ok && form.elements.no_deal_ok.checked),
            csrf: form.elements.csrfmiddlewaretoken.value, offline: res ? res[1] : null,
            next: doc ? doc.next : null, after: nightChain.after()
          }).then(function () {
            if (navigator.onLine !== false) q.sendAll().then(q.show, q.show);  // (the server answered: send now)
            return q.show();
          });
        }).then(function () {
          checkOut.innerHTML = "";
          checkOut.appendChild(h("div", { cls: "notice", id: "kept-here", role: "status" }, h("b", null, gettext("Not yet sent: ")),
            doc ? interpolate(gettext("hand %(n)s is kept on this phone — %(ruling)s. It goes to the archive when the network is back."),
              { n: cfg.number, ruling: W.text((doc.ruling.summary) || gettext("ruled")) }, true)
              : interpolate(gettext("hand %(n)s is kept on this phone (paper mode: the server rules it when sent). It goes to the archive when the network is back."),
                { n: cfg.number }, true)));
          if (doc) nightChain.follow(doc.next, key, record.events, true);
        });
      })
      .catch(function (err) {
        save.disabled = false;
        checkOut.textContent = interpolate(gettext("The hand could not be kept on this phone (%(why)s): write it on paper."), { why: err && err.message }, true);
      });
  }

  if (!game) {
    root.appendChild(h("div", { cls: "notice", id: "picker-fallback", role: "status" },
      h("b", null, gettext("The card picker does not know this game yet")), " \u2014 " + gettext("type the hand in the record box below.")));
    if (source) setSource("raw");
    document.getElementById("advanced").open = true;
    return;
  }
  cfg.picker_on = true;
  if (!cfg.record) { redraw(); return; }

  // Editing: fill the picker from the record, and trust it only if it gives back every event unchanged.
  var loaded = true;
  try {
    var rec = cfg.record;
    if (!Array.isArray(rec.events)) throw new Unshowable(null, gettext("the record has no list of events"));
    if (!Array.isArray(rec.players) || rec.players.length !== n) throw new Unshowable(null, gettext("its players are not the session\u2019s"));
    state.dealer = typeof rec.dealer === "number" ? rec.dealer : cfg.dealer;
    loadNotes(rec.events);
    game.load(rec);
  } catch (exc) {
    if (!(exc instanceof Unshowable)) throw exc;
    loaded = false;
    fallBack((exc.event !== null ? interpolate(gettext("event %(n)s (%(what)s)"), { n: exc.event, what: describe(cfg.record.events[exc.event]) }, true) + ": " : "") + exc.why);
  }
  if (loaded) {
    var diff = firstDifference(cfg.record);
    if (diff !== -1) {
      loaded = false;
      fallBack(diff === null ? gettext("the record has fields the picker does not keep")
        : interpolate(gettext("it would write event %(n)s (%(what)s) differently from how it was logged"), { n: diff, what: describe((cfg.record.events || [])[diff]) }, true));
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
