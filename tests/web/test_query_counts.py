"""Issue 16: no page's query count grows with the history. The same pages of a 100-hand and a 2,000-hand
family (the demo's builder, same seed and nights) must run the same number of queries; a count that grows
is a query a row, and it would make the page slow for the families that have played longest."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from archive.models import Family, Hand, Player, Session
from archive.table import services
from archive.table.views import nights as views

pytestmark = pytest.mark.django_db


def pages_of(family):
    slug = family.slug
    session = Session.objects.filter(family=family, hands__isnull=False).order_by("-started_at").first()
    hand = Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("number").last()
    player = Player.objects.filter(family=family, merged_into__isnull=True).order_by("pk").first()
    owner = family.memberships.get(role="owner").user
    dispute = services.dispute_open(hand=hand, title="Was that a misdeal?", text="Two cards at once.", by=owner)
    f = f"/families/{slug}/"
    return {
        "home": "/",
        "family, first page": f,
        "family, oldest page": f + "?date=1900-01-01",
        "family, an older page": f + f"?older={views.SESSION_KEYS.key(session)}",
        "disputes": f + "disputes/",
        "statistics": f + "stats/",
        "settle up": f + "settle/",
        "import": f + "import/",
        "new session": f + "sessions/new/",
        "audit": f + "audit/",
        "session": f + f"sessions/{session.pk}/",
        "log a hand": f + f"sessions/{session.pk}/log/",
        "hand": f + f"hands/{hand.pk}/",
        "hand history": f + f"hands/{hand.pk}/history/",
        "edit a hand": f + f"hands/{hand.pk}/edit/",
        "player, first page": f + f"players/{player.pk}/",
        "player, an older page": f + f"players/{player.pk}/?older={views.HAND_KEYS.key(hand)}",
        "player, a newer page": f + f"players/{player.pk}/?newer={views.HAND_KEYS.key(hand)}",
        "rules": f + "rules/swik/",
        "account": "/account/",
        "API sessions": reverse("api-session-list") + f"?family={family.pk}",
        "API hands": reverse("api-hand-list") + f"?family={family.pk}",
        "API disputes": reverse("api-dispute-list") + f"?family={family.pk}",
        "API family": reverse("api-family-detail", args=[family.pk]),
        "API statistics": reverse("api-stats-family", args=[slug]),
        "API player statistics": reverse("api-stats-player", args=[slug, player.pk]),
        "session statistics": reverse("stats-session", args=[slug, session.pk]),
        "dispute": f + f"disputes/{dispute.pk}/",
        "API families": reverse("api-family-list"),
        "API players": reverse("api-player-list") + f"?family={family.pk}",
        "API members": reverse("api-member-list") + f"?family={family.pk}",
        "API session": reverse("api-session-detail", args=[session.pk]),
        "API hand": reverse("api-hand-detail", args=[hand.pk]),
        "API dispute": reverse("api-dispute-detail", args=[dispute.pk]),
        "API session statistics": reverse("api-stats-session", args=[slug, session.pk]),
        "API settle up": reverse("api-stats-settle", args=[slug]),
    }


def counts(client, family):
    found = {}
    for name, url in pages_of(family).items():
        client.get(url)  # warm: a first request may fill caches (sessions, content types)
        with CaptureQueriesContext(connection) as queries:
            r = client.get(url)
        assert r.status_code == 200, (name, url, r.status_code)
        found[name] = len(queries)
    return found


def test_no_page_runs_more_queries_for_a_longer_history(client):
    call_command("demo", hands=100, hands_per_night=25, seed=3, family="The Short family")
    call_command("demo", hands=2000, hands_per_night=25, seed=3, family="The Long family")
    short, long = Family.objects.get(name="The Short family"), Family.objects.get(name="The Long family")
    client.force_login(short.memberships.get(role="owner").user)
    assert long.memberships.filter(user=short.memberships.get(role="owner").user).exists()
    few, many = counts(client, short), counts(client, long)
    grew = {name: (few[name], many[name]) for name in few if many[name] > few[name]}
    assert not grew, f"queries at 100 hands and at 2,000: {grew}"
