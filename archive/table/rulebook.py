"""Each game's rule book (archive/table/rules/<game>.md, copied from the rule book) as HTML for the rules page.

A small reader for the few Markdown forms the book uses (headings, paragraphs, lists, tables, `code`,
**bold**, fenced blocks): no package for it. A paragraph that names a rule id (`swik.revoke`) gets that id
as its anchor, so a violation on a hand page links to the paragraph that rules it; a house rule's name
(`dealer_ante`) is shown by its label from the referee's catalogue. The book is read in the reader's language
(<game>.cs.md, <game>.ru.md) where it is written, else in English; ids, names and cards stay as in English."""

import re
from functools import lru_cache
from pathlib import Path

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from archive.common import catalogue
from archive.common.filters import words

BOOKS = Path(__file__).resolve().parent / "rules"
_RULE_ID = re.compile(r"`([a-z]+\.[a-z][a-z-]*)`")


def has_book(game) -> bool:
    return isinstance(game, str) and game.isidentifier() and (BOOKS / f"{game}.md").is_file()


def _slug(text):
    # letters of any alphabet stay ("štych", "взятка"); for English the same as [^a-z0-9]
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


def _inline(text, labels):
    def code(m):
        word = m.group(1)
        if word in labels:
            return f'<span class="rule-name" title="{escape(word)}">“{escape(labels[word])}”</span>'
        return f"<code>{escape(word)}</code>"

    out, pos = [], 0
    for m in re.finditer(r"`([^`]+)`", text):
        out.append(_bold(str(words(text[pos : m.start()]))))
        out.append(code(m))
        pos = m.end()
    out.append(_bold(str(words(text[pos:]))))
    return "".join(out)


def _bold(html):
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)


def _anchors(text, seen):
    ids = [i for i in _RULE_ID.findall(text) if i not in seen]
    seen.update(ids)
    return "".join(f'<a id="{escape(i)}"></a>' for i in ids)


def _language():
    """The reader's language as the books name it: "cs-cz" -> "cs"; "" for English or none."""
    lang = (get_language() or "").split("-")[0].lower()
    return "" if lang in ("", "en") or not lang.isalpha() else lang


@lru_cache(maxsize=32)
def _source(game, lang=""):
    translated = BOOKS / f"{game}.{lang}.md"
    path = translated if lang and translated.is_file() else BOOKS / f"{game}.md"
    text = path.read_text(encoding="utf-8")
    return re.sub(r" Seed: `[^`]*`\.", "", text)  # where the rules came from: not a player's business


def _variant_title(title, game):
    """A heading naming a variant by its code ("Variant `4p` (the seed's main game)") names it in words:
    "Variant: four players, two against two"."""
    m = re.fullmatch(r"(?:Variant|Varianta|Вариант) `([^`]+)`(?: \(.*\))?", title)
    if not m:
        return title
    words = {v["value"]: v["words"] for v in (catalogue.game_entry(game) or {}).get("variant_words") or []}
    return _("Variant: %(words)s") % {"words": words.get(m.group(1), m.group(1))}


def render(game, labels=None) -> dict:
    """{"html": the book, "sections": [(id, title)]} for the rules page; labels: house rule name -> label."""
    labels = labels or {}
    lines = _source(game, _language()).splitlines()
    html, sections, seen, i = [], [], set(), 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            html.append("<pre>" + escape("\n".join(lines[i + 1 : j])) + "</pre>")
            i = j + 1
        elif line.startswith("#"):
            level = min(len(line) - len(line.lstrip("#")), 4)
            title = _variant_title(line.lstrip("#").strip(), game)
            if level == 1:
                i += 1
                continue  # the page's own heading names the game
            sid = _slug(title)
            sections.append((sid, title))
            html.append(f'<h{level} id="{sid}">{_inline(title, labels)}</h{level}>')
            i += 1
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                    rows.append(cells)
                i += 1
            head, body = rows[0], rows[1:]
            html.append(
                '<table class="data"><thead><tr>'
                + "".join(f"<th>{_inline(c, labels)}</th>" for c in head)
                + "</tr></thead><tbody>"
                + "".join(
                    "<tr>" + "".join(f"<td>{_anchors(c, seen)}{_inline(c, labels)}</td>" for c in r) + "</tr>"
                    for r in body
                )
                + "</tbody></table>"
            )
        elif re.match(r"\s*([-*]|\d+\.) ", line):
            tag = "ol" if re.match(r"\s*\d+\.", line) else "ul"
            items = []
            while (
                i < len(lines)
                and lines[i].strip()
                and (re.match(r"\s*([-*]|\d+\.) ", lines[i]) or lines[i].startswith("  "))
            ):
                if re.match(r"\s*([-*]|\d+\.) ", lines[i]):
                    items.append(re.sub(r"^\s*([-*]|\d+\.) ", "", lines[i]))
                else:
                    items[-1] += " " + lines[i].strip()
                i += 1
            html.append(
                f"<{tag}>" + "".join(f"<li>{_anchors(t, seen)}{_inline(t, labels)}</li>" for t in items) + f"</{tag}>"
            )
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not re.match(r"(#|\||```|\s*([-*]|\d+\.) )", lines[i]):
                para.append(lines[i].strip())
                i += 1
            text = " ".join(para)
            html.append(f"<p>{_anchors(text, seen)}{_inline(text, labels)}</p>")
    return {"html": mark_safe("\n".join(html)), "sections": sections}
