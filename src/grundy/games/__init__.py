"""The catalogue of named games: every game of the notes, as a ruleset (the raw
rules, for brute force) with its closed form and constructive winning move.

>>> import grundy
>>> grundy.games.get("wythoff")[3, 5].outcome
Outcome.P
>>> {"allbut", "bash", "chocolate", "mock-turtles"} <= {e.name for e in grundy.games.entries()}
True
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.values.errors import InvalidParameterError, describe
from grundy.rules.ruleset import Ruleset
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
from grundy.games.octal import GrundysGame, TakeAndBreak, parse_code
from grundy.games.registry import _COMMON, Entry, common_name, entries, find, get, register, resolve
from grundy.games.rows import CircleRuns, RowRuns, row_code, row_runs_of
from grundy.games.subtraction import AllBut, Bash, Subtraction
from grundy.games.treegames import (
    AncestorDeletion, BipartiteEdgeAdding, KeepComponent, ancestor_deletion_values,
)
from grundy.games.wythoff import Wythoff, wythoff_index, wythoff_pair

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
]


def _no_args(cls: Callable[[], Ruleset], name: str) -> Callable[[str | None], Ruleset]:
    def make(args: str | None) -> Ruleset:
        if args:
            raise InvalidParameterError(f"{name} takes no parameters; got {describe(args)}")
        return cls()

    return make


def _hex(args: str | None) -> Ruleset:
    """``hex:CODE``: a take-and-break code with hexadecimal digits (8 = leave three
    heaps); split-in-three (8.3...) by its closed form, octal codes as ``octal:``."""
    if not args:
        raise InvalidParameterError("hex needs a code, e.g. 'hex:0.8'")
    digits, repeat = parse_code(args, hexadecimal=True)
    if repeat and digits == [8, 3]:
        return get("split3")
    if all(d < 8 for d in digits):
        return _octal(args)
    return TakeAndBreak(args, hexadecimal=True)


def _octal(args: str | None) -> Ruleset:
    """``octal:CODE``: the game of the code, by its best engine: the closed forms of
    Nim (0.3...) and Lasker's Nim (4.3...) and subtraction games (digits 0 and 3
    only); the row reading of ``0.0..07..7``; else the kernel."""
    if not args:
        raise InvalidParameterError("octal needs a code, e.g. 'octal:0.07'")
    digits, repeat = parse_code(args)
    if repeat and digits[1:] == [3]:
        closed = {0: "nim", 4: "lasker"}.get(digits[0])
        if closed:
            return get(closed)
    if not repeat and digits[0] == 0 and set(digits[1:]) <= {0, 3}:
        return get("subtraction:" + ",".join(str(k) for k, d in enumerate(digits) if d == 3))
    rows = row_runs_of(digits, repeat)
    if rows is not None:
        return RowRuns(*rows)
    return TakeAndBreak(args)


def _rowruns(args: str | None) -> Ruleset:
    rr = RowRuns.from_args(args)
    return get("octal:" + row_code(rr.lo, rr.hi))


def _subtraction(args: str | None) -> Ruleset:
    s = Subtraction.from_args(args)
    m = s.subtraction_set[-1]
    if s.subtraction_set == tuple(range(1, m + 1)):
        return get(f"bash:{m}")  # {1..m}: Bash's game, O(1)
    return s


def _allbut(args: str | None) -> Ruleset:
    g = AllBut.from_args(args)
    return g if g.excluded else get("nim")  # excluding nothing: Nim


def _dynamic(args: str | None) -> Ruleset:
    g = DynamicSubtraction.from_args(args)
    return get("fibonacci") if g.k == 2 else g


def _alias(spec: str, name: str) -> Callable[[str | None], Ruleset]:
    _COMMON[spec] = name
    def make(args: str | None) -> Ruleset:
        if args:
            raise InvalidParameterError(f"{name} takes no parameters; got {describe(args)}")
        return get(spec)

    return make


def _add(name: str, aliases: tuple[str, ...], summary: str, make: Callable[[str | None], Ruleset],
         params: str = "", example: str = "") -> None:
    register(Entry(name, aliases, summary, make, params, example))


_add("nim", ("nim heap",), "Nim: take any number of tokens from one heap.",
     _no_args(Nim, "nim"), example="grundy analyze nim 3 4 5")
_add("misere-nim", ("anti-nim", "antinim", "misere nim", "misère nim"),
     "Misère Nim: whoever takes the last token loses (position: all heaps).",
     _no_args(MisereNim, "misere-nim"), example="grundy analyze misere-nim 1 1 5")
_add("moore", ("moore's nim", "nim-k", "nimk", "moores nim"),
     "Moore's Nim_k: take from up to k heaps at once (position: all heaps).",
     MooreNim.from_args, "k (moore:2)", "grundy analyze moore:2 5 6 7 1")
_add("staircase", ("staircase nim", "ladder nim"),
     "Staircase Nim: move coins one stair down (position: stairs 1..n).",
     _no_args(StaircaseNim, "staircase"), example="grundy analyze staircase 1 4 2")
_add("everything-nim", ("everything nim", "cf1965a"),
     "Everything Nim: take the same k from every non-empty heap.",
     _no_args(EverythingNim, "everything-nim"), example="grundy analyze everything-nim 3 3 3")
_add("subtraction", ("subtraction game", "sub", "take-away", "set nim", "s-nim"),
     "Subtraction game: remove s tokens, s in a finite set S (period proven).",
     _subtraction, "S, comma-separated (subtraction:1,3,4)",
     "grundy analyze subtraction:1,3,4 7")
_add("bash", ("bash game", "bachet"), "Bash's game: take 1..m tokens (value n mod (m+1)).",
     Bash.from_args, "m (bash:3)", "grundy analyze bash:3 10")
_add("allbut", ("all-but", "all but subtraction"),
     "All-but subtraction: remove any number except those in a finite set.",
     _allbut, "the excluded set (allbut:1,2)", "grundy analyze allbut:2 10")
_add("lasker", ("lasker's nim", "laskers nim", "lasker nim", "nim or not nim", "hdu3032"),
     "Lasker's Nim: take from a heap, or split it into two heaps.",
     _no_args(Lasker, "lasker"), example="grundy analyze lasker 10 7")
_add("split3", ("split in three", "split-three", "hdu5795", "a simple nim"),
     "Take from a heap, or split it into three heaps.",
     _no_args(SplitThree, "split3"), example="grundy analyze split3 7 8")
_add("evensplit", ("even split", "jiangnan", "p3235"),
     "Split a heap >= F into j near-equal heaps (HNOI2014).",
     EvenSplit.from_args, "F (evensplit:2)", "grundy analyze evensplit:1 10 12")
_add("wythoff", ("wythoff's game", "wythoffs game", "wythoff game"),
     "Wythoff: take from one heap, or the same from both (position: a b).",
     _no_args(Wythoff, "wythoff"), example="grundy analyze wythoff 10**100 10**100+1")
_add("fibonacci", ("fibonacci nim", "fib nim", "fib"),
     "Fibonacci Nim: each take at most twice the previous (position: n, or n cap).",
     _no_args(FibonacciNim, "fibonacci"), example="grundy analyze fibonacci 20")
_add("dynamic", ("k-fold", "kfold", "dynamic subtraction", "k-fold dynamic subtraction"),
     "k-fold dynamic subtraction: each take at most k times the previous.",
     _dynamic, "k (dynamic:3)", "grundy analyze dynamic:3 100")
_add("euclid", ("euclid's game", "euclids game", "poj2348"),
     "Euclid's game: subtract a multiple of the smaller number from the larger.",
     _no_args(Euclid, "euclid"), example="grundy analyze euclid 25 7")
_add("northcott", ("northcott's game", "northcotts game", "hdu1730"),
     "Northcott's game: slide your piece along its row, not past the other.",
     Northcott.from_args, "board width (northcott:8)", "grundy analyze northcott:8 1 3 2 5")
_add("chocolate", ("chocolate bar", "cut chocolate"),
     "Break a bar into two pieces; the first to break off a 1x1 wins.",
     _no_args(Chocolate, "chocolate"), example="grundy analyze chocolate 4 5")
_add("rowruns", ("row runs", "abc278g", "generalized subtraction"),
     "Remove lo..hi consecutive coins from a row (ABC278G; 1,2 is Kayles).",
     _rowruns, "lo,hi (rowruns:2,3)", "grundy analyze rowruns:1,2 10")
_add("circle", ("coin circle", "circle take"),
     "Remove 1..k consecutive coins from a circle; symmetry strategy.",
     CircleRuns.from_args, "k (circle:2)", "grundy analyze circle:2 10")
_add("hackenbush", ("green hackenbush", "tree edge deletion", "tree game"),
     "Green Hackenbush on a rooted tree (nested tuples, or edges '0-1 1-2 0-3' rooted at 0).",
     _no_args(GreenHackenbush, "hackenbush"), example="grundy analyze hackenbush '((),((),))'")
_add("hackenbush-graph", ("graph hackenbush", "cactus hackenbush", "fusion", "hackenbush graph",
                          "green hackenbush graph", "agc017d", "cf1610i"),
     "Green Hackenbush on any multigraph with a ground: '0-1 1-2 2-0 ground=0' or @FILE.",
     _no_args(HackenbushGraph, "hackenbush-graph"),
     example="grundy analyze hackenbush-graph '0-1 1-2 2-0 2-3'")
_add("merge", ("merge piles", "p4101", "heoi2014"),
     "Merge two piles with total <= m; from n single stones (HEOI2014).",
     MergePiles.from_args, "m (merge:3)", "grundy analyze merge:3 10")
_add("kayles", ("kayles game",), "Kayles (octal 0.77): knock down one pin or two adjacent pins.",
     _alias("octal:0.77", "kayles"), example="grundy analyze kayles 10")
_add("octal", ("take-and-break", "takebreak", "octal game"),
     "Take-and-break game by its octal code (0.07, 0.77, 4.3...).",
     _octal, "the code (octal:0.07)", "grundy analyze octal:0.07 20")
_add("hex", ("hexadecimal", "hexadecimal game"),
     "Take-and-break game by a hexadecimal code (digit bit 8: leave three heaps).",
     _hex, "the code (hex:0.8)", "grundy analyze hex:0.8 10")
_add("dawson", ("dawson's kayles", "dawsons kayles", "0.07"),
     "Dawson's Kayles (octal 0.07): period 34, proven.",
     _alias("octal:0.07", "dawson"), example="grundy analyze dawson 10**12")
_add("grundys-game", ("grundy's game", "grundy game", "grundys game"),
     "Grundy's game: split a heap into two unequal heaps (compiled table).",
     _no_args(GrundysGame, "grundys-game"), example="grundy analyze grundys-game 100")
_add("turn-one", ("turn one coin", "coins:1"),
     "Coins: turn one coin from heads to tails (value: parity of the heads).",
     _no_args(TurnOne, "turn-one"), example="grundy analyze turn-one HTHH")
_add("turning-turtles", ("turning turtles", "one-or-two", "one or two coins"),
     "Coins: turn one or two coins, the rightmost heads to tails (coin c = nim heap c).",
     _no_args(TurningTurtles, "turning-turtles"), example="grundy analyze turning-turtles THTTH")
_add("twins", ("twins coins",), "Coins: turn exactly two coins (coin c = nim heap c-1).",
     _no_args(Twins, "twins"), example="grundy analyze twins THTTH")
_add("triplets", ("triplets coins",), "Coins: turn exactly three coins.",
     _no_args(Triplets, "triplets"), example="grundy analyze triplets TTHTH")
_add("mock-turtles", ("mock turtles", "mock turtle", "mocking turtles"),
     "Coins: turn one to three coins (coin c = the odious number 2(c-1) or 2(c-1)+1).",
     _no_args(MockTurtles, "mock-turtles"), example="grundy analyze mock-turtles THTTH")
_add("moidores", ("gold moidores",), "Coins: turn one to nine coins.",
     _no_args(Moidores, "moidores"), example="grundy analyze moidores HTTTTTTTTTH")
_add("upto", ("coins up to", "spawning"), "Coins: turn one to t coins (upto:3 = Mock Turtles).",
     UpTo.from_args, "t (upto:5)", "grundy analyze upto:5 HHTH")
_add("ruler", ("ruler game",),
     "Coins: turn a run of consecutive coins ending at a head (coin c = largest 2^k | c).",
     _no_args(Ruler, "ruler"), example="grundy analyze ruler TTTHTH")
_add("run-of-three", ("three-consecutive", "three consecutive", "consecutive three"),
     "Coins: turn exactly three consecutive coins (coin c worth 1 iff 3 | c).",
     _no_args(ThreeConsecutive, "run-of-three"), example="grundy analyze run-of-three TTHTTH")
_add("pair-within-3", ("one-plus-left-three", "one plus left three"),
     "Coins: turn a coin and one of the three to its left (coin c worth c mod 4).",
     _no_args(OnePlusLeftThree, "pair-within-3"), example="grundy analyze pair-within-3 HTTH")
_add("multiples", ("haoi2015", "p3179", "array game"),
     "Coins 1..n: a head x turns x, 2x, ..., kx (HAOI2015; n up to 10^9).",
     Multiples.from_args, "n (multiples:10)", "grundy analyze multiples:6 HTTHTT")
_add("turning-corners", ("turning corners",),
     "Grid coins: turn the four corners of a rectangle (Twins x Twins, Tartan theorem).",
     _no_args(TurningCorners, "turning-corners"), example="grundy analyze turning-corners TTT/TTH")
_add("acrostic-twins", ("acrostic twins",),
     "Grid coins: turn two coins in one row or one column.",
     _no_args(AcrosticTwins, "acrostic-twins"), example="grundy analyze acrostic-twins TTH/THT")
_add("colouring", ("coloring", "zjoi2009", "p2594", "染色游戏"),
     "Grid coins: turn a connected block whose bottom-right corner is a head (ZJOI2009).",
     _no_args(ColouringGame, "colouring"), example="grundy analyze colouring THT/HTT")
_add("geography", ("vertex geography", "undirected geography", "p4055", "jsoi2009",
                   "undirected vertex geography"),
     "Undirected vertex geography: move to an unvisited neighbour ('0-1 1-2 start=1').",
     _no_args(VertexGeography, "geography"), example="grundy analyze geography '0-1 1-2 2-3 start=1'")
_add("edge-geography", ("undirected edge geography", "edge geography"),
     "Undirected edge geography: slide along an unused edge ('0-1 1-2 2-0 start=0').",
     _no_args(EdgeGeography, "edge-geography"),
     example="grundy analyze edge-geography '0-1 1-2 2-3 3-0 0-2 start=0'")
_add("keep-component", ("p8347", "delete vertex keep component"),
     "P8347: delete a tree vertex, keep one component; a lone vertex wins (n, edges).",
     _no_args(KeepComponent, "keep-component"),
     example="grundy analyze keep-component '(4, ((0, 1), (1, 2), (1, 3)))'")
_add("ancestor-deletion", ("p6665", "delete ancestors"),
     "P6665: delete a vertex and all its ancestors in a rooted forest (parent tuple).",
     _no_args(AncestorDeletion, "ancestor-deletion"),
     example="grundy analyze ancestor-deletion '(-1, 0, 0, 1)'")
_add("bipartite-edges", ("abc398g", "add edges bipartite", "not only tree game"),
     "ABC398G: add an edge keeping the simple graph bipartite (n, edges).",
     _no_args(BipartiteEdgeAdding, "bipartite-edges"),
     example="grundy analyze bipartite-edges '(4, ((0, 1),))'")
