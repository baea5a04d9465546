"""Issue 19: a large history is imported by a background job; the import page shows its progress,
can be left and come back to, and shows the result (the API answers 202 and then the same)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from archive.history.selectors import import_job_progress
from archive.models import Hand, ImportChunk, ImportJob
from config.celery import app as celery_app
from tests import factories
from tests.history.test_import_stream import history_lines


@pytest.fixture(autouse=True)
def eager_celery(settings):
    """The job runs in-process when its upload commits, whatever the broker; a tiny inline limit."""
    old = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    settings.IMPORT_INLINE_MAX_BYTES = 2000
    yield
    celery_app.conf.task_always_eager = old


def test_a_large_file_is_imported_in_the_background_and_its_result_shown(
    client_as, family, owner, django_capture_on_commit_callbacks
):
    other = factories.make_family(owner, name="The Other family")
    body = "".join(history_lines(40)).encode()
    assert len(body) > 2000
    client = client_as("owner")
    url = reverse("history_import", args=[other.slug])
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(url, {"file": SimpleUploadedFile("attic.jsonl", body)})
    job = ImportJob.objects.get(family=other)
    assert r.status_code == 302 and r["Location"].endswith(f"?job={job.pk}")
    assert Hand.objects.filter(session__family=other).count() == 40
    assert not ImportChunk.objects.filter(job=job).exists()  # the upload is gone once imported
    page = client.get(r["Location"]).content.decode()
    assert "Imported attic.jsonl" in page and "Added <b>40</b> hands" in page
    assert "attic.jsonl</a>: done, 40 added" in page  # and in the list of latest imports
    status = client.get(reverse("history_import_job", args=[other.slug, job.pk])).json()
    assert (status["state"], status["added"], status["percent"], status["lines"]) == ("done", 40, 100, 40)


def test_a_background_import_with_bad_lines_saves_nothing_and_names_them(
    client_as, family, owner, django_capture_on_commit_callbacks
):
    other = factories.make_family(owner, name="The Other family")
    lines = history_lines(40)
    lines[3] = '{"format": "handrec/1"\n'
    lines[30] = json.dumps({"format": "handrec/1", "events": []}) + "\n"
    client = client_as("owner")
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(
            reverse("history_import", args=[other.slug]),
            {"file": SimpleUploadedFile("h.jsonl", "".join(lines).encode())},
        )
    page = client.get(r["Location"]).content.decode()
    assert "Nothing was imported: 2 problems" in page
    assert "line 4" in page and "line 31, archive" in page
    assert not Hand.objects.filter(session__family=other).exists()


def test_a_running_import_shows_its_progress_when_the_page_is_opened_again(client_as, family, owner):
    job = ImportJob.objects.create(
        family=family, by=owner, name="thirty years.jsonl", state="running", lines=1000, done=250, added=240, skipped=10
    )
    client = client_as("editor")
    page = client.get(reverse("history_import", args=[family.slug])).content.decode()
    assert "Importing thirty years.jsonl" in page and "250 of 1,000 lines read" in page
    assert 'value="25"' in page and "archive/import.js" in page
    assert f'data-url="{reverse("history_import_job", args=[family.slug, job.pk])}"' in page
    status = client.get(reverse("history_import_job", args=[family.slug, job.pk])).json()
    assert (status["state"], status["done"], status["percent"], status["added"]) == ("running", 250, 25, 240)
    assert client_as("viewer").get(reverse("history_import_job", args=[family.slug, job.pk])).status_code == 403


def test_the_api_answers_202_for_a_large_file_and_then_the_result(
    family, owner, viewer, django_capture_on_commit_callbacks
):
    other = factories.make_family(owner, name="Elsewhere")
    body = "".join(history_lines(40))
    api, stranger = APIClient(), APIClient()
    api.force_authenticate(owner)
    stranger.force_authenticate(viewer)
    with django_capture_on_commit_callbacks(execute=True):
        r = api.post(f"/api/families/{other.pk}/import/", body, content_type="application/jsonl")
    assert r.status_code == 202 and r.json()["state"] == "queued"
    done = api.get(r.json()["url"]).json()
    assert (done["state"], done["added"], done["error_count"]) == ("done", 40, 0)
    assert stranger.get(r.json()["url"]).status_code == 404  # the viewer is not in that family


def test_progress_words_of_a_queued_job(family, owner):
    job = ImportJob.objects.create(family=family, by=owner, lines=0)
    assert import_job_progress(job)["percent"] == 0 and import_job_progress(job)["state"] == "queued"
