"""Writes of the statistics: the only code that fills the stats tables (called by archive.tasks).

- stats_update_for_hands(hand_ids=...): after hands were saved, edited, deleted or restored;
  re-derives those hands' facts (stamped with the hand's revision and the family's time zone)
  and rebuilds the StatsDay rows of the (family, game, day, player) keys they touch, old and
  new. Its cost depends on the hands and days touched, not on the size of the archive.
- stats_recompute(family=None, job=None, rederive=False): the nightly job and the Recompute
  button. By default it trusts the facts the jobs wrote and only repairs what a lost job left
  behind: one SQL query finds the live hands whose facts are missing or stale (revision or time
  zone differs, or they name a player since merged) and the facts of hands that are deleted or
  gone; those few are re-derived or removed; then every summary is rebuilt from the facts with
  set-based SQL (DELETE, then INSERT ... SELECT ... GROUP BY). With rederive=True it throws all
  the facts away and derives them again from every record and ruling (after a change of the
  referee or of facts.py), with progress in the StatsJob row.

Both run in one transaction and first lock the families they touch (SELECT ... FOR UPDATE on
the Family rows), so two jobs never interleave their reads and writes of one family, and a
worker that dies mid-job leaves the old statistics as they were. Both are idempotent, and
both give the same numbers (the tests compare them row by row).
"""
from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from zoneinfo import ZoneInfo

from django.core.exceptions import PermissionDenied
from django.db import connection, connections, transaction
from django.db.models import Exists, F, Min, OuterRef, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from archive import access, audit, bounds
from archive.models import Family, Hand, LedgerEntry, Player, Seat, Session
from archive.models.stats import HandFact, PairFact, SeatFact, SettlePayment, StatsDay, StatsJob

from .facts import pair_flows, seat_facts

CHUNK = 2000  # hands read and written at a time: memory stays flat however big the archive

HAND_COLS = ["hand_id", "family_id", "session_id", "game", "day", "played_at", "number", "status", "pot",
             "pot_in", "pot_out", "seats", "top_player_id", "top_take", "wrapper_id", "wrapped_rank", "wrap_made",
             "revision", "zone"]
SEAT_COLS = ["hand_id", "family_id", "session_id", "player_id", "game", "day", "played_at", "seat", "in_hand",
             "tricks", "fell", "double_fall", "took_blind", "blind_made", "trips_win", "misdeals", "penalties", "net",
             "won", "take"]
PAIR_COLS = ["hand_id", "family_id", "game", "day", "payer_id", "payee_id", "cents"]
FACT_MODELS = (SeatFact, PairFact, HandFact)


# ---------------------------------------------------------------------------------------------
# Reading hands into fact rows


class _Context:
    """Caches shared by the chunks of one job: time zones, merged players, session seats."""

    def __init__(self):
        self.zones = {}
        self.seats = {}
        self.merged = dict(Player.objects.filter(merged_into__isnull=False).values_list("id", "merged_into_id"))

    def zone(self, family_id):
        """(the family's time zone name as stored, the zone to compute days in)."""
        if family_id not in self.zones:
            name = Family.objects.filter(pk=family_id).values_list("timezone", flat=True).first() or ""
            try:
                zone = ZoneInfo(name or "UTC")
            except (KeyError, ValueError):  # an unknown zone name: fall back to UTC rather than fail the job
                zone = ZoneInfo("UTC")
            self.zones[family_id] = (name, zone)
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
                "status", "pot_in", "pot_out", "revision", "record", "ruling")
_N_PLAIN = len(_HAND_FIELDS) - 2  # the fields before record and ruling

