/* The lower bound on the turns until a win and the board's turn budget (solver/nightcage/endgame/bounds.py's
 * turns_needed and turns_left; the argument is in that module's doc), and the reach of the
 * canonical key. Distances are recomputed per call, not cached: a breadth-first walk over at
 * most 64 cells is a few shifts per layer. */
#include "fast.h"

/* Cells of `through` connected to some cell of `frontier` (one step on the torus, every frontier
 * cell at once: bounds.py's _step). */
static inline u64 step(const Ctx *c, const u64 *b, u64 frontier, u64 through) {
    int size = c->size;
    u64 n = frontier & b[B_OPEN_N], e = frontier & b[B_OPEN_E], s = frontier & b[B_OPEN_S], w = frontier & b[B_OPEN_W];
    u64 out = (((n & ~c->top) << size) | ((n & c->top) >> c->across)) & b[B_OPEN_S];
    out |= (((s & ~c->bottom) >> size) | ((s & c->bottom) << c->across)) & b[B_OPEN_N];
    out |= (((e & ~c->right) << 1) | ((e & c->right) >> (size - 1))) & b[B_OPEN_W];
    out |= (((w & ~c->left) >> 1) | ((w & c->left) << (size - 1))) & b[B_OPEN_E];
    return out & through;
}

/* Tiles connected to `cell` through passages and monsters (the cell included). */
static u64 region(const Ctx *c, const u64 *b, int cell) {
    u64 walk = b[B_PRESENT] & ~b[B_PIT];
    u64 reached = (u64)1 << cell, frontier = reached;
    while (frontier) {
        frontier = step(c, b, frontier, walk & ~reached);
        reached |= frontier;
    }
    return reached;
}

u64 fast_reach(const Ctx *c, const u64 *b, const uint16_t *ps, int n) {
    u64 reached = 0;
    for (int i = 0; i < n; i++) {
        int pos = ps[i] & POS;
        if (pos < FALLEN && !((reached >> pos) & 1)) reached |= region(c, b, pos);
    }
    return reached;
}

/* The prisoners' reach when they all stand in one region holding a gate, with enough keys held or
 * within it; 0 when they do not, or one is falling (turns_needed is then INFINITE: a cheap test of
 * most dead ends, the discards that cut a prisoner off). */
u64 fast_together(const Ctx *c, const u64 *b, const uint16_t *ps, int n) {
    for (int i = 0; i < n; i++)
        if ((ps[i] & POS) >= FALLEN) return 0;
    u64 reached = region(c, b, ps[0] & POS);
    int held = (ps[0] >> 10) & 1;
    for (int i = 1; i < n; i++) {
        if (!((reached >> (ps[i] & POS)) & 1)) return 0;
        held += (ps[i] >> 10) & 1;
    }
    if (!(reached & b[B_GATE])) return 0;
    if (held < n && held + popcount64((b[B_KEYED] | b[B_KEEPER]) & reached) < n) return 0;
    return reached;
}

long fast_turns_left(const Ctx *c, const u64 *b, const uint16_t *ps, int n) {
    if (!c->flickers_occupied) return INFINITE;
    long nerve = 0;
    for (int i = 0; i < n; i++) nerve += (ps[i] >> NERVE_SHIFT) & 3;
    return 2L * popcount64(b[B_PRESENT]) + nerve;
}

/* Steps from every cell to `gate` (its distance layers: layer[d] the cells d steps away). Steps
 * are symmetric (both facing edges open; a monster entered costs a step and the scramble off it
 * none, either way), so these are gate_distances read backward. The number of layers. */
static int layers_to(const Ctx *c, const u64 *b, int gate, u64 *layer) {
    u64 walk = b[B_PRESENT] & ~b[B_PIT], monsters = b[B_MONSTER];
    u64 reached = (u64)1 << gate, frontier = reached;
    int d = 0;
    layer[d++] = reached;
    while (frontier && d < MAXCELLS) {
        u64 next = step(c, b, frontier, walk & ~reached);
        u64 entered = next & monsters;
        if (entered) next |= step(c, b, entered, walk & ~monsters & ~reached & ~next);
        reached |= next;
        layer[d++] = next;
        frontier = next & ~monsters;
    }
    return d;
}

