/* One turn's expansion in C: the walk over the turn's decisions (turn.c, moves.c) and the
 * tables it fills (tables.c). Mirrors expansion.py's Expansion and its parts. */
#ifndef LUEUR_TURN_H
#define LUEUR_TURN_H

#include "fast.h"

#define ACT_MAX 512     /* actions on the path being walked */
#define CONFIG_MAX 8192 /* key configurations alive at once, over the whole recursion */

/* A key configuration (expansion.py's KeyConfig): the position after some passes, and the
 * last pass reaching it (its parent config and the pass), so its passes can be written out. */
typedef struct {
    Pt s;
    int parent;
    uint16_t code;
    uint16_t depth;
} Config;

typedef struct {
    const Ctx *c;
    int a, nxt, n, losses, actions;
    int overflow; /* a fixed table was too small: the caller runs the pure kernel */
    int drop_apart; /* results whose prisoners cannot meet at a gate (fast_together 0) left out: the oracle's */
    uint16_t acts[ACT_MAX];
    Config *cfg;
    int cfg_top;
} Turn;

/* tables.c: the results found (insertion-ordered, first actions kept) and the decision points. */
void tables_reset(void);
int done_add(Turn *t, const Pt *point); /* 1 if the point is new (and now recorded) */
void out_setdefault(Turn *t, int turn, const Pt *s, int nacts);
/* The same, with the result's fast_together when `known` (worked out on the way: the oracle's children need it). */
void out_setdefault_in(Turn *t, int turn, const Pt *s, int nacts, u64 reach, int known);
PyObject *out_build(const Ctx *c, PyObject *k, int n);
int results_count(void);         /* the results of the last expansion, in the order found */
const Pt *result_at(int i);
u64 result_reach(int i, int *known); /* its fast_together, if out_setdefault_in was given it */
/* 0, or -1 on overflow; `actions` 0: the results' actions are not kept (the searches need none); `drop_apart`:
 * see Turn (turn_final). */
int expand(const Ctx *c, const Pt *start, int turn, int n, int losses, int actions, int drop_apart);
Config *config_pool(void);

/* turn.c */
void turn_main(Turn *t, Pt s);
void turn_end(Turn *t, const Pt *s, int nacts);
void turn_final(Turn *t, Pt s, int spent, int gained, int nacts, int cfg_start, int cfg_count, int moved);
int key_configs(Turn *t, const Pt *s, int *start);
int write_passes(Turn *t, int cfg, int nacts);
void light(Turn *t, Pt *s);
void relight(Turn *t, Pt *s);

/* moves.c */
void move_step(Turn *t, Pt s, int d, int spent, int nacts);
void mobility(Turn *t, const Pt *s, int *walk, int *charge);

/* Sight of every monster of a board (board.py's sight_table and advanced.py, not cached): what
 * triggers it, what its attack reaches, where that puts a lit candle out, and for a keeper the
 * monsters whose attack does nothing to it. On a board of the standard pieces all three are its sight. */
typedef struct {
    int n, advanced;
    u64 mbit[MAXCELLS];
    u64 trigger[MAXCELLS], reach[MAXCELLS], out[MAXCELLS], shield[MAXCELLS];
} Sight;
void sight_table(const Ctx *c, const u64 *b, Sight *t);
u64 watchers(const Sight *t, u64 cell_bit);
u64 attack(const Sight *t, u64 monsters, u64 triggered, u64 *out_seen);
u64 illuminated(const Ctx *c, const u64 *b, const uint16_t *ps, int n);
int keeper_configs(Turn *t, const Pt *s, int cell, int *start);
void put_out(uint16_t *ps, int n, u64 seen);

#define PUT_ACT(t, i, code)                 \
    do {                                    \
        if ((i) >= ACT_MAX) {               \
            (t)->overflow = 1;              \
            return;                         \
        }                                   \
        (t)->acts[i] = (code);              \
    } while (0)

/* search.c: the fingerprint of bounds.canonical (and the reach it computes on the way). */
typedef struct {
    u64 a, b;
} Fp;
Fp fast_canonical(const Ctx *c, const Pt *s, int turn, int n, u64 *reach);
/* The same given the prisoners' reach (fast_reach, or fast_together's region when they share one). */
Fp fast_canonical_in(const Ctx *c, const Pt *s, int turn, int n, u64 reach);

#endif
