/* Moving in the end-game (moves.py; §4, §6.4, §8.7): moves, jumps into pits, charges and
 * scrambles, then moving again (§4.7). Each move runs the rules' steps 1-6 at once: arrive
 * (and take a key), win on arrival, crumble, trigger the wax eaters that see the prisoner,
 * hit, then step 6. */
#include "turn.h"

static void settle(Turn *t, Pt s, int spent, int nacts);

/* (a move or jump is legal, a monster could be charged) for the active prisoner. */
void mobility(Turn *t, const Pt *s, int *walk, int *charge) {
    const Ctx *c = t->c;
    int cell = s->ps[t->a] & POS;
    u64 occ = k_occupied(s->ps, t->n);
    *walk = *charge = 0;
    for (int d = 0; d < 4; d++) {
        if (!((s->b[1 + d] >> cell) & 1)) continue;
        u64 tbit = c->nb_bit[cell][d];
        if (!(s->b[B_PRESENT] & tbit)) continue;
        if (s->b[B_PIT] & tbit)
            *walk = 1;
        else if (!(s->b[1 + (d ^ 2)] & tbit))
            continue;
        else if (s->b[B_MONSTER] & tbit) {
            if (!(s->b[B_KEEPER] & tbit) || k_facing(s->b, c->nb[cell][d]) != d)
                *charge = 1;
            else if (!(s->ps[t->a] & KEY) || c->keeper_key_tile)
                *walk = 1; /* behind a keeper: a plain move */
        } else if ((s->b[B_GATE] & tbit) || !(occ & tbit))
            *walk = 1;
    }
}

/* Steps 1-6 of a move onto a tile (§4): arrive, win?, crumble, trigger, hit, light. */
static void move(Turn *t, Pt s, int cell, int target, int spent, int nacts) {
    const Ctx *c = t->c;
    int a = t->a;
    u64 cbit = (u64)1 << cell, tbit = (u64)1 << target;
    Sight sight;
    u64 trig = 0;
    if (c->trigger_origin && s.b[B_MONSTER]) {
        sight_table(c, s.b, &sight);
        trig = watchers(&sight, cbit);
    }
    int p = s.ps[a] - cell + target;
    if ((s.b[B_KEYED] & tbit) && !(p & KEY)) {
        p |= KEY;
        s.b[B_KEYED] &= ~tbit;
    }
    s.ps[a] = (uint16_t)p;
    if (k_won(s.b, s.ps, t->n)) { /* checked on arrival, before any trigger (§8.10) */
        turn_end(t, &s, nacts);
        return;
    }
    if (s.b[B_CRUMBLING] & cbit) k_collapse(s.b, cbit); /* a key tile crumbling may lose the game */
    if (s.b[B_MONSTER]) {
        sight_table(c, s.b, &sight);
        trig |= watchers(&sight, tbit);
        if (trig) {
            u64 seen;
            trig = attack(&sight, s.b[B_MONSTER], trig, &seen);
            put_out(s.ps, t->n, seen);
        }
    }
    if (k_lost(s.b, s.ps, t->n)) {
        turn_end(t, &s, nacts);
        return;
    }
    if (trig && c->monster_removed) k_without(s.b, trig & k_wax(s.b));
    settle(t, s, spent, nacts);
}

/* The charger steps off the monster (not a move: nothing triggers, nothing crumbles). */
static void scramble(Turn *t, Pt s, int cell, int target, u64 removed, int spent, int nacts) {
    int a = t->a;
    u64 tbit = (u64)1 << target;
    int p = s.ps[a] - cell + target;
    if ((s.b[B_KEYED] & tbit) && !(p & KEY)) {
        p |= KEY;
        s.b[B_KEYED] &= ~tbit;
    }
    s.ps[a] = (uint16_t)p;
    if (k_won(s.b, s.ps, t->n)) {
        turn_end(t, &s, nacts);
        return;
    }
    k_without(s.b, removed);
    settle(t, s, spent, nacts);
}

static void scramble_off(Turn *t, Pt s, int target, u64 removed, int spent, int nacts);

/* Charge (§6.4, §8.7): 1 Nerve, the monster attacks its sight and the charger, who
 * scrambles to a connected free tile (or falls); the monster is discarded (a keeper stays, and
 * becomes a pit when a keyless charger takes its key). */
