"""Ruling an import a chunk of lines at a time: each line checked, ruled by the referee and kept for the
writer; a chunk is written while the next one is ruled."""

from __future__ import annotations

from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from typing import NamedTuple

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _

import referee
from archive.common import bounds
from archive.history.imports.lines import (
    _MAYBE_BIG,
    _MAYBE_BIG_BYTES,
    _Errors,
    _in_reader_language,
    _LineError,
    _parse,
    _parse_in,
)
from archive.history.imports.sessions import _Chain, _Sessions
from archive.history.imports.write import _copy, _copy_chunk, _write
from archive.people.models import Player
from archive.table import services
from archive.table.models import Hand, Session

SESSIONS_KEPT = 256  # chains kept between chunks; one evicted is read again from the database


class _New(NamedTuple):
    """A hand ruled and waiting to be written (plain values: a Hand model object costs more than its ruling)."""

    session: Session
    seats: list
    number: int
    record: dict
    ruling: dict
    values: dict  # services.hand_values


class _Import(_Sessions):
    def __init__(self, family, by, why):
        self.family, self.by, self.why = family, by, why
        self.added = self.skipped = self.lines = 0
        self.errors = _Errors()
        self.chains: OrderedDict[str, _Chain] = OrderedDict()
        self.held_tops: dict[int, int] = {}  # session id -> its top number before this import
        self.players = {p.name: p for p in Player.objects.filter(family=family, merged_into__isnull=True)}
        for p in Player.objects.filter(family=family, merged_into__isnull=False).select_related("merged_into"):
            self.players.setdefault(p.name, p.merged_into)  # an old name finds the player it was merged into
        self.now = dj_timezone.now()
        self.chunks = 0  # chunks fed so far
        self.pending: list[_New] = []  # the last chunk's hands, written while the next chunk is ruled
        # PostgreSQL works in its own process: one thread writes a chunk (waiting on the server, without
        # the GIL) while this one rules the next. The database is used by one of them at a time.
        self.writer = ThreadPoolExecutor(1, "import-writer") if connection.vendor == "postgresql" else None
        self.writing: Future | None = None
        if self.writer is not None:
            # The foreign keys are checked as each chunk is written, on the writer thread while the next
            # chunk is ruled, not all at commit after the last chunk (forty checks a hand, a third of the
            # server's work); finish() puts them back as Django declares them.
            with connection.cursor() as cur:
                cur.execute("SET CONSTRAINTS ALL IMMEDIATE")

    # -- one chunk

    def feed(self, lines: list[tuple[int, object]]):
        docs = []
        for lineno, line in lines:
            self.lines = lineno
            doc = self._doc(lineno, line)
            if doc is not None:
                docs.append((lineno, doc))
        self._wait()  # the chunk before last is written: the database is this thread's again
        self._evict()
        self._load_chains({meta["session"]["key"] for _, (_, meta, _, _) in docs})
        self._create_sessions(docs)
        held = self._held(docs)
        # Written even after a bad line (all is rolled back at the end): the database stays the truth
        # about every chain that leaves memory, so a chain read back is right.
        self._submit(self.pending)
        self.chunks += 1
        pending: list[_New] = []
        self.pending = pending
        for lineno, (doc, meta, number, raw) in docs:
            try:
                chain = self._chain(meta, doc)
                self._one(chain, doc, number, held, pending, raw)
            except _LineError as e:
                self.errors.add(lineno, e.field, e.message)
            except referee.BadRecord as e:
                self.errors.bad_record(lineno, e)
            except (ValidationError, PermissionDenied) as e:
                self.errors.add(lineno, "archive", "; ".join(getattr(e, "messages", [str(e)])))

    def finish(self):
        """Write the last chunk and wait for it."""
        self._wait()
        self._submit(self.pending)
        self.pending = []
        self._wait()
        if self.writer is not None:
            with connection.cursor() as cur:
                cur.execute("SET CONSTRAINTS ALL DEFERRED")

    def close(self):
        if self.writer is not None:
            self.writer.shutdown(wait=True)

    def _evict(self):
        """Forget the least recently used chains past SESSIONS_KEPT, but none the unwritten chunk added to."""
        while len(self.chains) > SESSIONS_KEPT:
            key, chain = next(iter(self.chains.items()))
            if chain.used >= self.chunks - 1 >= 0:
                break
            del self.chains[key]

    def _doc(self, lineno, line):
        """(record, archive meta, number) of a line, or None (blank, or bad: then its error is noted)."""
        if not line.strip():
            return None
        try:
            doc = _parse(line)
        except referee.BadRecord as e:
            self.errors.bad_record(lineno, _in_reader_language(e, lambda language: _parse_in(language, line)))
            return None
        if not isinstance(doc, dict):
            self.errors.add(lineno, "*", _("Each line is one hand record: a JSON object."))
            return None
        meta = doc.pop("archive", None)
        if not isinstance(meta, dict):
            self.errors.add(
                lineno,
                "archive",
                _(
                    'This line has no "archive" key: a history line needs '
                    '"archive": {"session": {"key": ..., "started_at": ...}, "number": k}.'
                ),
            )
            return None
        number = meta.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= bounds.HAND_NUMBER_MAX:
            self.errors.add(lineno, "archive.number", _('"number" is the hand\'s number in its session: 1, 2, 3 …'))
            return None
        s = meta.get("session")
        if not isinstance(s, dict) or not isinstance(s.get("key"), str) or not 0 < len(s["key"]) <= 64:
            self.errors.add(
                lineno, "archive.session.key", _('Each line needs "archive": {"session": {"key": ...}, "number": k}.')
            )
            return None
        return doc, meta, number, line

    def _one(self, chain, doc, number, held, pending, raw=None):
        old = held.get((chain.session.id, number)) if number <= chain.held_top else None
        if old is not None:
            hand_id, key, pot_out, next_dealer = old
            mine = services.record_hash(chain.fill(doc))
            if mine != key and mine != self._key_of(hand_id):  # no key yet, or one from an older hash
                raise _LineError(
                    "archive.number",
                    _(
                        "Session %(session)s already has hand %(number)s with a different record: edit it in the "
                        "archive, or drop this line."
                    )
                    % {"session": chain.session.key, "number": number},
                )
            chain.top, chain.pot, chain.dealer = max(chain.top, number), pot_out, next_dealer
            self.skipped += 1
            return
        if number <= chain.top:
            raise _LineError(
                "archive.number",
                _(
                    "Hand %(number)s of session %(session)s would go before hand %(top)s, already archived or "
                    "earlier in the file."
                )
                % {"number": number, "session": chain.session.key, "top": chain.top},
            )
        rec = chain.fill(doc)
        try:
            ruling = self._ruling(rec, raw)
        except referee.BadRecord as e:
            raise _in_reader_language(e, lambda language: referee.replay(rec, language=language)) from None
        values = services.hand_values(rec, ruling)
        pending.append(_New(chain.session, chain.seats, number, rec, ruling, values))
        chain.top, chain.pot, chain.dealer = number, values["pot_out"], values["next_dealer"]
        chain.used = self.chunks
        self.added += 1

    @staticmethod
    def _ruling(rec, raw):
        """The referee's ruling (in English, as it is stored) within the archive's bounds."""
        if raw is not None and not (_MAYBE_BIG_BYTES if isinstance(raw, bytes) else _MAYBE_BIG).search(raw):
            # No run of 13 digits and no exponent in the line: no number in it can pass the bound, so the
            # walk of bounds.check_record is spared (what the ruling adds is still checked).
            ruling = referee.replay(rec)
            bounds.check_ruling(ruling)
            return ruling
        return bounds.replay(rec)

    def _key_of(self, hand_id):
        self._wait()
        record = Hand.objects.filter(pk=hand_id).values_list("record", flat=True).first()
        return services.record_hash(record or {})

    # -- writing

    def _wait(self):
        """Wait for the chunk being written (and raise what went wrong there)."""
        if self.writing is not None:
            writing, self.writing = self.writing, None
            writing.result()

    def _submit(self, pending):
        if not pending:
            return
        if self.writer is None:
            _write(pending, by=self.by, why=self.why)
        else:
            chunk = _copy_chunk(pending, now=self.now)
            self.writing = self.writer.submit(
                _copy, connection.connection, chunk, by=self.by, why=self.why, now=self.now
            )
