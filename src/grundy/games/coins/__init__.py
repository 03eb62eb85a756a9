"""Coin-turning games on a row and on a grid.

A row of coins, each heads (``H``) or tails (``T``), numbered 1, 2, ... from the
left. A move turns over a set of coins allowed by the game's *turning rule*; the
rightmost coin turned must go from heads to tails. Whoever cannot move loses.

The theorem of the notes (Winning Ways, ch. 14): a position is the disjunctive sum
of its single heads, so its value is the XOR of the values of the boards with one
head. The value of a single head at ``c`` is the mex, over the turning sets ``S`` of
``c``, of the XOR of the single-head values of ``S`` minus ``c``. Rulesets here
compute that table from the rule (or a closed form), so a board of n coins costs
O(n) once the table is known, and a winning move is *constructed*: a head ``c`` and
a turning set of ``c`` whose other coins XOR to the needed value.

>>> import grundy
>>> mt = grundy.games.get("mock-turtles")
>>> mt["THTTH"].value, mt.single_values(8)
(10, [1, 2, 4, 7, 8, 11, 13, 14])
>>> mt.winning_turn("THTTH")                # which coins to turn
(2, 5)
>>> mt.winning_move("THTTH"), mt["HHHH"].outcome
('TTTTT', Outcome.P)

Any turning rule (a function from a coin to its turning sets, each containing the
coin itself as its largest member):

>>> g = grundy.games.CoinTurning(lambda c: [(c,)] + [(d, c) for d in range(max(1, c - 2), c)])
>>> g.single_values(9)
[1, 2, 3, 1, 2, 3, 1, 2, 3]

Grids: a position is rows of ``T``/``H`` separated by ``/``; by the Tartan theorem
a product of two row games has single-coin values the nim products of the row and
column values:

>>> tc = grundy.games.get("turning-corners")
>>> tc["TTT/TTH"].value, tc.winning_turn("TTT/TTH")
(2, ((1, 1), (1, 3), (2, 1), (2, 3)))
"""

from grundy.games.coins.board import CoinBoard, CoinTurning, odious
from grundy.games.coins.rows import (
    Moidores, MockTurtles, Multiples, OnePlusLeftThree, Ruler, ThreeConsecutive, Triplets,
    TurningTurtles, TurnOne, Twins, UpTo,
)
from grundy.games.coins.grids import (
    AcrosticTwins, ColouringGame, GridCoinTurning, TartanProduct, TurningCorners,
)

__all__ = [
    "CoinTurning", "TurnOne", "TurningTurtles", "Twins", "Triplets", "MockTurtles",
    "UpTo", "Moidores", "Ruler", "ThreeConsecutive", "OnePlusLeftThree", "Multiples",
    "GridCoinTurning", "TartanProduct", "TurningCorners", "AcrosticTwins",
    "ColouringGame", "odious", "CoinBoard",
]
