/**
 * Hands logged with no network, kept in this browser's IndexedDB until they are sent, in the order they were
 * logged, each once (its idempotency key: a repeat gets the first hand back, never a second one).
 *
 *   import { keep, sendAll, show } from "/static/js/offline/queue.js";
 *   await keep({key, session, family, url, number, record, why, no_deal_ok, csrf, offline, next, after});
 *              // "not yet sent"; `next`: the next hand's set-up the referee gave (referee/chain.py), `after`: the
 *              // key of the kept hand this one was set up from (a night's hands chained on the phone)
 *   await nightSetUp(session, number, user);  // what the hand-entry page sets its next hand up from
 *   await sendAll();   // on the next page load, the `online` event, or the service worker's background sync
 *
 * The server rules each hand again. What it says is kept with the hand and shown: "sent" (and whether its
 * ruling is the one the phone showed), or "refused" with the server's words and both versions side by side,
 * e.g. when the night changed meanwhile (another phone logged that hand). Nothing is merged silently. A hand
 * set up from a refused one is held back, not sent ("held"): its pot and dealer came from a hand the archive
 * does not have, and a night's hands are never sent out of order.
 */

const DB = "tablekeeper";
const STORE = "outbox";
const SYNC_TAG = "tk-send-hands";

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "key" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    // another tab holds an older version open: say so rather than wait for ever
    req.onblocked = () => reject(new Error(gettext("this phone's store of hands is held by another tab of the site; close it")));
  });
}

function run(mode, work) {
  return open().then(
    (db) =>
      new Promise((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const out = work(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(out && "result" in out ? out.result : undefined);
        };
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error || new Error(gettext("this phone's store of hands could not be written (is it full?)")));
      }),
  );
}

// The signed-in person (start(user)): only the hands they kept are shown and sent here. A phone passed to
// someone else (who logs in as themselves) shows them nothing of another family's night, and sends nothing of
// it with their session; the hands wait for the one who logged them.
let me = null;
function mine(items) {
  return me === null ? items : items.filter((i) => i.user === me);
}

/** Every kept hand, in the order it was logged. */
export async function list() {
  const all = (await run("readonly", (s) => s.getAll())) || [];
  return all.sort((a, b) => a.seq - b.seq);
}

/** Keep a hand to send later. The same key twice (a double tap) is one hand. */
export async function keep(hand) {
  const all = await list();
  const known = all.find((h) => h.key === hand.key);
  if (known && canon(known.record) === canon(hand.record)) return known;
  // The hand after a kept one is set up from the referee's ruling of it (nightSetUp: its pot, dealer, number);
  // a page that is not (after a hand kept in paper mode, which no referee here ruled) would take a kept
  // hand's place, so it is refused: never guessed here.
  const taken = known || all.find((h) => h.session === hand.session && h.number >= hand.number && h.state === "queued");
  if (taken)
    throw new Error(
      interpolate(gettext("hand %(n)s of this night is already kept on this phone, not yet sent; the next hand's pot and dealer come from the server's ruling of it, so keep this one on paper until the network is back"), { n: taken.number }, true),
    );
  const seq = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  const item = { ...hand, user: hand.user ?? me, seq, state: "queued" };
  await run("readwrite", (s) => s.put(item));
  askForSync();
  return item;
}

/** The set-up of the night's next hand from the hands kept here at `number` or later (the page was rendered
 * before them), or null: {key, number, next, events, queued}. A hand the server ruled otherwise than the phone
 * is not followed (the page the server renders now is right); nor one kept in paper mode (no set-up). */
export async function nightSetUp(session, number, user) {
  const night = (await list()).filter(
    (i) =>
      i.session === session &&
      (user === undefined || user === null || i.user === user) &&
      i.number >= number &&
      (i.state === "queued" || (i.state === "sent" && !(i.differences || []).length)),
  );
  if (!night.length) return null;
  const last = night.reduce((a, b) => (b.number > a.number ? b : a));
  if (!last.next) return null;
  return { key: last.key, number: last.number, next: last.next, events: last.record.events, queued: last.state === "queued" };
}

async function save(item) {
  await run("readwrite", (s) => s.put(item));
}

