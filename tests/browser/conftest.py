import pytest

from tests.browser.support import CHROMIUM, sync_playwright


@pytest.fixture
def page(request, monkeypatch):
    """A phone-sized page in Debian's Chromium; fails the test if the site's JavaScript logged an error.

    Each test has its own browser and context. The site's service worker (/sw.js, registered on every page) is
    blocked there: it would answer the test's requests from its caches, past the test's routes, and fetch the
    whole of Pyodide into its cache behind the test's back. Only a test marked `service_worker` (the offline
    night) has it."""
    # Playwright's sync API runs an event loop in this thread; Django would refuse its ORM calls.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        # A phone-sized window: the form is meant for the table.
        workers = "allow" if request.node.get_closest_marker("service_worker") else "block"
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, device_scale_factor=1, service_workers=workers
        )
        pg = context.new_page()
        pg.set_default_timeout(15000)
        errors = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        # A 400 page is expected (the bad-record tests), and a 409 (an offline hand whose number was taken,
        # shown on the page as a dispute); any other console error is a bug.
        expected = ("status of 400", "status of 409")
        pg.on(
            "console",
            lambda msg: msg.type == "error" and not any(e in msg.text for e in expected) and errors.append(msg.text),
        )
        pg.js_errors = errors
        yield pg
        assert not errors, errors  # the pages' JavaScript ran without an error
        context.close()
        browser.close()
