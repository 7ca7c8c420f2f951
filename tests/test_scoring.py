"""Scores worked out by hand (the arithmetic is in each test) and scores recorded in real games.

Premium squares used below (standard board): row 1 TW A1 H1 O1, DL D1 L1; row 8 TW A8 O8, DL D8 L8,
centre H8 DW; DW E5 K5 E11 K11; TL J6 F2; DL I9 G7 (see adjudicate/board.py STANDARD_PICTURE).
"""

from __future__ import annotations

import pytest

from adjudicate.board import Board, Layout, Move
from adjudicate.notation import parse_coord, parse_play
from adjudicate.rules import find_ruleset
from adjudicate.scoring import ScoreBreakdown, format_breakdown, score_play
from adjudicate.tiles import format_tiles, get_alphabet, parse_tiles

EN = get_alphabet("english")
ES = get_alphabet("spanish")
CA = get_alphabet("catalan")
NASPA = find_ruleset("naspa")


def resolve(board: Board, position: str, word: str) -> Move:
    return board.resolve(parse_play(position, word, board.alphabet))


def score(board: Board, position: str, word: str, **rules: int) -> ScoreBreakdown:
    """Score a play under NASPA's rules (``rules``: values changed), then place it (so a test can
    go on from the new position)."""
    move = resolve(board, position, word)
    breakdown = score_play(board, move, NASPA.replace(**rules) if rules else NASPA)
    board.place(move)
    return breakdown


def put(board: Board, position: str, word: str) -> None:
    """Tiles on the board without checks: positions that no short legal sequence reaches."""
    coord = parse_coord(position)
    for i, tile in enumerate(parse_tiles(word, board.alphabet)):
        row, col = (coord.row + i, coord.col) if coord.down else (coord.row, coord.col + i)
        board.put(row, col, tile)


def word_scores(breakdown: ScoreBreakdown, alphabet) -> list[tuple[str, int]]:
    return [(format_tiles(w.tiles, alphabet), w.score) for w in breakdown.words]


# -- openings -----------------------------------------------------------------------------------


def test_opening_across_with_dl() -> None:
    # W on D8 (DL) 4x2=8, I 1, N 1, D 2, Y on H8 (centre DW) 4 -> 16, x2 = 32
    b = score(Board(EN), "8D", "WINDY")
    assert b.total == 32 and b.bingo_bonus == 0
    (w,) = b.words
    assert w.letter_values == (8, 1, 1, 2, 4)
    assert w.letter_premiums == (2, 1, 1, 1, 1)
    assert w.word_multiplier == 2 and w.score == 32


def test_opening_down() -> None:
    # Z on H4 (DL) 10x2=20, O 1, O 1, I 1, D on H8 (DW) 2 -> 25, x2 = 50
    assert score(Board(EN), "H4", "ZOOID").total == 50


def test_opening_bingo() -> None:
    # A(H8, DW) 1 + E 1 + R 1 + A 1 + T(L8, DL) 1x2=2 + E 1 + S 1 = 8, x2 = 16, + 50 = 66
    b = score(Board(EN), "8H", "AERATES")
    assert (b.words[0].score, b.bingo_bonus, b.total) == (16, 50, 66)


def test_bingo_parameters() -> None:
    # The same 7 tiles with an 8-tile rack: no bonus, 16; with a 35-point bonus: 16 + 35 = 51
    assert score(Board(EN), "8H", "AERATES", rack_size=8).total == 16
    assert score(Board(EN), "8H", "AERATES", bingo_bonus=35).total == 51


def test_blank_scores_zero_on_a_premium() -> None:
    # blank w on D8 (DL) 0x2=0, I 1, N 1, D 2, Y 4 = 8, x2 = 16
    b = score(Board(EN), "8D", "wINDY")
    assert b.total == 16 and b.words[0].letter_values == (0, 1, 1, 2, 4)
    # blank y on the centre still doubles the word: 8 + 1 + 1 + 2 + 0 = 12, x2 = 24
    assert score(Board(EN), "8D", "WINDy").total == 24


# -- word multipliers ---------------------------------------------------------------------------