/** Forget a hand the family has read the answer of. */
export async function forget(key) {
  await run("readwrite", (s) => s.delete(key));
}

function askForSync() {
  // Background sync where the browser has it: the service worker wakes an open page when the network is back.
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready
    .then((reg) => (reg.sync ? reg.sync.register(SYNC_TAG) : null))
    .catch(() => {});
}

function canon(v) {
  // JSON with sorted keys: the same ruling, whatever the order of its fields
  if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
  if (v && typeof v === "object")
    return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
  return JSON.stringify(v === undefined ? null : v);
}

// What a ruling rules, without its words: the phone's referee speaks the page's language, the archive keeps
// the server's English; the summary and a violation's message are words, the rest the same in every language.
function ruled(ruling) {
  const violations = (ruling.violations || []).map(({ message, ...v }) => v);
  return { ...ruling, summary: null, violations };
}

/** The parts of two rulings that differ (their top-level fields), [] when the server ruled as the phone did. */
export function differences(offline, server) {
  if (!offline || !server) return [];
  const [a, b] = [ruled(offline), ruled(server)];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => canon(a[k]) !== canon(b[k])).sort();
}

function cookie(name) {
  const m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
  return m ? decodeURIComponent(m[1]) : "";
}

async function sendOne(item) {
  let resp;
  try {
    resp = await fetch(item.api, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": item.key,
        "X-CSRFToken": cookie("csrftoken") || item.csrf,
      },
      // its number: the server refuses it (409, a dispute with both versions) if the night moved on meanwhile
      body: JSON.stringify({
        session: item.session,
        record: item.record,
        why: item.why || "",
        no_deal_ok: !!item.no_deal_ok,
        number: item.number || null,
      }),
    });
  } catch (e) {
    return false; // still no network: it stays "not yet sent", and the next ones wait behind it
  }
  let body = null;
  try {
    body = await resp.json();
  } catch (e) {
    body = null;
  }
  if (resp.status === 200 || resp.status === 201) {
    item.state = "sent";
    item.server = { id: body.id, number: body.number, ruling: body.ruling, replayed: resp.status === 200 };
    item.differences = differences(item.offline, body.ruling);
  } else if (resp.status === 400 || resp.status === 404 || resp.status === 409) {
    // The server will not take it as it is (the night changed meanwhile): shown with both versions.
    item.state = "refused";
    const errors = (body && body.errors) || (body && body.detail ? [{ message: body.detail }] : null);
    item.server = {
      status: resp.status,
      errors: errors || [{ message: gettext("the server refused the hand") }],
      dispute: (body && body.dispute) || null,
    };
  } else {
    return false; // signed out, or the server is down: try again later, in the same order
  }
  item.sent_at = new Date().toISOString();
  await save(item);
  return true;
}

async function holdBack(item, first) {
  // Set up on this phone from a hand the server did not take: its pot and dealer are not the night's.
  item.state = "held";
  item.held_after = first.number;
  await save(item);
}

let sending = null;

/** Send every kept hand not yet sent, in order, stopping at the first that cannot reach the server. */
export function sendAll() {
  if (sending) return sending;
  const work = async () => {
    const items = mine(await list());
    const byKey = new Map(items.map((i) => [i.key, i]));
    for (const item of items) {
      if (item.state !== "queued") continue;
      const first = item.after ? byKey.get(item.after) : null;
      if (first && (first.state === "refused" || first.state === "held")) {
        await holdBack(item, first);
        continue;
      }
      if (!(await sendOne(item))) break;
    }
  };
  // One sender at a time, across the tabs of this browser too, where it has Web Locks.
  sending = (navigator.locks ? navigator.locks.request("tk-outbox", work) : work()).finally(() => {
    sending = null;
  });
  return sending;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "cls") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

function words() {
  // The page's catalogue (Django's JavaScriptCatalog); English where it did not load (e.g. offline)
  const gettext = window.gettext || ((s) => s);
  const interpolate = window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (m, k) => String(obj[k])));
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  return { gettext, interpolate, ngettext };
}

function summaryOf(ruling) {
  const words = window.TablekeeperWords; // static/js/words.js: amounts in money, codes as cards
  const text = (ruling && ruling.summary) || "";
  return words ? words.text(text) : text;
}

