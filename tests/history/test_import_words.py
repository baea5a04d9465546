"""Issue 32: an import's problems are said in the reader's language — on the import page, in the API (its
Accept-Language), in a background job (the language of the person who started it) and in the command (the
terminal's) — each with the same line, event and field as in English; nothing is saved."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from archive.history import imports, services
from archive.management.language import terminal_language
from archive.models import Hand, ImportJob
from config.celery import app as celery_app
from tests import factories
from tests.history.test_import_stream import history_lines

# What each language says of the three bad lines: a card dealt twice (the referee's words), a line cut short
# (not JSON: the referee's), a line with no "archive" (the archive's own).
SAID = {
    "en": ("is dealt to both", "the record is not valid JSON", 'This line has no "archive" key'),
    "cs": ("je rozdána dvakrát", "záznam není platný JSON", 'Tento řádek nemá klíč "archive"'),
    "ru": ("сдана дважды", "запись — не корректный JSON", 'В этой строке нет ключа "archive"'),
}
PLACES = [(2, 1, "hands"), (4, None, "*"), (6, None, "archive")]


def bad_history():
    """Eight lines of a Swik night, lines 2, 4 and 6 bad."""
    lines = history_lines(8)
    duplicate = json.loads((factories.DATA / "bad" / "01-duplicate-card.json").read_text())
    duplicate["archive"] = json.loads(lines[1])["archive"] | {"number": 99}
    lines[1] = json.dumps(duplicate) + "\n"
    lines[3] = '{"format": "handrec/1", "events": [\n'
    lines[5] = json.dumps({k: v for k, v in json.loads(lines[5]).items() if k != "archive"}) + "\n"
    return lines


def said_right(errors, language):
    """Each bad line named at its place, with the words of `language` (a chunk's lines that are not JSON are
    named before the ones the referee refuses)."""
    errors = sorted(errors, key=lambda e: e["line"])
    assert [(e["line"], e["event"], e["field"]) for e in errors] == PLACES
    for error, words in zip(errors, SAID[language], strict=True):
        assert words in error["message"], (language, error["message"])
    return True


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_the_import_names_each_bad_line_in_the_language_spoken(family, owner, language):
    with translation.override(language):
        result = imports.history_import(family=family, lines=bad_history(), by=owner)
    assert result["added"] == 0 and result["error_count"] == 3 and said_right(result["errors"], language)
    assert not Hand.objects.filter(session__family=family).exists()


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_the_api_refuses_a_bad_history_in_the_language_asked_for(api, family, language):
    body = "".join(bad_history())
    r = api("owner").post(
        f"/api/families/{family.pk}/import/", body, content_type="application/jsonl", HTTP_ACCEPT_LANGUAGE=language
    )
    assert r.status_code == 400 and said_right(r.json()["errors"], language)
    r = api("owner").post(f"/api/families/{family.pk}/import/", {}, format="multipart", HTTP_ACCEPT_LANGUAGE="ru")
    assert r.status_code == 400 and r.json() == {
        "file": ["Отправьте историю файлом в поле file формы или телом запроса."]
    }


def test_the_import_page_says_the_problems_in_czech(client, family, owner):
    client.force_login(owner)
    r = client.post(
        reverse("history_import", args=[family.slug]),
        {"file": SimpleUploadedFile("h.jsonl", "".join(bad_history()).encode())},
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    page = r.content.decode()
    assert r.status_code == 400 and "Nic se nenahrálo: 3 problémy" in page
    for words in ("je rozdána dvakrát", "není platný JSON", "Tento řádek nemá klíč"):
        assert words in page, page


def test_a_background_import_keeps_its_problems_in_the_language_of_who_started_it(
    family, owner, settings, django_capture_on_commit_callbacks
):
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        body = "".join(bad_history()).encode()
        with translation.override("ru"), django_capture_on_commit_callbacks(execute=True):
            services.import_start(family=family, by=owner, upload=_Upload(body), name="h.jsonl")
    finally:
        celery_app.conf.task_always_eager = eager
    job = ImportJob.objects.get(family=family)
    assert job.state == ImportJob.State.DONE and said_right(job.errors, "ru")


class _Upload:
    """A file object giving bytes, as an upload is."""

    def __init__(self, data):
        self.data = data

    def read(self, size=-1):
        piece, self.data = (self.data, b"") if size < 0 else (self.data[:size], self.data[size:])
        return piece


def test_the_command_speaks_the_terminals_language(family, tmp_path, capsys, monkeypatch):
    path = tmp_path / "h.jsonl"
    path.write_text("".join(bad_history()), encoding="utf-8")
    monkeypatch.setenv("LANGUAGE", "cs_CZ.UTF-8")
    with pytest.raises(CommandError, match="3 problémy, první: řádek 4, \\*: záznam není platný JSON"):
        call_command("import_history", family.slug, str(path), progress=False)
    said = capsys.readouterr().err
    assert 'řádek 6, archive: Tento řádek nemá klíč "archive"' in said and "řádek 2, událost 1, hands: " in said
    monkeypatch.setenv("LANGUAGE", "ru_RU.UTF-8")
    with pytest.raises(CommandError, match="Нет семьи с кратким именем 'nobody'"):
        call_command("import_history", "nobody", str(path))
    monkeypatch.setenv("LANGUAGE", "C")
    with pytest.raises(CommandError, match="No family with the slug 'nobody'"):
        call_command("import_history", "nobody", str(path))


def test_the_terminals_language_is_read_as_gettext_reads_it():
    assert terminal_language({"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert terminal_language({"LANGUAGE": "ru:en", "LANG": "cs_CZ.UTF-8"}) == "ru"
    assert terminal_language({"LC_ALL": "de_DE.UTF-8", "LANG": "cs_CZ.UTF-8"}) is None  # German: English words
    assert terminal_language({"LANG": "C.UTF-8"}) is None and terminal_language({}) is None


def test_an_import_sent_without_its_file_is_told_so(client, family, owner):
    client.force_login(owner)
    r = client.post(reverse("history_import", args=[family.slug]), {}, HTTP_ACCEPT_LANGUAGE="ru")
    assert r.status_code == 400 and "Обязательное поле." in r.content.decode()
