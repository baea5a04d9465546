"""python manage.py referee FILE|-  — rule on a hand record from the command line.

A .json file (or `-` for standard input) holds one record: prints its ruling and exits 0,
or prints {"format": "error/1", "errors": [...]} and exits 2. A .jsonl file holds one record
a line: prints one document a line (a ruling or an error) and exits 2 if any line was bad.
Standard input is read as JSON Lines when it has more than one non-empty line.
"""

import json
import sys

from django.core.management.base import BaseCommand

import referee


class Command(BaseCommand):
    help = "Replay a hand record (JSON) or many (.jsonl, one a line) and print the referee's ruling."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .json record, a .jsonl file of records, or - for standard input")
        parser.add_argument(
            "--indent", type=int, default=None, help="indent the JSON of a single ruling (default: one line)"
        )

    def handle(self, *args, file, indent=None, **options):
        try:
            if file == "-":
                text = sys.stdin.read()
                lines = [ln for ln in text.splitlines() if ln.strip()]
                jsonl = len(lines) > 1 and _all_objects(lines)
            else:
                with open(file, "rb") as f:
                    raw = f.read()
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    self._out(_error_doc(f"{file} is not UTF-8 text (byte {e.start})"))
                    sys.exit(2)
                jsonl = file.endswith(".jsonl")
        except FileNotFoundError:
            self._out(_error_doc(f"no such file: {file}"))
            sys.exit(2)
        except (IsADirectoryError, PermissionError) as e:
            self._out(_error_doc(f"cannot read {file}: {e.strerror}"))
            sys.exit(2)

        if jsonl:
            bad = False
            for line in text.splitlines():
                if not line.strip():
                    continue
                doc, ok = _rule(line)
                bad = bad or not ok
                self._out(doc)
            sys.exit(2 if bad else 0)
        doc, ok = _rule(text)
        self._out(doc, indent)
        if not ok:
            sys.exit(2)

    def _out(self, doc, indent=None):
        self.stdout.write(json.dumps(doc, indent=indent, ensure_ascii=False))


def _rule(text):
    try:
        return referee.replay(referee.loads(text)), True
    except referee.BadRecord as e:
        return e.document(), False


def _all_objects(lines):
    try:
        return all(isinstance(json.loads(ln), dict) for ln in lines)
    except ValueError:
        return False


def _error_doc(message):
    return {"format": "error/1", "errors": [{"event": None, "field": "*", "message": message}]}
