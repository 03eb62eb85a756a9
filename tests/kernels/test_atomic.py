"""The atomic intrinsics the threaded rare-value kernel hands work over with."""

from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

from grundy.kernels._atomic import (compare_exchange, fetch_add, load_acquire, spin_pause,
                                    store_release)


@numba.njit(nogil=True)
def _one_by_one(ctl, times):
    # fetch_add as a ticket counter, and a compare_exchange lock around a plain
    # increment: with two threads neither loses an update
    got = 0
    for _ in range(times):
        fetch_add(ctl, 0, 1)
        while not compare_exchange(ctl, 8, 0, 1):
            spin_pause()
        ctl[16] += 1
        store_release(ctl, 8, 0)
        got += 1
    return got


@numba.njit(nogil=True)
def _basics(a):
    old = fetch_add(a, 0, 5)
    ok = compare_exchange(a, 1, 0, 7)
    refused = compare_exchange(a, 1, 0, 9)
    store_release(a, 2, 11)
    return old, ok, refused, load_acquire(a, 0), a[1], a[2]


def test_each_operation():
    assert _basics(np.zeros(3, dtype=np.int64)) == (0, True, False, 5, 7, 11)


def test_two_threads_lose_no_update():
    ctl = np.zeros(24, dtype=np.int64)
    with ThreadPoolExecutor(2) as pool:
        jobs = [pool.submit(_one_by_one, ctl, 200_000) for _ in range(2)]
        assert [j.result() for j in jobs] == [200_000, 200_000]
    assert ctl[0] == ctl[16] == 400_000 and ctl[8] == 0
