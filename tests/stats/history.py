"""Hand histories for the statistics tests and the benchmark.

The real path is the contract: archive.services.session_create / hand_add with records from
referee.generate.swik_hand, ruled by referee.replay. Until those exist (other helpers are writing
them), `mini_swik` writes a Swik hand given by trick winners only, with its ruling and ledger
(antes, misdeals, shares, falls, double falls, three of a kind, the blind, carried pots), and
`store_hand` writes the Hand and LedgerEntry rows the way the services do.
"""
from __future__ import annotations

import random
from datetime import timedelta

from django.db import transaction

RANKS = "789TJQKA"
DECK = [r + s for s in "SHDC" for r in RANKS]


def real_services():
    """The contract's services and referee, or None while they are not written yet."""
    try:
        from archive import services
        import referee
        from referee.generate import swik_hand

        if not hasattr(services, "hand_add") or not hasattr(referee, "replay"):
            return None
        referee.replay(swik_hand(random.Random(1), players=["A", "B", "C"]))
        return services
    except Exception:  # noqa: BLE001 - anything missing means "not ready yet"
        return None


def mini_swik(rng, *, players, dealer=0, pot_in=0):
    """(record, ruling) of a plausible Swik hand; each ledger entry also carries its `kind`."""
    n = len(players)
    events, ledger, violations = [], [], []

    def pay(seat, amount, reason, kind, event=None):
        ledger.append({"seat": seat, "amount": amount, "reason": reason, "event": event, "kind": kind})

    for s in range(n):
        pay(s, -6 if s == dealer else -3, "dealer ante" if s == dealer else "ante", "ante")
    cutter = (dealer - 1) % n
    if rng.random() < 0.08:  # a misdeal, then a new cut and deal
        events.append({"action": "cut", "seat": cutter, "card": None})
        events.append({"action": "deal", "seat": dealer, "hands": [None] * n, "blind": None, "turned": rng.choice(DECK)})
        events.append({"action": "misdeal", "seat": dealer, "reason": "a card fell face up"})
        violations.append({"event": 2, "seat": dealer, "rule": "swik.misdeal", "message": "misdeal", "penalty": 3})
        pay(dealer, -3, "misdeal", "penalty", 2)
    events.append({"action": "cut", "seat": cutter, "card": None})
    turned = rng.choice(DECK)
    events.append({"action": "deal", "seat": dealer, "hands": [None] * n, "blind": None, "turned": turned})
    pot = pot_in - sum(e["amount"] for e in ledger)
    wrapped = rng.random() < 0.35
    if wrapped:
        events.append({"action": "wrap", "seat": dealer, "take": True, "discard": None})
    else:
        events.append({"action": "wrap", "seat": dealer, "take": False})
    ins, blind_taken = ([dealer] if wrapped else []), False
    order = [(dealer + k) % n for k in range(1, n)] + ([] if wrapped else [dealer])
    for s in order:
        r = rng.random()
        choice = "in" if r < 0.5 else ("blind" if r < 0.6 and not blind_taken else "out")
        blind_taken = blind_taken or choice == "blind"
        events.append({"action": "declare", "seat": s, "choice": choice})
        if choice != "out":
            ins.append(s)
    tricks, status = [], "complete"
    falls = {}
    if rng.random() < 0.04:
        status = "incomplete"
    elif len(ins) >= 2 and rng.random() < 0.05:  # three of a kind
        w = rng.choice(ins)
        rank = rng.choice(RANKS)
        events.append({"action": "trips", "seat": w, "cards": [rank + s for s in "SHD"]})
        pay(w, pot, "three of a kind: takes the pot", "share", len(events) - 1)
        for s in ins:
            if s != w:
                falls[s] = pot
    elif len(ins) == 1:
        pay(ins[0], pot, "alone: takes the pot", "share")
    elif ins:
        won = {s: 0 for s in ins}
        leader = dealer if dealer in ins else ins[0]
        for _ in range(3):
            w = rng.choice(ins)
            won[w] += 1
            events.append({"action": "trick", "winner": w})
            tricks.append({"leader": leader, "plays": None, "winner": w, "points": 0})
            pay(w, pot // 3, "wins a trick", "share", len(events) - 1)
            leader = w
        for s in ins:
            need = 2 if (wrapped and s == dealer and turned[0] in "KA") else 1
            if won[s] == 0 and wrapped and s == dealer and turned[0] in "KA":
                falls[s] = 2 * pot
            elif won[s] < need:
                falls[s] = pot
    for s, amount in sorted(falls.items()):
        pay(s, -amount, "falls", "fall", len(events) - 1)
    net = [0] * n
    for e in ledger:
        net[e["seat"]] += e["amount"]
    pot_out = pot_in - sum(net)
    record = {"format": "handrec/1", "game": "swik", "variant": None, "players": list(players), "dealer": dealer,
              "pot_in": pot_in, "house_rules": {}, "events": events}
    ruling = {"format": "ruling/1", "game": "swik", "status": status, "violations": violations, "ledger": ledger,
              "net": net, "pot_in": pot_in, "pot_out": pot_out, "score": None, "tricks": tricks,
              "summary": "a generated hand"}
    return record, ruling


def make_session(family, *, players, started_at, by, key=None):
    from archive.models import Seat, Session

    services = real_services()
    if services is not None:
        return services.session_create(family=family, started_at=started_at, timezone=family.timezone,
                                       players=players, by=by)
    fields = {f.name for f in Session._meta.get_fields()}
    extra = {"key": key or f"{started_at:%Y%m%d%H%M%S}-{random.getrandbits(32):08x}"} if "key" in fields else {}
    session = Session.objects.create(family=family, started_at=started_at, timezone=family.timezone,
                                     created_by=by, **extra)
    Seat.objects.bulk_create([Seat(session=session, player=p, position=i) for i, p in enumerate(players)])
    return session


@transaction.atomic
def store_hand(session, record, ruling, *, number, played_at, notify=True):
    """Write a hand as archive.services.hand_add does (Hand + LedgerEntry rows, stats after commit)."""
    from archive.models import Hand, LedgerEntry, Seat

    players = dict(Seat.objects.filter(session=session).values_list("position", "player_id"))
    stored = dict(ruling, ledger=[{k: v for k, v in e.items() if k != "kind"} for e in ruling["ledger"]])
    hand = Hand.objects.create(
        session=session, number=number, record=record, ruling=stored, status=ruling["status"],
        dealer=record["dealer"], actual_dealer=record["dealer"], next_dealer=(record["dealer"] + 1) % len(players),
        pot_in=ruling["pot_in"], pot_out=ruling["pot_out"],
        violation_count=len(ruling["violations"]),
    )
    LedgerEntry.objects.bulk_create([
        LedgerEntry(hand=hand, session=session, family_id=session.family_id, player_id=players[e["seat"]],
                    played_at=played_at, seat=e["seat"], amount=e["amount"], kind=e["kind"], reason=e["reason"],
                    event=e["event"])
        for e in ruling["ledger"]
    ])
    if notify:
        from archive import tasks

        transaction.on_commit(lambda: tasks.update_stats_for_hands.delay([hand.pk]))
    return hand


def play_session(family, *, players, started_at, by, hands, rng, notify=True):
    """A night of `hands` hands (pot carried, dealer passing left); answers the Hand rows."""
    services = real_services()
    session = make_session(family, players=players, started_at=started_at, by=by)
    names = [p.name for p in players]
    out, pot_in = [], 0
    for k in range(hands):
        dealer = k % len(players)
        if services is not None:
            from referee.generate import swik_hand

            record = swik_hand(rng, players=names, dealer=dealer, pot_in=pot_in, mistakes=0.1, summary_only=0.3)
            hand = services.hand_add(session=session, record=record, by=by)
        else:
            record, ruling = mini_swik(rng, players=names, dealer=dealer, pot_in=pot_in)
            hand = store_hand(session, record, ruling, number=k + 1, played_at=started_at + timedelta(minutes=4 * k),
                              notify=notify)
        pot_in = hand.pot_out
        out.append(hand)
    return session, out
