"""The browser tests stay apart from the site's service worker: in a test not marked `service_worker` the page
registers none (tests/browser/conftest.py blocks it), so nothing answers the test's requests from a cache or
fetches Pyodide behind its back; a test marked `service_worker` gets it, as a phone does."""

import pytest

from tests.browser.support import BROWSER, evaluate_within

pytestmark = BROWSER

# register.js asks for /sw.js at load; the answer is whatever registration the browser then holds.
REGISTERED = """async () => {
  if (document.readyState !== "complete") await new Promise(ok => addEventListener("load", ok, { once: true }));
  try { await navigator.serviceWorker.register("/sw.js", { scope: "/" }); } catch (e) { /* blocked */ }
  return (await navigator.serviceWorker.getRegistrations()).length;
}"""


@pytest.mark.django_db(transaction=True)
def test_an_ordinary_browser_test_has_no_service_worker(page, live_server):
    page.goto(live_server.url + "/login/")
    assert evaluate_within(page, REGISTERED, what="registering the service worker") == 0
    assert page.evaluate("navigator.serviceWorker.controller") is None


@pytest.mark.service_worker
@pytest.mark.django_db(transaction=True)
def test_a_test_marked_service_worker_has_the_sites_worker(page, live_server):
    page.goto(live_server.url + "/login/")
    assert evaluate_within(page, REGISTERED, what="registering the service worker") == 1
