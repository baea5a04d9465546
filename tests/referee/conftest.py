"""Every referee test also checks the plain-hand shortcut against the full replay.

While these tests run, swik._plain (the one-pass ruling of a plain hand) is wrapped: whenever it
gives a ruling, the same record is also replayed the long way (swik._replay, every event through
Swik), and the two rulings must be equal, to the word. So each rule test, example and property
test that meets a plain hand checks the shortcut too.
"""
import pytest

from referee.games import swik


@pytest.fixture(autouse=True)
def plain_hands_agree_with_the_full_replay(monkeypatch):
    plain = swik._plain

    def checked(record, h=None, resume=None):
        doc = plain(record, h, resume)
        if doc is not None:
            full = swik._replay(record, shortcut=False)
            assert doc == full, f"the plain-hand shortcut and the full replay disagree on {record!r}"
        return doc

    monkeypatch.setattr(swik, "_plain", checked)
