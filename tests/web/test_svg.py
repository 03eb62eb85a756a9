"""Pictures of positions: what is drawn is counted against the position itself."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import grundy
from grundy.plot.svg import picture

pytest.importorskip("networkx")

NS = "{http://www.w3.org/2000/svg}"


def _svg(game: str, text: str) -> ET.Element:
    rs = grundy.games.get(game)
    out = picture(rs, rs.parse_position(text))
    assert out is not None
    return ET.fromstring(out)  # well-formed XML


def test_heaps_are_columns_of_tokens() -> None:
    for n in (0, 1, 7, 40):
        assert len(_svg("nim", str(n)).findall(f"{NS}rect")) == n
    moore = _svg("moore:2", "5 6 7 1")
    assert len(moore.findall(f"{NS}rect")) == 5 + 6 + 7 + 1
    big = _svg("nim", "10**30")  # one bar, its size in words
    assert len(big.findall(f"{NS}rect")) == 1 and "10^30" in ET.tostring(big, encoding="unicode")


@pytest.mark.parametrize("game,text", [("ruler", "THTTH"), ("turning-corners", "TTH/HTT/TTT")])
def test_coins_show_heads_and_tails(game: str, text: str) -> None:
    root = _svg(game, text)
    circles = list(root.iter(f"{NS}circle"))
    assert len(circles) == len(text.replace("/", ""))
    heads = [c for c in circles if c.get("fill") != "#ffffff"]
    assert len(heads) == text.count("H")


def test_graphs_have_their_edges_and_the_token() -> None:
    root = _svg("geography", "0-1 1-2 2-3 3-0 start=2")
    assert len(root.findall(f"{NS}line")) == 4
    ringed = [c for c in root.iter(f"{NS}circle") if c.get("stroke") == "#c0392b"]
    assert len(ringed) == 1
    root = _svg("hackenbush-graph", "0-1 1-2 2-0 2-3")
    assert len(root.findall(f"{NS}line")) == 5  # four edges and the ground


def test_trees_stand_on_the_ground() -> None:
    root = _svg("hackenbush", "((),((),))")
    assert len(root.findall(f"{NS}line")) == 3 + 1  # three edges and the ground
