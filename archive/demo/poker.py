"""The demo family's poker nights (manage.py demo --poker-nights N): Friday nights of Russian draw poker, one a
month, through services.HandChain like the Swik and Seka nights, so that a pot nobody won (every shown hand foul,
or a hand the table stopped writing) is carried to the next hand by the session's chain, as hand_add carries it."""

from archive.demo import evenings
from referee.games.poker.generate import poker_hand

RULES = [
    {"ante": 10, "min_raise": 10},
    {"ante": 25, "min_raise": 25, "max_raise": 100},
    {"ante": 5, "min_raise": 5, "decks": 2, "ranking": "alt"},
]


def add_arguments(parser):
    parser.add_argument(
        "--poker-nights",
        type=int,
        default=None,
        help="poker nights, one a month (default: one a month over --years; none with --hands)",
    )


def fridays(rng, count, zone):
    """`count` Friday nights at seven, one a month back from the Friday two weeks ago."""
    return evenings.monthly(rng, count, zone, weekday=4, hour=19, weeks_back=2)


def poker_night(rng, family, by, when, table, *, hands, zone, stderr=None) -> int:
    """One poker night of `hands` hands; answers the hands logged."""

    def deal(rng, names, chain, session):
        return poker_hand(
            rng,
            players=names,
            dealer=chain.next_dealer,
            pot_in=chain.next_pot_in,
            house_rules=session.house_rules,
            mistakes=0.05,
            showdown_only=0.05,
        )

    return evenings.night(
        rng, family, by, when, table, game="poker", rules=RULES, hands=hands, zone=zone, deal=deal, stderr=stderr
    )


def poker_nights(rng, family, by, people, *, nights, hands_per_night, zone, stderr=None) -> int:
    """The family's poker nights; answers the hands logged."""

    def play(when, table, count):
        return poker_night(rng, family, by, when, table, hands=count, zone=zone, stderr=stderr)

    dates = fridays(rng, nights, zone)
    return evenings.nights(rng, people, dates, seats=8, hands_per_night=hands_per_night, play=play)


def from_options(rng, family, by, people, opt, command, *, total_target, zone) -> int:
    """The poker nights the demo command's options ask for (a line of the command); answers the hands logged."""
    nights = opt["poker_nights"]
    if nights is None:
        nights = 0 if total_target is not None else round(opt["years"] * 12)
    if not nights:
        return 0
    command.stdout.write(f"  {nights} poker nights …")
    per = max(1, opt["hands_per_night"] // 2)
    return poker_nights(rng, family, by, people, nights=nights, hands_per_night=per, zone=zone, stderr=command.stderr)
