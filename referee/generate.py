"""Random hand records, as a family would log them: for tests, fuzzing, demo data and the benchmark.

Deliberately independent of the replay code (it takes only the table of default house rules from
games/swik/): a generator that shared the replay code would share its bugs, and the property
tests compare the two.

    swik_hand(rng, *, players, dealer=0, pot_in=0, house_rules=None, mistakes=0.05, summary_only=0.0)
    random_house_rules(rng)       a valid Swik house_rules dict (only what differs from the defaults)
    mutate(rng, record)           a damaged copy of a record, for fuzzing

Every random choice comes from `rng`, so a seed gives the same record every time. The choices
that change only how a hand is written down (tricks by winner only, unseen cards left null,
stopping early) are drawn before the hand is played, so the same seed gives the same hand
whether or not it is written as a summary.
"""

from __future__ import annotations

import copy
import math
import random

from referee.games.swik import DEFAULTS as SWIK_DEFAULTS  # the rule book's house-rule defaults, one place

RANKS = "789TJQKA"  # low to high, the same in every suit
SUITS = "SHDC"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
_RANK_VALUE = {rank: i for i, rank in enumerate(RANKS)}


# The table mistakes swik_hand can make, one per hand at most.
MISTAKES = (
    "no-cut",  # the dealer deals without a cut, then it is cut and dealt again
    "misdeal",  # a hand of 2 or 4 cards (reported or not), then a new cut and deal
    "exposed-card",  # a card shown while dealing: the table calls a misdeal on a good-looking deal
    "revoke",  # a player who could follow suit (or trump) plays another card
    "wrapped-lead",  # the dealer leads the card he wrapped on to the first trick
    "out-of-turn",  # two plays of one trick written in the wrong order
    "declare-order",  # two declarations written in the wrong order
    "wrong-cutter",  # somebody other than the dealer's right-hand neighbour cuts
    "unclaimed-trips",  # three of a kind held but not shown (only if someone holds it)
)

_NOTES = {
    "no-cut": ["Joe says he never saw the cut", "forgot to cut again", "Mary: nobody cut!"],
    "misdeal": ["counted the cards after", "Dad dealt too fast", "misdeal, dealt again"],
    "exposed-card": ["the Queen fell face up", "Joe saw a card while dealing"],
    "revoke": ["had one all along!", "Mary: you had a heart!", "caught at the end"],
    "wrong-cutter": ["Mary cut, not Joe", "wrong person cut, nobody minded"],
}


def _suit(card: str) -> str:
    return card[1]


def _rank(card: str) -> int:
    return _RANK_VALUE[card[0]]


def _beats(card: str, best: str, lead: str, trump: str) -> bool:
    """Does `card` beat the trick's best card so far? Trump beats all; otherwise only the suit led counts."""
    if _suit(card) == _suit(best):
        return _rank(card) > _rank(best)
    if _suit(card) == trump:
        return True
    return False


def _legal(hand: list[str], lead: str | None, trump: str) -> list[str]:
    """Follow suit if you can; if not, trump if you can; otherwise anything."""
    if lead is None:
        return list(hand)
    follow = [c for c in hand if _suit(c) == lead]
    if follow:
        return follow
    trumps = [c for c in hand if _suit(c) == trump]
    return trumps or list(hand)


def _trips(hand) -> bool:
    return hand is not None and len(hand) == 3 and len({c[0] for c in hand}) == 1


def _strength(hand: list[str], trump: str) -> float:
    """A family's rough sense of a hand: trumps and Aces win tricks, the rest rarely."""
    score = 0.0
    for card in hand:
        value = _rank(card)
        if _suit(card) == trump:
            score += 1.0 + value / 7
        elif value == 7:
            score += 0.9
        elif value == 6:
            score += 0.45
        elif value == 5:
            score += 0.15
    return score


def random_house_rules(rng: random.Random) -> dict:
    """A valid house_rules dict with a few random parameters changed from the defaults."""
    choices = {
        "ante": [0, 1, 2, 5, 10],
        "dealer_ante": [0, 3, 4, 10, 12],
        "dealer_change_fee": [0, 1, 5],
        "no_cut_penalty": [0, 1, 5, 10],
        "misdeal_penalty": [0, 1, 5, 10],
        "high_wraps": [["A"], ["Q", "K", "A"], [], ["J", "Q", "K", "A"]],
        "high_wrap_tricks": [1, 3],
        "double_fall": [False],
        "odd_cents": ["dealer"],
        "lone_player": ["plays_blind"],
        "revoke": ["fall"],
        "trips_after_wrap": [False],
    }
    keys = sorted(choices)
    picked = rng.sample(keys, rng.randint(0, 5))
    return {key: copy.deepcopy(rng.choice(choices[key])) for key in sorted(picked)}


