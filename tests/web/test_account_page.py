"""The account page: the API token's times are written as the site writes dates, and say their time zone (an
account has no family's zone to borrow, so the server's zone is named)."""

from datetime import UTC, datetime, timedelta

import pytest
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db


def test_the_token_times_name_their_zone(client, owner, settings):
    settings.TIME_ZONE = "UTC"  # (the server's zone, named on the page)
    settings.API_TOKEN_LIFETIME = timedelta(days=30)
    token = Token.objects.create(user=owner)
    Token.objects.filter(pk=token.pk).update(created=datetime(2026, 1, 5, 14, 30, tzinfo=UTC))
    client.force_login(owner)
    text = " ".join(client.get("/account/").content.decode().split())
    assert "made Jan 5, 2026, 2:30 PM UTC" in text
    assert "stops working on Feb 4, 2026, 2:30 PM UTC" in text


def test_no_token_says_how_to_get_one(client, owner):
    client.force_login(owner)
    assert "You have no API token" in client.get("/account/").content.decode()
