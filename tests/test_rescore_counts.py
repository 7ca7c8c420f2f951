"""What a line counts, and which line the cumulative chain blames (issue 25 §1, §2).

RULES.md, what a line counts: a line the rules do not give (reported "not due") counts nothing; a
line the rules give counts wherever the record puts it (the order of the end-of-game lines is a
writer's style). The cumulative chain: a line whose cumulative is the rules' total is never
reported; a scoreless line that repeats a wrong total is.

Hand-made records start from tests/data/games/fx_naspa_scoreless.gcg, whose arithmetic is in
tests/test_rescore.py; the real records are read from the corpus (skipped when it is absent).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from adjudicate.gcg import read_gcg
from adjudicate.kinds import Finding, Note
from adjudicate.recount import rescore_game
from adjudicate.rules import find_ruleset

GAMES = Path(__file__).parent / "data" / "games"


def rescore_text(text: str, **kwargs):  # type: ignore[no-untyped-def]
    return rescore_game(read_gcg(text.encode("utf-8"), name="t.gcg"), **kwargs)


def finals(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p.nick: p.computed_final for p in report.players}


def found(report) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    return [(d.line, str(d.kind)) for d in report.discrepancies]


# -- a line not due counts nothing ---------------------------------------------------------------


def test_a_minus_line_after_an_outplay_under_double_counts_nothing() -> None:
    """fx_fise_outplay.gcg under FISE with the double out-play (NASPA's, WESPA's): beto goes out at
    line 19 (600), ana holds EX (E 1 + X 8 = 9). The record is written the international way:
    beto's `(EX) +9`, ana's `EX (EX) -9`. The rules give beto 600 + 2 x 9 = 618 and ana nothing
    off: her minus line is not due and counts nothing, ana 596 (it took her to 587 before)."""
    text = (GAMES / "fx_fise_outplay.gcg").read_text("utf-8")
    double = dataclasses.replace(find_ruleset("fise"), outplay="double")
    report = rescore_text(text, ruleset=double)
    assert finals(report) == {"ana": 596, "beto": 618}
    assert (20, "unexpected_event") in found(report)  # ana's minus line: reported, not due
    assert report.winners == ["beto"]


def test_doug_v_emely_written_the_international_way(corpus: Path) -> None:
    """The issue's record: macondo/doug_v_emely.gcg ends `>emely:  (OPEG) +14 345` (emely went out
    at 331, doug held OPEG: O 1 + P 3 + E 1 + G 2 = 7, doubled 14). Written the international way,
    `(OPEG) +7 338` and `>doug: EGOP (EGOP) -7 444`: NASPA gives emely 331 + 14 = 345 and doug's
    minus line is not due: doug keeps 451 (not 444)."""
    path = corpus / "gcg" / "macondo" / "doug_v_emely.gcg"
    if not path.is_file():
        pytest.skip("corpus record absent")
    text = path.read_text("utf-8").replace(">emely:  (OPEG) +14 345", ">emely:  (OPEG) +7 338")
    assert "(OPEG) +7 338" in text
    report = rescore_text(text + ">doug: EGOP (EGOP) -7 444\n", ruleset=find_ruleset("naspa"))
    assert finals(report) == {"doug": 451, "emely": 345}
    assert report.winners == ["doug"]


# -- a time penalty counts wherever the record puts it ----------------------------------------


SCORELESS = (GAMES / "fx_naspa_scoreless.gcg").read_text("utf-8")
ALICE_RACK = ">alice: ?AEEOTT (?AEEOTT) -6 8\n"
TIME = ">alice:  (time) -40 -32\n#note overtime 03:20\n"


def test_time_penalty_with_the_rack_line_missing_counts() -> None:
    """The issue's NASPA game: six scoreless turns end it at line 12 (alice 14, bob 20); bob's rack
    line EIOQRRT -16 leaves him 4; alice's rack line (?AEEOTT: 0+1+1+1+1+1+1 = 6) is missing, and
    her time penalty (`overtime 03:20`: 4 started minutes x 10 = 40) comes where the record puts it,
    its cumulative counting it (14 - 40 = -26). The rules: alice 14 - 6 - 40 = -32, bob wins
    (before, the penalty counted nothing: alice 8, "winner alice")."""
    assert ALICE_RACK in SCORELESS and TIME in SCORELESS
    text = SCORELESS.replace(ALICE_RACK, "").replace(TIME, ">alice:  (time) -40 -26\n#note overtime 03:20\n")
    report = rescore_text(text)
    assert finals(report) == {"alice": -32, "bob": 4}
    assert report.winners == ["bob"]
    assert [d.kind for d in report.discrepancies] == [Finding.END_RACK]  # the missing line, only
    assert [i.kind for i in report.info] == [Note.LINE_ORDER]


def test_time_penalty_before_the_rack_line_counts() -> None:
    """The same game with alice's time line before her rack line: 14 - 40 = -26, then -6 = -32;
    the record's own arithmetic holds, so nothing is a finding; the order is information."""
    text = SCORELESS.replace(ALICE_RACK, "").replace(
        TIME, ">alice:  (time) -40 -26\n#note overtime 03:20\n>alice: ?AEEOTT (?AEEOTT) -6 -32\n")
    report = rescore_text(text)
    assert report.ok, [d.message for d in report.discrepancies]
    assert finals(report) == {"alice": -32, "bob": 4}
    assert report.winners == ["bob"]
    assert [(i.line, i.kind) for i in report.info] == [(15, Note.LINE_ORDER)]


