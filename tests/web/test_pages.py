"""Every page as a stranger (404: no peeking), a viewer (reads; 403 on writes) and an editor."""

import re

import pytest
from django.urls import reverse

from archive.models import Dispute, Hand, HandRevision, Membership
from archive.people import invitations
from archive.stats.services import stats_recompute

pytestmark = pytest.mark.django_db

READ = {"stranger": 404, "viewer": 200, "editor": 200}
WRITE = {"stranger": 404, "viewer": 403, "editor": 200}


def read_pages(family, session, hands, dispute):
    slug, h = family.slug, hands[0]
    player = session.seats.order_by("position").first().player
    return [
        reverse("family", args=[slug]),
        reverse("player", args=[slug, player.pk]),
        reverse("session", args=[slug, session.pk]),
        reverse("hand", args=[slug, h.pk]),
        reverse("hand_history", args=[slug, h.pk]),
        reverse("disputes", args=[slug]),
        reverse("dispute", args=[slug, dispute.pk]),
        reverse("history_export", args=[slug]),
    ]


def write_pages(family, session, hands):
    slug = family.slug
    return [
        reverse("session_new", args=[slug]),
        reverse("hand_log", args=[slug, session.pk]),
        reverse("hand_edit", args=[slug, hands[0].pk]),
        reverse("history_import", args=[slug]),
    ]


@pytest.mark.parametrize("role", ["stranger", "viewer", "editor"])
def test_read_pages(client_as, role, family, session, hands, dispute):
    client = client_as(role)
    for url in read_pages(family, session, hands, dispute):
        response = client.get(url)
        assert response.status_code == READ[role], url
        if role == "stranger":
            assert family.name.encode() not in response.content  # not even the name leaks


@pytest.mark.parametrize("role", ["stranger", "viewer", "editor"])
def test_write_pages(client_as, role, family, session, hands):
    client = client_as(role)
    for url in write_pages(family, session, hands):
        assert client.get(url).status_code == WRITE[role], url


@pytest.mark.parametrize("role", ["stranger", "viewer", "editor"])
def test_write_actions_are_refused_to_viewers_and_hidden_from_strangers(client_as, role, family, session, hands):
    client = client_as(role)
    slug, hand = family.slug, hands[1]
    expected = {"stranger": 404, "viewer": 403, "editor": 302}[role]
    r = client.post(reverse("dispute_new", args=[slug, hand.pk]), {"title": "Misdeal?", "text": "I saw a card."})
    assert r.status_code == expected
    r = client.post(reverse("hand_delete", args=[slug, hand.pk]), {"why": "logged twice"})
    assert r.status_code == expected
    hand.refresh_from_db()
    assert (hand.deleted_at is not None) == (role == "editor")
    assert Dispute.objects.filter(hand=hand).exists() == (role == "editor")


def test_the_login_page_and_anonymous_visitors(client, family):
    assert client.get(reverse("login")).status_code == 200
    r = client.get(reverse("family", args=[family.slug]))
    assert r.status_code == 302 and reverse("login") in r["Location"]
    assert client.get(reverse("home")).status_code == 302


def test_login_then_home_lists_the_family(client, family, viewer):
    r = client.post(reverse("login"), {"username": "viewer", "password": "pw"})
    assert r.status_code == 302
    page = client.get(reverse("home")).content.decode()
    assert family.name in page and "viewer" in page


def test_the_home_page_offers_every_time_zone_with_the_default_chosen(client_as, family):
    """The zone list is written without a template per option (issue 16: the home page's time); a family
    still picks from every zone, the default chosen, and a refused pick comes back chosen and marked."""
    page = client_as("viewer").get(reverse("home")).content.decode()
    select = page.split('name="timezone"', 1)[1].split("</select>", 1)[0]
    zones = re.findall(r'<option value="([^"]+)"', select)
    assert len(zones) > 300 and zones == sorted(zones) and "Europe/Prague" in zones
    assert re.findall(r'<option value="([^"]+)" selected', select) == ["America/Chicago"]
    r = client_as("viewer").post(reverse("home"), {"name": "", "timezone": "Europe/Prague"})
    select = r.content.decode().split('name="timezone"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="([^"]+)" selected', select) == ["Europe/Prague"]


