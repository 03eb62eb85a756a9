/* The reducer's lazy search in C: the loop of grundy.solve.reducer.lazy for a mex
 * rule without a budget of positions, with nothing but the move function called in
 * Python per position.
 *
 * LazyLoop(moves, memo, onpath, root, ruleset_type, clock, upper, offset) holds one
 * search (upper() - offset is never less than clock(), a cheaper clock to tell
 * that next_look is not reached yet; upper may be None): the
 * current position and its iterator of options, the path of positions waiting for
 * an option (a C array), and the values each has read (a bit set of the values
 * below 64, a set of the others).  run() searches until something must be done in
 * Python, and says what with a code:
 *
 *   FINISHED  the root's value is in memo;
 *   CHECK     the count reached `check`, or the clock `next_look`: tick the budget
 *             (the position counted is expanded at the next run());
 *   MORE      CHUNK options of one position read since the last answer, all known:
 *             look at the clock;
 *   LOOP      the option `waiting` is on the path (path() lists it);
 *   UNSTABLE  the Sum `waiting` has every part in memo, yet a part was missed;
 *   RULESET   the move function returned a Ruleset (call it again: it raises).
 *
 * An error propagates with `phase` saying where: 1 calling the move function or
 * iterating its result (iter()), 2 reading options, 0 elsewhere.  The readable
 * loop, and the fallback when this module is an older build, is the Python one in
 * grundy/solve/reducer/lazy.py; the tests run both.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

/* from _sum.c */
int grundy_is_sum(PyObject *o);
int grundy_sum_value(PyObject *sum, PyObject *memo, PyObject **out);

enum { FINISHED, CHECK, MORE, LOOP, UNSTABLE, RULESET };
#define CHUNK 256 /* options read between two looks at the clock (as lazy.py's _CHUNK) */

typedef struct {
    PyObject *p;    /* the position */
    PyObject *it;   /* the iterator of its options; NULL: not expanded yet */
    PyObject *big;  /* the values read that are not ints in [0, 64) (a set), or NULL */
    PyObject *o;    /* on the path: the option it waits for */
    uint64_t small; /* the values read in [0, 64), as bits */
} Frame;

typedef struct {
    PyObject_HEAD
    PyObject *moves, *memo, *onpath, *ruleset_type, *clock;
    PyObject *upper;   /* upper() - offset >= clock(), or NULL */
    double offset;
    PyObject *raw;     /* a result of the move function not yet iterated (RULESET) */
    PyObject *waiting; /* the option of a LOOP or UNSTABLE answer */
    Frame cur;
    Frame *path;
    Py_ssize_t depth, room;
    long long count, check;
    double next_look;
    int counted; /* cur.p was counted and is not expanded yet */
    int phase;
} LazyObject;

static void
frame_clear(Frame *f)
{
    Py_CLEAR(f->p);
    Py_CLEAR(f->it);
    Py_CLEAR(f->big);
    Py_CLEAR(f->o);
    f->small = 0;
}

/* add the value v (borrowed) to the values read by f */
static int
add_value(Frame *f, PyObject *v)
{
    if (PyLong_CheckExact(v)) {
        int overflow;
        long x = PyLong_AsLongAndOverflow(v, &overflow);
        if (!overflow && x >= 0 && x < 64) {
            f->small |= (uint64_t)1 << x;
            return 0;
        }
    }
    if (f->big == NULL && (f->big = PySet_New(NULL)) == NULL)
        return -1;
    Py_INCREF(v); /* its hash may run Python code */
    int bad = PySet_Add(f->big, v);
    Py_DECREF(v);
    return bad;
}

/* the least int not among the values read by f (as `while v in vals: v += 1`) */
static PyObject *
mex(Frame *f)
{
    long m = 0;
    for (;;) {
        if (m < 64 && (f->small >> m) & 1) {
            m++;
            continue;
        }
        if (f->big == NULL)
            return PyLong_FromLong(m);
        PyObject *x = PyLong_FromLong(m);
        if (x == NULL)
            return NULL;
        int in = PySet_Contains(f->big, x);
        if (in != 1) {
            if (in == 0)
                return x;
            Py_DECREF(x);
            return NULL;
        }
        Py_DECREF(x);
        m++;
    }
}

