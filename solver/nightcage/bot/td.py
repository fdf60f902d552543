"""Training the learned evaluation: TD(λ) targets on self-play games, fitted by logistic regression.

A game gives a **trace**: the features of each turn start while tiles remain,
in order, and how the game came out. The outcome is exact: the first turn of
the Final Flickers is labelled by the end-game oracle (a proven win or loss
from there, whatever the bot then plays), or, where the oracle ran out of
time, by the game's result.

:func:`fit` is fitted TD(λ): the target of each turn start is its λ-return
under the current model, ``G_t = (1 − λ) V(s_{t+1}) + λ G_{t+1}``, ending in the
trace's label; the model is refitted to the targets (logistic loss with soft
targets, Newton steps, a small ridge), the targets recomputed, and so on.
λ = 1 fits the outcomes alone; smaller λ leans on the model's own estimates of
the next position, which tells apart the moves of one game rather than
crediting every position of a won game alike. The fit starts from the
hand-made evaluation (:func:`solver.nightcage.bot.value.hand_made`).

>>> import numpy as np
>>> traces = [Trace(np.array([[0.0, 1.0], [1.0, 1.0]]), 1.0), Trace(np.array([[0.0, 0.0]]), 0.0)]
>>> [round(float(g), 2) for g in lambda_returns(traces[0], np.array([0.0, 0.0]), 0.0, 0.5)]
[0.75, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Trace:
    """One self-played game: the features of its turn starts before the Final Flickers, and its label."""

    features: np.ndarray
    """One row per turn start, in order."""
    label: float
    """1.0 won (or proven winnable at the Final Flickers' start), 0.0 lost."""


def sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))


def lambda_returns(trace: Trace, weights: np.ndarray, bias: float, lam: float) -> np.ndarray:
    """The λ-return of every turn start of ``trace`` under the model ``(weights, bias)``."""
    values = sigmoid(trace.features @ weights + bias)
    out = np.empty(len(values))
    g = trace.label
    for t in range(len(values) - 1, -1, -1):
        out[t] = g
        g = (1.0 - lam) * values[t] + lam * g
    return out


def fit_logistic(x: np.ndarray, y: np.ndarray, weights: np.ndarray, bias: float, ridge: float,
                 steps: int = 8) -> tuple[np.ndarray, float]:
    """Newton steps on the mean logistic loss of soft targets ``y`` (ridge on the weights, not the bias)."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    theta = np.append(weights, bias)
    penalty = np.full(len(theta), ridge)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = sigmoid(xb @ theta)
        gradient = xb.T @ (p - y) / len(y) + penalty * theta
        hessian = (xb * (p * (1 - p))[:, None]).T @ xb / len(y) + np.diag(penalty + 1e-9)
        theta = theta - np.linalg.solve(hessian, gradient)
    return theta[:-1], float(theta[-1])


def fit(traces: Sequence[Trace], start_weights: np.ndarray, start_bias: float, lam: float = 0.7,
        rounds: int = 6, ridge: float = 1e-3) -> tuple[np.ndarray, float, list[float]]:
    """Fitted TD(λ) from ``(start_weights, start_bias)``; returns the weights, the bias and each round's loss."""
    x = np.vstack([t.features for t in traces])
    weights, bias = start_weights.astype(float), float(start_bias)
    losses = []
    for _ in range(rounds):
        y = np.concatenate([lambda_returns(t, weights, bias, lam) for t in traces])
        weights, bias = fit_logistic(x, y, weights, bias, ridge)
        p = np.clip(sigmoid(x @ weights + bias), 1e-9, 1 - 1e-9)
        losses.append(float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))))
    return weights, bias, losses


def outcome_loss(traces: Sequence[Trace], weights: np.ndarray, bias: float) -> float:
    """The mean logistic loss of the model against each turn start's final label (a held-out check)."""
    x = np.vstack([t.features for t in traces])
    y = np.concatenate([np.full(len(t.features), t.label) for t in traces])
    p = np.clip(sigmoid(x @ weights + bias), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
