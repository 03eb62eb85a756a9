"""The catalogue: named rulesets, found by name or alias, with did-you-mean.

A spec is ``NAME`` or ``NAME:ARGS`` (``subtraction:1,3,4``); a user's own ruleset
in a Python file is ``path/to/file.py:NAME``.

Every name, alias and spelling of one game resolves to one canonical ruleset
(its :attr:`~grundy.rules.ruleset.Ruleset.spec`), cached, so its tables and memo
are shared; its repr pastes back:

>>> get("nim")
grundy.games.get('nim')
>>> get("subtraction:1,3,4").table(7)
[0, 1, 0, 1, 2, 3, 2, 0]
>>> get("Lasker's Nim") is get("lasker") is get("octal:4.3...")
True
>>> get("kayles"), get("dawson") is get("octal:0.07") is get("rowruns:2,2")
(grundy.games.get('octal:0.77'), True)
"""

from __future__ import annotations

import ast
import difflib
import importlib
import importlib.util
import pkgutil
import re
import shlex
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

from grundy.values.errors import InvalidParameterError, UnknownGameError, describe
from grundy.rules.naming import install_names, people_name
from grundy.rules.ruleset import FunctionRuleset, Ruleset

__all__ = ["Entry", "register", "catalogued", "maker", "named", "get", "find", "entries",
           "resolve", "common_name", "display_name", "factory_result"]


@dataclass(frozen=True)
class Entry:
    """A catalogue entry: ``make(args)`` builds the ruleset from the text after the
    colon of a spec (``None`` when there is none).

    An entry describes itself: ``position`` is an example position as the
    command-line arguments it takes, as data (``("3", "4", "5")``, or
    ``("0-1 1-2 start=1",)`` for one position with spaces; the decorators take
    ``"3 4 5"`` for words without spaces), ``sample`` a spec with parameters for a family
    (``moore:2``), ``legal`` a few legal positions as Python values, which the
    contract tests feed to every public entry point.

    >>> e = next(e for e in entries() if e.name == "moore")
    >>> e.example, e.position_args
    ('grundy analyze moore:2 5 6 7 1', ('5', '6', '7', '1'))
    >>> next(e for e in entries() if e.name == "geography").example
    "grundy analyze geography '1-2 2-3 3-4 start=2'"
    """

    name: str
    aliases: tuple[str, ...]
    summary: str
    make: Callable[[str | None], Ruleset]
    params: str = ""
    position: tuple[str, ...] = ()
    sample: str = ""
    legal: tuple[Any, ...] = ()

    @property
    def spec(self) -> str:
        """The spec of the example: ``sample``, else the name."""
        return self.sample or self.name

    @property
    def position_args(self) -> tuple[str, ...]:
        """The example position as command-line arguments."""
        return self.position

    @property
    def example(self) -> str:
        """The example as a command line to show: ``grundy analyze SPEC POSITION``
        (an argument with spaces quoted for the shell)."""
        words = ["grundy", "analyze", self.spec, *self.position]
        return " ".join(w if re.fullmatch(r"[\w@%+=:,./*-]+", w) else shlex.quote(w) for w in words)


def _words(position: str | tuple[str, ...]) -> tuple[str, ...]:
    """An example position as arguments: a tuple as it is, a text split at its
    spaces (no quoting: an argument with spaces is given in a tuple)."""
    return tuple(position.split()) if isinstance(position, str) else tuple(position)


_ENTRIES: dict[str, Entry] = {}
#: canonical spec -> the common name a catalogue entry gives it ("octal:0.07": "dawson")
_COMMON: dict[str, str] = {}
_BY_KEY: dict[str, Entry] = {}
_CACHE: dict[str, Ruleset] = {}
_LOADED = False


