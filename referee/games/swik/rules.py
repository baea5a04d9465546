"""Swik's catalogue entry and constants: deck, house rules (with their words), events, the words of the
ledger, and the house rules as the replay reads them (Config)."""

import functools

from ...cards import CARDS, DECK_32
from ...language import current, speaking
from ...record import Choice, Count, Flag, Money, Ranks
from ...tricks import BLIND, GONE, TURNED
from .said import _, ngettext

GAME = "swik"
DECK = DECK_32
DECK_SET = frozenset(DECK)
# In the replay a card is its text ("TH"), not a Card: a record's strings are the cards as they come, so
# the common record needs no conversion. Only a text not in DECK_TEXT (e.g. "10H") goes through CARD.
DECK_TEXT = frozenset(c.text for c in DECK)
CARD = {t: c.text for t, c in CARDS.items() if c in DECK_SET}  # any spelling -> the text ("10H" -> "TH")
ORDER = {c.text: c.order for c in DECK}  # text -> strength within a suit; a card's suit is c[1], its rank c[0]
NAME = {c.text: c.name for c in DECK}  # text -> "the Ten of hearts" (in English; card_name() in the language spoken)
# STRENGTH[trump][led suit][card]: what wins a trick: any trump beats any card of the suit led, which beats any
# other card; within a suit the higher card wins. (The trick's winner is its strongest card.)
STRENGTH = {
    T: {L: {c: 16 + ORDER[c] if c[1] == T else ORDER[c] if c[1] == L else -1 for c in ORDER} for L in "SHDC"}
    for T in "SHDC"
}

TITLE = "Swik"
VARIANTS = ()
SEATS = (2, 9)  # the most a table can be; house rules min_players and max_players narrow it
SEAT_RULES = ("min_players", "max_players")  # (the catalogue says so: the session form reads them)
SETTLES = "pot"  # a pot carried from hand to hand (see referee/catalogue.py)
TRICK_GAME = True  # a trick game: the hand-entry page may log tricks card by card or by their winners


# Each house rule: (name, kind, default, label, sentence): the one source that forms, the API, the
# docs and the referee all read. The label and sentences are in the language spoken when _rules() is called:
# RULES is the English, read at import; the catalogue reads the package's RULES, which is _rules() in the
# language it is built in (see __init__.py and catalogue_words()).
def _rules():
    return (
        ("ante", Money, 3, _("Ante"), _("Every player but the dealer pays this into the pot each hand.")),
        ("dealer_ante", Money, 6, _("Dealer's ante"), _("The dealer pays this into the pot instead of the ante.")),
        (
            "dealer_change_fee",
            Money,
            3,
            _("Fee for a new dealer"),
            _("After an Ace or Seven cut moves the deal, each player it moves to pays this into the pot."),
        ),
        (
            "no_cut_penalty",
            Money,
            3,
            _("Penalty for dealing without a cut"),
            _("A dealer who deals without having the cards cut pays this into the pot."),
        ),
        ("misdeal_penalty", Money, 3, _("Misdeal penalty"), _("The seat that dealt pays this for each misdeal.")),
        (
            "high_wraps",
            Ranks("789TJQKA"),
            ["K", "A"],
            _("High wraps"),
            _("Wrapping on a turned card of these ranks obliges the dealer to win more tricks."),
        ),
        (
            "high_wrap_tricks",
            Count(1, 3),
            2,
            _("Tricks needed after a high wrap"),
            _("The tricks a dealer must win after wrapping on a high card."),
        ),
        (
            "double_fall",
            Flag,
            True,
            _("Double fall"),
            _("A dealer who wrapped on a high card and won no trick pays twice the pot."),
        ),
        # House rule: the deck allows at most 9 (9 x 3 + blind 3 + turned 1 = 31 of 32 cards);
        # 2 is the least that can still cut (the cutter is the other player).
        ("min_players", Count(2, 9), 3, _("Fewest players"), _("The fewest players the table plays with.")),
        ("max_players", Count(2, 9), 7, _("Most players"), _("The most players the table plays with.")),
        (
            "odd_cents",
            Choice("carry", "dealer"),
            "carry",
            _("Odd cents"),
            {
                "carry": _("The cents left over when the pot is split in three stay in the pot for the next hand."),
                "dealer": _("The dealer takes the cents left over when the pot is split in three."),
            },
        ),
        (
            "lone_player",
            Choice("takes_pot", "plays_blind"),
            "takes_pot",
            _("One player in"),
            {
                "takes_pot": _("When only one player stays in, that player takes the pot without playing."),
                "plays_blind": _("When only one player stays in, that player plays against the blind hand."),
            },
        ),
        (
            "revoke",
            Choice("abandon", "fall"),
            "abandon",
            _("A revoke"),
            {
                "abandon": _("A revoke ends the hand: the pot is not split and the offender pays the pot."),
                "fall": _("A revoke costs the offender a fall, and the hand is played out."),
            },
        ),
        (
            "trips_after_wrap",
            Flag,
            True,
            _("Three of a kind after a wrap"),
            _("A wrapped dealer's three of a kind counts in the hand held after the wrap."),
        ),
    )


