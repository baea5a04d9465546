"""How fast the referee rules on poker hands, measured against json.loads of the same records.

    /work/main/.venv/bin/python bench/poker.py [--hands 10000] [--seed 1] [--mistakes 0.05] [--repeat 5]

Generates realistic hands (referee.games.poker.generate.poker_hand: 2 to 8 players, the deal, the draw, a
betting round and the showdown, a few house rules, some showdown-only records), writes them as JSON text, then
times, on chunks of 500 hands, best of --repeat rounds per chunk (the phases take turns: bench/referee.py's
best_of), summed:
    loads            json.loads of every text
    loads + replay   json.loads then referee.replay of every text (what the API and import do)
The figure: (loads + replay) / loads, as bench/referee.py gives it for Swik (target <= 3).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)

import referee  # noqa: E402
from bench.referee import best_of  # noqa: E402
from referee.games.poker.generate import NAMES, poker_hand, random_rules  # noqa: E402

TARGET = 3.0


def make_texts(count: int, seed: int, mistakes: float) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        n = rng.randint(2, 8)
        record = poker_hand(
            rng,
            players=NAMES[:n],
            dealer=rng.randrange(n),
            pot_in=rng.choice([0, 0, 0, 0, 12]),
            house_rules=random_rules(rng) if rng.random() < 0.3 else None,
            mistakes=mistakes,
            showdown_only=0.05,
        )
        texts.append(json.dumps(record))
    return texts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mistakes", type=float, default=0.05)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    texts = make_texts(args.hands, args.seed, args.mistakes)
    loads, replay = json.loads, referee.replay
    bad = 0
    for t in texts:
        try:
            replay(loads(t))
        except referee.BadRecord:
            bad += 1

    def run_loads(lo, hi):
        for t in texts[lo:hi]:
            loads(t)

    def run_replay(lo, hi):
        for t in texts[lo:hi]:
            try:
                replay(loads(t))
            except referee.BadRecord:
                pass

    times = best_of(args.repeat, [("loads", run_loads), ("loads + replay", run_replay)], len(texts))
    ratio = times["loads + replay"] / times["loads"]
    size = sum(map(len, texts)) / len(texts)
    print(f"{len(texts)} poker hands ({bad} bad records), {size:.0f} bytes each on average")
    for name, t in times.items():
        print(f"  {name:<16} {t * 1000:8.1f} ms   {t / len(texts) * 1e6:7.1f} us/hand")
    print(f"  (loads + replay) / loads = {ratio:.2f}   (target <= {TARGET})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
