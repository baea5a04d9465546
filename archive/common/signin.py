"""The signed-in member read from the cache, not the database, on each request.

Every page and API call needs the user behind its session; reading that row each time was a third of
a light request. archive/common/usercache.py keeps the copy and drops it when the row changes.
"""

from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache

from archive.common.usercache import USER_TTL, user_key


class CachedModelBackend(ModelBackend):
    """Django's own backend, with get_user (each request's) read through the cache."""

    def get_user(self, user_id):
        key = user_key(user_id)
        user = cache.get(key)
        if user is None:
            user = super().get_user(user_id)
            if user is not None:
                cache.set(key, user, USER_TTL)
        elif not self.user_can_authenticate(user):
            return None
        return user
