"""Guesses across a parameter: per-value rules lifted to one expression in the parameter."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from grundy.conjecture.guessing import guess
from grundy.conjecture.model import Conjecture, Guess, _STATUS_ORDER, evaluate
from grundy.conjecture.one_heap import _SEARCH_SECONDS
from grundy.games.registry import factory_result
from grundy.patterns.forms import fit_forms
from grundy.rules.ruleset import Ruleset
from grundy.solve.budget import Budget, watching
from grundy.values.errors import GrundyError, InvalidParameterError, describe


# --------------------------------------------------------------------- families
#: functions of a parameter ``k`` a constant of a rule is lifted to, simplest
#: first: ``(words, expression, f)``, ``a`` and ``c`` fitted integers
_LIFTS: list[tuple[str, Callable[[int, int], str], Callable[[int, int, int], int]]] = [
    ("c", lambda a, c: f"{c}", lambda k, a, c: c),
    ("k + c", lambda a, c: "k" if c == 0 else f"k {'+' if c > 0 else '-'} {abs(c)}", lambda k, a, c: k + c),
    ("a k + c", lambda a, c: f"{a} * k" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: a * k + c),
    ("2^k + c", lambda a, c: f"2 ** k" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: 2**k + c),
    ("a 2^k", lambda a, c: f"{a} * 2 ** k", lambda k, a, c: a * 2**k),
    ("k^2 + c", lambda a, c: "k * k" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: k * k + c),
    ("k(k+1)/2 + c", lambda a, c: "k * (k + 1) // 2" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: k * (k + 1) // 2 + c),
    ("k // a + c", lambda a, c: f"k // {a}" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: k // a + c),
]


def _lift_constants(ks: list[int], cs: list[int], name: str) -> tuple[str, int] | None:
    """The simplest function of the parameter that gives ``cs[i]`` at ``ks[i]``:
    its expression (in ``name``) and cost, or ``None``."""
    for cost, (_, text, f) in enumerate(_LIFTS):
        if cost == 0:
            a_c = [(0, cs[0])]
        elif len(ks) < 2:
            return None
        elif text(2, 0).startswith("k // "):
            a_c = [(a, cs[0] - ks[0] // a) for a in (2, 3)]
        elif "a" in _LIFTS[cost][0]:
            (k0, c0), (k1, c1) = (ks[0], cs[0]), (ks[1], cs[1])
            base = [f(k, 1, 0) for k in (k0, k1)]
            if base[1] == base[0] or (c1 - c0) % (base[1] - base[0]):
                continue
            a = (c1 - c0) // (base[1] - base[0])
            if a in (0, 1) and "2^k" not in _LIFTS[cost][0]:
                continue
            a_c = [(a, c0 - a * base[0])] if "c" in _LIFTS[cost][0] else [(a, 0)]
        else:
            a_c = [(0, cs[0] - f(ks[0], 0, 0))]
        for a, c in a_c:
            if all(f(k, a, c) == x for k, x in zip(ks, cs)):
                expr = text(a, c).replace("k", name)
                return (expr if expr.lstrip("-").isdigit() else f"({expr})"), cost
    return None


def _skeleton(expr: str) -> tuple[str, list[int]]:
    """``expr`` with its integer literals replaced by ``{0}``, ``{1}``, ... and
    the literals in order (``"n % 4"`` -> ``("n % {0}", [4])``)."""
    import io
    import tokenize

    out: list[str] = []
    consts: list[int] = []
    last = 0
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(expr).readline))
    except (tokenize.TokenError, SyntaxError):
        return expr, []
    for tok in tokens:
        if tok.type == tokenize.NUMBER and tok.string.isdigit():
            start = tok.start[1]
            out.append(expr[last:start].replace("{", "{{").replace("}", "}}"))
            out.append("{" + str(len(consts)) + "}")
            consts.append(int(tok.string))
            last = tok.end[1]
    out.append(expr[last:].replace("{", "{{").replace("}", "}}"))
    return "".join(out), consts


def _candidates(g: Guess) -> list[Conjecture]:
    """The rules of one member to lift: its conjectures that hold, and for a
    one-heap table every form of the library that fits it."""
    out = [c for c in g.conjectures if c.status != "refuted" and not c.names and "grundy." not in c.expr]
    if g.kind in ("heap", "coins") and isinstance(g.table, list) and len(g.table) >= 4:
        v = np.array(g.table, dtype=np.int64)
        first = int(out[0].checked.split("= ")[1].split("..")[0]) if out else 0
        n = np.arange(first, first + len(v), dtype=np.int64)
        k = max(4, len(n) // 2)
        for form in fit_forms(n[:k], v[:k])[:40]:
            if np.array_equal(form.values(n), v):
                out.append(Conjecture("value", form.described(), form.expr, "n", "verified", "", "", len(n),
                                      form.cost))
        rule = _periodic_p_rule(n, v)
        if rule is not None:
            out.append(Conjecture("P", f"P iff {rule}", rule, "n", "verified", "", "", len(n), 6))
    return out


def _periodic_p_rule(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any]) -> str | None:
    """The P-positions of a one-heap table as ``n % q == r`` (or ``in`` a few
    residues) with the positions before the period starts that differ named
    one by one (``n == 0 or n != 1 and n % 4 == 1``): a shape whose constants
    lift across a parameter where the values' periodic lists (of a length that
    grows with it) do not. The least period seen three times over the second
    half of the table at least; ``None`` if none.

    >>> t = np.array([0, 1, 2, 4, 3, 0, 2, 1, 3, 0, 2, 1, 3, 0, 2, 1, 3, 0, 2, 1])
    >>> _periodic_p_rule(np.arange(20), t)
    'n == 0 or n != 1 and n % 4 == 1'
    """
    p = (v == 0).astype(np.int64)
    m = len(p)
    for q in range(1, m // 3 + 1):
        bad = np.flatnonzero(p[q:] != p[:-q])
        t = int(bad[-1]) + 1 if len(bad) else 0
        if m - t < 3 * q or t > m // 2:
            continue
        rs = [r for r in range(q) if p[t + ((r - int(n[t])) % q)] == 1]
        if not rs or len(rs) == q:
            continue
        core = f"n % {q} == {rs[0]}" if len(rs) == 1 else f"n % {q} in ({', '.join(map(str, rs))})"
        plus = [int(n[i]) for i in range(t) if p[i] and int(n[i]) % q not in rs]
        minus = [int(n[i]) for i in range(t) if not p[i] and int(n[i]) % q in rs]
        if len(plus) + len(minus) > 3:
            return None
        for x in minus:
            core = f"n != {x} and {core}"
        for x in reversed(plus):
            core = f"n == {x} or {core}"
        return core
    return None


def _lift(members: dict[int, Guess], ks: list[int], name: str) -> list[tuple[str, str, int]]:
    """Rules common in shape to the members ``ks``, their constants lifted to
    functions of the parameter ``name``: ``(target, expression, cost)``."""
    shapes: dict[tuple[str, str], dict[int, tuple[list[int], int]]] = {}
    for k in ks:
        for c in _candidates(members[k]):
            sk, consts = _skeleton(c.expr)
            shapes.setdefault((c.target, sk), {}).setdefault(k, (consts, c.cost))
    out = []
    for (target, sk), by_k in shapes.items():
        if set(by_k) != set(ks):
            continue
        slots = len(by_k[ks[0]][0])
        if any(len(by_k[k][0]) != slots for k in ks):
            continue
        lifted, cost = [], max(by_k[k][1] for k in ks)
        for i in range(slots):
            got = _lift_constants(ks, [by_k[k][0][i] for k in ks], name)
            if got is None:
                break
            lifted.append(got[0])
            cost += got[1]
        else:  # (a rule with no constant that varies is the same for every member: kept too)
            out.append((target, sk.format(*lifted), cost))
    return out


def _with_exceptions(target: str, expr: str, members: dict[int, Guess], ks: list[int], name: str) -> str:
    """``expr`` with each member of ``ks`` given its own simplest verified rule of
    ``target`` where ``expr`` fails on its table (``(n % 2 == 0) if k == 1 else
    ...``); as it is where no such rule exists.

    A rule in values serves a P-target as ``rule == 0``.
    """
    out = expr
    for k in reversed(ks):
        bad, _ = _check_family(target, expr, members, name, [k])
        if bad is None:
            continue
        own = [c for c in members[k].conjectures if c.status == "verified" and not c.names and not c.params
               and "grundy." not in c.expr and (c.target == target or target == "P")]
        own.sort(key=lambda c: (c.target != target, c.cost))
        if not own:
            continue
        e = own[0].expr if own[0].target == target else f"({own[0].expr}) == 0"
        out = f"({e}) if {name} == {k} else ({out})"
    return out


def _member_values(g: Guess) -> tuple[str, list[tuple[Any, ...]], list[Any]]:
    """The variables, positions and values (``True`` for a P-position) of a member's table."""
    if g.kind in ("heap", "coins"):
        first = int(g.size.split("= ")[1].split("..")[0])
        pos = [(first + i,) for i in range(len(g.table))]
        return "n", pos, list(g.table)
    arr = np.asarray(g.table)
    pts = [tuple(int(x) for x in t) for t in np.argwhere(arr >= 0)]
    if g.kind == "pair":
        return "a, b", pts, [int(arr[t]) for t in pts]
    return "x", [(t,) for t in pts], [int(arr[t]) for t in pts]


