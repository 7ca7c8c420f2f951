"""Shell completion (issue 19, item 6) through Typer's own mechanism, as the installed script
calls it: ``_ADJUDICATE_COMPLETE=complete_bash`` with the words typed so far in ``COMP_WORDS``.
It offers the ruleset names for ``--rules`` and the installed lexicon ids for ``--lexicon`` and
``lexicon info|verify|diff``; a broken lexicon is left out, and nothing ever fails in the shell."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate.cli import app

REPO = Path(__file__).resolve().parent.parent
SHIPPED = ["ca-disc", "de-wngerman", "en-kjxqz", "es-aosw", "fr-aofw", "nb-wnorwegian", "pl-wpolish",
           "sl-hunspell", "sv-wswedish"]  # the lexicons/ directory of the repository
RULESETS = ["naspa", "wespa", "fise", "catalan", "matam"]  # SPEC §2; matam: the alias of catalan


def complete(line: str, env: dict[str, str] | None = None, shell: str = "bash") -> list[str]:
    """What the shell is offered for the last word of ``line`` (after a space: a new word)."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    result = CliRunner().invoke(app, [], prog_name="adjudicate", env={
        "_ADJUDICATE_COMPLETE": f"complete_{shell}", "COMP_WORDS": line, "COMP_CWORD": str(cword),
        "_TYPER_COMPLETE_ARGS": line, **(env or {})})
    assert result.exit_code == 0 and result.exception is None, (result.output, result.exception)
    return [line for line in result.output.splitlines() if line]


@pytest.fixture
def lexicons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A lexicon directory on ``$ADJUDICATE_LEXICONS`` with one more lexicon (``my-lex``: a copy
    of the English manifest), one whose manifest is not JSON and one with no manifest; no user
    lexicons (XDG_DATA_HOME is empty)."""
    extra = tmp_path / "lexicons"
    (extra / "my-lex").mkdir(parents=True)
    shutil.copy(REPO / "lexicons" / "en-kjxqz" / "manifest.json", extra / "my-lex" / "manifest.json")
    (extra / "broken").mkdir()
    (extra / "broken" / "manifest.json").write_text("{not json", encoding="utf-8")
    (extra / "empty").mkdir()
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(extra))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return extra


@pytest.mark.parametrize("command", ["challenge", "clock", "correct", "endgame", "judge", "rescore",
                                     "show"])
def test_rules_offers_the_ruleset_names_on_every_command(command: str) -> None:
    assert complete(f"adjudicate {command} --rules ") == RULESETS
    assert complete(f"adjudicate {command} -r w") == ["wespa"]


def test_rules_names_come_with_their_description_where_the_shell_shows_one() -> None:
    offered = complete("adjudicate rescore --rules ma", shell="zsh")
    assert offered == ["_arguments '*: :((\"matam\":\"alias of catalan\"))'"], offered


def test_lexicon_offers_the_installed_ids_but_not_a_broken_one(lexicons: Path) -> None:
    assert sorted(complete("adjudicate challenge --lexicon ")) == sorted([*SHIPPED, "my-lex"])
    assert complete("adjudicate rescore --rules wespa -l e") == ["en-kjxqz", "es-aosw"]


@pytest.mark.parametrize("line", ["adjudicate lexicon info ", "adjudicate lexicon verify ",
                                  "adjudicate lexicon diff ", "adjudicate lexicon diff en-kjxqz "])
def test_lexicon_commands_complete_their_lexicon_arguments(lexicons: Path, line: str) -> None:
    assert sorted(complete(line)) == sorted([*SHIPPED, "my-lex"])
    assert complete(line + "m") == ["my-lex"]


def test_a_failure_gives_no_completion_not_a_traceback(
        lexicons: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicate.lexicon

    def fail() -> list[dict[str, object]]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(adjudicate.lexicon, "list_lexicons", fail)
    assert complete("adjudicate challenge --lexicon ") == []
    assert complete("adjudicate lexicon info ") == []


# -- `adjudicate rules <TAB>` and `--set <TAB>` (issue 26) -------------------------------------------


def test_rules_completes_the_ruleset_names() -> None:
    assert complete("adjudicate rules ") == RULESETS
    assert complete("adjudicate rules f") == ["fise"]


def test_set_completes_the_rule_parameters() -> None:
    """The keys of `--set KEY=VALUE`: the Ruleset's parameters (not name, aliases, description)."""
    from adjudicate.rules import PARAMETERS

    keys = complete("adjudicate endgame --rules fise --set ")
    assert keys == [f"{k}=" for k in PARAMETERS if k not in ("name", "aliases", "description")]
    assert "scoreless_turns_to_end=" in keys and "outplay=" in keys
    assert complete("adjudicate clock --set overtime_m") == ["overtime_max_minutes="]


@pytest.mark.parametrize(("command", "default"), [
    ("challenge", "Default: naspa;"), ("judge", "Default: naspa;"), ("endgame", None), ("clock", None),
    ("rescore", "Default: the game record's ruleset"),
])
def test_rules_help_says_the_default_of_each_command(command: str, default: str | None) -> None:
    """challenge, judge, endgame and clock said 'the game record's ruleset' (they read none), and
    endgame and clock 'the default is ...' beside [required]."""
    text = " ".join(CliRunner().invoke(app, [command, "--help"], terminal_width=200).stdout.split())
    rules = text.split("--rules RULES", 1)[1].split(" -", 1)[0]
    assert ("record" in rules) == (command == "rescore")
    assert (default in rules) if default else ("Default" not in rules and "[required]" in rules)


@pytest.mark.parametrize(("command", "usage"), [
    (["challenge"], "WORDS..."), (["show"], "GAME"), (["correct"], "GAME"), (["rescore"], "GAMES..."),
    (["lexicon", "verify"], "LEXICON"), (["rules"], "[NAME]"),
])
def test_usage_lines_name_the_arguments_in_capitals(command: list[str], usage: str) -> None:
    """Usage lines read `{words}...`, `{game}`, and `-o <str>`."""
    text = CliRunner().invoke(app, [*command, "--help"], terminal_width=200).stdout
    assert usage in text.splitlines()[0] and "<str>" not in text and "{game}" not in text
    assert text.splitlines()[0].endswith(f" {usage}")  # as click writes it: no {GAMES...} braces
