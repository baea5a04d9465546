"""How fast the referee rules on rummy hands, measured against json.loads of the same records (as bench/sedma.py
does for Sedma).

    .venv/bin/python bench/rummy.py [--hands 10000] [--seed 1] [--mistakes 0.05] [--repeat 5] [--profile [N]]

Generates realistic hands (referee.games.rummy.generate.rummy_hand: two to four players, played out card by card,
the families' house rules now and then), and times them as bench/harness.py says:
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
from referee.games.rummy.generate import random_rummy_rules, rummy_hand  # noqa: E402


def make_texts(count: int, seed: int, mistakes: float) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rules = random_rummy_rules(rng) if rng.random() < 0.2 else None
        record = rummy_hand(rng, house_rules=rules, mistakes=mistakes, incomplete=0.02, unknown=0.05)
        record.pop("_expect", None)
        out.append(json.dumps(record))
    return out


def main(argv=None) -> int:
    args = arguments(__doc__).parse_args(argv)
    report(make_texts(args.hands, args.seed, args.mistakes), args, what="rummy hands", unit="hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
