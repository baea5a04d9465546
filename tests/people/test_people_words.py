"""Issue 32: the people's pages refuse in the reader's language: a spent invitation, an invitation made for
someone else, the last owner's demotion; English as before."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from archive.models import Membership
from archive.people import invitations

pytestmark = pytest.mark.django_db


WORDS = {
    "en": ("This invitation is not valid any more", "made for another account", "is the only owner of"),
    "cs": ("Tato pozvánka už neplatí", "je určena pro jiný účet", "je jediný vlastník rodiny"),
    "ru": ("Это приглашение больше не действует", "предназначено для другой учётной записи", "единственный владелец"),
}


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_the_people_pages_refuse_in_the_readers_language(client, family, owner, stranger, language):
    spent, for_someone, last_owner = WORDS[language]
    asks = {"HTTP_ACCEPT_LANGUAGE": language}
    client.force_login(stranger)
    page = client.get(reverse("invitation", args=["no-such-code"]), **asks)
    assert page.status_code == 400 and spent in page.content.decode()
    _invitation, code = invitations.invitation_create(family=family, role="viewer", by=owner, for_username="mary")
    page = client.post(reverse("invitation", args=[code]), **asks)
    assert page.status_code == 400 and for_someone in page.content.decode()
    client.force_login(owner)
    mine = Membership.objects.get(family=family, user=owner)
    answer = client.post(reverse("member_change", args=[family.slug, mine.pk]), {"role": "viewer"}, **asks)
    assert any(last_owner in str(m) for m in get_messages(answer.wsgi_request))
    assert Membership.objects.get(pk=mine.pk).role == "owner"
