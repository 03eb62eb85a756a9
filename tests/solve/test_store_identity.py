"""A memo store is loaded only for the rules that filled it (issue 39).

Each case builds two rulesets with the same name and class whose rules differ in
one thing Python can see (a closure value, a constant, a default, a global, a
nested function, a parameter): the store of the first is refused for the second,
where before it was loaded and gave the first one's values. The oracle of the
values is a plain recursion over the raw rules written here.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy.solve.reducer import forget, load_memo, outcome, reduce, save_memo
from grundy.values.errors import InvalidParameterError
from tests.oracles import grundy_values

ROOT = Path(__file__).resolve().parents[2]
REFUSED = "saved for other rules"


def brute(moves: Callable[[int], Iterable[int]], n: int) -> int:
    g = grundy_values(moves)
    for m in range(n):  # bottom up: no deep recursion
        g(m)
    return g(n)


def bash(k: int) -> Any:
    return grundy.ruleset(lambda n: range(max(0, n - k), n))


def test_the_reproduction_closure_value(tmp_path: Path) -> None:
    store = tmp_path / "t.memo"
    assert reduce(bash(3), 58, store=store) == 58 % 4
    with pytest.raises(InvalidParameterError, match=REFUSED) as info:
        reduce(bash(5), 58, store=store)
    assert str(store) in str(info.value)
    assert reduce(bash(5), 58, store=tmp_path / "other.memo") == 58 % 6 == 4
    assert reduce(bash(3), 58, store=store) == 2   # the same rules still load it


def _check_refused(one: Any, two: Any, path: Path, n: int = 30) -> None:
    """``one``'s store is loaded by ``one`` again and refused by ``two``; the two
    rulesets do differ (their values at ``n`` by brute force)."""
    assert one.name == two.name and type(one) is type(two)
    assert brute(one.moves, n) != brute(two.moves, n)
    assert reduce(one, n, store=path) == brute(one.moves, n)
    forget(one)
    assert load_memo(one, path) > n
    with pytest.raises(InvalidParameterError, match=REFUSED):
        reduce(two, n, store=path)
    with pytest.raises(InvalidParameterError, match=REFUSED):
        outcome(two, n, store=path)
    assert reduce(two, n) == brute(two.moves, n)


def test_an_edited_constant(tmp_path: Path) -> None:
    rules = [grundy.ruleset(lambda n: range(max(0, n - 3), n)),
             grundy.ruleset(lambda n: range(max(0, n - 5), n))]
    _check_refused(rules[0], rules[1], tmp_path / "c.memo")


def _with_default(k: int) -> Any:
    def moves(n: int, k: int = k) -> Iterable[int]:
        return range(max(0, n - k), n)
    return grundy.ruleset(moves)


def _with_kwdefault(k: int) -> Any:
    def moves(n: int, *, k: int = k) -> Iterable[int]:
        return range(max(0, n - k), n)
    return grundy.ruleset(moves)


def test_an_edited_default_and_keyword_default(tmp_path: Path) -> None:
    _check_refused(_with_default(3), _with_default(5), tmp_path / "d.memo")
    _check_refused(_with_kwdefault(3), _with_kwdefault(5), tmp_path / "k.memo")


def test_a_closure_holding_a_container(tmp_path: Path) -> None:
    def make(steps: list[int]) -> Any:
        return grundy.ruleset(lambda n: [n - s for s in steps if s <= n])
    _check_refused(make([1, 2]), make([1, 2, 3]), tmp_path / "l.memo")


MODULE = """
import grundy
K = {k}
def helper(n):
    return {h}
@grundy.ruleset
def moves(n):
    return range(max(0, n - min(K, helper(n))), n)
"""


def _module(k: int, h: int) -> dict[str, Any]:
    ns: dict[str, Any] = {"__name__": "user_rules"}
    exec(MODULE.format(k=k, h=h), ns)  # noqa: S102 (the user's module, twice)
    return ns


def test_an_edited_global_value_and_global_helper(tmp_path: Path) -> None:
    first = _module(3, 9)["moves"]
    _check_refused(first, _module(5, 9)["moves"], tmp_path / "g.memo")
    _check_refused(first, _module(9, 5)["moves"], tmp_path / "h.memo")   # the helper
    ns = _module(3, 9)
    reduce(ns["moves"], 20, store=tmp_path / "m.memo")
    ns["K"] = 5                                   # the same function, a global changed
    with pytest.raises(InvalidParameterError, match=REFUSED):
        reduce(ns["moves"], 20, store=tmp_path / "m.memo")


def _nested(k: int) -> Any:
    src = f"""
