"""manage.py demo: the demo family, built by archive.demo.family (see its docstring for the options)."""

from django.core.management.base import BaseCommand

from archive.demo import family


class Command(BaseCommand):
    help = family.HELP

    def add_arguments(self, parser):
        family.add_arguments(parser)

    def handle(self, *args, **opt):
        family.DemoFamily(stdout=self.stdout, stderr=self.stderr, style=self.style).build(**opt)
