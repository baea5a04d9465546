"""Template helpers for cards and money: suit symbols, red hearts and diamonds, cents in words."""

import functools
import html as stdlib_html
import json
import re

from django import template
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from archive.common import catalogue
from archive.common.money import text as money_text

register = template.Library()


def _html(template_text, *args):
    """format_html for the filters a page calls once a cell (money, net, badges, cards, words): the same escaping
    (an argument's own __html__, else the standard library's html.escape, as Django's escape uses) without
    format_html's lazy-string wrapper, which cost a long session page a third of its filters' time."""
    return SafeString(
        template_text.format(*(a.__html__() if hasattr(a, "__html__") else stdlib_html.escape(str(a)) for a in args))
    )


SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = {"T": "10"}
RED = {"H", "D"}


def card_text(code):
    """'TH' -> '10♥'; None -> '?' (a card nobody saw)."""
    if not code or not isinstance(code, str):
        return "?"
    if code == "JK":
        return pgettext("a card", "Joker")
    rank, suit = code[:-1], code[-1:]
    return f"{RANKS.get(rank, rank)}{SUITS.get(suit, suit)}"


@register.filter
def card(code):
    if not code or not isinstance(code, str):
        return SafeString('<span class="pc unknown" title="not seen">?</span>')
    cls = "pc red" if code[-1:] in RED else "pc"
    return _html('<span class="{}" title="{}">{}</span>', cls, code, card_text(code))


@register.filter
def cards(codes):
    if codes is None:
        return SafeString('<span class="muted">unknown</span>')
    return SafeString('<span class="cards">' + "".join(card(c) for c in codes) + "</span>")


def cents_text(value, signed=False):
    """An amount in the family's unit and the reader's locale (archive.common.money)."""
    return money_text(value, signed=signed)


@register.filter
def money(value):
    """Cents as a player reads them: 19¢, $1.19; 1,19 Kč for a Czech family read in Czech."""
    return cents_text(value)


@register.filter
def money_or_blank(value):
    """What a player typed, read back as money; nothing when it is not a whole number yet."""
    try:
        return cents_text(int(value))
    except (TypeError, ValueError):
        return ""


@register.filter
def net(value):
    """Signed and coloured: +9¢ in green, −22¢ in red."""
    if value is None:
        return SafeString('<span class="money zero">—</span>')
    cls = "pos" if value > 0 else ("neg" if value < 0 else "zero")
    return _html('<span class="money {}">{}</span>', cls, cents_text(value, signed=True))


@register.filter
def points(value):
    """A hand's points: signed (+12, −3, 0), thousands apart (+1,250)."""
    if value is None:
        return "—"
    return f"+{value:,}" if value > 0 else score(value)


@register.filter
def score(value):
    """A total or an average that may be below nothing, written as money is, the reader's way: −1,250, 3.5 in
    English, −1 250, 3,5 in Czech and Russian ("—" for none)."""
    if value is None or value == "":
        return "—"
    written = number_format(abs(value), force_grouping=True)
    return f"−{written}" if value < 0 else written


