"""The one-command local run: SQLite and in-process Celery unless the environment says otherwise."""

from .base import *  # noqa: F401,F403
from .base import env

DEBUG = env.bool("DEBUG", default=True)
