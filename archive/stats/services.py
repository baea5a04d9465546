"""Writes of the statistics: the only code that fills the stats tables (called by archive.tasks).

- stats_update_for_hands(hand_ids=...): after hands were saved, edited, deleted or restored;
  rewrites those hands' facts and rebuilds the daily summaries of the (family, game, day,
  player) keys they touch, old and new. Its cost depends on the hands and days touched, not
  on the size of the archive.
- stats_recompute(family=None, job=None): throws the family's (or everyone's) statistics away
  and rebuilds them from the hands, with the same two steps, so both give the same numbers.

Both run in one transaction and first lock the families they touch (SELECT ... FOR UPDATE on
the Family rows), so two jobs never interleave their reads and writes of one family, and a
worker that dies mid-job leaves the old statistics as they were. Both are idempotent.
"""
from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from zoneinfo import ZoneInfo

from django.core.exceptions import PermissionDenied
from django.db import connection, connections, transaction
from django.db.models import Min
from django.db.models.functions import Coalesce
from django.utils import timezone

from archive.models import Family, Hand, LedgerEntry, Player, Seat, Session
from archive.models.stats import (
    HandFact,
    PairDay,
    PairFact,
    SeatFact,
    SettlePayment,
    StatsDay,
    StatsJob,
    WrapDay,
)

from .facts import pair_flows, seat_facts

CHUNK = 2000  # hands read and written at a time: memory stays flat however big the archive

HAND_COLS = ["hand_id", "family_id", "session_id", "game", "day", "played_at", "number", "status", "pot",
             "pot_in", "pot_out", "seats", "top_player_id", "top_take"]
SEAT_COLS = ["hand_id", "family_id", "session_id", "player_id", "game", "day", "played_at", "seat", "in_hand",
             "tricks", "fell", "double_fall", "wrapped_rank", "wrap_made", "took_blind", "blind_made", "trips_win",
             "misdeals", "penalties", "net", "won", "take"]
PAIR_COLS = ["hand_id", "family_id", "game", "day", "payer_id", "payee_id", "cents"]


# ---------------------------------------------------------------------------------------------
# Reading hands into fact rows


class _Context:
    """Caches shared by the chunks of one job: time zones, merged players, session seats."""

    def __init__(self):
        self.zones = {}
        self.seats = {}
        self.merged = dict(Player.objects.filter(merged_into__isnull=False).values_list("id", "merged_into_id"))

    def zone(self, family_id):
        if family_id not in self.zones:
            name = Family.objects.filter(pk=family_id).values_list("timezone", flat=True).first()
            try:
                self.zones[family_id] = ZoneInfo(name or "UTC")
            except (KeyError, ValueError):  # an unknown zone name: fall back to UTC rather than fail the job
                self.zones[family_id] = ZoneInfo("UTC")
        return self.zones[family_id]

    def live(self, player_id):
        """Follow merges to the player who is kept, so a merged guest's hands count for the keeper."""
        seen = 0
        while player_id in self.merged and seen < 50:
            player_id, seen = self.merged[player_id], seen + 1
        return player_id

    def session_seats(self, session_id):
        if session_id not in self.seats:
            self.seats[session_id] = dict(Seat.objects.filter(session_id=session_id).values_list("position", "player_id"))
        return self.seats[session_id]


# played_at: the hand's ledger rows', else the session's start
_HAND_FIELDS = ("id", "session_id", "session__family_id", "session__game", "session__started_at", "number",
                "status", "pot_in", "pot_out", "record", "ruling")

