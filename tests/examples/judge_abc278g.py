"""A judge for ABC278G: runs a player program as a separate process and plays the
other side with random legal moves, checking every move of the player.

Usage: python judge_abc278g.py N L R SEED -- PLAYER_COMMAND...
Exit status 0 if the player won with legal moves, 1 otherwise.
"""

from __future__ import annotations

import bisect
import random
import subprocess
import sys


def legal_moves(present: list[bool], n: int, lo: int, hi: int) -> list[tuple[int, int]]:
    """Every legal move by the definition (used by the tests on small boards)."""
    out = []
    for x in range(1, n + 1):
        for y in range(lo, hi + 1):
            if x + y - 1 <= n and all(present[x : x + y]):
                out.append((x, y))
    return out


class Runs:
    """The runs of consecutive cards still present, kept sorted: a move (x, y)
    inside the run [s, e] leaves [s, x - 1] and [x + y, e]. A turn costs
    O(runs), not O(n (hi - lo)): the judge answers at once, so the player's
    wall time is its own."""

    def __init__(self, n: int, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.starts, self.ends = [1], [n]

    def count(self, m: int) -> int:
        """Moves inside a run of m cards."""
        top = min(self.hi, m)
        return sum(m - y + 1 for y in range(self.lo, top + 1)) if top >= self.lo else 0

    def total(self) -> int:
        return sum(self.count(e - s + 1) for s, e in zip(self.starts, self.ends))

    def legal(self, x: int, y: int) -> bool:
        i = bisect.bisect_right(self.starts, x) - 1
        return self.lo <= y <= self.hi and i >= 0 and x + y - 1 <= self.ends[i]

    def play(self, x: int, y: int) -> None:
        i = bisect.bisect_right(self.starts, x) - 1
        s, e = self.starts[i], self.ends[i]
        del self.starts[i], self.ends[i]
        for a, b in ((s, x - 1), (x + y, e)):
            if a <= b:
                j = bisect.bisect_left(self.starts, a)
                self.starts.insert(j, a)
                self.ends.insert(j, b)

    def pick(self, k: int) -> tuple[int, int]:
        """The k-th legal move (0-based) in the order runs, then sizes, then places."""
        for s, e in zip(self.starts, self.ends):
            m = e - s + 1
            for y in range(self.lo, min(self.hi, m) + 1):
                if k < m - y + 1:
                    return s + k, y
                k -= m - y + 1
        raise IndexError(k)


def main() -> int:
    n, lo, hi, seed = (int(v) for v in sys.argv[1:5])
    cmd = sys.argv[sys.argv.index("--") + 1 :]
    rng = random.Random(seed)
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin and proc.stdout

    def send(line: str) -> None:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def fail(why: str) -> int:
        print(f"judge: {why}", file=sys.stderr)
        send("-1 -1")
        proc.kill()
        return 1

    runs = Runs(n, lo, hi)
    send(f"{n} {lo} {hi}")
    choice = proc.stdout.readline().strip()
    if choice not in ("First", "Second"):
        return fail(f"bad choice {choice!r}")
    judge_turn = choice == "Second"
    while True:
        total = runs.total()
        if judge_turn:
            if not total:
                send("0 0")  # the judge cannot move: the player won
                proc.wait(timeout=300)
                return 0
            x, y = runs.pick(rng.randrange(total))
            runs.play(x, y)
            send(f"{x} {y}")
        else:
            if not total:
                return fail("the player has no move: it lost")
            line = proc.stdout.readline()
            try:
                x, y = (int(v) for v in line.split())
            except ValueError:
                return fail(f"bad move line {line!r}")
            if not runs.legal(x, y):
                return fail(f"illegal move {x} {y}")
            runs.play(x, y)
        judge_turn = not judge_turn


if __name__ == "__main__":
    sys.exit(main())
