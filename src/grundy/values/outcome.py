"""Outcome classes of impartial games."""

from __future__ import annotations

import enum

__all__ = ["Outcome"]


class Outcome(enum.Enum):
    """Who wins a position under optimal play.

    ``P``: the previous player (the one who just moved) wins; ``N``: the next player
    (the one to move) wins; ``D``: a draw (only in loopy games).

    >>> Outcome.P
    Outcome.P
    >>> Outcome.from_value(0), Outcome.from_value(3)
    (Outcome.P, Outcome.N)
    >>> Outcome.N.describe()
    'N (the next player, to move, wins)'
    """

    P = "P"
    N = "N"
    D = "D"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def from_value(cls, value: object) -> Outcome:
        """The outcome of a normal-play position with Grundy value ``value``; for a
        loopy game's infinite generalised value ``inf(K)``: N if 0 is in ``K``
        (a move to a P-position), else D."""
        escapes = getattr(value, "escapes", None)
        if escapes is not None:
            return cls.N if 0 in escapes else cls.D
        return cls.P if value == 0 else cls.N

    def describe(self) -> str:
        """A one-line English description."""
        return {
            "P": "P (the previous player wins: the player to move loses)",
            "N": "N (the next player, to move, wins)",
            "D": "D (draw: neither player can force a win)",
        }[self.value]
