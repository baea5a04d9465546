"""From hands to statistics rows: the facts of hands (written and removed), the stale ones found with
SQL (the summaries rebuilt from them with GROUP BY are archive.stats.summaries'). Used by archive.stats.services, which holds the jobs'
transactions and locks; nothing here commits.

What a hand says comes from its ruling's facts (referee/facts.py), never from its events: the
shared columns from facts["seats"] and facts["pot"], each game's own from facts["game"] through
its module in archive/stats/games/.
"""

from __future__ import annotations

import json
from collections import defaultdict
from zoneinfo import ZoneInfo

from django.db import connection
from django.db.models import DateField, DateTimeField, Exists, F, Min, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from archive.people.models import Family, Player
from archive.stats import games
from archive.stats.common import Batch, per_seat, table_of
from archive.stats.facts import pair_flows
from archive.stats.models import (
    HandFact,
    PairFact,
    SeatFact,
)
from archive.table.models import Hand, LedgerEntry, Seat, Session

CHUNK = 2000  # hands read and written at a time: memory stays flat however big the archive

COLUMNS = {
    HandFact: [
        "hand_id",
        "family_id",
        "session_id",
        "game",
        "day",
        "played_at",
        "number",
        "status",
        "pot",
        "pot_in",
        "pot_out",
        "seats",
        "top_player_id",
        "top_take",
        "revision",
        "zone",
    ],
    SeatFact: [
        "hand_id",
        "family_id",
        "session_id",
        "player_id",
        "game",
        "day",
        "played_at",
        "seat",
        "in_hand",
        "tricks",
        "misdeals",
        "penalties",
        "net",
        "won",
        "take",
    ],
    PairFact: ["hand_id", "family_id", "game", "day", "payer_id", "payee_id", "cents"],
}
for _module in games.GAMES.values():
    COLUMNS.update(_module.COLUMNS)
FACT_MODELS = [SeatFact, PairFact, *games.fact_models(), HandFact]  # HandFact last: its absence marks stale


def live_hands(family_id=None):
    qs = Hand.objects.filter(deleted_at__isnull=True, session__deleted_at__isnull=True)
    return qs if family_id is None else qs.filter(session__family_id=family_id)


# ---------------------------------------------------------------------------------------------
# Reading hands into fact rows


class Context:
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
            self.seats[session_id] = dict(
                Seat.objects.filter(session_id=session_id).values_list("position", "player_id")
            )
        return self.seats[session_id]


# played_at: the hand's ledger rows', else the session's start
_HAND_FIELDS = (
    "id",
    "session_id",
    "session__family_id",
    "session__game",
    "played",
    "number",
    "status",
    "pot_in",
    "pot_out",
    "revision",
    "ruling__facts",
)

# PostgreSQL: only the facts travel to Python, not the records and rulings (without the per-entry
# ledger kinds, which the ledger rows already hold).
_PG_HANDS = """
SELECT h.id, h.session_id, s.family_id, s.game,
  coalesce((SELECT min(l.played_at) FROM {ledger} l WHERE l.hand_id = h.id), s.started_at),
  h.number, h.status, h.pot_in, h.pot_out, h.revision, (h.ruling->'facts') - 'kinds' - 'carry'
FROM {hand} h JOIN {session} s ON s.id = h.session_id
WHERE h.deleted_at IS NULL AND s.deleted_at IS NULL AND {where}
ORDER BY h.id LIMIT %s
"""


def read_hands(*, ids=None, family_id=None, after=0, limit=CHUNK):
    """Live hands as _HAND_FIELDS tuples: by ids, or the next page by id after `after`."""
    if connection.vendor != "postgresql":
        qs = live_hands()
        if ids is not None:
            qs = qs.filter(id__in=ids)
        if family_id is not None:
            qs = qs.filter(session__family_id=family_id)
        # A subquery, not a join and GROUP BY: grouping by the facts' JSON cost seconds a chunk.
        first = (
            LedgerEntry.objects.filter(hand_id=OuterRef("pk"))
            .order_by()
            .values("hand_id")
            .annotate(m=Min("played_at"))
            .values("m")[:1]
        )
        qs = qs.annotate(played=Coalesce(Subquery(first), "session__started_at"))
        return list(qs.filter(id__gt=after).order_by("id").values_list(*_HAND_FIELDS)[:limit])
    clauses, params = ["h.id > %s"], [after]
    if ids is not None:
        clauses.append("h.id = ANY(%s)")
        params.append(list(ids))
    if family_id is not None:
        clauses.append("s.family_id = %s")
        params.append(family_id)
    sql = _PG_HANDS.format(
        hand=table_of(Hand), session=table_of(Session), ledger=table_of(LedgerEntry), where=" AND ".join(clauses)
    )
    with connection.cursor() as cur:
        cur.execute(sql, params + [limit])
        rows = cur.fetchall()
    return [r[:-1] + (json.loads(r[-1]) if isinstance(r[-1], str) else r[-1],) for r in rows]


