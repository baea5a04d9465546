"""How fast the referee rules on Sedma deals, measured against json.loads of the same records (as bench/referee.py
does for Swik).

    .venv/bin/python bench/sedma.py [--hands 10000] [--seed 1] [--mistakes 0.05] [--repeat 5] [--profile [N]]

Generates realistic deals (referee.games.sedma.generate.sedma_deal: half of them for four players, a quarter each
for two and three, with the families' house rules now and then), and times them as bench/harness.py says:
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
from referee.games.sedma.generate import sedma_deal  # noqa: E402


def make_texts(count: int, seed: int, mistakes: float) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        variant = rng.choice(["4p", "4p", "2p", "3p"])
        out.append(json.dumps(sedma_deal(rng, variant, mistakes=mistakes, incomplete=0.02, unknown=0.05)))
    return out


def main(argv=None) -> int:
    args = arguments(__doc__).parse_args(argv)
    report(make_texts(args.hands, args.seed, args.mistakes), args, what="Sedma deals", unit="deal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