# PostgreSQL: only the parts of the JSON the facts need travel to Python (the deal's turned card,
# not its hands; the trick winners, not the plays): parsing whole records was most of the time.
_PG_SLIM = """
SELECT h.id, h.session_id, s.family_id, s.game,
  coalesce((SELECT min(l.played_at) FROM {ledger} l WHERE l.hand_id = h.id), s.started_at),
  h.number, h.status, h.pot_in, h.pot_out, h.revision,
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
        qs = live_hands()
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
    return [r[:_N_PLAIN] + tuple(json.loads(x) if isinstance(x, str) else x for x in r[_N_PLAIN:]) for r in rows]


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
    for (hand_id, session_id, family_id, game, played_at, number, status, pot_in, pot_out, revision, record,
         ruling) in hands:
        record, ruling = record or {}, ruling or {}
        game = record.get("game") or game
        n_seats = len(record.get("players") or []) or len(ctx.session_seats(session_id))
        seats = list(range(n_seats))
        players = {}
        for s in seats:
            pid = seat_player.get((hand_id, s)) or ctx.session_seats(session_id).get(s)
            if pid is not None:
                players[s] = ctx.live(pid)
        zone_name, zone = ctx.zone(family_id)
        day = timezone.localtime(played_at, zone).date()
        facts, pot = seat_facts(game=game, record=record, ruling=ruling, ledger=ledger[hand_id], seats=seats)
        top_player, top_take = None, None
        wrapper, wrapped_rank, wrap_made = None, None, None
        for s in seats:
            if s not in players:
                continue
            f = facts[s]
            seat_rows.append((hand_id, family_id, session_id, players[s], game, day, played_at, s, f["in_hand"],
                              f["tricks"], f["fell"], f["double_fall"], f["took_blind"], f["blind_made"],
                              f["trips_win"], f["misdeals"], f["penalties"], f["net"], f["won"], f["take"]))
            if f["take"] and (top_take is None or f["take"] > top_take):
                top_player, top_take = players[s], f["take"]
            if f["wrapped_rank"] is not None:
                wrapper, wrapped_rank, wrap_made = players[s], f["wrapped_rank"], f["wrap_made"]
        hand_rows.append((hand_id, family_id, session_id, game, day, played_at, number, status, pot, pot_in,
                          pot_out, n_seats, top_player, top_take, wrapper, wrapped_rank, wrap_made, revision,
                          zone_name))
        nets = defaultdict(int)
        for s in seats:
            if s in players:
                nets[players[s]] += facts[s]["net"]
        for payer, payee, cents in pair_flows(list(nets.items())):
            pair_rows.append((hand_id, family_id, game, day, payer, payee, cents))
    return hand_rows, seat_rows, pair_rows


def _insert(model, cols, rows):
    """Bulk insert: COPY on PostgreSQL (fast for a full re-derive), bulk_create elsewhere."""
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


def _rederive(hand_ids, ctx, tick=None):
    """Write the facts of the given hands afresh (their old facts must be gone); answers how many
    were live (the others get no facts) and the seat rows written."""
    live, seat_rows = 0, []
    for start in range(0, len(hand_ids), CHUNK):
        hands = _read_hands(ids=hand_ids[start:start + CHUNK])
        live += len(hands)
        seat_rows += _write_facts(hands, ctx)
        if tick:
            tick(min(start + CHUNK, len(hand_ids)))
    return live, seat_rows


def _delete_facts(hand_ids):
    for start in range(0, len(hand_ids), CHUNK):
        for model in FACT_MODELS:
            model.objects.filter(hand_id__in=hand_ids[start:start + CHUNK]).delete()


def live_hands(family_id=None):
    qs = Hand.objects.filter(deleted_at__isnull=True, session__deleted_at__isnull=True)
    return qs if family_id is None else qs.filter(session__family_id=family_id)


# ---------------------------------------------------------------------------------------------
# What a lost job left behind: found with SQL, normally nothing


def stale_hand_ids(family_id=None):
    """Live hands whose facts are missing or were derived from another revision of the hand, in
    another time zone of the family, or name a player who has since been merged into another."""
    stale = live_hands(family_id).filter(
        Q(stats_fact__isnull=True)
        | ~Q(stats_fact__revision=F("revision"))
        | ~Q(stats_fact__zone=F("session__family__timezone"))
    )
    ids = set(stale.order_by().values_list("id", flat=True))
    merged = Player.objects.filter(merged_into__isnull=False)
    facts = SeatFact.objects.all()
    if family_id is not None:
        merged, facts = merged.filter(family_id=family_id), facts.filter(family_id=family_id)
    if merged.exists():
        ids.update(facts.filter(player_id__in=merged.values("id")).values_list("hand_id", flat=True).distinct())
    return sorted(ids)


def dead_fact_hand_ids(family_id=None):
    """Hands that have facts but are deleted, in a deleted session, or gone.

    Called once every live hand has its facts: then there are dead facts exactly when there are
    more HandFact rows than live hands, which two index-only counts tell; only then is the
    NOT EXISTS query run."""
    facts = HandFact.objects.all() if family_id is None else HandFact.objects.filter(family_id=family_id)
    if facts.count() <= live_hands(family_id).count():
        return []
    live = live_hands().filter(pk=OuterRef("hand_id"))
    return sorted(facts.filter(~Exists(live)).order_by().values_list("hand_id", flat=True))


# ---------------------------------------------------------------------------------------------
# The summary, rebuilt from the facts with one GROUP BY


def _t(model):
    return connection.ops.quote_name(model._meta.db_table)


# Plain SQL that SQLite and PostgreSQL both run (the suite runs on both). The ORM can say the
# SELECT but not INSERT ... SELECT, which keeps the rows in the database.
_STATSDAY_SQL = """
INSERT INTO {statsday} (family_id, player_id, game, day, hands, hands_known, hands_in, tricks, falls,
  double_falls, blinds, blinds_made, trips_wins, misdeals, penalties, net, wins, best_take)
