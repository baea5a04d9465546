"""Issue 34: the user's guide. The "How to" page (docs/guide.md) is linked from the home page and from a new
family's empty states, and its phone screenshots are taken again here from the demo, so they never go stale
(a few screens of a small demo, at 390x844, into static/guide/)."""

from pathlib import Path

import pytest
from django.core.management import call_command

from archive.models import Family, Hand, Session
from archive.stats.services import stats_recompute
from tests import factories
from tests.browser.support import BROWSER, expect, login

pytestmark = BROWSER

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


@pytest.mark.django_db(transaction=True)
def test_the_guides_phone_screenshots_are_taken_from_the_demo(page, live_server):
    call_command("demo", hands=120, hands_per_night=30, seed=5, stdout=open("/dev/null", "w"))
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
        "05-statistics": base + "/stats/",
        "06-settle": base + f"/stats/sessions/{session.pk}/",
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, url in screens.items():
        page.goto(url)
        page.wait_for_load_state("networkidle")
        if name == "06-settle":
            page.locator("#settle").scroll_into_view_if_needed()  # the transfers, below the chart
        page.screenshot(path=str(SHOTS / f"{name}.png"))  # the phone's screen, not the whole page: small files
    # The guide names every picture taken here, and the page shows each one.
    text = GUIDE.read_text(encoding="utf-8")
    assert all(f"../static/guide/{name}.png" in text for name in screens)
    page.goto(live_server.url + "/how-to/")
    sizes = page.evaluate("() => [...document.querySelectorAll('#guide img')].map(i => i.naturalWidth)")
    assert len(sizes) == len(screens) and all(sizes), sizes
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the page fits the phone
