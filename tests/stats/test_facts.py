"""What a hand says about each seat, on the rule book's worked examples (no database)."""
import json
from pathlib import Path

import pytest

from archive.stats.facts import largest_remainder, pair_flows, seat_facts

EXAMPLES = json.loads((Path(__file__).parent.parent / "data" / "stats" / "swik_examples.json").read_text())
KINDS = {"dealer ante": "ante", "ante": "ante", "misdeal": "penalty", "wins a trick": "share",
         "three of a kind: takes the pot": "share"}


def facts(name):
    ex = EXAMPLES[name]
    ledger = [(e["seat"], e["amount"], KINDS.get(e["reason"], "fall" if e["reason"].startswith("falls") else "other"))
              for e in ex["ruling"]["ledger"]]
    return seat_facts(game="swik", record=ex["record"], ruling=ex["ruling"], ledger=ledger, seats=range(4))


def test_misdeal_hand_charges_the_dealer_and_he_falls():
    f, pot = facts("05-misdeal")
    assert pot == 18  # antes 15 + the misdeal 3
    dad, joe, mary, me = (f[s] for s in range(4))
    assert (dad["misdeals"], dad["penalties"], dad["fell"], dad["double_fall"]) == (1, 3, 1, 0)
    assert [x["tricks"] for x in (dad, joe, mary, me)] == [0, 1, 2, 0]
    assert [x["in_hand"] for x in (dad, joe, mary, me)] == [1, 1, 1, 0]
    assert [x["net"] for x in (dad, joe, mary, me)] == [-27, 3, 9, -3]
    assert (mary["take"], me["take"], me["fell"]) == (12, None, 0)
    assert dad["wrapped_rank"] is None and dad["wrap_made"] is None


def test_high_wrap_with_no_trick_is_a_double_fall():
    f, pot = facts("06-high-wrap-double-fall")
    dad = f[0]
    assert (dad["wrapped_rank"], dad["wrap_made"], dad["fell"], dad["double_fall"]) == ("K", 0, 1, 1)
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
    ex = EXAMPLES["06-high-wrap-double-fall"]
    ruling = dict(ex["ruling"], status="incomplete", tricks=[], ledger=ex["ruling"]["ledger"][:4])
    ledger = [(e["seat"], e["amount"], "ante") for e in ruling["ledger"]]
    f, _ = seat_facts(game="swik", record=ex["record"], ruling=ruling, ledger=ledger, seats=range(4))
    dad = f[0]
    assert dad["tricks"] is None and dad["fell"] is None and dad["wrap_made"] is None
    assert dad["wrapped_rank"] == "K" and dad["in_hand"] == 1  # the wrap itself happened
    void, _ = seat_facts(game="swik", record=ex["record"], ruling=dict(ruling, status="void"), ledger=ledger,
                         seats=range(4))
    assert all(void[s]["in_hand"] is None and void[s]["wrapped_rank"] is None for s in range(4))


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
