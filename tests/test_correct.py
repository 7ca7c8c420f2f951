"""adjudicate correct / adjudicate.correction: a corrected record (issue 19, item 1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate.canonical import canonical_gcg
from adjudicate.cli import app
from adjudicate.correction import NotCorrectable, correct_gcg
from adjudicate.errors import CannotCorrect
from adjudicate.gcg import read_gcg
from adjudicate.kinds import Ending
from adjudicate.recount import choose_ruleset, rescore_game

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
    again = runner.invoke(app, ["correct", str(game), "--in-place"])  # (now right: nothing to do)
    assert again.exit_code == 0 and "nothing to correct" in again.stderr
    game.write_text(FISE_OUT.replace("+68 142", "+60 134"), encoding="utf-8")
    kept = runner.invoke(app, ["correct", str(game), "--in-place"])
    assert kept.exit_code == 2 and "g.gcg.orig exists" in kept.stderr  # never overwritten
    assert (tmp_path / "g.gcg.orig").read_text(encoding="utf-8") == FISE_OUT.replace("+68 142", "+66 140")
    assert "+60 134" in game.read_text(encoding="utf-8")  # (nothing written)


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


# -- issue 25, item 4: correct loses nothing and never guesses ---------------------------------------

# FISE (art. 18: at the time limit the turns are equalised): ana and beto have played one turn
# each when the time limit is reached, so the game ends there: beto 116, ana 74, winner beto.
# Line 5, a time penalty before the end of the game, is a line the rules do not count here; its
# notes say the time limit was reached and how much overtime ana had.
TIME_LIMIT = """#player1 ana Ana
#player2 beto Beto
>ana: PALOMAS 8B PALOMAS +74 74
>beto: IJOTERO B8 .IJOTERO +116 116
>ana: (time) -10 64
#note overtime 00:40
#note round time limit reached
"""


def _notes(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("#note")]


def test_the_notes_of_a_removed_line_are_kept_and_the_game_ends_as_it_did():
    record = read_gcg(TIME_LIMIT.encode(), name="t.gcg")
    ruleset, reason = choose_ruleset(record, "fise")
    before = rescore_game(record, ruleset, reason=reason)
    assert (before.ending, before.winners) == (Ending.TIME, ["beto"])
    fixed = correct_gcg(record, ruleset, reason=reason)
    assert {"#note overtime 00:40", "#note round time limit reached"} <= set(_notes(fixed.text))
    after = rescore_game(read_gcg(fixed.text.encode()), ruleset, reason=reason)
    assert not after.discrepancies  # (before the fix: "not finished", no winner)
    assert (after.ending, after.winners) == (Ending.TIME, ["beto"])


def test_a_zero_point_move_out_of_turn_is_refused_not_deleted(tmp_path: Path):
    # Line 5: beto exchanges (0 points) right after his own play: out of turn, which the README
    # says is refused (before: the line was deleted, exit 1).
    text = TIME_LIMIT.split(">ana: (time)")[0] + ">beto: ABCDEFG -ABC +0 116\n>ana: INTERNA D8 .INTERNA +68 142\n"
    with pytest.raises(CannotCorrect, match="line 5: beto moves out of turn") as err:
        correct_gcg(read_gcg(text.encode()), choose_ruleset(read_gcg(text.encode()), "fise")[0])
    assert err.value.line == 5
    game = tmp_path / "g.gcg"
    game.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["correct", "--rules", "fise", str(game), "-o", str(tmp_path / "out.gcg")])
    assert result.exit_code == 2 and "out of turn" in result.stderr
    assert not (tmp_path / "out.gcg").exists()


# WESPA: 5 points for each word of a play challenged without success. Line 4, 9D AB under WINDY,
# forms three words (AB, WA, IB): the bonus may be 5, 10 or 15, and the record says which. Line 5
# says +21 (none of them); its cumulative 23 after 13 shows +10. (Line 6, 10D N: N on a DL under
# A... recorded +4, computed +6, a plain score the rules fix.)
BONUS = """#player1 a A
#player2 b B
>a: DINNVWY 8D WINDY +32 32
>b: ABEILRT 9D AB +13 13
>b: EILRT (challenge) +21 23
>a: NNV 10D N +4 36
"""


def test_a_number_the_rules_do_not_fix_is_read_off_the_cumulative():
    record = read_gcg(BONUS.encode())
    ruleset, reason = choose_ruleset(record, "wespa")
    fixed = correct_gcg(record, ruleset, reason=reason)
    assert ">b: EILRT (challenge) +10 23\n#note corrected: recorded +21 23; the cumulative shows +10" in fixed.text
    assert "the rules give +5" not in fixed.text  # (before: +5 18, "the rules give" a guess)
    assert ">a: NNV 10D N +6 38\n" in fixed.text
    assert not rescore_game(read_gcg(fixed.text.encode()), ruleset, reason=reason).discrepancies


def test_a_number_the_cumulative_does_not_show_is_refused_naming_the_line():
    text = BONUS.replace("+21 23", "+21 34")  # (13 + 21 = 34: the cumulative shows +21 too)
    record = read_gcg(text.encode())
    with pytest.raises(CannotCorrect, match="line 5: cannot be corrected") as err:
        correct_gcg(record, choose_ruleset(record, "wespa")[0])
    assert err.value.line == 5
    # FISE: 10 points a minute of overtime. beto -7 (no whole minutes, no #note overtime): 609 - 7
    # = 602 shows -7 again (refused); 599 shows -10 (corrected so).
    with pytest.raises(CannotCorrect, match="line 21: .*no #note overtime"):
        correct_gcg(read_gcg((FISE_OUT + ">beto: (time) -7 602\n").encode()))
    fixed = correct_gcg(read_gcg((FISE_OUT + ">beto: (time) -7 599\n").encode()))
    assert fixed.text.endswith(">beto:  (time) -10 599\n#note corrected: recorded -7 599; the cumulative "
                               "shows -10, which the rules allow (10 for each minute of overtime, and no "
                               "#note overtime says how long): -10 599\n")


def test_a_number_the_cumulative_shows_but_the_rules_do_not_allow_is_refused_as_a_number():
    # BONUS's line 5 with cumulative 25: 25 - 13 = +12, no multiple of WESPA's 5 (before: "1
    # fault(s) that are not numbers: line 5: challenge bonus: recorded +12, computed +5").
    text = BONUS.replace("+21 23", "+21 25")
    record = read_gcg(text.encode(), name="g.gcg")
    with pytest.raises(CannotCorrect) as err:
        correct_gcg(record, choose_ruleset(record, "wespa")[0])
    assert str(err.value) == (
        "g.gcg: line 5: cannot be corrected: >b: EILRT (challenge) +21 25: the rules give 5 for each "
        "word challenged: the record says how many; the record's cumulative shows +12, which the "
        "rules do not allow either, and a correction never guesses one (the director decides)")
    assert err.value.line == 5
    # FISE, 10 points a minute: beto's -7 with cumulative 596 after 609 shows -13, no whole minutes.
    with pytest.raises(CannotCorrect, match=r"^g.gcg: line 21: cannot be corrected: >beto: \(time\) -7 "
                       r"596: .* cumulative shows -13, which the rules do not allow either") as err:
        correct_gcg(read_gcg((FISE_OUT + ">beto: (time) -7 596\n").encode(), name="g.gcg"))
    assert err.value.line == 21 and "not numbers" not in str(err.value)
    # With a fault that is not a number before it (line 4, 9D AX: no X on the rack), each is said
    # as it is, and .line is the first.
    mixed = read_gcg(text.replace("9D AB", "9D AX").encode(), name="g.gcg")
    with pytest.raises(CannotCorrect) as err:
        correct_gcg(mixed, choose_ruleset(mixed, "wespa")[0])
    assert str(err.value).startswith(
        "g.gcg: cannot be corrected: 1 fault(s) that are not numbers: line 4: 9D AX: X not on the "
        "rack ABEILRT; and line 5: >b: EILRT (challenge) +21 25: the rules give 5 for each word "
        "challenged")
    assert err.value.line == 4


def test_two_in_place_corrections_at_once_keep_the_original(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # The other process creates g.gcg.orig after this one has read g.gcg and before it writes:
    # this one must not overwrite it (before: it did, and the original was lost).
    import adjudicate.correction as module

    game = tmp_path / "g.gcg"
    wrong = FISE_OUT.replace("+68 142", "+66 140")
    game.write_text(wrong, encoding="utf-8")
    real = module.correct_gcg

    def racing(*args, **kwargs):  # type: ignore[no-untyped-def]
        (tmp_path / "g.gcg.orig").write_text("the other's original\n", encoding="utf-8")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "correct_gcg", racing)
    result = CliRunner().invoke(app, ["correct", str(game), "--in-place"])
    assert result.exit_code == 2 and "g.gcg.orig exists" in result.stderr
    assert (tmp_path / "g.gcg.orig").read_text(encoding="utf-8") == "the other's original\n"
    assert game.read_text(encoding="utf-8") == wrong
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.gcg", "g.gcg.orig"]


@pytest.mark.parametrize("in_place", [True, False])
def test_another_users_file_is_refused_with_nothing_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          in_place: bool):
    # Another user's file: its owner cannot be kept (as root chown always works, so it is made to
    # fail as it does for a user). Before: exit 3 (an escaped OutputError) and g.gcg.orig left.
    game = tmp_path / "g.gcg"
    wrong = FISE_OUT.replace("+68 142", "+66 140")
    game.write_text(wrong, encoding="utf-8")
    target = game if in_place else tmp_path / "theirs.gcg"
    target.write_text("theirs\n", encoding="utf-8") if not in_place else None
    try:
        os.chown(target, os.getuid() + 1, os.getgid() + 1)
    except PermissionError:
        pytest.skip("cannot give a file to another user here")

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "chown", refuse)
    args = ["correct", str(game), *(["--in-place"] if in_place else ["-o", str(target)])]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and "not replacing it" in result.stderr, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"g.gcg", target.name})
    assert game.read_text(encoding="utf-8") == wrong


def test_diff_with_an_output_is_a_usage_error(tmp_path: Path):
    game = tmp_path / "g.gcg"
    game.write_text(FISE_OUT.replace("+68 142", "+66 140"), encoding="utf-8")
    for extra in (["--in-place"], ["-o", str(tmp_path / "out.gcg")]):
        result = CliRunner().invoke(app, ["correct", str(game), "--diff", *extra])
        assert result.exit_code == 2 and "--diff" in result.stderr and result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.gcg"]


def test_in_place_on_a_right_record_writes_nothing(tmp_path: Path):
    game = tmp_path / "g.gcg"
    text = FISE_OUT.replace("D8 .INTERNA", "d8 .INTERNA")  # (right, but not canonical: left as it is)
    game.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["correct", str(game), "--in-place"])
    assert result.exit_code == 0 and "nothing to correct" in result.stderr
    assert game.read_text(encoding="utf-8") == text and not (tmp_path / "g.gcg.orig").exists()


@pytest.mark.parametrize("length", [242, 255])
def test_an_output_name_of_up_to_255_bytes_is_written(tmp_path: Path, length: int):
    game = tmp_path / "g.gcg"
    game.write_text(FISE_OUT, encoding="utf-8")
    out = tmp_path / ("é" * ((length - 4) // 2) + "x" * ((length - 4) % 2) + ".gcg")
    assert len(os.fsencode(out.name)) == length
    result = CliRunner().invoke(app, ["correct", str(game), "-o", str(out)])
    assert result.exit_code == 0, result.output  # (before: "File name too long", the temporary name)
    assert clean(out.read_text(encoding="utf-8"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["g.gcg", out.name])


# A German game with no umlaut, so that only --tiles can say German (German values: H 2, A 1, U 1,
# S 1; English: H 4): 8E HAUS, the A on the centre H8 (DW): (2 + 1 + 1 + 1) x 2 = 10 in German
# tiles, (4 + 1 + 1 + 1) x 2 = 14 in English. Recorded +14: corrected to +10.
HAUS = "#player1 anna Anna\n#player2 bob Bob\n>anna: AHUSXYZ 8E HAUS +14 14\n"
SUPER = (Path(__file__).parent / "data" / "boards" / "super.gcg").read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "options", "header"), [
    (HAUS, ["--tiles", "german"], ["#tile-distribution german"]),
    # tests/data/boards/super.gcg without its #tile-distribution: --tiles gives the tiles, and
    # with them the 21x21 board; --board super with English tiles, the board alone.
    (SUPER.replace("#tile-distribution english_super\n", "").replace("+66 66", "+60 60"),
     ["--tiles", "english_super"], ["#tile-distribution english_super"]),
    (SUPER.replace("#tile-distribution english_super\n", "").replace("+66 66", "+60 60"),
     ["--board", "super"], ["#board-layout super"]),
    # the standard board under Super Scrabble's tiles (English values: 8E HAUS 14, recorded 12):
    # its name written, as the tiles imply another
    (HAUS.replace("+14 14", "+12 12"), ["--tiles", "english_super", "--board", "standard"],
     ["#board-layout standard", "#tile-distribution english_super"]),
])
def test_a_corrected_record_says_the_tiles_and_board_it_was_corrected_with(tmp_path, cli, text, options, header):
    path = tmp_path / "game.gcg"
    path.write_text(text, encoding="utf-8")
    assert cli(["rescore", *options, str(path)]).exit_code == 1  # (a wrong score, under the options)
    result = cli(["correct", *options, str(path)])
    assert result.exit_code == 1, result.output  # (a change made)
    lines = result.stdout.splitlines()
    assert lines[1:1 + len(header)] == header
    path.write_text(result.stdout, encoding="utf-8")
    alone = cli(["rescore", str(path)])
    assert alone.exit_code == 0 and "no discrepancies" in alone.stdout, alone.stdout


def test_a_corrected_polish_record_says_polish_and_rescores_alone(corpus, tmp_path, cli):
    path = corpus / "gcg" / "macondo" / "polish_endgame.gcg"
    result = cli(["correct", str(path)])
    assert result.stdout.splitlines()[1] == "#tile-distribution polish"
    (tmp_path / "game.gcg").write_text(result.stdout, encoding="utf-8")
    assert cli(["rescore", str(tmp_path / "game.gcg")]).exit_code == 0


def test_the_library_correction_keeps_the_tiles_given():
    import adjudicate

    fixed = adjudicate.correct(adjudicate.read_game(HAUS.encode()), tiles="german")
    assert "#tile-distribution german" in fixed.text.splitlines()
    assert adjudicate.rescore(adjudicate.read_game(fixed.text.encode())).ok
