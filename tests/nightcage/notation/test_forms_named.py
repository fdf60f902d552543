"""The TOML form's reader and writer are named in :mod:`solver.nightcage.notation.forms`: the names are the functions,
and a JSON position is read without the TOML libraries while a TOML one still reads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from solver.base.named import load
from solver.nightcage.notation import forms, scenario

ROOT = Path(__file__).resolve().parents[3]


def test_the_names_are_the_functions() -> None:
    assert load(forms.READ_SCENARIO) is scenario.read_scenario
    assert load(forms.FORMAT_SCENARIO) is scenario.format_scenario


def test_a_json_position_is_read_without_the_toml_form_and_a_toml_one_with_it() -> None:
    code = ("import sys\nfrom solver.nightcage.notation.forms import load_text\n"
            "position, _ = load_text(sys.argv[1])\n"
            "print(position.state.size, 'solver.nightcage.notation.scenario' in sys.modules, 'tomllib' in sys.modules)")
    json_text = (ROOT / "docs" / "examples" / "position.json").read_text(encoding="utf-8")
    toml_text = forms.dump(forms.load_text(json_text)[0].state, {}, "toml")
    answers = [subprocess.run([sys.executable, "-c", code, text], capture_output=True, text=True, check=True).stdout.split()
               for text in (json_text, toml_text)]
    assert answers[0][1:] == ["False", "False"]
    assert answers[1][1:] == ["True", "True"] and answers[1][0] == answers[0][0]
