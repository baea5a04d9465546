"""DRF serializers: shapes only. Writes go through archive.table.services (in the views)."""

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from rest_framework import serializers

import referee
from archive.common import bounds, catalogue
from archive.common.api.serializers import ErrorDocumentSerializer, _check_zone  # noqa: F401  (the API's views name them here)
from archive.table.models import Dispute, DisputeMessage, DisputeVersion, Hand, HandRevision, Seat, Session


class SeatSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Seat
        fields = ["position", "player", "name"]


class SessionSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    hand_count = serializers.IntegerField(read_only=True, required=False)

    class Meta:
        model = Session
        fields = [
            "id",
            "family",
            "game",
            "variant",
            "started_at",
            "timezone",
            "place",
            "house_rules",
            "first_dealer",
            "pot_in",
            "notes",
            "seats",
            "hand_count",
            "created_at",
            "deleted_at",
        ]
        read_only_fields = fields


class SessionCreateSerializer(serializers.Serializer):
    family = serializers.IntegerField(max_value=bounds.ID_MAX)
    game = serializers.ChoiceField(choices=(), default="swik", help_text="a game of GET /api/games/")
    variant = serializers.CharField(
        max_length=20,
        required=False,
        allow_blank=True,
        default="",
        help_text="one of the game's variants in GET /api/games/ (empty: the book's game)",
    )
    started_at = serializers.DateTimeField(help_text="ISO 8601 with offset, e.g. 2024-03-02T19:30:00-06:00")
    timezone = serializers.CharField(max_length=64, required=False, help_text="IANA zone; default: the family's")
    place = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    players = serializers.ListField(
        child=serializers.JSONField(),
        min_length=2,
        max_length=12,
        help_text="seats in the order turns pass: player ids, or names (an unknown name becomes a guest player)",
    )
    house_rules = serializers.DictField(
        required=False, default=dict, help_text="the rules that differ from the book, by the names in GET /api/games/"
    )
    first_dealer = serializers.IntegerField(min_value=0, max_value=bounds.SEAT_MAX, default=0)
    pot_in = serializers.IntegerField(min_value=0, max_value=catalogue.MONEY_MAX, default=0)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = catalogue.game_choices()

    def validate_timezone(self, value):
        return _check_zone(value)

    def validate_players(self, value):
        for item in value:
            if (
                isinstance(item, bool)
                or not isinstance(item, (int, str))
                or (isinstance(item, str) and not item.strip())
            ):
                raise serializers.ValidationError(_("Each seat is a player id (a number) or a name (text)."))
        return value

    def validate(self, attrs):
        if attrs["first_dealer"] >= len(attrs["players"]):
            raise serializers.ValidationError(
                {"first_dealer": _("The first dealer must be one of the seats (0 to n-1).")}
            )
        entry = catalogue.game_entry(attrs["game"])
        attrs["house_rules"] = catalogue.only_changes(entry, attrs["house_rules"])
        with referee.speaking(get_language() or "en"):  # the referee's part of the refusal in the request's words
            problems = catalogue.header_problems(
                game=attrs["game"],
                variant=attrs["variant"] or None,
                house_rules=attrs["house_rules"],
                seats=len(attrs["players"]),
            )
        if problems:
            raise serializers.ValidationError({"house_rules": problems})
        return attrs


class HandListSerializer(serializers.ModelSerializer):
    """Light: no record or ruling JSON (the list must stay fast on a big archive)."""

    family = serializers.IntegerField(source="session.family_id", read_only=True)
    summary = serializers.CharField(read_only=True, allow_null=True)

    class Meta:
        model = Hand
        fields = [
            "id",
            "family",
            "session",
            "number",
            "status",
            "dealer",
            "actual_dealer",
            "pot_in",
            "pot_out",
            "violation_count",
            "revision",
            "summary",
            "updated_at",
            "deleted_at",
        ]
        read_only_fields = fields


