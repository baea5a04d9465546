"""Imports of a family's history that run as background jobs (issue 19).

The uploaded file is kept in the database in pieces (ImportChunk) until its job has run, so the
web server and the worker need no shared disk; the job row keeps the result for the import page.
"""

from django.conf import settings
from django.db import models

__all__ = ["ImportJob", "ImportChunk"]


class ImportJob(models.Model):
    """One upload of a JSON Lines history, imported by a worker; the import page polls it."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    family = models.ForeignKey("archive.Family", on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    name = models.CharField(max_length=200, blank=True, default="", help_text="the uploaded file's name")
    size = models.BigIntegerField(default=0, help_text="bytes uploaded")
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    lines = models.IntegerField(default=0, help_text="lines in the file")
    done = models.IntegerField(default=0, help_text="lines read so far")
    added = models.IntegerField(default=0)
    skipped = models.IntegerField(default=0)
    error_count = models.IntegerField(default=0)
    errors = models.JSONField(default=list, blank=True, help_text="the first problems, each with its line")
    bad_lines = models.JSONField(default=list, blank=True, help_text="every bad line, as [first, last] ranges")
    message = models.TextField(blank=True, default="", help_text="why the job failed, when it did")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class ImportChunk(models.Model):
    """A piece of an uploaded file (whole lines), kept until its job has run."""

    job = models.ForeignKey(ImportJob, on_delete=models.CASCADE, related_name="chunks")
    seq = models.IntegerField()
    data = models.BinaryField()

    class Meta:
        ordering = ["job", "seq"]
        constraints = [models.UniqueConstraint(fields=["job", "seq"], name="one_import_chunk_per_seq")]
