"""The timing every game's referee bench shares (bench/sedma.py, seka.py, poker.py, rummy.py; bench/referee.py
is Swik's, with its extras): generated records as JSON text, each phase timed on chunks of 500, best of
--repeat rounds per chunk (the phases take turns), summed:

    loads            json.loads of every text
    loads + replay   json.loads then referee.replay of every text (what the API and import do)
    replay           referee.replay alone, on the parsed records
    loads + steps    json.loads then the whole referee.steps iterator (the replay page)

The figure: (loads + replay) / loads, target at most 3. --profile prints replay's cProfile hotspots.
A bench script gives its arguments' parser (`arguments`) and its texts, then calls `report`.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time

import referee

TARGET = 3.0


def arguments(doc):
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mistakes", type=float, default=0.05)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", type=int, nargs="?", const=25, default=0, metavar="N")
    return parser


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
                best[name, lo] = min(best[name, lo], clock() - start)
    return {name: sum(best[name, lo] for lo in starts) for name, _ in phases}


def rule_all(records):
    """Rule every record once, outside the timings: ({status: count}, bad records, rulings with violations)."""
    statuses, bad, with_violations = {}, 0, 0
    for record in records:
        try:
            ruling = referee.replay(record)
        except referee.BadRecord:
            bad += 1
            continue
        statuses[ruling["status"]] = statuses.get(ruling["status"], 0) + 1
        with_violations += bool(ruling["violations"])
    return statuses, bad, with_violations


def phases_of(texts, records):
    """The timed phases, as (name, run(lo, hi)) on the texts and their parsed records."""
    loads, replay, steps, BadRecord = json.loads, referee.replay, referee.steps, referee.BadRecord

    def run_loads(lo, hi):
        for t in texts[lo:hi]:
            loads(t)

    def run_loads_replay(lo, hi):
        for t in texts[lo:hi]:
            try:
                replay(loads(t))
            except BadRecord:
                pass

    def run_replay(lo, hi):
        for record in records[lo:hi]:
            try:
                replay(record)
            except BadRecord:
                pass

    def run_loads_steps(lo, hi):
        for t in texts[lo:hi]:
            try:
                for _ in steps(loads(t)):
                    pass
            except BadRecord:
                pass

    return [
        ("loads", run_loads),
        ("loads + replay", run_loads_replay),
        ("replay", run_replay),
        ("loads + steps", run_loads_steps),
    ]


def report(texts, args, *, what, unit="hand"):
    """Rule every text once (statuses, violations, bad records), time the phases and print the figure."""
    records = [json.loads(t) for t in texts]
    statuses, bad, with_violations = rule_all(records)
    phases = phases_of(texts, records)
    run_replay = dict(phases)["replay"]
    timings = best_of(args.repeat, phases, len(texts))
    n = len(texts)
    size = sum(len(t) for t in texts) / n
    print(
        f"Python {sys.version.split()[0]}; {n} {what} (seed {args.seed}, mistakes {args.mistakes}), {size:.0f} bytes a {unit}"
    )
    print(f"rulings: {statuses}; {with_violations} with violations; {bad} bad records")
    print(f"{'phase':<16} {'best (s)':>10} {'us / ' + unit:>10} {'x loads':>8}")
    for name, _ in phases:
        t = timings[name]
        print(f"{name:<16} {t:>10.4f} {t / n * 1e6:>10.1f} {t / timings['loads']:>8.2f}")
    ratio = timings["loads + replay"] / timings["loads"]
    print(f"(loads + replay) / loads = {ratio:.2f}   (target <= {TARGET:g}: {'met' if ratio <= TARGET else 'NOT met'})")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        run_replay(0, n)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue().split("\n", 4)[-1].rstrip())
    return ratio
