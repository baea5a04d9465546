"""The demo family (manage.py demo, a thin command over this): the Novák family's Swik nights, years of them,
with the Sedma, rummy, Seka and poker evenings of the other modules here, for trying the site and for benchmarks.

    manage.py demo [--if-empty] [--years 5] [--hands-per-night 60] [--hands N] [--seed 1] [--family NAME]

Logs in as demo / demo (owner). Hands go through services.HandChain, the same path
as hand_add, in bulk (one transaction and three inserts a session), so a first start
takes well under a minute; a few hands are then corrected, disputed and deleted through
the ordinary services, so the archive has revisions to show.
"""

import random
import time
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.db import transaction

import referee
from archive.demo import poker
from archive.demo.czech import czech_family
from archive.demo.disputes import open_disputes_with_versions
from archive.demo.rummy import rummy_evenings
from archive.demo.sedma import sedma_evenings
from archive.demo.seka import seka_nights
from archive.people import services as people_services
from archive.people.models import Family, Membership
from archive.stats import tasks
from archive.table import services
from archive.table.models import Hand, HandRevision, Session
from referee.generate import swik_hand

ZONE = "America/Chicago"
# name, login (None: a player without an account), role
PEOPLE = [
    ("Frank Novák", "demo", Membership.Role.OWNER),
    ("Mary Novák", "mary", Membership.Role.EDITOR),
    ("Grandpa Joe", "grandpa", Membership.Role.VIEWER),
    ("Aunt Helen Dvořák", None, None),
    ("Uncle Stan Kubiak", None, None),
    ("Katie Novák", None, None),
]
GUEST = "Father Pete (guest)"
PLACES = (
    ["Grandma's kitchen"] * 5
    + ["Uncle Stan's basement"] * 2
    + ["the cabin at Lake Dubay", "Mary's porch", "St. Wenceslaus church hall"]
)
# The family raised the ante after a few years; some nights they played revokes as falls.
RULE_ERAS = [{}, {"ante": 5, "dealer_ante": 10}]
DISPUTES = [
    ("That was a misdeal!", "Joe had four cards, I saw it."),
    ("Who cut?", "I never saw the cut, Frank just dealt."),
    ("Mary had a heart", "She trumped my heart lead and played the King of hearts later."),
    ("Wrong pot", "We carried 19, not 20, into this hand."),
    ("Three of a kind?", "Helen held three nines and said nothing."),
]


HELP = "Create the demo family (user demo / password demo) with years of Swik nights."


def add_arguments(parser):
    """The demo command's options (manage.py demo --help)."""
    parser.add_argument("--if-empty", action="store_true", help="do nothing if the demo family exists")
    parser.add_argument("--years", type=float, default=7, help="weekly nights over this many years (7)")
    parser.add_argument("--hands-per-night", type=int, default=60, help="hands a night, on average (60)")
    parser.add_argument("--hands", type=int, default=None, help="stop at this many hands in all (overrides --years)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--today",
        type=date.fromisoformat,
        default=None,
        help="the day the demo takes for today, YYYY-MM-DD (default: today); the guide's screenshots pin it",
    )
    parser.add_argument("--family", default="The Novák family")
    parser.add_argument("--no-edits", action="store_true", help="no corrections, disputes or deletions")
    parser.add_argument(
        "--seka-nights",
        type=int,
        default=None,
        help="Seka nights, one a month (default: one a month over --years; none with --hands)",
    )
    poker.add_arguments(parser)  # --poker-nights
    parser.add_argument(
        "--czech-nights",
        type=int,
        default=None,
        help="Saturday Swik nights of the second family, the Dvořáks, in Czech and korunas "
        "(default: 12; none with --hands)",
    )