def _load() -> None:
    """Import every module of the catalogue package once: each registers its own
    entries (with :func:`catalogued`, :func:`maker` or :func:`named`)."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import grundy.games as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name != "registry":
            importlib.import_module(f"{package.__name__}.{info.name}")


def _key(name: str) -> str:
    """Names compare case-, space-, dash- and apostrophe-insensitively."""
    k = re.sub(r"[\s_\-'’]+", "", name.lower())
    return k[:-3] if k.endswith("nim") and len(k) > 3 and k[:-3] in _BY_KEY else k


def register(entry: Entry) -> Entry:
    """Add an entry to the catalogue (a second entry of one name is an error)."""
    old = _ENTRIES.get(entry.name)
    if old is not None and old != entry:
        raise InvalidParameterError(f"two catalogue entries are named {entry.name!r}")
    _ENTRIES[entry.name] = entry
    for n in (entry.name, *entry.aliases):
        _BY_KEY[re.sub(r"[\s_\-'’]+", "", n.lower())] = entry
    return entry


R = TypeVar("R", bound=Ruleset)


def _no_args(cls: Callable[[], Ruleset], name: str) -> Callable[[str | None], Ruleset]:
    def make(args: str | None) -> Ruleset:
        if args:
            raise InvalidParameterError(f"{name} takes no parameters; got {describe(args)}")
        return cls()

    return make


def catalogued(name: str, *aliases: str, summary: str, position: str | tuple[str, ...],
               legal: tuple[Any, ...],
               params: str = "", sample: str = "") -> Callable[[type[R]], type[R]]:
    """Class decorator: the class is the catalogue game ``name``, built with no
    arguments, or by its ``from_args(text)`` when it has ``params``. A class that
    does not name itself takes the entry's name (and, without parameters, its spec)."""

    def decorate(cls: type[R]) -> type[R]:
        if "name" not in vars(cls):
            cls.name = name
        if not params and "spec" not in vars(cls):
            cls.spec = name  # one game: every instance is the catalogue's
        make = cast(Callable[[str | None], Ruleset], getattr(cls, "from_args")) if params \
            else _no_args(cls, name)
        register(Entry(name, aliases, summary, make, params, _words(position), sample, legal))
        return cls

    return decorate


M = TypeVar("M", bound=Callable[[str | None], Ruleset])


def maker(name: str, *aliases: str, summary: str, position: str | tuple[str, ...],
          legal: tuple[Any, ...],
          params: str = "", sample: str = "") -> Callable[[M], M]:
    """Function decorator: ``make(args)`` builds the catalogue game ``name`` (a family
    whose best engine depends on its parameters)."""

    def decorate(make: M) -> M:
        register(Entry(name, aliases, summary, make, params, _words(position), sample, legal))
        return make

    return decorate


def named(name: str, spec: str, *aliases: str, summary: str, position: str | tuple[str, ...],
          legal: tuple[Any, ...]) -> Entry:
    """A common name for one member of a family (``named("kayles", "octal:0.77")``):
    it resolves to the same ruleset as ``spec``, which reports it as its common name."""
    _COMMON[spec] = name

    def make(args: str | None) -> Ruleset:
        if args:
            raise InvalidParameterError(f"{name} takes no parameters; got {describe(args)}")
        return get(spec)

    return register(Entry(name, aliases, summary, make, "", _words(position), "", legal))


def entries() -> Iterator[Entry]:
    """Every catalogue entry, by name."""
    _load()
    return iter(sorted(_ENTRIES.values(), key=lambda e: e.name))


def _lookup(name: str) -> Entry:
    _load()
    entry = _BY_KEY.get(_key(name)) if len(name) <= 200 else None
    if entry is None:
        from grundy.games.zerosum import zerosum, zerosum_entries

        minimax = {n: g.name for g in zerosum_entries() for n in (g.name, *g.aliases)}
        choices = [*_ENTRIES, *(a for e in _ENTRIES.values() for a in e.aliases), *minimax]
        close = (
            difflib.get_close_matches(name.lower(), choices, n=1, cutoff=0.5)
            if len(name) <= 200 else []
        )
        hint = f"; did you mean {close[0]!r}?" if close else "; 'grundy list' shows the catalogue"
        if close and close[0] in minimax:
            hint += (f" (a zero-sum game: 'grundy analyze {minimax[close[0]]} ...', "
                     f"'grundy play {minimax[close[0]]} ...')")
        if zerosum(name) is not None:
            hint = (f": {name!r} is a zero-sum game (two players who want different things), not an "
                    f"impartial one: grundy.games.zero_sum({name!r})")
        raise UnknownGameError(f"unknown game {describe(name)}{hint}")
    return entry