class _Hand:
    """One hand being made up at the table. Builds `events` in table order."""

    def __init__(self, rng: random.Random, n: int, dealer: int, rules: dict, mistake: str | None, pot_in: int = 0):
        self.rng = rng
        # How hot the pot is: 0 for an ordinary pot, +1 for each doubling beyond it. A fall costs the
        # whole pot, so a real table gets careful as it grows; without this, pots run away.
        ordinary = 2 * (rules["dealer_ante"] + rules["ante"] * (n - 1)) or 1
        self.heat = max(0.0, math.log2(max(pot_in, 1) / ordinary))
        self.n = n
        self.rules = rules
        self.mistake = mistake
        self.dealer = dealer % n  # the designated dealer, moved by Ace and Seven cuts
        self.events: list[dict] = []
        # filled in by the final deal
        self.deal_event: dict | None = None
        self.hands: list[list[str]] = []
        self.blind: list[str] = []
        self.turned = ""
        self.tricks: list[tuple[list[dict], int]] = []  # (play events, winner)

    def add(self, event: dict, note_for: str | None = None) -> dict:
        if note_for and note_for in _NOTES and self.rng.random() < 0.4:
            event["note"] = self.rng.choice(_NOTES[note_for])
        self.events.append(event)
        return event

    # -- the cut --------------------------------------------------------------------------------

    def cut(self, *, wrong_cutter: bool = False) -> None:
        """Cut until a plain card; each Ace or Seven moves the deal (with a look at the bottom card)."""
        rng, n = self.rng, self.n
        while True:
            cutter = (self.dealer - 1) % n
            card = rng.choice(DECK)
            if card[0] not in "A7":
                if wrong_cutter:
                    others = [s for s in range(n) if s != cutter]
                    cutter = rng.choice(others)
                    wrong_cutter = False
                    self.add({"action": "cut", "seat": cutter, "card": None}, "wrong-cutter")
                else:
                    # the cutter says nothing of a plain card, but the table sometimes sees it
                    self.add({"action": "cut", "seat": cutter, "card": card if rng.random() < 0.05 else None})
                return
            self.add({"action": "cut", "seat": cutter, "card": card})
            holder = self.dealer
            self.dealer = (self.dealer + (1 if card[0] == "A" else -1)) % n
            bottom = rng.choice([c for c in DECK if c != card])
            self.add({"action": "bottom", "seat": holder, "card": bottom})
            if bottom[0] == "A":
                self.dealer = (self.dealer + 1) % n
            elif bottom[0] == "7":
                self.dealer = (self.dealer - 1) % n

    # -- the deal -------------------------------------------------------------------------------

    def shuffled_deal(self):
        deck = list(DECK)
        self.rng.shuffle(deck)
        n = self.n
        hands = [deck[3 * i : 3 * i + 3] for i in range(n)]
        blind = deck[3 * n : 3 * n + 3]
        turned = deck[3 * n + 3]
        return hands, blind, turned

    def deal_event_for(self, hands, blind, turned) -> dict:
        return {
            "action": "deal",
            "seat": self.dealer,
            "hands": [list(h) for h in hands],
            "blind": list(blind),
            "turned": turned,
        }

    def bad_deal(self) -> None:
        """A misdeal a count shows: one hand (or the blind) gets a card too many, another one too few."""
        hands, blind, turned = self.shuffled_deal()
        piles = [*hands, blind]
        giver, taker = self.rng.sample(range(len(piles)), 2)
        piles[taker].append(piles[giver].pop())
        self.add(self.deal_event_for(piles[:-1], piles[-1], turned))

    def good_deal(self) -> None:
        self.hands, self.blind, self.turned = self.shuffled_deal()
        self.deal_event = self.add(self.deal_event_for(self.hands, self.blind, self.turned))

    def cut_and_deal(self) -> None:
        """Everything up to the deal that is played, with this hand's deal mistake if it has one."""
        rng, mistake = self.rng, self.mistake
        if mistake == "no-cut":
            hands, blind, turned = self.shuffled_deal()
            self.add(self.deal_event_for(hands, blind, turned), "no-cut")
        self.cut(wrong_cutter=mistake == "wrong-cutter")
        if mistake == "misdeal":
            self.bad_deal()
            if rng.random() < 0.6:
                self.add(
                    {
                        "action": "misdeal",
                        "seat": self.dealer,
                        "reason": rng.choice(["wrong number of cards", "Joe had four cards", "the blind was short"]),
                    },
                    "misdeal",
                )
            self.cut()
        elif mistake == "exposed-card":
            hands, blind, turned = self.shuffled_deal()
            self.add(self.deal_event_for(hands, blind, turned))
            self.add({"action": "misdeal", "seat": self.dealer, "reason": "a card was exposed"}, "exposed-card")
            self.cut()
        self.good_deal()

    # -- wrap, declarations, three of a kind ---------------------------------------------------

    def wrap(self) -> tuple[bool, str | None]:
        rng, trump_rank = self.rng, self.turned[0]
        # the dealer decides on the turned card alone, before he looks at his hand
        chance = {"A": 0.7, "K": 0.6, "7": 0.45}.get(trump_rank, 0.3) / (1 + self.heat)
        if rng.random() < chance:
            dealt = self.hands[self.dealer]
            # he throws away his weakest card: a low card of a plain suit first
            discard = min(dealt, key=lambda c: (_suit(c) == self.turned[1], _rank(c)))
            self.add({"action": "wrap", "seat": self.dealer, "take": True, "discard": discard})
            return True, discard
        if rng.random() < 0.85:  # some families do not write down "no wrap"
            self.add({"action": "wrap", "seat": self.dealer, "take": False})
        return False, None

    def declare(self, wrapped: bool) -> tuple[list[int], int | None, list[dict]]:
        """Declarations left of the dealer round to him. Returns (seats in, blind seat, events)."""
        rng, n, trump = self.rng, self.n, self.turned[1]
        order = [(self.dealer + k) % n for k in range(1, n)]
        if not wrapped:
            order.append(self.dealer)
        ins = [self.dealer] if wrapped else []
        blind_seat = None
        declared = []
        for seat in order:
            hand = self.hands[seat]
            strength = _strength(hand, trump) + rng.uniform(-0.5, 0.5)
            # the more players already in, the more it takes to stay in
            need = 1.1 + 0.35 * len(ins) + 0.45 * self.heat
            if _trips(hand) or strength >= need:
                choice = "in"
            elif blind_seat is None and rng.random() < 0.18 / (1 + self.heat):
                choice = "blind"
            else:
                choice = "out"
            if choice == "blind":
                blind_seat = seat
            if choice != "out":
                ins.append(seat)
            declared.append(self.add({"action": "declare", "seat": seat, "choice": choice}))
        return sorted(ins), blind_seat, declared

    # -- play ------------------------------------------------------------------------------------

    def play_tricks(
        self, held: dict[int, list[str]], leader: int, wrapped_card: str | None, order_of: list[int]
    ) -> list[tuple[list[dict], int]]:
        """Three tricks among the seats in `order_of` (in seat order); the winner leads next."""
        rng, trump = self.rng, self.turned[1]
        mistake = self.mistake
        tricks = []
        for number in range(3):
            start = order_of.index(leader)
            seats = order_of[start:] + order_of[:start]
            plays: list[dict] = []
            lead_suit = None
            best = None
            winner = leader
            for seat in seats:
                hand = held[seat]
                if lead_suit is None:
                    options = list(hand)
                    if number == 0 and wrapped_card in hand and seat == self.dealer:
                        if mistake == "wrapped-lead":
                            options = [wrapped_card]
                            self.mistake = mistake = None
                        else:
                            options.remove(wrapped_card)
                    card = self.choose_lead(options)
                else:
                    legal = _legal(hand, lead_suit, trump)
                    illegal = [c for c in hand if c not in legal]
                    if mistake == "revoke" and illegal and rng.random() < 0.6:
                        card = rng.choice(illegal)
                        self.mistake = mistake = None
                        hand.remove(card)
                        plays.append({"action": "play", "seat": seat, "card": card})
                        if rng.random() < 0.4:
                            plays[-1]["note"] = rng.choice(_NOTES["revoke"])
                        if _beats(card, best, lead_suit, trump):
                            best, winner = card, seat
                        continue
                    card = self.choose_follow(legal, best, lead_suit)
                hand.remove(card)
                plays.append({"action": "play", "seat": seat, "card": card})
                if lead_suit is None:
                    lead_suit, best = _suit(card), card
                elif _beats(card, best, lead_suit, trump):
                    best, winner = card, seat
            tricks.append((plays, winner))
            leader = winner
        return tricks

    def choose_lead(self, options: list[str]) -> str:
        trump = self.turned[1]
        if self.rng.random() < 0.6:
            return max(options, key=lambda c: (_suit(c) == trump, _rank(c)))
        return self.rng.choice(options)

    def choose_follow(self, legal: list[str], best: str, lead_suit: str) -> str:
        trump = self.turned[1]
        winners = [c for c in legal if _beats(c, best, lead_suit, trump)]
        if winners and self.rng.random() < 0.8:
            return min(winners, key=lambda c: (_suit(c) == trump, _rank(c)))
        if self.rng.random() < 0.8:
            return min(legal, key=lambda c: (_suit(c) == trump, _rank(c)))
        return self.rng.choice(legal)


