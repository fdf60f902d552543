/* The compiled Final Flickers kernel: shared types and small board rules.
 *
 * A C twin of the pure-Python kernel (the modules of solver/nightcage/endgame/kernel), which stays the
 * reference: tests/nightcage/endgame/test_fast_kernel.py checks that both give the same successors,
 * in the same order, with the same actions. The layout of a position is the one of
 * layout.py: K = (ctx, turn, ten board masks, one int per prisoner).
 */
#ifndef LUEUR_FAST_H
#define LUEUR_FAST_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

/* The prisoner int (layout.py). */
#define POS 0x7F
#define LIT 0x80
#define NERVE_ONE 0x100
#define NERVE_SHIFT 8
#define KEY 0x400
#define FALLEN 64

/* Indices into the board b = K[PRESENT:PRISONERS]; the openings of direction i are b[1 + i]. */
enum {
    B_PRESENT, B_OPEN_N, B_OPEN_E, B_OPEN_S, B_OPEN_W, B_PIT, B_MONSTER, B_GATE, B_KEYED, B_CRUMBLING,
    B_KEEPER, B_FACE_LO, B_FACE_HI, B_PATHLESS, NBOARD
};
#define K_TURN 1
#define K_PRESENT 2
#define K_PRISONERS (K_PRESENT + NBOARD)

#define MAXP 8      /* prisoners the compiled kernel takes (more: the pure one runs) */
#define MAXCELLS 64 /* cells: bit c of a u64 mask */
#define MAXRAY 16

/* A position or decision point: board masks and prisoner ints, plus what a point also
 * depends on (the turn for a result; tag, Nerve spent and gained for a decision point).
 * Zeroed before use, so that its bytes hash and compare. */
typedef struct {
    u64 b[NBOARD];
    uint16_t ps[MAXP];
    uint8_t tag, turn, spent, gained;
    uint32_t pad;
} Pt;

/* What a kernel Context holds, as C tables; built once per context (module.c). */
typedef struct {
    PyObject *ctx; /* strong reference: its strings are borrowed below */
    int size, cells;
    int los_end, trigger_origin, monster_removed, relight_with_active, same_gate_adjacent, flickers_occupied,
        relight_at_start, keeper_ranged_out, keeper_back, pathless_sight, keeper_key_tile;
    int8_t nb[MAXCELLS][4];
    u64 nb_bit[MAXCELLS][4];
    int8_t between[MAXCELLS * MAXCELLS];
    uint8_t ray_len[MAXCELLS][4];
    u64 ray[MAXCELLS][4][MAXRAY];
    u64 top, bottom, left, right; /* the edge ranks and files, for shifting masks round the torus */
    int across;                   /* bits between the top and bottom ranks */
    u64 back_line[MAXCELLS][4]; /* cells behind a keeper on c facing f (§8.14) */
    u64 row_col[MAXCELLS];      /* a pathless's reach: its row and file, itself excluded */
    PyObject *discard_text[MAXCELLS];
    PyObject *move_text[4], *jump_text[4], *charge_text[4], *scramble_text[4];
    PyObject *give_to[MAXP][MAXP], *give_from[MAXP][MAXP];
} Ctx;

/* Action codes: kind in the high byte, its argument (a cell, direction or prisoner) in the low one. */
enum { A_STAY = 1, A_AGAIN, A_HOLD, A_END, A_TAKE, A_DISCARD, A_MOVE, A_JUMP, A_CHARGE, A_SCRAMBLE, A_GIVE_TO, A_GIVE_FROM };
#define ACT(kind, arg) ((uint16_t)(((kind) << 8) | (arg)))

/* Bits set: the hardware's count when the compiler may use it, else a few shifts (a call into
 * libgcc would cost more). */