# Each action: (sentence, its fields as (name, kind, may be null)), in table order; kinds: seat, card,
# cards (a list of cards), hands (a list per seat), flag, choice, text. The one description that the
# catalogue gives the hand-entry page (its sentence in the language spoken when _events() is called).
def _events():
    return {
        "cut": (
            _("The player to the dealer's right cuts; the card is the one exposed (null: not seen)."),
            (("seat", "seat", False), ("card", "card", True)),
        ),
        "bottom": (
            _("After an Ace or Seven cut, the dealer looks at the bottom card."),
            (("seat", "seat", False), ("card", "card", True)),
        ),
        "deal": (
            _("Three cards to each player and the blind; the next card is turned for trump."),
            (
                ("seat", "seat", False),
                ("hands", "hands", False),
                ("blind", "cards", True),
                ("turned", "card", False),
            ),
        ),
        "misdeal": (
            _("Somebody reports a misdeal; the deal is void and dealt again."),
            (("seat", "seat", False), ("reason", "text", True)),
        ),
        "wrap": (
            _("The dealer takes the turned card (and discards one), or not."),
            (("seat", "seat", False), ("take", "flag", False), ("discard", "card", True)),
        ),
        "declare": (
            _("Each player from the dealer's left says in, out or blind."),
            (("seat", "seat", False), ("choice", "choice", False)),
        ),
        "trips": (
            _("A player in shows three of a kind and takes the pot."),
            (("seat", "seat", False), ("cards", "cards", False)),
        ),
        "play": (_("A player plays a card to the trick."), (("seat", "seat", False), ("card", "card", False))),
        "trick": (_("A trick given only by who won it."), (("winner", "seat", False),)),
    }


with speaking(None):  # (the English, whatever language the module happens to be imported in)
    RULES = _rules()
    EVENTS = _events()
HOUSE_RULES = {name: kind for name, kind, *_unused in RULES}
DEFAULTS = {name: default for name, _unused, default, *_rest in RULES}


@functools.cache
def _words_in(language):
    with speaking(language):
        return {"RULES": _rules(), "EVENTS": _events()}


def catalogue_words(name):
    """RULES or EVENTS with their words in the language spoken now (the catalogue's entry)."""
    return _words_in(current())[name]


CHOICE_FIELDS = {"choice": ("in", "out", "blind")}

ACTIONS = ("cut", "bottom", "deal", "misdeal", "wrap", "declare", "trips", "play", "trick")
CHOICES = ("in", "out", "blind")

# Phases of the current deal.
PRE, DEALT, DECL, AFTER = range(4)  # (then tricks.PLAY and tricks.DONE)
# How a hand ended.
TRICKS, TRIPS, LONE, NOBODY = 1, 2, 3, 4

# AFTER_DEALER[n][d]: the seats in turn from the dealer's left, the dealer last.
REVOKES = ("swik.revoke", "swik.wrapped-lead")  # a lead of the wrapped card counts as a revoke
# Ledger reasons.
WINS_TRICK = "wins a trick"
ODD_CENTS = "odd cents (the dealer takes them)"
TRIPS_TAKES = "three of a kind: takes the pot"
TRIPS_FALLS = "falls (three of a kind)"
LONE_TAKES = "takes the pot (the only player in)"
NO_TRICK = "falls (no trick)"


def _and(words):
    if len(words) <= 1:
        return "".join(words)
    return _("{rest} and {last}").format(rest=", ".join(words[:-1]), last=words[-1])


def card_name(c):
    """The name of card `c` (its text) for people, in the language spoken: "the Ten of hearts" (the core's
    Card.name; Czech and Russian say it in the nominative, so a sentence places it where no case is needed)."""
    return CARDS[c].name


