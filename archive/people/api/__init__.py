"""The people's REST API: families, members, invitations."""
