"""The options several commands share, each defined once with one help text (as sqlite-utils'
``output_options``): ``--rules``, ``--lexicon``, ``--set``, ``--spelling``, ``--tiles``,
``--board``, ``--json`` and rescore's ``--format``. A command takes one as a parameter annotated with its alias::

    def endgame(..., rules: RequiredRulesOption, settings: SetOption = None, json_: JsonOption = False)

``--rules`` is optional with a record (``RulesOption``, default None: the record's ruleset, else
naspa: rescore, correct, show), optional without one (``NoRecordRulesOption``: challenge, judge,
naspa by default) or required (``RequiredRulesOption``: endgame, clock), one definition for all
three, its help saying the default of each. Its value is a
name checked by :func:`adjudicate.rules.find_ruleset` (any case, aliases; an unknown one is exit 2
with the names known), not a Typer choice: the names in the help come from
:func:`adjudicate.federations.names_text` (the data rules.py builds its rulesets from).

Shell completion (``adjudicate --install-completion``) offers the ruleset names for ``--rules``
(:func:`complete_rules`) and the installed lexicon ids for ``--lexicon`` and the lexicon arguments
of ``lexicon info|verify|diff`` (:func:`complete_lexicon`): names only, from manifests and
directories, and never an error; ``--set`` offers the rule parameters (:func:`complete_set`), and
``adjudicate rules`` the ruleset names.
"""

from __future__ import annotations

import enum
from typing import Annotated, Any, Optional

import typer

from adjudicate.federations import names_text as ruleset_names  # (plain data: no rules import)

__all__ = [
    "BoardOption", "JsonOption", "LexiconOption", "NoRecordRulesOption", "ReportFormat", "ReportFormatOption",
    "RequiredRulesOption", "RulesOption", "SetOption", "Spelling", "SpellingOption", "TilesOption",
    "complete_lexicon", "complete_rules", "complete_set",
]


def complete_rules() -> list[tuple[str, str]]:
    """Shell completion of ``--rules``: every ruleset name and alias, with its description (Typer
    keeps those that start with what was typed)."""
    from adjudicate.federations import FEDERATIONS

    found = [(name, fed["description"]) for name, fed in FEDERATIONS.items()]
    return found + [(alias, f"alias of {name}") for name, fed in FEDERATIONS.items()
                    for alias in fed["aliases"]]


def complete_lexicon() -> list[tuple[str, str]]:
    """Shell completion of a lexicon id: the ids ``--lexicon`` would open, with name and edition.

    Only manifests are read (no DAWG is loaded); a lexicon whose manifest cannot be read, or
    one hidden by another of its id, is not offered, and any failure gives no completion rather
    than a traceback in the user's shell. (``adjudicate.lexicon`` is imported here, not at
    start-up: every command imports this module.)
    """
    try:
        from adjudicate.lexicon import list_lexicons

        return [(str(row["id"]), f"{row['name']} {row['edition']}".strip())
                for row in list_lexicons() if not row["shadowed"] and "error" not in row]
    except Exception:  # noqa: BLE001 - completion must never fail in the shell
        return []


def _rules(default: str) -> Any:
    """``--rules``, its help ending with what the command does without it (``default``)."""
    return typer.Option(
        "--rules", "-r", metavar="RULES", autocompletion=complete_rules,
        help=f"The ruleset: {ruleset_names()}; any case. It sets the tiles, the rules and the "
        f"default lexicon.{default}")


#: ``--rules`` of a command that reads a game record (default None: the record's ruleset).
RulesOption = Annotated[Optional[str], _rules(" Default: the game record's ruleset, else naspa.")]
#: ``--rules`` of a command that reads no record, where it may be left out (challenge, judge).
NoRecordRulesOption = Annotated[Optional[str], _rules(" Default: naspa; with --lexicon alone, the lexicon's tile set.")]
#: ``--rules`` where it must be given (endgame, clock).
RequiredRulesOption = Annotated[str, _rules("")]

LexiconOption = Annotated[Optional[str], typer.Option(
    "--lexicon", "-l", metavar="LEXICON", autocompletion=complete_lexicon, help="Lexicon id (one `adjudicate lexicon list` shows) or a directory, given as a path: "
    "./NWL23 (default: the ruleset's).")]

def complete_set(incomplete: str) -> list[tuple[str, str]]:
    """Shell completion of ``--set``: every rule parameter a tournament may override, as ``KEY=``
    (Typer keeps those that start with what was typed)."""
    try:
        from adjudicate.rules import PARAMETERS

        return [(f"{key}=", "rule parameter") for key in PARAMETERS if key not in ("name", "aliases", "description")
                and key.startswith(incomplete)]
    except Exception:  # noqa: BLE001 - completion must never fail in the shell
        return []


SetOption = Annotated[Optional[list[str]], typer.Option(
    "--set", metavar="KEY=VALUE", autocompletion=complete_set,
    help="Override a rule parameter for this tournament, e.g. --set outplay=international "
    "(repeatable).")]

#: --tiles of every command that reads a game record (rules.record_tiles checks the name).
TilesOption = Annotated[Optional[str], typer.Option(
    "--tiles", metavar="TILES",
    help="The record's tile set, whatever --rules: english, english_super (Super Scrabble), german, "
    "polish... (every one: adjudicate lexicon build --help). Default: the record's "
    "#tile-distribution, else its #lexicon, else the ruleset's, else the one set its letters are "
    "tiles of.")]

#: --board of every command that reads a game record (game.pick_board checks the name).
BoardOption = Annotated[Optional[str], typer.Option(
    "--board", metavar="BOARD",
    help="The board the game was played on: standard (15x15; Woogles' CrosswordGame) or super "
    "(Super Scrabble's 21x21; SuperCrosswordGame). Default: the record's #board-layout, else its "
    "tile set's board (english_super: super), else standard.")]

JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


class ReportFormat(str, enum.Enum):
    """``rescore --format``."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"


ReportFormatOption = Annotated[ReportFormat, typer.Option(
    "--format", "-f", help="table; json (the same as --json): an array, one object per game, however many; "
    "jsonl: one object per line, written as each game is done; csv: a row per game.")]


class Spelling(str, enum.Enum):
    """``--spelling``: how a record (or a typed rack) writes Spanish CH LL RR (tiles.SPELLINGS)."""

    bracketed = "bracketed"
    plain = "plain"
    quackle = "quackle"


#: The --spelling option of every command that reads Spanish tiles from a record or a typed rack.
SpellingOption = Annotated[Optional[Spelling], typer.Option(
    "--spelling", help="How Spanish CH LL RR are written: bracketed ([LL] is the tile, LL two L "
    "tiles), plain (LL is the tile) or quackle (lowercase ll is the tile). Default for a game "
    "record: what the record shows (the report says which).")]
