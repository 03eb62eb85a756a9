"""Brute-force oracles for loopy games, straight from the definitions (fixpoint
iteration over an explicit finite graph). Never used by the library itself."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable


def explore(moves: Callable[[Hashable], Iterable[Hashable]], roots: Iterable[Hashable]) -> dict:
    """The successor lists of everything reachable from ``roots``."""
    succ: dict = {}
    todo = list(roots)
    while todo:
        p = todo.pop()
        if p in succ:
            continue
        succ[p] = list(moves(p))
        todo.extend(succ[p])
    return succ


def outcomes(succ: dict, fixed: dict | None = None) -> dict:
    """'N' / 'P' / 'D' by fixpoint: won if some option is lost, lost if every
    option is won (so a position without options is lost); ``fixed`` maps a
    position to a result the rules impose (its options are then ignored)."""
    fixed = fixed or {}
    label = {p: r for p, r in fixed.items() if r != "D"}
    changed = True
    while changed:
        changed = False
        for v, out in succ.items():
            if v in label or v in fixed:
                continue
            if any(label.get(w) == "P" for w in out):
                label[v] = "N"
                changed = True
            elif all(label.get(w) == "N" for w in out):
                label[v] = "P"
                changed = True
    return {v: label.get(v, "D") for v in succ}


def remoteness(succ: dict, fixed: dict | None = None) -> dict:
    """Remoteness with draws by the definition, round by round: lost within k
    moves (every option won within k - 1; the loser delays) and won within k (some
    option lost within k - 1; the winner hurries); the remoteness is the first k
    that decides a position, ``None`` if none does."""
    fixed = fixed or {}
    rem: dict = {}
    lost: set = set()
    won: set = set()
    for v, r in fixed.items():
        if r == "P":
            lost.add(v)
            rem[v] = 0
        elif r == "N":
            won.add(v)
            rem[v] = 0
    for v, out in succ.items():
        if v not in fixed and not out:
            lost.add(v)
            rem[v] = 0
    for k in range(1, 2 * len(succ) + 3):
        new_lost = {v for v, out in succ.items() if v not in fixed and v not in rem
                    and all(w in won for w in out)}
        new_won = {v for v, out in succ.items() if v not in fixed and v not in rem
                   and any(w in lost for w in out)}
        for v in new_lost:
            rem[v] = k
        for v in new_won:
            rem[v] = k
        lost |= new_lost
        won |= new_won
        if not new_lost and not new_won:
            break  # a decision at round k needs one at round k - 1
    return {v: rem.get(v) for v in succ}


def product(*succs: dict) -> dict:
    """The disjunctive sum of explicit graphs: tuples of vertices, one component
    moves."""
    import itertools

    succ = {}
    for t in itertools.product(*[list(s) for s in succs]):
        out = []
        for i, v in enumerate(t):
            for w in succs[i][v]:
                out.append(t[:i] + (w,) + t[i + 1 :])
        succ[t] = out
    return succ


def heap(n: int) -> dict:
    """A Nim heap of size n as a graph: k -> 0..k-1."""
    return {k: list(range(k)) for k in range(n + 1)}
