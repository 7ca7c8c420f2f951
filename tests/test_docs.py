"""The documentation is tested: every command has help with an example and is in the README, and
the README's examples that need no file of the reader's run as the README says."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from adjudicate.cli import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _commands() -> list[list[str]]:
    group = typer.main.get_command(app)
    found = []
    for name, command in group.commands.items():
        sub = getattr(command, "commands", None)
        if sub:
            found += [[name, child] for child in sub]
        found.append([name])
    return found


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p))
def test_every_command_has_help_with_an_example(path):
    result = CliRunner().invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Example: adjudicate " in result.stdout


@pytest.mark.parametrize("name", sorted({p[0] for p in _commands()}))
def test_every_command_is_in_the_readme(name):
    assert f"adjudicate {name}" in README


def test_readme_first_lines_are_the_two_commands():
    block = README.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert block[0].endswith("pip install -q . && adjudicate challenge QI ZA")
    assert block[1].endswith("pip install -q -e '.[test]' && pytest -q")
    assert block[1] in (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()


EXAMPLES = {
    # README example -> (exit code, a line its output must contain)
    "adjudicate challenge QI ZA": (0, "ACCEPTABLE"),
    "adjudicate challenge --rules fise CHARRO ÑANDÚ": (0, "ACCEPTABLE"),
    "adjudicate challenge --rules catalan CEL.LA CEL·LA QUATRE ANY": (0, "ACCEPTABLE"),
    "adjudicate challenge --rules fise KIWI": (2, "K is not a tile of the spanish set"),
    "adjudicate endgame --rules naspa A=380 B=402:IQ --went-out A": (0, "tie between A, B"),
    "adjudicate clock --rules naspa A=520@-10:01 B=380@+02:00": (0, "B wins"),
}


@pytest.mark.parametrize(("example", "expected"), EXAMPLES.items(), ids=list(EXAMPLES))
def test_readme_examples_run_as_shown(example, expected):
    assert example in README
    code, text = expected
    result = CliRunner().invoke(app, shlex.split(example)[1:])
    assert result.exit_code == code, result.output
    assert text in result.stdout + result.stderr


def test_every_challenge_example_in_the_readme_is_checked():
    shown = set(re.findall(r"\$ (adjudicate challenge [^#\n]*?)\s*(?:#|\n)", README))
    assert shown <= set(EXAMPLES), shown - set(EXAMPLES)
