"""Every-SG against brute force from its raw rules."""

import itertools
from functools import lru_cache

import grundy
from grundy import Outcome, every_outcome


def test_every_sg_against_raw_rules():
    for sset in ((1, 2), (1, 3, 4), (2, 5)):
        sub = grundy.games.get("subtraction:" + ",".join(map(str, sset)))

        def opts(n):
            return [n - s for s in sset if s <= n]

        @lru_cache(maxsize=None)
        def win(state):  # every component with a move must move
            movable = [i for i, n in enumerate(state) if opts(n)]
            if not movable:
                return False
            choices = [opts(state[i]) for i in movable]
            for pick in itertools.product(*choices):
                new = list(state)
                for i, o in zip(movable, pick):
                    new[i] = o
                if not win(tuple(sorted(new))):
                    return True
            return False

        for state in itertools.combinations_with_replacement(range(12), 3):
            expected = Outcome.N if win(state) else Outcome.P
            assert every_outcome(sub[n] for n in state) is expected, (sset, state)


def test_every_sg_hdu3595_style_euclid_components():
    """HDU 3595 plays Euclid-like two-heap games under Every-SG."""
    e = grundy.games.get("euclid")

    def opts(p):
        return list(e.moves(p))

    @lru_cache(maxsize=None)
    def win(state):
        movable = [i for i, p in enumerate(state) if opts(p)]
        if not movable:
            return False
        for pick in itertools.product(*(opts(state[i]) for i in movable)):
            new = list(state)
            for i, o in zip(movable, pick):
                new[i] = o
            if not win(tuple(new)):
                return True
        return False

    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    for x, y in itertools.combinations(pairs, 2):
        expected = Outcome.N if win((x, y)) else Outcome.P
        assert every_outcome([e[x], e[y]]) is expected, (x, y)
