/* The best-first search of solver/nightcage/endgame/search.py, compiled: A* over whole turns of the
 * kernel's own positions, with its default switches (canonical keys, bounds, children bounded as
 * they are generated). search.py stays the reference, and the fallback without a compiler.
 *
 * A node is a position at a turn start; its children are the kernel's results of one turn with
 * the lost ones left out (expand(), the same enumeration as successors()). The cost of a path is
 * (turns, Nerve spent), compared in the objective's order; the A* key is search.py's priority:
 * (turns + bound, Nerve, -turns) for `turns`, (Nerve, turns + bound, -turns) for `nerve`, then the
 * order of pushing. The bound is bounds.turns_needed, INFINITE past bounds.turns_left.
 *
 * Positions are kept once per canonical key (bounds.canonical: the tiles out of every prisoner's
 * reach reduced to their class and the cells that light them), in a transposition table holding
 * a 96-bit fingerprint of the key and the entry with the cheapest known position with that key,
 * its cost, and a link to the entry it was reached from: the plan is read back along those links.
 * Two keys sharing a fingerprint would be merged (odds about n^2 / 2^97 for n positions: 10^-15
 * for ten million); the plan found is replayed through the rules engine in any case.
 */
#include "turn.h"

/* -- canonical keys -------------------------------------------------------------------------------- */


static inline u64 mix(u64 h, u64 w) {
    h ^= w + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    return h;
}

static inline u64 mix2(u64 h, u64 w) {
    h = (h ^ w) * 0xC2B2AE3D27D4EB4FULL;
    h = (h << 31) | (h >> 33);
    return h * 0x9E3779B185EBCA87ULL;
}

/* The fingerprint of bounds.canonical(k): the turn, the prisoners, the board's masks within reach,
 * and the sorted (class, sources) of every tile out of reach. */
Fp fast_canonical(const Ctx *c, const Pt *s, int turn, int n, u64 *reach) {
    *reach = fast_reach(c, s->b, s->ps, n);
    return fast_canonical_in(c, s, turn, n, *reach);
}

/* fast_canonical given the prisoners' reach. */
Fp fast_canonical_in(const Ctx *c, const Pt *s, int turn, int n, u64 reach) {
    u64 words[2 + MAXP + NBOARD + MAXCELLS];
    int w = 0;
    words[w++] = (u64)turn | (u64)n << 8;
    for (int i = 0; i < n; i++) words[w++] = s->ps[i];
    const u64 *b = s->b;
    u64 inside = b[B_PATHLESS] ? b[B_PRESENT] : reach; /* a pathless: nothing is out of play */
    u64 outside = b[B_PRESENT] & ~inside;
    for (int i = 0; i < NBOARD; i++) words[w++] = outside ? b[i] & inside : b[i];
    int first = w;
    for (u64 out = outside; out; out &= out - 1) {
        int x = low_cell(out);
        u64 low = (u64)1 << x, sources = 0;
        for (int i = 0; i < 4; i++) {
            int y = c->nb[x][i];
            if (((inside >> y) & 1) && ((b[1 + ((i + 2) & 3)] >> y) & 1)) sources |= (u64)1 << y;
        }
        u64 kind = (b[B_PIT] & low) ? 3 : (b[B_GATE] & low) ? 2 : (b[B_KEYED] & low) ? 1 : (b[B_KEEPER] & low) ? 4 : 0;
        u64 v = kind << 58 | sources;
        int j = w++;
        while (j > first && words[j - 1] > v) {
            words[j] = words[j - 1];
            j--;
        }
        words[j] = v;
    }
    /* two lanes each (even and odd words), independent chains the processor overlaps */
    u64 a0 = 0x243F6A8885A308D3ULL, a1 = 0xA4093822299F31D0ULL, b0 = 0x13198A2E03707344ULL, b1 = 0x082EFA98EC4E6C89ULL;
    int i = 0;
    for (; i + 1 < w; i += 2) {
        a0 = mix(a0, words[i]);
        a1 = mix(a1, words[i + 1]);
        b0 = mix2(b0, words[i]);
        b1 = mix2(b1, words[i + 1]);
    }
    if (i < w) {
        a0 = mix(a0, words[i]);
        b0 = mix2(b0, words[i]);
    }
    Fp f = {mix(mix(a0, a1), (u64)w), mix2(b0, b1)};
    return f;
}

/* -- the transposition table, entries and the queue ---------------------------------------------- */

typedef struct {
    Pt pos;           /* the cheapest known position with this key (turn in pos.turn) */
    int32_t parent;   /* the entry it was reached from (-1: the root) */
    uint16_t turns, nerve;
    uint8_t closed, win;
} Entry;