def three_of(rank):
    """ "three Nines", in the language spoken (as the object of "shows" or "holds")."""
    return _threes(current())[rank]


@functools.cache
def _threes(language):
    with speaking(language):
        return {
            "A": _("three Aces"),
            "K": _("three Kings"),
            "Q": _("three Queens"),
            "J": _("three Jacks"),
            "T": _("three Tens"),
            "9": _("three Nines"),
            "8": _("three Eights"),
            "7": _("three Sevens"),
        }


def trump_words(suit):
    """ "hearts are trump", in the language spoken."""
    return _trumps(current())[suit]


@functools.cache
def _trumps(language):
    with speaking(language):
        return {
            "S": _("spades are trump"),
            "H": _("hearts are trump"),
            "D": _("diamonds are trump"),
            "C": _("clubs are trump"),
        }


def stops_words():
    return _("The record stops before the hand ends; the antes and penalties stand and the pot carries.")


class Config:
    """The house rules as the replay reads them (built once for the defaults)."""

    __slots__ = (
        "ante",
        "dealer_ante",
        "fee",
        "no_cut_pen",
        "misdeal_pen",
        "high_wraps",
        "hw_tricks",
        "double_fall",
        "odd_dealer",
        "lone_blind",
        "abandon",
        "trips_after_wrap",
        "min_players",
        "max_players",
    )

    def __init__(self, rules):
        self.ante = rules["ante"]
        self.dealer_ante = rules["dealer_ante"]
        self.fee = rules["dealer_change_fee"]
        self.no_cut_pen = rules["no_cut_penalty"]
        self.misdeal_pen = rules["misdeal_penalty"]
        self.high_wraps = tuple(rules["high_wraps"])
        self.hw_tricks = rules["high_wrap_tricks"]
        self.double_fall = rules["double_fall"]
        self.odd_dealer = rules["odd_cents"] == "dealer"
        self.lone_blind = rules["lone_player"] == "plays_blind"
        self.abandon = rules["revoke"] == "abandon"
        self.trips_after_wrap = rules["trips_after_wrap"]
        self.min_players = rules["min_players"]
        self.max_players = rules["max_players"]


DEFAULT_CONFIG = Config(DEFAULTS)

CONFIGS: dict = {}  # house rules already read, by core.rules_key -> Config (a family's rules, hand after hand)
VARIANT_LIST = (None,)
CLAIMS = ("net", "pot_out")  # House rule: Swik is played for a pot, so a claim of points (`score`) is a bad record.
_ANTES: dict = {}  # (n, dealer, ante, dealer ante) -> (ledger, kinds, net) of the antes alone, copied for each hand
_COPY = dict.copy
_NO_FACTS = {
    "fell": None,
    "double_fall": None,
    "wrapped_rank": None,
    "wrap_made": None,
    "took_blind": None,
    "blind_made": None,
    "trips_win": None,
}


def _antes(n, d, ante, dante):
    """(ledger, kinds, net) of a hand's antes alone, from the record's dealer and everyone else: to be copied,
    never handed out."""
    key = (n, d, ante, dante)
    antes = _ANTES.get(key)
    if antes is None:
        ledger = [{"seat": s, "amount": -ante, "reason": "ante", "event": None} for s in range(n)]
        ledger[d] = {"seat": d, "amount": -dante, "reason": "dealer ante", "event": None}
        net = [-ante] * n
        net[d] = -dante
        antes = (ledger, ["ante"] * n, net)
        if len(_ANTES) < 4096:  # (bounded: a server sees many tables)
            _ANTES[key] = antes
    return antes


def rules_errors(rules, n):
    """What is wrong with house rules that are each right alone, for a table of n (None: not known)."""
    lo, hi = rules["min_players"], rules["max_players"]
    if lo > hi:
        return [
            {
                "event": None,
                "field": "house_rules",
                "message": _("min_players {lo} is more than max_players {hi}").format(lo=lo, hi=hi),
            }
        ]
    if n is not None and not lo <= n <= hi:
        return [
            {
                "event": None,
                "field": "players",
                "message": ngettext(
                    "{n} player at the table; Swik here takes {lo} to {hi} (house rules min_players and max_players)",
                    "{n} players at the table; Swik here takes {lo} to {hi} (house rules min_players and max_players)",
                    n,
                ).format(n=n, lo=lo, hi=hi),
            }
        ]
    return []


