"""Django's JSON serialization (dumpdata, loaddata) without its loss of time: the stock encoder
cuts datetimes to milliseconds, and a backup must restore every hand at its exact microsecond (the
pages order and page hands by it). Registered as the "json" format in settings.SERIALIZATION_MODULES."""

import datetime

from django.core.serializers import json as django_json
from django.core.serializers.json import (
    Deserializer,  # noqa: F401  (reads microseconds already)
    DjangoJSONEncoder,
)


class FullTimeEncoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        return super().default(o)


class Serializer(django_json.Serializer):
    def _init_options(self):
        super()._init_options()
        self.json_kwargs["cls"] = FullTimeEncoder
