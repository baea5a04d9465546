"""The table's REST API: players, sessions, hands, disputes and the referee's endpoints."""
