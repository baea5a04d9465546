"""Statistics tables (issue 4). Derived data only: a full recompute rebuilds them from the hands."""