def _check_family(target: str, expr: str, members: dict[int, Guess], name: str,
                  order: list[int]) -> tuple[dict[str, Any] | None, int]:
    """The first ``(k, position)`` where ``expr`` disagrees with its member's
    table (members in ``order``), and how many positions agreed."""
    try:
        code = compile(expr, "<rule>", "eval")
    except SyntaxError:
        return {"position": None, "table": None, "rule": "does not compile"}, 0
    count = 0
    for k in order:
        variables, positions, values = _member_values(members[k])
        names = variables.split(", ")
        for pos, want in zip(positions, values):
            scope = dict(zip(names, pos))
            scope[name] = k
            try:
                got = evaluate_code(code, scope)
            except Exception:  # noqa: BLE001 - a rule that fails somewhere is refuted there
                got = "an error"
            ok = (bool(got) == (want == 0)) if target == "P" else got == want
            if not ok:
                shown = pos[0] if len(pos) == 1 else pos
                return {"position": (k, shown), "table": want if target == "value" else ("P" if want == 0 else "N"),
                        "rule": got if target == "value" else ("P" if got else "N")}, count
            count += 1
    return None, count


def evaluate_code(code: Any, names: dict[str, Any]) -> Any:
    """A compiled expression evaluated as :func:`evaluate` does."""
    from grundy.patterns import forms

    return eval(code, {"__builtins__": __builtins__, **forms.NAMESPACE, **names})  # noqa: S307


