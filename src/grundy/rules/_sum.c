/* The compiled core of grundy.Sum and of the reducer's scan over Sum options.
 *
 * A move function of a splitting game (Multi-SG) yields one Sum per split, so a
 * Lasker's Nim table builds millions of them: in pure Python a constructor costs
 * 250-400 ns on CPython 3.11, more than the hand-written recursion spends on the
 * whole option.  This module holds only what must be fast:
 *
 *   SumBase.__new__(*parts)  store the parts as a tuple (nested sums flattened), check
 *                            that they hash, in C;
 *   == and hash()            order-free: a sum is a multiset of parts.  The key is the
 *                            sorted tuple of the parts when all are ints or all are
 *                            strings, else the Python fallback's (a frozenset of
 *                            counts); the hash is hash(("grundy.Sum", key)).  Both are
 *                            made on first use and kept;
 *   xor_scan(opts, memo)     the set of option values when every one is known (a Sum
 *                            option is worth the XOR of its parts), else None;
 *   scan_options(it, memo, vals, n)
 *                            the reducer's lazy scan: read options from an iterator
 *                            while their values are known, adding them to a set, and
 *                            hand back the first unknown one (DONE / MORE otherwise);
 *   LazyLoop (in _lazy.c)    the reducer's whole lazy search, for a mex rule.
 *
 * Everything else (repr, pickling, docs, the fallback key) is the readable Python
 * subclass grundy.rules.sums.Sum.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

typedef struct {
    PyObject_HEAD
    PyObject *parts; /* tuple of hashable parts, never NULL once built */
    PyObject *key;   /* order-free key, made on first use (NULL until then) */
    PyObject *hash;  /* its hash as an int, made with the key */
} SumObject;

static PyTypeObject *SumBase_Type = NULL;
static PyObject *unhashable_error = NULL; /* set by configure(); TypeError before */
static PyObject *multiset_key = NULL;     /* set by configure(): parts -> key */
static PyObject *sum_tag = NULL;          /* "grundy.Sum", salts the hash */
static PyObject *scan_done = NULL;        /* scan_options: the iterator is exhausted */
static PyObject *scan_more = NULL;        /* scan_options: n options read, more to come */

static int
is_sum(PyObject *o)
{
    return PyObject_TypeCheck(o, SumBase_Type);
}

/* raise the configured error naming the first part that cannot be hashed */
static void
raise_unhashable(PyObject *parts)
{
    Py_ssize_t n = PyTuple_GET_SIZE(parts);
    PyErr_Clear();
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *p = PyTuple_GET_ITEM(parts, i);
        if (PyObject_Hash(p) == -1) {
            if (!PyErr_ExceptionMatches(PyExc_TypeError))
                return; /* not a hashing refusal: let it through */
            PyErr_Clear();
            PyObject *err = unhashable_error ? unhashable_error : PyExc_TypeError;
            PyErr_Format(err,
                         "Sum part %R is not hashable; positions must be hashable "
                         "(use tuples, not lists)", p);
            return;
        }
    }
    PyErr_SetString(PyExc_TypeError, "Sum parts are not hashable");
}

static PyObject *
SumBase_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    if (kwds != NULL && PyDict_GET_SIZE(kwds) != 0) {
        PyErr_SetString(PyExc_TypeError, "Sum() takes positions, not keyword arguments");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    PyObject *parts = args;
    Py_INCREF(parts);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (is_sum(PyTuple_GET_ITEM(args, i))) { /* flatten: Sum(1, Sum(2, 3)) */
            PyObject *flat = PyList_New(0);
            if (flat == NULL)
                goto fail;
            for (Py_ssize_t j = 0; j < n; j++) {
                PyObject *q = PyTuple_GET_ITEM(args, j);
                int bad;
                if (is_sum(q)) {
                    PyObject *sub = ((SumObject *)q)->parts;
                    bad = PyList_SetSlice(flat, PY_SSIZE_T_MAX, PY_SSIZE_T_MAX, sub);
                } else {
                    bad = PyList_Append(flat, q);
                }
                if (bad < 0) {
                    Py_DECREF(flat);
                    goto fail;
                }
            }
            Py_SETREF(parts, PyList_AsTuple(flat));
            Py_DECREF(flat);
            if (parts == NULL)
                return NULL;
            break;
        }
    }
    if (PyObject_Hash(parts) == -1) {
        raise_unhashable(parts);
        goto fail;
    }
    SumObject *self = (SumObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        goto fail;
    self->parts = parts; /* the reference taken above */
    return (PyObject *)self;
fail:
    Py_XDECREF(parts);
    return NULL;
}