class DemoFamily:
    """Builds the demo family, saying how far it is on `stdout` (the command's; a bar on a terminal)."""

    def __init__(self, *, stdout, stderr, style):
        self.stdout, self.stderr, self.style = stdout, stderr, style

    def build(self, **opt):
        name = opt["family"]
        if opt["if_empty"] and Family.objects.filter(name=name).exists():
            self.stdout.write(f"{name} is already there; nothing to do.")
            return
        rng = random.Random(opt["seed"])
        t0 = time.monotonic()
        users = self._users()
        demo = users["demo"]
        family = people_services.family_create(name=name, owner=demo, timezone=ZONE)
        for _, login, role in PEOPLE[1:]:
            if login:
                people_services.member_add(family=family, user=users[login], role=role, by=demo)
        people = [
            people_services.player_create(family=family, name=pname, user=users.get(login), by=demo)
            for pname, login, _ in PEOPLE
        ]
        guest = people_services.player_create(family=family, name=GUEST, by=demo)

        nights = self._nights(rng, opt)
        total_target = opt["hands"]
        done = 0
        for i, (when, count) in enumerate(nights):
            limit = total_target - done if total_target is not None else count + 20
            if limit <= 0:
                break
            table = [p for p in people if rng.random() < 0.8] or people[:3]
            if len(table) < 3:
                table = people[:4]
            if rng.random() < 0.12:
                table.insert(rng.randrange(len(table) + 1), guest)
            table = table[:7]
            era = RULE_ERAS[0] if i < len(nights) * 0.6 else RULE_ERAS[1]
            rules = dict(era)
            if rng.random() < 0.05:
                rules["revoke"] = "fall"
            done += self._night(rng, family, demo, when, table, rules, count, limit)
            self._progress(i + 1, len(nights), f"nights, {done} hands", t0)
        self._progress(len(nights), len(nights), f"nights, {done} hands", t0, last=True)
        if nights and total_target is None:
            done += sedma_evenings(family, people, demo, start=nights[0][0], years=min(3.0, opt["years"]))
            done += rummy_evenings(family, people, demo, start=nights[0][0], years=min(3.0, opt["years"]))
        seka = opt["seka_nights"]
        if seka is None:
            seka = 0 if total_target is not None else round(opt["years"] * 12)
        if seka:
            self.stdout.write(f"  {seka} Seka nights …")
            per = max(1, opt["hands_per_night"] // 2)
            done += seka_nights(
                rng, family, demo, people, nights=seka, hands_per_night=per, zone=ZONE, stderr=self.stderr
            )
        done += poker.from_options(rng, family, demo, people, opt, self, total_target=total_target, zone=ZONE)
        if not opt["no_edits"]:
            self.stdout.write("  correcting, disputing and deleting a few hands …", ending="\n")
            self._corrections(rng, family, users)
            open_disputes_with_versions(family=family, users=users, stdout=self.stdout)
        czech = opt.get("czech_nights")
        if czech is None:
            czech = 0 if total_target is not None else 12
        second = None
        if czech:
            done += czech_family(demo=demo, nights=czech, today=opt.get("today"), stdout=self.stdout)
            second = Family.objects.filter(name="Dvořákovi").first()
        t1 = time.monotonic()
        self.stdout.write(
            "  computing the statistics from every hand (the longest step after the nights; "
            "a minute or so for the full demo) …"
        )
        self.stdout.flush()
        tasks.recompute_stats.delay(family_id=family.id)  # in-process without a broker; else a worker's job
        if second is not None:
            tasks.recompute_stats.delay(family_id=second.id)
        self.stdout.write(f"  statistics done or queued ({time.monotonic() - t1:.0f} s)")
        self.stdout.write(
            self.style.SUCCESS(
                f"{name}: {done} hands in {Session.objects.filter(family=family).count()} nights, "
                f"{time.monotonic() - t0:.1f} s. Log in as demo / demo."
            )
        )

    def _progress(self, done, total, what, t0, last=False):
        """A bar of the nights loaded: redrawn in place on a terminal (about twice a second), else a line
        every ten seconds, so that a first start never sits silent."""
        now = time.monotonic()
        tty = hasattr(self.stdout, "isatty") and self.stdout.isatty()
        if not last and now - getattr(self, "_shown", 0) < (0.5 if tty else 10):
            return
        self._shown = now
        width = 30
        fill = int(width * done / max(total, 1))
        line = f"  [{'#' * fill}{'.' * (width - fill)}] {done} of {total} {what} ({now - t0:.0f} s)"
        if tty:
            self.stdout.write("\r" + line, ending="\n" if last else "")
            self.stdout.flush()
        else:
            self.stdout.write(line)

    def _users(self):
        User = get_user_model()
        users = {}
        for _, login, _ in PEOPLE:
            if login:
                user, created = User.objects.get_or_create(username=login)
                if created:
                    user.set_password("demo")
                    user.save()
                users[login] = user
        return users

    def _nights(self, rng, opt):
        """Friday nights at seven, Chicago time, one a week back from last Friday."""
        per = max(1, opt["hands_per_night"])
        if opt["hands"] is not None:
            weeks = max(1, -(-opt["hands"] * 10 // (per * 9)) + 1)  # a little spare: nights vary in length
        else:
            weeks = max(1, round(opt["years"] * 52))
        zone = ZoneInfo(ZONE)
        today = opt.get("today") or datetime.now(zone).date()
        friday = today - timedelta(days=(today.weekday() - 4) % 7 or 7)
        nights = []
        for w in range(weeks, 0, -1):
            day = friday - timedelta(weeks=w - 1)
            start = datetime(day.year, day.month, day.day, 19, rng.choice([0, 0, 15, 30]), tzinfo=zone)
            count = max(1, round(per * rng.uniform(0.75, 1.25)))
            nights.append((start.astimezone(UTC), count))
        return nights

    @transaction.atomic
    def _night(self, rng, family, by, when, table, rules, count, limit) -> int:
        session = services.session_create(
            family=family,
            started_at=when,
            timezone=ZONE,
            place=rng.choice(PLACES),
            players=table,
            house_rules=rules,
            first_dealer=rng.randrange(len(table)),
            pot_in=0,
            by=by,
        )
        Session.objects.select_for_update().get(pk=session.pk)
        chain = services.HandChain(session, by=by)
        names = [p.name for p in table]
        added, may_stop, slips = 0, False, 0
        # The table plays its usual number of hands, then on until it may stop (the ruling's facts: in Swik
        # a hand in which the pot was split and nobody fell), or until the demo has enough hands.
        while added < limit and (added < count or not may_stop) and added < count + 20:
            record = swik_hand(
                rng,
                players=names,
                dealer=chain.next_dealer,
                pot_in=chain.next_pot_in,
                house_rules=rules,
                mistakes=0.05,
                summary_only=0.1,
            )
            try:
                hand = chain.add(record)
            except referee.BadRecord as e:  # a generator slip must not stop the demo; say so and go on
                self.stderr.write(f"  skipped a generated hand the referee calls bad: {e.errors[:1]}")
                slips += 1
                if slips > 10:
                    raise
                continue
            added += 1
            may_stop = hand.may_stop
        hands = chain.flush(stats=False)  # one recompute at the end is cheaper than one update a night
        # Hands were logged that night, not today: date them (and their first revision) accordingly.
        Hand.objects.filter(session=session).update(created_at=when)
        HandRevision.objects.filter(hand__session=session).update(at=when)
        return len(hands)

    def _corrections(self, rng, family, users):
        """A few hands corrected, disputed or deleted through the ordinary services: revisions to look at."""
        demo, mary = users["demo"], users["mary"]
        sessions = list(Session.objects.filter(family=family).order_by("started_at"))
        if not sessions:
            return
        kinds = ["edit", "dispute-fixed", "dispute-stands", "twin", "dispute-open"]
        n = 0
        picked = rng.sample(sessions, min(len(sessions), max(3, len(sessions) // 8)))
        for i, session in enumerate(sorted(picked, key=lambda s: s.started_at)):
            hands = list(Hand.objects.filter(session=session, deleted_at__isnull=True).order_by("number"))
            if len(hands) < 2:
                continue
            hand = hands[rng.randrange(max(1, len(hands) // 2))]
            kind = kinds[i % len(kinds)]
            fresh = swik_hand(
                rng,
                players=hand.record["players"],
                dealer=hand.dealer,
                pot_in=hand.pot_in,
                house_rules=session.house_rules,
                mistakes=0.3,
                summary_only=0.0,
            )
            try:
                if kind == "edit":
                    services.hand_edit(
                        hand=hand, record=fresh, by=mary, why="Logged the wrong hand; this is the one we played."
                    )
                elif kind.startswith("dispute"):
                    title, text = rng.choice(DISPUTES)
                    dispute = services.dispute_open(hand=hand, title=title, text=text, by=mary)
                    services.dispute_reply(dispute=dispute, text="Let the referee look at it.", by=demo)
                    if kind == "dispute-fixed":
                        services.dispute_resolve(
                            dispute=dispute, by=demo, record=fresh, resolution="Mary was right: corrected the hand."
                        )
                    elif kind == "dispute-stands":
                        services.dispute_resolve(dispute=dispute, by=demo, resolution="The referee's ruling stands.")
                else:
                    twin = services.hand_add(
                        session=session, record=hands[-1].record, by=mary, no_deal_ok=True
                    )  # a copy of a logged hand
                    services.hand_delete(hand=twin, by=demo, why="Entered twice.")
                n += 1
            except referee.BadRecord:
                continue
        self.stdout.write(f"  {n} hands corrected, disputed or deleted")