@register.filter
def seat_name(seat, players):
    try:
        return players[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "—" if seat is None else _("seat %(n)s") % {"n": seat}


@register.filter
def get(mapping, key):
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


# What a void deal was, by the rule of its violation: a badge says what happened, never more.
_VOID_DEALS = (
    ("no-cut", pgettext_lazy("a void deal", "dealt without a cut")),
    ("misdeal", pgettext_lazy("a void deal", "misdeal")),
)


def _void_deals(ruling):
    """The kinds of void deal in a ruling's violations, in order ("dealt without a cut", "misdeal")."""
    out = []
    for v in (ruling or {}).get("violations") or ():
        rule = str(v.get("rule", "")) if isinstance(v, dict) else ""
        for key, words in _VOID_DEALS:
            if rule.endswith("." + key) and str(words) not in out:
                out.append(str(words))
    return out


_STATUS_WORDS = {
    "complete": pgettext_lazy("a hand's status", "complete"),
    "void": pgettext_lazy("a hand's status", "void"),
    "incomplete": pgettext_lazy("a hand's status", "incomplete"),
}


@register.filter
def status_badge(status, ruling=None):
    """The hand's status as a badge; with its ruling, the badge says what happened to a void deal: a void hand
    names why ("void — dealt without a cut"), a Swik hand whose void deal was dealt again in the same record
    says so beside "complete" ("dealt without a cut — cut and dealt again")."""
    label = _STATUS_WORDS.get(status, status)  # (only the one shown is translated: a table calls this a row)
    html = _html('<span class="badge badge-{}">{}</span>', status, label)
    kinds = _void_deals(ruling) if isinstance(ruling, dict) else []
    if not kinds:
        return html
    if status == "void":
        return format_html(
            '<span class="badge badge-void">{} — {}</span>',
            label,
            (" " + pgettext("joining names", "and") + " ").join(kinds),
        )
    if ruling.get("game") == "swik":  # (Swik deals again in the same record; the other games in the next hand)
        words = "; ".join(_("%(kind)s — cut and dealt again") % {"kind": k} for k in kinds)
        return format_html('{} <span class="badge badge-redealt">{}</span>', html, words)
    return html


@register.filter
def tojson(value):
    """Pretty JSON for people (auto-escaped by the template)."""
    return json.dumps(value, indent=1, ensure_ascii=False)


@register.filter
def error_text(err):
    """One referee error in words: 'line 3, event 2, card: AH is dealt twice …' (the place, then the fix).
    The referee's own message often names the event already; the place is not said twice."""
    if not isinstance(err, dict):
        return str(err)
    msg = str(err.get("message", ""))
    place = []
    if err.get("line") is not None:
        place.append(f"line {err['line']}")
    event, field = err.get("event"), err.get("field")
    if event is not None and not msg.lower().startswith(f"event {event}"):
        place.append(f"event {event}")
    if field and field != "*" and not msg.lower().startswith("event"):
        place.append(str(field))
    return (", ".join(place) + ": " if place else "") + msg


# The referee's words keep cents and card codes ("pays 210 into the next pot", "plays JC"): a player reads
# them in the family's money and with the cards as the tables show them. The stored words are not changed.
# An amount follows one of these words, in English, Czech ("platí 30", "bere bank 40") or Russian ("платит 30").
_AMOUNT = re.compile(
    r"\b(pays|pay|paid|pot of|costs|cost|penalty of|takes|owes"
    r"|platí po|platí|zaplatí|bere bank|bere|o bank|bank"
    r"|платят по|платит|платят|берёт банк|забирает банк|берёт|забирает|банк)( |\u00a0)(\d+)\b"
    r"(?! (?:trick|card|point|hand|štych|kart|bod|rozdání|взятк|карт|очк|раздач))"
)
_CARD = re.compile(r"(?<![\w-])([AKQJT98765432]|10)([SHDC])(?![\w-])")


@functools.lru_cache(maxsize=4096)
def _words_parts(text):
    """text -> ((kind, value), ...): 'text', 'money' (cents) or 'card' (code), in order. Remembered: a night's
    summaries say the same few sentences again and again ("Dad took two tricks, Mary took one trick.")."""
    out, pos = [], 0
    hits = sorted(
        [(m.start(3), m.end(3), "money", int(m.group(3))) for m in _AMOUNT.finditer(text)]
        + [(m.start(), m.end(), "card", m.group(1).replace("10", "T") + m.group(2)) for m in _CARD.finditer(text)]
    )
    for start, end, kind, value in hits:
        if start < pos:
            continue
        out.append(("text", text[pos:start]))
        out.append((kind, value))
        pos = end
    out.append(("text", text[pos:]))
    return tuple(out)


def words_text(text):
    """The referee's words as plain text for people: 'pays 210' -> 'pays $2.10', 'TD' -> '10♦'."""
    if not isinstance(text, str):
        return "" if text is None else str(text)
    return "".join(cents_text(v) if k == "money" else card_text(v) if k == "card" else v for k, v in _words_parts(text))


@register.filter
def plain_words(text):
    """The referee's words as plain text, for where no markup goes (a select's options): "8D" -> "8♦"."""
    return words_text(text)


@register.filter
def words(text):
    """The referee's words for a page: amounts in the family's money, cards drawn as cards."""
    if not isinstance(text, str):
        return "" if text is None else str(text)
    return SafeString(
        "".join(
            card(v) if k == "card" else stdlib_html.escape(cents_text(v) if k == "money" else v)
            for k, v in _words_parts(text)
        )
    )


@register.filter
def plural(count, word):
    """'1 hand', '2 hands' (word is the singular)."""
    try:
        n = int(count)
    except (TypeError, ValueError):
        n = 0
    return f"{count} {word}" if n == 1 else f"{count} {word}s"


@register.filter
def rank_names(value, rule):
    """A ranks house rule's value in words: ["K", "A"] -> "King, Ace" (the catalogue's names)."""
    names = {r["value"]: r["name"] for r in (rule or {}).get("ranks", [])}
    if not isinstance(value, list):
        return str(value)
    return ", ".join(names.get(v, str(v)) for v in value) or "none"


@register.filter
def game_title(session):
    """A session's game in words, with its variant in the catalogue's words: "Sedma (two players)", "Swik"."""
    entry = catalogue.game_entry(session.game)
    title = entry["title"] if entry else session.game
    if not session.variant:
        return title
    words = {v["value"]: v["words"] for v in (entry or {}).get("variant_words", ())}
    return f"{title} ({words.get(session.variant, session.variant)})"


@register.filter
def settles(game):
    """How the game settles: "pot", "stakes" or "points" (the catalogue's word)."""
    return catalogue.settles_of(game)


ROLE_WORDS = {
    "owner": pgettext_lazy("a member's role", "owner"),
    "editor": pgettext_lazy("a member's role", "editor"),
    "viewer": pgettext_lazy("a member's role", "viewer"),
}


@register.filter
def role_words(role):
    """A member's role as the reader says it: "owner", "vlastník", "владелец"."""
    return ROLE_WORDS.get(role, role)
