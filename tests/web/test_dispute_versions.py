"""The dispute page's versions: proposed by paste or through the card picker, compared, settled."""

import json

from django.urls import reverse

from archive.models import Dispute, DisputeVersion, Hand
from tests.factories import example_record


def _url(family, dispute):
    return reverse("dispute", args=[family.slug, dispute.pk])


def _paste(client, family, dispute, record_text, why):
    """A record pasted in the record box of the hand's page opened to propose a version (no JSON box on the
    dispute page itself, issue 10)."""
    return client.post(
        reverse("hand_edit", args=[family.slug, dispute.hand_id]),
        {"source": "raw", "raw": record_text, "record": "", "why": why, "dispute": str(dispute.pk), "propose": "1"},
    )


def test_a_pasted_version_is_compared_beside_the_hand_as_logged_and_settled(client_as, family, dispute, hands):
    client = client_as("editor")
    r = _paste(client, family, dispute, json.dumps(example_record("05-misdeal")), "Joe had four cards")
    assert r.status_code == 302 and r["Location"].endswith("#compare")
    page = client.get(_url(family, dispute)).content.decode()
    assert "The versions, ruled side by side" in page and "Version 2" in page and "As logged" in page
    assert "swik.misdeal" in page and "Joe had four cards" in page and "▶" in page
    assert 'id="money-table"' in page and 'id="night-table"' in page  # hand 2 follows: the night's money
    money = page[page.index('id="money-table"') : page.index('id="night-table"')]
    assert "−18¢" in money  # Mary's fall as logged, beside the misdeal version's money
    r = client.post(_url(family, dispute), {"settle": "1", "version": "2", "why": "he showed them"})
    assert r.status_code == 302
    d = Dispute.objects.get(pk=dispute.pk)
    assert d.status == "resolved" and d.chosen_version.number == 2
    hand = Hand.objects.get(pk=hands[0].pk)
    assert [v["rule"] for v in hand.ruling["violations"]] == ["swik.misdeal"]
    page = client.get(_url(family, dispute)).content.decode()
    assert "chosen" in page and "Settle: choose" not in page and "Put forward a version" not in page


def test_the_picker_proposes_a_version_and_leaves_the_hand_alone(client_as, family, dispute, hands):
    client = client_as("editor")
    edit_url = reverse("hand_edit", args=[family.slug, hands[0].pk])
    page = client.get(edit_url + f"?dispute={dispute.pk}&propose=1").content.decode()
    assert "Propose a version of hand 1" in page and 'name="propose" value="1"' in page
    rec = example_record("05-misdeal")
    r = client.post(
        edit_url,
        {
            "source": "raw",
            "raw": json.dumps(rec),
            "record": "",
            "why": "Mary's story",
            "dispute": str(dispute.pk),
            "propose": "1",
        },
    )
    assert r.status_code == 302 and r["Location"] == _url(family, dispute) + "#compare"
    assert Hand.objects.get(pk=hands[0].pk).revision == 1
    assert DisputeVersion.objects.get(dispute=dispute, number=2).why == "Mary's story"


def test_bad_input_is_shown_in_words_and_a_viewer_cannot_propose(client_as, family, dispute):
    client = client_as("editor")
    r = _paste(client, family, dispute, "{not json", "x")
    assert r.status_code == 400 and "nothing was saved" in r.content.decode()
    assert 'class="mono"' not in client.get(_url(family, dispute)).content.decode()  # no JSON box here (issue 10)
    bad = example_record("01-plain-hand")
    at = next(i for i, e in enumerate(bad["events"]) if "card" in e)
    bad["events"][at]["card"] = "ZZ"
    _paste(client, family, dispute, json.dumps(bad), "hurried")
    page = client.get(_url(family, dispute)).content.decode()
    assert "The referee refuses this version; it cannot be chosen." in page and "settle-2" not in page
    r = client.post(_url(family, dispute), {"settle": "1", "version": "2"})
    assert r.status_code == 400 and "cannot be chosen" in r.content.decode()
    viewer = client_as("viewer")
    assert _paste(viewer, family, dispute, "{}", "x").status_code == 403
