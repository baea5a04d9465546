"""Issue 28: what hostile input and a double tap still broke. Each test names its item."""

import pytest

from archive.models import Player, Session

pytestmark = pytest.mark.django_db


def _new_session(family, **extra):
    return {
        "family": family.pk,
        "started_at": "2024-04-05T19:00:00-05:00",
        "players": ["Dad", "Uncle Joe", "Cousin Vera"],
        **extra,
    }


# --- 3. a write is all or nothing --------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["?family=999", "?family=abc"])
def test_a_new_session_with_a_list_filter_in_the_address_is_made_once_and_answered(api, family, query):
    before = Session.objects.count()
    r = api("editor").post("/api/sessions/" + query, _new_session(family), format="json")
    assert r.status_code == 201, r.content
    assert [seat["name"] for seat in r.json()["seats"]] == ["Dad", "Uncle Joe", "Cousin Vera"]
    assert Session.objects.count() == before + 1


def test_a_refused_session_leaves_no_guest_behind(api, family):
    body = _new_session(family, players=["Dad", "Cousin Vera", "Cousin Vera"])
    r = api("editor").post("/api/sessions/", body, format="json")
    assert r.status_code == 400 and "only one seat" in r.json()["players"][0]
    assert not Player.objects.filter(family=family, name="Cousin Vera").exists()
