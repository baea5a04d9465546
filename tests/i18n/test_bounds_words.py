"""Issue 32: the bounds' refusals (archive.common.bounds) and the last-guard errors are said in the reader's
language, with the bound written as the reader writes numbers; the English stays as it was."""

import datetime

from django.utils import translation

from archive.common import bounds


def test_a_refused_amount_is_said_in_each_language_with_its_bound_grouped_the_readers_way():
    with translation.override("en"):
        assert bounds.money_error(-5, "The ante") == (
            "The ante must be from 0 to 1,000,000,000,000 cents; -5 is out of range."
        )
    with translation.override("cs"):
        words = bounds.money_error(-5, "Vklad")
        assert words.startswith("Vklad musí být od 0 do 1\xa0000\xa0000\xa0000\xa0000 haléřů")
    with translation.override("ru"):
        assert "вне допустимых пределов" in bounds.money_error(-5, "Анте")


def test_a_night_dated_before_1900_and_a_name_too_long_are_refused_in_czech_and_russian():
    with translation.override("cs"):
        assert bounds.date_error(datetime.date(1850, 1, 1), "Europe/Prague") == (
            "Datum 1850-01-01 je před rokem 1900; zadejte skutečné datum večera."
        )
        assert bounds.name_error("x" * 81) == "Jméno hráče má nejvýše 80 znaků; toto má 81."
    with translation.override("ru"):
        assert bounds.zone_error("Mars/Base") == (
            "'Mars/Base' — не часовой пояс; используйте имя IANA, например Europe/Moscow."
        )
