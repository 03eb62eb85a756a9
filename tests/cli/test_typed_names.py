"""A bad position names the game as the user typed it (kayles, not its octal
code octal:0.77): one line on stderr, status 2."""

import pytest

import grundy
from grundy.cli.main import main
from grundy.play.parse import game_from_texts


@pytest.mark.parametrize("typed", ["kayles", "dawson", "dawson's kayles", "0.07", "octal:0.77",
                                   "rowruns:2,2", "lasker's nim", "nim"])
def test_analyze_names_the_game_as_typed(capsys, typed):
    assert main(["analyze", typed, "abc"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"grundy: error: {typed}: not an integer heap size: 'abc'\n"


@pytest.mark.parametrize("argv", [["play", "kayles", "x"], ["analyze", "kayles", "--", "-3"],
                                  ["graph", "kayles", "--root", "x"],
                                  ["plot", "kayles", "x", "-o", "never-written.svg"]])
def test_other_commands_name_the_game_as_typed(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("grundy: error: kayles: ") and err.count("\n") == 1 and "octal" not in err


def test_library_names_the_common_name():
    for name in ("kayles", "octal:0.77"):
        with pytest.raises(grundy.GrundyError, match=r"^kayles: not an integer heap size: 'abc'$"):
            grundy.games.get(name).parse_position("abc")
    with pytest.raises(grundy.GrundyError, match=r"^dawson: heap size must be non-negative"):
        grundy.games.get("dawson")[-1]


def test_web_and_plots_parse_with_the_spec_given():
    with pytest.raises(grundy.GrundyError, match=r"^rowruns:2,2: not an integer heap size"):
        game_from_texts("rowruns:2,2", ["abc"])
    with pytest.raises(grundy.GrundyError, match=r"^kayles: give a position$"):
        game_from_texts("octal:0.77", [" "], name="kayles")


def test_put_back_says_an_integer_heap_size(capsys):
    """It said 'not an heap size'."""
    assert main(["analyze", "put-back:4", "abc"]) == 2
    assert capsys.readouterr().err == "grundy: error: put-back:4: not an integer heap size: 'abc'\n"
