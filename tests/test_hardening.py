"""Hostile input, integrity, nothing lost (issue 6).

* failures found by fuzzing (tests/test_fuzz.py, scripts/fuzz), each kept as a regression test;
* hostile files: binary garbage, NUL bytes, a single line of a few MB, a file over the size limit,
  huge numbers, 10,000 players, a DAWG whose header claims an absurd size, a manifest whose names
  point outside its directory, a judge log that is a symlink: each an exit-2 message, never exit 3;
* integrity: the checksum is verified on every load; ``lexicon verify`` catches a DAWG that is not
  its text's;
* nothing lost: no command writes over its inputs, and a write that fails halfway leaves the
  previous file intact and no temporary file behind.
"""

from __future__ import annotations

from adjudicate import tiles
from adjudicate.errors import UnknownTileError
from adjudicate.gcg import read_gcg
from adjudicate.rescore import rescore_game

import pytest

# -- found by fuzzing ---------------------------------------------------------------------------------


def test_old_form_phony_withdrawn_after_an_unreadable_line() -> None:
    """Fuzzing: `-- +0 CUM` right after a line that could not be read raised IndexError (exit 3):
    the record's total is unknown there, so there is nothing to compare the cumulative with."""
    data = b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8H CAB +14 14\n garbage\n>b: HIJKLMN -- +0 0\n"
    report = rescore_game(read_gcg(data))
    assert [d.kind for d in report.discrepancies] == ["parse", "unexpected_event", "unexpected_event"]


@pytest.mark.parametrize("reader", [tiles.parse_word, tiles.parse_tiles, tiles.parse_rack])
@pytest.mark.parametrize("text", ["[C]H", "[L]LAMA", "PE[R]RO", "[c]h", "[Ñ]"])
def test_a_bracketed_single_letter_is_not_a_tile(reader, text: str) -> None:  # type: ignore[no-untyped-def]
    """Fuzzing: Spanish "[C]H" read as C then H, which every writer spells CH and every reader then
    reads as the one tile [CH] (a word list built from it failed its own verify). Brackets are for
    multi-letter tiles only."""
    with pytest.raises(UnknownTileError, match=f"position {text.index('[') + 1}: \\[ is not a tile"):
        reader(text, tiles.get_alphabet("spanish"))


def test_bracketed_multi_letter_tiles_still_read() -> None:
    sp, ca = tiles.get_alphabet("spanish"), tiles.get_alphabet("catalan")
    assert tiles.format_word(tiles.parse_word("[CH]A[RR]O", sp), sp) == "[CH]A[RR]O"
    assert tiles.format_tiles(tiles.parse_tiles("[ch]I.O", sp), sp) == "[ch]I.O"
    assert tiles.format_word(tiles.parse_word("CE[L·L]A", ca), ca) == "CEL·LA"
