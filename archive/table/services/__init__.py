"""The table's writes: nights, hands, the chain of pots, disputes, merges. Keyword-only, atomic, permission-checked.

One path for every hand: the table's form, the API and the demo all go through `HandChain`
(the JSON Lines import, archive.history.imports, writes the same rows in bulk), which fills a record from its session,
has the referee rule on it and writes the Hand, its HandRevision and its
LedgerEntry rows. In a session hand k's pot_in is hand k-1's pot_out (deleted
hands drop out of the chain), so changing hand k re-rules k+1, k+2, ... in the
same transaction.

A record the referee cannot rule on raises `referee.BadRecord` and saves
nothing. A user who may not make the change gets PermissionDenied.
"""

from archive.table.services.chain import (
    LEDGER_COLUMNS,
    HandChain,
    fill_record,
    hand_values,
    ledger_rows,
    record_hash,
    refresh_seat_totals,
    write_ledger,
)
from archive.table.services.disputes import dispute_night_moved_on, dispute_open, dispute_reply, dispute_resolve
from archive.table.services.hands import (
    NightMovedOn,
    hand_add,
    hand_delete,
    hand_edit,
    hand_restore,
    session_create,
    session_errors,
    session_next_hand_defaults,
)
from archive.table.services.players import players_merge, players_unmerge
from archive.table.services.versions import dispute_settle, version_propose

__all__ = [
    "NightMovedOn",
    "dispute_night_moved_on",
    "LEDGER_COLUMNS",
    "HandChain",
    "hand_values",
    "ledger_rows",
    "write_ledger",
    "fill_record",
    "record_hash",
    "refresh_seat_totals",
    "dispute_open",
    "dispute_reply",
    "dispute_resolve",
    "dispute_settle",
    "version_propose",
    "hand_add",
    "hand_delete",
    "hand_edit",
    "hand_restore",
    "session_create",
    "session_errors",
    "session_next_hand_defaults",
    "players_merge",
    "players_unmerge",
]
