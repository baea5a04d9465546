"""The statistics' summaries by day, rebuilt from the facts (archive.stats.derive) with one GROUP BY each,
and the rollups by month and year."""

from __future__ import annotations

from archive.stats import games, streaks
from archive.stats.common import Batch, table_of, where
from archive.stats.models import (
    HandFact,
    PairFact,
    SeatFact,
    StatsDay,
    StatsMonth,
    StatsPairDay,
    StatsPairMonth,
    StatsSessionDay,
    StatsSessionSpan,
    StatsTableMonth,
)
from archive.stats.rollups import Rollup, month_of, trunc_month

# Plain SQL that SQLite and PostgreSQL both run (the suite runs on both). The ORM can say the
# SELECT but not INSERT ... SELECT, which keeps the rows in the database.
_STATSDAY_SQL = """
INSERT INTO {summary} (family_id, player_id, game, day, hands, hands_known, hands_in, tricks, misdeals, penalties,
  net, wins, best_take)
SELECT family_id, player_id, game, day, COUNT(*), COUNT(in_hand), SUM(in_hand), SUM(tricks), SUM(misdeals),
  SUM(penalties), SUM(net), SUM(won), MAX(take)
FROM {facts}{where}
GROUP BY family_id, player_id, game, day
"""
_SESSIONDAY_SQL = """
INSERT INTO {summary} (family_id, session_id, game, day, hands, biggest_pot)
SELECT family_id, session_id, game, day, COUNT(*), MAX(pot)
FROM {facts}{where}
GROUP BY family_id, session_id, game, day
"""
_PAIRDAY_SQL = """
INSERT INTO {summary} (family_id, game, day, payer_id, payee_id, cents)
SELECT family_id, game, day, payer_id, payee_id, SUM(cents)
FROM {facts}{where}
GROUP BY family_id, game, day, payer_id, payee_id
"""
# Sessions whose hands fall in more than one month, once a month they touch (StatsSessionSpan).
_SPAN_SQL = """
INSERT INTO {span} (family_id, session_id, game, month)
SELECT DISTINCT family_id, session_id, game, {trunc} FROM {days} WHERE session_id IN (
  SELECT session_id FROM {days}{where} GROUP BY session_id HAVING MIN({trunc}) <> MAX({trunc}))
"""
# (summary by day, SQL, facts, key columns it is rebuilt by besides family, game and day)
SHARED_SUMMARIES = [
    (StatsDay, _STATSDAY_SQL, SeatFact, ("player_id",)),
    (StatsSessionDay, _SESSIONDAY_SQL, HandFact, ()),
    (StatsPairDay, _PAIRDAY_SQL, PairFact, ()),
]

_PLAYER_SUMS = ("hands", "hands_known", "hands_in", "tricks", "misdeals", "penalties", "net", "wins")
PLAYERS = Rollup(
    StatsDay,
    StatsMonth,
    ("player_id",),
    {**{c: f"SUM({c})" for c in _PLAYER_SUMS}, "best_take": "MAX(best_take)"},
)
TABLE = Rollup(
    StatsSessionDay,
    StatsTableMonth,
    (),
    {"hands": "SUM(hands)", "sessions": "COUNT(DISTINCT session_id)", "biggest_pot": "MAX(biggest_pot)"},
    day_values={"sessions": "session_id"},
)
PAIRS = Rollup(StatsPairDay, StatsPairMonth, ("payer_id", "payee_id"), {"cents": "SUM(cents)"})
SHARED_ROLLUPS = [PLAYERS, TABLE, PAIRS]


def _rebuild(summary, sql, facts, keys, batch):
    if "player_id" in keys and not all(
        any(f.attname == "player_id" for f in m._meta.concrete_fields) for m in (summary, facts)
    ):
        # a summary of the whole day (no player), or of facts keyed by another player (a wrapper)
        keys = {k: v for k, v in keys.items() if k != "player_id"}
    batch.delete(table_of(summary), keys)
    clause, params = where(keys)
    batch.add(sql.format(summary=table_of(summary), facts=table_of(facts), where=clause), params)


def rebuild_spans(family_id=None, sessions=None, *, batch):
    """StatsSessionSpan of the given sessions (None: every session of the family, or of every family); the
    statements join `batch`."""
    if sessions is not None and not sessions:
        return
    keys = {"family_id": family_id, "session_id": None if sessions is None else sorted(sessions)}
    batch.delete(table_of(StatsSessionSpan), keys)
    clause, params = where(keys)
    batch.add(
        _SPAN_SQL.format(
            span=table_of(StatsSessionSpan), days=table_of(StatsSessionDay), where=clause, trunc=trunc_month("day")
        ),
        params,
    )


def rebuild_summaries(family_id=None):
    """Rebuild every summary and rollup of the family (None: of every family) from its facts: the
    summaries by day, then the months from the days, the spanning sessions and the streaks."""
    batch = Batch()
    for summary, sql, facts, _ in SHARED_SUMMARIES:
        _rebuild(summary, sql, facts, {"family_id": family_id}, batch)
    for module in games.GAMES.values():
        for summary, sql, facts in module.SUMMARIES:
            _rebuild(summary, sql, facts, {"family_id": family_id}, batch)
    for rollup in SHARED_ROLLUPS + games.rollups():
        rollup.rebuild_months(family_id, batch=batch)
    rebuild_spans(family_id, batch=batch)
    batch.run()
    streaks.rebuild_all_days(family_id)
    streaks.rebuild_months(family_id)


def rebuild_touched(family_id, game, *, days, players, sessions, new_hands=None):
    """After a job changed the facts of some hands of one family and game: rebuild the summaries of
    the days they were or are on (for the players in them), the months of those days and the years of
    those months (Rollup.rebuild_months), the spans of their sessions and the streaks of those days,
    months and years. The rows read are those of the days, months and years touched (at most 31 days
    a month, 12 months a year), never the family's history."""
    days, players = sorted(days), sorted(players)
    batch = Batch()  # the summaries, rollups and spans below: one round trip on PostgreSQL
    for summary, sql, facts, by in SHARED_SUMMARIES:
        keys = {"family_id": family_id, "game": game, "day": days}
        if by:
            if not players:
                continue  # hands with no seat that counts: no player's row changed
            keys["player_id"] = players
        _rebuild(summary, sql, facts, keys, batch)
    for module in games.matching(game) if players else ():
        for summary, sql, facts in module.SUMMARIES:
            _rebuild(summary, sql, facts, {"family_id": family_id, "day": days, "player_id": players}, batch)
    months = sorted({month_of(d) for d in days})
    for rollup in SHARED_ROLLUPS:
        rollup.rebuild_months(family_id, game, months, batch=batch)
    for rollup in games.rollups(game):
        rollup.rebuild_months(family_id, None, months, batch=batch)
    rebuild_spans(family_id, sessions, batch=batch)
    batch.run()
    if players:  # (no player's hand counted: no streak changed)
        streaks.rebuild_touched(family_id, game, days, players, new_hands)