def test_two_double_words_make_x4() -> None:
    # After 8D WINDY, E5-E11 through the I on E8: S(E5 DW) 1 + P 3 + L 1 + I 1 (old) + C 3 + E 1
    # + D(E11 DW) 2 = 12, x2 x2 = x4 -> 48 (6 tiles: no bingo)
    board = Board(EN)
    score(board, "8D", "WINDY")
    b = score(board, "E5", "SPL.CED")
    assert b.words[0].word_multiplier == 4 and b.total == 48


def test_two_triple_words_make_x9() -> None:
    # E already on D1 (its DL does not count again): C(A1 TW) 3 + H 4 + E 1 + E 1 + R 1 + F 4 + U 1
    # + L(H1 TW) 1 = 16, x3 x3 = x9 -> 144, 7 tiles + 50 = 194
    board = Board(EN)
    put(board, "D1", "EX")
    b = score(board, "1A", "CHE.RFUL")
    w = b.words[0]
    assert w.letter_premiums == (1,) * 8  # D1 is a DL, but was covered before
    assert (w.word_multiplier, w.score, b.bingo_bonus, b.total) == (9, 144, 50, 194)


def test_fifteen_tile_play_through_eight_tiles() -> None:
    # DEMONSTRATIVELY on row 1; on the board: E(B1) M(C1) N(E1) S(F1) R(H1) A(I1) I(K1) E(M1).
    # New: D(A1 TW) 2, O(D1 DL) 1x2=2, T 1, T 1, V(L1 DL) 4x2=8, L 1, Y(O1 TW) 4; old: E 1 + M 3 +
    # N 1 + S 1 + R 1 + A 1 + I 1 + E 1 = 10. Letters 2+2+1+1+8+1+4 + 10 = 29; TW x TW = x9 (H1 was
    # covered before) -> 261, 7 tiles + 50 = 311
    board = Board(EN)
    for position, letter in [("1B", "EM"), ("1E", "NS"), ("1H", "RA"), ("1K", "I"), ("1M", "E")]:
        put(board, position, letter)
    b = score(board, "1A", "DEMONSTRATIVELY")
    w = b.words[0]
    assert len(w.tiles) == 15 and w.word_multiplier == 9
    assert w.letter_values == (2, 1, 3, 2, 1, 1, 1, 1, 1, 1, 1, 8, 1, 1, 4)
    assert (w.score, b.total) == (261, 311)


def test_three_triple_words_make_x27() -> None:
    # DEMONSTRATIVELY again with A1, H1 and O1 all new: the same letters (D1 and L1 new again) = 29,
    # x3 x3 x3 = x27 -> 783, + 50 = 833
    board = Board(EN)
    # On the board: E(B1) M(C1) N(E1) S(F1) A(I1) T(J1) E(M1) L(N1); new: D O T R I V Y.
    for position, letter in [("1B", "EM"), ("1E", "NS"), ("1I", "AT"), ("1M", "EL")]:
        put(board, position, letter)
    b = score(board, "1A", "D..O..TR..IV..Y")
    assert b.words[0].word_multiplier == 27 and b.total == 833


def test_double_and_triple_word_make_x6() -> None:
    # The standard board has no line a play can cover with a new DW and a new TW (the centre is
    # always taken), so: a layout with A1 DW and B1 TW. O(A1 DW) 1 + A(B1 TW) 1 + T 1 = 3, x6 = 18
    picture = "-=" + "." * 13 + "\n" + ("." * 15 + "\n") * 6 + "." * 7 + "*" + "." * 7 + "\n"
    picture += ("." * 15 + "\n") * 7
    board = Board(EN, layout=Layout(picture))
    put(board, "C1", "T")
    b = score(board, "1A", "OAT")
    assert b.words[0].word_multiplier == 6 and b.total == 18


# -- cross words --------------------------------------------------------------------------------


def test_parallel_play_several_cross_words() -> None:
    # Under 8D WINDY, 7C GALE: GALE = G(C7 DL) 2x2=4 + A 1 + L 1 + E 1 = 7; AW = A 1 + W 4 = 5;
    # LI = 1 + 1 = 2; EN = 1 + 1 = 2 (D7, E7, F7 are plain; W, I, N were there) -> 16
    board = Board(EN)
    score(board, "8D", "WINDY")
    b = score(board, "7C", "GALE")
    assert word_scores(b, EN) == [("GALE", 7), ("AW", 5), ("LI", 2), ("EN", 2)]
    assert b.total == 16


