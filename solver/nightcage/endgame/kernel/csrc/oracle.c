/* The end-game oracle's depth-first search, compiled (solver/nightcage/endgame/oracle.py's _dfs, its
 * reference): is there any win from a kernel position? Children are tried smallest bound first,
 * none a sibling dominates by Nerve; positions proven won or lost are remembered across questions,
 * by the fingerprint of their canonical key without Nerve and their Nerve, in two sets kept in a
 * capsule (oracle_new). As in oracle.py (Tarjan's low links),
 * a position whose only hope ran through one on the current path is not remembered as lost. */
#include "turn.h"

/* A remembered position: the fingerprint of its canonical key with every prisoner's Nerve left
 * out, and the Nerve apart (3 bits a prisoner, NERVE_USED set in a used slot). More Nerve never
 * hurts (nerve_order.py, docs/planners.md): a position lost with some Nerve is lost with less, and
 * one won with some Nerve is won with more, so a set answers for every position its entries
 * dominate (lost) or are dominated by (won). Entries of one key lie on one probe chain. */
typedef struct {
    u64 a;
    uint32_t b;
    uint32_t nerve;
} Key;

#define NERVE_USED 0x80000000u
#define NERVE_GUARDS 0x924924u /* the top bit of each prisoner's 3 */

typedef struct {
    Fp f;
    uint32_t nerve;
} Id;

typedef struct {
    Key *slots;
    long nslots, count;
} Set;

typedef struct {
    Set won, lost;
} Memory;

static inline int at_least(uint32_t v, uint32_t q) { /* every prisoner's v >= q */
    return ((((v | NERVE_GUARDS) - q) & NERVE_GUARDS) == NERVE_GUARDS);
}

static int set_grow(Set *s) {
    long ns = s->nslots ? s->nslots * 2 : 1 << 12;
    Key *fresh = calloc((size_t)ns, sizeof(Key));
    if (!fresh) return -1;
    for (long i = 0; i < s->nslots; i++) {
        if (!s->slots[i].nerve) continue;
        u64 h = s->slots[i].a & (u64)(ns - 1);
        while (fresh[h].nerve) h = (h + 1) & (u64)(ns - 1);
        fresh[h] = s->slots[i];
    }
    free(s->slots);
    s->slots = fresh;
    s->nslots = ns;
    return 0;
}

/* An entry of the same key with at least (above 1) or at most (above 0) the Nerve of x. */
static int set_covers(const Set *s, Id x, int above) {
    if (!s->nslots) return 0;
    u64 mask = (u64)(s->nslots - 1), h = x.f.a & mask;
    while (s->slots[h].nerve) {
        const Key *k = &s->slots[h];
        if (k->a == x.f.a && k->b == (uint32_t)x.f.b) {
            uint32_t v = k->nerve & ~NERVE_USED;
            if (above ? at_least(v, x.nerve) : at_least(x.nerve, v)) return 1;
        }
        h = (h + 1) & mask;
    }
    return 0;
}

/* Add a key: 1 if new, 0 if there already, -1 out of memory. */
static int set_add(Set *s, Id x) {
    if ((s->count + 1) * 2 >= s->nslots && set_grow(s) < 0) return -1;
    u64 mask = (u64)(s->nslots - 1), h = x.f.a & mask;
    uint32_t v = x.nerve | NERVE_USED;
    while (s->slots[h].nerve) {
        if (s->slots[h].a == x.f.a && s->slots[h].b == (uint32_t)x.f.b && s->slots[h].nerve == v) return 0;
        h = (h + 1) & mask;
    }
    s->slots[h].a = x.f.a;
    s->slots[h].b = (uint32_t)x.f.b;
    s->slots[h].nerve = v;
    s->count++;
    return 1;
}

#define lost_has(s, x) set_covers(s, x, 1)
#define won_has(s, x) set_covers(s, x, 0)

/* The openings of b toward a tile (the cells whose neighbour that way holds one), as step() in bounds.c walks. */
static inline void close_dead_openings(const Ctx *c, u64 *b) {
    u64 present = b[B_PRESENT];
    b[B_OPEN_N] &= ((present >> c->size) & ~c->top) | ((present << c->across) & c->top);
    b[B_OPEN_S] &= ((present << c->size) & ~c->bottom) | ((present >> c->across) & c->bottom);
    b[B_OPEN_E] &= ((present >> 1) & ~c->right) | ((present << (c->size - 1)) & c->right);
    b[B_OPEN_W] &= ((present << 1) & ~c->left) | ((present >> (c->size - 1)) & c->left);
}

/* The identity of a position: its canonical key's fingerprint without the Nerve, and the Nerve. The key is
 * taken with the openings toward no tile closed under RULING-LOS-END's default reading, where nothing reads
 * them (kernel/dead_openings.py, as nerve_order.identity does): positions differing only there are one. */
static Id identity(const Ctx *c, const Pt *s, int turn, int n, u64 reach) {
    Pt bare = *s;
    Id x;
    x.nerve = 0;
    for (int i = 0; i < n; i++) {
        x.nerve |= (uint32_t)((s->ps[i] >> NERVE_SHIFT) & 3) << (3 * i);
        bare.ps[i] &= (uint16_t)~(3 << NERVE_SHIFT);
    }
    if (c->los_end) close_dead_openings(c, bare.b);
    x.f = fast_canonical_in(c, &bare, turn, n, reach);
    return x;
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
    Id key;
    long first, left; /* its children still to try: arena[first .. first + left), tried from the end */
    long low;
} Frame;

