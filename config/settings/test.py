"""Tests: SQLite in memory and eager Celery by default; .ci/run sets DATABASE_URL and
CELERY_BROKER_URL to run the same suite against PostgreSQL and a real worker on Redis."""

from .base import *  # noqa: F401,F403
from .base import env

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests
if not env("DATABASE_URL", default=""):
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:", "OPTIONS": {"timeout": 20}}}
else:
    # No persistent connections: a live-server or worker thread's connection would keep the test
    # database busy when pytest-django drops it.
    # (The fault tests keep connections in their own server, as production does: TEST_CONN_MAX_AGE.)
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("TEST_CONN_MAX_AGE", default=0)  # noqa: F405
