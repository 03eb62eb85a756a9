import json

import pytest

import grundy.census as census_mod
from grundy.games import TakeAndBreak
from grundy.census import census, octal_codes, to_csv


def test_codes():
    codes = list(octal_codes(2))
    assert len(codes) == 7 + 8 * 7 and codes[0] == "0.1" and "0.07" in codes and "0.70" not in codes


def test_rows_agree_with_the_rulesets():
    rows = {r.code: r for r in census(2, 1500, workers=2)}
    assert (rows["0.07"].period, rows["0.07"].preperiod, rows["0.07"].proven) == (34, 53, True)
    assert (rows["0.77"].period, rows["0.77"].preperiod) == (12, 71)
    for code in ("0.15", "0.52", "0.34"):
        p = TakeAndBreak(code).periodicity
        r = rows[code]
        assert (r.period, r.preperiod) == ((p.period, p.preperiod) if p else (None, None))
    assert not rows["0.6"].proven  # 0.6 is a famous open case
    assert to_csv(list(rows.values())).startswith("code,n,preperiod,period,proven,max_value")


def test_store_is_reused_and_extended(tmp_path, monkeypatch):
    store = tmp_path / "census.json"
    first = census(2, 400, workers=1, store=store)
    calls = []
    real = census_mod.analyse
    monkeypatch.setattr(census_mod, "analyse", lambda c, n: calls.append(c) or real(c, n))
    again = census(2, 400, workers=1, store=store)
    assert calls == [] and again == first
    census(2, 1200, workers=1, store=store)
    unproven = {r.code for r in first if not r.proven}
    assert set(calls) == unproven and unproven  # only the unsettled games ran again
    assert len(json.loads(store.read_text())) == len(first)


def test_dask_cluster_gives_the_same_census():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = census(2, 600, scheduler=cluster.scheduler_address)
    assert remote == census(2, 600, workers=1)
