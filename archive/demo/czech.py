"""The demo's second family (issue 32): the Dvořáks of Prague, who read Czech and play for korunas. Jana
(jana / demo) owns it and reads the site in Czech; demo / demo is an editor, so the demo user sees both
families. Saturday Swik nights and monthly Sedma evenings, through the same services as the Nováks'."""

import random

from django.contrib.auth import get_user_model

from archive.demo import evenings
from archive.demo.sedma import sedma_evenings
from archive.people import services as people_services
from archive.people.models import Family
from referee.generate import swik_hand

NAME = "Dvořákovi"
ZONE = "Europe/Prague"
PEOPLE = ["Jana Dvořáková", "Pepa Dvořák", "Babička Marie", "Honza Novotný", "Lucie Dvořáková"]
PLACES = ["u babičky v kuchyni", "na chalupě v Krkonoších", "u Honzy na zahradě"]
RULES = [{}, {"ante": 5, "dealer_ante": 10}]


def czech_family(*, demo, nights=12, hands_per_night=30, seed=32, today=None, stdout=None) -> int:
    """The Dvořák family with its nights; answers the hands logged (none when it is there already)."""
    if Family.objects.filter(name=NAME).exists():
        return 0
    rng = random.Random(seed)
    jana, created = get_user_model().objects.get_or_create(username="jana")
    if created:
        jana.set_password("demo")
        jana.save()
    people_services.account_language_set(user=jana, language="cs")
    family = people_services.family_create(name=NAME, owner=jana, timezone=ZONE, currency="czk")
    people_services.member_add(family=family, user=demo, role="editor", by=jana)
    people = [
        people_services.player_create(family=family, name=name, user=jana if i == 0 else None, by=jana)
        for i, name in enumerate(PEOPLE)
    ]

    def deal(rng, names, chain, session):
        return swik_hand(
            rng,
            players=names,
            dealer=chain.next_dealer,
            pot_in=chain.next_pot_in,
            house_rules=session.house_rules,
            mistakes=0.05,
            summary_only=0.1,
        )

    def play(when, table, count):
        return evenings.night(
            rng, family, jana, when, table, game="swik", rules=RULES, hands=count, zone=ZONE, deal=deal, places=PLACES
        )

    dates = evenings.monthly(rng, nights, ZONE, weekday=5, hour=18, every=1, today=today)
    done = evenings.nights(rng, people, dates, seats=6, hands_per_night=hands_per_night, play=play)
    if nights:
        done += sedma_evenings(family, people, jana, start=dates[0], years=nights / 52, seed=seed, zone=ZONE)
    if stdout is not None:
        stdout.write(f"  {NAME}: {done} hands in Czech and korunas (jana / demo reads it in Czech)")
    return done