def fact_rows(hands, ctx):
    """{model: [rows in COLUMNS[model] order]} for a list of hand value-tuples (_HAND_FIELDS)."""
    out = defaultdict(list)
    for hand_id, session_id, family_id, game, played_at, number, status, pot_in, pot_out, revision, facts in hands:
        if not facts:
            raise ValueError(
                f"Hand {hand_id} has a ruling without facts; `manage.py migrate` adds them (archive migration 0002)."
            )
        seat_player = ctx.session_seats(session_id)
        seats = per_seat(facts["seats"])
        players = {s: ctx.live(seat_player[s]) for s in range(len(seats)) if s in seat_player}
        zone_name, zone = ctx.zone(family_id)
        day = timezone.localtime(played_at, zone).date()
        top_player, top_take = None, None
        nets = defaultdict(int)
        for s, player in players.items():
            f = seats[s]
            take = f["took"] or None
            out[SeatFact].append(
                (
                    hand_id,
                    family_id,
                    session_id,
                    player,
                    game,
                    day,
                    played_at,
                    s,
                    f["in"],
                    f["tricks"],
                    f["misdeals"],
                    f["penalties"],
                    f["net"],
                    f["won"],
                    take,
                )
            )
            if take and (top_take is None or take > top_take):
                top_player, top_take = player, take
            nets[player] += f["net"]
        out[HandFact].append(
            (
                hand_id,
                family_id,
                session_id,
                game,
                day,
                played_at,
                number,
                status,
                facts["pot"],
                pot_in,
                pot_out,
                len(seats),
                top_player,
                top_take,
                revision,
                zone_name,
            )
        )
        for payer, payee, cents in pair_flows(list(nets.items())):
            out[PairFact].append((hand_id, family_id, game, day, payer, payee, cents))
        module = games.GAMES.get(game)
        if module is not None:
            for model, rows in module.fact_rows(
                hand_id=hand_id, family_id=family_id, day=day, facts=facts, players=players
            ).items():
                out[model].extend(rows)
    return out


def _insert(model, rows):
    """Bulk insert: COPY on PostgreSQL (fast for a full re-derive), one executemany elsewhere (the
    ORM's bulk_create spent most of a SQLite re-derive preparing plain numbers)."""
    if not rows:
        return
    cols = COLUMNS[model]
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            with cur.cursor.copy(f"COPY {table_of(model)} ({', '.join(cols)}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        ops = connection.ops
        adapt = {}
        for i, c in enumerate(cols):
            field = model._meta.get_field(c)
            if isinstance(field, DateTimeField):
                adapt[i] = ops.adapt_datetimefield_value
            elif isinstance(field, DateField):
                adapt[i] = ops.adapt_datefield_value
        if adapt:
            memo = {i: {} for i in adapt}  # a night's hands share their day and start: adapt each once
            out = []
            for row in rows:
                row = list(row)
                for i, fn in adapt.items():
                    v = row[i]
                    seen = memo[i].get(v)
                    if seen is None:
                        seen = memo[i][v] = fn(v)
                    row[i] = seen
                out.append(row)
            rows = out
        names = ", ".join(connection.ops.quote_name(c) for c in cols)
        cur.executemany(f"INSERT INTO {table_of(model)} ({names}) VALUES ({', '.join(['%s'] * len(cols))})", rows)


def write_facts(hands, ctx):
    """Write the facts of the given hands (their old facts must be gone); answers the SeatFact rows."""
    rows = fact_rows(hands, ctx)
    for model in FACT_MODELS:
        _insert(model, rows.get(model))
    return rows.get(SeatFact, [])


def rederive(hand_ids, ctx, tick=None):
    """Write the facts of the given hands afresh (their old facts must be gone); answers how many
    were live (the others get no facts) and the seat rows written."""
    live, seat_rows = 0, []
    for start in range(0, len(hand_ids), CHUNK):
        hands = read_hands(ids=hand_ids[start : start + CHUNK])
        live += len(hands)
        seat_rows += write_facts(hands, ctx)
        if tick:
            tick(min(start + CHUNK, len(hand_ids)))
    return live, seat_rows


SEAT_KEY = tuple(COLUMNS[SeatFact].index(c) for c in ("family_id", "game", "day", "player_id"))


def delete_facts(hand_ids):
    """Every fact of the given hands (nothing points at a fact row): one round trip on PostgreSQL."""
    batch = Batch()
    for start in range(0, len(hand_ids), CHUNK):
        for model in FACT_MODELS:
            batch.delete(table_of(model), {"hand_id": hand_ids[start : start + CHUNK]})
    batch.run()


def delete_all_facts(family_id=None):
    fam = {} if family_id is None else {"family_id": family_id}
    for model in FACT_MODELS:
        model.objects.filter(**fam).delete()  # nothing points at these rows: one DELETE each


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
