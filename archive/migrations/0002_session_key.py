import uuid

from django.db import migrations, models


def fill_keys(apps, schema_editor):
    Session = apps.get_model("archive", "Session")
    for s in Session.objects.filter(key=""):
        s.key = f"{s.started_at:%Y-%m-%d}-{uuid.uuid4().hex[:8]}"
        s.save(update_fields=["key"])


class Migration(migrations.Migration):

    dependencies = [
        ("archive", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="key",
            field=models.CharField(default="", help_text="unique within the family, e.g. 2024-03-01-3f9a1c2b", max_length=64),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="session",
            constraint=models.UniqueConstraint(fields=("family", "key"), name="unique_session_key"),
        ),
    ]
