"""Issue 32: the API's refusals in the language the request asks for (Accept-Language), English by default;
the JSON's shape and the status codes the same in every language."""

import pytest

from archive.models import Hand, Membership, Player
from tests import factories

pytestmark = pytest.mark.django_db


WORDS = {
    None: {
        "family": "family must be a number (an id).",
        "first_dealer": "The first dealer must be one of the seats (0 to n-1).",
        "seats": "A player can sit in only one seat.",
        "viewer": "Only the family's owners and editors may change its archive; you are a viewer.",
        "invitation": "This invitation is not valid any more",
        "owner": "is the only owner of",
        "limit": "limit is a whole number from 1 to 500.",
        "table": "2 players at the table; Swik here takes 3 to 7",
    },
    "cs": {
        "family": "family musí být číslo (id).",
        "first_dealer": "První rozdávající musí sedět na jednom z míst (0 až n-1).",
        "seats": "Hráč může sedět jen na jednom místě.",
        "viewer": "Archiv rodiny smějí měnit jen její vlastníci a zapisovatelé; jste čtenář.",
        "invitation": "Tato pozvánka už neplatí",
        "owner": "je jediný vlastník rodiny",
        "limit": "limit je celé číslo od 1 do 500.",
        "table": "U stolu jsou 2 hráči; Swik se tu hraje v 3 až 7",
    },
    "ru": {
        "family": "family должно быть числом (id).",
        "first_dealer": "Первый сдающий должен сидеть на одном из мест (от 0 до n-1).",
        "seats": "Игрок может занимать только одно место.",
        "viewer": "Изменять архив семьи могут только её владельцы и редакторы; вы читатель.",
        "invitation": "Это приглашение больше не действует",
        "owner": "единственный владелец семьи",
        "limit": "limit — целое число от 1 до 500.",
        "table": "За столом 2 игрока; Swik здесь играют от 3 до 7",
    },
}


@pytest.mark.parametrize("language", [None, "cs", "ru"])
def test_a_bad_request_is_refused_in_the_language_asked_for(api, family, session, owner, language):
    asks = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    words = WORDS[language]
    dad = Player.objects.get(family=family, name="Dad")
    night = {"family": family.pk, "started_at": "2024-04-05T19:00:00-05:00", "players": [dad.pk, "Uncle Joe", "Mary"]}

    r = api("viewer").get("/api/sessions/?family=abc", **asks)
    assert r.status_code == 400 and r.json() == {"family": words["family"]}
    r = api("viewer").get("/api/hands/?limit=0", **asks)
    assert r.status_code == 400 and r.json() == {"limit": words["limit"]}
    r = api("editor").post("/api/sessions/", {**night, "first_dealer": 3}, format="json", **asks)
    assert r.status_code == 400 and r.json()["first_dealer"] == [words["first_dealer"]]
    r = api("editor").post("/api/sessions/", {**night, "players": [dad.pk, dad.pk, "Mary"]}, format="json", **asks)
    assert r.status_code == 400 and words["seats"] in r.json()["players"]
    r = api("editor").post("/api/sessions/", {**night, "players": [dad.pk, "Mary"]}, format="json", **asks)
    assert r.status_code == 400 and r.json()["house_rules"][0].startswith(words["table"])
    r = api("viewer").post("/api/sessions/", night, format="json", **asks)
    assert r.status_code == 403 and r.json()["detail"] == words["viewer"]
    r = api("stranger").post("/api/invitations/accept/", {"code": "not-a-code"}, format="json", **asks)
    assert r.status_code == 400 and r.json()["detail"].startswith(words["invitation"])
    mine = Membership.objects.get(family=family, user=owner)
    r = api("owner").delete(f"/api/members/{mine.pk}/", **asks)
    assert r.status_code == 400 and words["owner"] in r.json()["detail"]
    assert r["Content-Language"] == (language or "en")


@pytest.mark.parametrize(
    "language, duplicate, not_json",
    [
        (
            None,
            "event 1 (deal): AH is dealt to both Dad (seat 0) and Uncle Joe (seat 1)",
            "the record is not valid JSON",
        ),
        (
            "cs",
            "událost 1 (deal): AH je rozdána dvakrát – Dad (místo 0) i Uncle Joe (místo 1)",
            "záznam není platný JSON",
        ),
        (
            "ru",
            "событие 1 (deal): AH сдана дважды — Dad (место 0) и Uncle Joe (место 1)",
            "запись — не корректный JSON",
        ),
    ],
)
def test_a_refused_hand_record_is_said_in_the_language_asked_for(api, session, language, duplicate, not_json):
    """The error/1 document's places (event, field) the same in every language, its messages the referee's own
    words in the language asked for; nothing is saved."""
    asks = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    record = factories.example_record("01-plain-hand")
    record["events"][1]["hands"][1][0] = "AH"  # Dad holds AH already
    r = api("editor").post("/api/hands/", {"session": session.pk, "record": record}, format="json", **asks)
    assert r.status_code == 400
    [error] = r.json()["errors"]
    assert (error["event"], error["field"]) == (1, "hands") and error["message"].startswith(duplicate)
    r = api("editor").post("/api/hands/", {"session": session.pk, "record": "{not json"}, format="json", **asks)
    assert r.status_code == 400 and r.json()["errors"][0]["message"].startswith(not_json)
    assert not Hand.objects.exists()
