"""The demo family's two open disputes with versions (issue 31), for a new user to open and compare: a Swik
hand that Mary says began with a misdeal, and a Seka showdown where she says a shown card was another one.

Each version is made from the stored record, changed as the person telling it would change it, and goes
through the ordinary services (dispute_open, version_propose), so the dispute page rules it like any other.
Both stay open: settling is the new user's to try."""

from __future__ import annotations

import referee
from archive.table import services
from archive.table.models import Hand, Session
from archive.table.services.versions import fill_version
from referee.cards import card
from referee.games.seka.values import DECK as SEKA_DECK


def _recent_hands(family, game):
    """The family's hands of `game`, newest night first and the middle of each night first: a disputed hand
    with hands after it shows what the version carries into the rest of the night."""
    sessions = Session.objects.filter(family=family, game=game, deleted_at__isnull=True).order_by("-started_at")
    for session in sessions[:12]:
        hands = list(
            Hand.objects.filter(session=session, deleted_at__isnull=True, status="complete").order_by("number")
        )
        middle = len(hands) // 3
        yield from hands[middle:-2] + hands[:middle]


def _rules_apart(hand, record) -> bool:
    """True when the referee rules `record`, filled in the hand's place, with money other than the hand's."""
    try:
        ruling = referee.replay(fill_version(hand, record))
    except referee.BadRecord:
        return False
    return ruling.get("status") == "complete" and ruling.get("net") != (hand.ruling or {}).get("net")


def _misdeal_first(record):
    """Mary's story of a Swik hand: a first deal giving one player four cards and the next one two, called a
    misdeal, then the cut and deal that were logged. None when the logged deal does not show every hand."""
    events = record.get("events") or []
    at = next((i for i, ev in enumerate(events) if ev.get("action") == "deal"), None)
    if at is None or any(ev.get("action") == "misdeal" for ev in events):
        return None
    deal = events[at]
    hands = deal.get("hands") or []
    if len(hands) < 3 or not all(isinstance(h, list) and len(h) == 3 and all(h) for h in hands):
        return None
    dealer = record["dealer"]
    four, two = (dealer + 1) % len(hands), (dealer + 2) % len(hands)
    bad = [list(h) for h in hands]
    bad[four].append(bad[two].pop())
    names = record["players"]
    misdeal = {
        "action": "misdeal",
        "seat": dealer,
        "reason": f"{names[four]} had four cards and {names[two]} two",
    }
    version = dict(record, events=[*events[:at], dict(deal, hands=bad), misdeal, *events])
    return version, names[dealer], names[four], names[two]


def _other_card_shown(record):
    """Mary's story of a Seka showdown: one card a player showed was another card, one nobody held.
    Yields (version, player, card said, card logged) for each such change, best first."""
    events = record.get("events") or []
    deal = next((ev for ev in events if ev.get("action") == "deal"), None)
    shows = [ev for ev in events if ev.get("action") == "show" and ev.get("cards")]
    if deal is None or len(shows) < 2:
        return
    held = {c for h in deal.get("hands") or [] for c in (h or []) if c} | set(deal.get("middle") or [])
    free = [c for c in reversed(SEKA_DECK) if c not in held]  # Aces first: the story that changes most
    for show in shows:
        seat = show["seat"]
        for i, logged in enumerate(show["cards"]):
            for said in free[:8]:
                new_events = []
                for ev in events:
                    if ev is deal:
                        hands = [list(h) if h else h for h in deal["hands"]]
                        hands[seat] = [said if c == logged else c for c in hands[seat]]
                        ev = dict(ev, hands=hands)
                    elif ev is show:
                        ev = dict(ev, cards=[said if j == i else c for j, c in enumerate(show["cards"])])
                    new_events.append(ev)
                yield dict(record, events=new_events), record["players"][seat], said, logged


def open_disputes_with_versions(*, family, users, stdout) -> int:
    """The two open disputes with versions; answers how many were made (a small demo may lack a night)."""
    demo, mary = users["demo"], users["mary"]
    made = 0
    for hand in _recent_hands(family, "swik"):
        story = _misdeal_first(hand.record)
        if story is None or not _rules_apart(hand, story[0]):
            continue
        version, dealer, four, two = story
        dispute = services.dispute_open(
            hand=hand,
            title="That was a misdeal!",
            text=f"{dealer}'s first deal gave {four} four cards and {two} two. We gathered them and dealt again, "
            "and nobody paid the misdeal.",
            by=mary,
        )
        services.dispute_reply(dispute=dispute, text="I logged the deal we played. Let the referee look.", by=demo)
        services.version_propose(
            dispute=dispute,
            record=version,
            by=mary,
            why=f"Mary's story: a misdeal first ({four} four cards, {two} two), then the deal we played.",
        )
        made += 1
        break
    for hand in _recent_hands(family, "seka"):
        story = next((s for s in _other_card_shown(hand.record) if _rules_apart(hand, s[0])), None)
        if story is None:
            continue
        version, player, said, logged = story
        dispute = services.dispute_open(
            hand=hand,
            title="Who won the showdown?",
            text=f"{player} showed {card(said).name}, not {card(logged).name}. I saw it on the table.",
            by=mary,
        )
        services.version_propose(
            dispute=dispute,
            record=version,
            by=mary,
            why=f"Mary's story: {player} showed {card(said).name} where the log has {card(logged).name}.",
        )
        made += 1
        break
    stdout.write(f"  {made} open disputes with versions to compare")
    return made
