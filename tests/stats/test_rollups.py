"""The rollups (issue 16) on random histories: hands added, edited (new money, another day), deleted and
imported in any order, each followed by its job. The incremental rollups equal a full recompute's, and
what the page and the API show for any period equals what the hands themselves say."""

import random
from collections import defaultdict
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

import referee
from archive.models import Family, Hand, LedgerEntry, Membership, Player, Seat, Session
from archive.stats import rollups, selectors, services, summaries
from archive.stats.facts import pair_flows
from referee.games.poker.generate import poker_hand
from referee.games.sedma.generate import sedma_deal

from .dump import dump
from .history import ledger_rows, store_hand, swik_ruled

CHICAGO = ZoneInfo("America/Chicago")
START = datetime(2024, 1, 27, 18, tzinfo=CHICAGO)  # hands fall around month and year ends and many midnights

ops = st.lists(
    st.tuples(st.sampled_from(["add", "add", "add", "edit", "move", "delete", "import"]), st.integers(0, 2**32)),
    min_size=1,
    max_size=14,
)


def _when(rng):
    # days after START: Jan 27 2024 .. Mar 30 2024; Dec 31 2024 and Jan 1 2025 (a year's last midnight), Feb 2025,
    # Dec 31 2025 and Jan 1 2026, Feb 2026: three years, so year rows are written and read
    days = rng.choice([0, 1, 2, 4, 5, 33, 34, 35, 62, 63, 339, 339, 340, 370, 705, 706, 760])
    return START + timedelta(days=days, hours=rng.choice([0, 5, 5.9, 6.2]))


class History:
    """A family's hands written the way the services write them; `job` runs the incremental job, `imported`
    the job an import runs (a whole recompute)."""

    def __init__(self, editor, n):
        self.family = Family.objects.create(name=f"Rollups {n}", slug=f"rollups-{n}", timezone="America/Chicago")
        Membership.objects.create(family=self.family, user=editor, role="editor")
        self.players = [Player.objects.create(family=self.family, name=f"P{i}") for i in range(5)]
        self.sessions = []
        self.numbers = defaultdict(int)

    def session(self, rng):
        if self.sessions and rng.random() < 0.7:
            return rng.choice(self.sessions)
        game = rng.choice(["swik", "swik", "poker", "sedma"])
        session = Session.objects.create(
            family=self.family,
            game=game,
            variant="4p" if game == "sedma" else "",
            started_at=_when(rng),
            timezone="America/Chicago",
            key=f"s{len(self.sessions)}",
        )
        seats = 4 if game == "sedma" else rng.randint(3, 4)
        for i, p in enumerate(rng.sample(self.players, seats)):
            Seat.objects.create(session=session, position=i, player=p)
        self.sessions.append(session)
        return session

    def ruled(self, rng, session):
        names = [f"P{i}" for i in range(session.seats.count())]
        if session.game == "swik":
            return swik_ruled(rng, players=names, dealer=rng.randrange(len(names)), pot_in=rng.choice([0, 0, 40]))
        while True:
            if session.game == "sedma":
                number = self.numbers[session.pk] + 1
                record = sedma_deal(rng, "4p", names, rng.randrange(4), {}, mistakes=0.05, number=number)
                record["deal"] = number
            else:
                record = poker_hand(rng, players=names, dealer=rng.randrange(len(names)))
            try:
                return record, referee.replay(record)
            except referee.BadRecord:
                continue

    def add(self, rng):
        session = self.session(rng)
        record, ruling = self.ruled(rng, session)
        self.numbers[session.pk] += 1
        hand = store_hand(session, record, ruling, number=self.numbers[session.pk], played_at=_when(rng), notify=False)
        return hand.pk

    def live(self):
        return list(Hand.objects.filter(session__family=self.family, deleted_at__isnull=True).order_by("pk"))

    def edit(self, rng, *, move):
        """New money for a hand (and, moved, another time): its ledger rewritten, its revision bumped."""
        hands = self.live()
        if not hands:
            return None
        hand = rng.choice(hands)
        when = LedgerEntry.objects.filter(hand=hand).values_list("played_at", flat=True).first() or _when(rng)
        record, ruling = self.ruled(rng, hand.session)
        if move:
            when = _when(rng)
        players = dict(Seat.objects.filter(session=hand.session).values_list("position", "player_id"))
        LedgerEntry.objects.filter(hand=hand).delete()
        Hand.objects.filter(pk=hand.pk).update(
            record=record, ruling=ruling, status=ruling["status"], revision=hand.revision + 1
        )
        hand.refresh_from_db()
        LedgerEntry.objects.bulk_create(ledger_rows(hand, ruling, players=players, played_at=when))
        return hand.pk

    def delete(self, rng):
        hands = self.live()
        if not hands:
            return None
        hand = rng.choice(hands)
        Hand.objects.filter(pk=hand.pk).update(deleted_at=timezone.now())
        return hand.pk

    def run(self, kind, seed):
        rng = random.Random(seed)
        if kind == "import":  # several hands, then what an import runs: the family's recompute
            for _ in range(rng.randint(2, 5)):
                self.add(rng)
            services.stats_recompute(family=self.family)
            return
        hand_id = {
            "add": lambda: self.add(rng),
            "edit": lambda: self.edit(rng, move=False),
            "move": lambda: self.edit(rng, move=True),
            "delete": lambda: self.delete(rng),
        }[kind]()
        if hand_id is not None:
            services.stats_update_for_hands(hand_ids=[hand_id])


