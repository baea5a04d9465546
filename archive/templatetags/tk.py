"""The {% load tk %} library: the filters live in archive.common.filters (cards, money, the referee's words)."""

from archive.common.filters import register  # noqa: F401
