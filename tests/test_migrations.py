"""The archive's parts moved into packages (issue 30) with every table where it was: a database built at the
head of the migrations migrates with no migration to run, no row copied and none lost, and each model's
table is the one the migrations made."""

import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from archive.history import services as history_services
from archive.people import invitations
from archive.stats.services import stats_recompute
from archive.table import services
from tests import factories

pytestmark = pytest.mark.django_db


def row_counts():
    """Rows of every table of the database (the archive's, Django's and the libraries'), by table."""
    with connection.cursor() as cursor:
        counts = {}
        for table in sorted(connection.introspection.table_names(cursor)):
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


@pytest.fixture
def archive_with_everything(family, owner, session, hands):
    """Rows in every part's tables: the demo family's nights of each game (with corrections and disputes),
    the fixtures' family, an invitation, an audit row, a background import waiting, and the statistics."""
    call_command("demo", hands=40, hands_per_night=10, seed=3, seka_nights=1, poker_nights=1, stdout=io.StringIO())
    invitations.invitation_create(family=family, role="viewer", by=owner)
    player = factories.player(family, "Cousin Vinny", owner)
    factories.player(family, "Vinny", owner)
    services.players_merge(keep=player, merge=family.players.get(name="Vinny"), by=owner)
    history_services.import_start(family=family, by=owner, upload=io.BytesIO(b"{}\n"), name="later.jsonl")
    stats_recompute()
    return family


def test_a_database_at_the_head_migrates_with_every_row_kept(archive_with_everything):
    before = row_counts()
    filled = {table for table, n in before.items() if n and table.startswith("archive_")}
    # every part has rows here, so a lost table would show
    for table in (
        "archive_family",
        "archive_membership",
        "archive_player",
        "archive_invitation",
        "archive_auditentry",
        "archive_session",
        "archive_seat",
        "archive_hand",
        "archive_handrevision",
        "archive_ledgerentry",
        "archive_dispute",
        "archive_disputemessage",
        "archive_importjob",
        "archive_seatfact",
        "archive_handfact",
        "archive_statsday",
    ):
        assert table in filled, table

    executor = MigrationExecutor(connection)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []  # built at the head
    call_command("migrate", verbosity=0)
    assert row_counts() == before


def test_the_models_are_the_migrations_tables():
    """Each model keeps the table (and content type) the migrations gave it, and no change is pending."""
    state = MigrationLoader(connection).project_state()
    for model in apps.get_app_config("archive").get_models():
        migrated = state.apps.get_model("archive", model._meta.model_name)
        assert model._meta.db_table == migrated._meta.db_table, model
        assert model._meta.app_label == "archive"
    out = io.StringIO()
    call_command("makemigrations", "archive", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()