#define NO_LOOP (1L << 30)
#define MAX_DEPTH 4096

static Pt *arena;
static Id *arena_keys; /* arena[i]'s canonical key */
static long arena_top, arena_cap;
static Frame frames[MAX_DEPTH];

typedef struct {
    long h;
    int at;
    Id key;
    u64 reach;
} Ranked;

/* Drop the siblings another sibling dominates (the same key but for Nerve, and at least its Nerve
 * for every prisoner): if that one wins the turn wins, and if it loses so does this one. Of equal
 * ones the first found stays (nerve_order.undominated). Each pair of one key is met once, through a
 * small table of the siblings by key. The kept ones stay in their order. */
static int drop_dominated(Ranked *ranked, int found) {
    static int32_t *table;
    static int table_size;
    int size = 16;
    while (size < 2 * found) size *= 2;
    if (size > table_size) {
        int32_t *fresh = realloc(table, sizeof(int32_t) * (size_t)size);
        if (!fresh) return -1;
        table = fresh;
        table_size = size;
    }
    memset(table, 0xff, sizeof(int32_t) * (size_t)size);
    for (int i = 0; i < found; i++) {
        ranked[i].h = 0; /* 1: dropped */
        Id x = ranked[i].key;
        u64 h = x.f.a & (u64)(size - 1);
        for (; table[h] >= 0; h = (h + 1) & (u64)(size - 1)) {
            Ranked *other = &ranked[table[h]]; /* found before this one */
            if (other->key.f.a != x.f.a || other->key.f.b != x.f.b) continue;
            if (at_least(other->key.nerve, x.nerve)) ranked[i].h = 1;
            else if (at_least(x.nerve, other->key.nerve)) other->h = 1;
        }
        table[h] = i;
    }
    int kept = 0;
    for (int i = 0; i < found; i++)
        if (!ranked[i].h) ranked[kept++] = ranked[i];
    return kept;
}

static int by_bound(const void *x, const void *y) {
    const Ranked *a = x, *b = y;
    if (a->h != b->h) return a->h > b->h ? -1 : 1; /* largest bound first: tried from the end */
    return a->at - b->at;
}

static inline void prefetch_slot(const Set *s, Id x) {
    if (s->nslots) __builtin_prefetch(&s->slots[x.f.a & (u64)(s->nslots - 1)]);
}

/* oracle.py's _children: the turn results worth trying (bounded, past the board's turn budget
 * dropped), best last, with their canonical keys; a win alone as one child with `win` set. 0, or
 * -1 (an exception set). As in the compiled search (search.c), the cheap test of a shared region
 * drops most dead ends before any bound, and its region serves the key and the bound. Each key's
 * slots are fetched as soon as it is known, and looked up once every key is: most children of a
 * loss proof are already remembered lost, and those are dropped before their bound, the dearest
 * part (a walk from each gate). oracle.py skips them only when it tries them, since there the key
 * is the dearer part; either way they are not expanded. The expansion itself (turn.c's drop_apart) leaves out
 * the results that test would drop, a whole decision's at once, and gives the region of each it keeps: on the
 * slowest chance positions most discards cut the prisoners apart (benchmarks/README.md, issue 25, eleventh pass). */
static int children(const Ctx *c, const Memory *m, const Pt *s, int n, Frame *f, int *win) {
    *win = 0;
    f->first = arena_top;
    f->left = 0;
    if (expand(c, s, s->turn, n, 0, 0, 1) < 0) {
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
        int known;
        u64 reach = result_reach(r, &known);
        if (!known) reach = fast_together(c, child->b, child->ps, n);
        if (!reach) continue; /* its bound would be INFINITE */
        Id key = identity(c, child, child->turn, n, reach);
        prefetch_slot(&m->won, key);
        prefetch_slot(&m->lost, key);
        ranked[found].key = key;
        ranked[found].reach = reach;
        ranked[found++].at = r;
    }
    found = drop_dominated(ranked, found);
    if (found < 0) return PyErr_NoMemory(), -1;
    int kept = 0;
    for (int i = 0; i < found; i++) {
        /* (one remembered won is taken when tried, as oracle.py's reference does: the same positions expanded) */
        if (lost_has(&m->lost, ranked[i].key)) continue;
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
        Id *fresh_keys = realloc(arena_keys, sizeof(Id) * (size_t)nc);
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
    reach = fast_reach(c, root.b, root.ps, n);
    Id key = identity(c, &root, turn, n, reach);
    if (won_has(&m->won, key)) return Py_BuildValue("(sl)", "win", expanded);
    if (lost_has(&m->lost, key)) return Py_BuildValue("(sl)", "lose", expanded);
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
        Id ck = arena_keys[at];
        if (won_has(&m->won, ck)) goto won;
        if (lost_has(&m->lost, ck)) continue;
        int on_path = -1;
        for (int i = 0; i < depth && on_path < 0; i++)
            if (frames[i].key.f.a == ck.f.a && frames[i].key.f.b == ck.f.b && frames[i].key.nerve == ck.nerve) on_path = i;
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
    Id key = identity(c, &s, turn, n, fast_reach(c, s.b, s.ps, n));
    if (won_has(&m->won, key)) return PyUnicode_FromString("win");
    if (lost_has(&m->lost, key)) return PyUnicode_FromString("lose");
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
