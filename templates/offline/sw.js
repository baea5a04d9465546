{% load i18n %}// Tablekeeper's service worker (served at /sw.js by archive/table/views/install.py, so its scope is the site).
// At install it caches the app shell and the vendored files (Pyodide, the referee's zip); the night's pages
// (the session with its money, its hand entry, a hand's ruling) are cached whenever they are opened online,
// so a family that opened its night at home can open it again at the table with no network.
"use strict";

const VERSION = "{{ version }}";
const SHELL_CACHE = "tk-shell-" + VERSION;
const PAGE_CACHE = "tk-pages"; // kept across versions: a new deploy must not forget tonight's pages
const PRECACHE = {{ precache|safe }};
// The pages of a night: the session (its money is on it), its hand entry, a hand's ruling, the rule book.
const NIGHT_PAGES = [
  /^\/families\/[^/]+\/sessions\/\d+\/$/,
  /^\/families\/[^/]+\/sessions\/\d+\/log\/$/,
  /^\/families\/[^/]+\/hands\/\d+\/$/,
  /^\/families\/[^/]+\/rules\/[^/]+\/$/,
];
// Logging out drops the night's pages: a phone passed round the table must not show the family's night to
// whoever holds it next. The shell (the site's own files, Pyodide, the referee) is nobody's and stays.
const LOGOUT = "{{ logout }}";
function forgetNights() {
  return caches.delete(PAGE_CACHE);
}
// Asked of the network first (they say what is current), the cached copy only when it cannot be reached.
const FRESH_FILES = [/^\/offline\/manifest\.json$/, /^\/offline\/worker\.js$/];

// The scripts' words in each language (Django's JavaScript catalogue, a URL a language): cached at install and
// asked of the network first, so a page opened at the table with no network still speaks its reader's language.
{% get_available_languages as languages %}const CATALOGUES = { {% for code, name in languages %}"{{ code|escapejs }}": "{% url 'javascript-catalog' code %}", {% endfor %}};
const CATALOGUE = /^\/jsi18n\/([^/]+)\/$/;
// The worker's own words (the offline page) from the same catalogues: each loaded into its own object.
const SAY = {};
for (const [code, url] of Object.entries(CATALOGUES)) {
  self.django = undefined;
  try {
    importScripts(url);
    SAY[code] = self.django;
  } catch (err) {
    // not reachable: that language's offline page is in English
  }
}
self.django = undefined;
// The reader's language is the one whose catalogue the pages last asked for; kept in a cache of its own, as
// the worker may be stopped and started again between two pages.
const READER_CACHE = "tk-reader";
const READER_KEY = "/offline/reader-language";
function rememberReader(code) {
  return caches.open(READER_CACHE).then((cache) => cache.put(READER_KEY, new Response(code)));
}
async function readerLanguage() {
  const kept = await caches.match(READER_KEY, { cacheName: READER_CACHE });
  const code = kept ? await kept.text() : (self.navigator.language || "en").slice(0, 2);
  return SAY[code] ? code : "en";
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE.concat(Object.values(CATALOGUES))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith("tk-shell-") && n !== SHELL_CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !response.redirected) {
      const cache = await caches.open(cacheName);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (err) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function offlinePage(path) {
  const language = await readerLanguage();
  const words = SAY[language];
  const gettext = words ? words.gettext : (s) => s;
  const interpolate = words ? words.interpolate : (s, o) => s.replace(/%\((\w+)\)s/g, (m, k) => o[k]);
  const safe = (s) => s.replace(/[<>&"]/g, "");
  const body =
    '<!doctype html><html lang="' +
    language +
    '"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" +
    safe(gettext("Offline")) +
    " · Tablekeeper</title><h1>" +
    safe(gettext("No network")) +
    "</h1><p>" +
    safe(
      interpolate(
        gettext(
          "This page (%(path)s) was not opened online before, so it is not on this phone. Open the night's page while online to take it to the table.",
        ),
        { path: path },
        true,
      ),
    ) +
    "</p>";
  return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (request.method === "POST" && path === LOGOUT) {
    event.waitUntil(forgetNights()); // at once, before the page after it loads; the log out itself goes on as ever
    return;
  }
  if (request.method !== "GET") return; // a hand sent is never answered from a cache
  if (request.mode === "navigate" && NIGHT_PAGES.some((re) => re.test(path))) {
    event.respondWith(networkFirst(request, PAGE_CACHE).catch(() => offlinePage(path)));
  } else if (CATALOGUE.test(path)) {
    const code = CATALOGUE.exec(path)[1];
    if (code in CATALOGUES) event.waitUntil(rememberReader(code));
    event.respondWith(networkFirst(request, SHELL_CACHE));
  } else if (FRESH_FILES.some((re) => re.test(path))) {
    event.respondWith(networkFirst(request, SHELL_CACHE));
  } else if (path.startsWith("/static/") || path.startsWith("/offline/referee-")) {
    event.respondWith(cacheFirst(request));
  }
});

// A signed-out page (static/js/offline/register.js) says so: the session ended some other way (it expired,
// another tab logged out), and the night's pages go as at log out.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "tk-signed-out") event.waitUntil(forgetNights());
});

// Background sync: the page queues hands in IndexedDB (static/js/offline/queue.js) and asks for a sync; here
// the worker tells an open page to send them (the page holds the CSRF token and shows the answers).
self.addEventListener("sync", (event) => {
  if (event.tag !== "tk-send-hands") return;
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((clients) => {
      for (const c of clients) c.postMessage({ type: "tk-send-hands" });
    }),
  );
});
