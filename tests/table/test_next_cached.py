"""Issue 33: GET /api/sessions/N/next/ is answered from the cache under the family's version, and every change
that moves what the next hand starts from shows on the very next read: a hand logged, edited, deleted or
restored, a dispute settled with another version of the last hand, a player renamed or merged, a membership
removed, and the admin's saves and deletes of nights, hands and ledger rows.

Each test reads the answer (cached), makes the change with its transaction's after-commit work, and reads it
again: the answer moved, and it is exactly what an empty cache answers."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from archive.common import fragments
from archive.people.models import Membership, Player
from archive.table import services
from archive.table.models import Hand, LedgerEntry, Session
from tests import factories

pytestmark = pytest.mark.django_db


def _next(client, session):
    r = client.get(f"/api/sessions/{session.pk}/next/")
    return r.status_code, (r.json() if r.status_code == 200 else None)


def read(client, session):
    """(the answer as the cache serves it, the answer with nothing cached)."""
    served = _next(client, session)
    cache.clear()
    return served, _next(client, session)


@pytest.fixture
def night(session, hands, owner):
    return {"session": session, "hands": hands, "owner": owner}


# --- the kinds of change through the services ------------------------------------------------------------


def log(night):
    services.hand_add(
        session=night["session"], record=factories.generated_record(night["session"], seed=5), by=night["owner"]
    )


def edit(night):  # the last hand as an ace cut: another pot out
    services.hand_edit(
        hand=night["hands"][-1], record=factories.example_record("02-ace-cut"), by=night["owner"], why="misread"
    )


def delete(night):
    services.hand_delete(hand=night["hands"][-1], by=night["owner"], why="logged twice")


def dispute_settled(night):
    hand = night["hands"][-1]
    dispute = services.dispute_open(hand=hand, title="That was an ace cut", text="", by=night["owner"])
    version = services.version_propose(
        dispute=dispute, record=factories.example_record("02-ace-cut"), by=night["owner"], why="the cut"
    )
    services.dispute_settle(dispute=dispute, version=version, by=night["owner"], why="we agree")


def renamed(night):
    mary = Player.objects.get(family=night["session"].family, name="Mary")
    mary.name = "Mary Ann"
    mary.save()


def merged(night):
    family = night["session"].family
    mary = Player.objects.get(family=family, name="Mary")
    keep = factories.player(family, "Maria", night["owner"])
    services.players_merge(keep=keep, merge=mary, by=night["owner"])


CHANGES = [log, edit, delete, dispute_settled, renamed, merged]


@pytest.mark.parametrize("change", CHANGES, ids=[c.__name__ for c in CHANGES])
def test_each_change_shows_on_the_next_read(night, api, change, django_capture_on_commit_callbacks):
    client = api("viewer")
    before, fresh = read(client, night["session"])
    assert before == fresh and before[0] == 200
    _next(client, night["session"])  # cached again
    with django_capture_on_commit_callbacks(execute=True):
        change(night)
    after, fresh = read(client, night["session"])
    assert after != before, f"{change.__name__} changes what the next hand starts from"
    assert after == fresh, f"after {change.__name__} next/ answers what an empty cache would"


def test_a_logged_hand_moves_the_number_the_dealer_and_the_pot(night, api, django_capture_on_commit_callbacks):
    client = api("editor")
    _, before = _next(client, night["session"])
    with django_capture_on_commit_callbacks(execute=True):
        log(night)
    _, after = _next(client, night["session"])
    last = Hand.objects.filter(session=night["session"]).order_by("number").last()
    assert after["number"] == before["number"] + 1 == last.number + 1
    assert after["pot_in"] == last.pot_out and after["dealer"] == last.next_dealer


def test_a_restored_hand_shows_on_the_next_read(night, api, django_capture_on_commit_callbacks):
    client = api("viewer")
    with django_capture_on_commit_callbacks(execute=True):
        delete(night)
    _, deleted = _next(client, night["session"])
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_restore(hand=night["hands"][-1], by=night["owner"], why="it was played")
    after, fresh = read(client, night["session"])
    assert after[1] != deleted and after == fresh and after[1]["number"] == 3


def test_a_member_removed_is_answered_not_found_on_the_next_read(
    night, api, viewer, django_capture_on_commit_callbacks
):
    client = api("viewer")
    assert _next(client, night["session"])[0] == 200
    with django_capture_on_commit_callbacks(execute=True):
        Membership.objects.filter(user=viewer, family=night["session"].family).delete()
    assert _next(client, night["session"])[0] == 404


def test_a_stranger_is_not_answered_from_a_members_cached_answer(night, api):
    assert _next(api("viewer"), night["session"])[0] == 200
    assert _next(api("stranger"), night["session"])[0] == 404
    assert _next(api(None), night["session"])[0] in (401, 403)


# --- the admin's saves and deletes -----------------------------------------------------------------------


@pytest.fixture
def admin_client(client):
    client.force_login(factories.make_user("admin", is_staff=True, is_superuser=True))
    return client


def _change_form(admin_client, name, pk, **changes):
    """POST the admin's change form of the row as it stands, with `changes`."""
    url = reverse(f"admin:archive_{name}_change", args=[pk])
    page = admin_client.get(url)
    data = {}
    form = page.context["adminform"].form
    for field in form:
        value = form.initial.get(field.name, field.field.initial)
        if hasattr(field.field, "fields"):  # a date and a time
            for i, part in enumerate(field.field.widget.decompress(value)):
                data[f"{field.html_name}_{i}"] = "" if part is None else part
        elif value is not None:
            data[field.html_name] = getattr(value, "pk", value)
    for formset in page.context["inline_admin_formsets"]:
        management = formset.formset.management_form
        for name_, value in management.initial.items():
            data[management.add_prefix(name_)] = value
        for i, inline_form in enumerate(formset.formset.forms):
            data[f"{formset.formset.prefix}-{i}-id"] = inline_form.instance.pk
            fk = formset.formset.fk.name
            data[f"{formset.formset.prefix}-{i}-{fk}"] = pk
    data.update(changes)
    r = admin_client.post(url, data)
    assert r.status_code == 302, r.context["adminform"].form.errors if r.context else r.status_code


