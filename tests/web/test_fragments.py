"""Issue 33: the cached fragments (a night's hand table, a hand's ruling panel, the statistics panels) show every
kind of change on the very next read.

Each test reads the page (the fragment is cached), makes one kind of change through its service, and reads the
page again: the fragment differs from before and is exactly what a page rendered with an empty cache shows.
The changes run with their transaction's after-commit work (the statistics job, the version's second bump),
as in production. A family's language and currency are not settings yet (issue 32); its time zone is the
family setting the statistics panels show.
"""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from archive.common import fragments
from archive.people import invitations
from archive.people import services as people_services
from archive.people.models import Family, Invitation, Membership, Player
from archive.stats import services as stats_services
from archive.table import services
from archive.views import CSRF_SLOT
from config.celery import app as celery_app
from tests import factories

pytestmark = pytest.mark.django_db

_TOKENS = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


@pytest.fixture(autouse=True)
def eager_celery():
    """The statistics job runs in-process when its transaction commits, whatever the broker."""
    old = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = old


@pytest.fixture
def night(family, session, owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        h1 = services.hand_add(session=session, record=factories.example_record("01-plain-hand"), by=owner)
        h2 = services.hand_add(session=session, record=factories.example_record("04-forgotten-cut"), by=owner)
    return {"family": family, "session": session, "hands": [h1, h2], "owner": owner}


def _page(client, url):
    r = client.get(url)
    assert r.status_code == 200, (url, r.status_code)
    return _TOKENS.sub("", r.content.decode())


def read(client, url):
    """(the page as the cache serves it, the page rendered afresh with nothing cached)."""
    served = _page(client, url)
    cache.clear()  # (the session and the user are read from the database again: cached_db, signin.py)
    return served, _page(client, url)


def _urls(night):
    slug, session, hands = night["family"].slug, night["session"], night["hands"]
    return {
        "session": f"/families/{slug}/sessions/{session.pk}/",
        "hand 1": f"/families/{slug}/hands/{hands[0].pk}/",
        "hand 2": f"/families/{slug}/hands/{hands[1].pk}/",
        "statistics": f"/families/{slug}/stats/",
        "family": f"/families/{slug}/",
    }


# --- the kinds of change ----------------------------------------------------------------------------------


def log(night):
    services.hand_add(
        session=night["session"], record=factories.generated_record(night["session"], seed=5), by=night["owner"]
    )


def edit(night):
    hand = night["hands"][0]
    services.hand_edit(hand=hand, record=factories.example_record("02-ace-cut"), by=night["owner"], why="misread")


def delete(night):
    services.hand_delete(hand=night["hands"][0], by=night["owner"], why="logged twice")


def dispute_settled(night):
    hand = night["hands"][0]
    dispute = services.dispute_open(hand=hand, title="That was an ace cut", text="", by=night["owner"])
    version = services.version_propose(
        dispute=dispute, record=factories.example_record("02-ace-cut"), by=night["owner"], why="the cut"
    )
    services.dispute_settle(dispute=dispute, version=version, by=night["owner"], why="we agree")


def merged(night):
    mary = Player.objects.get(family=night["family"], name="Mary")
    keep = factories.player(night["family"], "Maria", night["owner"])
    services.players_merge(keep=keep, merge=mary, by=night["owner"])


def renamed(night):
    mary = Player.objects.get(family=night["family"], name="Mary")
    mary.name = "Mary Ann"
    mary.save()


def new_night(night):
    factories.make_session(night["family"], night["owner"], key="another-night")


def dispute_opened(night):
    services.dispute_open(hand=night["hands"][1], title="Was that a cut?", text="", by=night["owner"])


def stats_job(night):
    stats_services.stats_recompute(family=night["family"], rederive=True)


def family_time_zone(night):
    family = Family.objects.get(pk=night["family"].pk)
    family.timezone = "Europe/Prague"
    family.save()


def member_added(night):
    people_services.member_add(
        family=night["family"],
        user=get_user_model().objects.create_user("cousin", password="x" * 12),
        role=Membership.Role.VIEWER,
        by=night["owner"],
    )


def member_removed(night):
    membership = Membership.objects.get(family=night["family"], role=Membership.Role.VIEWER)
    people_services.member_remove(membership=membership, by=night["owner"])


def member_role_changed(night):
    membership = Membership.objects.get(family=night["family"], role=Membership.Role.VIEWER)
    people_services.member_add(family=night["family"], user=membership.user, role="editor", by=night["owner"])


def currency_changed(night):
    people_services.family_currency_set(family=night["family"], currency="czk", by=night["owner"])


def invitation_made(night):
    invitations.invitation_create(family=night["family"], role=Membership.Role.EDITOR, by=night["owner"])


CHANGES = {
    # hand 1's own panel; hand 2's panel shows the pot hand 1 leaves it
    "hand 1": [edit, dispute_settled, merged],
    "hand 2": [edit, delete, dispute_settled],
    "statistics": [log, edit, delete, dispute_settled, merged, renamed, family_time_zone],
    # the facts, the open disputes, the page of nights (hands, pot) and the players
    "family": [
        *(log, delete, new_night, dispute_opened, renamed, family_time_zone),
        # the members panel (cached a family-wide version at a time) and its open invitations (read afresh)
        *(member_added, member_removed, member_role_changed, currency_changed, invitation_made),
    ],
    "session": [log, edit, delete, dispute_opened, dispute_settled, merged, renamed],
}
CASES = [(page, change) for page, changes in CHANGES.items() for change in changes]


@pytest.mark.parametrize(("page", "change"), CASES, ids=[f"{p}-{c.__name__}" for p, c in CASES])
def test_each_change_shows_on_the_next_read(night, client_as, page, change, django_capture_on_commit_callbacks):
    client = client_as("owner")
    url = _urls(night)[page]
    before, fresh = read(client, url)
    assert before == fresh
    _page(client, url)  # the fragment cached again
    with django_capture_on_commit_callbacks(execute=True):
        change(night)
    after, fresh = read(client, url)
    assert after != before, f"{change.__name__} changes what the {page} page shows"
    assert after == fresh, f"after {change.__name__} the {page} page shows what an empty cache would"


@pytest.mark.parametrize("page", ["session", "hand 2", "statistics", "family"])
def test_a_restored_hand_shows_on_the_next_read(night, client_as, page, django_capture_on_commit_callbacks):
    client = client_as("owner")
    url = _urls(night)[page]
    with django_capture_on_commit_callbacks(execute=True):
        delete(night)
    deleted = _page(client, url)
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_restore(hand=night["hands"][0], by=night["owner"], why="it was played")
    after, fresh = read(client, url)
    assert after != deleted and after == fresh


@pytest.mark.parametrize("page", ["family", "session"])
def test_a_settled_dispute_leaves_the_open_ones_on_the_next_read(
    night, client_as, page, django_capture_on_commit_callbacks
):
    client = client_as("owner")
    url = _urls(night)[page]
    hand, owner = night["hands"][0], night["owner"]
    with django_capture_on_commit_callbacks(execute=True):
        dispute = services.dispute_open(hand=hand, title="Mary says she won the last trick", text="", by=owner)
    assert "badge-open" in _page(client, url) or "Mary says she won" in _page(client, url)
    opened = _page(client, url)
    with django_capture_on_commit_callbacks(execute=True):
        services.dispute_resolve(dispute=dispute, resolution="She did not.", by=owner)
    after, fresh = read(client, url)
    assert after != opened and after == fresh
    assert "Mary says she won" not in after


def test_the_statistics_job_shows_on_the_next_read(night, client_as, django_capture_on_commit_callbacks):
    """A hand logged with its job not run yet: the panels show the old figures (cached), then the job's."""
    client = client_as("owner")
    url = _urls(night)["statistics"]
    with django_capture_on_commit_callbacks(execute=False):  # the job is queued, not run
        log(night)
    stale = _page(client, url)
    assert "<b>2</b> hands" in stale
    with django_capture_on_commit_callbacks(execute=True):
        stats_job(night)
    after, fresh = read(client, url)
    assert "<b>3</b> hands" in after and after == fresh


def test_a_version_is_bumped_again_when_the_change_commits(night, django_capture_on_commit_callbacks):
    """Another process reads the version only after the commit: the second bump is the one it sees."""
    family_id = night["family"].pk
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        log(night)
        during = fragments.family_version(family_id)
    for callback in callbacks:
        callback()
    assert fragments.family_version(family_id) != during


def test_an_emptied_cache_starts_a_new_version(night):
    family_id = night["family"].pk
    first = fragments.family_version(family_id)
    cache.clear()
    assert fragments.family_version(family_id) != first


# --- the query counts ----------------------------------------------------------------------------------


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    ("page", "cached", "first"),
    [
        # (the signed-in user, the session and the membership come from the cache; after a change of the family
        # its version is new, and the family and the role are read again: the first query of each miss)
        # nothing; then the family and role, the night, its seats, hands, ledger, disputes, falls, carry
        ("session", 0, 8),
        # nothing; then the family and role, the hand with its neighbours, seats, ledger, disputes
        ("hand 2", 0, 5),
        # the latest job, what the statistics owe; then the family and role, the panels' reads, each statement once
        ("statistics", 2, 17),
        # its open invitations (an owner: one expires with no change); then the family and role, a page of nights
        # (2: its keyset), their counts, the count of nights, the open disputes, the players, its members
        ("family", 1, 9),
    ],
)
def test_a_cached_page_reads_only_what_is_not_in_its_fragment(night, client_as, page, cached, first):
    client = client_as("owner")
    url = _urls(night)[page]
    _page(client, url)  # the signed-in session and user cached
    fragments.bump(night["family"].pk)  # a new version: no fragment of it yet
    missed = _queries(client, url)
    assert missed == first
    assert _queries(client, url) == cached


