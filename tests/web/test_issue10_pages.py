"""Issue 10, the pages without a browser: statistics in the family's time zone and only its games, house
rules in sentences, the rules page's anchors, and the demo's progress."""

import io
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command

from archive.stats import tasks
from archive.table import services
from referee.games import MODULES, PLANNED
from tests import factories

CHICAGO = ZoneInfo("America/Chicago")


@pytest.mark.django_db
def test_statistics_list_a_friday_night_session_on_friday_and_only_games_the_family_can_play(client, owner, family):
    session = factories.make_session(family, owner, started_at=datetime(2024, 3, 1, 19, 30, tzinfo=CHICAGO))
    services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    tasks.recompute_stats(family_id=family.id)
    client.force_login(owner)
    page = client.get(f"/families/{family.slug}/stats/").content.decode()
    assert "Fri Mar 1, 2024" in page and "Sat Mar 2, 2024" not in page  # 7:30 PM in Chicago is 1:30 UTC the next day
    for game in PLANNED:  # (games the referee does not know yet)
        assert f'value="{game}"' not in page
    assert all(f'value="{g}"' in page for g in MODULES)  # the games the referee knows


@pytest.mark.django_db
def test_house_rules_read_as_sentences_and_the_rules_page_anchors_every_rule_id(client, owner, family):
    factories.make_session(family, owner, house_rules={"lone_player": "plays_blind", "ante": 5})
    client.force_login(owner)
    session_page = client.get(f"/families/{family.slug}/sessions/{family.sessions.first().pk}/").content.decode()
    assert "plays_blind" not in session_page and "that player plays against the bl" in session_page
    rules = client.get(f"/families/{family.slug}/rules/swik/").content.decode()
    for rule_id in ("swik.revoke", "swik.no-cut", "swik.misdeal", "swik.declare-order"):
        assert f'<a id="{rule_id}">' in rules
    assert "dealer_ante" not in rules.replace('title="dealer_ante"', "").replace('data-rule="dealer_ante"', "")
    assert "5¢" in rules
    assert client.get(f"/families/{family.slug}/rules/nothing/").status_code == 404


@pytest.mark.django_db
def test_the_demo_shows_its_progress():
    out = io.StringIO()
    call_command("demo", hands=20, hands_per_night=10, no_edits=True, stdout=out)
    text = out.getvalue()
    assert "[" in text and "of" in text and "nights" in text and "statistics" in text
