/* One turn from its start (turn.py, final_flickers.py, lighting.py, expansion.py): the main
 * action (§4.1), the Final Flickers end of the turn (§4.8), step 6 with an empty pile (§3,
 * §4 step 6) and key passes (§5, §8.1, §8.3). Each function follows the Python method of
 * the same name line for line, in the same order, so that the first action sequence
 * reaching a result is the same one. */
#include "turn.h"

/* -- sight and attacks (board.py, advanced.py; §6.1, step 4) ------------------------------- */

/* A monster's sight line in each direction (advanced.py's directed_lines): along each side it
 * watches, through tiles that open back and straight on; the tile where the line stops (a T met
 * from its stem, or a pathless) is in sight under RULING-LOS-END. A keeper never watches its back
 * (nor its back line under RULING-KEEPER-BACK); a pathless sees as if it opened on four sides. */
static void directed_lines(const Ctx *c, const u64 *b, int m, u64 *lines) {
    u64 mbit = (u64)1 << m, pathless = b[B_PATHLESS];
    int keeper = (b[B_KEEPER] & mbit) != 0;
    int own = (pathless & mbit) ? 15
                                : (int)(((b[1] >> m) & 1) | (((b[2] >> m) & 1) << 1) | (((b[3] >> m) & 1) << 2) |
                                        (((b[4] >> m) & 1) << 3));
    int back = -1;
    u64 hidden = 0;
    if (keeper) {
        int face = k_facing(b, m);
        back = face ^ 2;
        if (c->keeper_back) hidden = c->back_line[m][face];
    }
    for (int i = 0; i < 4; i++) {
        lines[i] = 0;
        if (!((own >> i) & 1) || i == back) continue;
        u64 ahead = b[1 + i], behind = b[1 + (i ^ 2)], seen = 0;
        for (int r = 0; r < c->ray_len[m][i]; r++) {
            u64 y = c->ray[m][i][r];
            if (pathless & y) {
                if (c->los_end) seen |= y;
                break;
            }
            if (!(behind & y)) break;
            if (ahead & y) {
                seen |= y;
            } else {
                if (c->los_end) seen |= y;
                break;
            }
        }
        lines[i] = seen & ~hidden;
    }
}

void sight_table(const Ctx *c, const u64 *b, Sight *t) {
    u64 lines[MAXCELLS][4];
    int cell[MAXCELLS];
    t->n = 0;
    t->advanced = (b[B_KEEPER] | b[B_PATHLESS]) != 0;
    for (u64 ms = b[B_MONSTER]; ms; ms &= ms - 1) {
        int m = low_cell(ms), i = t->n++;
        u64 mbit = (u64)1 << m;
        directed_lines(c, b, m, lines[i]);
        u64 sight = lines[i][0] | lines[i][1] | lines[i][2] | lines[i][3];
        cell[i] = m;
        t->mbit[i] = mbit;
        t->trigger[i] = t->reach[i] = t->out[i] = sight;
        t->shield[i] = 0;
        if (b[B_PATHLESS] & mbit) {
            t->reach[i] = t->out[i] = c->row_col[m];
            if (!c->pathless_sight) t->trigger[i] = c->row_col[m];
        } else if ((b[B_KEEPER] & mbit) && !c->keeper_ranged_out) {
            t->out[i] = 0;
        }
    }
    if (!b[B_KEEPER]) return;
    /* The monsters whose attack reaching a keeper comes from behind (advanced.py's _shield). */
    for (int k = 0; k < t->n; k++) {
        if (!(b[B_KEEPER] & t->mbit[k])) continue;
        int face = k_facing(b, cell[k]);
        if (c->keeper_back) {
            t->shield[k] = c->back_line[cell[k]][face] & b[B_MONSTER];
            continue;
        }
        for (int s = 0; s < t->n; s++) {
            if (s == k || (b[B_PATHLESS] & t->mbit[s])) continue;
            int reaching = 0, all_back = 1;
            for (int i = 0; i < 4; i++)
                if (lines[s][i] & t->mbit[k]) {
                    reaching = 1;
                    if (i != face) all_back = 0;
                }
            if (reaching && all_back) t->shield[k] |= t->mbit[s];
        }
    }
}

u64 watchers(const Sight *t, u64 cell_bit) {
    u64 out = 0;
    for (int i = 0; i < t->n; i++)
        if (t->trigger[i] & cell_bit) out |= t->mbit[i];
    return out;
}

