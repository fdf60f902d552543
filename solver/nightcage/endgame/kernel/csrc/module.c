/* The module solver.nightcage.endgame.kernel._fast: successors(k, include_losses) and turns_needed(k),
 * and the C tables of each kernel Context (built from its attributes on first use). */
#include "turn.h"

PyObject *FastUnsupported;

/* -- contexts -------------------------------------------------------------------------- */

static Ctx **contexts;
static int ncontexts;

static int flag(PyObject *ctx, const char *name, int *out) {
    PyObject *v = PyObject_GetAttrString(ctx, name);
    if (!v) return -1;
    *out = PyObject_IsTrue(v);
    Py_DECREF(v);
    return *out < 0 ? -1 : 0;
}

static long int_at(PyObject *seq, Py_ssize_t i) {
    PyObject *v = PySequence_GetItem(seq, i);
    if (!v) return -1;
    long x = PyLong_AsLong(v);
    Py_DECREF(v);
    return x;
}

/* Borrow the strings of a tuple into out[0:count] (the context keeps them alive). */
static int texts(PyObject *ctx, const char *name, PyObject **out, int count) {
    PyObject *v = PyObject_GetAttrString(ctx, name);
    if (!v) return -1;
    int ok = PyTuple_Check(v) && PyTuple_GET_SIZE(v) >= count;
    for (int i = 0; ok && i < count; i++) out[i] = PyTuple_GET_ITEM(v, i);
    Py_DECREF(v);
    if (!ok) PyErr_Format(FastUnsupported, "context field %s", name);
    return ok ? 0 : -1;
}

/* Read ctx.<name>: a tuple of `cells` masks, or (width > 0) of `cells` tuples of `width` masks, into out. */
static int masks(PyObject *ctx, const char *name, int cells, int width, u64 *out) {
    PyObject *v = PyObject_GetAttrString(ctx, name);
    if (!v) return -1;
    int ok = PyTuple_Check(v) && PyTuple_GET_SIZE(v) == cells;
    for (int x = 0; ok && x < cells; x++) {
        PyObject *row = PyTuple_GET_ITEM(v, x);
        if (!width) {
            out[x] = PyLong_AsUnsignedLongLong(row);
            continue;
        }
        ok = PyTuple_Check(row) && PyTuple_GET_SIZE(row) == width;
        for (int i = 0; ok && i < width; i++) out[x * width + i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(row, i));
    }
    Py_DECREF(v);
    if (!ok && !PyErr_Occurred()) PyErr_Format(FastUnsupported, "context field %s", name);
    return ok && !PyErr_Occurred() ? 0 : -1;
}

