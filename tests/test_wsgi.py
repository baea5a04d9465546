"""gunicorn config.wsgi started with no settings named runs production's, never DEBUG (issue 33)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = "import config.wsgi; from django.conf import settings; print(settings.SETTINGS_MODULE, settings.DEBUG)"


def _run(**env):
    clean = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG")}
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean | env, capture_output=True, text=True, timeout=120
    )


def test_the_wsgi_application_without_settings_named_refuses_to_start_without_a_secret_key():
    out = _run(ALLOWED_HOSTS="tablekeeper.example.org")
    assert out.returncode != 0
    assert "SECRET_KEY" in out.stderr


def test_the_wsgi_application_without_settings_named_runs_production_with_debug_off():
    out = _run(SECRET_KEY="k" * 60, ALLOWED_HOSTS="tablekeeper.example.org", DEBUG="1")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["config.settings.production", "False"]
