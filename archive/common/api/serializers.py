"""Serializers every part's API shares: the error/1 document of a bad record, the time zone check."""

import zoneinfo

from django.utils.translation import gettext as _
from rest_framework import serializers


def _check_zone(value):
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise serializers.ValidationError(
            _("%(name)r is not a time zone; use an IANA name such as America/Chicago.") % {"name": value}
        )
    return value


class ErrorItemSerializer(serializers.Serializer):
    event = serializers.IntegerField(allow_null=True)
    field = serializers.CharField()
    message = serializers.CharField()


class ErrorDocumentSerializer(serializers.Serializer):
    format = serializers.CharField(default="error/1")
    errors = ErrorItemSerializer(many=True)