SELECT family_id, player_id, game, day, COUNT(*), COUNT(in_hand), SUM(in_hand), SUM(tricks), SUM(fell),
  SUM(double_fall), SUM(took_blind), SUM(blind_made), SUM(trips_win), SUM(misdeals), SUM(penalties), SUM(net),
  SUM(won), MAX(take)
FROM {seatfact}{where}
GROUP BY family_id, player_id, game, day
"""


def _rebuild_summaries(family_id=None, game=None, days=None, players=None):
    """Delete and re-aggregate the summaries of the given keys (None: all of them)."""
    keys = {}
    clauses, params = [], []
    for column, lookup, value in (("family_id", "family_id", family_id), ("game", "game", game),
                                  ("day", "day__in", days), ("player_id", "player_id__in", players)):
        if value is None:
            continue
        keys[lookup] = value
        if isinstance(value, (list, tuple, set)):
            value = list(value)
            clauses.append(f"{column} IN ({', '.join(['%s'] * len(value))})")
            params.extend(value)
        else:
            clauses.append(f"{column} = %s")
            params.append(value)
    StatsDay.objects.filter(**keys).delete()  # nothing points at StatsDay: one DELETE statement
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    with connection.cursor() as cur:
        cur.execute(_STATSDAY_SQL.format(statsday=_t(StatsDay), seatfact=_t(SeatFact), where=where), params)


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
    _delete_facts(hand_ids)
    written, rows = _rederive(hand_ids, _Context())
    for row in rows:
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


def stats_recompute(*, family=None, job=None, rederive=False):
    """Rebuild the statistics of one family (or of every family).

    By default: repair the facts a lost job left missing or stale, then rebuild every summary
    from the facts (set-based SQL). rederive=True: derive every fact again from the records and
    rulings first (the slow path, after a change of the referee or of facts.py).
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
        result = _recompute(family, job, rederive)
    except Exception as exc:
        if job is not None:
            StatsJob.objects.filter(pk=job.pk).update(state=StatsJob.State.FAILED, error=str(exc)[:2000])
        raise
    return result


def stats_recompute_job(*, job_id=None, family_id=None, rederive=False):
    """What the recompute task runs: the job `job_id` (the page's button), one family, or every
    family (the nightly run, with no arguments: it gets a StatsJob row of its own)."""
    job = StatsJob.objects.filter(pk=job_id).first() if job_id else None
    if job_id and job is None:
        return {"rederived": 0}  # the job row is gone (its family was deleted): nothing to do
    if job is None and family_id is None:
        job = StatsJob.objects.create(family=None)
    family = Family.objects.filter(pk=family_id).first() if family_id else None
    return stats_recompute(family=family, job=job, rederive=rederive)


