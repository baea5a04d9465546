"""Issue 16: a family's sessions and a player's hands page by keyset, newest first: following "older" to the
end and "newer" back gives every row once and in order, a date jumps to that day, and a cursor someone
mangled starts over at the newest page instead of failing."""

import re
from datetime import datetime, timedelta

import pytest
from django.urls import reverse

from archive.common import filters as tk
from archive.models import Hand, LedgerEntry, Player, Session
from archive.table import services
from tests import factories

pytestmark = pytest.mark.django_db

SESSION_LINK = re.compile(r'href="/families/[^/]+/sessions/(\d+)/"')
HAND_LINK = re.compile(r'href="/families/[^/]+/hands/(\d+)/"')


def rows(page, link, heading):
    """The ids linked in the page's section under `heading`."""
    section = page.split(f"<h2>{heading}</h2>", 1)[1].split("<h2>", 1)[0]
    return [int(i) for i in link.findall(section)]


def walk(client, url, link, heading):
    """Every row id from the newest page to the oldest by "older", then back by "newer"; the pages' ids."""
    pages, page = [], client.get(url).content.decode()
    while True:
        pages.append(rows(page, link, heading))
        older = re.search(r'href="\?older=([^"]+)"', page)
        if not older:
            break
        page = client.get(url + "?older=" + older.group(1)).content.decode()
    back = [pages[-1]]
    while True:
        newer = re.search(r'href="\?newer=([^"]+)"', page)
        if not newer:
            break
        page = client.get(url + "?newer=" + newer.group(1)).content.decode()
        back.append(rows(page, link, heading))
    return pages, back[::-1]


def test_sessions_page_by_keyset_every_one_once_newest_first(client_as, family, owner):
    start = datetime(2019, 1, 4, 19, 0, tzinfo=factories.CHICAGO)
    for week in range(60):  # 25 a page: three pages, the last one short
        factories.make_session(family, owner, started_at=start + timedelta(weeks=week), place=f"week {week}")
    c = client_as("viewer")
    url = reverse("family", args=[family.slug])
    pages, back = walk(c, url, SESSION_LINK, "Sessions")
    newest_first = list(
        Session.objects.filter(family=family).order_by("-started_at", "-id").values_list("pk", flat=True)
    )
    assert [len(p) for p in pages] == [25, 25, 10]
    assert sum(pages, []) == newest_first  # nothing twice, nothing missed, newest first
    assert back == pages  # "newer" retraces the same pages
    assert "60</b> sessions" in c.get(url).content.decode()

    # Jump to a date: the sessions of that day and before, in the family's time zone.
    page = c.get(url + "?date=2019-03-01").content.decode()  # a Friday: week 8 is that evening
    shown = rows(page, SESSION_LINK, "Sessions")
    assert shown[0] == Session.objects.get(family=family, place="week 8").pk and len(shown) == 9
    assert 'href="?newer=' in page

    for bad in ["nonsense", "1546650000000000~x", "9" * 500, "1546650000000000~1~2", "~", f"{2**62 - 1}~1"]:
        r = c.get(url + "?older=" + bad)
        assert r.status_code == 200
        assert rows(r.content.decode(), SESSION_LINK, "Sessions") == pages[0]
    assert c.get(url + "?date=9999-12-31").status_code == 200


def test_a_players_hands_page_by_keyset_across_sessions(client_as, family, owner):
    start = datetime(2023, 5, 5, 19, 0, tzinfo=factories.CHICAGO)
    for week in range(3):
        session = factories.make_session(family, owner, started_at=start + timedelta(weeks=week))
        factories.log_hands(session, owner, 25, seed=week)
    player = session.seats.order_by("position").first().player
    c = client_as("viewer")
    url = reverse("player", args=[family.slug, player.pk])
    pages, back = walk(c, url, HAND_LINK, "Hands")
    newest_first = list(
        Hand.objects.filter(session__family=family, deleted_at__isnull=True)
        .order_by("-session__started_at", "-session_id", "-number")
        .values_list("pk", flat=True)
    )
    assert [len(p) for p in pages] == [30, 30, 15]
    assert sum(pages, []) == newest_first and back == pages

    # Each row says what this player won or paid in that hand: his ledger for the hand, summed.
    page = c.get(url).content.decode().split("<h2>Hands</h2>", 1)[1]
    for row in page.split("<tr>")[2:]:
        hand = int(HAND_LINK.search(row).group(1))
        owed = sum(LedgerEntry.objects.filter(hand_id=hand, player=player).values_list("amount", flat=True))
        cell = re.findall(r'<td class="num">(.*?)</td>', row)[-1]
        assert cell == tk.net(owed), (hand, cell, owed)


