"""`adjudicate show`: the position around one event and the play's score worked out.

The breakdown is held to the scorer on every play of the clean corpus games; the text to "no
colour unless asked" (NO_COLOR, --no-color, not a terminal) and, without colour, to premium squares
that no tile label can be taken for, and to tiles a withdrawal takes back marked apart from tiles
put down; nothing lost: the game read is never written over, -o is written atomically. The
pictures (SVG, HTML): tests/test_picture.py.
"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import adjudicate.cli
from adjudicate import atomicfile
from adjudicate.cli.show import use_color
from adjudicate.gcg import read_gcg
from adjudicate.notation import square_name
from adjudicate.recount import choose_ruleset
from adjudicate.show import (
    ShowError,
    find_event,
    format_explanation,
    legend,
    render_text,
    show_event,
)
from adjudicate.tiles import BLANK_BIT, format_word

GAMES = Path(__file__).parent / "data" / "games"
CATALAN = GAMES / "fx_catalan_outplay.gcg"
SPANISH = GAMES / "fx_fise_outplay.gcg"
TABLE = Path(__file__).parent / "data" / "corpus_expected.tsv"
ANSI = re.compile(r"\x1b\[")


def shown_at(path: Path, line: int | None = None, turn: int | None = None):
    record = read_gcg(path.read_bytes(), name=path.name)
    return show_event(record, find_event(record, line=line, turn=turn))


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(adjudicate.cli.app, ["show", *args], env=env)


# -- the score worked out ------------------------------------------------------------------------


def test_breakdown_total_equals_the_scorer_on_every_play_of_the_clean_corpus(corpus):
    clean = [row.split("\t")[0] for row in TABLE.read_text(encoding="utf-8").splitlines()
             if row and not row.startswith("#") and row.split("\t")[1] == "clean"]
    plays = 0
    for name in clean:
        record = read_gcg((corpus / "gcg" / name).read_bytes(), name=name)
        ruleset, reason = choose_ruleset(record)
        for event in record.events:
            if event.kind != "play":
                continue
            shown = show_event(record, event, ruleset, reason=reason)
            exp = shown.explanation
            assert exp is not None, (name, event.line)
            # the numbers shown add up, and to the replay's total
            for word in exp.words:
                faces = [shown.alphabet.score(t) for t in word.tiles]
                assert word.letters == sum(f * p for f, p in zip(faces, word.letter_premiums))
                assert word.score == word.letters * word.word_multiplier
            assert exp.total == sum(w.score for w in exp.words) + exp.bingo
            assert exp.total == shown.computed_score, (
                name, event.line, format_explanation(exp, shown.alphabet))
            assert exp.differs_by in (0, None), (name, event.line)  # clean games agree
            assert len(exp.words[0].new) <= exp.tiles_placed
            plays += 1
    assert plays > 1000


def test_catalan_bingo_worked_out():
    # CAMISES on row 8 (B8-H8), then VEGADES from I8 to O8: the whole row B8-O8 is one word.
    # C2 A1 M2 I1 S1 E1 S1 (on the board) + V4 E1 G3 A1 x DL (L8) D2 E1 S1 (O8 is TW) = 23, x3 = 69
    shown = shown_at(CATALAN, line=14)
    exp, ca = shown.explanation, shown.alphabet
    assert [format_word(w.tiles, ca) for w in exp.words] == ["CAMISESVEGADES"]
    word = exp.words[0]
    assert (word.letters, word.word_multiplier, word.score) == (23, 3, 69)
    assert format_word([word.tiles[i] for i in word.new], ca) == "VEGADES"
    assert [(format_word([t], ca), square_name(sq)) for t, sq, p in
            zip(word.tiles, word.squares, word.letter_premiums) if p > 1] == [("A", "L8")]
    assert (exp.bingo, exp.total, exp.recorded) == (50, 119, 119)
    assert format_explanation(exp, ca).splitlines()[-2:] == [
        "bingo (7 tiles) +50", "total 119; recorded 119: agrees"]
    assert [square_name(sq) for sq in shown.marked] == [f"{c}8" for c in "IJKLMNO"]
    assert shown.turn == 9 and shown.nick == "núria" and shown.rack == "VEGADES"


def test_digraph_on_a_premium_and_a_wrong_record():
    # jordi's CEL·LULARS, with the record's score off by 2: L·L 10 on the TL at B10.
    text = CATALAN.read_text(encoding="utf-8").replace("+126 126", "+124 124")
    record = read_gcg(text.encode(), name="bad.gcg")
    shown = show_event(record, find_event(record, line=7))
    out = format_explanation(shown.explanation, shown.alphabet)
    assert "L·L 10 x TL = 30" in out
    assert out.splitlines()[-1] == "total 126; recorded 124: differs by 2"
    assert shown.discrepancies == ["line 7: B8 .EL·LULARS: recorded +124, computed +126"]
    assert "computed 126" in render_text(shown)


def test_blank_scores_nothing_and_is_lowercase():
    shown = shown_at(SPANISH, line=11)  # CA[rr]ETER down from E1
    blanks = [(format_word([t], shown.alphabet), value) for w in shown.explanation.words
              for t, value in zip(w.tiles, w.letter_values) if t & BLANK_BIT]
    assert blanks == [("[rr]", 0)]
    assert "[rr] 0" in format_explanation(shown.explanation, shown.alphabet)


def test_cross_words_and_played_through_tiles_in_brackets():
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n"
                      b">b: EEIOQRU 7C QUEER +40 40\n")
    shown = show_event(record, find_event(record))
    lines = format_explanation(shown.explanation, shown.alphabet).splitlines()
    assert lines[0] == "QUEER: Q 10 x DL = 20 + U 1 + E 1 + E 1 + R 1 x DL = 2 = 25"
    assert lines[1:5] == ["UW: U 1 + (W) 4 = 5", "EI: E 1 + (I) 1 = 2", "EN: E 1 + (N) 1 = 2",
                          "RD: R 1 x DL = 2 + (D) 2 = 4"]
    assert lines[-1] == "total 38; recorded 40: differs by 2"


def test_several_word_premiums_are_named():
    # 15 tiles across row 8 (not from one rack: reported, and scored all the same): TW A8,
    # DW H8 (the centre), TW O8 -> x18; DL on D8 and L8.
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8A ABCDEFGHIJKLMNO +0 0\n")
    shown = show_event(record, record.events[0])
    word = shown.explanation.words[0]
    assert word.word_multiplier == 18 and word.word_premiums == (3, 2, 3)
    text = format_explanation(shown.explanation, shown.alphabet)
    assert "D 2 x DL = 4" in text and f"word x18 (TW x DW x TW) = {word.letters * 18}" in text
    assert shown.discrepancies  # the rack, and the score


def test_withdrawn_phony_marks_the_tiles_taken_back():
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n"
                      b">a: DINNVWY -- -32 0\n>b: EEIOQRU 8D QUEER +36 36\n")
    shown = show_event(record, find_event(record, line=4))
    assert shown.marked_on_before and shown.board is shown.before
    assert [square_name(sq) for sq in shown.marked] == ["D8", "E8", "F8", "G8", "H8"]
    assert shown.explanation.total == 32
    assert shown.after.count == 0
    assert "the tiles taken back" in render_text(shown)


def test_end_of_game_lines_add_up_the_tiles():
    shown = shown_at(SPANISH, line=19)  # beto: (EX) +9
    assert shown.rack_values == [("E", 1), ("X", 8)]
    assert "tiles: E 1 + X 8 = 9" in render_text(shown)


# -- choosing the event ----------------------------------------------------------------------------


def test_default_turn_and_line():
    record = read_gcg(CATALAN.read_bytes(), name="ca")
    assert find_event(record).line == 18  # the last play, not the end-of-game lines after it
    assert find_event(record, turn=1).line == 6
    assert find_event(record, turn=13).line == 18
    assert find_event(record, line=20).kind == "end_rack_points"
    assert find_event(record, line=21).kind == "end_rack_penalty"
    with pytest.raises(ShowError, match="line 3 is not a move: it is a #player1 line"):
        find_event(record, line=3)
    with pytest.raises(ShowError, match="no turn 14: the record has 13 turns"):
        find_event(record, turn=14)
    with pytest.raises(ShowError, match="not both"):
        find_event(record, turn=1, line=6)


def test_cli_errors_exit_2(tmp_path):
    for args, message in [
        ((str(CATALAN), "--line", "3"), "#player1"),
        ((str(CATALAN), "--line", "99"), "line 99 is not a move"),
        ((str(CATALAN), "--turn", "0"), "no turn 0"),
        ((str(CATALAN), "--turn", "1", "--line", "6"), "not both"),
        ((str(tmp_path / "missing.gcg"),), "missing.gcg"),
        ((str(CATALAN), "--rules", "nope"), "nope"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
    empty = tmp_path / "empty.gcg"
    empty.write_bytes(b"")
    assert run(str(empty)).exit_code == 2


def test_cli_stdin_and_output_file(tmp_path):
    result = CliRunner().invoke(adjudicate.cli.app, ["show", "-", "--turn", "1"],
                                input=CATALAN.read_bytes())
    assert result.exit_code == 0, result.output
    assert "<stdin>, line 6, turn 1: anna (Anna Puig) plays 8B CAMISES, +72" in result.output
    out = tmp_path / "board.svg"
    result = run(str(CATALAN), "-f", "svg", "-o", str(out))
    assert result.exit_code == 0
    ET.fromstring(out.read_text(encoding="utf-8"))


# -- colour ----------------------------------------------------------------------------------------


class _Tty:
    def isatty(self) -> bool:
        return True


def test_text_without_colour_has_no_escapes():
    shown = shown_at(SPANISH)
    plain = render_text(shown)
    assert not ANSI.search(plain)
    coloured = render_text(shown, color=True)
    assert ANSI.search(coloured)
    stripped = re.sub(r"\x1b\[[0-9;]*m", "", coloured)
    # colour only adds, but for the mark of the premiums (their colour tells them from tiles)
    layout, alphabet = shown.before.layout, shown.alphabet
    unmarked = re.sub(r"\+(TW|DW|TL|DL)\b", r" \1",
                      plain.replace(legend(layout, alphabet), legend(layout, alphabet, color=True)))
    assert [x.rstrip() for x in stripped.splitlines()] == unmarked.splitlines()
    result = run(str(SPANISH))  # CliRunner's stdout is not a terminal
    assert result.exit_code == 0 and not ANSI.search(result.output)
    # readable without colour: premiums named, the new tiles starred, a blank lowercase
    assert "+TW " in plain and "  I*" in plain and "rr" in plain


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    assert use_color(False, None, _Tty())
    assert not use_color(True, None, _Tty())  # --no-color
    assert not use_color(False, "out.txt", _Tty())  # a file
    assert not use_color(False, None, object())  # not a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(False, None, _Tty())
    monkeypatch.setenv("NO_COLOR", "")  # an empty NO_COLOR does not count (no-color.org)
    assert use_color(False, None, _Tty())
    result = run(str(SPANISH), "--no-color", env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and not ANSI.search(result.output)


def board_cells(text: str, title: str) -> dict[str, str]:
    """The squares of the text board under ``title`` (``Before line``, ``After line``): each 4
    characters, a space between, after the row's number."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title)) + 2
    cells = {}
    for r, row in enumerate(lines[start:start + 15]):
        assert row.startswith(f"{r + 1:>2} "), row
        row = row.ljust(3 + 5 * 15)
        for c in range(15):
            cells[square_name(r * 15 + c)] = row[3 + 5 * c: 3 + 5 * c + 4].strip()
    return cells


