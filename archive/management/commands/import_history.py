"""manage.py import_history FAMILY_SLUG FILE: add a JSON Lines history (as export_history writes it).

The whole file is one transaction: any bad line and nothing is saved; every bad line is
listed with its number and the referee's words. Importing the same file twice adds nothing.
The file is read in chunks; a progress bar (hands, rate, time left) shows on a terminal.
"""

import sys

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from tqdm import tqdm

from archive.history import imports
from archive.management.language import SpokenCommand
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


class Command(SpokenCommand):
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
            raise CommandError(_("No family with the slug %(slug)r.") % {"slug": family})
        if user:
            by = get_user_model().objects.filter(username=user).first()
            if by is None:
                raise CommandError(_("No user %(user)r.") % {"user": user})
        else:
            owner = Membership.objects.filter(family=fam, role=Membership.Role.OWNER).select_related("user").first()
            if owner is None:
                raise CommandError(_("%(family)s has no owner to import as; give --user.") % {"family": fam})
            by = owner.user
        try:
            # bytes: a line that is not UTF-8 is named like any other bad line
            stream = sys.stdin.buffer if file == "-" else open(file, "rb")
        except OSError as e:
            raise CommandError(_("Cannot read %(file)s: %(why)s.") % {"file": file, "why": e.strerror}) from None
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
            more = result["error_count"] - len(result["errors"])
            self.stderr.write(
                ngettext(
                    "… and %(more)s more problem; the bad lines are %(lines)s.",
                    "… and %(more)s more problems; the bad lines are %(lines)s.",
                    more,
                )
                % {"more": more, "lines": _ranges(result["bad_lines"])}
            )
        if result["error_count"]:
            binary = next((e["line"] for e in result["errors"] if _not_utf8(e["message"])), None)
            if binary is not None:
                raise CommandError(
                    _(
                        "%(file)s is not UTF-8 text (line %(line)s cannot be read): export the history again as "
                        "JSON Lines; nothing was imported."
                    )
                    % {"file": file, "line": binary}
                )
            raise CommandError(
                ngettext(
                    "%(count)s problem, the first %(first)s; nothing was imported.",
                    "%(count)s problems, the first %(first)s; nothing was imported.",
                    result["error_count"],
                )
                % {"count": result["error_count"], "first": words[0]}
            )
        self.stdout.write(
            self.style.SUCCESS(
                ngettext(
                    "%(family)s: %(added)s hand added, %(skipped)s already there.",
                    "%(family)s: %(added)s hands added, %(skipped)s already there.",
                    result["added"],
                )
                % {"family": fam, "added": result["added"], "skipped": result["skipped"]}
            )
        )


def _ranges(ranges):
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in ranges)


def _words(err):
    if err.get("event") is not None:
        where = _("line %(line)s, event %(event)s") % {"line": err["line"], "event": err["event"]}
    else:
        where = _("line %(line)s") % {"line": err["line"]}
    return f"{where}, {err['field']}: {err['message']}"


def _not_utf8(message):
    """The referee's words for a line that is not UTF-8, in any language: its only sentence naming UTF-8."""
    return "UTF-8" in str(message)
