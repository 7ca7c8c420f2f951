"""canonical_gcg: records written the one strict way (GCG.md §10), expectations worked out by hand.

Scores in the records below were counted by hand on the standard board (8D BAFFIE: B on the DL at
D8, the centre's DW: (6+1+4+4+1+1)x2 = 34; D8 BAILERS through the B, DW at D12: 9x2 = 18; H6 SKI
through the I: 1+5+1 = 7), so the replay agrees with every line and the report's numbers can be
compared before and after. A Spanish record comes out in the bracketed spelling whichever it
was written in (the game and its scores: tests/test_replay.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicate.canonical import canonical_gcg
from adjudicate.errors import AdjudicateError, GcgError
from adjudicate.gcg import read_gcg
from adjudicate.gcgwriter import write_gcg
from adjudicate.recount import rescore_game
from adjudicate.rules import FISE, find_ruleset

_CORPUS = Path(os.environ.get("ADJUDICATE_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
CORPUS_FILES = sorted(p.relative_to(_CORPUS / "gcg").as_posix() for p in (_CORPUS / "gcg").glob("*/*.gcg"))


def canon(data: bytes, **kwargs) -> str:
    return canonical_gcg(read_gcg(data), **kwargs)


def again(text: str) -> str:
    """canonical -> read -> canonical."""
    return canonical_gcg(read_gcg(text.encode("utf-8")))


def numbers(report) -> tuple:
    """What a report says, line numbers aside (the canonical header moves lines): per event its
    kind, player, computed score and both cumulatives; the discrepancies by event index; the
    finals, the ending and the winners."""
    return (
        report.ruleset,
        [(e.kind, e.player, e.computed_score, e.recorded_cumulative, e.computed_cumulative) for e in report.events],
        [(d.kind, d.recorded, d.computed, d.player) for d in report.discrepancies],
        [(p.nick, p.recorded_final, p.computed_final) for p in report.players],
        report.ending,
        report.winners,
    )


QUACKLE = (
    b"#player1 ann Ann Smith\n"
    b"#player2 bob Bob Jones\n"
    b">ann: ABEFFIT   8d   BAFFIE   +34   34  BA, FIE\n"  # column-aligned, a cross-word tail
    b">bob: AEILRST d8 BAILERS +18 18\n"  # B played through, written as the letter (Quackle)
    b">ann: AEKRST? h6 SKI +7 41\n"  # I played through
    b">ann: AEKRST? -- +0 34\n"  # the old withdrawal form, cumulative set back
)


def test_quackle_record_gets_dots_uppercase_coordinates_and_the_new_phony_form():
    assert canon(QUACKLE) == (
        "#character-encoding UTF-8\n"
        "#player1 ann Ann Smith\n"
        "#player2 bob Bob Jones\n"
        ">ann: ABEFFIT 8D BAFFIE +34 34\n"
        ">bob: AEILRST D8 .AILERS +18 18\n"
        ">ann: AEKRST? H6 SK. +7 41\n"
        ">ann: AEKRST? -- -7 34\n"
    )


def test_the_new_phony_form_rescores_as_the_old_one():
    before = rescore_game(read_gcg(QUACKLE))
    after = rescore_game(read_gcg(canon(QUACKLE).encode()))
    assert before.discrepancies == after.discrepancies == []
    assert numbers(before) == numbers(after)
    assert [p.computed_final for p in after.players] == [34, 18]
    assert after.events[-1].recorded_score == -7 and before.events[-1].recorded_score == 0


def test_old_phony_form_is_kept_when_the_withdrawn_score_is_unknown():
    # The line before the withdrawal is a pass: there is no play to take the score from.
    data = (b"#player1 ann Ann\n#player2 bob Bob\n>ann: ABEFFIT 8d BAFFIE +34 34\n"
            b">bob: AEILRST - +0 0\n>bob: AEILRST -- +0 0\n")
    assert canon(data).splitlines()[-1] == ">bob: AEILRST -- +0 0"


def test_a_play_one_tile_long_keeps_its_written_direction():
    # 9H S hangs under the I of BAFFIE: written across, its word (IS) runs down; kept as 9H.
    data = b"#player1 ann Ann\n#player2 bob Bob\n>ann: ABEFFIT 8d BAFFIE +34 34\n>bob: ADELRST 9h S +2 2\n"
    assert canon(data).splitlines()[-1] == ">bob: ADELRST 9H S +2 2"


SPANISH = (
    b"#lexicon FILE2017\n"
    b"#player1 ana Ana\n"
    b"#player2 bea Bea\n"
    b">ana: 1IOCAE\xd1 8g 1ICO +20 20\n"  # Latin-1 (no header): \xd1 is Ñ; 1 is the CH tile
    b">bea: ?2ABOST h6 [ch]AI +2 2\n"  # a blank CH, then A, then the I already on the board
)


def assert_same_game(out: str, source: bytes, ruleset: str) -> None:
    """``out``, the canonical text of ``source``, rescores clean under ``ruleset`` with the same
    numbers, and is a fixed point."""
    report = rescore_game(read_gcg(out.encode()))
    assert report.ruleset == ruleset and report.discrepancies == []
    assert numbers(report) == numbers(rescore_game(read_gcg(source)))
    assert again(out) == out


def test_spanish_aliases_become_canonical_labels_with_the_tile_distribution():
    out = canon(SPANISH)
    assert out == (
        "#character-encoding UTF-8\n"
        "#lexicon FILE2017\n"
        "#tile-distribution spanish\n"
        "#tile [CH] [ch]\n"
        "#tile [LL] [ll]\n"
        "#tile [RR] [rr]\n"
        "#player1 ana Ana\n"
        "#player2 bea Bea\n"
        ">ana: [CH]IOCAEÑ 8G [CH]ICO +20 20\n"
        ">bea: ?[LL]ABOST H6 [ch]A. +2 2\n"
    )
    assert_same_game(out, SPANISH, "fise")


def test_a_ruleset_given_for_a_record_that_names_none_is_written_into_it():
    data = SPANISH.replace(b"#lexicon FILE2017\n", b"")
    out = canon(data, ruleset=find_ruleset("fise"))
    assert out.splitlines()[1:3] == ["#tile-distribution spanish", "#tile [CH] [ch]"]
    assert ">ana: [CH]IOCAEÑ 8G [CH]ICO +20 20" in out.splitlines()
    assert rescore_game(read_gcg(out.encode())).ruleset == "fise"  # now the record says so


CATALAN = (
    b"#lexicon DISC\n"
    b"#player1 ana Ana\n"
    b"#player2 bea Bea\n"
    b">ana: aeil.lqusy 8g AL\xb7LES +26 26\n"  # Latin-1: \xb7 is the middle dot; L.L, QU, Y (NY)
    b">bea: ?AEQ\xdcIRT h7 nyL\xb7LA +11 11\n"  # \xdc is the Ü of QÜ (QU); a blank NY, then L\xb7L played through
)


def test_catalan_spellings_become_canonical_labels():
    out = canon(CATALAN)
    assert out == (
        "#character-encoding UTF-8\n"
        "#lexicon DISC\n"
        "#tile-distribution catalan\n"
        "#tile L·L l·l\n"
        "#tile NY ny\n"
        "#tile QU qu\n"
        "#player1 ana Ana\n"
        "#player2 bea Bea\n"
        ">ana: AEIL·LQUSNY 8G AL·LES +26 26\n"
        ">bea: ?AEQUIRT H7 ny.A +11 11\n"
    )
    assert_same_game(out, CATALAN, "catalan")


def test_catalan_tile_lines_in_other_spellings_are_rewritten():
    data = CATALAN.replace(b"#lexicon DISC\n", b"#tile-distribution catalan\n#tile [L\xb7L] [l\xb7l]\n")
    out = canon(data)
    assert out.splitlines()[1:5] == ["#tile-distribution catalan", "#tile L·L l·l", "#tile NY ny", "#tile QU qu"]


BROKEN = (
    b"#lexicon NWL20\n"
    b"#player1 ann Ann\n"
    b"#player2 bob Bob\n"
    b"#lexicon CSW21\n"  # repeated: not used, kept
    b">ann: ABEFFIT 8d BAFFIE +34 34\n"
    b"this line is not GCG\n"
    b">bob: AEIL*ST d8 BAILERS +18 18\n"  # a rack that does not read; the play does
    b">ann: AEKRST? 2a ZAX +30 64\n"  # touches nothing: illegal
    b">bob: AEIL?ST ZZ9 NONSENSE +5 23\n"  # no coordinate: unreadable
    b"#rack1 aekrst?\n"
)


def test_a_broken_record_loses_no_line():
    out = canon(BROKEN)
    assert out == (
        "#character-encoding UTF-8\n"
        "#lexicon NWL20\n"
        "#player1 ann Ann\n"
        "#player2 bob Bob\n"
        "#lexicon CSW21\n"
        ">ann: ABEFFIT 8D BAFFIE +34 34\n"
        "this line is not GCG\n"
        ">bob: AEIL*ST D8 .AILERS +18 18\n"
        ">ann: AEKRST? 2a ZAX +30 64\n"
        ">bob: AEIL?ST ZZ9 NONSENSE +5 23\n"
        "#rack1 AEKRST?\n"
    )
    assert again(out) == out
    before, after = read_gcg(BROKEN), read_gcg(out.encode())
    # The same problems (their messages name lines, which the header moved).
    assert [(p.kind, p.text) for p in after.problems] == [(p.kind, p.text) for p in before.problems]
    assert [p.kind for p in before.problems] == ["structure", "parse", "parse"]
    assert [d.kind for d in rescore_game(after).discrepancies] == [
        d.kind for d in rescore_game(before).discrepancies]


def test_a_record_the_replay_refuses_is_written_as_read():
    # Letters of no tile set we ship (Cyrillic Ж): the replay stops (ForeignTilesError); nothing is guessed.
    data = "#player1 ann Ann\n#player2 bob Bob\n>ann: ЖEIKRST 8d ЖE +12 12\n>bob: AEILRST -e +0 0\n".encode()
    record = read_gcg(data)
    with pytest.raises(AdjudicateError):
        rescore_game(record)
    assert canonical_gcg(record) == write_gcg(record)
    assert ">ann: ЖEIKRST 8d ЖE +12 12" in canonical_gcg(record).splitlines()


def test_exchanges_end_racks_and_time_lines_get_canonical_racks():
    data = (b"#player1 ann Ann\n#player2 bob Bob\n>ann: ABEFFIT 8d BAFFIE +34 34\n"
            b">bob: aeilrst -ae +0 0\n>bob: ailrst (time) -10 -10\n>ann: ailrst? (ailrst?) -6 28\n")
    assert canon(data).splitlines()[-3:] == [
        ">bob: AEILRST -AE +0 0", ">bob: AILRST (time) -10 -10", ">ann: AILRST? (AILRST?) -6 28"]


def test_write_gcg_still_refuses_what_it_cannot_write():
    record = read_gcg(QUACKLE)
    record.players[0] = type(record.players[0])(1, "two words", "Ann")
    with pytest.raises(GcgError):
        canonical_gcg(record)


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_canonical_is_a_fixed_point(corpus, name):
    data = (corpus / "gcg" / name).read_bytes()
    try:
        record = read_gcg(data, name=name)
    except GcgError:
        return  # not a game record at all (the empty file)
    out = canonical_gcg(record)
    assert again(out) == out
    for problem in record.problems:  # lines the reader could not read are written back
        if problem.kind == "parse" and problem.text:
            assert problem.text in out.splitlines()


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_canonical_rescores_the_same(corpus, name):
    data = (corpus / "gcg" / name).read_bytes()
    try:
        record = read_gcg(data, name=name)
        before = rescore_game(record)
    except AdjudicateError:
        return  # unreadable or refused: written as read (see above)
    if record.problems:
        return  # a line moved or read anew may change what is reported; fixed point checked above
    after = rescore_game(read_gcg(canonical_gcg(record).encode(), name=name))
    assert numbers(after) == numbers(before)
    # Recorded scores too, but for an old-form withdrawal (`-- +0`), now `-- -S`.
    old = {e.line for e in record.events if e.old_phony_form}
    assert [None if b.line in old else a.recorded_score for b, a in zip(before.events, after.events)] == [
        None if b.line in old else b.recorded_score for b in before.events]


def test_a_rack_pragma_before_the_last_event_stays_where_it_was():
    """Written after the last event, a mid-game '#rack1' says what player 1 holds at the end:
    magpie's event_after_last_rack.gcg then gained an illegal_play it did not have."""
    data = (b"#player1 a A\n#player2 b B\n>a: ABEFFIT 8D BAFFIE +34 34\n"
            b"#rack1 AEIRST?\n>b: AEILRST D8 .AILERS +18 18\n")
    text = canon(data)
    assert text.index("#rack1 AEIRST?") < text.index(">b:")
    assert [p.message for p in read_gcg(text.encode()).problems] == [p.message for p in read_gcg(data).problems]


