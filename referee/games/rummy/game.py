"""A game of rummy to the target: {"format": "handrec/1", "game": "rummy", "players": [...], "house_rules": {...},
"deals": [hand record, ...]}: each hand ruled, the running totals, and the winners once a total reaches the target.

Each hand is a hand record; the fields it leaves out (format, game, variant, players, house_rules) are the game's,
and those it gives must equal the game's. Its dealer, if left out, is the seat of its deal event.
House rule: a void hand (a misdeal) adds nothing; only the game's last hand may be unfinished.
House rule: when the target is reached the highest total wins; equal highest totals all win.
"""

import importlib

from ... import core
from ...record import BadRecord, describe, error, read_claimed, read_header
from ...ruling import COMPLETE, INCOMPLETE, discrepancies
from .rules import CLAIMS, and_words
from .said import _, ngettext
from .table import Rummy

INHERITED = ("format", "game", "variant", "players")


def _mod():
    """The rummy package (which imports this module, so it is looked up when a game is ruled)."""
    return importlib.import_module(__package__)


def _tagged(errors, k):
    return [dict(e, deal=k) for e in errors]


def _deal_records(record, errors):
    """The game's header (house rules read) and each hand as a full record."""
    mod = _mod()
    head = dict(record, events=[], dealer=record.get("dealer", 0))
    head.pop("deals", None)
    h = read_header(head, mod.GAME, mod.HOUSE_RULES, mod.DEFAULTS, errors, variants=mod.VARIANT_LIST)
    errors.extend(mod.rules_errors(h.rules, h.n))
    if h.claimed:
        read_claimed(h.claimed, h.n, CLAIMS, errors)
    deals = record.get("deals")
    if deals.__class__ is not list:
        errors.append(
            error(
                None,
                "deals",
                _("'deals' must be the list of the game's hand records, not {what}").format(what=describe(deals)),
            )
        )
        return h, []
    out = []
    for k, d in enumerate(deals):
        if d.__class__ is not dict:
            errors.append(
                dict(
                    error(
                        None,
                        "deals",
                        _("hand {k} must be a hand record (an object), not {what}").format(k=k, what=describe(d)),
                    ),
                    deal=k,
                )
            )
            continue
        for key in INHERITED + ("house_rules",):
            if key in d and key in record and d[key] != record[key]:
                errors.append(
                    dict(
                        error(
                            None,
                            key,
                            _("hand {k}: its '{key}' differs from the game's ({what})").format(
                                k=k, key=key, what=describe(d[key])
                            ),
                        ),
                        deal=k,
                    )
                )
        rec = {key: record.get(key) for key in INHERITED}
        rec.update(d)
        rec["house_rules"] = record.get("house_rules")
        rec["pot_in"] = 0
        if "dealer" not in d:
            evs = d.get("events")
            first = evs[0] if evs.__class__ is list and evs and evs[0].__class__ is dict else {}
            rec["dealer"] = first.get("seat", 0) if first.get("action") == "deal" else 0
        out.append(rec)
    return h, out


def _rule_deals(record):
    """(header, config, [(hand record, table, ruling)], the index of the hand that reached the target or None), or
    BadRecord naming every problem (with its hand)."""
    mod = _mod()
    errors = []
    h, recs = _deal_records(record, errors)
    if errors:
        raise BadRecord(errors)
    cfg = mod.DEFAULT_CONFIG if h.rules is mod.DEFAULTS else mod.Config(h.rules)
    out = []
    totals = [0] * h.n
    reached = None
    last = len(recs) - 1
    for k, rec in enumerate(recs):
        if reached is not None:
            errors.append(
                dict(
                    error(
                        None,
                        "deals",
                        _("hand {k} comes after the game was won (the target {target} was reached)").format(
                            k=k, target=cfg.target
                        ),
                    ),
                    deal=k,
                )
            )
            break
        try:
            dh = core.quick_header(rec, mod) or core.read(rec, mod)
            t = Rummy(dh.n, dh.players, dh.dealer, 0, cfg, dh.claimed)
            ruling = t.rule(dh.events, rec)
        except BadRecord as e:
            errors.extend(_tagged(e.errors, k))
            continue
        if ruling["status"] == INCOMPLETE and k != last:
            errors.append(
                dict(
                    error(None, "events", _("hand {k} is unfinished; only a game's last hand may be").format(k=k)),
                    deal=k,
                )
            )
        if ruling["status"] == COMPLETE:
            totals = add_points(totals, ruling["score"]["players"])
            if max((t for t in totals if t is not None), default=0) >= cfg.target:
                reached = k
        out.append((rec, t, ruling))
    if errors:
        raise BadRecord(errors)
    return h, cfg, out, reached