def test_a_night_deleted_in_the_admin_is_not_found_on_the_next_read(
    night, api, admin_client, django_capture_on_commit_callbacks
):
    client = api("viewer")
    assert _next(client, night["session"])[0] == 200
    with django_capture_on_commit_callbacks(execute=True):
        _change_form(admin_client, "session", night["session"].pk, deleted_at_0="2026-01-02", deleted_at_1="20:00:00")
    assert Session.objects.get(pk=night["session"].pk).deleted_at is not None
    assert _next(client, night["session"])[0] == 404


def test_the_admin_may_not_delete_a_hand_or_a_night_for_good(night, api, admin_client):
    """Their revisions may not be deleted (the history stays): what the API answers cannot move this way."""
    before = _next(api("viewer"), night["session"])
    hand = night["hands"][-1]
    assert admin_client.post(reverse("admin:archive_hand_delete", args=[hand.pk]), {"post": "yes"}).status_code == 403
    url = reverse("admin:archive_session_delete", args=[night["session"].pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    assert _next(api("viewer"), night["session"]) == before


def _dispute(night):
    return services.dispute_open(hand=night["hands"][0], title="Was that a cut?", text="", by=night["owner"])


@pytest.mark.parametrize("name", ["session", "hand", "dispute"])
def test_a_row_saved_in_the_admin_replaces_the_familys_version(
    night, admin_client, name, django_capture_on_commit_callbacks
):
    rows = {"session": night["session"], "hand": night["hands"][0], "dispute": _dispute(night)}
    family_id = night["session"].family_id
    before = fragments.family_version(family_id)
    with django_capture_on_commit_callbacks(execute=True):
        _change_form(admin_client, name, rows[name].pk)
    assert fragments.family_version(family_id) != before


@pytest.mark.parametrize("name", ["ledgerentry", "dispute"])
def test_a_row_deleted_in_the_admin_replaces_the_familys_version(
    night, admin_client, name, django_capture_on_commit_callbacks
):
    rows = {"ledgerentry": LedgerEntry.objects.filter(hand=night["hands"][0]).first(), "dispute": _dispute(night)}
    family_id = night["session"].family_id
    before = fragments.family_version(family_id)
    with django_capture_on_commit_callbacks(execute=True):
        r = admin_client.post(reverse(f"admin:archive_{name}_delete", args=[rows[name].pk]), {"post": "yes"})
    assert r.status_code == 302
    assert fragments.family_version(family_id) != before


def test_ledger_rows_deleted_from_the_admins_list_replace_the_familys_version(
    night, admin_client, django_capture_on_commit_callbacks
):
    family_id = night["session"].family_id
    before = fragments.family_version(family_id)
    rows = list(LedgerEntry.objects.filter(hand=night["hands"][0]).values_list("pk", flat=True)[:2])
    with django_capture_on_commit_callbacks(execute=True):
        r = admin_client.post(
            reverse("admin:archive_ledgerentry_changelist"),
            {"action": "delete_selected", "_selected_action": rows, "post": "yes"},
        )
    assert r.status_code == 302 and not LedgerEntry.objects.filter(pk__in=rows).exists()
    assert fragments.family_version(family_id) != before
