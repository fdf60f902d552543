"""Events cite the rulebook section that decides them: the advanced monsters have
sections of their own (scenarios/citations/, scenarios/refusals/)."""

from __future__ import annotations

from solver.nightcage.model.rulebook import SECTIONS, section
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.adjudicate import play
from tests.paths import ROOT

SCENARIOS = ROOT / "scenarios"


def cited(name: str, *actions: str) -> dict[str, str]:
    """Each event's text with the section it cites."""
    pos, _ = load_path(SCENARIOS / name)
    result = play(pos.state, list(actions))
    assert result.refused is None, result.refused
    return {e.text: section(e.rule) for e in result.events}


def citation_of(events: dict[str, str], start: str) -> str:
    found = [rule for text, rule in events.items() if text.startswith(start)]
    assert found, f"no event starts with {start!r}: {sorted(events)}"
    return found[0]


def test_the_advanced_monsters_have_sections_named_as_in_the_rulebook() -> None:
    assert SECTIONS["pit_fiend"] == ("Pit Fiends", "Démons des gouffres")
    assert SECTIONS["pathless"] == ("The Pathless", "L'Impasse")
    assert SECTIONS["keeper"] == ("Keepers", "Gardiens")
    assert SECTIONS["omens"][1] == "Augures"


def test_a_pit_fiend_strike_cites_the_pit_fiends() -> None:
    events = cited("citations/pit-fiend-swap.toml", "stay", "swap c2")
    assert citation_of(events, "the pit fiend on c2 turns its diagonals") == "Pit Fiends / Démons des gouffres"


def test_a_pathless_hit_cites_the_pathless_and_a_wax_eater_hit_the_torments() -> None:
    events = cited("refusals/block-pathless.toml", "move W")
    assert citation_of(events, "blue on c4 is hit by the pathless") == "The Pathless / L'Impasse"
    assert citation_of(events, "red on c3 is hit by the wax eater") == "Torments / Tourments"


def test_a_keeper_scramble_cites_the_keepers() -> None:
    events = cited("citations/keeper-charge-scramble.toml", "charge N", "scramble N")
    assert citation_of(events, "red scrambles to c6") == "Keepers / Gardiens"


def test_a_scramble_off_a_wax_eater_still_cites_falling_onto_a_monster() -> None:
    events = cited("questions/q10-charge.toml", "charge E", "scramble W")
    assert citation_of(events, "red scrambles to c3") == "Falling onto a Monster / Tomber sur un monstre"
