"""How fast the referee rules on Swik hands, measured against json.loads of the same records.

    .venv/bin/python bench/referee.py [--hands 10000] [--seed 1] [--mistakes 0.05] [--repeat 5]
                                      [--no-gc] [--profile [N]] [--mypyc]

Generates realistic hands (referee.generate.swik_hand), writes them as JSON text, then times each
phase on chunks of 500 hands, best of --repeat rounds per chunk (the phases take turns), summed:
    loads            json.loads of every text
    loads + replay   json.loads then referee.replay of every text (what the API and import do)
    replay           referee.replay alone, on the parsed records
    loads + steps    json.loads then the whole referee.steps iterator (the replay page)
Target: (loads + replay) / loads <= 3. --profile prints the cProfile hotspots of replay.

--mypyc (an extra figure only: the referee ships as pure Python) also compiles a copy of referee/ with
mypyc (`pip install mypy`; needs a C compiler) into a temporary folder, times that copy on the same
hands in a child process and prints its figures beside the pure-Python ones. Nothing is written to
the repository.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder would come first on sys.path and `import referee` would find
# this very file; the repository root must win (or, for the child of --mypyc, the folder holding the
# compiled copy: TK_REFEREE_ROOT).
ROOT = Path(__file__).resolve().parent.parent
REFEREE_ROOT = os.environ.get("TK_REFEREE_ROOT") or str(ROOT)
if sys.path and Path(sys.path[0] or ".").resolve() == Path(__file__).resolve().parent:
    sys.path[0] = REFEREE_ROOT
elif REFEREE_ROOT not in sys.path:
    sys.path.insert(0, REFEREE_ROOT)

if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # for bench.harness (after REFEREE_ROOT, which may hold a compiled referee)

from bench.harness import best_of, phases_of, rule_all  # noqa: E402
from referee.generate import random_house_rules, swik_hand  # noqa: E402

NAMES = ["Dad", "Uncle Joe", "Mary", "Me", "Grandma", "Pete", "Ann"]
TARGET = 3.0
# The modules worth compiling: the hot path of a replay. cards.py stays Python (its Card freezes itself
# with object.__setattr__, which a compiled class refuses; the replay uses card texts anyway), and so
# do games/__init__ and generate.
MYPYC_MODULES = [
    "referee/games/swik/rules.py",
    "referee/games/swik/deal.py",
    "referee/games/swik/declare.py",
    "referee/games/swik/table.py",
    "referee/games/swik/words.py",
    "referee/games/swik/__init__.py",
    "referee/core.py",
    "referee/tricks.py",
    "referee/record.py",
    "referee/ruling.py",
    "referee/ledger.py",
    "referee/__init__.py",
]


def make_texts(count: int, seed: int, mistakes: float) -> list[str]:
    """A family's history: 3..7 players, a few house rules, pots carried from hand to hand."""
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        n = rng.randint(3, 7)
        rules = random_house_rules(rng) if rng.random() < 0.3 else None
        record = swik_hand(
            rng,
            players=NAMES[:n],
            dealer=rng.randrange(n),
            pot_in=rng.choice([0, 0, rng.randrange(200)]),
            house_rules=rules,
            mistakes=mistakes,
            summary_only=0.05,
        )
        texts.append(json.dumps(record))
    return texts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mistakes", type=float, default=0.05)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-gc", action="store_true", help="disable the garbage collector while timing")
    parser.add_argument(
        "--profile",
        type=int,
        nargs="?",
        const=25,
        default=0,
        metavar="N",
        help="profile replay and print the top N functions",
    )
    parser.add_argument(
        "--mypyc",
        action="store_true",
        help="also time a copy of the referee compiled with mypyc (an extra figure only)",
    )
    parser.add_argument("--timings-json", action="store_true", help=argparse.SUPPRESS)  # (the --mypyc child)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    texts = make_texts(args.hands, args.seed, args.mistakes)
    generated = time.perf_counter() - started
    records = [json.loads(t) for t in texts]
    size = sum(len(t) for t in texts)

    # Check once, outside the timings, that every hand gets a ruling, and count what they say.
    statuses, bad, with_violations = rule_all(records)
    phases = phases_of(texts, records)
    run_replay = dict(phases)["replay"]
    gc_was_enabled = gc.isenabled()
    if args.no_gc:
        gc.disable()
    try:
        timings = best_of(args.repeat, phases, len(texts))
    finally:
        if args.no_gc and gc_was_enabled:
            gc.enable()

    n = len(texts)
    if args.timings_json:
        print(json.dumps({"timings": timings, "compiled": _compiled(), "statuses": statuses}))
        return 0
    compiled = _mypyc_timings(args) if args.mypyc else None
    print(
        f"Python {sys.version.split()[0]}; {n} Swik hands (seed {args.seed}, mistakes {args.mistakes}), "
        f"{size / n:.0f} bytes of JSON a hand on average; generated in {generated:.1f} s"
    )
    print(f"rulings: {statuses}; {with_violations} with violations; {bad} bad records")
    print(
        f"timing: per chunk of 500 hands, best of {args.repeat} rounds (phases take turns), summed; "
        f"time.perf_counter, "
        f"garbage collector {'DISABLED while timing' if args.no_gc else 'on'}"
    )
    print()
    loads_time = timings["loads"]
    print(f"{'phase':<16} {'best (s)':>10} {'us / hand':>10} {'hands / s':>11} {'x loads':>8}")
    print("-" * 59)
    for name, _ in phases:
        t = timings[name]
        print(f"{name:<16} {t:>10.4f} {t / n * 1e6:>10.1f} {n / t:>11,.0f} {t / loads_time:>8.2f}")
    print()
    ratio = timings["loads + replay"] / loads_time
    print(f"replay: {n / timings['replay']:,.0f} hands per second")
    print(f"(loads + replay) / loads = {ratio:.2f}   (target <= {TARGET:g}: {'met' if ratio <= TARGET else 'NOT met'})")
    print(f"replay / loads           = {timings['replay'] / loads_time:.2f}")
    print(f"(loads + steps) / loads  = {timings['loads + steps'] / loads_time:.2f}")

    if compiled is not None:
        print()
        if "error" in compiled:
            print(f"mypyc: {compiled['error']}")
        else:
            other = compiled["timings"]
            if compiled["statuses"] != statuses:
                print("mypyc: WARNING: the compiled copy rules differently on these hands!")
            print(
                f"mypyc-compiled copy ({', '.join(compiled['compiled']) or 'nothing compiled!'}), "
                f"the same hands; x loads is against each run's own loads:"
            )
            print(f"{'phase':<16} {'pure us/hand':>13} {'mypyc us/hand':>14} {'mypyc x loads':>14} {'speed-up':>9}")
            print("-" * 70)
            for name, _ in phases:
                mine, theirs = timings[name], other[name]
                print(
                    f"{name:<16} {mine / n * 1e6:>13.1f} {theirs / n * 1e6:>14.1f} "
                    f"{theirs / other['loads']:>14.2f} {mine / theirs:>8.2f}x"
                )
            print(f"mypyc: (loads + replay) / loads = {other['loads + replay'] / other['loads']:.2f}")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        run_replay(0, n)
        profiler.disable()
        for order in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order).print_stats(args.profile)
            print(f"\n--- cProfile of replay over {n} hands, by {order} ---")
            print(out.getvalue().split("\n", 4)[-1].rstrip())
    return 0


