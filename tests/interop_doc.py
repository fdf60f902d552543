"""docs/interop.md as tests: each section's ``>>>`` snippets, and the examples' transcripts."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys

from tests.paths import ROOT

DOC = ROOT / "docs" / "interop.md"


def section(title: str) -> str:
    """The text of one ``## title`` section."""
    text = DOC.read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def run_snippets(title: str) -> int:
    """Run the section's ``>>>`` examples; the number that failed."""
    test = doctest.DocTestParser().get_doctest(section(title), {}, f"interop.md: {title}", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples, f"no example in the section {title!r}"
    return runner.failures


def transcript(title: str, command: str) -> tuple[list[str], str]:
    """The arguments of a ``$ python ...`` block of the section and the output it shows."""
    match = re.search(rf"```\n\$ python ({re.escape(command)}[^\n]*)\n(.*?)```", section(title), re.S)
    assert match is not None, f"no transcript of {command} in {title!r}"
    return match.group(1).split(), match.group(2)


def run_transcript(title: str, command: str) -> tuple[str, str]:
    """What the command prints now, and what the section says it prints."""
    args, shown = transcript(title, command)
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout, shown