/* Chain reaction (step 4): every monster that attacks; *out_seen the cells where a lit candle goes
 * out. A monster an attack reaches attacks too, unless it is a keeper reached from behind. */
u64 attack(const Sight *t, u64 monsters, u64 triggered, u64 *out_seen) {
    if (!t->advanced) {
        for (;;) {
            u64 seen = 0;
            for (int i = 0; i < t->n; i++)
                if (triggered & t->mbit[i]) seen |= t->reach[i];
            u64 fresh = seen & monsters & ~triggered;
            if (!fresh) {
                *out_seen = seen;
                return triggered;
            }
            triggered |= fresh;
        }
    }
    for (;;) {
        u64 fresh = 0;
        for (int i = 0; i < t->n; i++) {
            if (!(triggered & t->mbit[i])) continue;
            u64 reached = t->reach[i] & monsters & ~triggered;
            if (!reached) continue;
            for (int k = 0; k < t->n; k++)
                if ((reached & t->mbit[k]) && (t->shield[k] & t->mbit[i])) reached &= ~t->mbit[k];
            fresh |= reached;
        }
        if (!fresh) break;
        triggered |= fresh;
    }
    u64 out = 0;
    for (int i = 0; i < t->n; i++)
        if (triggered & t->mbit[i]) out |= t->out[i];
    *out_seen = out;
    return triggered;
}

/* Step 5 with an empty pile: every lit prisoner standing in seen goes Lights Out. */
void put_out(uint16_t *ps, int n, u64 seen) {
    for (int i = 0; i < n; i++) {
        int pos = ps[i] & POS;
        if ((ps[i] & LIT) && pos < FALLEN && ((seen >> pos) & 1)) ps[i] ^= LIT;
    }
}

/* -- the turn's end ------------------------------------------------------------------- */

/* The game ended mid-turn (won or lost): the result keeps the turn on the active prisoner. */
void turn_end(Turn *t, const Pt *s, int nacts) {
    if (t->losses || k_won(s->b, s->ps, t->n)) out_setdefault(t, t->a, s, nacts);
}

/* -- keys (expansion.py's key_configs) ---------------------------------------------------- */

static int same_config(const Turn *t, const Pt *x, const Pt *y) {
    return x->b[B_KEYED] == y->b[B_KEYED] && !memcmp(x->ps, y->ps, sizeof(uint16_t) * (size_t)t->n);
}

/* Add a configuration reached from config `parent` by `code`, unless reached before. */
static void add_config(Turn *t, int start, const Pt *s, int parent, uint16_t code) {
    Config *pool = t->cfg;
    for (int i = start; i < t->cfg_top; i++)
        if (same_config(t, &pool[i].s, s)) return;
    if (t->cfg_top >= CONFIG_MAX) {
        t->overflow = 1;
        return;
    }
    Config *f = &pool[t->cfg_top++];
    f->s = *s;
    f->parent = parent;
    f->code = code;
    f->depth = (uint16_t)(pool[parent].depth + 1);
}

/* Every key configuration passes (and `take`) can reach now, the current one first: their
 * count, from *start in the pool (released by the caller, resetting cfg_top). */
