"""A picture for every catalogue example: each is well-formed SVG, marked with
what it draws (``data-kind``), and a board or graph game is drawn as its board or
graph, never as heaps; the clickable parts name legal moves in the game's own
notation."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import grundy
from grundy.play.parse import games_from_texts
from grundy.games import placement
from grundy.games.registry import entries
from grundy.plot.svg import picture

pytest.importorskip("networkx")

NS = "{http://www.w3.org/2000/svg}"
#: what each kind of position must be drawn as
EXPECTED = {
    "cram": "board", "northcott": "pieces", "node-kayles": "graph", "hackenbush": "tree",
    "hackenbush-graph": "graph", "geography": "graph", "edge-geography": "graph",
    "keep-component": "graph", "bipartite-edges": "graph", "ancestor-deletion": "tree",
    "chocolate": "bar", "kayles": "pins", "circle": "pins",
}


@pytest.mark.parametrize("e", sorted(entries(), key=lambda e: e.name), ids=lambda e: e.name)
def test_every_example_has_its_own_picture(e):
    rs = grundy.games.get(e.spec)
    for g in games_from_texts(rs, e.position_args):
        svg = picture(rs, g.position)
        assert svg is not None, e.name
        root = ET.fromstring(svg)
        kind = root.get("data-kind")
        if e.name in EXPECTED:
            assert kind == EXPECTED[e.name], (e.name, kind)
        if isinstance(g.position, str):
            assert kind == "coins", e.name
        if type(g.position) is not int and not rs.tuple_position and not isinstance(g.position, str):
            assert kind != "heaps", (e.name, kind)  # a board or a graph is no row of heaps
        # every clickable part is a legal move, in the game's notation
        for el in root.iter():
            move = el.get("data-move")
            if move is not None:
                assert rs.parse_move(g.position, move) in set(rs.options(g.position)), (e.name, move)


def test_cram_board_counts_its_cells():
    c = grundy.games.get("cram")
    pos = c.parse_move(c.parse_position("3x4"), "b2-c2")
    root = ET.fromstring(picture(c, pos))
    rects = list(root.iter(f"{NS}rect"))
    assert len(rects) == 12
    free = [r.get("data-cell") for r in rects if r.get("data-cell")]
    assert len(free) == 10 and "b2" not in free and "c2" not in free and "a1" in free
    assert root.get("data-kind") == "board"
    # the 4095 of a 3 x 4 board is a bitmask, not a heap
    assert "4095" not in picture(c, (3, 4, 4095))


def test_node_kayles_vertices_are_its_moves():
    nk = grundy.games.get("node-kayles")
    p = nk.parse_position("0-1 1-2 2-3")
    root = ET.fromstring(picture(nk, p))
    moves = sorted(el.get("data-move") for el in root.iter() if el.get("data-move"))
    assert moves == ["take 1", "take 2", "take 3", "take 4"]  # numbered from 1
    assert placement.NodeKayles().parse_move(p, moves[1]) in nk.moves(p)


def test_northcott_draws_both_pieces_per_row():
    n = grundy.games.get("northcott:8")
    root = ET.fromstring(picture(n, n.parse_position("1 3 2 5 8 4")))
    circles = list(root.iter(f"{NS}circle"))
    assert len(circles) == 6 and sum(c.get("fill") == "#111" for c in circles) == 3
    assert "black to move" in ET.tostring(root, encoding="unicode")


def test_hackenbush_edges_are_cuts():
    h = grundy.games.get("hackenbush-graph")
    g = h.parse_position("0-1 1-2 2-0 2-3")
    root = ET.fromstring(picture(h, g))
    assert sorted(el.get("data-move") for el in root.iter() if el.get("data-move")) == \
        ["cut 0-1", "cut 0-2", "cut 1-2", "cut 2-3"]


def test_hackenbush_graph_keeps_its_ground_when_every_edge_is_cut():
    hb = grundy.games.get("hackenbush-graph")
    p = hb.parse_position("0-1 ground=0")
    (empty,) = list(hb.moves(p))
    for q in (p, empty):
        root = ET.fromstring(picture(hb, q))
        lines = [el for el in root.iter() if el.tag.endswith("line") and not el.get("data-move")]
        assert lines, q  # the ground line, drawn even with no edge left
    assert "∅" not in picture(hb, empty)
