"""What the browser tests share: Debian's Chromium, the skip when it is missing, screenshots."""

from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path("/tmp/tk-shots")

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover
    sync_playwright = None

# Every browser test module sets `pytestmark = BROWSER`.
BROWSER = [
    pytest.mark.browser,
    pytest.mark.skipif(
        sync_playwright is None or not Path(CHROMIUM).exists(),
        reason="needs Playwright and Debian's Chromium at /usr/bin/chromium",
    ),
]


def shot(page, name, full=True):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)
