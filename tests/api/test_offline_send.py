"""Issue 35: a hand logged on a phone with no network is sent with the number it was logged as. If the night
moved on meanwhile (another phone logged that hand), it is refused, 409, never merged: a dispute on the hand
that took the number holds the phone's version beside the archive's."""

import json

from archive.models import Dispute, Hand
from tests import factories


def send(c, session, record, key, number):
    body = {"session": session.pk, "record": record, "number": number}
    return c.post("/api/hands/", body, format="json", headers={"Idempotency-Key": key})


def test_a_hand_sent_as_the_nights_next_hand_is_added(api, session):
    r = send(api("editor"), session, factories.example_record("01-plain-hand"), "phone-1", 1)
    assert r.status_code == 201 and r.json()["number"] == 1


def test_a_hand_whose_number_was_taken_meanwhile_is_refused_and_disputed_with_both_versions(api, session):
    c = api("editor")
    taken = send(c, session, factories.example_record("01-plain-hand"), "other-phone", 1).json()
    mine = factories.example_record("04-forgotten-cut")
    r = send(c, session, mine, "this-phone", 1)
    assert r.status_code == 409
    doc = r.json()
    assert doc["errors"][0]["field"] == "number"
    assert "logged as the night's next hand on a phone with no network" in doc["errors"][0]["message"]
    assert "at hand 2 now" in doc["errors"][0]["message"]
    assert Hand.objects.filter(session=session).count() == 1  # nothing merged
    dispute = Dispute.objects.get()
    assert dispute.hand_id == taken["id"] and dispute.title == "Hand 1 was logged twice"
    assert doc["dispute"] == f"/families/{session.family.slug}/disputes/{dispute.pk}/"
    text = dispute.messages.get().text
    assert taken["summary"] in text and json.dumps(mine["events"][0], ensure_ascii=False) in text


def test_a_hand_sent_again_with_its_key_is_the_first_hand_even_with_its_old_number(api, session):
    c = api("editor")
    first = send(c, session, factories.example_record("01-plain-hand"), "phone-1", 1)
    again = send(c, session, factories.example_record("01-plain-hand"), "phone-1", 1)
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert Dispute.objects.count() == 0


def test_without_a_number_the_api_logs_the_next_hand_as_before(api, session):
    c = api("editor")
    send(c, session, factories.example_record("01-plain-hand"), "a", 1)
    r = c.post(
        "/api/hands/", {"session": session.pk, "record": factories.example_record("04-forgotten-cut")}, format="json"
    )
    assert r.status_code == 201 and r.json()["number"] == 2
