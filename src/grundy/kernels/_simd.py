"""Vector instructions numba's LLVM does not generate from scalar code, as numba
intrinsics (LLVM IR emitted inline into the calling kernel).

:data:`AVX512BW` says whether numba compiles for a CPU with AVX-512 BW: the
features of numba's own target machine (the host's, or ``NUMBA_CPU_NAME`` /
``NUMBA_CPU_FEATURES``), which also key numba's on-disk cache, so a kernel cached
with the AVX-512 instructions is never loaded for a target without them.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import types
from numba.core.registry import cpu_target
from numba.extending import intrinsic

__all__ = ["AVX512BW", "MAP_VALUES", "scan32"]


def _target_features() -> str:
    """The feature string numba's code generator compiles for (part of the key of
    its disk cache: ``codegen().magic_tuple()``)."""
    return str(cpu_target.target_context.codegen().magic_tuple()[2])


#: numba's target has AVX-512 BW (``vpermi2w``, ``vpsrlvw``, 32 uint16 lanes)
AVX512BW = "+avx512bw" in _target_features().split(",")
#: the values a map of :func:`scan32` holds: 0..1023, 64 uint16 words
MAP_VALUES = 1024

_I16, _I32, _I64 = ir.IntType(16), ir.IntType(32), ir.IntType(64)
_V32 = ir.VectorType(_I16, 32)


def _splat(value: int) -> Any:
    return ir.Constant(_V32, [ir.Constant(_I16, value)] * 32)


def _vector_at(context: Any, builder: Any, arrty: Any, arr: Any, index: Any) -> Any:
    """The 32 uint16 of ``arr[index..index+31]`` (unaligned load)."""
    data = context.make_array(arrty)(context, builder, arr).data
    ptr = builder.bitcast(builder.gep(data, [index]), _V32.as_pointer())
    return builder.load(ptr, align=2)


def _splat_value(builder: Any, value: Any) -> Any:
    """The i16 ``value`` in all 32 lanes."""
    one = builder.insert_element(ir.Constant(_V32, ir.Undefined), value, ir.Constant(_I32, 0))
    zeros = ir.Constant(ir.VectorType(_I32, 32), [ir.Constant(_I32, 0)] * 32)
    return builder.shuffle_vector(one, ir.Constant(_V32, ir.Undefined), zeros)


def _lookup(context: Any, builder: Any, garrty: Any, gv: Any, r64: Any, a64: Any,
            m0: Any, m1: Any) -> Any:
    """The i32 mask (bit ``j``) of the 32 splits ``(a + j, r - a - j)`` whose XOR
    ``x`` is in the map ``(m0, m1)``: two loads (the second part
    reversed by a permute), the XOR, ``vpermi2w`` of the map's two 512-bit halves
    by ``x >> 4``, a variable shift by ``x & 15``, and ``x < 1024``."""
    lo = _vector_at(context, builder, garrty, gv, a64)
    far = builder.sub(builder.sub(r64, a64), ir.Constant(_I64, 31))
    hi = _vector_at(context, builder, garrty, gv, far)
    rev = ir.Constant(ir.VectorType(_I32, 32), [ir.Constant(_I32, 31 - j) for j in range(32)])
    x = builder.xor(lo, builder.shuffle_vector(hi, ir.Constant(_V32, ir.Undefined), rev))
    fnty = ir.FunctionType(_V32, [_V32, _V32, _V32])
    fn = builder.module.declare_intrinsic("llvm.x86.avx512.vpermi2var.hi.512", fnty=fnty)
    word = builder.call(fn, [m0, builder.lshr(x, _splat(4)), m1])
    bit = builder.and_(builder.lshr(word, builder.and_(x, _splat(15))), _splat(1))
    hit = builder.and_(builder.icmp_unsigned("!=", bit, _splat(0)),
                       builder.icmp_unsigned("<", x, _splat(MAP_VALUES)))
    return builder.bitcast(hit, _I32)


@intrinsic
def scan32(typingctx: Any, g: Any, r: Any, a: Any, hi: Any, bm: Any) -> Any:
    """Take out of the map ``bm`` (64 uint16 words; ``x`` is in it when
    ``x < 1024`` and bit ``x & 15`` of ``bm[x >> 4]`` is set) the XORs of the splits
    ``(b, r - b)``, ``b = a, a + 32, ...`` in whole blocks of 32 up to ``hi``,
    with the map in two 512-bit registers all along (a hit clears its bits there);
    stops after the block that empties the map. Returns ``(b, empty)``: where it
    stopped (the splits from ``b`` on are not looked at) and whether the map is
    empty; ``bm`` is written back. Without AVX-512 BW it looks at nothing:
    ``(a, 0)``. No bounds check: it reads ``g[a..hi]`` and ``g[r-hi..r-a]``,
    which the caller keeps inside ``g``."""
    if not (isinstance(g, types.Array) and g.dtype == types.uint16 and g.ndim == 1
            and isinstance(bm, types.Array) and bm.dtype == types.uint16 and bm.ndim == 1
            and all(isinstance(t, types.Integer) for t in (r, a, hi))):
        return None
    sig = types.UniTuple(types.int64, 2)(g, r, a, hi, bm)  # type: ignore[no-untyped-call]

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        gv, rv, av, hv, bmv = args
        r64, a64, h64 = (context.cast(builder, v, t, types.int64)
                         for v, t in zip((rv, av, hv), signature.args[1:4]))
        zero64 = ir.Constant(_I64, 0)
        if not AVX512BW:
            return context.make_tuple(builder, signature.return_type, [a64, zero64])
        bmdata = context.make_array(signature.args[4])(context, builder, bmv).data
        p0 = builder.bitcast(bmdata, _V32.as_pointer())
        p1 = builder.bitcast(builder.gep(bmdata, [ir.Constant(_I64, 32)]), _V32.as_pointer())
        gdata = context.make_array(signature.args[0])(context, builder, gv).data
        m0_in, m1_in = builder.load(p0, align=2), builder.load(p1, align=2)
        fn = builder.function
        entry = builder.block
        head, body, lane, after, done = (fn.append_basic_block(f"scan32.{s}")
                                         for s in ("head", "body", "lane", "after", "done"))
        builder.branch(head)

        builder.position_at_end(head)  # a block of 32 left before hi?
        a_at = builder.phi(_I64)
        m0 = builder.phi(_V32)
        m1 = builder.phi(_V32)
        a_at.add_incoming(a64, entry)
        m0.add_incoming(m0_in, entry)
        m1.add_incoming(m1_in, entry)
        builder.cbranch(builder.icmp_signed("<=", builder.add(a_at, ir.Constant(_I64, 31)), h64),
                        body, done)

        builder.position_at_end(body)  # look the block up; no hit: the next one
        k = _lookup(context, builder, signature.args[0], gv, r64, a_at, m0, m1)
        a_next = builder.add(a_at, ir.Constant(_I64, 32))
        a_at.add_incoming(a_next, body)
        m0.add_incoming(m0, body)
        m1.add_incoming(m1, body)
        builder.cbranch(builder.icmp_unsigned("!=", k, ir.Constant(_I32, 0)), lane, head)

        builder.position_at_end(lane)  # clear the bit of each hit, in the registers
        h = builder.phi(_I32)
        t0 = builder.phi(_V32)
        t1 = builder.phi(_V32)
        h.add_incoming(k, body)
        t0.add_incoming(m0, body)
        t1.add_incoming(m1, body)
        cttz = builder.module.declare_intrinsic(
            "llvm.cttz.i32", fnty=ir.FunctionType(_I32, [_I32, ir.IntType(1)]))
        j = builder.zext(builder.call(cttz, [h, ir.Constant(ir.IntType(1), 1)]), _I64)
        b = builder.add(a_at, j)
        xa = builder.load(builder.gep(gdata, [b]), align=2)
        xb = builder.load(builder.gep(gdata, [builder.sub(r64, b)]), align=2)
        x = builder.xor(xa, xb)
        wv = _splat_value(builder, builder.lshr(x, ir.Constant(_I16, 4)))
        bv = _splat_value(builder, builder.shl(ir.Constant(_I16, 1),
                                               builder.and_(x, ir.Constant(_I16, 15))))
        iota0 = ir.Constant(_V32, [ir.Constant(_I16, i) for i in range(32)])
        iota1 = ir.Constant(_V32, [ir.Constant(_I16, i + 32) for i in range(32)])
        zero = _splat(0)
        t0n = builder.and_(t0, builder.not_(builder.select(builder.icmp_unsigned("==", iota0, wv), bv, zero)))
        t1n = builder.and_(t1, builder.not_(builder.select(builder.icmp_unsigned("==", iota1, wv), bv, zero)))
        hn = builder.and_(h, builder.sub(h, ir.Constant(_I32, 1)))
        h.add_incoming(hn, lane)
        t0.add_incoming(t0n, lane)
        t1.add_incoming(t1n, lane)
        builder.cbranch(builder.icmp_unsigned("!=", hn, ir.Constant(_I32, 0)), lane, after)

        builder.position_at_end(after)  # the map empty: stop after this block
        both = builder.bitcast(builder.or_(t0n, t1n), ir.IntType(512))
        empty = builder.icmp_unsigned("==", both, ir.Constant(ir.IntType(512), 0))
        a_at.add_incoming(a_next, after)
        m0.add_incoming(t0n, after)
        m1.add_incoming(t1n, after)
        builder.cbranch(empty, done, head)

        builder.position_at_end(done)
        a_out = builder.phi(_I64)
        flag = builder.phi(_I64)
        m0_out = builder.phi(_V32)
        m1_out = builder.phi(_V32)
        a_out.add_incoming(a_at, head)
        flag.add_incoming(zero64, head)
        m0_out.add_incoming(m0, head)
        m1_out.add_incoming(m1, head)
        a_out.add_incoming(a_next, after)
        flag.add_incoming(ir.Constant(_I64, 1), after)
        m0_out.add_incoming(t0n, after)
        m1_out.add_incoming(t1n, after)
        builder.store(m0_out, p0, align=2)
        builder.store(m1_out, p1, align=2)
        return context.make_tuple(builder, signature.return_type, [a_out, flag])

    return sig, codegen