# -- issue 22, item 8: every record the reader accepts is written so that it reads the same --------

HEAD = b"#player1 ann Ann\n#player2 bob Bob\n>ann: ABEFFIT 8d BAFFIE +34 34\n"


def test_an_unreadable_line_is_written_whole():
    """It was cut to the 200 characters a problem quotes."""
    long_line = "not GCG " * 600
    out = canon(HEAD + long_line.encode() + b"\n>bob: AEILRST d8 BAILERS +18 18\n")
    assert long_line.rstrip() in out.splitlines() or long_line in out.splitlines()
    assert again(out) == out


def test_a_note_after_an_unreadable_line_stays_after_it():
    """The note was written first, and the unreadable line after it became note text: a parse
    finding lost, and with it what the record says."""
    data = HEAD + b"this line is not GCG\n#note a note on BAFFIE\n>bob: AEILRST d8 BAILERS +18 18\n"
    out = canon(data)
    lines = out.splitlines()
    assert lines.index("this line is not GCG") < lines.index("#note a note on BAFFIE")
    assert [(p.kind, p.text) for p in read_gcg(out.encode()).problems] == [("parse", "this line is not GCG")]
    assert read_gcg(out.encode()).events[0].notes == ["a note on BAFFIE"]


def test_an_unreadable_line_a_moved_pragma_kept_from_a_note_stays_unreadable():
    """`#player2` after the first event goes to the header; the unreadable line it kept apart from
    the note before it would have become note text."""
    data = (b"#player1 ann Ann\n>ann: ABEFFIT 8d BAFFIE +34 34\n#note fine\n#player2 bob Bob\n"
            b"not GCG\n>bob: AEILRST d8 BAILERS +18 18\n")
    out = canon(data)
    record = read_gcg(out.encode())
    assert record.events[0].notes == ["fine"] and [p.text for p in record.problems] == ["not GCG"]
    assert again(out) == out


