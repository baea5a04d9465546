"""/api/token/: username and password in, an expiring token out.

It goes through django-axes like the login page: wrong passwords are counted by account and by address,
and a locked one is answered 429 by axes' middleware."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.response import Response

from archive.common.api.auth import token_expires_at
from archive.common.api.schema import refused_for


class ObtainExpiringToken(ObtainAuthToken):
    """POST username and password -> {"token", "expires_at"}; an expired token is replaced by a new one."""

    def get_serializer_context(self):
        # axes marks a lockout on the request it is given; give it Django's, which its middleware reads.
        return {"request": self.request._request, "format": self.format_kwarg, "view": self}

    @extend_schema(extensions=refused_for("the username and password do not match an account"))
    def post(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        token, _ = Token.objects.get_or_create(user=user)
        if token_expires_at(token) <= timezone.now():
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key, "expires_at": token_expires_at(token).isoformat()})


obtain_expiring_token = ObtainExpiringToken.as_view()
