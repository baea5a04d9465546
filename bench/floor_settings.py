"""bench/floor.py's settings: production's, with the bench's URLs (the bare views live here, not in the site)."""

from config.settings.production import *  # noqa: F401,F403

ROOT_URLCONF = "floor_urls"
