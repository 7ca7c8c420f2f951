"""The FISE and MàTaM rules a record can show (issue 17), each on a hand-made record.

Scores are those of the fixtures, worked out in tests/test_rescore.py (fx_fise_time.gcg,
fx_catalan_outplay.gcg) or below. The rules: RULES.md (decisions and §2-§3) and the sources that
``adjudicate rules`` prints.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicate.cli import app
from adjudicate.gcg import read_gcg
from adjudicate.rescore import rescore_game
from adjudicate.rules import CATALAN, FISE

GAMES = Path(__file__).parent / "data" / "games"


def text_of(name: str) -> str:
    return (GAMES / name).read_text(encoding="utf-8")


def rescore_text(text: str, ruleset=None):  # type: ignore[no-untyped-def]
    return rescore_game(read_gcg(text.encode()), ruleset)


def found(report) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    return [(d.line, d.kind) for d in report.discrepancies]


def finals(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p.nick: p.computed_final for p in report.players}


# -- FISE, total time runs out (art. 18 and 40): the player owed a turn plays it ------------------
# fx_fise_time.gcg: ana 74, beto 116, ana 68 (142), beto 73 (189), then the note.
FISE_TIME = text_of("fx_fise_time.gcg")
CALLED_AFTER_ANA = FISE_TIME.replace("#note game time expired\n", "").replace(
    ">ana: INTERNA D8 .INTERNA +68 142\n", ">ana: INTERNA D8 .INTERNA +68 142\n#note game time expired\n")


def test_fise_time_called_with_turns_equal_ends_the_game_there():
    report = rescore_text(FISE_TIME)
    assert report.ending == "time" and found(report) == []


def test_fise_the_equalising_turn_counts():
    # Time runs out after ana's second turn (2 against 1): beto's second turn is owed and counts
    # (+73: 189, the winner), then the game ends with no rack adjustment.
    report = rescore_text(CALLED_AFTER_ANA)
    assert found(report) == [] and report.ending == "time"
    assert finals(report) == {"ana": 142, "beto": 189} and report.winners == ["beto"]


def test_fise_a_record_that_stops_with_turns_unequal_is_a_finding():
    text = CALLED_AFTER_ANA.replace(">beto: ANZANOS F8 .ANZANOS +73 189\n", "")
    report = rescore_text(text)
    assert found(report) == [(7, "ending")]
    assert "beto to play" in report.discrepancies[0].message
    assert report.ending is None


def test_fise_a_turn_beyond_the_equalising_one_is_after_the_end():
    text = CALLED_AFTER_ANA + ">ana: BRINOSO H8 .BRINOSO +0 142\n"
    report = rescore_text(text)
    assert [(line, kind) for line, kind in found(report)] == [(10, "unexpected_event")]
    assert "after the end of the game (ended at line 9)" in report.discrepancies[0].message


# -- MàTaM, one-hour round limit (art. 31): the round is completed and one more played -------------
# fx_catalan_outplay.gcg, three players: time called after jordi's ORTIDES (line 10, turn 5:
# round 2 under way). The rules give núria's turn (line 11) and one more round (lines 12-14);
# the game ends at line 14 with no rack adjustment: anna 230, jordi 279, núria 293.
CA_OUT = text_of("fx_catalan_outplay.gcg")
ROUND_CALLED = CA_OUT.replace(">jordi: ORTIDES H8 .ORTIDES +80 206\n",
                              ">jordi: ORTIDES H8 .ORTIDES +80 206\n#note round time limit reached\n")


def lines_up_to(text: str, last: int) -> str:
    return "\n".join(text.splitlines()[:last]) + "\n"


def test_matam_round_limit_stopped_right():
    report = rescore_text(lines_up_to(ROUND_CALLED, 15))  # (the note is line 11 now)
    assert found(report) == [] and report.ending == "time"
    assert finals(report) == {"anna": 230, "jordi": 279, "núria": 293}


def test_matam_round_limit_stopped_short():
    report = rescore_text(lines_up_to(ROUND_CALLED, 14))
    assert found(report) == [(14, "ending")]
    assert "1 turn short (núria to play)" in report.discrepancies[0].message


def test_matam_round_limit_a_turn_too_many():
    report = rescore_text(lines_up_to(ROUND_CALLED, 16))
    assert found(report) == [(16, "unexpected_event")]


# -- MàTaM, two-minute turns (art. 30): no points penalty -----------------------------------------
def test_matam_time_penalty_line_is_a_finding_and_counts_nothing():
    text = CA_OUT + ">jordi:  (time) -10 340\n"
    report = rescore_text(text)
    assert found(report) == [(23, "time_penalty")]
    assert "catalan has no chess clock and no time penalty" in report.discrepancies[0].message
    assert finals(report)["jordi"] == 350


def test_matam_clock_refuses_with_the_rule():
    result = CliRunner().invoke(app, ["clock", "--rules", "catalan", "A=300@-01:00", "B=250@+00:30",
                                      "C=200@+01:00"])
    assert result.exit_code == 2
    assert "each turn has 2 minutes, and a turn not played in time is lost" in result.stderr


# -- MàTaM, a lost turn after a valid challenge (art. 26: no penalty) ------------------------------
def test_matam_turn_lost_for_a_challenge_is_a_finding():
    text = CA_OUT.replace(">jordi: EL·LULARS B8 .EL·LULARS +126 126\n",
                          ">jordi: EL·LULARS - +0 0\n#note #unsuccessful-challenge\n")
    report = rescore_text(text)
    assert (7, "unexpected_event") in found(report)
    assert any("costs nothing (MàTaM art. 26)" in d.message for d in report.discrepancies)


# -- MàTaM "senyors" (art. 21) --------------------------------------------------------------------
# fx_catalan_senyors.gcg: anna holds AAEEIOU (seven vowels, no blank), puts them all back and
# plays at once: 8G SAL: S1 A1 (H8, DW) L1 = 3, x2 = 6; jordi 9F ERA: E1 R1x2 (G9 DL) A1 = 4,
# cross words SR 1 + 2 = 3 and AA 2: 9.
SENYORS = text_of("fx_catalan_senyors.gcg")


def test_senyors_redraw_keeps_the_turn():
    report = rescore_text(SENYORS)
    assert found(report) == [] and finals(report) == {"anna": 6, "jordi": 9, "núria": 0}


def test_senyors_needs_seven_vowels_or_seven_consonants():
    report = rescore_text(SENYORS.replace("AAEEIOU -AAEEIOU", "AAEEIOL -AAEEIOL"))
    # an ordinary exchange, then anna's play is out of turn
    assert found(report) == [(6, "illegal_play"), (8, "unexpected_event")]


def test_senyors_is_not_a_scoreless_turn_nor_an_exchange_for_the_bag():
    # A ruleset where one scoreless turn ends the game and no exchange is ever allowed: the
    # senyors redraw is neither.
    strict = CATALAN.replace(scoreless_turns_to_end=1, exchange_min_bag=100)
    report = rescore_text(SENYORS, strict)
    assert found(report) == [] and report.ending is None
    plain = rescore_text(SENYORS.replace("AAEEIOU -AAEEIOU", "AAEEIOL -AAEEIOL"), strict)
    assert (6, "illegal_play") in found(plain) and plain.ending == "scoreless"


# -- FISE ties: the score before the rack adjustments (the Spanish standard rules) -----------------
# fx_fise_tie.gcg: ana 8G SOL 6, beto 9F ERA 9; four passes end the game (FISE art. 40); ana holds
# ADEIMNO (A1 D2 E1 I1 M3 N1 O1 = 10): -4; beto AHHINST (A1 H4 H4 I1 N1 S1 T1 = 13): -4. A tie,
# won by beto, 9 before the adjustments against 6.
def test_fise_tie_is_won_on_the_score_before_the_adjustments():
    report = rescore_text(text_of("fx_fise_tie.gcg"), FISE)
    assert found(report) == [] and finals(report) == {"ana": -4, "beto": -4}
    assert report.winners == ["beto"]
    assert [i.kind for i in report.info] == ["tie_break"]
    naspa_like = rescore_text(text_of("fx_fise_tie.gcg"), FISE.replace(tie_break="none"))
    assert naspa_like.winners == ["ana", "beto"]


def test_endgame_breaks_a_fise_tie():
    # RULES.md §2.2 example 2's arithmetic with b at 392: a 380 + 6 = 386, b 392 - 6 = 386.
    result = CliRunner().invoke(app, ["endgame", "--rules", "fise", "a=380", "b=392:A[CH]",
                                      "--went-out", "a"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "Result: b wins"
    assert "the higher score before them wins: b (392)" in result.stdout


# -- adjudicate rules: what is applied, and where it comes from ------------------------------------
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def test_rules_command_and_docs_say_the_same():
    runner = CliRunner()
    text = DOCS.read_text(encoding="utf-8")
    matrix = runner.invoke(app, ["rules"])
    assert matrix.exit_code == 0 and f"```text\n{matrix.stdout}```" in text
    for name in ("naspa", "wespa", "fise", "catalan"):
        one = runner.invoke(app, ["rules", name])
        assert one.exit_code == 0 and f"```text\n{one.stdout}```" in text, name
    # the sources name the articles the rules above apply
    out = runner.invoke(app, ["rules", "matam"]).stdout
    assert "art. 21" in out and "art. 30" in out and "art. 31" in out


def test_rules_command_json_and_refusal():
    import json

    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["rules", "fise", "--json"]).stdout)
    assert data["fise"]["tie_break"] == {"value": "score_before_adjustments",
                                         "source": FISE.sources["tie_break"]}
    result = runner.invoke(app, ["rules", "scrabble"])
    assert result.exit_code == 2 and "unknown ruleset 'scrabble'" in result.stderr
