"""Issue 34 item 9: the taps a typical hand takes in each game, counted in the browser (support.count_taps: every
real click, a select changed, a box typed into), for the night's first hand and for the next one, which starts
from the last hand's choices: Swik's declarations and way of writing the tricks, Sedma's and rummy's paper,
poker's showdown alone, Seka's hands not written down. The first hand is what every hand took before.

The figures go to /tmp/tk-shots/taps.json (the closing note's table)."""

import json

import pytest

from tests import factories
from tests.browser.support import BROWSER, SHOTS, count_taps, expect, login, tap_cards, taps

pytestmark = BROWSER

FIGURES = {}


def _log(page, live_server, family, session):
    page.goto(live_server.url + f"/families/{family.slug}/sessions/{session.pk}/log/")


def _save(page):
    n = (taps(page) or 0) + 1  # and the tap on Save (none counted unless count_taps was called)
    page.click("#save-hand")
    expect(page.locator("#ruling-summary")).to_be_visible()
    return n


def _keep(game, first, second):
    FIGURES[game] = {"first hand of the night": first, "next hand": second}
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / "taps.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    path.write_text(json.dumps(old | FIGURES, indent=1))


def _swik_hand(page, declare):
    page.locator('#step-cut button[data-card="other"]').click()
    page.locator("#nobody-showed").click()
    tap_cards(page, ["9C"])  # the turned card
    page.locator('#step-wrap .seg[data-name="wrap"] button[data-value="false"]').click()
    if declare:
        for seat, choice in declare:
            page.locator(f'#step-declare .seg[data-name="declare-{seat}"] button[data-value="{choice}"]').click()
        page.locator('#step-tricks .seg[data-name="mode"] button[data-value="winners"]').click()
    for t, seat in enumerate([1, 2, 0]):
        page.locator(f'#step-tricks .seg[data-name="winner-{t}"] button[data-value="{seat}"]').click()


@pytest.mark.django_db(transaction=True)
def test_swik_the_next_hand_declares_as_the_last(page, live_server, owner, family, session):
    login(page, live_server.url)
    count_taps(page)
    _log(page, live_server, family, session)
    _swik_hand(page, [(1, "in"), (2, "in"), (3, "out"), (0, "in")])
    first = _save(page)

    _log(page, live_server, family, session)
    _swik_hand(page, None)  # the declarations and the winners' mode come from hand 1
    expect(page.locator("#declare-defaults")).to_contain_text("As in the last hand")
    events = json.loads(page.input_value("#id_record"))["events"]
    assert {e["seat"]: e["choice"] for e in events if e["action"] == "declare"} == {0: "in", 1: "in", 2: "in", 3: "out"}
    second = _save(page)
    _keep("Swik (4 players, nobody showed, trick winners)", first, second)
    assert (first, second) == (13, 8)


@pytest.mark.django_db(transaction=True)
def test_swik_a_declaration_changed_from_the_default(page, live_server, owner, family, session):
    """A default is one tap from a change: Me is in this time; the ones after are asked again."""
    login(page, live_server.url)
    _log(page, live_server, family, session)
    _swik_hand(page, [(1, "in"), (2, "in"), (3, "out"), (0, "in")])
    _save(page)
    _log(page, live_server, family, session)
    page.locator('#step-cut button[data-card="other"]').click()
    page.locator("#nobody-showed").click()
    tap_cards(page, ["9C"])
    page.locator('#step-wrap .seg[data-name="wrap"] button[data-value="false"]').click()
    page.locator('#step-declare .seg[data-name="declare-3"] button[data-value="in"]').click()
    expect(page.locator('#step-declare .seg[data-name="declare-3"] button.on')).to_have_text("In")
    # The dealer (Uncle Joe, left of hand 1's) is asked again after the change, and defaults again.
    expect(page.locator('#step-declare .seg[data-name="declare-1"] button.on')).to_have_text("In")
    events = json.loads(page.input_value("#id_record"))["events"]
    assert {e["seat"]: e["choice"] for e in events if e["action"] == "declare"} == {0: "in", 1: "in", 2: "in", 3: "in"}