def test_premium_counts_in_both_words() -> None:
    # VOX at F2 after WINDY, GALE, JAVELIN: V(F2 TL) 4x3=12 + O 1 + X 8 = 21; JO = J 8 + O 1 = 9;
    # AX = A 1 + X 8 = 9 -> 39 (the record says +39)
    board = Board(EN)
    for position, word in [("8D", "WINDY"), ("7C", "GALE"), ("E3", "JAVE..N")]:
        score(board, position, word)
    b = score(board, "F2", "VOX")
    assert word_scores(b, EN) == [("VOX", 21), ("JO", 9), ("AX", 9)] and b.total == 39


def test_one_tile_play() -> None:
    # After WINDY, an A under the Y (H9, plain): the word is YA, down: Y 4 + A 1 = 5; no one-tile word
    board = Board(EN)
    score(board, "8D", "WINDY")
    b = score(board.copy(), "9H", "A")
    assert word_scores(b, EN) == [("YA", 5)] and b.total == 5
    # With a T on I9 the A forms AT across too: AT = A 1 + T 1 = 2 (I9's DL was covered) and YA = 5 -> 7
    put(board, "9I", "T")
    assert word_scores(score(board.copy(), "9H", "A."), EN) == [("AT", 2), ("YA", 5)]
    assert score(board.copy(), "H8", "YA").total == 7


# -- Spanish and Catalan --------------------------------------------------------------------------


def test_spanish_digraphs_and_enye() -> None:
    board = Board(ES)
    # [CH]ICO at 8G: CH 5 + I(H8 DW) 1 + C 3 + O 1 = 10, x2 = 20 (4 tiles)
    assert score(board, "8G", "[CH]ICO").total == 20
    # CA[LL]O down J5 to the O on J8: C 3 + A(J6 TL) 1x3=3 + LL 8 + O 1 = 15
    b = score(board, "J5", "CA[LL].")
    assert b.total == 15 and len(b.words[0].tiles) == 4
    # CARRO down I8 from the C: C 3 (old) + A(I9 DL) 1x2=2 + RR 8 + O 1 = 14
    assert score(board, "I8", ".A[RR]O").total == 14
    # AÑO on row 11 to the O on I11: A 1 + Ñ 8 + O 1 = 10 (G11, H11 plain)
    assert score(board, "11G", "AÑO").total == 10


def test_spanish_blank_digraph() -> None:
    # blank [ch] 0 + I(H8 DW) 1 + C 3 + O 1 = 5, x2 = 10
    b = score(Board(ES), "8G", "[ch]ICO")
    assert b.total == 10 and b.words[0].letter_values == (0, 1, 3, 1)
    assert format_breakdown(b, ES).splitlines()[0] == "[ch]ICO: [ch] 0 + I 1 + C 3 + O 1 = 5, word x2 (DW) = 10"


def test_catalan_digraphs_and_c_cedilla() -> None:
    board = Board(CA)
    # CEL·LA at 8E: C 2 + E 1 + L·L 10 + A(H8 DW) 1 = 14, x2 = 28 (4 tiles)
    b = score(board, "8E", "CEL·LA")
    assert b.total == 28 and len(b.words[0].tiles) == 4
    # ANY down from the A on H8 (written Quackle style): A 1 + NY(H9) 10 = 11
    assert score(board, "H8", "ANY").total == 11
    # QUE down F7 onto the E on F8: QU 8 + E 1 = 9 (F7 plain)
    assert score(board, "F7", "QUE").total == 9
    # CALÇA down E8 from the C: C 2 + A 1 + L 1 + Ç(E11 DW) 10 + A 1 = 15, x2 = 30
    assert score(board, "E8", "CALÇA").total == 30


def test_catalan_blank_ela_geminada() -> None:
    # C 2 + E 1 + blank l·l 0 + A 1 = 4, x2 = 8
    assert score(Board(CA), "8E", "CEl·lA").total == 8


# -- formatting ----------------------------------------------------------------------------------


