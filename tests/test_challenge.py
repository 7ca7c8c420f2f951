"""`adjudicate challenge`: verdicts, exit codes, never which word, and a start-up that imports little."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from adjudicate.ruling import judge_play, read_play
from adjudicate.cli import app
from adjudicate.errors import UnknownTileError
from adjudicate.fastchallenge import run_fast
from adjudicate.tiles import format_word, get_alphabet, parse_word


def fast(args, capsys):
    code = run_fast(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("args", "code", "verdict"),
    [
        (["QI", "ZA"], 0, "ACCEPTABLE"),
        (["qi", "za"], 0, "ACCEPTABLE"),
        (["QI", "ZQX"], 1, "UNACCEPTABLE"),
        (["--rules", "fise", "CHARRO", "ÑANDÚ"], 0, "ACCEPTABLE"),  # [CH]A[RR]O, ÑANDU
        (["--rules", "fise", "charro", "casa"], 0, "ACCEPTABLE"),
        (["--rules", "catalan", "CEL.LA", "CEL·LA", "QUATRE"], 0, "ACCEPTABLE"),
        # Catalan answers from DISC (checked against the list): AV, EU, UE are DISC words the old
        # stand-in (wcatalan) lacked; EM was in the stand-in and is not in DISC.
        (["--rules", "catalan", "AV", "EU", "UE"], 0, "ACCEPTABLE"),
        (["--rules", "catalan", "QUATRE", "EM"], 1, "UNACCEPTABLE"),
        (["--rules=catalan", "CASA", "WAT"], None, None),  # W: not a Catalan tile in a spelling
    ],
)
def test_verdicts(args, code, verdict, capsys):
    got, out, err = fast(args, capsys)
    if code is None:
        assert got == 2 and "W is not a Catalan tile" in err and out == ""
        return
    assert got == code
    first, second = out.splitlines()[:2]
    assert first == verdict
    if "catalan" in args[1]:  # the real list, named with its edition, no stand-in note
        assert second == "lexicon: DISC e8b6e1c0 (2026-07-29)"
    else:  # the English and Spanish shipped lexicons say they are not the tournament lists
        assert "stand-in" in second


def test_never_names_the_failing_word(capsys):
    code, out, _ = fast(["QI", "ZQX", "ZA"], capsys)
    assert code == 1 and "ZQX" not in out and "QI" not in out


def test_reveal_names_each_word(capsys):
    code, out, _ = fast(["--reveal", "QI", "ZQX"], capsys)
    assert code == 1
    assert "QI   valid" in out and "ZQX  NOT in the lexicon" in out


def test_json(capsys):
    code, out, _ = fast(["--json", "--rules", "fise", "CHARRO"], capsys)
    result = json.loads(out)
    assert code == 0 and result["acceptable"] is True and result["words"] == ["[CH]A[RR]O"]
    assert result["lexicon"]["id"] == "es-aosw" and len(result["lexicon"]["sha256"]) == 64
    # (as rescore's words_lexicon says it: Lexicon.as_dict)
    assert (result["lexicon"]["standin"], result["lexicon"]["note"]) == (True, "stand-in, not FISE")
    assert result["lexicon"]["label"] == "an-array-of-spanish-words 2.0.0 (stand-in, not FISE)"
    assert "per_word" not in result


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "fise", "KIWI"], "'KIWI', position 1: K is not a tile of the Spanish set"),
        (["ABCDEFGHIJKLMNOP"], "16 tiles: a word has at most 15"),
        (["--rules", "scrabble", "QI"], "scrabble"),
        (["--lexicon", "no-such-lexicon", "QI"], "no-such-lexicon"),
        (["--rules", "fise", "--lexicon", "en-kjxqz", "QI"], "english"),
    ],
)
def test_usage_errors_exit_2(args, message, capsys):
    code, out, err = fast(args, capsys)
    assert code == 2 and out == ""
    assert err.startswith("Error: ") and message in err


def both_paths(args: list[str], capsys) -> list[tuple[int, str, str]]:  # type: ignore[no-untyped-def]
    """``(exit code, stdout, stderr)`` of the fast path and of the Typer command, for one line."""
    fast_path = fast(args, capsys)
    result = CliRunner().invoke(app, ["challenge", *args])
    return [fast_path, (result.exit_code, result.stdout, result.stderr)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["QI"] * 9, "Error: 9 words: a play forms at most 8\n"),
        (["QI QI QI QI", "QI QI QI QI QI"], "Error: 9 words: a play forms at most 8\n"),  # as split
        ([""], "Error: no word in the play: a play forms 1 to 8 words\n"),
        (["--reveal", " \t"], "Error: no word in the play: a play forms 1 to 8 words\n"),
        # "$W1" "$W2" with W2 unset: judging QI alone could accept a play that is not acceptable
        (["QI", ""], "Error: word 2 of 2 is empty: every word of the play is needed\n"),
        # only blanks separate words: a comma is no tile, and says so
        (["QI,ZA"], "Error: 'QI,ZA', position 3: , is not a tile of the English set\n"),
    ],
)
def test_a_play_is_1_to_8_words_on_both_paths(args, message, capsys):
    """SPEC §1.2: a play forms 1 to 8 words (a main word and up to 7 cross words), as the judge."""
    assert both_paths(args, capsys) == [(2, "", message)] * 2


def test_eight_words_are_judged(capsys):
    for code, out, _ in both_paths(["QI"] * 8, capsys):
        assert code == 0 and out.startswith("ACCEPTABLE\n")


def test_one_quoted_argument_holding_blanks_is_its_words(capsys):
    """`challenge "QI ZQX"` is the play QI and ZQX, as `challenge QI ZQX` (before: exit 2, a
    blank is not a tile); --reveal's lines and --json's words are the split words."""
    apart = both_paths(["--reveal", "QI", "ZQX"], capsys)
    assert apart[0][0] == 1 and apart[0][1].splitlines()[2:] == ["  QI   valid", "  ZQX  NOT in the lexicon"]
    assert both_paths(["--reveal", "QI ZQX"], capsys) == apart
    assert both_paths(["--reveal", "  QI\t", "ZQX  "], capsys) == apart
    for code, out, _ in both_paths(["--json", "--reveal", "qi za", "QAT"], capsys):
        result = json.loads(out)
        assert code == 0 and result["words"] == ["QI", "ZA", "QAT"]
        assert [w["typed"] for w in result["per_word"]] == ["qi", "za", "QAT"]
        assert all(w["valid"] for w in result["per_word"])


def test_odd_command_lines_go_to_typer(capsys):
    assert run_fast(["-h"]) is None
    assert run_fast([]) is None
    assert run_fast(["--unknown", "QI"]) is None


def test_typer_command_gives_help_and_same_verdict():
    runner = CliRunner()
    result = runner.invoke(app, ["challenge", "--help"])
    assert result.exit_code == 0 and "Example: adjudicate challenge QI ZA" in result.stdout
    result = runner.invoke(app, ["challenge", "--rules", "fise", "CHARRO"])
    assert result.exit_code == 0 and result.stdout.startswith("VÁLIDA") is False
    assert result.stdout.splitlines()[0] == "ACCEPTABLE"


def test_judge_play_is_one_verdict():
    sp = get_alphabet("spanish")
    words = read_play(["charro", "ñandú"], sp)
    assert [w.label for w in words] == ["[CH]A[RR]O", "ÑANDU"]
    ruling = judge_play(words, {words[0].key})
    assert ruling.acceptable is False and ruling.valid == (True, False)
    assert ruling.verdict("es") == "NO VÁLIDA" and ruling.verdict("ca") == "NO VÀLIDA"
    with pytest.raises(UnknownTileError, match="K is not a tile"):
        read_play(["kiwi"], sp)


def test_challenge_process_imports_only_what_it_needs():
    """The whole process (python -m adjudicate challenge) must not import Typer, tabulate,
    dataclasses, pathlib or DAWG2: each costs a large share of a bare interpreter's start-up.
    (json is allowed: the manifest is read with it, so that it loads exactly when verify reads it.)
    (What the interpreter imports before any of our code, e.g. an editable install's finder, is
    not ours: it is subtracted.)"""
    bare = subprocess.run([sys.executable, "-c", "import sys; print(' '.join(sys.modules))"],
                          capture_output=True, text=True, timeout=60).stdout.split()
    code = (
        "import sys, runpy\n"
        "sys.argv = ['adjudicate', 'challenge', 'QI', 'ZA']\n"
        "try:\n"
        "    runpy.run_module('adjudicate', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "banned = {'typer', 'click', 'tabulate', 'dataclasses', 'pathlib', 'dawg',\n"
        "          'enum', 'typing', 'rich', 'gzip'}\n"
        f"banned -= set({bare!r})\n"
        "sys.stderr.write(' '.join(sorted(banned & set(sys.modules))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ACCEPTABLE")
    assert proc.stderr == "", f"imported on the challenge path: {proc.stderr}"


@pytest.mark.parametrize(("command", "option"), [
    (command, option) for command in ("challenge", "judge", "rescore", "show")
    for option in ("--rules", "--lexicon") if (command, option) != ("show", "--lexicon")  # (none)
])
def test_an_empty_rules_or_lexicon_is_an_error_never_the_default(command: str, option: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`--lexicon "$LEX"` with LEX unset gave the default (stand-in) lexicon's verdict, exit 0."""
    from pathlib import Path

    from typer.testing import CliRunner

    from adjudicate.cli import app
    from adjudicate.fastchallenge import run_fast

    game = str(Path(__file__).parent / "data" / "games" / "fx_naspa_scoreless.gcg")
    args, stdin = {
        "challenge": (["challenge", option, "", "QI"], None),
        "judge": (["judge", option, "", "--log", str(tmp_path / "j.jsonl")], "QI\n"),
        "rescore": (["rescore", "--check-words", option, "", game], None),
        "show": (["show", option, "", game, "--line", "5"], None),
    }[command]
    result = CliRunner().invoke(app, args, input=stdin)
    assert result.exit_code == 2, result.output
    assert "no lexicon given" in result.stderr or "unknown ruleset ''" in result.stderr
    assert not (tmp_path / "j.jsonl").exists()
    if command == "challenge":
        assert run_fast([option, "", "QI"]) == 2


