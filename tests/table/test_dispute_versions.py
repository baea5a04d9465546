"""A dispute's versions of its hand: proposed, ruled side by side (money, violations, what each carries into
the night), and settled."""

import json
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from archive.models import AuditEntry, Dispute, DisputeVersion, Hand, HandRevision, Seat
from archive.table import services
from archive.table.selectors.disputes import dispute_comparison
from tests import factories
from tests.factories import example_record

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture
def night(session, owner):
    """Three hands: the plain hand (Mary falls, 20 carries), the forgotten cut, the plain hand again."""
    hands = [
        services.hand_add(session=session, record=example_record(name), by=owner)
        for name in ("01-plain-hand", "04-forgotten-cut", "01-plain-hand")
    ]
    return hands


@pytest.fixture
def dispute(night, editor):
    return services.dispute_open(hand=night[0], title="That was a misdeal!", text="Joe had four cards", by=editor)


def _seat_nets(session):
    return [s.net for s in Seat.objects.filter(session=session).order_by("position")]


# ---------------------------------------------------------------- proposing


def test_a_proposal_keeps_the_hand_as_logged_as_version_1_and_leaves_the_hand_untouched(dispute, editor, night):
    before = Hand.objects.get(pk=night[0].pk)
    v = services.version_propose(
        dispute=dispute, record=example_record("05-misdeal"), by=editor, why="Mary says Joe had four cards"
    )
    assert v.number == 2 and v.proposed_by == editor and v.why == "Mary says Joe had four cards"
    first = DisputeVersion.objects.get(dispute=dispute, number=1)
    assert first.as_logged and str(first) == "as logged" and first.record == before.record
    # filled from the session as the hand log fills a hand: the seats' names, the chain's pot
    assert v.record["players"] == ["Dad", "Uncle Joe", "Mary", "Me"] and v.record["pot_in"] == 0
    after = Hand.objects.get(pk=night[0].pk)
    assert (after.revision, after.record, after.pot_out) == (before.revision, before.record, before.pot_out)


def test_a_proposal_needs_an_editor_words_and_an_open_dispute_on_a_live_hand(dispute, viewer, editor, owner, night):
    with pytest.raises(PermissionDenied):
        services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=viewer, why="x")
    with pytest.raises(ValidationError, match="whose story"):
        services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why=" ")
    with pytest.raises(ValidationError, match="at most 10,000"):
        services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why="x" * 10_001)
    with pytest.raises(ValidationError, match="JSON object"):
        services.version_propose(dispute=dispute, record=[1, 2], by=editor, why="a list")
    services.hand_delete(hand=night[0], by=owner, why="never played")
    with pytest.raises(ValidationError, match="Hand 1 was deleted, so you cannot propose a version"):
        services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why="x")


def test_a_bad_record_is_kept_shown_with_its_located_error_and_cannot_be_chosen(dispute, editor, owner):
    bad = example_record("01-plain-hand")
    at = next(i for i, e in enumerate(bad["events"]) if "card" in e)
    bad["events"][at]["card"] = "ZZ"
    v = services.version_propose(dispute=dispute, record=bad, by=editor, why="typed in a hurry")
    cmp = dispute_comparison(dispute)
    column = cmp["versions"][1]
    assert column["version"] == v and column["ruling"] is None and not column["choosable"]
    assert column["errors"] and column["errors"][0]["event"] == at and "ZZ" in column["errors"][0]["message"]
    with pytest.raises(ValidationError, match="Version 2 is a record the referee refuses"):
        services.dispute_settle(dispute=dispute, version=v, by=owner)
    assert Dispute.objects.get(pk=dispute.pk).status == Dispute.Status.OPEN


# ---------------------------------------------------------------- the comparison


def test_the_comparison_rules_each_version_money_violations_and_the_first_differing_event(dispute, editor):
    services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why="four cards")
    cmp = dispute_comparison(dispute)
    logged, misdeal = cmp["versions"]
    assert logged["net"] == [-1, 7, -18, -3] and logged["violations"] == []
    assert [v["rule"] for v in misdeal["violations"]] == ["swik.misdeal"]
    assert "misdeal" in misdeal["violations"][0]["message"]
    assert cmp["violations"][1]["added"][0]["rule"] == "swik.misdeal" and cmp["violations"][1]["removed"] == []
    mary = next(r for r in cmp["money"] if r["name"] == "Mary")
    assert mary["nets"][0] == -18 and mary["differences"] == [0, misdeal["net"][2] + 18]
    # each seat's money sums to what the pot gave or took, in every version
    for col in cmp["versions"]:
        assert sum(col["net"]) == col["ruling"]["pot_in"] - col["pot_out"]
    first = cmp["first_difference"]
    assert first is not None and cmp["events"][first]["first"] and cmp["events"][first]["differs"]
    assert not any(e["differs"] for e in cmp["events"][:first])


