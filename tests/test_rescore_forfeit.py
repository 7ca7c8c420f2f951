"""The NASPA forfeit in a rescored game: beyond 10 minutes over, minus 100 and the game lost; an
opponent still behind is raised to win by one (RULES.md §3, §3.2)."""

from __future__ import annotations

from adjudicate.gcg import read_gcg
from adjudicate.rescore import rescore_game
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
    assert not [i for i in report.info if i["kind"] == "forfeit_raise"]


def test_forfeit_raises_the_opponent_to_win_by_one():
    # With 1 point a minute (a tournament's override) the maximum costs 10: 66 - 10 = 56, still
    # ahead of bob's 0, so bob is raised to 57 and wins although the record says 0.
    ruleset = NASPA.replace(overtime_points_per_minute=1)
    report = rescore(10, "10:01 forfeit", ruleset)
    assert report.ok, report.discrepancies
    assert [p.computed_final for p in report.players] == [56, 57]
    assert report.winners == ["bob"]
    raise_ = [i for i in report.info if i["kind"] == "forfeit_raise"]
    assert len(raise_) == 1 and "raised from 0 to 57" in raise_[0]["message"]


def test_both_over_the_maximum_nobody_wins_as_clock_says():
    # Both forfeit: ann 66 - 100 = -34, bob 0 - 100 = -100. Each loses, so nobody wins, which is
    # what `adjudicate clock` gives for the same scores and overtimes (it was ann, the higher).
    from adjudicate.clock import apply_clock

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
    assert not [i for i in report.info if i["kind"] == "forfeit_raise"]


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
