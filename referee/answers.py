"""The referee's answers as the API sends them: (status, JSON text), written by referee.answer(). The
server's endpoints and the browser's copy of this package (Pyodide, static/js/offline/) both call it, so a
ruling, a legal/1 and an error/1 document are the same bytes online and offline: nothing to drift apart."""

import json

from .language import _
from .record import BadRecord, error, loads

OK, BAD = 200, 400


def error_document(errors):
    """The error/1 document of a bad record: {"format": "error/1", "errors": [...]}."""
    return {"format": "error/1", "errors": list(errors)}


def record_of(value):
    """The record as a dict: a JSON object, or JSON text of one (raises BadRecord)."""
    if isinstance(value, (str, bytes, bytearray)):
        value = loads(value)
    if not isinstance(value, dict):
        raise BadRecord([error(None, "*", _("A hand record must be a JSON object {...}."))])
    return value


def dumps(document):
    """JSON text as the API's renderer writes it (Django REST framework's JSONRenderer: compact, UTF-8,
    no NaN, U+2028/U+2029 escaped so the text is also valid JavaScript)."""
    text = json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def refusal(errors):
    """(400, the error/1 text) for a body the referee cannot read."""
    return BAD, dumps(error_document(errors))