typedef struct {
    u64 hi, seq; /* the A* key, then the order of pushing */
    int32_t entry;
    uint16_t turns, nerve;
} Item;

/* A slot of the table: the fingerprint (96 of its bits) and the entry's index (-1: empty). Slots
 * are 16 bytes, four to a cache line, so that a probe reads no entry until the key matches. */
typedef struct {
    u64 a;
    uint32_t b;
    int32_t entry;
} Slot;

typedef struct {
    const Ctx *c;
    int n, nerve_first;
    Entry *entries;
    long nentries, cap_entries;
    Slot *slots; /* open addressing on the fingerprint */
    long nslots, keyed;
    Item *heap;
    long nheap, cap_heap;
    u64 seq;
    long expanded, generated, max_nodes, max_positions;
    long proven;
} Search;

static int grow_slots(Search *S) {
    long ns = S->nslots ? S->nslots * 2 : 1 << 16;
    Slot *fresh = malloc(sizeof(Slot) * (size_t)ns);
    if (!fresh) return -1;
    for (long i = 0; i < ns; i++) fresh[i].entry = -1;
    for (long i = 0; i < S->nslots; i++) {
        if (S->slots[i].entry < 0) continue;
        u64 h = S->slots[i].a & (u64)(ns - 1);
        while (fresh[h].entry >= 0) h = (h + 1) & (u64)(ns - 1);
        fresh[h] = S->slots[i];
    }
    free(S->slots);
    S->slots = fresh;
    S->nslots = ns;
    return 0;
}

/* The slot of a fingerprint: the one holding it, or the empty one where it would go. */
static inline u64 slot_of(const Search *S, Fp f) {
    u64 mask = (u64)(S->nslots - 1), h = f.a & mask;
    uint32_t b = (uint32_t)f.b;
    while (S->slots[h].entry >= 0) {
        if (S->slots[h].a == f.a && S->slots[h].b == b) return h;
        h = (h + 1) & mask;
    }
    return h;
}

static inline void fill_slot(Search *S, u64 h, Fp f, long entry) {
    S->slots[h].a = f.a;
    S->slots[h].b = (uint32_t)f.b;
    S->slots[h].entry = (int32_t)entry;
}

static long new_entry(Search *S) {
    if (S->nentries == S->cap_entries) {
        long nc = S->cap_entries ? S->cap_entries * 2 : 4096;
        if (nc > INT32_MAX) return -1;
        Entry *fresh = realloc(S->entries, sizeof(Entry) * (size_t)nc);
        if (!fresh) return -1;
        S->entries = fresh;
        S->cap_entries = nc;
    }
    memset(&S->entries[S->nentries], 0, sizeof(Entry));
    return S->nentries++;
}

static inline int item_less(const Item *x, const Item *y) { return x->hi < y->hi || (x->hi == y->hi && x->seq < y->seq); }

static int push(Search *S, long entry, int turns, int nerve, long bound) {
    if (S->nheap == S->cap_heap) {
        long nc = S->cap_heap ? S->cap_heap * 2 : 4096;
        Item *fresh = realloc(S->heap, sizeof(Item) * (size_t)nc);
        if (!fresh) return -1;
        S->heap = fresh;
        S->cap_heap = nc;
    }
    long f = turns + bound;
    Item it;
    it.hi = S->nerve_first ? (u64)nerve << 32 | (u64)f << 16 | (u64)(0xFFFF - turns)
                           : (u64)f << 32 | (u64)nerve << 16 | (u64)(0xFFFF - turns);
    it.seq = S->seq++;
    it.entry = (int32_t)entry;
    it.turns = (uint16_t)turns;
    it.nerve = (uint16_t)nerve;
    long i = S->nheap++;
    while (i > 0) {
        long p = (i - 1) / 2;
        if (!item_less(&it, &S->heap[p])) break;
        S->heap[i] = S->heap[p];
        i = p;
    }
    S->heap[i] = it;
    return 0;
}

static Item pop(Search *S) {
    Item top = S->heap[0], last = S->heap[--S->nheap];
    long i = 0, n = S->nheap;
    for (;;) {
        long l = 2 * i + 1, r = l + 1, m = i;
        const Item *best = &last;
        if (l < n && item_less(&S->heap[l], best)) {
            m = l;
            best = &S->heap[l];
        }
        if (r < n && item_less(&S->heap[r], best)) m = r;
        if (m == i) break;
        S->heap[i] = S->heap[m];
        i = m;
    }
    if (n) S->heap[i] = last;
    return top;
}