@transaction.atomic
def _recompute(family, job, rederive):
    family_id = family.pk if family is not None else None
    family_ids = [family_id] if family is not None else list(Family.objects.values_list("pk", flat=True))
    _lock_families(family_ids)
    if connection.vendor == "postgresql":
        # The GROUP BY of a big family hashes some 10^4 keys; within the default 4 MB PostgreSQL
        # sorts the half million fact rows instead, three times slower. For this transaction only.
        with connection.cursor() as cur:
            cur.execute("SET LOCAL work_mem = '64MB'")
    ctx, ticked = _Context(), [0.0]

    def tick(done, total):
        if time.monotonic() - ticked[0] > 0.5:
            _progress(job, done, total)
            ticked[0] = time.monotonic()

    removed = 0
    if rederive:
        fam = {} if family is None else {"family_id": family_id}
        for model in FACT_MODELS:
            model.objects.filter(**fam).delete()  # nothing points at these rows: one DELETE each
        total = live_hands(family_id).count()
        done, last = 0, 0
        _progress(job, 0, total)
        while True:
            # Keyset pages by id: memory stays flat and no page is skipped or read twice.
            chunk = _read_hands(family_id=family_id, after=last)
            if not chunk:
                break
            _write_facts(chunk, ctx)
            last, done = chunk[-1][0], done + len(chunk)
            tick(done, total)
    else:
        stale = stale_hand_ids(family_id)
        total = len(stale)
        _progress(job, 0, total)
        _delete_facts(stale)
        _rederive(stale, ctx, tick=lambda n: tick(n, total))
        dead = dead_fact_hand_ids(family_id)
        _delete_facts(dead)
        done, removed = total, len(dead)
    _test_pause()
    _rebuild_summaries(family_id)
    if job is not None:
        StatsJob.objects.filter(pk=job.pk).update(
            state=StatsJob.State.DONE, done=done, total=total, finished_at=timezone.now()
        )
    return {"rederived": done, "removed": removed, "rederive": rederive}


# ---------------------------------------------------------------------------------------------
# Starting a recompute and settling up (people's actions, checked like every other write)


@transaction.atomic
def settle_mark_paid(*, family, payer, payee, amount, by, session=None, date_from=None, date_to=None):
    """Record that a settle-up transfer was paid. payer/payee None is the pot."""
    access.require_role_of(by, family, access.EDIT_ROLES, doing="mark settle-up transfers paid")
    for p in (payer, payee):
        if p is not None and p.family_id != family.pk:
            raise PermissionDenied("That player is not at this family's table.")
    if session is not None and session.family_id != family.pk:
        raise PermissionDenied("That session is not this family's.")
    if not 0 < amount <= bounds.MONEY_MAX:
        raise ValueError(f"A transfer is a positive number of cents, at most {bounds.MONEY_MAX:,}.")
    payment = SettlePayment.objects.create(
        family=family, session=session, date_from=date_from, date_to=date_to, payer=payer, payee=payee,
        amount=amount, by=by,
    )
    audit.record(family=family, by=by, action="settle.paid", summary=f"marked paid: {_payment_words(payment)}",
                 after=_payment_doc(payment))
    return payment


def _payment_doc(payment):
    return {"id": payment.pk, "amount": payment.amount, "payer": payment.payer.name if payment.payer else None,
            "payee": payment.payee.name if payment.payee else None, "session": payment.session_id,
            "date_from": str(payment.date_from) if payment.date_from else None,
            "date_to": str(payment.date_to) if payment.date_to else None,
            "by": payment.by.username if payment.by else None, "at": payment.at.isoformat()}


def _payment_words(payment):
    payer = payment.payer.name if payment.payer else "the pot"
    payee = payment.payee.name if payment.payee else "the pot"
    return f"{payer} → {payee}, {payment.amount} cents"


@transaction.atomic
def settle_unmark_paid(*, payment, by):
    access.require_role_of(by, payment.family, access.EDIT_ROLES, doing="unmark settle-up transfers")
    audit.record(family=payment.family, by=by, action="settle.unpaid",
                 summary=f"marked not paid: {_payment_words(payment)}", before=_payment_doc(payment))
    payment.delete()
