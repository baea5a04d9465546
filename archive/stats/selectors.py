"""Reads of the statistics, for the pages and the API (the same numbers in both).

Every function takes a family and an optional filter: game, and a period of days in the
family's time zone (date_from, date_to, both inclusive). None in an answer means "not known"
(no hand told it), never 0.
"""
from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, F, Max, Sum

from archive.models import Player
from archive.models.stats import HandFact, PairFact, SeatFact, SettlePayment, StatsDay, StatsJob

RANK_ORDER = "23456789TJQKA"
POT = None  # the pot as a party to a settle-up transfer


def _period(qs, *, game=None, date_from=None, date_to=None):
    if game:
        qs = qs.filter(game=game)
    if date_from:
        qs = qs.filter(day__gte=date_from)
    if date_to:
        qs = qs.filter(day__lte=date_to)
    return qs


def _names(family):
    return dict(Player.objects.filter(family=family).values_list("id", "name"))


def _ratio(a, b):
    return None if a is None or not b else round(a / b, 4)


def players(*, family, game=None, date_from=None, date_to=None):
    """Per player: hands, how often in, tricks, falls, net, biggest take, blind, trips, misdeals, penalties."""
    names = _names(family)
    rows = (
        _period(StatsDay.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
        .values("player_id")
        .annotate(
            hands=Sum("hands"), hands_known=Sum("hands_known"), hands_in=Sum("hands_in"), tricks=Sum("tricks"),
            falls=Sum("falls"), double_falls=Sum("double_falls"), blinds=Sum("blinds"),
            blinds_made=Sum("blinds_made"), trips_wins=Sum("trips_wins"), misdeals=Sum("misdeals"),
            penalties=Sum("penalties"), net=Sum("net"), wins=Sum("wins"), best_take=Max("best_take"),
            days=Count("day", distinct=True),
        )
    )
    out = []
    for r in rows:
        r["name"] = names.get(r["player_id"], "?")
        r["in_rate"] = _ratio(r["hands_in"], r["hands_known"])
        r["fall_rate"] = _ratio(r["falls"], r["hands_in"])
        r["blind_rate"] = _ratio(r["blinds_made"], r["blinds"])
        out.append(r)
    out.sort(key=lambda r: (-r["net"], r["name"]))
    return out


def totals(*, family, game=None, date_from=None, date_to=None):
    qs = _period(HandFact.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
    t = qs.aggregate(hands=Count("hand_id"), sessions=Count("session_id", distinct=True), biggest_pot=Max("pot"))
    t.update(_period(StatsDay.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
             .aggregate(misdeals=Sum("misdeals"), penalties=Sum("penalties"), falls=Sum("falls")))
    return t


def wraps(*, family, game=None, date_from=None, date_to=None, player=None):
    """Wrap success by the rank of the card wrapped on: tries, made, rate (made None while unknown).
    Read from the hands' facts (one row a hand, only wrapped hands counted)."""
    qs = _period(HandFact.objects.filter(family=family, wrapped_rank__isnull=False), game=game, date_from=date_from,
                 date_to=date_to)
    if player is not None:
        qs = qs.filter(wrapper=player)
    rows = list(qs.values(rank=F("wrapped_rank")).annotate(tries=Count("hand_id"), made=Sum("wrap_made"))
                .order_by())
    for r in rows:
        r["rate"] = _ratio(r["made"], r["tries"])
    rows.sort(key=lambda r: RANK_ORDER.find(r["rank"]))
    return rows


def head_to_head(*, family, game=None, date_from=None, date_to=None):
    """Who takes money from whom: matrix[i][j] = cents player i paid player j (see facts.pair_flows)."""
    qs = _period(PairFact.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
    cells = defaultdict(int)
    for payer, payee, cents in qs.values("payer_id", "payee_id").annotate(c=Sum("cents")).order_by().values_list(
        "payer_id", "payee_id", "c"
    ):
        cells[payer, payee] += cents
    names = _names(family)
    ids = sorted({p for pair in cells for p in pair}, key=lambda i: names.get(i, ""))
    matrix = [[cells.get((a, b), 0) for b in ids] for a in ids]
    return {"players": [{"id": i, "name": names.get(i, "?")} for i in ids], "matrix": matrix}


def net_over_time(*, family, game=None, date_from=None, date_to=None):
    """Each player's running net, day by day: {labels: [days], series: [{name, data}]} (None before a first hand)."""
    qs = _period(StatsDay.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
    per = defaultdict(dict)
    for player_id, day, net in qs.values("player_id", "day").annotate(n=Sum("net")).values_list("player_id", "day", "n"):
        per[player_id][day] = net
    days = sorted({d for nets in per.values() for d in nets})
    names = _names(family)
    series = []
    for player_id, nets in sorted(per.items(), key=lambda kv: names.get(kv[0], "")):
        running, data = None, []
        for d in days:
            if d in nets:
                running = (running or 0) + nets[d]
            data.append(running)
        series.append({"player_id": player_id, "name": names.get(player_id, "?"), "data": data})
    return {"labels": [d.isoformat() for d in days], "series": series}


def streaks(*, family, game=None, date_from=None, date_to=None):
    """Per player: longest run of winning hands (net > 0), of losing hands (net < 0), and the current run."""
    qs = _period(SeatFact.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
    names = _names(family)
    out, cur = {}, None
    for player_id, net in qs.order_by("player_id", "played_at", "hand_id").values_list("player_id", "net").iterator(
        chunk_size=5000
    ):
        if player_id != cur:
            cur = player_id
            s = out[player_id] = {"player_id": player_id, "name": names.get(player_id, "?"), "best_win": 0,
                                  "worst_loss": 0, "current": 0}
        sign = (net > 0) - (net < 0)
        c = s["current"]
        s["current"] = (c + sign if c * sign > 0 else sign) if sign else 0
        s["best_win"] = max(s["best_win"], s["current"])
        s["worst_loss"] = max(s["worst_loss"], -s["current"])
    return sorted(out.values(), key=lambda s: (-s["best_win"], s["name"]))


def largest_pots(*, family, game=None, date_from=None, date_to=None, limit=10):
    qs = _period(HandFact.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
    names = _names(family)
    return [
        {"hand_id": h, "session_id": s, "number": n, "day": d.isoformat(), "pot": pot, "top_player": names.get(tp),
         "top_take": tt, "status": st}
        for h, s, n, d, pot, tp, tt, st in qs.order_by("-pot", "played_at", "hand_id").values_list(
            "hand_id", "session_id", "number", "day", "pot", "top_player_id", "top_take", "status"
        )[:limit]
    ]


def session_pots(*, session):
    """Pot played for, hand by hand, across a session (and what carried out of each)."""
    names = _names(session.family)
    return [
        {"number": n, "pot": pot, "pot_out": po, "status": st, "top_player": names.get(tp), "top_take": tt}
        for n, pot, po, st, tp, tt in HandFact.objects.filter(session=session).order_by("number").values_list(
            "number", "pot", "pot_out", "status", "top_player_id", "top_take"
        )
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
    else:
        qs = _period(StatsDay.objects.filter(family=family), game=game, date_from=date_from, date_to=date_to)
    nets = {pid: n for pid, n in qs.values("player_id").annotate(n=Sum("net")).values_list("player_id", "n")}
    names = _names(family)
    pot = -sum(nets.values())
    parties = dict(nets)
    if pot:
        parties[POT] = pot
    label = lambda k: "the pot" if k is POT else names.get(k, "?")  # noqa: E731
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
        transfers.append({"payer_id": payer, "payer": label(payer), "payee_id": payee, "payee": label(payee),
                          "cents": cents, "paid": mark is not None, "payment_id": mark.pk if mark else None,
                          "paid_at": mark.at.isoformat() if mark else None})
    people = sorted(({"player_id": k, "name": label(k), "net": v} for k, v in nets.items()),
                    key=lambda r: (-r["net"], r["name"]))
    return {"nets": people, "pot": pot, "transfers": transfers}


def job_progress(job):
    pct = 100 if job.state == StatsJob.State.DONE else (int(100 * job.done / job.total) if job.total else 0)
    return {"id": job.pk, "state": job.state, "done": job.done, "total": job.total, "percent": pct,
            "error": job.error, "attempts": job.attempts}


def latest_job(*, family):
    return StatsJob.objects.filter(family=family).first()
