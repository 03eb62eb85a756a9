"""Patterns in value sequences: periodicity (with saltus), found and, where theory
allows, proven."""

from grundy.patterns.periodicity import Periodicity, find_periodicity, octal_periodicity

__all__ = ["Periodicity", "find_periodicity", "octal_periodicity"]
