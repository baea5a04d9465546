"""What the table tells the parts above it, which it may not import: hands changed (saved, edited,
deleted, restored, re-ruled, moved by a merge). Sent inside the change's transaction, so a receiver's
rows commit with it; the statistics (archive.stats.jobs) answer it."""

from django.dispatch import Signal

# sender: the service's module name; hand_ids: an iterable of the hands' ids; family_id: their family, when the
# sender knows they are all one family's (the receiver need not look it up)
hands_changed = Signal()
