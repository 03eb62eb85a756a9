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


def test_a_waiting_thread_gives_its_core_away():
    """Issue 39: a thread of the pipelined kernel waited by pure spinning and held
    a core the thread it waited for needed (0.04-0.5x one thread beside a
    CPU-bound process). ``yield_cpu`` calls the C library (sched_yield, usleep)
    from nopython code; the CPU time of 2,000 sleeps of 100 us is a small part of
    their wall time (spinning, it would be all of it). Counted in CPU seconds of
    this thread, so a busy machine only makes the wall time longer."""
    import time

    from grundy.kernels._atomic import yield_cpu

    @numba.njit(nogil=True)
    def naps(k, us):
        for _ in range(k):
            yield_cpu(us)

    naps(1, 0)  # compile
    naps(10, 0)  # sched_yield
    c, t = time.thread_time(), time.perf_counter()
    naps(2000, 100)
    cpu, wall = time.thread_time() - c, time.perf_counter() - t
    assert wall >= 0.2  # 2,000 sleeps of at least 100 us
    assert cpu < wall / 2, (cpu, wall)


def test_the_pipelined_kernel_backs_off_then_sleeps():
    from grundy.kernels._lazy import jit_module

    pipe = jit_module("_rare_pipe_jit")
    for k in (0, pipe.SPIN, pipe.SPIN + pipe.YIELDS + 5):
        pipe.backoff(k)
