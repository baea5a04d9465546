"""What a hand says about each seat, as the statistics read it from the ruling's facts, on the rule
book's worked examples (no database: the rows the jobs would write)."""

import json
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import referee
from archive.stats import derive
from archive.stats.common import per_seat
from archive.stats.facts import largest_remainder, pair_flows
from archive.stats.games import swik
from archive.stats.models import HandFact, SeatFact
from referee.facts import seat_rows

EXAMPLES = json.loads((Path(__file__).parent.parent / "data" / "stats" / "swik_examples.json").read_text())


class _Table:
    """A job's context for one family in Chicago whose players 10, 11, 12, 13 sit in seats 0..3."""

    def zone(self, family_id):
        return "America/Chicago", ZoneInfo("America/Chicago")

    def live(self, player_id):
        return player_id

    def session_seats(self, session_id):
        return {s: 10 + s for s in range(4)}


def facts(name, ruling=None):
    """(per seat: the shared and Swik columns by name, the hand's pot) for an example, ruled now."""
    ruling = ruling or referee.replay(EXAMPLES[name]["record"])
    hand = (
        1,
        1,
        1,
        "swik",
        datetime(2024, 3, 2, 1, 0, tzinfo=UTC),
        1,
        ruling["status"],
        ruling["pot_in"],
        ruling["pot_out"],
        1,
        ruling["facts"],
    )
    rows = derive.fact_rows([hand], _Table())
    seats = {r[derive.COLUMNS[SeatFact].index("seat")]: dict(zip(derive.COLUMNS[SeatFact], r)) for r in rows[SeatFact]}
    for model in swik.FACT_MODELS:
        for r in rows[model]:
            row = dict(zip(swik.COLUMNS[model], r))
            seat = row["seat"] if "seat" in row else row["wrapper_id"] - 10
            seats[seat].update(row)
    for seat in seats.values():
        for key in ("fell", "double_fall", "took_blind", "blind_made", "trips_win", "rank", "made"):
            seat.setdefault(key, None)
    (hand_row,) = rows[HandFact]
    assert dict(zip(derive.COLUMNS[HandFact], hand_row))["day"].isoformat() == "2024-03-01", "the family's day"
    return seats, dict(zip(derive.COLUMNS[HandFact], hand_row))["pot"]


def test_misdeal_hand_charges_the_dealer_and_he_falls():
    f, pot = facts("05-misdeal")
    assert pot == 18  # antes 15 + the misdeal 3
    dad, joe, mary, me = (f[s] for s in range(4))
    assert (dad["misdeals"], dad["penalties"], dad["fell"], dad["double_fall"]) == (1, 3, 1, 0)
    assert [x["tricks"] for x in (dad, joe, mary, me)] == [0, 1, 2, 0]
    assert [x["in_hand"] for x in (dad, joe, mary, me)] == [1, 1, 1, 0]
    assert [x["net"] for x in (dad, joe, mary, me)] == [-27, 3, 9, -3]
    assert (mary["take"], me["take"], me["fell"]) == (12, None, 0)
    assert dad["rank"] is None and dad["made"] is None


def test_high_wrap_with_no_trick_is_a_double_fall():
    f, pot = facts("06-high-wrap-double-fall")
    dad = f[0]
    assert (dad["rank"], dad["made"], dad["fell"], dad["double_fall"]) == ("K", 0, 1, 1)
    assert dad["net"] == -36 and pot == 15
    assert f[1]["fell"] == 0 and f[1]["tricks"] == 2


def test_three_of_a_kind_takes_the_pot_and_the_others_in_fall():
    f, pot = facts("07-trips")
    assert pot == 35
    assert [f[s]["trips_win"] for s in range(4)] == [0, 0, 1, 0]
    assert [f[s]["fell"] for s in range(4)] == [1, 1, 0, 0]
    assert [f[s]["tricks"] for s in range(4)] == [0, 0, 0, 0]
    assert f[2]["take"] == 35


def test_a_void_or_unfinished_hand_leaves_unknowns_unknown():
    record = EXAMPLES["06-high-wrap-double-fall"]["record"]
    deal = max(i for i, e in enumerate(record["events"]) if e["action"] == "deal")
    wrap = next(i for i, e in enumerate(record["events"]) if e["action"] == "wrap" and i > deal)
    stopped = dict(record, events=record["events"][: wrap + 1])  # the wrap, then nothing more was written
    ruling = referee.replay(stopped)
    assert ruling["status"] == "incomplete"
    f, _ = facts(None, ruling)
    dad = f[0]
    assert dad["tricks"] is None and dad["fell"] is None and dad["made"] is None
    assert dad["rank"] == "K" and dad["in_hand"] == 1  # the wrap itself happened
    assert all(f[s]["in_hand"] is None for s in (1, 2, 3))  # nobody declared yet


def test_head_to_head_moves_the_winners_money_from_the_losers():
    # 07: Mary +32 takes it from Dad (-41) and Joe (-38) and Me (-3), in proportion to their losses.
    flows = pair_flows([("Dad", -41), ("Joe", -38), ("Mary", 32), ("Me", -3)])
    assert sum(c for _, _, c in flows) == 32
    assert {p for p, _, _ in flows} == {"Dad", "Joe", "Me"} and {q for _, q, _ in flows} == {"Mary"}
    by_payer = {p: c for p, _, c in flows}
    assert by_payer["Dad"] >= by_payer["Joe"] > by_payer["Me"]
    # money out of a carried pot is nobody's: the winners' gain beyond the losers' loss is not matched
    assert sum(c for *_, c in pair_flows([("A", 50), ("B", -10)])) == 10
    assert pair_flows([("A", -3), ("B", -3)]) == []


@pytest.mark.parametrize("total,weights", [(32, [41, 38, 3]), (7, [1, 1, 1]), (100, [5]), (0, [1, 2])])
def test_largest_remainder_is_exact(total, weights):
    parts = largest_remainder(total, weights)
    assert sum(parts) == total and all(p >= 0 for p in parts)


def test_facts_a_list_a_fact_read_as_the_referee_reads_them_and_as_stored():
    """The statistics read the referee's facts (one list a fact) seat by seat as the referee's own
    seat_rows does, and a ruling as stored (JSON) gives the same rows as a fresh one."""
    ruling = referee.replay(EXAMPLES["06-high-wrap-double-fall"]["record"])
    told = ruling["facts"]
    rows = [dict(g, **s) for s, g in zip(per_seat(told["seats"]), per_seat(told["game"]["seats"]))]
    assert isinstance(rows, list) and rows[0]["net"] == -36
    assert rows == seat_rows(told)
    stored = json.loads(json.dumps(ruling))
    assert facts("06-high-wrap-double-fall") == facts(None, stored)
