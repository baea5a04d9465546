"""Money movements between a player and the pot.

A ledger entry is a plain dict, as the ruling shows it:
{"seat": s, "amount": cents (negative: the player pays in), "reason": words, "event": index or None}.
Games write their reasons with the stable openings below, so `ledger_kind` can sort any
entry into one of: "ante", "fee", "penalty", "share", "fall", "other".
"""

# Openings of reasons, longest first where one opens another.
KINDS = (
    ("dealer ante", "ante"),
    ("ante", "ante"),
    ("becomes dealer", "fee"),
    ("fee", "fee"),
    ("dealt without a cut", "penalty"),
    ("misdeal", "penalty"),
    ("penalty", "penalty"),
    ("wins a trick", "share"),
    ("three of a kind: takes the pot", "share"),
    ("takes the pot", "share"),
    ("odd cent", "share"),
    ("share", "share"),
    ("falls", "fall"),
    ("revoke: falls", "fall"),
    ("false three of a kind: falls", "fall"),
    ("fall", "fall"),
)


def ledger_kind(entry):
    """ "ante", "fee", "penalty", "share", "fall" or "other" for a ruling's ledger entry."""
    reason = entry.get("reason") if isinstance(entry, dict) else None
    if not isinstance(reason, str):
        return "other"
    for opening, kind in KINDS:
        if reason.startswith(opening):
            return kind
    return "other"


def entry(seat, amount, reason, event):
    return {"seat": seat, "amount": amount, "reason": reason, "event": event}


def net_of(ledger, n):
    """Per seat, the sum of that seat's amounts."""
    net = [0] * n
    for e in ledger:
        net[e["seat"]] += e["amount"]
    return net
