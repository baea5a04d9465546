"""The table's reads, for the pages and the API. Money comes from SQL aggregates over LedgerEntry
(one row per movement), never from loops over ruling JSON; each selector runs a fixed,
small number of queries whatever the size of the archive.

The table's reads are by subject (sessions, hands, players, families, the score sheet); the names below are the
package's, so `archive.table.selectors.X` names each of them."""

from archive.table.selectors.families import families_for, family_by_slug_for
from archive.table.selectors.hands import (
    hand_detail,
    hand_disputes,
    hand_for,
    hand_list,
    hand_page_row,
    hand_panel,
    hand_revisions,
    hand_rows,
    ledger_for_reader,
    ruling_for_reader,
    showdown_for_reader,
    summaries_for_reader,
    with_reader_summaries,
)
from archive.table.selectors.players import RECENT_NIGHTS, family_balances, player_history, with_player_net
from archive.table.selectors.sessions import (
    counted_before,
    hand_night_id,
    last_hand_events,
    next_hand_answer,
    next_hand_defaults,
    night_family_id,
    seats_of,
    session_count,
    session_detail,
    session_for,
    session_list,
    with_session_counts,
)

__all__ = [
    "ruling_for_reader",
    "RECENT_NIGHTS",
    "counted_before",
    "families_for",
    "family_balances",
    "family_by_slug_for",
    "hand_detail",
    "hand_disputes",
    "hand_page_row",
    "hand_panel",
    "hand_for",
    "hand_list",
    "hand_revisions",
    "hand_rows",
    "last_hand_events",
    "next_hand_answer",
    "next_hand_defaults",
    "hand_night_id",
    "night_family_id",
    "player_history",
    "seats_of",
    "session_count",
    "session_detail",
    "session_for",
    "session_list",
    "ledger_for_reader",
    "showdown_for_reader",
    "summaries_for_reader",
    "with_player_net",
    "with_reader_summaries",
    "with_session_counts",
]
