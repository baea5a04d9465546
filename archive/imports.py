"""Import of a family's history (JSON Lines, as history_export writes it), streamed (issue 19).

The file is read a chunk of lines at a time and the whole import is one transaction: any bad
line and nothing is saved, and every bad line is named. Each chunk is ruled and then written with
a few bulk statements (COPY on PostgreSQL, by a writer thread while the next chunk is ruled: the
server's work, which is most of an import, runs beside the referee's), so memory stays flat however
long the file is: what is held across chunks is two chunks, a few hundred sessions' chains and the errors.

Hands the archive already holds are found by key: Hand.record_key (services.record_hash of the
record) of the numbers the chunk names, read with one query a chunk; no record is loaded. A hand
is written as a normal save writes it (services.HandChain): the chain's pot_in and dealer, the
ruling's facts in the Hand's columns, revision 1 of kind "imported" (who, when, why) and the
LedgerEntry rows with the kinds of the ruling's facts. The statistics follow with one job after
commit. Large uploads run as background jobs (ImportJob; archive.import_jobs queues them).
"""

from __future__ import annotations

import gc
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from typing import NamedTuple

import orjson
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, connections, transaction
from django.db.models import Max, Q
from django.utils import timezone as dj_timezone

import referee

from . import access, bounds, jobs, services
from .models import AuditEntry, Family, Hand, HandRevision, ImportChunk, ImportJob, LedgerEntry, Player, Seat, Session

Kind = HandRevision.Kind
CHUNK_LINES = 1000  # lines ruled and written at a time: memory is about 12 KB a line of the chunk
SESSIONS_KEPT = 256  # chains kept between chunks; one evicted is read again from the database
ERRORS_KEPT = 1000  # problems kept in full; past that they are counted and their lines kept as ranges
UPLOAD_PIECE = 1 << 20  # bytes of an upload stored a row
_MAYBE_BIG = re.compile(r"\d(?:\d{12}|[eE])")  # what a number past bounds.MONEY_MAX needs in JSON text
_MAYBE_BIG_BYTES = re.compile(rb"\d(?:\d{12}|[eE])")


# ---------------------------------------------------------------- the import


class _LineError(Exception):
    def __init__(self, field, message):
        self.field, self.message = field, message


class _Chain:
    """Where a session's chain stands: what its next hand gets, and which numbers the archive held
    before this import (only those can be 'already there')."""

    __slots__ = ("session", "seats", "top", "pot", "dealer", "held_top", "used")

    def __init__(self, session, seats, *, top, pot, dealer, held_top):
        self.session, self.seats = session, seats
        self.top, self.pot, self.dealer, self.held_top = top, pot, dealer, held_top
        self.used = -1  # the last chunk that added a hand to it: kept in memory until that chunk is written

    def fill(self, doc):
        return services.fill_record(self.session, self.seats, doc, pot_in=self.pot, dealer=self.dealer)


class _New(NamedTuple):
    """A hand ruled and waiting to be written (plain values: a Hand model object costs more than its ruling)."""

    session: Session
    seats: list
    number: int
    record: dict
    ruling: dict
    values: dict  # services.hand_values


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


def _parse(line):
    """One line -> its JSON value. orjson first (fast); the referee's reader for the words of a bad line
    and for what orjson refuses but JSON allows (integers past 64 bits, refused later with the bound)."""
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        return referee.loads(line)


