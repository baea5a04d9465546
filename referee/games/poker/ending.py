"""The end of a poker hand: who takes the pot (the best shown hands, split with the odd unit from the dealer's
left; the last player in, unseen), or why it stays (every shown hand foul, a record that stops), and the ruling
with its facts and words. A mixin of the table (table.py), whose state it reads."""

from ...language import current, speaking
from ...ruling import COMPLETE, INCOMPLETE
from .ranking import category
from .said import _
from .showdown import split_pot
from .words import describe as hand_words

DONE = 4  # (as in table.py)


class Ending:
    """Mixin of poker's table: the outcome, the pot paid out, the ruling."""

    __slots__ = ()

    def outcome(self):
        """(status, winners or None, how) from the state the events left."""
        if self.phase == DONE:
            return COMPLETE, [self.rnd.lone()], "lone"
        live = self.rnd.live if self.rnd is not None else ()
        shown = [s for s in self.shown if live[s]]
        if not shown:
            return INCOMPLETE, None, "stops"
        good = {s: self.shown[s][0] for s in shown if not self.shown[s][2]}
        if not good:
            return COMPLETE, None, "foul"
        top = max(good.values())
        return COMPLETE, sorted(s for s, k in good.items() if k == top), "show"

    def finish(self):
        status, winners, how = self.outcome()
        total = self.pot + self.staked
        if how == "lone":
            self.take(winners[0], total, "takes the pot (everyone else folded)", self.end_event)
        elif how == "show":
            at = max(x[3] for x in self.shown.values())
            shares = split_pot(total, winners, self.dealer, self.n)
            why = "takes the pot" if len(winners) == 1 else "takes a share of the split pot"
            for w in winners:
                self.take(w, shares[w], why, at)
        self.result = (status, winners, how)
        return status

    def ruling(self, status):
        n = self.n
        _status, winners, how = self.result
        rules = self.cfg.ranking
        rnd = self.rnd
        live = rnd.live if rnd is not None else [True] * n
        shown = self.shown
        won = set(winners or ()) if how == "show" else set()
        # The shown hands ranked, best first (equal hands share a place; foul hands come last, with no place).
        order = sorted(
            (s for s in shown if live[s]), key=lambda s: (shown[s][2], -shown[s][0], (s - self.dealer - 1) % n)
        )
        shown_f, cats, words_f, foul_f, drew_f = [0] * n, [None] * n, [None] * n, [0] * n, [None] * n
        english = self._english_words()  # (the facts are the same in every language)
        for s, x in shown.items():  # (a player who showed is still in: he may not fold after showing)
            shown_f[s], words_f[s] = 1, english[s]
            if x[2]:
                foul_f[s] = 1
            else:
                cats[s] = category(x[0], rules)
        for s, x in self.drew.items():
            drew_f[s] = len(x[1])
        hands = []
        for s in order:
            key, _words, foul, _at, cards = shown[s]
            words = english[s]
            place = None
            if not foul:
                place = 1 + sum(1 for x in order if not shown[x][2] and shown[x][0] > key)
            hands.append({"seat": s, "cards": list(cards), "hand": words, "place": place, "foul": foul})
        game_facts = {
            "showdown": how in ("show", "foul"),
            "hands": hands,
            "split": len(won) > 1,
            "pot": self.pot + self.staked,
            "seats": {
                "shown": shown_f,
                "category": cats,
                "hand": words_f,
                "foul": foul_f,
                "showdown_won": [1 if s in won else 0 for s in range(n)],
                "drew": drew_f,
            },
        }
        return self.document(
            status,
            self.summary(status, winners, how) + (self.aside_words() if self.aside else ""),
            game_facts=game_facts,
            dealer=self.dealer,
            next_dealer=(self.dealer + 1) % n,
            may_stop=True,
            played=[1 if live[s] else 0 for s in range(n)] if rnd is not None else None,
        )

    def _english_words(self):
        """Each shown hand in English words, as the facts keep them (shown[s][1] is in the language spoken)."""
        if current() == "en":
            return {s: x[1] for s, x in self.shown.items()}
        rules = self.cfg.ranking
        with speaking(None):
            return {s: hand_words(x[4], rules, x[0]) for s, x in self.shown.items()}

    def _shown_words(self, skip=()):
        names = self.names
        live = self.rnd.live
        return [
            (_("{who}: {words} (foul)") if x[2] else _("{who}: {words}")).format(who=names[s], words=x[1])
            for s, x in sorted(self.shown.items())
            if s not in skip and live[s]
        ]

    def aside_words(self):
        """The shows for interest, which move nothing, in words (after the summary)."""
        out = []
        for s, (_at, cards, words, why) in sorted(self.aside.items()):
            if why == "after folding":
                said = _("{who} showed {cards} ({words}) after folding; it moves nothing.")
            else:
                said = _("{who} showed {cards} ({words}) though everyone else folded; it moves nothing.")
            out.append(" " + said.format(who=self.names[s], cards=" ".join(cards), words=words))
        return "".join(out)

    def summary(self, status, winners, how):
        names = self.names
        total = self.pot + self.staked
        if how == "lone":
            return _("{who} takes the pot of {pot} unseen: everyone else folded.").format(
                who=names[winners[0]], pot=total
            )
        if how == "show":
            others = "; ".join(self._shown_words(winners))
            if len(winners) == 1:
                w = winners[0]
                if others:
                    said = _("{who}: {words}, takes the pot of {pot} ({others}).")
                else:
                    said = _("{who}: {words}, takes the pot of {pot}.")
                return said.format(who=names[w], words=self.shown[w][1], pot=total, others=others)
            shares = split_pot(total, winners, self.dealer, self.n)
            hands = "; ".join(_("{who}: {words}").format(who=names[w], words=self.shown[w][1]) for w in winners)
            split = ", ".join(f"{names[w]} {shares[w]}" for w in winners)
            if others:
                said = _("{hands}: equal hands split the pot ({split}) ({others}).")
            else:
                said = _("{hands}: equal hands split the pot ({split}).")
            return said.format(hands=hands, split=split, others=others)
        pot_out = self.pot_in - sum(self.net)
        if how == "foul":
            return _("Every hand shown is foul ({hands}); the pot of {pot} stays for the next hand.").format(
                hands="; ".join(self._shown_words()), pot=pot_out
            )
        return _(
            "The record stops before the hand ends; the antes and bets stand and the pot of {pot} carries."
        ).format(pot=pot_out)
