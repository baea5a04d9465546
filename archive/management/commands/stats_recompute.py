"""manage.py stats_recompute [--family SLUG] [--rederive]

Rebuild the statistics now, in this process (no worker needed), with a StatsJob row the
statistics page shows. By default only the facts a lost job left missing or stale are
re-derived and the summaries rebuilt from the facts; --rederive derives every fact again from
the rulings' facts (after a change of the referee or of a module in archive/stats/games/).
"""

import time

from django.core.management.base import BaseCommand, CommandError

from archive.models import Family
from archive.stats.models import StatsJob
from archive.stats.services import stats_recompute


class Command(BaseCommand):
    help = "Rebuild the statistics of one family (--family SLUG) or of every family."

    def add_arguments(self, parser):
        parser.add_argument("--family", metavar="SLUG", help="only this family (default: every family)")
        parser.add_argument(
            "--rederive",
            action="store_true",
            help="derive every hand's statistics again from its ruling's facts (slow)",
        )

    def handle(self, *args, family=None, rederive=False, **options):
        fam = None
        if family:
            fam = Family.objects.filter(slug=family).first()
            if fam is None:
                raise CommandError(
                    f"There is no family {family!r}; `manage.py shell` lists them: Family.objects.all()."
                )
        job = StatsJob.objects.create(family=fam)
        started = time.perf_counter()
        result = stats_recompute(family=fam, job=job, rederive=rederive)
        n = result["rederived"]
        self.stdout.write(
            f"Statistics of {fam.name if fam else 'every family'} rebuilt in {time.perf_counter() - started:.2f} s: "
            f"{n} hand{'' if n == 1 else 's'} re-derived, facts of {result['removed']} deleted or gone "
            f"hand{'' if result['removed'] == 1 else 's'} removed (job {job.pk})."
        )
