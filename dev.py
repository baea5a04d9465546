#!/usr/bin/env python3
"""One file, standard library only, so a fresh machine with nothing but Python can run the project.

python3 dev.py start   set up (.venv, packages, database, demo family) and serve on http://127.0.0.1:8000
python3 dev.py test    set up and run the whole test suite (extra arguments go to pytest)
python3 dev.py setup   only set up
"""

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".installed"


def say(msg):
    print(f"[tablekeeper] {msg}", flush=True)


def run(*args, **kw):
    return subprocess.run([str(a) for a in args], cwd=ROOT, check=True, **kw)


def setup():
    if sys.version_info < (3, 11):  # noqa: UP036 (this script runs on whatever Python the user has)
        sys.exit(f"Tablekeeper needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not PY.exists():
        say("creating the virtual environment in .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text() != want:
        say("installing packages (first run only; a minute or two)")
        run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        run(PY, "-m", "pip", "install", "--quiet", "-e", ".[dev]")
        STAMP.write_text(want)


def manage(*args):
    run(PY, "manage.py", *args)


def start(argv):
    setup()
    manage("migrate", "--noinput", "-v", "0")
    say("loading the demo family's history (skipped when it is already there)")
    manage("demo", "--if-empty")
    addr = argv[0] if argv else "127.0.0.1:8000"
    say(f"serving on http://{addr}/  (log in as demo / demo; Ctrl-C stops)")
    os.execv(str(PY), [str(PY), "manage.py", "runserver", addr])


def test(argv):
    setup()
    os.chdir(ROOT)
    os.execv(str(PY), [str(PY), "-m", "pytest", *argv])


def main():
    cmd, argv = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("start", [])
    if cmd == "start":
        start(argv)
    elif cmd == "test":
        test(argv)
    elif cmd == "setup":
        setup()
        manage("migrate", "--noinput", "-v", "0")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
