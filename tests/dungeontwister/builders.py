"""Invented dungeons for the tests (the project ships no room card): rooms of 2 x 2 zones in a row, and random ones.

A room ``X`` has zones ``X1`` (top left), ``X2`` (top right), ``X3`` (bottom
left) and ``X4`` (bottom right); a clockwise quarter turn sends X1 to X2, X2
to X4, X4 to X3 and X3 to X1. Its rim lists 8 ports clockwise from the top of
X1: X1 north, X2 north, X2 east, X4 east, X4 south, X3 south, X3 west, X1 west.
Rooms stand left to right; X2 and X4 face the next room's Y1 and Y3. Player
``red`` has start zone ``red-1`` on the left of the first room, ``blue`` has
``blue-1`` on the right of the last.
"""

from __future__ import annotations

import random
from copy import deepcopy
from typing import Any

from solver.dungeontwister.model.catalogue import Kind, ObjectKind
from solver.dungeontwister.model.state import Position
from solver.dungeontwister.notation.position_json import read

TURN = {"1": "2", "2": "4", "4": "3", "3": "1"}
RIM = (("1", "n"), ("2", "n"), ("2", "e"), ("4", "e"), ("4", "s"), ("3", "s"), ("3", "w"), ("1", "w"))
INSIDE = (("1", "2"), ("1", "3"), ("2", "4"), ("3", "4"))


