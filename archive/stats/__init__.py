"""Statistics (issue 4): what a family wants to look at, computed by Celery jobs.

How it fits:

    hand saved / edited / deleted --on_commit--> archive.tasks.update_stats_for_hands(ids)
        -> services.stats_update_for_hands: rewrite those hands' facts (HandFact, SeatFact,
           PairFact), then re-aggregate with SQL GROUP BY the (family, game, day, player) keys
           they touch, old and new (StatsDay, WrapDay, PairDay). One transaction, families
           locked: a worker that dies mid-job leaves the old numbers.
    "Recompute" button / nightly beat -> archive.tasks.recompute_stats
        -> services.stats_recompute: delete and rebuild everything from the hands with the same
           two steps (so it gives the same numbers), with progress in a StatsJob row.
    pages (views.py) and API (api.py) -> selectors.py -> the summary tables.

Definitions (facts.py has the per-hand rules):
- days are the family's days: a hand's day is its played_at in Family.timezone;
- a missing value is missing: a hand that stopped before the tricks counts for nobody's tricks
  or falls (None, shown as "—"), never as 0;
- head to head: in each hand the money that changed hands between players is the smaller of
  what the winners won and what the losers lost; it is split among the winners in proportion to
  their wins and each winner's part among the losers in proportion to their losses (whole
  cents, largest remainder). What came out of a pot carried from earlier hands is nobody's;
- settle-up: each player's net over a session or period, and the pot's (minus their sum: what
  it holds for the next hand); net first, then the largest debtor pays the largest creditor,
  again and again. A transfer marked paid is a SettlePayment row.

Running it: with CELERY_BROKER_URL set, `celery -A config worker` runs the jobs and
`celery -A config beat` schedules the nightly recompute (03:30 UTC); with no broker, jobs run
in-process right after the commit.
"""
