"""`adjudicate lexicon build|check|verify|diff|info|list` (``adjudicate/cli/lexicon.py``): exit codes,
what goes to stdout and stderr, and help with an example for every command. What each command
reports is tested with its module (tests/test_lexicon_*.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate import tiles
from adjudicate.cli import app
from adjudicate.lexicon import check_word_list

pytestmark = pytest.mark.slow  # (lexicon builds)

WORDS = Path(__file__).resolve().parent / "data" / "words"
# (Read with --first-field; without, their lines of a word and a definition are rejected too.)
ES = WORDS / "lex_es.txt"  # UTF-8 with BOM, CRLF: 18 entries, 10 words, 3 that cannot be tiles
CA = WORDS / "lex_ca_latin1.txt"  # Latin-1: 4 entries that cannot be tiles
EN_OLD = WORDS / "lex_en_old.txt"
EN_NEW = WORDS / "lex_en_new.txt"


def test_cli_build_and_check_exit_codes(env: Path, runner: CliRunner, words_of) -> None:  # type: ignore[no-untyped-def]
    out = env / "es-cli"
    result = runner.invoke(
        app, ["lexicon", "build", str(ES), "--alphabet", "spanish", "--name", "CLI", "-o", str(out), "--first-field"]
    )
    assert result.exit_code == 1  # built, but entries were rejected
    checked = check_word_list(str(ES), "spanish", first_field=True)  # (by hand: test_lexicon_wordlist.py)
    assert result.stderr.splitlines() == [str(rejection) for rejection in checked.rejected]
    assert result.stdout.startswith("built es-cli: 10 words (18 entries, 5 duplicates, 3 rejected)")
    spanish = tiles.get_alphabet("spanish")
    assert words_of(out) == [tiles.format_word(tiles.from_key(key, spanish), spanish) for key in checked.keys]
    clean = runner.invoke(
        app, ["lexicon", "build", str(EN_OLD), "-a", "english", "-n", "Old", "-o", str(env / "en"), "-q"]
    )
    assert (clean.exit_code, clean.stdout) == (0, "")
    stdin = runner.invoke(
        app,
        ["lexicon", "build", "-", "-a", "english", "-n", "Stdin", "-o", str(env / "in"), "--json"],
        input="QI\nZA\nqi\n",
    )
    assert stdin.exit_code == 0 and json.loads(stdin.stdout)["words"] == 2
    assert runner.invoke(app, ["lexicon", "check", str(EN_NEW), "-a", "english"]).exit_code == 0
    checked = runner.invoke(app, ["lexicon", "check", str(CA), "-a", "catalan", "--json", "--first-field"])
    assert checked.exit_code == 1 and len(json.loads(checked.stdout)["rejected"]) == 4
    missing = runner.invoke(app, ["lexicon", "check", str(WORDS / "nope.txt"), "-a", "catalan"])
    assert missing.exit_code == 2 and "nope.txt" in missing.stderr
    assert runner.invoke(app, ["lexicon", "check", str(ES), "-a", "klingon"]).exit_code == 2
    refused = runner.invoke(app, ["lexicon", "build", str(ES), "-a", "spanish", "-n", "x", "-o", str(WORDS)])
    assert refused.exit_code == 2 and "not a lexicon directory" in refused.stderr


@pytest.mark.parametrize("command", ["build", "check", "verify", "diff", "info", "list"])
def test_every_command_has_help_with_an_example(runner: CliRunner, command: str) -> None:
    result = runner.invoke(app, ["lexicon", command, "--help"])
    assert result.exit_code == 0 and "Example: adjudicate lexicon " + command in result.stdout


def test_cli_first_field(env: Path, runner: CliRunner, tmp_path: Path, words_of) -> None:  # type: ignore[no-untyped-def]
    """`char ro` in a list of words is rejected (file:line, exit 1, CHAR not built); a list of
    words and definitions is read by first fields, said on stderr (and in --json's note); --first-field
    reads both, silently."""
    typo = tmp_path / "typo.txt"
    typo.write_text("cat\nchar ro\ndog\nqi\n", encoding="utf-8")
    for command in (["build", "-n", "Typo", "-o", str(env / "typo")], ["check"]):
        result = runner.invoke(app, ["lexicon", *command, str(typo), "-a", "english"])
        assert result.exit_code == 1, result.output
        assert result.stderr.splitlines()[0] == (f"{typo}:2: 'char ro': more than one field: a word and its "
                                                 "definition? --first-field reads the first field as the word")
    assert words_of(env / "typo") == ["CAT", "DOG", "QI"]
    result = runner.invoke(app, ["lexicon", "build", str(typo), "-a", "english", "-n", "Typo", "-o",
                                 str(env / "typo"), "--first-field", "-q"])
    assert (result.exit_code, result.output) == (0, "")
    assert words_of(env / "typo") == ["CAT", "CHAR", "DOG", "QI"]
    defined = tmp_path / "defined.txt"
    defined.write_text("AA a volcanic rock\nQI a vital force\nZA pizza\n", encoding="utf-8")
    for command in (["build", "-n", "Defined", "-o", str(env / "defined")], ["check"]):
        result = runner.invoke(app, ["lexicon", *command, str(defined), "-a", "english", "--json"])
        assert result.exit_code == 0, result.output
        assert "the first field of each line is read as the word (--first-field says so)" in result.stderr
        assert json.loads(result.stdout)["note"] in result.stderr and json.loads(result.stdout)["words"] == 3
        result = runner.invoke(app, ["lexicon", *command, str(defined), "-a", "english", "--first-field", "--json"])
        assert result.exit_code == 0 and json.loads(result.stdout)["words"] == 3
        assert "note" not in json.loads(result.stdout) and result.stderr == ""
    assert words_of(env / "defined") == ["AA", "QI", "ZA"]


def test_build_and_check_say_one_word_and_one_entry(env: Path, runner: CliRunner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """'1 words (1 entries, 0 duplicates ...)' (issue 26)."""
    source = tmp_path / "one.txt"
    source.write_text("QI\n", encoding="utf-8")
    checked = runner.invoke(app, ["lexicon", "check", str(source), "--alphabet", "english"])
    assert checked.exit_code == 0 and f"{source}: 1 entry, 1 word, 0 duplicates, 0 rejected" in checked.stdout
    built = runner.invoke(app, ["lexicon", "build", str(source), "-a", "english", "-n", "One", "-o", str(env / "one")])
    assert built.exit_code == 0 and built.stdout.startswith("built one: 1 word (1 entry, 0 duplicates, 0 rejected)")