def test_the_session_page_shows_balances_pot_and_who_may_stop(client_as, family, session, hands):
    page = client_as("viewer").get(reverse("session", args=[family.slug, session.pk])).content.decode()
    # Hand 1 (pot 0): antes 15, tricks worth 5: Dad -6+5 = -1, Joe -3+10 = +7, Mary -3-15 = -18, Me -3; Mary's fall
    # carries 15. Hand 2 (pot 15): Dad's no-cut penalty 3 makes 33, tricks 11: Dad -9, the others -3+11 = +8.
    # Running balances: Dad -10, Joe +15, Mary -10, Me +5; 0 stays in the pot.
    assert hands[0].pot_out == 15 and hands[1].pot_in == 15
    for name, balance in [("Dad", "−10¢"), ("Uncle Joe", "+15¢"), ("Mary", "−10¢"), ("Me", "+5¢")]:
        assert f'data-balance="{name}">' in page
        cell = page.split(f'data-balance="{name}">', 1)[1].split("</td>", 1)[0]
        assert balance in cell, (name, cell)
    assert "the table may stop" in page  # hand 2 split the pot and nobody fell
    assert "Log next hand" not in page  # a viewer reads
    page = client_as("editor").get(reverse("session", args=[family.slug, session.pk])).content.decode()
    assert "Log next hand" in page


def test_the_hand_page_gives_the_ruling_in_words(client_as, family, hands):
    page = client_as("viewer").get(reverse("hand", args=[family.slug, hands[1].pk])).content.decode()
    assert hands[1].ruling["summary"].split()[0] in page
    assert "swik.no-cut" in page  # the rule broken
    assert "penalty" in page and "3¢" in page  # and what it cost
    assert 'id="replay"' in page  # the trick-by-trick replay
    assert "♦" in page  # trump diamonds, shown with its suit symbol


def test_the_hand_history_shows_who_when_why_and_the_money_diff(client_as, family, hands, editor):
    from archive.table import services
    from tests import factories

    services.hand_edit(
        hand=hands[0], record=factories.example_record("02-ace-cut"), by=editor, why="we logged the wrong deal"
    )
    page = client_as("viewer").get(reverse("hand_history", args=[family.slug, hands[0].pk])).content.decode()
    assert "we logged the wrong deal" in page and "editor" in page
    assert "Before" in page and "Change" in page
    page2 = client_as("viewer").get(reverse("hand_history", args=[family.slug, hands[1].pk])).content.decode()
    assert "Re-ruled" in page2  # the later hand was re-ruled because the pot it started with changed


def test_members_are_managed_by_owners_only(client_as, family, stranger, editor):
    url = reverse("member_add", args=[family.slug])
    assert client_as("editor").post(url, {"username": "stranger", "role": "viewer"}).status_code == 403
    assert not Membership.objects.filter(family=family, user=stranger).exists()
    assert client_as("owner").post(url, {"username": "stranger", "role": "viewer"}).status_code == 302
    assert not Membership.objects.filter(family=family, user=stranger).exists()  # invited, not added (issue 11)
    invitation, code = invitations.invitation_create(
        family=family, role="viewer", by=family.memberships.get(role="owner").user
    )
    invitations.invitation_accept(code=code, user=stranger)
    m = Membership.objects.get(family=family, user=stranger)
    assert m.role == "viewer"
    change = reverse("member_change", args=[family.slug, m.pk])
    client_as("owner").post(change, {"role": "editor"})
    m.refresh_from_db()
    assert m.role == "editor"
    client_as("owner").post(change, {"remove": "1"})
    assert not Membership.objects.filter(pk=m.pk).exists()
    page = client_as("owner").get(reverse("family", args=[family.slug])).content.decode()
    assert "Invite a member" in page