int key_configs(Turn *t, const Pt *s, int *start) {
    const Ctx *c = t->c;
    int a = t->a, n = t->n;
    int here = s->ps[a] & POS;
    u64 hbit = (u64)1 << here;
    int near[MAXP], nnear = 0;
    for (int j = 0; j < n; j++) {
        int q = s->ps[j] & POS;
        if (j != a && q < FALLEN && k_adjacent(c, s->b, here, q)) near[nnear++] = j;
    }
    *start = t->cfg_top;
    if (t->cfg_top >= CONFIG_MAX) {
        t->overflow = 1;
        return 0;
    }
    Config *first = &t->cfg[t->cfg_top++];
    first->s = *s;
    first->parent = -1;
    first->code = 0;
    first->depth = 0;
    if (!(s->b[B_KEYED] & hbit)) {
        int holders = (s->ps[a] >> 10) & 1;
        for (int i = 0; i < nnear; i++) holders += (s->ps[near[i]] >> 10) & 1;
        if (holders == 0 || holders == nnear + 1) return 1;
    }
    for (int i = *start; i < t->cfg_top && !t->overflow; i++) {
        Pt s0 = t->cfg[i].s, s1;
        int pa = s0.ps[a];
        if (pa & KEY) {
            for (int x = 0; x < nnear; x++) {
                int j = near[x];
                if (!(s0.ps[j] & KEY)) {
                    s1 = s0;
                    s1.ps[a] = (uint16_t)(pa ^ KEY);
                    s1.ps[j] |= KEY;
                    add_config(t, *start, &s1, i, ACT(A_GIVE_TO, j));
                }
            }
        } else {
            for (int x = 0; x < nnear; x++) {
                int j = near[x];
                if (s0.ps[j] & KEY) {
                    s1 = s0;
                    s1.ps[a] = (uint16_t)(pa | KEY);
                    s1.ps[j] ^= KEY;
                    add_config(t, *start, &s1, i, ACT(A_GIVE_FROM, j));
                }
            }
            if (s0.b[B_KEYED] & hbit) {
                s1 = s0;
                s1.b[B_KEYED] &= ~hbit;
                s1.ps[a] = (uint16_t)(pa | KEY);
                add_config(t, *start, &s1, i, ACT(A_TAKE, 0));
            }
        }
    }
    return t->cfg_top - *start;
}

static int same_keeper_config(const Turn *t, const Pt *x, const Pt *y) {
    return x->b[B_KEEPER] == y->b[B_KEEPER] && !memcmp(x->ps, y->ps, sizeof(uint16_t) * (size_t)t->n);
}

/* expansion.py's keeper_configs: on a keeper still holding its key, before the scramble off it
 * (RULING-KEEPER-KEY-TILE), every configuration passes reach, the current one first, and after each
 * one where the active prisoner is keyless, `take` (the keeper becomes a pit, no pass follows). */
int keeper_configs(Turn *t, const Pt *s, int cell, int *start) {
    const Ctx *c = t->c;
    int a = t->a, n = t->n;
    u64 cbit = (u64)1 << cell;
    int near[MAXP], nnear = 0;
    for (int j = 0; j < n; j++) {
        int q = s->ps[j] & POS;
        if (j != a && q < FALLEN && k_adjacent(c, s->b, cell, q)) near[nnear++] = j;
    }
    *start = t->cfg_top;
    if (t->cfg_top >= CONFIG_MAX) {
        t->overflow = 1;
        return 0;
    }
    Config *first = &t->cfg[t->cfg_top++];
    first->s = *s;
    first->parent = -1;
    first->code = 0;
    first->depth = 0;
    for (int i = *start; i < t->cfg_top && !t->overflow; i++) {
        Pt s0 = t->cfg[i].s, s1;
        if (s0.b[B_PIT] & cbit) continue; /* taken: the scramble follows at once */
        int pa = s0.ps[a];
        uint16_t code[MAXP + 1];
        Pt next[MAXP + 1];
        int m = 0;
        if (pa & KEY) {
            for (int x = 0; x < nnear; x++) {
                int j = near[x];
                if (!(s0.ps[j] & KEY)) {
                    next[m] = s0;
                    next[m].ps[a] = (uint16_t)(pa ^ KEY);
                    next[m].ps[j] |= KEY;
                    code[m++] = ACT(A_GIVE_TO, j);
                }
            }
        } else {
            for (int x = 0; x < nnear; x++) {
                int j = near[x];
                if (s0.ps[j] & KEY) {
                    next[m] = s0;
                    next[m].ps[a] = (uint16_t)(pa | KEY);
                    next[m].ps[j] ^= KEY;
                    code[m++] = ACT(A_GIVE_FROM, j);
                }
            }
            next[m] = s0;
            k_collapse(next[m].b, cbit);
            next[m].ps[a] = (uint16_t)(pa | KEY);
            code[m++] = ACT(A_TAKE, 0);
        }
        for (int x = 0; x < m; x++) {
            s1 = next[x];
            int dup = 0;
            for (int y = *start; y < t->cfg_top && !dup; y++) dup = same_keeper_config(t, &t->cfg[y].s, &s1);
            if (dup) continue;
            if (t->cfg_top >= CONFIG_MAX) {
                t->overflow = 1;
                break;
            }
            Config *f = &t->cfg[t->cfg_top++];
            f->s = s1;
            f->parent = i;
            f->code = code[x];
            f->depth = (uint16_t)(t->cfg[i].depth + 1);
        }
    }
    return t->cfg_top - *start;
}

