"""The showdown: who holds the best hand, and how the pot is split among equal hands.

The book (poker.md): the best hand takes the pot; equal hands split it, and what does not divide evenly
goes one unit each to the tied players in turn from the dealer's left, the dealer last.
"""

from .ranking import STANDARD, rank


def best_seats(shown, rules=STANDARD):
    """The seats holding the best hand among `shown` ({seat: five cards}), in seat order; [] if none shown.

    Foul hands are the caller's to leave out (they lose whatever they hold)."""
    if not shown:
        return []
    keys = {seat: rank(cards, rules) for seat, cards in shown.items()}
    top = max(keys.values())
    return sorted(seat for seat, k in keys.items() if k == top)


def split_pot(pot, winners, dealer, seats):
    """Each seat's share of `pot` (whole units) among `winners`: a list of `seats` ints summing to `pot`.

    Equal shares; the units left over go one each to the winners in turn from the dealer's left, the
    dealer last. ValueError if there is no winner, a winner is not a seat, or the pot is not a whole
    number of units >= 0."""
    if pot.__class__ is not int or pot < 0:
        raise ValueError(f"the pot must be a whole number of units >= 0, not {pot!r}")
    if not winners:
        raise ValueError("a pot is split among at least one winner")
    if any(w.__class__ is not int or not 0 <= w < seats for w in winners) or len(set(winners)) != len(winners):
        raise ValueError(f"winners must be distinct seats 0..{seats - 1}, not {winners!r}")
    if dealer.__class__ is not int or not 0 <= dealer < seats:
        raise ValueError(f"the dealer must be a seat 0..{seats - 1}, not {dealer!r}")
    share, odd = divmod(pot, len(winners))
    out = [0] * seats
    for w in winners:
        out[w] = share
    # from the dealer's left round to the dealer
    for w in sorted(winners, key=lambda s: (s - dealer - 1) % seats)[:odd]:
        out[w] += 1
    return out
