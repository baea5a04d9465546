"""Reading and checking the lines of an import: each line's JSON, and the record of every bad line."""

from __future__ import annotations

import re

import orjson
from django.utils import translation

import referee

ERRORS_KEPT = 1000  # problems kept in full; past that they are counted and their lines kept as ranges
_MAYBE_BIG = re.compile(r"\d(?:\d{12}|[eE])")  # what a number past bounds.MONEY_MAX needs in JSON text
_MAYBE_BIG_BYTES = re.compile(rb"\d(?:\d{12}|[eE])")


class _LineError(Exception):
    def __init__(self, field, message):
        self.field, self.message = field, message


class _Errors:
    """Every bad line, in ranges; the first ERRORS_KEPT problems in full."""

    def __init__(self):
        self.kept, self.count, self.ranges = [], 0, []

    def add(self, lineno, field, message, event=None):
        self.count += 1
        if len(self.kept) < ERRORS_KEPT:
            self.kept.append({"line": lineno, "event": event, "field": field, "message": message})
        if self.ranges and self.ranges[-1][1] >= lineno - 1:
            self.ranges[-1][1] = max(self.ranges[-1][1], lineno)
        else:
            self.ranges.append([lineno, lineno])

    def bad_record(self, lineno, exc):
        for err in exc.errors:
            self.add(lineno, err.get("field"), err.get("message"), err.get("event"))

    def __bool__(self):
        return self.count > 0


def _in_reader_language(exc, again):
    """The errors of a refused line in the reader's language (the import rules in the referee's English, which
    is what it stores): `again(language)` asks the referee once more (it stores nothing), and its refusal is
    taken when it names the same places; any other refusal (the archive's bounds, already in the reader's
    language) stays as it was."""
    language = translation.get_language() or "en"
    if language.startswith("en"):
        return exc
    try:
        again(language)
    except referee.BadRecord as said:
        if _places(said) == _places(exc):
            return said
    return exc


def _places(exc):
    return [(e.get("event"), e.get("field")) for e in exc.errors]


def _parse_in(language, line):
    with referee.speaking(language):
        return referee.loads(line)


def _parse(line):
    """One line -> its JSON value. orjson first (fast); the referee's reader for the words of a bad line
    and for what orjson refuses but JSON allows (integers past 64 bits, refused later with the bound)."""
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        return referee.loads(line)
