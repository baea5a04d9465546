"""Rulings carry the referee's facts; the archive reads them instead of the events.

Hands stored before the referee wrote facts get them here, once: each such hand's record is
replayed and the facts of that ruling are added to the stored ruling (nothing else of the stored
ruling changes: money, violations and words stay as the family saw them), and the new columns
next_dealer and may_stop are filled from them.

Why a migration and not readers that re-rule when the facts are missing: the facts are read by
the hand chain (who deals next), the session page (may the table stop) and the statistics jobs;
a fallback in each would keep the event readers alive in three places and put the referee's work
in the statistics' hot path, for ever, for a state that exists only until this runs. Here it
runs once, in the migration's transaction, about 0.1 ms a hand.

A stored record today's referee rejects, or rules with other money, cannot happen unless the rules
changed since it was saved; such a hand gets facts from its stored columns (dealer, status,
ledger: no game facts) and is named in the output, so the family can edit it to have it re-ruled.
(Only words that changed are fine: the facts of the replay describe the same money.)
"""

from django.db import migrations, models
from django.db.models import Q

import referee

CHUNK = 500


def _facts_from_columns(hand):
    """Facts for a hand the referee no longer rules as stored: what its columns and stored ledger say."""
    ruling = hand.ruling or {}
    ledger = ruling.get("ledger") or []
    n = len((hand.record or {}).get("players") or []) or 1
    kinds = [referee.ledger_kind(e) for e in ledger]
    # One list a fact, a value a seat: the shape the referee writes (referee/facts.py).
    seats = {key: [0] * n for key in ("won", "net", "paid_in", "took", "penalties", "misdeals")}
    seats["in"], seats["tricks"] = [None] * n, [None] * n
    built = 0
    for e, kind in zip(ledger, kinds):
        seat, amount = e["seat"] % n, e["amount"]
        seats["net"][seat] += amount
        seats["paid_in" if amount < 0 else "took"][seat] += abs(amount)
        if kind == "penalty":
            seats["penalties"][seat] -= amount
        if kind in ("ante", "fee", "penalty"):
            built -= amount
    seats["won"] = [1 if net > 0 else 0 for net in seats["net"]]
    void = hand.status == "void"
    return {
        "dealer": hand.actual_dealer,
        "next_dealer": hand.actual_dealer % n if void else (hand.actual_dealer + 1) % n,
        "carry": {"pot": hand.pot_out},
        "pot": hand.pot_in + built,
        "may_stop": hand.status == "complete" and "share" in kinds and "fall" not in kinds,
        "kinds": kinds,
        "seats": seats,
        "game": {},
    }


def _money(ruling):
    """What a ruling says about money: the facts must describe the stored money, not another."""
    ledger = [(e.get("seat"), e.get("amount")) for e in ruling.get("ledger") or ()]
    return ruling.get("status"), ruling.get("pot_in"), ruling.get("pot_out"), ruling.get("net"), ledger


def add_facts(apps, schema_editor):
    Hand = apps.get_model("archive", "Hand")
    todo = Hand.objects.filter(~Q(ruling__has_key="facts")).order_by("id")
    last, unruled = 0, []
    while True:
        chunk = list(todo.filter(id__gt=last)[:CHUNK])
        if not chunk:
            break
        for hand in chunk:
            try:
                fresh = referee.replay(hand.record)
            except referee.BadRecord:
                fresh = None
            if fresh is not None and _money(fresh) == _money(hand.ruling):
                facts = fresh["facts"]  # (the words may have changed since; the money has not)
            else:
                facts = _facts_from_columns(hand)
                unruled.append(hand.id)
            hand.ruling = dict(hand.ruling, facts=facts)
            hand.actual_dealer, hand.next_dealer, hand.may_stop = (
                facts["dealer"],
                facts["next_dealer"],
                facts["may_stop"],
            )
        Hand.objects.bulk_update(chunk, ["ruling", "actual_dealer", "next_dealer", "may_stop"])
        last = chunk[-1].id
    if unruled:
        print(
            f"\n  {len(unruled)} hands are ruled with other money by today's referee (ids {unruled[:20]}): "
            "their facts come from their stored columns; edit and save them to have them ruled again."
        )


class Migration(migrations.Migration):
    dependencies = [("archive", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="next_dealer",
            field=models.PositiveSmallIntegerField(default=0, help_text="the seat that deals the next hand"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="hand",
            name="may_stop",
            field=models.BooleanField(default=False, help_text="the table may end the night after this hand"),
        ),
        migrations.AlterField(
            model_name="ledgerentry",
            name="kind",
            field=models.CharField(
                help_text="ante, fee, penalty, share, fall or other (the ruling's facts)", max_length=10
            ),
        ),
        migrations.RunPython(add_facts, migrations.RunPython.noop, elidable=True),
    ]
