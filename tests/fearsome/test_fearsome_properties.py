"""Random games of Fearsome Floors keep every invariant (2 to 7 players, basic and advanced scenery).

Seeded games, each move chosen at random or, half the time, the one nearest
the exit (so that pawns do get out and games are won). After every action:
the pawns are the set the game began with, each in one place; faces sum to 7
and each pawn in play was flipped once per pawn phase; no two pawns share a
square, nor a stone, a teleporter or the monster; stones stay on the board;
the monster's every step goes to a neighbour, through the wall to the
reflected square, or by a teleporter to its partner, and never stays on a
stone; the JSON form reads back the same position; a game ends within 14
monster phases.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from solver.fearsome.model import setups
from solver.fearsome.model.board import EXIT, ON_BOARD, neighbour, parse, reentry
from solver.fearsome.model.state import Phase, Place, Position
from solver.fearsome.notation import position_json as notation
from solver.fearsome.rules import moves, rounds
from solver.fearsome.rules.monster import MonsterTrace
from solver.fearsome.rules.moves import PawnMove
from solver.testing.fearsome import nearest_exit

GAMES = [(seed, 2 + seed % 6, seed % 2 == 1) for seed in range(24)]
"""(seed, players, advanced): every player count, both sceneries."""


def choose(position: Position, rng: random.Random) -> PawnMove:
    legal = moves.legal_moves(position)
    assert legal, "the player to move always has a move (staying put is one)"
    return min(legal, key=nearest_exit) if rng.random() < 0.5 else rng.choice(legal)


def check_position(position: Position, start: Position) -> None:
    assert Counter(p.ident for p in position.pawns) == Counter(p.ident for p in start.pawns)
    for pawn in position.pawns:
        assert pawn.value + (7 - pawn.value) == 7 and pawn.value == (7 - pawn.white if pawn.black_up else pawn.white)
        assert (pawn.square in ON_BOARD) == (pawn.place is Place.BOARD)
    squares = [p.square for p in position.pawns if p.place is Place.BOARD]
    if position.phase is not Phase.PAWNS or not position.moved:
        assert len(squares) == len(set(squares)), "two pawns at rest on one square"
    blocked = set(dict(position.stones)) | set(position.teleporter_at()) | {position.monster}
    assert not blocked & set(squares)
    assert all(sq in ON_BOARD for sq, _ in position.stones)
    assert not set(dict(position.stones)) & set(position.teleporter_at())
    assert position.monster in ON_BOARD
    assert sorted(position.exits) == sorted(p.ident for p in position.pawns if p.place is Place.OUT)


def check_trace(trace: MonsterTrace, before: Position, after: Position) -> None:
    partners = {sq: t.square for sq, t in before.teleporter_at().items()}
    here = trace.start
    for step in trace.steps:
        assert step.start == here
        squares = list(step.squares)
        facing = step.facing
        while squares:
            target = squares.pop(0)
            ahead = neighbour(here, facing)
            assert target == (ahead if ahead is not None else reentry(here)), f"step {step.number}: {here} to {target}"
            if target in partners:
                assert squares and squares.pop(0) == partners[target], "a teleporter sends the monster to its partner"
                here = partners[target]
                break
            here = target
        assert here == step.end
    assert here == trace.end == after.monster
    assert after.monster not in dict(after.stones)
    assert after.monster not in after.pool_squares() or not before.rulings.pool_wall
    assert len(after.stones) <= len(before.stones)


def play(seed: int, players: int, advanced: bool) -> tuple[Position, int, list[MonsterTrace]]:
    rng = random.Random(seed)
    scenery = setups.random_scenery(rng) if advanced else None
    position = start = setups.new_game(players, scenery=scenery)
    phases = 0
    traces = []
    phase_start = position
    while position.phase is not Phase.OVER:
        check_position(position, start)
        assert notation.loads(notation.dumps(position)) == position
        if position.phase is Phase.PAWNS:
            position = moves.apply_move(position, choose(position, rng))
            continue
        for pawn in position.pawns:  # each pawn in play when the phase began was flipped once
            if phase_start.pawn(pawn.ident).in_play:
                assert pawn.black_up != phase_start.pawn(pawn.ident).black_up, pawn.ident
        tiles = rounds.next_tiles(position)
        assert sum(chance for _, chance in tiles) == 1
        tile = rng.choices([t for t, _ in tiles], [float(c) for _, c in tiles])[0]
        before = position
        position, trace = rounds.resolve(position, tile)
        check_trace(trace, before, position)
        traces.append(trace)
        phases += 1
        assert phases <= 14
        phase_start = position
    check_position(position, start)
    return position, phases, traces


@pytest.mark.parametrize(("seed", "players", "advanced"), GAMES, ids=[f"seed{s}-{n}p-{'adv' if a else 'basic'}" for s, n, a in GAMES])
def test_a_random_game_keeps_every_invariant(seed: int, players: int, advanced: bool) -> None:
    end, phases, _ = play(seed, players, advanced)
    winner = rounds.winner(end)
    if phases < 14:
        assert winner is not None or not any(p.in_play for p in end.pawns)


def test_random_games_see_wins_exits_and_the_monster_s_every_trick() -> None:
    """The games above are not idle: pawns get out, games are won, and the monster eats, crushes, crosses walls."""
    games = [play(seed, players, advanced) for seed, players, advanced in GAMES[:12]]
    assert sum(len(end.exits) for end, _, _ in games) > 0
    assert any(rounds.winner(end) is not None for end, _, _ in games)
    steps = [step for _, _, traces in games for trace in traces for step in trace.steps]
    assert any(step.eaten for step in steps)  # crushing is rare at random: example M1 shows it
    assert any(step.wall for step in steps) and any(step.teleport for step in steps) and any(step.pivots for step in steps)
    assert any(len(step.squares) > 1 and not step.teleport for step in steps), "a slide across a pool"
    assert any(push.fate == "moved" for step in steps for push in step.pushes)


def test_the_exit_needs_a_spare_step_and_the_monster_bars_it() -> None:
    position = replace(setups.new_game(2), monster=parse("h6"))
    pawn = position.pawn("red1").at(parse("b11"))  # shows 1: it reaches the exit square, with no step left to leave
    position = position.with_pawn(pawn)
    ends = moves.pawn_moves(position, "red1")
    assert EXIT in {m.square for m in ends} and not any(m.place is Place.OUT for m in ends)
    position = position.with_pawn(pawn.flipped())  # shows 6
    assert [m.paths[0] for m in moves.pawn_moves(position, "red1") if m.place is Place.OUT] == [("w", "out")]
    position = replace(position, monster=EXIT)
    assert not any(m.place is Place.OUT for m in moves.pawn_moves(position, "red1"))