@pytest.mark.parametrize(("path", "known"), [
    # fx_fise_outplay.gcg's last play: LL on C1 beside the DL on D1, CH on J1, RR on N5, a blank rr
    (SPANISH, {"C1": "LL", "D1": "+DL", "J1": "CH", "N5": "RR", "E3": "rr", "H1": "+TW", "F2": "+TL"}),
    # fx_catalan_outplay.gcg's: L·L on B10 (a TL), QU on C4, NY on D13 beside the DW on C13
    (CATALAN, {"B10": "L·L", "C4": "QU", "D13": "NY", "C13": "+DW", "N14": "+DW", "K13": "n*"}),
], ids=["spanish", "catalan"])
def test_without_colour_a_premium_square_is_never_read_as_a_tile(path, known):
    """Without colour the squares said DL and the tiles LL alike: a premium is marked (+DL), a
    tile never is, on every square of both boards."""
    shown = shown_at(path)
    text = render_text(shown)
    after = board_cells(text, "After line")
    assert {sq: after[sq] for sq in known} == known
    for title, grid in (("Before line", shown.before), ("After line", shown.after)):
        for sq, cell in enumerate(board_cells(text, title).values()):
            premium = grid.layout.premium_name(sq)
            if grid.grid[sq]:
                assert cell and not cell.startswith("+"), (title, square_name(sq), cell)
            else:
                assert cell == (f"+{premium}" if premium else "."), (title, square_name(sq), cell)
    assert "+TW +DW +TL +DL: premium squares" in text
    # with colour the squares keep their names unmarked: the colour tells them apart
    coloured = re.sub(r"\x1b\[[0-9;]*m", "", render_text(shown, color=True))
    assert board_cells(coloured, "After line")["D1" if path == SPANISH else "C13"] in ("DL", "DW")


