"""Issue 19: the import reads its file in chunks and is still one all-or-nothing operation; a
re-import finds the hands it holds by key; statistics follow with one job; progress is reported."""

import json
import random
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

import referee
from archive.history import imports
from archive.models import Hand, HandRevision, LedgerEntry, Player, Seat, Session
from archive.stats import jobs, tasks
from archive.stats.services import stats_recompute
from archive.table import services
from referee.generate import swik_hand
from tests.stats.dump import dump

NAMES = ("Dad", "Mom", "Uncle Joe", "Mary", "Me", "Grandma")


def history_lines(hands, seed=3, nights_at_once=1):
    """JSON Lines of `hands` generated Swik hands in nights of 20 to 40; with nights_at_once > 1 the
    lines of that many nights are interleaved (a file need not keep a night together)."""
    rng = random.Random(seed)
    start = datetime(2001, 1, 5, 19, 0, tzinfo=ZoneInfo("America/Chicago"))
    nights, made, n = [], 0, 0
    while made < hands:
        names = rng.sample(NAMES, rng.randint(4, 6))
        meta = {
            "key": f"night-{n}",
            "started_at": (start + timedelta(days=7 * n)).isoformat(),
            "timezone": "America/Chicago",
            "house_rules": {"ante": 5} if n % 3 == 0 else {},
            "pot_in": n % 4,
        }
        pot, dealer, lines = meta["pot_in"], 0, []
        for k in range(min(rng.randint(20, 40), hands - made)):
            while True:
                record = swik_hand(
                    rng, players=names, dealer=dealer, pot_in=pot, house_rules=meta["house_rules"], mistakes=0.1
                )
                record["house_rules"] = meta["house_rules"]
                try:
                    ruling = referee.replay(record)
                    break
                except referee.BadRecord:
                    continue
            pot, dealer = ruling["pot_out"], ruling["facts"]["next_dealer"]
            lines.append(json.dumps(dict(record, archive={"session": meta, "number": k + 1})) + "\n")
            made += 1
        nights.append(lines)
        n += 1
    out = []
    for i in range(0, len(nights), nights_at_once):
        group = [list(g) for g in nights[i : i + nights_at_once]]
        while any(group):
            for g in group:
                if g:
                    out.append(g.pop(0))
    return out


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr("archive.history.imports.run.CHUNK_LINES", 37)
    monkeypatch.setattr("archive.history.imports.chunks.SESSIONS_KEPT", 2)


@pytest.fixture
def stats_jobs(monkeypatch):
    """The statistics jobs an import queues (run by the test when it wants them)."""
    queued = []
    monkeypatch.setattr(tasks.recompute_stats, "delay", lambda **kw: queued.append(kw))
    return queued


def _counts():
    return (
        Session.objects.count(),
        Hand.objects.count(),
        HandRevision.objects.count(),
        LedgerEntry.objects.count(),
        Player.objects.count(),
    )


def test_bad_lines_anywhere_save_nothing_and_every_one_is_named(
    family, owner, small_chunks, stats_jobs, django_capture_on_commit_callbacks
):
    lines = history_lines(200)
    bad_card = json.loads(lines[5])
    bad_card["events"].insert(0, {"action": "nonsense"})
    lines[5] = json.dumps(bad_card) + "\n"  # line 6, in the first chunk
    lines[120] = '{"format": "handrec/1", "events": [\n'  # line 121, cut short, in the fourth
    lines[199] = b"\xff\xfe not text\n"  # line 200, the last line: not UTF-8
    lines = [x.encode() if isinstance(x, str) else x for x in lines]
    before = _counts()
    with django_capture_on_commit_callbacks(execute=True):
        result = imports.history_import(family=family, lines=lines, by=owner)
    assert result["added"] == 0 and result["error_count"] >= 3
    assert sorted({e["line"] for e in result["errors"]}) == [6, 121, 200]
    assert result["bad_lines"] == [[6, 6], [121, 121], [200, 200]]
    assert "UTF-8" in [e for e in result["errors"] if e["line"] == 200][0]["message"]
    assert _counts() == before  # not a session, player, hand, revision or ledger row kept
    assert stats_jobs == []


def test_a_reimport_adds_nothing_and_reads_no_record(
    family, owner, small_chunks, stats_jobs, django_capture_on_commit_callbacks
):
    lines = history_lines(150, nights_at_once=3)
    with django_capture_on_commit_callbacks(execute=True):
        first = imports.history_import(family=family, lines=lines, by=owner)
    assert (first["added"], first["error_count"]) == (150, 0)
    before = _counts()
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        again = imports.history_import(family=family, lines=lines, by=owner)
    assert (again["added"], again["skipped"], again["error_count"]) == (0, 150, 0)
    assert _counts() == before
    reads = " ".join(q["sql"] for q in queries.captured_queries if '"archive_hand"' in q["sql"])
    assert '"archive_hand"."record"' not in reads and '"archive_hand"."ruling"' not in reads
    assert len(stats_jobs) == 1  # the first import's; the second added nothing


def test_a_hand_logged_before_the_key_existed_is_still_found(family, owner, stats_jobs):
    lines = history_lines(30)
    imports.history_import(family=family, lines=lines, by=owner)
    Hand.objects.update(record_key="")  # as the migration leaves a record it could not key
    again = imports.history_import(family=family, lines=lines, by=owner)
    assert (again["added"], again["skipped"], again["error_count"]) == (0, 30, 0)


