"""A points game's score sheet: each deal's points per seat, the running totals and the game's end."""

from django.utils.translation import pgettext

from archive.common import catalogue
from archive.table.models import Hand, Seat


def score_sheet(session) -> dict:
    """The score sheet of a points game: each live hand's points per seat (the ruling's "score": a list a seat,
    or an object with "players", a list a seat, and perhaps "sides" and "crowns"; else each seat's net in its
    facts) and the running totals, read from the stored rulings. Where the score names sides (partnerships),
    a row starts a block when they change; where it has crowns, they are summed too. A game of a fixed length
    (the house rule deals_per_game) is finished when that many hands are complete, a game to a target (the house
    rule target) when a running total reaches it: then it has winners."""
    seats = list(Seat.objects.filter(session=session).select_related("player").order_by("position"))
    n = len(seats)
    names = [s.player.name for s in seats]
    rows, totals = [], [0] * n
    crowns = None
    complete = 0
    sides_before = None
    hands = (
        Hand.objects.filter(session=session, deleted_at__isnull=True)
        .order_by("number")
        .values("id", "number", "status", "ruling")
    )
    for hand in hands:
        ruling = hand["ruling"] or {}
        points = ruling.get("score")
        score = points if isinstance(points, dict) else {}
        if score:
            points = score.get("players")
        if not isinstance(points, list):
            points = ((ruling.get("facts") or {}).get("seats") or {}).get("net") or ruling.get("net")
        # A seat's points may be unknown (None: the referee could not count the cards left in his hand); his
        # total is then unknown from that hand on, never a guess.
        points = [
            p if isinstance(p, int) and not isinstance(p, bool) else (None if p is None and score else 0)
            for p in (points or [])
        ][:n]
        points += [0] * (n - len(points))
        totals = [None if a is None or b is None else a + b for a, b in zip(totals, points)]
        row = {
            "id": hand["id"],
            "number": hand["number"],
            "status": hand["status"],
            "points": points,
            "totals": totals,
            "summary": ruling.get("summary", ""),
            "block": None,
            "crowns": None,
        }
        sides = score.get("sides")
        if isinstance(sides, list) and any(isinstance(x, list) and len(x) > 1 for x in sides) and sides != sides_before:
            against, and_ = pgettext("sides of a deal", "against"), pgettext("joining names", "and")
            row["block"] = f" {against} ".join(
                f" {and_} ".join(names[s] for s in side if isinstance(s, int) and 0 <= s < n) for side in sides
            )
            sides_before = sides
        c = score.get("crowns")
        if isinstance(c, list) and len(c) == n and all(isinstance(x, int) for x in c):
            crowns = [a + b for a, b in zip(crowns or [0] * n, c)]
            row["crowns"] = c
            row["crown_totals"] = crowns
        complete += hand["status"] == "complete"
        rows.append(row)
    length = _game_length(session)
    target = _game_target(session)
    by = crowns if crowns is not None else totals
    known = [i for i in range(n) if by[i] is not None]
    finished = bool(length and complete >= length) or bool(
        target and known and rows and max(by[i] for i in known) >= target
    )
    best = max(by[i] for i in known) if known and rows else None
    return {
        "players": [s.player for s in seats],
        "rows": rows,
        "totals": totals,
        "crowns": crowns,
        "leader": max(known, key=lambda i: by[i]) if known and rows else None,
        "length": length,
        "target": target,
        "finished": finished,
        # (no winner is named while a total is unknown: it might be the highest)
        "winners": [seats[i].player for i in known if by[i] == best] if finished and len(known) == n else [],
        "unknown": [seats[i].player for i in range(n) if by[i] is None],
    }


def _game_target(session):
    """The total that ends a game of this session's game (its house rule target, as in rummy), or None."""
    entry = catalogue.game_entry(session.game) or {}
    for rule in entry.get("house_rules") or ():
        if rule["name"] == "target":
            value = (session.house_rules or {}).get("target", rule["default"])
            return value if isinstance(value, int) and not isinstance(value, bool) else None
    return None


def _game_length(session):
    """The hands that make a game of this session's game (its house rule deals_per_game), or None."""
    entry = catalogue.game_entry(session.game) or {}
    for rule in entry.get("house_rules") or ():
        if rule["name"] == "deals_per_game":
            value = (session.house_rules or {}).get("deals_per_game", rule["default"])
            return value if isinstance(value, int) else None
    return None