WITHDRAWAL = (b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n>a: DINNVWY -- -32 0\n"
              b">b: EEIOQRU 8D QUEER +36 36\n")
WINDY = ["D8", "E8", "F8", "G8", "H8"]


def test_withdrawn_tiles_are_marked_apart_from_placed_ones():
    record = read_gcg(WITHDRAWAL)
    withdrawn = show_event(record, find_event(record, line=4))
    placed = show_event(record, find_event(record, line=3))
    # text: placed W*, taken back W- (and struck through in colour)
    text = render_text(withdrawn)
    assert "Before line 4 (-: the tiles taken back)" in text
    assert [board_cells(text, "Before line")[sq] for sq in WINDY] == ["W-", "I-", "N-", "D-", "Y-"]
    assert [board_cells(render_text(placed), "After line")[sq] for sq in WINDY] == [
        "W*", "I*", "N*", "D*", "Y*"]
    assert render_text(withdrawn, color=True).count("\x1b[9;") == 5  # SGR 9: crossed out
    assert "\x1b[9;" not in render_text(placed, color=True)


# -- the link from rescore -------------------------------------------------------------------------


def test_rescore_table_links_each_play_discrepancy_to_show(tmp_path):
    bad = tmp_path / "bad.gcg"
    # (line 10's 206 is the rules' total, 126 + 80, never reported: written 205, it is wrong by
    # the record's own 124 + 80 = 204 and by the rules')
    bad.write_text(CATALAN.read_text(encoding="utf-8").replace("+126 126", "+124 124")
                   .replace("+80 206", "+80 205"), encoding="utf-8")
    result = CliRunner().invoke(adjudicate.cli.app, ["rescore", str(bad), "--rules", "catalan"])
    assert result.exit_code == 1
    rows = [row for row in result.output.splitlines() if "recorded +124" in row or "cumulative 205" in row]
    assert [row.split()[0] for row in rows] == ["7", "10"]
    # (below the table, a command a line; one too long for a line on three, as a shell reads them)
    explained = result.stdout.split("\nexplained by:\n", 1)[1].replace(" \\\n    ", " ")
    assert explained.splitlines()[:2] == [
        f"  adjudicate show {bad} --line 7 --rules catalan", f"  adjudicate show {bad} --line 10 --rules catalan"]
    shown = run(str(bad), "--line", "7", "--rules", "catalan")
    assert shown.exit_code == 0
    assert "total 126; recorded 124: differs by 2" in shown.output
    clean = CliRunner().invoke(adjudicate.cli.app, ["rescore", str(CATALAN)])
    assert "adjudicate show" not in clean.output  # nothing to explain