# PostgreSQL: only the parts of the JSON the facts need travel to Python (the deal's turned card,
# not its hands; the trick winners, not the plays): parsing whole records was most of the time.
_PG_SLIM = """
SELECT h.id, h.session_id, s.family_id, s.game,
  coalesce((SELECT min(l.played_at) FROM {ledger} l WHERE l.hand_id = h.id), s.started_at),
  h.number, h.status, h.pot_in, h.pot_out,
  jsonb_build_object(
    'game', h.record->'game', 'pot_in', h.record->'pot_in', 'players', h.record->'players',
    'events', (SELECT coalesce(jsonb_agg(CASE WHEN e->>'action' = 'deal'
                                              THEN jsonb_build_object('action', 'deal', 'turned', e->'turned')
                                              ELSE e END ORDER BY i), '[]'::jsonb)
               FROM jsonb_array_elements(CASE WHEN jsonb_typeof(h.record->'events') = 'array'
                                              THEN h.record->'events' ELSE '[]'::jsonb END)
                    WITH ORDINALITY AS t(e, i)
               WHERE e->>'action' IN ('deal', 'wrap', 'declare', 'trips'))),
  jsonb_build_object(
    'status', h.ruling->'status', 'pot_in', h.ruling->'pot_in', 'violations', h.ruling->'violations',
    'tricks', CASE WHEN jsonb_typeof(h.ruling->'tricks') = 'array' THEN
                (SELECT coalesce(jsonb_agg(jsonb_build_object('winner', t->'winner')), '[]'::jsonb)
                 FROM jsonb_array_elements(h.ruling->'tricks') AS t) END)
FROM {hand} h JOIN {session} s ON s.id = h.session_id
WHERE h.deleted_at IS NULL AND s.deleted_at IS NULL AND {where}
ORDER BY h.id LIMIT %s
"""


def _read_hands(*, ids=None, family_id=None, after=0, limit=CHUNK):
    """Live hands as _HAND_FIELDS tuples: by ids, or the next page by id after `after`."""
    if connection.vendor != "postgresql":
        qs = _live_hands()
        if ids is not None:
            qs = qs.filter(id__in=ids)
        if family_id is not None:
            qs = qs.filter(session__family_id=family_id)
        qs = qs.annotate(played=Coalesce(Min("ledger_entries__played_at"), "session__started_at"))
        fields = tuple("played" if f == "session__started_at" else f for f in _HAND_FIELDS)
        return list(qs.filter(id__gt=after).order_by("id").values_list(*fields)[:limit])
    where, params = ["h.id > %s"], [after]
    if ids is not None:
        where.append("h.id = ANY(%s)")
        params.append(list(ids))
    if family_id is not None:
        where.append("s.family_id = %s")
        params.append(family_id)
    sql = _PG_SLIM.format(hand=_t(Hand), session=_t(Session), ledger=_t(LedgerEntry), where=" AND ".join(where))
    with connection.cursor() as cur:
        cur.execute(sql, params + [limit])
        rows = cur.fetchall()
    return [r[:9] + tuple(json.loads(x) if isinstance(x, str) else x for x in r[9:]) for r in rows]


def _ledger_of(ids):
    """[(hand_id, seat, player_id, amount, kind)] of the given hands."""
    if connection.vendor != "postgresql":
        return LedgerEntry.objects.filter(hand_id__in=ids).values_list(
            "hand_id", "seat", "player_id", "amount", "kind").order_by("hand_id", "id")
    with connection.cursor() as cur:
        cur.execute(f"SELECT hand_id, seat, player_id, amount, kind FROM {_t(LedgerEntry)} "
                    "WHERE hand_id = ANY(%s) ORDER BY hand_id, id", [list(ids)])
        return cur.fetchall()