class _Import:
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
            self.errors.bad_record(lineno, e)
            return None
        if not isinstance(doc, dict):
            self.errors.add(lineno, "*", "Each line is one hand record: a JSON object.")
            return None
        meta = doc.pop("archive", None)
        if not isinstance(meta, dict):
            self.errors.add(
                lineno,
                "archive",
                'This line has no "archive" key: a history line needs '
                '"archive": {"session": {"key": ..., "started_at": ...}, "number": k}.',
            )
            return None
        number = meta.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= bounds.HAND_NUMBER_MAX:
            self.errors.add(lineno, "archive.number", '"number" is the hand\'s number in its session: 1, 2, 3 …')
            return None
        s = meta.get("session")
        if not isinstance(s, dict) or not isinstance(s.get("key"), str) or not 0 < len(s["key"]) <= 64:
            self.errors.add(
                lineno, "archive.session.key", 'Each line needs "archive": {"session": {"key": ...}, "number": k}.'
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
                    f"Session {chain.session.key} already has hand {number} "
                    "with a different record: edit it in the archive, or drop this line.",
                )
            chain.top, chain.pot, chain.dealer = max(chain.top, number), pot_out, next_dealer
            self.skipped += 1
            return
        if number <= chain.top:
            raise _LineError(
                "archive.number",
                f"Hand {number} of session {chain.session.key} would go "
                f"before hand {chain.top}, already archived or earlier in the file.",
            )
        rec = chain.fill(doc)
        if raw is not None and not (_MAYBE_BIG_BYTES if isinstance(raw, bytes) else _MAYBE_BIG).search(raw):
            # No run of 13 digits and no exponent in the line: no number in it can pass the bound, so the
            # walk of bounds.check_record is spared (what the ruling adds is still checked).
            ruling = referee.replay(rec)
            bounds.check_ruling(ruling)
        else:
            ruling = bounds.replay(rec)
        values = services.hand_values(rec, ruling)
        pending.append(_New(chain.session, chain.seats, number, rec, ruling, values))
        chain.top, chain.pot, chain.dealer = number, values["pot_out"], values["next_dealer"]
        chain.used = self.chunks
        self.added += 1

    def _key_of(self, hand_id):
        self._wait()
        record = Hand.objects.filter(pk=hand_id).values_list("record", flat=True).first()
        return services.record_hash(record or {})

    # -- sessions

    def _load_chains(self, keys):
        """Read the chains of the chunk's sessions that are in the archive and not in memory: a few queries."""
        keys = [k for k in keys if k not in self.chains]
        if not keys:
            return
        sessions = list(Session.objects.select_for_update().filter(family=self.family, key__in=keys).order_by("pk"))
        if not sessions:
            return
        ids = [s.id for s in sessions]
        seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(session_id__in=ids).select_related("player").order_by("session_id", "position"):
            seats.setdefault(seat.session_id, []).append(seat)
        tops = {
            r["session_id"]: r
            for r in Hand.objects.filter(session_id__in=ids)
            .values("session_id")
            .annotate(top=Max("number"), live=Max("number", filter=Q(deleted_at__isnull=True)))
            .order_by()
        }
        lasts = {}
        ends = Q()
        for sid, r in tops.items():
            if r["live"] is not None:
                ends |= Q(session_id=sid, number=r["live"])
        if ends:
            lasts = {
                sid: (pot, dealer)
                for sid, pot, dealer in Hand.objects.filter(ends, deleted_at__isnull=True).values_list(
                    "session_id", "pot_out", "next_dealer"
                )
            }
        for s in sessions:
            top = (tops.get(s.id) or {}).get("top") or 0
            pot, dealer = lasts.get(s.id, (s.pot_in, s.first_dealer))
            held_top = self.held_tops.setdefault(s.id, top)
            self.chains[s.key] = _Chain(s, seats.get(s.id, []), top=top, pot=pot, dealer=dealer, held_top=held_top)

    def _chain(self, meta, doc) -> _Chain:
        key = meta["session"]["key"]
        chain = self.chains.get(key)
        if chain is None:
            raise self.failed[key]
        self.chains.move_to_end(key)
        return chain

    def _create_sessions(self, docs):
        """The chunk's sessions that are not in the archive, made from their first line with the checks of
        services.session_create and written with three bulk inserts (sessions, seats, audit rows). A session
        that cannot be made is an error of each of its lines. No savepoint: a bad line rolls all back."""
        self.failed: dict[str, _LineError] = {}
        firsts = {}
        for _, (doc, meta, _, _) in docs:
            key = meta["session"]["key"]
            if key not in self.chains and key not in firsts:
                firsts[key] = (meta["session"], doc)
        made = []
        for key, (s, doc) in firsts.items():
            try:
                made.append((key, *self._new_session(s, doc)))
            except _LineError as e:
                self.failed[key] = e
        if not made:
            return
        sessions = Session.objects.bulk_create([session for _, _, session in made])
        Seat.objects.bulk_create(
            [
                Seat(session=session, player=p, position=i)
                for (_, players, _), session in zip(made, sessions, strict=True)
                for i, p in enumerate(players)
            ]
        )
        AuditEntry.objects.bulk_create(
            [
                AuditEntry(
                    family=self.family,
                    by=self.by,
                    action="session.create",
                    summary=f"session {key} opened"[:300],
                    after={"id": session.pk, "key": key, "house_rules": session.house_rules, "pot_in": session.pot_in},
                )
                for (key, _, _), session in zip(made, sessions, strict=True)
            ]
        )
        for (key, players, _), session in zip(made, sessions, strict=True):
            seats = [Seat(session=session, player=p, position=i) for i, p in enumerate(players)]  # as written
            self.held_tops[session.id] = 0
            self.chains[key] = _Chain(
                session, seats, top=0, pot=session.pot_in, dealer=session.first_dealer, held_top=0
            )

    def _new_session(self, s, record) -> tuple[list[Player], Session]:
        """The players and the (unsaved) session of a new session's first line; _LineError when it is bad."""
        try:
            started_at = datetime.fromisoformat(str(s.get("started_at")))
        except ValueError:
            raise _LineError(
                "archive.session.started_at",
                f"{s.get('started_at')!r} is not an ISO date and time with its zone, e.g. 2024-03-01T19:00:00-06:00.",
            ) from None
        if dj_timezone.is_naive(started_at):
            raise _LineError("archive.session.started_at", "Give the start time with its zone, e.g. -06:00.")
        names = record.get("players")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n.strip() for n in names):
            raise _LineError("players", "The first hand of a session names its players (a list of names).")
        players = []
        for name in names:
            name = name.strip()
            player = self.players.get(name)
            if player is None:
                try:
                    player = services.player_create(family=self.family, name=name, by=self.by)
                except ValidationError as e:
                    raise _LineError("players", "; ".join(e.messages)) from None
                self.players[name] = player
            players.append(player)
        fields = dict(
            game=s.get("game") or record.get("game") or "swik",
            started_at=started_at,
            timezone=s.get("timezone") or self.family.timezone,
            house_rules=s.get("house_rules") or {},
            first_dealer=s.get("first_dealer") or 0,
            pot_in=s.get("pot_in") or 0,
        )
        errors = services.session_errors(family=self.family, players=players, **fields)
        if errors:
            raise _LineError("archive.session", "; ".join(f"{k}: {m}" for k, m in errors.items()))
        return players, Session(
            family=self.family,
            key=s["key"],
            variant=s.get("variant") or "",
            place=s.get("place") or "",
            notes=s.get("notes") or "",
            created_by=self.by,
            **fields,
        )

    def _held(self, docs):
        """(session id, number) -> (hand id, record key, pot_out, next_dealer) of the live hands the archive
        held before this import, for the numbers the chunk names: one query, no records read."""
        wanted: dict[int, set[int]] = {}
        for _, (_, meta, number, _) in docs:
            chain = self.chains.get(meta["session"]["key"])
            if chain is not None and number <= chain.held_top:
                wanted.setdefault(chain.session.id, set()).add(number)
        if not wanted:
            return {}
        # One range over the (session, number) index: an OR of a condition a session plans slowly.
        low = min(min(n) for n in wanted.values())
        high = max(max(n) for n in wanted.values())
        # Plain SQL: a thousand rows a chunk, the ORM's building and rows cost more than the query.
        with connection.cursor() as cur:
            cur.execute(
                "SELECT session_id, number, id, record_key, pot_out, next_dealer "
                f"FROM {connection.ops.quote_name(Hand._meta.db_table)} "
                f"WHERE session_id IN ({', '.join(['%s'] * len(wanted))}) AND number >= %s AND number <= %s "
                "AND deleted_at IS NULL",
                [*sorted(wanted), low, high],
            )
            return {(sid, n): rest for sid, n, *rest in cur.fetchall() if n in wanted[sid]}

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


