"""A family's version (archive/common/fragments.py) follows its own row, its players' and its members' rows: a
family's settings (its name, time zone; its language and currency when it has them), a player renamed or merged
and a member added, removed or given another role show on the next read of every cached fragment and of the
cached membership (archive/people/access.py's family_for), whichever path saved the row (a service, an
invitation, the admin). Loaded by ArchiveConfig.ready() (its `receivers`)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from archive.common.fragments import family_changed
from archive.people.models import Family, Membership, Player


@receiver(post_save, sender=Family, dispatch_uid="tk-family-version-family")
def family_saved(sender, instance, **kwargs):
    family_changed(instance.pk)


@receiver(post_save, sender=Player, dispatch_uid="tk-family-version-player")
@receiver(post_delete, sender=Player, dispatch_uid="tk-family-version-player-deleted")
def player_saved(sender, instance, **kwargs):
    family_changed(instance.family_id)


@receiver(post_save, sender=Membership, dispatch_uid="tk-family-version-membership")
@receiver(post_delete, sender=Membership, dispatch_uid="tk-family-version-membership-deleted")
def membership_saved(sender, instance, **kwargs):
    family_changed(instance.family_id)
