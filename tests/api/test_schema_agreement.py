"""Issue 28, item 9: the schema and the API agree. A query parameter the schema forbids (junk offset or limit,
an id that is not one, a status or yes/no outside its list) is a 400 naming it, where the API quietly answered
the first page; the schema offers each list filter on the list alone and JSON bodies alone; an operation that
may refuse a well-formed request for its data says so in its 400; the audit log is the plain list it answers;
and every API address with a non-integer id answers a JSON 404."""

import pytest
import yaml

from archive.common.api.schema import REFUSED


def _schema(client):
    return yaml.safe_load(client.get("/api/schema/").content)


@pytest.mark.parametrize(
    "url, name",
    [
        ("/api/families/?offset=junk", "offset"),
        ("/api/families/?offset=-1", "offset"),
        ("/api/families/?limit=junk", "limit"),
        ("/api/families/?limit=0", "limit"),
        ("/api/families/?limit=501", "limit"),
        ("/api/players/?family=junk", "family"),
        ("/api/players/?family=0", "family"),
        ("/api/hands/?deleted=5333", "deleted"),
        ("/api/hands/?status=junk", "status"),
        ("/api/hands/?session=-3", "session"),
        ("/api/hands/?limit=junk", "limit"),
        ("/api/sessions/?limit=-4540591733613", "limit"),
        ("/api/disputes/?status=closed", "status"),
        ("/api/disputes/?hand=9223372036854775808", "hand"),
        ("/api/disputes/?family=&limit=", "family"),
        ("/api/families/?offset=", "offset"),
        ("/api/hands/?family=1&family=2", "family"),
    ],
)
def test_a_query_parameter_the_schema_forbids_is_a_400_naming_it(api, hands, url, name):
    r = api("editor").get(url)
    assert r.status_code == 400, (url, r.status_code)
    assert r["Content-Type"] == "application/json"
    assert name in r.json(), r.json()


def test_a_statistics_day_is_written_yyyy_mm_dd_and_the_game_is_one_the_schema_lists(api, family):
    c = api("editor")
    assert c.get(f"/api/stats/families/{family.slug}/?from=20240301").status_code == 400
    assert c.get(f"/api/stats/families/{family.slug}/?game=chess").status_code == 400
    assert c.get(f"/api/stats/families/{family.slug}/?from=").status_code == 400
    assert c.get(f"/api/stats/families/{family.slug}/settle/?session=x").json()["session"]
    assert c.get(f"/api/stats/families/{family.slug}/?from=2024-03-01&game=swik").status_code == 200


def test_what_the_schema_allows_answers_as_before(api, hands, owner):
    c = api("editor")
    page = c.get("/api/families/?limit=1&offset=0").json()
    assert set(page) == {"count", "next", "previous", "results"} and len(page["results"]) == 1
    for spelling in ("true", "1", "yes", "false", "0", "no"):
        assert c.get(f"/api/hands/?deleted={spelling}").status_code == 200, spelling
    listed = c.get("/api/hands/?status=complete&limit=1").json()
    assert set(listed) == {"next", "previous", "results"} and len(listed["results"]) <= 1


def test_the_list_filters_are_offered_on_the_list_alone_and_bodies_are_json(client, db):
    paths = _schema(client)["paths"]
    hands = paths["/api/hands/"]
    assert {p["name"] for p in hands["get"]["parameters"]} >= {"family", "session", "status", "deleted"}
    assert "status" not in {p["name"] for p in hands["post"].get("parameters", [])}
    assert not paths["/api/hands/{id}/"]["get"].get("parameters", [])[1:]  # the id alone
    deleted = next(p for p in hands["get"]["parameters"] if p["name"] == "deleted")
    assert set(deleted["schema"]["enum"]) == {"true", "false", "1", "0", "yes", "no"}
    limit = next(p for p in paths["/api/families/"]["get"]["parameters"] if p["name"] == "limit")
    assert (limit["schema"]["minimum"], limit["schema"]["maximum"]) == (1, 500)
    for path in ("/api/hands/", "/api/sessions/", "/api/disputes/", "/api/token/"):
        assert list(paths[path]["post"]["requestBody"]["content"]) == ["application/json"], path


def test_an_operation_that_may_refuse_well_formed_data_says_so_in_its_400(client, db):
    paths = _schema(client)["paths"]
    for path in (
        "/api/token/",
        "/api/invitations/accept/",
        "/api/referee/",
        "/api/referee/legal/",
        "/api/sessions/",
        "/api/disputes/",
        "/api/hands/",
    ):
        op = paths[path]["post"]
        assert REFUSED in op, path
        assert "Also when the data is refused" in op["responses"]["400"]["description"], path
    assert REFUSED not in paths["/api/families/{id}/"]["get"]


def test_the_audit_log_is_the_plain_list_its_schema_says(client, api, family, owner):
    op = _schema(client)["paths"]["/api/families/{id}/audit/"]["get"]
    body = op["responses"]["200"]["content"]["application/json"]["schema"]
    assert body["type"] == "array" and body["items"] == {"$ref": "#/components/schemas/AuditEntry"}
    assert [p["name"] for p in op["parameters"]] == ["id"]  # no limit or offset it would ignore
    api("owner").post("/api/players/", {"family": family.pk, "name": "Vera"}, format="json")
    r = api("owner").get(f"/api/families/{family.pk}/audit/")
    assert r.status_code == 200 and isinstance(r.json(), list) and r.json()
    assert set(r.json()[0]) == {"id", "at", "by", "action", "summary", "before", "after", "undone_at"}


def test_a_history_form_without_its_file_is_a_400_naming_the_field(api, family):
    r = api("editor").post(f"/api/families/{family.pk}/import/", {"": "{}"}, format="multipart")
    assert r.status_code == 400 and "file" in r.json()


def test_every_api_address_with_a_non_integer_id_answers_a_json_404(client, api, family, hands, dispute):
    c = api("editor")
    paths = _schema(client)["paths"]
    tried = 0
    for path, item in paths.items():
        if "{id}" not in path and "{job_id}" not in path:
            continue
        url = path.replace("{slug}", family.slug).replace("{job_id}", "1.5").replace("{id}", "x1")
        if "{job_id}" in path:
            url = url.replace("/x1/", f"/{family.pk}/")
        for method in item:
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            r = getattr(c, method)(url, {}, format="json")
            assert r.status_code == 404, (method, url, r.status_code)
            assert r["Content-Type"] == "application/json", (method, url)
            tried += 1
    assert tried > 25
