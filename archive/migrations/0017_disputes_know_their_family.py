"""Each dispute holds its hand's family (archive.models.Dispute.family), filled from the hands, and a family's
disputes are listed off the (family, opened_at, id) index."""

import django.db.models.deletion
from django.db import migrations, models

FILL = "UPDATE archive_dispute SET family_id = (SELECT h.family_id FROM archive_hand h WHERE h.id = archive_dispute.hand_id)"


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0016_all_time_rollups"),
    ]

    operations = [
        migrations.AddField(
            model_name="dispute",
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
            model_name="dispute",
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
            model_name="dispute",
            index=models.Index(fields=["family", "-opened_at", "-id"], name="family_disputes_newest_first"),
        ),
    ]
