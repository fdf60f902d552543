"""Rulebook sections (English / French names) and the events the engine logs.

Every event names what happened, to whom, the section that decides it and the
ruling used, if any: an adjudication that cannot show its sources settles no
dispute.
"""

from __future__ import annotations

from typing import NamedTuple

SECTIONS: dict[str, tuple[str, str]] = {
    "objective": ("Objective", "Objectif"),
    "setup": ("Setup", "Mise en place"),
    "wrap": ("A Cage Without Bars", "Une prison sans barreaux"),
    "start": ("Starting Positions", "Position de départ des prisonniers"),
    "light": ("Light & Darkness", "Lumières & ténèbres"),
    "stay": ("Stay", "Rester sur place"),
    "move": ("Move", "Se déplacer"),
    "crumbling": ("Crumbling Tiles & Pits", "Tuiles fissurées et gouffres"),
    "falling": ("Falling", "Tomber"),
    "keys": ("Key Tiles", "Tuiles Clef"),
    "gates": ("Gate Tiles", "Tuiles Porte de sortie"),
    "monsters": ("Wax Eaters / Monsters", "Dévoreurs de cire / Monstres"),
    "trigger": ("Triggering an Attack", "Déclencher l'attaque d'un monstre"),
    "falling_onto": ("Falling onto a Monster", "Tomber sur un monstre"),
    "chain": ("Chain Reaction", "Réaction en chaîne"),
    "torments": ("Torments", "Tourments"),
    "lights_out": ("Lights Out", "Éteindre une bougie"),
    "relight": ("Relighting", "Rallumer une bougie"),
    "nerve": ("Nerve", "Jetons Cran"),
    "charge": ("Charge", "Charger"),
    "block": ("Block", "Bloquer"),
    "again": ("Move Again", "Vous redéplacer"),
    "hold": ("Hold the Light", "Maintenir la lumière"),
    "final": ("Final Flickers", "Dernières Lueurs"),
    "turn": ("Turn Progression", "Comment jouer"),
    "keeper": ("Keepers", "Gardiens"),
    "pit_fiend": ("Pit Fiends", "Démons des gouffres"),
    "pathless": ("The Pathless", "L'Impasse"),
    "omens": ("Omens", "Augures"),
    "dirge": ("The Dirge", "L'Hymne funèbre"),
}


def section(key: str) -> str:
    """``"English / French"`` name of a rulebook section."""
    en, fr = SECTIONS[key]
    return f"{en} / {fr}"


class Event(NamedTuple):
    """One thing that happened while an action was applied."""

    code: str
    """Machine-readable kind: ``move``, ``hit``, ``darkness``, ``win``…"""
    text: str
    rule: str
    """Section key in :data:`SECTIONS`."""
    ruling: str | None = None
    prisoner: str | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "text": self.text,
            "rule": section(self.rule),
            "ruling": self.ruling,
            "prisoner": self.prisoner,
        }


def event(code: str, text: str, rule: str, ruling: str | None = None, prisoner: str | None = None) -> Event:
    assert rule in SECTIONS, rule
    return Event(code, text, rule, ruling, prisoner)
