"""Seka's rule book on the site: every rule id the referee gives a violation links to its paragraph."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = "".join(p.read_text() for p in sorted((ROOT / "referee/games/seka").glob("*.py")) if p.name != "generate.py")
RULE_IDS = sorted(set(re.findall(r'"(seka\.[a-z-]+)"', SOURCES)))


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


@pytest.mark.django_db
def test_a_seka_session_of_the_open_variant_from_the_new_session_form(client, owner, family):
    from django.urls import reverse

    from archive.models import Session

    client.force_login(owner)
    page = client.get(reverse("session_new", args=[family.slug])).content.decode()
    assert 'id="variant-seka"' in page and 'name="hr-seka-wild"' in page
    r = client.post(
        reverse("session_new", args=[family.slug]),
        {
            "game": "seka",
            "variant": "open",
            "date": "2024-06-01",
            "time": "20:00",
            "timezone": "America/Chicago",
            "place": "the dacha",
            "first_dealer": "0",
            "pot_in": "0",
            "seat_guest": ["Vasya", "Tolya", "Dasha"],
            "hr-seka-ante": "10",
            "hr-seka-min_raise": "1",
            "hr-seka-blind": "on",
            "hr-seka-low_trips": "on",
            "hr-seka-wild": "none",
            "hr-seka-svara_buy_in": "full",
            "rules_shown": "seka",
        },
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    s = Session.objects.get(place="the dacha")
    assert (s.game, s.variant) == ("seka", "open")
    assert s.house_rules == {"ante": 10, "wild": "none", "svara_buy_in": "full"}
