"""Poker's words in the language the referee speaks, from poker.po first (referee.language.own_words): the
same English may be said otherwise by the core or another game."""

from ...language import own_words

_, ngettext = own_words("poker")
