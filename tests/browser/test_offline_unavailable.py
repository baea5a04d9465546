"""When the browser's Python cannot load (here: the server has no Pyodide), localReferee refuses every
question with RefereeUnavailable, saying why, so the page can fall back to paper mode; nothing hangs.
Needs no Pyodide: the manifest is answered as a server without it answers."""

import json

import pytest

from tests.browser.support import BROWSER, evaluate_within

pytestmark = BROWSER

ASK = """async () => {
  const { localReferee, RefereeUnavailable } = await import("/static/js/offline/referee.js");
  const out = [];
  for (let i = 0; i < 2; i++) {
    try { await localReferee.legal({ game: "swik" }); out.push("answered"); }
    catch (e) { out.push([e instanceof RefereeUnavailable, e.name, e.message]); }
  }
  return out;
}"""


@pytest.mark.django_db(transaction=True)
def test_without_pyodide_every_question_is_refused_as_unavailable_with_the_reason(page, live_server):
    page.goto(live_server.url + "/login/")

    def no_pyodide(route):
        doc = json.loads(route.fetch().text())
        route.fulfill(json={**doc, "pyodide": None}, headers={"Cache-Control": "no-cache"})

    page.context.route("**/offline/manifest.json", no_pyodide)
    first, second = evaluate_within(page, ASK, what="the referee's refusal without Pyodide")
    assert first[:2] == [True, "RefereeUnavailable"]
    assert "is not installed on this server" in first[2] and "log the hand on paper" in first[2]
    assert second == first  # refused at once afterwards, for the same reason