def swik_hand(
    rng: random.Random,
    *,
    players: list[str],
    dealer: int = 0,
    pot_in: int = 0,
    house_rules: dict | None = None,
    mistakes: float = 0.05,
    summary_only: float = 0.0,
    incomplete: float = 0.03,
) -> dict:
    """A realistic random Swik record (handrec/1), mistakes included, as a family would log it.

    `mistakes` is the chance the hand has one of the table mistakes in MISTAKES; `summary_only` the
    chance its tricks are written by winner only; `incomplete` the chance the record stops early.
    """
    n = len(players)
    rules = {**SWIK_DEFAULTS, **(house_rules or {})}
    # How the hand is written down is drawn first (see the module docstring).
    mistake = rng.choice(MISTAKES) if rng.random() < mistakes else None
    summary = rng.random() < summary_only
    hide_unseen = rng.random() < 0.3
    stop_at = rng.random()
    stops_early = rng.random() < incomplete

    table = _Hand(rng, n, dealer, rules, mistake, pot_in)
    table.cut_and_deal()
    wrapped, discard = table.wrap()
    d = table.dealer
    ins, blind_seat, declared = table.declare(wrapped)
    if mistake == "declare-order" and len(declared) >= 2:
        i = rng.randrange(len(declared) - 1)
        a, b = table.events.index(declared[i]), table.events.index(declared[i + 1])
        table.events[a], table.events[b] = table.events[b], table.events[a]

    # the hand each player who is in plays with
    held: dict[int, list[str]] = {}
    for seat in ins:
        if seat == blind_seat:
            held[seat] = list(table.blind)
        elif seat == d and wrapped:
            held[seat] = [c for c in table.hands[seat] if c != discard] + [table.turned]
        else:
            held[seat] = list(table.hands[seat])

    # three of a kind, shown once every declaration is made
    shown = False
    for seat in ins:
        counts = held[seat]
        if seat == d and wrapped and not rules["trips_after_wrap"]:
            counts = table.hands[seat]
        if _trips(counts):
            if mistake == "unclaimed-trips":
                continue
            table.add({"action": "trips", "seat": seat, "cards": list(counts)})
            shown = True

    blind_played = False
    if not shown and ins:
        tricks = None
        if len(ins) >= 2:
            leader = d if d in ins else next((d + k) % n for k in range(1, n) if (d + k) % n in ins)
            tricks = table.play_tricks(held, leader, table.turned if wrapped else None, ins)
        elif rules["lone_player"] == "plays_blind" and ins[0] != d and ins[0] != blind_seat:
            # the lone player against the blind hand, which the dealer's seat plays for it
            lone = ins[0]
            blind_played = True
            held[d] = list(table.blind)
            tricks = table.play_tricks(held, lone, None, sorted([lone, d]))
        if tricks:
            if mistake == "out-of-turn":
                plays, _ = rng.choice(tricks)
                i = rng.randrange(len(plays) - 1)
                plays[i], plays[i + 1] = plays[i + 1], plays[i]
            for plays, winner in tricks:
                if summary:
                    table.add({"action": "trick", "winner": winner})
                else:
                    table.events.extend(plays)

    if hide_unseen and table.deal_event is not None:
        # cards nobody saw: folded hands, the hand a blind taker threw away, an unplayed blind
        deal = table.deal_event
        for seat in range(n):
            if seat not in ins or seat == blind_seat:
                deal["hands"][seat] = None
        if blind_seat is None and not blind_played:
            deal["blind"] = None

    events = table.events
    if stops_early and len(events) > 1:
        events = events[: max(1, int(len(events) * stop_at))]

    return {
        "format": "handrec/1",
        "game": "swik",
        "variant": None,
        "players": list(players),
        "dealer": dealer,
        "pot_in": pot_in,
        "house_rules": copy.deepcopy(house_rules) if house_rules else {},
        "events": events,
    }


