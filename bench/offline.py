"""The referee in the browser (issue 35): how long Pyodide and the referee take to load in this machine's
Chromium, cold (an empty browser cache) and warm (the same browser again), and how long a legal() call takes
once loaded (median and p95), and a "next" question (a hand kept offline: ruled at its place in the night,
the next hand set up: referee/chain.py). Run by hand, after `python3 dev.py setup` fetched Pyodide:

    .venv/bin/python bench/offline.py                    # 3 cold loads, 5 warm, 1000 legal() calls
    .venv/bin/python bench/offline.py --cold 1 --warm 2 --calls 100

Serves the site with `manage.py runserver` (static files by Django, DEBUG on, a scratch SQLite database) on
a free port, and times in the page from the module's import to the first answer, then legal() on every
prefix of each game's public examples (what the card picker asks after each tap), round robin.
Target: legal() under 50 ms (median and p95) once loaded.
"""

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TARGET_MS = 50.0
CHROMIUM = "/usr/bin/chromium"

LOAD = """async () => {
  const t0 = performance.now();
  const { localReferee } = await import("/static/js/offline/referee.js");
  await localReferee.warm();
  window.tkReferee = localReferee;
  return performance.now() - t0;
}"""

CALLS = """async ([ask, texts, n]) => {
  const times = [];
  let ok = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const a = await window.tkReferee.answer(ask, texts[i % texts.length]);
    times.push(performance.now() - t0);
    ok += a.status === 200;
  }
  return [times, ok];
}"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prefixes():
    """Each public example cut after each of its events, as the picker sends it (JSON text)."""
    from tests.examples import public_examples

    out = []
    for name, text in public_examples():
        if name.startswith("bad/"):
            continue
        record = json.loads(text)
        for k in range(len(record.get("events", [])) + 1):
            out.append(json.dumps({**record, "events": record["events"][:k]}))
    return out


def nexts():
    """Each whole public example as the hand-entry page asks "next" of it when it keeps it (JSON text)."""
    from referee.chain import record_carry, set_up
    from tests.examples import public_examples

    out = []
    for name, text in public_examples():
        if name.startswith("bad/"):
            continue
        record = json.loads(text)
        if "deals" in record:  # (a whole Sedma or rummy game in one record: not a hand of a night)
            continue
        before = set_up(
            record["game"],
            record["players"],
            variant=record.get("variant"),
            house_rules=record.get("house_rules"),
            dealer=record.get("dealer", 0),
            pot_in=record.get("pot_in", 0),
            carry=record_carry(record["game"], record),
        )
        out.append(json.dumps({"before": before, "record": record}))
    return out


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cold", type=int, default=3)
    ap.add_argument("--warm", type=int, default=5)
    ap.add_argument("--calls", type=int, default=1000)
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    if not (ROOT / "static/vendor/pyodide" / _version() / "pyodide.js").exists():
        sys.exit("Pyodide is not in static/vendor/pyodide/: run `python3 dev.py setup` first.")

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    scratch = tempfile.mkdtemp(prefix="tk-bench-offline-")
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.dev", DEBUG="1")
    env["DATABASE_URL"] = f"sqlite:///{scratch}/db.sqlite3"
    env.pop("CELERY_BROKER_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/offline/manifest.json", timeout=1).read()
                break
            except OSError:
                time.sleep(0.2)
        texts, next_texts = prefixes(), nexts()
        with sync_playwright() as p:
            cold, warm = [], []
            for i in range(args.cold):  # a new profile each time: nothing cached
                profile = tempfile.mkdtemp(prefix="tk-bench-profile-", dir=scratch)
                ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=["--no-sandbox"])
                page = ctx.new_page()
                page.goto(url + "/login/")
                cold.append(page.evaluate(LOAD))
                if i == args.cold - 1:  # the same browser again: its HTTP cache (and compiled wasm) kept
                    for _ in range(args.warm):
                        page.close()
                        page = ctx.new_page()
                        page.goto(url + "/login/")
                        warm.append(page.evaluate(LOAD))
                    times, answered = page.evaluate(CALLS, ["legal", texts, args.calls])
                    next_times, next_ok = page.evaluate(CALLS, ["next", next_texts, args.calls // 4 or 1])
                ctx.close()
    finally:
        server.terminate()
        server.wait()

    print(
        f"Pyodide {_version()} in {subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.strip()}"
    )
    print(f"first load, cold ({len(cold)}):  median {statistics.median(cold):7.0f} ms   max {max(cold):7.0f} ms")
    print(f"first load, warm ({len(warm)}):  median {statistics.median(warm):7.0f} ms   max {max(warm):7.0f} ms")
    med, p95 = statistics.median(times), pct(times, 95)
    ok = "ok" if p95 < TARGET_MS else "OVER TARGET"
    print(
        f"legal() once loaded ({len(times)} calls over {len(texts)} records, {answered} legal/1): median {med:.1f} ms   "
        f"p95 {p95:.1f} ms   max {max(times):.1f} ms   (target < {TARGET_MS:.0f} ms: {ok})"
    )
    print(
        f"next (a hand kept, the next set up; {len(next_times)} calls over {len(next_texts)} hands, {next_ok} next/1): "
        f"median {statistics.median(next_times):.1f} ms   p95 {pct(next_times, 95):.1f} ms   max {max(next_times):.1f} ms"
    )


def _version():
    """The Pyodide version the site names (config/settings/base.py), read without setting Django up."""
    return re.search(r'PYODIDE_VERSION = "([^"]+)"', (ROOT / "config/settings/base.py").read_text()).group(1)


if __name__ == "__main__":
    main()
