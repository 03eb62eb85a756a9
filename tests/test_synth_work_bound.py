"""The root conftest bounds the synthesiser's work in a module that declares
``SYNTH_WORK`` (and in the documents' examples), a test marked ``synth_work(n)``
to its own bound, and leaves it unbounded elsewhere."""

import pytest

from grundy.patterns.synth import WORK

SYNTH_WORK = 12_345


def test_a_module_bound_is_in_force() -> None:
    assert WORK.get() == SYNTH_WORK


@pytest.mark.synth_work(54_321)
def test_a_test_bound_overrides_its_modules() -> None:
    assert WORK.get() == 54_321
