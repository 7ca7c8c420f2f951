"""The NASPA forfeit in a rescored game: beyond 10 minutes over, minus 100 and the game lost; an
opponent still behind is raised to win by one (RULES.md §3, §3.2)."""

from __future__ import annotations

from adjudicate.gcg import read_gcg
from adjudicate.recount import rescore_game
from adjudicate.rules import NASPA

# RETAINS at 8D runs D8..J8: R on D8 (DL) = 2, E T A I N S = 6 (I on H8, the centre, DW):
# (2 + 6) x 2 = 16, + 50 for the bingo = 66.
GAME = """#character-encoding UTF-8
#lexicon NWL23
#player1 ann Ann
#player2 bob Bob
>ann: AEINRST 8D RETAINS +66 66
>bob: DGOUXYZ - +0 0
#note game time expired
>ann: ?ABCDEF (time) -{penalty} {final}
#note overtime {overtime}
"""


def rescore(penalty: int, overtime: str, ruleset=NASPA):
    text = GAME.format(penalty=penalty, final=66 - penalty, overtime=overtime)
    return rescore_game(read_gcg(text.encode(), name="forfeit.gcg"), ruleset, reason="test")


def test_forfeit_opponent_already_ahead():
    # 66 - 100 = -34; bob's 0 is ahead: no raise, bob wins.
    report = rescore(100, "10:05 forfeit")
    assert report.ok, report.discrepancies
    assert [p.computed_final for p in report.players] == [-34, 0]
    assert report.winners == ["bob"]
    assert not [i for i in report.info if i.kind == "forfeit_raise"]


def test_forfeit_raises_the_opponent_to_win_by_one():
    # With 1 point a minute (a tournament's override) the maximum costs 10: 66 - 10 = 56, still
    # ahead of bob's 0, so bob is raised to 57 and wins although the record says 0.
    ruleset = NASPA.replace(overtime_points_per_minute=1)
    report = rescore(10, "10:01 forfeit", ruleset)
    assert report.ok, report.discrepancies
    assert [p.computed_final for p in report.players] == [56, 57]
    assert report.winners == ["bob"]
    raise_ = [i for i in report.info if i.kind == "forfeit_raise"]
    assert len(raise_) == 1 and "raised from 0 to 57" in raise_[0].message


def test_both_over_the_maximum_nobody_wins_as_clock_says():
    # Both forfeit: ann 66 - 100 = -34, bob 0 - 100 = -100. Each loses, so nobody wins, which is
    # what `adjudicate clock` gives for the same scores and overtimes (it was ann, the higher).
    from adjudicate.overtime import apply_clock

    text = GAME.format(penalty=100, final=-34, overtime="10:05 forfeit") + (
        ">bob: DGOUXYZ (time) -100 -100\n#note overtime 10:30 forfeit\n")
    report = rescore_game(read_gcg(text.encode(), name="both.gcg"), NASPA, reason="test")
    assert report.ok, report.discrepancies
    assert [p.computed_final for p in report.players] == [-34, -100]
    clock = apply_clock({"ann": 66, "bob": 0}, {"ann": 605, "bob": 630}, NASPA)
    assert [p.final for p in clock.players] == [-34, -100]
    assert report.winners == list(clock.winners) == []


def test_ten_minutes_exactly_is_no_forfeit():
    # -10:00 costs 100 but is not a forfeit: ann (-34) simply has fewer points than bob (0).
    report = rescore(100, "10:00")
    assert report.ok and report.winners == ["bob"]
    assert not [i for i in report.info if i.kind == "forfeit_raise"]


def test_forfeit_note_within_the_maximum_is_reported():
    report = rescore(100, "09:59 forfeit")
    assert [(d.line, d.kind) for d in report.discrepancies] == [(8, "time_penalty")]


def test_wrong_amount_for_the_overtime():
    # 3:20 over = 4 started minutes = 40; the record says 30.
    report = rescore(30, "03:20")
    assert [(d.line, d.kind, d.recorded, d.computed) for d in report.discrepancies] == [
        (8, "time_penalty", -30, -40)
    ]


def test_forfeit_disregards_the_out_play_as_clock_does(corpus):
    """A real game (macondo bingo_nine_or_above: Alice 571 before her out-play, Bob 486) where
    Alice then exceeds the maximum overtime: unplayed tiles are disregarded, so her +30 out-play
    does not count and the line is reported; 571 - 100 = 471, below Bob's 486: no raise. The same
    as `adjudicate clock --rules naspa Alice=571@-10:30 Bob=486`."""
    data = (corpus / "gcg" / "macondo" / "puzzles_testdata_bingo_nine_or_above.gcg").read_bytes()
    data += b">Alice:  (time) -100 501\n#note overtime 10:30 forfeit\n"
    report = rescore_game(read_gcg(data, name="forfeit.gcg"))
    assert [p.computed_final for p in report.players] == [471, 486]
    assert report.winners == ["Bob"]
    assert [(d.line, d.kind) for d in report.discrepancies] == [(23, "unexpected_event")]
    assert "unplayed tiles are disregarded" in report.discrepancies[0].message


def test_forfeit_needs_no_rack_lines_and_raises_the_opponent(corpus):
    """macondo doug_v_emely without its last line (emely's out-play, +14): doug 451, emely 331
    when emely goes out. doug then exceeds the maximum: 451 - 100 = 351, emely still behind, so
    she is raised to 352 and wins. Unplayed tiles are disregarded: no out-play line is due.
    (Before, the time line was "before the end-of-game rack lines", counted 0, and doug won.)"""
    lines = (corpus / "gcg" / "macondo" / "doug_v_emely.gcg").read_bytes().splitlines(keepends=True)
    data = b"".join(lines[:-1]) + b">doug: EGOP (time) -100 351\n#note overtime 10:01 forfeit\n"
    report = rescore_game(read_gcg(data, name="forfeit.gcg"))
    assert report.ok, report.discrepancies
    assert [p.computed_final for p in report.players] == [351, 352]
    assert report.winners == ["emely"]


def test_a_forfeit_ends_the_game_where_it_comes():
    """Over the maximum in mid-game (the bag not empty): the game ends there, lost. ann 66 - 100 =
    -34 against bob's 0: bob wins; a play after it counts nothing."""
    text = ("#character-encoding UTF-8\n#player1 ann Ann\n#player2 bob Bob\n"
            ">ann: AEINRST 8D RETAINS +66 66\n"
            ">ann: ?ABCDEF (time) -100 -34\n#note overtime 10:05 forfeit\n"
            ">bob: DGOUXYZ - +0 0\n")
    report = rescore_game(read_gcg(text.encode(), name="mid.gcg"), NASPA, reason="test")
    assert report.ending == "time"
    assert [p.computed_final for p in report.players] == [-34, 0]
    assert report.winners == ["bob"]
    assert [(d.line, d.kind) for d in report.discrepancies] == [(7, "unexpected_event")]


def test_overtime_note_with_the_clocks_minus_sign():
    # "-03:20" as the clock shows it: 4 started minutes, 40; the record says 30.
    report = rescore(30, "-03:20")
    assert [(d.line, d.kind, d.recorded, d.computed) for d in report.discrepancies] == [
        (8, "time_penalty", -30, -40)
    ]


def test_a_forfeit_note_under_a_ruleset_without_forfeit():
    from adjudicate.rules import FISE

    report = rescore(110, "10:05 forfeit", FISE)  # 11 started minutes: 110, no forfeit
    assert [(d.line, d.kind) for d in report.discrepancies] == [(8, "time_penalty")]
    assert "fise has no overtime forfeit" in report.discrepancies[0].message