def test_a_move_after_the_end_is_shown_as_such_and_its_score_as_nothing(corpus: Path, tmp_path: Path) -> None:
    """HastyBot's I on line 45 comes after RightBehindYou went out on line 44: not replayed, +0.
    With line 43 written one square off (it cannot be placed), the end is a guess and the recorded
    +5 is kept; the text says which."""
    path = corpus / "gcg" / "magpie-data" / "move_event_after_game_end.gcg"
    text = render_text(shown_at(path, line=45))
    assert "the play comes after the end of the game: not replayed, it counts nothing" in text
    assert "score +0; recorded +5: differs by 5" in text
    assert "could not be put on the board" not in text
    guessed = tmp_path / "guessed.gcg"
    guessed.write_bytes(path.read_bytes().replace(b">HastyBot: EIU 13M .EU +10 516", b">HastyBot: EIU 13L JEU +10 516"))
    text = render_text(shown_at(guessed, line=45))
    assert "after the end of the game: not replayed, its recorded score kept" in text
    assert "score +5; recorded +5: agrees" in text


def test_the_going_out_play_s_totals_are_before_the_out_play_line():
    """fx_fise_outplay.gcg: beto goes out at line 18 (.IGLECGH +88, 600); his +9 comes at line 19.
    `show --line 18` said 609: the replay cut short at line 18 counted the out-play lines it lacks
    as missing, as if the game's record ended there."""
    from adjudicate.recount import replay_until

    record = read_gcg((GAMES / "fx_fise_outplay.gcg").read_bytes())
    ruleset, _ = choose_ruleset(record)
    point = replay_until(record, ruleset, 18)
    assert point.computed_after == [596, 600]
    assert not [d for d in point.report.discrepancies]
    out_play = replay_until(record, ruleset, 19)
    assert out_play.computed_before == [596, 600] and out_play.computed_after == [596, 609]


