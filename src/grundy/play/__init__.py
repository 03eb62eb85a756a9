"""Playing games: a session against a perfect opponent, and moves people type.

>>> import grundy
>>> from grundy.play import Session
>>> s = Session(grundy.games.get("kayles")[5])
>>> s.hint()
'knock 3'
"""

from grundy.play.moves import format_sum_move, parse_sum_move
from grundy.play.session import Ply, Session

__all__ = ["Session", "Ply", "format_sum_move", "parse_sum_move"]
