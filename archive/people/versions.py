"""A family's version (archive/common/fragments.py) follows its own row and its players' rows: a family's
settings (its name, time zone; its language and currency when it has them) and a player renamed or merged show
on the next read of every cached fragment, whichever path saved the row (a service, the admin). Loaded by
ArchiveConfig.ready() (its `receivers`)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from archive.common.fragments import family_changed
from archive.people.models import Family, Player


@receiver(post_save, sender=Family, dispatch_uid="tk-family-version-family")
def family_saved(sender, instance, **kwargs):
    family_changed(instance.pk)


@receiver(post_save, sender=Player, dispatch_uid="tk-family-version-player")
@receiver(post_delete, sender=Player, dispatch_uid="tk-family-version-player-deleted")
def player_saved(sender, instance, **kwargs):
    family_changed(instance.family_id)