/* Write a configuration's passes at acts[nacts:]; the new length (-1 on overflow). */
int write_passes(Turn *t, int cfg, int nacts) {
    int depth = t->cfg[cfg].depth;
    if (nacts + depth >= ACT_MAX) {
        t->overflow = 1;
        return -1;
    }
    for (int i = cfg, at = nacts + depth - 1; t->cfg[i].parent >= 0; i = t->cfg[i].parent, at--)
        t->acts[at] = t->cfg[i].code;
    return nacts + depth;
}

/* -- step 6 (lighting.py) ------------------------------------------------------------------ */

/* RULING-RELIGHT-WITH-ACTIVE alternative: any connected pair, in chains. */
static void relight_chains(const Ctx *c, const u64 *b, uint16_t *ps, int n) {
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            int p = ps[i];
            if ((p & LIT) || (p & POS) >= FALLEN) continue;
            for (int j = 0; j < n; j++) {
                int q = ps[j];
                if ((q & LIT) && (q & POS) < FALLEN && k_adjacent(c, b, p & POS, q & POS)) {
                    ps[i] = (uint16_t)(p | LIT);
                    changed = 1;
                    break;
                }
            }
        }
    }
}

/* Relighting (§4 step 6): the active prisoner is relit by a lit connected neighbour, and
 * then (or if lit already) relights every connected neighbour. */
void relight(Turn *t, Pt *s) {
    const Ctx *c = t->c;
    int a = t->a, n = t->n;
    if (!c->relight_with_active) {
        relight_chains(c, s->b, s->ps, n);
        return;
    }
    int here = s->ps[a] & POS;
    int near[MAXP], nnear = 0;
    for (int j = 0; j < n; j++) {
        int q = s->ps[j] & POS;
        if (j != a && q < FALLEN && k_adjacent(c, s->b, here, q)) near[nnear++] = j;
    }
    if (!(s->ps[a] & LIT)) {
        int any = 0;
        for (int x = 0; x < nnear; x++) any |= s->ps[near[x]] & LIT;
        if (!any) return;
        s->ps[a] |= LIT;
    }
    for (int x = 0; x < nnear; x++) s->ps[near[x]] |= LIT;
}

/* The cells the prisoners light: their own, and a lit one's neighbours its tile opens toward (§3). */
u64 illuminated(const Ctx *c, const u64 *b, const uint16_t *ps, int n) {
    u64 lit = 0;
    for (int i = 0; i < n; i++) {
        int p = ps[i], pos = p & POS;
        if (pos >= FALLEN) continue;
        u64 bit = (u64)1 << pos;
        lit |= bit;
        if (p & LIT)
            for (int d = 0; d < 4; d++)
                if (b[1 + d] & bit) lit |= c->nb_bit[pos][d];
    }
    return lit;
}

/* Step 6 with an empty pile (§3): darkness removes the unlit tiles (keepers stay), then relighting. */
void light(Turn *t, Pt *s) {
    u64 dark = s->b[B_PRESENT] & ~illuminated(t->c, s->b, s->ps, t->n) & ~s->b[B_KEEPER];
    if (dark) k_without(s->b, dark);
    for (int i = 0; i < t->n; i++)
        if (!(s->ps[i] & LIT)) {
            relight(t, s);
            return;
        }
}

/* -- the Final Flickers end of the turn (final_flickers.py, §4.8) ---------------------------- */

/* One result per discarded tile: the hot loop of the end-game search. */
/* fast_together of s without the tile `low` of its region `together` when that tile is a dead end of the region
 * (one connected side at most: removing it cuts nothing else off); ~0 when it is not (the caller walks again). */
static inline u64 without_dead_end(const Turn *t, const Pt *s, u64 together, int cell) {
    const u64 *b = s->b;
    int sides = 0;
    for (int d = 0; d < 4; d++)
        sides += (int)((b[1 + d] >> cell) & (b[1 + (d ^ 2)] >> t->c->nb[cell][d]) & (together >> t->c->nb[cell][d]) & 1);
    if (sides > 1) return ~(u64)0;
    u64 reach = together & ~((u64)1 << cell); /* every prisoner still in it: none stands on a discarded tile */
    if (!(reach & b[B_GATE])) return 0;
    int held = 0;
    for (int i = 0; i < t->n; i++) held += (s->ps[i] >> 10) & 1;
    if (held < t->n && held + popcount64((b[B_KEYED] | b[B_KEEPER]) & reach) < t->n) return 0;
    return reach;
}

