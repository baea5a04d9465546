"""What the browser tests share: Debian's Chromium, the skip when it is missing, screenshots."""

from pathlib import Path

import pytest

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
