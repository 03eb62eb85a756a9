"""2020 ICPC Macau G, Game on Sequence: a sequence a_1..a_n of integers in
[0, 255] and m operations: "1 k" appends k; "2 k" asks who wins the game that
starts with a token on position k. A move takes the token from i to some j > i
whose a_j differs from a_i in at most one bit; whoever cannot move loses. The
first player is Grammy. n, m <= 2 * 10^5.

Input: "n m", a_1..a_n, then m lines "op k". Output per query: "Grammy" if the
first player wins, else "Alice".

The notes' reduction: a position that is not the last occurrence of its value
wins (move to that last occurrence if it loses, else copy its winning move), so
only the last occurrence of each of the 256 values matters: a game graph on at
most 256 vertices, value v moving to v ^ 2^b if that value occurs later.
:func:`by_graph` solves that graph with :class:`grundy.GameGraph`; it is the
reference for one query. At full size an append can change every label (a
Gray-code walk relabels all 256 values each time), so :func:`solve` answers the
queries offline: one state per stretch between appends, and the graphs of all
stretches solved together by the same backward induction (the latest last
occurrence first; a vertex loses iff no later neighbour loses), vectorised over
the stretches in numpy.
"""

from __future__ import annotations

import sys

import numpy as np

from grundy import GameGraph, Outcome

BITS = 8
VALUES = 1 << BITS
WORDS = VALUES // 64
PAD = VALUES  # the value of no position, padding the shorter orders: no bits


def by_graph(a: list[int], k: int) -> bool:
    """Whether the first player wins from position k (0-based), by the reduction
    and the library's game graph."""
    last = {x: i for i, x in enumerate(a)}
    if last[a[k]] != k:
        return True
    edges = [(v, v ^ (1 << b)) for v in last for b in range(BITS)
             if last.get(v ^ (1 << b), -1) > last[v]]
    graph = GameGraph(edges, "last occurrences", vertices=list(last))
    return graph.outcome(a[k]) is Outcome.N


def solve(text: str) -> str:
    data = list(map(int, text.split()))
    n, m = data[0], data[1]
    a = data[2 : 2 + n]
    last = [-1] * VALUES
    for i, x in enumerate(a):
        last[x] = i
    order = sorted((v for v in range(VALUES) if last[v] >= 0), key=last.__getitem__)
    states: list[bytes] = []  # the order of last occurrences of each stretch
    queries: list[tuple[int, int]] = []  # (stretch, value), or (-1, 0): not a last occurrence
    fresh = False
    pos = 2 + n
    for _ in range(m):
        op, k = data[pos], data[pos + 1]
        pos += 2
        if op == 1:
            if last[k] >= 0:
                order.remove(k)
            order.append(k)
            last[k] = len(a)
            a.append(k)
            fresh = False
        else:
            v = a[k - 1]
            if last[v] != k - 1:
                queries.append((-1, 0))
                continue
            if not fresh:
                states.append(bytes(order))
                fresh = True
            queries.append((len(states) - 1, v))
    lose = _lose_sets(states)
    out = []
    for s, v in queries:
        wins = s < 0 or not (int(lose[v >> 6][s]) >> (v & 63)) & 1
        out.append("Grammy" if wins else "Alice")
    return "\n".join(out)


def _lose_sets(states: list[bytes]) -> list[np.ndarray]:
    """For each state (values by last occurrence, earliest first), the set of the
    values whose last occurrence loses: four 64-bit words per state."""
    e = len(states)
    sizes = np.fromiter(map(len, states), dtype=np.intp, count=e)
    flat = np.frombuffer(b"".join(bytes(VALUES - len(st)) + st for st in states), dtype=np.uint8)
    order = flat.reshape(e, VALUES).T.astype(np.uint16)  # one row per step
    order[np.arange(VALUES)[:, None] < (VALUES - sizes)[None, :]] = PAD
    order = np.ascontiguousarray(order)
    # per word j: the neighbours of v in word j, and v's own bit in word j
    nbr = np.zeros((WORDS, VALUES + 1), dtype=np.uint64)
    own = np.zeros((WORDS, VALUES + 1), dtype=np.uint64)
    for v in range(VALUES):
        own[v >> 6, v] = np.uint64(1 << (v & 63))
        for b in range(BITS):
            u = v ^ (1 << b)
            nbr[u >> 6, v] |= np.uint64(1 << (u & 63))
    lose = [np.zeros(e, dtype=np.uint64) for _ in range(WORDS)]
    zero = np.uint64(0)
    for t in range(VALUES - 1, -1, -1):
        v = order[t]
        hit = nbr[0][v] & lose[0]
        for j in range(1, WORDS):
            hit |= nbr[j][v] & lose[j]
        keep = np.where(hit == zero, ~zero, zero)  # all ones where v loses
        for j in range(WORDS):
            lose[j] |= own[j][v] & keep
    return lose


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
