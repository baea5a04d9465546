"""bench/load.py's settings: the embedded default's (config.settings.base, DEBUG off), with the bare view of
bench/floor_urls.py beside the site's, measured in the same run as the load."""

from config.settings.base import *  # noqa: F401,F403

ROOT_URLCONF = "floor_urls"