def test_a_players_pages_skip_nights_he_missed_and_nights_with_no_live_hand(client_as, family, owner):
    """His pages are cut from his nights with a live hand (archive.table.selectors.player_history's `narrow`): more of
    other people's nights than a page holds between his, and a night of his whose hands were all deleted,
    change nothing in what he sees."""
    start = datetime(2023, 5, 5, 19, 0, tzinfo=factories.CHICAGO)
    his, gone = [], []
    for day in range(48):  # a page is cut from 31 nights: two empty ones among them must not shorten it
        when = start + timedelta(days=day)
        if day % 6 == 5:  # a night without him
            session = factories.make_session(family, owner, ("Aunt Vera", "Cousin Tom", "Mary"), started_at=when)
            factories.log_hands(session, owner, 1, seed=day)
            continue
        session = factories.make_session(family, owner, started_at=when)
        hands = factories.log_hands(session, owner, 1, seed=day)
        if day in (40, 44):  # his, but the hand deleted
            services.hand_delete(hand=hands[0], by=owner, why="dealt at the wrong table")
            gone.append(hands[0].pk)
        else:
            his += hands
    player = Player.objects.get(family=family, name="Dad")
    c = client_as("viewer")
    url = reverse("player", args=[family.slug, player.pk])
    pages, back = walk(c, url, HAND_LINK, "Hands")
    newest_first = [h.pk for h in sorted(his, key=lambda h: (h.session.started_at, h.number), reverse=True)]
    assert [len(p) for p in pages] == [30, 8]
    assert sum(pages, []) == newest_first and back == pages
    assert not set(gone) & set(sum(pages, []))

    # A date: his hands of that day and before, newest first (day 25 is his; 38, 37, 36, 33 … are after it).
    day = (start + timedelta(days=25)).date().isoformat()
    page = c.get(url + f"?date={day}").content.decode()
    after = [h.pk for h in his if h.session.started_at > start + timedelta(days=25)]
    assert rows(page, HAND_LINK, "Hands") == newest_first[len(after) :][:30]
    assert 'href="?newer=' in page


DISPUTE_LINK = re.compile(r'href="/families/[^/]+/disputes/(\d+)/"')


def dispute_walk(client, url, keep=""):
    """Dispute ids page by page by "older" (the links keep the filter), then back by "newer"."""
    pages, page = [], client.get(url + ("?" + keep[1:] if keep else "")).content.decode()
    while True:
        pages.append([int(i) for i in DISPUTE_LINK.findall(page)])
        older = re.search(r'href="\?older=([^"&]+)(&[^"]*)?"', page)
        if not older:
            break
        assert (older.group(2) or "") == keep.replace("&", "&amp;"), "the filter is kept"
        page = client.get(url + "?older=" + older.group(1) + keep).content.decode()
    back = [pages[-1]]
    while True:
        newer = re.search(r'href="\?newer=([^"&]+)', page)
        if not newer:
            break
        page = client.get(url + "?newer=" + newer.group(1) + keep).content.decode()
        back.append([int(i) for i in DISPUTE_LINK.findall(page)])
    return pages, back[::-1]


def test_disputes_page_by_keyset_and_filter_by_status(client_as, family, hands, editor, owner):
    from archive.models import Dispute
    from archive.table import services

    start = datetime(2020, 3, 1, 12, 0, tzinfo=factories.CHICAGO)
    for i in range(65):  # 30 a page: three pages
        d = services.dispute_open(hand=hands[i % 2], title=f"Dispute {i}", text="", by=editor)
        Dispute.objects.filter(pk=d.pk).update(opened_at=start + timedelta(days=i))
        if i % 3 == 0:
            services.dispute_resolve(dispute=d, resolution="agreed", by=owner)
    c = client_as("viewer")
    url = reverse("disputes", args=[family.slug])
    pages, back = dispute_walk(c, url)
    assert [len(p) for p in pages] == [30, 30, 5]
    assert sum(pages, []) == list(Dispute.objects.order_by("-opened_at", "-id").values_list("pk", flat=True))
    assert back == pages

    open_pages, _ = dispute_walk(c, url, keep="&status=open")
    open_newest_first = list(
        Dispute.objects.filter(status="open").order_by("-opened_at", "-id").values_list("pk", flat=True)
    )
    assert [len(p) for p in open_pages] == [30, 13] and sum(open_pages, []) == open_newest_first

    jumped = c.get(url + "?date=2020-03-10").content.decode()  # opened on or before March 10: days 0..9
    assert [int(i) for i in DISPUTE_LINK.findall(jumped)] == list(
        Dispute.objects.filter(opened_at__lt=start + timedelta(days=10))
        .order_by("-opened_at", "-id")
        .values_list("pk", flat=True)
    )
    assert "No resolved disputes here" not in c.get(url + "?status=resolved").content.decode()
