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
from adjudicate.recount import rescore_game
from adjudicate.rules import CATALAN, FISE, WESPA

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


def test_senyors_is_a_whole_rack_of_the_rulesets_size():
    """The redraw is of a whole rack: eight vowels where a rack holds eight (issue 27: seven was
    written in the rule), and seven of eight is an exchange."""
    eight = CATALAN.replace(rack_size=8)
    report = rescore_text(SENYORS.replace("AAEEIOU -AAEEIOU", "AAEEIOUU -AAEEIOUU"), eight)
    assert found(report) == [] and finals(report) == {"anna": 6, "jordi": 9, "núria": 0}
    assert found(rescore_text(SENYORS, eight)) == [(6, "illegal_play"), (8, "unexpected_event")]


def test_a_bingo_is_a_whole_rack_of_the_rulesets_size():
    """Ruleset.bingo, the rule's one home: the bonus for a whole rack, whatever its size."""
    assert (CATALAN.bingo(7), CATALAN.bingo(6)) == (CATALAN.bingo_bonus, 0)
    eight = CATALAN.replace(rack_size=8, bingo_bonus=35)
    assert (eight.bingo(7), eight.bingo(8)) == (0, 35)


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


# -- NASPA six-zero: the game *may* end (NASPA rules 2017); WESPA ends it --------------------------
# fx_naspa_scoreless.gcg lines 1-13: HEAT 14, AXES 20, then six scoreless turns (lines 7-13, see
# tests/test_rescore.py). Alice plays on at line 14: H8 .OE down from the T of HEAT, TOE =
# T1 + O1 (H9) + E1 (H10), no premium, no cross word: 3, 14 + 3 = 17.
SIX_ZERO = "".join(text_of("fx_naspa_scoreless.gcg").splitlines(keepends=True)[:13])
PLAYS_ON = SIX_ZERO + ">alice: ?AEEOTT H8 .OE +3 17\n"


def test_naspa_six_zero_a_record_that_plays_on_continues():
    report = rescore_text(PLAYS_ON)
    assert found(report) == [] and report.ending is None
    assert finals(report) == {"alice": 17, "bob": 20}


def test_naspa_six_zero_a_record_that_stops_there_ended():
    # The whole fixture: the rack lines follow the sixth scoreless turn: ended (alice -32, bob 4).
    report = rescore_text(text_of("fx_naspa_scoreless.gcg"))
    assert report.ending == "scoreless" and found(report) == []
    # Lines 1-13 alone: ended too, the rack lines missing (alice 14 - 6 = 8, bob 20 - 16 = 4).
    stops = rescore_text(SIX_ZERO)
    assert stops.ending == "scoreless" and finals(stops) == {"alice": 8, "bob": 4}


def test_wespa_six_zero_ends_the_game():
    report = rescore_text(PLAYS_ON, WESPA)
    assert report.ending == "scoreless"
    assert (14, "unexpected_event") in found(report)
    assert finals(report) == {"alice": 8, "bob": 4}


# -- MàTaM senyors written in the order it happens (art. 21 and 6) ---------------------------------
# The redraw happens right after the player's own draw, or at the initial draw, before the first
# play: a record may write it there. The plays are the fixture's: SAL 6 (anna), ERA 9 (jordi).
SENYORS_HEAD = "".join(SENYORS.splitlines(keepends=True)[:5])
# At the initial draw: jordi holds seven consonants and redraws before anna's first play.
REDRAW_AT_THE_START = SENYORS_HEAD + """>jordi: BCDFGLM -BCDFGLM +0 0
#note senyors
>anna: ACEILST 8G SAL +6 6
>jordi: ADEINOR 9F ERA +9 9
"""
# Right after her own draw: anna plays SAL from ABCDLSG, keeps BCDG, draws MPR (seven consonants)
# and redraws them before jordi's turn.
REDRAW_AFTER_THE_DRAW = SENYORS_HEAD + """>anna: ABCDLSG 8G SAL +6 6
>anna: BCDGMPR -BCDGMPR +0 6
#note senyors
>jordi: ADEINOR 9F ERA +9 9
"""


def test_senyors_at_the_initial_draw_is_no_move_out_of_turn():
    report = rescore_text(REDRAW_AT_THE_START)
    assert found(report) == [] and finals(report) == {"anna": 6, "jordi": 9, "núria": 0}


