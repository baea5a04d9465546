"""The write path: chain of pots, dealers, re-ruling, history, merging, permissions, bad records."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Sum

import referee
from archive.models import Dispute, Hand, HandRevision, LedgerEntry, Player, Seat, Session
from archive.people import services as people_services
from archive.stats import selectors as stats_selectors
from archive.stats import tasks
from archive.stats.services import stats_recompute
from archive.table import selectors, services
from tests import factories
from tests.factories import example_record, example_ruling

BAD = factories.DATA / "bad"


def _ledger_nets(hand):
    n = len(hand.record["players"])
    nets = [0] * n
    for row in LedgerEntry.objects.filter(hand=hand).values("seat").annotate(s=Sum("amount")):
        nets[row["seat"]] = row["s"]
    return nets


def _kinds(hand):
    return [h.kind for h in HandRevision.objects.filter(hand=hand).order_by("number")]


# ---------------------------------------------------------------- adding a hand


def test_hand_add_rules_the_example_and_stores_money_ledger_and_revision(family, owner, editor):
    session = factories.make_session(family, owner, pot_in=4)  # the example starts with 4 in the pot
    record = example_record("01-plain-hand")
    for key in ("players", "game", "pot_in", "house_rules", "variant"):
        record.pop(key)  # the session supplies these
    hand = services.hand_add(session=session, record=record, by=editor, why="from the score sheet")
    expected = example_ruling("01-plain-hand")

    assert hand.number == 1 and hand.status == "complete"
    assert hand.ruling["net"] == expected["net"] == [0, 9, -22, -3]
    assert (hand.pot_in, hand.pot_out) == (4, 20)
    assert hand.record["players"] == ["Dad", "Uncle Joe", "Mary", "Me"] and hand.record["game"] == "swik"
    # one ledger row per movement, paid by the player in that seat, summing to the ruling's net
    assert _ledger_nets(hand) == expected["net"]
    mary = Player.objects.get(family=family, name="Mary")
    assert LedgerEntry.objects.get(hand=hand, player=mary, kind="fall").amount == -19
    assert sorted(set(LedgerEntry.objects.filter(hand=hand).values_list("kind", flat=True))) == [
        "ante",
        "fall",
        "share",
    ]
    rev = HandRevision.objects.get(hand=hand)
    assert (rev.kind, rev.number, rev.by, rev.why) == ("created", 1, editor, "from the score sheet")
    assert rev.ruling == hand.ruling


def test_violations_are_counted_and_stored(session, editor):
    hand = services.hand_add(session=session, record=example_record("05-misdeal"), by=editor)
    assert hand.violation_count == 1
    assert [v["rule"] for v in hand.ruling["violations"]] == ["swik.misdeal"]
    assert LedgerEntry.objects.get(hand=hand, kind="penalty").amount == -3


def test_each_hand_starts_with_the_pot_the_last_one_left(session, editor):
    first = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
    record = example_record("05-misdeal")
    record["pot_in"] = 999  # the table's figure is ignored: the chain must stay true
    second = services.hand_add(session=session, record=record, by=editor)
    assert second.number == 2
    assert second.pot_in == first.pot_out == second.record["pot_in"] == second.ruling["pot_in"]
    assert sum(second.ruling["net"]) == second.pot_in - second.pot_out
    assert second.ruling == referee.replay(second.record)


def test_next_dealer_is_left_of_who_actually_dealt_and_the_same_after_a_void_hand(session, editor):
    assert services.session_next_hand_defaults(session=session)["dealer"] == 0
    services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor)  # the Ace moved it to seat 1
    d = services.session_next_hand_defaults(session=session)
    assert (d["dealer"], d["pot_in"], d["players"]) == (2, 0, ["Dad", "Uncle Joe", "Mary", "Me"])

    void = example_record("05-misdeal")
    void.pop("dealer")  # left out: the service fills in the next dealer (seat 2)
    cut, deal, misdeal = void["events"][:3]  # a misdeal, not yet dealt again: the hand is void
    void["events"] = [dict(cut, seat=1), dict(deal, seat=2), dict(misdeal, seat=2)]
    hand = services.hand_add(session=session, record=void, by=editor)
    assert hand.dealer == 2 and hand.actual_dealer == 2
    assert hand.status == "void"
    assert services.session_next_hand_defaults(session=session)["dealer"] == 2  # house rule: deals again


def test_a_bad_record_saves_nothing_and_carries_the_referees_error(session, editor):
    import json

    bad = json.loads((BAD / "01-duplicate-card.json").read_text())
    with pytest.raises(referee.BadRecord) as caught:
        services.hand_add(session=session, record=bad, by=editor)
    assert any(e["event"] == 1 and e["field"] == "hands" and "9S" in e["message"] for e in caught.value.errors)
    assert Hand.objects.count() == HandRevision.objects.count() == LedgerEntry.objects.count() == 0


def test_a_record_for_another_table_is_refused_with_the_reason(session, editor):
    record = example_record("01-plain-hand")
    record["players"] = ["Dad", "Mary", "Me"]
    with pytest.raises(referee.BadRecord) as caught:
        services.hand_add(session=session, record=record, by=editor)
    assert caught.value.errors[0]["field"] == "players"
    assert "4 seats" in caught.value.errors[0]["message"]
    assert not Hand.objects.exists()


# ---------------------------------------------------------------- editing, deleting, restoring


def test_editing_a_hand_rerules_the_later_hands_and_writes_their_revisions(session, editor):
    hands = [
        services.hand_add(session=session, record=example_record(name), by=editor)
        for name in ("02-ace-cut", "01-plain-hand", "04-forgotten-cut", "03-seven-cut-ace-bottom")
    ]
    before = {h.number: h.pot_out for h in hands}
    # Hand 1 was really the revoke hand: it leaves 30 in the pot instead of 0.
    edited = services.hand_edit(hand=hands[0], record=example_record("08-revoke"), by=editor, why="wrong sheet")
    assert edited.pot_out == 30 != before[1]
    live = list(Hand.objects.filter(session=session).order_by("number"))
    for prev, hand in zip(live, live[1:]):
        assert hand.pot_in == prev.pot_out == hand.record["pot_in"]
        assert sum(hand.ruling["net"]) == hand.pot_in - hand.pot_out
        assert _ledger_nets(hand) == hand.ruling["net"]
    assert _kinds(live[0]) == ["created", "edited"]
    assert _kinds(live[1]) == ["created", "reruled"]
    rerule = HandRevision.objects.get(hand=live[1], number=2)
    assert "hand 1 was edited" in rerule.why and rerule.by == editor
    # the old ruling is still there to read
    assert HandRevision.objects.get(hand=live[0], number=1).ruling["pot_out"] == before[1]


def test_an_edit_that_changes_no_pot_writes_no_revision_for_later_hands(session, editor):
    first, second = [
        services.hand_add(session=session, record=example_record(n), by=editor) for n in ("01-plain-hand", "05-misdeal")
    ]
    record = example_record("01-plain-hand")
    record["events"][0]["note"] = "Me cut, everyone saw it"
    services.hand_edit(hand=first, record=record, by=editor, why="added the note")
    assert _kinds(first) == ["created", "edited"]
    assert _kinds(second) == ["created"]
    first.refresh_from_db()
    assert first.record["events"][0]["note"] == "Me cut, everyone saw it"


def test_a_bad_edit_changes_nothing(session, editor):
    import json

    hand = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
    with pytest.raises(referee.BadRecord):
        services.hand_edit(
            hand=hand, record=json.loads((BAD / "02-card-not-in-deck.json").read_text()), by=editor, why="typo"
        )
    hand.refresh_from_db()
    assert hand.revision == 1 and hand.record["events"] == example_record("01-plain-hand")["events"]
    assert HandRevision.objects.filter(hand=hand).count() == 1
    assert _ledger_nets(hand) == hand.ruling["net"]


def test_delete_is_soft_drops_the_hand_from_the_chain_and_restore_puts_it_back(session, editor, owner):
    hands = [
        services.hand_add(session=session, record=example_record(n), by=editor)
        for n in ("01-plain-hand", "05-misdeal", "02-ace-cut")
    ]
    original = [(h.pot_in, h.pot_out) for h in hands]
    services.hand_delete(hand=hands[0], by=editor, why="entered twice")

    second = Hand.objects.get(pk=hands[1].pk)
    assert second.pot_in == session.pot_in == 0
    assert not LedgerEntry.objects.filter(hand=hands[0]).exists()
    deleted = Hand.objects.get(pk=hands[0].pk)
    assert deleted.deleted_at is not None and deleted.record["events"]  # still all there
    detail = selectors.session_detail(session)
    assert [h["number"] for h in detail["hands"]] == [2, 3]

    services.hand_restore(hand=deleted, by=owner, why="it was not a twin")
    again = list(Hand.objects.filter(session=session).order_by("number"))
    assert [(h.pot_in, h.pot_out) for h in again] == original
    assert _kinds(again[0]) == ["created", "deleted", "restored"]
    assert _kinds(again[1]) == ["created", "reruled", "reruled"]
    assert _ledger_nets(again[0]) == again[0].ruling["net"]


def test_numbers_are_never_reused_so_a_deleted_hand_can_come_back(session, editor):
    a = services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor)
    services.hand_delete(hand=a, by=editor, why="oops")
    b = services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor)
    assert b.number == 2
    services.hand_restore(hand=a, by=editor, why="not oops")
    assert sorted(Hand.objects.filter(session=session, deleted_at__isnull=True).values_list("number", flat=True)) == [
        1,
        2,
    ]


# ---------------------------------------------------------------- players


def test_merging_players_keeps_every_hand_and_moves_the_money(family, owner, editor):
    s1 = factories.make_session(family, owner, names=("Dad", "Joe", "Mary", "Me"))
    s2 = factories.make_session(family, owner)  # "Uncle Joe": the same man, typed differently
    services.hand_add(session=s1, record=example_record("01-plain-hand"), by=editor)
    services.hand_add(session=s2, record=example_record("05-misdeal"), by=editor)
    joe, uncle = Player.objects.get(name="Joe"), Player.objects.get(name="Uncle Joe")
    total = LedgerEntry.objects.filter(player__in=[joe, uncle]).aggregate(s=Sum("amount"))["s"]
    hands_before = Hand.objects.count()

    kept = services.players_merge(keep=uncle, merge=joe, by=editor)

    joe.refresh_from_db()
    assert kept == uncle and joe.merged_into == uncle  # both rows stay
    assert Hand.objects.count() == hands_before
    assert not LedgerEntry.objects.filter(player=joe).exists()
    assert LedgerEntry.objects.filter(player=uncle).aggregate(s=Sum("amount"))["s"] == total
    assert Seat.objects.get(session=s1, position=1).player == uncle
    assert Hand.objects.get(session=s1).record["players"][1] == "Joe"  # what the table typed stays
    stats_recompute(family=family)  # the job the merge queues
    record = stats_selectors.player_record(family=family, player_id=uncle.pk)
    assert record["net"] == total and record["hands"] == 2
    history = selectors.player_history(uncle, net=record["net"])
    assert {r["session_id"] for r in history["recent"]} == {s1.pk, s2.pk}


# ---------------------------------------------------------------- permissions


def test_viewers_and_strangers_may_not_change_the_archive(session, viewer, stranger, editor, family):
    for user in (viewer, stranger):
        with pytest.raises(PermissionDenied):
            services.hand_add(session=session, record=example_record("01-plain-hand"), by=user)
        with pytest.raises(PermissionDenied):
            people_services.player_create(family=family, name="Zed", by=user)
    assert not Hand.objects.exists()
    hand = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
    for call in (
        lambda: services.hand_edit(hand=hand, record=example_record("02-ace-cut"), by=viewer, why="x"),
        lambda: services.hand_delete(hand=hand, by=viewer, why="x"),
        lambda: services.dispute_open(hand=hand, title="Misdeal!", text="", by=stranger),
        lambda: services.session_create(
            family=family, started_at=session.started_at, timezone="UTC", players=list(Player.objects.all()), by=viewer
        ),
    ):
        with pytest.raises(PermissionDenied):
            call()
    hand.refresh_from_db()
    assert hand.revision == 1 and hand.deleted_at is None


# ---------------------------------------------------------------- disputes and statistics


def test_a_dispute_resolved_with_a_record_edits_the_hand_and_points_at_the_new_ruling(session, editor, owner):
    hand = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
    later = services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor)
    dispute = services.dispute_open(hand=hand, title="That was a misdeal!", text="Joe had four cards", by=editor)
    services.dispute_reply(dispute=dispute, text="He did.", by=owner)
    dispute = services.dispute_resolve(
        dispute=dispute, resolution="Joe had four cards: misdeal.", by=owner, record=example_record("05-misdeal")
    )
    hand.refresh_from_db()
    assert dispute.status == Dispute.Status.RESOLVED
    assert dispute.ruling_revision.hand == hand and dispute.ruling_revision.number == hand.revision == 2
    assert [v["rule"] for v in dispute.ruling_revision.ruling["violations"]] == ["swik.misdeal"]
    assert "That was a misdeal!" in dispute.ruling_revision.why
    assert Hand.objects.get(pk=later.pk).pot_in == hand.pot_out
    assert [m.text for m in dispute.messages.all()] == ["Joe had four cards", "He did."]


def test_statistics_are_asked_for_after_commit_with_every_changed_hand(
    session, editor, monkeypatch, django_capture_on_commit_callbacks
):
    calls = []
    monkeypatch.setattr(tasks.update_stats_for_hands, "delay", lambda ids, **_: calls.append(sorted(ids)))
    with django_capture_on_commit_callbacks(execute=True):
        a = services.hand_add(session=session, record=example_record("01-plain-hand"), by=editor)
        b = services.hand_add(session=session, record=example_record("02-ace-cut"), by=editor)
    assert calls == [[a.id], [b.id]]
    calls.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_edit(hand=a, record=example_record("08-revoke"), by=editor, why="wrong hand")
    assert calls == [sorted([a.id, b.id])]
    calls.clear()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(referee.BadRecord):
        services.hand_add(session=session, record={"format": "handrec/1", "events": [{"action": "dance"}]}, by=editor)
    assert calls == []


def test_session_create_checks_its_input(family, owner):
    other = factories.make_family(owner, name="Elsewhere")
    stranger_player = people_services.player_create(family=other, name="Pete", by=owner)
    from datetime import datetime

    with pytest.raises(ValidationError) as caught:
        services.session_create(
            family=family, started_at=datetime(2024, 1, 1, 19), timezone="UTC", players=[stranger_player], by=owner
        )
    assert "players" in caught.value.message_dict and "started_at" in caught.value.message_dict
    assert not Session.objects.filter(family=family).exists()