# -- the cumulative chain blames the line that is wrong ----------------------------------------


HEAD = """#player1 alice Alice
#player2 bob Bob
>alice: AEHIRTT 8E HEAT +14 14
>bob: AEGSUVX I5 AXES +20 20
"""
# 8E HEAT: H4 E1 A1 T1 (H8 centre) = 7, x2 = 14. I5 AXES: A1 X8 E1x2 (I7 DL) S1 = 12, and HEATS
# (the hook at I8) H4 E1 A1 T1 S1 = 8: 20 (as tests/test_rescore.py works fx_naspa_scoreless.gcg).
# J4 TI down: T 1 + I 1 = 2 (J4, J5 plain squares), and the cross word AI (I5 A, J5 I) 1 + 1 = 2: 4.


def test_a_pass_that_repeats_a_wrong_total_is_blamed() -> None:
    """The 830-point club game's pattern: alice's pass at line 5 writes 24 for 14 (reported); her
    pass at line 7 repeats 24 (reported: it is wrong too); line 9 comes back to the right total,
    14 + 4 = 18 (never reported: it is the rules' total). Before, line 7 was not reported and
    line 9 was ("18 is not 24 +4 = 28")."""
    text = HEAD + """>alice: ?EIORTT - +0 24
>bob: GIQRTUV -GUV +0 20
>alice: ?EIORTT - +0 24
>bob: EIOQRTU - +0 20
>alice: ?EIORTT J4 TI +4 18
"""
    report = rescore_text(text)
    assert found(report) == [(5, "cumulative"), (7, "cumulative")]
    assert "repeats the wrong total of line 5" in report.discrepancies[1].message
    assert finals(report) == {"alice": 18, "bob": 20}


def test_a_pass_that_carries_a_wrong_total_on_is_not_blamed() -> None:
    """When the record goes on from its wrong total (line 9: 24 + 4 = 28), the passes between
    carried it: the one wrong line is line 5."""
    text = HEAD + """>alice: ?EIORTT - +0 24
>bob: GIQRTUV -GUV +0 20
>alice: ?EIORTT - +0 24
>bob: EIOQRTU - +0 20
>alice: ?EIORTT J4 TI +4 28
"""
    assert found(rescore_text(text)) == [(5, "cumulative")]


def test_the_rules_total_after_a_wrong_withdrawal_is_not_blamed() -> None:
    """The Macondo sample's pattern: alice's TI (+4, 18) is withdrawn with a wrong score, -2 to 16
    (reported: -4 is due); she plays TI again at line 8: 18 - 4 + 4 = 18, the rules' total, never
    reported (before: "18 is not 16 +4 = 20")."""
    text = HEAD + """>alice: ?EIORTT J4 TI +4 18
>alice: ?EIORTT -- -2 16
>bob: GIQRTUV -GUV +0 20
>alice: ?EIORTT J4 TI +4 18
"""
    report = rescore_text(text)
    assert found(report) == [(6, "score")]
    assert finals(report) == {"alice": 18, "bob": 20}


REAL = [
    ("J6 MUE +34 94", "the Macondo sample: line 21 is the rules' total (95 - 35 + 34)"),
]


