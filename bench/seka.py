"""How fast the referee rules on Seka hands, measured against json.loads of the same records.

    .venv/bin/python bench/seka.py [--hands 10000] [--seed 1] [--mistakes 0.05] [--repeat 5]

Generates realistic hands (referee.games.seka.generate.seka_hand: 2 to 7 players, a third open, some svara
hands, a few house rules), and times them as bench/harness.py says:
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
from referee.games.seka.generate import NAMES, random_rules, seka_hand  # noqa: E402


def make_texts(count: int, seed: int, mistakes: float) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        n = rng.randint(2, 7)
        svara = sorted(rng.sample(range(n), 2)) if rng.random() < 0.1 else None
        record = seka_hand(
            rng,
            players=NAMES[:n],
            dealer=rng.randrange(n),
            pot_in=rng.randrange(2, 200) if svara else 0,
            house_rules=random_rules(rng) if rng.random() < 0.3 else None,
            mistakes=mistakes,
            variant="open" if rng.random() < 0.3 else None,
            svara=svara,
        )
        texts.append(json.dumps(record))
    return texts


def main(argv=None) -> int:
    args = arguments(__doc__).parse_args(argv)
    report(make_texts(args.hands, args.seed, args.mistakes), args, what="Seka hands", unit="hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