def test_new_session_form_with_guests_and_house_rules(client_as, family, session):
    from archive.models import Session

    players = list(session.seats.order_by("position").values_list("player_id", flat=True))
    r = client_as("editor").post(
        reverse("session_new", args=[family.slug]),
        {
            "game": "swik",
            "date": "2024-06-01",
            "time": "19:30",
            "timezone": "America/Chicago",
            "place": "the porch",
            "first_dealer": "1",
            "pot_in": "0",
            "seat_player": [str(players[0]), str(players[1]), "", ""],
            "seat_guest": ["", "", "Cousin Vera", ""],
            "hr-swik-ante": "5",
            "hr-swik-dealer_ante": "6",
            "hr-swik-double_fall": "on",
            "hr-swik-high_wraps": ["K", "A"],
            "hr-swik-odd_cents": "carry",
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    s = Session.objects.filter(place="the porch").get()
    assert [seat.player.name for seat in s.seats.order_by("position")] == ["Dad", "Uncle Joe", "Cousin Vera"]
    assert s.house_rules == {"ante": 5}  # only what differs from the rule book
    assert s.first_dealer == 1
    assert s.started_at.isoformat() == "2024-06-02T00:30:00+00:00"  # 7:30 PM in Chicago (CDT)
    assert r["Location"] == reverse("hand_log", args=[family.slug, s.pk])


def _new_session_post(players, **extra):
    return {
        "game": "swik",
        "date": "2024-06-01",
        "time": "19:30",
        "timezone": "America/Chicago",
        "first_dealer": "0",
        "pot_in": "0",
        "seat_player": [str(p) for p in players],
    } | extra


def test_new_session_form_offers_every_game_of_the_catalogue_with_its_house_rules(client_as, family):
    from html import escape

    import referee
    from archive.common.filters import words_text

    page = client_as("editor").get(reverse("session_new", args=[family.slug])).content.decode()
    for game in referee.games():
        assert f'<option value="{game["name"]}"' in page and game["title"] in page
        for rule in game["house_rules"]:
            # each rule by its label, with its sentence (a choice's cards drawn as cards: "8♦", never "8D")
            assert escape(rule["label"]) in page and escape(words_text(rule["sentence"])) in page
            assert f'name="hr-{game["name"]}-{rule["name"]}"' in page
    # The input fits the kind: a flag is a checkbox, ranks are checkboxes by name, a choice says its sentence.
    assert 'type="checkbox" name="hr-swik-double_fall" id="hr-swik-double_fall" checked' in page
    assert 'value="K" id="hr-swik-high_wraps-K" checked> King' in page
    assert 'value="Q" id="hr-swik-high_wraps-Q"> Queen' in page
    assert "When only one player stays in, that player plays against the blind hand." in page
    assert 'name="hr-swik-high_wrap_tricks" id="hr-swik-high_wrap_tricks" value="2" min="1" max="3"' in page
    assert "SWIK_HOUSE_RULES" not in open("archive/table/forms.py").read()


def test_new_session_form_unticked_flags_and_ranks_are_kept_as_the_table_set_them(client_as, family, session):
    from archive.models import Session

    players = list(session.seats.order_by("position").values_list("player_id", flat=True))
    r = client_as("editor").post(
        reverse("session_new", args=[family.slug]),
        _new_session_post(
            players[:3],
            place="the attic",
            rules_shown="swik",
            **{
                "hr-swik-ante": "3",
                "hr-swik-high_wraps": ["A"],
                "hr-swik-trips_after_wrap": "on",
                "hr-swik-lone_player": "plays_blind",
            },
        ),
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    s = Session.objects.get(place="the attic")
    # double_fall was shown and left unticked: no double fall tonight; only Aces are high wraps.
    assert s.house_rules == {"high_wraps": ["A"], "double_fall": False, "lone_player": "plays_blind"}


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"hr-swik-high_wrap_tricks": "4"}, "less than or equal to 3"),
        ({"hr-swik-ante": "-1"}, "greater than or equal to 0"),
        ({"hr-swik-ante": "100000000"}, "less than or equal to 100000"),
        ({"hr-swik-odd_cents": "split"}, "Select a valid choice"),
        ({"hr-swik-high_wraps": ["X"]}, "Select a valid choice"),
        ({"hr-swik-min_players": "4"}, "Swik needs at least 4 players"),
        ({"hr-swik-min_players": "6", "hr-swik-max_players": "5"}, "in_players 6 is more than max_players 5"),
        ({"game": "whist"}, "Select a valid choice"),
    ],
)
def test_new_session_form_refuses_house_rules_the_referee_would_refuse(client_as, family, session, fields, words):
    from archive.models import Session

    players = list(session.seats.order_by("position").values_list("player_id", flat=True))
    before = Session.objects.count()
    r = client_as("editor").post(reverse("session_new", args=[family.slug]), _new_session_post(players[:3], **fields))
    assert r.status_code == 400
    assert words in r.content.decode()
    assert Session.objects.count() == before  # never a session whose hands would all fail


def test_new_session_form_refuses_two_players(client_as, family, session):
    players = list(session.seats.order_by("position").values_list("player_id", flat=True))
    r = client_as("editor").post(
        reverse("session_new", args=[family.slug]),
        {
            "game": "swik",
            "date": "2024-06-01",
            "time": "19:30",
            "timezone": "America/Chicago",
            "first_dealer": "0",
            "pot_in": "0",
            "seat_player": [str(players[0]), str(players[1])],
        },
    )
    assert r.status_code == 400
    assert "Swik needs at least 3 players" in r.content.decode()  # the house rule, not the deck's 2