def _write(pending, *, by, why):
    """A chunk's hands, revisions and ledger rows with bulk inserts (SQLite and any other database)."""
    hands = [
        Hand(
            session=n.session,
            family_id=n.session.family_id,
            number=n.number,
            record=n.record,
            ruling=n.ruling,
            revision=1,
            **n.values,
        )
        for n in pending
    ]
    Hand.objects.bulk_create(hands, batch_size=500)
    HandRevision.objects.bulk_create(
        (
            HandRevision(hand=h, number=1, kind=Kind.IMPORTED, record=h.record, ruling=h.ruling, by=by, why=why)
            for h in hands
        ),
        batch_size=500,
    )
    services.write_ledger(
        [
            row
            for h, n in zip(hands, pending, strict=True)
            for row in services.ledger_rows(h, n.session, n.seats, n.ruling)
        ]
    )
    with connection.cursor() as cur:
        _grow_seats(cur, _seat_growth(pending))


_HAND_COLUMNS = (
    "id",
    "session_id",
    "family_id",
    "number",
    "record",
    "ruling",
    "status",
    "dealer",
    "actual_dealer",
    "next_dealer",
    "may_stop",
    "pot_in",
    "pot_out",
    "violation_count",
    "revision",
    "record_key",
    "created_at",
    "updated_at",
)
_NULL = "\\N"
_COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_text(value) -> str:
    """A value as a field of COPY's text format."""
    if value is None:
        return _NULL
    if value is True or value is False:
        return "t" if value else "f"
    if isinstance(value, str):
        return value.translate(_COPY_ESCAPES)
    return str(value)


