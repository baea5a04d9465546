"""The archive's tables. `core` holds what a family typed and what the referee ruled;
`stats` holds what the statistics jobs derive from it (rebuilt at will), and each game's own
statistics tables are in its module in archive/stats/games/ (imported here so Django sees them)."""

from archive.stats import games  # noqa: F401  (each game's statistics tables)

from .audit import AuditEntry, Invitation  # noqa: F401
from .core import (  # noqa: F401
    Dispute,
    DisputeMessage,
    Family,
    Game,
    Hand,
    HandRevision,
    LedgerEntry,
    Membership,
    Player,
    Seat,
    Session,
)
from .imports import ImportChunk, ImportJob  # noqa: F401
from .stats import *  # noqa: F401,F403
