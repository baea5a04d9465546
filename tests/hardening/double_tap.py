"""Issue 28: the same hand sent by several taps at once with one Idempotency-Key. `double_tap` runs in the
test's process on PostgreSQL; run as a script (test_issue28.py does) it sets up the README's default
database, a SQLite file, and prints one JSON line: the status codes, the hands saved, the errors."""

import json
import os
import sys
import threading
from pathlib import Path


def double_tap(session, user, *, taps=6, key="tap-7f3a"):
    from django.db import connections
    from rest_framework.test import APIClient

    from tests import factories

    barrier = threading.Barrier(taps)
    codes, errors = [], []

    def tap():
        try:
            client = APIClient()
            client.force_authenticate(user)
            barrier.wait()
            r = client.post(
                "/api/hands/",
                {"session": session.pk, "record": factories.example_record("01-plain-hand")},
                format="json",
                headers={"Idempotency-Key": key},
            )
            codes.append((r.status_code, r.headers.get("Idempotent-Replayed"), r.json().get("id")))
        except Exception as e:  # reported in the answer
            errors.append(repr(e))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tap) for _ in range(taps)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes, errors


def main():
    root = Path(__file__).resolve().parent.parent.parent
    sys.path.insert(0, str(root))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.dev"
    import django

    django.setup()
    from django.core.management import call_command

    from archive.models import Hand
    from tests import factories

    call_command("migrate", "--noinput", verbosity=0)
    owner = factories.make_user("owner")
    session = factories.make_session(factories.make_family(owner), owner)
    codes, errors = double_tap(session, owner)
    print(json.dumps({"codes": codes, "hands": Hand.objects.filter(session=session).count(), "errors": errors}))


if __name__ == "__main__":
    main()
