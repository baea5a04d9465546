from importlib import import_module

from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "archive"
    verbose_name = "Family archive"
    # The parts that answer a lower part's signals (docs/architecture.md), loaded once the models are:
    # the statistics follow archive.table.signals.hands_changed.
    receivers = ["archive.stats.jobs"]

    def ready(self):
        for name in self.receivers:
            import_module(name)