# -- fuzzing -------------------------------------------------------------------------------------

_GARBAGE = ["ZZ", "10H", "ah", "1S", "", "AX", "KK", "JK", "A", "AS ", 7, None, 3.5, True, [], {}]
_ODD_VALUES = ["2", 2.0, -1, 99, None, True, "", [], {}, "x", 10**30, -(10**30), float("nan")]


def _positions(value, parent=None, key=None, out=None):
    """Every (container, key) in a JSON-ish tree."""
    if out is None:
        out = []
    if parent is not None:
        out.append((parent, key))
    if isinstance(value, dict):
        for k in list(value):
            _positions(value[k], value, k, out)
    elif isinstance(value, list):
        for i in range(len(value)):
            _positions(value[i], value, i, out)
    return out


def _card_positions(record):
    out = []
    for container, key in _positions(record):
        value = container[key]
        if isinstance(value, str) and len(value) == 2 and value[1] in SUITS and value[0] in RANKS:
            out.append((container, key))
    return out


def mutate(rng: random.Random, record: dict) -> dict:
    """A copy of `record` with one to three random changes of the kinds a bad file or a bad form has."""
    record = copy.deepcopy(record)
    for _ in range(rng.randint(1, 3)):
        record = _mutate_once(rng, record)
    return record


def _odd(rng: random.Random, values):
    # a fresh copy: the same [] or {} in two places would let a later change make a cycle
    return copy.deepcopy(rng.choice(values))


