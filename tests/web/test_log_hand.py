"""Logging a hand through the page: the money a player would check, and bad records that save nothing."""

import json

import pytest
from django.urls import reverse

from archive.models import Hand, LedgerEntry
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def log_url(family, session):
    return reverse("hand_log", args=[family.slug, session.pk])


def test_the_log_page_offers_the_next_hands_defaults(client_as, log_url, family, session, owner):
    from archive.table import services

    services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
    page = client_as("editor").get(log_url).content.decode()
    config = json.loads(page.split('id="log-config" type="application/json">', 1)[1].split("</script>", 1)[0])
    assert config["players"] == ["Dad", "Uncle Joe", "Mary", "Me"]
    assert config["dealer"] == 1  # left of Dad, who dealt hand 1
    assert config["pot_in"] == 15  # Mary's fall carried
    assert "Hand 2" in page


@pytest.mark.parametrize("field", ["record", "raw"])
def test_logging_the_plain_hand_shows_the_ruling_at_once(client_as, log_url, family, session, field):
    record = factories.example_record("01-plain-hand")
    client = client_as("editor")
    r = client.post(log_url, {field: json.dumps(record)})
    assert r.status_code == 302
    hand = Hand.objects.get(session=session)
    assert r["Location"] == reverse("hand", args=[family.slug, hand.pk])
    page = client.get(r["Location"]).content.decode()
    # Pot 0 + antes 15: each trick 5. Dad wins one (-6+5), Joe two (-3+10), Mary none and falls (-3-15), Me is out.
    for name, net in [("Dad", "−1¢"), ("Uncle Joe", "+7¢"), ("Mary", "−18¢"), ("Me", "−3¢")]:
        cell = page.split(f'data-net="{name}">', 1)[1].split("</td>", 1)[0]
        assert net in cell, (name, cell)
    assert "Mary" in page.split('id="ruling-summary">', 1)[1].split("</div>", 1)[0]
    assert hand.pot_out == 15
    assert sum(LedgerEntry.objects.filter(hand=hand).values_list("amount", flat=True)) == -15


BAD = [
    ("{this is not json", "*"),
    ("[1, 2, 3]", "*"),
    ("", "*"),
]


@pytest.mark.parametrize("text,field", BAD)
def test_unreadable_input_gets_400_and_saves_nothing(client_as, log_url, session, text, field):
    r = client_as("editor").post(log_url, {"raw": text, "record": ""})
    assert r.status_code == 400
    assert "nothing was saved" in r.content.decode()
    assert not Hand.objects.filter(session=session).exists()


def test_a_card_twice_is_a_bad_record_named_in_words(client_as, log_url, session):
    record = factories.example_record("01-plain-hand")
    deal = record["events"][1]
    deal["hands"][1][0] = deal["hands"][0][0]  # Uncle Joe "holds" Dad's Ace of hearts too
    r = client_as("editor").post(log_url, {"raw": json.dumps(record)})
    assert r.status_code == 400
    page = r.content.decode()
    assert "The deal: A♥ is dealt to both Dad and Uncle Joe" in page  # the place and the card in a player's words
    assert not Hand.objects.filter(session=session).exists()
    assert "AH" in page.split('id="id_raw"', 1)[1]  # what was typed is kept in the box to fix


def test_a_play_of_a_card_never_held_is_refused(client_as, log_url, session):
    record = factories.example_record("01-plain-hand")
    record["events"][7]["card"] = "7S"  # Dad leads a card he was never dealt
    r = client_as("editor").post(log_url, {"record": json.dumps(record)})
    assert r.status_code == 400
    assert "The first card played: Dad plays 7♠" in r.content.decode()
    assert not Hand.objects.exists()


def test_viewers_cannot_log(client_as, log_url, session):
    r = client_as("viewer").post(log_url, {"raw": json.dumps(factories.example_record("01-plain-hand"))})
    assert r.status_code == 403
    assert not Hand.objects.exists()