@pytest.mark.django_db(transaction=True)
def test_sedma_the_next_deal_is_on_paper_as_the_last(page, live_server, owner, family):
    session = factories.make_session(family, owner, game="sedma", variant="4p")
    login(page, live_server.url)
    count_taps(page)
    _log(page, live_server, family, session)
    page.locator('.seg[data-name="sedma-mode"] button[data-value="paper"]').click()
    page.locator('.seg[data-name="paper-0"] button[data-value="60"]').click()
    first = _save(page)
    _log(page, live_server, family, session)
    expect(page.locator('.seg[data-name="sedma-mode"] button[data-value="paper"]')).to_have_class("on")
    page.locator('.seg[data-name="paper-0"] button[data-value="30"]').click()
    second = _save(page)
    _keep("Sedma (4 players, points on paper)", first, second)
    assert (first, second) == (3, 2)


@pytest.mark.django_db(transaction=True)
def test_rummy_the_next_hand_is_on_paper_as_the_last(page, live_server, owner, family):
    session = factories.make_session(family, owner, ("Olga", "Dima"), game="rummy")
    login(page, live_server.url)
    count_taps(page)

    def points(a, b, out):
        page.fill('input[data-points="0"]', a)
        page.fill('input[data-points="1"]', b)
        page.select_option('select[data-name="out"]', out)

    _log(page, live_server, family, session)
    page.locator('#step-mode .seg button[data-value="paper"]').click()
    points("-14", "48", "1")
    first = _save(page)
    _log(page, live_server, family, session)
    expect(page.locator('#step-mode .seg button[data-value="paper"]')).to_have_class("on")
    points("52", "-9", "0")
    second = _save(page)
    _keep("rummy (2 players, points on paper)", first, second)
    assert (first, second) == (5, 4)


@pytest.mark.django_db(transaction=True)
def test_poker_the_next_hand_is_its_showdown_as_the_last(page, live_server, owner, family):
    session = factories.make_session(family, owner, ("Dima", "Olya", "Kostya"), game="poker", first_dealer=2)
    login(page, live_server.url)
    count_taps(page)

    def showdown(a, b):
        page.locator('[data-options="1"] [data-act="pick-show"]').click()
        tap_cards(page, a, picker="#show-picker")
        page.locator('[data-options="2"] [data-act="pick-show"]').click()
        tap_cards(page, b, picker="#show-picker")

    _log(page, live_server, family, session)
    page.locator('.seg[data-name="mode"] button[data-value="showdown"]').click()
    showdown(["AS", "AH", "AD", "AC", "JK"], ["2D", "5D", "7D", "9D", "JD"])
    first = _save(page)
    _log(page, live_server, family, session)
    expect(page.locator('.seg[data-name="mode"] button[data-value="showdown"]')).to_have_class("on")
    showdown(["KS", "KH", "KD", "2C", "3C"], ["QS", "QH", "4D", "5S", "6H"])
    second = _save(page)
    _keep("poker (3 players, the showdown alone)", first, second)
    assert (first, second) == (14, 13)


@pytest.mark.django_db(transaction=True)
def test_seka_the_next_hand_has_no_cards_written_as_the_last(page, live_server, owner, family):
    session = factories.make_session(family, owner, ("Masha", "Tolya", "Dasha"), game="seka", first_dealer=2)
    login(page, live_server.url)
    count_taps(page)

    def bet_and_folds():
        choices = page.locator("#trade-choices")
        choices.locator('[data-act="raise"]').click()  # the least
        choices.locator('[data-act="fold"]').click()
        choices.locator('[data-act="fold"]').click()
        expect(page.locator("#hand-over")).to_contain_text("takes the pot")

    _log(page, live_server, family, session)
    for s in (0, 1, 2):  # nobody's cards were written down
        page.locator(f'[data-unknown="{s}"]').click()
    bet_and_folds()
    first = _save(page)
    _log(page, live_server, family, session)
    expect(page.locator('[data-unknown="0"]')).to_have_count(0)  # the hands start as not known
    bet_and_folds()
    second = _save(page)
    _keep("Seka (3 players, one bet, two folds, no cards written)", first, second)
    assert (first, second) == (7, 4)
