"""The referee in the browser (Pyodide in a Web Worker, static/js/offline/referee.js) answers as the server
does: for the public example of every game in tests/data/, legal() and replay() give the API's status and
its JSON byte for byte, and games() the catalogue. Skipped, saying why, when dev.py setup could not fetch
Pyodide (under CI, TK_REQUIRE_PYODIDE=1 makes that set-up fail instead, so this never silently skips)."""

import json
import os
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.browser.support import BROWSER, evaluate_within
from tests.examples import public_examples

ROOT = Path(__file__).resolve().parent.parent.parent
PYODIDE = ROOT / "static" / "vendor" / "pyodide" / settings.PYODIDE_VERSION / "pyodide.js"

pytestmark = BROWSER


@pytest.fixture(autouse=True)
def pyodide_installed():
    """Skip, saying why, without Pyodide; but under CI (TK_REQUIRE_PYODIDE=1) its absence is a failure."""
    if not PYODIDE.exists():
        why = f"Pyodide {settings.PYODIDE_VERSION} is not in static/vendor/pyodide/: run `python3 dev.py setup`"
        if os.environ.get("TK_REQUIRE_PYODIDE") == "1":
            pytest.fail(why + " (TK_REQUIRE_PYODIDE=1: the browser's referee must be tested here)")
        pytest.skip(why)


# Every example asked in the page, in one go: [[status, body] of legal, [status, body] of replay] each.
ASK_ALL = """async (texts) => {
  const { localReferee } = await import("/static/js/offline/referee.js");
  const out = [];
  for (const text of texts) {
    const legal = await localReferee.answer("legal", text);
    const replay = await localReferee.answer("replay", text);
    out.push([[legal.status, legal.body], [replay.status, replay.body]]);
  }
  const games = await localReferee.answer("games", null);
  return { out, games: [games.status, games.body] };
}"""


def server(url, text):
    r = APIClient().post(url, text, content_type="application/json")
    return [r.status_code, r.content.decode()]


@pytest.mark.django_db(transaction=True)
def test_the_browsers_referee_and_the_servers_agree_on_every_games_public_examples(page, live_server):
    page.set_default_timeout(120000)
    page.goto(live_server.url + "/login/")
    examples = public_examples()
    got = evaluate_within(
        page, ASK_ALL, [text for _, text in examples], seconds=300, what="the browser's referee on every example"
    )
    assert {n.split("/")[0] for n, _ in examples} == {"swik", "sedma", "seka", "poker", "rummy", "bad"}
    for (name, text), (legal, replay) in zip(examples, got["out"]):
        assert legal == server("/api/referee/legal/", text), name
        assert replay == server("/api/referee/", text), name
    assert got["games"] == [200, APIClient().get("/api/games/").content.decode()]
    assert any(json.loads(r[1])["format"] == "error/1" for _, r in got["out"])  # the bad records: error/1 too


ASK_OBJECTS = """async (record) => {
  const { localReferee } = await import("/static/js/offline/referee.js");
  const bad = await localReferee.legal({ ...record, game: "chess" });
  return [await localReferee.legal(record), await localReferee.replay(record), bad];
}"""


@pytest.mark.django_db(transaction=True)
def test_legal_and_replay_take_a_record_and_a_bad_one_resolves_to_the_apis_error_document(page, live_server):
    page.set_default_timeout(120000)
    page.goto(live_server.url + "/login/")
    name, text = next(e for e in public_examples() if e[0] == "sedma/01-deal")
    legal, replay, bad = evaluate_within(
        page, ASK_OBJECTS, json.loads(text), seconds=180, what="the browser's referee on a record"
    )
    assert legal == json.loads(server("/api/referee/legal/", text)[1])
    assert replay == json.loads(server("/api/referee/", text)[1])
    chess = json.dumps({**json.loads(text), "game": "chess"})
    assert bad == json.loads(server("/api/referee/legal/", chess)[1]) and bad["format"] == "error/1"