def test_catalan_q_typed_as_the_board_shows_it_is_the_qu_tile():
    # MàTaM: the board shows the QU tile as Q, and players type QE for QUE (issue 17, item 7).
    runner = CliRunner()
    result = runner.invoke(app, ["challenge", "--rules", "catalan", "QE"])
    assert result.exit_code == 0 and result.stdout.startswith("ACCEPTABLE")
    # The verdict says the reading, as the judge's confirm screen does (issue 26), and not which
    # word is good: QI read as QUI, GAT as typed; one verdict for both.
    result = runner.invoke(app, ["challenge", "--rules", "catalan", "QI", "GAT", "ZZZ"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "UNACCEPTABLE"
    assert result.stdout.splitlines()[2:] == ["  read as QUI (typed QI: Q = QU)"]
    result = runner.invoke(app, ["challenge", "--rules", "catalan", "--reveal", "QE", "QUE"])
    assert result.stdout.splitlines()[2:] == ["  QUE  valid  (typed QE: Q = QU)", "  QUE  valid"]
    # A word list spells words in full: there a lone Q is no tile (DISC has no QATAR).
    with pytest.raises(UnknownTileError, match="Q is not a Catalan tile outside QU"):
        parse_word("QATAR", get_alphabet("catalan"))
    assert format_word(parse_word("QATAR", get_alphabet("catalan"), typed=True),
                       get_alphabet("catalan")) == "QUATAR"


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        # without --lexicon a German or Polish letter is not folded into the English stand-in
        (["MÜSE"], "'MÜSE', position 2: Ü is not a tile of the English set (it is a tile of the German set: "
                   "for a game of those tiles, give --lexicon de-wngerman)"),
        # two sets, each with its shipped stand-in named
        (["ÅR"], "'ÅR', position 1: Å is not a tile of the English set (it is a tile of the Norwegian or Swedish "
                 "set: for a game of those tiles, give --lexicon nb-wnorwegian or --lexicon sv-wswedish)"),
        (["QI", "ŻAR"], "'ŻAR', position 1: Ż is not a tile of the English set (it is a tile of the Polish set:"),
        (["--rules", "fise", "GARÇON"],
         "'GARÇON', position 4: Ç is not a tile of the Spanish set (it is a tile of the Catalan set:"),
    ],
)
def test_a_letter_of_another_set_is_exit_2_naming_the_set(args, reason, capsys):
    code, out, err = fast(args, capsys)
    assert (code, out) == (2, "") and err.startswith(f"Error: {reason}")


@pytest.mark.parametrize(
    ("args", "verdict"),
    [
        (["PIÑATA", "FAÇADE"], "ACCEPTABLE"),  # English spells them PINATA, FACADE
        (["--lexicon", "es-aosw", "PINGÜINO", "CAMIÓN"], "ACCEPTABLE"),
        (["--lexicon", "de-wngerman", "STRAßE", "straße", "STRASSE"], "ACCEPTABLE"),  # ß is SS
        (["--lexicon", "fr-aofw", "ŒUVRE", "OEUVRE"], "ACCEPTABLE"),  # Œ is OE
    ],
)
def test_a_languages_own_accents_and_ligatures_are_read(args, verdict, capsys):
    code, out, err = fast(args, capsys)
    assert (code, out.splitlines()[0], err) == (0, verdict, "")