def _compiled():
    """The referee modules this process imported as compiled extensions."""
    names = [
        "referee",
        "referee.games.swik",
        "referee.games.swik.table",
        "referee.games.swik.rules",
        "referee.core",
        "referee.tricks",
        "referee.record",
        "referee.cards",
        "referee.ruling",
        "referee.ledger",
    ]
    return [m for m in names if not str(getattr(sys.modules.get(m), "__file__", "")).endswith(".py")]


def _mypyc_timings(args) -> dict:
    """Compile a copy of referee/ with mypyc in a temporary folder and time it in a child process."""
    with tempfile.TemporaryDirectory(prefix="tk-mypyc-") as tmp:
        shutil.copytree(
            ROOT / "referee", Path(tmp) / "referee", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c")
        )
        started = time.perf_counter()
        build = subprocess.run([sys.executable, "-m", "mypyc", *MYPYC_MODULES], cwd=tmp, capture_output=True, text=True)
        if build.returncode != 0:
            tail = (build.stdout + build.stderr).strip().splitlines()[-5:]
            return {"error": "compiling failed (pip install mypy; a C compiler is needed): " + " | ".join(tail)}
        print(
            f"(mypyc compiled {len(MYPYC_MODULES)} modules in {time.perf_counter() - started:.0f} s)", file=sys.stderr
        )
        child = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--hands",
            str(args.hands),
            "--seed",
            str(args.seed),
            "--mistakes",
            str(args.mistakes),
            "--repeat",
            str(args.repeat),
            "--timings-json",
        ]
        if args.no_gc:
            child.append("--no-gc")
        run = subprocess.run(child, capture_output=True, text=True, cwd=tmp, env=dict(os.environ, TK_REFEREE_ROOT=tmp))
        if run.returncode != 0:
            return {"error": "the compiled copy failed: " + run.stderr.strip()[-500:]}
        return json.loads(run.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    sys.exit(main())
