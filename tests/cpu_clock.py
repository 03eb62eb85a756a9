"""A budget clock of CPU time, for a child process: ``CPU_CLOCK`` is code that,
run after ``import grundy``, makes :func:`grundy.values.clock.now` count this
process's CPU seconds (less those spent loading compiled code, as the real clock
skips them) instead of wall seconds.

A time budget then means the same work on an idle machine and on a busy one:
a test that asks ``analyze(..., Budget(seconds=2))`` for an answer, or checks
that a search stopped near its budget, does not fail because other processes
took the cores. How fast the machine is, is for ``benchmarks/``."""

CPU_CLOCK = '''
import threading as _threading
import time as _time
from grundy.values import clock as _clock

_cpu = {"depth": 0, "since": 0.0, "total": 0.0}
_cpu_lock = _threading.Lock()


def _cpu_enter():
    with _cpu_lock:
        if _cpu["depth"] == 0:
            _cpu["since"] = _time.process_time()
        _cpu["depth"] += 1


def _cpu_leave():
    with _cpu_lock:
        if _cpu["depth"] == 0:
            return
        _cpu["depth"] -= 1
        if _cpu["depth"] == 0:
            _cpu["total"] += _time.process_time() - _cpu["since"]


def _cpu_excluded():
    with _cpu_lock:
        return _cpu["total"] + (_time.process_time() - _cpu["since"] if _cpu["depth"] else 0.0)


_clock.enter, _clock.leave, _clock.excluded_seconds = _cpu_enter, _cpu_leave, _cpu_excluded
_clock.now = lambda: _time.process_time() - _cpu_excluded()
'''
