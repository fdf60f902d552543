"""The learned evaluation: a win chance from the features of a position, with weights from a file.

The model is logistic: ``chance = 1 / (1 + exp(-(w · features)))`` over
:func:`solver.nightcage.bot.features.features` and a constant term. Its weights come
from self-play (:mod:`solver.nightcage.bot.td` and ``benchmarks/train_value.py``, the command in the weights
file's ``training`` field) and ship in ``solver/nightcage/bot/data/value.json``, whose
SHA-256 is recorded here: :func:`load` refuses a file that does not match it,
so a retrained file goes in together with its checksum.

>>> model = load()
>>> model.names == NAMES, 0.0 < model.chance_of([0.0] * len(NAMES)) < 1.0
(True, True)
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from solver.base.errors import LueurError
from solver.nightcage.bot.features import NAMES, features
from solver.nightcage.sim.sim import Sim

FORMAT = "lueur-value/1"
WEIGHTS_FILE = "value.json"
WEIGHTS_SHA256 = "c7898af6e2e35cc9b5c084c82ead730dfd8cf8f61125f1c4caf288e127642fe3"
"""The SHA-256 of ``solver/nightcage/bot/data/value.json`` (``sha256sum`` prints the same)."""


class ValueFileError(LueurError):
    """The weights file is missing, altered or not for these features."""


@dataclass(frozen=True)
class ValueModel:
    """Logistic weights over :data:`~solver.nightcage.bot.features.NAMES` plus a constant."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    training: dict[str, Any] | None = None

    def chance_of(self, x: list[float]) -> float:
        """The modelled win chance of a feature vector."""
        z = self.bias
        for wi, xi in zip(self.weights, x, strict=True):
            z += wi * xi
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def chance(self, sim: Sim, result: str | None = None) -> float:
        """The win chance of a position between turns (1 or 0 for a finished game)."""
        if result == "win":
            return 1.0
        if result == "lose":
            return 0.0
        return self.chance_of(features(sim))

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "format": FORMAT,
            "names": list(self.names),
            "bias": self.bias,
            "weights": list(self.weights),
        }
        if self.training is not None:
            doc["training"] = self.training
        return doc


def model_from_json(doc: Any) -> ValueModel:
    """A model from its JSON form; :class:`ValueFileError` says what is wrong."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueFileError(f"not a {FORMAT} weights file (the 'format' field)")
    names = doc.get("names")
    if names != list(NAMES):
        raise ValueFileError(f"'names' must list the features of this version: {', '.join(NAMES)}")
    weights = doc.get("weights")
    if not isinstance(weights, list) or len(weights) != len(NAMES) or not all(isinstance(v, (int, float)) for v in weights):
        raise ValueFileError(f"'weights' must be {len(NAMES)} numbers, one per name")
    bias = doc.get("bias")
    if not isinstance(bias, (int, float)):
        raise ValueFileError("'bias' must be a number")
    training = doc.get("training")
    return ValueModel(tuple(names), tuple(float(v) for v in weights), float(bias), training if isinstance(training, dict) else None)


def hand_made() -> ValueModel:
    """The hand-made evaluation as a model: the logarithms of its three factors weighed 1, the rest 0.

    Its chance is ``σ(log p)`` = ``p / (1 + p)`` for the hand-made ``p``: the same order of positions.
    """
    weights = [0.0] * len(NAMES)
    for name in ("log_keys", "log_gate", "log_setbacks"):
        weights[NAMES.index(name)] = 1.0
    return ValueModel(NAMES, tuple(weights), 0.0, {"source": "the hand-made evaluation (solver.nightcage.bot.evaluate)"})


def weights_bytes() -> bytes:
    return resources.files("solver.nightcage.bot").joinpath("data", WEIGHTS_FILE).read_bytes()


def checksum(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@cache
def load() -> ValueModel:
    """The shipped model; :class:`ValueFileError` when the file is missing or not the one recorded."""
    try:
        data = weights_bytes()
    except OSError as exc:
        raise ValueFileError(f"the weights file solver/nightcage/bot/data/{WEIGHTS_FILE} cannot be read: {exc}") from None
    found = checksum(data)
    if found != WEIGHTS_SHA256:
        raise ValueFileError(
            f"solver/nightcage/bot/data/{WEIGHTS_FILE} has SHA-256 {found}, not the recorded {WEIGHTS_SHA256}"
            " (a retrained file goes in with its checksum: solver/nightcage/bot/value.py, WEIGHTS_SHA256)"
        )
    try:
        doc = json.loads(data)
    except ValueError as exc:
        raise ValueFileError(f"solver/nightcage/bot/data/{WEIGHTS_FILE} is not JSON: {exc}") from None
    return model_from_json(doc)


def dumps(model: ValueModel) -> bytes:
    """The weights file's bytes for ``model`` (stable: the same model gives the same bytes)."""
    return (json.dumps(model.to_json(), indent=1, sort_keys=True) + "\n").encode()
