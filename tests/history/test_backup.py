"""Issue 17, backup and restore: `manage.py backup FILE` then, into an empty database,
`manage.py restore FILE` gives the same rulings, balances, revisions, disputes and statistics."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from archive.models import AuditEntry, Dispute, DisputeMessage, Family, Hand, HandRevision, LedgerEntry, Membership
from archive.table import selectors, services
from config.celery import app as celery_app
from tests import factories
from tests.stats.dump import dump

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def statistics_in_process():
    """The statistics jobs run in this process, whatever the broker (the service stage has Redis but no worker here)."""
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = eager


def _rows(model, *order):
    fields = [f.attname for f in model._meta.concrete_fields]
    return list(model.objects.order_by(*(order or ["pk"])).values_list(*fields))


def archive_as_people_see_it():
    family = Family.objects.get()
    return {
        "users": sorted(get_user_model().objects.values_list("username", "password", "email")),
        "members": _rows(Membership),
        "hands": _rows(Hand),
        "revisions": _rows(HandRevision),
        "ledger": _rows(LedgerEntry),
        "disputes": _rows(Dispute),
        "messages": _rows(DisputeMessage),
        "audit": _rows(AuditEntry),
        "balances": list(selectors.family_balances(family)),
        "statistics": dump(family),
    }


@pytest.fixture
def history(family, session, hands, owner, editor):
    """Two hands, one edited (a revision), one deleted and restored, a dispute with a reply, resolved."""
    services.hand_add(session=session, record=factories.example_record("02-ace-cut"), by=editor)
    edited = factories.example_record("01-plain-hand")
    edited["events"][0]["note"] = "Joe says he never saw the cut"
    services.hand_edit(hand=hands[0], record=edited, by=editor, why="the note from the paper")
    services.hand_delete(hand=hands[1], by=owner, why="dealt twice")
    services.hand_restore(hand=Hand.objects.get(pk=hands[1].pk), by=owner, why="it was played after all")
    dispute = services.dispute_open(hand=hands[0], title="That was a misdeal!", text="Mary saw two cards", by=editor)
    services.dispute_reply(dispute=dispute, text="No, one card", by=owner)
    services.dispute_resolve(dispute=dispute, resolution="the deal stands", by=owner)
    return family


def test_a_restored_backup_is_the_same_archive(history, tmp_path):
    before = archive_as_people_see_it()
    assert before["revisions"] and before["disputes"] and before["messages"] and before["statistics"]["SeatFact"]
    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path))
    assert path.stat().st_size > 0

    call_command("flush", "--noinput")  # an empty database, as after `migrate` on a new one
    assert not Hand.objects.exists() and not get_user_model().objects.exists()

    call_command("restore", str(path))
    assert archive_as_people_see_it() == before


def test_restore_refuses_a_database_that_is_not_empty(history, tmp_path):
    path = tmp_path / "backup.json"
    call_command("backup", str(path))
    with pytest.raises(CommandError, match="The database is not empty .* restore only into a new database"):
        call_command("restore", str(path))
    assert Hand.objects.count() == 3, "nothing was loaded over the archive"
