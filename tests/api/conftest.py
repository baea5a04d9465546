import pytest

from archive.table import services


@pytest.fixture
def dispute(hands, owner):
    return services.dispute_open(hand=hands[0], title="Was that a revoke?", text="Joe had a heart.", by=owner)
