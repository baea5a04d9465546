"""Backup and restore of the whole archive (issue 17): `manage.py backup FILE` and `manage.py restore FILE`.

What a family typed and what the site decided is kept: users and their tokens, families, members,
players, sessions, hands with every revision, ledgers, disputes and their messages, the audit log,
invitations, settle-up payments. The statistics are derived data: they are left out and rebuilt from
the rulings' facts on restore, so a restored archive gives the same figures without carrying them.
Logins in progress (sessions), lockout logs and pending import chunks are left out too.

The file is Django's own serialization (JSON, gzip when the name ends in .gz), written and read by
dumpdata and loaddata, so it restores into any database the site runs on: a SQLite file into
PostgreSQL or back. For a large PostgreSQL archive, pg_dump -Fc and pg_restore are faster; the
README says how.
"""

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.utils.translation import gettext as _

from archive.people.models import Family
from archive.stats import games
from archive.stats import models as stats_models
from archive.stats.models import SettlePayment
from archive.stats.services import stats_recompute

# Derived from the hands (rebuilt on restore), or of no use once restored.
_LEFT_OUT = [
    "contenttypes",
    "auth.permission",
    "sessions",
    "admin.logentry",
    "axes",
    "authtoken.tokenproxy",
    "archive.importchunk",
]


def _derived_models():
    """Every statistics table (facts, summaries, rollups, jobs, outbox), shared and each game's: all rebuilt
    from the hands. A settle-up payment is what the family typed, so it is kept."""
    models = [m for m in apps.get_app_config("archive").get_models() if m.__module__ == stats_models.__name__]
    models = [m for m in models if m is not SettlePayment]
    for module in games.GAMES.values():
        models += module.FACT_MODELS
        models += [summary for summary, _sql, _facts in module.SUMMARIES]
        models += [table for rollup in module.ROLLUPS for table in (rollup.day, rollup.month)]
    return list(dict.fromkeys(models))


def left_out():
    return _LEFT_OUT + sorted({m._meta.label_lower for m in _derived_models()})


def backup(*, path, stdout=None):
    """Write the archive to `path` (.json or .json.gz)."""
    args = ["--output", str(path), "--indent", "0"]
    for label in left_out():
        args += ["--exclude", label]
    call_command("dumpdata", *args, stdout=stdout)


class NotEmpty(Exception):
    pass


@transaction.atomic
def restore(*, path, stdout=None) -> dict:
    """Load a backup into an empty archive (after `manage.py migrate`), then rebuild the statistics."""
    users = get_user_model().objects.count()
    if users or Family.objects.exists():
        raise NotEmpty(
            _(
                "The database is not empty (%(users)s users, %(families)s families): restore only into a new "
                "database (set DATABASE_URL to it and run `manage.py migrate` first), so nothing is overwritten."
            )
            % {"users": users, "families": Family.objects.count()}
        )
    call_command("loaddata", str(path), stdout=stdout)
    families = list(Family.objects.all())
    for family in families:
        stats_recompute(family=family, rederive=True)
    return {"families": len(families), "users": get_user_model().objects.count()}
