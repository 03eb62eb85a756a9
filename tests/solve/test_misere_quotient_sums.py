"""Misère sums answered through the quotient agree with exhaustive search."""

from __future__ import annotations

import gzip
import random

import pytest

import grundy
from grundy.solve import misere_quotient as MQ
from grundy.solve.compounds import misere_quotient_for
from grundy.values.errors import InvalidParameterError
from tests.oracles import misere_p, octal_heap_options


def digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or "0")] + [int(c) for c in tail]


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137"])
def test_misere_sums_through_the_quotient(code):
    rs = grundy.games.get("octal:" + code)
    m = grundy.Misere(rs)
    p = misere_p(octal_heap_options(digits(code)))
    rng = random.Random(7)
    for _ in range(40):
        hs = [rng.randint(0, 12) for _ in range(rng.randint(1, 4))]
        s = grundy.MisereSum(*(m[h] for h in hs))
        expect = grundy.Outcome.P if p(tuple(sorted(h for h in hs if h))) else grundy.Outcome.N
        assert s.outcome is expect, hs
        mv = s.winning_move()
        if expect is grundy.Outcome.P:
            assert mv is None
        elif mv is not None:
            after = s.play(mv)
            left = tuple(sorted(g.position for g in after.components if g.position))
            assert p(left), (hs, mv)
    assert misere_quotient_for([rs[12], rs[3]]) is not None


def test_user_heap_games():
    sub = grundy.ruleset(lambda n: [n - k for k in (1, 2, 4) if k <= n], name="s124")
    split = grundy.ruleset(lambda n: [grundy.Sum(a, n - 1 - a) for a in range(n)], name="split1")
    for rs, opts in ((sub, lambda n: [((n - k,) if n - k else ()) for k in (1, 2, 4) if k <= n]),
                     (split, lambda n: [tuple(h for h in (a, n - 1 - a) if h) for a in range(n)])):
        q = grundy.misere_quotient(rs, 12)
        p = misere_p(opts)
        rng = random.Random(3)
        for _ in range(100):
            hs = [rng.randint(0, 12) for _ in range(rng.randint(0, 5))]
            expect = grundy.Outcome.P if p(tuple(sorted(h for h in hs if h))) else grundy.Outcome.N
            assert q.outcome(hs) is expect
        m = grundy.Misere(rs)
        assert (m[5] + m[7]).outcome is q.outcome([5, 7])


def test_beyond_the_quotient_the_search_answers():
    dk = grundy.games.get("octal:0.07")
    m = grundy.Misere(dk)
    assert misere_quotient_for([dk[45], dk[1]]) is None or MQ.load_stored("octal:0.07", 45, exact=False)
    assert (m[45] + m[1]).outcome is grundy.Outcome.from_value(
        grundy.MisereSum(dk[45], dk[1]).value)


def test_store_round_trip_and_damage(tmp_path, monkeypatch):
    monkeypatch.setenv(MQ.ENV_DIR, str(tmp_path))
    rs = grundy.games.get("octal:0.75")
    q = MQ.compute_quotient(MQ.heap_options(rs), 9, name=rs.spec)
    path = MQ.save(q)
    assert path is not None and path.parent == tmp_path
    again = MQ.load_stored(rs.spec, 9)
    assert again is not None and again.orders == q.orders
    text = gzip.decompress(path.read_bytes()).decode().replace('"heaps":9', '"heaps":8')
    path.write_bytes(gzip.compress(text.encode()))
    assert MQ.load_stored(rs.spec, 9) is None  # the checksum fails: ignored


def test_misere_quotient_arguments():
    q = grundy.misere_quotient("octal:0.75", 20)
    assert q.order == 8 and grundy.misere_quotient(grundy.Misere(grundy.games.get("octal:0.75")), 20) is q
    with pytest.raises(InvalidParameterError):
        grundy.misere_quotient("octal:0.75", -3)
    with pytest.raises(InvalidParameterError):
        grundy.misere_quotient(42, 3)
    with pytest.raises(InvalidParameterError):
        grundy.misere_quotient(grundy.games.get("wythoff"), 3)
