"""The catalogue of named games: every game of the notes, as a ruleset (the raw
rules, for brute force) with its closed form and constructive winning move.

Each game's module registers its own catalogue entry (see ``registry`` and
``docs/architecture.md``, "Adding a game"); this package re-exports the classes.

>>> import grundy
>>> grundy.games.get("wythoff")[3, 5].outcome
Outcome.P
>>> {"allbut", "bash", "chocolate", "mock-turtles"} <= {e.name for e in grundy.games.entries()}
True
>>> grundy.games.zero_sum("carrot").value((3, 1, 4, 1, 5, 9))   # a zero-sum game: minimax
4
"""

from __future__ import annotations

from grundy.games.coins import (
    AcrosticTwins, CoinTurning, ColouringGame, GridCoinTurning, Moidores, MockTurtles,
    Multiples, OnePlusLeftThree, Ruler, TartanProduct, ThreeConsecutive, Triplets,
    TurningCorners, TurningTurtles, TurnOne, Twins, UpTo,
)
from grundy.games.dynamic import DynamicSubtraction, FibonacciNim
from grundy.games.hackenbush import (
    Graph, GreenHackenbush, HackenbushGraph, Tree, hackenbush_value, string, tree_from_edges,
    tree_values, winning_cut,
)
from grundy.games.geography import (
    Board, VertexGeography, geography_move, losing_starts, winning_starts,
)
from grundy.games.geography_edge import (
    EdgeBoard, EdgeGeography, edge_geography_move, edge_geography_starts, edge_geography_value,
)
from grundy.games.lasker import EvenSplit, Lasker, SplitThree
from grundy.games.misc import Chocolate, Euclid, MergePiles, Northcott
from grundy.games.nim import Nim
from grundy.games.nims import EverythingNim, MisereNim, MooreNim, StaircaseNim
from grundy.games.octal import GrundysGame, TakeAndBreak
from grundy.games.registry import Entry, common_name, entries, find, get, register, resolve
from grundy.games.rows import CircleRuns, RowRuns
from grundy.games.subtraction import AllBut, Bash, Subtraction
from grundy.games.treegames import (
    AncestorDeletion, BipartiteEdgeAdding, KeepComponent, ancestor_deletion_values,
)
from grundy.games.wythoff import Wythoff, wythoff_index, wythoff_pair
from grundy.games.loopy import PutBack
from grundy.games.zerosum import Carrot, CatalogueZeroSum, zerosum_entries
from grundy.games.zerosum import zerosum as zero_sum

__all__ = [
    "Entry", "common_name", "entries", "find", "get", "register", "resolve",
    "Nim", "MisereNim", "MooreNim", "StaircaseNim", "EverythingNim",
    "Subtraction", "Bash", "AllBut", "Lasker", "SplitThree", "EvenSplit",
    "Wythoff", "wythoff_pair", "wythoff_index", "DynamicSubtraction", "FibonacciNim",
    "Euclid", "Northcott", "Chocolate", "MergePiles", "RowRuns", "CircleRuns",
    "CoinTurning", "TurnOne", "TurningTurtles", "Twins", "Triplets", "MockTurtles", "UpTo",
    "Moidores", "Ruler", "ThreeConsecutive", "OnePlusLeftThree", "Multiples",
    "GridCoinTurning", "TartanProduct", "TurningCorners", "AcrosticTwins", "ColouringGame",
    "GreenHackenbush", "Tree", "string", "tree_from_edges",
    "VertexGeography", "Board", "winning_starts", "losing_starts", "geography_move",
    "EdgeGeography", "EdgeBoard", "edge_geography_starts", "edge_geography_value", "edge_geography_move",
    "KeepComponent", "AncestorDeletion", "BipartiteEdgeAdding", "ancestor_deletion_values",
    "HackenbushGraph", "Graph", "hackenbush_value", "winning_cut", "tree_values", "TakeAndBreak", "GrundysGame",
    "PutBack", "Carrot", "CatalogueZeroSum", "zero_sum", "zerosum_entries",
]
