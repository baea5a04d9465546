"""The end of a Seka hand: the outcome (a lone survivor, the showdown, a svara, every hand foul, a record that
stops), the pot taken, and the ruling with its facts and words: a mixin of Seka's table."""

from ... import core
from ...ruling import COMPLETE, INCOMPLETE
from .rules import DONE, SHOW
from .said import _
from .words import and_words


class Settling:
    """Mixin of Seka's table (its state is the table's)."""

    __slots__ = ()

    # ------------------------------------------------------------------ the end of the hand

    def rule(self, events, record=None):
        self.run(events)
        if self.errors:
            raise core.BadRecord(self.errors)
        return self.ruling(self.finish())

    def outcome(self):
        """(status, winner or None, svara seats or None, how) from the state the events left."""
        ph = self.phase
        if ph == DONE:
            return COMPLETE, self.rnd.lone(), None, "lone"
        if ph != SHOW or not self.shown:
            return INCOMPLETE, None, None, "stops"
        good = {s: x for s, x in self.shown.items() if not x[2]}
        if not good:
            return COMPLETE, None, None, "foul"
        top = max(x[0] for x in good.values())
        best = sorted(s for s, x in good.items() if x[0] == top)
        if len(best) > 1:
            return COMPLETE, None, best, "svara"
        return COMPLETE, best[0], None, "show"

    def finish(self):
        status, w, svara, how = self.outcome()
        if w is not None:
            total = self.pot + self.staked
            at = self.end_event if how == "lone" else max(x[3] for x in self.shown.values())
            why = "takes the pot (everyone else folded)" if how == "lone" else "takes the pot"
            self.take(w, total, why, at)
        self.result = (status, w, svara, how)
        return status

    def ruling(self, status):
        n = self.n
        _status, w, svara, how = self.result
        pot_out = self.pot_in - sum(self.net)
        summary = self.summary(status, w, svara, how, pot_out)
        complete = status == COMPLETE
        rnd = self.rnd
        played = [None] * n
        if rnd is not None:
            played = [1 if rnd.live[s] else (0 if self.playing[s] else None) for s in range(n)]
        svara_seat = [None] * n
        svara_won = [None] * n
        if self.svara is not None:
            svara_seat = [1 if self.playing[s] else 0 for s in range(n)]
            if complete:
                svara_won = [(1 if s == w else 0) if self.playing[s] else None for s in range(n)]
        tied = [0] * n
        for s in svara or ():
            tied[s] = 1
        game_facts = {
            "svara_hand": self.svara is not None,
            "svara": svara,
            "variant": "open" if self.open else None,
            "seats": {
                "blind_bets": self.blind_bets[:],
                "svara_hand": svara_seat,
                "svara_won": svara_won,
                "tied": tied if complete else [None] * n,
                "value": [self.shown[s][0] if s in self.shown else None for s in range(n)],
            },
        }
        return self.document(
            status,
            summary,
            game_facts=game_facts,
            carry={"svara": svara} if svara else None,
            dealer=self.dealer,
            next_dealer=(self.dealer + 1) % n,
            may_stop=svara is None,
            played=played,
        )

    def summary(self, status, w, svara, how, pot_out):
        names = self.names
        pot = self.pot + self.staked
        if how == "lone":
            if self.conceded is None:
                text = _("{who} takes the pot of {pot}: everyone else folded.").format(who=names[w], pot=pot)
            else:
                text = _("{who} takes the pot of {pot}: {other} conceded after the call.").format(
                    who=names[w], pot=pot, other=names[self.conceded]
                )
            if self.aside is not None:
                _at, cards, words = self.aside
                text += " " + _("{who} showed {cards} ({words}) anyway; it moves nothing.").format(
                    who=names[w], cards=" ".join(cards), words=words
                )
            return text
        if how == "show":
            words = self.shown[w][1]
            others = [
                (_("{who}: {words} (foul)") if x[2] else _("{who}: {words}")).format(who=names[s], words=x[1])
                for s, x in sorted(self.shown.items())
                if s != w
            ]
            if others:
                return _("{who}: {words}, takes the pot of {pot} ({others}).").format(
                    who=names[w], words=words, pot=pot, others="; ".join(others)
                )
            return _("{who}: {words}, takes the pot of {pot}.").format(who=names[w], words=words, pot=pot)
        if how == "svara":
            words = self.shown[svara[0]][1]
            top = self.shown[svara[0]][0]
            return _("Svara at {value} ({words}): {players} play a new hand for the pot of {pot}.").format(
                value=top, words=words, players=and_words([names[s] for s in svara]), pot=pot_out
            )
        if how == "foul":
            return _("Every hand shown is foul; the pot of {pot} stays for the next hand.").format(pot=pot_out)
        return _(
            "The record stops before the hand ends; the antes and bets stand and the pot of {pot} carries."
        ).format(pot=pot_out)
