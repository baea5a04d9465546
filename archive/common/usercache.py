"""Each request's signed-in user, kept in the cache under its id (read by archive/common/signin.py).

The cached copy is dropped whenever the user row is saved or deleted (a login, a new password, a
deactivation) or its account (the language), from any process: the receivers are connected when the app is ready.
"""

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save

# Long enough to spare the database on a busy night, short enough that a change made behind the
# ORM's back (a raw UPDATE) shows within minutes.
USER_TTL = 10 * 60


def user_key(user_id) -> str:
    return f"tk:user:{user_id}"


def forget_user(sender, instance, **kwargs):
    cache.delete(user_key(instance.pk))


def forget_account_user(sender, instance, **kwargs):
    cache.delete(user_key(instance.user_id))


def connect(account_model):
    """Drop the cached user when the user row changes, or the account that the copy carries (its language)."""
    User = get_user_model()
    post_save.connect(forget_user, sender=User, dispatch_uid="tk-forget-user-saved")
    post_delete.connect(forget_user, sender=User, dispatch_uid="tk-forget-user-deleted")
    post_save.connect(forget_account_user, sender=account_model, dispatch_uid="tk-forget-account-saved")
    post_delete.connect(forget_account_user, sender=account_model, dispatch_uid="tk-forget-account-deleted")