def _give_blind(where, own, blind, s):
    """Seat s throws away what is left of his own hand (`own`, if known) and holds the blind."""
    if own is not None:
        for c in own:
            if where.get(c) == s:
                where[c] = GONE
    if blind is not None:
        for c in blind:
            where[c] = s


def _trick_fall(won, wrapped, turned, cfg, pot):
    """(amount, reason) a player who was in pays into the next pot for winning `won` tricks, or None.
    A dealer who wrapped (`wrapped`) needs one trick, or hw_tricks after a high wrap, which with
    double_fall costs him the pot twice if he wins none."""
    if wrapped:
        high = turned[0] in cfg.high_wraps
        need = cfg.hw_tricks if high else 1
        if won >= need:
            return None
        if won == 0 and high and cfg.double_fall:
            return 2 * pot, f"falls twice (wrapped on {turned}, no trick)"
        if won == 0:
            return pot, f"falls (wrapped on {turned}, no trick)"
        return pot, f"falls (wrapped on {turned}, won {won} of the {need} tricks needed)"
    if won == 0:
        return pot, NO_TRICK
    return None


def _tricks_words(names, seats, won, blind):
    """ "Dad took one trick, Mary took two tricks": who of `seats` took tricks (the seat `blind` is the blind)."""
    took = None
    text = ""
    for s in seats:
        k = won[s]
        if k:
            if took is None:
                took = (None, _("{who} took one trick"), _("{who} took two tricks"), _("{who} took three tricks"))
            words = took[k].format(who=_("the blind") if s == blind else names[s])
            text = f"{text}, {words}" if text else words
    return text


def _trips_words(name, shown, rank, pot):
    if shown:
        return _("{who} shows {three} and takes the pot of {pot}").format(who=name, three=three_of(rank), pot=pot)
    return _("{who} holds (not shown; the rule applies anyway) {three} and takes the pot of {pot}").format(
        who=name, three=three_of(rank), pot=pot
    )


def _lone_words(name, pot):
    return _("Only {who} went in and takes the pot of {pot}.").format(who=name, pot=pot)


def _nobody_words(pot_out):
    return _("Nobody went in; the pot of {pot} carries to the next hand.").format(pot=pot_out)


def _falls_words(names, fell):
    """Who fell and what each pays into the next pot, from (seat, amount) in seat order."""
    if len(fell) == 1:
        s, x = fell[0]
        return _("{who} fell and pays {amount} into the next pot").format(who=names[s], amount=x)
    amounts = {x for s, x in fell}
    if len(amounts) == 1:
        return _("{who} fell and pay {amount} each into the next pot").format(
            who=_and([names[s] for s, x in fell]), amount=amounts.pop()
        )
    each = _("{who} fell and pays {amount}")
    return _("{falls} into the next pot").format(falls=_and([each.format(who=names[s], amount=x) for s, x in fell]))


def _deal_cards(ev, n):
    """(where, hands, blind, turned, False) for a good deal of plain cards ("TH", each once), three to each
    hand and to the blind (any of them may be null: unseen), read in bulk; or None for anything else (then
    _deal_cards_slowly reads it card by card, short hands and "10H" included)."""
    hands = ev.get("hands")
    blind = ev.get("blind")
    turned = ev.get("turned")
    if hands.__class__ is not list or len(hands) != n or turned.__class__ is not str:
        return None
    where = {turned: TURNED}
    k = 0
    try:
        for hand in hands:
            if hand.__class__ is list:
                a, b, c = hand  # (ValueError if not three)
                where[a] = where[b] = where[c] = k
            elif hand is not None:
                return None
            k += 1
        count = 3 * (n - hands.count(None)) + 1
        if blind is not None:
            if blind.__class__ is not list:
                return None
            a, b, c = blind
            where[a] = where[b] = where[c] = BLIND
            count += 3
    except (TypeError, ValueError):  # an unhashable "card" (a list, an object); not three cards
        return None
    # A card given twice leaves fewer keys than cards; "10H", "th" or 5 are not in DECK_TEXT.
    if len(where) != count or not DECK_TEXT.issuperset(where):
        return None
    return where, hands, blind, turned, False  # (the replay never changes a dealt hand)


def _by_event(v):
    e = v["event"]
    return -1 if e is None else e


def _card_sort(c):
    return ("SHDC".index(c[1]), -ORDER[c])
