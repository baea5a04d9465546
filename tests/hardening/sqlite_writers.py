"""Run by test_concurrent_writes.py in its own process: the README's default database (a SQLite file,
the dev settings) with 8 editors posting hands at once while an import runs. Prints one JSON line:
the status codes the editors got and what the import said."""

import json
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.dev"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from archive.history import export, imports  # noqa: E402
from archive.table import services  # noqa: E402
from tests import factories  # noqa: E402


def main(writers=8, imported=60):
    call_command("migrate", "--noinput", verbosity=0)
    owner = factories.make_user("owner")
    family = factories.make_family(owner)
    sessions = [factories.make_session(family, owner, key=f"night-{i}") for i in range(writers)]
    # an import's lines: a long night of generated hands, added in one transaction
    night = factories.make_session(family, owner, key="big-night")
    records = []
    for i in range(imported):
        rec = factories.generated_record(night, seed=i)
        records.append(rec)
        services.hand_add(session=night, record=rec, by=owner, no_deal_ok=True)
    lines = [
        line.replace('"big-night"', '"imported-night"')
        for line in export.history_export(family=family)
        if '"big-night"' in line
    ]
    barrier = threading.Barrier(writers + 1)
    codes, result, errors = [], {}, []

    def write(session):
        try:
            client = APIClient()
            client.force_authenticate(owner)
            barrier.wait()
            for _ in range(3):
                r = client.post(
                    "/api/hands/",
                    {"session": session.pk, "record": factories.example_record("01-plain-hand")},
                    format="json",
                )
                codes.append(r.status_code)
        except Exception as e:  # reported in the output
            errors.append(repr(e))
        finally:
            connections.close_all()

    def run_import():
        try:
            barrier.wait()
            result.update(imports.history_import(family=family, lines=lines, by=owner))
        except Exception as e:  # reported in the output
            errors.append(repr(e))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(s,)) for s in sessions] + [threading.Thread(target=run_import)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps({"codes": codes, "import": result, "errors": errors}))


if __name__ == "__main__":
    main()
