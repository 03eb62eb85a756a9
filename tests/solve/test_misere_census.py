"""docs/misere-census.md against the code: some of its rows recomputed by
benchmarks/misere_census.py's own function, with the census's budget (positions,
the same on every machine), must be the lines of the table."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def census_module():
    spec = importlib.util.spec_from_file_location("misere_census", ROOT / "benchmarks" / "misere_census.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def table_lines() -> dict[str, str]:
    out = {}
    for text in (ROOT / "docs" / "misere-census.md").read_text().splitlines():
        if text.startswith("| 0."):
            out[text.split("|")[1].strip()] = text
    return out


@pytest.mark.parametrize("code", ["0.04", "0.07", "0.15", "0.34", "0.75", "0.77", "0.354",
                                  pytest.param("0.06", marks=pytest.mark.heavy)])  # 0.06: 5 s
def test_census_rows_are_what_the_code_computes(code):
    mod = census_module()
    lines = table_lines()
    assert len(lines) == len(mod.codes())
    assert mod.line(mod.row(code)) == lines[code]


def test_census_header_names_its_budget():
    mod = census_module()
    text = (ROOT / "docs" / "misere-census.md").read_text()
    assert f"{mod.POSITIONS:,} positions" in text and f"{mod.MAX_ORDER:,} elements" in text
    assert "python benchmarks/misere_census.py" in text
