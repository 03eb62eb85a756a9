"""The compiled searches are copies of one template (``search_w``) with the game's
functions bound as globals: each a kernel of its own name, cached on disk, and
compiled afresh when either file it depends on is edited."""

import hashlib
from pathlib import Path

from grundy.kernels._lazy import jit_module


def test_each_catalogue_search_is_its_own_cached_kernel():
    one, two = jit_module("_bitsearch_jit"), jit_module("_bitwide_jit")
    kernels = [one.cram_search, one.nk_search, two.cw_search, two.nkw_search]
    names = [k.py_func.__qualname__ for k in kernels]
    assert len(set(names)) == 4  # numba names a cache file by the code's file and this name
    for k in kernels:
        assert k.py_func.__code__ is one.search_w.__code__
        assert type(k._cache).__name__ == "FunctionCache"  # on disk, not numba's NullCache


def test_a_search_over_another_files_rules_names_that_files_source():
    # numba notices edits of the template's file only (its stamp); an edit of the
    # wide rules changes the kernel's name, so its old cache is never read
    two = jit_module("_bitwide_jit")
    digest = hashlib.sha256(Path(two.__file__).read_bytes()).hexdigest()[:12]
    assert two.cw_search.py_func.__qualname__ == f"cw_search_{digest}"
    assert two.nkw_search.py_func.__qualname__ == f"nkw_search_{digest}"
    assert jit_module("_bitsearch_jit").cram_search.py_func.__qualname__ == "cram_search"


def test_a_users_search_is_compiled_once_a_process_and_not_on_disk():
    from grundy.kernels.bitsearch import _user_search

    one = jit_module("_bitsearch_jit")
    a = _user_search(one.nk_moves, one.nk_split, one.same, one.no_formula, 1)
    assert _user_search(one.nk_moves, one.nk_split, one.same, one.no_formula, 1) is a
    assert type(a._cache).__name__ == "NullCache"
    assert a.py_func.__globals__["moves"] is one.nk_moves
