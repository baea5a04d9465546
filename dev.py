#!/usr/bin/env python3
"""One file, standard library only, so a fresh machine with nothing but Python can run the project.

python3 dev.py start   set up (.venv, packages, database, demo family) and serve on http://127.0.0.1:8000
python3 dev.py test    set up and run the whole test suite (extra arguments go to pytest)
python3 dev.py setup   only set up

Set-up also fetches Pyodide (the browser's Python, for the offline referee) from the npm registry into
static/vendor/pyodide/<version>/, checked against the sha512 pinned below. Without it the site still works;
the hand-entry page then falls back to paper mode when offline. TK_REQUIRE_PYODIDE=1 (CI) makes a failed
download an error instead.
"""

import base64
import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".installed"

# Pyodide 0.25.1 runs Python 3.11, the oldest Python the referee supports. The tarball and its integrity are
# the npm registry's (https://registry.npmjs.org/pyodide/0.25.1, "dist"); only the files the worker loads
# are kept (the .map files because collectstatic's manifest storage follows pyodide.js's sourceMappingURL).
PYODIDE_VERSION = "0.25.1"
PYODIDE_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_INTEGRITY = "sha512-y0nJ/fLA3bxD2iZRzvVTbP2O+wp4Ewm2wThfV4HF0BytQ6hsoqTJFLNY4usLOcCVBrK8TTWqFqrmsVPzHe4rsw=="
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.js.map",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
PYODIDE_DIR = ROOT / "static" / "vendor" / "pyodide"


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
    vendor_pyodide()
    manage("catalogues", "-v", "0")  # the Czech and Russian translations, compiled (compilemessages)


def integrity_of(path):
    """The npm registry's integrity string of a file: "sha512-" and the base64 of its SHA-512."""
    digest = hashlib.sha512()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "sha512-" + base64.b64encode(digest.digest()).decode()


def vendor_pyodide(
    url=PYODIDE_URL, integrity=PYODIDE_INTEGRITY, version=PYODIDE_VERSION, into=PYODIDE_DIR, files=PYODIDE_FILES
):
    """Pyodide's files in into/<version>/, downloaded once and checked against the pinned integrity.
    True when they are there; False (and a message saying what the site does without them) when not."""
    dest = into / version
    stamp = dest / ".integrity"
    wanted = [*files, *(f"{name}.gz" for name in files if name.endswith(".wasm"))]
    if stamp.exists() and stamp.read_text() == integrity and all((dest / name).exists() for name in wanted):
        return True
    say(f"downloading Pyodide {version} for the offline referee (once; about 5 MB)")
    into.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=into) as tmp:
        tgz = Path(tmp) / "pyodide.tgz"
        try:
            with urllib.request.urlopen(url, timeout=60) as r, open(tgz, "wb") as f:
                shutil.copyfileobj(r, f)
        except OSError as e:
            return _no_pyodide(f"the download of {url} failed ({e})")
        got = integrity_of(tgz)
        if got != integrity:
            return _no_pyodide(f"{url} is not the pinned Pyodide {version}: its integrity is {got}, not {integrity}")
        unpacked = Path(tmp) / version
        unpacked.mkdir()
        try:
            with tarfile.open(tgz, "r:gz") as tar:
                for name in files:  # only the named files, each written by name: nothing else of the archive
                    member = tar.getmember(f"package/{name}")
                    with tar.extractfile(member) as src, open(unpacked / name, "wb") as out:
                        shutil.copyfileobj(src, out)
        except (KeyError, tarfile.TarError, OSError) as e:
            return _no_pyodide(f"the Pyodide archive lacks a file the browser needs ({e})")
        for wasm in unpacked.glob("*.wasm"):  # gzipped once here: collectstatic does not (production settings)
            with open(wasm, "rb") as src, gzip.GzipFile(wasm.with_name(wasm.name + ".gz"), "wb", mtime=0) as out:
                shutil.copyfileobj(src, out)
        (unpacked / ".integrity").write_text(integrity)
        shutil.rmtree(dest, ignore_errors=True)
        unpacked.rename(dest)
    return True


def _no_pyodide(why):
    say(f"Pyodide was not installed: {why}.")
    say("The site works without it; offline, the hand-entry page falls back to paper mode.")
    say("Run `python3 dev.py setup` again with a network to fetch it.")
    if os.environ.get("TK_REQUIRE_PYODIDE") == "1":
        sys.exit("TK_REQUIRE_PYODIDE=1: the offline referee's runtime is required here (CI), and it is missing.")
    return False


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