def test_the_writer_writes_no_line_the_reader_would_refuse():
    """A record of 100,000 lines without the UTF-8 header was written as 100,001 lines, which the
    reader refuses. The writer refuses instead (the reader's limit is the writer's)."""
    from adjudicate.gcg import MAX_LINES

    notes = b"#note x\n" * (MAX_LINES - 3)
    data = HEAD + notes
    assert len(read_gcg(data).events[0].notes) == MAX_LINES - 3
    with pytest.raises(GcgError, match="would have 100,001 lines, and a game record has at most 100,000"):
        canon(data)
    out = canon(HEAD + notes[8:])  # one line fewer: the header fits
    assert len(out.splitlines()) == MAX_LINES and again(out) == out


def test_a_withdrawal_keeps_the_sign_of_its_score():
    """`-- 20 0` (a score written unsigned, before the cumulative) was written `-- -20 0`."""
    data = HEAD + b">ann: ABEFFIT -- 20 0\n"
    out = canon(data)
    assert out.splitlines()[-1] == ">ann: ABEFFIT -- 20 0"
    assert numbers(rescore_game(read_gcg(out.encode()))) == numbers(rescore_game(read_gcg(data)))


def test_the_old_withdrawal_form_without_a_cumulative_is_kept():
    """`-- +0` with no cumulative leaves the record's total where it is; `-- -34` would move it."""
    data = HEAD + b">ann: ABEFFIT -- +0\n"
    assert canon(data).splitlines()[-1] == ">ann: ABEFFIT -- +0"


