"""A Catalan game at a table of two: "three scoreless rounds" is 6 turns there, not 9."""

from __future__ import annotations

from adjudicate.gcg import read_gcg
from adjudicate.recount import rescore_game

# CASA at 8G: C 2 + A 1 + S 1 + A 1 = 5, H8 (the centre, DW) x2 = 10 (Catalan values: RULES.md §4.3).
# Then six exchanges (not passes: two passes each would end the game on the pass rule first), three
# scoreless rounds of two players: the game ends and each subtracts their own tiles:
# anna EIORTSN = 7 (10 - 7 = 3), jordi BDGMPUV = 3+2+3+2+3+1+4 = 18 (0 - 18 = -18).
GAME = """#character-encoding UTF-8
#lexicon DISC
#player1 anna Anna
#player2 jordi Jordi
>anna: ACASEIO 8G CASA +10 10
>jordi: BDGMPUV -B +0 0
>anna: EIORTSN -E +0 10
>jordi: BDGMPUV -B +0 0
>anna: EIORTSN -E +0 10
>jordi: BDGMPUV -B +0 0
>anna: EIORTSN -E +0 10
>anna: EIORTSN (EIORTSN) -7 3
>jordi: BDGMPUV (BDGMPUV) -18 -18
"""


def test_two_player_catalan_game_ends_after_three_scoreless_rounds():
    report = rescore_game(read_gcg(GAME.encode(), name="pair.gcg"))
    assert report.ruleset == "catalan"
    assert report.ok, report.discrepancies
    assert report.ending == "scoreless"
    assert [p.computed_final for p in report.players] == [3, -18]


def test_two_rounds_are_not_enough():
    early = GAME.replace(">anna: EIORTSN -E +0 10\n>anna: EIORTSN (", ">anna: EIORTSN (")
    report = rescore_game(read_gcg(early.encode(), name="pair.gcg"))
    assert [(d.line, d.kind) for d in report.discrepancies][:1] == [(11, "unexpected_event")]
