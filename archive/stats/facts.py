"""What one hand says about each seat: pure functions, no database.

`seat_facts` reads a record, its ruling and the hand's ledger rows (seat, amount, kind) and
answers one dict per seat. Where the record does not tell (a void deal, a hand that stops
before the declarations, a game without wraps), the value is None, never a made-up 0.

Definitions, in the players' words:
- in: the seat played the hand (wrapped, declared in, or took the blind); 0 if it folded.
- tricks: tricks won (complete hands of trick games only).
- fell: paid a fall (the pot) into the next pot; double fall: paid more than the pot
  (a dealer who wrapped on a high card and won nothing).
- wrap: the dealer took the turned card; made when he did not fall (complete hands).
- blind: the seat took the blind hand; made when it did not fall.
- trips win: took the pot with three of a kind (shown, or found by the referee).
- misdeals: misdeals the seat was charged with; penalties: cents paid as penalties.
- take: cents the seat took out of the pot (its shares); the pot: what was played for,
  pot_in plus the antes, fees and penalties of the hand.
"""
from __future__ import annotations

from collections import defaultdict

POT_BUILDERS = ("ante", "fee", "penalty")


def card_rank(card):
    """'TH' -> 'T', '10H' -> 'T', None -> None."""
    if not card or not isinstance(card, str):
        return None
    rank = card[:-1].upper()
    return "T" if rank == "10" else rank


def _is_trips(cards):
    ranks = {card_rank(c) for c in cards or []}
    return len(cards or []) == 3 and len(ranks) == 1 and None not in ranks


def money(ledger):
    """Per seat: net, falls (negative sum), shares (positive sum), penalties paid; and the pot built."""
    per = defaultdict(lambda: {"net": 0, "fall": 0, "share": 0, "penalty": 0})
    built = 0
    for seat, amount, kind in ledger:
        m = per[seat]
        m["net"] += amount
        if kind == "fall":
            m["fall"] += amount
        elif kind == "share" and amount > 0:
            m["share"] += amount
        elif kind == "penalty":
            m["penalty"] -= amount
        if kind in POT_BUILDERS:
            built -= amount
    return per, built


def _swik_table(record):
    """Who was in, who wrapped on what, who took the blind, who showed trips (the deal that counts)."""
    events = record.get("events") or []
    last_deal = max((i for i, e in enumerate(events) if isinstance(e, dict) and e.get("action") == "deal"), default=None)
    if last_deal is None:
        return None
    turned = events[last_deal].get("turned")
    wrapper, declared, blind_taker, trips = None, {}, None, set()
    for e in events[last_deal + 1:]:
        if not isinstance(e, dict):
            continue
        action, seat = e.get("action"), e.get("seat")
        if action == "wrap" and e.get("take") is True and wrapper is None:
            wrapper = seat
        elif action == "declare" and seat != wrapper and seat not in declared:
            choice = e.get("choice")
            if choice == "blind" and blind_taker is None:
                blind_taker = seat
            declared[seat] = choice
        elif action == "trips" and _is_trips(e.get("cards")):
            trips.add(seat)
    return {"turned": turned, "wrapper": wrapper, "declared": declared, "blind": blind_taker, "trips": trips}


def seat_facts(*, game, record, ruling, ledger, seats):
    """One dict per seat index in `seats` (see the module docstring for the meanings)."""
    status = ruling.get("status")
    complete = status == "complete"
    per, built = money(ledger)
    pot = (ruling.get("pot_in") or record.get("pot_in") or 0) + built
    tricks_list = ruling.get("tricks")
    trick_wins = None
    if complete and isinstance(tricks_list, list):
        trick_wins = defaultdict(int)
        for t in tricks_list:
            if isinstance(t, dict) and t.get("winner") is not None:
                trick_wins[t["winner"]] += 1
    misdeals = defaultdict(int)
    unclaimed_trips = False
    for v in ruling.get("violations") or []:
        rule = v.get("rule") or ""
        if rule.endswith(".misdeal"):
            misdeals[v.get("seat")] += 1
        if rule.endswith(".unclaimed-trips"):
            unclaimed_trips = True

    table = _swik_table(record) if game == "swik" and status != "void" else None
    any_trips = bool(table and (table["trips"] or unclaimed_trips))
    out = {}
    for s in seats:
        m = per[s]
        f = {
            "in_hand": None, "tricks": None, "fell": None, "double_fall": None,
            "wrapped_rank": None, "wrap_made": None, "took_blind": None, "blind_made": None, "trips_win": None,
            "misdeals": misdeals.get(s, 0), "penalties": m["penalty"], "net": m["net"],
            "won": 1 if m["net"] > 0 else 0, "take": m["share"] or None,
        }
        if trick_wins is not None:
            f["tricks"] = trick_wins.get(s, 0)
        if m["fall"] < 0:
            f["fell"] = 1
            f["double_fall"] = 1 if -m["fall"] > pot else 0
        if table is not None:
            if s == table["wrapper"]:
                f["in_hand"] = 1
            elif s in table["declared"]:
                f["in_hand"] = 0 if table["declared"][s] == "out" else 1
            if f["in_hand"] is not None:
                f["took_blind"] = 1 if s == table["blind"] else 0
            if complete:
                if f["fell"] is None:
                    f["fell"], f["double_fall"] = 0, 0
                no_tricks_played = not tricks_list
                f["trips_win"] = 1 if (any_trips and no_tricks_played and m["share"] > 0) else 0
            if s == table["wrapper"]:
                f["wrapped_rank"] = card_rank(table["turned"])
                if complete:
                    f["wrap_made"] = 1 - f["fell"]
            if s == table["blind"] and complete:
                f["blind_made"] = 1 - f["fell"]
        out[s] = f
    return out, pot


def largest_remainder(total, weights):
    """Split whole cents `total` in proportion to `weights` (ties: earlier first); sums to total."""
    wsum = sum(weights)
    if total <= 0 or wsum <= 0:
        return [0] * len(weights)
    parts = [total * w // wsum for w in weights]
    rest = total - sum(parts)
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % wsum), i))
    for i in order[:rest]:
        parts[i] += 1
    return parts


def pair_flows(nets):
    """Head to head for one hand: who took money from whom.

    `nets` is [(player, net)] in seat order. The money that changed hands between players is
    M = min(what the winners won, what the losers lost); the rest went into or came out of the
    pot (carried from other hands) and is nobody's. M is split among the winners in proportion
    to their wins, and each winner's part among the losers in proportion to their losses, in
    whole cents. Answers [(payer, payee, cents)] with cents > 0.
    """
    winners = [(p, n) for p, n in nets if n > 0]
    losers = [(p, -n) for p, n in nets if n < 0]
    moved = min(sum(n for _, n in winners), sum(n for _, n in losers))
    flows = []
    for (payee, _), part in zip(winners, largest_remainder(moved, [n for _, n in winners])):
        for (payer, _), cents in zip(losers, largest_remainder(part, [n for _, n in losers])):
            if cents:
                flows.append((payer, payee, cents))
    return flows
