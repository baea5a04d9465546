"""Every part's tables, imported here so Django registers them under the one app `archive`.
Code inside the parts imports its models from its own package (archive.table.models, ...), never from here."""

from archive.history.models import ImportChunk, ImportJob  # noqa: F401
from archive.people.models import Account, AuditEntry, Family, Invitation, Membership, Player  # noqa: F401
from archive.stats import games  # noqa: F401  (each game's statistics tables)
from archive.stats.models import *  # noqa: F401,F403
from archive.table.models import (  # noqa: F401
    Dispute,
    DisputeMessage,
    DisputeVersion,
    Game,
    Hand,
    HandRevision,
    LedgerEntry,
    Seat,
    Session,
)