class _Id:
    """A hand's id where services.ledger_rows reads it (hand.id)."""

    __slots__ = ("id",)

    def __init__(self, pk):
        self.id = pk


# The ledger's rows are written by position below (services.ledger_rows gives them in this order).
assert services.LEDGER_COLUMNS == (
    "hand_id",
    "session_id",
    "family_id",
    "player_id",
    "played_at",
    "seat",
    "amount",
    "kind",
    "reason",
    "event",
)


class _Chunk(NamedTuple):
    """A chunk as the writer thread sends it: the hands' ids, the COPY text of the hands and of their ledger
    rows, and the seats' growth (`_seat_growth`)."""

    ids: list[int]
    hands: str
    ledger: str
    seats: list[tuple]


def _copy_chunk(pending, *, now) -> _Chunk:
    """On the ruling thread, while the database is its own: the chunk's ids from the hands' sequence, and
    its rows as COPY text built here (psycopg's per-value adaptation cost more than the rest of the write).
    Built here, not on the writer thread, the text costs the writer nothing: it only waits on the server."""
    with connection.cursor() as cur:
        cur.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
            [Hand._meta.db_table, len(pending)],
        )
        ids = [r[0] for r in cur.fetchall()]
    now_text = now.isoformat()
    hands = []
    for n, pk in zip(pending, ids, strict=True):
        v = n.values
        # JSON text holds no raw tab or line break (they are escaped in strings): only its backslashes need
        # doubling.
        record = orjson.dumps(n.record).replace(b"\\", b"\\\\").decode()
        ruling = orjson.dumps(n.ruling).replace(b"\\", b"\\\\").decode()
        hands.append(
            f"{pk}\t{n.session.id}\t{n.session.family_id}\t{n.number}\t{record}\t{ruling}\t{_copy_text(v['status'])}\t"
            f"{v['dealer']}\t{v['actual_dealer']}\t{v['next_dealer']}\t{_copy_text(v['may_stop'])}\t"
            f"{v['pot_in']}\t{v['pot_out']}\t{v['violation_count']}\t1\t{v['record_key']}\t"
            f"{now_text}\t{now_text}\n"
        )
    words: dict[str, str] = {}  # kinds and reasons, escaped once: a few dozen distinct ones
    ledger = []
    for n, pk in zip(pending, ids, strict=True):
        rows = services.ledger_rows(_Id(pk), n.session, n.seats, n.ruling)
        if not rows:
            continue
        played = _copy_text(rows[0][4])  # one hand, one time
        for hand, session, family, player, _, seat, amount, kind, reason, event in rows:
            kind = words.get(kind) or words.setdefault(kind, _copy_text(kind))
            reason = words.get(reason) or words.setdefault(reason, _copy_text(reason))
            ledger.append(
                f"{hand}\t{session}\t{family}\t{player}\t{played}\t{seat}\t{amount}\t{kind}\t{reason}\t"
                f"{_NULL if event is None else event}\n"
            )
    return _Chunk(ids, "".join(hands), "".join(ledger), _seat_growth(pending))


