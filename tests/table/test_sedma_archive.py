"""Sedma hands in the archive as Swik's: a dispute settled by a corrected record (a revision, the later deals
re-ruled), and a history exported and imported with the same rulings."""

import random

import pytest

from archive.history import export, imports
from archive.models import Hand, Session
from archive.table import services
from referee.games.sedma.generate import sedma_deal
from tests import factories

pytestmark = pytest.mark.django_db
NAMES = ("Babička", "Děda", "Jana", "Petr")


def _evening(family, owner, variant="4p", deals=5):
    names = NAMES[: {"4p": 4, "2p": 2, "3p": 3}[variant]]
    session = services.session_create(
        family=family,
        game="sedma",
        variant=variant,
        started_at=factories.make_session(family, owner).started_at,
        timezone="America/Chicago",
        players=[factories.player(family, n, owner) for n in names],
        by=owner,
        key=f"sedma-{variant}",
    )
    rng = random.Random(3)
    for k in range(deals):
        d = services.session_next_hand_defaults(session=session)
        rec = sedma_deal(rng, variant, list(names), d["dealer"], {}, number=k + 1)
        rec["deal"] = k + 1 if variant == "4p" else None
        if rec["deal"] is None:
            rec.pop("deal")
        services.hand_add(session=session, record=rec, by=owner)
    return session


def test_a_dispute_settled_with_a_corrected_deal(family, owner):
    session = _evening(family, owner)
    hand = session.hands.order_by("number").first()
    dispute = services.dispute_open(hand=hand, title="Jana's Seven", text="she played it later", by=owner)
    fixed = dict(hand.record)
    ev = dict(fixed["events"][0], hands=[None] * 4)
    fixed["events"] = [ev, {"action": "points", "points": [70, 20]}]
    services.dispute_resolve(dispute=dispute, resolution="counted on paper", by=owner, record=fixed)
    hand.refresh_from_db()
    assert hand.revision == 2 and hand.ruling["score"]["points"] == [70, 20]
    assert hand.ruling["score"]["sides"] == [[0, 2], [1, 3]]


def test_export_and_import_give_the_same_sedma_rulings(family, owner):
    for variant in ("4p", "2p", "3p"):
        _evening(family, owner, variant)
    lines = list(export.history_export(family=family))
    other = factories.make_family(owner, name="The Copy family")
    result = imports.history_import(family=other, lines=lines, by=owner)
    assert result["errors"] == [] and result["added"] == len(lines)

    def rulings(fam):
        return sorted(
            (h.session.variant, h.number, h.ruling["score"] and h.ruling["score"]["players"], h.ruling["net"])
            for h in Hand.objects.filter(session__family=fam, session__game="sedma").select_related("session")
        )

    assert rulings(other) == rulings(family) and len(rulings(family)) == 15
    assert set(Session.objects.filter(family=other, game="sedma").values_list("variant", flat=True)) == {
        "4p",
        "2p",
        "3p",
    }