/* bounds.turns_needed given the reach of the prisoners (fast_reach). */
long fast_turns_needed_in(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn, u64 reach) {
    int held = 0;
    for (int i = 0; i < n; i++) {
        if ((ps[i] & POS) >= FALLEN) return INFINITE;
        held += (ps[i] >> 10) & 1;
    }
    /* Every prisoner needs a key: held ones, or key tiles and keepers someone can still walk to. */
    if (held < n && held + popcount64((b[B_KEYED] | b[B_KEEPER]) & reach) < n) return INFINITE;
    long best = INFINITE;
    u64 layer[MAXCELLS + 1];
    for (u64 gates = b[B_GATE] & reach; gates; gates &= gates - 1) {
        int gate = low_cell(gates), depth = layers_to(c, b, gate, layer);
        long worst = 0;
        for (int i = 0; i < n; i++) {
            u64 at = (u64)1 << (ps[i] & POS);
            int d = 0;
            while (d < depth && !(layer[d] & at)) d++;
            if (d == depth) {
                worst = INFINITE;
                break;
            }
            if (d) {
                int nerve = (ps[i] >> NERVE_SHIFT) & 3;
                int own = d - nerve > (d + 2) / 3 ? d - nerve : (d + 2) / 3;
                long count = ((i - turn) % n + n) % n + (long)(own - 1) * n + 1;
                if (count > worst) {
                    worst = count;
                    if (worst >= best) break;
                }
            }
        }
        if (worst < best) best = worst;
    }
    return best;
}

/* bounds.win_bound given the reach: turns_needed, or INFINITE when no gate can be paid for by the
 * board's turn budget (bounds.py's module doc: every turn before the winning one burns a tile or a
 * Nerve, and every step beyond one per own turn a Nerve, while the gate stays). */
long fast_win_bound_in(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn, u64 reach) {
    int held = 0;
    for (int i = 0; i < n; i++) {
        if ((ps[i] & POS) >= FALLEN) return INFINITE;
        held += (ps[i] >> 10) & 1;
    }
    if (held < n && held + popcount64((b[B_KEYED] | b[B_KEEPER]) & reach) < n) return INFINITE;
    long budget = fast_turns_left(c, b, ps, n), best = INFINITE;
    int paid = 0;
    u64 layer[MAXCELLS + 1];
    for (u64 gates = b[B_GATE] & reach; gates; gates &= gates - 1) {
        int gate = low_cell(gates), depth = layers_to(c, b, gate, layer), dist[MAXP];
        long worst = 0;
        for (int i = 0; i < n && worst < INFINITE; i++) {
            u64 at = (u64)1 << (ps[i] & POS);
            int d = 0;
            while (d < depth && !(layer[d] & at)) d++;
            if (d == depth) {
                worst = INFINITE;
                break;
            }
            dist[i] = d;
            if (d) {
                int nerve = (ps[i] >> NERVE_SHIFT) & 3;
                int own = d - nerve > (d + 2) / 3 ? d - nerve : (d + 2) / 3;
                long count = ((i - turn) % n + n) % n + (long)(own - 1) * n + 1;
                if (count > worst) worst = count;
            }
        }
        if (worst >= INFINITE) continue;
        if (worst < best) best = worst;
        if (paid || budget >= INFINITE) {
            paid = 1;
            continue;
        }
        long extra = 0; /* steps beyond one per own turn within `worst` turns: each costs a Nerve */
        for (int i = 0; i < n; i++) {
            long offset = ((i - turn) % n + n) % n;
            long own = worst > offset ? (worst - offset - 1) / n + 1 : 0;
            if (dist[i] > own) extra += dist[i] - own;
        }
        if (worst - 1 + extra <= budget - 2) paid = 1;
    }
    return paid ? best : INFINITE;
}

long fast_turns_needed(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn) {
    for (int i = 0; i < n; i++)
        if ((ps[i] & POS) >= FALLEN) return INFINITE;
    return fast_turns_needed_in(c, b, ps, n, turn, fast_reach(c, b, ps, n));
}

long fast_win_bound(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn) {
    for (int i = 0; i < n; i++)
        if ((ps[i] & POS) >= FALLEN) return INFINITE;
    return fast_win_bound_in(c, b, ps, n, turn, fast_reach(c, b, ps, n));
}
