"""Compiled tree kernels: rooting a tree given by its edges, and the colon principle.

Numpy in, numpy out. Vertices are ``0..n-1``; a rooted forest is a parent array
(``parent[root] == -1``). Every loop is iterative, so a path of 10^6 vertices is
as easy as a star.

>>> import numpy as np
>>> parent, order, cycle = root_tree(np.array([0, 1, 1]), np.array([1, 2, 3]), 4, np.array([0]))
>>> parent.tolist(), order.tolist()
([-1, 0, 1, 1], [0, 1, 2, 3])
>>> colon_values(parent, order).tolist()       # 1 has two leaves: 1 ^ 1 = 0
[1, 0, 0, 0]
>>> grounded_prefix_values(parent, order).tolist()   # ground 0..k for each k
[1, 1, 1, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = [
    "root_tree", "forest_order", "colon_values", "grounded_prefix_values", "forest_depths",
    "geography_values", "canonical_code", "code_parents", "code_text",
]

#: The bytes of a tree code (:func:`canonical_code`): an edge is ``(`` subtree ``)``.
OPEN, CLOSE = 40, 41


def root_tree(us: Any, vs: Any, n: int, roots: Any) -> tuple[Any, Any, int]:
    """Root the graph with edges ``us[i] - vs[i]`` on vertices ``0..n-1`` at
    ``roots`` by BFS: ``(parent, order, cycle)``. ``order`` lists the vertices
    reached (fewer than ``n`` when some are cut off from every root); ``cycle`` is
    a vertex closing a cycle (or a second edge to a root), or ``-1`` for a forest."""
    us = np.ascontiguousarray(us, dtype=np.int64)
    vs = np.ascontiguousarray(vs, dtype=np.int64)
    n = int(n)
    parent = np.full(n, -2, dtype=np.int64)
    order = np.empty(n, dtype=np.int64)
    reached, cycle = jit_module("_trees_jit").root_kernel(
        us, vs, np.ascontiguousarray(roots, dtype=np.int64), np.zeros(n + 1, dtype=np.int64),
        np.empty(n, dtype=np.int64), np.empty(2 * us.shape[0], dtype=np.int64), parent, order)
    order = order[:reached]
    return parent, order, int(cycle)


def forest_order(parent: Any) -> Any:
    """The vertices of the rooted forest ``parent`` in BFS order (roots first).
    A parent array with a cycle leaves the cycle's vertices out."""
    return jit_module("_trees_jit").order_kernel(np.ascontiguousarray(parent, dtype=np.int64))


def colon_values(parent: Any, order: Any) -> Any:
    """Green Hackenbush value of every vertex's subtree, by the colon principle
    ``g(v) = XOR over children c of (g(c) + 1)``, in reverse BFS order."""
    return jit_module("_trees_jit").colon_kernel(
        np.ascontiguousarray(parent, dtype=np.int64), np.ascontiguousarray(order, dtype=np.int64)
    )


def grounded_prefix_values(parent: Any, order: Any, values: Any = None) -> Any:
    """For each ``k``: the Green Hackenbush value of the tree ``parent`` (one root)
    when vertices ``0..k`` and the root are grounded. Fusing the grounded part
    (the union of the paths from ``0..k`` to the root) into one vertex turns its
    edges into loops: the value is the XOR of ``g(c) + 1`` over the subtrees
    hanging from it, XOR the parity of its edges. Amortised O(n)."""
    p = np.ascontiguousarray(parent, dtype=np.int64)
    val = colon_values(p, order) if values is None else np.asarray(values, dtype=np.int64)
    return jit_module("_trees_jit").prefix_kernel(
        p, np.ascontiguousarray(order, dtype=np.int64), val)


def forest_depths(parent: Any, order: Any) -> tuple[Any, Any]:
    """``(depth, top)``: each vertex's depth and the root of its tree, along the
    BFS ``order`` of the forest ``parent``."""
    return jit_module("_trees_jit").depth_kernel(  # type: ignore[no-any-return]
        np.ascontiguousarray(parent, dtype=np.int64), np.ascontiguousarray(order, dtype=np.int64)
    )


def geography_values(parent: Any, order: Any) -> Any:
    """Grundy value of the token game on the forest ``parent`` started at each
    vertex, where a move slides the token along an edge and that edge (or the vertex
    left) is gone for good: on a forest both are the same game, and the token never
    comes back, so ``g(v) = mex over the neighbours w of g(w in the part beyond
    the edge v-w)``. Every start at once by rerooting, O(n).

    >>> import numpy as np
    >>> geography_values(np.array([-1, 0, 1, 2]), np.array([0, 1, 2, 3])).tolist()   # a path
    [1, 2, 2, 1]
    """
    return jit_module("_trees_jit").geography_kernel(
        np.ascontiguousarray(parent, dtype=np.int64), np.ascontiguousarray(order, dtype=np.int64)
    )


def canonical_code(parent: Any, order: Any) -> bytes:
    """The canonical code of the rooted tree ``parent`` (one root, ``order`` its
    parents-first order, :func:`forest_order`): each edge written ``(`` subtree
    ``)``, the children of every vertex in a canonical order of their subtrees
    (AHU: by height, then by their children's ranks), so two trees have one code
    iff they are isomorphic. O(n log n), iterative.

    >>> import numpy as np
    >>> canonical_code(np.array([-1, 0, 0, 1]), np.array([0, 1, 2, 3]))
    b'()(())'
    >>> canonical_code(np.array([-1, 0, 1, 0]), np.array([0, 1, 3, 2]))
    b'()(())'
    """
    p = np.ascontiguousarray(parent, dtype=np.int64)
    if p.shape[0] <= 1:
        return b""
    code = jit_module("_trees_jit").canon_kernel(p, np.ascontiguousarray(order, dtype=np.int64))
    out: bytes = code.tobytes()
    return out


def code_parents(code: bytes) -> Any:
    """The parent array (vertices in preorder, root 0) of a tree code, or ``None``
    when ``code`` is not a balanced bracket code.

    >>> code_parents(b"()(())").tolist()
    [-1, 0, 0, 2]
    >>> code_parents(b"(()") is None
    True
    """
    if len(code) % 2:
        return None
    if not code:
        return np.full(1, -1, dtype=np.int64)
    parent = jit_module("_trees_jit").code_parents_kernel(np.frombuffer(code, dtype=np.uint8))
    return None if parent[0] == -2 else parent


def code_text(code: bytes) -> str:
    """The nested-tuple text of a tree code (``()`` the bare root, ``((),)`` one edge).

    >>> code_text(b"()(())")
    '((), ((),))'
    """
    if not code:
        return "()"
    text = jit_module("_trees_jit").code_text_kernel(np.frombuffer(code, dtype=np.uint8))
    out: str = text.tobytes().decode("ascii")
    return out