#: seconds the synthesiser may search a family's table in n and the parameter
FAMILY_SYNTH_SECONDS = 6.0


def _synthesize_family(members: dict[int, Guess], fitted: list[int], held: list[int],
                       name: str) -> list[tuple[str, str, int]]:
    """Rules in ``n`` and the parameter found by the synthesiser on the members'
    tables side by side (the fitted members first, the held-out ones checked):
    for a family whose members' rules differ in shape."""
    from grundy.patterns.synth import synthesize

    ns: list[int] = []
    ks: list[int] = []
    vs: list[int] = []
    fit = 0
    for k in fitted + held:
        _, positions, values = _member_values(members[k])
        ns.extend(p[0] for p in positions)
        ks.extend([k] * len(positions))
        vs.extend(values)
        if k in fitted:
            fit = len(ns)
    if len(vs) < 4 or fit >= len(vs):
        return []
    n_arr, k_arr, v_arr = (np.array(x, dtype=np.int64) for x in (ns, ks, vs))
    out: list[tuple[str, str, int]] = []
    # a period that is a function of the parameter: the rule on the residue r = n mod p(k)
    period = _lifted_period(members, fitted, name)
    if period is not None:
        p_expr, p_of = period
        r_arr = n_arr % np.array([p_of[k] if k in p_of else 1 for k in ks], dtype=np.int64)
        leaf = f"n % {p_expr}"

        def env(i: int) -> dict[str, Any]:
            return {"n": ns[i], name: ks[i]}

        try:
            found = synthesize([(leaf, r_arr), (name, k_arr)], v_arr, fit=fit, env=env,
                               seconds=min(FAMILY_SYNTH_SECONDS, _SEARCH_SECONDS.get()), limit=3, max_size=9)
            out.extend(("value", f.expr, 15 + f.size) for f in found.found if f.status == "verified")
        except ValueError:
            pass
    for target, goal in (("value", v_arr), ("P", (v_arr == 0).astype(np.int64))):
        if out:
            break
        try:
            found = synthesize([("n", n_arr), (name, k_arr)], goal, fit=fit, target=target,
                               seconds=min(FAMILY_SYNTH_SECONDS / 2, _SEARCH_SECONDS.get()), limit=3)
        except ValueError:
            continue
        out.extend((target, f.expr, 20 + f.size) for f in found.found if f.status == "verified")
    return out


