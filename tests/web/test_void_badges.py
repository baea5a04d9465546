"""Issue 34 item 2: a hand's badge and words say what happened to a deal without a cut. Dealt again after a new cut
in the same record: "complete" and "dealt without a cut — cut and dealt again"; not dealt again: "void — dealt
without a cut"; played on with the uncut cards: void, its words saying so, never "event 0" nor "dealt again"."""

import re

import pytest

from archive.table import services
from tests import factories


def _page(client, family, hand):
    html = client.get(f"/families/{family.slug}/hands/{hand.pk}/").content.decode()
    h1 = re.sub(r"<[^>]+>", " ", re.search(r"(?s)<h1>(.*?)</h1>", html).group(1))
    summary = re.sub(r"<[^>]+>", "", re.search(r'(?s)id="ruling-summary">(.*?)</div>', html).group(1))
    return " ".join(h1.split()), " ".join(summary.split())


def _hand(session, owner, keep):
    record = factories.example_record("04-forgotten-cut")
    record["events"] = keep(record["events"])
    return services.hand_add(session=session, record=record, by=owner)


@pytest.mark.django_db
def test_the_badge_says_what_happened_to_a_deal_without_a_cut(client, family, owner, session):
    client.force_login(owner)
    redealt = _hand(session, owner, lambda evs: evs)
    h1, summary = _page(client, family, redealt)
    assert h1 == "Hand 1 complete dealt without a cut — cut and dealt again"
    assert summary.startswith("Dad dealt without a cut; the cards were cut and dealt again.")


@pytest.mark.django_db
def test_an_uncut_deal_not_dealt_again_is_void_and_says_so(client, family, owner, session):
    client.force_login(owner)
    void = _hand(session, owner, lambda evs: evs[:1])
    h1, summary = _page(client, family, void)
    assert h1 == "Hand 1 void — dealt without a cut"
    assert "was not cut and dealt again in this hand" in summary and "event" not in summary


@pytest.mark.django_db
def test_an_uncut_deal_played_on_is_void_with_no_event_number(client, family, owner, session):
    client.force_login(owner)
    played_on = _hand(session, owner, lambda evs: evs[:1] + evs[3:])  # the wrap, declarations and play follow
    h1, summary = _page(client, family, played_on)
    assert h1 == "Hand 1 void — dealt without a cut"
    assert "should have been cut and dealt again, but the hand was played on" in summary
    assert "event" not in summary and "dealt again" not in h1.replace("cut and dealt again", "")
