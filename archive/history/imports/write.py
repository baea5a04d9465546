"""Writing a ruled chunk to the database: bulk inserts (SQLite and any other database), or COPY text
sent by the writer thread (PostgreSQL); and the seats' totals grown in place."""

from __future__ import annotations

from typing import NamedTuple

import orjson
from django.db import connection

from archive.table import services
from archive.table.models import Hand, HandRevision, LedgerEntry, Seat

Kind = HandRevision.Kind


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
