"""How fast the referee rules on rummy hands, measured against json.loads of the same records (as bench/sedma.py
does for Sedma).

    .venv/bin/python bench/rummy.py [--hands 10000] [--seed 1] [--mistakes 0.05] [--repeat 5] [--profile [N]]

Generates realistic hands (referee.games.rummy.generate.rummy_hand: two to four players, played out card by card,
the families' house rules now and then), writes them as JSON text, then times each phase on chunks of 500 hands,
best of --repeat rounds per chunk (the phases take turns), summed:
    loads            json.loads of every text
    loads + replay   json.loads then referee.replay of every text (what the API and import do)
    replay           referee.replay alone, on the parsed records
    loads + steps    json.loads then the whole referee.steps iterator (the replay page)
Target: (loads + replay) / loads <= 3.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)
elif str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import referee  # noqa: E402
from referee.games.rummy.generate import random_rummy_rules, rummy_hand  # noqa: E402

TARGET = 3.0


def make_texts(count: int, seed: int, mistakes: float) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rules = random_rummy_rules(rng) if rng.random() < 0.2 else None
        record = rummy_hand(rng, house_rules=rules, mistakes=mistakes, incomplete=0.02, unknown=0.05)
        record.pop("_expect", None)
        out.append(json.dumps(record))
    return out


def best_of(repeat, phases, count, chunk=500):
    """Each phase's time, as the sum over chunks of the best of `repeat` rounds (phases take turns)."""
    starts = range(0, count, chunk)
    best = {(name, lo): float("inf") for name, _ in phases for lo in starts}
    clock = time.perf_counter
    for _ in range(repeat):
        for lo in starts:
            hi = min(lo + chunk, count)
            for name, run in phases:
                start = clock()
                run(lo, hi)
                took = clock() - start
                best[name, lo] = min(best[name, lo], took)
    return {name: sum(best[name, lo] for lo in starts) for name, _ in phases}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mistakes", type=float, default=0.05)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", type=int, nargs="?", const=25, default=0, metavar="N")
    args = parser.parse_args(argv)

    texts = make_texts(args.hands, args.seed, args.mistakes)
    records = [json.loads(t) for t in texts]
    statuses, bad, with_violations = {}, 0, 0
    for record in records:
        try:
            ruling = referee.replay(record)
        except referee.BadRecord:
            bad += 1
            continue
        statuses[ruling["status"]] = statuses.get(ruling["status"], 0) + 1
        with_violations += bool(ruling["violations"])

    def run_loads(lo, hi):
        loads = json.loads
        for t in texts[lo:hi]:
            loads(t)

    def run_loads_replay(lo, hi):
        loads, replay, BadRecord = json.loads, referee.replay, referee.BadRecord
        for t in texts[lo:hi]:
            try:
                replay(loads(t))
            except BadRecord:
                pass

    def run_replay(lo, hi):
        replay, BadRecord = referee.replay, referee.BadRecord
        for record in records[lo:hi]:
            try:
                replay(record)
            except BadRecord:
                pass

    def run_loads_steps(lo, hi):
        loads, steps, BadRecord = json.loads, referee.steps, referee.BadRecord
        for t in texts[lo:hi]:
            try:
                for _ in steps(loads(t)):
                    pass
            except BadRecord:
                pass

    phases = [
        ("loads", run_loads),
        ("loads + replay", run_loads_replay),
        ("replay", run_replay),
        ("loads + steps", run_loads_steps),
    ]
    timings = best_of(args.repeat, phases, len(texts))
    n = len(texts)
    size = sum(len(t) for t in texts) / n
    print(
        f"Python {sys.version.split()[0]}; {n} rummy hands (seed {args.seed}, mistakes {args.mistakes}), {size:.0f} bytes a hand"
    )
    print(f"rulings: {statuses}; {with_violations} with violations; {bad} bad records")
    loads_time = timings["loads"]
    print(f"{'phase':<16} {'best (s)':>10} {'us / hand':>10} {'x loads':>8}")
    for name, _ in phases:
        t = timings[name]
        print(f"{name:<16} {t:>10.4f} {t / n * 1e6:>10.1f} {t / loads_time:>8.2f}")
    ratio = timings["loads + replay"] / loads_time
    print(f"(loads + replay) / loads = {ratio:.2f}   (target <= {TARGET:g}: {'met' if ratio <= TARGET else 'NOT met'})")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        run_replay(0, n)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue().split("\n", 4)[-1].rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
