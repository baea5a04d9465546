"""The statistics page on a phone writes every count one way: 1,234, as it writes 27,892 hands (it wrote "17550
falls" and "9429" tricks beside them)."""

import re

import pytest
from django.core.management import call_command

from archive.models import Family
from archive.stats.services import stats_recompute
from tests.browser.support import BROWSER, login

pytestmark = BROWSER

# Every number the page's facts and tables show (the charts' axes and the date fields are not counts).
NUMBERS = """() => [...document.querySelectorAll('ul.facts li, table.data td.num')].map(e => e.textContent)"""


@pytest.mark.django_db(transaction=True)
def test_the_statistics_write_every_count_with_its_thousands_apart(page, live_server):
    call_command("demo", hands=3000, hands_per_night=40, seed=3, stdout=open("/dev/null", "w"))
    family = Family.objects.get(name="The Novák family")
    stats_recompute(family=family)  # counted here: with a real worker the page might come before its job
    login(page, live_server.url, who="demo", password="demo")
    page.goto(live_server.url + f"/families/{family.slug}/stats/")
    texts = page.evaluate(NUMBERS)
    # each number not part of a date ("Fri Sep 4, 2026") or of money ("$1,234.50")
    counts = [n for t in texts for n in re.findall(r"(?<![\d,.$])(?<!\d, )\d[\d,]*(?![\d.])", t)]
    assert any(len(n) > 4 for n in counts)  # thousands there are: hands, falls, tricks
    bare = [n for n in counts if len(n) >= 4 and "," not in n]
    assert not bare, bare
