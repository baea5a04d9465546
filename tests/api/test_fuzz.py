"""Issue 17: schemathesis against /api/schema/, as an editor of a family with hands, sessions and a
dispute: whatever the schema allows a client to send, no answer is a 500 and every answer fits the
schema (status code documented, content type and body as documented).

The suite runs a short pass (TK_FUZZ_EXAMPLES, default 3 examples an operation, derandomized);
.ci/run's longer stage is `TK_FUZZ_EXAMPLES=15 .venv/bin/python -m pytest tests/api/test_fuzz.py`.
"""

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig
from schemathesis.config._checks import PositiveDataAcceptanceConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ensure_resource_availability,
    ignored_auth,
    missing_required_header,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
    use_after_free,
)

from archive.common.api.schema import REFUSED
from archive.table import services
from config.wsgi import application

EXAMPLES = int(os.environ.get("TK_FUZZ_EXAMPLES", "3"))
# Issue 28: every check schemathesis has. The answers fit the schema (headers too), taking the auth away gets a
# 401, a method the schema lacks a 405, a deleted resource a 404; whatever the schema allows is accepted
# (positive_data_acceptance) and whatever it forbids refused (negative_data_rejection).
CHECKS = [
    schemathesis.checks.not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    missing_required_header,
    unsupported_method,
    use_after_free,
    ensure_resource_availability,
    ignored_auth,
    positive_data_acceptance,
    negative_data_rejection,
]


def refusing_operations(raw):
    """The operationIds whose schema says they may refuse a well-formed request for its data (REFUSED: a wrong
    password, an unknown code, a record that is not a real hand); their documented 400 is an expected answer
    to a schema-valid request, every other operation's is not."""
    return sorted(
        op["operationId"]
        for item in raw["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and REFUSED in op
    )


def config_for(raw):
    accepted = [*PositiveDataAcceptanceConfig().expected_statuses, "400"]
    return SchemathesisConfig.from_dict(
        {
            "operations": [
                {
                    "include-operation-id": refusing_operations(raw),
                    "checks": {"positive_data_acceptance": {"expected-statuses": accepted}},
                }
            ]
        }
    )


RAW = schemathesis.openapi.from_wsgi("/api/schema/", application).raw_schema
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=config_for(RAW))
TOKEN = {}  # this test's editor token (a new database, a new token, each example)


@schema.auth(refresh_interval=None)
class EditorToken:
    """The editor's token, given the way the schema says (so ignored_auth can take it away and expect a 401)."""

    def get(self, case, context):
        return TOKEN.get("key", "")

    def set(self, case, data, context):
        case.headers = dict(case.headers or {}, Authorization=f"Token {data}")


@pytest.fixture(autouse=True)
def keep_the_test_connection():
    """schemathesis calls the WSGI app itself, whose end of request would close the database connection the
    test's transaction runs on (Django's own test client disconnects the same two signals)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def editor_token(family, session, hands, editor, owner):
    services.dispute_open(hand=hands[0], title="That was a misdeal!", text="two cards", by=editor)
    return Token.objects.create(user=editor).key


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@pytest.mark.django_db
def test_no_request_the_schema_allows_gets_a_500_or_an_answer_outside_the_schema(case, editor_token):
    TOKEN["key"] = editor_token
    case.call_and_validate(checks=CHECKS)


def test_an_address_outside_the_api_routes_answers_json_and_a_page_address_a_page(client, db):
    api = client.get("/api/hands/0.5/ruling/")
    assert api.status_code == 404 and api["Content-Type"] == "application/json"
    assert api.json()["detail"].startswith("Not found: no such address in the API")
    page = client.get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
