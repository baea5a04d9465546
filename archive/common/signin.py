"""The signed-in member read from the cache, not the database, on each request.

Every page and API call needs the user behind its session; reading that row each time was a third of
a light request. archive/common/usercache.py keeps the copy and drops it when the row changes.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache

from archive.common.usercache import USER_TTL, user_key


class CachedModelBackend(ModelBackend):
    """Django's own backend, with get_user (each request's) read through the cache."""

    def get_user(self, user_id):
        key = user_key(user_id)
        user = cache.get(key)
        if user is None:
            # with the account (the reader's language) in the same query, so the cached copy carries it
            user = get_user_model()._default_manager.select_related("account").filter(pk=user_id).first()
            user = user if user is not None and self.user_can_authenticate(user) else None
            if user is not None:
                cache.set(key, user, USER_TTL)
        elif not self.user_can_authenticate(user):
            return None
        return user
