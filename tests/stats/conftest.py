import random
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model

from config.celery import app as celery_app


@pytest.fixture(autouse=True)
def eager_celery(request):
    """Tasks run in-process in these tests, whatever the broker; the worker tests use a real worker."""
    if request.node.get_closest_marker("worker"):
        yield
        return
    old = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = old


@pytest.fixture
def table(db):
    """A family in Chicago with an owner, an editor, a viewer, a stranger and five players."""
    from archive.models import Family, Membership, Player

    User = get_user_model()
    users = {name: User.objects.create_user(name, password="pw") for name in ("owner", "editor", "viewer", "stranger")}
    family = Family.objects.create(name="Novák", slug="novak", timezone="America/Chicago")
    for name in ("owner", "editor", "viewer"):
        Membership.objects.create(family=family, user=users[name], role=name)
    players = [Player.objects.create(family=family, name=n) for n in ("Dad", "Uncle Joe", "Mary", "Me", "Grandma")]
    return {"family": family, "players": players, **users}


def chicago(*args):
    return datetime(*args, tzinfo=ZoneInfo("America/Chicago"))


@pytest.fixture
def rng():
    return random.Random(4)