def moves(n):
    def take(m):
        return range(max(0, m - {k}), m)
    return take(n)
"""
    ns: dict[str, Any] = {"__name__": "user_rules"}
    exec(src, ns)  # noqa: S102
    return grundy.ruleset(ns["moves"])


def test_an_edited_nested_function(tmp_path: Path) -> None:
    _check_refused(_nested(3), _nested(5), tmp_path / "n.memo")


class Bash(grundy.Ruleset):
    name = "bash"

    def __init__(self, m: int) -> None:
        self.m = m

    def moves(self, n: int) -> Iterable[int]:
        return range(max(0, n - self.m), n)


def _bash_class(k: int) -> Any:
    src = f"""
import grundy
class Bash(grundy.Ruleset):
    name = "bash"
    def moves(self, n):
        return range(max(0, n - {k}), n)
"""
    ns: dict[str, Any] = {"__name__": "user_rules"}
    exec(src, ns)  # noqa: S102
    return ns["Bash"]()


def test_a_subclass_parameter_and_an_edited_method(tmp_path: Path) -> None:
    _check_refused(Bash(3), Bash(5), tmp_path / "p.memo")
    one, two = _bash_class(3), _bash_class(5)
    assert one.name == two.name
    assert reduce(one, 30, store=tmp_path / "q.memo") == 30 % 4
    with pytest.raises(InvalidParameterError, match=REFUSED):
        reduce(two, 30, store=tmp_path / "q.memo")


def test_a_value_without_identity_asks_for_a_key(tmp_path: Path) -> None:
    lock = threading.Lock()
    calls = [0]

    def moves(n: int) -> Iterable[int]:
        calls[0] += 1
        with lock:
            return range(max(0, n - 3), n)
    rules = grundy.ruleset(moves)
    path = tmp_path / "lock.memo"
    with pytest.raises(InvalidParameterError, match="store_key=") as info:
        reduce(rules, 30, store=path)
    assert "'lock'" in str(info.value) and str(path) in str(info.value)
    assert calls[0] == 0 and not path.exists()      # refused before searching
    with pytest.raises(InvalidParameterError, match="store_key="):
        save_memo(rules, path)
    assert reduce(rules, 30, store=path, store_key="bash-3") == 30 % 4
    forget(rules)
    assert load_memo(rules, path, key="bash-3") > 30
    with pytest.raises(InvalidParameterError, match="key differs"):
        reduce(rules, 30, store=path, store_key="bash-5")
    with pytest.raises(InvalidParameterError, match="store_key="):
        load_memo(rules, path)                      # no key: no identity
    with pytest.raises(InvalidParameterError, match="store_key must be"):
        reduce(rules, 30, store=path, store_key="")


SCRIPT = textwrap.dedent("""
    import sys
    import grundy
    from grundy.solve.reducer import reduce
    CALLS = []
    STEPS = (1, 3, 4)
    @grundy.ruleset
    def moves(n):
        CALLS.append(n)
        if n in {"never", "a string"}:   # a frozenset constant: its order varies by process
            return []
        return [n - s for s in STEPS if s <= n]
    print(reduce(moves, int(sys.argv[2]), store=sys.argv[1]), len(CALLS))
""")


@pytest.mark.heavy
def test_unchanged_rules_reuse_the_store_in_a_fresh_process(tmp_path: Path) -> None:
    script, store = tmp_path / "rules.py", tmp_path / "s.memo"
    script.write_text(SCRIPT)

    def run(seed: str, n: int) -> tuple[int, int]:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, str(script), str(store), str(n)], env=env,
                             capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr[-2000:]
        value, calls = out.stdout.split()
        return int(value), int(calls)

    def s134(n: int) -> Iterable[int]:
        return [n - s for s in (1, 3, 4) if s <= n]

    assert run("1", 500) == (brute(s134, 500), 501)
    assert run("2", 500) == (brute(s134, 500), 0)     # all loaded: no move searched
    assert run("3", 600) == (brute(s134, 600), 100)   # resumes from 500
    script.write_text(SCRIPT.replace("(1, 3, 4)", "(1, 3, 5)"))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([sys.executable, str(script), str(store), "600"], env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode != 0 and REFUSED in out.stderr
