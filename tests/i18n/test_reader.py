"""The site in the reader's language and the family's money (issue 32): the picker, the language saved on the
account, the browser's Accept-Language (the API's too), amounts in korunas and rubles, plural forms."""

import gettext

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from archive.common import money
from archive.models import AuditEntry
from archive.people import services as people_services
from archive.people.models import Account
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def frank():
    return factories.make_user("frank")


def test_the_picker_changes_the_language_of_the_next_page_and_keeps_the_place(client, frank):
    client.force_login(frank)
    home = client.get(reverse("home")).content.decode()
    assert '<html lang="en"' in home and "Your families" in home
    for name in ("English", "Čeština", "Русский"):
        assert name in home  # the picker at the foot of every page, each language in its own words
    answer = client.post(reverse("language"), {"language": "cs", "next": reverse("account")})
    assert answer.status_code == 302 and answer["Location"] == reverse("account")
    page = client.get(reverse("home")).content.decode()
    assert '<html lang="cs"' in page and "Vaše rodiny" in page and "Your families" not in page
    assert "Založit archiv rodiny" in page and "Odhlásit" in page


def test_the_language_is_saved_on_the_account_and_follows_the_person_to_another_phone(client, frank, django_user_model):
    client.force_login(frank)
    client.post(reverse("language"), {"language": "ru"})
    assert Account.objects.get(user=frank).language == "ru"
    other = client.__class__()  # another phone: no cookie, a browser asking for Czech
    other.force_login(frank)
    page = other.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert '<html lang="ru"' in page and "Ваши семьи" in page
    # back to the browser's own language
    other.post(reverse("language"), {"language": ""})
    assert Account.objects.get(user=frank).language == ""
    assert "Vaše rodiny" in other.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()


def test_a_foreign_next_address_is_not_followed(client):
    answer = client.post(reverse("language"), {"language": "cs", "next": "https://evil.example/"})
    assert answer["Location"] == reverse("home")
    assert client.post(reverse("language"), {"language": "de"}).status_code == 302  # refused in words, not a 500


def test_the_browser_language_is_read_before_logging_in_and_by_the_api(client):
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="ru,en;q=0.5").content.decode()
    assert "Войти" in page and "Имя пользователя" in page
    answer = client.get("/api/sessions/", HTTP_ACCEPT_LANGUAGE="cs")
    assert answer.status_code == 403 and "přihlašovací údaje" in answer.json()["detail"]
    assert answer["Content-Language"] == "cs"


@pytest.mark.parametrize(
    "unit, language, cents, words",
    [
        ("czk", "cs", 150, "1,50\xa0Kč"),
        ("czk", "cs", -123456, "−1\xa0234,56\xa0Kč"),
        ("rub", "ru", 150, "1,50\xa0₽"),
        ("usd", "en", 150, "$1.50"),
        ("usd", "en", 19, "19¢"),
        ("czk", "en", 150, "CZK\xa01.50"),
        ("points", "cs", 1, "1 bod"),
        ("points", "cs", 2, "2 body"),
        ("points", "cs", 5, "5 bodů"),
        ("points", "ru", 1, "1 очко"),
        ("points", "ru", 3, "3 очка"),
        ("points", "ru", 11, "11 очков"),
        ("points", "ru", 21, "21 очко"),
        ("points", "en", 1, "1 point"),
    ],
)
def test_money_is_written_in_the_family_unit_and_the_reader_locale(unit, language, cents, words):
    with translation.override(language):
        assert money.text(cents, unit=unit) == words


def test_a_family_playing_for_korunas_reads_its_pots_in_korunas(client, frank):
    family = factories.make_family(frank, name="Dvořákovi")
    session = factories.make_session(family, frank, names=["Pepa", "Jana", "Honza"], pot_in=250)
    client.force_login(frank)
    page = client.get(reverse("family", args=[family.slug])).content.decode()
    assert "$2.50" in page
    answer = client.post(reverse("family_currency", args=[family.slug]), {"currency": "czk"})
    assert answer.status_code == 302
    assert AuditEntry.objects.filter(family=family, action="family.currency", after={"currency": "czk"}).exists()
    client.post(reverse("language"), {"language": "cs"})
    page = client.get(reverse("family", args=[family.slug])).content.decode()
    assert "2,50\xa0Kč" in page and "$2.50" not in page
    assert "koruny a haléře" in page
    session_page = client.get(reverse("session", args=[family.slug, session.pk])).content.decode()
    assert "2,50\xa0Kč" in session_page
    # another family of the same reader still plays for dollars
    other = factories.make_family(frank, name="Smiths")
    factories.make_session(other, frank, names=["Al", "Bo", "Cy"], pot_in=250)
    assert "$2.50" not in client.get(reverse("family", args=[other.slug])).content.decode()  # cs reader: 2,50 US$
    assert "2,50\xa0US$" in client.get(reverse("family", args=[other.slug])).content.decode()


def test_only_the_owner_changes_the_money(client, frank):
    mary = factories.make_user("mary")
    family = factories.make_family(frank, editors=[mary])
    client.force_login(mary)
    assert client.post(reverse("family_currency", args=[family.slug]), {"currency": "rub"}).status_code == 403
    family.refresh_from_db()
    assert family.currency == "usd"
    with pytest.raises(Exception, match="not a money"):
        people_services.family_currency_set(family=family, currency="eur", by=frank)


def test_the_catalogues_compile_without_gnu_gettext(monkeypatch, tmp_path, settings):
    """On a machine with only Python (no msgfmt), Babel compiles the same catalogues."""
    po = tmp_path / "cs" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Save"\nmsgstr "Uložit"\n',
        encoding="utf-8",
    )
    settings.LOCALE_PATHS = [tmp_path]
    monkeypatch.setattr("shutil.which", lambda name: None)
    call_command("catalogues", verbosity=0)
    assert gettext.translation("django", tmp_path, languages=["cs"]).gettext("Save") == "Uložit"


def test_a_cached_page_is_never_served_in_another_reader_language(client, frank):
    """The fragments cached under the family's version (issue 33) are kept a language apart."""
    family = factories.make_family(frank, name="Dvořákovi")
    session = factories.make_session(family, frank, names=["Pepa", "Jana", "Honza"])
    client.force_login(frank)
    pages = [reverse("family", args=[family.slug]), reverse("session", args=[family.slug, session.pk])]
    for url in pages:
        client.get(url)  # cached in English
    client.post(reverse("language"), {"language": "cs"})
    assert "Večery" in client.get(pages[0]).content.decode()
    client.post(reverse("language"), {"language": "en"})
    assert "Sessions" in client.get(pages[0]).content.decode()
