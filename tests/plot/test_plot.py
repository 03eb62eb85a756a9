"""Pictures: what is drawn is checked against oracles (P cells and node colours
from plain recursion on the raw rules; the shaded blocks against the period), and
files are real PNG / SVG."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

import grundy
from grundy.games import get
from grundy.plot import COLOURS, graph_figure, pmap_figure, save, sequence_figure
from grundy.values.errors import InvalidParameterError
from tests.oracles import grundy_values, wins

ROOT = Path(__file__).resolve().parents[2]


def test_sequence_plots_the_values_and_shades_the_period() -> None:
    rs = get("subtraction:1,3,4")
    fig = sequence_figure(rs, 40)
    ax = fig.axes[0]
    ys = list(ax.lines[0].get_ydata())
    raw = grundy_values(lambda n: [n - s for s in (1, 3, 4) if s <= n])
    assert ys == [raw(n) for n in range(41)]
    per = rs.periodicity  # type: ignore[attr-defined]
    spans = [p for p in ax.patches]
    assert len(spans) == -(-(41 - per.preperiod) // per.period)
    assert "proven" in ax.get_title()
    kayles = sequence_figure(get("kayles"), 150).axes[0].get_title()
    assert "proven" in kayles and "period 12 from 71" in kayles  # Guy-Smith, by the kernel
    assert kayles.startswith("kayles (octal:0.77): ")  # the common name, not only the code
    assert sequence_figure(get("octal:0.07"), 60).axes[0].get_title().startswith("dawson (")
    take = grundy.ruleset(lambda n: [n - k for k in (1, 2, 5) if k <= n])
    observed = sequence_figure(take, 150).axes[0].get_title()
    assert "observed to 150" in observed


def test_pmap_cells_are_the_p_positions() -> None:
    fig = pmap_figure(get("wythoff"), 20)
    grid = fig.axes[0].images[0].get_array()

    def moves(p):  # type: ignore[no-untyped-def]
        a, b = p
        yield from ((k, b) for k in range(a))
        yield from ((a, k) for k in range(b))
        yield from ((a - d, b - d) for d in range(1, min(a, b) + 1))

    w = wins(moves)
    for a in range(21):
        for b in range(21):
            assert (grid[b, a] == 1.0) == (not w((a, b)))


def test_graph_colours_are_outcomes() -> None:
    fig = graph_figure(get("subtraction:1,2")[7])
    ax = fig.axes[0]
    colours = ax.collections[0].get_facecolors() if ax.collections else None
    assert colours is not None and len(colours) == 8  # positions 0..7
    import matplotlib.colors as mc
    w = wins(lambda n: [n - s for s in (1, 2) if s <= n])
    labels = sorted(int(t.get_text()) for t in ax.texts)
    assert labels == list(range(8))
    p_count = sum(1 for c in colours if mc.to_hex(c[:3]) == COLOURS[grundy.Outcome.P])
    assert p_count == sum(1 for n in range(8) if not w(n))
    with pytest.raises(InvalidParameterError, match="more than"):
        graph_figure(get("nim")[40], max_nodes=10)


def test_save_formats(tmp_path: Path) -> None:
    fig = sequence_figure(get("bash:3"), 20)
    assert save(fig, tmp_path / "a.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in save(fig, tmp_path / "a.svg").read_bytes()[:400]
    with pytest.raises(InvalidParameterError, match=".png or .svg"):
        save(fig, tmp_path / "a.gif")


def test_cli_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.cli.main import main

    assert main(["plot", "dawson", "--to", "90", "-o", str(tmp_path / "d.png")]) == 0
    assert (tmp_path / "d.png").read_bytes()[:4] == b"\x89PNG"
    assert main(["plot", "wythoff", "--to", "30", "-o", str(tmp_path / "w.svg")]) == 0
    assert (tmp_path / "w.svg").exists()
    assert main(["plot", "kayles", "6", "--kind", "graph", "-o", str(tmp_path / "g.png")]) == 0
    capsys.readouterr()
    assert main(["plot", "nim", "-o", str(tmp_path / "x.bmp")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".png or .svg" in err


#: the entries issue 39 named (a TypeError traceback, or "...got 0"), and some that plot
NAMED_REFUSED = ("cram", "mock-turtles", "node-kayles", "hackenbush", "geography")
NAMED_PLOTTED = ("nim", "dawson", "wythoff", "circle", "misere-nim")


def _plot_or_say_why(names: list[str], tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> tuple[list[str], list[str]]:
    """``grundy plot ENTRY --to 10 -o ENTRY.png`` for each entry named: the
    entries plotted and those refused (one line on stderr saying why, exit 2)."""
    from grundy.cli.main import main

    plotted, refused = [], []
    for e in grundy.games.entries():
        if e.name not in names:
            continue
        out = tmp_path / f"{e.name}.png"
        code = main(["plot", e.spec, "--to", "10", "-o", str(out)])
        err = capsys.readouterr().err
        assert "Traceback" not in err and "got 0" not in err, (e.name, err)
        if code == 0:
            assert out.read_bytes()[:4] == b"\x89PNG", e.name
            plotted.append(e.name)
        else:
            assert code == 2 and err.count("\n") == 1, (e.name, code, err)
            assert f"{get(e.spec).name} has no plot" in err and "POSITION" in err, err
            refused.append(e.name)
    return plotted, refused


def test_the_entries_of_issue_39_plot_or_say_why(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 39: ``grundy plot cram -o x.png`` and ``mock-turtles`` ended in a
    TypeError traceback, ``node-kayles``, ``hackenbush``, ``geography`` said
    "...got 0". Each plots, or says in one line on stderr (exit 2) why it has no
    plot; a game without one still draws the game graph of a small position.
    (Every entry of ``grundy list``: the heavy test below.)"""
    from grundy.cli.main import main

    plotted, refused = _plot_or_say_why([*NAMED_REFUSED, *NAMED_PLOTTED], tmp_path, capsys)
    assert sorted(refused) == sorted(NAMED_REFUSED) and sorted(plotted) == sorted(NAMED_PLOTTED)
    assert main(["plot", "cram", "2x2", "-o", str(tmp_path / "c.png")]) == 0  # the graph
    assert main(["plot", "cram", "--kind", "sequence", "-o", str(tmp_path / "c.png")]) == 2
    assert "cram has no plot" in capsys.readouterr().err


@pytest.mark.heavy
def test_every_catalogue_entry_plots_or_says_why(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Every entry of ``grundy list`` plots, or says in one line on stderr (exit 2)
    why it has no plot (about 4 CPU s: CI's heavy step)."""
    names = [e.name for e in grundy.games.entries()]
    plotted, refused = _plot_or_say_why(names, tmp_path, capsys)
    assert sorted(plotted + refused) == sorted(names)


def test_import_grundy_stays_light() -> None:
    code = "import grundy, sys; print(sorted(m for m in ('matplotlib', 'fastapi', 'uvicorn', 'networkx') if m in sys.modules))"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout
    assert out.strip() == "[]"
