"""Admin: for looking things up and fixing memberships. Hands, rulings and ledger rows are
read-only here: every change of a hand goes through the services, which keep the chain
of pots and the revisions true."""

import json

from django.contrib import admin
from django.utils.html import format_html

from archive.common.fragments import family_changed
from archive.models import (
    Dispute,
    DisputeMessage,
    DisputeVersion,
    Family,
    Hand,
    HandRevision,
    LedgerEntry,
    Membership,
    Player,
    Seat,
    Session,
)


def _pretty(value):
    return format_html(
        "<pre style='white-space:pre-wrap;max-width:70em'>{}</pre>", json.dumps(value, indent=1, ensure_ascii=False)
    )


class ChangesFamily(admin.ModelAdmin):
    """A night, hand, ledger row or dispute saved or deleted here changes what the family's pages show: its
    version is replaced (archive/common/fragments.py), as the services do. (Families, players and members
    replace it from their own rows' signals: archive/people/versions.py.)"""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        family_changed(obj.family_id)

    def delete_model(self, request, obj):
        family_id = obj.family_id
        super().delete_model(request, obj)
        family_changed(family_id)

    def delete_queryset(self, request, queryset):
        family_ids = list(queryset.values_list("family_id", flat=True).distinct())
        super().delete_queryset(request, queryset)
        family_changed(*family_ids)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Family)
class FamilyAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "timezone", "created_at"]
    search_fields = ["name", "slug"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "family", "role", "created_at"]
    list_filter = ["role"]
    search_fields = ["user__username", "family__name"]
    list_select_related = ["user", "family"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "family", "user", "merged_into"]
    list_filter = ["family"]
    search_fields = ["name"]
    list_select_related = ["family", "user", "merged_into"]
    readonly_fields = ["merged_into"]  # merging moves seats and ledger rows: use the site


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["position", "player"]
    readonly_fields = fields


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ["number", "status", "dealer", "actual_dealer", "pot_in", "pot_out", "violation_count", "deleted_at"]
    readonly_fields = fields
    show_change_link = True


@admin.register(Session)
class SessionAdmin(ChangesFamily):
    list_display = ["__str__", "family", "key", "place", "game", "deleted_at"]
    list_filter = ["game", "family"]
    search_fields = ["key", "place", "family__name"]
    date_hierarchy = "started_at"
    list_select_related = ["family"]
    readonly_fields = ["family", "key", "game", "variant", "house_rules", "first_dealer", "pot_in", "created_by"]
    inlines = [SeatInline, HandInline]


class RevisionInline(ReadOnlyInline):
    model = HandRevision
    fields = ["number", "kind", "by", "at", "why"]
    readonly_fields = fields


class LedgerInline(ReadOnlyInline):
    model = LedgerEntry
    fields = ["seat", "player", "amount", "kind", "reason", "event"]
    readonly_fields = fields
    show_change_link = False


class RecordAndRulingAdmin(admin.ModelAdmin):
    """Hands and revisions: the record and ruling shown as pretty JSON, never typed in the admin
    (every change goes through the services, which re-rule and write revisions)."""

    @admin.display(description="record")
    def record_json(self, obj):
        return _pretty(obj.record)

    @admin.display(description="ruling")
    def ruling_json(self, obj):
        return _pretty(obj.ruling)

    def has_add_permission(self, request):
        return False


@admin.register(Hand)
class HandAdmin(ChangesFamily, RecordAndRulingAdmin):
    list_display = ["__str__", "status", "pot_in", "pot_out", "violation_count", "revision", "deleted_at"]
    list_filter = ["status", "session__family"]
    search_fields = ["session__key"]
    list_select_related = ["session"]
    raw_id_fields = ["session"]
    exclude = ["record", "ruling"]
    readonly_fields = [
        "session",
        "number",
        *Hand.RULED_FIELDS,
        "revision",
        "deleted_at",
        "record_json",
        "ruling_json",
    ]
    inlines = [LedgerInline, RevisionInline]


@admin.register(HandRevision)
class HandRevisionAdmin(RecordAndRulingAdmin):
    list_display = ["hand", "number", "kind", "by", "at"]
    list_filter = ["kind"]
    list_select_related = ["hand__session", "by"]
    exclude = ["record", "ruling"]
    readonly_fields = ["hand", "number", "kind", "by", "at", "why", "record_json", "ruling_json"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ChangesFamily):
    list_display = ["hand", "seat", "player", "amount", "kind", "reason"]
    list_filter = ["kind"]
    list_select_related = ["hand__session", "player"]
    raw_id_fields = ["hand", "session", "family", "player"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class DisputeMessageInline(ReadOnlyInline):
    model = DisputeMessage
    fields = ["author", "at", "text"]
    readonly_fields = fields
    show_change_link = False


class DisputeVersionInline(ReadOnlyInline):
    model = DisputeVersion
    fields = ["number", "as_logged", "proposed_by", "created_at", "why"]
    readonly_fields = fields
    show_change_link = False


@admin.register(Dispute)
class DisputeAdmin(ChangesFamily):
    list_display = ["title", "hand", "status", "opened_by", "opened_at"]
    list_filter = ["status"]
    search_fields = ["title"]
    list_select_related = ["hand__session", "opened_by"]
    raw_id_fields = ["hand", "ruling_revision", "chosen_version"]
    inlines = [DisputeMessageInline, DisputeVersionInline]


from archive.people import admin as people_admin  # noqa: E402,F401  (the audit log's and invitations' admin pages)
