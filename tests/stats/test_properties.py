"""Money rules of the statistics, for any numbers (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from archive.stats.facts import pair_flows
from archive.stats.selectors import settle_transfers

nets = st.lists(st.integers(-5000, 5000), min_size=2, max_size=7)


@settings(max_examples=150, deadline=None)
@given(nets)
def test_head_to_head_never_moves_more_than_was_won_or_lost(values):
    named = list(enumerate(values))
    flows = pair_flows(named)
    won = sum(v for v in values if v > 0)
    lost = -sum(v for v in values if v < 0)
    assert sum(c for *_, c in flows) == min(won, lost)
    for payer, payee, cents in flows:
        assert cents > 0 and values[payer] < 0 < values[payee]
    for i, v in named:  # a winner receives at most what he won
        assert sum(c for _, q, c in flows if q == i) <= max(v, 0)


@settings(max_examples=150, deadline=None)
@given(nets)
def test_settle_up_evens_everyone_in_fewer_transfers_than_parties(values):
    values = values + [-sum(values)]  # the pot makes the sum zero
    parties = {i: v for i, v in enumerate(values)}
    transfers = settle_transfers(parties)
    left = dict(parties)
    for payer, payee, cents in transfers:
        assert cents > 0
        left[payer] += cents
        left[payee] -= cents
    assert set(left.values()) <= {0}
    assert len(transfers) <= max(0, sum(1 for v in values if v) - 1)


def test_the_nightly_recompute_is_scheduled():
    from django.conf import settings as dj

    from config.celery import app

    app.loader.import_default_modules()  # what a worker does at start: find every app's tasks
    entry = dj.CELERY_BEAT_SCHEDULE["nightly-stats-recompute"]
    assert entry["task"] in app.tasks
    assert entry["schedule"].hour == {3}
