"""The documentation is tested: every command has help with an example and is in the README, and
the README's examples that need no file of the reader's run as the README says."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
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
    "adjudicate challenge --rules fise KIWI": (2, "K is not a tile of the Spanish set"),
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


# -- the JSON contract's jq examples (issue 19, item 2) ---------------------------------------------

GAMES = Path(__file__).resolve().parent / "data" / "games"
SCRIPTS = README.split("### Output for scripts", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
JQ_EXAMPLES = re.findall(r"^\$ (.*?(?:\\\n.*?)*)$", SCRIPTS, flags=re.MULTILINE)


@pytest.mark.skipif(shutil.which("jq") is None, reason="jq is not installed")
@pytest.mark.parametrize("count", [1, 3])
def test_the_readmes_jq_examples_read_one_file_and_many(count: int, tmp_path: Path,
                                                         doug_emely: str) -> None:
    """Each `jq` line of the README's JSON section, run by the shell on one game and on three, gives
    what the report's objects say (the same program for one file and many: JSON is an array; the
    third game's winner changes)."""
    changed = tmp_path / "dw.gcg"
    changed.write_text(doug_emely, encoding="utf-8")
    files = [str(GAMES / "gcg_bom_crlf.gcg"), str(GAMES / "fx_naspa_scoreless.gcg"), str(changed)][:count]
    result = CliRunner().invoke(app, ["rescore", "--json", *files])
    games = json.loads(result.stdout)
    expected = [
        [g["file"] for g in games if not g["ok"]],
        [g["file"] for g in games if not g["ok"]],
        [f"{g['file']}: {d['message']}" for g in games for d in g["discrepancies"]],  # (it says its line)
        [f"{p['nick']}\t{p['computed_final']}" for g in games for p in g["players"]],
        [g["file"] for g in games if g["winner_changed"]],
    ]
    assert len(JQ_EXAMPLES) == len(expected) and all("games/*.gcg" in e for e in JQ_EXAMPLES)
    assert expected[0] == files[:1] + files[2:]  # (the broken games are found, one file or three)
    assert expected[-1] == files[2:]
    assert all(d["message"].startswith(f"line {d['line']}: ") for g in games for d in g["discrepancies"])
    tool = f"{shlex.quote(sys.executable)} -m adjudicate"
    for example, lines in zip(JQ_EXAMPLES, expected):
        command = example.replace("adjudicate ", tool + " ", 1).replace(
            "games/*.gcg", " ".join(map(shlex.quote, files)))
        run = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True,
                             check=False)
        assert run.stdout.splitlines() == lines, (example, run.stderr)


def test_the_fise_12_scoreless_turns_example_shows_the_rule() -> None:
    """docs/rules.md's example of FISE's later rule was an endgame table that was the same without
    --set (issue 26). It rescores a record that ends on its 12th scoreless turn now: over, every
    score agreeing, with the rule; not over, its end lines findings, without it."""
    docs = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    example = "adjudicate rescore --rules fise --set scoreless_turns_to_end=12 tests/data/games/es_scoreless12.gcg"
    assert example in docs
    game = str(GAMES / "es_scoreless12.gcg")
    with_rule = CliRunner().invoke(app, [*shlex.split(example)[1:-1], game])
    assert with_rule.exit_code == 0 and "ended by: scoreless turns" in with_rule.stdout, with_rule.output
    without = CliRunner().invoke(app, ["rescore", "--rules", "fise", game])
    assert without.exit_code == 1 and "ended by: not finished" in without.stdout
    assert "end-of-game line, but the game is not over" in " ".join(without.stdout.split())
