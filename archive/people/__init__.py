"""Families, their members and roles, players, invitations, who may do what (access) and the audit log."""
