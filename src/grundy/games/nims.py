"""Nim variants played on a whole row of heaps: misère Nim (Anti-Nim), Moore's
Nim_k, Staircase Nim and Everything Nim."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import combinations
from typing import Any

from grundy.values.errors import InvalidParameterError
from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset
from grundy.rules.moves import illegal_move, parse_row_changes, words
from grundy.games._common import heaps, parse_heaps, parse_param, positive_param
from grundy.rules.compound import END
from grundy.games.registry import catalogued

__all__ = ["MisereNim", "MooreNim", "StaircaseNim", "EverythingNim"]


class _Row(Ruleset):
    """A ruleset whose position is a tuple of non-negative integers."""

    tuple_position = True

    def validate(self, position: Any) -> None:
        heaps(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_heaps(text, self.name)

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``heap 2 to 3`` (several changes joined by ``,``); ``2-3`` and
        ``take 4 from heap 2`` are read too; ``END`` (misère Nim's claim of the
        win when no heap is left) reads ``end``.

        >>> g = MisereNim()
        >>> g.format_move((1, 5), (1, 2)), g.parse_move((1, 5), "2-2"), g.parse_move((1, 5), "take 3 from heap 2")
        ('heap 2 to 2', (1, 2), (1, 2))
        """
        if option is END:
            return "end"
        if not isinstance(option, tuple) or not isinstance(position, tuple) or len(option) != len(position):
            return super().format_move(position, option)
        changes = [f"heap {i + 1} to {y}" for i, (x, y) in enumerate(zip(position, option)) if x != y]
        return ", ".join(changes)

    def parse_move(self, position: Any, text: str) -> Hashable:
        if words(text) == ["end"] and self.is_option(position, END):
            return END
        changes = parse_row_changes(text)
        if changes is None or not isinstance(position, tuple):
            return super().parse_move(position, text)
        q = list(position)
        for i, x in changes:
            if not 1 <= i <= len(q):
                raise illegal_move(self, position, text, f"there is no heap {i}; heaps are 1..{len(q)}")
            q[i - 1] = q[i - 1] + x if x < 0 else x
        option = tuple(q)
        if min(option, default=0) < 0 or not self.is_option(position, option):
            raise illegal_move(self, position, text, "not a legal move")
        return option