/* make self->key and self->hash (once) */
static int
ensure_key(SumObject *self)
{
    if (self->key != NULL)
        return 0;
    PyObject *parts = self->parts;
    Py_ssize_t n = PyTuple_GET_SIZE(parts);
    int ints = n > 0, strs = n > 0;
    for (Py_ssize_t i = 0; i < n && (ints || strs); i++) {
        PyObject *p = PyTuple_GET_ITEM(parts, i);
        ints &= PyLong_CheckExact(p);
        strs &= PyUnicode_CheckExact(p);
    }
    PyObject *key;
    if (ints || strs) { /* totally ordered: the sorted tuple */
        PyObject *lst = PySequence_List(parts);
        if (lst == NULL)
            return -1;
        if (PyList_Sort(lst) < 0) {
            Py_DECREF(lst);
            return -1;
        }
        key = PyList_AsTuple(lst);
        Py_DECREF(lst);
    } else if (multiset_key != NULL) {
        key = PyObject_CallOneArg(multiset_key, parts);
    } else {
        PyErr_SetString(PyExc_RuntimeError, "grundy.rules._sum is not configured");
        return -1;
    }
    if (key == NULL)
        return -1;
    PyObject *tagged = PyTuple_Pack(2, sum_tag, key);
    if (tagged == NULL) {
        Py_DECREF(key);
        return -1;
    }
    Py_hash_t h = PyObject_Hash(tagged);
    Py_DECREF(tagged);
    PyObject *hash = h == -1 ? NULL : PyLong_FromSsize_t(h);
    if (hash == NULL) {
        Py_DECREF(key);
        return -1;
    }
    self->key = key;
    self->hash = hash;
    return 0;
}

static Py_hash_t
SumBase_hash(SumObject *self)
{
    if (ensure_key(self) < 0)
        return -1;
    return PyLong_AsSsize_t(self->hash);
}