def get(spec: str) -> Ruleset:
    """The catalogue ruleset for ``spec`` (``NAME`` or ``NAME:ARGS``).

    Equal specs give the same ruleset object, so its memo is shared.
    Raises :class:`UnknownGameError` (with a suggestion) or
    :class:`InvalidParameterError`.
    """
    if not isinstance(spec, str):
        raise InvalidParameterError(f"a game spec is a string; got {describe(spec)}")
    cached = _CACHE.get(spec)
    if cached is not None:
        return cached
    name, _, args = spec.partition(":")
    entry = _lookup(name.strip())
    arg = args.strip() or None
    rs = entry.make(arg)
    if rs.spec is None:  # the entry's own name and arguments are its canonical spec
        rs.spec = entry.name if arg is None else f"{entry.name}:{arg}"
    # One object per canonical spec (aliases and spellings included): one memo.
    key = rs.spec if rs.spec is not None else f"{entry.name}:{rs.name}"
    rs = _CACHE.setdefault(key, rs)
    if len(_CACHE) < 10_000:
        _CACHE[spec] = rs
    return rs


def common_name(rs: Ruleset) -> str:
    """A ruleset's name for people: the catalogue's common name with its canonical
    spec when it has one, else its own name.

    >>> common_name(get("octal:0.07")), common_name(get("nim"))
    ('dawson (octal:0.07)', 'nim')
    """
    name = _common_of(rs.spec) if rs.spec is not None else None
    return f"{name} ({rs.spec})" if name else rs.name


def display_name(rs: Ruleset) -> str:
    """A ruleset's short name for people: the catalogue's common name, else its
    own name (``kayles``, not ``octal:0.77``).

    >>> display_name(get("octal:0.77")), display_name(get("subtraction:1,3,4"))
    ('kayles', 'subtraction:1,3,4')
    """
    return people_name(rs)


def _common_of(spec: str) -> str | None:
    """The catalogue's common name of a canonical spec (``None``: it has none)."""
    _load()
    return _COMMON.get(spec)


install_names(_common_of)  # reports and pages name catalogue games by their common names


def find(spec: str, default: Ruleset | None = None) -> Ruleset | None:
    """Like :func:`get`, but ``default`` instead of an error for an unknown name."""
    try:
        return get(spec)
    except UnknownGameError:
        return default


_FILE_SPEC = re.compile(r"^(.+\.py):([A-Za-z_][A-Za-z0-9_]*)(?::(.*))?$", re.DOTALL)


def resolve(spec: str) -> Ruleset:
    """A catalogue spec, or ``FILE.py:NAME`` naming a ruleset (or a move function)
    defined in a Python file; ``FILE.py:NAME:3`` (or ``:3,4``) calls ``NAME``, a
    factory (a function of parameters returning a ruleset or a move function, or
    a ``Ruleset`` class), with those arguments (Python literals)."""
    m = _FILE_SPEC.match(spec)
    if not m:
        return get(spec)
    obj = _file_object(m.group(1), m.group(2))
    if m.group(3) is not None:
        args = _literal_args(m.group(3), spec)
        return made_by(obj, m.group(2), args, {})
    if isinstance(obj, Ruleset):
        return obj
    if isinstance(obj, type) and issubclass(obj, Ruleset):
        return made_by(obj, m.group(2), (), {})
    if callable(obj):
        return FunctionRuleset(cast(Callable[[Any], Iterable[Hashable]], obj), m.group(2))
    raise InvalidParameterError(f"{describe(m.group(1))} defines no ruleset named {m.group(2)!r}")


