"""A dispute's versions ruled side by side: pure reads, nothing saved.

Generic over the games: it reads only the referee's rulings (net, pot, violations, facts' carry) and the
words of its steps, never a game's events, so it works for every game of the catalogue."""

from __future__ import annotations

from django.db.models import Sum
from django.utils import translation
from django.utils.translation import gettext as _

import referee
from archive.common import bounds
from archive.table.carry import carry_of
from archive.table.models import Dispute, DisputeVersion, Hand, LedgerEntry
from archive.table.services.chain import _chain_before, _seats, fill_record, tail_rulings
from referee.language import speaking


def dispute_versions(dispute) -> list[DisputeVersion]:
    """The dispute's versions, version 1 the hand as logged (unsaved while nobody proposed another)."""
    versions = list(dispute.versions.select_related("proposed_by").order_by("number"))
    if not versions:
        versions = [
            DisputeVersion(
                dispute=dispute, number=1, as_logged=True, record=dispute.hand.record, why=DisputeVersion.AS_LOGGED_WHY
            )
        ]
    return versions


def version_name(version) -> str:
    """A version as the reader names it: "as logged" or "version 2" (the model's own str stays English)."""
    if version.as_logged:
        return _("as logged")
    return _("version %(number)s") % {"number": version.number}


def _words(record, language) -> list[str]:
    try:
        return [str(state.get("text") or "") for state in referee.steps(record, language=language)]
    except referee.BadRecord:
        return []


def _stored_later(hand) -> list[dict]:
    """The live hands after `hand` in its session, with each seat's net from the ledger (one aggregate)."""
    later = list(
        Hand.objects.filter(session_id=hand.session_id, deleted_at__isnull=True, number__gt=hand.number)
        .order_by("number")
        .values("id", "number", "pot_out")
    )
    nets: dict[int, dict[int, int]] = {}
    rows = (
        LedgerEntry.objects.filter(hand_id__in=[h["id"] for h in later])
        .values("hand_id", "seat")
        .annotate(net=Sum("amount"))
        .order_by()
    )
    for row in rows:
        nets.setdefault(row["hand_id"], {})[row["seat"]] = row["net"]
    return [dict(h, nets=nets.get(h["id"], {})) for h in later]


def _rule_version(hand, session, seats, record, pot_in, carry, later, n):
    """One column: the version's ruling (or its located error) and what it carries into the rest of the night."""
    column = {"ruling": None, "errors": [], "words": [], "tail": None, "tail_errors": []}
    language = translation.get_language()  # the ruling's words (summary, violations, events): the reader's
    try:
        rec = fill_record(session, seats, record, pot_in=pot_in, dealer=hand.dealer, carry=carry)
        with speaking(language):
            ruling = bounds.replay(rec)
    except referee.BadRecord as exc:
        column["errors"] = exc.errors
        return column
    column.update(ruling=ruling, words=_words(rec, language))
    game = session.game
    tail = {h["number"]: {"net": [h["nets"].get(i, 0) for i in range(n)], "pot_out": h["pot_out"]} for h in later}
    try:
        for later_hand, _record, later_ruling in tail_rulings(
            session, hand.number, ruling["pot_out"], carry_of(game, ruling)
        ):
            tail[later_hand.number] = {"net": list(later_ruling["net"]), "pot_out": later_ruling["pot_out"]}
    except referee.BadRecord as exc:
        column["tail_errors"] = exc.errors
    column["tail"] = tail
    return column


def dispute_comparison(dispute: Dispute) -> dict:
    """Every version of the disputed hand ruled by the referee in the hand's place of the chain, side by side.

    versions   [{version, choosable, errors, ruling, violations, net, pot_out, carry, words, tail...}]
    events     [{index, words: [per version], differs}] with `first_difference` the first index that differs
    money      [{seat, name, nets: [per version], differences: [vs version 1]}]
    later      [{number, nets: [[per seat] per version], differs}] the later hands of the night, and
    night      [{seat, name, totals: [per version], differences}] each seat's whole night after the hand
    """
    hand = dispute.hand
    session = hand.session
    seats = _seats(session)
    names = [s.player.name for s in seats]
    n = len(names)
    versions = dispute_versions(dispute)
    settled = dispute.status == Dispute.Status.RESOLVED
    pot_in, carry = _chain_before(session, hand.number)
    later = _stored_later(hand)
    columns = []
    for v in versions:
        # While open, "as logged" is the hand's own record; settling froze it.
        record = hand.record if (v.as_logged and not settled) else v.record
        col = _rule_version(hand, session, seats, record, pot_in, carry, later, n)
        ruling = col["ruling"]
        col.update(
            version=v,
            name=version_name(v),
            record=record,
            chosen=settled and dispute.chosen_version_id == v.pk and v.pk is not None,
            choosable=ruling is not None and not settled and v.pk is not None and hand.deleted_at is None,
            net=list(ruling["net"]) if ruling else None,
            pot_out=ruling["pot_out"] if ruling else None,
            carry=carry_of(session.game, ruling) if ruling else {},
            violations=[
                {"rule": x.get("rule", ""), "message": x.get("message", ""), "seat": x.get("seat")}
                for x in (ruling.get("violations") or ())
            ]
            if ruling
            else [],
            summary=(ruling or {}).get("summary") or "",
        )
        columns.append(col)
    return {
        "hand": hand,
        "names": names,
        "versions": columns,
        **_events(columns),
        "money": _money(columns, names),
        **_later(columns, later, names),
        "violations": _violation_changes(columns),
    }