static PyObject *
SumBase_richcompare(PyObject *a, PyObject *b, int op)
{
    if (op != Py_EQ && op != Py_NE)
        Py_RETURN_NOTIMPLEMENTED;
    int eq;
    if (!is_sum(b)) {
        eq = 0; /* a Sum is never equal to a tuple or any other position */
    } else {
        SumObject *x = (SumObject *)a, *y = (SumObject *)b;
        eq = x == y ? 1 : PyObject_RichCompareBool(x->parts, y->parts, Py_EQ);
        if (eq == 0) {
            if (ensure_key(x) < 0 || ensure_key(y) < 0)
                return NULL;
            eq = PyObject_RichCompareBool(x->key, y->key, Py_EQ);
        }
        if (eq < 0)
            return NULL;
    }
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static void
SumBase_dealloc(SumObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    Py_XDECREF(self->parts);
    Py_XDECREF(self->key);
    Py_XDECREF(self->hash);
    tp->tp_free((PyObject *)self);
    if (tp->tp_flags & Py_TPFLAGS_HEAPTYPE)
        Py_DECREF(tp);
}

static PyMemberDef SumBase_members[] = {
    {"parts", T_OBJECT_EX, offsetof(SumObject, parts), READONLY,
     "The positions summed, flat, in the order given."},
    {"_key", T_OBJECT_EX, offsetof(SumObject, key), READONLY, "Order-free key (lazy)."},
    {"_hash", T_OBJECT_EX, offsetof(SumObject, hash), READONLY, "Hash of the key (lazy)."},
    {NULL}
};

static PyType_Slot SumBase_slots[] = {
    {Py_tp_new, SumBase_new},
    {Py_tp_dealloc, SumBase_dealloc},
    {Py_tp_members, SumBase_members},
    {Py_tp_hash, SumBase_hash},
    {Py_tp_richcompare, SumBase_richcompare},
    {Py_tp_doc, "The compiled storage of grundy.Sum (see grundy.rules.sums)."},
    {0, NULL}
};

static PyType_Spec SumBase_spec = {
    "grundy.rules._sum.SumBase",
    sizeof(SumObject),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    SumBase_slots
};

/* the XOR of the values of a Sum's parts: 1 (*out a new reference), 0 when a part's
 * value is not in memo, -1 on error */
static int
sum_value(PyObject *sum, PyObject *memo, PyObject **out)
{
    PyObject *parts = ((SumObject *)sum)->parts;
    Py_ssize_t n = PyTuple_GET_SIZE(parts);
    PyObject *x = PyLong_FromLong(0);
    for (Py_ssize_t j = 0; j < n && x != NULL; j++) {
        PyObject *c = PyDict_GetItemWithError(memo, PyTuple_GET_ITEM(parts, j));
        if (c == NULL) {
            Py_DECREF(x);
            return PyErr_Occurred() ? -1 : 0;
        }
        Py_SETREF(x, PyNumber_Xor(x, c));
    }
    if (x == NULL)
        return -1;
    *out = x;
    return 1;
}

/* xor_scan(opts, memo): the set {value of o : o in opts} when every option's value
 * is in memo (an option that is a Sum is worth the XOR of its parts' values), or
 * None when one is missing.  An unhashable option raises TypeError. */
static PyObject *
xor_scan(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyList_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "xor_scan(opts: list, memo: dict)");
        return NULL;
    }
    PyObject *opts = args[0], *memo = args[1];
    PyObject *seen = PySet_New(NULL);
    if (seen == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(opts); i++) {
        PyObject *o = PyList_GET_ITEM(opts, i);
        PyObject *v;
        if (is_sum(o)) {
            PyObject *x;
            int known = sum_value(o, memo, &x);
            if (known <= 0) {
                Py_DECREF(seen);
                if (known < 0)
                    return NULL;
                Py_RETURN_NONE;
            }
            int bad = PySet_Add(seen, x);
            Py_DECREF(x);
            if (bad < 0) {
                Py_DECREF(seen);
                return NULL;
            }
            continue;
        }
        v = PyDict_GetItemWithError(memo, o); /* borrowed */
        if (v == NULL) {
            Py_DECREF(seen);
            if (PyErr_Occurred())
                return NULL;
            Py_RETURN_NONE;
        }
        if (PySet_Add(seen, v) < 0) {
            Py_DECREF(seen);
            return NULL;
        }
    }
    return seen;
}

/* scan_options(it, memo, vals, n): read at most n options from the iterator it; the
 * value of each one known to memo (a Sum: the XOR of its parts' values, all known) is
 * added to the set vals.  Returns the first option whose value is not known (a Sum
 * with a part not known is returned whole), DONE when the iterator is exhausted, or
 * MORE when n options were read (the caller looks at its clock and calls again;
 * the iterator may be exhausted, and the next call says DONE).
 * Errors of the iterator and unhashable options (TypeError) propagate. */
static PyObject *
scan_options(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyIter_Check(args[0]) || !PyDict_Check(args[1])
        || !PySet_Check(args[2]) || !PyLong_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError,
                        "scan_options(it: iterator, memo: dict, vals: set, n: int)");
        return NULL;
    }
    PyObject *it = args[0], *memo = args[1], *vals = args[2];
    Py_ssize_t n = PyLong_AsSsize_t(args[3]);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    iternextfunc next = Py_TYPE(it)->tp_iternext;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = next(it);
        if (o == NULL) {
            if (PyErr_Occurred()) {
                if (!PyErr_ExceptionMatches(PyExc_StopIteration))
                    return NULL;
                PyErr_Clear();
            }
            Py_INCREF(scan_done);
            return scan_done;
        }
        int bad;
        if (is_sum(o)) {
            PyObject *x = NULL;
            int found = sum_value(o, memo, &x);
            if (found <= 0) {
                if (found < 0) {
                    Py_DECREF(o);
                    return NULL;
                }
                return o; /* the unknown Sum (our reference) */
            }
            bad = PySet_Add(vals, x);
            Py_DECREF(x);
        } else {
            PyObject *v = PyDict_GetItemWithError(memo, o); /* borrowed */
            if (v == NULL) {
                if (PyErr_Occurred()) {
                    Py_DECREF(o);
                    return NULL;
                }
                return o; /* the unknown option (our reference) */
            }
            bad = PySet_Add(vals, v);
        }
        Py_DECREF(o);
        if (bad < 0)
            return NULL;
    }
    Py_INCREF(scan_more);
    return scan_more;
}

