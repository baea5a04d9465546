"""`check --deploy` must be clean under production settings (the developers' guide's security bar)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_is_clean_under_production_settings():
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="a-production-secret-that-is-long-and-random-enough-" + "x9Qz" * 10,
        ALLOWED_HOSTS="tablekeeper.example.org",
    )
    env.pop("DEBUG", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the browser tests for their own process only
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.production", ALLOWED_HOSTS="x.example.org")
    env.pop("SECRET_KEY", None)
    out = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode != 0
    assert "SECRET_KEY" in out.stderr
