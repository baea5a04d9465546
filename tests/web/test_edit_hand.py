"""Editing a logged hand through its page: who may, the money a player would check after the change,
and bad input that re-shows what was typed with nothing saved."""

import json

import pytest
from django.urls import reverse

from archive.models import Hand, HandRevision, LedgerEntry
from archive.table import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def edit_url(family, hands):
    return reverse("hand_edit", args=[family.slug, hands[0].pk])


def config_of(page):
    return json.loads(page.split('id="log-config" type="application/json">', 1)[1].split("</script>", 1)[0])


def by_winner(record, winners):
    """The same hand with its tricks given only by who won them (as a family often remembers it)."""
    rec = json.loads(json.dumps(record))
    rec["events"] = [e for e in rec["events"] if e["action"] != "play"] + [
        {"action": "trick", "winner": w} for w in winners
    ]
    return rec


def nets(hand):
    hand.refresh_from_db()
    by_seat = {}
    for seat, amount in LedgerEntry.objects.filter(hand=hand).values_list("seat", "amount"):
        by_seat[seat] = by_seat.get(seat, 0) + amount
    return [by_seat.get(s, 0) for s in range(4)]


@pytest.mark.parametrize(
    "role,get_status,post_status", [("stranger", 404, 404), ("viewer", 403, 403), ("editor", 200, 302)]
)
def test_who_may_edit(client_as, edit_url, hands, role, get_status, post_status):
    client = client_as(role)
    assert client.get(edit_url).status_code == get_status
    rec = by_winner(hands[0].record, [0, 1, 2])
    r = client.post(
        edit_url, {"source": "picker", "record": json.dumps(rec), "raw": "", "why": "Mary won the last trick"}
    )
    assert r.status_code == post_status
    hands[0].refresh_from_db()
    assert (hands[0].revision == 2) == (role == "editor")


def test_the_page_hands_the_stored_record_to_the_picker(client_as, edit_url, hands):
    page = client_as("editor").get(edit_url).content.decode()
    config = config_of(page)
    assert config["record"] == hands[0].record  # every event, for the picker to show
    assert config["players"] == ["Dad", "Uncle Joe", "Mary", "Me"] and config["dealer"] == 0
    # The record box holds the same record, for the rules lawyer and for a hand the picker cannot show.
    raw = page.split('id="id_raw"', 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]
    assert json.loads(raw.replace("&quot;", '"')) == hands[0].record
    assert 'name="why"' in page and "Mary fell" in page  # the ruling as it stands now


def test_a_changed_trick_winner_re_rules_this_hand_and_the_next(client_as, family, edit_url, hands, editor):
    h1, h2 = hands
    # Before: pot 0 + antes 15, each trick 5; Dad 1, Joe 2, Mary none: she falls, 15 carries to hand 2.
    assert nets(h1) == [-1, 7, -18, -3] and h1.pot_out == 15
    # Hand 2 (Dad dealt uncut: 3 penalty): pot 15 + antes 15 + 3 = 33, each trick 11 to Joe, Mary and Me.
    assert nets(h2) == [-9, 8, 8, 8]
    rec = by_winner(h1.record, [0, 1, 2])  # Mary, not Joe, won the third trick
    r = client_as("editor").post(
        edit_url,
        {
            "source": "picker",
            "record": json.dumps(rec),
            "raw": "{not even json",
            "why": "Mary showed she won the last trick",
        },
    )
    assert r.status_code == 302 and r["Location"] == reverse("hand", args=[family.slug, h1.pk])
    # After: each in won a trick, nobody falls: Joe -3 + 5, Mary -3 + 5; nothing carries.
    assert nets(h1) == [-1, 2, 2, -3] and h1.pot_out == 0
    # Hand 2 now starts from an empty pot: 18, each trick 6.
    assert nets(h2) == [-9, 3, 3, 3] and h2.pot_in == 0
    rev = HandRevision.objects.filter(hand=h1).order_by("-number").first()
    assert (
        rev.why == "Mary showed she won the last trick" and rev.by == editor and rev.record["events"][-1]["winner"] == 2
    )
    assert HandRevision.objects.filter(hand=h2).count() == 2  # the next hand was re-ruled, and says so
    page = client_as("editor").get(r["Location"]).content.decode()
    assert "Mary took one trick" in page.split('id="ruling-summary">', 1)[1].split("</div>", 1)[0]


def test_the_record_box_is_saved_when_it_is_the_source(client_as, edit_url, hands):
    rec = by_winner(hands[0].record, [0, 1, 2])
    r = client_as("editor").post(
        edit_url,
        {"source": "raw", "record": json.dumps(hands[0].record), "raw": json.dumps(rec), "why": "typed by hand"},
    )
    assert r.status_code == 302
    assert nets(hands[0]) == [-1, 2, 2, -3]


