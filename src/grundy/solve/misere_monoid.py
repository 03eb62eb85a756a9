"""The misère quotient as an object: a finite commutative monoid with its
P-portion and the element of each heap, answering outcomes and winning moves of
sums by one product per heap, with its presentation and its stored form.

>>> from grundy.solve.misere_build import compute_quotient
>>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 3, name="nim")
>>> q.presentation(), q.outcome([2, 3, 1])
('a, b | a^2 = 1, b^3 = b', Outcome.P)
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from grundy.solve.misere_algebra import (
    BoolArray, IntArray, _letters, _lex, _word_text, is_tame,
)
from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.values.outcome import Outcome

__all__ = ["MisereQuotient"]


class MisereQuotient:
    """The misère quotient of the heaps ``0..heaps`` of a heap game: a finite
    commutative monoid (``table``: the product of elements, element 0 the identity),
    its P-portion and the element of each heap (``element``). Build one with
    :func:`grundy.misere_quotient` (a ruleset or a catalogue spec) or
    :func:`grundy.solve.misere_build.compute_quotient` (an option function).

    >>> from grundy.solve.misere_build import compute_quotient
    >>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 3, name="nim")
    >>> q.generators, q.presentation()
    ((1, 2), 'a, b | a^2 = 1, b^3 = b')
    >>> q.p_portion, q.normal_form(q.element(3))
    ((1, 4), 'ab')
    """

    def __init__(self, name: str, heaps: int, table: IntArray, ppos: BoolArray, phi: Sequence[int],
                 orders: Sequence[int], generators: Sequence[int],
                 options: Sequence[Sequence[Sequence[int]]], stopped: str | None = None) -> None:
        self.name = name
        #: The largest heap the quotient covers.
        self.heaps = heaps
        self.table = np.ascontiguousarray(table, dtype=np.int32)
        self.ppos = np.asarray(ppos, dtype=bool)
        self.phi: tuple[int, ...] = tuple(int(x) for x in phi)
        #: ``orders[n]``: the order of the quotient of the heaps ``0..n``.
        self.orders: tuple[int, ...] = tuple(int(x) for x in orders)
        #: The heaps at which the quotient grew (each adds a generator).
        self.generators: tuple[int, ...] = tuple(int(x) for x in generators)
        self.options: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(int(h) for h in w) for w in ws) for ws in options)
        #: Why the construction stopped before the heap asked for (``None``: it did not).
        self.stopped = stopped
        self._rows_list: list[list[int]] | None = None  # the table as lists, built on first use
        self._p: list[bool] = self.ppos.tolist()
        self._words: list[list[int]] | None = None
        self._tame: bool | None = None

    @property
    def _rows(self) -> list[list[int]]:
        if self._rows_list is None:
            self._rows_list = self.table.tolist()
        return self._rows_list

    # -- the monoid
    @property
    def order(self) -> int:
        """The number of elements."""
        return int(self.table.shape[0])

    @property
    def p_portion(self) -> tuple[int, ...]:
        """The elements whose sums are misère P-positions."""
        return tuple(int(i) for i in np.flatnonzero(self.ppos))

    @property
    def is_tame(self) -> bool:
        """Whether the quotient is tame: isomorphic (with its P-portion) to the
        quotient of misère Nim heaps (``{1, a}`` and ``{1, a} u Z_2^m`` with
        ``P = {a, 0}``, or the trivial quotient)."""
        if self._tame is None:
            self._tame = is_tame(self.table, self.ppos)
        return self._tame

    @property
    def stable_from(self) -> int:
        """The heap from which the quotient no longer changes (up to ``heaps``):
        the last heap that added a generator (0 if none)."""
        return self.generators[-1] if self.generators else 0

    def product(self, x: int, y: int) -> int:
        """The product of the elements ``x`` and ``y``."""
        return self._rows[x][y]

    def element(self, heap: int) -> int:
        """The element of ``heap`` (the pretending function)."""
        return self.phi[self._heap(heap)]

    def _heap(self, heap: Any) -> int:
        if isinstance(heap, bool) or not isinstance(heap, (int, np.integer)):
            raise InvalidPositionError(f"{self.name}: a heap is a non-negative integer; got {describe(heap)}")
        if not 0 <= heap <= self.heaps:
            raise InvalidPositionError(
                f"{self.name}: heap {describe(heap)} is outside the quotient (heaps 0..{self.heaps})")
        return int(heap)

    def covers(self, heaps: Iterable[Any]) -> bool:
        """Whether every heap of ``heaps`` is within the quotient."""
        return all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= self.heaps for h in heaps)

    def element_of(self, heaps: Iterable[int]) -> int:
        """The element of the sum of ``heaps``: the product of their elements."""
        hs = list(heaps)
        phi = self.phi
        x = 0
        if len(hs) < 16 and self._rows_list is None:  # a few lookups: no lists built
            t = self.table
            for h in hs:
                x = int(t[x, phi[self._heap(h)]])
            return x
        rows = self._rows
        for h in hs:
            x = rows[x][phi[self._heap(h)]]
        return x

    def outcome(self, heaps: Iterable[int]) -> Outcome:
        """The misère outcome of the sum of ``heaps``, by one product per heap.

        >>> from grundy.solve.misere_build import compute_quotient
        >>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 7, name="nim")
        >>> q.outcome([1, 1, 1]), q.outcome([7, 6, 1]), q.outcome([])
        (Outcome.P, Outcome.P, Outcome.N)
        """
        return Outcome.P if self._p[self.element_of(heaps)] else Outcome.N

    def winning_move(self, heaps: Sequence[int]) -> tuple[int, tuple[int, ...]] | None:
        """A winning misère move of the sum of ``heaps``: ``(i, option)``, heap
        ``heaps[i]`` replaced by the heaps of ``option``; ``None`` from a P-position
        (or when no move is left). Linear in the number of heaps (products of the
        heaps before and after each one).

        >>> from grundy.solve.misere_build import compute_quotient
        >>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 7, name="nim")
        >>> q.winning_move([3, 2]), q.winning_move([1, 1]), q.winning_move([1, 1, 1])
        ((0, (2,)), (1, (0,)), None)
        """
        hs = [self._heap(h) for h in heaps]
        rows, phi, p = self._rows, self.phi, self._p
        n = len(hs)
        before = [0] * (n + 1)
        for i, h in enumerate(hs):
            before[i + 1] = rows[before[i]][phi[h]]
        if p[before[n]]:
            return None
        after = 0
        for i in range(n - 1, -1, -1):
            rest = rows[before[i]][after]
            for w in self.options[hs[i]]:
                x = rest
                for h in w:
                    x = rows[x][phi[h]]
                if p[x]:
                    return i, w
            after = rows[after][phi[hs[i]]]
        return None

    # -- presentation
    def _normal_words(self) -> list[list[int]]:
        if self._words is None:
            gens: list[tuple[int, IntArray]] = [
                (self.phi[h], np.zeros(0, dtype=np.int64)) for h in reversed(self.generators)]
            _order, words, _s = _lex(self.table, gens) if gens else ([0], [[]], None)
            self._words = [list(reversed(w)) for w in words]
        return self._words

    def normal_form(self, x: int) -> str:
        """Element ``x`` as a word in the generators ``a, b, c, ...`` (the elements of
        the heaps in :attr:`generators`, in order): its lex-least word."""
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < self.order:
            raise InvalidParameterError(f"no element {describe(x)} in a quotient of order {self.order}")
        return _word_text(self._normal_words()[int(x)])

    def relations(self) -> list[tuple[str, str]]:
        """Defining relations ``(word, normal form)``: the minimal words that are not
        normal forms, each equal to its element's normal form."""
        words = self._normal_words()
        gens = [self.phi[h] for h in self.generators]
        normal = {tuple(w) for w in words}
        rels: dict[tuple[int, ...], int] = {}
        for x, w in enumerate(words):
            for j, g in enumerate(gens):
                v = list(w)
                v[j] += 1
                tv = tuple(v)
                if tv in normal or tv in rels:
                    continue
                if all(tuple(v[:i] + [v[i] - 1] + v[i + 1:]) in normal for i in range(len(v)) if v[i]):
                    rels[tv] = self._rows[x][g]
        return [(_word_text(v), _word_text(words[y])) for v, y in sorted(rels.items(),
                key=lambda kv: (sum(kv[0]), kv[0][::-1]))]

    def presentation(self) -> str:
        """Generators and defining relations, as ``"a, b | a^2 = 1, b^3 = b"``."""
        names = ", ".join(_letters(i) for i in range(len(self.generators))) or "(none)"
        rels = ", ".join(f"{a} = {b}" for a, b in self.relations())
        return f"{names} | {rels}" if rels else names

    def pretending_function(self) -> list[str]:
        """Each heap's element as a normal form, heap 0 first."""
        return [self.normal_form(x) for x in self.phi]

    def summary(self) -> dict[str, Any]:
        """Order, P-portion size, tameness, generators and the growth of the quotient."""
        return {"game": self.name, "heaps": self.heaps, "order": self.order,
                "p_portion": len(self.p_portion), "tame": self.is_tame,
                "generators": list(self.generators), "stable_from": self.stable_from,
                "stopped": self.stopped}

    def __repr__(self) -> str:
        tame = "tame" if self.is_tame else "wild"
        return f"<MisereQuotient of {self.name}, heaps 0..{self.heaps}: order {self.order}, {tame}>"

    # -- storage
    def to_json(self) -> str:
        """The quotient as text: a line with the SHA-256 of the rest, then the
        quotient as JSON."""
        dtype = "<u2" if self.order < 1 << 16 else "<i4"
        table = base64.b64encode(self.table.astype(dtype).tobytes()).decode()
        body = {"name": self.name, "heaps": self.heaps, "order": self.order, "table": table, "dtype": dtype,
                "p": [int(b) for b in self._p], "phi": list(self.phi), "orders": list(self.orders),
                "generators": list(self.generators), "stopped": self.stopped,
                "options": [[list(w) for w in ws] for ws in self.options]}
        text = json.dumps(body, separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest() + "\n" + text

    @classmethod
    def from_json(cls, text: str) -> MisereQuotient:
        """A quotient from :meth:`to_json`; ``InvalidParameterError`` if the text is
        damaged (checksum, shape or closure of the table)."""
        try:
            digest, _, raw = text.partition("\n")
            if hashlib.sha256(raw.encode()).hexdigest() != digest:
                raise ValueError("checksum mismatch")
            body = json.loads(raw)
            q = int(body["order"])
            if body["dtype"] not in ("<u2", "<i4"):
                raise ValueError("bad dtype")
            table = np.frombuffer(base64.b64decode(body["table"]), dtype=body["dtype"]).astype(np.int32)
            table = table.reshape(q, q)
            if table.shape != (q, q) or q == 0 or table.min() < 0 or table.max() >= q:
                raise ValueError("bad table")
            if len(body["p"]) != q or len(body["phi"]) != body["heaps"] + 1:
                raise ValueError("bad sizes")
            return cls(body["name"], int(body["heaps"]), table, np.array(body["p"], dtype=bool),
                       body["phi"], body["orders"], body["generators"], body["options"], body["stopped"])
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidParameterError(f"not a stored misère quotient ({exc})") from None
