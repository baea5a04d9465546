"""A game of Sedma: {"format": "handrec/1", "game": "sedma", "variant": ..., "players": [...], "deals": [record,
...]}: each deal ruled with its number in the game (the 4p partnerships change every partners_rotate_every deals),
the running totals, the winners, and in 3p the crowns.

Each deal is a deal record; the fields it leaves out (format, game, variant, players, house_rules) are the game's,
and those it gives must equal the game's. Its dealer, if left out, is the seat of its deal event.
House rule: a void deal (a misdeal) is not one of the game's deals: it has no number and adds nothing.
A game is `complete` when every deal it holds is played out (the rule book). House rule: it has winners only once
it holds deals_per_game deals; a shorter record names nobody yet.
House rule: in 2p and 3p a game is deals_per_game deals too; 3p games are won on crowns.
"""

import importlib

from ... import core
from ...record import BadRecord, describe, error, read_claimed, read_header
from ...ruling import COMPLETE, INCOMPLETE, VOID, discrepancies
from .rules import CLAIMS, PLAYERS
from .said import _, ngettext
from .table import Sedma

INHERITED = ("format", "game", "variant", "players")


def _mod():
    """The sedma package (which imports this module, so it is looked up when a game is ruled)."""
    return importlib.import_module(__package__)


def _tag(errors, k):
    for e in errors:
        e["deal"] = k
    return errors


