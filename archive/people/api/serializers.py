"""The people's serializers: shapes only. Writes go through archive.people.services (in the views)."""

from rest_framework import serializers

from archive.common import bounds
from archive.common.api.serializers import _check_zone
from archive.people.models import Family, Membership, Player


class FamilySerializer(serializers.ModelSerializer):
    role = serializers.SerializerMethodField(help_text="your role in the family: owner, editor or viewer")

    class Meta:
        model = Family
        fields = ["id", "name", "slug", "timezone", "created_at", "role"]
        read_only_fields = ["id", "slug", "created_at", "role"]

    def validate_timezone(self, value):
        return _check_zone(value)

    def get_role(self, obj) -> str | None:
        roles = self.context.get("roles") or {}
        return roles.get(obj.pk, getattr(obj, "my_role", None))


class MembershipSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "family", "user", "username", "role", "created_at"]
        read_only_fields = fields


class MembershipCreateSerializer(serializers.Serializer):
    """An invitation: only `username` may accept it when given (whether it exists is not said)."""

    family = serializers.IntegerField(max_value=bounds.ID_MAX)
    username = serializers.CharField(max_length=150, required=False, allow_blank=True, default="")
    role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.VIEWER)


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    family = serializers.IntegerField(max_value=bounds.ID_MAX)
    role = serializers.CharField()
    code = serializers.CharField(help_text="shown once; the invited person accepts with it")
    url = serializers.CharField(help_text="the link to send: it opens the page that accepts the invitation")
    expires_at = serializers.DateTimeField()


class InvitationAcceptSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=200)


class MembershipRoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "family", "name", "user", "merged_into", "created_at"]
        read_only_fields = ["id", "user", "merged_into", "created_at"]


class PlayerCreateSerializer(serializers.Serializer):
    family = serializers.IntegerField(max_value=bounds.ID_MAX)
    name = serializers.CharField(max_length=80)


class MergeSerializer(serializers.Serializer):
    merge = serializers.IntegerField(
        max_value=bounds.ID_MAX, help_text="id of the player entry to fold into this one (it is kept, pointing here)"
    )


class AuditEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    by = serializers.CharField(source="by.username", allow_null=True, default=None)
    action = serializers.CharField()
    summary = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    undone_at = serializers.DateTimeField(allow_null=True)
