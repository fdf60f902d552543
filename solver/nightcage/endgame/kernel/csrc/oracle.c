/* The end-game oracle's depth-first search, compiled (solver/nightcage/endgame/oracle.py's _dfs, its
 * reference): is there any win from a kernel position? Children are tried smallest bound first;
 * positions proven won or lost are remembered across questions, by the fingerprint of their
 * canonical key, in two sets kept in a capsule (oracle_new). As in oracle.py (Tarjan's low links),
 * a position whose only hope ran through one on the current path is not remembered as lost. */
#include "turn.h"

typedef struct {
    u64 a;
    uint32_t b;
    uint32_t used;
} Key;

typedef struct {
    Key *slots;
    long nslots, count;
} Set;

typedef struct {
    Set won, lost;
} Memory;

static int set_grow(Set *s) {
    long ns = s->nslots ? s->nslots * 2 : 1 << 12;
    Key *fresh = calloc((size_t)ns, sizeof(Key));
    if (!fresh) return -1;
    for (long i = 0; i < s->nslots; i++) {
        if (!s->slots[i].used) continue;
        u64 h = s->slots[i].a & (u64)(ns - 1);
        while (fresh[h].used) h = (h + 1) & (u64)(ns - 1);
        fresh[h] = s->slots[i];
    }
    free(s->slots);
    s->slots = fresh;
    s->nslots = ns;
    return 0;
}

static int set_has(const Set *s, Fp f) {
    if (!s->nslots) return 0;
    u64 mask = (u64)(s->nslots - 1), h = f.a & mask;
    while (s->slots[h].used) {
        if (s->slots[h].a == f.a && s->slots[h].b == (uint32_t)f.b) return 1;
        h = (h + 1) & mask;
    }
    return 0;
}

/* Add a key: 1 if new, 0 if there already, -1 out of memory. */
static int set_add(Set *s, Fp f) {
    if ((s->count + 1) * 2 >= s->nslots && set_grow(s) < 0) return -1;
    u64 mask = (u64)(s->nslots - 1), h = f.a & mask;
    while (s->slots[h].used) {
        if (s->slots[h].a == f.a && s->slots[h].b == (uint32_t)f.b) return 0;
        h = (h + 1) & mask;
    }
    s->slots[h].a = f.a;
    s->slots[h].b = (uint32_t)f.b;
    s->slots[h].used = 1;
    s->count++;
    return 1;
}

static void set_clear(Set *s) {
    free(s->slots);
    s->slots = NULL;
    s->nslots = s->count = 0;
}

static void memory_free(PyObject *capsule) {
    Memory *m = PyCapsule_GetPointer(capsule, "lueur.oracle");
    if (!m) return;
    set_clear(&m->won);
    set_clear(&m->lost);
    free(m);
}

static Memory *memory_of(PyObject *capsule) { return PyCapsule_GetPointer(capsule, "lueur.oracle"); }

/* -- the depth-first search ---------------------------------------------------------------- */

typedef struct {
    Fp key;
    long first, left; /* its children still to try: arena[first .. first + left), tried from the end */
    long low;
} Frame;

#define NO_LOOP (1L << 30)
#define MAX_DEPTH 4096

static Pt *arena;
static Fp *arena_keys; /* arena[i]'s canonical key */
static long arena_top, arena_cap;
static Frame frames[MAX_DEPTH];

typedef struct {
    long h;
    int at;
    Fp key;
    u64 reach;
} Ranked;

static int by_bound(const void *x, const void *y) {
    const Ranked *a = x, *b = y;
    if (a->h != b->h) return a->h > b->h ? -1 : 1; /* largest bound first: tried from the end */
    return a->at - b->at;
}

static inline void prefetch_slot(const Set *s, Fp f) {
    if (s->nslots) __builtin_prefetch(&s->slots[f.a & (u64)(s->nslots - 1)]);
}

/* oracle.py's _children: the turn results worth trying (bounded, past the board's turn budget
 * dropped), best last, with their canonical keys; a win alone as one child with `win` set. 0, or
 * -1 (an exception set). As in the compiled search (search.c), the cheap test of a shared region
 * drops most dead ends before any bound, and its region serves the key and the bound. Each key's
 * slots are fetched as soon as it is known, and looked up once every key is: most children of a
 * loss proof are already remembered lost, and those are dropped before their bound, the dearest
 * part (a walk from each gate). oracle.py skips them only when it tries them, since there the key
 * is the dearer part; either way they are not expanded. */
