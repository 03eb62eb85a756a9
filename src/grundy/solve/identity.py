"""The identity of a ruleset's rules, as a memo store records it.

A memo store (:func:`grundy.solve.reducer.save_memo`) is valid only for the rules
that filled it. A catalogue ruleset is named by its class and spec; a ruleset
of the user's (a move function, a subclass of :class:`~grundy.rules.ruleset.Ruleset`)
by a digest of everything its results can depend on that Python can see:

- the code of its move function and hooks, nested code objects (lambdas,
  comprehensions, inner functions) and their constants;
- closure cells, default arguments and keyword-only defaults;
- the globals the code reads, recursively: a function of the user's is folded
  whole, a module or a function of the standard library, an installed package
  or grundy itself by its name;
- the ruleset's parameters (its instance attributes) and, for a subclass, every
  method and attribute its class defines.

Plain values are folded by their contents (numbers, strings, containers;
other objects by their pickle). Where a value has no stable identity (an object
that cannot be pickled, a C function of unknown provenance) :func:`fingerprint`
raises :class:`NoIdentityError`; the store's key must then be named by hand
(``store_key=``).

>>> import grundy
>>> def bash(k):
...     return grundy.ruleset(lambda n: range(max(0, n - k), n))
>>> fingerprint(bash(3)) == fingerprint(bash(3)), fingerprint(bash(3)) == fingerprint(bash(5))
(True, False)
"""

from __future__ import annotations

import builtins
import functools
import hashlib
import os
import pickle
import sys
import sysconfig
import types
import collections
from typing import Any

__all__ = ["NoIdentityError", "fingerprint"]


class NoIdentityError(Exception):
    """A value the rules depend on has no stable identity (``what`` says which)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


_PLAIN = (type(None), bool, int, float, complex, str, bytes, type(Ellipsis), type(NotImplemented))
# dunder attributes of a class that say nothing about its rules
_CLASS_SKIP = frozenset({"__dict__", "__weakref__", "__doc__", "__module__", "__qualname__",
                         "__annotations__", "__slots__", "_abc_impl", "__parameters__",
                         "__orig_bases__", "__static_attributes__", "__firstlineno__"})
_INSTANCE_SKIP = frozenset({"__doc__"})


@functools.lru_cache(maxsize=1)
def _library_roots() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    roots = {os.path.realpath(paths[k]) for k in ("stdlib", "platstdlib", "purelib", "platlib")
             if k in paths}
    roots.add(os.path.realpath(os.path.dirname(os.path.dirname(__file__))))  # grundy's own
    return tuple(sorted(r + os.sep for r in roots))


def _library_file(path: str) -> bool:
    return os.path.realpath(path).startswith(_library_roots())


@functools.lru_cache(maxsize=512)
def _is_library_module(name: str | None) -> bool:
    """Whether module ``name`` is library code (grundy, the standard library, an
    installed package), named rather than folded; the user's code is folded."""
    if not name:
        return False
    if name == "grundy" or name.startswith("grundy.") or name in sys.builtin_module_names:
        return True
    if name in sys.stdlib_module_names or name.split(".")[0] in sys.stdlib_module_names:
        return True
    mod = sys.modules.get(name)
    path = getattr(mod, "__file__", None)
    return isinstance(path, str) and _library_file(path)


def _library(obj: Any) -> bool:
    """Whether ``obj`` (a function, a class, a C function) is library code: its
    module is, and so is the file its code (a function's, a class's methods') was
    compiled from: a function written in a doctest or ``exec`` of a library
    module's namespace is the user's."""
    if not _is_library_module(getattr(obj, "__module__", None)):
        return False
    if isinstance(obj, types.FunctionType):
        return _library_file(obj.__code__.co_filename)
    if isinstance(obj, type):
        return all(_library_file(f.__code__.co_filename) for f in vars(obj).values()
                   if isinstance(f, types.FunctionType))
    return True


def _name(obj: Any) -> str:
    return f"{getattr(obj, '__module__', None)}.{getattr(obj, '__qualname__', None)}"