static PyObject *
answer(LazyObject *self, int code)
{
    self->phase = 0;
    return PyLong_FromLong(code);
}

/* run(): search until something must be done in Python (the codes above) */
static PyObject *
Lazy_run(LazyObject *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *memo = self->memo;
    Frame *cur = &self->cur;
    if (cur->p == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the lazy search is over");
        return NULL;
    }
    Py_CLEAR(self->waiting);
    PyObject *o, *v;
    if (cur->it != NULL)
        goto scan; /* after MORE */
expand:
    if (!self->counted) {
        self->count++;
        if (self->count >= self->check) {
            self->counted = 1;
            return answer(self, CHECK);
        }
        int late = 1; /* clock() >= next_look */
        if (self->upper != NULL) { /* not late if the upper bound is not */
            PyObject *t = PyObject_CallNoArgs(self->upper);
            if (t == NULL)
                return NULL;
            double now = PyFloat_AsDouble(t);
            Py_DECREF(t);
            if (now == -1.0 && PyErr_Occurred())
                return NULL;
            late = now - self->offset >= self->next_look;
        }
        if (late) {
            PyObject *t = PyObject_CallNoArgs(self->clock);
            if (t == NULL)
                return NULL;
            double now = PyFloat_AsDouble(t);
            Py_DECREF(t);
            if (now == -1.0 && PyErr_Occurred())
                return NULL;
            if (now >= self->next_look) {
                self->counted = 1;
                return answer(self, CHECK);
            }
        }
        self->counted = 1;
    }
    self->phase = 1;
    if (self->raw == NULL) {
        PyObject *raw = PyObject_CallOneArg(self->moves, cur->p);
        if (raw == NULL)
            return NULL;
        if (!PyList_CheckExact(raw)) {
            int r = PyObject_IsInstance(raw, self->ruleset_type);
            if (r != 0) {
                if (r < 0) {
                    Py_DECREF(raw);
                    return NULL;
                }
                self->raw = raw;
                return answer(self, RULESET);
            }
        }
        self->raw = raw;
    }
    cur->it = PyObject_GetIter(self->raw);
    if (cur->it == NULL)
        return NULL;
    Py_CLEAR(self->raw);
    self->counted = 0;
    self->phase = 0;
    if (PySet_Add(self->onpath, cur->p) < 0)
        return NULL;
scan:
    self->phase = 2;
    {
        iternextfunc next = Py_TYPE(cur->it)->tp_iternext;
        for (int i = 0; i < CHUNK; i++) {
            o = next(cur->it);
            if (o == NULL) {
                if (PyErr_Occurred()) {
                    if (!PyErr_ExceptionMatches(PyExc_StopIteration))
                        return NULL;
                    PyErr_Clear();
                }
                goto finish;
            }
            int bad;
            if (grundy_is_sum(o)) {
                PyObject *x = NULL;
                int found = grundy_sum_value(o, memo, &x);
                if (found <= 0) {
                    if (found < 0) {
                        Py_DECREF(o);
                        return NULL;
                    }
                    goto unknown;
                }
                bad = add_value(cur, x);
                Py_DECREF(x);
            } else {
                v = PyDict_GetItemWithError(memo, o); /* borrowed */
                if (v == NULL) {
                    if (PyErr_Occurred()) {
                        Py_DECREF(o);
                        return NULL;
                    }
                    goto unknown;
                }
                bad = add_value(cur, v);
            }
            Py_DECREF(o);
            if (bad < 0)
                return NULL;
        }
        return answer(self, MORE);
    }
finish: /* every option of cur->p is known: its value */
    self->phase = 0;
    v = mex(cur);
    if (v == NULL)
        return NULL;
    if (PyDict_SetItem(memo, cur->p, v) < 0 || PySet_Discard(self->onpath, cur->p) < 0) {
        Py_DECREF(v);
        return NULL;
    }
    frame_clear(cur);
    if (self->depth == 0) {
        Py_DECREF(v);
        return answer(self, FINISHED);
    }
    *cur = self->path[--self->depth];
    o = cur->o;
    cur->o = NULL;
    if (!grundy_is_sum(o)) { /* o is the position just valued */
        Py_DECREF(o);
        int bad = add_value(cur, v);
        Py_DECREF(v);
        if (bad < 0)
            return NULL;
        goto scan;
    }
    Py_DECREF(v);
    {
        PyObject *x = NULL;
        int found = grundy_sum_value(o, memo, &x);
        if (found != 0) {
            Py_DECREF(o);
            if (found < 0)
                return NULL;
            int bad = add_value(cur, x);
            Py_DECREF(x);
            if (bad < 0)
                return NULL;
            goto scan;
        }
    }
    /* another part of the Sum o is unknown: descend into it */
unknown: /* o (our reference) is an option of cur->p whose value is not known */
    self->phase = 0;
    {
        PyObject *c = NULL;
        if (grundy_is_sum(o)) {
            PyObject *parts = PyObject_GetAttrString(o, "parts");
            if (parts == NULL) {
                Py_DECREF(o);
                return NULL;
            }
            Py_ssize_t n = PyTuple_GET_SIZE(parts);
            for (Py_ssize_t j = 0; j < n && c == NULL; j++) {
                PyObject *q = PyTuple_GET_ITEM(parts, j);
                int in = PyDict_Contains(memo, q);
                if (in < 0) {
                    Py_DECREF(parts);
                    Py_DECREF(o);
                    return NULL;
                }
                if (!in) {
                    c = q;
                    Py_INCREF(c);
                }
            }
            Py_DECREF(parts);
            if (c == NULL) { /* the C lookup missed what `in` finds: a hash changed */
                self->waiting = o;
                return answer(self, UNSTABLE);
            }
        } else {
            c = o;
            Py_INCREF(c);
        }
        int in = PySet_Contains(self->onpath, c);
        if (in != 0) {
            Py_DECREF(o);
            if (in < 0) {
                Py_DECREF(c);
                return NULL;
            }
            self->waiting = c;
            return answer(self, LOOP);
        }
        if (self->depth == self->room) {
            Py_ssize_t room = self->room ? 2 * self->room : 64;
            Frame *path = PyMem_Realloc(self->path, room * sizeof(Frame));
            if (path == NULL) {
                Py_DECREF(c);
                Py_DECREF(o);
                PyErr_NoMemory();
                return NULL;
            }
            self->path = path;
            self->room = room;
        }
        cur->o = o;
        self->path[self->depth++] = *cur;
        cur->p = c;
        cur->it = NULL;
        cur->big = NULL;
        cur->o = NULL;
        cur->small = 0;
    }
    goto expand;
}