static int children(const Ctx *c, const Memory *m, const Pt *s, int n, Frame *f, int *win) {
    *win = 0;
    f->first = arena_top;
    f->left = 0;
    if (expand(c, s, s->turn, n, 0, 0) < 0) {
        PyErr_SetString(FastUnsupported, "a turn too wide for the compiled kernel's tables");
        return -1;
    }
    int count = results_count();
    static Ranked *ranked;
    static int cap_ranked;
    if (count > cap_ranked) {
        Ranked *fresh = realloc(ranked, sizeof(Ranked) * (size_t)count);
        if (!fresh) return PyErr_NoMemory(), -1;
        ranked = fresh;
        cap_ranked = count;
    }
    int found = 0;
    for (int r = 0; r < count; r++) {
        const Pt *child = result_at(r);
        if (k_won(child->b, child->ps, n)) {
            *win = 1;
            return 0;
        }
        u64 reach = fast_together(c, child->b, child->ps, n);
        if (!reach) continue; /* its bound would be INFINITE */
        Fp key = fast_canonical_in(c, child, child->turn, n, reach);
        prefetch_slot(&m->won, key);
        prefetch_slot(&m->lost, key);
        ranked[found].key = key;
        ranked[found].reach = reach;
        ranked[found++].at = r;
    }
    int kept = 0;
    for (int i = 0; i < found; i++) {
        /* (one remembered won is taken when tried, as oracle.py's reference does: the same positions expanded) */
        if (set_has(&m->lost, ranked[i].key)) continue;
        const Pt *child = result_at(ranked[i].at);
        long h = fast_win_bound_in(c, child->b, child->ps, n, child->turn, ranked[i].reach);
        if (h >= INFINITE) continue;
        ranked[kept] = ranked[i];
        ranked[kept++].h = h;
    }
    qsort(ranked, (size_t)kept, sizeof(Ranked), by_bound);
    if (arena_top + kept > arena_cap) {
        long nc = arena_cap ? arena_cap * 2 : 1 << 14;
        while (nc < arena_top + kept) nc *= 2;
        Pt *fresh = realloc(arena, sizeof(Pt) * (size_t)nc);
        if (!fresh) return PyErr_NoMemory(), -1;
        arena = fresh;
        Fp *fresh_keys = realloc(arena_keys, sizeof(Fp) * (size_t)nc);
        if (!fresh_keys) return PyErr_NoMemory(), -1;
        arena_keys = fresh_keys;
        arena_cap = nc;
    }
    for (int i = 0; i < kept; i++) {
        arena[arena_top + i] = *result_at(ranked[i].at);
        arena_keys[arena_top + i] = ranked[i].key;
    }
    arena_top += kept;
    f->left = kept;
    return 0;
}

#define TICK_EVERY 64

/* oracle_wins(memory, k, max_nodes, room, tick) -> (status, expanded): status "win" or "lose", or
 * "node" (more than max_nodes positions), "memory" (room positions remembered: -1 no bound), or
 * tick's string (tick(expanded) is called every TICK_EVERY positions). */