def from_the_hands(family, *, game=None, date_from=None, date_to=None):
    """The numbers straight from the live hands' rulings, in Python: the reference."""
    seats = defaultdict(dict)
    for session_id, position, player_id in Seat.objects.filter(session__family=family).values_list(
        "session_id", "position", "player_id"
    ):
        seats[session_id][position] = player_id
    first = {}
    for hand_id, at in LedgerEntry.objects.filter(family=family).values_list("hand_id", "played_at"):
        first[hand_id] = min(at, first.get(hand_id, at))
    hands = []
    for h in Hand.objects.filter(session__family=family, deleted_at__isnull=True).select_related("session"):
        at = first.get(h.pk, h.session.started_at)
        day = at.astimezone(CHICAGO).date()
        if (game and h.session.game != game) or (date_from and day < date_from) or (date_to and day > date_to):
            continue
        nets = {seats[h.session_id][s]: n for s, n in enumerate(h.ruling["facts"]["seats"]["net"])}
        hands.append((at, h.pk, h.session_id, h.ruling["facts"]["pot"], nets, day))
    hands.sort()
    out = {
        "hands": len(hands),
        "sessions": len({h[2] for h in hands}),
        "biggest_pot": max((h[3] for h in hands), default=None),
        "net": defaultdict(int),
        "played": defaultdict(int),
        "days": defaultdict(set),
        "h2h": defaultdict(int),
        "streak": {},
        "nets": [],
    }
    for _, _, _, _, nets, day in hands:
        for p, n in nets.items():
            out["nets"].append((day, p, n))
            out["net"][p] += n
            out["played"][p] += 1
            out["days"][p].add(day)
            best, worst, cur = out["streak"].get(p, (0, 0, 0))
            sign = (n > 0) - (n < 0)  # a run goes on while the sign stays; an even hand ends it
            cur = (cur + sign if cur * sign > 0 else sign) if sign else 0
            out["streak"][p] = (max(best, cur), max(worst, -cur), cur)
        for payer, payee, cents in pair_flows(list(nets.items())):
            out["h2h"][payer, payee] += cents
    return out


def check_against_the_hands(family, flt):
    want = from_the_hands(family, **flt)
    t = selectors.totals(family=family, **flt)
    assert (t["hands"], t["sessions"], t["biggest_pot"]) == (want["hands"], want["sessions"], want["biggest_pot"])
    players = {r["player_id"]: r for r in selectors.players(family=family, **flt)}
    assert {p: r["net"] for p, r in players.items()} == dict(want["net"])
    assert {p: r["hands"] for p, r in players.items()} == dict(want["played"])
    assert {p: r["days"] for p, r in players.items()} == {p: len(d) for p, d in want["days"].items()}
    h2h = selectors.head_to_head(family=family, **flt)
    ids = [p["id"] for p in h2h["players"]]
    got = {(a, b): c for a, row in zip(ids, h2h["matrix"]) for b, c in zip(ids, row) if c}
    assert got == dict(want["h2h"])
    streaks = {
        s["player_id"]: (s["best_win"], s["worst_loss"], s["current"]) for s in selectors.streaks(family=family, **flt)
    }
    assert streaks == want["streak"]
    check_the_chart(family, flt, want)
    return t


