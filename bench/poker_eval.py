"""How fast the poker ranking evaluates five-card hands, against PokerKit's StandardHighHand, in one run.

    .venv/bin/python bench/poker_eval.py [--hands 200000] [--seed 1] [--repeat 5]

PokerKit is a development-only dependency (the dev extras): `.venv/bin/pip install pokerkit`.

Deals --hands random plain hands from one 52-card pack and times, best of --repeat rounds each:
    ours (texts)      referee.games.poker.ranking.rank on tuples of card texts ("QH", ...), as records hold them
    ours (Cards)      the same on tuples of the referee's Card values
    PokerKit          pokerkit.StandardHighHand on the same hands as tuples of pokerkit Cards (parsed beforehand,
                      its fastest way in)
(taking turns on chunks of 10,000 hands, the best time of each chunk counting: the machine is shared)
and prints the rates (hands a second) and ours / PokerKit. Then ours on as many hands with jokers (one or
two from a 54-card pack; and one to four from two packs, with duplicate cards), which must be at least as
fast as PokerKit on plain hands. Targets: plain >= 2x PokerKit; jokers >= 1x.
(The two rank by different rules, so the bench compares speed, not answers; the tests check ours.)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# Run as a script, this file's folder would come first on sys.path; the repository root must win.
ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)
elif str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee.cards import CARDS, DECK_52, DECK_54, DECK_108  # noqa: E402
from referee.games.poker.ranking import rank  # noqa: E402

TARGET_PLAIN = 2.0
TARGET_JOKERS = 1.0


CHUNK = 10_000


def rates(phases, repeat):
    """Hands a second for each phase (name -> (fn, hands)). The machine is shared, so the phases take
    turns on chunks of CHUNK hands, each chunk timed `repeat` times per phase; the best time of each
    chunk counts, summed over the chunks."""
    total = dict.fromkeys(phases, 0.0)
    count = len(next(iter(phases.values()))[1])
    for lo in range(0, count, CHUNK):
        best = dict.fromkeys(phases, float("inf"))
        for _ in range(repeat):
            for name, (fn, hands) in phases.items():
                chunk = hands[lo : lo + CHUNK]
                t = time.perf_counter()
                for h in chunk:
                    fn(h)
                best[name] = min(best[name], time.perf_counter() - t)
        for name in phases:
            total[name] += best[name]
    return {name: count / total[name] for name in phases}


def joker_hands(rng, count):
    """Hands holding at least one joker: half from one pack (54 cards), half from two (108)."""
    out = []
    for i in range(count):
        deck = DECK_54 if i % 2 else DECK_108
        while True:
            h = tuple(c.text for c in rng.sample(deck, 5))
            if "JK" in h:
                out.append(h)
                break
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    try:
        from pokerkit import Card as PKCard
        from pokerkit import StandardHighHand
    except ImportError:
        print("PokerKit is missing: install it with `.venv/bin/pip install pokerkit` (or `pip install -e '.[dev]'`)")
        return 2

    rng = random.Random(args.seed)
    deck = [c.text for c in DECK_52]
    texts = [tuple(rng.sample(deck, 5)) for _ in range(args.hands)]
    cards = [tuple(CARDS[t] for t in h) for h in texts]
    pk = [tuple(PKCard.parse("".join(t[0] + t[1].lower() for t in h))) for h in texts]
    jokers = joker_hands(rng, args.hands)
    for h in pk[:3]:
        StandardHighHand(h)  # a hand PokerKit accepts, so the timing is of real work

    print(
        f"{args.hands} random five-card hands, best of {args.repeat} rounds a chunk (Python {sys.version.split()[0]})"
    )
    r = rates(
        {
            "texts": (rank, texts),
            "cards": (rank, cards),
            "pokerkit": (StandardHighHand, pk),
            "jokers": (rank, jokers),
        },
        args.repeat,
    )
    ours, ours_cards, theirs, ours_jk = r["texts"], r["cards"], r["pokerkit"], r["jokers"]
    print(f"  ours, plain hands (texts)   {ours:>12,.0f} hands/s")
    print(f"  ours, plain hands (Cards)   {ours_cards:>12,.0f} hands/s")
    print(f"  PokerKit StandardHighHand   {theirs:>12,.0f} hands/s")
    print(f"  ours, hands with jokers     {ours_jk:>12,.0f} hands/s")
    plain_ratio, joker_ratio = ours / theirs, ours_jk / theirs
    ok_plain, ok_jokers = plain_ratio >= TARGET_PLAIN, joker_ratio >= TARGET_JOKERS
    print(
        f"ratio ours / PokerKit, plain: {plain_ratio:.1f}x (target >= {TARGET_PLAIN:g}x: {'met' if ok_plain else 'MISSED'})"
    )
    print(
        f"ratio ours with jokers / PokerKit plain: {joker_ratio:.1f}x "
        f"(target >= {TARGET_JOKERS:g}x: {'met' if ok_jokers else 'MISSED'})"
    )
    return 0 if ok_plain and ok_jokers else 1


if __name__ == "__main__":
    sys.exit(main())