@pytest.mark.parametrize("line, why", REAL)
def test_real_records_blame_the_wrong_line(corpus: Path, line: str, why: str) -> None:
    """The records the issue names, found in the corpus by their line (skipped when absent)."""
    games = [p for p in sorted((corpus / "gcg").rglob("*.gcg")) if line in p.read_bytes().decode("latin-1")]
    if not games:
        pytest.skip(f"no corpus record with {line!r}")
    report = rescore_game(read_gcg(games[0].read_bytes(), name=games[0].name))
    number = next(i for i, text in enumerate(games[0].read_bytes().decode("latin-1").splitlines(), 1)
                  if line in text)
    assert number not in [d.line for d in report.discrepancies], why


def test_one_home_for_what_an_unchecked_line_counts() -> None:
    """Issue 27, one home per rule: end-rack lines and moves ask the one `Ledger.not_due`."""
    from adjudicate.endlines import EndLines
    from adjudicate.ledger import Ledger
    from adjudicate.recount import _Moves, _Rescore

    assert "not_due" in vars(Ledger)
    assert not hasattr(EndLines, "undue")
    for walk in (_Rescore, _Moves):
        assert not hasattr(walk, "as_recorded") and not hasattr(walk, "after_end")


def test_the_cumulative_check_has_one_home() -> None:
    """Issue 27: a play's cumulative is checked by `Ledger.account` alone (no copy inline in
    `_Moves.play` reading the record's totals)."""
    import inspect

    from adjudicate.recount import _Moves

    assert "bases" not in inspect.getsource(_Moves.play)


EDITED = """#player1 alice Alice
#player2 bob Bob
>alice: AEHIRTT 8E HEAX +28 28
>bob: AEGSUVZ I8 S +8 8
"""
# 8E HEAX: H4 E1 A1 X8 (H8 centre) = 14, x2 = 28: the X is not on alice's rack (an edited word;
# HEAT, 14, is what she held). I8 S hooks it: HEAXS 4 + 1 + 1 + 8 + 1 = 15 (I8 is a plain
# square); the record's +8 is HEATS's (4 + 1 + 1 + 1 + 1).


def test_a_score_through_an_edited_word_follows_from_it() -> None:
    report = rescore_text(EDITED)
    assert found(report) == [(3, "illegal_play"), (4, "score")]
    assert report.discrepancies[1].message.endswith("computed +15 (follows from line 3)")
    # the unedited record: HEAT 14, HEATS 8, nothing to report
    clean = rescore_text(EDITED.replace("8E HEAX +28 28", "8E HEAT +14 14"))
    assert found(clean) == []


def test_a_score_through_a_play_put_down_as_written_follows_from_it() -> None:
    # Line 4: AGO down A1 touches no tile (an illegal play); its tiles go down as written. Line 5:
    # SLOT down B1 (L on B2, a DW): (1 + 1 + 1 + 1) x 2 = 8, and across with AGO's tiles AS 1 + 1
    # = 2, GL (2 + 1) x 2 = 6, OO 1 + 1 = 2: 18 against the record's 8, a difference that only
    # follows from line 4.
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +32 32\n"
                      b">b: AEGLNOS A1 AGO +10 10\n>a: LNOSTUU B1 SLOT +8 40\n")
    report = rescore_game(record, find_ruleset("naspa"))
    score = [d for d in report.discrepancies if d.kind is Finding.SCORE]
    assert [(d.line, d.recorded, d.computed) for d in score] == [(5, 8, 18)]
    assert score[0].message.endswith("(follows from line 4)")


# After a play the board lacks, a score that follows from an earlier line says both reasons in one
# parenthesis, or only the board's when the earlier line is that play or later (issue 25).
AFTER_UNPLACED = """#player1 a A
#player2 b B
>a: DINNVWY 8D WINDY +32 32
>b: AEGLNOS I4 AGO. +10 10
>a: EINNSVW J6 E.S +6 38
>b: EELNSTT 8J .T +5 15
"""
# Line 4: I4 AGO. plays through I7, which is empty: no play (reported); A G O go down where
# written (I4, I5, I6) and from here the board lacks the play at line 4. Line 5: J6 E.S plays
# through J7, empty too: not reported, E and S go down where written (J6, J8). Line 6: 8J .T,
# through line 5's S: S 1 + T 1 = 2 (J8, K8 plain squares, no cross word), recorded 5. Line 5 was
# put down on a board that already lacked line 4's play: the board's reason alone is said.


