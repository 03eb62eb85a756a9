"""The table store moved to :mod:`grundy.solve.tablestore` (what computes or
remembers lives in ``solve/``); this name stays for old imports.

>>> from grundy.games.tablestore import TableStore
>>> TableStore.__module__
'grundy.solve.tablestore'
"""

from grundy.solve.tablestore import (
    BLOCK, TableStore, bad_blocks, block_crcs, which_blocks,
)

__all__ = ["BLOCK", "TableStore", "bad_blocks", "block_crcs", "which_blocks"]