def check_the_chart(family, flt, want):
    """The chart's points (a day, a month or a year each, as its labels say) are the running nets of the hands."""
    chart = selectors.net_over_time(family=family, **flt)
    width = len(chart["labels"][0]) if chart["labels"] else 10
    assert all(len(label) == width for label in chart["labels"])
    nets = defaultdict(lambda: defaultdict(int))
    for day, player, net in want["nets"]:
        nets[player][day.isoformat()[:width]] += net
    labels = sorted({label for per in nets.values() for label in per})
    assert chart["labels"] == labels
    series = {}
    for player, per in nets.items():
        running, data = None, []
        for label in labels:
            if label in per:
                running = (running or 0) + per[label]
            data.append(running)
        series[player] = data
    assert {s["player_id"]: s["data"] for s in chart["series"]} == series
    first, last = flt.get("date_from"), flt.get("date_to")
    if first and last and first <= last and chart["labels"]:
        # a point a day up to about three months, a month up to ten years, else a year
        span = (last - first).days
        assert width == (10 if span < 92 else 7 if span < 3650 else 4)


PERIODS = [
    {},
    {"game": "swik"},
    {"game": "poker"},
    {"game": "sedma", "date_from": date(2024, 1, 29)},
    {"date_from": date(2024, 2, 1)},
    {"date_to": date(2024, 2, 29)},
    {"date_from": date(2024, 1, 28), "date_to": date(2024, 3, 31), "game": "swik"},
    {"date_from": date(2024, 1, 29), "date_to": date(2024, 3, 30)},
    {"date_from": date(2024, 2, 1), "date_to": date(2024, 2, 29)},
    {"date_from": date(2024, 3, 1), "date_to": date(2024, 3, 2)},
    {"date_from": date(2024, 4, 1), "date_to": date(2024, 1, 1)},
    # ends that cut years and months: end days, end months and whole years together
    {"date_from": date(2024, 2, 15), "date_to": date(2026, 1, 10)},
    {"date_from": date(2024, 1, 28), "date_to": date(2025, 2, 10)},
    {"date_from": date(2024, 3, 1)},
    {"date_to": date(2025, 1, 31)},
    {"date_from": date(2024, 12, 31), "date_to": date(2025, 1, 1)},
    {"date_from": date(2024, 1, 1), "date_to": date(2025, 12, 31), "game": "swik"},
    {"date_from": date(2025, 1, 1), "game": "poker"},
    # the chart by year (the period shown spans more than ten years), a part of a year and a month at its end
    {"date_from": date(2014, 1, 1), "date_to": date(2025, 3, 5)},
]


@pytest.mark.django_db
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops)
def test_incremental_rollups_equal_a_recompute_and_the_hands(table, steps):
    try:
        with transaction.atomic():  # each example on a clean slate, and a failing one leaves the test usable
            history = History(table["editor"], 1)
            for kind, seed in steps:
                history.run(kind, seed)
            family = history.family
            for flt in PERIODS:
                check_against_the_hands(family, flt)
            # all time is year rows only: rows by the years and the keys, not by the months or days played
            by_years = summaries.PLAYERS.read(family_id=family.pk, cols=("net", "hands", "best_take"))
            assert {row[1] for row in by_years} <= {rollups.YEAR}
            # and a read that only adds up is one all-time row a key, equal to its years folded
            all_time = summaries.PLAYERS.read(family_id=family.pk, cols=("net", "hands", "best_take"), top=rollups.ALL)
            assert {row[1] for row in all_time} <= {rollups.ALL}
            assert len(all_time) <= len(by_years)
            how = [rollups.add, rollups.add, rollups.biggest]
            assert rollups.fold(all_time, how=how) == rollups.fold(by_years, how=how)
            incremental = dump(family)
            services.stats_recompute(family=family, rederive=True)
            assert dump(family) == incremental, "a full recompute gives the incremental jobs' rows"
            raise _Undo
    except _Undo:
        pass


