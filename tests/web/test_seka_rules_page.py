"""Seka's rule book on the site: every rule id the referee gives a violation links to its paragraph."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
RULE_IDS = sorted(set(re.findall(r'"(seka\.[a-z-]+)"', (ROOT / "referee/games/seka/table.py").read_text())))


def test_the_referee_names_the_violations_of_the_issue():
    assert {
        "seka.under-stake",
        "seka.out-of-turn",
        "seka.call-too-early",
        "seka.blind-after-look",
        "seka.late-exchange",
        "seka.foul-hand",
    } <= set(RULE_IDS)


@pytest.mark.django_db
def test_the_rules_page_anchors_every_seka_rule_id(client, owner, family):
    client.force_login(owner)
    page = client.get(f"/families/{family.slug}/rules/seka/").content.decode()
    for rule_id in RULE_IDS:
        assert f'<a id="{rule_id}">' in page, rule_id
    assert "Svara" in page and "../seeds" not in page
