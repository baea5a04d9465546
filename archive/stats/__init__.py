"""Statistics (issue 4): what a family wants to look at, computed by Celery jobs.

How it fits:

    hand saved / edited / deleted: the table's services send archive.table.signals.hands_changed;
    jobs.stats_after_commit answers (the outbox row now) --on_commit--> tasks.update_stats_for_hands(ids)
        -> services.stats_update_for_hands: re-derive those hands' facts from their rulings'
           facts (HandFact, SeatFact, PairFact, and each game's own tables, games/<game>.py;
           HandFact keeps the hand revision and family time zone they came from), then rebuild
           (summaries.rebuild_touched) the summaries by day of the days they were and are on
           (StatsDay, StatsSessionDay, StatsPairDay, StatsStreakDay, each game's own), the
           rollups by month of those months from their day rows and by year of those years from
           their month rows (rollups.py, streaks.py) and the sessions that span months. Its cost
           is a day's hands, a month's days and a year's months, never the history. One transaction, families locked: a worker that dies mid-job leaves the old
           numbers.
    "Recompute" button (archive.stats.jobs.stats_job_start) / nightly beat / manage.py stats_recompute
        -> archive.stats.tasks.recompute_stats
        -> services.stats_recompute: one SQL query finds the hands whose facts are missing or
           stale (a lost job: revision or zone differs, a player since merged) and the facts of
           hands deleted or gone; re-derives or removes just those (normally none); then rebuilds
           every summary and rollup from the facts (summaries.rebuild_summaries: DELETE + INSERT ...
           SELECT ... GROUP BY, the streaks in one ordered pass). rederive=True (--rederive)
           derives every fact again from the rulings' facts, with progress in a StatsJob row.
           Either way the same rows as the incremental jobs (tested on random histories).
    pages (views.py) and API (api.py) -> selectors.py -> the rollups only: a period is its whole
           years (year rows), its end months (month rows) and its end days (day rows), so a read
           costs the players and periods shown, not the hands (players, totals, head to head,
           streaks, settle-up, each game's columns and sections); the net over time is a point a
           day, a month or a year by the length of the period (at most ~3 months by day, ~10
           years by month), the largest pots the top of the (family, pot) index, a session's
           pots its own hands.

Definitions (the referee's facts say what each hand tells; referee/facts.py):
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