# The two long lists answer plain rows built here, in the shapes of SessionSerializer and HandListSerializer
# (the schema's): a page of 50 nights through the nested serializers cost 20 ms of model instances and fields.
_WHEN = serializers.DateTimeField()
HAND_LIST_VALUES = (
    "id",
    "family_id",
    "session_id",
    "number",
    "status",
    "dealer",
    "actual_dealer",
    "pot_in",
    "pot_out",
    "violation_count",
    "revision",
    "summary",
    "updated_at",
    "deleted_at",
)


def when(value):
    return None if value is None else _WHEN.to_representation(value)


def hand_list_rows(rows) -> list[dict]:
    """Rows of `HAND_LIST_VALUES` (a .values() page) as HandListSerializer answers them."""
    return [
        {
            "id": r["id"],
            "family": r["family_id"],
            "session": r["session_id"],
            "number": r["number"],
            "status": r["status"],
            "dealer": r["dealer"],
            "actual_dealer": r["actual_dealer"],
            "pot_in": r["pot_in"],
            "pot_out": r["pot_out"],
            "violation_count": r["violation_count"],
            "revision": r["revision"],
            "summary": r["summary"],
            "updated_at": when(r["updated_at"]),
            "deleted_at": when(r["deleted_at"]),
        }
        for r in rows
    ]


def session_rows(sessions, seats) -> list[dict]:
    """A page of sessions (with `hand_count`) as SessionSerializer answers them; `seats`: {session id: [seat]}."""
    return [
        {
            "id": x.id,
            "family": x.family_id,
            "game": x.game,
            "variant": x.variant,
            "started_at": when(x.started_at),
            "timezone": x.timezone,
            "place": x.place,
            "house_rules": x.house_rules,
            "first_dealer": x.first_dealer,
            "pot_in": x.pot_in,
            "notes": x.notes,
            "seats": seats.get(x.id, []),
            "hand_count": x.hand_count,
            "created_at": when(x.created_at),
            "deleted_at": when(x.deleted_at),
        }
        for x in sessions
    ]


class HandSerializer(HandListSerializer):
    summary = serializers.SerializerMethodField()

    class Meta(HandListSerializer.Meta):
        fields = HandListSerializer.Meta.fields + ["record", "ruling", "created_at"]
        read_only_fields = fields

    def get_summary(self, obj) -> str:
        return (obj.ruling or {}).get("summary", "")


class HandCreateSerializer(serializers.Serializer):
    session = serializers.IntegerField(max_value=bounds.ID_MAX)
    record = serializers.JSONField(help_text="a handrec/1 record; game, players and pot_in are filled from the session")
    why = serializers.CharField(required=False, allow_blank=True, default="")
    no_deal_ok = serializers.BooleanField(
        required=False,
        default=False,
        help_text="the table confirms a hand with no deal (the log page's “save it without a deal”); else refused",
    )
    number = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=bounds.ID_MAX,
        help_text="the number a phone with no network logged it as: refused (409, and a dispute on the hand that "
        "took the number) unless it is still the night's next hand",
    )


class HandEditSerializer(serializers.Serializer):
    record = serializers.JSONField(help_text="the corrected handrec/1 record")
    why = serializers.CharField(help_text="why the hand is changed (kept in its history)")


class WhySerializer(serializers.Serializer):
    why = serializers.CharField(required=False, allow_blank=True, default="")


class HandRevisionSerializer(serializers.ModelSerializer):
    by = serializers.CharField(source="by.username", read_only=True, allow_null=True, default=None)

    class Meta:
        model = HandRevision
        fields = ["id", "number", "kind", "by", "at", "why", "record", "ruling"]
        read_only_fields = fields


class DisputeMessageSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username", read_only=True, allow_null=True, default=None)

    class Meta:
        model = DisputeMessage
        fields = ["id", "author", "at", "text"]
        read_only_fields = ["id", "author", "at"]