/* (turns, nerve) a better than b under the objective. */
static inline int better(const Search *S, int ta, int na, int tb, int nb) {
    if (S->nerve_first) return na < nb || (na == nb && ta < tb);
    return ta < tb || (ta == tb && na < nb);
}

/* search.py's lower_bound: bounds.win_bound. */
static long lower_bound(const Search *S, const Pt *s, u64 reach) {
    return fast_win_bound_in(S->c, s->b, s->ps, S->n, s->turn, reach);
}

/* -- results back to Python ---------------------------------------------------------------------- */

static PyObject *position(const Search *S, PyObject *ctx, const Pt *s) {
    PyObject *k = PyTuple_New(K_PRISONERS + S->n);
    if (!k) return NULL;
    Py_INCREF(ctx);
    PyTuple_SET_ITEM(k, 0, ctx);
    PyTuple_SET_ITEM(k, K_TURN, PyLong_FromLong(s->turn));
    for (int i = 0; i < NBOARD; i++) PyTuple_SET_ITEM(k, K_PRESENT + i, PyLong_FromUnsignedLongLong(s->b[i]));
    for (int i = 0; i < S->n; i++) PyTuple_SET_ITEM(k, K_PRISONERS + i, PyLong_FromLong(s->ps[i]));
    for (int i = 1; i < K_PRISONERS + S->n; i++)
        if (!PyTuple_GET_ITEM(k, i)) {
            Py_DECREF(k);
            return NULL;
        }
    return k;
}

/* The positions from the root to entry `last`, following the parent links. */
static PyObject *path_to(const Search *S, PyObject *ctx, long last) {
    long length = 0;
    for (long e = last; e >= 0; e = S->entries[e].parent) length++;
    PyObject *list = PyList_New(length);
    if (!list) return NULL;
    for (long e = last, i = length - 1; e >= 0; e = S->entries[e].parent, i--) {
        PyObject *k = position(S, ctx, &S->entries[e].pos);
        if (!k) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, k);
    }
    return list;
}

static void release(Search *S) {
    free(S->entries);
    free(S->slots);
    free(S->heap);
}

static PyObject *answer(Search *S, const char *status, PyObject *path) {
    PyObject *out = Py_BuildValue("(sllllO)", status, S->expanded, S->generated, S->keyed, S->proven, path ? path : Py_None);
    Py_XDECREF(path);
    release(S);
    return out;
}

#define TICK_EVERY 1024


static Fp *fps; /* the fingerprints of one expansion's children (kept between searches) */
static u64 *reaches; /* and their reaches */
static int cap_fps;

/* search(k, nerve_first, max_nodes, max_positions, tick): ``tick(expanded, generated, bound)`` is
 * called every TICK_EVERY expansions; a string back stops the search with that status. Statuses:
 * "win" (with the path of positions), "lose", "node", "memory", or tick's. */