@pytest.mark.parametrize(("withdrawal", "kinds"), [
    (b"-- +0 0", ["score"]), (b"-- -30 0", ["score"]), (b"-- -34 -4", ["score"]),
    (b"-- -34 0", ["score"]), (b"-- +0 4", ["score", "cumulative"]),
])
def test_both_withdrawal_forms_report_the_same(withdrawal: bytes, kinds: list):
    """The old form `-- +0 CUM` is checked as `-- -S CUM`, S what the record gave the play; a
    withdrawal taking back the wrong score the record gave (+30 for 34) is not reported again (it
    was, at the play), nor one taking back the right one with the cumulative to match, nor a
    cumulative that is the rules' total (`-- -34 0`: 34 - 34, whatever the record gave). Rewritten
    in the new form, the record says the same."""
    data = b"#player1 ann Ann\n#player2 bob Bob\n>ann: ABEFFIT 8d BAFFIE +30 30\n>ann: ABEFFIT " + withdrawal + b"\n"
    report = rescore_game(read_gcg(data))
    assert [(d.kind, d.recorded, d.computed) for d in report.discrepancies][0] == ("score", 30, 34)
    assert [d.kind for d in report.discrepancies] == kinds
    out = canon(data)
    assert numbers(rescore_game(read_gcg(out.encode()))) == numbers(report)


