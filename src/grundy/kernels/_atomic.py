"""Atomic operations on ``int64`` array items, as numba intrinsics: acquire loads
and release stores (LLVM ``load atomic ... acquire`` / ``store atomic ...
release``), a fetch-and-add and a compare-and-exchange (sequentially consistent),
for kernels that run on several threads at once and hand each other work
through shared arrays.

numba has no atomics of its own: a plain load in a spin loop may be hoisted out
of the loop by LLVM, and plain stores may be reordered, so a thread could see a
count before the item it counts. With these, a thread that reads ``n`` by
:func:`load_acquire` sees every store the writer made before its
:func:`store_release` of ``n`` (on x86-64 both are plain moves; the orderings bind
the compiler).
"""

from __future__ import annotations

import platform
from typing import Any

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

__all__ = ["load_acquire", "store_release", "fetch_add", "compare_exchange", "spin_pause",
           "yield_cpu", "cycles"]


def _item_pointer(context: Any, builder: Any, arrty: Any, arr: Any, index: Any) -> Any:
    ary = context.make_array(arrty)(context, builder, arr)
    return cgutils.get_item_pointer(context, builder, arrty, ary, [index])  # type: ignore[no-untyped-call]


@intrinsic
def load_acquire(typingctx: Any, arr: Any, index: Any) -> Any:
    """``arr[index]`` (a 1-D ``int64`` array) by an acquire load."""
    if not (isinstance(arr, types.Array) and arr.dtype == types.int64 and arr.ndim == 1
            and isinstance(index, types.Integer)):
        return None
    sig = types.int64(arr, index)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item_pointer(context, builder, signature.args[0], args[0], args[1])
        return builder.load_atomic(ptr, "acquire", 8)

    return sig, codegen


@intrinsic
def store_release(typingctx: Any, arr: Any, index: Any, value: Any) -> Any:
    """``arr[index] = value`` (a 1-D ``int64`` array) by a release store."""
    if not (isinstance(arr, types.Array) and arr.dtype == types.int64 and arr.ndim == 1
            and isinstance(index, types.Integer) and isinstance(value, types.Integer)):
        return None
    sig = types.void(arr, index, value)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item_pointer(context, builder, signature.args[0], args[0], args[1])
        v = context.cast(builder, args[2], signature.args[2], types.int64)
        builder.store_atomic(v, ptr, "release", 8)
        return context.get_dummy_value()

    return sig, codegen


def _check(arr: Any, *ints: Any) -> bool:
    return (isinstance(arr, types.Array) and arr.dtype == types.int64 and arr.ndim == 1
            and all(isinstance(x, types.Integer) for x in ints))


@intrinsic
def fetch_add(typingctx: Any, arr: Any, index: Any, value: Any) -> Any:
    """``arr[index] += value`` in one atomic step; returns the old ``arr[index]``."""
    if not _check(arr, index, value):
        return None
    sig = types.int64(arr, index, value)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item_pointer(context, builder, signature.args[0], args[0], args[1])
        v = context.cast(builder, args[2], signature.args[2], types.int64)
        return builder.atomic_rmw("add", ptr, v, "seq_cst")

    return sig, codegen


@intrinsic
def compare_exchange(typingctx: Any, arr: Any, index: Any, expected: Any, value: Any) -> Any:
    """If ``arr[index] == expected``, set it to ``value`` and return True (one
    atomic step); else return False."""
    if not _check(arr, index, expected, value):
        return None
    sig = types.boolean(arr, index, expected, value)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ptr = _item_pointer(context, builder, signature.args[0], args[0], args[1])
        old = context.cast(builder, args[2], signature.args[2], types.int64)
        new = context.cast(builder, args[3], signature.args[3], types.int64)
        pair = builder.cmpxchg(ptr, old, new, "seq_cst", "seq_cst")
        return builder.extract_value(pair, 1)

    return sig, codegen


#: the spin-wait hint of this CPU, if any (x86 ``pause``; numba's LLVM takes no
#: inline assembly, so an LLVM intrinsic)
_PAUSE = "llvm.x86.sse2.pause" if platform.machine().lower() in ("x86_64", "amd64") else None


@intrinsic
def spin_pause(typingctx: Any) -> Any:
    """A hint that this thread is spinning (x86 ``pause``): it waits a few dozen
    cycles and leaves the shared cache line alone meanwhile, so the thread it
    waits for runs at full speed."""
    sig = types.void()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        if _PAUSE is not None:
            fn = builder.module.declare_intrinsic(_PAUSE, fnty=ir.FunctionType(ir.VoidType(), []))
            builder.call(fn, [])
        return context.get_dummy_value()

    return sig, codegen



#: where the C library's ``sched_yield`` and ``usleep`` are (POSIX); elsewhere a
#: waiting thread only pauses
_POSIX = platform.system() in ("Linux", "Darwin", "FreeBSD")


@intrinsic
def yield_cpu(typingctx: Any, micros: Any) -> Any:
    """Give the core away while waiting for another thread: ``sched_yield()``
    when ``micros`` is 0, else sleep ``micros`` microseconds (``usleep``). Calls of
    the C library declared as external symbols (resolved when the kernel loads, so
    numba's disk cache keeps working; no object mode, no ctypes). On a machine
    with more runnable threads than cores, a thread that only spins holds a core
    the thread it waits for needs."""
    if not isinstance(micros, types.Integer):
        return None
    sig = types.void(micros)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        if not _POSIX:
            if _PAUSE is not None:
                fn = builder.module.declare_intrinsic(_PAUSE, fnty=ir.FunctionType(ir.VoidType(), []))
                builder.call(fn, [])
            return context.get_dummy_value()
        i32 = ir.IntType(32)
        us = context.cast(builder, args[0], signature.args[0], types.uint32)
        zero = builder.icmp_unsigned("==", us, ir.Constant(i32, 0))
        with builder.if_else(zero) as (then, otherwise):
            with then:
                fy = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i32, []), "sched_yield")  # type: ignore[no-untyped-call]
                builder.call(fy, [])
            with otherwise:
                fs = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i32, [i32]), "usleep")  # type: ignore[no-untyped-call]
                builder.call(fs, [us])
        return context.get_dummy_value()

    return sig, codegen



@intrinsic
def cycles(typingctx: Any) -> Any:
    """The CPU's cycle counter (``llvm.readcyclecounter``: x86 ``rdtsc``; 0 on a
    target without one): a clock for the share of a thread's time spent waiting,
    read in nanoseconds' cost, with no call into the C library."""
    sig = types.int64()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.readcyclecounter", fnty=ir.FunctionType(ir.IntType(64), []))
        return builder.call(fn, [])

    return sig, codegen
