"""The family archive, one Django app (label archive): a shell over its parts, see docs/architecture.md."""
