"""The quick header (core.quick_header, which replay() reads every record with) accepts exactly what the careful
reader (core.read) accepts, with the same house rules: a record it lets through must be a good record, and a
good record it turns away would only cost time (read() then reads it)."""

from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee import core
from referee.games import swik

# Good values of each house rule, by kind.
GOOD = {
    "ante": st.integers(0, 20),
    "dealer_ante": st.integers(0, 20),
    "dealer_change_fee": st.integers(0, 20),
    "no_cut_penalty": st.integers(0, 20),
    "misdeal_penalty": st.integers(0, 20),
    "high_wraps": st.lists(st.sampled_from(["K", "A", "Q", "T", "10", "7"]), max_size=3),
    "high_wrap_tricks": st.integers(1, 3),
    "double_fall": st.booleans(),
    "trips_after_wrap": st.booleans(),
    "min_players": st.integers(2, 4),
    "max_players": st.integers(5, 9),
    "odd_cents": st.sampled_from(["carry", "dealer"]),
    "lone_player": st.sampled_from(["takes_pot", "plays_blind"]),
    "revoke": st.sampled_from(["abandon", "fall"]),
}
WEIRD = st.one_of(
    st.integers(-2, 12),
    st.booleans(),
    st.none(),
    st.just(1.0),
    st.just(5.5),
    st.just([]),
    st.just({}),
    st.sampled_from(["carry", "Dealer", "fall", "", "K", "3"]),
    st.lists(st.sampled_from(["K", "k", "10", "1", "X", 7, None]), min_size=1, max_size=3),
)


@st.composite
def records(draw):
    """A good record's header, and most of the time one thing in it made strange (maybe still good)."""
    n = draw(st.integers(3, 7))
    players = ["Dad", "Mary", "Me", "Ann", "Pete", "Joe", "Sue"][:n]
    rules = {name: draw(GOOD[name]) for name in draw(st.lists(st.sampled_from(sorted(GOOD)), max_size=4, unique=True))}
    record = {
        "format": "handrec/1",
        "game": "swik",
        "players": players,
        "dealer": draw(st.integers(0, n - 1)),
        "pot_in": draw(st.integers(0, 500)),
        "house_rules": rules,
        "events": [],
    }
    what = draw(
        st.sampled_from(
            ["nothing", "rule", "rule", "rule", "unknown rule", "rules", "players", "name", "dealer", "pot_in"]
        )
    )
    if what == "rule":
        rules[draw(st.sampled_from(sorted(GOOD)))] = draw(WEIRD)
    elif what == "unknown rule":
        rules[draw(st.sampled_from(["antee", "Ante", "", "fee"]))] = draw(GOOD["ante"])
    elif what == "rules":
        record["house_rules"] = draw(st.sampled_from([None, [], "ante", 3, {}]))
    elif what == "players":
        record["players"] = draw(st.sampled_from([[], ["Dad"], ["Dad", "Mary"], "Dad", None, players * 2]))
    elif what == "name":
        players[draw(st.integers(0, n - 1))] = draw(st.sampled_from(["", "   ", 3, None, ["Dad"], "Dad"]))
    elif what == "dealer":
        record["dealer"] = draw(st.sampled_from([-1, n, True, None, 1.0, "1"]))
    elif what == "pot_in":
        record["pot_in"] = draw(st.sampled_from([-1, None, 2.5, "3", True]))
    return record


def config_fields(cfg):
    return {a: getattr(cfg, a) for a in swik.Config.__slots__}


@settings(deadline=None, max_examples=500)
@given(records())
def test_the_quick_header_accepts_what_read_accepts_with_the_same_house_rules(record):
    try:
        h = core.read(record, swik)
    except referee.BadRecord:
        h = None
    quick = core.quick_header(record, swik)
    if h is None:
        assert quick is None, f"the quick header let through a bad record: {record!r}"
        return
    assert quick is not None, f"the quick header turned away a good record: {record!r}"
    assert (quick.n, list(quick.players), quick.dealer, quick.pot_in) == (h.n, h.players, h.dealer, h.pot_in)
    assert config_fields(quick.cfg) == config_fields(h.cfg)