static void charge(Turn *t, Pt s, int cell, int target, int spent, int nacts) {
    const Ctx *c = t->c;
    int a = t->a;
    u64 cbit = (u64)1 << cell, tbit = (u64)1 << target;
    Sight sight;
    u64 trig = 0, seen;
    if (c->trigger_origin) {
        sight_table(c, s.b, &sight);
        trig = watchers(&sight, cbit);
    }
    s.ps[a] = (uint16_t)(s.ps[a] - NERVE_ONE - cell + target);
    if (s.b[B_CRUMBLING] & cbit) k_collapse(s.b, cbit);
    sight_table(c, s.b, &sight);
    trig = attack(&sight, s.b[B_MONSTER], trig | watchers(&sight, tbit) | tbit, &seen);
    put_out(s.ps, t->n, seen);
    s.ps[a] &= (uint16_t)~LIT; /* the charged monster hits the charger */
    u64 keeper = s.b[B_KEEPER] & tbit;
    u64 removed = c->monster_removed ? trig & k_wax(s.b) : 0;
    if (!keeper) {
        removed |= tbit;
    } else if (!(s.ps[a] & KEY)) { /* a keyless charger takes the keeper's key: it becomes a pit */
        s.ps[a] |= KEY;
        k_collapse(s.b, tbit);
    }
    if (k_lost(s.b, s.ps, t->n)) {
        turn_end(t, &s, nacts);
        return;
    }
    scramble_off(t, s, target, removed, spent, nacts);
}

/* A plain move onto a keeper from behind (6.5): no hit from it, no win on arrival; a keyless
 * prisoner takes its key (it becomes a pit), then the scramble off it. */
static void enter_keeper(Turn *t, Pt s, int cell, int target, int spent, int nacts) {
    const Ctx *c = t->c;
    int a = t->a;
    u64 cbit = (u64)1 << cell, tbit = (u64)1 << target;
    Sight sight;
    u64 trig = 0;
    if (c->trigger_origin) {
        sight_table(c, s.b, &sight);
        trig = watchers(&sight, cbit);
    }
    s.ps[a] = (uint16_t)(s.ps[a] - cell + target);
    if (s.b[B_CRUMBLING] & cbit) k_collapse(s.b, cbit);
    sight_table(c, s.b, &sight);
    trig |= watchers(&sight, tbit);
    if (trig) {
        u64 seen;
        trig = attack(&sight, s.b[B_MONSTER], trig, &seen);
        put_out(s.ps, t->n, seen);
    }
    if (!(s.ps[a] & KEY)) {
        s.ps[a] |= KEY;
        k_collapse(s.b, tbit);
    }
    if (k_lost(s.b, s.ps, t->n)) {
        turn_end(t, &s, nacts);
        return;
    }
    scramble_off(t, s, target, c->monster_removed ? trig & k_wax(s.b) : 0, spent, nacts);
}

/* The scramble off an entered monster to a connected free tile, or the fall (6.4, 6.5). On a
 * keeper still holding its key, keys pass first and its key may be taken (RULING-KEEPER-KEY-TILE). */
static void scramble_off(Turn *t, Pt s, int target, u64 removed, int spent, int nacts) {
    const Ctx *c = t->c;
    int a = t->a;
    u64 occ = k_occupied(s.ps, t->n);
    int ways[4], nways = 0;
    for (int e = 0; e < 4; e++) {
        u64 ubit = c->nb_bit[target][e];
        if (!(s.b[B_PRESENT] & ubit) || (s.b[B_PIT] & ubit) || (s.b[B_MONSTER] & ubit) || !(s.b[1 + (e ^ 2)] & ubit))
            continue;
        if ((occ & ubit) && !(s.b[B_GATE] & ubit)) continue;
        ways[nways++] = e;
    }
    if (!nways) {
        s.ps[a] = (uint16_t)(s.ps[a] - target + FALLEN + target);
        turn_end(t, &s, nacts);
        return;
    }
    if (((s.b[B_KEEPER] >> target) & 1) && c->keeper_key_tile) {
        int mark = t->cfg_top, start, count = keeper_configs(t, &s, target, &start);
        for (int i = 0; i < count && !t->overflow; i++) {
            int base = write_passes(t, start + i, nacts);
            if (base < 0) break;
            Pt s1 = t->cfg[start + i].s;
            for (int w = 0; w < nways && !t->overflow; w++) {
                if (base >= ACT_MAX) {
                    t->overflow = 1;
                    break;
                }
                t->acts[base] = ACT(A_SCRAMBLE, ways[w]);
                scramble(t, s1, target, c->nb[target][ways[w]], removed, spent, base + 1);
            }
        }
        t->cfg_top = mark;
        return;
    }
    for (int w = 0; w < nways; w++) {
        PUT_ACT(t, nacts, ACT(A_SCRAMBLE, ways[w]));
        scramble(t, s, target, c->nb[target][ways[w]], removed, spent, nacts + 1);
    }
}

