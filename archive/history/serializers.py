"""The import's answers in the API: a finished import's result, a background import's progress."""

from rest_framework import serializers


class ImportResultSerializer(serializers.Serializer):
    added = serializers.IntegerField()
    skipped = serializers.IntegerField()
    errors = serializers.ListField(
        child=serializers.JSONField(), help_text="the first 1,000 problems, each with its line"
    )
    error_count = serializers.IntegerField(help_text="all problems; none: the file was imported")
    bad_lines = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="every bad line, as [first, last] ranges",
    )
    lines = serializers.IntegerField(help_text="lines read")


class ImportJobSerializer(serializers.Serializer):
    """A background import (a file past IMPORT_INLINE_MAX_BYTES)."""

    id = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    name = serializers.CharField()
    lines = serializers.IntegerField(help_text="lines in the file")
    done = serializers.IntegerField(help_text="lines read so far")
    percent = serializers.IntegerField()
    added = serializers.IntegerField()
    skipped = serializers.IntegerField()
    error_count = serializers.IntegerField()
    message = serializers.CharField(help_text="why the job failed, when it did")
    errors = serializers.ListField(child=serializers.JSONField(), required=False, help_text="when done")
    bad_lines = serializers.ListField(child=serializers.JSONField(), required=False, help_text="when done")
    url = serializers.CharField(required=False)
