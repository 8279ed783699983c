// SPDX-License-Identifier: MIT
// The C half of the gjk2d Python module: a thin layer over the public API (include/gjk2d.h) only.
//
// Arrays arrive through the buffer protocol (no numpy C API): the Python half (gjk2d/_core.py) has
// already converted them to the exact dtypes and layouts, and this file checks again everything that
// could make the library read or write outside a buffer (item size, kind, contiguity, length,
// writability), so a wrong call raises instead of crashing. The GIL is released around every batch
// call; `threads` > 1 splits the pair range into disjoint blocks run on pthreads, as the header allows.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <gjk2d.h>

static PyObject *error_type; // gjk2d.Error: ValueError with .code, .pair, .shape

/// Raise gjk2d.Error(message) with its attributes (code: the library's negative code or 0; pair and
/// shape: the index concerned or None).
static void raise_error(const char *message, int code, int64_t pair, int64_t shape) {
    PyObject *exc = PyObject_CallFunction(error_type, "s", message);
    if (!exc) return;
    PyObject *c = PyLong_FromLong(code);
    PyObject *p = pair >= 0 ? PyLong_FromLongLong(pair) : Py_NewRef(Py_None);
    PyObject *s = shape >= 0 ? PyLong_FromLongLong(shape) : Py_NewRef(Py_None);
    if (c && p && s && PyObject_SetAttrString(exc, "code", c) == 0 && PyObject_SetAttrString(exc, "pair", p) == 0 &&
        PyObject_SetAttrString(exc, "shape", s) == 0)
        PyErr_SetObject(error_type, exc);
    Py_XDECREF(c);
    Py_XDECREF(p);
    Py_XDECREF(s);
    Py_DECREF(exc);
}

// ---------------------------------------------------------------------------------------------
// Buffers
// ---------------------------------------------------------------------------------------------

/// Up to this many buffers are held by one call; released together.
#define MAX_VIEWS 48
typedef struct views {
    Py_buffer view[MAX_VIEWS];
    int count;
} views;

static void views_release(views *v) {
    for (int i = 0; i < v->count; i++) PyBuffer_Release(&v->view[i]);
    v->count = 0;
}

/// The struct-module kind of a buffer format ('f' float, 'd' double, 'i' int32, 'B' uint8, 'b' raw
/// bytes), ignoring a byte-order prefix of native order.
static char format_kind(const Py_buffer *b) {
    const char *f = b->format ? b->format : "B";
    if (*f == '@' || *f == '=' || (*f == '<' && 1 == *(const unsigned char *)&(int){1})) f++;
    if (f[0] && f[1] == '\0')
        return f[0] == 'l' && b->itemsize == 4 ? 'i' : f[0] == 'L' && b->itemsize == 4 ? 'I' : f[0];
    return '?';
}

/// Acquire a C-contiguous buffer of `obj` (named `name` in errors) holding at least `need_bytes`;
/// `kind` 0 accepts any item type (raw record bytes), else the item kind must match. NULL for None
/// when `optional`.
static void *acquire(views *v, PyObject *obj, const char *name, char kind, int64_t need_bytes, int writable,
                     int optional) {
    if (obj == Py_None && optional) return NULL;
    if (v->count == MAX_VIEWS) {
        PyErr_SetString(PyExc_RuntimeError, "gjk2d: too many buffers in one call");
        return NULL;
    }
    Py_buffer *b = &v->view[v->count];
    const int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, b, flags) != 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "gjk2d: %s must be a C-contiguous%s array, got %.100s", name,
                     writable ? ", writable" : "", Py_TYPE(obj)->tp_name);
        return NULL;
    }
    v->count++;
    if (kind) {
        const char got = format_kind(b);
        const Py_ssize_t size = kind == 'd' ? 8 : kind == 'B' ? 1 : 4;
        const char *type = kind == 'f'   ? "float32"
                           : kind == 'd' ? "float64"
                           : kind == 'i' ? "int32"
                           : kind == 'I' ? "uint32"
                                         : "uint8";
        if (got != kind || b->itemsize != size) {
            PyErr_Format(PyExc_TypeError, "gjk2d: %s has item format '%s', expected %s", name,
                         b->format ? b->format : "B", type);
            return NULL;
        }
    }
    if ((int64_t)b->len < need_bytes) {
        PyErr_Format(PyExc_ValueError, "gjk2d: %s holds %zd bytes, the call needs %lld", name, b->len,
                     (long long)need_bytes);
        return NULL;
    }
    return b->buf;
}

/// Length in items of a 1-D buffer argument, or -1 with an exception.
static int64_t acquire_items(views *v, PyObject *obj, const char *name, char kind, void **data) {
    *data = acquire(v, obj, name, kind, 0, 0, 0);
    if (!*data && PyErr_Occurred()) return -1;
    const Py_buffer *b = &v->view[v->count - 1];
    return (int64_t)(b->len / b->itemsize);
}

// ---------------------------------------------------------------------------------------------
// Shape sets
// ---------------------------------------------------------------------------------------------

/// A prepared set and the memory it lives in (owned by this object; never moved or copied).
typedef struct set_object {
    PyObject_HEAD void *memory;
    const gjk2d_shapes *shapes;
} set_object;