def test_format_breakdown() -> None:
    board = Board(EN)
    assert format_breakdown(score(board, "8D", "WINDY"), EN).splitlines() == [
        "WINDY: W 4 x DL = 8 + I 1 + N 1 + D 2 + Y 4 = 16, word x2 (DW) = 32", "total 32"]
    # (the cross words go through the tiles of WINDY, in brackets: already on the board)
    assert format_breakdown(score(board, "7C", "GALE"), EN).splitlines() == [
        "GALE: G 2 x DL = 4 + A 1 + L 1 + E 1 = 7",
        "AW: A 1 + (W) 4 = 5",
        "LI: L 1 + (I) 1 = 2",
        "EN: E 1 + (N) 1 = 2",
        "total 16",
    ]
    bingo = format_breakdown(score(Board(EN), "8H", "AERATES"), EN).splitlines()
    assert bingo == ["AERATES: A 1 + E 1 + R 1 + A 1 + T 1 x DL = 2 + E 1 + S 1 = 8, word x2 (DW) = 16",
                     "bingo (7 tiles) +50", "total 66"]


# -- real games ----------------------------------------------------------------------------------

# macondo gcgio/testdata/doug_v_emely.gcg (NWL): every play that stood, with its recorded score.
# (emely's 4B TIL.. was withdrawn after a challenge, so it is not on the board.)
DOUG_V_EMELY = [
    ("8D", "WINDY", 32), ("7C", "GALE", 16), ("E3", "JAVE..N", 34), ("F2", "VOX", 39),
    ("10B", "DONATES", 82), ("9G", "EAU", 16), ("4D", "Z..", 38), ("A5", "LATINO", 27),
    ("B2", "TEIID", 29), ("A1", "WEB", 30), ("11E", "SAT", 51), ("6D", "R.D", 22),
    ("C1", "CAN", 23), ("B8", "FU.", 14), ("7H", "RILL", 12), ("K5", "RE.IgION", 78),
    ("L11", "MURK", 28), ("15H", "ARIOSE", 33), ("14F", "COY", 19), ("L4", "GET", 12),
    ("2F", ".ERB", 9), ("1G", "PEA", 29), ("M2", "QUOTH", 46), ("N1", "HIM", 42),
    ("14L", ".aFS", 21),
]

# quackle test/iotest/capp.gcg (WSC 2001): lowercase coordinates, played-through squares written as
# letters (Quackle style). Pakorn's h10 WERGEL was withdrawn.
CAPP = [
    ("8b", "NoCTUrN", 70), ("e8", "TAFFIA", 24), ("12d", "VIVE", 20), ("11g", "WEBBY", 35),
    ("f8", "UEY", 32), ("b7", "ANTEATER", 70), ("7a", "KAW", 22), ("13g", "XU", 38),
    ("h2", "REGALING", 62), ("a12", "UPON", 30), ("c13", "HAP", 35), ("4h", "GRUESOME", 74),
    ("j1", "DILUTORS", 63), ("o1", "JADE", 36), ("m3", "ZOOID", 34), ("n2", "DEMO", 35),
    ("14h", "NITRILS", 70), ("g1", "OOH", 21), ("6m", "ISM", 17), ("o6", "MAC", 21),
    ("h13", "UNI", 9), ("n11", "QATS", 13), ("o10", "LIG", 22), ("l7", "EINE", 8),
]


@pytest.mark.parametrize("game", [DOUG_V_EMELY, CAPP], ids=["doug_v_emely", "capp"])
def test_recorded_games(game: list[tuple[str, str, int]]) -> None:
    board = Board(EN)
    computed = [(position, word, score(board, position, word).total) for position, word, _ in game]
    assert computed == game


def test_doug_v_emely_details() -> None:
    board = Board(EN)
    for position, word, _ in DOUG_V_EMELY[:15]:
        score(board, position, word)
    # K5 RE.IgION: R(K5 DW) 1 + E 1 + L 1 (old) + I 1 + g 0 + I 1 + O 1 + N(K11 DW) 1 = 7, x4 = 28,
    # + 50 = 78 (the record's +78)
    b = score(board, "K5", "RE.IgION")
    assert word_scores(b, EN) == [("RELIgION", 28)] and b.bingo_bonus == 50 and b.total == 78