def test_a_big_import_keeps_every_chain_and_gives_the_statistics_of_a_full_recompute(
    family, owner, monkeypatch, stats_jobs, django_capture_on_commit_callbacks
):
    monkeypatch.setattr("archive.history.imports.run.CHUNK_LINES", 400)
    monkeypatch.setattr("archive.history.imports.chunks.SESSIONS_KEPT", 3)
    lines = history_lines(3000, seed=11, nights_at_once=4)  # four nights interleaved: chains cross chunks
    seen = []
    with django_capture_on_commit_callbacks(execute=True):
        result = imports.history_import(
            family=family,
            lines=lines,
            by=owner,
            why="from the attic",
            progress=lambda r: seen.append((r["lines"], r["added"])),
        )
    assert (result["added"], result["error_count"]) == (3000, 0)
    assert seen[0] == (400, 400) and seen[-1] == (3000, 3000)  # progress after each chunk
    assert [a for _, a in seen] == sorted(a for _, a in seen)

    sessions = Session.objects.filter(family=family)
    assert sessions.count() == len({json.loads(x)["archive"]["session"]["key"] for x in lines})
    assert Hand.objects.filter(family=family).count() == 3000  # each hand holds its session's family
    for session in sessions:
        pot = session.pot_in
        dealer = session.first_dealer
        for hand in Hand.objects.filter(session=session).order_by("number"):
            assert hand.pot_in == pot == hand.ruling["pot_in"] == hand.record["pot_in"]
            assert hand.ruling == referee.replay(hand.record)
            facts = hand.ruling["facts"]
            assert (hand.next_dealer, hand.may_stop, hand.actual_dealer) == (
                facts["next_dealer"],
                facts["may_stop"],
                facts["dealer"],
            )
            assert hand.record_key == services.record_hash(hand.record)
            if hand.record.get("dealer") is None:
                assert hand.dealer == dealer
            pot, dealer = hand.pot_out, hand.next_dealer
        totals = {s.position: (s.net, s.hands, s.falls) for s in Seat.objects.filter(session=session)}
        services.refresh_seat_totals(session)
        assert totals == {s.position: (s.net, s.hands, s.falls) for s in Seat.objects.filter(session=session)}

    some = Hand.objects.filter(session__family=family).order_by("?")[:50]
    for hand in some:
        rows = list(LedgerEntry.objects.filter(hand=hand).order_by("id").values_list("amount", "kind", "seat"))
        assert rows == [
            (e["amount"], k, e["seat"]) for e, k in zip(hand.ruling["ledger"], hand.ruling["facts"]["kinds"])
        ]
        rev = HandRevision.objects.get(hand=hand)
        assert (rev.number, rev.kind, rev.by, rev.why) == (1, "imported", owner, "from the attic")
        assert rev.record == hand.record and rev.ruling == hand.ruling and rev.at is not None

    assert stats_jobs == [{"family_id": family.pk}]  # one job for the whole import
    stats_recompute(family=family)  # what that job runs
    after_job = dump(family)
    assert len(after_job["HandFact"]) == 3000
    stats_recompute(family=family, rederive=True)
    assert dump(family) == after_job


def test_the_statistics_job_runs_once_after_commit(family, owner, django_capture_on_commit_callbacks, monkeypatch):
    calls = []
    monkeypatch.setattr(jobs.tasks.recompute_stats, "delay", lambda **kw: calls.append(kw))
    with django_capture_on_commit_callbacks(execute=True):
        imports.history_import(family=family, lines=history_lines(80), by=owner)
    assert calls == [{"family_id": family.pk}]


def test_the_command_shows_a_progress_bar(family, owner, tmp_path, capsys, stats_jobs):
    path = tmp_path / "history.jsonl"
    path.write_text("".join(history_lines(60)))
    call_command("import_history", family.slug, str(path), "--progress")
    captured = capsys.readouterr()
    assert "60 hands added" in captured.out
    assert "60/60" in captured.err and "hands/s" in captured.err and "<00:00" in captured.err  # rate, time left


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list):
        for v in value.values() if isinstance(value, dict) else value:
            yield from _texts(v)


def test_text_with_tabs_backslashes_and_line_breaks_is_kept_as_written(family, owner, stats_jobs):
    """The words a table wrote (a misdeal's reason) come back exactly, in the hand, its ruling and its revision."""
    odd = 'tab\there, back\\slash, "quoted", line\nbreak, return\r, Zoë ✓ \\N'
    lines = history_lines(120, seed=8)  # six hands with a misdeal
    changed = []
    for i, line in enumerate(lines):
        doc = json.loads(line)
        for ev in doc["events"]:
            if ev.get("action") == "misdeal":
                ev["reason"] = odd
                changed.append((doc["archive"]["session"]["key"], doc["archive"]["number"]))
        lines[i] = json.dumps(doc) + "\n"
    assert changed  # the generator's table mistakes include misdeals
    result = imports.history_import(family=family, lines=lines, by=owner)
    assert (result["added"], result["error_count"]) == (120, 0)
    quoted = 0
    for key, number in changed:
        hand = Hand.objects.get(session__family=family, session__key=key, number=number)
        assert odd in [ev.get("reason") for ev in hand.record["events"]]
        assert hand.ruling == referee.replay(hand.record)
        quoted += any(odd in text for text in _texts(hand.ruling))  # the referee's words quote a charged misdeal
        rev = HandRevision.objects.get(hand=hand)
        assert (rev.record, rev.ruling) == (hand.record, hand.ruling)
    assert quoted