def _facts_for(hands, ctx):
    """Fact rows (hand, seats, pairs) for a list of hand value-tuples (_HAND_FIELDS)."""
    ids = [h[0] for h in hands]
    ledger = defaultdict(list)
    seat_player = {}
    for hand_id, seat, player_id, amount, kind in _ledger_of(ids):
        ledger[hand_id].append((seat, amount, kind))
        seat_player[hand_id, seat] = player_id
    hand_rows, seat_rows, pair_rows = [], [], []
    for hand_id, session_id, family_id, game, played_at, number, status, pot_in, pot_out, record, ruling in hands:
        record, ruling = record or {}, ruling or {}
        game = record.get("game") or game
        n_seats = len(record.get("players") or []) or len(ctx.session_seats(session_id))
        seats = list(range(n_seats))
        players = {}
        for s in seats:
            pid = seat_player.get((hand_id, s)) or ctx.session_seats(session_id).get(s)
            if pid is not None:
                players[s] = ctx.live(pid)
        day = timezone.localtime(played_at, ctx.zone(family_id)).date()
        facts, pot = seat_facts(game=game, record=record, ruling=ruling, ledger=ledger[hand_id], seats=seats)
        top_player, top_take = None, None
        for s in seats:
            if s not in players:
                continue
            f = facts[s]
            seat_rows.append((hand_id, family_id, session_id, players[s], game, day, played_at, s, f["in_hand"],
                              f["tricks"], f["fell"], f["double_fall"], f["wrapped_rank"], f["wrap_made"],
                              f["took_blind"], f["blind_made"], f["trips_win"], f["misdeals"], f["penalties"],
                              f["net"], f["won"], f["take"]))
            if f["take"] and (top_take is None or f["take"] > top_take):
                top_player, top_take = players[s], f["take"]
        hand_rows.append((hand_id, family_id, session_id, game, day, played_at, number, status, pot, pot_in,
                          pot_out, n_seats, top_player, top_take))
        nets = defaultdict(int)
        for s in seats:
            if s in players:
                nets[players[s]] += facts[s]["net"]
        for payer, payee, cents in pair_flows(list(nets.items())):
            pair_rows.append((hand_id, family_id, game, day, payer, payee, cents))
    return hand_rows, seat_rows, pair_rows


