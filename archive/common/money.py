"""Money as the family counts it and the reader reads it: whole cents (or haléře, kopecks, points) stored, written
in the family's unit and the reader's locale: "19¢" and "$1.50" for an English reader of a dollar family,
"1,50 Kč" for a Czech reader of a koruna family, "1,50 ₽" in Russian, "150 points" for a family playing for points.

The family's unit is activated for the request where the family is looked up (`access.family_for`), like the
reader's language, so that every amount of the page (templates, the referee's words) is written one way."""

from __future__ import annotations

import functools
import re
from contextvars import ContextVar
from decimal import Decimal

from babel.numbers import format_currency, format_decimal
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

# unit -> (ISO currency or None for points, its name in words for the family's settings)
UNITS = {
    "usd": ("USD", _("dollars and cents ($1.50, 19¢)")),
    "czk": ("CZK", _("koruny and haléře (1,50 Kč)")),
    "rub": ("RUB", _("rubles and kopecks (1,50 ₽)")),
    "points": (None, _("points (150 points)")),
}
DEFAULT = "usd"
MINUS = "−"  # one way for every signed number on the site (U+2212), never a hyphen

_active: ContextVar[str] = ContextVar("tablekeeper_money_unit", default=DEFAULT)
_LEADING_CODE = re.compile(r"^([A-Za-z]{2,3}\$?)(\d)")


def activate(unit: str | None) -> None:
    """Write this request's amounts in `unit` (a family's); an unknown unit falls back to dollars."""
    _active.set(unit if unit in UNITS else DEFAULT)


def deactivate() -> None:
    _active.set(DEFAULT)


def active() -> str:
    return _active.get()


def choices():
    return [(code, words) for code, (_iso, words) in UNITS.items()]


def _locale() -> str:
    return (translation.get_language() or "en").split("-")[0]


@functools.lru_cache(maxsize=8192)
def _unsigned(cents: int, unit: str, locale: str) -> str:
    iso = UNITS[unit][0]
    if iso is None:
        return ngettext("%(n)s point", "%(n)s points", cents) % {"n": format_decimal(cents, locale=locale)}
    if iso == "USD" and locale == "en":
        return f"{cents}¢" if cents < 100 else f"${cents // 100:,}.{cents % 100:02d}"  # how the table says it
    text = format_currency(Decimal(cents) / 100, iso, locale=locale)
    return _LEADING_CODE.sub("\\1\u00a0\\2", text)  # "CZK1.50" -> "CZK 1.50"


def text(cents, *, signed: bool = False, unit: str | None = None, locale: str | None = None) -> str:
    """An amount in words for a reader: "−$1.50", "+19¢", "1,50 Kč"; "—" for none."""
    if cents is None:
        return "—"
    cents = int(cents)
    sign = "+" if signed and cents > 0 else (MINUS if cents < 0 else "")
    return sign + _unsigned(abs(cents), unit or active(), locale or _locale())