class _Folder:
    """Feeds a value and everything it depends on into one SHA-256 digest, each
    object once (a cycle, or a value met twice, becomes a back-reference)."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.seen: dict[int, int] = {}
        self.keep: list[Any] = []  # keeps ids stable while folding

    def put(self, *tokens: object) -> None:
        for t in tokens:
            b = t if isinstance(t, bytes) else repr(t).encode()
            self.digest.update(len(b).to_bytes(8, "little") + b)

    def fold(self, obj: Any, where: str) -> None:
        if type(obj) in _PLAIN:
            # an int of any size (repr refuses beyond 4300 digits)
            self.put(type(obj).__name__, hex(obj) if type(obj) is int else obj)
            return
        ref = self.seen.get(id(obj))
        if ref is not None:
            self.put("ref", ref)
            return
        self.seen[id(obj)] = len(self.seen)
        self.keep.append(obj)
        self._fold(obj, where)

    def _fold(self, obj: Any, where: str) -> None:  # noqa: C901 (one case per kind)
        spec = getattr(obj, "spec", None)
        if isinstance(spec, str) and _library(type(obj)) and hasattr(obj, "moves"):
            self.put("ruleset", _name(type(obj)), spec)  # a catalogue ruleset
        elif isinstance(obj, (tuple, list)):
            self.put(type(obj).__name__, len(obj))
            for i, x in enumerate(obj):
                self.fold(x, f"{where}[{i}]")
        elif isinstance(obj, (set, frozenset)):
            parts = sorted(_alone(x, f"{where} element") for x in obj)
            self.put(type(obj).__name__, *parts)
        elif type(obj) in (dict, collections.OrderedDict, types.MappingProxyType):
            self.put("dict", len(obj))
            for k, v in list(obj.items()):
                self.fold(k, f"{where} key")
                self.fold(v, f"{where}[{k!r}]")
        elif isinstance(obj, types.FunctionType):
            self.function(obj, where)
        elif isinstance(obj, types.CodeType):
            self.code(obj, where)
        elif isinstance(obj, types.MethodType):
            self.put("method")
            self.fold(obj.__func__, where)
            self.fold(obj.__self__, f"{where}.__self__")
        elif isinstance(obj, types.ModuleType):
            self.put("module", obj.__name__)
        elif isinstance(obj, (types.BuiltinFunctionType, types.BuiltinMethodType,
                              types.WrapperDescriptorType, types.MethodDescriptorType,
                              types.MethodWrapperType, types.ClassMethodDescriptorType)):
            owner = getattr(obj, "__self__", None)
            if owner is None or isinstance(owner, (types.ModuleType, type)) and _library(owner):
                mod = getattr(obj, "__module__", None) or getattr(owner, "__name__", None)
                if not mod and owner is None:
                    raise NoIdentityError(f"{where}: the C function {obj!r} of unknown provenance")
                self.put("builtin", mod, getattr(obj, "__qualname__", obj.__name__))
            else:  # a bound method of a value: its result depends on the value
                self.put("bound builtin", obj.__name__)
                self.fold(owner, f"{where}.__self__")
        elif isinstance(obj, functools.partial):
            self.put("partial")
            self.fold(obj.func, where)
            self.fold(obj.args, f"{where} args")
            self.fold(obj.keywords, f"{where} keywords")
        elif isinstance(obj, (staticmethod, classmethod)):
            self.put(type(obj).__name__)
            self.fold(obj.__func__, where)
        elif isinstance(obj, property):
            self.put("property")
            for f in (obj.fget, obj.fset, obj.fdel):
                self.fold(f, where)
        elif isinstance(obj, functools.cached_property):
            self.put("cached_property")
            self.fold(obj.func, where)
        elif isinstance(obj, type):
            self.cls(obj, where)
        elif callable(obj) and hasattr(obj, "__wrapped__") and _library(type(obj)):
            self.put("wrapper", _name(type(obj)))  # functools.lru_cache, ...
            self.fold(obj.__wrapped__, where)
        elif hasattr(obj, "__dict__") and (not _library(type(obj)) or _is_grundy(type(obj))):
            self.put("object")
            self.fold(type(obj), f"{where} type")
            for k, v in list(vars(obj).items()):
                if k not in _INSTANCE_SKIP:
                    self.put("attribute", k)
                    self.fold(v, f"{where}.{k}")
            for k in _slots(type(obj)):
                if hasattr(obj, k):
                    self.fold(getattr(obj, k), f"{where}.{k}")
        else:
            self.put("pickle", _name(type(obj)), _pickled(obj, where))

    def function(self, fn: types.FunctionType, where: str) -> None:
        if _library(fn):
            self.put("function", _name(fn))
            return
        self.put("user function", fn.__qualname__)
        where = _name(fn)
        self.code(fn.__code__, where)
        self.fold(fn.__defaults__, f"{where} defaults")
        self.fold(fn.__kwdefaults__, f"{where} keyword defaults")
        cells = fn.__closure__ or ()
        for name, cell in zip(fn.__code__.co_freevars, cells):
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                self.put("empty cell", name)
                continue
            self.fold(value, f"{where}: closure variable {name!r}")
        for name in sorted(_global_names(fn.__code__)):
            if name in fn.__globals__:
                self.put("global", name)
                self.fold(fn.__globals__[name], f"{where}: global {name!r}")
            elif hasattr(builtins, name):
                self.put("builtin name", name)

    def code(self, code: types.CodeType, where: str) -> None:
        self.put("code", code.co_code, code.co_names, code.co_argcount,
                 code.co_kwonlyargcount, code.co_flags)
        self.put(len(code.co_consts))
        for c in code.co_consts:
            self.fold(c, where)

    def cls(self, cls: type, where: str) -> None:
        if _library(cls):
            self.put("class", _name(cls))
            return
        self.put("user class", cls.__qualname__)
        for base in cls.__mro__[1:]:
            self.fold(base, f"{where} base")
        for k, v in sorted(vars(cls).items()):
            if k in _CLASS_SKIP:
                continue
            self.put("attribute", k)
            self.fold(v, f"{where}.{k}")


def _is_grundy(cls: type) -> bool:
    mod = cls.__module__
    return mod == "grundy" or mod.startswith("grundy.")


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for c in cls.__mro__:
        s = vars(c).get("__slots__", ())
        names.extend([s] if isinstance(s, str) else [n for n in s if n not in ("__dict__", "__weakref__")])
    return names


def _global_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names |= _global_names(c)
    return names


def _alone(obj: Any, where: str) -> str:
    f = _Folder()
    f.fold(obj, where)
    return f.digest.hexdigest()


def _pickled(obj: Any, where: str) -> bytes:
    try:
        return pickle.dumps(obj, protocol=4)
    except Exception:
        text = _short_repr(obj)
        raise NoIdentityError(f"{where} holds {text}, which cannot be pickled") from None


def _short_repr(obj: Any) -> str:
    try:
        text = repr(obj)
    except Exception:
        text = f"a {type(obj).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."


def fingerprint(ruleset: Any) -> str:
    """A hex digest of what the results of ``ruleset`` can depend on (see the module's
    doc); raises :class:`NoIdentityError` naming a value that has none."""
    f = _Folder()
    try:
        f.fold(type(ruleset), "the ruleset's class")
        for k, v in getattr(ruleset, "__dict__", {}).items():
            if k not in _INSTANCE_SKIP:
                f.put("attribute", k)
                f.fold(v, f"the ruleset's attribute {k!r}")
        for k in _slots(type(ruleset)):
            if hasattr(ruleset, k):
                f.put("slot", k)
                f.fold(getattr(ruleset, k), f"the ruleset's attribute {k!r}")
    except RecursionError:
        raise NoIdentityError("the ruleset's values are nested too deeply to be folded") from None
    return f.digest.hexdigest()
