"""The admin shows hands with their record and ruling, read-only."""

from django.urls import reverse

from archive.table import services
from tests import factories
from tests.factories import example_record


def test_admin_pages_show_a_hand_and_its_history(client, session, editor):
    hand = services.hand_add(session=session, record=example_record("05-misdeal"), by=editor)
    admin = factories.make_user("admin", is_staff=True, is_superuser=True)
    client.force_login(admin)
    for name in ("hand", "handrevision", "ledgerentry", "session", "family", "player", "dispute", "membership"):
        assert client.get(reverse(f"admin:archive_{name}_changelist")).status_code == 200, name
    page = client.get(reverse("admin:archive_hand_change", args=[hand.pk])).content.decode()
    assert "swik.misdeal" in page and "Uncle Joe" in page
    assert client.get(reverse("admin:archive_session_change", args=[session.pk])).status_code == 200
