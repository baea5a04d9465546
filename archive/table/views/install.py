"""The installable site: the web app manifest and the service worker, served from the site's root so the
worker's scope is the whole site (a worker under /static/ could only control /static/).

    /manifest.webmanifest   the app's name, icon, start page and colours (the phone's "add to home screen")
    /sw.js                  the service worker (templates/offline/sw.js): at install it caches the app shell
                            and the vendored files (Pyodide, the referee's zip); the night's pages (the
                            session, its hand entry, a hand's ruling) are cached as they are opened online,
                            so they open at the table with no network; logging out drops them
    /logout/                Django's log out, its answer also clearing the browser's own cache of the site's pages
                            (Clear-Site-Data: "cache"); the worker drops the night's pages when it sees it
"""

import hashlib
import json

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

from archive.table.views.offline import FRESH, pyodide_url, referee_zip

# What the hand-entry page needs with no network besides the pages themselves.
SHELL = (
    "css/site.css",
    "img/favicon.svg",
    "js/words.js",
    "js/tables.js",
    "js/replay.js",
    "js/loghand.js",
    "js/offline/referee.js",
    "js/offline/register.js",
    "js/offline/queue.js",
    "js/games/swik.js",
    "js/games/sedma.js",
    "js/games/seka.js",
    "js/games/poker.js",
    "js/games/rummy.js",
)
# Pyodide's own files, loaded by name from its folder (pyodide.js asks for the others).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def precache_urls():
    """Every URL the service worker caches at install, in a fixed order."""
    digest, _ = referee_zip()
    urls = [static(path) for path in SHELL]
    urls += [reverse("offline-manifest"), reverse("offline-worker"), reverse("offline-referee", args=[digest])]
    folder = pyodide_url()
    if folder is not None:  # without Pyodide the page is in paper mode: nothing of it to cache
        urls += [folder + name for name in PYODIDE_FILES]
    return urls


@require_GET
def web_manifest(request):
    response = JsonResponse(
        {
            "name": "Tablekeeper",
            "short_name": "Tablekeeper",
            "description": "A hand archive and referee for the family card table",
            "start_url": reverse("home"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#1f5d3a",
            "icons": [{"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"}],
        },
        content_type="application/manifest+json",
    )
    response["Cache-Control"] = FRESH
    return response


@require_GET
def service_worker(request):
    urls = precache_urls()
    # The cache's name changes exactly when what it holds does (a new referee, a new static file's hash).
    version = hashlib.sha256(json.dumps([urls, settings.PYODIDE_VERSION]).encode()).hexdigest()[:12]
    context = {"version": version, "precache": json.dumps(urls), "logout": reverse("logout")}
    body = render_to_string("offline/sw.js", context)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = FRESH  # the browser asks for a new worker at each visit
    response["Service-Worker-Allowed"] = "/"
    return response


class LogoutView(auth_views.LogoutView):
    """Log out, and the browser forgets the site's pages it kept in its HTTP cache (and the back button's copies):
    a shared phone must not show the family's night after log out. Not "storage": it would also drop the
    hands kept on the phone and not yet sent. The service worker drops its own copies (templates/offline/sw.js)."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache"'
        return response
