"""Issue 11, merges leave no trail and no way back: every change that is not a hand writes an audit
row (who, when, what before), owners read it, and a merge can be undone."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from archive.models import AuditEntry, Membership, Player, Seat, Session
from archive.people import services as people_services
from archive.stats.models import SettlePayment
from archive.table import services
from tests import factories


def _balances(family):
    """Each player's money over every hand (the ledger rows), as the family's balances page adds it."""
    return {
        p.name: sum(p.ledger_entries.values_list("amount", flat=True)) for p in Player.objects.filter(family=family)
    }


def _player(family, name):
    return Player.objects.get(family=family, name=name)


def test_merging_players_writes_who_when_and_what_before(web, family, editor, hands):
    joe, dad = _player(family, "Uncle Joe"), _player(family, "Dad")
    seats_before = sorted(Seat.objects.filter(player=joe).values_list("pk", flat=True))
    r = web(editor).post(reverse("player_merge", args=[family.slug, dad.pk]), {"merge": joe.pk})
    assert r.status_code == 302
    entry = AuditEntry.objects.get(family=family, action="player.merge")
    assert entry.by == editor and entry.at is not None
    assert entry.before["merged"]["name"] == "Uncle Joe"
    assert sorted(entry.before["seats"]) == seats_before
    assert "Uncle Joe" in entry.summary and "Dad" in entry.summary


def test_changing_a_role_writes_the_role_before(web, family, owner, editor):
    m = Membership.objects.get(family=family, user=editor)
    web(owner).post(reverse("member_change", args=[family.slug, m.pk]), {"role": "viewer"})
    entry = AuditEntry.objects.get(family=family, action="member.role")
    assert entry.by == owner
    assert entry.before == {"user": "editor", "role": "editor"}
    assert entry.after == {"user": "editor", "role": "viewer"}


def test_removing_a_member_is_audited(api, family, viewer):
    m = Membership.objects.get(family=family, user=viewer)
    assert api("owner").delete(f"/api/members/{m.pk}/").status_code == 204
    assert AuditEntry.objects.get(family=family, action="member.remove").before == {"user": "viewer", "role": "viewer"}


def test_unmarking_a_settle_up_payment_writes_what_was_paid(web, family, editor, hands):
    mary = _player(family, "Mary")
    web(editor).post(reverse("stats-settle-paid", args=[family.slug]), {"payer": mary.pk, "payee": "", "amount": "45"})
    payment = SettlePayment.objects.get()
    web(editor).post(reverse("stats-settle-paid", args=[family.slug]), {"undo": payment.pk})
    assert not SettlePayment.objects.exists()
    entry = AuditEntry.objects.get(family=family, action="settle.unpaid")
    assert entry.by == editor
    assert entry.before["amount"] == 45 and entry.before["payer"] == "Mary" and entry.before["payee"] is None


def test_owners_read_the_audit_log_and_others_do_not(web, client, family, owner, editor, viewer, stranger, hands):
    joe, dad = _player(family, "Uncle Joe"), _player(family, "Dad")
    services.players_merge(keep=dad, merge=joe, by=editor)
    url = reverse("audit", args=[family.slug])
    page = web(owner).get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Uncle Joe" in text and "editor" in text
    client.logout()
    assert web(editor).get(url).status_code == 403
    client.logout()
    assert web(stranger).get(url).status_code == 404


def test_a_merge_is_undone_and_the_balances_come_back(web, family, editor, hands):
    joe, dad = _player(family, "Uncle Joe"), _player(family, "Dad")
    before = _balances(family)
    joe_net = sum(Seat.objects.filter(player=joe).values_list("net", flat=True))
    services.players_merge(keep=dad, merge=joe, by=editor)
    assert not Seat.objects.filter(player=joe).exists()
    r = web(editor).post(reverse("player_unmerge", args=[family.slug, joe.pk]))
    assert r.status_code == 302
    joe.refresh_from_db()
    assert joe.merged_into is None
    assert sum(Seat.objects.filter(player=joe).values_list("net", flat=True)) == joe_net
    assert sum(joe.ledger_entries.values_list("amount", flat=True)) == joe_net
    assert AuditEntry.objects.filter(family=family, action="player.unmerge", by=editor).exists()
    assert _balances(family) == before


def test_a_merge_is_undone_through_the_api(api, family, editor, hands):
    joe, dad = _player(family, "Uncle Joe"), _player(family, "Dad")
    services.players_merge(keep=dad, merge=joe, by=editor)
    r = api("editor").post(f"/api/players/{joe.pk}/unmerge/", {}, format="json")
    assert r.status_code == 200
    assert r.json()["merged_into"] is None
    assert api("viewer").post(f"/api/players/{joe.pk}/unmerge/", {}, format="json").status_code == 403


def test_a_later_session_naming_the_merged_away_player_seats_the_keeper(api, web, family, editor, hands):
    joe, dad = _player(family, "Uncle Joe"), _player(family, "Dad")
    services.players_merge(keep=dad, merge=joe, by=editor)
    r = api("editor").post(
        "/api/sessions/",
        {"family": family.pk, "started_at": "2024-03-09T19:30:00-06:00", "players": ["Uncle Joe", "Mary", "Me"]},
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["seats"][0]["player"] == dad.pk
    web(editor).post(
        reverse("session_new", args=[family.slug]),
        {
            "game": "swik",
            "date": "2024-03-10",
            "time": "19:30",
            "timezone": "America/Chicago",
            "first_dealer": 0,
            "pot_in": 0,
            "seat_guest": ["Uncle Joe", "Mary", "Me"],
        },
    )
    assert Session.objects.filter(family=family).count() == 3
    assert Player.objects.filter(family=family, name="Uncle Joe").count() == 1


def test_an_audit_row_is_never_written_for_a_refused_change(family, owner):
    m = Membership.objects.get(family=family, user=owner)
    with pytest.raises(ValidationError):
        people_services.member_add(family=family, user=m.user, role="viewer", by=owner)
    assert not AuditEntry.objects.filter(action="member.role").exists()


def test_the_audit_log_names_the_time(family, owner, editor):
    m = Membership.objects.get(family=family, user=editor)
    people_services.member_add(family=family, user=m.user, role="viewer", by=owner)
    entry = AuditEntry.objects.get(action="member.role")
    assert abs(entry.at - datetime.datetime.now(datetime.UTC)) < datetime.timedelta(minutes=5)
    assert factories  # the builders made the family this row belongs to


def test_owners_read_the_audit_log_through_the_api(api, family, editor, hands):
    services.players_merge(keep=_player(family, "Dad"), merge=_player(family, "Uncle Joe"), by=editor)
    rows = api("owner").get(f"/api/families/{family.pk}/audit/").json()
    merge = next(r for r in rows if r["action"] == "player.merge")
    assert merge["by"] == "editor" and merge["before"]["merged"]["name"] == "Uncle Joe"
    assert api("editor").get(f"/api/families/{family.pk}/audit/").status_code == 403
    assert api("stranger").get(f"/api/families/{family.pk}/audit/").status_code == 404
