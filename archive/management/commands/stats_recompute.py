"""manage.py stats_recompute [--family SLUG] [--rederive]

Rebuild the statistics now, in this process (no worker needed), with a StatsJob row the
statistics page shows. By default only the facts a lost job left missing or stale are
re-derived and the summaries rebuilt from the facts; --rederive derives every fact again from
the rulings' facts (after a change of the referee or of a module in archive/stats/games/).
"""

import time

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from archive.management.language import SpokenCommand
from archive.models import Family
from archive.stats.models import StatsJob
from archive.stats.services import stats_recompute


class Command(SpokenCommand):
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
                    _("There is no family %(slug)r; `manage.py shell` lists them: Family.objects.all().")
                    % {"slug": family}
                )
        job = StatsJob.objects.create(family=fam)
        started = time.perf_counter()
        result = stats_recompute(family=fam, job=job, rederive=rederive)
        n = result["rederived"]
        words = {"seconds": f"{time.perf_counter() - started:.2f}", "job": job.pk}
        rebuilt = (
            _("Statistics of %(family)s rebuilt in %(seconds)s s:") % {**words, "family": fam.name}
            if fam
            else _("Statistics of every family rebuilt in %(seconds)s s:") % words
        )
        rederived = ngettext("%(n)s hand re-derived", "%(n)s hands re-derived", n) % {"n": n}
        removed = ngettext(
            "facts of %(n)s deleted or gone hand removed (job %(job)s).",
            "facts of %(n)s deleted or gone hands removed (job %(job)s).",
            result["removed"],
        ) % {**words, "n": result["removed"]}
        self.stdout.write(f"{rebuilt} {rederived}, {removed}")
