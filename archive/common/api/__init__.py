"""The API's plumbing that knows no domain: JSON parsing and errors, expiring tokens, the schema's common answers, view helpers."""