static int fill(Ctx *c, PyObject *ctx) {
    PyObject *v;
    c->ctx = ctx;
    v = PyObject_GetAttrString(ctx, "size");
    if (!v) return -1;
    c->size = (int)PyLong_AsLong(v);
    Py_DECREF(v);
    v = PyObject_GetAttrString(ctx, "cells");
    if (!v) return -1;
    c->cells = (int)PyLong_AsLong(v);
    Py_DECREF(v);
    if (c->cells <= 0 || c->cells > MAXCELLS || c->size + 1 > MAXRAY || c->cells != c->size * c->size) {
        PyErr_SetString(FastUnsupported, "board size");
        return -1;
    }
    u64 rank0 = ((u64)1 << c->size) - 1, file_a = 0;
    for (int r = 0; r < c->size; r++) file_a |= (u64)1 << (r * c->size);
    c->bottom = rank0;
    c->top = rank0 << (c->size * (c->size - 1));
    c->left = file_a;
    c->right = file_a << (c->size - 1);
    c->across = c->size * (c->size - 1);
    if (flag(ctx, "los_end", &c->los_end) || flag(ctx, "trigger_origin", &c->trigger_origin) ||
        flag(ctx, "monster_removed", &c->monster_removed) || flag(ctx, "relight_with_active", &c->relight_with_active) ||
        flag(ctx, "same_gate_adjacent", &c->same_gate_adjacent) || flag(ctx, "flickers_occupied", &c->flickers_occupied) ||
        flag(ctx, "relight_at_start", &c->relight_at_start) || flag(ctx, "keeper_ranged_out", &c->keeper_ranged_out) ||
        flag(ctx, "keeper_back", &c->keeper_back) || flag(ctx, "pathless_sight", &c->pathless_sight) ||
        flag(ctx, "keeper_key_tile", &c->keeper_key_tile))
        return -1;
    if (masks(ctx, "back_lines", c->cells, 4, &c->back_line[0][0]) || masks(ctx, "row_col", c->cells, 0, c->row_col)) return -1;
    PyObject *nb = PyObject_GetAttrString(ctx, "nb");
    PyObject *between = PyObject_GetAttrString(ctx, "between");
    PyObject *rays = PyObject_GetAttrString(ctx, "rays");
    int ok = nb && between && rays;
    for (int x = 0; ok && x < c->cells; x++) {
        PyObject *row = PySequence_GetItem(nb, x);
        PyObject *xr = PySequence_GetItem(rays, x);
        ok = row && xr;
        for (int d = 0; ok && d < 4; d++) {
            long y = int_at(row, d);
            c->nb[x][d] = (int8_t)y;
            c->nb_bit[x][d] = (u64)1 << y;
            PyObject *ray = PySequence_GetItem(xr, d);
            Py_ssize_t len = ray ? PySequence_Size(ray) : -1;
            ok = ray && len >= 0 && len <= MAXRAY && y >= 0 && y < c->cells;
            for (Py_ssize_t r = 0; ok && r < len; r++) {
                PyObject *bit = PySequence_GetItem(ray, r);
                ok = bit != NULL;
                if (ok) c->ray[x][d][r] = PyLong_AsUnsignedLongLong(bit);
                Py_XDECREF(bit);
            }
            c->ray_len[x][d] = (uint8_t)len;
            Py_XDECREF(ray);
        }
        for (int y = 0; ok && y < c->cells; y++) c->between[x * c->cells + y] = (int8_t)int_at(between, x * c->cells + y);
        Py_XDECREF(row);
        Py_XDECREF(xr);
    }
    Py_XDECREF(nb);
    Py_XDECREF(between);
    Py_XDECREF(rays);
    if (!ok || PyErr_Occurred()) return -1;
    if (texts(ctx, "discard_text", c->discard_text, c->cells) || texts(ctx, "move_text", c->move_text, 4) ||
        texts(ctx, "jump_text", c->jump_text, 4) || texts(ctx, "charge_text", c->charge_text, 4) ||
        texts(ctx, "scramble_text", c->scramble_text, 4))
        return -1;
    PyObject *names = PyObject_GetAttrString(ctx, "names");
    if (!names) return -1;
    Py_ssize_t count = PySequence_Size(names);
    Py_DECREF(names);
    if (count < 1 || count > MAXP) {
        PyErr_SetString(FastUnsupported, "prisoners");
        return -1;
    }
    PyObject *to = PyObject_GetAttrString(ctx, "give_to"), *from = PyObject_GetAttrString(ctx, "give_from");
    ok = to && from && PyTuple_Check(to) && PyTuple_Check(from) && PyTuple_GET_SIZE(to) == count &&
         PyTuple_GET_SIZE(from) == count;
    for (Py_ssize_t a = 0; ok && a < count; a++) {
        PyObject *ta = PyTuple_GET_ITEM(to, a), *fa = PyTuple_GET_ITEM(from, a);
        ok = PyTuple_Check(ta) && PyTuple_Check(fa) && PyTuple_GET_SIZE(ta) == count && PyTuple_GET_SIZE(fa) == count;
        for (Py_ssize_t j = 0; ok && j < count; j++) {
            c->give_to[a][j] = PyTuple_GET_ITEM(ta, j);
            c->give_from[a][j] = PyTuple_GET_ITEM(fa, j);
        }
    }
    Py_XDECREF(to);
    Py_XDECREF(from);
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_SetString(FastUnsupported, "context field give_to");
        return -1;
    }
    return 0;
}

/* The C tables of a Context (contexts are interned, so identity finds them). */
const Ctx *fast_context(PyObject *ctx) {
    static const Ctx *last;
    if (last && last->ctx == ctx) return last;
    for (int i = 0; i < ncontexts; i++)
        if (contexts[i]->ctx == ctx) return last = contexts[i];
    Ctx *c = calloc(1, sizeof(Ctx));
    Ctx **grown = realloc(contexts, sizeof(Ctx *) * (size_t)(ncontexts + 1));
    if (!c || !grown) {
        free(c);
        PyErr_NoMemory();
        return NULL;
    }
    contexts = grown;
    if (fill(c, ctx) < 0) {
        free(c);
        return NULL;
    }
    Py_INCREF(ctx);
    contexts[ncontexts++] = c;
    return last = c;
}

/* -- reading a position ---------------------------------------------------------------- */

/* Parse K into its context tables, a zeroed Pt, the turn and the prisoner count. */
const Ctx *fast_parse(PyObject *k, Pt *s, int *turn, int *n) {
    if (!PyTuple_Check(k) || PyTuple_GET_SIZE(k) <= K_PRISONERS) {
        PyErr_SetString(PyExc_TypeError, "a kernel position (a tuple) is expected");
        return NULL;
    }
    *n = (int)(PyTuple_GET_SIZE(k) - K_PRISONERS);
    if (*n > MAXP) {
        PyErr_SetString(FastUnsupported, "prisoners");
        return NULL;
    }
    const Ctx *c = fast_context(PyTuple_GET_ITEM(k, 0));
    if (!c) return NULL;
    memset(s, 0, sizeof *s);
    *turn = (int)PyLong_AsLong(PyTuple_GET_ITEM(k, K_TURN));
    for (int i = 0; i < NBOARD; i++) s->b[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(k, K_PRESENT + i));
    for (int i = 0; i < *n; i++) {
        long p = PyLong_AsLong(PyTuple_GET_ITEM(k, K_PRISONERS + i));
        if (p < 0 || p > 0xFFFF) {
            if (!PyErr_Occurred()) PyErr_SetString(FastUnsupported, "prisoner int");
            return NULL;
        }
        s->ps[i] = (uint16_t)p;
    }
    if (PyErr_Occurred()) return NULL;
    if (*turn < 0 || *turn >= *n) {
        PyErr_SetString(FastUnsupported, "turn");
        return NULL;
    }
    return c;
}