def test_a_withdrawal_s_rack_is_compared_as_tiles():
    """`aeegttv` is the rack AEEGTTV: spelled otherwise, it is no finding (canonical GCG spells it
    the one way, and the finding vanished)."""
    data = HEAD + b">ann: abeffit -- -34 0\n"
    assert rescore_game(read_gcg(data)).discrepancies == []


def test_a_rack_pragma_before_the_last_event_is_written_once_in_a_record_the_replay_refuses():
    data = (b"#game-type wordsmog\n#player1 ann Ann\n#player2 bob Bob\n>ann: ABEFFIT 8d BAFFIE +34 34\n"
            b"#rack1 AEIRST?\n>bob: AEILRST d8 BAILERS +18 18\n")
    out = canon(data)
    assert out.count("#rack1") == 1 and again(out) == out


def test_the_old_withdrawal_form_takes_its_score_from_the_play_the_replay_takes_back():
    """The line before was a stranger's play (no player's: not replayed); the replay takes back
    ann's, and `-- +0 CUM` was written `-- -20 CUM` from the stranger's +20."""
    data = HEAD + b">carl: AEGSUVX I5 AXES +20 20\n>ann: ABEFFIT -- +0 0\n"
    out = canon(data)
    assert out.splitlines()[-1] == ">ann: ABEFFIT -- +0 0"
    assert numbers(rescore_game(read_gcg(out.encode()))) == numbers(rescore_game(read_gcg(data)))


PLAIN_SPANISH_ILLEGAL = (b"#lexicon FILE2017\n#player1 ana Ana\n#player2 bea Bea\n"
                         b">ana: CHIOCAE 8G CHICO +20 20\n"
                         b">bea: CHEAOSU A1 %s +12 12\n")


@pytest.mark.parametrize(("written", "canonical"), [(b"CHE", "[CH]E"), (b"cHE", "[cH]E")])
def test_a_play_off_the_board_says_in_brackets_what_its_plain_spelling_said(written: bytes, canonical: str) -> None:
    """A plain-spelled Spanish play that does not go on the board (A1: it touches nothing) is
    written in the bracketed spelling of the canonical record: CHE is [CH]E (as VETCH, left as
    read, became V E T C H there, a C and an H on two tiles); cHE, ambiguous in plain spelling (a
    blank [ch], or a blank c then an H?), stays ambiguous as [cH]E: written as read, the bracketed
    spelling reads a blank c then an H, and the replay put it on the board (a fuzzed Woogles
    record, whose later scores changed)."""
    source = PLAIN_SPANISH_ILLEGAL % written
    out = canon(source)
    assert out.splitlines()[-1] == f">bea: [CH]EAOSU A1 {canonical} +12 12"
    assert again(out) == out
    assert numbers(rescore_game(read_gcg(out.encode()))) == numbers(rescore_game(read_gcg(source)))


# -- a Spanish record of any spelling comes out bracketed (the game: tests/test_replay.py) ---------


def test_canonical_writes_the_bracketed_spelling_whatever_was_read(record_of, messages, totals):
    # The hand-typed game comes out bracketed, with #tile lines, and reads back (detected as
    # bracketed) to the same numbers as the Macondo copy.
    plain = canonical_gcg(record_of("es_plain.gcg"), FISE)
    macondo = canonical_gcg(record_of("es_macondo.gcg"))
    assert "#tile [LL] [ll]" in plain and ">ana: AE[LL]RORS K8 SE[LL]O +34 52" in plain
    assert ">ben: ALHCLOS J7 L.S +3 3" in plain  # separate tiles, as the record meant them
    for text in (plain, macondo):
        back = rescore_game(read_gcg(text.encode()))
        assert back.spelling == "bracketed" and messages(back) == []
        assert totals(back) == {"ana": (118, 118), "ben": (10, 10)}
    assert canonical_gcg(read_gcg(plain.encode())) == plain
    quackle = canonical_gcg(record_of("es_quackle.gcg"), FISE)
    assert ">ana: AEORRS[LL] K8 SE[LL]O +34 52" in quackle and "11G Cl" in quackle


def test_a_play_of_no_tile_is_written_as_it_was_written():
    # `()` reads as a play of no tile (it cannot go on the board): written as an empty field, the
    # line became `8G  +18`, which reads as a play of the tiles `+18` no longer (fuzz, issue 25).
    data = b"#player1 ana Ana\n#player2 bo Bo\n>ana: AHICORS 8G () +18 18\n"
    once = canonical_gcg(read_gcg(data))
    assert ">ana: AHICORS 8G () +18 18" in once.splitlines()
    assert canonical_gcg(read_gcg(once.encode())) == once
