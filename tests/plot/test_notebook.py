"""docs/notebook.ipynb runs from top to bottom (nbclient) and shows HTML for
games (with SVG pictures of the positions), reports in words, periodicity and
tables (with a guess), and PNG pictures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("matplotlib")

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.heavy
def test_notebook_runs() -> None:
    nb = nbformat.read(ROOT / "docs" / "notebook.ipynb", as_version=4)
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(ROOT / "src") + (os.pathsep + old if old else "")
    try:
        nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                resources={"metadata": {"path": str(ROOT)}}).execute()
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    code = [c for c in nb.cells if c.cell_type == "code"]
    kinds = [set().union(*(o.get("data", {}).keys() for o in c.outputs)) if c.outputs else set() for c in code]
    assert "text/html" in kinds[0] and "<td>6</td>" not in str(code[0].outputs)  # 3^4^5 = 2
    assert "<b>2</b>" in str(code[0].outputs)
    assert "text/html" in kinds[1] and "(3, 5)" in str(code[1].outputs)
    assert "N — the player to move wins" in str(code[1].outputs) and "result for the mover" in str(code[1].outputs)
    assert "guess: value(n) = periodic with period 7" in str(code[3].outputs)
    assert "<svg" in str(code[0].outputs)
    assert str(code[8].outputs).count("<ellipse") == 7 + 4  # Kayles rows drawn pin by pin
    assert "period 34" in str(code[2].outputs)
    assert "text/html" in kinds[3]
    assert all("image/png" in k for k in kinds[4:7])
    assert "heap 1 to 1" in str(code[7].outputs)