def test_a_play_that_could_not_be_placed_is_not_said_to_agree(tmp_path):
    """Its score is the record's own, counted unchecked: "recorded +5: agrees" said otherwise."""
    game = tmp_path / "off.gcg"
    game.write_text("#player1 a Alice\n#player2 b Bob\n>a: EHMOIII 8E HOME +18 18\n"
                    ">b: ABIIIII 7O AB +5 5\n", encoding="utf-8")
    text = render_text(shown_at(game, line=4))
    assert "the play could not be put on the board" in text
    assert "counted as recorded, +5: not checked" in text
    assert "agrees" not in text


def test_the_ruleset_line_reads_as_rescores_header_does() -> None:
    """One reason, written by the library (rules.ruleset_text) for rescore's header, JSON and show."""
    text = render_text(shown_at(SPANISH)).splitlines()
    assert " ".join(line.strip() for line in text[1:3]) == (  # (wrapped at 100 columns)
        "ruleset fise, from the record's #lexicon FILE2017; spelling: bracketed digraphs ([LL]AMARAD at line 10)")
    result = run(str(SPANISH), "--rules", "fise", "--set", "exchange_min_bag=1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].startswith(
        "ruleset fise, from --rules fise (the record's #lexicon: FILE2017), with exchange_min_bag=1;")


# -- nothing lost: show writes over none of its inputs, and -o atomically --------------------------