function row(item) {
  const where = interpolate(item.night ? gettext("hand %(n)s of %(night)s") : gettext("hand %(n)s"), { n: item.number || "?", night: item.night }, true);
  const li = el("li", { cls: "outbox-hand", "data-key": item.key, "data-state": item.state });
  if (item.state === "queued") {
    li.append(el("b", null, gettext("Not yet sent: ")), where, item.offline ? " \u2014 " + summaryOf(item.offline) : " " + gettext("(paper mode: ruled when sent)"));
  } else if (item.state === "sent") {
    const link = el("a", { href: item.hand_url_base + item.server.id + "/" }, interpolate(gettext("hand %(n)s"), { n: item.server.number }, true));
    li.append(el("b", null, gettext("Sent: ")), link, " \u2014 " + summaryOf(item.server.ruling));
    if (!item.offline) li.append(el("span", { cls: "muted" }, " " + gettext("(ruled by the server: it was logged in paper mode)")));
    else if (!item.differences.length) li.append(el("span", { cls: "same-ruling" }, " " + gettext("The server ruled it as the phone did.")));
    else
      li.append(
        el("div", { cls: "errors-box ruling-differs" }, el("b", null, interpolate(gettext("The server ruled it differently (%(what)s): "), { what: item.differences.join(", ") }, true)),
          el("div", null, gettext("on the phone: ") + summaryOf(item.offline)), el("div", null, gettext("the server: ") + summaryOf(item.server.ruling))),
      );
  } else if (item.state === "held") {
    const { gettext, interpolate } = words();
    li.append(
      el("div", { cls: "errors-box held" }, el("b", null, gettext("Held back: ") + where + ". "),
        interpolate(gettext("It was set up on this phone from hand %(first)s, which the server did not take, so it was not sent: a night's hands are never sent out of order. Settle hand %(first)s first, then log this one again."), { first: item.held_after }, true),
        el("details", null, el("summary", null, gettext("The hand as this phone logged it")), el("pre", { cls: "mono small" }, JSON.stringify(item.record, null, 1)))),
    );
  } else {
    li.append(
      el("div", { cls: "errors-box conflict" }, el("b", null, interpolate(gettext("Not taken: %(hand)s. "), { hand: where }, true)),
        gettext("The night changed while this phone was offline; nothing was merged. The server says: "),
        el("ul", null, (item.server.errors || []).map((e) => el("li", null, e.message || String(e)))),
        item.server.dispute
          ? el("p", null, gettext("Both versions are in a dispute: "), el("a", { href: item.server.dispute, cls: "dispute-link" }, gettext("settle it there")), ".")
          : null,
        el("details", null, el("summary", null, gettext("The hand as this phone logged it")), el("pre", { cls: "mono small" }, JSON.stringify(item.record, null, 1)))),
    );
  }
  return li;
}

/** Show the kept hands at the top of the page (nothing when there are none). */
export async function show() {
  const items = mine(await list());
  let box = document.getElementById("outbox");
  if (!items.length) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = el("section", { id: "outbox", cls: "panel", role: "status" });
    const main = document.querySelector("main") || document.body;
    main.prepend(box);
  }
  const waiting = items.filter((i) => i.state === "queued").length;
  const held = items.filter((i) => i.state === "held").length;
  const { interpolate, ngettext } = words();
  box.replaceChildren(
    el("h2", null, gettext("Hands kept on this phone")),
    el("p", { cls: "small muted" }, waiting ? interpolate(gettext("%(n)s not yet sent: they go when the network is back."), { n: waiting }, true) : gettext("All sent.")),
    held
      ? el("p", { cls: "small held-count" }, interpolate(ngettext("%(n)s hand held back, not sent (below).", "%(n)s hands held back, not sent (below).", held), { n: held }, true))
      : null,
    el("ul", { cls: "outbox-list" }, items.map(row)),
  );
}

/** On every page of a signed-in person (`user`, their id): show the hands they kept, and send them when the
 * network is (or comes) back. */
export function start(user) {
  me = Number.isInteger(user) ? user : null;
  const go = () => sendAll().then(show, show);
  show().then(() => (navigator.onLine === false ? null : go()));
  window.addEventListener("online", go);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.type === SYNC_TAG) go();
    });
  }
}
