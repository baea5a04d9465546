"""The template library `tk` (archive.common.filters)."""
