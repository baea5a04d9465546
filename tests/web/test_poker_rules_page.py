"""Poker's rule book on the site: every rule id the referee gives a violation links to its paragraph."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
RULE_IDS = sorted(set(re.findall(r'"(poker\.[a-z-]+)"', (ROOT / "referee/games/poker/table.py").read_text())))


def test_the_referee_names_the_violations_of_the_issue():
    assert set(RULE_IDS) == {
        "poker.out-of-turn",
        "poker.wrong-call",
        "poker.raise-under-min",
        "poker.raise-over-max",
        "poker.foul-hand",
    }


@pytest.mark.django_db
def test_the_rules_page_anchors_every_poker_rule_id(client, owner, family):
    client.force_login(owner)
    page = client.get(f"/families/{family.slug}/rules/poker/").content.decode()
    for rule_id in RULE_IDS:
        assert f'<a id="{rule_id}">' in page, rule_id
    assert "five of a kind" in page.lower() and "../seeds" not in page