/* path(): the positions on the path, the current one last */
static PyObject *
Lazy_path(LazyObject *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i <= self->depth; i++) {
        PyObject *p = i < self->depth ? self->path[i].p : self->cur.p;
        if (p != NULL && PyList_Append(out, p) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static int
Lazy_traverse(LazyObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->moves);
    Py_VISIT(self->memo);
    Py_VISIT(self->onpath);
    Py_VISIT(self->ruleset_type);
    Py_VISIT(self->clock);
    Py_VISIT(self->upper);
    Py_VISIT(self->raw);
    Py_VISIT(self->waiting);
    for (Py_ssize_t i = 0; i <= self->depth; i++) {
        Frame *f = i < self->depth ? &self->path[i] : &self->cur;
        Py_VISIT(f->p);
        Py_VISIT(f->it);
        Py_VISIT(f->big);
        Py_VISIT(f->o);
    }
    Py_VISIT(Py_TYPE(self));
    return 0;
}

static int
Lazy_clear(LazyObject *self)
{
    Py_CLEAR(self->moves);
    Py_CLEAR(self->memo);
    Py_CLEAR(self->onpath);
    Py_CLEAR(self->ruleset_type);
    Py_CLEAR(self->clock);
    Py_CLEAR(self->upper);
    Py_CLEAR(self->raw);
    Py_CLEAR(self->waiting);
    while (self->depth > 0)
        frame_clear(&self->path[--self->depth]);
    frame_clear(&self->cur);
    return 0;
}

static void
Lazy_dealloc(LazyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Lazy_clear(self);
    PyMem_Free(self->path);
    tp->tp_free((PyObject *)self);
    Py_DECREF(tp);
}

static PyObject *
Lazy_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *moves, *memo, *onpath, *root, *ruleset_type, *clock, *upper;
    double offset;
    if (kwds != NULL && PyDict_GET_SIZE(kwds) != 0) {
        PyErr_SetString(PyExc_TypeError, "LazyLoop() takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OO!O!OOOOd:LazyLoop", &moves, &PyDict_Type, &memo,
                          &PySet_Type, &onpath, &root, &ruleset_type, &clock, &upper,
                          &offset))
        return NULL;
    LazyObject *self = (LazyObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    Py_INCREF(moves);
    self->moves = moves;
    Py_INCREF(memo);
    self->memo = memo;
    Py_INCREF(onpath);
    self->onpath = onpath;
    Py_INCREF(ruleset_type);
    self->ruleset_type = ruleset_type;
    Py_INCREF(clock);
    self->clock = clock;
    if (upper != Py_None) {
        Py_INCREF(upper);
        self->upper = upper;
    }
    self->offset = offset;
    Py_INCREF(root);
    self->cur.p = root;
    self->check = 1;
    return (PyObject *)self;
}

static PyMemberDef Lazy_members[] = {
    {"count", T_LONGLONG, offsetof(LazyObject, count), 0,
     "Positions counted (the meter's count); the one expanded next included after CHECK."},
    {"check", T_LONGLONG, offsetof(LazyObject, check), 0, "The count of the next CHECK."},
    {"next_look", T_DOUBLE, offsetof(LazyObject, next_look), 0,
     "The clock time of the next CHECK."},
    {"phase", T_INT, offsetof(LazyObject, phase), READONLY,
     "Where the last error came from: 1 the move function, 2 its options, 0 elsewhere."},
    {"waiting", T_OBJECT, offsetof(LazyObject, waiting), READONLY,
     "The option of a LOOP or UNSTABLE answer."},
    {"position", T_OBJECT, offsetof(LazyObject, cur.p), READONLY,
     "The position being expanded."},
    {NULL}
};

static PyMethodDef Lazy_methods[] = {
    {"run", (PyCFunction)Lazy_run, METH_NOARGS,
     "Search until Python must act: FINISHED, CHECK, MORE, LOOP, UNSTABLE or RULESET."},
    {"path", (PyCFunction)Lazy_path, METH_NOARGS,
     "The positions on the path, the current one last."},
    {NULL}
};

static PyType_Slot Lazy_slots[] = {
    {Py_tp_new, Lazy_new},
    {Py_tp_dealloc, Lazy_dealloc},
    {Py_tp_traverse, Lazy_traverse},
    {Py_tp_clear, Lazy_clear},
    {Py_tp_members, Lazy_members},
    {Py_tp_methods, Lazy_methods},
    {Py_tp_doc, "LazyLoop(moves, memo, onpath, root, ruleset_type, clock, upper, offset): the lazy "
                "search of grundy.solve.reducer.lazy in C."},
    {0, NULL}
};

static PyType_Spec Lazy_spec = {
    "grundy.rules._sum.LazyLoop",
    sizeof(LazyObject),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    Lazy_slots
};

/* add LazyLoop and its codes to the module _sum */
int
grundy_lazy_add(PyObject *m)
{
    PyObject *type = PyType_FromSpec(&Lazy_spec);
    if (type == NULL)
        return -1;
    if (PyModule_AddObject(m, "LazyLoop", type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    if (PyModule_AddIntConstant(m, "LAZY_FINISHED", FINISHED) < 0
        || PyModule_AddIntConstant(m, "LAZY_CHECK", CHECK) < 0
        || PyModule_AddIntConstant(m, "LAZY_MORE", MORE) < 0
        || PyModule_AddIntConstant(m, "LAZY_LOOP", LOOP) < 0
        || PyModule_AddIntConstant(m, "LAZY_UNSTABLE", UNSTABLE) < 0
        || PyModule_AddIntConstant(m, "LAZY_RULESET", RULESET) < 0)
        return -1;
    return 0;
}
