"""TOML text that would cost the reader far more than its size: dotted keys of thousands of parts, tens
of thousands of tables, nesting past any scenario's. Each is refused before the TOML is read, located
where it stands, in the project's words (issue 24, items 1 and 7)."""

from __future__ import annotations

import pytest

from solver.base.errors import PositionError
from solver.base.toml_text import MAX_DEPTH, MAX_ENTRIES, MAX_KEY_PARTS, decode_toml
from solver.deadcells.notation import files as deadcells_files
from solver.dungeontwister.notation import files as dungeontwister_files
from solver.nightcage.interop.setting import starting_state
from solver.nightcage.notation.forms import load_text


def problem_of(text: str) -> tuple[str, str]:
    with pytest.raises(PositionError) as caught:
        decode_toml(text)
    [problem] = caught.value.problems
    return problem.path, problem.message


def dotted(parts: int) -> str:
    return ".".join(["a"] * parts)


@pytest.mark.parametrize("parts", [MAX_KEY_PARTS + 1, 3_000, 20_000])
def test_a_dotted_key_of_too_many_parts_is_refused_where_it_stands(parts: int) -> None:
    path, message = problem_of(f'title = "x"\n{dotted(parts)} = 1\n')
    assert path == f"line 2, column {2 * MAX_KEY_PARTS + 1}"
    assert message == f"invalid TOML: a dotted key of more than {MAX_KEY_PARTS} parts (at most {MAX_KEY_PARTS})"


@pytest.mark.parametrize("template", ["[{key}]\n", "[[{key}]]\n", "x = {{ {key} = 1 }}\n", '"q".{key} = 2\n'])
def test_table_names_inline_keys_and_quoted_parts_count_too(template: str) -> None:
    path, message = problem_of(template.format(key=dotted(MAX_KEY_PARTS + 5)))
    assert path.startswith("line 1, column ")
    assert "a dotted key of more than" in message


def test_a_key_of_the_most_parts_is_read() -> None:
    doc = decode_toml(f"{dotted(MAX_KEY_PARTS)} = 1\n")
    for _ in range(MAX_KEY_PARTS):
        doc = doc["a"]
    assert doc == 1


@pytest.mark.parametrize("text", [
    'title = "' + "a." * 5_000 + '"\n',  # dots in a string
    "title = '" + "a." * 5_000 + "'\n",
    'title = """\n' + "a.\n" * 5_000 + '"""\n',
    "# " + "a." * 5_000 + "\nx = 1\n",  # and in a comment
    "x = [" + ", ".join(["1.5"] * 2_000) + "]\n",  # floats are two parts each
])
def test_dots_in_strings_comments_and_numbers_are_not_key_parts(text: str) -> None:
    assert decode_toml(text)


@pytest.mark.parametrize("line, where", [
    ("[t{i}]\n", f"line {MAX_ENTRIES + 1}, column 1"),  # the 10,001st table
    ("t{i} = 1\n", f"line {MAX_ENTRIES + 1}, column 8"),  # the 10,001st key: t10000 = 1
    ("1, ", "line 1, column 30001"),  # x = [1, 1, ...: its '=', '[' and then the 9,999th comma
])
def test_too_many_keys_tables_and_items_are_refused_before_reading(line: str, where: str) -> None:
    text = "".join(line.format(i=i) for i in range(MAX_ENTRIES + 1))
    path, message = problem_of(f"x = [{text}]" if line == "1, " else text)
    assert path == where
    assert message == (f"invalid TOML: more than {MAX_ENTRIES:,} keys, tables and array items "
                       f"(at most {MAX_ENTRIES:,}: a scenario has a few hundred)")


def test_nesting_past_the_limit_is_refused_at_its_key() -> None:
    text = "".join(f"[{'.'.join(['k'] * 10)}]\n" if i == 0 else "" for i in range(1))
    inner = "x = " + "{ a = " * (MAX_DEPTH + 1) + "1" + " }" * (MAX_DEPTH + 1) + "\n"
    path, message = problem_of(text + inner)
    assert path == "k.k.k.k.k.k.k.k.k.k.x.a.a.a.a.a..."
    assert message == f"invalid TOML: nested more than {MAX_DEPTH} levels deep (tables and arrays)"


def test_syntax_errors_and_gigantic_integers_are_located_as_before() -> None:
    assert problem_of("a = \n") == ("line 1, column 5", "invalid TOML: Invalid value")
    assert problem_of("a = 1\nb = " + "1_000" * 2000) == ("line 2, column 5",
                                                          "invalid TOML: an integer of 8,000 digits (at most 4,300)")


@pytest.mark.parametrize("parts", [3_000, 20_000])
def test_every_reader_of_a_position_text_refuses_it(parts: int) -> None:
    text = f'title = "a scenario"\n{dotted(parts)} = 1\n'
    with pytest.raises(PositionError, match="a dotted key of more than"):
        load_text(text)
    with pytest.raises(PositionError, match="a dotted key of more than"):
        starting_state("standard", "", text)  # OpenSpiel's and Gymnasium's ``position`` parameter


@pytest.mark.parametrize("parts", [3_000, 20_000])
@pytest.mark.parametrize("reader", ["dead cells", "dungeon twister"])
def test_the_other_games_toml_readers_refuse_it_too(parts: int, reader: str) -> None:
    text = f'title = "a combat"\n{dotted(parts)} = 1\n'
    with pytest.raises(PositionError, match="line 2, column 33: invalid TOML: a dotted key of more than 16 parts"):
        if reader == "dead cells":
            deadcells_files.loads(text, toml=True)
        else:
            dungeontwister_files.load_text(text, "toml")


def test_a_deeply_nested_dead_cells_toml_is_a_located_problem() -> None:
    text = "x = " + "[" * 300 + "]" * 300 + "\n"
    with pytest.raises(PositionError, match="nested"):
        deadcells_files.loads(text, toml=True)