def test_without_javascript_the_record_box_is_saved(client_as, edit_url, hands):
    rec = by_winner(hands[0].record, [0, 1, 2])
    r = client_as("editor").post(edit_url, {"source": "raw", "record": "", "raw": json.dumps(rec), "why": "no JS"})
    assert r.status_code == 302 and nets(hands[0]) == [-1, 2, 2, -3]


def test_a_missing_why_saves_nothing_and_keeps_the_edit(client_as, edit_url, hands):
    rec = by_winner(hands[0].record, [0, 1, 2])
    r = client_as("editor").post(edit_url, {"source": "picker", "record": json.dumps(rec), "raw": "", "why": "  "})
    assert r.status_code == 400
    page = r.content.decode()
    assert "nothing was saved" in page and "Say why the hand is changed" in page
    assert config_of(page)["record"] == rec  # the picker comes back as it was left, not as stored
    h = Hand.objects.get(pk=hands[0].pk)
    assert h.revision == 1 and nets(h) == [-1, 7, -18, -3]


BAD = [
    # (what was typed in the record box, words the page must say)
    ("{this is not json", "JSON"),
    (
        '{"format": "handrec/1", "events": [{"action": "cut", "seat": 9, "card": null}]}',
        "The cut: it names player 10, but this table has only 4 players",
    ),
]


@pytest.mark.parametrize("text,words", BAD)
def test_a_bad_record_gets_400_with_the_referees_words_and_saves_nothing(client_as, edit_url, hands, text, words):
    before = (hands[0].record, hands[0].ruling, hands[1].ruling)
    r = client_as("editor").post(
        edit_url, {"source": "raw", "record": json.dumps(hands[0].record), "raw": text, "why": "Joe says so"}
    )
    assert r.status_code == 400
    page = r.content.decode()
    errors = page.split('id="record-errors"', 1)[1].split("</div>", 1)[0]
    assert "nothing was saved" in errors and words in errors
    assert "Joe says so" in page and (text.replace('"', "&quot;") in page)  # what was typed is kept
    assert config_of(page)["source"] == "raw"  # the page reopens on the record box
    for h in hands:
        h.refresh_from_db()
        assert h.revision == 1
    assert (hands[0].record, hands[0].ruling, hands[1].ruling) == before
    assert nets(hands[0]) == [-1, 7, -18, -3]


def test_a_picker_record_the_referee_refuses_is_shown_back(client_as, edit_url, hands):
    rec = json.loads(json.dumps(hands[0].record))
    rec["events"][1]["hands"][0][0] = "KH"  # the King of hearts dealt twice
    r = client_as("editor").post(edit_url, {"source": "picker", "record": json.dumps(rec), "raw": "", "why": "typo"})
    assert r.status_code == 400
    assert "K♥" in r.content.decode().split('id="record-errors"', 1)[1].split("</div>", 1)[0]
    assert config_of(r.content.decode())["record"] == rec
    assert Hand.objects.get(pk=hands[0].pk).revision == 1


def test_a_correction_with_a_dispute_resolves_only_an_open_dispute_of_that_hand(
    client_as, family, edit_url, hands, editor
):
    h1, h2 = hands
    mine = services.dispute_open(hand=h1, title="Mary won the last trick", text="She did", by=editor)
    other = services.dispute_open(hand=h2, title="No cut?", text="Dad forgot", by=editor)
    client = client_as("editor")
    page = client.get(edit_url + f"?dispute={mine.pk}").content.decode()
    assert "How did the table settle it?" in page and f'name="dispute" value="{mine.pk}"' in page
    # Another hand's dispute (or a number that is no dispute) is not offered: a plain edit.
    for bad in (str(other.pk), "x", "9" * 40):
        page = client.get(edit_url + f"?dispute={bad}").content.decode()
        assert "How did the table settle it?" not in page and 'name="dispute"' not in page
    rec = by_winner(h1.record, [0, 1, 2])
    r = client.post(
        edit_url,
        {"source": "picker", "record": json.dumps(rec), "raw": "", "why": "Mary showed it", "dispute": str(mine.pk)},
    )
    assert r.status_code == 302 and r["Location"] == reverse("dispute", args=[family.slug, mine.pk])
    mine.refresh_from_db()
    other.refresh_from_db()
    assert mine.status == "resolved" and mine.resolution == "Mary showed it" and mine.ruling_revision.number == 2
    assert other.status == "open"
    assert nets(h1) == [-1, 2, 2, -3]  # the corrected hand is re-ruled: nobody falls
