"""Issue 31 on a phone: the demo's misdeal dispute, with the family's long names and a difference beside each
amount, fits 390 px: no page wider than the screen, no comparison table cut by its box."""

import pytest
from django.core.management import call_command

from archive.models import Dispute
from tests.browser.support import BROWSER, login

pytestmark = BROWSER

CUT_TABLES = """[...document.querySelectorAll('table')].filter(t =>
  t.getBoundingClientRect().right > window.innerWidth + 0.5 || t.scrollWidth > t.parentElement.clientWidth + 1
).map(t => t.id || t.className)"""


@pytest.mark.django_db(transaction=True)
def test_the_demo_misdeal_comparison_fits_a_phone(page, live_server):
    call_command("demo", hands=400)
    dispute = Dispute.objects.filter(title="That was a misdeal!").exclude(versions=None).get()
    login(page, live_server.url, who="demo", password="demo")
    page.goto(f"{live_server.url}/families/{dispute.family.slug}/disputes/{dispute.pk}/")
    page.wait_for_selector("#money-table")
    assert page.evaluate(CUT_TABLES) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