def test_the_comparison_carries_each_version_into_the_later_hands_of_the_night(dispute, editor, session, night):
    services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why="four cards")
    stored_seats = _seat_nets(session)
    cmp = dispute_comparison(dispute)
    logged, misdeal = cmp["versions"]
    assert [h["number"] for h in cmp["later"]] == [2, 3]
    # as logged, the later hands are the stored ones; the night's totals are the seats' totals
    assert [t["totals"][0] for t in cmp["night"]] == stored_seats
    assert cmp["later"][0]["pots"][0] == Hand.objects.get(pk=night[1].pk).pot_out
    # the misdeal version hands a different pot to hand 2, and so different money later
    assert misdeal["pot_out"] != logged["pot_out"]
    assert cmp["later"][0]["nets"][1] != cmp["later"][0]["nets"][0] or cmp["last_pots"][1] != cmp["last_pots"][0]
    for k in range(len(cmp["versions"])):  # conserved over the night: what left the pot went to the seats
        total = sum(t["totals"][k] for t in cmp["night"])
        assert total == session.pot_in - cmp["last_pots"][k]
    # nothing was saved
    assert _seat_nets(session) == stored_seats
    assert Hand.objects.get(pk=night[1].pk).revision == 1


@pytest.mark.parametrize("game", ["swik", "sedma", "poker", "seka", "rummy"])
def test_the_comparison_works_for_every_game_of_the_catalogue(game, family, owner, editor):
    first = sorted(p for p in (DATA / game).glob("*.json") if "." not in p.name[:-5])[0]
    record = json.loads(first.read_text())
    session = factories.make_session(
        family, owner, record["players"], game=game, variant=record.get("variant") or "", key=f"{game}-night"
    )
    hand = services.hand_add(session=session, record=record, by=owner)
    services.hand_add(session=session, record=json.loads(first.read_text()), by=owner)
    d = services.dispute_open(hand=hand, title="Not so", text="", by=editor)
    shorter = dict(record, events=record["events"][:-1])
    services.version_propose(dispute=d, record=shorter, by=editor, why="the last event never happened")
    cmp = dispute_comparison(d)
    assert len(cmp["versions"]) == 2 and cmp["versions"][0]["net"] == hand.ruling["net"]
    assert cmp["first_difference"] is not None
    assert [h["number"] for h in cmp["later"]] == [2]
    for col in cmp["versions"]:
        assert col["ruling"] is not None or col["errors"]


# ---------------------------------------------------------------- settling


def test_settling_edits_the_hand_re_rules_the_night_and_records_the_choice(dispute, editor, owner, session, night):
    v = services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why="four cards")
    cmp = dispute_comparison(dispute)
    expected_night = [t["totals"][1] for t in cmp["night"]]
    d = services.dispute_settle(dispute=dispute, version=v, by=owner, why="Joe showed his four cards")
    hand = Hand.objects.get(pk=night[0].pk)
    assert d.status == Dispute.Status.RESOLVED and d.chosen_version == v and d.resolved_by == owner
    assert hand.revision == 2 and [x["rule"] for x in hand.ruling["violations"]] == ["swik.misdeal"]
    rev = HandRevision.objects.get(hand=hand, number=2)
    assert d.ruling_revision == rev and "That was a misdeal!" in rev.why and "version 2 chosen" in rev.why
    assert _seat_nets(session) == expected_night  # the chain re-ruled as the comparison said
    entry = AuditEntry.objects.get(action="dispute.settle")
    assert entry.by == owner and entry.after["version"] == 2 and entry.before["net"] == [-1, 7, -18, -3]
    # nothing lost: the versions stay readable, version 1 frozen as logged
    after = dispute_comparison(d)
    assert after["versions"][0]["net"] == [-1, 7, -18, -3] and after["versions"][1]["chosen"]
    assert not any(c["choosable"] for c in after["versions"])


def test_a_settled_dispute_and_a_deleted_hand_refuse_further_changes(dispute, editor, owner, night):
    v = services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why="four")
    with pytest.raises(PermissionDenied):
        services.dispute_settle(dispute=dispute, version=v, by=factories.make_user("nobody"))
    services.dispute_settle(dispute=dispute, version=v, by=editor)
    with pytest.raises(ValidationError, match="settled already"):
        services.version_propose(dispute=dispute, record=example_record("01-plain-hand"), by=editor, why="again")
    with pytest.raises(ValidationError, match="settled already"):
        services.dispute_settle(dispute=dispute, version=v, by=owner)
    other = services.dispute_open(hand=night[1], title="No cut?", text="", by=editor)
    w = services.version_propose(dispute=other, record=example_record("01-plain-hand"), by=editor, why="cut")
    services.hand_delete(hand=night[1], by=owner, why="not played")
    with pytest.raises(ValidationError, match="deleted"):
        services.dispute_settle(dispute=other, version=w, by=owner)
    with pytest.raises(ValidationError, match="deleted"):
        services.dispute_resolve(dispute=other, resolution="stands", by=owner)


def test_settling_as_logged_keeps_the_money_and_names_the_dispute(dispute, editor, owner, session, night):
    services.version_propose(dispute=dispute, record=example_record("05-misdeal"), by=editor, why="four")
    stored = _seat_nets(session)
    logged = DisputeVersion.objects.get(dispute=dispute, number=1)
    d = services.dispute_settle(dispute=dispute, version=logged, by=owner)
    assert _seat_nets(session) == stored and d.ruling_revision.number == 2 and "As logged chosen" in d.resolution
