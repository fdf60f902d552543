/* The tables of one expansion: the distinct results in the order found, each with the
 * first action sequence that reached it (turn.py's `out.setdefault`), and the decision
 * points already explored (expansion.py's `done`). Open addressing over the bytes of a Pt;
 * the storage is kept between calls and cleared at each turn start. */
#include "turn.h"

typedef struct {
    Pt key;
    int acts_at, nacts;
    u64 reach;
    int known; /* reach is the key's fast_together */
} Result;

static Result *results;
static int nresults, cap_results;
static uint16_t *act_arena;
static int nact, cap_act;
static Pt *points;
static int npoints, cap_points;
static int32_t *out_index, *done_index;
static int out_slots, done_slots; /* powers of two */
static int32_t *out_slot_of, *done_slot_of; /* where each result and point lies in its index, to clear it */
static Config configs[CONFIG_MAX];

Config *config_pool(void) { return configs; }

int results_count(void) { return nresults; }
const Pt *result_at(int i) { return &results[i].key; }
u64 result_reach(int i, int *known) {
    *known = results[i].known;
    return results[i].reach;
}

/* Four independent multiply chains over the Pt's words, folded at the end: one chain over its 17 words
 * made every lookup wait on 17 multiplications in a row (a tenth of an end-game search's time). */
static inline uint64_t word_at(const unsigned char *bytes, int i) {
    uint64_t w;
    memcpy(&w, bytes + 8 * i, 8);
    return w;
}

