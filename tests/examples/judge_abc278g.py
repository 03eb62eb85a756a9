"""A judge for ABC278G: runs a player program as a separate process and plays the
other side with random legal moves, checking every move of the player.

Usage: python judge_abc278g.py N L R SEED -- PLAYER_COMMAND...
Exit status 0 if the player won with legal moves, 1 otherwise.
"""

from __future__ import annotations

import random
import subprocess
import sys


def legal_moves(present: list[bool], n: int, lo: int, hi: int) -> list[tuple[int, int]]:
    out = []
    for x in range(1, n + 1):
        for y in range(lo, hi + 1):
            if x + y - 1 <= n and all(present[x : x + y]):
                out.append((x, y))
    return out


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

    present = [False] + [True] * n + [False]
    send(f"{n} {lo} {hi}")
    choice = proc.stdout.readline().strip()
    if choice not in ("First", "Second"):
        return fail(f"bad choice {choice!r}")
    judge_turn = choice == "Second"
    while True:
        moves = legal_moves(present, n, lo, hi)
        if judge_turn:
            if not moves:
                send("0 0")  # the judge cannot move: the player won
                proc.wait(timeout=30)
                return 0
            x, y = rng.choice(moves)
            for c in range(x, x + y):
                present[c] = False
            send(f"{x} {y}")
        else:
            if not moves:
                return fail("the player has no move: it lost")
            line = proc.stdout.readline()
            try:
                x, y = (int(v) for v in line.split())
            except ValueError:
                return fail(f"bad move line {line!r}")
            if (x, y) not in moves:
                return fail(f"illegal move {x} {y}")
            for c in range(x, x + y):
                present[c] = False
        judge_turn = not judge_turn


if __name__ == "__main__":
    sys.exit(main())
