"""Reads of the referee's catalogue for the pages and the API: which games exist, their house rules,
how they settle, and whether a session's header (game, variant, house rules, seats) is one the referee
can rule on. The archive never keeps its own copy of a game's rules: everything here asks referee."""

import referee
from archive.models import Hand, Seat

# Every amount of money that enters through a form or the API is bounded here: $1,000 in cents.
MONEY_MAX = 100_000


def catalogue() -> list[dict]:
    return referee.games()


def game_entry(name) -> dict | None:
    """The catalogue entry of one game, or None for a game the referee does not know."""
    return next((g for g in catalogue() if g["name"] == name), None)


def game_choices() -> list[tuple[str, str]]:
    return [(g["name"], g["title"]) for g in catalogue()]


def settles_of(name) -> str | None:
    """ "pot", "stakes" or "points" (how the game moves money or score), None for an unknown game."""
    entry = game_entry(name)
    return entry["settles"] if entry else None


def variant_values(entry) -> list[str]:
    """A game's variants as the values a session stores (the catalogue may give names or dicts)."""
    out = []
    for v in entry.get("variants") or []:
        out.append(v.get("name") if isinstance(v, dict) else str(v))
    return out


def default_variant(entry) -> str | None:
    """The variant a session of this game has when the form or the API names none: the catalogue's first."""
    words = entry.get("variant_words") or []
    return words[0]["value"] if words else None


def table_size(entry, house_rules=None) -> tuple[int, int]:
    """The fewest and most players of a session of this game under these house rules (the rules that narrow
    the table, where the catalogue names them, at their book's value unless the session changes them)."""
    lo, hi = entry["seats"]["min"], entry["seats"]["max"]
    names = entry["seats"].get("house_rules") or {}
    values = defaults_of(entry) | (house_rules or {})
    lo = values.get(names.get("min"), lo)
    hi = values.get(names.get("max"), hi)
    return lo, hi


def defaults_of(entry) -> dict:
    return {r["name"]: r["default"] for r in entry["house_rules"]}


def only_changes(entry, rules: dict) -> dict:
    """The rules that differ from the game's book (a record's house_rules holds only those)."""
    defaults = defaults_of(entry)
    return {k: v for k, v in rules.items() if k not in defaults or defaults[k] != v}


def _kind_problem(rule, value):
    kind = rule["kind"]
    name = rule["label"]
    if kind == "money":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MONEY_MAX:
            return f"{name} is a whole number of cents from 0 to {MONEY_MAX}."
    elif kind == "flag":
        if not isinstance(value, bool):
            return f"{name} is true or false."
    elif kind == "count":
        if isinstance(value, bool) or not isinstance(value, int) or not rule["min"] <= value <= rule["max"]:
            return f"{name} is a whole number from {rule['min']} to {rule['max']}."
    elif kind == "choice":
        values = [c["value"] for c in rule["choices"]]
        if value not in values:
            return f"{name} is one of " + ", ".join(f"“{v}”" for v in values) + "."
    elif kind == "ranks":
        values = [r["value"] for r in rule["ranks"]]
        if not isinstance(value, list) or any(v not in values for v in value) or len(set(value)) != len(value):
            return f"{name} is a list of ranks among " + " ".join(values) + "."
    return None


def header_problems(*, game, variant=None, house_rules=None, seats=None) -> list[str]:
    """Why a session with this header would have every hand refused, in words for the form or the API;
    [] when the referee accepts it. The catalogue names the rules and their kinds; the referee, asked about
    a hand with no events yet, has the last word (e.g. fewer players than the house rules allow)."""
    entry = game_entry(game)
    if entry is None:
        known = ", ".join(g["title"] for g in catalogue())
        return [f"“{game}” is not a game the referee knows; it knows {known}."]
    problems = []
    variants = variant_values(entry)
    if variant and variant not in variants:
        problems.append(
            f"{entry['title']} has no variant “{variant}”"
            + (f"; its variants are {', '.join(variants)}." if variants else "; it has no variants.")
        )
    rules = house_rules or {}
    if not isinstance(rules, dict):
        return problems + ['The house rules are an object of the rules that differ, e.g. {"ante": 5}.']
    by_name = {r["name"]: r for r in entry["house_rules"]}
    for name, value in rules.items():
        rule = by_name.get(name)
        if rule is None:
            problems.append(
                f"{entry['title']} has no house rule “{name}”; its house rules are " + ", ".join(sorted(by_name)) + "."
            )
            continue
        problem = _kind_problem(rule, value)
        if problem:
            problems.append(problem)
    if problems:
        return problems
    record = {
        "format": "handrec/1",
        "game": game,
        "variant": variant or None,
        "players": [f"seat {i + 1}" for i in range(seats if seats else entry["seats"]["min"])],
        "dealer": 0,
        "pot_in": 0,
        "house_rules": rules,
        "events": [],
    }
    try:
        referee.replay(record)
    except referee.BadRecord as exc:
        problems += [
            e["message"][:1].upper() + e["message"][1:] + "." for e in exc.errors if seats or e["field"] != "players"
        ]
    return problems


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
            row["block"] = " against ".join(
                " and ".join(names[s] for s in side if isinstance(s, int) and 0 <= s < n) for side in sides
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
    entry = game_entry(session.game) or {}
    for rule in entry.get("house_rules") or ():
        if rule["name"] == "target":
            value = (session.house_rules or {}).get("target", rule["default"])
            return value if isinstance(value, int) and not isinstance(value, bool) else None
    return None


def _game_length(session):
    """The hands that make a game of this session's game (its house rule deals_per_game), or None."""
    entry = game_entry(session.game) or {}
    for rule in entry.get("house_rules") or ():
        if rule["name"] == "deals_per_game":
            value = (session.house_rules or {}).get("deals_per_game", rule["default"])
            return value if isinstance(value, int) else None
    return None


def rules_changed(game, house_rules) -> list[dict]:
    """A session's house rules that differ from the book, each with its catalogue entry (label, kind) for words."""
    entry = game_entry(game)
    by_name = {r["name"]: r for r in entry["house_rules"]} if entry else {}
    out = []
    for name, value in (house_rules or {}).items():
        rule = by_name.get(name) or {"name": name, "label": name.replace("_", " "), "kind": "other"}
        out.append({"rule": rule, "value": value})
    return out
