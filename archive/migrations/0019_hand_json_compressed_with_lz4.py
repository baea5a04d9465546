"""On PostgreSQL, a hand's record and ruling (and their revisions') are compressed with lz4 instead of the
default pglz: compressing them was a third of the server's work to write a hand (an import of 50,000 hands:
COPY of the hands 4.7 s, 2.9 s with lz4). Rows written before keep their compression; a server built without
lz4 keeps pglz. SQLite has no such setting."""

from django.db import migrations, transaction

COLUMNS = (("archive_hand", "record"), ("archive_hand", "ruling"), ("archive_handrevision", "record"))
COLUMNS += (("archive_handrevision", "ruling"),)


def _compress(schema_editor, method):
    if schema_editor.connection.vendor != "postgresql":
        return
    try:
        with transaction.atomic(using=schema_editor.connection.alias):  # a savepoint: a server without lz4
            for table, column in COLUMNS:
                schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")
    except Exception as exc:  # noqa: BLE001 (only "lz4 is not supported" is expected here)
        if "lz4" not in str(exc):
            raise


def to_lz4(apps, schema_editor):
    _compress(schema_editor, "lz4")


def to_default(apps, schema_editor):
    _compress(schema_editor, "default")


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0018_ledger_rows_keyed_to_their_hand"),
    ]

    operations = [migrations.RunPython(to_lz4, to_default)]