def test_senyors_right_after_the_players_draw_is_no_move_out_of_turn():
    report = rescore_text(REDRAW_AFTER_THE_DRAW)
    assert found(report) == [] and finals(report) == {"anna": 6, "jordi": 9, "núria": 0}
    # without the note too: seven consonants, all seven back
    assert found(rescore_text(REDRAW_AFTER_THE_DRAW.replace("#note senyors\n", ""))) == []


def test_an_exchange_right_after_the_players_own_turn_that_is_no_senyors_is_out_of_turn():
    report = rescore_text(REDRAW_AFTER_THE_DRAW.replace("BCDGMPR -BCDGMPR", "BCDGMPA -BCDGMPA"))
    assert found(report) == [(7, "illegal_play"), (7, "unexpected_event")]
    assert "anna moves out of turn: jordi was to play" in report.discrepancies[1].message


def test_senyors_with_the_bag_empty_is_a_finding():
    # fx_catalan_outplay.gcg: 21 tiles drawn, 79 in the bag; twelve plays of 7 tiles (lines 6-17):
    # 79 - 11 x 7 = 2 after line 16, 0 after núria's line 17. Anna's redraw (seven tiles, the note
    # taken at its word: no rack written) then has no tile to draw (art. 21: at least one).
    text = CA_OUT.replace(">anna: ERMA?IA", ">anna: UNKNOWN -7 +0 301\n#note senyors\n>anna: ERMA?IA")
    report = rescore_text(text)
    assert found(report) == [(18, "illegal_play")]
    assert "at least one tile in the bag" in report.discrepancies[0].message
    assert finals(report) == {"anna": 386, "jordi": 350, "núria": 375}  # (as without the line)


# -- A failed challenge noted on a play, and the challenger plays on ------------------------------
# NASPA (double challenge) and FISE (the Spanish standard rules): the challenger of a valid play
# loses the turn, so the next line must be the challenger's pass. MàTaM (art. 26): play continues.
def test_naspa_challenger_who_plays_on_after_a_failed_challenge_is_a_finding():
    text = text_of("fx_naspa_scoreless.gcg")
    noted = text.replace(">alice: AEHIRTT 8E HEAT +14 14\n",
                         ">alice: AEHIRTT 8E HEAT +14 14\n#note bob's challenge failed\n")
    report = rescore_text(noted)
    assert found(report) == [(7, "unexpected_event")]
    assert "challenged in vain, and bob plays on" in report.discrepancies[0].message
    assert finals(report) == {"alice": -32, "bob": 4}  # (the line counts as written)
    # The fixture's own lost challenge: alice challenges AXES in vain and passes (line 8): clean.
    passes = text.replace(">bob: AEGSUVX I5 AXES +20 20\n",
                          ">bob: AEGSUVX I5 AXES +20 20\n#note alice: unsuccessful challenge\n")
    assert found(rescore_text(passes)) == []


def test_fise_challenger_who_plays_on_after_a_failed_challenge_is_a_finding():
    noted = FISE_TIME.replace(">ana: PALOMAS 8B PALOMAS +74 74\n",
                              ">ana: PALOMAS 8B PALOMAS +74 74\n#note unsuccessful challenge\n")
    assert found(rescore_text(noted)) == [(7, "unexpected_event")]


def test_matam_challenger_plays_on_after_a_failed_challenge():
    noted = CA_OUT.replace(">anna: CAMISES 8B CAMISES +72 72\n",
                           ">anna: CAMISES 8B CAMISES +72 72\n#note unsuccessful challenge\n")
    assert found(rescore_text(noted)) == []


# -- MàTaM: a turn lost to time is lost, with no exchange (art. 30) --------------------------------
# fx_catalan_senyors.gcg, then núria's turn (line 10), lost to time (`#note time`). Bag: 100 - 21
# = 79, less SAL's 3 and ERA's 3 drawn: 73, enough for an exchange (7).
def test_matam_turn_lost_to_time_written_as_an_exchange_is_a_finding():
    exchange = SENYORS + ">núria: ADEIRST -ADE +0 0\n#note time\n"
    report = rescore_text(exchange)
    assert found(report) == [(10, "illegal_play")]
    assert "a turn lost to time" in report.discrepancies[0].message
    assert "no exchange; MàTaM rules, art. 30" in report.discrepancies[0].message
    assert finals(report) == {"anna": 6, "jordi": 9, "núria": 0}
    assert found(rescore_text(SENYORS + ">núria: ADEIRST - +0 0\n#note time\n")) == []  # a pass
    assert found(rescore_text(SENYORS + ">núria: ADEIRST -ADE +0 0\n")) == []  # an exchange


