"""What the browser tests share: Debian's Chromium, the skip when it is missing, screenshots, and the reading
of a page for English left (issue 32)."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from archive.table.models import Session

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path("/tmp/tk-shots")

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover
    expect = sync_playwright = None

# Every browser test module sets `pytestmark = BROWSER`.
BROWSER = [
    pytest.mark.browser,
    pytest.mark.skipif(
        sync_playwright is None or not Path(CHROMIUM).exists(),
        reason="needs Playwright and Debian's Chromium at /usr/bin/chromium",
    ),
]


def shot(page, name, full=True):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def login(page, url, who="owner", password="pw"):
    """Log in through the form, as a person does, and land on the list of one's families."""
    page.goto(url + "/login/")
    page.fill("#id_username", who)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    expect(page.locator("h1")).to_have_text("Your families")


def tap_cards(page, cards, picker="#picker"):
    """Tap each card of the picker's grid in turn (cards by their codes, e.g. "QH")."""
    for c in cards:
        page.locator(f'{picker} button[data-card="{c}"]').click()


# Each card of the pickers on the page: the text it shows, how many lines that text takes, whether it fits.
_PICKER_LABELS = """() => [...document.querySelectorAll('.picker-grid button')].map(b => {
  const r = document.createRange(); r.selectNodeContents(b);
  const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;
  return [b.textContent, lines, b.scrollWidth <= b.clientWidth];
})"""


def picker_labels(page):
    """The picker's cards as [text, lines, fits]: a card reads on one line, whole, in its button."""
    return page.evaluate(_PICKER_LABELS)


# Issue 34 item 9: the taps a person makes for a hand. Every tap the test makes is a real (trusted) click; a
# select changed or a number typed into a box counts as one tap too (once per box a hand).
_TAP_COUNTER = """(() => {
  window.__taps = 0; const typed = new WeakSet();
  document.addEventListener('click', e => { if (e.isTrusted) window.__taps++; }, true);
  document.addEventListener('change', e => { if (e.target.tagName === 'SELECT') window.__taps++; }, true);
  document.addEventListener('input', e => {
    if (e.target.tagName === 'INPUT' && !typed.has(e.target)) { typed.add(e.target); window.__taps++; }
  }, true);
})();"""


def count_taps(page):
    """From the next page loaded on: count the taps (read with taps(page) before the page is left)."""
    page.add_init_script(_TAP_COUNTER)


def taps(page):
    return page.evaluate("window.__taps")


# `fn` (a JavaScript function of one argument) run in the page, refused with words after `seconds`: a promise
# that never settles (a service worker never ready, an IndexedDB open blocked) fails the test at once, saying
# what it waited for, instead of holding Playwright's evaluate (it has no timeout of its own) for ever.
_WITHIN = """async ([arg, seconds, what]) => {
  let timer;
  const late = new Promise((_, no) => {
    timer = setTimeout(() => no(new Error(`${what}: no answer after ${seconds} s`)), seconds * 1000);
  });
  try { return await Promise.race([(%s)(arg), late]); } finally { clearTimeout(timer); }
}"""


def evaluate_within(page, fn, arg=None, *, seconds=60, what="the page's answer"):
    """page.evaluate(fn, arg), failing with `what` if its promise has not settled after `seconds`."""
    return page.evaluate(_WITHIN % fn, [arg, seconds, what])


# The site's service worker, once installed: it is registered at load (static/js/offline/register.js) and installs
# by caching the shell and Pyodide. Each wait is bounded and says what it waited for, and an install that fails
# (a file of its precache not fetched) fails the test at once rather than never answering. Answers whether the
# worker controls this page: one whose load began before the worker was active stays uncontrolled (claim() skips
# a page still loading), as a phone's page does until the next one.
CONTROLLED = """async () => {
  const sw = navigator.serviceWorker;
  const within = (ms, what, p) => {
    let t;
    const late = new Promise((_, no) => { t = setTimeout(() => no(new Error(what)), ms); });
    return Promise.race([p, late]).finally(() => clearTimeout(t));
  };
  const reg = await within(30000, "no service worker was registered on this page (register.js, /sw.js)", (async () => {
    for (;;) {
      const r = await sw.getRegistration("/");
      if (r) return r;
      await new Promise(ok => setTimeout(ok, 100));
    }
  })());
  const failed = new Promise((_, no) => {
    const watch = (w) => w && w.addEventListener("statechange", () => {
      if (w.state === "redundant") no(new Error("the service worker failed to install (a file it caches was not fetched)"));
    });
    watch(reg.installing);
    watch(reg.waiting);
    reg.addEventListener("updatefound", () => watch(reg.installing));
  });
  await within(150000, "the service worker was not active after 150 s", Promise.race([sw.ready, failed]));
  return !!sw.controller;
}"""


def controlled(page):
    """The site's service worker installed (the shell, Pyodide and the referee cached) and controlling the page:
    a page that was loading while it became active is opened again (the worker then answers its load)."""
    if evaluate_within(page, CONTROLLED, seconds=240, what="waiting for the service worker"):
        return True
    page.reload()
    return page.evaluate("!!navigator.serviceWorker.controller")


# Issue 32: English left on a page in Czech or Russian. The same page is opened in English first, and a word of
# three letters or more that it shows must not be shown again in the other language, unless it is a name (the
# family's players and places, the games' names) or a word the languages share. In Russian, any Latin word that
# is not a name is English left.
WORD = re.compile(r"[^\W\d_]{3,}")  # whole words, so "Čeština" is not read as "tina"
ENGLISH_LETTERS = re.compile(r"[A-Za-z]+")
# Words a Czech or Russian page may show as they are: the games' and the product's names, and words the
# languages share with English (a Czech "bank" is the pot; "ante" is the ante in all three).
SHARED = {
    "swik",
    "sedma",
    "seka",
    "poker",
    "skat",  # the rummy's name in the referee's Czech catalogue: "Skat (ruské žolíky)"
    "tablekeeper",
    "ante",
    "bank",
    "json",
    "csv",
    "english",
    "api",
    "czk",
}  # the koruna's sign in Russian (CLDR) is its code

VISIBLE_TEXT = "document.body.innerText"
WIDER = """[...document.querySelectorAll('body *')].filter(e => {
  const r = e.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 0.5 &&
    !e.closest('.table-wrap');
}).map(e => e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '')).slice(0, 8)"""


def sign_in(page, url, who, password):
    page.goto(url + "/login/")
    page.fill("#id_username", who)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/$"))


def latin_words(text):
    return {w.lower() for w in WORD.findall(text) if ENGLISH_LETTERS.fullmatch(w)}


def names_of(family):
    """Every Latin word of the family's own names: players, places, time zones, the family itself."""
    texts = [family.name, family.timezone, *family.players.values_list("name", flat=True)]
    for place, zone in Session.objects.filter(family=family).values_list("place", "timezone"):
        texts += [place, zone]
    texts += get_user_model().objects.values_list("username", flat=True)
    return set().union(*(latin_words(text) for text in texts))


def english_left(text, english_words, allowed, language):
    seen = latin_words(text) - allowed
    if language == "ru":
        return sorted(seen)
    return sorted(seen & english_words)


# The page's words as a reader sees them, without the time zones a zone picker lists (names of places).
READ_TEXT = """(() => {
  const zones = [...document.querySelectorAll('select[name=timezone]')];
  zones.forEach(z => { z.dataset.shown = z.style.display; z.style.display = 'none'; });
  try { return document.body.innerText; } finally { zones.forEach(z => { z.style.display = z.dataset.shown; }); }
})()"""
