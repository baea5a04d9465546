"""All-time rows in the month rollups (span 0, archive/stats/rollups.py): rebuilt by the statistics job. Until
each family's whole rebuild has run, its statistics say they are behind (an outbox row with no hand), as when
the rollups came (0011)."""

from django.db import migrations


def owe_a_rebuild(apps, schema_editor):
    Family = apps.get_model("archive", "Family")
    StatsOutbox = apps.get_model("archive", "StatsOutbox")
    HandFact = apps.get_model("archive", "HandFact")
    with_facts = set(HandFact.objects.values_list("family_id", flat=True).distinct())
    StatsOutbox.objects.bulk_create(
        StatsOutbox(family_id=pk) for pk in Family.objects.filter(pk__in=with_facts).values_list("pk", flat=True)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0015_hands_know_their_family"),
    ]

    operations = [migrations.RunPython(owe_a_rebuild, migrations.RunPython.noop)]
