"""Issue 32: what a new family's owner reads on making it, and a house rule that is on or off, in the reader's
language (English as it was)."""

import zoneinfo

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format

from archive.people.models import Family, Invitation

READY = {
    "en": "The Hale family is ready. Add your players when you start the first session.",
    "cs": "Rodina The Hale family je připravená. Hráče přidáte, až založíte první večer.",
    "ru": "Семья The Hale family готова. Игроков добавите, когда начнёте первый вечер.",
}


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_a_new_family_is_announced_in_the_reader_language(client_as, language):
    client = client_as("stranger")
    form = {"name": "The Hale family", "timezone": "Europe/Prague", "currency": "czk"}
    r = client.post(reverse("home"), form, HTTP_ACCEPT_LANGUAGE=language, follow=True)
    family = Family.objects.get(name="The Hale family")
    assert r.redirect_chain[-1][0] == reverse("family", args=[family.slug])
    assert READY[language] in r.content.decode()


@pytest.mark.parametrize("language, yes, no", [("en", "yes", "no"), ("cs", "ano", "ne"), ("ru", "да", "нет")])
def test_a_house_rule_that_is_on_or_off_says_so_in_the_reader_language(language, yes, no):
    rule = {"kind": "flag"}
    with translation.override(language):
        said = [render_to_string("archive/_rule_value.html", {"rule": rule, "value": v}).strip() for v in (True, False)]
    assert said == [yes, no]


def test_an_invitation_says_until_when_as_the_reader_writes_dates(client_as, family):
    client = client_as("owner")
    r = client.post(
        reverse("member_add", args=[family.slug]), {"role": "viewer"}, HTTP_ACCEPT_LANGUAGE="cs", follow=True
    )
    invitation = Invitation.objects.get(family=family)
    local = timezone.localtime(invitation.expires_at, zoneinfo.ZoneInfo(family.timezone))
    with translation.override("cs"):
        until = date_format(local)
    assert until.startswith(f"{local.day}. ") and until.endswith(f" {local.year}")  # "13. prosince 2026"
    assert f"platí jednou, do {until}." in r.content.decode()


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_the_language_pickers_name_each_language_in_its_own_words(client_as, language):
    """A reader who landed in a language they do not read finds their own among the names (the buttons' lang
    says which language each name is in)."""
    client = client_as("owner")
    for url in (reverse("home"), reverse("account")):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for code, name in (("en", "English"), ("cs", "Čeština"), ("ru", "Русский")):
            assert f'lang="{code}"' in page and f">{name}<" in page, (url, name)
