"""How fast the referee rules on poker hands, measured against json.loads of the same records.

    .venv/bin/python bench/poker.py [--hands 10000] [--seed 1] [--mistakes 0.05] [--repeat 5]

Generates realistic hands (referee.games.poker.generate.poker_hand: 2 to 8 players, the deal, the draw, a
betting round and the showdown, a few house rules, some showdown-only records), and times them as bench/harness.py says:
(loads + replay) / loads, target at most 3.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

# bench/referee.py would shadow the referee package: the repository root comes first.
ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)
elif str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.harness import arguments, report  # noqa: E402
from referee.games.poker.generate import NAMES, poker_hand, random_rules  # noqa: E402


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
    args = arguments(__doc__).parse_args(argv)
    report(make_texts(args.hands, args.seed, args.mistakes), args, what="poker hands", unit="hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
