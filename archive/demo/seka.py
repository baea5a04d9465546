"""The demo family's Seka nights (manage.py demo --seka-nights N): Saturday nights of Seka, some of them
open, through services.HandChain like the Swik nights, so that svaras are carried from hand to hand by the
session's chain (a svara hand names its tied players, others buy in) exactly as hand_add carries them."""

from archive.demo import evenings
from referee.games.seka.generate import seka_hand

RULES = [{"ante": 10, "min_raise": 10}, {"ante": 25, "min_raise": 25, "svara_buy_in": "full"}]


def saturdays(rng, count, zone):
    """`count` Saturday nights at eight, one a month back from last Saturday."""
    return evenings.monthly(rng, count, zone, weekday=5, hour=20)


def seka_night(rng, family, by, when, table, *, hands, zone, stderr=None) -> int:
    """One Seka night of about `hands` hands (played on while a svara is pending); answers the hands logged."""

    def deal(rng, names, chain, session):
        return seka_hand(
            rng,
            players=names,
            dealer=chain.next_dealer,
            pot_in=chain.next_pot_in,
            house_rules=session.house_rules,
            mistakes=0.05,
            variant=session.variant or None,
            svara=chain.next_carry.get("svara"),
        )

    variant = "open" if rng.random() < 0.3 else ""
    pending_svara = lambda chain: bool(chain.next_carry.get("svara"))  # noqa: E731
    return evenings.night(
        rng,
        family,
        by,
        when,
        table,
        game="seka",
        variant=variant,
        rules=RULES,
        hands=hands,
        zone=zone,
        deal=deal,
        more=pending_svara,
        stderr=stderr,
    )


def seka_nights(rng, family, by, people, *, nights, hands_per_night, zone, stderr=None) -> int:
    """The family's Seka nights; answers the hands logged."""

    def play(when, table, count):
        return seka_night(rng, family, by, when, table, hands=count, zone=zone, stderr=stderr)

    dates = saturdays(rng, nights, zone)
    return evenings.nights(rng, people, dates, seats=7, hands_per_night=hands_per_night, play=play)