class _Undo(Exception):
    pass


def test_the_api_and_the_page_show_the_rollups_numbers(table, rng):
    history = History(table["editor"], 0)
    for kind in ["add"] * 12 + ["move", "delete", "import", "edit"]:
        history.run(kind, rng.random())
    family = history.family
    flt = {"date_from": date(2024, 1, 28), "date_to": date(2024, 3, 5)}
    t = check_against_the_hands(family, flt)
    api = APIClient()
    api.force_authenticate(table["editor"])
    got = api.get(reverse("api-stats-family", args=[family.slug]), {"from": "2024-01-28", "to": "2024-03-05"}).json()
    assert got["totals"]["hands"] == t["hands"] and got["totals"]["sessions"] == t["sessions"]
    want = from_the_hands(family, **flt)
    assert {r["player_id"]: r["net"] for r in got["players"]} == dict(want["net"])
    browser = Client()
    browser.force_login(table["editor"])
    page = browser.get(reverse("stats-family", args=[family.slug]), {"from": "2024-01-28", "to": "2024-03-05"})
    text = page.content.decode()
    assert f"<b>{t['hands']:,}</b> hand" in text and f"<b>{t['sessions']:,}</b> session" in text


def test_a_period_is_its_whole_years_its_end_months_and_its_end_days():
    d = date
    assert rollups.split(None, None) == ([], [], (None, None))
    assert rollups.split(d(2024, 1, 15), d(2024, 4, 10)) == (
        [(d(2024, 1, 15), d(2024, 1, 31)), (d(2024, 4, 1), d(2024, 4, 10))],
        [(d(2024, 2, 1), d(2024, 3, 1))],
        None,
    )
    assert rollups.split(d(2024, 2, 1), d(2024, 2, 29)) == ([], [(d(2024, 2, 1), d(2024, 2, 1))], None)
    assert rollups.split(d(2024, 2, 3), d(2024, 2, 20)) == ([(d(2024, 2, 3), d(2024, 2, 20))], [], None)
    assert rollups.split(d(2024, 1, 31), d(2024, 2, 1)) == ([(d(2024, 1, 31), d(2024, 2, 1))], [], None)
    assert rollups.split(None, d(2024, 2, 10)) == (
        [(d(2024, 2, 1), d(2024, 2, 10))],
        [(d(2024, 1, 1), d(2024, 1, 1))],
        (None, d(2023, 1, 1)),
    )
    assert rollups.split(d(2024, 12, 10), None) == ([(d(2024, 12, 10), d(2024, 12, 31))], [], (d(2025, 1, 1), None))
    assert rollups.split(d(2024, 3, 1), d(2024, 2, 1)) == ([], [], None)
    # thirty years and a bit: 28 year rows, 10 + 2 month rows, 17 + 10 day rows a key
    assert rollups.split(d(1994, 2, 15), d(2024, 3, 10)) == (
        [(d(1994, 2, 15), d(1994, 2, 28)), (d(2024, 3, 1), d(2024, 3, 10))],
        [(d(1994, 3, 1), d(1994, 12, 1)), (d(2024, 1, 1), d(2024, 2, 1))],
        (d(1995, 1, 1), d(2023, 1, 1)),
    )
    assert rollups.split(d(2024, 1, 1), d(2024, 12, 31)) == ([], [], (d(2024, 1, 1), d(2024, 1, 1)))
    # no whole year between: the whole months only
    assert rollups.split(d(2024, 2, 1), d(2025, 11, 30)) == ([], [(d(2024, 2, 1), d(2025, 11, 1))], None)
    # the coarsest level read can be the month (the chart by month) or the day (the chart by day)
    assert rollups.split(d(2024, 1, 1), d(2025, 12, 31), rollups.MONTH) == (
        [],
        [(d(2024, 1, 1), d(2025, 12, 1))],
        None,
    )
    assert rollups.split(d(2024, 1, 5), None, rollups.DAY) == ([(d(2024, 1, 5), None)], [], None)