def test_a_score_after_a_play_the_board_lacks_gives_its_reasons_in_one_parenthesis() -> None:
    report = rescore_game(read_gcg(AFTER_UNPLACED.encode(), name="t.gcg"), find_ruleset("naspa"))
    assert found(report) == [(4, "illegal_play")]
    unchecked = [i.message for i in report.info if i.kind is Note.UNCHECKED]
    # (before: "computed +2 (follows from line 5) (not checked: the board lacks the play at line 4)")
    assert unchecked == ["line 6: 8J .T: recorded +5, computed +2 (not checked: the board lacks "
                         "the play at line 4)"]
    # Through line 4's own G (I5): 5H T. is T 1 + G 2 = 3 (H5, I5 plain squares), recorded 5.
    through_four = AFTER_UNPLACED.replace("8J .T +5 15", "5H T. +5 15")
    report = rescore_game(read_gcg(through_four.encode(), name="t.gcg"), find_ruleset("naspa"))
    assert [i.message for i in report.info if i.kind is Note.UNCHECKED] == [
        "line 6: 5H T.: recorded +5, computed +3 (not checked: the board lacks the play at line 4)"]
    # An edited word before the play the board lacks (EDITED's line 3, HEAX, the X not on the
    # rack), hooked after it (I8 S, 15, recorded 8): both reasons, one parenthesis.
    edited = EDITED.replace(">bob:", ">bob: AEGLNOS K4 AGO. +10 10\n>alice:", 1).replace(
        "AEGSUVZ I8 S +8 8", "AEGSUVZ I8 S +8 36")
    report = rescore_text(edited, ruleset=find_ruleset("naspa"))
    assert found(report) == [(3, "illegal_play"), (4, "illegal_play")]
    assert [i.message for i in report.info if i.kind is Note.UNCHECKED] == [
        "line 5: I8 S: recorded +8, computed +15 (follows from line 3; not checked: the board lacks "
        "the play at line 4)"]


# A message with its own closing aside takes the reasons into it: one parenthesis, never two in a
# row ("places no new tile (every square is already covered) (not checked: ...)" before).
# Line 4: I4 AGO. plays through I7, which is empty: no play, the board lacks it from here on.
# Line 5: 8D WINDY again: every one of its squares holds line 3's tiles (read as played through),
# so it places no new tile. Line 6: EELNSZZ: the English set has one Z, and nothing is on the
# board but WINDY and line 4's AGO: a Z too many.
COVERED = """#player1 a A
#player2 b B
>a: DINNVWY 8D WINDY +32 32
>b: AEGLNOS I4 AGO. +10 10
>a: EINNSVW 8D WINDY +32 64
>b: EELNSZZ - +0 10
"""


def test_a_message_ending_in_its_own_aside_takes_the_reasons_into_it() -> None:
    report = rescore_text(COVERED, ruleset=find_ruleset("naspa"))
    # (before: "... (. on an empty square) (later plays are checked on the board without it)")
    assert [d.message for d in report.discrepancies] == [
        "line 4: I4 AGO.: no tile to play through at I7 (. on an empty square; later plays are "
        "checked on the board without it)"]
    assert [i.message for i in report.info if i.kind is Note.UNCHECKED] == [
        "line 5: 8D WINDY: places no new tile (every square is already covered; not checked: the "
        "board lacks the play at line 4)",
        "line 6: rack EELNSZZ holds Z, which is not left in the bag (counting the tiles on the "
        "board; not checked: the board lacks the play at line 4)"]
    # A message with no aside of its own still gets a parenthesis of its own.
    plain = COVERED.replace("I4 AGO.", "8M GOALS")  # (M to Q: off the board)
    report = rescore_text(plain, ruleset=find_ruleset("naspa"))
    assert report.discrepancies[0].message == (
        "line 4: 8M GOALS: 5 squares from M8 run off the right-hand edge of the board (later plays "
        "are checked on the board without it)")


def test_no_finding_in_the_corpus_says_two_parentheses_in_a_row(corpus: Path) -> None:
    """The real record the defect was found in (magpie-data's game_events_overflow: lines 19-26)."""
    path = corpus / "gcg" / "magpie-data" / "game_events_overflow.gcg"
    if not path.exists():
        pytest.skip("corpus record absent")
    report = rescore_game(read_gcg(path.read_bytes(), name=path.name))
    messages = [d.message for d in report.discrepancies] + [i.message for i in report.info]
    assert "line 21: C9 GURU: places no new tile (every square is already covered; not checked: the board " \
           "lacks the play at line 19)" in messages
    assert [m for m in messages if ") (" in m] == []