def _events(columns) -> dict:
    longest = max((len(c["words"]) for c in columns), default=0)
    events, first = [], None
    for i in range(longest):
        words = [c["words"][i] if i < len(c["words"]) else "" for c in columns]
        differs = len(set(words)) > 1
        if differs and first is None:
            first = i
        events.append({"index": i, "words": words, "differs": differs, "first": False})
    for k, column in enumerate(columns):  # each column's own events, marked where they differ
        column["events"] = [
            {"index": e["index"], "text": e["words"][k], "differs": e["differs"], "first": e["index"] == first}
            for e in events
            if e["words"][k]
        ]
    if first is not None:
        events[first]["first"] = True
    return {"events": events, "first_difference": first}


def _diff(values):
    base = values[0] if values else None
    return [None if (v is None or base is None) else v - base for v in values]


def _money(columns, names) -> list[dict]:
    rows = []
    for seat, name in enumerate(names):
        nets = [c["net"][seat] if c["net"] is not None else None for c in columns]
        diffs = _diff(nets)
        rows.append(
            {
                "seat": seat,
                "name": name,
                "nets": nets,
                "differences": diffs,
                "differs": len(set(nets)) > 1,
                "cells": [{"net": a, "diff": b} for a, b in zip(nets, diffs, strict=True)],
            }
        )
    return rows


def _later(columns, later, names) -> dict:
    hands, totals = [], [[0] * len(names) if c["tail"] is not None else None for c in columns]
    for h in later:
        nets = [c["tail"][h["number"]]["net"] if c["tail"] is not None else None for c in columns]
        pots = [c["tail"][h["number"]]["pot_out"] if c["tail"] is not None else None for c in columns]
        for k, row in enumerate(nets):
            if row is not None:
                totals[k] = [a + b for a, b in zip(totals[k], row, strict=True)]
        hands.append(
            {
                "number": h["number"],
                "nets": nets,
                "pots": pots,
                "differs": len({str(x) for x in nets}) > 1,
                "cells": [
                    {"pot": pot, "seats": list(zip(names, row, strict=True)) if row is not None else []}
                    for row, pot in zip(nets, pots, strict=True)
                ],
            }
        )
    night = []
    for seat, name in enumerate(names):
        values = [
            (c["net"][seat] + t[seat]) if (t is not None and c["net"] is not None) else None
            for c, t in zip(columns, totals, strict=True)
        ]
        diffs = _diff(values)
        night.append(
            {
                "seat": seat,
                "name": name,
                "totals": values,
                "differences": diffs,
                "differs": len(set(values)) > 1,
                "cells": [{"net": a, "diff": b} for a, b in zip(values, diffs, strict=True)],
            }
        )
    last_pots = [
        (c["tail"][later[-1]["number"]]["pot_out"] if later else c["pot_out"]) if c["tail"] is not None else None
        for c in columns
    ]
    return {"later": hands, "night": night, "last_pots": last_pots}


def _violation_changes(columns) -> list[dict]:
    """Per version, the violations it finds that version 1 does not (added) and those it drops (removed)."""
    base = {(v["rule"], v["message"]) for v in columns[0]["violations"]} if columns else set()
    out = []
    for c in columns:
        mine = {(v["rule"], v["message"]) for v in c["violations"]}
        out.append(
            {
                "added": [{"rule": r, "message": m} for r, m in sorted(mine - base)],
                "removed": [{"rule": r, "message": m} for r, m in sorted(base - mine)],
            }
        )
    return out


def comparison_document(dispute: Dispute) -> dict:
    """The comparison as JSON for the API: per version its money, the difference from version 1 per seat, the
    violations added and removed, and the difference in what it carries into the night."""
    cmp = dispute_comparison(dispute)
    base = cmp["versions"][0]["pot_out"] if cmp["versions"] else None
    out = []
    for k, c in enumerate(cmp["versions"]):
        v = c["version"]
        out.append(
            {
                "number": v.number,
                "as_logged": v.as_logged,
                "chosen": c["chosen"],
                "choosable": c["choosable"],
                "errors": c["errors"],
                "net": c["net"],
                "net_difference": [row["differences"][k] for row in cmp["money"]] if c["net"] is not None else None,
                "pot_out": c["pot_out"],
                "carry": c["carry"],
                "violations": [{"rule": x["rule"], "message": x["message"]} for x in c["violations"]],
                "violations_added": cmp["violations"][k]["added"],
                "violations_removed": cmp["violations"][k]["removed"],
                "night": [row["totals"][k] for row in cmp["night"]],
                "night_difference": [row["differences"][k] for row in cmp["night"]],
                "night_pot": cmp["last_pots"][k],
                "carry_difference": None if c["pot_out"] is None or base is None else c["pot_out"] - base,
                "later": [{"number": h["number"], "net": h["nets"][k], "pot_out": h["pots"][k]} for h in cmp["later"]],
            }
        )
    return {
        "dispute": dispute.pk,
        "hand": dispute.hand_id,
        "players": cmp["names"],
        "first_difference": cmp["first_difference"],
        "versions": out,
    }
