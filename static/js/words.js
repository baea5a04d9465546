/* The referee's words as a player reads them, in every script of the site: amounts in the family's money
 * (19¢, $2.10, 2,10 Kč: the same as the pages' "money" filter) and card codes drawn as cards (10♦, J♣).
 * The referee's stored words keep cents and codes; only what is shown changes. */
(function () {
  "use strict";
  var SYM = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  // The words before an amount in each language the referee speaks ("pays 15", "platí 15", "платит 15", "bank 30"):
  // its Czech and Russian catalogues say amounts after these; a count of tricks, cards or points is not money.
  var AMOUNT = new RegExp("(^|[^\\w\u00c0-\u024f\u0400-\u04ff])(pays|pay|paid|pot of|costs|cost|penalty of|takes|owes|" +
    "plat\u00ed po|plat\u00ed|bank|bere|\u043f\u043b\u0430\u0442\u044f\u0442 \u043f\u043e|\u043f\u043b\u0430\u0442\u0438\u0442|" +
    "\u0431\u0430\u043d\u043a|\u0431\u0435\u0440\u0451\u0442)( |\u00a0)(\\d+)\\b(?! (?:trick|card|point|hand|\u0161tych|kart|bod|rozd\u00e1n|" +
    "\u0432\u0437\u044f\u0442|\u043a\u0430\u0440\u0442|\u043e\u0447\u043a|\u0440\u0430\u0437\u0434\u0430\u0447))", "g");
  var CARD = /(^|[^\w-])([AKQJT98765432]|10)([SHDC])(?![\w-])/g;

  // The family's money and the reader's language, from the page (<html lang data-money>), written as the
  // server's archive/common/money.py writes them: 19¢ and $1.50 in English, 1,50 Kč, 1,50 ₽, 150 bodů.
  var ROOT = document.documentElement, UNIT = (ROOT.dataset && ROOT.dataset.money) || "usd", LANG = ROOT.lang || "en";
  var ISO = { usd: "USD", czk: "CZK", rub: "RUB" };
  var POINTS = { en: { one: "point", other: "points" }, cs: { one: "bod", few: "body", many: "bodu", other: "bodů" },
                 ru: { one: "очко", few: "очка", many: "очков", other: "очка" } };
  var currency = null;
  function unsigned(n) {
    if (UNIT === "points") {
      var words = POINTS[LANG] || POINTS.en, form = new Intl.PluralRules(LANG).select(n);
      return n.toLocaleString(LANG) + " " + (words[form] || words.other);
    }
    if (UNIT === "usd" && LANG === "en") {
      return n < 100 ? n + "\u00a2" : "$" + Math.floor(n / 100).toLocaleString("en-US") + "." + ("0" + (n % 100)).slice(-2);
    }
    currency = currency || new Intl.NumberFormat(LANG, { style: "currency", currency: ISO[UNIT] || "USD" });
    return currency.format(n / 100).replace(/^([A-Z]{3})(\d)/, "$1\u00a0$2");
  }
  function money(v, signed) {
    var n = Math.abs(v);
    return (signed && v > 0 ? "+" : v < 0 ? "\u2212" : "") + unsigned(n);
  }
  function cardText(c) {
    var r = c.slice(0, -1), s = c.slice(-1);
    return (r === "T" ? "10" : r) + (SYM[s] || s);
  }
  function parts(text) {  // [[kind, value]]: "text", "money" (cents) or "card" (code)
    var hits = [], m, out = [], pos = 0;
    text = String(text === null || text === undefined ? "" : text);
    AMOUNT.lastIndex = 0; CARD.lastIndex = 0;
    while ((m = AMOUNT.exec(text))) { var at = m.index + m[1].length + m[2].length + m[3].length; hits.push([at, at + m[4].length, "money", parseInt(m[4], 10)]); }
    while ((m = CARD.exec(text))) { var st = m.index + m[1].length; hits.push([st, st + m[2].length + m[3].length, "card", (m[2] === "10" ? "T" : m[2]) + m[3]]); }
    hits.sort(function (a, b) { return a[0] - b[0]; });
    hits.forEach(function (x) {
      if (x[0] < pos) return;
      out.push(["text", text.slice(pos, x[0])]); out.push([x[2], x[3]]); pos = x[1];
    });
    out.push(["text", text.slice(pos)]);
    return out;
  }
  function text(t) {
    return parts(t).map(function (p) { return p[0] === "money" ? money(p[1]) : p[0] === "card" ? cardText(p[1]) : p[1]; }).join("");
  }
  function nodes(t) {  // a fragment: words, and each card as a card span
    var f = document.createDocumentFragment();
    parts(t).forEach(function (p) {
      if (p[0] === "card") {
        var s = document.createElement("span"), suit = p[1].slice(-1);
        s.className = "pc" + (suit === "H" || suit === "D" ? " red" : "");
        s.textContent = cardText(p[1]); s.title = p[1];
        f.appendChild(s);
      } else f.appendChild(document.createTextNode(p[0] === "money" ? money(p[1]) : p[1]));
    });
    return f;
  }
  // A referee's error in a player's words (archive/table/error_words.py says the same on the pages): "event 1 (deal)"
  // is named from the record ("the deal", "the third card played", "Mary's declaration"), "(seat 0)" after a
  // name goes, "seat 2" is its player, and cards are drawn as cards (by nodes or text, after this).
  var ORD = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
  // The words in the reader's language come from Django's JavaScript catalogue (/jsi18n/<lang>/, loaded first);
  // the same sentences as error_words.py's, so one translation serves both.
  // Every script after this one says its words with the catalogue's gettext, ngettext and interpolate; were
  // the catalogue not loaded (no network and not cached), they say them in English rather than fail.
  if (!window.gettext) {
    window.gettext = function (s) { return s; };
    window.pgettext = function (c, s) { return s; };
    window.ngettext = function (one, many, n) { return n === 1 ? one : many; };
    window.interpolate = function (fmt, obj, named) {
      return named ? fmt.replace(/%\((\w+)\)s/g, function (m, k) { return String(obj[k]); })
        : fmt.replace(/%s/g, function () { return String(obj.shift()); });
    };
  }
  var gettext = window.gettext;
  var pgettext = window.pgettext;
  function fill(words, values) {
    return words.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  }
  function namedWords(action) {
    switch (action) {
      case "declare": return gettext("{who}'s declaration");
      case "raise": return gettext("{who}'s bet");
      case "call": return gettext("{who}'s call");
      case "fold": return gettext("{who}'s fold");
      case "show": return gettext("{who}'s show");
    }
    return null;
  }
  function actionWords(action) {
    switch (action) {
      case "cut": return pgettext("an event of a hand", "the cut");
      case "deal": return pgettext("an event of a hand", "the deal");
      case "misdeal": return pgettext("an event of a hand", "the misdeal");
      case "wrap": return pgettext("an event of a hand", "the wrap");
      case "declare": return pgettext("an event of a hand", "the declaration");
      case "trick": return pgettext("an event of a hand", "the trick");
      case "raise": return pgettext("an event of a hand", "the bet");
      case "call": return pgettext("an event of a hand", "the call");
      case "fold": return pgettext("an event of a hand", "the fold");
      case "show": return pgettext("an event of a hand", "the show");
      case "points": return pgettext("an event of a hand", "the points");
    }
    return fill(gettext("the {action}"), { action: action.replace(/_/g, " ") });
  }
  function eventWords(record, i) {
    var evs = record && record.events;
    var step = fill(gettext("step {n} of the record"), { n: i + 1 });
    if (!Array.isArray(evs) || i < 0 || i >= evs.length) return step;
    var ev = evs[i] || {}, players = Array.isArray(record.players) ? record.players : [];
    if (ev.action === "play") {
      var k = evs.slice(0, i + 1).filter(function (e) { return e && e.action === "play"; }).length;
      var english = (document.documentElement.lang || "en").slice(0, 2) === "en";
      return fill(gettext("the {ordinal} card played"), { ordinal: english ? (ORD[k - 1] || k + "th") : k });
    }
    var who = typeof ev.seat === "number" ? players[ev.seat] : undefined;
    var named = namedWords(ev.action);
    if (named && who) return fill(named, { who: who });
    return typeof ev.action === "string" ? actionWords(ev.action) : step;
  }
  function errorText(message, record) {
    var players = record && Array.isArray(record.players) ? record.players : [];
    // the referee's place words in each language it speaks: "event 1 (deal)", "událost 1", "событие 1"; "seat 0"
    var t = String(message === null || message === undefined ? "" : message)
      .replace(/(?:\bevent|událost|событие) (\d+)(?: \(([a-z_]+)\))?/g, function (m, i) { return eventWords(record, parseInt(i, 10)); })
      .replace(/ \((?:seat|místo|место) \d+\)/g, "")
      .replace(/(?:\bseat|místo|место) (\d+)\b/g, function (m, s) { s = parseInt(s, 10); return s < players.length ? players[s] : m; });
    return t.charAt(0).toUpperCase() + t.slice(1);
  }
  window.TablekeeperWords = { money: money, text: text, nodes: nodes, card: cardText, errorText: errorText };
})();