static inline uint64_t pt_hash(const Pt *p) {
    enum { WORDS = sizeof(Pt) / 8 };
    _Static_assert(sizeof(Pt) % 8 == 0, "a Pt is hashed by whole words");
    const uint64_t mul = 0xBF58476D1CE4E5B9ULL;
    const unsigned char *bytes = (const unsigned char *)p;
    uint64_t a = 0x9E3779B97F4A7C15ULL, b = 0xC2B2AE3D27D4EB4FULL, c = 0x165667B19E3779F9ULL, d = 0x27D4EB2F165667C5ULL;
    int i = 0;
    for (; i + 4 <= WORDS; i += 4) { /* four chains the processor runs side by side */
        a = (a ^ word_at(bytes, i)) * mul;
        b = (b ^ word_at(bytes, i + 1)) * mul;
        c = (c ^ word_at(bytes, i + 2)) * mul;
        d = (d ^ word_at(bytes, i + 3)) * mul;
    }
    for (; i < WORDS; i++) a = (a ^ word_at(bytes, i)) * mul;
    uint64_t h = a ^ (b >> 17 | b << 47) ^ (c >> 31 | c << 33) ^ (d >> 45 | d << 19);
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

static int grow_index(int32_t **index, int *slots, int count, const void *keys, size_t stride, int32_t *slot_of) {
    if (count * 2 < *slots) return 0;
    int ns = *slots ? *slots * 2 : 1024;
    while (count * 2 >= ns) ns *= 2;
    int32_t *fresh = malloc(sizeof(int32_t) * (size_t)ns);
    if (!fresh) return -1;
    memset(fresh, 0xff, sizeof(int32_t) * (size_t)ns);
    for (int i = 0; i < count - 1; i++) { /* (the last is the one about to be added) */
        const Pt *p = (const Pt *)((const char *)keys + stride * (size_t)i);
        uint64_t h = pt_hash(p) & (uint64_t)(ns - 1);
        while (fresh[h] >= 0) h = (h + 1) & (uint64_t)(ns - 1);
        fresh[h] = i;
        slot_of[i] = (int32_t)h;
    }
    free(*index);
    *index = fresh;
    *slots = ns;
    return 0;
}

/* Empty an index: its used slots one by one when they are few (most turns find a few dozen results, and the
 * index keeps the size of the widest turn met: clearing all of it at each turn start took 2 to 3 % of a search). */
static void clear_index(int32_t *index, int slots, const int32_t *slot_of, int count) {
    if (!count || !index) return;
    if (count * 8 >= slots) {
        memset(index, 0xff, sizeof(int32_t) * (size_t)slots);
        return;
    }
    for (int i = 0; i < count; i++) index[slot_of[i]] = -1;
}

void tables_reset(void) {
    clear_index(out_index, out_slots, out_slot_of, nresults);
    clear_index(done_index, done_slots, done_slot_of, npoints);
    nresults = nact = npoints = 0;
}

int done_add(Turn *t, const Pt *point) {
    if (npoints + 1 > cap_points) {
        int nc = cap_points ? cap_points * 2 : 1024;
        Pt *fresh = realloc(points, sizeof(Pt) * (size_t)nc);
        if (!fresh) { t->overflow = 1; return 0; }
        points = fresh;
        int32_t *fresh_slots = realloc(done_slot_of, sizeof(int32_t) * (size_t)nc);
        if (!fresh_slots) { t->overflow = 1; return 0; }
        done_slot_of = fresh_slots;
        cap_points = nc;
    }
    if (grow_index(&done_index, &done_slots, npoints + 1, points, sizeof(Pt), done_slot_of) < 0) { t->overflow = 1; return 0; }
    uint64_t mask = (uint64_t)(done_slots - 1), h = pt_hash(point) & mask;
    while (done_index[h] >= 0) {
        if (!memcmp(&points[done_index[h]], point, sizeof(Pt))) return 0;
        h = (h + 1) & mask;
    }
    points[npoints] = *point;
    done_slot_of[npoints] = (int32_t)h;
    done_index[h] = npoints++;
    return 1;
}

void out_setdefault(Turn *t, int turn, const Pt *s, int nacts) { out_setdefault_in(t, turn, s, nacts, 0, 0); }

/* Record a result (turn, board, prisoners) reached by acts[0:nacts], unless found before. */
void out_setdefault_in(Turn *t, int turn, const Pt *s, int nacts, u64 reach, int known) {
    Pt key;
    memset(&key, 0, sizeof key);
    memcpy(key.b, s->b, sizeof key.b);
    memcpy(key.ps, s->ps, sizeof(uint16_t) * (size_t)t->n);
    key.turn = (uint8_t)turn;
    if (nresults + 1 > cap_results) {
        int nc = cap_results ? cap_results * 2 : 256;
        Result *fresh = realloc(results, sizeof(Result) * (size_t)nc);
        if (!fresh) { t->overflow = 1; return; }
        results = fresh;
        int32_t *fresh_slots = realloc(out_slot_of, sizeof(int32_t) * (size_t)nc);
        if (!fresh_slots) { t->overflow = 1; return; }
        out_slot_of = fresh_slots;
        cap_results = nc;
    }
    if (grow_index(&out_index, &out_slots, nresults + 1, results, sizeof(Result), out_slot_of) < 0) { t->overflow = 1; return; }
    uint64_t mask = (uint64_t)(out_slots - 1), h = pt_hash(&key) & mask;
    while (out_index[h] >= 0) {
        if (!memcmp(&results[out_index[h]].key, &key, sizeof(Pt))) return;
        h = (h + 1) & mask;
    }
    if (!t->actions) nacts = 0;
    if (nact + nacts > cap_act) {
        int nc = cap_act ? cap_act : 4096;
        while (nact + nacts > nc) nc *= 2;
        uint16_t *fresh = realloc(act_arena, sizeof(uint16_t) * (size_t)nc);
        if (!fresh) { t->overflow = 1; return; }
        act_arena = fresh;
        cap_act = nc;
    }
    memcpy(act_arena + nact, t->acts, sizeof(uint16_t) * (size_t)nacts);
    results[nresults].key = key;
    results[nresults].acts_at = nact;
    results[nresults].nacts = nacts;
    results[nresults].reach = reach;
    results[nresults].known = known;
    nact += nacts;
    out_slot_of[nresults] = (int32_t)h;
    out_index[h] = nresults++;
}

/* -- the Python answer ---------------------------------------------------------------- */

static PyObject *s_stay, *s_again, *s_hold, *s_end, *s_take;

static PyObject *action_text(const Ctx *c, int a, uint16_t code) {
    int kind = code >> 8, arg = code & 0xff;
    switch (kind) {
    case A_STAY: return s_stay;
    case A_AGAIN: return s_again;
    case A_HOLD: return s_hold;
    case A_END: return s_end;
    case A_TAKE: return s_take;
    case A_DISCARD: return c->discard_text[arg];
    case A_MOVE: return c->move_text[arg];
    case A_JUMP: return c->jump_text[arg];
    case A_CHARGE: return c->charge_text[arg];
    case A_SCRAMBLE: return c->scramble_text[arg];
    case A_GIVE_TO: return c->give_to[a][arg];
    default: return c->give_from[a][arg];
    }
}

static int interned(void) {
    if (s_stay) return 0;
    s_stay = PyUnicode_InternFromString("stay");
    s_again = PyUnicode_InternFromString("again");
    s_hold = PyUnicode_InternFromString("hold");
    s_end = PyUnicode_InternFromString("end");
    s_take = PyUnicode_InternFromString("take");
    return (s_stay && s_again && s_hold && s_end && s_take) ? 0 : -1;
}

/* An int of the result: the input's own object when the value is unchanged (most are). */
static PyObject *int_like(PyObject *k, Py_ssize_t i, u64 value, u64 before) {
    if (value == before) {
        PyObject *o = PyTuple_GET_ITEM(k, i);
        Py_INCREF(o);
        return o;
    }
    return PyLong_FromUnsignedLongLong(value);
}

/* The results as a list of (K, actions), in the order found (a dict's order in turn.py). */
PyObject *out_build(const Ctx *c, PyObject *k, int n) {
    if (interned() < 0) return NULL;
    u64 before[NBOARD + MAXP];
    for (int i = 0; i < NBOARD + n; i++) before[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(k, K_PRESENT + i));
    long turn0 = PyLong_AsLong(PyTuple_GET_ITEM(k, K_TURN));
    PyObject *list = PyList_New(nresults);
    if (!list) return NULL;
    int active = (int)turn0;
    for (int r = 0; r < nresults; r++) {
        const Result *res = &results[r];
        PyObject *kt = PyTuple_New(K_PRISONERS + n);
        PyObject *acts = PyTuple_New(res->nacts);
        PyObject *pair = PyTuple_New(2);
        if (!kt || !acts || !pair) {
            Py_XDECREF(kt); Py_XDECREF(acts); Py_XDECREF(pair); Py_DECREF(list);
            return NULL;
        }
        Py_INCREF(c->ctx);
        PyTuple_SET_ITEM(kt, 0, c->ctx);
        PyTuple_SET_ITEM(kt, K_TURN, int_like(k, K_TURN, res->key.turn, (u64)turn0));
        for (int i = 0; i < NBOARD; i++)
            PyTuple_SET_ITEM(kt, K_PRESENT + i, int_like(k, K_PRESENT + i, res->key.b[i], before[i]));
        for (int i = 0; i < n; i++)
            PyTuple_SET_ITEM(kt, K_PRISONERS + i, int_like(k, K_PRISONERS + i, res->key.ps[i], before[NBOARD + i]));
        for (int i = 0; i < res->nacts; i++) {
            PyObject *text = action_text(c, active, act_arena[res->acts_at + i]);
            Py_INCREF(text);
            PyTuple_SET_ITEM(acts, i, text);
        }
        PyTuple_SET_ITEM(pair, 0, kt);
        PyTuple_SET_ITEM(pair, 1, acts);
        PyList_SET_ITEM(list, r, pair);
        for (int i = 1; i < K_PRISONERS + n; i++)
            if (!PyTuple_GET_ITEM(kt, i)) { Py_DECREF(list); return NULL; }
    }
    return list;
}
