"""The catalogue's coin-turning games on a grid: Tartan products (Turning
Corners), Acrostic Twins and the colouring game (ZJOI2009)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from grundy.values.errors import InvalidPositionError, describe
from grundy.values.nimbers import mex_of_set, nim_inverse, nim_mul
from grundy.games.registry import catalogued
from grundy.games.coins.board import Cell, CoinBoard, CoinTurning
from grundy.games.coins.rows import Twins

__all__ = ["GridCoinTurning", "TartanProduct", "TurningCorners", "AcrosticTwins", "ColouringGame"]


# ---------------------------------------------------------------------- grids
class GridCoinTurning(CoinBoard[Cell]):
    """A coin-turning game on a grid, from its turning rule.

    ``rule((r, c))`` gives the turning sets of the coin in row ``r``, column ``c``
    (from 1): sets of cells containing ``(r, c)``, every other cell in rows
    ``<= r`` and columns ``<= c`` (the head goes from heads to tails). A position
    is rows of ``H``/``T`` separated by ``/``. Values as for rows: XOR over the
    heads of the single-head values, each the mex over its turning sets.
    """

    name = "grid-coins"
    _noun = "cell"

    def _coin_name(self, coin: Cell) -> str:
        from grundy.rules.moves import cell_name

        return cell_name(*coin)

    def _read_coins(self, text: str) -> list[Cell] | None:
        from grundy.rules.moves import parse_cells

        cells = parse_cells(text)
        return cells if cells and all(r >= 1 and c >= 1 for r, c in cells) else None

    def _heads(self, position: str) -> list[Cell]:
        return [(r, c) for r, row in enumerate(position.split("/"), 1)
                for c, ch in enumerate(row, 1) if ch == "H"]

    def _flip(self, position: str, cells: Iterable[Cell]) -> str:
        rows = [list(r) for r in position.split("/")]
        for r, c in cells:
            rows[r - 1][c - 1] = "T" if rows[r - 1][c - 1] == "H" else "H"
        return "/".join("".join(r) for r in rows)

    def _before(self, cell: Cell) -> Iterable[Cell]:
        return ((r, c) for r in range(1, cell[0] + 1) for c in range(1, cell[1] + 1))

    def _misplaced(self, cell: Cell, t: tuple[Cell, ...]) -> str | None:
        r, c = cell
        if cell in t and all(1 <= a <= r and 1 <= b <= c for a, b in t):
            return None
        return "it (heads to tails) and only cells above and left of it"

    def validate(self, position: Any) -> None:
        if not isinstance(position, str) or not position:
            raise InvalidPositionError(
                f"{self.name}: a grid is rows of H and T separated by '/', e.g. 'THT/HTT'; got {describe(position)}"
            )
        rows = position.split("/")
        if any(set(r) - {"H", "T"} or not r for r in rows):
            raise InvalidPositionError(
                f"{self.name}: a grid is rows of H (heads) and T (tails) separated by '/'; got {describe(position)}"
            )
        if len({len(r) for r in rows}) != 1:
            raise InvalidPositionError(
                f"{self.name}: the rows of a grid must have equal lengths; got {[len(r) for r in rows]} in "
                f"{describe(position)}"
            )


class TartanProduct(GridCoinTurning):
    """The product of two row games: a move turns the cells ``S x T`` for a turning
    set ``S`` of the row game (rows) and ``T`` of the column game (columns). By the
    Tartan theorem a single head is worth the nim product of the two values.

    >>> from grundy.games.coins import Ruler
    >>> TartanProduct(Ruler(), Ruler()).single((4, 2))
    8
    """

    def __init__(self, rows: CoinTurning, cols: CoinTurning, name: str | None = None) -> None:
        super().__init__(name=name or f"tartan({rows.name},{cols.name})")
        self.rows, self.cols = rows, cols

    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        r, c = cell
        for s in self.rows.turning_sets(r):
            for t in self.cols.turning_sets(c):
                yield [(a, b) for a in s for b in t]

    def single(self, cell: Cell) -> int:
        return nim_mul(self.rows.single(cell[0]), self.cols.single(cell[1]))


@catalogued("turning-corners", "turning corners",
            summary="Grid coins: turn the four corners of a rectangle (Twins x Twins, Tartan theorem).",
            position="TTT/TTH", legal=("TTT/TTH", "H", "TH/HT"))
class TurningCorners(TartanProduct):
    """Turning Corners (Twins x Twins): turn the four corners of a rectangle whose
    bottom-right corner is a head. Cell ``(r, c)`` is worth ``(r-1) (x) (c-1)``.

    >>> TurningCorners().single((3, 3))
    3
    """

    def __init__(self) -> None:
        super().__init__(Twins(), Twins(), name="turning-corners")

    def turn_for(self, cell: Cell, need: int) -> tuple[Cell, ...] | None:
        # Corners (a, b), (a, y), (x, b) of a head (x, y) (values from 0) are worth
        # a(x)y ^ x(x)b ^ a(x)b = x(x)y ^ (x^a)(x)(y^b). So (x^a)(x)(y^b) must be
        # w = x(x)y ^ need: for each a < x, b is forced by a nim division. O(x).
        r, c = cell
        x, y = r - 1, c - 1
        w = nim_mul(x, y) ^ need
        if w == 0:
            return None
        for a in range(x):
            v = nim_mul(w, nim_inverse(x ^ a))
            b = y ^ v
            if b < y:
                return ((a + 1, b + 1), (a + 1, c), (r, b + 1), (r, c))
        return None


@catalogued("acrostic-twins", "acrostic twins",
            summary="Grid coins: turn two coins in one row or one column.",
            position="TTH/THT", legal=("TTH/THT", "H", "TT/TH"))
class AcrosticTwins(GridCoinTurning):
    """Acrostic Twins: turn two coins in the same row or the same column, the lower
    or righter one from heads to tails. A head is a rook on a board (two-dimensional
    Nim, not a Tartan product), so cell ``(r, c)`` is worth ``(r-1) XOR (c-1)``.

    >>> AcrosticTwins().winning_turn("TTH/TTT")
    ((1, 1), (1, 3))
    """


    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        r, c = cell
        for a in range(1, r):
            yield [(a, c), cell]
        for b in range(1, c):
            yield [(r, b), cell]

    def single(self, cell: Cell) -> int:
        return (cell[0] - 1) ^ (cell[1] - 1)

    def turn_for(self, cell: Cell, need: int) -> tuple[Cell, ...] | None:
        r, c = cell
        x, y = r - 1, c - 1
        if (need ^ y) < x:
            return ((need ^ y) + 1, c), cell
        if (need ^ x) < y:
            return (r, (need ^ x) + 1), cell
        return None


def _connected_blocks(cell: Cell) -> Iterator[frozenset[Cell]]:
    """Every 4-connected set of cells containing ``cell`` inside rows ``1..r`` and
    columns ``1..c`` (each once): the classic extension enumeration."""
    R, C = cell

    def neighbours(p: Cell) -> Iterator[Cell]:
        a, b = p
        for q in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
            if 1 <= q[0] <= R and 1 <= q[1] <= C:
                yield q

    # Redelmeier-style: grow from `cell`, each block produced once.
    stack: list[tuple[frozenset[Cell], frozenset[Cell], frozenset[Cell]]] = [
        (frozenset([cell]), frozenset(neighbours(cell)), frozenset([cell]) | frozenset(neighbours(cell)))
    ]
    while stack:
        block, frontier, seen = stack.pop()
        yield block
        untried = sorted(frontier)
        for i, p in enumerate(untried):
            new_front = frozenset(untried[i + 1 :]) | frozenset(q for q in neighbours(p) if q not in seen)
            stack.append((block | {p}, new_front, seen | new_front | {p}))


@catalogued("colouring", "coloring", "zjoi2009", "p2594", "染色游戏",
            summary="Grid coins: turn a connected block whose bottom-right corner is a head (ZJOI2009).",
            position="THT/HTT", legal=("THT/HTT", "H", "TT/TH"))
class ColouringGame(GridCoinTurning):
    """ZJOI2009 P2594 (染色游戏): turn every coin of a 4-connected block of cells
    whose largest row and largest column meet at a head. The notes' values: cell
    ``(1, c)`` is worth the largest power of two dividing ``c`` (Ruler), ``(r, 1)``
    likewise, and every other cell ``2^(r + c - 2)``.

    >>> ColouringGame().single((2, 3)), ColouringGame().single((1, 12))
    (8, 4)
    """


    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        return _connected_blocks(cell)

    def single(self, cell: Cell) -> int:
        r, c = cell
        if r == 1:
            return c & -c
        if c == 1:
            return r & -r
        return 1 << (r + c - 2)