def test_show_does_not_write_over_the_game_it_reads(tmp_path: Path, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    game = tmp_path / "game.gcg"
    shutil.copyfile(SPANISH, game)
    before = game.read_bytes()
    alias = tmp_path / "alias.gcg"
    alias.symlink_to(game)
    for output in (game, alias):
        result = cli(["show", str(game), "--format", "svg", "-o", str(output)])
        assert result.exit_code == 2
        assert "is the game record being read; not writing over it" in error_line(result)
    assert game.read_bytes() == before


def test_show_output_is_written_atomically(tmp_path: Path, monkeypatch, cli, error_line, leftovers) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "turn.svg"
    out.write_bytes(b"the previous picture")

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomicfile.os, "replace", boom)
    result = cli(["show", str(SPANISH), "--format", "svg", "-o", str(out)])
    assert result.exit_code == 2 and "Input/output error" in error_line(result)
    assert out.read_bytes() == b"the previous picture"
    assert leftovers(tmp_path) == []
    monkeypatch.undo()
    assert cli(["show", str(SPANISH), "--format", "svg", "-o", str(out)]).exit_code == 0
    assert out.read_bytes().startswith(b"<svg") or b"<svg" in out.read_bytes()[:200]


# -- a play that could not be placed, shown as rescore holds it (issue 25, item 5) --------------------


def _boards(text: str) -> tuple[str, str]:
    """The board before and the board after of a shown line's text."""
    before = text.split("\nBefore line", 1)[1].split("\nAfter line", 1)[0]
    return before, text.split("\nAfter line", 1)[1].split("\n+TW", 1)[0]


def _row(board: str, row: int) -> str:
    return next(line for line in board.splitlines() if line.startswith(f"{row:>2} "))


def test_an_unplaced_play_is_drawn_as_not_placed_and_says_what_rescore_says(unplaced_catalan):
    record = read_gcg(unplaced_catalan, name="unplaced.gcg")
    text = render_text(show_event(record, find_event(record, line=6)))
    before, after = _boards(text)
    assert "A" not in _row(before, 4) and "NY" not in _row(before, 5)
    # H4 and H5: the A and the NY drawn with ~ (not placed), never * (placed)
    assert _row(after, 4).split()[8] == "A~" and _row(after, 5).split()[8] == "NY~"
    assert "*" not in after and "(*: the tiles placed)" not in text
    assert ("~: a tile of a play that could not be placed (line 6), drawn where the record writes "
            "it: not placed") in text.splitlines()
    assert ("the play could not be put on the board (see the discrepancy below); its tiles are "
            "drawn where the record writes them (~), not placed") in text.splitlines()
    assert "discrepancy: line 6: H4 ANY.: no tile to play through at H6" in text


def test_the_next_line_shows_the_unplaced_tiles_and_no_missing_discrepancy(unplaced_catalan):
    record = read_gcg(unplaced_catalan, name="unplaced.gcg")
    text = render_text(show_event(record, find_event(record, line=7)))
    before, after = _boards(text)
    assert _row(before, 4).split()[8] == "A~" and _row(before, 5).split()[8] == "NY~"
    assert _row(after, 6).split()[7:10] == ["E~", ".", "S~"]  # G6, H6 (empty), I6
    assert "discrepancy" not in text  # rescore reports line 6, not this one
    assert ("the play could not be put on the board, which lacks the play at line 6: it follows "
            "from that line, where rescore reports it; its tiles are drawn where the record writes "
            "them (~), not placed") in text.splitlines()
    assert "(lines 6, 7)" in text
    # A play that could be placed after them: rescore's information on its line, said as it says it.
    later = render_text(show_event(record, find_event(record, line=8)))
    assert _row(_boards(later)[0], 4).split()[8] == "A~"
    assert ("info: line 8: 9G DU: recorded +5, computed +13 (not checked: the board lacks the play "
            "at line 6)") in later.splitlines()