/* for _lazy.c, the reducer's loop */
int grundy_is_sum(PyObject *o) { return is_sum(o); }
int grundy_sum_value(PyObject *sum, PyObject *memo, PyObject **out)
{
    return sum_value(sum, memo, out);
}
int grundy_lazy_add(PyObject *m); /* in _lazy.c */

/* sum_value(sum, memo): the XOR of the values of the parts of a Sum, or None when
 * one of them is not in memo */
static PyObject *
py_sum_value(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !is_sum(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "sum_value(sum: Sum, memo: dict)");
        return NULL;
    }
    PyObject *x = NULL;
    int found = sum_value(args[0], args[1], &x);
    if (found < 0)
        return NULL;
    if (found == 0)
        Py_RETURN_NONE;
    return x;
}

/* configure(error_class, multiset_key): the exception raised for an unhashable
 * part, and the key of a sum whose parts are not all ints or all strings */
static PyObject *
configure(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyType_Check(args[0])
        || !PyType_IsSubtype((PyTypeObject *)args[0], (PyTypeObject *)PyExc_TypeError)
        || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError,
                        "configure(error: TypeError subclass, multiset_key: callable)");
        return NULL;
    }
    Py_INCREF(args[0]);
    Py_XSETREF(unhashable_error, args[0]);
    Py_INCREF(args[1]);
    Py_XSETREF(multiset_key, args[1]);
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"xor_scan", (PyCFunction)(void (*)(void))xor_scan, METH_FASTCALL,
     "xor_scan(opts, memo): the set of option values if all are known, else None."},
    {"scan_options", (PyCFunction)(void (*)(void))scan_options, METH_FASTCALL,
     "scan_options(it, memo, vals, n): add the values of the options read from it to "
     "vals while they are known; the first unknown option, DONE or MORE (n read)."},
    {"sum_value", (PyCFunction)(void (*)(void))py_sum_value, METH_FASTCALL,
     "sum_value(sum, memo): the XOR of the values of the parts, or None if one is unknown."},
    {"configure", (PyCFunction)(void (*)(void))configure, METH_FASTCALL,
     "configure(error_class, multiset_key): the error for an unhashable part, and the "
     "order-free key of parts that are not all ints or all strings."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef sum_module = {
    PyModuleDef_HEAD_INIT, "_sum",
    "Compiled storage of grundy.Sum and the reducer's XOR scan.", -1, module_methods
};

PyMODINIT_FUNC
PyInit__sum(void)
{
    PyObject *m = PyModule_Create(&sum_module);
    if (m == NULL)
        return NULL;
    sum_tag = PyUnicode_InternFromString("grundy.Sum");
    if (sum_tag == NULL) {
        Py_DECREF(m);
        return NULL;
    }
    /* the two answers of scan_options that are not options: plain objects */
    scan_done = PyObject_CallNoArgs((PyObject *)&PyBaseObject_Type);
    scan_more = PyObject_CallNoArgs((PyObject *)&PyBaseObject_Type);
    if (scan_done == NULL || scan_more == NULL
        || PyModule_AddObjectRef(m, "DONE", scan_done) < 0
        || PyModule_AddObjectRef(m, "MORE", scan_more) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    SumBase_Type = (PyTypeObject *)PyType_FromSpec(&SumBase_spec);
    if (SumBase_Type == NULL) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(SumBase_Type);
    if (PyModule_AddObject(m, "SumBase", (PyObject *)SumBase_Type) < 0) {
        Py_DECREF(SumBase_Type);
        Py_DECREF(m);
        return NULL;
    }
    if (grundy_lazy_add(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
