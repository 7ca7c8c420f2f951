"""Every table the tool prints fits a terminal of 100 columns (issue 26), in every documented
example: the ``Example:`` lines of every ``--help``, and the ``adjudicate ...`` lines of the README
and docs/*.md. An example that names a file of the reader's (``round7.gcg``) ends in an error line,
which is not a table; the tables are the examples' stdout. Examples that would write (a lexicon
build, ``-o``, ``--in-place``) or start a session (``judge`` without ``--verify-log``) are not run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from adjudicate.cli import app

REPO = Path(__file__).resolve().parent.parent
WIDTH = 100


def _help_examples() -> set[str]:
    found: set[str] = set()
    group = typer.main.get_command(app)
    paths = [[name] for name in group.commands]
    paths += [[name, child] for name, cmd in group.commands.items() for child in getattr(cmd, "commands", {})]
    for path in paths:
        text = CliRunner().invoke(app, [*path, "--help"], terminal_width=200).stdout
        found |= set(re.findall(r"Example: (adjudicate [^\n]*?)\s*$", text, flags=re.MULTILINE))
    return found


def _document_examples() -> set[str]:
    found: set[str] = set()
    for doc in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        for line in doc.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^(?:\$ )?(adjudicate [^#|`<>\\]*?)\s*(?:#.*)?$", line)
            if match:
                found.add(match.group(1))
    return found


def _runnable(example: str) -> bool:
    try:
        args = shlex.split(example)[1:]
    except ValueError:
        return False
    writes = {"-o", "--in-place", "--install-completion"} & set(args) or args[:2] == ["lexicon", "build"]
    session = args[:1] == ["judge"] and "--verify-log" not in args
    placeholder = any(a.isupper() and a.isalpha() and a in ("SOURCE", "NAME", "DIR", "GAME", "FILE", "OLD", "NEW")
                      for a in args) or any("|" in a or "[" in a and "]" in a and "--" in a for a in args)
    return bool(args) and not writes and not session and not placeholder


EXAMPLES = sorted(e for e in _help_examples() | _document_examples() if _runnable(e))


def test_the_examples_are_found() -> None:
    for example in ("adjudicate rules fise", "adjudicate lexicon list --json", "adjudicate lexicon verify es-aosw --source palabras.txt",
                    "adjudicate clock --rules naspa A=520@-10:01 B=380@+02:15"):
        assert example in EXAMPLES
    assert len(EXAMPLES) >= 25


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_table_of_a_documented_example_fits_100_columns(example: str) -> None:
    args = shlex.split(example)[1:]
    if args[-1:] == ["--json"] or "--json" in args:
        args = [a for a in args if a != "--json"]  # (the table, not the JSON)
    result = CliRunner().invoke(app, args)
    wide = [line for line in result.stdout.splitlines() if len(line) > WIDTH and not _a_path_alone(line)]
    assert not wide, (example, max(map(len, wide)), wide[0])


def _a_path_alone(line: str) -> bool:
    """A file's path on a line of its own, which no width may cut (a checkout deep in a file
    system: `lexicon info ca-disc` says where the lexicon is, the whole path to copy)."""
    return len(line.split()) == 1 and "/" in line


@pytest.mark.parametrize("args", [["lexicon", "list"], ["lexicon", "verify", "en-kjxqz"], ["rules", "catalan"],
                                  ["rules", "wespa"], ["rules", "naspa"], ["rules"]])
def test_the_widest_tables_fit_100_columns(args: list[str]) -> None:
    """`lexicon list` was 193 columns wide, `lexicon verify` 129, `rules fise` 153."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= WIDTH


@pytest.mark.parametrize("game", ["tests/data/boards/super.gcg"])
def test_show_fits_100_columns_on_either_board(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`show` of a Super Scrabble game drew a 106-column board, and its ruleset line was one line
    of 232 characters (issue 26's 100 columns, the audit of issue 29). (The heading names the file
    as given: from the repository, so that a deep checkout does not lengthen it.)"""
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    result = CliRunner().invoke(app, ["show", "--no-color", game])
    assert result.exit_code == 0, result.output
    wide = [line for line in result.stdout.splitlines() if len(line) > WIDTH and not _a_path_alone(line)]
    assert not wide, wide[:1]
