"""Admin pages of the audit log and the invitations: read-only (the log is written by the services only)."""

from django.contrib import admin

from archive.people.models import AuditEntry, Invitation


class _ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(_ReadOnly):
    list_display = ["at", "family", "by", "action", "summary", "undone_at"]
    list_filter = ["action"]
    search_fields = ["summary", "family__name", "by__username"]
    list_select_related = ["family", "by"]


@admin.register(Invitation)
class InvitationAdmin(_ReadOnly):
    list_display = [
        "created_at",
        "family",
        "role",
        "for_username",
        "created_by",
        "expires_at",
        "accepted_by",
        "revoked_at",
    ]
    exclude = ["code_hash"]
    list_select_related = ["family", "created_by", "accepted_by"]
