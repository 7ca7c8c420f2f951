"""GCG reader and writer: every event form from real lines, encodings, notes, problems, garbage,
and the public corpus (read without an exception other than GcgError, then round-tripped).

Hostile records (binary data, a line of a few MB, too many lines, a file or stdin over the size
limit) are refused with exit 2 and a message, in bounded memory; a number of thousands of digits
makes its line unreadable, never a crash."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicate import gcg
from adjudicate.errors import GcgError
from adjudicate.gcg import GameRecord, GcgEvent, Player, read_gcg
from adjudicate.gcgwriter import write_gcg
from adjudicate.recount import rescore_game
from adjudicate.tiles import get_alphabet

GAMES = Path(__file__).parent / "data" / "games"
CORPUS = Path(os.environ.get("ADJUDICATE_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
CORPUS_GCG = sorted((CORPUS / "gcg").glob("*/*.gcg")) if (CORPUS / "gcg").is_dir() else []
needs_corpus = pytest.mark.skipif(not CORPUS_GCG, reason=f"no GCG corpus at {CORPUS}")

HEADER = "#player1 {a} {a}\n#player2 {b} {b}\n"


def game(*lines: str, a: str = "doug", b: str = "emely") -> bytes:
    return (HEADER.format(a=a, b=b) + "\n".join(lines) + "\n").encode("utf-8")


def fields(event: GcgEvent) -> tuple:
    return (event.nick, event.kind, event.rack, event.position, event.tiles, event.exchange_count,
            event.score, event.cumulative, event.old_phony_form, event.unknown_rack)


def semantic(record: GameRecord) -> dict:
    """What must survive write_gcg -> read_gcg (line numbers and raw text need not)."""
    return {
        "players": [(p.number, p.nick, p.name) for p in record.players],
        "events": [(*fields(e), e.notes) for e in record.events],
        "header": (record.title, record.description, record.id, record.lexicon, record.game_type,
                   record.board_layout, record.tile_distribution, record.multichar_tiles),
        "racks": record.racks,
        "notes": record.notes,
        "extra_pragmas": [(k, v) for _, k, v in record.extra_pragmas()],
    }


# ---------------------------------------------------------------------------------------------
# Every event form, each quoted from a real file (GCG.md §3, §8), with the fields read.

EVENT_FORMS = [
    # source, line, (nick, kind, rack, position, tiles, exchange_count, score, cumulative, old, unknown)
    ("macondo doug_v_emely", ">doug: AEJNOSV E3 JAVE..N +34 66",
     ("doug", "play", "AEJNOSV", "E3", "JAVE..N", None, 34, 66, False, False)),
    ("macondo doug_v_emely", ">emely: DEIILTZ --  -24 55",
     ("emely", "phony_withdrawn", "DEIILTZ", None, None, None, -24, 55, False, False)),
    ("macondo doug_v_emely", ">emely:  (OPEG) +14 345",
     ("emely", "end_rack_points", None, None, "OPEG", None, 14, 345, False, False)),
    ("macondo guy_vs_bot", ">bot: (CDDEOT) +20 424",
     ("bot", "end_rack_points", None, None, "CDDEOT", None, 20, 424, False, False)),
    ("macondo guy_vs_bot", ">bot: ?AIOOOY -OOOY +0 0",
     ("bot", "exchange", "?AIOOOY", None, "OOOY", None, 0, 0, False, False)),
    ("macondo guy_vs_bot", ">guy: ?AEFPRU 7B FlAREUP +66 86",
     ("guy", "play", "?AEFPRU", "7B", "FlAREUP", None, 66, 86, False, False)),
    ("macondo guy_vs_bot", ">guy: CDDEOT - +0 454",
     ("guy", "pass", "CDDEOT", None, None, None, 0, 454, False, False)),
    ("macondo incomplete_3", ">Player_1: AIIIILX -  +0 306",
     ("Player_1", "pass", "AIIIILX", None, None, None, 0, 306, False, False)),
    ("macondo josh2", ">jvc: DIMSTTW (challenge) +5 37",
     ("jvc", "challenge_bonus", "DIMSTTW", None, None, None, 5, 37, False, False)),
    ("macondo josh2", ">Paula: EEEEEEE -E +0 161",
     ("Paula", "exchange", "EEEEEEE", None, "E", None, 0, 161, False, False)),
    ("macondo vs_frentz", ">frentz:  (challenge) +5 534",
     ("frentz", "challenge_bonus", None, None, None, None, 5, 534, False, False)),
    ("macondo issue_476", ">whatnoloan: NU (time) -10 422",
     ("whatnoloan", "time_penalty", "NU", None, None, None, -10, 422, False, False)),
    ("magpie outplay_challenge_bonus", ">RightBehindYou:  (time) -20 363",
     ("RightBehindYou", "time_penalty", None, None, None, None, -20, 363, False, False)),
    ("macondo gcg.go TimePenaltyRegex", ">Pakorn: ISBALI (time) +-10 409",
     ("Pakorn", "time_penalty", "ISBALI", None, None, None, -10, 409, False, False)),
    ("liwords combined_low_scoring", ">Marlon_Hill: ?AEEOTT (?AEEOTT) -6 -6 ",
     ("Marlon_Hill", "end_rack_penalty", "?AEEOTT", None, "?AEEOTT", None, -6, -6, False, False)),
    ("macondo gcg.go comment", ">Pakorn: FWLI (FWLI) -10 426",
     ("Pakorn", "end_rack_penalty", "FWLI", None, "FWLI", None, -10, 426, False, False)),
    ("liwords many_challenges", ">jvc: UNKNOWN (challenge) +5 477",
     ("jvc", "challenge_bonus", None, None, None, None, 5, 477, False, True)),
    ("quackle capp", ">Pakorn: LWGRAKE   -- +0 59",
     ("Pakorn", "phony_withdrawn", "LWGRAKE", None, None, None, 0, 59, True, False)),
    ("quackle capp", ">Brian: CNNTU?? 8b NoCTUrN +70 70",
     ("Brian", "play", "CNNTU??", "8b", "NoCTUrN", None, 70, 70, False, False)),
    ("quackle capp", ">Pakorn: AFFIABE e8 TAFFIA +24 24",
     ("Pakorn", "play", "AFFIABE", "e8", "TAFFIA", None, 24, 24, False, False)),
    ("quackle capp", ">Brian: ACDEJOQ   (challenge) +5 339",
     ("Brian", "challenge_bonus", "ACDEJOQ", None, None, None, 5, 339, False, False)),
    ("quackle capp", ">Brian:    (ENOR) +8 481",
     ("Brian", "end_rack_points", None, None, "ENOR", None, 8, 481, False, False)),
    ("quackle boys1", ">Quackle: DEMJNOT  8d   JETON           +40   40  ",
     ("Quackle", "play", "DEMJNOT", "8d", "JETON", None, 40, 40, False, False)),
    ("quackle boys1", ">Quackle: BEDGMNP  7e   BEDIM           +26   66  BE, ET, DO",
     ("Quackle", "play", "BEDGMNP", "7e", "BEDIM", None, 26, 66, False, False)),
    ("quackle boys1", ">David:               (DATSXK)        +36  443  ",
     ("David", "end_rack_points", None, None, "DATSXK", None, 36, 443, False, False)),
    ("quackle boys4", ">David: CDNRRST       -CDNRT           +0   38  ",
     ("David", "exchange", "CDNRRST", None, "CDNRT", None, 0, 38, False, False)),
    ("quackle fivepoint", ">Ganesh: T             (T)              -1  452",
     ("Ganesh", "end_rack_penalty", "T", None, "T", None, -1, 452, False, False)),
    ("quackle fivepoint", ">Paul: ARTEQ?G  (challenge) +5 74",
     ("Paul", "challenge_bonus", "ARTEQ?G", None, None, None, 5, 74, False, False)),
    ("macondo polish_endgame (numeric nick)", ">1: AHIJOUY --  -20 0",
     ("1", "phony_withdrawn", "AHIJOUY", None, None, None, -20, 0, False, False)),
    ("magpie success_long_game", ">Josh: ?EEKMTT -  +0 368",
     ("Josh", "pass", "?EEKMTT", None, None, None, 0, 368, False, False)),
    ("magpie end_points_rack_malformed (kept raw)", ">RightBehindYou: (#) +2 378",
     ("RightBehindYou", "end_rack_points", None, None, "#", None, 2, 378, False, False)),
    ("magpie malformed_challenge_rack (kept raw)", ">Eric: ~!# (challenge) +5 100",
     ("Eric", "challenge_bonus", "~!#", None, None, None, 5, 100, False, False)),
    ("macondo puzzles bingo_nine_or_above", ">Alice: CEELORT 3A ELECTRO........ +94 208",
     ("Alice", "play", "CEELORT", "3A", "ELECTRO........", None, 94, 208, False, False)),
    # Forms seen in readers, not in the corpus: count exchange, bare pass, missing numbers.
    ("quackle -N blind exchange", ">doug: ABCDEFG -7 +0 12",
     ("doug", "exchange", "ABCDEFG", None, None, 7, 0, 12, False, False)),
    ("quackle -0 is a pass", ">doug: ABCDEFG -0 +0 12",
     ("doug", "pass", "ABCDEFG", None, None, None, 0, 12, False, False)),
    ("quackle: no score, no cumulative", ">doug: AEJNOSV E3 JAVE..N",
     ("doug", "play", "AEJNOSV", "E3", "JAVE..N", None, None, None, False, False)),
    ("score without cumulative", ">doug: AEJNOSV E3 JAVE..N +34",
     ("doug", "play", "AEJNOSV", "E3", "JAVE..N", None, 34, None, False, False)),
    ("cumulative without score", ">doug: AEJNOSV E3 JAVE..N 66",
     ("doug", "play", "AEJNOSV", "E3", "JAVE..N", None, None, 66, False, False)),
    ("negative cumulative on a play", ">doug: AEJNOSV E3 JAVE..N +34 -12",
     ("doug", "play", "AEJNOSV", "E3", "JAVE..N", None, 34, -12, False, False)),
    ("play with an empty rack field", ">doug:  8D WINDY +32 32",
     ("doug", "play", None, "8D", "WINDY", None, 32, 32, False, False)),
    ("tabs between tokens", ">doug:\tDINNVWY\t8D\tWINDY\t+32\t32",
     ("doug", "play", "DINNVWY", "8D", "WINDY", None, 32, 32, False, False)),
    ("(TIME) is a rack, not the time pragma", ">doug: (TIME) +12 400",
     ("doug", "end_rack_points", None, None, "TIME", None, 12, 400, False, False)),
    ("international out-play adjustment (GCG.md §6)", ">doug: EGOP (EGOP) -7 451",
     ("doug", "end_rack_penalty", "EGOP", None, "EGOP", None, -7, 451, False, False)),
]


@pytest.mark.parametrize(("source", "line", "expected"), EVENT_FORMS, ids=[f[0] for f in EVENT_FORMS])
def test_event_forms(source, line, expected):
    nick = expected[0]
    record = read_gcg(game(line, a=nick, b="zz_other"))
    assert [p for p in record.problems if p.kind == "parse"] == []
    (event,) = record.events
    assert fields(event) == expected
    assert (event.line, event.raw) == (3, line)
    # ... and the event survives the writer.
    (again,) = read_gcg(write_gcg(record).encode()).events
    assert fields(again) == expected


MALFORMED = [
    # line, what the message says
    (">Josh: ADEIINR DAIN.IER +86 108", "not a coordinate"),  # magpie no_matching_token, line 10
    (">doug: AEJNOSV E3 JAVE..N forty 66", "expected a score"),
    (">doug: AEJNOSV E3", "without a word"),
    (">doug: AEJNOSV", "no move"),
    (">doug:", "nothing after the nickname"),
    (">doug AEJNOSV E3 JAVE..N +34 66", "without '>nick:'"),
    (">doug: AEJNOSV ---X +0 3", "neither '--'"),
    (">doug: (OPEG +14 345", "unclosed parenthesis"),
    (">doug: AEJNOSV E3 JAVE..N +99999999999 3", "expected a score"),
    ("just some words", "not a pragma"),
    ("#", "empty pragma"),
]


@pytest.mark.parametrize(("line", "message"), MALFORMED)
def test_malformed_lines_are_problems_with_line_numbers(line, message):
    record = read_gcg(game(">doug: DINNVWY 8D WINDY +32 32", line, ">emely: ADEEGIL 7C GALE +16 16"))
    assert [(e.line, e.kind) for e in record.events] == [(3, "play"), (5, "play")]
    (problem,) = record.problems
    assert (problem.line, problem.kind, problem.text) == (4, "parse", line)
    assert message in problem.message
    assert str(problem).startswith("line 4: ")


# ---------------------------------------------------------------------------------------------
# Encodings, BOM, line ends

def test_latin1_without_header_is_the_default():
    record = read_gcg((GAMES / "gcg_latin1.gcg").read_bytes())
    assert record.encoding == "latin-1"
    assert [(p.nick, p.name) for p in record.players] == [("césar", "César Del Solar"), ("hércules", "Hércules")]
    assert record.events[0].nick == "césar" and record.events[1].notes == ["¡olé!"]
    assert record.problems == []


def test_utf8_with_header():
    data = "#character-encoding UTF-8\n#player1 césar césar\n#player2 doug doug\n>césar: DINNVWY 8D WINDY +32 32\n"
    record = read_gcg(data.encode("utf-8"))
    assert (record.encoding, record.players[0].nick, record.problems) == ("utf-8", "césar", [])


@pytest.mark.parametrize("declaration", ["UTF-8", "utf8", "Utf-8", "UTF8"])
def test_utf8_declaration_any_case(declaration):
    record = read_gcg(f"#character-encoding {declaration}\n#player1 ñu ñu\n".encode("utf-8"))
    assert record.encoding == "utf-8" and record.players[0].nick == "ñu"


def test_iso_8859_1_declaration():
    record = read_gcg("#character-encoding iso-8859-1\n#player1 ñu ñu\n".encode("latin-1"))
    assert (record.encoding, record.players[0].nick, record.problems) == ("latin-1", "ñu", [])


def test_utf8_without_header_is_detected():
    record = read_gcg("#player1 césar césar\n#player2 doug doug\n>césar: DINNVWY 8D WINDY +32 32\n".encode())
    assert (record.encoding, record.players[0].nick, record.problems) == ("utf-8 (no header)", "césar", [])
    assert record.events[0].nick == "césar"


def test_weird_declared_encoding_is_a_problem_and_latin1():
    # macondo name_weird_encoding_with_header.gcg: UTF-8 bytes under an ISO8859-6 declaration.
    data = "#character-encoding ISO8859-6\n#player1 césar césar\n#player2 doug doug\n".encode("utf-8")
    record = read_gcg(data)
    assert record.encoding == "latin-1"
    assert record.players[0].nick == "cÃ©sar"
    (problem,) = record.problems
    assert (problem.line, problem.kind) == (1, "encoding") and "ISO8859-6" in problem.message


def test_encoding_not_on_first_line_is_reported_and_honoured():
    data = "#player1 césar césar\n#character-encoding UTF-8\n#player2 doug doug\n".encode("utf-8")
    record = read_gcg(data)
    assert record.encoding == "utf-8" and record.players[0].nick == "césar"
    assert [(p.line, p.kind) for p in record.problems] == [(2, "encoding")]


def test_invalid_utf8_line_in_a_utf8_file_is_read_as_latin1_and_reported():
    data = b"#character-encoding UTF-8\n#player1 c\xe9sar c\xe9sar\n#player2 doug doug\n"
    record = read_gcg(data)
    assert record.players[0].nick == "césar"
    assert [(p.line, p.kind) for p in record.problems] == [(2, "encoding")]


def test_bom_crlf_and_blank_line_inside_a_note():
    record = read_gcg((GAMES / "gcg_bom_crlf.gcg").read_bytes())
    assert record.encoding == "utf-8 (no header)"
    assert [p.nick for p in record.players] == ["úrsula", "arcadio"]
    assert [e.line for e in record.events] == [3, 8]
    assert record.events[0].notes == ["first paragraph\n\nsecond paragraph"]
    assert record.events[0].note_lines == [4]
    assert record.problems == []


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r", b"\r\r\n"])
def test_any_line_end(newline):
    lines = [b"#player1 doug doug", b"#player2 emely emely", b">doug: DINNVWY 8D WINDY +32 32",
             b">emely: ADEEGIL 7C GALE +16 16"]
    record = read_gcg(newline.join(lines))  # no final newline either
    assert [(e.nick, e.score) for e in record.events] == [("doug", 32), ("emely", 16)]
    assert record.problems == []


def test_utf16_is_not_a_game_record():
    with pytest.raises(GcgError, match="UTF-16"):
        read_gcg("#player1 a a\n".encode("utf-16"))


# ---------------------------------------------------------------------------------------------
# Notes, pragmata, players

def test_multiline_note_and_note_before_events():
    # magpie *.gcg "#note this / is / a / multiline / note"; magpie note_before_events.gcg.
    data = game("#note Scrabble Soiree at Sammy's, Round 6.", ">doug: DINNVWY 8D WINDY +32 32",
                "#note this", "is", "a", "", "multiline", "note  ", "", "", "#note second note",
                ">emely: ADEEGIL 7C GALE +16 16")
    record = read_gcg(data)
    assert record.notes == ["Scrabble Soiree at Sammy's, Round 6."] and record.note_lines == [3]
    assert record.events[0].notes == ["this\nis\na\n\nmultiline\nnote", "second note"]
    assert record.events[0].note_lines == [5, 13]
    assert [(p.line, p.kind) for p in record.problems] == [(3, "structure")]
    assert semantic(read_gcg(write_gcg(record).encode())) == semantic(record)


# A multi-line note cost the square of its length in copying (its bench row measures that): each
# continued note stays whole and in its place among the event's notes.
def test_a_continued_note_keeps_its_place_among_the_event_s_notes() -> None:
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8D CAB +14 14\n#note one\ntwo\n\nthree\n"
                      b"#note four\n#note five\nsix\n>b: ABCDEFG - +0 0\n")
    assert record.events[0].notes == ["one\ntwo\n\nthree", "four", "five\nsix"]


def test_header_pragma_after_events_and_repeated_pragmas():
    data = game("#title first", "#title second", ">doug: DINNVWY 8D WINDY +32 32",
                "#description late", "#description more")
    record = read_gcg(data)
    assert record.title == "first" and record.description == "late\nmore"
    assert [(p.line, p.kind) for p in record.problems] == [(4, "structure"), (6, "structure"), (7, "structure")]


def test_unknown_pragmata_are_kept_in_place():
    data = game("#style wsc2001", "#incomplete ", ">doug: DINNVWY 8D WINDY +32 32", "#game-board 15x15",
                ">emely: ADEEGIL 7C GALE +16 16", "#rack1 AEEIILZ")
    record = read_gcg(data)
    assert [(k, v) for _, k, v in record.extra_pragmas()] == [("style", "wsc2001"), ("incomplete", ""),
                                                               ("game-board", "15x15")]
    assert [k for _, k, _ in record.pragmas] == ["player1", "player2", "style", "incomplete", "game-board", "rack1"]
    assert record.racks == {1: "AEEIILZ"}
    text = write_gcg(record)
    assert "#incomplete\n>doug:" in text and "+32 32\n#game-board 15x15\n>emely" in text
    assert semantic(read_gcg(text.encode())) == semantic(record)


def test_players_problems():
    data = ("#player1 Tim Tim Weiss\n#player2 Tim Josh Castellano\n#player1 Jo Jo\n#player4 lone\n#player5\n"
            ">Tim: AEITW 8D WAITE +24 24\n>Jack: KLMORTV 4D VOLK +33 433\n>Jack: R E3 R.. +4 393\n").encode()
    record = read_gcg(data)
    assert [(p.number, p.nick, p.name) for p in record.players] == [(1, "Tim", "Tim Weiss"),
                                                                    (2, "Tim", "Josh Castellano"),
                                                                    (4, "lone", "lone")]
    assert [e.nick for e in record.events] == ["Tim", "Jack", "Jack"]  # strays are still returned
    messages = [(p.line, p.message) for p in record.problems]
    assert messages == [
        (1, "player numbers are [1, 2, 4], not 1..3"),
        (2, "nickname 'Tim' is used by two players"),
        (3, "#player1 repeated (the first one is used)"),
        (5, "#player5 has no nickname"),
        (7, "'Jack' is not a player's nickname (2 events, lines 7-8)"),
    ]


@needs_corpus
def test_quackle_four_players():
    path = CORPUS / "gcg" / "quackle" / "test_positions_multiplayer-crash.gcg"
    record = read_gcg(path.read_bytes(), name=path.name)
    assert [(p.number, p.nick, p.name) for p in record.players] == [
        (1, "Mark_Ogden", "Mark Ogden"), (2, "Chappy", "Chappy"),
        (3, "Nicole_Gorham", "Nicole Gorham"), (4, "Daniel_Southam", "Daniel Southam")]
    assert len(record.events) == 17 and record.racks == {2: "AABLLNS"} and record.problems == []
    assert {e.nick for e in record.events} == {p.nick for p in record.players}


def test_catalan_three_players_and_tile_lines():
    record = read_gcg((GAMES / "gcg_catalan_three_players.gcg").read_bytes())
    assert record.problems == []
    assert [p.nick for p in record.players] == ["anna", "jordi", "núria"]
    assert record.multichar_tiles == ["L·L", "NY", "QU"] and record.tile_distribution == "catalan"
    assert [e.kind for e in record.events[-4:]] == ["end_rack_points", "end_rack_points",
                                                     "end_rack_penalty", "end_rack_penalty"]
    text = write_gcg(record)
    assert "#tile-distribution catalan\n#tile L·L l·l\n#tile NY ny\n#tile QU qu\n#player1" in text
    assert "#player3 núria Núria Soler\n" in text


# ---------------------------------------------------------------------------------------------
# Writer

def test_writer_canonical_form():
    data = ("#player1 Quackle Quackle Computer\n#player2 David David Boys\n#title 2006 Showdown\n"
            "#lexicon TWL06\n>Quackle: DEMJNOT  8d   JETON           +40   40  \n"
            ">David:               (DATSXK)        +36  443  \n").encode("latin-1")
    text = write_gcg(read_gcg(data))
    assert text == ("#character-encoding UTF-8\n#title 2006 Showdown\n#lexicon TWL06\n"
                    "#player1 Quackle Quackle Computer\n#player2 David David Boys\n"
                    ">Quackle: DEMJNOT 8d JETON +40 40\n>David:  (DATSXK) +36 443\n")


def test_writer_applies_canonical_tiles_and_declares_multichar_tiles():
    record = read_gcg(game("#tile-distribution spanish", ">doug: 1AEIRS? 8D 1ICO +20 20",
                           ">emely: ABC -B +0 0", ">emely:  (1) +10 30"))
    # (The tile set's labels come from adjudicate.tiles: the writer knows no tile set.)
    text = write_gcg(record, canonical_tiles=lambda s: s.replace("1", "[CH]"),
                     multichar_tiles=get_alphabet("spanish").multichar_labels)
    assert "#tile-distribution spanish\n#tile [CH] [ch]\n#tile [LL] [ll]\n#tile [RR] [rr]\n" in text
    assert ">doug: [CH]AEIRS? 8D [CH]ICO +20 20\n" in text and ">emely:  ([CH]) +10 30\n" in text
    assert "#tile X x\n" in write_gcg(record, multichar_tiles=["X"])


def test_writer_refuses_a_nick_it_cannot_write():
    record = GameRecord(players=[Player(1, "two words", "x")])
    with pytest.raises(GcgError, match="nickname"):
        write_gcg(record)


# ---------------------------------------------------------------------------------------------
# Not a game record; garbage never raises anything but GcgError

@pytest.mark.parametrize(("data", "message"), [
    (b"", "empty"),
    (b"\n\r\n  \t\n", "empty"),
    (b"\x00\x01\x02\x03PNG\x00\x00", "binary"),
    (b"hello world\n", "no #player line"),
    (b"#title only a title\n", "no #player line"),
])
def test_not_a_game_record(data, message):
    with pytest.raises(GcgError, match=message):
        read_gcg(data, name="x.gcg")


def test_ten_megabyte_line():
    huge = b">doug: " + b"A" * 10_000_000
    record = read_gcg(game(">doug: DINNVWY 8D WINDY +32 32") + huge + b"\n" + b">emely: ADEEGIL 7C GALE +16 16\n")
    assert [e.line for e in record.events] == [3, 5]
    (problem,) = record.problems
    assert problem.line == 4 and problem.kind == "parse" and len(problem.text) <= 200
    with pytest.raises(GcgError):
        read_gcg(b"x" * 10_000_000)


def test_garbage_lines_inside_a_game():
    rng = random.Random(2024)
    garbage = bytes(rng.randrange(256) for _ in range(3000)).replace(b"\n", b"").replace(b"\r", b"")
    data = game(">doug: DINNVWY 8D WINDY +32 32", "#note a note").replace(b"a note\n", b"a note\n" + garbage + b"\n")
    data += b">emely: ADEEGIL 7C GALE +16 16\n"
    record = read_gcg(data)
    assert [e.nick for e in record.events] == ["doug", "emely"]
    assert record.events[0].notes == ["a note"]
    assert [(p.line, p.kind) for p in record.problems] == [(5, "parse")]
    assert len(record.problems[0].text) <= 200


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise_anything_but_gcgerror(data):
    try:
        record = read_gcg(data)
        write_gcg(record)
    except GcgError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([
    "#player1 doug doug", "#player2 emely emely", "#player3 x", ">doug: DINNVWY 8D WINDY +32 32",
    ">emely: DEIILTZ --  -24 55", ">emely:  (OPEG) +14 345", "#note n", "continued", "", "  ",
    ">x: UNKNOWN (challenge) +5 5", "#rack1 ABC", "#title t", "garbage", ">doug: A -7", "\x00",
    "#character-encoding UTF-8", "#description d", ">doug: ? - +0 -3 tail", "#style s",
]), max_size=30), st.sampled_from(["\n", "\r\n", "\r"]))
def test_assembled_lines_read_and_round_trip(lines, newline):
    try:
        record = read_gcg(newline.join(lines).encode("utf-8"))
    except GcgError:
        return
    again = read_gcg(write_gcg(record).encode("utf-8"))
    assert semantic(again) == semantic(record)


# ---------------------------------------------------------------------------------------------
# The corpus

@needs_corpus
@pytest.mark.parametrize("path", CORPUS_GCG, ids=[f"{p.parent.name}/{p.name}" for p in CORPUS_GCG])
def test_corpus_reads_and_round_trips(path):
    try:
        record = read_gcg(path.read_bytes(), name=path.name)
    except GcgError as err:
        assert path.name == "empty.gcg", err
        return
    assert record.players
    assert not [p for p in record.problems if p.kind == "parse"] or path.name == "no_matching_token.gcg"
    text = write_gcg(record)
    again = read_gcg(text.encode("utf-8"))
    assert semantic(again) == semantic(record)
    assert write_gcg(again) == text
    assert [(p.kind, p.message) for p in again.problems if p.kind == "parse"] == []


# Files whose reading gives problems, and which (every other corpus file reads without any).
CORPUS_PROBLEMS = {
    "macondo/name_weird_encoding_with_header.gcg": [(1, "encoding")],
    "magpie-data/unsupported_character_encoding.gcg": [(1, "encoding")],
    "magpie-data/encoding_wrong_place.gcg": [(20, "encoding")],
    "magpie-data/no_matching_token.gcg": [(10, "parse")],
    "magpie-data/description_after_events.gcg": [(31, "structure")],
    "magpie-data/move_before_player.gcg": [(4, "structure")],
    "magpie-data/redundant_pragma.gcg": [(5, "structure")],
    "magpie-data/note_before_events.gcg": [(4, "structure")],
    "magpie-data/event_after_last_rack.gcg": [(36, "structure")],
    "magpie-data/duplicate_nicknames.gcg": [(3, "structure"), (6, "structure")],
    "magpie-data/player_number_redundant.gcg": [(3, "structure"), (6, "structure")],
    "magpie-data/player_does_not_exist.gcg": [(30, "structure")],
    "quackle/test_positions_consonant_heaviness_tendency.gcg": [(2, "structure")],
}


@needs_corpus
def test_corpus_problems_are_the_expected_ones():
    found = {}
    for path in CORPUS_GCG:
        try:
            record = read_gcg(path.read_bytes())
        except GcgError:
            continue
        if record.problems:
            found[f"{path.parent.name}/{path.name}"] = [(p.line, p.kind) for p in record.problems]
    assert found == CORPUS_PROBLEMS


@needs_corpus
def test_corpus_encodings():
    def enc(name):
        return read_gcg((CORPUS / "gcg" / name).read_bytes()).encoding
    assert enc("macondo/name_iso8859-1.gcg") == "latin-1"
    assert enc("macondo/name_utf8_noheader.gcg") == "utf-8 (no header)"
    assert enc("macondo/name_utf8_with_header.gcg") == "utf-8"
    assert read_gcg((CORPUS / "gcg/macondo/name_iso8859-1.gcg").read_bytes()).players[0].nick == "césar"
    assert read_gcg((CORPUS / "gcg/macondo/utf8_dos.gcg").read_bytes()).events[9].notes == [
        "tennises dentines way more points\nsince ive been behind  and the board is not open, ive made "
        "decision to do that risky play. win or lose. will it work?"]


def test_nick_with_a_colon_round_trips():
    record = read_gcg(b"#player1 a:b A\n#player2 c: C\n>a:b: DINNVWY 8D WINDY +32 32\n>c:: AB - +0 0\n")
    assert [e.nick for e in record.events] == ["a:b", "c:"] and record.problems == []
    assert semantic(read_gcg(write_gcg(record).encode())) == semantic(record)


# -- the reader's fast path (one regular expression for the common lines) against the full parser --

FAST_FORMS = [
    ">doug: DINNVWY 8D WINDY +32 32",
    ">doug: ?DINNVW h8 wINDY +32 32",
    ">doug: AEINRST 8D .INDY +30 62 WINDY HE",  # trailing cross-word list
    ">emely: DEIILTZ - +0 55",
    ">emely: DEIILTZ -DIZ +0 55",
    ">emely: DEIILTZ -- -24 31",
    ">emely: DEIILTZ -- +0 31",  # the old phony form
    ">emely: DEIILTZ (challenge) +5 60",
    ">emely:   DEIILTZ\t8D   ZED  +32  -5",
    ">emely:   DEIILTZ  8D   ZED  +32  -5   ZEDS, ED",
    ">a:b: DINNVWY 8D WINDY +32 32",  # nicks with a colon
    ">c:: AB - +0 0",
]


def test_fast_path_reads_what_the_full_parser_reads() -> None:
    """Every event the fast path reads equals what _parse_event makes of the same line (all fields:
    a field the fast path forgot to set fails the comparison), for typical forms and every event
    line of the corpus. Both of its patterns: the one for ASCII text with no white space but " ",
    and the one a tab anywhere in the text (here on a blank last line) makes the reader use."""
    from adjudicate.gcg import _FAST_EVENT_RE, _FAST_SPACED_EVENT_RE, _parse_event

    for line in FAST_FORMS:
        assert _FAST_EVENT_RE.match(line) is not None, line
        assert "\t" in line or _FAST_SPACED_EVENT_RE.match(line) is not None, line
    lines = list(FAST_FORMS)
    for path in CORPUS_GCG:
        lines += [line for line in path.read_bytes().decode("latin-1").splitlines() if line.startswith(">")]
    compared = 0
    for line in lines:
        for record in (read_gcg(game(line)), read_gcg(game(line, "\t"))):
            if not record.events:
                continue
            assert record.events[0] == _parse_event(line, 3), line
            compared += 1
    assert compared >= 2 * len(FAST_FORMS)


def test_a_score_without_its_sign_before_the_cumulative():
    """"16 48" was read as a cumulative of 16 (the 48 dropped as a trailing word list): the play's
    score 16, against 12 computed, was never reported."""
    record = read_gcg(game(">doug: ABEIRST 7C AB 16 48"))
    assert not record.problems
    assert (record.events[0].score, record.events[0].cumulative) == (16, 48)
    lone = read_gcg(game(">doug: ABEIRST 7C AB 48"))  # one number: the cumulative, as before
    assert (lone.events[0].score, lone.events[0].cumulative) == (None, 48)


@pytest.mark.parametrize("cumulative", ["2A", "32x", "32,", "+3-2"])
def test_a_spoiled_cumulative_is_a_problem_not_a_missing_one(cumulative: str):
    record = read_gcg(game(f">doug: DINNVWY 8D WINDY +32 {cumulative}"))
    assert [(p.line, p.message) for p in record.problems] == [
        (3, f"cumulative '{cumulative}' is not a number")]
    words = read_gcg(game(">doug: DINNVWY 8D WINDY +32 32 WINDY,AX"))  # a trailing word list
    assert not words.problems and words.events[0].cumulative == 32


def test_an_indented_event_after_a_note_is_an_event():
    """It was swallowed into the note: the time penalty vanished."""
    record = read_gcg(game(">doug: DINNVWY 8D WINDY +32 32", "#note overtime 01:30",
                           "  >doug: (time) -20 12", "  and a note's own indented line"))
    assert [e.kind for e in record.events] == ["play", "time_penalty"]
    assert record.events[0].notes == ["overtime 01:30"]
    assert [p.line for p in record.problems] == [6]  # the indented text after the event: no note


def test_utf8_without_header_and_one_latin1_line_keeps_the_utf8_lines():
    """The whole file was read as Latin-1: AÑO became AÃ\x91O (a tile Ã, not Spanish) and the nicks
    and names mangled, with no word of why. Now only the bad line is Latin-1, reported."""
    data = ("#player1 ana Ana Núñez\n#player2 pep Pep\n>pep: ?AEÑORS 8F AÑO +20 20\n").encode()
    data += "#note ¡olé!\n".encode("latin-1")
    record = read_gcg(data)
    assert record.encoding == "utf-8 (no header)"
    assert record.players[0].name == "Ana Núñez" and record.events[0].tiles == "AÑO"
    assert [(p.line, p.kind) for p in record.problems] == [(4, "encoding")]
    assert record.events[0].notes == ["¡olé!"]
    latin1 = "#player1 ana Ana Núñez\n#player2 pep Pep\n>pep: ?AEÑORS 8F AÑO +20 20\n".encode("latin-1")
    plain = read_gcg(latin1)  # no line of UTF-8: a Latin-1 file, as before
    assert plain.encoding == "latin-1" and not plain.problems and plain.events[0].tiles == "AÑO"


# -- hostile game records: exit 2 with a message, memory bounded ------------------------------------

TWO_PLAYERS = b"#player1 a A\n#player2 b B\n"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (bytes(range(256)) * 40, "binary data (NUL bytes)"),
        (b"\x00" * 5000, "binary data (NUL bytes)"),
        (b"#player1 a\x00b A\n>a\x00: \x00\x00\n", "binary data (NUL bytes)"),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(1, 256)) * 30, "not a game record"),
        (b"\xff\xfe#\x00p\x00l\x00", "UTF-16"),
        (b"#player1 a A " * 400_000, "line 1 has 5,200,000 characters (at most 65,536 are read)"),
        (b"x" * (3 << 20), "line 1 has 3,145,728 characters"),
        (b"\n" * 50_000, "the file is empty"),
        (b"\n" * 200_000, "200,000 lines (a game record has at most 100,000)"),
        (TWO_PLAYERS + b"#note x\n" * 150_000, "150,002 lines (a game record has at most 100,000)"),
    ],
    ids=["all-bytes", "nul-bytes", "nul-in-lines", "png", "utf16", "one-line-5MB", "one-line-3MB", "newlines",
         "200k-newlines", "too-many-lines"],
)
@pytest.mark.parametrize("how", ["file", "stdin"])
def test_hostile_game_records_exit_2(tmp_path: Path, data: bytes, message: str, how: str, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "hostile.gcg"
    path.write_bytes(data)
    result = cli(["rescore", str(path)] if how == "file" else ["rescore", "-"], data if how == "stdin" else None)
    assert result.exit_code == 2, result.output
    assert message in error_line(result)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path, monkeypatch, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    """17 MiB (sparse: no disk used): refused from its size; not one byte read."""
    path = tmp_path / "huge.gcg"
    with open(path, "wb") as handle:
        handle.truncate(17 << 20)
    import builtins

    real_open = builtins.open
    reads: list[int] = []

    class Spy:
        def __init__(self, handle):  # type: ignore[no-untyped-def]
            self.handle = handle

        def __enter__(self):  # type: ignore[no-untyped-def]
            return self

        def __exit__(self, *exc):  # type: ignore[no-untyped-def]
            self.handle.close()

        def fileno(self) -> int:
            return self.handle.fileno()

        def read(self, n: int = -1) -> bytes:
            reads.append(n)
            return self.handle.read(n)

    monkeypatch.setattr(builtins, "open", lambda p, *a, **k: Spy(real_open(p, *a, **k)) if str(p) == str(path)
                        else real_open(p, *a, **k))
    result = cli(["rescore", str(path)])
    assert result.exit_code == 2
    assert "not read: 17,825,792 bytes, and a game record is at most 16 MiB" in error_line(result)
    assert reads == []


def test_stdin_over_the_limit_is_refused_having_read_no_more_than_the_limit() -> None:
    from adjudicate.cli.common import read_input

    class Endless:
        """A stdin that never ends (a runaway pipe): counts what is read."""

        def __init__(self) -> None:
            self.given = 0

        def read(self, n: int = -1) -> bytes:
            assert n >= 0, "read() of everything: memory unbounded"
            self.given += n
            return b"x" * n

    import sys
    import types

    endless = Endless()
    saved = sys.stdin
    sys.stdin = types.SimpleNamespace(buffer=endless)  # type: ignore[assignment]
    try:
        with pytest.raises(GcgError, match="more than 16,777,216 bytes"):
            read_input("-")
    finally:
        sys.stdin = saved
    assert endless.given == gcg.MAX_BYTES + 1


def test_a_file_that_does_not_know_its_size_is_read_whole_up_to_the_limit(tmp_path, monkeypatch) -> None:
    """read_input asks for the size fstat gives, plus one byte: a file with more than its size says
    (one that grew; /proc files say 0) is read on to the end, and no further than the limit."""
    import os
    import types

    from adjudicate.cli import common

    data = (Path(__file__).parent / "data" / "games" / "fx_naspa_scoreless.gcg").read_bytes()
    path = tmp_path / "g.gcg"
    path.write_bytes(data)
    real_fstat = os.fstat
    regular = 0o100644  # (open_regular looks at the mode)
    monkeypatch.setattr(os, "fstat", lambda fd: types.SimpleNamespace(st_size=3, st_mode=regular))
    assert common.read_input(str(path)) == data
    monkeypatch.setattr(os, "fstat", lambda fd: types.SimpleNamespace(st_size=0, st_mode=regular))
    assert common.read_input(str(path), limit=len(data)) == data
    with pytest.raises(GcgError, match="more than"):
        common.read_input(str(path), limit=len(data) - 1)
    monkeypatch.setattr(os, "fstat", real_fstat)
    assert common.read_input(str(path)) == data


def test_the_library_refuses_more_than_the_limit_too() -> None:
    with pytest.raises(GcgError, match="not read: 16,777,217 bytes"):
        gcg.read_gcg(b" " * (gcg.MAX_BYTES + 1))


BIG = "9" * 5000  # beyond Python's 4,300-digit int() limit: a ValueError that is no AdjudicateError
HUGE = "1" + "0" * 400  # 10**400


@pytest.mark.parametrize("field", [f"+{HUGE} {HUGE}", f"+10 {HUGE}", f"+{BIG} 10"])
def test_huge_numbers_in_a_record_are_a_parse_discrepancy(field: str, cli) -> None:  # type: ignore[no-untyped-def]
    """A score of 10**400 on one line of a game: that line cannot be read (a `parse` discrepancy:
    exit 1, the rest of the game is still checked), and the message quotes it cut short."""
    data = TWO_PLAYERS + f">a: ABCDEFG 8H CAB {field}\n>b: HIJKLMN 9G HI +11 11\n".encode()
    report = rescore_game(read_gcg(data))
    parse = [d for d in report.discrepancies if d.kind == "parse"]
    assert [d.line for d in parse] == [3]
    assert len(parse[0].message) < 400
    result = cli(["rescore", "-"], data)
    assert result.exit_code == 1


def test_reading_a_record_leaves_the_module_as_it_was():
    """The reader keeps nothing between records (issue 27: the cache of int() results it filled,
    1.6% of a game, is gone): the module's tables are the same after reading a game as before."""
    text = b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8D FACE +22 22\n>b: HIJKLMN - +0 22\n"
    tables = {name: repr(value) for name, value in vars(gcg).items() if isinstance(value, (dict, list, set))}
    record = read_gcg(text)
    assert [(e.score, e.cumulative) for e in record.events] == [(22, 22), (0, 22)]
    assert {name: repr(value) for name, value in vars(gcg).items()
            if isinstance(value, (dict, list, set))} == tables


def test_an_event_kind_is_an_event_kind():
    """GcgEvent.kind is a kinds.EventKind (issue 27: strings compared in some fifty places), which
    reads, compares and is written as its text, so reports do not change."""
    import json

    from adjudicate.kinds import EventKind

    text = b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8D FACE +22 22\n>b: HIJKLMN - +0 0\n>a: ABCDEFG -- -22 0\n"
    kinds = [e.kind for e in read_gcg(text).events]
    assert kinds == [EventKind.PLAY, EventKind.PASS, EventKind.PHONY_WITHDRAWN]
    assert all(isinstance(kind, EventKind) for kind in kinds)
    assert kinds == ["play", "pass", "phony_withdrawn"] and json.dumps(kinds[0]) == '"play"'
    assert gcg.EVENT_KINDS == tuple(EventKind)
