"""`python manage.py referee FILE|-`: rulings exit 0, bad records exit 2 with an error/1 document."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data"
BAD = sorted(p.stem for p in (DATA / "bad").glob("*.json"))


def run(*args, stdin=None):
    """(exit code, stdout) of the command, in-process."""
    out = io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command("referee", *args, stdout=out)
        code = 0
    except SystemExit as e:
        code = e.code
    finally:
        sys.stdin = old
    return code, out.getvalue()


def expected(name):
    want = {}
    for line in (DATA / "bad" / f"{name}.expected.txt").read_text().splitlines():
        key, _, value = line.partition(":")
        want[key.strip()] = value.strip()
    event = None if want["event"] == "null" else int(want["event"])
    return event, want["field"]


@pytest.mark.parametrize("name", BAD)
def test_bad_example_exits_2_naming_event_and_field(name):
    code, out = run(str(DATA / "bad" / f"{name}.json"))
    assert code == 2
    doc = json.loads(out)
    assert doc["format"] == "error/1"
    event, field = expected(name)
    assert any(e["event"] == event and (field == "*" or e["field"] == field) for e in doc["errors"]), doc
    for e in doc["errors"]:
        assert e["message"].strip()


def test_good_file_prints_the_ruling_and_exits_0():
    code, out = run(str(DATA / "swik" / "01-plain-hand.json"))
    assert code == 0
    ruling = json.loads(out)
    assert ruling["format"] == "ruling/1"
    assert ruling["net"] == [0, 9, -22, -3]


def test_standard_input():
    text = (DATA / "swik" / "07-trips.json").read_text()  # pretty-printed: one document over many lines
    code, out = run("-", stdin=text)
    assert code == 0
    assert json.loads(out)["pot_out"] == 70


def test_standard_input_bad_record():
    code, out = run("-", stdin='{"format": "handrec/1", "game": "whist"}')
    assert code == 2
    doc = json.loads(out)
    assert doc["errors"][0]["field"] == "game" and doc["errors"][0]["event"] is None


def test_jsonl_with_a_bad_line(tmp_path):
    good = json.loads((DATA / "swik" / "01-plain-hand.json").read_text())
    other = json.loads((DATA / "swik" / "02-ace-cut.json").read_text())
    lines = [json.dumps(good), "{not json", "", json.dumps(other)]
    path = tmp_path / "history.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, out = run(str(path))
    assert code == 2
    docs = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert [d["format"] for d in docs] == ["ruling/1", "error/1", "ruling/1"]
    assert docs[0]["net"] == [0, 9, -22, -3]
    assert docs[1]["errors"][0]["event"] is None and docs[1]["errors"][0]["field"] == "*"
    assert docs[2]["net"] == [0, -6, 9, -3]


def test_jsonl_all_good_exits_0(tmp_path):
    good = json.loads((DATA / "swik" / "01-plain-hand.json").read_text())
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(good) + "\n")
    code, out = run(str(path))
    assert code == 0
    assert len(out.strip().splitlines()) == 2


def test_jsonl_on_standard_input():
    good = json.loads((DATA / "swik" / "01-plain-hand.json").read_text())
    code, out = run("-", stdin=json.dumps(good) + "\n" + json.dumps({"game": "swik"}) + "\n")
    assert code == 2
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["format"] for d in docs] == ["ruling/1", "error/1"]


def test_missing_file_is_a_clear_message(tmp_path):
    code, out = run(str(tmp_path / "nope.json"))
    assert code == 2
    doc = json.loads(out)
    assert "no such file" in doc["errors"][0]["message"]
    assert "nope.json" in doc["errors"][0]["message"]


def test_real_process_exit_codes():
    """The exit codes as a shell sees them (one real process each way)."""
    good = subprocess.run(
        [sys.executable, "manage.py", "referee", str(DATA / "swik" / "05-misdeal.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["violations"][0]["rule"] == "swik.misdeal"
    bad = subprocess.run(
        [sys.executable, "manage.py", "referee", str(DATA / "bad" / "06-card-never-held.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["errors"][0]["event"] == 8
