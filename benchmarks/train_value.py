"""Train the bot's evaluation by self-play: the command that made ``solver/nightcage/bot/data/value.json``.

    .venv/bin/python benchmarks/train_value.py [--seed 1] [--iterations 8] [--games 1000]
                                               [--samples 2] [--lam 0.7] [--workers 2]
                                               [--backend local|ray] [--address ADDR]
                                               [--out solver/nightcage/bot/data/value.json]

Policy iteration: round ``r`` plays ``--games`` self-play games with the model
of round ``r − 1`` (round 0: the hand-made evaluation), each labelled exactly
at the Final Flickers' start by the end-game oracle
(:mod:`solver.nightcage.play.selfplay`), and refits the model by fitted TD(λ) on the
games of this round and the one before (:mod:`solver.nightcage.bot.td`). The last model
is not necessarily the best: the model written is the one whose own round of
self-play won most (each round plays fresh seeds, so that is a held-out
measure; the last round's model, never played, is not a candidate). It is
written with its training record (this command, the round kept, the losses,
the games' labels); then put the printed SHA-256 in ``solver/nightcage/bot/value.py``
(``WEIGHTS_SHA256``). The same seed gives the same file, whatever
``--workers`` and ``--backend`` (the games do not depend on them; the fit is
deterministic). One round of 1,000 games takes about 5 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from solver.nightcage.bot.features import NAMES  # noqa: E402
from solver.nightcage.bot.td import Trace, fit, outcome_loss  # noqa: E402
from solver.nightcage.bot.value import ValueModel, checksum, dumps, hand_made  # noqa: E402
from solver.nightcage.play.selfplay import Job, run  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=8)
    parser.add_argument("--games", type=int, default=1000, help="self-play games per round")
    parser.add_argument("--samples", type=int, default=2, help="the self-playing bot's samples per branch")
    parser.add_argument("--lam", type=float, default=0.7, help="TD(λ)'s λ")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument("--address", default=None)
    parser.add_argument("--out", type=Path, default=ROOT / "solver" / "nightcage" / "bot" / "data" / "value.json")
    parser.add_argument("--rounds-dir", type=Path, default=None, help="also write each round's model here (round-N.json)")
    args = parser.parse_args(argv)

    model = hand_made()
    previous: list[Trace] = []
    rounds = []
    played: list[tuple[float, int, ValueModel]] = []
    """Each model that played a round: its round's win rate, the round it was fitted in (0: the hand-made one)."""
    for r in range(1, args.iterations + 1):
        started = time.perf_counter()
        games = run(Job(args.seed * 1000 + r, model.to_json(), args.samples), args.games, args.workers, args.backend, args.address)
        traces = [Trace(np.array(g.rows, dtype=float).reshape(-1, len(NAMES)), g.label) for g in games if g.rows]
        won = sum(g.label for g in games)
        played.append((won / len(games), r - 1, model))
        how = {h: sum(g.how == h for g in games) for h in ("oracle", "result", "unfinished")}
        data = previous + traces
        held = outcome_loss(traces, np.array(model.weights), model.bias)
        weights, bias, losses = fit(data, np.array(model.weights), model.bias, lam=args.lam)
        rounds.append({
            "round": r, "games": len(games), "won": int(won), "labels": how, "turn_starts": int(sum(len(t.features) for t in traces)),
            "outcome_loss_before": round(held, 5), "td_losses": [round(v, 5) for v in losses],
        })
        print(f"round {r}: {len(games)} games, {int(won)} won ({won / len(games):.1%}), labels {how}, "
              f"outcome loss of the playing model {held:.4f}, TD loss {losses[-1]:.4f}, {time.perf_counter() - started:.0f} s",
              file=sys.stderr, flush=True)
        model = ValueModel(NAMES, tuple(round(float(v), 6) for v in weights), round(bias, 6))
        previous = traces
        if args.rounds_dir is not None:
            args.rounds_dir.mkdir(parents=True, exist_ok=True)
            (args.rounds_dir / f"round-{r}.json").write_bytes(dumps(model))
    command = (f"benchmarks/train_value.py --seed {args.seed} --iterations {args.iterations} --games {args.games} "
               f"--samples {args.samples} --lam {args.lam}")
    # Policy iteration with a fitted model need not improve round after round: keep the model whose
    # own round of self-play won most (fresh seeds each round, so this is a held-out measure).
    rate, kept_round, best = max(played, key=lambda item: (item[0], -item[1]))
    kept = f"the model fitted in round {kept_round}, which won {rate:.1%} of round {kept_round + 1}'s games"
    trained = ValueModel(best.names, best.weights, best.bias, {"command": command, "kept": kept, "rounds": rounds})
    written = dumps(trained)
    args.out.write_bytes(written)
    print(f"kept {kept}", file=sys.stderr)
    print(f"wrote {args.out}, SHA-256 {checksum(written)}")


if __name__ == "__main__":
    main()