/* -- the successors (turn.py's successors) ------------------------------------------------ */

/* Every result of one turn into the tables (results_count, result_at): 0, or -1 when a fixed
 * table was too small (the pure kernel must run). */
int expand(const Ctx *c, const Pt *start, int turn, int n, int losses, int actions, int drop_apart) {
    static Turn t;
    t.c = c;
    t.a = turn;
    t.nxt = (turn + 1) % n;
    t.n = n;
    t.losses = losses;
    t.actions = actions;
    t.drop_apart = drop_apart;
    t.overflow = 0;
    t.cfg = config_pool();
    t.cfg_top = 0;
    tables_reset();
    turn_main(&t, *start);
    return t.overflow ? -1 : 0;
}

PyObject *fast_successors(const Ctx *c, PyObject *k, Pt *start, int turn, int n, int losses) {
    if (expand(c, start, turn, n, losses, 1, 0) < 0) {
        PyErr_SetString(FastUnsupported, "a turn too wide for the compiled kernel's tables");
        return NULL;
    }
    return out_build(c, k, n);
}

static PyObject *py_successors(PyObject *self, PyObject *args) {
    PyObject *k;
    int losses = 1;
    if (!PyArg_ParseTuple(args, "O|p:successors", &k, &losses)) return NULL;
    Pt s;
    int turn, n;
    const Ctx *c = fast_parse(k, &s, &turn, &n);
    if (!c) return NULL;
    /* Nothing when the game is already over (board.py's outcome). */
    if (k_won(s.b, s.ps, n) || k_anyone_fell(s.ps, n) || k_lost(s.b, s.ps, n)) return PyList_New(0);
    return fast_successors(c, k, &s, turn, n, losses);
}

static PyObject *py_turns_needed(PyObject *self, PyObject *k) {
    Pt s;
    int turn, n;
    const Ctx *c = fast_parse(k, &s, &turn, &n);
    if (!c) return NULL;
    return PyLong_FromLong(fast_turns_needed(c, s.b, s.ps, n, turn));
}

static PyObject *py_win_bound(PyObject *self, PyObject *k) {
    Pt s;
    int turn, n;
    const Ctx *c = fast_parse(k, &s, &turn, &n);
    if (!c) return NULL;
    return PyLong_FromLong(fast_win_bound(c, s.b, s.ps, n, turn));
}

static PyMethodDef methods[] = {
    {"successors", py_successors, METH_VARARGS,
     "successors(k, include_losses=True) -> list of (K, actions): turn.successors, compiled."},
    {"turns_needed", py_turns_needed, METH_O, "turns_needed(k) -> int: bounds.turns_needed, compiled."},
    {"win_bound", py_win_bound, METH_O, "win_bound(k) -> int: bounds.win_bound, compiled."},
    {"search", fast_search, METH_VARARGS,
     "search(k, nerve_first, max_nodes, max_positions, tick) -> (status, expanded, generated, seen, bound, path): "
     "search.solve's best-first search, compiled."},
    {"oracle_new", fast_oracle_new, METH_NOARGS, "oracle_new() -> the memory of an oracle (positions proven won and lost)."},
    {"oracle_wins", fast_oracle_wins, METH_VARARGS,
     "oracle_wins(memory, k, max_nodes, room, tick) -> (status, expanded): oracle.py's depth-first search, compiled."},
    {"oracle_known", fast_oracle_known, METH_VARARGS, "oracle_known(memory, k) -> 'win', 'lose' or None."},
    {"oracle_sizes", fast_oracle_sizes, METH_O, "oracle_sizes(memory) -> (won, lost)."},
    {"oracle_forget", fast_oracle_forget, METH_O, "oracle_forget(memory): forget every position proven."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "solver.nightcage.endgame.kernel._fast",
    "The compiled Final Flickers kernel (see solver/nightcage/endgame/kernel/compiled.py).", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fast(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    FastUnsupported = PyErr_NewException("solver.nightcage.endgame.kernel._fast.Unsupported", NULL, NULL);
    if (!FastUnsupported || PyModule_AddObjectRef(m, "Unsupported", FastUnsupported) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
