/* The lower bound on the turns until a win (solver/nightcage/endgame/bounds.py's turns_needed; the
 * argument is in that module's doc). Distances are recomputed per call, not cached: a
 * breadth-first walk over at most 64 cells is cheaper than a dict lookup in Python. */
#include "fast.h"

#define INFINITE (1L << 30)

/* Cells of `through` connected to some cell of `frontier` (one step on the torus). */
static u64 step(const Ctx *c, const u64 *b, u64 frontier, u64 through) {
    u64 out = 0;
    for (u64 f = frontier; f; f &= f - 1) {
        int x = low_cell(f);
        for (int d = 0; d < 4; d++)
            if ((b[1 + d] >> x) & 1) out |= c->nb_bit[x][d] & b[1 + (d ^ 2)];
    }
    return out & through;
}

/* Steps from `cell` to each gate it can reach (a Charge through a monster costs a step, the
 * scramble off it none): dist[gate], -1 where unreachable. */
static void gate_distances(const Ctx *c, const u64 *b, int cell, int8_t *dist) {
    u64 walk = b[B_PRESENT] & ~b[B_PIT], monsters = b[B_MONSTER], gates = b[B_GATE];
    u64 start = (u64)1 << cell, reached = start, frontier = start;
    memset(dist, -1, MAXCELLS);
    if (start & gates) dist[cell] = 0;
    int d = 0;
    while (frontier) {
        d++;
        u64 next = step(c, b, frontier, walk & ~reached);
        u64 entered = next & monsters;
        if (entered) next |= step(c, b, entered, walk & ~monsters & ~reached & ~next);
        reached |= next;
        for (u64 found = next & gates & ~monsters; found; found &= found - 1) dist[low_cell(found)] = (int8_t)d;
        frontier = next & ~monsters;
    }
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

long fast_turns_needed(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn) {
    int8_t dist[MAXP][MAXCELLS];
    int held = 0;
    for (int i = 0; i < n; i++) {
        int pos = ps[i] & POS;
        if (pos >= FALLEN) return INFINITE;
        held += (ps[i] >> 10) & 1;
        if (i && (ps[i] & POS) == (ps[i - 1] & POS))
            memcpy(dist[i], dist[i - 1], MAXCELLS);
        else
            gate_distances(c, b, pos, dist[i]);
    }
    /* Every prisoner needs a key: held ones, or key tiles someone can still walk to. */
    if (held < n) {
        u64 reached = 0;
        for (int i = 0; i < n; i++) reached |= region(c, b, ps[i] & POS);
        if (held + popcount64((b[B_KEYED] | b[B_KEEPER]) & reached) < n) return INFINITE;
    }
    long best = INFINITE;
    for (u64 gates = b[B_GATE]; gates; gates &= gates - 1) {
        int gate = low_cell(gates);
        if (dist[0][gate] < 0) continue;
        long worst = 0;
        for (int i = 0; i < n; i++) {
            int d = dist[i][gate];
            if (d < 0) {
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