def test_edit_needs_a_why_and_keeps_history(client_as, family, hands):
    import json

    url = reverse("hand_edit", args=[family.slug, hands[0].pk])
    rec = json.dumps(hands[0].record)
    assert client_as("editor").post(url, {"record": rec, "why": ""}).status_code == 400
    assert client_as("editor").post(url, {"record": "{not json", "why": "typo"}).status_code == 400
    hands[0].refresh_from_db()
    assert hands[0].revision == 1
    r = client_as("editor").post(url, {"record": rec, "why": "checked the sheet"})
    assert r.status_code == 302
    assert HandRevision.objects.filter(hand=hands[0], why="checked the sheet").exists()


def test_delete_and_restore_keep_the_hand(client_as, family, hands):
    slug, hand = family.slug, hands[0]
    client = client_as("editor")
    client.post(reverse("hand_delete", args=[slug, hand.pk]), {"why": "logged twice"})
    hand.refresh_from_db()
    assert hand.deleted_at is not None
    page = client.get(reverse("hand", args=[slug, hand.pk])).content.decode()
    assert "deleted" in page and "Restore the hand" in page
    client.post(reverse("hand_restore", args=[slug, hand.pk]), {"why": "it was not a duplicate"})
    hand.refresh_from_db()
    assert hand.deleted_at is None
    kinds = list(HandRevision.objects.filter(hand=hand).order_by("number").values_list("kind", flat=True))
    assert kinds[-2:] == ["deleted", "restored"]


def test_a_dispute_is_opened_answered_and_resolved(client_as, family, hands):
    client = client_as("editor")
    slug = family.slug
    r = client.post(reverse("dispute_new", args=[slug, hands[1].pk]), {"title": "No cut?", "text": "Dad forgot."})
    d = Dispute.objects.get(title="No cut?")
    assert r["Location"] == reverse("dispute", args=[slug, d.pk])
    client.post(reverse("dispute", args=[slug, d.pk]), {"reply": "1", "text": "He did forget."})
    r = client.post(reverse("dispute", args=[slug, d.pk]), {"resolve": "1", "resolution": "The ruling stands."})
    assert r.status_code == 302
    d.refresh_from_db()
    assert d.status == "resolved" and d.ruling_revision.hand_id == hands[1].pk
    page = client.get(reverse("dispute", args=[slug, d.pk])).content.decode()
    assert "He did forget." in page and "The ruling stands." in page and "revision 1" in page


def test_export_then_import_into_another_family(client_as, client, family, hands, owner):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests import factories

    body = b"".join(client_as("viewer").get(reverse("history_export", args=[family.slug])).streaming_content)
    assert body.count(b"\n") == 2 and b"handrec/1" in body
    other = factories.make_family(owner, name="The Other family")
    client.force_login(owner)
    url = reverse("history_import", args=[other.slug])
    r = client.post(url, {"file": SimpleUploadedFile("h.jsonl", body)})
    assert r.status_code == 200 and "Added <b>2</b>" in r.content.decode()
    r = client.post(url, {"file": SimpleUploadedFile("h.jsonl", body)})
    assert "Added <b>0</b>" in r.content.decode()  # twice adds nothing
    assert Hand.objects.filter(session__family=other).count() == 2
    r = client.post(url, {"file": SimpleUploadedFile("bad.jsonl", b'{"format": "handrec/1"\n')})
    assert r.status_code == 400 and "line 1" in r.content.decode()


def test_player_page_shows_balance_and_hands(client_as, family, session, hands):
    mary = session.seats.get(position=2).player
    viewer = client_as("viewer")
    page = viewer.get(reverse("player", args=[family.slug, mary.pk])).content.decode()
    assert "Mary" in page and "−10¢" in page  # -18 then +8, in his latest sessions
    assert 'id="owed"' in page and "still being counted" in page  # the job has not run yet: the page says so
    stats_recompute(family=family)
    page = viewer.get(reverse("player", args=[family.slug, mary.pk])).content.decode()
    facts = page.split('<ul class="facts">', 1)[1].split("</ul>", 1)[0]
    assert "−10¢</span></b>" in facts and "<b>2</b> hands" in facts and 'id="owed"' not in page
