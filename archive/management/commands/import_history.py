"""manage.py import_history FAMILY_SLUG FILE: add a JSON Lines history (as export_history writes it).

The whole file is one transaction: any bad line and nothing is saved; every bad line is
listed with its number and the referee's words. Importing the same file twice adds nothing.
The file is read in chunks; a progress bar (hands, rate, time left) shows on a terminal.
"""

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from archive.history import imports
from archive.models import Family, Membership


def _count_lines(stream):
    """Lines of a file, for the bar's time left (a quick pass of 1 MB reads); None for a pipe."""
    if not stream.seekable():
        return None
    count, last = 0, b"\n"
    for block in iter(lambda: stream.read(1 << 20), b""):
        count += block.count(b"\n")
        last = block[-1:]
    stream.seek(0)
    return count + (last != b"\n")


class Command(BaseCommand):
    help = "Import a family's hand history from a JSON Lines file ('-' reads standard input)."

    def add_arguments(self, parser):
        parser.add_argument("family", help="the family's slug, e.g. the-novak-family")
        parser.add_argument("file", help="a .jsonl file, or - for standard input")
        parser.add_argument("--user", help="import as this user (default: the family's first owner)")
        parser.add_argument(
            "--progress",
            action="store_true",
            default=None,
            help="show the progress bar even when standard error is not a terminal",
        )
        parser.add_argument("--no-progress", dest="progress", action="store_false", help="never show it")

    def handle(self, *args, family, file, user=None, progress=None, **opt):
        fam = Family.objects.filter(slug=family).first()
        if fam is None:
            raise CommandError(f"No family with the slug {family!r}.")
        if user:
            by = get_user_model().objects.filter(username=user).first()
            if by is None:
                raise CommandError(f"No user {user!r}.")
        else:
            owner = Membership.objects.filter(family=fam, role=Membership.Role.OWNER).select_related("user").first()
            if owner is None:
                raise CommandError(f"{fam} has no owner to import as; give --user.")
            by = owner.user
        try:
            # bytes: a line that is not UTF-8 is named like any other bad line
            stream = sys.stdin.buffer if file == "-" else open(file, "rb")
        except OSError as e:
            raise CommandError(f"Cannot read {file}: {e.strerror}.") from None
        with stream:
            total = _count_lines(stream)
            bar = tqdm(
                total=total,
                unit=" hands",
                dynamic_ncols=True,
                file=sys.stderr,
                disable=None if progress is None else not progress,
                desc="import",
                smoothing=0.1,
            )

            def tick(result):
                bar.update(result["lines"] - bar.n)
                bar.set_postfix(
                    added=result["added"], skipped=result["skipped"], bad=result["error_count"], refresh=False
                )

            with bar:
                result = imports.history_import(family=fam, lines=stream, by=by, progress=tick)
        words = [_words(err) for err in result["errors"]]
        for line in words:
            self.stderr.write(line)
        if result["error_count"] > len(result["errors"]):
            self.stderr.write(
                f"… and {result['error_count'] - len(result['errors'])} more problems; the bad lines "
                f"are {_ranges(result['bad_lines'])}."
            )
        if result["error_count"]:
            binary = next((e["line"] for e in result["errors"] if "not UTF-8" in str(e["message"])), None)
            if binary is not None:
                raise CommandError(
                    f"{file} is not UTF-8 text (line {binary} cannot be read): export the history "
                    "again as JSON Lines; nothing was imported."
                )
            raise CommandError(f"{result['error_count']} problem(s), the first {words[0]}; nothing was imported.")
        self.stdout.write(
            self.style.SUCCESS(f"{fam}: {result['added']} hands added, {result['skipped']} already there.")
        )


def _ranges(ranges):
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in ranges)


def _words(err):
    where = f"line {err['line']}" + (f", event {err['event']}" if err.get("event") is not None else "")
    return f"{where}, {err['field']}: {err['message']}"