# --- what a change leaves cached ------------------------------------------------------------------------------


def test_a_change_of_one_night_leaves_the_other_nights_pages_and_the_members_cached(
    night, client_as, django_capture_on_commit_callbacks
):
    """A hand logged in one night replaces that night's version and the family's, not the other nights' or the
    members': their pages come from the cache with no query, and are what an empty cache renders."""
    client = client_as("owner")
    slug, owner = night["family"].slug, night["owner"]
    with django_capture_on_commit_callbacks(execute=True):
        other = factories.make_session(night["family"], owner, key="the-other-night")
        hand = services.hand_add(session=other, record=factories.example_record("01-plain-hand"), by=owner)
    other_urls = [f"/families/{slug}/sessions/{other.pk}/", f"/families/{slug}/hands/{hand.pk}/"]
    cached = [_page(client, url) for url in other_urls]
    this_night = _urls(night)["session"]
    before = _page(client, this_night)
    with django_capture_on_commit_callbacks(execute=True):
        log(night)  # (its statistics job runs too)
    assert [_queries(client, url) for url in other_urls] == [0, 0]
    assert _queries(client, this_night) == 7, "the night read again; the family and the role still cached"
    after, fresh = read(client, this_night)
    assert after != before and after == fresh
    assert [read(client, url) for url in other_urls] == [(page, page) for page in cached]


