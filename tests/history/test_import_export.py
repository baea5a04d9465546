"""A family's history out as JSON Lines and back in: same rulings, idempotent, all or nothing."""

import json

from django.core.management import call_command

from archive.history import export, imports
from archive.models import Hand, HandRevision, LedgerEntry, Player, Session
from archive.table import services
from tests import factories
from tests.factories import example_record


def _history(family):
    return [
        (h.session.key, h.number, h.record["players"], h.ruling)
        for h in Hand.objects.filter(session__family=family, deleted_at__isnull=True)
        .select_related("session")
        .order_by("session__started_at", "number")
    ]


def _archive(family, owner, editor):
    from datetime import timedelta

    s1 = factories.make_session(family, owner, pot_in=4, house_rules={"ante": 5})
    s2 = factories.make_session(
        family, owner, names=("Katie", "Stan", "Mary"), started_at=s1.started_at + timedelta(days=7), place="the cabin"
    )
    for name in ("01-plain-hand", "05-misdeal", "07-trips"):
        services.hand_add(session=s1, record=example_record(name), by=editor)
    factories.log_hands(s2, editor, 6, seed=5)
    twin = services.hand_add(session=s1, record=example_record("02-ace-cut"), by=editor)
    services.hand_delete(hand=twin, by=editor, why="entered twice")  # deleted hands are not exported
    services.hand_add(session=s1, record=example_record("03-seven-cut-ace-bottom"), by=editor)
    return s1, s2


def test_export_then_import_into_a_new_family_gives_the_same_rulings(family, owner, editor):
    _archive(family, owner, editor)
    lines = list(export.history_export(family=family))
    assert len(lines) == 10 and all(line.endswith("\n") for line in lines)
    first = json.loads(lines[0])
    assert first["format"] == "handrec/1" and first["archive"]["number"] == 1
    assert first["archive"]["session"]["house_rules"] == {"ante": 5} and first["archive"]["session"]["pot_in"] == 4

    other = factories.make_family(owner, name="The Copy family")
    result = imports.history_import(family=other, lines=lines, by=owner)
    assert (result["added"], result["skipped"], result["errors"]) == (10, 0, [])
    assert _history(other) == _history(family)
    s = Session.objects.get(family=other, place="the cabin")
    assert [seat.player.name for seat in s.seats.order_by("position")] == ["Katie", "Stan", "Mary"]
    assert set(HandRevision.objects.filter(hand__session__family=other).values_list("kind", flat=True)) == {"imported"}
    for hand in Hand.objects.filter(session__family=other):
        assert sum(LedgerEntry.objects.filter(hand=hand).values_list("amount", flat=True)) == sum(hand.ruling["net"])


def test_importing_the_same_file_twice_adds_nothing(family, owner, editor):
    _archive(family, owner, editor)
    lines = list(export.history_export(family=family))
    other = factories.make_family(owner, name="The Copy family")
    imports.history_import(family=other, lines=lines, by=owner)
    counts = (
        Session.objects.count(),
        Hand.objects.count(),
        HandRevision.objects.count(),
        LedgerEntry.objects.count(),
        Player.objects.count(),
    )
    again = imports.history_import(family=other, lines=lines, by=owner)
    assert (again["added"], again["skipped"], again["errors"]) == (0, 10, [])
    # and re-importing a family's own export into itself adds nothing either
    assert imports.history_import(family=family, lines=lines, by=owner)["added"] == 0
    assert counts == (
        Session.objects.count(),
        Hand.objects.count(),
        HandRevision.objects.count(),
        LedgerEntry.objects.count(),
        Player.objects.count(),
    )


def test_a_longer_export_appends_only_the_new_hands(family, owner, editor):
    s1, _ = _archive(family, owner, editor)
    other = factories.make_family(owner, name="The Copy family")
    imports.history_import(family=other, lines=export.history_export(family=family), by=owner)
    services.hand_add(session=s1, record=example_record("04-forgotten-cut"), by=editor)
    result = imports.history_import(family=other, lines=export.history_export(family=family), by=owner)
    assert (result["added"], result["skipped"]) == (1, 10)
    assert _history(other) == _history(family)


def test_bad_lines_are_reported_by_number_and_nothing_is_saved(family, owner, editor):
    _archive(family, owner, editor)
    lines = list(export.history_export(family=family))
    bad = json.loads((factories.DATA / "bad" / "01-duplicate-card.json").read_text())
    bad["archive"] = json.loads(lines[1])["archive"] | {"number": 99}
    lines.insert(2, json.dumps(bad) + "\n")  # line 3
    lines.insert(5, '{"format": "handrec/1", "events": [\n')  # line 6: cut short
    lines.insert(7, json.dumps(example_record("01-plain-hand")) + "\n")  # line 8: no "archive"
    other = factories.make_family(owner, name="The Copy family")
    players_before = Player.objects.count()

    result = imports.history_import(family=other, lines=lines, by=owner)

    assert result["added"] == 0
    by_line = {}
    for err in result["errors"]:
        by_line.setdefault(err["line"], []).append(err)
    assert sorted(by_line) == [3, 6, 8]
    assert any(e["event"] == 1 and e["field"] == "hands" for e in by_line[3])
    assert by_line[6][0]["field"] == "*"
    assert by_line[8][0]["field"] == "archive" and "archive" in by_line[8][0]["message"]
    assert not Session.objects.filter(family=other).exists()
    assert Player.objects.count() == players_before


def test_a_hand_that_differs_from_the_archived_one_is_an_error_not_an_overwrite(family, owner, editor):
    _archive(family, owner, editor)
    lines = list(export.history_export(family=family))
    changed = json.loads(lines[0])
    changed["events"][0]["note"] = "a different story"
    lines[0] = json.dumps(changed) + "\n"
    result = imports.history_import(family=family, lines=lines, by=owner)
    assert result["added"] == 0 and [e["line"] for e in result["errors"]] == [1]
    assert "different record" in result["errors"][0]["message"]


def test_viewers_may_not_import(family, viewer):
    import pytest
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        imports.history_import(family=family, lines=[], by=viewer)


def test_the_commands_export_to_a_file_and_import_it(family, owner, editor, tmp_path, capsys):
    _archive(family, owner, editor)
    path = tmp_path / "history.jsonl"
    call_command("export_history", family.slug, str(path))
    other = factories.make_family(owner, name="The Copy family")
    call_command("import_history", other.slug, str(path))
    assert "10 hands added" in capsys.readouterr().out
    assert _history(other) == _history(family)
    call_command("import_history", other.slug, str(path))
    assert "0 hands added, 10 already there" in capsys.readouterr().out
