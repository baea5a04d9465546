from django.apps import AppConfig

from archive import usercache


class ArchiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "archive"
    verbose_name = "Family archive"

    def ready(self):
        usercache.connect()  # a saved or deleted user drops its cached copy, in every process
