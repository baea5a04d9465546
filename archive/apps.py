from importlib import import_module

from django.apps import AppConfig

from archive.common import usercache


class ArchiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "archive"
    verbose_name = "Family archive"
    # The parts that answer a lower part's signals (docs/architecture.md), loaded once the models are:
    # the statistics follow archive.table.signals.hands_changed; a family's version (its cached fragments)
    # follows its row and its players'.
    receivers = ["archive.stats.jobs", "archive.people.versions"]

    def ready(self):
        # a saved or deleted user, or account, drops the user's cached copy, in every process
        usercache.connect(self.get_model("Account"))
        for name in self.receivers:
            import_module(name)