def _copy(conn, chunk, *, by, why, now):
    """PostgreSQL, on the writer thread, through the import's connection (`conn`, psycopg's, as Django's
    wrapper belongs to the other thread): COPY the hands and their ledger rows, and each revision copied
    from its hand by the server, so the records and rulings are sent and parsed once."""
    q = connection.ops.quote_name
    hand_table = Hand._meta.db_table
    with conn.cursor() as cur:
        with cur.copy(f"COPY {q(hand_table)} ({', '.join(_HAND_COLUMNS)}) FROM STDIN") as copy:
            copy.write(chunk.hands)
        cur.execute(
            f"INSERT INTO {q(HandRevision._meta.db_table)} (hand_id, number, kind, record, ruling, by_id, at, why) "
            f"SELECT id, 1, %s, record, ruling, %s, %s, %s FROM {q(hand_table)} WHERE id = ANY(%s) ORDER BY id",
            [Kind.IMPORTED.value, by.pk if by is not None else None, now, why, chunk.ids],
        )
        with cur.copy(
            f"COPY {q(LedgerEntry._meta.db_table)} ({', '.join(services.LEDGER_COLUMNS)}) FROM STDIN"
        ) as copy:
            copy.write(chunk.ledger)
        _grow_seats(cur, chunk.seats)


def _seat_growth(pending):
    """What services.refresh_seat_totals would re-add, to add in place: an import only appends hands, so
    each seat's net, hands and falls grow by its rows of the chunk. Rows for `_grow_seats`."""
    grow: dict[tuple[int, int], list[int]] = {}
    for n in pending:
        seen = set()
        for e, kind in zip(n.ruling["ledger"], n.ruling["facts"]["kinds"], strict=True):
            row = grow.setdefault((n.session.id, e["seat"]), [0, 0, 0])
            row[0] += e["amount"]
            row[2] += kind == "fall"
            if e["seat"] not in seen:  # a seat's hands are the hands with a ledger row of it
                seen.add(e["seat"])
                row[1] += 1
    return [(net, hands, falls, sid, seat) for (sid, seat), (net, hands, falls) in sorted(grow.items())]


def _grow_seats(cur, rows):
    """One executemany, not a re-sum of the seats' ledgers."""
    q = connection.ops.quote_name
    cur.executemany(
        f"UPDATE {q(Seat._meta.db_table)} SET net = net + %s, hands = hands + %s, falls = falls + %s "
        "WHERE session_id = %s AND position = %s",
        rows,
    )


def history_import(
    *, family, lines: Iterable, by, why="imported", progress: Callable[[dict], None] | None = None
) -> dict:
    """Add a JSON Lines history (str or bytes lines, as history_export writes them) to a family.

    Sessions are matched by key and hands by number and record key: a hand already archived is
    skipped, so importing the same file twice adds nothing. The whole file is one transaction: if any
    line is bad, nothing is saved and every bad line is reported with its number and the referee's
    words. progress(result so far) is called after each chunk.
    Answers {"added", "skipped", "errors": [first problems], "error_count", "bad_lines": [[first, last]],
    "lines"}.
    """
    access.require_role_of(by, family, access.EDIT_ROLES, doing="import history")
    # An import makes millions of short-lived objects (records, rulings); each full pass of the cyclic
    # collector would walk every object of the process (Django's too): those are set aside meanwhile
    # (a tenth to a third of a re-import's CPU, measured at 50,000 and 10,000 hands).
    gc.freeze()
    try:
        return _history_import(family=family, lines=lines, by=by, why=why, progress=progress)
    finally:
        gc.unfreeze()


def _history_import(*, family, lines, by, why, progress):
    with transaction.atomic():
        # One import of a family at a time (and no statistics job of it meanwhile).
        Family.objects.select_for_update().filter(pk=family.pk).first()
        run = _Import(family, by, why)
        try:
            chunk = []
            for item in enumerate(lines, 1):
                chunk.append(item)
                if len(chunk) >= CHUNK_LINES:
                    run.feed(chunk)
                    chunk = []
                    if progress is not None:
                        progress(_result(run))
            if chunk:
                run.feed(chunk)
            run.finish()
        finally:
            run.close()
        if run.errors:
            transaction.set_rollback(True)  # whole file or nothing
        elif run.added:
            jobs.stats_after_import(family.pk)
        result = _result(run)
    if progress is not None:
        progress(result)
    return result


