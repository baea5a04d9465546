"""The installable site (archive/table/views/install.py): the web app manifest and the service worker, served
from the site's root with the site's policy, caching at install every file the hand-entry page needs offline."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from archive.table.views import install, offline

ROOT = Path(__file__).resolve().parent.parent.parent


def precache_of(body):
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", body).group(1))


def test_the_web_app_manifest_names_the_app_its_start_and_its_icon():
    r = Client().get("/manifest.webmanifest")
    assert r.status_code == 200 and r["Content-Type"] == "application/manifest+json"
    doc = json.loads(r.content)
    assert doc["name"] == "Tablekeeper" and doc["start_url"] == "/" and doc["scope"] == "/"
    assert doc["display"] == "standalone"
    assert doc["icons"][0]["src"] == "/static/img/favicon.svg" and (ROOT / "static/img/favicon.svg").is_file()


def test_every_page_links_the_manifest_and_installs_the_worker(owner):
    html = Client().get("/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    # signed out: no one's kept hands, and the worker is told to drop the night's pages
    assert '<script src="/static/js/offline/register.js" data-signed-out="1"></script>' in html
    assert 'register("/sw.js", { scope: "/" })' in (ROOT / "static/js/offline/register.js").read_text()
    client = Client()
    client.force_login(owner)
    html = client.get("/").content.decode()  # signed in: the hands this person kept, shown and sent
    assert (
        f'<script src="/static/js/offline/register.js" data-queue="/static/js/offline/queue.js" '
        f'data-user="{owner.pk}"></script>'
    ) in html


def test_log_out_clears_the_browsers_cache_of_the_site_and_the_worker_drops_the_nights_pages(owner):
    client = Client()
    client.force_login(owner)
    r = client.post("/logout/")
    assert r.status_code == 302 and r["Location"] == "/login/"
    assert r["Clear-Site-Data"] == '"cache"'  # not "storage": the hands kept on the phone, not yet sent, stay
    assert "_auth_user_id" not in client.session
    body = Client().get("/sw.js").content.decode()
    assert 'const LOGOUT = "/logout/";' in body and "caches.delete(PAGE_CACHE)" in body


def test_the_worker_is_served_from_the_root_fresh_and_under_the_sites_policy():
    r = Client().get("/sw.js")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/javascript")
    assert r["Cache-Control"] == "no-cache"  # a new worker is seen at the next visit
    assert r["Service-Worker-Allowed"] == "/"
    policy = r["Content-Security-Policy"]
    assert "script-src 'self';" in policy + ";" and "unsafe-eval" not in policy


def test_the_worker_caches_the_shell_pyodide_and_the_current_referee_at_install(monkeypatch):
    monkeypatch.setattr(offline.finders, "find", lambda path: "/somewhere/" + path)
    urls = precache_of(Client().get("/sw.js").content.decode())
    digest, _ = offline.referee_zip()
    folder = f"/static/vendor/pyodide/{settings.PYODIDE_VERSION}/"
    assert f"/offline/referee-{digest}.zip" in urls
    assert "/offline/manifest.json" in urls and "/offline/worker.js" in urls
    for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert folder + name in urls
    for path in ("css/site.css", "js/loghand.js", "js/offline/referee.js", "js/games/swik.js", "js/games/sedma.js"):
        assert "/static/" + path in urls
    assert len(urls) == len(set(urls))


def test_every_file_the_worker_caches_is_there():
    # cache.addAll fails as a whole if one file is missing: the worker would never install
    for path in install.SHELL:
        assert (ROOT / "static" / path).is_file(), path
    for url in precache_of(Client().get("/sw.js").content.decode()):
        if url.startswith("/offline/"):
            assert Client().get(url).status_code == 200, url


def test_without_pyodide_the_worker_still_installs_with_the_shell(monkeypatch):
    monkeypatch.setattr(offline.finders, "find", lambda path: None)
    urls = precache_of(Client().get("/sw.js").content.decode())
    assert not any("pyodide" in u for u in urls) and "/static/js/loghand.js" in urls


def test_the_cache_is_renamed_exactly_when_the_referee_changes(monkeypatch):
    first = re.search(r'const VERSION = "(\w+)"', Client().get("/sw.js").content.decode()).group(1)
    assert first == re.search(r'const VERSION = "(\w+)"', Client().get("/sw.js").content.decode()).group(1)
    monkeypatch.setattr(install, "referee_zip", lambda: ("0123456789abcdef0123", b""))
    second = re.search(r'const VERSION = "(\w+)"', Client().get("/sw.js").content.decode()).group(1)
    assert second != first


def test_the_worker_never_answers_a_sent_hand_from_its_cache():
    body = Client().get("/sw.js").content.decode()
    assert 'if (request.method !== "GET") return;' in body


@pytest.mark.parametrize("url", ["/sw.js", "/manifest.webmanifest"])
def test_the_install_files_are_read_only(url):
    assert Client().post(url).status_code == 405
