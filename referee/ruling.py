"""The ruling document (ruling/1), built directly as a dict.

Keys, in the rule book's order: format, game, status, violations, ledger, net, pot_in,
pot_out, score, tricks, summary, and discrepancies only when the record has `claimed`.
Money is conserved: sum(net) == pot_in - pot_out, always; `ruling()` works pot_out out
from the ledger so it cannot be otherwise.
"""

COMPLETE, VOID, INCOMPLETE = "complete", "void", "incomplete"


def violation(event, seat, rule, message, penalty=0):
    return {"event": event, "seat": seat, "rule": rule, "message": message, "penalty": penalty}


def ruling(game, status, violations, ledger, net, pot_in, score, tricks, summary, claimed=None):
    pot_out = pot_in - sum(net)
    doc = {
        "format": "ruling/1",
        "game": game,
        "status": status,
        "violations": violations,
        "ledger": ledger,
        "net": net,
        "pot_in": pot_in,
        "pot_out": pot_out,
        "score": score,
        "tricks": tricks,
        "summary": summary,
    }
    if claimed is not None:
        doc["discrepancies"] = discrepancies(claimed, net, pot_out, score)
    return doc


def discrepancies(claimed, net, pot_out, score=None):
    """Every difference between what the table wrote down and the referee's figures."""
    out = []
    cnet = claimed.get("net")
    if isinstance(cnet, list):
        for seat, (c, m) in enumerate(zip(cnet, net)):
            if c != m:
                out.append({"seat": seat, "field": "net", "claimed": c, "referee": m})
    if "pot_out" in claimed and claimed["pot_out"] != pot_out:
        out.append({"seat": None, "field": "pot_out", "claimed": claimed["pot_out"], "referee": pot_out})
    cscore = claimed.get("score")
    if isinstance(cscore, dict) and isinstance(score, dict):
        for field in ("players", "points", "crowns"):
            mine, theirs = score.get(field), cscore.get(field)
            if isinstance(mine, list) and isinstance(theirs, list):
                for k, (c, m) in enumerate(zip(theirs, mine)):
                    if c != m and m is not None:  # (the referee's None: unknown, which no figure contradicts)
                        if field == "points":
                            out.append({"seat": None, "side": k, "field": field, "claimed": c, "referee": m})
                        else:
                            out.append({"seat": k, "field": field, "claimed": c, "referee": m})
    return out
