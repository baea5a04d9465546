"""Issue 34: the user's guide. The "How to" page (docs/guide.md) is linked from the home page and from a new
family's empty states, and its phone screenshots are taken again here from the demo, so they never go stale
(a few screens of a small demo, at 390x844, into static/guide/). The demo's today is pinned and the new session's
clock set, so the same pages give the same pictures; a picture is written only when it changed, and a run that
changed nothing leaves the working tree clean."""

import hashlib
import json
from datetime import date
from pathlib import Path

import pytest
from django.core.management import call_command

from archive.models import Family, Hand, Session
from archive.stats.services import stats_recompute
from tests import factories
from tests.browser.support import BROWSER, expect, login

pytestmark = BROWSER

TODAY = "2026-03-06"  # the demo's today: the nights, their dates and the pages stay the same from run to run
SHOTS = Path(__file__).resolve().parents[2] / "static" / "guide"
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide.md"
STEPS = (
    "Start a family",
    "Invite members",
    "Start a night",
    "Log a hand",
    "Fix a hand",
    "Open and settle a dispute",
    "Read the statistics",
    "Settle up",
    "Export",
)


@pytest.mark.django_db(transaction=True)
def test_the_guide_is_linked_from_home_and_a_new_familys_empty_states(page, live_server, owner):
    family = factories.make_family(owner, "The New family")
    login(page, live_server.url)
    page.locator("#how-to-link a").click()
    expect(page.locator("h1")).to_have_text("How to keep your family's card nights")
    for step in STEPS:
        expect(page.locator("#guide h2", has_text=step)).to_have_count(1)
    for path in ("/", "/stats/"):
        page.goto(live_server.url + f"/families/{family.slug}{path}")
        expect(page.locator("a.how-to").first).to_be_visible()
    page.goto(live_server.url + f"/families/{family.slug}/")
    page.locator("a.how-to").first.click()
    expect(page.locator("#start-a-night")).to_be_visible()


PAGES = Path(__file__).resolve().parents[1] / "data" / "guide-pages.json"  # what each picture showed, by its words
SAID = (
    "() => document.body.innerText + [...document.querySelectorAll('script[type=\"application/json\"]')]"
    ".map(s => s.textContent).join('')"
)


def _keep(path, png, said, seen):
    """Write the picture only when its page says something else than when it was taken (its words and its
    charts' numbers): a chart drawn a pixel apart from one run to the next leaves the file alone."""
    digest = hashlib.sha256(said.encode()).hexdigest()
    if not path.exists() or seen.get(path.stem) != digest:
        path.write_bytes(png)
        seen[path.stem] = digest
    return path


@pytest.mark.django_db(transaction=True)
def test_the_guides_phone_screenshots_are_taken_from_the_demo(page, live_server):
    call_command(
        "demo", hands=120, hands_per_night=30, seed=5, today=date.fromisoformat(TODAY), stdout=open("/dev/null", "w")
    )
    family = Family.objects.get(name="The Novák family")
    stats_recompute(family=family)
    session = Session.objects.filter(family=family, game="swik").first()
    hand = Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("-number").first()
    login(page, live_server.url, who="demo", password="demo")
    base = live_server.url + f"/families/{family.slug}"
    screens = {
        "01-families": live_server.url + "/",
        "02-new-session": base + "/sessions/new/",
        "03-log-hand": base + f"/sessions/{session.pk}/log/",
        "04-hand": base + f"/hands/{hand.pk}/",
        "05-statistics": base + f"/stats/?to={TODAY}",  # the chart runs to the demo's today, not the clock's
        "06-settle": base + f"/stats/sessions/{session.pk}/",
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    written = []
    seen = json.loads(PAGES.read_text(encoding="utf-8")) if PAGES.exists() else {}
    for name, url in screens.items():
        page.goto(url)
        page.wait_for_load_state("networkidle")
        if name == "02-new-session":
            page.fill("#id_date", TODAY)  # the form starts on the clock's now: the picture on a fixed night
            page.fill("#id_time", "19:00")
        if name == "06-settle":
            page.locator("#settle").scroll_into_view_if_needed()  # the transfers, below the chart
        shot = page.screenshot()  # the phone's screen, not the whole page: small files
        written.append(_keep(SHOTS / f"{name}.png", shot, page.evaluate(SAID), seen))
    assert len(written) == len(screens)
    text = json.dumps(seen, indent=1, sort_keys=True) + "\n"
    if not PAGES.exists() or PAGES.read_text(encoding="utf-8") != text:
        PAGES.write_text(text, encoding="utf-8")
    # The guide names every picture taken here, and the page shows each one.
    text = GUIDE.read_text(encoding="utf-8")
    assert all(f"../static/guide/{name}.png" in text for name in screens)
    page.goto(live_server.url + "/how-to/")
    sizes = page.evaluate("() => [...document.querySelectorAll('#guide img')].map(i => i.naturalWidth)")
    assert len(sizes) == len(screens) and all(sizes), sizes
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the page fits the phone