PyObject *fast_search(PyObject *self, PyObject *args) {
    PyObject *k, *tick;
    int nerve_first;
    long max_nodes, max_positions;
    if (!PyArg_ParseTuple(args, "OpllO:search", &k, &nerve_first, &max_nodes, &max_positions, &tick)) return NULL;
    Search S;
    memset(&S, 0, sizeof S);
    Pt root;
    int turn;
    S.c = fast_parse(k, &root, &turn, &S.n);
    if (!S.c) return NULL;
    S.nerve_first = nerve_first;
    S.max_nodes = max_nodes;
    S.max_positions = max_positions;
    root.turn = (uint8_t)turn;
    PyObject *ctx = PyTuple_GET_ITEM(k, 0);
    u64 reach0;
    Fp f0 = fast_canonical(S.c, &root, turn, S.n, &reach0);
    long h = k_anyone_fell(root.ps, S.n) ? INFINITE : lower_bound(&S, &root, reach0);
    if (h >= INFINITE) return answer(&S, "lose", NULL);
    if (grow_slots(&S) < 0) return PyErr_NoMemory();
    long e0 = new_entry(&S);
    if (e0 < 0) return release(&S), PyErr_NoMemory();
    S.entries[e0].pos = root;
    S.entries[e0].parent = -1;
    fill_slot(&S, slot_of(&S, f0), f0, e0);
    S.keyed = 1;
    if (push(&S, e0, 0, 0, h) < 0) return release(&S), PyErr_NoMemory();
    while (S.nheap) {
        if (S.expanded >= S.max_nodes) return answer(&S, "node", NULL);
        if (S.expanded && S.expanded % TICK_EVERY == 0 && tick != Py_None) {
            PyObject *r = PyObject_CallFunction(tick, "lll", S.expanded, S.generated, S.proven);
            if (!r) return release(&S), NULL;
            if (PyUnicode_Check(r)) {
                const char *status = PyUnicode_AsUTF8(r);
                PyObject *out = status ? answer(&S, status, NULL) : (release(&S), NULL);
                Py_DECREF(r);
                return out;
            }
            Py_DECREF(r);
        }
        Item it = pop(&S);
        long f = S.nerve_first ? (long)(it.hi >> 32) : (long)(it.hi >> 32);
        if (f > S.proven) S.proven = f;
        Entry *e = &S.entries[it.entry];
        if (e->turns != it.turns || e->nerve != it.nerve) continue; /* superseded by a cheaper way */
        if (e->win) {
            PyObject *path = path_to(&S, ctx, it.entry);
            if (!path) return release(&S), NULL;
            return answer(&S, "win", path);
        }
        if (e->closed) continue;
        e->closed = 1;
        S.expanded++;
        Pt pos = e->pos;
        int active = pos.turn;
        if (expand(S.c, &pos, active, S.n, 0, 0, 0) < 0) {
            release(&S);
            PyErr_SetString(FastUnsupported, "a turn too wide for the compiled kernel's tables");
            return NULL;
        }
        int before = (pos.ps[active] >> NERVE_SHIFT) & 3;
        int turns = it.turns + 1, count = results_count();
        if (count > cap_fps) {
            Fp *fresh = realloc(fps, sizeof(Fp) * (size_t)count);
            u64 *more = realloc(reaches, sizeof(u64) * (size_t)count);
            if (fresh) fps = fresh;
            if (more) reaches = more;
            if (!fresh || !more) return release(&S), PyErr_NoMemory();
            cap_fps = count;
        }
        /* The children's keys first, their slots fetched meanwhile: the probes below then wait on
         * no memory (the table is far larger than the caches). */
        u64 mask = (u64)(S.nslots - 1);
        for (int r = 0; r < count; r++) {
            const Pt *child = result_at(r);
            /* Most children are dead ends (a discard cut a prisoner off): their bound would be
             * INFINITE, so they need no key (reaches[r] 0 marks them; wins are looked at first). */
            reaches[r] = fast_together(S.c, child->b, child->ps, S.n);
            if (!reaches[r]) continue;
            fps[r] = fast_canonical_in(S.c, child, child->turn, S.n, reaches[r]);
            __builtin_prefetch(&S.slots[fps[r].a & mask]);
        }
        for (int r = 0; r < count; r++) {
            const Pt *child = result_at(r);
            S.generated++;
            int spent = before - ((child->ps[active] >> NERVE_SHIFT) & 3);
            int nerve = it.nerve + (spent > 0 ? spent : 0);
            if (turns > 0xFFF0 || nerve > 0xFFF0) continue; /* beyond any Final Flickers game */
            if (child->turn == active && k_won(child->b, child->ps, S.n)) {
                long w = new_entry(&S);
                if (w < 0) return release(&S), PyErr_NoMemory();
                Entry *we = &S.entries[w];
                we->pos = *child;
                we->parent = it.entry;
                we->turns = (uint16_t)turns;
                we->nerve = (uint16_t)nerve;
                we->win = 1;
                if (push(&S, w, turns, nerve, 0) < 0) return release(&S), PyErr_NoMemory();
                continue;
            }
            if (!reaches[r]) continue; /* a dead end */
            Fp fp = fps[r];
            u64 slot = slot_of(&S, fp);
            long old = S.slots[slot].entry;
            if (old >= 0) {
                Entry *o = &S.entries[old];
                if (o->closed || !better(&S, turns, nerve, o->turns, o->nerve)) continue; /* reached no dearer before */
            }
            long bound = lower_bound(&S, child, reaches[r]);
            if (bound >= INFINITE) continue;
            long at = old;
            if (at < 0) {
                at = new_entry(&S);
                if (at < 0) return release(&S), PyErr_NoMemory();
                fill_slot(&S, slot, fp, at);
                S.keyed++;
                if (S.keyed * 2 >= S.nslots && grow_slots(&S) < 0) return release(&S), PyErr_NoMemory();
            }
            Entry *ne = &S.entries[at];
            ne->pos = *child;
            ne->parent = it.entry;
            ne->turns = (uint16_t)turns;
            ne->nerve = (uint16_t)nerve;
            if (push(&S, at, turns, nerve, bound) < 0) return release(&S), PyErr_NoMemory();
            if (S.max_positions > 0 && S.keyed >= S.max_positions) return answer(&S, "memory", NULL);
        }
    }
    return answer(&S, "lose", NULL);
}
