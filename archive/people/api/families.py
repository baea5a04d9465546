"""Families (with their audit log), their members and invitations. The history's actions on a family (export,
import) are archive.history.api's, on this class."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from archive.common.api.schema import refused_for
from archive.common.api.views import id_query, int_param
from archive.people import invitations, services
from archive.people.access import member_family_ids, require_owner_of, role_subquery, visible_family
from archive.people.api import serializers as s
from archive.people.audit import log_of
from archive.people.models import Family, Membership

# --- families and members --------------------------------------------------------------------------------


@extend_schema_view(
    create=extend_schema(extensions=refused_for("the time zone is not an IANA name such as America/Chicago"))
)
class FamilyViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    queryset = Family.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.FamilySerializer

    def get_queryset(self):
        user = self.request.user
        return Family.objects.filter(memberships__user=user).annotate(my_role=role_subquery(user)).order_by("name")

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.family_create(
            name=data["name"], owner=self.request.user, timezone=data.get("timezone") or "America/Chicago"
        )
        serializer.instance.my_role = Membership.Role.OWNER

    @extend_schema(
        summary="The family's audit log (owners): changes that are not hands, who, when, what before",
        responses={200: s.AuditEntrySerializer(many=True)},
    )
    @action(detail=True, methods=["get"], pagination_class=None)  # the newest 500, one list (issue 28)
    def audit(self, request, pk=None):
        family = self.get_object()
        require_owner_of(request.user, family.pk)
        return Response(s.AuditEntrySerializer(log_of(family)[:500], many=True).data)


@extend_schema_view(list=extend_schema(parameters=[id_query("family", "only this family's members")]))
class MembershipViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet
):
    queryset = Membership.objects.none()  # for the schema's path types; get_queryset limits to the caller's families
    serializer_class = s.MembershipSerializer

    def get_queryset(self):
        qs = Membership.objects.filter(family__in=member_family_ids(self.request.user)).select_related("user")
        family = int_param(self.request, "family")
        if family is not None:
            qs = qs.filter(family_id=family)
        return qs.order_by("family_id", "user__username")

    @extend_schema(
        summary="Invite someone: an invitation link and code they accept (no member is added here)",
        request=s.MembershipCreateSerializer,
        responses={201: s.InvitationSerializer},
        extensions=refused_for("the username or role cannot be invited to this family"),
    )
    def create(self, request):
        ser = s.MembershipCreateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        family = visible_family(request.user, ser.validated_data["family"])
        require_owner_of(request.user, family.pk)
        invitation, code = invitations.invitation_create(
            family=family,
            role=ser.validated_data["role"],
            by=request.user,
            for_username=ser.validated_data.get("username") or "",
        )
        url = request.build_absolute_uri(reverse("invitation", args=[code]))
        return Response(
            s.InvitationSerializer(
                {
                    "id": invitation.pk,
                    "family": family.pk,
                    "role": invitation.role,
                    "code": code,
                    "url": url,
                    "expires_at": invitation.expires_at,
                }
            ).data,
            status=201,
        )

    @extend_schema(
        request=s.MembershipRoleSerializer,
        responses={200: s.MembershipSerializer},
        extensions=refused_for("the family would be left without an owner"),
    )
    def partial_update(self, request, pk=None):
        m = self.get_object()
        ser = s.MembershipRoleSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        require_owner_of(request.user, m.family_id)
        m = services.member_add(family=m.family, user=m.user, role=ser.validated_data["role"], by=request.user)
        return Response(s.MembershipSerializer(m).data)

    @extend_schema(extensions=refused_for("the family would be left without an owner"))
    def destroy(self, request, pk=None):
        m = self.get_object()
        require_owner_of(request.user, m.family_id)
        services.member_remove(membership=m, by=request.user)
        return Response(status=204)


class InvitationAcceptView(APIView):
    """Accept an invitation by its code: the caller becomes a member of its family."""

    @extend_schema(
        request=s.InvitationAcceptSerializer,
        responses={201: s.MembershipSerializer},
        extensions=refused_for("no invitation has this code, or it has expired, been used or is for someone else"),
    )
    def post(self, request):
        ser = s.InvitationAcceptSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        membership = invitations.invitation_accept(code=ser.validated_data["code"], user=request.user)
        return Response(s.MembershipSerializer(membership).data, status=201)
