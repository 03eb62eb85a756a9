"""``grundy ARGS`` run in the test's own process, for the checks of the command
that need no fresh interpreter: argument checks and error messages (one line on
stderr starting ``grundy: error: ``, exit status 2, no traceback). A fresh
``python -m grundy`` costs 0.3-0.6 CPU s (the interpreter, ``import grundy``,
numpy) for a check that takes milliseconds.

:func:`grundy_main` calls :func:`grundy.cli.main.main`, as the console entry
point does, and makes up for what the test process does differently:

* ``main()`` lifts Python's limit on the digits of ``str(int)`` for the whole
  process (``sys.set_int_max_str_digits(0)``); the limit is put back after, so a
  later test of messages about huge integers still meets it;
* a warning the command issues is printed on stderr by a fresh interpreter (its
  default filters) but recorded by pytest here: the warnings a fresh interpreter
  would show are put on the stderr returned, ahead of the command's own lines, so
  "one line on stderr" counts them as it would in a terminal. (The library logs
  nothing.)

What it cannot stand for is the console entry point itself,
:func:`grundy.cli.main.entry` (the interrupt watchdog, the final flush, leaving by
``os._exit`` after Ctrl-C), nor anything about the process (signals, pipes,
start-up imports): a family of error-path checks keeps one case in a fresh
``python -m grundy``, and those tests stay there.
"""

from __future__ import annotations

import sys
import warnings

import pytest

#: the filters of a fresh interpreter without -W (the __main__ exception aside)
_FRESH_IGNORED = (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning)


def grundy_main(capture: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``grundy ARGS`` in this process: (exit status, stdout, stderr). ``capture``
    is the test's ``capfd`` or ``capsys``; what it held before is dropped."""
    from grundy.cli.main import main

    capture.readouterr()
    limit = sys.get_int_max_str_digits()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.resetwarnings()
            warnings.simplefilter("default")
            for category in _FRESH_IGNORED:
                warnings.simplefilter("ignore", category)
            status = main(list(args))
    finally:
        sys.set_int_max_str_digits(limit)
    out, err = capture.readouterr()
    shown = "".join(warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line)
                    for w in caught)
    return status, str(out), shown + str(err)
