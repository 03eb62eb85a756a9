"""The compiled searches are copies of two templates (``search_w``, by outcomes, and
``search_m``, by mex sets) with the game's functions bound as globals: each a
kernel of its own name, cached on disk, and compiled afresh when either file it
depends on is edited."""

import hashlib
from pathlib import Path

from grundy.kernels._lazy import jit_module


def test_each_catalogue_search_is_its_own_cached_kernel():
    one, two = jit_module("_bitsearch_jit"), jit_module("_bitwide_jit")
    kernels = [one.cram_search, one.nk_search, two.cw_search, two.nkw_search]
    mex = [one.cram_search_mex, one.nk_search_mex, two.cw_search_mex, two.nkw_search_mex]
    names = [k.py_func.__qualname__ for k in kernels + mex]
    assert len(set(names)) == 8  # numba names a cache file by the code's file and this name
    for k, m in zip(kernels, mex):
        assert k.py_func.__code__ is one.search_w.__code__
        assert m.py_func.__code__ is one.search_m.__code__
        assert m.py_func.__qualname__ == k.py_func.__qualname__ + "_mex"
        for f in (k, m):
            assert type(f._cache).__name__ == "FunctionCache"  # on disk, not numba's NullCache


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
    for f in a:  # by outcomes, by mex sets
        assert type(f._cache).__name__ == "NullCache"
        assert f.py_func.__globals__["moves"] is one.nk_moves



def test_a_task_runs_on_the_kernel_of_its_frames():
    # the two searches share no frame: a game searched one way never calls (so
    # never compiles) the other kernel
    from grundy.kernels.bitsearch import BitSearch, cram_context

    one = jit_module("_bitsearch_jit")
    s = BitSearch("cram", cram_context(), 64)
    assert s.runners == (one.cram_search, one.cram_search_mex)
    s.start_value(7, mex_sets=True)
    assert s.runner is one.cram_search_mex
    s.start_value(7)
    assert s.runner is one.cram_search
    s.start_query(7, 1)
    assert s.runner is one.cram_search