def _mutate_once(rng: random.Random, record):
    if not isinstance(record, dict):
        return _odd(rng, [record, {}, [], "handrec/1"])
    events = record.get("events")
    events = events if isinstance(events, list) else None
    kind = rng.choice(
        [
            "drop-event",
            "duplicate-event",
            "swap-events",
            "other-card",
            "garbage-card",
            "odd-seat",
            "list-to-string",
            "remove-key",
            "unknown-key",
            "odd-value",
            "action",
            "top-field",
        ]
    )
    if kind in ("drop-event", "duplicate-event", "swap-events") and events:
        i = rng.randrange(len(events))
        if kind == "drop-event":
            del events[i]
        elif kind == "duplicate-event":
            events.insert(i, copy.deepcopy(events[i]))
        else:
            j = rng.randrange(len(events))
            events[i], events[j] = events[j], events[i]
        return record
    if kind in ("other-card", "garbage-card"):
        cards = _card_positions(record)
        if cards:
            container, key = rng.choice(cards)
            container[key] = rng.choice(DECK) if kind == "other-card" else _odd(rng, _GARBAGE)
        return record
    if kind == "odd-seat" and events:
        with_seat = [e for e in events if isinstance(e, dict) and "seat" in e]
        if with_seat:
            rng.choice(with_seat)["seat"] = _odd(rng, _ODD_VALUES)
        return record
    if kind == "action" and events:
        event = rng.choice(events)
        if isinstance(event, dict):
            event["action"] = rng.choice(
                ["pass", "Play", "", None, 1, "deal", "trick", "trips", "misdeal", "bottom", "cut", "wrap", "declare"]
            )
        return record
    if kind == "top-field":
        field = rng.choice(
            ["format", "game", "variant", "players", "dealer", "pot_in", "house_rules", "events", "claimed"]
        )
        record[field] = _odd(
            rng,
            [
                *_ODD_VALUES,
                "handrec/2",
                "sedma",
                "poker",
                ["A", "B"],
                ["A"] * 10,
                {"ante": -1},
                {"bogus": 1},
                {"revoke": "shout"},
                {"high_wraps": "K"},
                {"net": [1, 2]},
                {"net": "x"},
                {"pot_out": 5},
            ],
        )
        return record
    positions = _positions(record)
    if not positions:
        return record
    container, key = rng.choice(positions)
    value = container[key]
    if kind == "list-to-string" and isinstance(value, list):
        container[key] = " ".join(str(v) for v in value)
    elif kind == "remove-key" and isinstance(container, dict):
        del container[key]
    elif kind == "unknown-key" and isinstance(value, dict):
        value[rng.choice(["extra", "colour", "Seat", "cards2", "_why"])] = _odd(rng, _ODD_VALUES)
    else:
        container[key] = _odd(rng, _ODD_VALUES)
    return record
