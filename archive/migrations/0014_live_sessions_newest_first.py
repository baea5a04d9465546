from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0013_month_rows_share_their_days_fields"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="session",
            name="archive_ses_family__452111_idx",
        ),
        migrations.AddIndex(
            model_name="session",
            index=models.Index(
                condition=models.Q(("deleted_at__isnull", True)),
                fields=["family", "-started_at", "-id"],
                name="live_sessions_newest_first",
            ),
        ),
    ]