PyObject *fast_oracle_wins(PyObject *self, PyObject *args) {
    PyObject *capsule, *k, *tick;
    long max_nodes, room;
    if (!PyArg_ParseTuple(args, "OOllO:oracle_wins", &capsule, &k, &max_nodes, &room, &tick)) return NULL;
    Memory *m = memory_of(capsule);
    if (!m) return NULL;
    Pt root;
    int turn, n;
    const Ctx *c = fast_parse(k, &root, &turn, &n);
    if (!c) return NULL;
    root.turn = (uint8_t)turn;
    u64 reach;
    long expanded = 0, remembered = m->won.count + m->lost.count;
    Fp key = fast_canonical(c, &root, turn, n, &reach);
    if (set_has(&m->won, key)) return Py_BuildValue("(sl)", "win", expanded);
    if (set_has(&m->lost, key)) return Py_BuildValue("(sl)", "lose", expanded);
    arena_top = 0;
    int depth = 0, win;
    frames[0].key = key;
    frames[0].low = NO_LOOP;
    if (children(c, m, &root, n, &frames[0], &win) < 0) return NULL;
    depth = 1;
    if (win) goto won;
    while (depth) {
        Frame *f = &frames[depth - 1];
        if (!f->left) { /* every child tried: lost, unless it leaned on the path */
            depth--;
            arena_top = f->first;
            if (f->low >= depth && set_add(&m->lost, f->key) < 0) return PyErr_NoMemory();
            if (depth && f->low < frames[depth - 1].low) frames[depth - 1].low = f->low;
            continue;
        }
        long at = f->first + --f->left;
        Pt child = arena[at];
        Fp ck = arena_keys[at];
        if (set_has(&m->won, ck)) goto won;
        if (set_has(&m->lost, ck)) continue;
        int on_path = -1;
        for (int i = 0; i < depth && on_path < 0; i++)
            if (frames[i].key.a == ck.a && frames[i].key.b == ck.b) on_path = i;
        if (on_path >= 0) {
            if (on_path < f->low) f->low = on_path;
            continue;
        }
        expanded++;
        if (expanded > max_nodes) return Py_BuildValue("(sl)", "node", expanded);
        if (room >= 0 && m->won.count + m->lost.count - remembered >= room) return Py_BuildValue("(sl)", "memory", expanded);
        if (expanded % TICK_EVERY == 0 && tick != Py_None) {
            PyObject *r = PyObject_CallFunction(tick, "l", expanded);
            if (!r) return NULL;
            if (PyUnicode_Check(r)) {
                PyObject *out = Py_BuildValue("(Ol)", r, expanded);
                Py_DECREF(r);
                return out;
            }
            Py_DECREF(r);
        }
        if (depth >= MAX_DEPTH) {
            PyErr_SetString(FastUnsupported, "a line too deep for the compiled oracle");
            return NULL;
        }
        Frame *g = &frames[depth];
        g->key = ck;
        g->low = NO_LOOP;
        if (children(c, m, &child, n, g, &win) < 0) return NULL;
        depth++;
        if (win) goto won;
    }
    return Py_BuildValue("(sl)", "lose", expanded);
won:
    for (int i = 0; i < depth; i++)
        if (set_add(&m->won, frames[i].key) < 0) return PyErr_NoMemory();
    return Py_BuildValue("(sl)", "win", expanded);
}

PyObject *fast_oracle_new(PyObject *self, PyObject *unused) {
    Memory *m = calloc(1, sizeof(Memory));
    if (!m) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(m, "lueur.oracle", memory_free);
    if (!capsule) free(m);
    return capsule;
}

/* oracle_known(memory, k) -> "win", "lose" or None: what the memory holds of k's canonical key. */
PyObject *fast_oracle_known(PyObject *self, PyObject *args) {
    PyObject *capsule, *k;
    if (!PyArg_ParseTuple(args, "OO:oracle_known", &capsule, &k)) return NULL;
    Memory *m = memory_of(capsule);
    if (!m) return NULL;
    Pt s;
    int turn, n;
    const Ctx *c = fast_parse(k, &s, &turn, &n);
    if (!c) return NULL;
    u64 reach;
    Fp key = fast_canonical(c, &s, turn, n, &reach);
    if (set_has(&m->won, key)) return PyUnicode_FromString("win");
    if (set_has(&m->lost, key)) return PyUnicode_FromString("lose");
    Py_RETURN_NONE;
}

/* oracle_sizes(memory) -> (won, lost); oracle_forget(memory): both emptied. */
PyObject *fast_oracle_sizes(PyObject *self, PyObject *capsule) {
    Memory *m = memory_of(capsule);
    return m ? Py_BuildValue("(ll)", m->won.count, m->lost.count) : NULL;
}

PyObject *fast_oracle_forget(PyObject *self, PyObject *capsule) {
    Memory *m = memory_of(capsule);
    if (!m) return NULL;
    set_clear(&m->won);
    set_clear(&m->lost);
    Py_RETURN_NONE;
}
