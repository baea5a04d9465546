"""referee.answer(): the API's bytes for replay, legal and games, written in one place so the server and the
browser's offline referee (which calls the same function in Pyodide) cannot answer differently."""

import json

import referee
from tests.examples import public_examples


def test_a_ruling_is_the_replay_as_compact_json():
    name, text = next(e for e in public_examples() if e[0] == "swik/06-high-wrap-double-fall")
    status, body = referee.answer("replay", text)
    assert status == 200
    assert json.loads(body) == referee.replay(json.loads(text))
    assert ", " not in body[:200] and ": " not in body[:40]  # compact, as the API's renderer writes it


def test_a_bad_record_is_400_and_the_error_document_naming_the_field():
    status, body = referee.answer("legal", '{"format": "hand/1", "game": "chess"}')
    assert status == 400
    doc = json.loads(body)
    assert doc["format"] == "error/1"
    assert doc["errors"][0]["field"] == "game" and "not a game the referee knows" in doc["errors"][0]["message"]


def test_not_json_and_not_an_object_are_error_documents_too():
    assert json.loads(referee.answer("replay", "{oops")[1])["errors"][0]["message"].startswith(
        "the record is not valid JSON"
    )
    status, body = referee.answer("replay", "[1, 2]")
    assert (status, json.loads(body)["errors"][0]["message"]) == (400, "A hand record must be a JSON object {...}.")


def test_an_unknown_question_is_a_400_not_a_crash():
    status, body = referee.answer("deal", "{}")
    assert status == 400 and "replay, legal, next or games" in body


def test_the_catalogue_and_unicode_are_written_as_utf8_and_line_separators_escaped():
    status, body = referee.answer("games")
    assert status == 200 and json.loads(body) == referee.games()
    assert referee.answers.dumps({"w": "Novák\u2028"}) == '{"w":"Novák\\u2028"}'
