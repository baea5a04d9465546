"""Head to head: who took money from whom in one hand, in whole cents. Pure functions, no database.

(What a hand says about each seat comes from the referee: the ruling's facts, referee/facts.py.)
"""

from __future__ import annotations


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
