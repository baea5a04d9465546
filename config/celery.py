"""The Celery app. Broker from CELERY_BROKER_URL; with none, tasks run in-process (eager)."""

import os

from celery import Celery

# A worker started with no settings named runs production's, like gunicorn (config/wsgi.py); manage.py and
# the tests name theirs before this runs.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

app = Celery("tablekeeper")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