# -- A whole rack shorter than the bag allowed (FISE art. 3 and 15: always 7 tiles): information --
# fx_fise_tie.gcg with beto's first rack written AEINRS: six tiles, ERA plays three and leaves
# INS, so the rack is written whole; the bag (100 - 14 = 86, less SOL's 3: 83) gave him seven.
def test_a_short_whole_rack_is_information():
    text = text_of("fx_fise_tie.gcg").replace(">beto: AEINRST 9F ERA", ">beto: AEINRS 9F ERA")
    report = rescore_text(text, FISE)
    assert found(report) == [] and finals(report) == {"ana": -4, "beto": -4}
    short = [i for i in report.info if i.kind == "short_rack"]
    assert [(i.line, i.player) for i in short] == [(6, "beto")]
    assert "has 6 tiles; the bag gave beto 7" in (short[0].message or "")
    assert "FISE rules rev. 11 (2001), art. 3 and 15" in (short[0].message or "")
    result = CliRunner().invoke(app, ["rescore", "--rules", "fise", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert "has 6 tiles; the bag gave beto 7" in result.stdout


# -- FISE's electronic timer (art. 19.1 and 20): the preset fise:timer -----------------------------
def test_fise_timer_is_a_named_preset_that_cites_fise():
    from adjudicate.rules import find_ruleset

    timer = find_ruleset("fise:timer")
    assert timer.name == "fise" and timer.turn_time_limit_seconds == 120
    assert timer.overtime_points_per_minute == 0
    assert "art. 19.1 and 20" in timer.sources["turn_time_limit_seconds"]
    runner = CliRunner()
    listed = runner.invoke(app, ["rules", "fise"]).stdout
    assert "fise:timer" in listed and "--set turn_time_limit_seconds=120" in listed
    result = runner.invoke(app, ["clock", "--rules", "fise:timer", "A=300@-01:00", "B=250"])
    assert result.exit_code == 2
    assert "FISE rules rev. 11 (2001), art. 19.1 and 20" in result.stderr
    assert "MàTaM" not in result.stderr
    # A time penalty in a FISE record under the timer: a finding citing FISE, counting nothing.
    report = rescore_text(FISE_TIME + ">beto:  (time) -10 179\n", timer)
    assert found(report) == [(10, "time_penalty")]
    assert "art. 19.1 and 20" in report.discrepancies[0].message
    assert "MàTaM" not in report.discrepancies[0].message
    unknown = runner.invoke(app, ["rules", "fise:clock"])
    assert unknown.exit_code == 2 and "unknown preset 'fise:clock' (presets of fise: fise:timer)" in unknown.stderr


# -- where each value comes from: the articles of the regulations, or our decisions ---------------
def test_sources_cite_the_articles_and_our_decisions_by_our_document():
    from adjudicate.rules import NASPA, RULESETS

    fise, matam = FISE.sources, CATALAN.sources
    # FISE art. 16 sets no exchange minimum: the 1 is our decision.
    assert fise["exchange_min_bag"].startswith("docs/decisions.md") and "art. 16" in fise["exchange_min_bag"]
    assert "art. 40.4" in fise["time_limit_ending_adjusts"] and "art. 18" not in fise["time_limit_ending_adjusts"]
    assert "art. 40.3" in fise["outplay"] and "art. 40.2" in fise["passes_per_player_to_end"]
    assert "art. 29" in fise["bingo_bonus"] and "art. 3 and 15" in fise["rack_size"]
    assert "art. 20" in matam["exchange_min_bag"] and "art. 24.3" in matam["scoreless_turns_to_end"]
    assert "art. 24.2" in matam["passes_per_player_to_end"] and "art. 25" in matam["tie_break"]
    assert "art. 15" in matam["bingo_bonus"] and "art. 15" in matam["rack_size"]
    assert NASPA.sources["bingo_bonus"].startswith("docs/decisions.md")
    # No source cites a document that does not ship with the tool.
    for ruleset in RULESETS:
        assert not [k for k, v in ruleset.sources.items() if "RULES.md" in v], ruleset.name


def test_racks_written_in_part_are_no_short_racks(corpus):
    # An annotated game (Macondo's noah_vs_peter.gcg) writes the opponent's racks as the tiles he
    # played (line 4 `IP 3H .IP`), or the tiles known of them (line 34 `AERY M7 RY.`, after the
    # phony AEY withdrawn at line 30): not racks he held whole, so not short ones.
    report = rescore_game(read_gcg((corpus / "gcg" / "macondo" / "noah_vs_peter.gcg").read_bytes()))
    assert [i for i in report.info if i.kind == "short_rack"] == []