/* `together`: s's fast_together under drop_apart (a result outside it keeps it, one inside is walked again
 * unless a dead end). */
static void discards(Turn *t, const Pt *s, u64 cells, int nacts, u64 together) {
    int n = t->n;
    u64 keyed = s->b[B_KEYED] | s->b[B_KEEPER], gate = s->b[B_GATE];
    int spare_keys = popcount64(keyed) - n;
    u64 standing = 0;
    for (int i = 0; i < n; i++) {
        spare_keys += (s->ps[i] >> 10) & 1;
        int pos = s->ps[i] & POS;
        if (pos < FALLEN) standing |= (u64)1 << pos;
    }
    if (nacts >= ACT_MAX) {
        t->overflow = 1;
        return;
    }
    while (cells) {
        u64 low = cells & (~cells + 1);
        cells ^= low;
        int c = low_cell(low);
        t->acts[nacts] = ACT(A_DISCARD, c);
        Pt r = *s;
        k_without(r.b, low);
        if (standing & low) { /* its prisoners fall: the game is lost (RULING-FF-OCCUPIED) */
            if (t->losses) {
                for (int i = 0; i < n; i++)
                    if ((r.ps[i] & POS) == c) r.ps[i] += FALLEN;
                out_setdefault(t, t->a, &r, nacts + 1);
            }
            continue;
        }
        int lost = gate == low || ((keyed & low) && spare_keys <= 0);
        if (lost && !t->losses) continue;
        u64 reach = together;
        if (t->drop_apart && (together & low)) {
            reach = t->c->size >= 3 ? without_dead_end(t, s, together, c) : ~(u64)0;
            if (reach == ~(u64)0) reach = fast_together(t->c, r.b, r.ps, n);
            if (!reach) continue; /* this discard cut the prisoners apart */
        }
        out_setdefault_in(t, lost ? t->a : t->nxt, &r, nacts + 1, reach, t->drop_apart && !lost);
    }
}

/* How a turn with nothing to discard and no light to hold is ended in the notation: after a
 * move the move-again decision still waits while a key could change hands. */
static int closing(Turn *t, const Pt *s, int moved, int nacts) {
    int count = 1;
    if (moved) {
        int mark = t->cfg_top, start;
        count = key_configs(t, s, &start);
        t->cfg_top = mark;
    }
    int ends = moved && count > 1 ? 2 : 1;
    if (nacts + ends > ACT_MAX) {
        t->overflow = 1;
        return -1;
    }
    for (int i = 0; i < ends; i++) t->acts[nacts + i] = ACT(A_END, 0);
    return nacts + ends;
}

/* Key passes, then the Final Flickers discard or hold (§4.8); cfg_start < 0: not given. */
void turn_final(Turn *t, Pt s, int spent, int gained, int nacts, int cfg_start, int cfg_count, int moved) {
    Pt point = s;
    point.tag = 2;
    point.spent = (uint8_t)spent;
    point.gained = (uint8_t)gained;
    if (!done_add(t, &point)) return;
    /* Passes keep fast_together's answer (a key taken is one held, on a cell in the region), and a discard
     * or a hold can only shrink the region, its gates and keys: every result from here is as far apart. */
    u64 together = t->drop_apart ? fast_together(t->c, s.b, s.ps, t->n) : 0;
    if (t->drop_apart && !together) return;
    int a = t->a;
    int hold = ((s.ps[a] >> NERVE_SHIFT) & 3) >= 1 && spent <= 1 && !gained;
    u64 discardable = t->c->flickers_occupied ? s.b[B_PRESENT] : s.b[B_PRESENT] & ~k_occupied(s.ps, t->n);
    if (s.b[B_KEEPER]) discardable &= ~s.b[B_KEEPER] | illuminated(t->c, s.b, s.ps, t->n);
    int mark = t->cfg_top;
    if (cfg_start < 0) cfg_count = key_configs(t, &s, &cfg_start);
    for (int i = 0; i < cfg_count && !t->overflow; i++) {
        int base = write_passes(t, cfg_start + i, nacts);
        if (base < 0) break;
        Pt s1 = t->cfg[cfg_start + i].s;
        if (base > nacts && k_won(s1.b, s1.ps, t->n)) {
            turn_end(t, &s1, base);
            continue;
        }
        if (!(discardable || hold)) {
            int len = closing(t, &s1, moved, base);
            if (len >= 0) out_setdefault_in(t, t->nxt, &s1, len, together, t->drop_apart);
            continue;
        }
        if (discardable) discards(t, &s1, discardable, base, together);
        if (hold) {
            if (base >= ACT_MAX) {
                t->overflow = 1;
                break;
            }
            t->acts[base] = ACT(A_HOLD, 0);
            s1.ps[a] -= NERVE_ONE;
            out_setdefault_in(t, t->nxt, &s1, base + 1, together, t->drop_apart);
        }
    }
    t->cfg_top = mark;
}