/* A jump into a pit is a fall: the monsters that saw the prisoner attack; the game is lost. */
static void jump(Turn *t, Pt s, int cell, int target, int nacts) {
    const Ctx *c = t->c;
    int a = t->a;
    u64 cbit = (u64)1 << cell, trig = 0;
    Sight sight;
    if (s.b[B_MONSTER]) {
        sight_table(c, s.b, &sight);
        trig = watchers(&sight, cbit);
    }
    s.ps[a] = (uint16_t)(s.ps[a] - cell + FALLEN + target);
    if (s.b[B_CRUMBLING] & cbit) k_collapse(s.b, cbit);
    if (trig) {
        u64 seen;
        sight_table(c, s.b, &sight);
        attack(&sight, s.b[B_MONSTER], trig, &seen);
        put_out(s.ps, t->n, seen);
    }
    turn_end(t, &s, nacts);
}

/* A move, jump or charge toward direction d, if legal (blind steps need a tile). */
void move_step(Turn *t, Pt s, int d, int spent, int nacts) {
    const Ctx *c = t->c;
    int p = s.ps[t->a], cell = p & POS;
    if (cell >= FALLEN || !((s.b[1 + d] >> cell) & 1)) return;
    int target = c->nb[cell][d];
    u64 tbit = (u64)1 << target;
    if (!(s.b[B_PRESENT] & tbit)) return;
    if (s.b[B_PIT] & tbit) {
        PUT_ACT(t, nacts, ACT(A_JUMP, d));
        jump(t, s, cell, target, nacts + 1);
        return;
    }
    if (!(s.b[1 + (d ^ 2)] & tbit)) return;
    if (s.b[B_MONSTER] & tbit) {
        if ((s.b[B_KEEPER] & tbit) && k_facing(s.b, target) == d) { /* behind a keeper: a plain move (6.5) */
            if (!(p & KEY) || c->keeper_key_tile) {
                PUT_ACT(t, nacts, ACT(A_MOVE, d));
                enter_keeper(t, s, cell, target, spent, nacts + 1);
            }
        } else if (((p >> NERVE_SHIFT) & 3) && spent <= 1) {
            PUT_ACT(t, nacts, ACT(A_CHARGE, d));
            charge(t, s, cell, target, spent + 1, nacts + 1);
        }
        return;
    }
    if (!(s.b[B_GATE] & tbit) && (k_occupied(s.ps, t->n) & tbit)) return;
    PUT_ACT(t, nacts, ACT(A_MOVE, d));
    move(t, s, cell, target, spent, nacts + 1);
}

/* Move again (§4.7) for 1 Nerve, offered when a move is then possible; or go on. */
static void after_move(Turn *t, Pt s, int spent, int nacts) {
    Pt point = s;
    point.tag = 1;
    point.spent = (uint8_t)spent;
    if (!done_add(t, &point)) return;
    int a = t->a;
    int nerve = (s.ps[a] >> NERVE_SHIFT) & 3, again = 0;
    /* Under RULING-KEEPER-KEY-TILE's other reading a key held bars a keeper's back: whether a move
     * is left depends on the key configuration. */
    int by_config = s.b[B_KEEPER] && !t->c->keeper_key_tile;
    if (nerve && spent <= 1) {
        int walk, charge_;
        mobility(t, &s, &walk, &charge_);
        again = by_config || walk || (charge_ && nerve >= 2 && spent == 0);
    }
    int mark = t->cfg_top, start = -1, count = 0;
    if (again) {
        count = key_configs(t, &s, &start);
        for (int i = 0; i < count && !t->overflow; i++) {
            int base = write_passes(t, start + i, nacts);
            if (base < 0) break;
            Pt s1 = t->cfg[start + i].s;
            if (base > nacts && k_won(s1.b, s1.ps, t->n)) {
                turn_end(t, &s1, base);
                continue;
            }
            if (by_config) {
                int walk, charge_;
                mobility(t, &s1, &walk, &charge_);
                if (!(walk || (charge_ && nerve >= 2 && spent == 0))) continue;
            }
            s1.ps[a] -= NERVE_ONE;
            PUT_ACT(t, base, ACT(A_AGAIN, 0));
            for (int d = 0; d < 4; d++) move_step(t, s1, d, spent + 1, base + 1);
        }
    }
    turn_final(t, s, spent, 0, nacts, start, count, 1);
    t->cfg_top = mark;
}

/* Step 6 after a move, then the move-again decision. */
static void settle(Turn *t, Pt s, int spent, int nacts) {
    light(t, &s);
    if (k_lost(s.b, s.ps, t->n)) {
        turn_end(t, &s, nacts);
        return;
    }
    after_move(t, s, spent, nacts);
}
