"""Reads of the statistics, for the pages and the API (the same numbers in both).

Every function takes a family and an optional filter: game, and a period of days in the
family's time zone (date_from, date_to, both inclusive). None in an answer means "not known"
(no hand told it), never 0.

They read the rollups (archive/stats/rollups.py): a period's whole years, its end months and its
end days, so the rows read depend on the players and the periods shown, not on the hands. The net
over time is a point a day, a month or a year (by the length of the period shown), read from that
level; the largest pots are the top of an index.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Sum
from django.utils.translation import gettext as _

from archive.people.models import Player
from archive.stats import games, pot_left
from archive.stats import streaks as streak_rollups
from archive.stats.common import period, ratio
from archive.stats.models import (
    HandFact,
    SeatFact,
    SettlePayment,
    StatsMonth,
    StatsSessionDay,
    StatsSessionSpan,
    StatsTableMonth,
)
from archive.stats.rollups import (
    ALL,
    DAY,
    MONTH,
    YEAR,
    YEAR_SPAN,
    add,
    as_date,
    biggest,
    fold,
    month_of,
    remembered,
    split,
    year_of,
)
from archive.stats.summaries import PAIRS, PLAYERS, TABLE

POT = None  # the pot as a party to a settle-up transfer


def _period(qs, *, game=None, date_from=None, date_to=None):
    if game:
        qs = qs.filter(game=game)
    return period(qs, date_from=date_from, date_to=date_to)


def _names(family):
    """{player id: name}; read once a page within `one_read`."""
    return remembered(
        ("names", family.pk), lambda: dict(Player.objects.filter(family=family).values_list("id", "name"))
    )


# How a game module is asked about a game the family never played: as about another game, so it answers
# its columns as unknown (None, empty) without reading its tables.
NOT_PLAYED = "(not played)"


def _asking(family, game):
    """{game module: the game filter to hand it}: `game` itself, or NOT_PLAYED for a game the family never
    played (one query for the lot: most families play one or two of the games; asked once a request and kept
    on the family it was asked of, as a page's several reads each ask it)."""
    played = getattr(family, "_games_played", None)
    if played is None:
        years = StatsTableMonth.objects.filter(family=family, span=YEAR_SPAN).order_by().values_list("game")
        played = family._games_played = frozenset(g for (g,) in years.distinct())
    return {module: game if module.GAME in played else NOT_PLAYED for module in games.GAMES.values()}


_SUMS = ("hands", "hands_known", "hands_in", "tricks", "misdeals", "penalties", "net", "wins")
_HOW = [add] * len(_SUMS) + [biggest]


def _player_sums(family, game, date_from, date_to):
    """{player id: {column: value}} of the shared counters over the period, from the rollups."""
    rows = PLAYERS.read(
        family_id=family.pk, game=game, date_from=date_from, date_to=date_to, cols=_SUMS + ("best_take",), top=ALL
    )
    return {k[0]: dict(zip(_SUMS + ("best_take",), v)) for k, v in fold(rows, how=_HOW).items()}


def players(*, family, game=None, date_from=None, date_to=None):
    """Per player: hands, how often in, tricks, net, biggest take, misdeals, penalties; and each game's
    own columns (Swik: falls, blinds, three-of-a-kind wins), None where no hand told them."""
    names = _names(family)
    days = streak_rollups.days_played(family_id=family.pk, game=game, date_from=date_from, date_to=date_to)
    out = []
    for player_id, r in _player_sums(family, game, date_from, date_to).items():
        r = {"player_id": player_id, **r, "days": days.get(player_id, 0)}
        r["name"] = names.get(player_id, "?")
        r["in_rate"] = ratio(r["hands_in"], r["hands_known"])
        out.append(r)
    for module, asked in _asking(family, game).items():
        module.player_columns(out, family_id=family.pk, game=asked, date_from=date_from, date_to=date_to)
    out.sort(key=lambda r: (-r["net"], r["name"]))
    return out


def _sessions(family, game, date_from, date_to, rows):
    """Distinct sessions with a hand in the period: each whole month's count (a year row holds the sum
    of its months'), plus the end days' sessions, less the double counts of the few sessions that span
    months (StatsSessionSpan)."""
    day_ranges, whole, _rest = split(date_from, date_to, MONTH)  # the same end days; the months between
    total = sum(r[3] for r in rows if r[0] != DAY)  # rows: (level, period, hands, sessions, pot)
    edge = {r[3] for r in rows if r[0] == DAY}  # a day row says its session
    total += len(edge)
    if not whole:
        return total
    months = whole[0]
    spans = StatsSessionSpan.objects.filter(family=family)
    if game:
        spans = spans.filter(game=game)
    if months[0] is not None:
        spans = spans.filter(month__gte=months[0])
    if months[1] is not None:
        spans = spans.filter(month__lte=months[1])
    touched = {}
    days = period(
        StatsSessionDay.objects.filter(session_id__in=spans.values("session_id")), date_from=date_from, date_to=date_to
    )
    for session_id, day in days.values_list("session_id", "day"):
        touched.setdefault(session_id, set()).add(as_date(day))
    for session_id, session_days in touched.items():
        in_months = {month_of(d) for d in session_days if not any(lo <= d <= hi for lo, hi in day_ranges)}
        counted = len(in_months) + (session_id in edge)
        total -= counted - 1
    return total


def totals(*, family, game=None, date_from=None, date_to=None, players=None):
    """The table's totals over the period. `players`: the same period's `players(...)` rows when the caller
    has them (the pages read both): their misdeals and penalties are added up instead of read again."""
    flt = {"family_id": family.pk, "game": game, "date_from": date_from, "date_to": date_to}
    rows = TABLE.read(**flt, cols=("hands", "sessions", "biggest_pot"), top=ALL)
    hands, pot = 0, None
    for row in rows:
        hands += row[2]
        pot = biggest(pot, row[4])
    t = {"hands": hands, "sessions": _sessions(family, game, date_from, date_to, rows), "biggest_pot": pot}
    misdeals = penalties = None
    for r in players if players is not None else _player_sums(family, game, date_from, date_to).values():
        misdeals, penalties = add(misdeals, r["misdeals"]), add(penalties, r["penalties"])
    t.update(misdeals=misdeals, penalties=penalties)
    for module, asked in _asking(family, game).items():
        t.update(module.totals(family_id=family.pk, game=asked, date_from=date_from, date_to=date_to))
    return t


def game_reads(*, family, game=None, date_from=None, date_to=None, player=None):
    """Each game's own reads, by name (Swik: "wraps", success by the rank wrapped on), for the family
    or one player; a game the filter leaves out answers empty."""
    out = {}
    for module, asked in _asking(family, game).items():
        out.update(
            module.reads(
                family_id=family.pk,
                game=asked,
                date_from=date_from,
                date_to=date_to,
                player_id=None if player is None else player.pk,
            )
        )
    return out


def head_to_head(*, family, game=None, date_from=None, date_to=None):
    """Who takes money from whom: matrix[i][j] = cents player i paid player j (see facts.pair_flows)."""
    rows = PAIRS.read(family_id=family.pk, game=game, date_from=date_from, date_to=date_to, cols=("cents",), top=ALL)
    cells = defaultdict(int)
    for payer, payee, _grain, _period, cents in rows:
        cells[payer, payee] += cents
    names = _names(family)
    ids = sorted({p for pair in cells for p in pair}, key=lambda i: names.get(i, ""))
    matrix = [[cells.get((a, b), 0) for b in ids] for a in ids]
    return {"players": [{"id": i, "name": names.get(i, "?")} for i in ids], "matrix": matrix}


# The chart's points stay few whatever the period: a point a day up to about three months, a month up
# to ten years, else a year.
CHART_DAYS = 92
CHART_MONTHS = 120
_LABELS = {DAY: lambda d: d.isoformat(), MONTH: lambda d: d.strftime("%Y-%m"), YEAR: lambda d: str(d.year)}
_BUCKET = {DAY: lambda d: d, MONTH: month_of, YEAR: year_of}


def chart_level(first, last):
    """The level of the chart's points for a period from `first` to `last` (days)."""
    if (last - first).days < CHART_DAYS:
        return DAY
    if (last.year - first.year) * 12 + last.month - first.month < CHART_MONTHS:
        return MONTH
    return YEAR


def _nets_by_point(family, game, date_from, date_to, extra=None):
    """(level, points oldest first, {player id: {point: net}}) for the chart of a period (chart_level)."""
    first, last = date_from, date_to
    if first is None or last is None:
        seen = streak_rollups.extent(family_id=family.pk, game=game)
        if seen is None:
            return DAY, [], {}
        first, last = first or seen[0], last or seen[1]
    level = chart_level(first, last)
    rows = PLAYERS.read(
        family_id=family.pk, game=game, date_from=date_from, date_to=date_to, cols=("net",), top=level, extra=extra
    )
    bucket = _BUCKET[level]
    per = defaultdict(lambda: defaultdict(int))
    for player_id, _level, start, net in rows:
        per[player_id][bucket(as_date(start))] += net
    return level, sorted({p for nets in per.values() for p in nets}), per


def net_over_time(*, family, game=None, date_from=None, date_to=None):
    """Each player's running net, a point a day, month or year by the length of the period (chart_level):
    {labels: ["2024-03-17" | "2024-03" | "2024"], series: [{name, data}]} (None before a first hand).
    Read from that level of the rollups; a part of a month or year at an end of the period is summed
    from its days or months, so the points are exact."""
    level, points, per = _nets_by_point(family, game, date_from, date_to)
    names = _names(family)
    series = []
    for player_id, nets in sorted(per.items(), key=lambda kv: names.get(kv[0], "")):
        running, data = None, []
        for p in points:
            if p in nets:
                running = (running or 0) + nets[p]
            data.append(running)
        series.append({"player_id": player_id, "name": names.get(player_id, "?"), "data": data})
    return {"labels": [_LABELS[level](p) for p in points], "series": series}


def player_record(*, family, player_id):
    """One player's record over all time, from the rollups (as counted by the last statistics job): `net`,
    `hands`, `days` (days he played), the games' own columns (Swik's `falls`), and `balance`, his balance over
    time as [(first day of the day, month or year, balance at its end)], a point a day, month or year by the
    length of his history (chart_level): the rows read grow with his years, not his hands."""
    mine = {"player_id": player_id}
    sums = fold(PLAYERS.read(family_id=family.pk, cols=_SUMS + ("best_take",), extra=mine, top=ALL), how=_HOW)
    values = sums.get((player_id,)) or [None] * (len(_SUMS) + 1)
    row = {"player_id": player_id, **dict(zip(_SUMS + ("best_take",), values))}
    row["net"], row["hands"] = row["net"] or 0, row["hands"] or 0
    row["days"] = streak_rollups.days_played(family_id=family.pk).get(player_id, 0)
    # His year rows: the games he played (only they add their own columns, a query each), and for a history
    # of more than ten years his chart itself, a point a year (as chart_level would choose).
    years = list(
        StatsMonth.objects.filter(family=family, player_id=player_id, span=YEAR_SPAN)
        .order_by("month")
        .values_list("game", "month", "net")
    )
    for game in sorted({g for g, _month, _net in years}):
        if game in games.GAMES:
            games.GAMES[game].player_columns([row], family_id=family.pk, game=game, date_from=None, date_to=None)
    row.setdefault("falls", None)  # the page's one game column: None where no game of his counts falls
    if years and years[-1][1].year - years[0][1].year > CHART_MONTHS // 12:
        level, nets = YEAR, defaultdict(int)
        for _game, year, net in years:
            nets[as_date(year)] += net
    else:
        level, points, per = _nets_by_point(family, None, None, None, extra=mine)
        nets = {p: per[player_id][p] for p in points}
    running, balance = 0, []
    for p in sorted(nets):
        running += nets[p]
        balance.append((p, running))
    row.update(level=level, balance=balance)
    return row


def streaks(*, family, game=None, date_from=None, date_to=None):
    """Per player: longest run of winning hands (net > 0), of losing hands (net < 0), and the current run
    (signed: a winning run counts up, a losing one down). From the streak rollups (streaks.py)."""
    names = _names(family)
    out = []
    for player_id, seg in streak_rollups.read(
        family_id=family.pk, game=game, date_from=date_from, date_to=date_to
    ).items():
        _n, _fs, _fl, last_sign, last_len, best_win, worst_loss = seg
        out.append(
            {
                "player_id": player_id,
                "name": names.get(player_id, "?"),
                "best_win": best_win,
                "worst_loss": worst_loss,
                "current": last_sign * last_len,
            }
        )
    return sorted(out, key=lambda s: (-s["best_win"], s["name"]))


def largest_pots(*, family, game=None, date_from=None, date_to=None, limit=10):
    qs = _period(HandFact.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
    names = _names(family)
    return [
        {
            "hand_id": h,
            "session_id": s,
            "number": n,
            "day": d.isoformat(),
            "pot": pot,
            "top_player": names.get(tp),
            "top_take": tt,
            "status": st,
        }
        for h, s, n, d, pot, tp, tt, st in qs.order_by("-pot", "played_at", "hand_id").values_list(
            "hand_id", "session_id", "number", "day", "pot", "top_player_id", "top_take", "status"
        )[:limit]
    ]


def session_pots(*, session):
    """Pot played for, hand by hand, across a session (and what carried out of each)."""
    names = _names(session.family)
    return [
        {"number": n, "pot": pot, "pot_out": po, "status": st, "top_player": names.get(tp), "top_take": tt}
        for n, pot, po, st, tp, tt in HandFact.objects.filter(session=session)
        .order_by("number")
        .values_list("number", "pot", "pot_out", "status", "top_player_id", "top_take")
    ]


def settle_transfers(nets):
    """The fewest simple transfers, as the table settles: net first, then the largest debtor pays the
    largest creditor, again and again. `nets` is {party: cents}; answers [(payer, payee, cents)]."""
    debt = {k: -v for k, v in nets.items() if v < 0}
    cred = {k: v for k, v in nets.items() if v > 0}
    out = []
    key = lambda kv: (-kv[1], str(kv[0]))  # noqa: E731 - ties broken by id: the answer is stable
    while debt and cred:
        payer, owes = min(debt.items(), key=key)
        payee, due = min(cred.items(), key=key)
        cents = min(owes, due)
        out.append((payer, payee, cents))
        for side, k, left in ((debt, payer, owes - cents), (cred, payee, due - cents)):
            if left:
                side[k] = left
            else:
                del side[k]
    return out


def settle_up(*, family, session=None, game=None, date_from=None, date_to=None):
    """Each player's net for a session or a period, the pot's (what it gained: the sum is zero), and
    the transfers that settle it, each marked paid if someone recorded it."""
    if session is not None:
        qs = SeatFact.objects.filter(session=session)
        nets = {pid: n for pid, n in qs.values("player_id").annotate(n=Sum("net")).values_list("player_id", "n")}
    else:
        nets = {pid: r["net"] for pid, r in _player_sums(family, game, date_from, date_to).items()}
    names = _names(family)
    pot = -sum(nets.values())
    parties = dict(nets)
    if pot:
        parties[POT] = pot
    pot_name = _("the pot")
    label = lambda k: pot_name if k is POT else names.get(k, "?")  # noqa: E731
    paid = defaultdict(list)
    scope = SettlePayment.objects.filter(family=family, session=session)
    if session is None:
        scope = scope.filter(date_from=date_from, date_to=date_to)
    for p in scope:
        paid[p.payer_id, p.payee_id, p.amount].append(p)
    transfers = []
    for payer, payee, cents in settle_transfers(parties):
        marks = paid.get((payer, payee, cents))
        mark = marks.pop(0) if marks else None
        transfers.append(
            {
                "payer_id": payer,
                "payer": label(payer),
                "payee_id": payee,
                "payee": label(payee),
                "cents": cents,
                "paid": mark is not None,
                "payment_id": mark.pk if mark else None,
                "paid_at": mark.at.isoformat() if mark else None,
            }
        )
    people = sorted(
        ({"player_id": k, "name": label(k), "net": v} for k, v in nets.items()), key=lambda r: (-r["net"], r["name"])
    )
    where = {"session": session, "game": game, "date_from": date_from, "date_to": date_to}
    pot_from = pot_left.pot_hands(family=family, carried_out=pot > 0, **where) if pot else None
    return {"nets": people, "pot": pot, "transfers": transfers, "pot_from": pot_from}
