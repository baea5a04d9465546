"""Small builders for tests, all through the services (so a test's data is what the site would store).

make_user("mary")                         a user with password "pw"
make_family(owner, editors=[...], viewers=[...])
make_session(family, by, names=(...))     a Swik session; players are created as needed
example_record("01-plain-hand")           a worked example from tests/data/archive/
generated_record(session, seed=1)         a realistic random record for the session's next hand
log_hands(session, by, n, seed=1)         n generated hands through hand_add
"""

import copy
import json
import random
from datetime import datetime
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model

from archive.models import Player
from archive.people import services as people_services
from archive.table import services

DATA = Path(__file__).parent / "data" / "archive"
CHICAGO = ZoneInfo("America/Chicago")
TABLE = ("Dad", "Uncle Joe", "Mary", "Me")  # the worked examples' table


def make_user(username, password="pw", **extra):
    return get_user_model().objects.create_user(username=username, password=password, **extra)


def make_family(owner, name="The Test family", *, editors=(), viewers=()):
    family = people_services.family_create(name=name, owner=owner)
    for user in editors:
        people_services.member_add(family=family, user=user, role="editor", by=owner)
    for user in viewers:
        people_services.member_add(family=family, user=user, role="viewer", by=owner)
    return family


def player(family, name, by):
    found = Player.objects.filter(family=family, name=name, merged_into__isnull=True).first()
    return found or people_services.player_create(family=family, name=name, by=by)


def make_session(
    family,
    by,
    names=TABLE,
    *,
    started_at=None,
    house_rules=None,
    first_dealer=0,
    pot_in=0,
    place="Grandma's kitchen",
    key=None,
    game="swik",
    variant="",
):
    started_at = started_at or datetime(2024, 3, 1, 19, 0, tzinfo=CHICAGO)
    return services.session_create(
        family=family,
        game=game,
        variant=variant,
        started_at=started_at,
        timezone="America/Chicago",
        place=place,
        players=[player(family, n, by) for n in names],
        house_rules=house_rules,
        first_dealer=first_dealer,
        pot_in=pot_in,
        by=by,
        key=key,
    )


@cache
def _load(name):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def example_record(name):
    return copy.deepcopy(_load(name))


def example_ruling(name):
    return copy.deepcopy(_load(f"{name}.ruling"))


def generated_record(session, seed=1, **kw):
    from referee.generate import swik_hand

    d = services.session_next_hand_defaults(session=session)
    return swik_hand(
        random.Random(seed),
        players=d["players"],
        dealer=d["dealer"],
        pot_in=d["pot_in"],
        house_rules=d["house_rules"],
        **kw,
    )


def log_hands(session, by, n, seed=1, **kw):
    rng = random.Random(seed)
    return [
        # (a generated hand may be one the table stopped before the deal: confirmed, as the page's tick box does)
        services.hand_add(
            session=session, record=generated_record(session, seed=rng.randrange(10**9), **kw), by=by, no_deal_ok=True
        )
        for _ in range(n)
    ]
