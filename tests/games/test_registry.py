import pytest

from grundy import InvalidParameterError, UnknownGameError
from grundy.games import entries, find, get, resolve


def test_names_aliases_and_sharing():
    assert get("nim") is get("NIM") is get("nim heap")
    assert get("lasker") is get("Lasker's Nim") is get("laskers-nim")
    assert get("subtraction:1,3,4") is get("sub:1, 3, 4")
    assert {e.name for e in entries()} >= {"nim", "lasker", "subtraction"}


def test_did_you_mean():
    with pytest.raises(UnknownGameError, match="did you mean 'nim'"):
        get("nmi")
    with pytest.raises(UnknownGameError, match="did you mean 'lasker'"):
        get("laskr")
    with pytest.raises(UnknownGameError, match="grundy list"):
        get("zzzzzzzz")
    assert find("zzzz") is None and find("nim") is get("nim")


def test_bad_parameters():
    with pytest.raises(InvalidParameterError, match="takes no parameters"):
        get("nim:3")
    with pytest.raises(InvalidParameterError, match="needs its subtraction set"):
        get("subtraction")
    with pytest.raises(InvalidParameterError, match="'x' is not an integer"):
        get("subtraction:1,x")
    with pytest.raises(InvalidParameterError, match="positive"):
        get("subtraction:0,2")
    with pytest.raises(InvalidParameterError):
        get(3)  # type: ignore[arg-type]


def test_resolve_user_file(tmp_path):
    f = tmp_path / "mygames.py"
    f.write_text(
        "import grundy\n"
        "@grundy.ruleset\n"
        "def lasker(n):\n"
        "    yield from range(n)\n"
        "    yield from (grundy.Sum(a, n - a) for a in range(1, n // 2 + 1))\n"
        "def plain(n):\n"
        "    return range(max(0, n - 2), n)\n"
        "class Sub(grundy.Ruleset):\n"
        "    name = 'sub12'\n"
        "    def moves(self, n):\n"
        "        return range(max(0, n - 2), n)\n"
    )
    assert resolve(f"{f}:lasker").value(10) == 10
    assert resolve(f"{f}:plain").value(10) == 1
    assert resolve(f"{f}:Sub").value(11) == 2
    with pytest.raises(InvalidParameterError, match="no ruleset named 'nope'"):
        resolve(f"{f}:nope")
    with pytest.raises(InvalidParameterError, match="no such Python file"):
        resolve(f"{tmp_path / 'missing.py'}:x")
    bad = tmp_path / "bad.py"
    bad.write_text("1/0\n")
    with pytest.raises(InvalidParameterError, match="ZeroDivisionError"):
        resolve(f"{bad}:x")
