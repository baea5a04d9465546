"""The user's guide (docs/guide.md, and its Czech and Russian translations docs/guide.cs.md and
docs/guide.ru.md) as HTML for the "How to" page, in the reader's language (English where there is none).

A small reader for the forms the guide uses: headings (a translation names each one's anchor,
`## Založit rodinu {#start-a-family}`, so the links into the guide work in every language), paragraphs,
numbered and bulleted lists, **bold**, and pictures (`![words](../static/guide/x.png)`, a path that works where the Markdown is read and
becomes the picture's static URL here). The pictures are phone screens of the demo, taken again by
tests/browser/test_guide_shots.py."""

import re
from functools import lru_cache
from pathlib import Path

from django.templatetags.static import static
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import mark_safe

DOCS = Path(__file__).resolve().parent.parent / "docs"
SOURCE = DOCS / "guide.md"
_ANCHOR = re.compile(r"\s*\{#([a-z0-9-]+)\}$")
_PICTURE = re.compile(r"!\[([^\]]*)\]\(\.\./static/([^)]+)\)")
_ITEM = re.compile(r"^(?:\d+\.|-) +")


def _inline(text):
    html = str(escape(text))
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)


def _block(lines):
    first = lines[0]
    if first.startswith("#"):
        level = len(first) - len(first.lstrip("#"))
        title = first.lstrip("#").strip()
        anchor = _ANCHOR.search(title)
        if anchor:
            title, slug = title[: anchor.start()], anchor.group(1)
        else:
            slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
        return f'<h{level} id="{slug}">{_inline(title)}</h{level}>'
    picture = _PICTURE.fullmatch(first.strip())
    if picture:
        alt, path = picture.groups()
        return f'<figure class="guide-shot"><img src="{escape(static(path))}" alt="{escape(alt)}"></figure>'
    if _ITEM.match(first):
        tag = "ol" if first[0].isdigit() else "ul"
        items, cur = [], []
        for line in lines:
            if _ITEM.match(line):
                if cur:
                    items.append(" ".join(cur))
                cur = [_ITEM.sub("", line)]
            else:
                cur.append(line.strip())
        items.append(" ".join(cur))
        return f"<{tag}>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + f"</{tag}>"
    return f"<p>{_inline(' '.join(line.strip() for line in lines))}</p>"


def source_of(language) -> Path:
    """The guide's file in a language: its translation where there is one, else the English."""
    translated = DOCS / f"guide.{(language or '').split('-')[0]}.md"
    return translated if language and translated.exists() else SOURCE


def guide_html():
    """The guide's title and its body as HTML, in the language of the request."""
    return _guide_html(source_of(translation.get_language()))


@lru_cache(maxsize=4)
def _guide_html(source):
    """Read once per language: the files change only with the code."""
    blocks, cur = [], []
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.strip():
            cur.append(line)
        elif cur:
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    title = _ANCHOR.sub("", blocks[0][0].lstrip("#").strip())
    return title, mark_safe("\n".join(_block(b) for b in blocks[1:]))  # noqa: S308 (every text part escaped above)
