"""The root conftest bounds the synthesiser's work in a module that declares
``SYNTH_WORK`` (and in the documents' examples), and leaves it unbounded elsewhere."""

from grundy.patterns.synth import WORK

SYNTH_WORK = 12_345


def test_a_module_bound_is_in_force() -> None:
    assert WORK.get() == SYNTH_WORK
