"""Issue 34: a refused record on the dispute page (its corrected record) and in an import's results is said in a
player's words: "The deal: A♥ is dealt to both Dad and Uncle Joe", never "event 1 (deal): AH … (seat 0)"."""

import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from archive.models import Dispute
from tests import factories

DEVELOPER = ("event 1", "(seat 0)", "(seat 1)", " AH ", "(deal)")
SAID = "The deal: A♥ is dealt to both Dad and Uncle Joe"


def _dealt_twice():
    record = factories.example_record("01-plain-hand")
    deal = next(e for e in record["events"] if e["action"] == "deal")
    deal["hands"][1][0] = deal["hands"][0][0]  # Dad's A♥ dealt to Uncle Joe as well
    return record


def _said(page):
    return [w for w in DEVELOPER if w in page]


def test_a_disputes_corrected_record_refused_in_a_players_words(client_as, family, hands):
    client = client_as("editor")
    client.post(reverse("dispute_new", args=[family.slug, hands[0].pk]), {"title": "A♥ twice?", "text": "Look."})
    d = Dispute.objects.get(title="A♥ twice?")
    r = client.post(
        reverse("dispute", args=[family.slug, d.pk]),
        {"resolve": "1", "resolution": "Fixed.", "record": json.dumps(_dealt_twice())},
    )
    assert r.status_code == 400
    page = r.content.decode()
    assert SAID in page
    assert not _said(page.split('class="errors-box"', 1)[1].split("</div>", 1)[0])


def test_an_imports_refused_line_in_a_players_words(client_as, client, family, hands, owner):
    body = b"".join(client_as("viewer").get(reverse("history_export", args=[family.slug])).streaming_content)
    line = json.loads(body.splitlines()[0])
    bad = _dealt_twice()
    line["events"] = bad["events"]
    other = factories.make_family(owner, name="The Other family")
    client.force_login(owner)
    r = client.post(
        reverse("history_import", args=[other.slug]),
        {"file": SimpleUploadedFile("h.jsonl", (json.dumps(line) + "\n").encode())},
    )
    page = r.content.decode()
    assert "Nothing was imported" in page
    box = page.split('class="errors-box"', 1)[1].split("</div>", 1)[0]
    assert "A♥ is dealt to both Dad and Uncle Joe" in box, box
    assert not _said(box), box
