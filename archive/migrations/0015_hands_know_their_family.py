"""Each hand holds its session's family (archive.models.Hand.family), filled from the sessions, and the API's
list of a family's hands reads the (family, id) index."""

import django.db.models.deletion
from django.db import migrations, models

FILL = (
    "UPDATE archive_hand SET family_id = "
    "(SELECT s.family_id FROM archive_session s WHERE s.id = archive_hand.session_id)"
)


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0014_live_sessions_newest_first"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="family",
            field=models.ForeignKey(
                db_index=False,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="archive.family",
            ),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
        migrations.AlterField(
            model_name="hand",
            name="family",
            field=models.ForeignKey(
                db_index=False,
                editable=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="archive.family",
            ),
        ),
        migrations.AddIndex(
            model_name="hand",
            index=models.Index(fields=["family", "id"], name="archive_han_family__8ba51f_idx"),
        ),
    ]
