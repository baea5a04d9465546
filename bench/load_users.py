"""The people of bench/load.py: Locust users, each a member of one family, browsing and logging hands.

Read by `locust -f bench/load_users.py` (bench/load.py starts it); the families and their logins come
from the JSON file named by LOAD_FAMILIES (written by bench/load.py).
"""

import itertools
import json
import os
import random
import sys
from http.cookiejar import Cookie
from pathlib import Path
from urllib.parse import urlparse

from locust import FastHttpUser, between, task

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from referee.generate import swik_hand  # noqa: E402

FAMILIES = json.loads(Path(os.environ["LOAD_FAMILIES"]).read_text())
NEXT = itertools.cycle(range(len(FAMILIES)))
THINK = float(os.environ.get("LOAD_THINK", "1.0"))
# bench/load.py --reads-only: nobody logs or edits, so after the first read of each page every page is served
# from the cache: the mix's floor with a perfect cache.
WRITES = os.environ.get("LOAD_READS_ONLY") != "1"


def cookie(name, value, host):
    """A cookie for the jar, as the site would have set it at login."""
    return Cookie(0, name, value, None, False, host, False, False, "/", True, False, None, False, None, None, {})


class Member(FastHttpUser):
    """FastHttpUser (geventhttpclient), not HttpUser (requests): the load tool's own CPU per request is a
    fraction of requests', so on one machine the cores go to the site it measures."""

    wait_time = between(THINK * 0.5, THINK * 1.5)

    def on_start(self):
        # Logged in earlier (bench/load.py made the session): a member opens the site, not the login page.
        self.f = FAMILIES[next(NEXT)]
        self.rng = random.Random()
        self.client.cookiejar.set_cookie(cookie("sessionid", self.f["session_cookie"], urlparse(self.host).hostname))
        self.client.get("/", name="home")

    def csrf(self):
        return next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")

    def api_headers(self):
        return {"X-CSRFToken": self.csrf(), "Referer": self.host + "/"}

    @task(3)
    def family_page(self):
        self.client.get(f"/families/{self.f['slug']}/", name="family page")

    @task(4)
    def session_page(self):
        self.client.get(
            f"/families/{self.f['slug']}/sessions/{self.rng.choice(self.f['sessions'])}/", name="session page"
        )

    @task(4)
    def hand_page(self):
        self.client.get(f"/families/{self.f['slug']}/hands/{self.rng.choice(self.f['hands'])}/", name="hand page")

    @task(2)
    def stats_page(self):
        self.client.get(f"/families/{self.f['slug']}/stats/", name="statistics page")

    @task(2)
    def api_hands(self):
        self.client.get(f"/api/hands/?family={self.f['id']}", name="API hands")

    @task(2 if WRITES else 0)
    def log_a_hand(self):
        session = self.f["sessions"][-1]
        nxt = self.client.get(f"/api/sessions/{session}/next/", name="API next hand").json()
        record = swik_hand(self.rng, players=nxt["players"], dealer=nxt["dealer"], pot_in=nxt["pot_in"], mistakes=0.1)
        with self.client.post(
            "/api/hands/",
            json={"session": session, "record": record, "no_deal_ok": True},
            headers=self.api_headers(),
            name="API log a hand",
            catch_response=True,
        ) as r:
            if r.status_code == 201:
                self.f["hands"].append(r.json()["id"])
            elif r.status_code == 400 and "errors" in r.text:
                r.success()  # a generated record the referee refuses as impossible: a client's mistake, answered
            else:
                r.failure(f"{r.status_code}: {r.text[:200]}")

    @task(1 if WRITES else 0)
    def edit_a_hand(self):
        hand = self.rng.choice(self.f["hands"])
        got = self.client.get(f"/api/hands/{hand}/", name="API hand")
        if got.status_code != 200:
            return
        record = got.json()["record"]
        record.setdefault("events", [{}])
        if record["events"]:
            record["events"][0]["note"] = f"checked {self.rng.randrange(10**6)}"
        self.client.put(
            f"/api/hands/{hand}/",
            json={"record": record, "why": "a note from the paper"},
            headers=self.api_headers(),
            name="API edit a hand",
        )
