"""The audit log on a phone reads like the rest of the site: its times in the family's time zone, written
as the other pages write them, and a way back to the family."""

import zoneinfo

import pytest

from archive.people import services as people_services
from archive.people.models import AuditEntry
from tests import factories
from tests.browser.support import BROWSER

pytestmark = BROWSER


@pytest.mark.django_db(transaction=True)
def test_the_audit_log_tells_the_familys_own_time_and_leads_back(page, live_server):
    owner = factories.make_user("grandma", password="demo")
    family = people_services.family_create(name="The Hale family", owner=owner, timezone="America/Chicago")
    factories.player(family, "Uncle Joe", owner)
    entry = AuditEntry.objects.filter(family=family).order_by("-at", "-id").first()
    local = entry.at.astimezone(zoneinfo.ZoneInfo("America/Chicago"))
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "grandma")
    page.fill("#id_password", "demo")
    page.click("button[type=submit]")
    page.goto(live_server.url + f"/families/{family.slug}/audit/")
    first = page.locator("table.data tbody tr").first.inner_text()
    hour = local.strftime("%I").lstrip("0")
    assert f"{local:%b} {local.day}, {local.year} {hour}:{local:%M} {local:%p}" in first, first
    page.locator("nav.crumbs").get_by_role("link", name="The Hale family").click()
    assert page.url.endswith(f"/families/{family.slug}/")
