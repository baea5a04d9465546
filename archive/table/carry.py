"""What a hand carries to the next hand of its session besides the pot, game-blind: the referee's own rule
(referee/chain.py), re-exported here for the archive's chain of pots. No second copy: the phone with no
network sets up the next hand with the same functions.

A game module may name record keys its rulings carry (`CARRIES`, e.g. Seka's ("svara",)): the ruling's
`facts["carry"]` holds each while it carries, and the next record of the session must have it (a svara hand
names the tied seats in `"svara"`). The chain sets or clears those keys on the next record exactly as it sets
its pot_in, so editing an earlier hand re-rules the later ones with the right carry.
"""

from referee.chain import apply_carry, carried_keys, carry_of, record_carry

__all__ = ["apply_carry", "carried_keys", "carry_of", "record_carry"]
