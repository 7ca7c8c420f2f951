"""adjudicate correct / adjudicate.correct: a corrected record (issue 19, item 1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate.canonical import canonical_gcg
from adjudicate.cli import app
from adjudicate.correct import NotCorrectable, correct_gcg
from adjudicate.gcg import read_gcg
from adjudicate.rescore import rescore_game

GAMES = Path(__file__).parent / "data" / "games"
FISE_OUT = (GAMES / "fx_fise_outplay.gcg").read_text(encoding="utf-8")


def clean(text: str) -> bool:
    return not rescore_game(read_gcg(text.encode())).discrepancies


def test_a_clean_record_comes_back_canonical_and_unchanged():
    record = read_gcg(FISE_OUT.encode())
    fixed = correct_gcg(record)
    assert fixed.changes == () and fixed.text == canonical_gcg(record)


def test_a_wrong_score_is_corrected_with_a_note():
    # fx_fise_outplay.gcg line 7: D8 .INTERNA scores 68 (tests/test_rescore.py); recorded 66 here.
    text = FISE_OUT.replace("+68 142", "+66 140")
    fixed = correct_gcg(read_gcg(text.encode()))
    assert [c.line for c in fixed.changes] == [7]
    assert ">ana: INTERNA D8 .INTERNA +68 142\n#note corrected: recorded +66 140; the rules give +68 142" \
        in fixed.text
    assert clean(fixed.text)


def test_missing_end_of_game_lines_are_added():
    # Without the out-play lines (beto +9, ana -9: ana holds E X), the corrected record has them.
    text = FISE_OUT.replace(">beto:  (EX) +9 609\n>ana: EX (EX) -9 587\n", "")
    fixed = correct_gcg(read_gcg(text.encode()))
    assert ">beto:  (EX) +9 609\n" in fixed.text and ">ana: EX (EX) -9 587\n" in fixed.text
    assert len(fixed.changes) == 2 and all(c.note.startswith("added:") for c in fixed.changes)
    assert clean(fixed.text)


def test_points_the_rules_do_not_give_are_taken_out(corpus):
    data = (corpus / "gcg" / "magpie-data" / "move_event_after_game_end.gcg").read_bytes()
    fixed = correct_gcg(read_gcg(data))
    assert [c.note.split(" (")[0] for c in fixed.changes] == ["removed: >HastyBot: I F2 .I +5 521"]
    assert ">HastyBot: I F2" not in fixed.text.replace("#note removed: >HastyBot: I F2", "")
    assert clean(fixed.text)


def test_faults_that_are_not_numbers_are_refused(corpus):
    data = (corpus / "gcg" / "magpie-data" / "played_tile_not_in_rack.gcg").read_bytes()
    with pytest.raises(NotCorrectable, match="R not on the rack"):
        correct_gcg(read_gcg(data))


def test_cli_writes_in_place_keeping_the_original(tmp_path: Path):
    game = tmp_path / "g.gcg"
    game.write_text(FISE_OUT.replace("+68 142", "+66 140"), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["correct", str(game), "--in-place"])
    assert result.exit_code == 1, result.output  # corrected
    assert (tmp_path / "g.gcg.orig").read_text(encoding="utf-8") == FISE_OUT.replace("+68 142", "+66 140")
    assert clean(game.read_text(encoding="utf-8"))
    again = runner.invoke(app, ["correct", str(game), "--in-place"])
    assert again.exit_code == 2 and "g.gcg.orig exists" in again.stderr  # never overwritten


def test_cli_stdout_diff_and_refusals(tmp_path: Path, corpus):
    game = tmp_path / "g.gcg"
    game.write_text(FISE_OUT.replace("+68 142", "+66 140"), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["correct", str(game)])
    assert out.exit_code == 1 and clean(out.stdout) and "line 7: corrected" in out.stderr
    diff = runner.invoke(app, ["correct", str(game), "--diff"])
    assert "-ana: INTERNA D8 .INTERNA +66 140" in diff.stdout.replace(">", "")
    assert "+>ana: INTERNA D8 .INTERNA +68 142" in diff.stdout
    same = runner.invoke(app, ["correct", str(game), "-o", str(game)])
    assert same.exit_code == 2 and "use --in-place" in same.stderr
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert runner.invoke(app, ["correct", str(game), "-o", str(fifo)]).exit_code == 2
    broken = corpus / "gcg" / "magpie-data" / "played_tile_not_in_rack.gcg"
    refused = runner.invoke(app, ["correct", str(broken)])
    assert refused.exit_code == 2 and "cannot be corrected" in refused.stderr and refused.stdout == ""