def _lifted_period(members: dict[int, Guess], fitted: list[int], name: str) -> tuple[str, dict[int, int]] | None:
    """The least period (from heap 0, no preperiod) of each member's table, seen
    at least twice, and its lift to a function of the parameter fitted on the
    fitted members: ``(expression, {k: period})`` for every member where the
    expression is an integer, or ``None``."""
    periods: dict[int, int] = {}
    for k in fitted:
        g = members[k]
        v = np.asarray(g.table, dtype=np.int64) if isinstance(g.table, list) else None
        if v is None or v.ndim != 1 or not g.size.split("= ")[1].startswith("0.."):
            return None
        p = next((q for q in range(1, len(v) // 2 + 1) if np.array_equal(v[q:], v[:-q])), None)
        if p is None:
            return None
        periods[k] = p
    candidates: list[str] = []
    for drop in range(0, max(1, len(fitted) - 2)):  # three values at least (two fit any line)
        ks = fitted[drop:]
        got = _lift_constants(ks, [periods[k] for k in ks], name)
        if got is not None:
            candidates.append(got[0])
            break
    even, odd = [k for k in fitted if k % 2 == 0], [k for k in fitted if k % 2]
    if not candidates and even and odd:  # a period for each parity of the parameter
        e = _lift_constants(even, [periods[k] for k in even], name)
        o = _lift_constants(odd, [periods[k] for k in odd], name)
        if e is not None and o is not None:
            candidates.append(f"({e[0]} if {name} % 2 == 0 else {o[0]})")
    for expr in candidates:
        if expr:
            out = {}
            for k in members:
                try:
                    q = evaluate(expr, **{name: k})
                except Exception:  # noqa: BLE001 - no period for this member
                    continue
                if isinstance(q, int) and q >= 1:
                    out[k] = q
            return expr, out
    return None


def _member(target: Any, name: str, k: int, fixed: dict[str, Any]) -> Ruleset:
    """``target(name=k, **fixed)`` as a ruleset, its failure named."""
    label = getattr(target, "__name__", None) or getattr(target, "name", None) or "the factory"
    try:
        made = target(**fixed, **{name: k})
    except GrundyError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's factory failed: name it
        raise InvalidParameterError(
            f"guess: {label}({name}={k}) raised {type(exc).__name__}: {describe(str(exc))[1:-1]}") from None
    rs = factory_result(made, f"{label}({name}={k})")
    if rs is not None:
        return rs
    raise InvalidParameterError(
        f"guess: {label}({name}={k}) returned {describe(made)}, not a ruleset (params= takes a factory: "
        "a function of the parameters that returns a ruleset or a move function)")


def _guess_family(target: Any, params: Mapping[str, Iterable[int]], *, to: int | None, fit: int | None,
                  heaps: int, position: Callable[[int], Hashable] | None, limit: int,
                  known: Mapping[str, Sequence[int]] | bool, shape: str | None, budget: Budget,
                  prove_seconds: float) -> Guess:
    """Guess each member of a family, then lift the rules common in shape to
    one rule in the variables and the parameter, fitted on the first values
    and checked on the last third (held out)."""
    if isinstance(target, Ruleset) or not callable(target):
        raise InvalidParameterError(
            f"guess: params= takes a factory (a function of the parameters returning a ruleset); "
            f"got {describe(target)}")
    if not isinstance(params, Mapping) or not params:
        raise InvalidParameterError(f"guess: params must map a name to its values; got {describe(params)}")
    values: dict[str, list[int]] = {}
    for key, vals in params.items():
        if not isinstance(key, str) or not key.isidentifier():
            raise InvalidParameterError(f"guess: a parameter's name must be an identifier; got {describe(key)}")
        try:
            got = sorted(set(vals))
        except TypeError:
            raise InvalidParameterError(
                f"guess: params[{key!r}] must be integers (a range or a list); got {describe(vals)}") from None
        if not got or any(isinstance(x, bool) or not isinstance(x, int) for x in got):
            raise InvalidParameterError(
                f"guess: params[{key!r}] must be integers (a range or a list); got {describe(vals)}")
        values[key] = got
    varying = [key for key, vals in values.items() if len(vals) > 1]
    if len(varying) != 1:
        raise InvalidParameterError(
            f"guess: a family varies one parameter at a time (the others take one value); got "
            f"{describe({key: len(v) for key, v in values.items()})} values")
    name = varying[0]
    if name in ("n", "a", "b", "x"):
        raise InvalidParameterError(f"guess: a parameter may not be named {name!r} (a variable of the rules)")
    fixed = {key: v[0] for key, v in values.items() if key != name}
    ks = values[name]
    if len(ks) < 3:
        raise InvalidParameterError(
            f"guess: a family needs at least 3 values of {name} (fitted on the first, checked on the "
            f"last); got {describe(ks)}")
    if len(ks) > 64:
        raise InvalidParameterError(f"guess: at most 64 values of {name}; got {len(ks)}")
    hold = max(1, len(ks) // 3)
    fitted, held = ks[:-hold], ks[-hold:]
    members: dict[int, Guess] = {}
    with watching(budget):
        for k in ks:
            rs = _member(target, name, k, fixed)
            members[k] = guess(rs, to=to, fit=fit, heaps=heaps, position=position, limit=max(limit, 10),
                               known=False, shape=shape, budget=budget, prove_seconds=prove_seconds)
    first = members[ks[0]]
    label = getattr(target, "__name__", None) or "family"
    span = f"{name} = {ks[0]}..{ks[-1]}" if ks == list(range(ks[0], ks[-1] + 1)) else f"{name} in {ks}"
    fit_span = (f"{name} = {fitted[0]}..{fitted[-1]}" if fitted == list(range(fitted[0], fitted[-1] + 1))
                else f"{name} in {fitted}")
    found: list[Conjecture] = []
    variables = {"heap": "n", "coins": "n", "pair": "a, b", "heaps": "x"}[first.kind]
    lifted = _lift(members, fitted, name)
    start = fitted[0]
    for drop in range(1, len(fitted) - 2):  # the first values may be degenerate (k = 1); three left
        if lifted:
            break
        lifted = _lift(members, fitted[drop:], name)
        start = fitted[drop]
    if start != fitted[0]:  # the members before the lifted ones keep their own rules
        lifted = [(t, _with_exceptions(t, e, members, [k for k in fitted if k < start], name), c + 2)
                  for t, e, c in lifted]
    if not lifted:  # by the parity of the parameter: two rules joined
        even, odd = [k for k in fitted if k % 2 == 0], [k for k in fitted if k % 2]
        if even and odd:
            for t1, e1, c1 in _lift(members, even, name):
                for t2, e2, c2 in _lift(members, odd, name):
                    if t1 == t2:
                        lifted.append((t1, f"({e1}) if {name} % 2 == 0 else ({e2})", c1 + c2 + 2))
    if not lifted and first.kind in ("heap", "coins"):
        lifted = _synthesize_family(members, fitted, held, name)
    seen: set[str] = set()
    for target_kind, expr, cost in sorted(lifted, key=lambda t: t[2]):
        if expr in seen:
            continue
        seen.add(expr)
        ce, count = _check_family(target_kind, expr, members, name, fitted + held)
        if ce is not None and ce["position"] is not None and ce["position"][0] in fitted:
            continue  # it does not even hold where it was fitted
        words = expr if target_kind == "value" else f"P iff {expr}"
        found.append(Conjecture(
            target_kind, words, expr, variables,
            "refuted" if ce else "verified", f"{fit_span} ({first.size} each)",
            f"{span} ({first.size} each)", count, cost, ce, params=(name,), names=dict(fixed)))
    binary = all(set(np.asarray(g.table).ravel().tolist()) <= {0, 1, -1} for g in members.values())
    found.sort(key=lambda c: (_STATUS_ORDER[c.status], not binary and c.target != "value", c.cost))
    return Guess(f"{label}({name})", first.kind, f"{span}: {first.size} each",
                 {k: g.table for k, g in members.items()}, found[:limit], members)