def test_a_statistics_job_leaves_the_nights_pages_cached(night, client_as, django_capture_on_commit_callbacks):
    client = client_as("owner")
    urls = _urls(night)
    pages = [urls["session"], urls["hand 2"]]
    for url in pages:
        _page(client, url)
    stats = _page(client, urls["statistics"])
    with django_capture_on_commit_callbacks(execute=True):
        stats_services.stats_recompute(family=night["family"], rederive=True)
    assert [_queries(client, url) for url in pages] == [0, 0]
    # the statistics page is read again (the family's version is new), the same figures: nothing else changed
    assert _queries(client, urls["statistics"]) > 2 and _page(client, urls["statistics"]) == stats


def test_a_hand_logged_leaves_the_statistics_panels_cached_until_its_job_has_run(
    night, client_as, django_capture_on_commit_callbacks
):
    client = client_as("owner")
    url = _urls(night)["statistics"]
    _page(client, url)
    with django_capture_on_commit_callbacks(execute=False):  # the hand saved, its job not run yet
        log(night)
    assert _queries(client, url) == 2, "the latest job and what is owed: the panels from the cache"
    with django_capture_on_commit_callbacks(execute=True):
        stats_job(night)
    assert _queries(client, url) > 2, "the job's figures read afresh"


# --- the members panel: cached, but with each request's own token and the invitations of the moment -----------


def test_the_cached_members_panel_carries_each_sessions_own_csrf_token(night, owner):
    """Two signed-in sessions of one owner (a phone, a laptop): the second is served the cached members panel,
    and each changes a role with the token its own page gave it."""
    viewer = Membership.objects.get(family=night["family"], role=Membership.Role.VIEWER)
    url = f"/families/{night['family'].slug}/"
    for _ in range(2):
        client = Client(enforce_csrf_checks=True)
        client.force_login(owner)
        page = client.get(url).content.decode()
        token = re.search(
            rf'action="/families/{night["family"].slug}/members/{viewer.pk}/"[^>]*>'
            r'<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)"',
            page,
        )
        assert token, "the role form has a token"
        assert CSRF_SLOT not in page
        r = client.post(
            f"/families/{night['family'].slug}/members/{viewer.pk}/",
            {"role": "viewer", "csrfmiddlewaretoken": token.group(1)},
        )
        assert r.status_code == 302, r.status_code  # not 403: the token is this session's


def test_an_expired_invitation_leaves_the_family_page_with_no_change_of_the_family(night, client_as):
    client = client_as("owner")
    url = f"/families/{night['family'].slug}/"
    invitation, _code = invitations.invitation_create(
        family=night["family"], role=Membership.Role.EDITOR, by=night["owner"], for_username="aunt"
    )
    assert "for aunt" in _page(client, url)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    assert "for aunt" not in _page(client, url)