def room(name: str, colour: str, arrow: str = "cw", *, pits: tuple[str, ...] = (), mechanisms: tuple[str, ...] = (),
         rim: dict[tuple[str, str], str] | None = None, links: dict[tuple[str, str], str] | None = None,
         revealed: bool = True, at: int = 0) -> dict[str, Any]:
    """A room document; ``rim`` gives kinds by (zone digit, side), ``links`` where a port leads (zone id)."""
    rim = rim or {}
    links = links or {}
    ports = []
    for digit, side in RIM:
        port: dict[str, Any] = {"zone": f"{name}{digit}", "kind": rim.get((digit, side), "open")}
        if (digit, side) in links:
            port["to"] = links[(digit, side)]
        ports.append(port)
    return {"id": name, "colour": colour, "arrow": arrow, "revealed": revealed, "at": [at + 1, 0],
            "zones": [{"id": f"{name}{d}", "pit": d in pits, "mechanism": d in mechanisms,
                       "cell": [(int(d) - 1) % 2, (int(d) - 1) // 2]} for d in "1234"],
            "turn": {f"{name}{a}": f"{name}{b}" for a, b in TURN.items()}, "rim": ports}


def corridor(names: str = "AB", *, inside: dict[str, dict[tuple[str, str], str]] | None = None,
             rims: dict[str, dict[tuple[str, str], str]] | None = None, pits: dict[str, tuple[str, ...]] | None = None,
             mechanisms: dict[str, tuple[str, ...]] | None = None, colours: dict[str, str] | None = None,
             arrows: dict[str, str] | None = None, hidden: tuple[str, ...] = (), start_links: str = "open") -> dict[str, Any]:
    """A position document of rooms in a row with the two start zones at the ends (no pieces, red to move, 3 AP each)."""
    inside = inside or {}
    rims = rims or {}
    rooms = []
    for index, name in enumerate(names):
        links: dict[tuple[str, str], str] = {}
        if index > 0:
            before = names[index - 1]
            links[("1", "w")], links[("3", "w")] = f"{before}2", f"{before}4"
        else:
            links[("1", "w")], links[("3", "w")] = "red-1", "red-1"
        if index < len(names) - 1:
            after = names[index + 1]
            links[("2", "e")], links[("4", "e")] = f"{after}1", f"{after}3"
        else:
            links[("2", "e")], links[("4", "e")] = "blue-1", "blue-1"
        rim = {key: start_links for key in links if links[key] in ("red-1", "blue-1")}
        rim.update(rims.get(name, {}))
        colour = (colours or {}).get(name, f"c{index // 2}")
        rooms.append(room(name, colour, (arrows or {}).get(name, "cw"), pits=(pits or {}).get(name, ()),
                          mechanisms=(mechanisms or {}).get(name, ()), rim=rim, links=links, revealed=name not in hidden,
                          at=index))
    boundaries = [{"between": [f"{name}{a}", f"{name}{b}"], "kind": inside.get(name, {}).get((a, b), "open")}
                  for name in names for a, b in INSIDE]
    lines = []
    for row in ("12", "34"):
        lines.append([f"{name}{d}" for name in names for d in row])
    for name in names:
        lines += [[f"{name}1", f"{name}3"], [f"{name}2", f"{name}4"]]
    return {"format": "lueur-dt-position/1",
            "players": [{"name": "red", "ap": 3, "combat_cards": [0, 1, 2, 3]},
                        {"name": "blue", "ap": 3, "combat_cards": [0, 1, 2, 3]}],
            "to_move": "red", "target_vp": 6, "rooms": rooms,
            "start_zones": [{"id": "red-1", "player": "red", "at": [0, 0]},
                            {"id": "blue-1", "player": "blue", "at": [len(names) + 1, 0]}],
            "boundaries": boundaries, "lines": lines, "characters": [], "objects": []}


def with_pieces(document: dict[str, Any], characters: list[dict[str, Any]] = (),  # type: ignore[assignment]
                objects: list[dict[str, Any]] = (), **fields: Any) -> dict[str, Any]:  # type: ignore[assignment]
    """A copy of ``document`` with these characters and objects (``owner`` defaults to red) and top-level fields."""
    doc = deepcopy(document)
    doc["characters"] = [{"owner": "red", **c} for c in characters]
    doc["objects"] = [{"owner": "red", **o} for o in objects]
    for key, value in fields.items():
        if key in ("red", "blue"):
            index = 0 if key == "red" else 1
            doc["players"][index].update(value)
        else:
            doc[key] = value
    return doc


def position(document: dict[str, Any]) -> Position:
    return read(document)


# -- random dungeons (reach against a plain breadth-first search) ---------------------------------------------------

EDGE_KINDS = ("open", "open", "open", "wall", "portcullis_open", "portcullis_closed", "arrow_slit")
MOVERS = ("goblin", "thief", "elf_lightning", "dark_angel", "ghost", "wall_walker", "mechanork", "snake_man", "warrior",
          "troll", "wizard", "colossus")


def random_document(rng: random.Random) -> dict[str, Any]:
    """A random dungeon of 1 to 3 rooms with pieces on it (a red character to plan for is ``hero``)."""
    names = "ABC"[: rng.randint(1, 3)]
    inside = {n: {pair: rng.choice(EDGE_KINDS) for pair in INSIDE} for n in names}
    rims = {n: {(d, s): rng.choice(EDGE_KINDS) for d, s in RIM} for n in names}
    pits = {n: tuple(d for d in "1234" if rng.random() < 0.15) for n in names}
    mechanisms = {n: tuple(d for d in "1234" if rng.random() < 0.25 and d not in pits[n]) for n in names}
    arrows = {n: rng.choice(("cw", "ccw")) for n in names}
    doc = corridor(names, inside=inside, rims=rims, pits=pits, mechanisms=mechanisms, arrows=arrows,
                   start_links=rng.choice(("open", "open", "portcullis_closed")))
    free = [f"{n}{d}" for n in names for d in "1234" if d not in pits[n]]
    rng.shuffle(free)
    kinds = list(MOVERS)
    rng.shuffle(kinds)
    characters: list[dict[str, Any]] = []
    hero_at = free.pop() if free and rng.random() < 0.8 else "red-1"
    hero: dict[str, Any] = {"id": "hero", "kind": kinds.pop(), "owner": "red", "at": hero_at}
    if hero_at == "red-1":
        hero["facing"] = rng.choice(("A1", "A3"))
    characters.append(hero)
    for index in range(rng.randint(0, 2)):
        if free:
            characters.append({"id": f"friend{index}", "kind": kinds.pop(), "owner": "red", "at": free.pop()})
    for index in range(rng.randint(0, 2)):
        if free:
            foe = {"id": f"foe{index}", "kind": kinds.pop(), "owner": "blue", "at": free.pop()}
            if rng.random() < 0.3:
                foe["wounded"] = True
            characters.append(foe)
    objects: list[dict[str, Any]] = []
    if rng.random() < 0.3 and hero["kind"] != "ghost":
        objects.append({"id": "rope", "kind": rng.choice(("rope", "key")), "at": "carried"})
        hero["carrying"] = ["rope"]
    red_ap = rng.randint(1, 4)
    return with_pieces(doc, [{k: v for k, v in c.items()} for c in characters], objects,
                       red={"ap": red_ap, "jump_cards": rng.randint(0, 1), "combat_cards": [0, rng.randint(1, 3)]},
                       rulings={"DT-PIT-ZONE": rng.random() < 0.7, "DT-ROTATE-SITE": rng.random() < 0.7,
                                "DT-ESCAPE": rng.random() < 0.7})


def mutated(document: dict[str, Any], **changes: Any) -> dict[str, Any]:
    doc = deepcopy(document)
    doc.update(changes)
    return doc


def random_game(rng: random.Random) -> dict[str, Any]:
    """A random dungeon with characters of every kind and objects of every kind, some carried, some wounded."""
    doc = random_document(rng)
    free = [z["id"] for r in doc["rooms"] for z in r["zones"] if not z["pit"]]
    taken = {c["at"] for c in doc["characters"]}
    free = [z for z in free if z not in taken]
    rng.shuffle(free)
    used = {(c["owner"], c["kind"]) for c in doc["characters"]}
    kinds = [k.value for k in Kind]
    for index in range(rng.randint(2, 5)):
        if not free:
            break
        owner = rng.choice(("red", "blue"))
        kind = rng.choice(kinds)
        if (owner, kind) in used:
            continue
        used.add((owner, kind))
        character: dict[str, Any] = {"id": f"x{index}", "kind": kind, "owner": owner, "at": free.pop(),
                                     "wounded": rng.random() < 0.25}
        if kind != "ghost" and rng.random() < 0.5:
            item = f"o{index}"
            doc["objects"].append({"id": item, "kind": rng.choice([k.value for k in ObjectKind]), "owner": owner,
                                   "at": "carried"})
            character["carrying"] = [item]
        doc["characters"].append(character)
    for index in range(rng.randint(0, 3)):
        if free:
            doc["objects"].append({"id": f"floor{index}", "kind": rng.choice([k.value for k in ObjectKind]), "owner": "red",
                                   "at": free.pop()})
    for player in doc["players"]:
        player["combat_cards"] = sorted(rng.randint(0, 6) for _ in range(rng.randint(1, 6)))
        player["ap"] = rng.randint(1, 3)
    return doc