/* -- the main action (turn.py, §4.1) ----------------------------------------------------------- */

/* Stay: gain 1 Nerve if lit; Lights Out, pay 1, or free with no Nerve and no move at all (§8.6). */
static void stay(Turn *t, Pt s, int nacts) {
    int a = t->a;
    int p = s.ps[a], cell = p & POS;
    int spent = 0, gained = 0;
    if (p & LIT) {
        if (((p >> NERVE_SHIFT) & 3) < 2) {
            p += NERVE_ONE;
            gained = 1;
        }
    } else if ((p >> NERVE_SHIFT) & 3) {
        p -= NERVE_ONE; /* Lights Out: the stay costs 1 Nerve whenever it can be paid (§8.6) */
        spent = 1;
    } else {
        int walk, charge;
        mobility(t, &s, &walk, &charge);
        if (walk) return;
    }
    s.ps[a] = (uint16_t)p;
    PUT_ACT(t, nacts, ACT(A_STAY, 0));
    nacts++;
    u64 bit = (u64)1 << cell;
    if (s.b[B_CRUMBLING] & bit) {
        /* The tile crumbles under the prisoner, who falls: sight taken before the pit forms. */
        u64 trig = 0;
        Sight sight;
        if (s.b[B_MONSTER]) {
            sight_table(t->c, s.b, &sight);
            trig = watchers(&sight, bit);
        }
        k_collapse(s.b, bit);
        s.ps[a] = (uint16_t)(p - cell + FALLEN + cell);
        if (trig) {
            u64 seen;
            sight_table(t->c, s.b, &sight);
            attack(&sight, s.b[B_MONSTER], trig, &seen);
            put_out(s.ps, t->n, seen);
        }
        turn_end(t, &s, nacts);
        return;
    }
    light(t, &s);
    if (k_lost(s.b, s.ps, t->n)) {
        turn_end(t, &s, nacts);
        return;
    }
    turn_final(t, s, spent, gained, nacts, -1, 0, 0);
}

/* The turn from its start: key passes, then each main action (§4.1). */
void turn_main(Turn *t, Pt s) {
    const Ctx *c = t->c;
    int a = t->a, n = t->n;
    int cell = s.ps[a] & POS;
    if (c->relight_at_start && cell < FALLEN) {
        /* RULING-RELIGHT-AT-START (§8.2): relit before the first decision (nothing to fill). */
        for (int i = 0; i < n; i++)
            if (!(s.ps[i] & LIT)) {
                relight(t, &s);
                break;
            }
    }
    /* A stay that cannot fall changes no adjacency, so passes before it equal passes after it
     * at the Final Flickers decision, which always waits under RULING-FF-OCCUPIED. */
    int stay_every_config = (cell < FALLEN && ((s.b[B_CRUMBLING] >> cell) & 1)) || !c->flickers_occupied ||
                            (s.b[B_KEEPER] && !c->keeper_key_tile);
    int start, count = key_configs(t, &s, &start);
    for (int i = 0; i < count && !t->overflow; i++) {
        int base = write_passes(t, start + i, 0);
        if (base < 0) break;
        Pt s1 = t->cfg[start + i].s;
        if (base && k_won(s1.b, s1.ps, n)) {
            turn_end(t, &s1, base);
            continue;
        }
        if (i == 0 || stay_every_config) stay(t, s1, base);
        for (int d = 0; d < 4; d++) move_step(t, s1, d, 0, base);
    }
    t->cfg_top = start;
}
