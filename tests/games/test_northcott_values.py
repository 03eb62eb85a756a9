"""Northcott's game is loopy (a retreat can be undone) but never drawn: its value
is the generalised Sprague-Grundy value (Smith), the nim-sum of the gaps, and every
face must give the same answer in every process, whatever the hash seed or load."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections.abc import Callable, Hashable, Iterable

import pytest

import grundy
from grundy.solve.loopy import find_cycle


def smith_values(states: list[Hashable],
                 moves: Callable[[Hashable], Iterable[Hashable]]) -> dict[Hashable, int]:
    """Smith's labelling, straight from the definition: in round ``m``, label an
    unlabelled position ``m`` when no option is labelled ``m``, options carry every
    smaller label, and every unlabelled option can move to an ``m``. Positions left
    unlabelled have infinite values (none here)."""
    opts = {s: list(moves(s)) for s in states}
    label: dict[Hashable, int] = {}
    m = 0
    while any(u not in label and all(any(label.get(v) == k for v in opts[u]) for k in range(m))
              for u in states):
        while True:
            new = next((u for u in states if u not in label
                        and all(label.get(v) != m for v in opts[u])
                        and all(any(label.get(v) == k for v in opts[u]) for k in range(m))
                        and all(any(label.get(w) == m for w in opts[v])
                                for v in opts[u] if v not in label)), None)
            if new is None:
                break
            label[new] = m
        m += 1
    return label


def test_northcott_values_are_smiths_generalised_values() -> None:
    width = 5
    g = grundy.games.get(f"northcott:{width}")
    cols = [(b, w) for b in range(1, width + 1) for w in range(1, width + 1) if b != w]
    for n in (1, 2):
        states: list[Hashable] = [(rows, t) for rows in itertools.product(cols, repeat=n)
                                  for t in (0, 1)]
        want = smith_values(states, g.moves)
        assert len(want) == len(states)  # every value finite: no draws
        for s in states:
            assert g.value(s) == want[s], s
            assert str(g.outcome(s)) == ("P" if want[s] == 0 else "N"), s


def test_northcott_is_loopy_on_every_face() -> None:
    from grundy.web.jobs import misere_ok, rules_text

    g = grundy.games.get("northcott:8")
    assert find_cycle(g, g.parse_position("1 3 2 5")) is not None
    assert rules_text("x", "northcott:8", "1 3 2 5")["loopy"] is True
    assert misere_ok("northcott:8", "1 3 2 5") is False


_PROBE = """
import json, sys
import grundy
from grundy.web.jobs import misere_ok, rules_text
out = []
for pos in sys.argv[1:]:
    g = grundy.games.get("northcott:8")
    p = g.parse_position(pos)
    small = grundy.analyze(g[p], budget=grundy.Budget(positions=1000))  # no whole-graph search
    out.append([str(g.outcome(p)), g.value(p), small.value, g.winning_move(p),
                rules_text("x", "northcott:8", pos)["loopy"], misere_ok("northcott:8", pos)])
print(json.dumps(out))
"""


_CLI = """
import contextlib, io, json, sys
from grundy.cli.main import main
out = []
for pos in sys.argv[1:]:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["analyze", "--json", "northcott:8", pos])
    out.append([code, json.loads(buf.getvalue())])
print(json.dumps(out))
"""


@pytest.mark.heavy
def test_northcott_answers_agree_across_hash_seeds_and_processes() -> None:
    """Per hash seed, two fresh processes: the probe, and the command line's
    ``analyze --json`` on three positions (one process for the three: each
    seed's first position, met with empty caches, is another one, so each
    position is a first query once; was a process per position and seed)."""
    positions = ["1 3 2 5", "1 3 2 5 4 8", "2 7 3 1", "5 1 6 2 7 3", "4 6 8 1 3 7"]
    seen = set()
    for k, seed in enumerate(("0", "1", "2", "3")):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        order = [(k + i) % 3 for i in range(3)]
        r = subprocess.run([sys.executable, "-c", _CLI, *(positions[i] for i in order)],
                           capture_output=True, text=True, env=env, check=True)
        got = dict(zip(order, json.loads(r.stdout)))
        cli = []
        for i in range(3):
            code, d = got[i]
            assert code == 0, d
            assert "value" not in d["stopped"], d["stopped"]
            cli.append([d["outcome"], d["value"], [m["move"] for m in d["winning_moves"]]])
        r = subprocess.run([sys.executable, "-c", _PROBE, *positions], capture_output=True,
                           text=True, env=env, check=True)
        probe = json.loads(r.stdout)
        assert [c[1] for c in cli] == [3, 0, 5]  # the nim-sums of the gaps
        assert [row[1] for row in probe] == [row[2] for row in probe] == [3, 0, 5, 3, 4]
        assert all(row[4] is True and row[5] is False for row in probe)  # loopy: no misère switch
        seen.add(json.dumps([cli, probe]))
    assert len(seen) == 1, seen
