"""Hand histories for the statistics tests and the benchmark.

The real path is the contract: archive.table.services.session_create / hand_add with records from
referee.generate.swik_hand, ruled by referee.replay (whose facts the statistics read). For the
tests that must write a hand behind the services' back (a lost job, a hand moved to another day),
`swik_ruled` makes a record and its ruling the same way and `store_hand` writes the Hand and
LedgerEntry rows the way the services do.
"""

from __future__ import annotations

from django.db import transaction

import referee
from archive.models import Hand, LedgerEntry, Seat
from archive.stats import tasks
from archive.table import services
from referee.generate import swik_hand


def swik_ruled(rng, *, players, dealer=0, pot_in=0, **kw):
    """(record, ruling) of a generated Swik hand; the ruling carries the referee's facts."""
    while True:
        record = swik_hand(rng, players=list(players), dealer=dealer, pot_in=pot_in, **kw)
        try:
            return record, referee.replay(record)
        except referee.BadRecord:  # a generator slip: draw again
            continue


def ledger_rows(hand, ruling, *, players, played_at, extra=0):
    """The hand's LedgerEntry rows as the services write them (kinds from the facts); `extra` cents
    added to each amount make money the ruling does not have (a test's stale ledger)."""
    return [
        LedgerEntry(
            hand=hand,
            session_id=hand.session_id,
            family_id=hand.session.family_id,
            player_id=players[e["seat"]],
            played_at=played_at,
            seat=e["seat"],
            amount=e["amount"] + extra,
            kind=kind,
            reason=e["reason"][:200],
            event=e["event"],
        )
        for e, kind in zip(ruling["ledger"], ruling["facts"]["kinds"])
    ]


@transaction.atomic
def store_hand(session, record, ruling, *, number, played_at, notify=True):
    """Write a hand as archive.table.services.hand_add does (Hand + LedgerEntry rows, stats after commit)."""
    players = dict(Seat.objects.filter(session=session).values_list("position", "player_id"))
    facts = ruling["facts"]
    hand = Hand.objects.create(
        session=session,
        number=number,
        record=record,
        ruling=ruling,
        status=ruling["status"],
        dealer=record["dealer"],
        actual_dealer=facts["dealer"],
        next_dealer=facts["next_dealer"],
        may_stop=facts["may_stop"],
        pot_in=ruling["pot_in"],
        pot_out=ruling["pot_out"],
        violation_count=len(ruling["violations"]),
    )
    LedgerEntry.objects.bulk_create(ledger_rows(hand, ruling, players=players, played_at=played_at))
    if notify:
        transaction.on_commit(lambda: tasks.update_stats_for_hands.delay([hand.pk]))
    return hand


def play_session(family, *, players, started_at, by, hands, rng):
    """A night of `hands` hands through hand_add (pot carried, dealer passing left); answers the
    session and its Hand rows."""
    session = services.session_create(
        family=family, started_at=started_at, timezone=family.timezone, players=players, by=by
    )
    names = [p.name for p in players]
    out = []
    for _ in range(hands):
        d = services.session_next_hand_defaults(session=session)
        record = swik_hand(rng, players=names, dealer=d["dealer"], pot_in=d["pot_in"], mistakes=0.1, summary_only=0.3)
        out.append(services.hand_add(session=session, record=record, by=by))
    return session, out