def add_points(totals, points):
    """Running totals plus a hand's points; a seat's total is unknown (None) from a hand whose points are."""
    return [None if a is None or b is None else a + b for a, b in zip(totals, points)]


def replay_game(record):
    """The ruling of a game record."""
    h, cfg, ruled, reached = _rule_deals(record)
    n = h.n
    totals = [0] * n
    running = []
    violations = []
    for k, (_rec, _t, r) in enumerate(ruled):
        violations += [dict(v, deal=k) for v in r["violations"]]
        if r["status"] == COMPLETE:
            totals = add_points(totals, r["score"]["players"])
            running.append(totals[:])
    done = reached is not None
    known = [t for t in totals if t is not None]
    best = max(known) if known else 0
    # House rule: a total that stays unknown (a hand whose cards left were not recorded) may be the highest, so
    # the game names no winner while one is unknown; the target reached still ends it.
    winners = [s for s in range(n) if totals[s] == best] if done and len(known) == n else []
    names = h.players
    lead = and_words([names[s] for s in range(n) if totals[s] == best])
    if done and not winners:
        unknown = and_words([names[s] for s in range(n) if totals[s] is None])
        summary = ngettext(
            "{lead} reached {target} with {points} after {n} hands; no winner can be named, as {unknown}'s total is "
            "unknown.",
            "{lead} reached {target} with {points} after {n} hands; no winner can be named, as {unknown}'s total is "
            "unknown.",
            len(running),
        ).format(lead=lead, target=cfg.target, points=points_words(best), n=len(running), unknown=unknown)
    elif done:
        summary = ngettext(
            "{lead} won the game to {target} with {points} after {n} hands.",
            "{lead} won the game to {target} with {points} after {n} hands.",
            len(running),
        ).format(lead=lead, target=cfg.target, points=points_words(best), n=len(running))
    elif running:
        summary = ngettext(
            "{n} hands played; {lead} leads with {best} of {target}.",
            "{n} hands played; {lead} leads with {best} of {target}.",
            len(running),
        ).format(n=len(running), lead=lead, best=best, target=cfg.target)
    else:
        summary = _("No hand finished yet (a game to {target}).").format(target=cfg.target)
    pot_in = h.pot_in or 0
    doc = {
        "format": "ruling/1",
        "game": "rummy",
        "status": COMPLETE if done else INCOMPLETE,
        "violations": violations,
        "ledger": [],
        "net": [0] * n,
        "pot_in": pot_in,
        "pot_out": pot_in,
        "score": {"players": totals, "running": running, "winners": winners, "target": cfg.target},
        "tricks": None,
        "summary": summary,
        "deals": [r for _rec, _t, r in ruled],
    }
    if h.claimed:
        doc["discrepancies"] = discrepancies(h.claimed, doc["net"], pot_in, doc["score"])
    return doc


def points_words(n):
    """ "45 points" (as the summary has always said it, "1 points" too)."""
    return ngettext("{n} points", "{n} points", abs(n)).format(n=n)


def steps_game(record):
    """Each hand's states (with "deal": k), then the game's ruling."""
    final = replay_game(record)
    _h, cfg, ruled, _reached = _rule_deals(record)
    for k, (rec, t0, _r) in enumerate(ruled):
        t = Rummy(t0.n, t0.names, t0.dealer, 0, cfg)
        for i, ev in enumerate(rec["events"]):
            before = len(t.violations)
            mark = t.mark()
            t.step(i, ev)
            state = t.snapshot(i, ev, t.describe(i, ev, before, mark))
            state["deal"] = k
            yield state
    yield {"index": None, "event": None, "final": True, "ruling": final, "text": final["summary"]}


def legal_game(record):
    """What comes next in a game: the last hand's next event, or a new hand by the next dealer."""
    final = replay_game(record)
    h, cfg, ruled, _reached = _rule_deals(record)
    if ruled and ruled[-1][2]["status"] == INCOMPLETE:
        rec, t0, _r = ruled[-1]
        t = Rummy(t0.n, t0.names, t0.dealer, 0, cfg)
        t.run(rec["events"])
        turn, options = t.legal()
        deal = len(ruled) - 1
    elif final["status"] == COMPLETE:
        turn, options, deal = None, [], None
    else:
        d = ruled[-1][2]["facts"]["next_dealer"] if ruled else record.get("dealer", 0)
        d = d if d.__class__ is int and 0 <= d < h.n else 0
        turn, options, deal = d, [{"action": "deal", "seat": d}], len(ruled)
    return {
        "format": "legal/1",
        "game": "rummy",
        "turn": turn,
        "options": options,
        "done": not options,
        "status": final["status"],
        "deal": deal,
        "table": None,
    }
