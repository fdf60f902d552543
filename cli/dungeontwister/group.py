"""``lueur dt``: Dungeon Twister: The Card Game positions: check, show, legal, apply; combat, economy; reach, threats,
turn; render.

FILE is a position (``lueur-dt-position/1``, JSON, or TOML in a ``.toml``
file), as docs/dungeon-twister.md describes; ``-`` reads standard input (JSON,
or TOML when it does not start with ``{``). The geometry is the user's: the
aid gives no room card. Problems are reported with where they are, exit 2.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import click

from cli.options import json_option
from cli.output import EXIT_CODES_HELP, Exit, emit_json, err, guarded, out, out_document, picture_suffix
from solver.base.errors import PositionError, Problem
from solver.base.exit_codes import ExitCode
from solver.base.files import OutputError, write_file
from solver.base.json_text import decode_json
from solver.base.svg.png import svg_to_png
from solver.dungeontwister import commands
from solver.dungeontwister.notation import economy_json
from solver.dungeontwister.notation.files import MAX_FILE_BYTES, Loaded, load_path, load_stream, load_text
from solver.dungeontwister.notation.writing import dumps, to_toml

from .text import combat_text, economy_text, legal_text, reach_text, rulings_text, threats_text, turn_text

file_argument = click.argument("file", metavar="FILE")
zoom_option = click.option("--zoom", type=click.FloatRange(min=0.1, max=16), default=2.0, show_default=True,
                           help="PNG only: pixels per SVG unit.")


def load(file: str) -> Loaded:
    """FILE ('-' for standard input) as a position; PositionError (located problems) otherwise."""
    return load_stream(sys.stdin.buffer) if file == "-" else load_path(file)


def _title(loaded: Loaded, file: str) -> str:
    return loaded.title or ("stdin" if file == "-" else Path(file).name)


def _write(path: Path, data: bytes, option: str, inputs: tuple[str, ...] = ()) -> None:
    """Write whole (:func:`solver.base.files.write_file`): never through a link, never over FILE."""
    try:
        write_file(path, data, inputs)
    except OutputError as exc:
        err(f"lueur: {option} {exc}")
        raise Exit(ExitCode.BAD_INPUT) from None
    err(f"lueur: wrote {path}")


def _picture(svg: str, output: str, option: str, zoom: float, inputs: tuple[str, ...] = ()) -> None:
    suffix = picture_suffix(output, option)
    _write(Path(output), svg_to_png(svg, zoom) if suffix == ".png" else svg.encode("utf-8"), option, inputs)


@click.group(epilog=EXIT_CODES_HELP, context_settings={"help_option_names": ["-h", "--help"]})
def dt() -> None:
    """Dungeon Twister: The Card Game on your zone graph: rules, exact combat, card economy, plans.

    \b
    Examples:
      lueur dt check scenarios/dungeontwister/two-rooms.json
      lueur dt show scenarios/dungeontwister/two-rooms.json
      lueur dt legal scenarios/dungeontwister/two-rooms.json
      lueur dt apply scenarios/dungeontwister/two-rooms.json "move thief A1" "rotate A by thief"
      lueur dt combat --attacker 3 --defender 4 --attacker-cards 0,1,2,5 --defender-cards 0,1,3
      lueur dt economy scenarios/dungeontwister/three-fights.json
      lueur dt reach scenarios/dungeontwister/two-rooms.json goblin out --turns 3
      lueur dt threats scenarios/dungeontwister/two-rooms.json
      lueur dt turn scenarios/dungeontwister/two-rooms.json
      lueur dt render scenarios/dungeontwister/two-rooms.json --reach thief -o dt.svg
      lueur dt rulings
    """


@dt.command()
@file_argument
@json_option
@guarded
def check(file: str, as_json: bool) -> None:
    """Validate a position; list every problem with where it is (exit 0 or 2).

    \b
    Examples:
      lueur dt check scenarios/dungeontwister/two-rooms.json
      lueur dt check scenarios/dungeontwister/two-rooms.json --json
    """
    answer = commands.dt_check(lambda: load(file).position)
    if as_json:
        emit_json({"file": file, **answer.document})
    elif answer.document["valid"]:
        out(f"{file}: valid position (the geometry is yours: the aid gives no room card)")
    else:
        count = answer.document["total"]
        out(f"{file}: {count} problem{'s' if count > 1 else ''}")
        for problem in answer.document["problems"]:
            out(f"  {problem['path']}: {problem['message']}" if problem["path"] else f"  {problem['message']}")
    if answer.exit_code:
        raise Exit(answer.exit_code)


@dt.command()
@file_argument
@click.option("--to", "form", type=click.Choice(["text", "json", "toml"]), default="text", show_default=True,
              help="text: the position in words; json or toml: the position written in that form.")
@json_option
@guarded
def show(file: str, form: str, as_json: bool) -> None:
    """The position in words: whose turn, the players, each room zone by zone, the start zones and the boundaries.

    \b
    Examples:
      lueur dt show scenarios/dungeontwister/two-rooms.json
      lueur dt show scenarios/dungeontwister/two-rooms.json --to toml
    """
    loaded = load(file)
    answer = commands.dt_show(loaded.position)
    if as_json:
        emit_json(answer.document)
    elif form == "json":
        out_document(dumps(loaded.position, loaded.meta).rstrip("\n"))
    elif form == "toml":
        out_document(to_toml(loaded.position, loaded.meta).rstrip("\n"))
    else:
        out(answer.value)


@dt.command()
@file_argument
@json_option
@guarded
def legal(file: str, as_json: bool) -> None:
    """The legal actions of the player to move (a move once per end; a combat without its cards).

    \b
    Examples:
      lueur dt legal scenarios/dungeontwister/two-rooms.json
    """
    answer = commands.dt_legal(load(file).position)
    if as_json:
        emit_json(answer.document)
        return
    out(legal_text(answer.document))


@dt.command(name="apply")
@file_argument
@click.argument("actions", nargs=-1, required=True, metavar="ACTION...")
@click.option("-o", "--output", metavar="OUT", help="Write the position reached to OUT (.json or .toml).")
@json_option
@guarded
def apply_command(file: str, actions: tuple[str, ...], output: str | None, as_json: bool) -> None:
    """Play ACTIONS in order, each step citing the aid (French line, English translation); the other reading of every
    ruling the result depends on. A refused action stops the play (exit 2).

    \b
    Examples:
      lueur dt apply scenarios/dungeontwister/two-rooms.json "move thief A1" "rotate A by thief"
      lueur dt apply scenarios/dungeontwister/two-rooms.json "move thief B1" --json
    """
    loaded = load(file)
    answer = commands.dt_apply(loaded.position, list(actions))
    if output is not None:
        text = to_toml(answer.state, loaded.meta) if output.lower().endswith(".toml") else dumps(answer.state, loaded.meta)
        _write(Path(output), text.encode("utf-8"), "-o", (file,))
    if as_json:
        emit_json(answer.document)
    else:
        out(_adjudication_text(answer.document))
    if answer.exit_code:
        raise Exit(answer.exit_code)


def _adjudication_text(doc: dict[str, object]) -> str:
    lines: list[str] = []
    for step in doc["applied"]:  # type: ignore[attr-defined]
        lines.append(f"> {step['action']}")
        for e in step["events"]:
            ruling = f"; {e['ruling']}" if e["ruling"] else ""
            lines.append(f"    {e['text']}  [« {e['french']} » (aid, line {e['line']}: {e['english']}){ruling}]")
    refused = doc["refused"]
    if refused:
        lines.append(f"> {refused['action']}")  # type: ignore[index]
        lines.append(f"    REFUSED: {refused['reason']}")  # type: ignore[index]
    lines.append(str(doc["status"]))
    alternatives = doc["alternatives"]
    if alternatives:
        lines.append("This result depends on rulings; under the other reading:")
        for alt in alternatives:  # type: ignore[attr-defined]
            lines.append(f"  {alt['ruling']} ({alt['reading']}):")
            if alt["refused"]:
                lines.append(f"      '{alt['refused']['action']}' would be refused: {alt['refused']['reason']}")
            lines += [f"      {d}" for d in alt["differences"][:8]]
    lines.append(f"The geometry: {doc['geometry']}")
    return "\n".join(lines)


def _cards(text: str | None, option: str) -> tuple[int, ...]:
    if text is None:
        err(f"lueur: {option}: give the cards, e.g. {option} 0,1,2,3 (the aid gives no deck)")
        raise Exit(ExitCode.BAD_INPUT)
    try:
        cards = tuple(int(x) for x in text.split(",") if x.strip() != "")
    except ValueError:
        err(f"lueur: {option} {text!r}: card values are whole numbers separated by commas, e.g. 0,1,2,3")
        raise Exit(ExitCode.BAD_INPUT) from None
    if len(cards) > 20 or any(not 0 <= c <= 99 for c in cards):
        err(f"lueur: {option}: at most 20 cards, values 0 to 99")
        raise Exit(ExitCode.BAD_INPUT)
    return cards


def _payoffs(text: str) -> tuple[Fraction, Fraction, Fraction]:
    try:
        values = tuple(Fraction(x) for x in text.split(","))
    except (ValueError, ZeroDivisionError):
        values = ()
    if len(values) != 3 or any(abs(v) > 1000 for v in values):
        err(f"lueur: --payoffs {text!r}: three numbers, the attacker's payoff for a win, a tie and a loss (e.g. 1,0,-1)")
        raise Exit(ExitCode.BAD_INPUT)
    return values[0], values[1], values[2]


@dt.command()
@click.argument("file", metavar="[FILE", required=False)
@click.argument("fight", metavar="FIGHT]", required=False)
@click.option("--attacker", type=click.IntRange(0, 99), help="Without FILE: the attacker's value before cards.")
@click.option("--defender", type=click.IntRange(0, 99), help="Without FILE: the defender's value before cards.")
@click.option("--attacker-cards", metavar="CARDS", help="Without FILE: the attacker's hand, e.g. 0,1,2,3.")
@click.option("--defender-cards", metavar="CARDS", help="Without FILE: the defender's hand.")
@click.option("--berserker", is_flag=True, help="Without FILE: the attacker is a berserker alone (it may play 2 cards).")
@click.option("--telepath", type=click.Choice(["attacker", "defender"]), help="Without FILE: whose telepath names a card.")
@click.option("--weapon-master", type=click.Choice(["attacker", "defender"]), help="Without FILE: whose weapon master sees first.")
@click.option("--payoffs", default="1,0,-1", show_default=True, help="The attacker's payoff for a win, a tie, a loss.")
@json_option
@guarded
def combat(file: str | None, fight: str | None, attacker: int | None, defender: int | None, attacker_cards: str | None,
           defender_cards: str | None, berserker: bool, telepath: str | None, weapon_master: str | None, payoffs: str,
           as_json: bool) -> None:
    """One combat as a zero-sum game over both known hands: each outcome certain, possible or impossible; each side's
    maximin play; the equilibrium mix and value in exact fractions. FIGHT is a combat action of FILE without its cards
    (attack A T, lance A T, shoot A T [with=bow]); without FILE, give the values and hands as options.

    \b
    Examples:
      lueur dt combat scenarios/dungeontwister/two-rooms.json "attack warrior troll"
      lueur dt combat --attacker 3 --defender 4 --attacker-cards 0,1,2,5 --defender-cards 0,1,3
      lueur dt combat --attacker 3 --defender 5 --attacker-cards 0,2,3 --defender-cards 0,2 --berserker --json
    """
    values = _payoffs(payoffs)
    if file is not None:
        if fight is None:
            err("lueur: FIGHT: name the combat, e.g. \"attack warrior troll\"")
            raise Exit(ExitCode.BAD_INPUT)
        answer = commands.dt_combat(load(file).position, fight, values)
    else:
        if attacker is None or defender is None:
            err("lueur: give FILE and FIGHT, or --attacker and --defender with both hands")
            raise Exit(ExitCode.BAD_INPUT)
        answer = commands.dt_combat_values(attacker, defender, _cards(attacker_cards, "--attacker-cards"),
                                           _cards(defender_cards, "--defender-cards"), berserker, telepath, weapon_master,
                                           values)
    if as_json:
        emit_json(answer.document)
        return
    out(combat_text(answer.value))


@dt.command()
@file_argument
@click.argument("fights", nargs=-1, metavar="[FIGHT...]")
@click.option("--max-nodes", type=click.IntRange(1, 5_000_000), default=None, help="Nodes kept before stopping [default: 300,000].")
@json_option
@guarded
def economy(file: str, fights: tuple[str, ...], max_nodes: int | None, as_json: bool) -> None:
    """The card economy: a planned sequence of fights solved exactly by backward induction, a matrix game at each node
    over both remaining hands, each node's two guarantees checked equal. FILE is an economy plan
    (lueur-dt-economy/1), or a position with FIGHTs (combat actions without cards), weighed as it stands.

    \b
    Examples:
      lueur dt economy scenarios/dungeontwister/three-fights.json
      lueur dt economy scenarios/dungeontwister/two-rooms.json "attack warrior troll" "attack troll warrior"
    """
    text = sys.stdin.read() if file == "-" else _read_text(file)
    document = decode_json(text) if text.lstrip("\ufeff \t\r\n").startswith("{") else None
    if isinstance(document, dict) and document.get("format") == economy_json.FORMAT:
        if fights:
            err("lueur: FIGHT: an economy plan lists its fights; FIGHTs go with a position")
            raise Exit(ExitCode.BAD_INPUT)
        answer = commands.dt_economy(economy_json.read(document), max_nodes)
    else:
        if not fights:
            err("lueur: FIGHT: name the fights planned in the position, e.g. \"attack warrior troll\"")
            raise Exit(ExitCode.BAD_INPUT)
        position = load_text(text, "toml" if file.lower().endswith(".toml") else None).position
        answer = commands.dt_economy_in(position, list(fights), max_nodes)
    if as_json:
        emit_json(answer.document)
        return
    out(economy_text(answer.value, answer.document))


def _read_text(file: str) -> str:
    """A file's text, at most 1 MiB of UTF-8; a problem at ``file`` otherwise."""
    try:
        with open(file, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PositionError([Problem("file", f"cannot read {file}: {exc.strerror or exc}")]) from None
    if len(data) > MAX_FILE_BYTES:
        raise PositionError([Problem("file", f"{file} is larger than 1 MiB")])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PositionError([Problem("file", f"{file} is not UTF-8 text (byte {exc.start + 1} is not valid UTF-8)")]) from None


@dt.command()
@file_argument
@click.argument("character")
@click.argument("goal", required=False)
@click.option("--turns", type=click.IntRange(1, 5), default=1, show_default=True, help="Turns allowed, AP banked between them.")
@click.option("--render", "picture", metavar="OUT", help="Also draw every zone's fewest AP to OUT.svg or OUT.png.")
@zoom_option
@json_option
@guarded
def reach(file: str, character: str, goal: str | None, turns: int, picture: str | None, zoom: float, as_json: bool) -> None:
    """The fewest AP, and the actions, for CHARACTER to reach GOAL (a zone, or 'out'), with room rotations and jumps;
    without GOAL, every zone's fewest AP. Exit 1 when GOAL is out of reach within the turns.

    \b
    Examples:
      lueur dt reach scenarios/dungeontwister/two-rooms.json goblin out --turns 3
      lueur dt reach scenarios/dungeontwister/two-rooms.json thief --render dt-reach.svg
    """
    loaded = load(file)
    answer = commands.dt_reach(loaded.position, character, goal, turns)
    if picture is not None:
        svg = commands.dt_render(loaded.position, title=_title(loaded, file), reach_of=character, turns=turns).value
        _picture(svg, picture, "--render", zoom, (file,))
    if as_json:
        emit_json(answer.document)
    else:
        out(reach_text(answer.value))
    if answer.exit_code:
        raise Exit(answer.exit_code)


@dt.command()
@file_argument
@click.option("--render", "picture", metavar="OUT", help="Also draw the threatened zones to OUT.svg or OUT.png.")
@zoom_option
@json_option
@guarded
def threats(file: str, picture: str | None, zoom: float, as_json: bool) -> None:
    """What each enemy can reach, attack, shoot or burn next turn if the player to move ends its turn now, each with the
    fewest AP.

    \b
    Examples:
      lueur dt threats scenarios/dungeontwister/two-rooms.json
      lueur dt threats scenarios/dungeontwister/two-rooms.json --render dt-threats.png
    """
    loaded = load(file)
    answer = commands.dt_threats(loaded.position)
    if picture is not None:
        svg = commands.dt_render(loaded.position, title=_title(loaded, file), with_threats=True).value
        _picture(svg, picture, "--render", zoom, (file,))
    if as_json:
        emit_json(answer.document)
        return
    out(threats_text(answer.value))


@dt.command()
@file_argument
@click.option("--max-nodes", type=click.IntRange(1, 5_000_000), default=None, help="Positions kept before stopping [default: 100,000].")
@json_option
@guarded
def turn(file: str, max_nodes: int | None, as_json: bool) -> None:
    """The most VP the player to move is sure to score this turn, and the actions (combats counted only when certain).

    \b
    Examples:
      lueur dt turn scenarios/dungeontwister/two-rooms.json
    """
    answer = commands.dt_turn(load(file).position, max_nodes)
    if as_json:
        emit_json(answer.document)
        return
    out(turn_text(answer.value))


@dt.command()
@file_argument
@click.option("-o", "--output", metavar="OUT", help="OUT.svg or OUT.png; without it, the SVG goes to stdout.")
@click.option("--reach", "reach_of", metavar="CHARACTER", help="Tint every zone CHARACTER can reach with its fewest AP.")
@click.option("--turns", type=click.IntRange(1, 5), default=1, show_default=True, help="With --reach: turns allowed.")
@click.option("--threats", "with_threats", is_flag=True, help="Ring every zone an enemy can reach, strike or shoot next turn.")
@zoom_option
@guarded
def render(file: str, output: str | None, reach_of: str | None, turns: int, with_threats: bool, zoom: float) -> None:
    """Draw the position: rooms as zone grids, walls, portcullises, pits, mechanisms, arrows, the pieces; SVG or PNG.

    \b
    Examples:
      lueur dt render scenarios/dungeontwister/two-rooms.json -o dt.svg
      lueur dt render scenarios/dungeontwister/two-rooms.json --reach thief --threats -o dt.png
    """
    picture_suffix(output, "-o")
    loaded = load(file)
    svg = commands.dt_render(loaded.position, title=_title(loaded, file), reach_of=reach_of, turns=turns,
                             with_threats=with_threats).value
    if output is None:
        out_document(svg.rstrip("\n"))
        return
    _picture(svg, output, "-o", zoom, (file,))


@dt.command()
@json_option
@guarded
def rulings(as_json: bool) -> None:
    """The named rulings: each gap the aid leaves, the engine's reading and the other one.

    \b
    Examples:
      lueur dt rulings
    """
    document = commands.rulings_document()
    if as_json:
        emit_json(document)
        return
    out(rulings_text(document))