def _result(run) -> dict:
    return {
        "added": 0 if run.errors else run.added,
        "skipped": run.skipped,
        "errors": run.errors.kept,
        "error_count": run.errors.count,
        "bad_lines": run.errors.ranges,
        "lines": run.lines,
    }


# ---------------------------------------------------------------- background jobs


@transaction.atomic
def import_job_create(*, family, by, upload, name="") -> ImportJob:
    """Keep an upload (a file object giving bytes) for a background import: stored in pieces of whole
    lines, its lines counted for the progress bar. archive.import_jobs queues the job after commit."""
    access.require_role_of(by, family, access.EDIT_ROLES, doing="import history")
    job = ImportJob.objects.create(family=family, by=by, name=(name or "")[:200])
    seq, size, lines, rest = 0, 0, 0, b""
    while True:
        block = upload.read(UPLOAD_PIECE)
        if not block:
            break
        size += len(block)
        data = rest + block
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            rest = data
            continue
        piece, rest = data[:cut], data[cut:]
        lines += piece.count(b"\n")
        ImportChunk.objects.create(job=job, seq=seq, data=piece)
        seq += 1
    if rest:
        lines += 1
        ImportChunk.objects.create(job=job, seq=seq, data=rest)
    job.size, job.lines = size, lines
    job.save(update_fields=["size", "lines"])
    return job


def _job_lines(job) -> Iterable[bytes]:
    """The job's upload again, line by line, one stored piece in memory at a time."""
    pks = list(ImportChunk.objects.filter(job=job).order_by("seq").values_list("pk", flat=True))
    for pk in pks:
        data = bytes(ImportChunk.objects.filter(pk=pk).values_list("data", flat=True).get())
        yield from data.splitlines()


def _side_update(job_id, **fields):
    """Write a running job's progress from outside the import's transaction (PostgreSQL: a second
    connection), so the page sees it at once. SQLite cannot write beside a writer: the page sees the end."""
    if connection.vendor != "postgresql":
        return
    side = connections.create_connection("default")
    try:
        with side.cursor() as cur:
            sets = ", ".join(f"{connection.ops.quote_name(k)} = %s" for k in fields)
            cur.execute(
                f"UPDATE {connection.ops.quote_name(ImportJob._meta.db_table)} SET {sets} WHERE id = %s",
                [*fields.values(), job_id],
            )
    finally:
        side.close()


def import_job_run(*, job_id) -> dict:
    """Run a queued import (the Celery task's whole work); its result stays on the job for the page."""
    job = ImportJob.objects.select_related("family", "by").filter(pk=job_id).first()
    if job is None or job.state == ImportJob.State.DONE:
        return {"job": job_id, "state": job.state if job else "gone"}
    ImportJob.objects.filter(pk=job.pk).update(state=ImportJob.State.RUNNING, started_at=dj_timezone.now(), done=0)
    ticked = [0.0]

    def progress(result):
        if time.monotonic() - ticked[0] > 0.5:
            _side_update(
                job.pk,
                done=result["lines"],
                added=result["added"],
                skipped=result["skipped"],
                error_count=result["error_count"],
            )
            ticked[0] = time.monotonic()

    try:
        result = history_import(
            family=job.family,
            lines=_job_lines(job),
            by=job.by,
            why=f"imported from {job.name}" if job.name else "imported",
            progress=progress,
        )
    except Exception as exc:
        ImportJob.objects.filter(pk=job.pk).update(
            state=ImportJob.State.FAILED, message=str(exc)[:2000], finished_at=dj_timezone.now()
        )
        raise
    with transaction.atomic():
        ImportJob.objects.filter(pk=job.pk).update(
            state=ImportJob.State.DONE,
            done=result["lines"],
            added=result["added"],
            skipped=result["skipped"],
            error_count=result["error_count"],
            errors=result["errors"],
            bad_lines=result["bad_lines"],
            finished_at=dj_timezone.now(),
        )
        ImportChunk.objects.filter(job=job).delete()  # the upload is no longer needed
    return {"job": job.pk, "added": result["added"], "skipped": result["skipped"], "error_count": result["error_count"]}
