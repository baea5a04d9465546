"""The lowest part: what knows no family or game of its own: errors, bounds, paging, JSON, middleware, the catalogue's reads, the API's plumbing."""