static void set_dealloc(set_object *self) {
    PyMem_RawFree(self->memory);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *set_count(set_object *self, PyObject *unused) {
    (void)unused;
    return PyLong_FromLong(gjk2d_shapes_count(self->shapes));
}

static PyObject *set_bound(set_object *self, PyObject *arg) {
    const long k = PyLong_AsLong(arg);
    if (k == -1 && PyErr_Occurred()) return NULL;
    if (k < 0 || k >= gjk2d_shapes_count(self->shapes)) {
        raise_error("gjk2d: shape index out of range", GJK2D_ERR_RANGE, -1, k);
        return NULL;
    }
    return PyFloat_FromDouble(gjk2d_shapes_bound(self->shapes, (int32_t)k));
}

static PyMethodDef set_methods[] = {
    {"count", (PyCFunction)set_count, METH_NOARGS, "Shape count of the set."},
    {"bound", (PyCFunction)set_bound, METH_O, "Bounding radius of shape k about its local origin."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject set_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gjk2d._gjk2d.PreparedSet",
    .tp_basicsize = sizeof(set_object),
    .tp_dealloc = (destructor)set_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A prepared gjk2d shape set in memory this object owns (gjk2d_shapes_prepare).",
    .tp_methods = set_methods,
};

/// prepare(vx, vy, count, first, radius, problems) -> (set, invalid, first_bad)
/// vx, vy float32 (V); count, first int32 (S) (first may be None); radius float32 (S) or None;
/// problems a writable uint8 (S).
static PyObject *py_prepare(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ovx, *ovy, *ocount, *ofirst, *oradius, *oproblems;
    if (!PyArg_ParseTuple(args, "OOOOOO", &ovx, &ovy, &ocount, &ofirst, &oradius, &oproblems)) return NULL;
    views v = {.count = 0};
    PyObject *result = NULL;
    void *vx, *vy, *count, *first = NULL, *radius = NULL, *problems;
    const int64_t nv = acquire_items(&v, ovx, "vx", 'f', &vx);
    const int64_t nvy = nv < 0 ? -1 : acquire_items(&v, ovy, "vy", 'f', &vy);
    const int64_t ns = nvy < 0 ? -1 : acquire_items(&v, ocount, "count", 'i', &count);
    if (ns < 0) goto done;
    if (nvy != nv || ns > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, nvy != nv ? "gjk2d: vx and vy differ in length" : "gjk2d: too many shapes");
        goto done;
    }
    if (ofirst != Py_None && !(first = acquire(&v, ofirst, "first", 'i', ns * 4, 0, 0))) goto done;
    if (oradius != Py_None && !(radius = acquire(&v, oradius, "radius", 'f', ns * 4, 0, 0))) goto done;
    if (!(problems = acquire(&v, oproblems, "problems", 'B', ns, 1, 0))) goto done;
    const gjk2d_geometry g = {vx, vy, nv, count, first, radius, (int32_t)ns};
    int64_t first_bad = -1;
    const int64_t size = gjk2d_shapes_size(&g);
    if (size < 0) {
        // gjk2d_shapes_size names no shape; gjk2d_shapes_prepare names the one a GJK2D_ERR_SHAPE_SPAN is
        // about before it looks at the memory.
        if (size == GJK2D_ERR_SHAPE_SPAN) gjk2d_shapes_prepare(&g, NULL, 0, NULL, NULL, &first_bad);
        char message[256];
        if (first_bad >= 0)
            snprintf(message, sizeof message, "gjk2d: shape %lld: %s", (long long)first_bad,
                     gjk2d_error_message((int)size));
        else
            snprintf(message, sizeof message, "gjk2d: %s", gjk2d_error_message((int)size));
        raise_error(message, (int)size, -1, first_bad);
        goto done;
    }
    set_object *set = PyObject_New(set_object, &set_type);
    if (!set) goto done;
    set->memory = PyMem_RawMalloc(size > 0 ? (size_t)size : 1);
    set->shapes = NULL;
    if (!set->memory) {
        Py_DECREF(set);
        PyErr_NoMemory();
        goto done;
    }
    int64_t invalid;
    Py_BEGIN_ALLOW_THREADS;
    invalid = gjk2d_shapes_prepare(&g, set->memory, size, &set->shapes, problems, &first_bad);
    Py_END_ALLOW_THREADS;
    if (invalid < 0) {
        Py_DECREF(set);
        char message[256];
        snprintf(message, sizeof message, "gjk2d: %s", gjk2d_error_message((int)invalid));
        raise_error(message, (int)invalid, -1, first_bad);
        goto done;
    }
    result = Py_BuildValue("NLL", (PyObject *)set, (long long)invalid, (long long)first_bad);
done:
    views_release(&v);
    return result;
}

static const gjk2d_shapes *get_set(PyObject *o) {
    if (!PyObject_TypeCheck(o, &set_type)) {
        PyErr_SetString(PyExc_TypeError, "gjk2d: expected a prepared set");
        return NULL;
    }
    return ((set_object *)o)->shapes;
}

// ---------------------------------------------------------------------------------------------
// Poses and pairs
// ---------------------------------------------------------------------------------------------

/// Poses from a tuple (px, px_offset, py, py_offset, c, c_offset, s, s_offset, count, stride, float64):
/// each field an array and the byte offset of record 0's field in it, one stride for all (0: packed).
/// Every field's last record is checked to lie inside its buffer.
static int parse_poses(views *v, PyObject *t, gjk2d_poses *p) {
    PyObject *arr[4];
    long long off[4], count, stride;
    int f64;
    if (!PyArg_ParseTuple(t, "OLOLOLOLLLp", &arr[0], &off[0], &arr[1], &off[1], &arr[2], &off[2], &arr[3], &off[3],
                          &count, &stride, &f64))
        return -1;
    if (count < 0 || stride < 0 || (stride > 0 && stride % 4) || count > INT64_MAX / 64 || stride > 1 << 20) {
        raise_error("gjk2d: bad pose count or stride", GJK2D_ERR_POSES, -1, -1);
        return -1;
    }
    static const char *names[4] = {"poses px", "poses py", "poses c", "poses s"};
    const void *ptr[4];
    for (int i = 0; i < 4; i++) {
        const int64_t item = i < 2 && f64 ? 8 : 4;
        const int64_t step = stride ? stride : item;
        const int64_t need = count ? off[i] + (count - 1) * step + item : 0;
        if (off[i] < 0 || off[i] % item) {
            PyErr_Format(PyExc_ValueError, "gjk2d: %s offset %lld is not a multiple of %lld", names[i], off[i],
                         (long long)item);
            return -1;
        }
        const char *base = acquire(v, arr[i], names[i], 0, need, 0, 0);
        if (!base && PyErr_Occurred()) return -1;
        ptr[i] = base + off[i];
    }
    *p = (gjk2d_poses){ptr[0], ptr[1], ptr[2], ptr[3], count, stride, f64 ? GJK2D_FLOAT64 : GJK2D_FLOAT32};
    return 0;
}

static int parse_pairs(views *v, PyObject *oa, PyObject *ob, gjk2d_pairs *pairs) {
    void *a, *b;
    const int64_t na = acquire_items(v, oa, "pairs a", 'i', &a);
    const int64_t nb = na < 0 ? -1 : acquire_items(v, ob, "pairs b", 'i', &b);
    if (nb < 0) return -1;
    if (na != nb) {
        PyErr_SetString(PyExc_ValueError, "gjk2d: the pair columns differ in length");
        return -1;
    }
    *pairs = (gjk2d_pairs){a, b, na};
    return 0;
}

// ---------------------------------------------------------------------------------------------
// Batch queries
// ---------------------------------------------------------------------------------------------

/// The queries, numbered as gjk2d/_core.py numbers them: the first three go through py_batch, the
/// others (coherence, manifolds, casts) through py_query.
enum query {
    Q_DISTANCE,
    Q_OVERLAP,
    Q_SAT,
    Q_DISTANCE_CACHED,
    Q_OVERLAP_CACHED,
    Q_MANIFOLD,
    Q_CAST,
    Q_RAY,
    Q_POINT,
    Q_TOI
};

typedef struct job {
    enum query query;
    const gjk2d_shapes *shapes;
    const gjk2d_poses *poses;
    const gjk2d_pairs *pairs;
    int64_t begin, end;
    const void *out;
    int rc;
    gjk2d_cache *cache; ///< Q_*_CACHED (NULL: cold starts)
    float scalar[2];    ///< max_distance; margin; target and tolerance
    const void *items;  ///< gjk2d_translations, _rays, _points or _sweeps
} job;

static void *run_job(void *arg) {
    job *j = arg;
    switch (j->query) {
    case Q_DISTANCE: j->rc = gjk2d_batch_distance(j->shapes, j->poses, j->pairs, j->begin, j->end, j->out); break;
    case Q_OVERLAP: j->rc = gjk2d_batch_overlap(j->shapes, j->poses, j->pairs, j->begin, j->end, j->out); break;
    case Q_SAT: j->rc = gjk2d_batch_sat(j->shapes, j->poses, j->pairs, j->begin, j->end, j->out); break;
    case Q_DISTANCE_CACHED:
        j->rc = gjk2d_batch_distance_cached(j->shapes, j->poses, j->pairs, j->begin, j->end, j->cache, j->scalar[0],
                                            j->out);
        break;
    case Q_OVERLAP_CACHED:
        j->rc = gjk2d_batch_overlap_cached(j->shapes, j->poses, j->pairs, j->begin, j->end, j->cache, j->out);
        break;
    case Q_MANIFOLD:
        j->rc = gjk2d_batch_manifold(j->shapes, j->poses, j->pairs, j->begin, j->end, j->scalar[0], j->out);
        break;
    case Q_CAST: j->rc = gjk2d_batch_cast(j->shapes, j->poses, j->pairs, j->items, j->begin, j->end, j->out); break;
    case Q_RAY: j->rc = gjk2d_batch_ray(j->shapes, j->poses, j->items, j->begin, j->end, j->out); break;
    case Q_POINT: j->rc = gjk2d_batch_point(j->shapes, j->poses, j->items, j->begin, j->end, j->out); break;
    case Q_TOI:
        j->rc = gjk2d_batch_toi(j->shapes, j->items, j->pairs, j->scalar[0], j->scalar[1], j->begin, j->end, j->out);
        break;
    }
    return NULL;
}

#define MAX_THREADS 256

/// Run [begin, end) on `threads` threads (disjoint ranges in whole SIMD blocks; the calling thread takes
/// the first); returns the first negative code. Called without the GIL.
static int run_threads(job base, int threads) {
    const int64_t n = base.end - base.begin;
    const int64_t lanes = gjk2d_lane_width();
    const int64_t blocks = (n + lanes - 1) / lanes;
    if (threads > blocks) threads = blocks > 0 ? (int)blocks : 1;
    if (threads <= 1) {
        run_job(&base);
        return base.rc;
    }
    job jobs[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    int started[MAX_THREADS] = {0};
    for (int t = 0; t < threads; t++) {
        jobs[t] = base;
        jobs[t].begin = base.begin + blocks * t / threads * lanes;
        jobs[t].end = t + 1 == threads ? base.end : base.begin + blocks * (t + 1) / threads * lanes;
        jobs[t].rc = 0;
    }
    for (int t = 1; t < threads; t++) started[t] = pthread_create(&tid[t], NULL, run_job, &jobs[t]) == 0;
    run_job(&jobs[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            run_job(&jobs[t]); // no thread to be had: this one does the range
    }
    for (int t = 0; t < threads; t++)
        if (jobs[t].rc < 0) return jobs[t].rc;
    return 0;
}

/// Output field specs per query: name, kind.
typedef struct field {
    const char *name;
    char kind;
} field;
static const field distance_fields[] = {
    {"distance", 'f'},
    {"signed_distance", 'f'},
    {"core_distance", 'f'},
    {"ax", 'f'},
    {"ay", 'f'},
    {"bx", 'f'},
    {"by", 'f'},
    {"nx", 'f'},
    {"ny", 'f'},
    {"feature_a", 'i'},
    {"feature_b", 'i'},
    {"iterations", 'i'},
    {"status", 'B'},
};
static const field overlap_fields[] = {{"overlap", 'B'}, {"iterations", 'i'}, {"status", 'B'}};
static const field sat_fields[] = {{"overlap", 'B'}, {"separation", 'f'}, {"nx", 'f'}, {"ny", 'f'}, {"status", 'B'}};

/// batch(query, set, poses, a, b, begin, end, outs, threads) -> None. `outs` is a tuple of arrays or
/// None, one per field of the query in the order above, each long enough for index end - 1.
static PyObject *py_batch(PyObject *self, PyObject *args) {
    (void)self;
    int query, threads;
    PyObject *oset, *oposes, *oa, *ob, *outs;
    long long begin, end;
    if (!PyArg_ParseTuple(args, "iOOOOLLO!i", &query, &oset, &oposes, &oa, &ob, &begin, &end, &PyTuple_Type, &outs,
                          &threads))
        return NULL;
    const field *fields = query == Q_DISTANCE ? distance_fields : query == Q_OVERLAP ? overlap_fields : sat_fields;
    const Py_ssize_t nfields = query == Q_DISTANCE  ? (Py_ssize_t)(sizeof distance_fields / sizeof *fields)
                               : query == Q_OVERLAP ? (Py_ssize_t)(sizeof overlap_fields / sizeof *fields)
                                                    : (Py_ssize_t)(sizeof sat_fields / sizeof *fields);
    if (query < Q_DISTANCE || query > Q_SAT || PyTuple_GET_SIZE(outs) != nfields || threads < 1 ||
        threads > MAX_THREADS) {
        PyErr_SetString(PyExc_ValueError, "gjk2d: bad query, output tuple or thread count");
        return NULL;
    }
    const gjk2d_shapes *shapes = get_set(oset);
    if (!shapes) return NULL;
    views v = {.count = 0};
    PyObject *result = NULL;
    gjk2d_poses poses;
    gjk2d_pairs pairs;
    if (parse_poses(&v, oposes, &poses) != 0 || parse_pairs(&v, oa, ob, &pairs) != 0) goto done;
    if (begin < 0 || begin > end || end > pairs.count) {
        raise_error("gjk2d: pair range outside the pair list", GJK2D_ERR_RANGE, -1, -1);
        goto done;
    }
    void *ptr[16] = {0};
    for (Py_ssize_t i = 0; i < nfields; i++) {
        const int64_t item = fields[i].kind == 'B' ? 1 : 4;
        ptr[i] = acquire(&v, PyTuple_GET_ITEM(outs, i), fields[i].name, fields[i].kind, end * item, 1, 1);
        if (!ptr[i] && PyErr_Occurred()) goto done;
    }
    gjk2d_distance_out dout = {ptr[0], ptr[1], ptr[2], ptr[3],  ptr[4],  ptr[5], ptr[6],
                               ptr[7], ptr[8], ptr[9], ptr[10], ptr[11], ptr[12]};
    gjk2d_overlap_out oout = {ptr[0], ptr[1], ptr[2]};
    gjk2d_sat_out sout = {ptr[0], ptr[1], ptr[2], ptr[3], ptr[4]};
    const void *out = query == Q_DISTANCE ? (const void *)&dout : query == Q_OVERLAP ? (const void *)&oout : &sout;
    const job base = {(enum query)query, shapes, &poses, &pairs, begin, end, out, 0, NULL, {0, 0}, NULL};
    int rc;
    Py_BEGIN_ALLOW_THREADS;
    rc = gjk2d_check_batch(shapes, &poses, &pairs, begin, end, NULL);
    if (rc == 0) rc = run_threads(base, threads);
    Py_END_ALLOW_THREADS;
    if (rc < 0) {
        int64_t bad_pair = -1;
        gjk2d_check_batch(shapes, &poses, &pairs, begin, end, &bad_pair);
        char message[320];
        if (rc == GJK2D_ERR_PAIR_INDEX && bad_pair >= 0)
            snprintf(message, sizeof message, "gjk2d: pair %lld (%d, %d) names a shape outside [0, %d): %s",
                     (long long)bad_pair, pairs.a[bad_pair], pairs.b[bad_pair], gjk2d_shapes_count(shapes),
                     gjk2d_error_message(rc));
        else
            snprintf(message, sizeof message, "gjk2d: %s", gjk2d_error_message(rc));
        raise_error(message, rc, bad_pair, -1);
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&v);
    return result;
}

// ---------------------------------------------------------------------------------------------
// Batch queries of frame coherence, manifolds and casts
// ---------------------------------------------------------------------------------------------

static const field cast_fields[] = {{"state", 'B'}, {"fraction", 'f'}, {"px", 'f'},         {"py", 'f'},
                                    {"nx", 'f'},    {"ny", 'f'},       {"iterations", 'i'}, {"status", 'B'}};
static const field point_fields[] = {{"inside", 'B'}, {"distance", 'f'}, {"cx", 'f'},    {"cy", 'f'},
                                     {"nx", 'f'},     {"ny", 'f'},       {"status", 'B'}};
static const field toi_fields[] = {
    {"state", 'B'}, {"t", 'f'}, {"separation", 'f'}, {"iterations", 'i'}, {"status", 'B'}};
/// gjk2d_manifold_out's arrays in gjk2d.ManifoldResult's order, the two point slots of a field side by side.
static const field manifold_fields[] = {
    {"count", 'B'},         {"nx", 'f'},           {"ny", 'f'},           {"px[0]", 'f'},
    {"px[1]", 'f'},         {"py[0]", 'f'},        {"py[1]", 'f'},        {"anchor_ax[0]", 'f'},
    {"anchor_ax[1]", 'f'},  {"anchor_ay[0]", 'f'}, {"anchor_ay[1]", 'f'}, {"anchor_bx[0]", 'f'},
    {"anchor_bx[1]", 'f'},  {"anchor_by[0]", 'f'}, {"anchor_by[1]", 'f'}, {"separation[0]", 'f'},
    {"separation[1]", 'f'}, {"id[0]", 'I'},        {"id[1]", 'I'},        {"reference", 'B'},
    {"status", 'B'},
};
#define COUNT_OF(a) ((Py_ssize_t)(sizeof(a) / sizeof *(a)))

/// Inputs of each query of py_query: 1-D arrays, the first `items` per pair or item, then `per_set` per
/// shape (the sweeps). Kind 0 is the raw cache records (20 bytes per pair, optional, writable).
typedef struct query_spec {
    const char *names[12];
    char kinds[12];
    int items, per_set;
    int optional_last;       ///< the last input may be None
    int uses_poses, by_pair; ///< takes poses; items are pairs (a, b) rather than (shape, ...)
    const field *fields;
    Py_ssize_t nfields;
} query_spec;

static const query_spec query_specs[] = {
    [Q_DISTANCE_CACHED] =
        {{"pairs a", "pairs b", "cache"}, {'i', 'i', 0}, 3, 0, 1, 1, 1, distance_fields, COUNT_OF(distance_fields)},
    [Q_OVERLAP_CACHED] =
        {{"pairs a", "pairs b", "cache"}, {'i', 'i', 0}, 3, 0, 1, 1, 1, overlap_fields, COUNT_OF(overlap_fields)},
    [Q_MANIFOLD] = {{"pairs a", "pairs b"}, {'i', 'i'}, 2, 0, 0, 1, 1, manifold_fields, COUNT_OF(manifold_fields)},
    [Q_CAST] = {{"pairs a", "pairs b", "translation x", "translation y"},
                {'i', 'i', 'f', 'f'},
                4,
                0,
                0,
                1,
                1,
                cast_fields,
                COUNT_OF(cast_fields)},
    [Q_RAY] = {{"ray shape", "ray origin x", "ray origin y", "ray translation x", "ray translation y",
                "ray max_fraction"},
               {'i', 'f', 'f', 'f', 'f', 'f'},
               6,
               0,
               1,
               1,
               0,
               cast_fields,
               COUNT_OF(cast_fields)},
    [Q_POINT] =
        {{"point shape", "point x", "point y"}, {'i', 'f', 'f'}, 3, 0, 0, 1, 0, point_fields, COUNT_OF(point_fields)},
    [Q_TOI] = {{"pairs a", "pairs b", "sweep local x", "sweep local y", "sweep x0", "sweep y0", "sweep x1", "sweep y1",
                "sweep a0", "sweep a1"},
               {'i', 'i', 'f', 'f', 'f', 'f', 'f', 'f', 'f', 'f'},
               2,
               8,
               0,
               0,
               1,
               toi_fields,
               COUNT_OF(toi_fields)},
};

/// query(query, set, poses or None, inputs, scalars, begin, end, outs, threads) -> None: the queries of
/// frame coherence (cache and max_distance), manifolds (margin) and casts (the time of impact's target
/// and tolerance), as py_batch. `inputs` is the tuple of query_specs' arrays, `scalars` two floats.
static PyObject *py_query(PyObject *self, PyObject *args) {
    (void)self;
    int query, threads;
    PyObject *oset, *oposes, *inputs, *outs;
    float scalar[2];
    long long begin, end;
    if (!PyArg_ParseTuple(args, "iOOO!(ff)LLO!i", &query, &oset, &oposes, &PyTuple_Type, &inputs, &scalar[0],
                          &scalar[1], &begin, &end, &PyTuple_Type, &outs, &threads))
        return NULL;
    if (query < Q_DISTANCE_CACHED || query > Q_TOI || threads < 1 || threads > MAX_THREADS) {
        PyErr_SetString(PyExc_ValueError, "gjk2d: bad query or thread count");
        return NULL;
    }
    const query_spec *spec = &query_specs[query];
    if (PyTuple_GET_SIZE(outs) != spec->nfields || PyTuple_GET_SIZE(inputs) != spec->items + spec->per_set) {
        PyErr_SetString(PyExc_ValueError, "gjk2d: bad input or output tuple");
        return NULL;
    }
    const gjk2d_shapes *shapes = get_set(oset);
    if (!shapes) return NULL;
    views v = {.count = 0};
    PyObject *result = NULL;
    gjk2d_poses poses = {0};
    if (spec->uses_poses && parse_poses(&v, oposes, &poses) != 0) goto done;
    void *in[12] = {0};
    int64_t n = -1, sweeps = -1;
    for (int i = 0; i < spec->items + spec->per_set; i++) {
        PyObject *o = PyTuple_GET_ITEM(inputs, i);
        const int optional = spec->optional_last && i == spec->items - 1;
        if (spec->kinds[i] == 0) { // cache records: checked below, once the count is known
            in[i] = acquire(&v, o, spec->names[i], 0, n * (int64_t)sizeof(gjk2d_cache), 1, 1);
            if (!in[i] && PyErr_Occurred()) goto done;
            continue;
        }
        if (optional && o == Py_None) continue;
        const int64_t len = acquire_items(&v, o, spec->names[i], spec->kinds[i], &in[i]);
        if (len < 0) goto done;
        int64_t *want = i < spec->items ? &n : &sweeps;
        if (*want < 0)
            *want = len;
        else if (len != *want) {
            PyErr_Format(PyExc_ValueError, "gjk2d: %s has %lld items, %s %lld", spec->names[i], (long long)len,
                         spec->names[i < spec->items ? 0 : spec->items], (long long)*want);
            goto done;
        }
    }
    if (begin < 0 || begin > end || end > n) {
        raise_error("gjk2d: range outside the pair or item list", GJK2D_ERR_RANGE, -1, -1);
        goto done;
    }
    void *ptr[24] = {0};
    for (Py_ssize_t i = 0; i < spec->nfields; i++) {
        const int64_t item = spec->fields[i].kind == 'B' ? 1 : 4;
        ptr[i] = acquire(&v, PyTuple_GET_ITEM(outs, i), spec->fields[i].name, spec->fields[i].kind, end * item, 1, 1);
        if (!ptr[i] && PyErr_Occurred()) goto done;
    }
    float **f = (float **)ptr;
    const gjk2d_pairs pairs = {in[0], in[1], spec->by_pair ? n : 0};
    const gjk2d_translations translations = {in[2], in[3]};
    const gjk2d_rays rays = {in[0], in[1], in[2], in[3], in[4], in[5], n};
    const gjk2d_points points = {in[0], in[1], in[2], n};
    const gjk2d_sweeps sw = {in[2], in[3], in[4], in[5], in[6], in[7], in[8], in[9], sweeps};
    const void *items = query == Q_CAST    ? (const void *)&translations
                        : query == Q_RAY   ? (const void *)&rays
                        : query == Q_POINT ? (const void *)&points
                                           : (const void *)&sw;
    gjk2d_distance_out dout = {ptr[0], ptr[1], ptr[2], ptr[3],  ptr[4],  ptr[5], ptr[6],
                               ptr[7], ptr[8], ptr[9], ptr[10], ptr[11], ptr[12]};
    gjk2d_overlap_out oout = {ptr[0], ptr[1], ptr[2]};
    gjk2d_manifold_out mout = {
        ptr[0],        f[1],           f[2],           ptr[19],        {f[3], f[4]},       {f[5], f[6]}, {f[7], f[8]},
        {f[9], f[10]}, {f[11], f[12]}, {f[13], f[14]}, {f[15], f[16]}, {ptr[17], ptr[18]}, ptr[20]};
    gjk2d_cast_out cout = {ptr[0], f[1], f[2], f[3], f[4], f[5], ptr[6], ptr[7]};
    gjk2d_point_out pout = {ptr[0], f[1], f[2], f[3], f[4], f[5], ptr[6]};
    gjk2d_toi_out tout = {ptr[0], f[1], f[2], ptr[3], ptr[4]};
    const void *out = query == Q_DISTANCE_CACHED  ? (const void *)&dout
                      : query == Q_OVERLAP_CACHED ? (const void *)&oout
                      : query == Q_MANIFOLD       ? (const void *)&mout
                      : query == Q_POINT          ? (const void *)&pout
                      : query == Q_TOI            ? (const void *)&tout
                                                  : (const void *)&cout;
    gjk2d_cache *cache = query == Q_DISTANCE_CACHED || query == Q_OVERLAP_CACHED ? in[2] : NULL;
    job base = {(enum query)query, shapes, &poses, &pairs, begin, end, out, 0, cache, {scalar[0], scalar[1]}, items};
    // The library names no item for a bad shape index: the first one in the range is found here, before
    // anything runs; then a call on the empty range finds the other argument errors, so no thread has
    // written anything when one is returned.
    int rc = 0;
    int64_t bad = -1;
    const int32_t count = gjk2d_shapes_count(shapes);
    const int32_t *ia = in[0], *ib = spec->by_pair ? in[1] : in[0];
    Py_BEGIN_ALLOW_THREADS;
    for (int64_t k = begin; k < end && bad < 0; k++)
        if (ia[k] < 0 || ia[k] >= count || ib[k] < 0 || ib[k] >= count) bad = k;
    job probe = base;
    probe.end = probe.begin;
    if (bad >= 0)
        rc = GJK2D_ERR_PAIR_INDEX;
    else {
        run_job(&probe);
        rc = probe.rc;
    }
    if (rc == 0) rc = run_threads(base, threads);
    Py_END_ALLOW_THREADS;
    if (rc < 0) {
        char message[320];
        if (bad >= 0 && spec->by_pair)
            snprintf(message, sizeof message, "gjk2d: pair %lld (%d, %d) names a shape outside [0, %d): %s",
                     (long long)bad, ia[bad], ib[bad], count, gjk2d_error_message(rc));
        else if (bad >= 0)
            snprintf(message, sizeof message, "gjk2d: item %lld names shape %d, outside [0, %d): %s", (long long)bad,
                     ia[bad], count, gjk2d_error_message(rc));
        else
            snprintf(message, sizeof message, "gjk2d: %s", gjk2d_error_message(rc));
        raise_error(message, rc, bad, -1);
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    views_release(&v);
    return result;
}

/// time_batch(query, set, poses, a, b, outs, repeat) -> seconds of the fastest of `repeat` plain C
/// calls over every pair, with nothing of Python in the timed region (the benchmark's C baseline), in
/// this thread's CPU time (CLOCK_THREAD_CPUTIME_ID, as Python's time.thread_time): on a shared machine
/// the wall clock also counts the time other processes hold the core.
static PyObject *py_time_batch(PyObject *self, PyObject *args) {
    PyObject *oquery, *oset, *oposes, *oa, *ob, *outs;
    int repeat;
    if (!PyArg_ParseTuple(args, "OOOOOO!i", &oquery, &oset, &oposes, &oa, &ob, &PyTuple_Type, &outs, &repeat))
        return NULL;
    double best = -1.0;
    for (int r = 0; r < (repeat < 1 ? 1 : repeat); r++) {
        views v = {.count = 0};
        gjk2d_poses poses;
        gjk2d_pairs pairs;
        if (parse_poses(&v, oposes, &poses) != 0 || parse_pairs(&v, oa, ob, &pairs) != 0) {
            views_release(&v);
            return NULL;
        }
        const int query = (int)PyLong_AsLong(oquery);
        const field *fields = query == Q_DISTANCE ? distance_fields : query == Q_OVERLAP ? overlap_fields : sat_fields;
        void *ptr[16] = {0};
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(outs) && i < 16; i++) {
            const int64_t item = fields[i].kind == 'B' ? 1 : 4;
            ptr[i] = acquire(&v, PyTuple_GET_ITEM(outs, i), fields[i].name, fields[i].kind, pairs.count * item, 1, 1);
            if (!ptr[i] && PyErr_Occurred()) {
                views_release(&v);
                return NULL;
            }
        }
        const gjk2d_shapes *shapes = get_set(oset);
        if (!shapes) {
            views_release(&v);
            return NULL;
        }
        gjk2d_distance_out dout = {ptr[0], ptr[1], ptr[2], ptr[3],  ptr[4],  ptr[5], ptr[6],
                                   ptr[7], ptr[8], ptr[9], ptr[10], ptr[11], ptr[12]};
        gjk2d_overlap_out oout = {ptr[0], ptr[1], ptr[2]};
        gjk2d_sat_out sout = {ptr[0], ptr[1], ptr[2], ptr[3], ptr[4]};
        const void *out = query == Q_DISTANCE ? (const void *)&dout : query == Q_OVERLAP ? (const void *)&oout : &sout;
        job j = {(enum query)query, shapes, &poses, &pairs, 0, pairs.count, out, 0, NULL, {0, 0}, NULL};
        struct timespec t0, t1;
        Py_BEGIN_ALLOW_THREADS;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        run_job(&j);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        Py_END_ALLOW_THREADS;
        views_release(&v);
        if (j.rc < 0) {
            raise_error(gjk2d_error_message(j.rc), j.rc, -1, -1);
            return NULL;
        }
        const double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        if (best < 0.0 || s < best) best = s;
    }
    (void)self;
    return PyFloat_FromDouble(best);
}

/// check_poses(poses, problems) -> (bad, first_bad)
static PyObject *py_check_poses(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *oposes, *oproblems;
    if (!PyArg_ParseTuple(args, "OO", &oposes, &oproblems)) return NULL;
    views v = {.count = 0};
    PyObject *result = NULL;
    gjk2d_poses poses;
    if (parse_poses(&v, oposes, &poses) != 0) goto done;
    uint8_t *problems = acquire(&v, oproblems, "problems", 'B', poses.count, 1, 0);
    if (!problems && PyErr_Occurred()) goto done;
    int64_t first_bad = -1;
    const int64_t bad = gjk2d_check_poses(&poses, problems, &first_bad);
    if (bad < 0) {
        raise_error(gjk2d_error_message((int)bad), (int)bad, -1, -1);
        goto done;
    }
    result = Py_BuildValue("LL", (long long)bad, (long long)first_bad);
done:
    views_release(&v);
    return result;
}

// ---------------------------------------------------------------------------------------------
// Single pairs (the scalar reference)
// ---------------------------------------------------------------------------------------------

/// A shape from (vertices: float32 (n, 2) C-contiguous, radius) and a pose from (px, py, c, s).
static int parse_shape(views *v, PyObject *overts, float radius, const char *name, gjk2d_shape *shape) {
    void *data;
    const int64_t items = acquire_items(v, overts, name, 'f', &data);
    if (items < 0) return -1;
    // The count is passed on unchecked beyond the buffer: the library reports a bad count as a status.
    *shape = (gjk2d_shape){data, (int32_t)(items / 2 > INT32_MAX ? INT32_MAX : items / 2), radius};
    return 0;
}

/// pair(query, va, ra, pose_a, vb, rb, pose_b) -> tuple of the query's result fields.
static PyObject *py_pair(PyObject *self, PyObject *args) {
    (void)self;
    int query;
    PyObject *ova, *ovb;
    float ra, rb;
    gjk2d_pose pa, pb;
    if (!PyArg_ParseTuple(args, "iOf(ffff)Of(ffff)", &query, &ova, &ra, &pa.px, &pa.py, &pa.c, &pa.s, &ovb, &rb, &pb.px,
                          &pb.py, &pb.c, &pb.s))
        return NULL;
    views v = {.count = 0};
    PyObject *result = NULL;
    gjk2d_shape a, b;
    if (parse_shape(&v, ova, ra, "vertices of A", &a) != 0 || parse_shape(&v, ovb, rb, "vertices of B", &b) != 0)
        goto done;
    if (query == Q_DISTANCE) {
        gjk2d_distance_result r;
        gjk2d_distance(&a, &pa, &b, &pb, &r, NULL);
        result = Py_BuildValue("fffffffffiiiii", r.distance, r.signed_distance, r.core_distance, r.point_a.x,
                               r.point_a.y, r.point_b.x, r.point_b.y, r.normal.x, r.normal.y, r.feature_a, r.feature_b,
                               r.iterations, (int)r.status, (int)r.end);
    } else if (query == Q_OVERLAP) {
        gjk2d_overlap_result r;
        gjk2d_overlap(&a, &pa, &b, &pb, &r);
        result = Py_BuildValue("iii", r.overlap, r.iterations, (int)r.status);
    } else {
        gjk2d_sat_result r;
        gjk2d_sat(&a, &pa, &b, &pb, &r);
        result = Py_BuildValue("ifffi", r.overlap, r.separation, r.normal.x, r.normal.y, (int)r.status);
    }
done:
    views_release(&v);
    return result;
}

static PyObject *build_distance(const gjk2d_distance_result *r) {
    return Py_BuildValue("fffffffffiiiii", r->distance, r->signed_distance, r->core_distance, r->point_a.x,
                         r->point_a.y, r->point_b.x, r->point_b.y, r->normal.x, r->normal.y, r->feature_a, r->feature_b,
                         r->iterations, (int)r->status, (int)r->end);
}

static PyObject *build_cast(const gjk2d_cast_result *r) {
    return Py_BuildValue("ifffffii", (int)r->state, r->fraction, r->point.x, r->point.y, r->normal.x, r->normal.y,
                         r->iterations, (int)r->status);
}

/// pair_query(query, va, ra, pose_a, vb, rb, pose_b, extra) -> tuple of the result's fields, for the
/// queries of py_query one pair (or item: shape A) at a time through the single-pair calls. `extra`:
/// Q_DISTANCE_CACHED (cache or None, max_distance); Q_OVERLAP_CACHED (cache or None,); Q_MANIFOLD (margin,);
/// Q_CAST (tx, ty); Q_RAY (ox, oy, dx, dy, max_fraction); Q_POINT (x, y); Q_TOI (sweep_a, sweep_b, target,
/// tolerance) with sweeps as (lx, ly, x0, y0, x1, y1, a0, a1) (the poses are then unused). A cache is a
/// writable buffer of one gjk2d_cache record (20 bytes), read and rewritten.
static PyObject *py_pair_query(PyObject *self, PyObject *args) {
    (void)self;
    int query;
    PyObject *ova, *ovb, *extra;
    float ra, rb;
    gjk2d_pose pa, pb;
    if (!PyArg_ParseTuple(args, "iOf(ffff)Of(ffff)O!", &query, &ova, &ra, &pa.px, &pa.py, &pa.c, &pa.s, &ovb, &rb,
                          &pb.px, &pb.py, &pb.c, &pb.s, &PyTuple_Type, &extra))
        return NULL;
    views v = {.count = 0};
    PyObject *result = NULL;
    gjk2d_shape a, b;
    if (parse_shape(&v, ova, ra, "vertices of A", &a) != 0 || parse_shape(&v, ovb, rb, "vertices of B", &b) != 0)
        goto done;
    if (query == Q_DISTANCE_CACHED || query == Q_OVERLAP_CACHED) {
        PyObject *ocache;
        float max_distance = 0.0f;
        if (query == Q_DISTANCE_CACHED ? !PyArg_ParseTuple(extra, "Of", &ocache, &max_distance)
                                       : !PyArg_ParseTuple(extra, "O", &ocache))
            goto done;
        gjk2d_cache *cache = acquire(&v, ocache, "cache", 0, (int64_t)sizeof(gjk2d_cache), 1, 1);
        if (!cache && PyErr_Occurred()) goto done;
        if (query == Q_DISTANCE_CACHED) {
            gjk2d_distance_result r;
            gjk2d_distance_cached(&a, &pa, &b, &pb, cache, max_distance, &r);
            result = build_distance(&r);
        } else {
            gjk2d_overlap_result r;
            gjk2d_overlap_cached(&a, &pa, &b, &pb, cache, &r);
            result = Py_BuildValue("iii", r.overlap, r.iterations, (int)r.status);
        }
    } else if (query == Q_MANIFOLD) {
        float margin;
        if (!PyArg_ParseTuple(extra, "f", &margin)) goto done;
        gjk2d_manifold_result r;
        gjk2d_manifold(&a, &pa, &b, &pb, margin, &r);
        PyObject *pts[2];
        for (int i = 0; i < 2; i++) {
            const gjk2d_contact_point *c = &r.points[i];
            pts[i] = Py_BuildValue("(ff)(ff)(ff)fk", c->point.x, c->point.y, c->anchor_a.x, c->anchor_a.y,
                                   c->anchor_b.x, c->anchor_b.y, c->separation, (unsigned long)c->id);
        }
        if (pts[0] && pts[1])
            result =
                Py_BuildValue("iff(OO)ii", r.count, r.normal.x, r.normal.y, pts[0], pts[1], r.reference, (int)r.status);
        Py_XDECREF(pts[0]);
        Py_XDECREF(pts[1]);
    } else if (query == Q_CAST) {
        gjk2d_vec2 t;
        if (!PyArg_ParseTuple(extra, "ff", &t.x, &t.y)) goto done;
        gjk2d_cast_result r;
        gjk2d_shape_cast(&a, &pa, &b, &pb, t, &r);
        result = build_cast(&r);
    } else if (query == Q_RAY) {
        gjk2d_ray ray;
        if (!PyArg_ParseTuple(extra, "fffff", &ray.origin.x, &ray.origin.y, &ray.translation.x, &ray.translation.y,
                              &ray.max_fraction))
            goto done;
        gjk2d_cast_result r;
        gjk2d_ray_cast(&a, &pa, &ray, &r);
        result = build_cast(&r);
    } else if (query == Q_POINT) {
        gjk2d_vec2 q;
        if (!PyArg_ParseTuple(extra, "ff", &q.x, &q.y)) goto done;
        gjk2d_point_result r;
        gjk2d_point_query(&a, &pa, q, &r);
        result = Py_BuildValue("ifffffi", r.inside, r.distance, r.closest.x, r.closest.y, r.normal.x, r.normal.y,
                               (int)r.status);
    } else if (query == Q_TOI) {
        gjk2d_sweep s[2];
        float target, tolerance;
        if (!PyArg_ParseTuple(extra, "(ffffffff)(ffffffff)ff", &s[0].local_center.x, &s[0].local_center.y, &s[0].c0.x,
                              &s[0].c0.y, &s[0].c1.x, &s[0].c1.y, &s[0].a0, &s[0].a1, &s[1].local_center.x,
                              &s[1].local_center.y, &s[1].c0.x, &s[1].c0.y, &s[1].c1.x, &s[1].c1.y, &s[1].a0, &s[1].a1,
                              &target, &tolerance))
            goto done;
        gjk2d_toi_result r;
        gjk2d_time_of_impact(&a, &s[0], &b, &s[1], target, tolerance, &r);
        result = Py_BuildValue("iffii", (int)r.state, r.t, r.separation, r.iterations, (int)r.status);
    } else
        PyErr_SetString(PyExc_ValueError, "gjk2d: bad query");
done:
    views_release(&v);
    return result;
}

/// validate(vertices, radius, pose or None) -> (problem, vertex)
static PyObject *py_validate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *overts, *opose;
    float radius;
    if (!PyArg_ParseTuple(args, "OfO", &overts, &radius, &opose)) return NULL;
    gjk2d_pose pose;
    if (opose != Py_None && !PyArg_ParseTuple(opose, "ffff", &pose.px, &pose.py, &pose.c, &pose.s)) return NULL;
    views v = {.count = 0};
    gjk2d_shape shape;
    if (parse_shape(&v, overts, radius, "vertices", &shape) != 0) {
        views_release(&v);
        return NULL;
    }
    int32_t vertex = -1;
    const gjk2d_problem p = gjk2d_validate_shape(&shape, opose == Py_None ? NULL : &pose, &vertex);
    views_release(&v);
    return Py_BuildValue("ii", (int)p, vertex);
}

/// poses_from_angles(angle float64 (N), c float32 (N) out, s float32 (N) out): gjk2d_pose_from_angle's
/// cos and sin (double, rounded to float), so a pose from an angle is the C CLI's bit for bit.
static PyObject *py_poses_from_angles(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *oangle, *oc, *os;
    if (!PyArg_ParseTuple(args, "OOO", &oangle, &oc, &os)) return NULL;
    views v = {.count = 0};
    void *angle;
    const int64_t n = acquire_items(&v, oangle, "angle", 'd', &angle);
    float *c = n < 0 ? NULL : acquire(&v, oc, "c", 'f', n * 4, 1, 0);
    float *s = c ? acquire(&v, os, "s", 'f', n * 4, 1, 0) : NULL;
    if (s) {
        Py_BEGIN_ALLOW_THREADS;
        for (int64_t k = 0; k < n; k++) {
            const gjk2d_pose p = gjk2d_pose_from_angle(0.0f, 0.0f, ((const double *)angle)[k]);
            c[k] = p.c;
            s[k] = p.s;
        }
        Py_END_ALLOW_THREADS;
    }
    views_release(&v);
    return s ? Py_NewRef(Py_None) : NULL;
}

// ---------------------------------------------------------------------------------------------
// Instruction sets, names, version
// ---------------------------------------------------------------------------------------------

static PyObject *py_set_isa(PyObject *self, PyObject *arg) {
    (void)self;
    const char *name = PyUnicode_AsUTF8(arg);
    if (!name) return NULL;
    const int rc = gjk2d_set_isa(name);
    if (rc < 0) {
        char message[256];
        snprintf(message, sizeof message, "gjk2d: cannot use ISA '%.64s': %s", name, gjk2d_error_message(rc));
        raise_error(message, rc, -1, -1);
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *py_isa_supported(PyObject *self, PyObject *arg) {
    (void)self;
    const char *name = PyUnicode_AsUTF8(arg);
    return name ? PyBool_FromLong(gjk2d_isa_supported(name)) : NULL;
}

static PyObject *py_isa(PyObject *self, PyObject *unused) {
    (void)self, (void)unused;
    return PyUnicode_FromString(gjk2d_isa());
}

static PyObject *py_isa_reason(PyObject *self, PyObject *unused) {
    (void)self, (void)unused;
    return PyUnicode_FromString(gjk2d_isa_reason());
}

static PyObject *py_lane_width(PyObject *self, PyObject *unused) {
    (void)self, (void)unused;
    return PyLong_FromLong(gjk2d_lane_width());
}

/// names(kind) -> tuple of names indexed by value: 'status', 'end', 'cast_state', 'toi_state', 'problem'
/// (messages).
static PyObject *py_names(PyObject *self, PyObject *arg) {
    (void)self;
    const char *kind = PyUnicode_AsUTF8(arg);
    if (!kind) return NULL;
    PyObject *t = NULL;
    if (!strcmp(kind, "status"))
        t = Py_BuildValue("(sssss)", gjk2d_status_name(0), gjk2d_status_name(1), gjk2d_status_name(2),
                          gjk2d_status_name(3), gjk2d_status_name(4));
    else if (!strcmp(kind, "end"))
        t = Py_BuildValue("(sssssss)", gjk2d_end_name(0), gjk2d_end_name(1), gjk2d_end_name(2), gjk2d_end_name(3),
                          gjk2d_end_name(4), gjk2d_end_name(5), gjk2d_end_name(6));
    else if (!strcmp(kind, "cast_state"))
        t = Py_BuildValue("(sss)", gjk2d_cast_state_name(0), gjk2d_cast_state_name(1), gjk2d_cast_state_name(2));
    else if (!strcmp(kind, "toi_state"))
        t = Py_BuildValue("(ssss)", gjk2d_toi_state_name(0), gjk2d_toi_state_name(1), gjk2d_toi_state_name(2),
                          gjk2d_toi_state_name(3));
    else if (!strcmp(kind, "problem")) {
        t = PyTuple_New(9);
        for (int i = 0; t && i < 9; i++)
            PyTuple_SET_ITEM(t, i, PyUnicode_FromString(gjk2d_problem_message((gjk2d_problem)i)));
    } else
        PyErr_Format(PyExc_ValueError, "gjk2d: unknown name kind '%s'", kind);
    return t;
}

static PyObject *py_error_message(PyObject *self, PyObject *arg) {
    (void)self;
    const long code = PyLong_AsLong(arg);
    return code == -1 && PyErr_Occurred() ? NULL : PyUnicode_FromString(gjk2d_error_message((int)code));
}

static PyMethodDef methods[] = {
    {"prepare", py_prepare, METH_VARARGS, NULL},
    {"batch", py_batch, METH_VARARGS, NULL},
    {"time_batch", py_time_batch, METH_VARARGS, NULL},
    {"check_poses", py_check_poses, METH_VARARGS, NULL},
    {"pair", py_pair, METH_VARARGS, NULL},
    {"query", py_query, METH_VARARGS, NULL},
    {"pair_query", py_pair_query, METH_VARARGS, NULL},
    {"validate", py_validate, METH_VARARGS, NULL},
    {"poses_from_angles", py_poses_from_angles, METH_VARARGS, NULL},
    {"set_isa", py_set_isa, METH_O, NULL},
    {"isa_supported", py_isa_supported, METH_O, NULL},
    {"isa", py_isa, METH_NOARGS, NULL},
    {"isa_reason", py_isa_reason, METH_NOARGS, NULL},
    {"lane_width", py_lane_width, METH_NOARGS, NULL},
    {"names", py_names, METH_O, NULL},
    {"error_message", py_error_message, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "_gjk2d",
    "The C half of gjk2d (see gjk2d/__init__.py).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__gjk2d(void) {
    if (PyType_Ready(&set_type) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    error_type = PyErr_NewExceptionWithDoc("gjk2d.Error",
                                           "A call the library refused: .code is its negative error code, .pair "
                                           "and .shape the index concerned (or None).",
                                           PyExc_ValueError, NULL);
    if (!error_type || PyModule_AddObjectRef(m, "Error", error_type) < 0 ||
        PyModule_AddObjectRef(m, "PreparedSet", (PyObject *)&set_type) < 0 ||
        PyModule_AddStringConstant(m, "version", gjk2d_version()) < 0 ||
        PyModule_AddIntConstant(m, "MAX_VERTICES", GJK2D_MAX_VERTICES) < 0 ||
        PyModule_AddIntConstant(m, "FEATURE_NONE", GJK2D_FEATURE_NONE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