def _nim_moves(p: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    for i, h in enumerate(p):
        for k in range(h):
            yield p[:i] + (k,) + p[i + 1 :]


def _lower_each(p: tuple[int, ...], idx: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to lower each heap in ``idx`` (an odometer, so huge heaps stream)."""
    q = list(p)
    for i in idx:
        q[i] = 0
    while True:
        yield tuple(q)
        for i in idx:  # increment the odometer
            q[i] += 1
            if q[i] < p[i]:
                break
            q[i] = 0
        else:
            return


def _one_lowered(p: Any, q: Any, at_most: int = 1) -> bool:
    """``q`` equals ``p`` except for 1..``at_most`` entries, each made smaller."""
    if not isinstance(q, tuple) or len(q) != len(p):
        return False
    changed = [i for i in range(len(p)) if q[i] != p[i]]
    return 1 <= len(changed) <= at_most and all(0 <= q[i] < p[i] for i in changed)


@catalogued("misere-nim", "anti-nim", "antinim", "misere nim", "misère nim",
            summary="Misère Nim: whoever takes the last token loses (position: all heaps).",
            position="1 1 5", legal=((1, 1, 5), (3, 4, 5), (0, 0), (2,)))
class MisereNim(_Row):
    """Misère Nim (Anti-Nim): Nim where whoever takes the last token *loses*.

    A position is a tuple of heaps. Rule (Bouton; the notes' P4279): if every heap
    is at most 1, the player to move wins iff the number of 1-heaps is even;
    otherwise iff the nim-sum is non-zero. O(k) for k heaps. The winning move plays
    Nim, except that when exactly one heap exceeds 1 it leaves an odd number of
    1-heaps. Having no move wins: the empty position's only option is ``END``.

    >>> g = MisereNim()
    >>> g[1, 1].outcome, g[1, 1, 1].outcome, g[2, 2].outcome
    (Outcome.N, Outcome.P, Outcome.P)
    >>> g.winning_move((1, 1, 5))
    (1, 1, 1)
    """


    def moves(self, position: Any) -> Iterator[Hashable]:
        if position is END:
            return
        if not any(position):
            yield END  # having no move wins: the only "move" is to claim the win
            return
        yield from _nim_moves(position)

    def validate(self, position: Any) -> None:
        if position is not END:
            heaps(self.name, position)

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        if position is END or not isinstance(position, tuple):
            return False
        if not any(position):
            return option is END
        return _one_lowered(position, option)

    def outcome_formula(self, position: Any) -> Outcome:
        if position is END:
            return Outcome.P
        s = 0
        big = False
        for h in position:
            s ^= h
            big = big or h > 1
        if not big:
            return Outcome.N if sum(position) % 2 == 0 else Outcome.P
        return Outcome.N if s else Outcome.P

    def winning_move_formula(self, position: Any) -> Hashable | None:
        if type(position) is not tuple:  # END: no move
            return None
        p: tuple[int, ...] = position
        if self.outcome_formula(p) is Outcome.P:
            return None
        if not any(p):
            return END
        big = [i for i, h in enumerate(p) if h > 1]
        if not big:  # an even number of 1-heaps: take one
            i = next(i for i, h in enumerate(p) if h == 1)
            return p[:i] + (0,) + p[i + 1 :]
        if len(big) == 1:  # leave an odd number of 1-heaps
            i = big[0]
            ones = sum(1 for h in p if h == 1)
            return p[:i] + (0 if ones % 2 else 1,) + p[i + 1 :]
        s = 0
        for h in p:
            s ^= h
        i = next(i for i, h in enumerate(p) if h ^ s < h)
        return p[:i] + (p[i] ^ s,) + p[i + 1 :]


@catalogued("moore", "moore's nim", "nim-k", "nimk", "moores nim",
            summary="Moore's Nim_k: take from up to k heaps at once (position: all heaps).",
            params="k (moore:2)", sample="moore:2", position="5 6 7 1",
            legal=((5, 6, 7, 1), (1, 2, 3), (0, 0)))
class MooreNim(_Row):
    """Moore's Nim_k: take any positive number of tokens from each of up to ``k``
    heaps.

    P-positions (Moore 1910): write the heaps in binary; the position is P iff for
    every bit, the number of heaps having that bit is divisible by ``k + 1``.
    Nim is ``k = 1``. O(k log max) per position for the test; the winning move is
    built bit by bit from the top (the notes' constructive proof).

    >>> g = MooreNim(2)
    >>> g[1, 1, 1].outcome, g[1, 2, 3].outcome
    (Outcome.P, Outcome.N)
    >>> g.winning_move((5, 6, 7, 1))
    (5, 5, 4, 1)
    """

    def __init__(self, k: int) -> None:
        self.k = positive_param("moore", "k", k, maximum=10**100)
        self.name = self.spec = f"moore:{k}"

    @classmethod
    def from_args(cls, args: str | None) -> MooreNim:
        if not args:
            raise InvalidParameterError("moore needs k, the most heaps per move, e.g. 'moore:2'")
        return cls(parse_param(args, "integer k", "moore"))

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        p = position
        live = [i for i, h in enumerate(p) if h]
        for r in range(1, min(self.k, len(live)) + 1):
            for idx in combinations(live, r):
                yield from _lower_each(p, idx)

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        return isinstance(position, tuple) and _one_lowered(position, option, self.k)

    def count_p_positions(
        self, heaps: int, max_total: int, modulus: int | None = None
    ) -> list[int]:
        """``counts[s]``: how many ordered tuples of ``heaps`` heaps with total ``s``
        (``0 <= s <= max_total``) are P-positions, i.e. have, at every bit, a count
        of ones divisible by ``k + 1``. A digit DP over the bits:
        O(log(max_total) * max_total * heaps / (k + 1)). ``modulus`` reduces the
        counts (they are exact otherwise).

        >>> MooreNim(1).count_p_positions(2, 6)      # (a, a): only even totals
        [1, 0, 1, 0, 1, 0, 1]
        """
        m = self.k + 1
        binom = [[1]]
        for h in range(1, heaps + 1):
            prev = binom[-1]
            binom.append([1] + [prev[i] + prev[i + 1] for i in range(h - 1)] + [1])
        row = binom[heaps]
        counts = [0] * (max_total + 1)
        counts[0] = 1
        bit = 1
        while bit <= max_total:
            new = [0] * (max_total + 1)
            for s, c in enumerate(counts):
                if not c:
                    continue
                j = 0
                while j <= heaps and s + j * bit <= max_total:
                    new[s + j * bit] += c * row[j]
                    j += m
            if modulus:
                new = [x % modulus for x in new]
            counts = new
            bit <<= 1
        return counts

    def outcome_formula(self, position: tuple[int, ...]) -> Outcome:
        m = self.k + 1
        top = max(position, default=0).bit_length()
        for b in range(top):
            if sum((h >> b) & 1 for h in position) % m:
                return Outcome.N
        return Outcome.P

    def winning_move_formula(self, position: tuple[int, ...]) -> Hashable | None:
        p = position
        if self.outcome_formula(p) is Outcome.P:
            return None
        m = self.k + 1
        new = list(p)
        changed: list[int] = []  # heaps already made smaller (their lower bits are free)
        for b in range(max(p).bit_length() - 1, -1, -1):
            bit = 1 << b
            unchanged_ones = [i for i, h in enumerate(p) if i not in changed and h & bit]
            s = len(unchanged_ones) % m
            for i in changed:  # clear, then set what is needed
                new[i] &= ~bit
            if s == 0:
                continue
            if s <= self.k - len(changed):
                # lower s of the unchanged heaps having this bit: they become smaller
                for i in unchanged_ones[:s]:
                    new[i] = (p[i] >> (b + 1) << (b + 1))  # keep higher bits, clear the rest
                    changed.append(i)
            else:
                for i in changed[: m - s]:
                    new[i] |= bit
        return tuple(new)


@catalogued("staircase", "staircase nim", "ladder nim",
            summary="Staircase Nim: move coins one stair down (position: stairs 1..n).",
            position="1 4 2", legal=((1, 4, 2), (0,), (3, 0, 5)))
class StaircaseNim(_Row):
    """Staircase Nim: coins on stairs ``1..n`` (the position lists stair 1 first); a
    move moves any positive number of coins from one stair down to the next (from
    stair 1 they leave the staircase).

    Value: the nim-sum of the odd-numbered stairs (coins moved from an even stair
    onto an odd one can be moved on at once, so even stairs do not matter). O(n).
    Winning moves: reduce an odd stair ``i`` to ``a_i ^ S``, or move coins from an
    even stair onto the odd stair below it to raise it to ``a_{i-1} ^ S``; all of
    them are listed in O(n).

    >>> g = StaircaseNim()
    >>> g.value((3, 5, 3)), g[(1, 0, 1)].outcome
    (0, Outcome.P)
    >>> g.winning_moves((1, 4, 2))
    [(2, 3, 2), (1, 5, 1)]
    """


    def validate(self, position: Any) -> None:
        heaps(self.name, position, "stair")

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``move 3 from stair 2`` (``2-3`` is read too).

        >>> g = StaircaseNim()
        >>> g.format_move((1, 4, 2), (2, 3, 2)), g.parse_move((1, 4, 2), "move 1 from stair 2")
        ('move 1 from stair 2', (2, 3, 2))
        """
        for i, (x, y) in enumerate(zip(position, option)):  # type: ignore[call-overload]
            if y < x:
                return f"move {x - y} from stair {i + 1}"
        return super().format_move(position, option)

    def parse_move(self, position: Any, text: str) -> Hashable:
        raw = words(text)
        w = [x for x in raw if x not in ("move", "from", "stair", "coins", "-")]
        if len(w) == 2 and all(x.isdigit() for x in w) and ("move" in raw or "-" in raw):
            c, i = int(w[0]), int(w[1])
            if "from" not in text.lower():  # "2-3": stair 2, 3 coins
                i, c = c, i
            if not 1 <= i <= len(position) or not 1 <= c <= position[i - 1]:
                raise illegal_move(self, position, text, f"stair {i} cannot give {c} coins")
            q = list(position)
            q[i - 1] -= c
            if i > 1:
                q[i - 2] += c
            return tuple(q)
        return Ruleset.parse_move(self, position, text)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        p = position
        for i, a in enumerate(p):
            for d in range(1, a + 1):
                q = list(p)
                q[i] -= d
                if i:
                    q[i - 1] += d
                yield tuple(q)

    def value_formula(self, position: tuple[int, ...]) -> int:
        s = 0
        for a in position[::2]:
            s ^= a
        return s

    def winning_moves_formula(
        self, position: tuple[int, ...], *, limit: int | None = None
    ) -> list[Hashable]:
        p = position
        out: list[Hashable] = []
        for stair, coins in self.winning_transfers(p):
            q = list(p)
            q[stair - 1] -= coins
            if stair > 1:
                q[stair - 2] += coins
            out.append(tuple(q))
        return out

    def winning_transfers(self, position: tuple[int, ...]) -> list[tuple[int, int]]:
        """The winning moves as ``(stair, coins)`` pairs (1-based stair, coins
        moved down from it), in O(n) in all however many there are (the
        positions themselves take O(n) each: :meth:`winning_moves`).

        >>> StaircaseNim().winning_transfers((1, 4, 2))
        [(2, 1), (3, 1)]
        """
        self.check(position)
        p = position
        s = self.value_formula(p)
        if s == 0:
            return []
        out: list[tuple[int, int]] = []
        for i, a in enumerate(p):
            if i % 2 == 0:  # an odd stair (1-based): lower it to a ^ s
                t = a ^ s
                if t < a:
                    out.append((i + 1, a - t))
            else:  # an even stair: raise the odd stair below to its ^ s
                below = p[i - 1]
                d = (below ^ s) - below
                if 0 < d <= a:
                    out.append((i + 1, d))
        return out

    def winning_move_formula(self, position: tuple[int, ...]) -> Hashable | None:
        moves = self.winning_moves_formula(position)
        return moves[0] if moves else None


@catalogued("everything-nim", "everything nim", "cf1965a",
            summary="Everything Nim: take the same k from every non-empty heap.",
            position="3 3 3", legal=((3, 3, 3), (1, 2), (5,)))
class EverythingNim(_Row):
    """Everything Nim (CF1965A): a move removes the same number ``k`` of tokens from
    every non-empty heap, ``1 <= k <=`` the smallest non-empty heap.

    Outcome (the notes): with the distinct heap sizes ``0 = a_0 < a_1 < ... < a_m``,
    the player to move at "level" ``a_i`` wins if ``a_{i+1} - a_i >= 2`` and otherwise
    iff the player at level ``a_{i+1}`` loses; the last level is lost. O(k log k).

    >>> g = EverythingNim()
    >>> g[3, 3, 3].outcome, g[1, 2, 3].outcome, g[1, 2, 4].outcome
    (Outcome.N, Outcome.N, Outcome.N)
    >>> g[1, 2, 2].outcome, g.winning_move((2, 3, 3))
    (Outcome.P, (1, 2, 2))
    """


    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``take 2`` (from every non-empty heap).

        >>> EverythingNim().format_move((3, 5), (1, 3)), EverythingNim().parse_move((3, 5), "take 2")
        ('take 2', (1, 3))
        """
        for x, y in zip(position, option):  # type: ignore[call-overload]
            if x:
                return f"take {x - y}"
        return super().format_move(position, option)

    def parse_move(self, position: Any, text: str) -> Hashable:
        w = words(text)
        if len(w) == 2 and w[0] == "take" and w[1].isdigit():
            k = int(w[1])
            live = [h for h in position if h]
            if not live or not 1 <= k <= min(live):
                raise illegal_move(self, position, text, "take 1..the smallest non-empty heap")
            return tuple(h - k if h else 0 for h in position)
        return Ruleset.parse_move(self, position, text)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        live = [h for h in position if h]
        if not live:
            return
        for k in range(1, min(live) + 1):
            yield tuple(h - k if h else 0 for h in position)

    @staticmethod
    def _levels(position: tuple[int, ...]) -> tuple[list[int], list[bool]]:
        a = [0, *sorted(set(h for h in position if h))]
        win = [False] * len(a)  # win[i]: the player to move at level a[i] wins
        for i in range(len(a) - 2, -1, -1):
            win[i] = a[i + 1] - a[i] >= 2 or not win[i + 1]
        return a, win

    def outcome_formula(self, position: tuple[int, ...]) -> Outcome:
        _, win = self._levels(position)
        return Outcome.N if win[0] else Outcome.P

    def winning_move_formula(self, position: tuple[int, ...]) -> Hashable | None:
        p = position
        a, win = self._levels(p)
        if not win[0]:
            return None
        gap = a[1]
        k = gap if (gap == 1 or not win[1]) else gap - 1
        return tuple(h - k if h else 0 for h in p)
