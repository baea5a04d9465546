"""bench/load.py's settings: the embedded default's (config.settings.base, DEBUG off), with the bare view of
bench/floor_urls.py beside the site's, measured in the same run as the load, and (when LOAD_CPU_LOG names a
file) each request's and each task's CPU written there by bench/load_cpu.py, so the run can say where the cores went."""

import os

from config.settings.base import *  # noqa: F401,F403
from config.settings.base import MIDDLEWARE

ROOT_URLCONF = "floor_urls"
if os.environ.get("LOAD_CPU_LOG"):
    import load_cpu

    load_cpu.ledger_tasks()
    MIDDLEWARE = ["load_cpu.CpuLedger", *MIDDLEWARE]