def _deal_records(record, errors):
    """The game's header (core.Header, house rules read) and each deal as a full record."""
    mod = _mod()
    head = dict(record, events=[], dealer=record.get("dealer", 0))
    head.pop("deals", None)
    h = read_header(head, mod.GAME, mod.HOUSE_RULES, mod.DEFAULTS, errors, variants=mod.VARIANT_LIST)
    errors.extend(mod.rules_errors(h.rules, h.n))
    if h.claimed:
        read_claimed(h.claimed, h.n, CLAIMS, errors)
    if h.n is not None and h.variant in PLAYERS and PLAYERS[h.variant] != h.n:
        errors.append(
            error(
                None,
                "players",
                _("the {variant} game is for {players} players, not {n}").format(
                    variant=h.variant, players=PLAYERS[h.variant], n=h.n
                ),
            )
        )
    deals = record.get("deals")
    if deals.__class__ is not list:
        errors.append(
            error(
                None,
                "deals",
                _("'deals' must be the list of the game's deal records, not {what}").format(what=describe(deals)),
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
                        _("deal {k} must be a deal record (an object), not {what}").format(k=k, what=describe(d)),
                    ),
                    deal=k,
                )
            )
            continue
        for key in INHERITED:
            if key in d and key in record and d[key] != record[key]:
                errors.append(
                    dict(
                        error(
                            None,
                            key,
                            _("deal {k}: its '{key}' differs from the game's ({what})").format(
                                k=k, key=key, what=describe(d[key])
                            ),
                        ),
                        deal=k,
                    )
                )
        given = d.get("house_rules")
        if given:
            own = read_header(
                {
                    "format": "handrec/1",
                    "players": ["x"],
                    "dealer": 0,
                    "events": [],
                    "house_rules": given,
                    "variant": h.variant,
                },
                mod.GAME,
                mod.HOUSE_RULES,
                mod.DEFAULTS,
                [],
                variants=mod.VARIANT_LIST,
            ).rules
            if own != h.rules:
                errors.append(
                    dict(
                        error(None, "house_rules", _("deal {k}: its house rules differ from the game's").format(k=k)),
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
    """(header, [(deal record, table, ruling)]) or BadRecord naming every problem (with its deal)."""
    mod = _mod()
    errors = []
    h, recs = _deal_records(record, errors)
    if errors:
        raise BadRecord(errors)
    cfg = mod.DEFAULT_CONFIG if h.rules is mod.DEFAULTS else mod.Config(h.rules)
    out = []
    number = 0
    last = len(recs) - 1
    for k, rec in enumerate(recs):
        try:
            dh = core.quick_header(rec, mod) or core.read(rec, mod)
            t = Sedma(dh.n, dh.players, dh.dealer, 0, cfg, dh.claimed, number=number + 1)
            ruling = t.rule(dh.events, rec)
        except BadRecord as e:
            errors.extend(_tag(e.errors, k))
            continue
        if ruling["status"] == VOID:
            ruling["deal"] = None
        else:
            number += 1
            ruling["deal"] = number
            if number > cfg.deals_per_game:
                errors.append(
                    dict(
                        error(
                            None,
                            "deals",
                            _("deal {k} would be deal {number} of a game of {deals}").format(
                                k=k, number=number, deals=cfg.deals_per_game
                            ),
                        ),
                        deal=k,
                    )
                )
            if ruling["status"] == INCOMPLETE and k != last:
                errors.append(
                    dict(
                        error(None, "events", _("deal {k} is unfinished; only a game's last deal may be").format(k=k)),
                        deal=k,
                    )
                )
        out.append((rec, t, ruling))
    if errors:
        raise BadRecord(errors)
    return h, cfg, out


def replay_game(record):
    """The ruling of a game record."""
    h, cfg, ruled = _rule_deals(record)
    n = h.n
    totals = [0] * n
    crowns = [0] * n
    net = [0] * n
    running = []
    violations = []
    ledger = []
    played = 0
    complete_all = True
    for k, (_rec, _t, r) in enumerate(ruled):
        for v in r["violations"]:
            violations.append(dict(v, deal=k))
        for e in r["ledger"]:
            ledger.append(dict(e, deal=k))
        net = [a + b for a, b in zip(net, r["net"])]
        if r["status"] == VOID:
            continue
        played += 1
        if r["status"] != COMPLETE:
            complete_all = False
            continue
        sc = r["score"]
        totals = [a + b for a, b in zip(totals, sc["players"])]
        if "crowns" in sc:
            crowns = [a + b for a, b in zip(crowns, sc["crowns"])]
        running.append(totals[:])
    status = COMPLETE if complete_all and played else INCOMPLETE
    over = status == COMPLETE and played == cfg.deals_per_game
    by = crowns if h.variant == "3p" else totals
    best = max(by) if by else 0
    winners = [s for s in range(n) if by[s] == best] if over else []
    score = {"players": totals, "running": running, "winners": winners}
    if h.variant == "3p":
        score["crowns"] = crowns
    names = h.players
    lead = and_names(names, [s for s in range(n) if by[s] == best]) if running else ""
    if h.variant == "3p":
        what = ngettext("{n} crowns", "{n} crowns", best).format(n=best)
    else:
        what = ngettext("{n} points", "{n} points", best).format(n=best)
    if over:
        summary = ngettext(
            "After {played} deals {lead} won with {score}.", "After {played} deals {lead} won with {score}.", played
        ).format(played=played, lead=lead, score=what)
    elif running:
        summary = ngettext(
            "{played} of {deals} deals; {lead} leads with {score}.",
            "{played} of {deals} deals; {lead} leads with {score}.",
            cfg.deals_per_game,
        ).format(played=played, deals=cfg.deals_per_game, lead=lead, score=what)
    else:
        summary = ngettext(
            "No deal finished yet (a game of {deals}).", "No deal finished yet (a game of {deals}).", cfg.deals_per_game
        ).format(deals=cfg.deals_per_game)
    pot_in = h.pot_in or 0
    doc = {
        "format": "ruling/1",
        "game": "sedma",
        "status": status,
        "violations": violations,
        "ledger": ledger,
        "net": net,
        "pot_in": pot_in,
        "pot_out": pot_in - sum(net),
        "score": score,
        "tricks": None,
        "summary": summary,
        "deals": [r for _, _, r in ruled],
    }
    if h.claimed:
        doc["discrepancies"] = discrepancies(h.claimed, net, doc["pot_out"], score)
    return doc


def and_names(names, seats):
    words = [names[s] for s in seats]
    return words[0] if len(words) == 1 else _("{names} and {last}").format(names=", ".join(words[:-1]), last=words[-1])


def steps_game(record):
    """Each deal's states (with "deal": k), then the game's ruling."""
    final = replay_game(record)
    h, cfg, ruled = _rule_deals(record)
    for k, (rec, t0, _r) in enumerate(ruled):
        t = Sedma(t0.n, t0.names, t0.dealer, 0, cfg, None, number=t0.number)
        for i, ev in enumerate(rec["events"]):
            before = len(t.violations)
            mark = t.mark()
            t.step(i, ev)
            state = t.snapshot(i, ev, t.describe(i, ev, before, mark))
            state["deal"] = k
            yield state
    yield {"index": None, "event": None, "final": True, "ruling": final, "text": final["summary"]}


def legal_game(record):
    """What comes next in a game: the last deal's next event, or a new deal by the next dealer."""
    final = replay_game(record)
    h, cfg, ruled = _rule_deals(record)
    if ruled and ruled[-1][2]["status"] == INCOMPLETE:
        rec, t0, r = ruled[-1]
        t = Sedma(t0.n, t0.names, t0.dealer, 0, cfg, None, number=t0.number)
        t.run(rec["events"])
        turn, options = t.legal()
        deal = len(ruled) - 1
    elif final["score"]["winners"]:
        turn, options, deal = None, [], None
    else:
        d = (ruled[-1][2]["facts"]["next_dealer"]) if ruled else record.get("dealer", 0)
        d = d if d.__class__ is int and 0 <= d < h.n else 0
        turn, options, deal = d, [{"action": "deal", "seat": d}], len(ruled)
    return {
        "format": "legal/1",
        "game": "sedma",
        "turn": turn,
        "options": options,
        "done": not options,
        "status": final["status"],
        "deal": deal,
        "table": None,
    }
