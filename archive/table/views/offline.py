"""The offline referee's files: the project's own `referee` package, served to the browser to run in Pyodide
(static/js/offline/referee.js), so the hand-entry page gets the server's answers with no network.

    /offline/manifest.json            what to load (never cached): the referee's zip and Pyodide's folder
    /offline/referee-<digest>.zip     referee/**/*.py, built in memory; its URL names its content (cached for good)
    /offline/worker.js                the Web Worker that runs them; its response alone may compile WebAssembly
"""

import functools
import hashlib
import io
import zipfile
from pathlib import Path

from csp.decorators import csp_update
from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET

import referee

REFEREE_DIR = Path(referee.__file__).resolve().parent
LONG = "public, max-age=31536000, immutable"  # the zip's URL changes with its content
FRESH = "no-cache"  # asked again each time: a new referee is seen at once


@functools.cache
def referee_zip():
    """(digest, bytes): the referee package's Python files and its compiled catalogues (its words in Czech and
    Russian) in a zip, the same bytes for the same files (sorted names, fixed dates), so the digest in its URL
    changes exactly when the referee does."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(p for p in REFEREE_DIR.rglob("*") if p.suffix in (".py", ".mo")):
            name = "referee/" + path.relative_to(REFEREE_DIR).as_posix()
            z.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), path.read_bytes(), zipfile.ZIP_DEFLATED)
    data = buf.getvalue()
    return hashlib.sha256(data).hexdigest()[:20], data


def pyodide_url():
    """Pyodide's folder under the static URL, or None when dev.py setup could not fetch it (paper mode)."""
    version = settings.PYODIDE_VERSION
    if finders.find(f"vendor/pyodide/{version}/pyodide.js") is None:
        return None
    return f"{settings.STATIC_URL}vendor/pyodide/{version}/"  # (a folder: Pyodide loads its files by name)


@require_GET
def manifest(request):
    digest, _ = referee_zip()
    response = JsonResponse(
        {
            "format": "offline/1",
            "referee": reverse("offline-referee", args=[digest]),
            "pyodide": pyodide_url(),
            "pyodide_version": settings.PYODIDE_VERSION,
            "worker": reverse("offline-worker"),
        }
    )
    response["Cache-Control"] = FRESH
    return response


@require_GET
def referee_archive(request, digest):
    current, data = referee_zip()
    if digest != current:  # an old referee: the manifest names the current one
        raise Http404("No such referee: ask /offline/manifest.json for the current one.")
    response = HttpResponse(data, content_type="application/zip")
    response["Cache-Control"] = LONG
    return response


# Pyodide compiles WebAssembly: this response alone allows it; the pages keep the site's policy.
@require_GET
@csp_update({"script-src": ["'wasm-unsafe-eval'"]})
def worker(request):
    body = render_to_string("offline/worker.js", {"manifest_url": reverse("offline-manifest")})
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = FRESH
    return response