def factory(spec: str) -> Callable[..., Ruleset]:
    """The factory a family of ``spec`` is made by (``--param k=1..8``): for
    ``FILE.py:NAME``, ``NAME`` called with the parameters as keywords; for a
    catalogue game, its spec with the parameters' values (``bash`` with
    ``m=3`` is ``bash:3``)."""
    m = _FILE_SPEC.match(spec)
    if m and m.group(3) is None:
        obj = _file_object(m.group(1), m.group(2))
        if isinstance(obj, Ruleset) or not callable(obj):
            raise InvalidParameterError(
                f"{m.group(2)!r} in {describe(m.group(1))} is a ruleset, not a factory: it takes no parameters")
        name = m.group(2)

        def make(**params: Any) -> Ruleset:
            return made_by(obj, name, (), params)

        make.__name__ = name
        return make
    if m:
        raise InvalidParameterError(f"{describe(spec)} has its parameters already; --param takes a factory")
    entry = _lookup(spec.strip())

    def from_catalogue(**params: Any) -> Ruleset:
        return get(f"{entry.name}:{','.join(str(v) for v in params.values())}")

    from_catalogue.__name__ = entry.name
    return from_catalogue


def _file_object(file: str, name: str) -> Any:
    path = Path(file)
    if not path.is_file():
        raise InvalidParameterError(f"no such Python file: {describe(str(path))}")
    mod_name = f"_grundy_user_{abs(hash(str(path.resolve())))}"
    module = sys.modules.get(mod_name)
    if module is None:
        loader_spec = importlib.util.spec_from_file_location(mod_name, path)
        if loader_spec is None or loader_spec.loader is None:
            raise InvalidParameterError(f"cannot import {describe(str(path))}")
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[mod_name] = module
        try:
            loader_spec.loader.exec_module(module)
        except (Exception, SystemExit) as exc:  # a user file may call sys.exit()
            del sys.modules[mod_name]
            raise InvalidParameterError(
                f"importing {describe(str(path))} failed: {type(exc).__name__}: "
                f"{describe(str(exc))[1:-1]}"
            ) from exc
    obj = getattr(module, name, None)
    if obj is None:
        raise InvalidParameterError(f"{describe(str(path))} defines no ruleset named {name!r}")
    return obj


def _literal_args(text: str, spec: str) -> tuple[Any, ...]:
    """``3,4`` -> ``(3, 4)`` (Python literals)."""
    try:
        value = ast.literal_eval(f"({text},)") if text.strip() else ()
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise InvalidParameterError(
            f"{describe(spec)}: the parameters after NAME: must be Python literals (FILE.py:NAME:3,4); "
            f"got {describe(text)}") from None
    return tuple(value)


def factory_result(made: Any, label: str) -> Ruleset | None:
    """What a factory returned, as a ruleset: a ruleset (named ``label`` if it has
    no name of its own: one made of a lambda), a move function wrapped as one, or
    ``None`` for anything else.

    >>> factory_result(lambda n: range(n), "take(1)").name, factory_result(3, "x")
    ('take(1)', None)
    """
    if isinstance(made, Ruleset):
        if made.spec is None and made.name in ("<lambda>", "ruleset"):
            made.name = label  # a ruleset made of a lambda: named by its factory
        return made
    if callable(made):
        return FunctionRuleset(cast(Callable[[Any], Iterable[Hashable]], made), label)
    return None


def made_by(obj: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Ruleset:
    """``obj(*args, **kwargs)`` as a ruleset (a move function returned is wrapped);
    the failure named."""
    shown = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
    if isinstance(obj, Ruleset) or not callable(obj):
        raise InvalidParameterError(f"{name!r} is {describe(obj)}, not a factory: it takes no parameters")
    try:
        made = obj(*args, **kwargs)
    except (Exception, SystemExit) as exc:
        raise InvalidParameterError(
            f"{name}({shown}) raised {type(exc).__name__}: {describe(str(exc))[1:-1]}") from None
    rs = factory_result(made, f"{name}({shown})")
    if rs is not None:
        return rs
    raise InvalidParameterError(
        f"{name}({shown}) returned {describe(made)}, not a ruleset or a move function")
