"""What a hand carries to the next hand of its session besides the pot, game-blind.

A game module may name record keys its rulings carry (`CARRIES`, e.g. Seka's ("svara",)): the ruling's
`facts["carry"]` holds each while it carries, and the next record of the session must have it (a svara hand
names the tied seats in `"svara"`). The chain sets or clears those keys on the next record exactly as it sets
its pot_in, so editing an earlier hand re-rules the later ones with the right carry.
"""

from referee.games import game_module


def carried_keys(game) -> tuple:
    mod = game_module(game) if isinstance(game, str) else None
    return tuple(getattr(mod, "CARRIES", ())) if mod is not None else ()


def carry_of(game, ruling) -> dict:
    """The carried keys (beyond the pot) a ruling hands to the next record: {key: value}."""
    keys = carried_keys(game)
    if not keys or not isinstance(ruling, dict):
        return {}
    carry = (ruling.get("facts") or {}).get("carry") or {}
    return {k: carry[k] for k in keys if carry.get(k) is not None}


def apply_carry(record: dict, game, carry: dict) -> dict:
    """The record with the carried keys set from `carry` and any stale one removed (in place; returned)."""
    for k in carried_keys(game):
        if k in carry:
            record[k] = carry[k]
        else:
            record.pop(k, None)
    return record


def record_carry(game, record) -> dict:
    """The carried keys a record holds (what it was filled with)."""
    return {k: record[k] for k in carried_keys(game) if isinstance(record, dict) and record.get(k) is not None}