def _insert(model, cols, rows):
    """Bulk insert: COPY on PostgreSQL (fast for a full recompute), bulk_create elsewhere."""
    if not rows:
        return
    if connection.vendor == "postgresql":
        table = connection.ops.quote_name(model._meta.db_table)
        with connection.cursor() as cur:
            with cur.cursor.copy(f"COPY {table} ({', '.join(cols)}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
    else:
        model.objects.bulk_create([model(**dict(zip(cols, row))) for row in rows], batch_size=500)


def _write_facts(hands, ctx):
    hand_rows, seat_rows, pair_rows = _facts_for(hands, ctx)
    _insert(HandFact, HAND_COLS, hand_rows)
    _insert(SeatFact, SEAT_COLS, seat_rows)
    _insert(PairFact, PAIR_COLS, pair_rows)
    return seat_rows


def _live_hands():
    return Hand.objects.filter(deleted_at__isnull=True, session__deleted_at__isnull=True)


# ---------------------------------------------------------------------------------------------
# Daily summaries, rebuilt from the facts with GROUP BY


def _t(model):
    return connection.ops.quote_name(model._meta.db_table)


def _where(family_id=None, game=None, days=None, players=None, player_col="player_id"):
    clauses, params = [], []
    if family_id is not None:
        clauses.append("family_id = %s")
        params.append(family_id)
    if game is not None:
        clauses.append("game = %s")
        params.append(game)
    if days is not None:
        clauses.append(f"day IN ({', '.join(['%s'] * len(days))})")
        params.extend(days)
    if players is not None:
        clauses.append(f"{player_col} IN ({', '.join(['%s'] * len(players))})")
        params.extend(players)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def _rebuild_summaries(family_id=None, game=None, days=None, players=None):
    """Delete and re-aggregate the summaries of the given keys (None: all of them)."""
    where, params = _where(family_id, game, days, players)
    pwhere, pparams = _where(family_id, game, days)
    sf, pf = _t(SeatFact), _t(PairFact)
    wrap_where = where + (" AND " if where else " WHERE ") + "wrapped_rank IS NOT NULL"
    with connection.cursor() as cur:
        cur.execute(f"DELETE FROM {_t(StatsDay)}{where}", params)
        cur.execute(f"DELETE FROM {_t(WrapDay)}{where}", params)
        cur.execute(f"DELETE FROM {_t(PairDay)}{pwhere}", pparams)
        cur.execute(
            f"INSERT INTO {_t(StatsDay)} (family_id, player_id, game, day, hands, hands_known, hands_in, tricks, "
            "falls, double_falls, blinds, blinds_made, trips_wins, misdeals, penalties, net, wins, best_take) "
            "SELECT family_id, player_id, game, day, COUNT(*), COUNT(in_hand), SUM(in_hand), SUM(tricks), "
            "SUM(fell), SUM(double_fall), SUM(took_blind), SUM(blind_made), SUM(trips_win), SUM(misdeals), "
            f"SUM(penalties), SUM(net), SUM(won), MAX(take) FROM {sf}{where} "
            "GROUP BY family_id, player_id, game, day",
            params,
        )
        cur.execute(
            f"INSERT INTO {_t(WrapDay)} (family_id, player_id, game, day, rank, tries, made) "
            f"SELECT family_id, player_id, game, day, wrapped_rank, COUNT(*), SUM(wrap_made) FROM {sf}{wrap_where} "
            "GROUP BY family_id, player_id, game, day, wrapped_rank",
            params,
        )
        cur.execute(
            f"INSERT INTO {_t(PairDay)} (family_id, game, day, payer_id, payee_id, cents, hands) "
            f"SELECT family_id, game, day, payer_id, payee_id, SUM(cents), COUNT(*) FROM {pf}{pwhere} "
            "GROUP BY family_id, game, day, payer_id, payee_id",
            pparams,
        )


def _lock_families(family_ids):
    # Ordered, so two jobs locking several families cannot deadlock.
    list(Family.objects.select_for_update().filter(pk__in=sorted(family_ids)).order_by("pk").values_list("pk"))


def _test_pause():
    """Test-only hook (TK_STATS_TEST_DELAY seconds): lets the worker tests kill a job mid-way,
    after it has written facts but before it commits. TK_STATS_TEST_SIGNAL names a file touched
    when the pause starts."""
    delay = float(os.environ.get("TK_STATS_TEST_DELAY") or 0)
    if delay > 0:
        signal = os.environ.get("TK_STATS_TEST_SIGNAL")
        if signal:
            with open(signal, "w") as f:
                f.write(str(os.getpid()))
        time.sleep(delay)


# ---------------------------------------------------------------------------------------------
# The jobs


@transaction.atomic
def stats_update_for_hands(*, hand_ids):
    """Bring the statistics up to date with the given hands (saved, edited, deleted or restored)."""
    hand_ids = sorted({int(h) for h in hand_ids})
    if not hand_ids:
        return {"hands": 0, "keys": 0}
    family_ids = set(Hand.objects.filter(id__in=hand_ids).values_list("session__family_id", flat=True))
    family_ids |= set(HandFact.objects.filter(hand_id__in=hand_ids).values_list("family_id", flat=True))
    if not family_ids:
        return {"hands": 0, "keys": 0}
    _lock_families(family_ids)
    keys = defaultdict(lambda: (set(), set()))  # (family, game) -> (days, players)
    for family_id, game, day, player_id in SeatFact.objects.filter(hand_id__in=hand_ids).values_list(
        "family_id", "game", "day", "player_id"
    ):
        keys[family_id, game][0].add(day)
        keys[family_id, game][1].add(player_id)
    for model in (SeatFact, PairFact, HandFact):
        model.objects.filter(hand_id__in=hand_ids).delete()
    ctx = _Context()
    written = 0
    for start in range(0, len(hand_ids), CHUNK):
        hands = _read_hands(ids=hand_ids[start:start + CHUNK])
        written += len(hands)
        for row in _write_facts(hands, ctx):
            keys[row[1], row[4]][0].add(row[5])
            keys[row[1], row[4]][1].add(row[3])
    _test_pause()
    for (family_id, game), (days, players) in keys.items():
        _rebuild_summaries(family_id, game, sorted(days), sorted(players))
    return {"hands": written, "keys": sum(len(d) * len(p) for d, p in keys.values())}


def _progress(job, done, total):
    """Show a running job's progress at once, from outside the job's transaction (PostgreSQL: a
    second connection). SQLite runs jobs in-process and cannot write beside a writer: the page
    sees the job finish."""
    if job is None or connection.vendor != "postgresql":
        return
    side = connections.create_connection("default")
    try:
        with side.cursor() as cur:
            cur.execute(
                f"UPDATE {_t(StatsJob)} SET done = %s, total = %s, state = %s WHERE id = %s",
                [done, total, StatsJob.State.RUNNING, job.pk],
            )
    finally:
        side.close()


def stats_recompute(*, family=None, job=None):
    """Rebuild the statistics of one family (or of every family) from its hands.

    With a StatsJob, records its state and progress; a failure marks it failed and re-raises
    (the task retries), leaving the old statistics untouched.
    """
    if job is not None:
        StatsJob.objects.filter(pk=job.pk).update(
            state=StatsJob.State.RUNNING, attempts=job.attempts + 1, started_at=timezone.now(), error=""
        )
        job.refresh_from_db()
        family = family or job.family
    try:
        result = _recompute(family, job)
    except Exception as exc:
        if job is not None:
            StatsJob.objects.filter(pk=job.pk).update(state=StatsJob.State.FAILED, error=str(exc)[:2000])
        raise
    return result


@transaction.atomic
def _recompute(family, job):
    family_ids = [family.pk] if family is not None else list(Family.objects.values_list("pk", flat=True))
    _lock_families(family_ids)
    fam = {} if family is None else {"family_id": family.pk}
    for model in (StatsDay, WrapDay, PairDay, PairFact, SeatFact, HandFact):
        model.objects.filter(**fam).delete()  # nothing points at these rows: one DELETE each
    hands = _live_hands()
    if family is not None:
        hands = hands.filter(session__family_id=family.pk)
    total = hands.count()
    ctx, done, last, ticked = _Context(), 0, 0, 0.0
    _progress(job, 0, total)
    while True:
        # Keyset pages by id: memory stays flat and no page is skipped or read twice.
        chunk = _read_hands(family_id=family.pk if family is not None else None, after=last)
        if not chunk:
            break
        _write_facts(chunk, ctx)
        last, done = chunk[-1][0], done + len(chunk)
        if time.monotonic() - ticked > 0.5:
            _progress(job, done, total)
            ticked = time.monotonic()
    _test_pause()
    _rebuild_summaries(family.pk if family is not None else None)
    if job is not None:
        StatsJob.objects.filter(pk=job.pk).update(
            state=StatsJob.State.DONE, done=done, total=total, finished_at=timezone.now()
        )
    return {"hands": done}


# ---------------------------------------------------------------------------------------------
# Starting a recompute and settling up (people's actions, checked like every other write)


def _require_editor(family, by):
    from archive.selectors import can_edit

    if not can_edit(by, family):
        raise PermissionDenied("Only the family's owners and editors may do this.")


@transaction.atomic
def stats_job_start(*, family, by):
    """Queue a full recompute of the family's statistics; the page follows the job's progress."""
    _require_editor(family, by)
    job = StatsJob.objects.create(family=family, by=by, total=_live_hands().filter(session__family=family).count())
    from archive import tasks

    transaction.on_commit(lambda: tasks.recompute_stats.delay(job_id=job.pk))
    return job


@transaction.atomic
def settle_mark_paid(*, family, payer, payee, amount, by, session=None, date_from=None, date_to=None):
    """Record that a settle-up transfer was paid. payer/payee None is the pot."""
    _require_editor(family, by)
    for p in (payer, payee):
        if p is not None and p.family_id != family.pk:
            raise PermissionDenied("That player is not at this family's table.")
    if session is not None and session.family_id != family.pk:
        raise PermissionDenied("That session is not this family's.")
    if amount <= 0:
        raise ValueError("A transfer is a positive number of cents.")
    return SettlePayment.objects.create(
        family=family, session=session, date_from=date_from, date_to=date_to, payer=payer, payee=payee,
        amount=amount, by=by,
    )


@transaction.atomic
def settle_unmark_paid(*, payment, by):
    _require_editor(payment.family, by)
    payment.delete()
