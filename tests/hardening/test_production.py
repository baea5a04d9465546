"""Issue 11, production serves no page: collectstatic must work under the production settings, and
then every page must answer with the manifest storage (a missing entry is a 500 for every page).
Every page also carries a Content-Security-Policy without inline script, and a Permissions-Policy."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import reverse

from archive.models import Player
from archive.stats.models import StatsJob

ROOT = Path(__file__).resolve().parent.parent.parent
PRODUCTION_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    root = tmp_path_factory.mktemp("staticfiles")
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="a-production-secret-that-is-long-and-random-enough-" + "x9Qz" * 10,
        ALLOWED_HOSTS="tablekeeper.example.org",
        STATIC_ROOT=str(root),
    )
    env.pop("DEBUG", None)
    out = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert (root / "staticfiles.json").exists()
    return root


def _pages(family, hands, dispute, job):
    slug = family.slug
    hand, session = hands[0], hands[0].session
    player = Player.objects.filter(family=family).first()
    return [
        reverse("home"),
        reverse("family", args=[slug]),
        reverse("player", args=[slug, player.pk]),
        reverse("session_new", args=[slug]),
        reverse("session", args=[slug, session.pk]),
        reverse("hand_log", args=[slug, session.pk]),
        reverse("hand", args=[slug, hand.pk]),
        reverse("hand_history", args=[slug, hand.pk]),
        reverse("hand_edit", args=[slug, hand.pk]),
        reverse("disputes", args=[slug]),
        reverse("dispute", args=[slug, dispute.pk]),
        reverse("history_import", args=[slug]),
        reverse("stats-family", args=[slug]),
        reverse("stats-session", args=[slug, session.pk]),
        reverse("stats-settle", args=[slug]),
        reverse("audit", args=[slug]),
        reverse("account"),
        reverse("api-docs"),
        reverse("api-redoc"),
        "/admin/",
        "/admin/archive/hand/",
    ]


@pytest.fixture
def dispute(hands, owner):
    from archive.table import services

    return services.dispute_open(hand=hands[0], title="Was that a revoke?", text="Joe had a heart.", by=owner)


def _inline_scripts(html):
    """<script> elements that run code written in the page (not a src, not a JSON data block)."""
    found = []
    for attrs in re.findall(r"<script\b([^>]*)>", html, flags=re.I):
        if "src=" in attrs or "application/json" in attrs:
            continue
        found.append(attrs)
    return found + re.findall(r"\son[a-z]+=\"", html)


def test_every_page_answers_with_the_manifest_storage_and_a_strict_policy(
    collected, client, owner, family, hands, dispute
):
    owner.is_staff = owner.is_superuser = True
    owner.save()
    job = StatsJob.objects.create(family=family, by=owner)
    client.force_login(owner)
    with override_settings(STORAGES=PRODUCTION_STORAGES, STATIC_ROOT=collected, DEBUG=False):
        for url in _pages(family, hands, dispute, job):
            r = client.get(url)
            assert r.status_code == 200, url
            html = r.content.decode()
            assert _inline_scripts(html) == [], url
            csp = r.headers.get("Content-Security-Policy", "")
            assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0], url
            assert "camera=()" in r.headers.get("Permissions-Policy", ""), url
        client.logout()
        login = client.get(reverse("login"))
        assert login.status_code == 200


def test_pyodides_webassembly_is_served_gzipped_without_collectstatic_compressing_it(collected):
    """Brotli on the 9 MB wasm doubled collectstatic's time (issue 35): production skips it, and whitenoise
    serves the gzip dev.py setup wrote beside it. Skipped when set-up could not fetch Pyodide."""
    from django.conf import settings
    from whitenoise import WhiteNoise

    folder = Path(collected) / "vendor" / "pyodide" / settings.PYODIDE_VERSION
    if not (folder / "pyodide.asm.wasm").exists():
        pytest.skip("Pyodide is not in static/vendor/: run dev.py setup")
    assert not list(folder.glob("*.wasm.br"))  # not compressed at collectstatic
    assert (folder / "pyodide.asm.js.br").exists()  # the rest still is
    served = WhiteNoise(None)
    served.add_files(str(collected), prefix="/static/")
    wasm = served.files[f"/static/vendor/pyodide/{settings.PYODIDE_VERSION}/pyodide.asm.wasm"]
    headers = dict(wasm.get_response("GET", {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}).headers)
    assert headers["Content-Encoding"] == "gzip"
    assert int(headers["Content-Length"]) < (folder / "pyodide.asm.wasm").stat().st_size / 2
