"""The archive's tables. `core` holds what a family typed and what the referee ruled;
`stats` holds what the statistics jobs derive from it (rebuilt at will)."""
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
from .stats import *  # noqa: F401,F403