static inline int popcount64(u64 x) {
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int low_cell(u64 x) { return __builtin_ctzll(x); }

/* -- the outcome (board.py) ------------------------------------------------------------ */

/* Every prisoner on one gate (on the board), each holding a key. */
static inline int k_won(const u64 *b, const uint16_t *ps, int n) {
    int first = ps[0] & (POS | KEY);
    for (int i = 1; i < n; i++)
        if ((ps[i] & (POS | KEY)) != first) return 0;
    int pos = first & POS;
    return (first & KEY) && pos < FALLEN && ((b[B_GATE] >> pos) & 1);
}

/* A prisoner is falling: with an empty pile it can never land. */
static inline int k_anyone_fell(const uint16_t *ps, int n) {
    for (int i = 0; i < n; i++)
        if ((ps[i] & POS) >= FALLEN) return 1;
    return 0;
}

/* No gate left, or fewer keys (held, on key tiles, held by keepers) than prisoners. */
static inline int k_lost(const u64 *b, const uint16_t *ps, int n) {
    if (!b[B_GATE]) return 1;
    int held = 0;
    for (int i = 0; i < n; i++) held += (ps[i] >> 10) & 1;
    return held + popcount64(b[B_KEYED] | b[B_KEEPER]) < n;
}

/* The direction index a keeper's mouth faces (N 0, E 1, S 2, W 3). */
static inline int k_facing(const u64 *b, int cell) {
    return (int)(((b[B_FACE_LO] >> cell) & 1) | (((b[B_FACE_HI] >> cell) & 1) << 1));
}

/* Monsters that go after attacking: neither keepers nor the pathless. */
static inline u64 k_wax(const u64 *b) { return b[B_MONSTER] & ~b[B_KEEPER] & ~b[B_PATHLESS]; }

/* Cells holding a prisoner. */
static inline u64 k_occupied(const uint16_t *ps, int n) {
    u64 occ = 0;
    for (int i = 0; i < n; i++) {
        int pos = ps[i] & POS;
        if (pos < FALLEN) occ |= (u64)1 << pos;
    }
    return occ;
}

/* The board with the tiles of mask removed. */
static inline void k_without(u64 *b, u64 mask) {
    for (int i = 0; i < NBOARD; i++) b[i] &= ~mask;
}

/* The tile of bit flipped into a pit: a crumbling tile left (step 2), a keeper whose key is taken. */
static inline void k_collapse(u64 *b, u64 bit) {
    for (int i = B_OPEN_N; i < NBOARD; i++) b[i] &= ~bit;
    b[B_PIT] |= bit;
}

/* Connected neighbours, or one gate if the ruling says so (§8.1). */
static inline int k_adjacent(const Ctx *c, const u64 *b, int a, int x) {
    if (a == x) return c->same_gate_adjacent;
    int i = c->between[a * c->cells + x];
    return i >= 0 && ((b[1 + i] >> a) & 1) && ((b[1 + (i ^ 2)] >> x) & 1);
}

/* Context tables for a kernel Context object (module.c); NULL with an exception set. */
const Ctx *fast_context(PyObject *ctx);
/* Parse K into its context tables, a zeroed Pt, the turn and the prisoner count (module.c). */
const Ctx *fast_parse(PyObject *k, Pt *s, int *turn, int *n);

/* turn.c: the successors of a turn start. */
PyObject *fast_successors(const Ctx *c, PyObject *k, Pt *start, int turn, int n, int losses);

/* bounds.c: bounds.turns_needed, turns_left and reach. */
#define INFINITE (1L << 30)
long fast_turns_needed(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn);
long fast_turns_needed_in(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn, u64 reach);
long fast_win_bound(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn);
long fast_win_bound_in(const Ctx *c, const u64 *b, const uint16_t *ps, int n, int turn, u64 reach);
long fast_turns_left(const Ctx *c, const u64 *b, const uint16_t *ps, int n);
u64 fast_reach(const Ctx *c, const u64 *b, const uint16_t *ps, int n);
u64 fast_together(const Ctx *c, const u64 *b, const uint16_t *ps, int n);

/* search.c: the best-first search (search.py's solve, its default switches). */
PyObject *fast_search(PyObject *self, PyObject *args);

/* oracle.c: the oracle's depth-first search and its memory (oracle.py's _dfs). */
PyObject *fast_oracle_new(PyObject *self, PyObject *unused);
PyObject *fast_oracle_wins(PyObject *self, PyObject *args);
PyObject *fast_oracle_known(PyObject *self, PyObject *args);
PyObject *fast_oracle_sizes(PyObject *self, PyObject *capsule);
PyObject *fast_oracle_forget(PyObject *self, PyObject *capsule);

extern PyObject *FastUnsupported;

#endif
