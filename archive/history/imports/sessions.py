"""The sessions of an import: each session's chain (read from the archive, or made from its first line)
and the hands the archive already holds for the numbers a chunk names."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import Max, Q
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext

from archive.history.imports.lines import _LineError
from archive.people import services as people_services
from archive.people.models import AuditEntry, Player
from archive.table import services
from archive.table.models import Hand, Seat, Session


class _Chain:
    """Where a session's chain stands: what its next hand gets, and which numbers the archive held
    before this import (only those can be 'already there')."""

    __slots__ = ("session", "seats", "top", "pot", "dealer", "held_top", "used")

    def __init__(self, session, seats, *, top, pot, dealer, held_top):
        self.session, self.seats = session, seats
        self.top, self.pot, self.dealer, self.held_top = top, pot, dealer, held_top
        self.used = -1  # the last chunk that added a hand to it: kept in memory until that chunk is written

    def fill(self, doc):
        return services.fill_record(self.session, self.seats, doc, pot_in=self.pot, dealer=self.dealer)


class _Sessions:
    """The import's (archive.history.imports.chunks._Import) reads and writes of sessions and their chains."""

    # -- sessions

    def _load_chains(self, keys):
        """Read the chains of the chunk's sessions that are in the archive and not in memory: a few queries."""
        keys = [k for k in keys if k not in self.chains]
        if not keys:
            return
        sessions = list(Session.objects.select_for_update().filter(family=self.family, key__in=keys).order_by("pk"))
        if not sessions:
            return
        ids = [s.id for s in sessions]
        seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(session_id__in=ids).select_related("player").order_by("session_id", "position"):
            seats.setdefault(seat.session_id, []).append(seat)
        tops = {
            r["session_id"]: r
            for r in Hand.objects.filter(session_id__in=ids)
            .values("session_id")
            .annotate(top=Max("number"), live=Max("number", filter=Q(deleted_at__isnull=True)))
            .order_by()
        }
        lasts = {}
        ends = Q()
        for sid, r in tops.items():
            if r["live"] is not None:
                ends |= Q(session_id=sid, number=r["live"])
        if ends:
            lasts = {
                sid: (pot, dealer)
                for sid, pot, dealer in Hand.objects.filter(ends, deleted_at__isnull=True).values_list(
                    "session_id", "pot_out", "next_dealer"
                )
            }
        for s in sessions:
            top = (tops.get(s.id) or {}).get("top") or 0
            pot, dealer = lasts.get(s.id, (s.pot_in, s.first_dealer))
            held_top = self.held_tops.setdefault(s.id, top)
            self.chains[s.key] = _Chain(s, seats.get(s.id, []), top=top, pot=pot, dealer=dealer, held_top=held_top)

    def _chain(self, meta, doc) -> _Chain:
        key = meta["session"]["key"]
        chain = self.chains.get(key)
        if chain is None:
            raise self.failed[key]
        self.chains.move_to_end(key)
        return chain

    def _create_sessions(self, docs):
        """The chunk's sessions that are not in the archive, made from their first line with the checks of
        services.session_create and written with three bulk inserts (sessions, seats, audit rows). A session
        that cannot be made is an error of each of its lines. No savepoint: a bad line rolls all back."""
        self.failed: dict[str, _LineError] = {}
        firsts = {}
        for _, (doc, meta, _, _) in docs:
            key = meta["session"]["key"]
            if key not in self.chains and key not in firsts:
                firsts[key] = (meta["session"], doc)
        made = []
        for key, (s, doc) in firsts.items():
            try:
                made.append((key, *self._new_session(s, doc)))
            except _LineError as e:
                self.failed[key] = e
        if not made:
            return
        sessions = Session.objects.bulk_create([session for _, _, session in made])
        Seat.objects.bulk_create(
            [
                Seat(session=session, player=p, position=i)
                for (_, players, _), session in zip(made, sessions, strict=True)
                for i, p in enumerate(players)
            ]
        )
        AuditEntry.objects.bulk_create(
            [
                AuditEntry(
                    family=self.family,
                    by=self.by,
                    action="session.create",
                    summary=f"session {key} opened"[:300],
                    after={"id": session.pk, "key": key, "house_rules": session.house_rules, "pot_in": session.pot_in},
                )
                for (key, _, _), session in zip(made, sessions, strict=True)
            ]
        )
        for (key, players, _), session in zip(made, sessions, strict=True):
            seats = [Seat(session=session, player=p, position=i) for i, p in enumerate(players)]  # as written
            self.held_tops[session.id] = 0
            self.chains[key] = _Chain(
                session, seats, top=0, pot=session.pot_in, dealer=session.first_dealer, held_top=0
            )

    def _new_session(self, s, record) -> tuple[list[Player], Session]:
        """The players and the (unsaved) session of a new session's first line; _LineError when it is bad."""
        try:
            started_at = datetime.fromisoformat(str(s.get("started_at")))
        except ValueError:
            raise _LineError(
                "archive.session.started_at",
                gettext("%(value)s is not an ISO date and time with its zone, e.g. 2024-03-01T19:00:00-06:00.")
                % {"value": repr(s.get("started_at"))},
            ) from None
        if dj_timezone.is_naive(started_at):
            raise _LineError("archive.session.started_at", gettext("Give the start time with its zone, e.g. -06:00."))
        names = record.get("players")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n.strip() for n in names):
            raise _LineError("players", gettext("The first hand of a session names its players (a list of names)."))
        players = []
        for name in names:
            name = name.strip()
            player = self.players.get(name)
            if player is None:
                try:
                    player = people_services.player_create(family=self.family, name=name, by=self.by)
                except ValidationError as e:
                    raise _LineError("players", "; ".join(e.messages)) from None
                self.players[name] = player
            players.append(player)
        fields = dict(
            game=s.get("game") or record.get("game") or "swik",
            started_at=started_at,
            timezone=s.get("timezone") or self.family.timezone,
            house_rules=s.get("house_rules") or {},
            first_dealer=s.get("first_dealer") or 0,
            pot_in=s.get("pot_in") or 0,
        )
        errors = services.session_errors(family=self.family, players=players, **fields)
        if errors:
            raise _LineError("archive.session", "; ".join(f"{k}: {m}" for k, m in errors.items()))
        return players, Session(
            family=self.family,
            key=s["key"],
            variant=s.get("variant") or "",
            place=s.get("place") or "",
            notes=s.get("notes") or "",
            created_by=self.by,
            **fields,
        )

    def _held(self, docs):
        """(session id, number) -> (hand id, record key, pot_out, next_dealer) of the live hands the archive
        held before this import, for the numbers the chunk names: one query, no records read."""
        wanted: dict[int, set[int]] = {}
        for _, (_, meta, number, _) in docs:
            chain = self.chains.get(meta["session"]["key"])
            if chain is not None and number <= chain.held_top:
                wanted.setdefault(chain.session.id, set()).add(number)
        if not wanted:
            return {}
        # One range over the (session, number) index: an OR of a condition a session plans slowly.
        low = min(min(n) for n in wanted.values())
        high = max(max(n) for n in wanted.values())
        # Plain SQL: a thousand rows a chunk, the ORM's building and rows cost more than the query.
        with connection.cursor() as cur:
            cur.execute(
                "SELECT session_id, number, id, record_key, pot_out, next_dealer "
                f"FROM {connection.ops.quote_name(Hand._meta.db_table)} "
                f"WHERE session_id IN ({', '.join(['%s'] * len(wanted))}) AND number >= %s AND number <= %s "
                "AND deleted_at IS NULL",
                [*sorted(wanted), low, high],
            )
            return {(sid, n): rest for sid, n, *rest in cur.fetchall() if n in wanted[sid]}