class DisputeSerializer(serializers.ModelSerializer):
    chosen_version = serializers.IntegerField(
        source="chosen_version.number", read_only=True, allow_null=True, default=None
    )
    opened_by = serializers.CharField(source="opened_by.username", read_only=True, allow_null=True, default=None)
    resolved_by = serializers.CharField(source="resolved_by.username", read_only=True, allow_null=True, default=None)
    messages = DisputeMessageSerializer(many=True, read_only=True)

    class Meta:
        model = Dispute
        fields = [
            "id",
            "hand",
            "title",
            "status",
            "opened_by",
            "opened_at",
            "resolution",
            "resolved_by",
            "resolved_at",
            "ruling_revision",
            "chosen_version",
            "messages",
        ]
        read_only_fields = fields


class DisputeVersionSerializer(serializers.ModelSerializer):
    proposed_by = serializers.CharField(source="proposed_by.username", read_only=True, allow_null=True, default=None)

    class Meta:
        model = DisputeVersion
        fields = ["number", "as_logged", "record", "proposed_by", "why", "created_at"]
        read_only_fields = fields


class DisputeProposeSerializer(serializers.Serializer):
    record = serializers.JSONField(help_text="the version's hand record (handrec/1), filled from the session")
    why = serializers.CharField(help_text="whose story it is and what differs")


class DisputeSettleSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=1, max_value=32767, help_text="the chosen version's number")
    why = serializers.CharField(required=False, allow_blank=True, default="")


class ViolationSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()


class VersionRulingSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    as_logged = serializers.BooleanField()
    chosen = serializers.BooleanField()
    choosable = serializers.BooleanField()
    errors = serializers.ListField(child=serializers.JSONField(), help_text="the referee's located errors, if bad")
    net = serializers.ListField(child=serializers.IntegerField(), allow_null=True, help_text="cents per seat")
    net_difference = serializers.ListField(
        child=serializers.IntegerField(allow_null=True), allow_null=True, help_text="per seat, minus version 1's"
    )
    pot_out = serializers.IntegerField(allow_null=True)
    carry = serializers.JSONField(help_text="what else the hand carries to the next (e.g. a svara)")
    violations = ViolationSerializer(many=True)
    violations_added = ViolationSerializer(many=True, help_text="found here, not in version 1")
    violations_removed = ViolationSerializer(many=True, help_text="found in version 1, not here")
    night = serializers.ListField(
        child=serializers.IntegerField(allow_null=True), help_text="each seat's money from this hand to the night's end"
    )
    night_difference = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    night_pot = serializers.IntegerField(allow_null=True, help_text="the pot at the end of the night")
    carry_difference = serializers.IntegerField(
        allow_null=True, help_text="this version's pot carried to the next hand minus version 1's"
    )
    later = serializers.ListField(
        child=serializers.JSONField(), help_text="each later hand: {number, net (per seat), pot_out}"
    )


class DisputeComparisonSerializer(serializers.Serializer):
    dispute = serializers.IntegerField()
    hand = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    first_difference = serializers.IntegerField(allow_null=True, help_text="the first event that differs")
    versions = VersionRulingSerializer(many=True)


class DisputeCreateSerializer(serializers.Serializer):
    hand = serializers.IntegerField(max_value=bounds.ID_MAX)
    title = serializers.CharField(max_length=200)
    text = serializers.CharField()


class DisputeReplySerializer(serializers.Serializer):
    text = serializers.CharField()


class DisputeResolveSerializer(serializers.Serializer):
    resolution = serializers.CharField()
    record = serializers.JSONField(required=False, help_text="a corrected record: the hand is edited first")


class LegalSerializer(serializers.Serializer):
    """What referee.legal answers (legal/1): who acts next and what they may do, and the table after the events."""

    format = serializers.CharField(default="legal/1")
    game = serializers.CharField()
    turn = serializers.IntegerField(allow_null=True, help_text="the seat that acts next; null when nobody does")
    options = serializers.ListField(
        child=serializers.JSONField(),
        help_text=(
            "each {action, seat, ...}: cards (a list, or null for any unseen card) for a card action, choices for a "
            "declaration, take for a wrap, winners for a trick given by its winner; only actions without a violation"
        ),
    )
    done = serializers.BooleanField()
    status = serializers.CharField()
    table = serializers.JSONField(
        help_text="the snapshot after the events: hands, trump, the trick in play, tricks won"
    )
