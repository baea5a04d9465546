"""API tokens that expire (settings.API_TOKEN_LIFETIME). Kept apart from the view that hands them out
(archive.common.api.token): DRF imports this class while its own views module is loading."""

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed


def token_expires_at(token):
    return token.created + settings.API_TOKEN_LIFETIME


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expires_at(token) <= timezone.now():
            raise AuthenticationFailed(_("The token has expired; ask /api/token/ for a new one."))
        return user, token
