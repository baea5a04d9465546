"""The API of a dispute's versions: listed, proposed, compared (a JSON diff of the rulings) and settled."""

import pytest

from archive.models import Dispute, Hand
from tests.factories import example_record


def test_versions_are_proposed_listed_compared_and_settled(api, dispute, hands):
    c = api("editor")
    url = f"/api/disputes/{dispute.pk}"
    assert c.get(f"{url}/versions/").json() == []
    r = c.post(f"{url}/versions/", {"record": example_record("05-misdeal"), "why": "Joe had four cards"}, format="json")
    assert r.status_code == 201 and r.json()["number"] == 2 and r.json()["proposed_by"] == "editor"
    listed = api("viewer").get(f"{url}/versions/").json()
    assert [(v["number"], v["as_logged"]) for v in listed] == [(1, True), (2, False)]

    cmp = api("viewer").get(f"{url}/compare/").json()
    assert cmp["players"] == ["Dad", "Uncle Joe", "Mary", "Me"] and cmp["first_difference"] is not None
    logged, misdeal = cmp["versions"]
    assert logged["net"] == [-1, 7, -18, -3] and logged["net_difference"] == [0, 0, 0, 0]
    assert misdeal["net_difference"] == [a - b for a, b in zip(misdeal["net"], logged["net"], strict=True)]
    assert [v["rule"] for v in misdeal["violations_added"]] == ["swik.misdeal"] and misdeal["violations_removed"] == []
    assert misdeal["carry_difference"] == misdeal["pot_out"] - logged["pot_out"]
    assert [h["number"] for h in misdeal["later"]] == [2]  # the night's next hand, re-ruled from this pot
    assert sum(misdeal["night"]) == -misdeal["night_pot"]  # the night started with an empty pot: money is conserved

    r = api("viewer").post(f"{url}/settle/", {"version": 2}, format="json")
    assert r.status_code == 403
    r = c.post(f"{url}/settle/", {"version": 2, "why": "he showed them"}, format="json")
    assert r.status_code == 200 and r.json()["status"] == "resolved" and r.json()["chosen_version"] == 2
    hand = Hand.objects.get(pk=hands[0].pk)
    assert hand.ruling["net"] == misdeal["net"]
    r = c.post(f"{url}/versions/", {"record": example_record("01-plain-hand"), "why": "again"}, format="json")
    assert r.status_code == 400 and "settled already" in str(r.json())


@pytest.mark.parametrize("version", [2, 9])  # 2: the bad record; 9: no such version
def test_settling_a_bad_or_unknown_version_changes_nothing(api, dispute, version):
    c = api("editor")
    url = f"/api/disputes/{dispute.pk}"
    bad = example_record("01-plain-hand")
    at = next(i for i, e in enumerate(bad["events"]) if "card" in e)
    bad["events"][at]["card"] = "ZZ"
    assert c.post(f"{url}/versions/", {"record": bad, "why": "hurried"}, format="json").status_code == 201
    cmp = c.get(f"{url}/compare/").json()
    assert cmp["versions"][1]["errors"][0]["event"] == at and not cmp["versions"][1]["choosable"]
    r = c.post(f"{url}/settle/", {"version": version}, format="json")
    assert r.status_code == 400
    assert Dispute.objects.get(pk=dispute.pk).status == "open"


def test_a_proposal_that_is_no_record_is_refused_in_words(api, dispute):
    r = api("editor").post(f"/api/disputes/{dispute.pk}/versions/", {"record": [1], "why": "x"}, format="json")
    assert r.status_code == 400
