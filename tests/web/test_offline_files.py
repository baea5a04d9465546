"""The offline referee's files (archive/table/views/offline.py): the manifest (never cached) names the referee's zip by
its content's digest (cached for good) and Pyodide's folder; the worker alone may compile WebAssembly, the
pages keep the site's policy and allow that worker."""

import hashlib
import importlib.util
import io
import shutil
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from archive.table.views import offline

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_manifest_names_the_referees_zip_by_its_digest_and_is_never_cached():
    r = Client().get("/offline/manifest.json")
    assert r.status_code == 200 and r["Cache-Control"] == "no-cache"
    doc = r.json()
    assert doc["format"] == "offline/1" and doc["worker"] == "/offline/worker.js"
    assert doc["pyodide_version"] == settings.PYODIDE_VERSION
    z = Client().get(doc["referee"])
    assert z.status_code == 200 and z["Content-Type"] == "application/zip"
    assert z["Cache-Control"] == "public, max-age=31536000, immutable"
    assert doc["referee"] == f"/offline/referee-{hashlib.sha256(z.content).hexdigest()[:20]}.zip"


def test_the_zip_holds_the_whole_referee_package_with_its_catalogues_and_nothing_else():
    names = zipfile.ZipFile(io.BytesIO(offline.referee_zip()[1])).namelist()
    assert "referee/__init__.py" in names and "referee/answers.py" in names
    assert "referee/games/swik/__init__.py" in names and "referee/games/rummy/__init__.py" in names
    assert all(n.startswith("referee/") and n.endswith((".py", ".mo")) for n in names)
    assert len(names) == len([p for p in (ROOT / "referee").rglob("*") if p.suffix in (".py", ".mo")])
    # the referee's words in Czech and Russian go with it, so the phone's referee speaks the page's language
    assert "referee/locale/cs/LC_MESSAGES/referee.mo" in names and "referee/locale/ru/LC_MESSAGES/sedma.mo" in names


def test_an_old_referees_url_is_not_found_so_no_page_runs_a_stale_referee():
    assert Client().get("/offline/referee-0123456789abcdef0123.zip").status_code == 404


def test_the_digest_changes_exactly_when_the_referee_does(tmp_path, monkeypatch):
    copy = tmp_path / "referee"
    shutil.copytree(ROOT / "referee", copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(offline, "REFEREE_DIR", copy)
    build = offline.referee_zip.__wrapped__  # (the served one is built once a process)
    first = build()
    assert build() == first  # the same files, the same bytes: no date or order inside changes the digest
    (copy / "answers.py").write_text((copy / "answers.py").read_text() + "\n# a change\n")
    assert build()[0] != first[0]


def test_without_pyodide_the_manifest_says_so_and_the_pages_still_work(monkeypatch):
    monkeypatch.setattr(offline.finders, "find", lambda path: None)
    assert Client().get("/offline/manifest.json").json()["pyodide"] is None
    assert Client().get("/login/").status_code == 200


def test_with_pyodide_the_manifest_names_its_folder_under_static(monkeypatch):
    monkeypatch.setattr(offline.finders, "find", lambda path: "/somewhere/" + path)
    assert Client().get("/offline/manifest.json").json()["pyodide"] == (
        f"/static/vendor/pyodide/{settings.PYODIDE_VERSION}/"
    )


def policy(response):
    return dict(
        (part.strip().split(" ", 1) + [""])[:2] for part in response["Content-Security-Policy"].split(";") if part
    )


def test_only_the_worker_may_compile_webassembly():
    w = Client().get("/offline/worker.js")
    assert w.status_code == 200 and w["Content-Type"].startswith("text/javascript")
    assert w["Cache-Control"] == "no-cache"
    assert '"/offline/manifest.json"' in w.content.decode()
    assert policy(w)["script-src"] == "'self' 'wasm-unsafe-eval'"
    page = policy(Client().get("/login/"))
    assert page["script-src"] == "'self'" and page["worker-src"] == "'self'"
    assert "unsafe-eval" not in Client().get("/login/")["Content-Security-Policy"]
    # otherwise the worker's policy is the site's
    assert {k: v for k, v in policy(w).items() if k != "script-src"} == {
        k: v for k, v in page.items() if k != "script-src"
    }


@pytest.mark.parametrize("url", ["/offline/manifest.json", "/offline/worker.js"])
def test_the_offline_files_are_read_only(url):
    assert Client().post(url).status_code == 405


def test_dev_py_fetches_the_pyodide_the_site_names():
    spec = importlib.util.spec_from_file_location("tk_dev", ROOT / "dev.py")
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    assert dev.PYODIDE_VERSION == settings.PYODIDE_VERSION
