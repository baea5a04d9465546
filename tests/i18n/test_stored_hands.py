"""Issue 32: a hand ruled while the family read English shows in the reader's language: its words are made
again from the stored record at reading time, its money is the stored one."""

import html

import pytest
from django.urls import reverse

import referee
from archive.table import selectors, services
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_stored_hand_reads_in_czech_with_the_money_it_was_stored_with(client, owner, family, session):
    record = factories.generated_record(session, seed=5)
    hand = services.hand_add(session=session, record=record, by=owner)
    assert hand.ruling["summary"] == referee.replay(hand.record)["summary"]  # stored in English
    czech = referee.replay(hand.record, language="cs")
    said = selectors.ruling_for_reader(hand, "cs")
    assert said["summary"] == czech["summary"] and said["net"] == hand.ruling["net"]
    assert selectors.ruling_for_reader(hand, "en") is hand.ruling

    client.force_login(owner)
    client.post(reverse("language"), {"language": "cs"})
    page = html.unescape(client.get(reverse("hand", args=[family.slug, hand.pk])).content.decode())
    assert '<html lang="cs"' in page
    first_words = czech["summary"].split(".")[0][:30]
    assert first_words in page.replace("\xa0", " ") or first_words in page


def test_the_api_referee_answers_in_the_language_asked(client):
    bad = '{"format": "handrec/1", "game": "chess", "players": [], "events": []}'
    answer = client.post("/api/referee/", bad, content_type="application/json", HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 400 and "не игра" in answer.json()["errors"][0]["message"]
    answer = client.post("/api/referee/", bad, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")
    assert "is not a game" in answer.json()["errors"][0]["message"]
