"""Issue 11, owner invitations: an owner invites by a link or code that the other person accepts;
the answer never tells whether a username exists."""

import re

from django.urls import reverse

from archive.models import AuditEntry, Invitation, Membership
from tests import factories


def _invite(web, owner, family, **data):
    return web(owner).post(reverse("member_add", args=[family.slug]), {"role": "owner", **data}, follow=True)


def _code(html):
    return re.search(r"/invite/([A-Za-z0-9_-]{20,})/", html).group(1)


def test_adding_a_member_makes_an_invitation_not_a_membership(web, family, owner):
    mary = factories.make_user("mary")
    r = _invite(web, owner, family, username="mary")
    assert r.status_code == 200
    assert not Membership.objects.filter(family=family, user=mary).exists()
    assert Invitation.objects.filter(family=family, role="owner").count() == 1
    assert _code(r.content.decode())


def test_the_answer_does_not_tell_whether_a_username_exists(web, family, owner):
    factories.make_user("mary")
    known = _invite(web, owner, family, username="mary").content.decode()
    unknown = _invite(web, owner, family, username="nobody-at-all").content.decode()

    def words(html):
        return re.sub(
            r"/invite/[A-Za-z0-9_-]+/|mary|nobody-at-all",
            "",
            re.search(r'<ul class="messages">.*?</ul>', html, re.S).group(0),
        )

    assert words(known) == words(unknown)
    assert "no user" not in unknown.lower()


def test_the_api_answer_does_not_tell_whether_a_username_exists(api, family):
    factories.make_user("mary")
    a = api("owner").post("/api/members/", {"family": family.pk, "username": "mary", "role": "owner"}, format="json")
    b = api("owner").post("/api/members/", {"family": family.pk, "username": "nobody", "role": "owner"}, format="json")
    assert a.status_code == b.status_code == 201
    assert set(a.json()) == set(b.json())
    assert a.json()["code"] != b.json()["code"]
    assert not Membership.objects.filter(family=family, user__username="mary").exists()


def test_the_invited_person_accepts_by_the_link(web, client, family, owner):
    mary = factories.make_user("mary")
    code = _code(_invite(web, owner, family).content.decode())
    client.logout()
    client.force_login(mary)
    page = client.get(reverse("invitation", args=[code]))
    assert page.status_code == 200
    assert family.name in page.content.decode() and "owner" in page.content.decode()
    assert not Membership.objects.filter(family=family, user=mary).exists()  # looking is not accepting
    r = client.post(reverse("invitation", args=[code]))
    assert r.status_code == 302
    assert Membership.objects.get(family=family, user=mary).role == "owner"
    assert AuditEntry.objects.filter(family=family, action="member.join", by=mary).exists()
    # a link works once
    other = factories.make_user("other")
    client.force_login(other)
    assert client.post(reverse("invitation", args=[code])).status_code == 400
    assert not Membership.objects.filter(family=family, user=other).exists()


def test_the_invited_person_accepts_by_typing_the_code(web, client, family, owner):
    mary = factories.make_user("mary")
    code = _code(_invite(web, owner, family, role="editor").content.decode())
    client.logout()
    client.force_login(mary)
    r = client.post(reverse("invitation_code"), {"code": code}, follow=True)
    assert r.status_code == 200
    client.post(reverse("invitation", args=[code]))
    assert Membership.objects.get(family=family, user=mary).role == "editor"


def test_an_invitation_for_a_username_is_for_that_account_only(web, client, family, owner):
    factories.make_user("mary")
    bob = factories.make_user("bob")
    code = _code(_invite(web, owner, family, username="mary").content.decode())
    client.logout()
    client.force_login(bob)
    assert client.post(reverse("invitation", args=[code])).status_code == 400
    assert not Membership.objects.filter(family=family, user=bob).exists()


def test_accepting_through_the_api(api, family, stranger):
    code = api("owner").post("/api/members/", {"family": family.pk, "role": "viewer"}, format="json").json()["code"]
    r = api("stranger").post("/api/invitations/accept/", {"code": code}, format="json")
    assert r.status_code == 201
    assert Membership.objects.get(family=family, user=stranger).role == "viewer"
    assert api("stranger").post("/api/invitations/accept/", {"code": "nope"}, format="json").status_code == 400


def test_only_owners_invite_and_an_owner_can_revoke(web, client, api, family, owner, editor):
    assert api("editor").post("/api/members/", {"family": family.pk, "role": "owner"}, format="json").status_code == 403
    code = _code(_invite(web, owner, family).content.decode())
    inv = Invitation.objects.get()
    client.post(reverse("invitation_revoke", args=[family.slug, inv.pk]))
    mary = factories.make_user("mary")
    client.logout()
    client.force_login(mary)
    assert client.post(reverse("invitation", args=[code])).status_code == 400
    assert not Membership.objects.filter(family=family, user=mary).exists()
