"""Green Hackenbush: rooted trees, forests, and any undirected multigraph with a ground.

A move cuts one edge; whatever is no longer connected to the ground falls away; a
player who cannot move loses. Three forms:

- :class:`GreenHackenbush` (catalogue ``hackenbush``): one rooted tree as nested
  tuples (``()`` is the bare root, ``((),)`` one edge), or an edge list rooted at 0;
- :class:`HackenbushGraph` (catalogue ``hackenbush-graph``): a :class:`Graph`, any
  multigraph with loops and one or several grounded vertices;
- array functions for big inputs: :func:`tree_values` (a parent array) and
  :func:`hackenbush_value` / :func:`winning_cut` (an edge list, an ``(m, 2)`` array,
  a networkx graph or a :class:`Graph`).

Theory (the notes). The colon principle: a vertex's value is the XOR over its
children ``c`` of ``g(c) + 1``. The fusion principle: fusing a cycle (any
2-edge-connected part) into one vertex, its edges becoming loops, keeps the value;
a loop is a stalk of one edge. Several grounded vertices are fused into one.

>>> hackenbush_value([(0, 1), (1, 2), (2, 0)])            # a triangle on the ground
1
>>> hackenbush_value([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)])   # even square (0), stalk 1
1
>>> winning_cut([(0, 1), (1, 2), (2, 0)])                 # leaves two stalks of 1
(1, 2)
>>> hackenbush_value([(0, 1), (1, 2)], ground=[0, 2])    # both ends grounded: two loops
0
>>> tree_values([-1, 0, 0, 1]).tolist()                  # parent array
[3, 1, 0, 0]
"""

from grundy.games.hackenbush.trees import (
    MAX_MOVE_EDGES, MAX_TREE_EDGES, MAX_TUPLE_DEPTH, Edge, GreenHackenbush, Tree, as_tree, string,
    tree_from_edges,
)
from grundy.games.hackenbush.graphs import (
    Graph, HackenbushGraph, hackenbush_value, parse_edges, prefix_ground_values, tree_values,
    winning_cut,
)

__all__ = [
    "Tree",
    "GreenHackenbush",
    "HackenbushGraph",
    "Graph",
    "tree_from_edges",
    "string",
    "tree_values",
    "hackenbush_value",
    "winning_cut",
    "parse_edges",
    "prefix_ground_values",
    "as_tree",
    "MAX_TREE_EDGES",
    "MAX_TUPLE_DEPTH",
    "MAX_MOVE_EDGES",
]
