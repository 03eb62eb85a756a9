"""Codeforces 1704F Colouring Game: a row of n cells, each red (R) or blue (B).
Alice and Bob alternate, Alice first. Alice picks two adjacent cells with at least
one red among them and paints both white; Bob does the same with at least one
blue. Whoever cannot move loses. t test cases, sum of n <= 5 * 10^5.

Input: t, then per case n and the string. Output per case: "Alice" or "Bob".

The notes' argument: with more red than blue cells Alice wins (she keeps her count
ahead), with more blue Bob wins. With equal counts both players first erase
red-blue pairs, which costs each side one cell; the maximal alternating runs
(RBRB...) are then independent heaps, and erasing two adjacent cells of a run of
length L leaves runs i and L - 2 - i: Dawson's Kayles (octal 0.07), whose values
have period 34 (``grundy.games.get("dawson")`` has it proven). Alice wins iff the
XOR of the values of the runs is not 0.
"""

from __future__ import annotations

import sys

import grundy

DAWSON = grundy.games.get("dawson")


def alternating_runs(s: str) -> list[int]:
    """Lengths of the maximal runs whose neighbouring cells differ in colour."""
    runs, start = [], 0
    for i in range(1, len(s)):
        if s[i] == s[i - 1]:  # a run ends where two neighbours agree
            runs.append(i - start)
            start = i
    runs.append(len(s) - start)
    return runs


def winner(s: str, table: list[int] | None = None) -> str:
    red, blue = s.count("R"), s.count("B")
    if red != blue:
        return "Alice" if red > blue else "Bob"
    runs = alternating_runs(s)
    if table is None:
        table = DAWSON.table(max(runs))
    value = 0
    for length in runs:
        value ^= int(table[length])
    return "Alice" if value else "Bob"


def solve(text: str) -> str:
    data = text.split()
    t = int(data[0])
    cases = [data[2 + 2 * i] for i in range(t)]
    table = DAWSON.table(max(len(s) for s in cases))
    return "\n".join(winner(s, table) for s in cases)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
