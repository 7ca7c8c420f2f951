"""printable: no control character from a file reaches the terminal (issue 22, item 5).

The reader reports a line holding a C0 control (ESC...) and keeps its text; a Latin-1 record's
bytes 0x80 to 0x9F are C1 controls (0x9B is a terminal's CSI) that no line check catches. Whatever
the tool prints from a record is escaped (``\\x1b``, ``\\x9b``); JSON escapes them itself.
printable() is held to that through the commands that print a record's text: rescore (table, CSV,
JSON), show (text, SVG, HTML) and an error message naming a file. (A manifest's control characters
are refused at build and load: tests/test_lexicon_build.py, tests/test_lexicon_open.py.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

GAME = Path(__file__).parent / "data" / "games" / "fx_fise_outplay.gcg"  # players ana and beto
CONTROLS = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in "\n\r"]


def record(tmp_path: Path, nick: bytes, name: bytes) -> Path:
    """The game with beto's nick and name replaced, in Latin-1 (bytes as they are)."""
    text = GAME.read_bytes().decode("utf-8").encode("latin-1")
    text = text.replace(b"#character-encoding UTF-8\n", b"")
    header, _, rest = text.partition(b"#player2 ")
    rest = rest.split(b"\n", 1)[1]
    data = header + b"#player2 " + nick + b" " + name + b"\n" + rest.replace(b">beto:", b">" + nick + b":")
    path = tmp_path / "controls.gcg"
    path.write_bytes(data)
    return path


def assert_clean(text: str) -> None:
    assert not [c for c in text if c in CONTROLS], repr(text[:300])


@pytest.mark.parametrize("output", ["table", "csv"])
def test_a_c1_control_in_a_nick_and_a_name_is_printed_escaped(tmp_path: Path, output: str, cli) -> None:  # type: ignore[no-untyped-def]
    path = record(tmp_path, b"be\x9bto", b"Beto \x9b2J Cruz")
    result = cli(["rescore", "--format", output, str(path), str(path)] if output == "csv" else
                 ["rescore", str(path)])
    assert result.exit_code in (0, 1), result.output
    assert_clean(result.stdout)
    if output == "table":
        assert "be\\x9bto" in result.stdout and "Beto \\x9b2J Cruz" in result.stdout


def test_json_keeps_the_text_and_escapes_it_itself(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = record(tmp_path, b"be\x9bto", b"Beto \x9b2J Cruz")
    result = cli(["rescore", "--format", "json", str(path)])
    assert_clean(result.stdout)
    assert [p["name"] for p in json.loads(result.stdout)[0]["players"]][1] == "Beto \x9b2J Cruz"


@pytest.mark.parametrize("output", ["table", "csv"])
def test_an_esc_sequence_in_an_unreadable_line_is_printed_escaped(tmp_path: Path, output: str, cli) -> None:  # type: ignore[no-untyped-def]
    """The line is reported (control characters are not read), and its text was printed raw in the
    table's 'recorded' cell: `\\x1b]0;...\\x07` retitled the terminal."""
    path = record(tmp_path, b"be\x1b[31mto", b"Beto \x1b]0;owned\x07")
    result = cli(["rescore", "--format", output, str(path), str(path)] if output == "csv" else
                 ["rescore", str(path)])
    assert result.exit_code == 1
    assert_clean(result.stdout + result.stderr)
    assert "\\x1b" in result.stdout


def test_show_escapes_names_and_nicks(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = record(tmp_path, b"be\x9bto", b"Beto \x9b2J Cruz")
    for fmt in ("text", "svg", "html"):
        result = cli(["show", str(path), "--no-color", "--format", fmt])
        assert result.exit_code == 0, result.output
        assert_clean(result.stdout)
        assert "be\\x9bto" in result.stdout


def test_an_error_message_holding_a_file_s_text_is_escaped(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x\x1b[2J.gcg"
    path.write_bytes(b"")
    result = cli(["rescore", str(path)])
    assert result.exit_code == 2 and "x\\x1b[2J.gcg" in result.stderr
    assert_clean(result.stderr)


# -- bidirectional controls and the line separators (issue 26) -------------------------------------

BIDI = ["\u061c", "\u200e", "\u200f", "\u2028", "\u2029", *map(chr, range(0x202A, 0x202F)),
        *map(chr, range(0x2066, 0x206A))]


@pytest.mark.parametrize("char", BIDI, ids=lambda c: f"U+{ord(c):04X}")
def test_a_bidirectional_control_or_a_line_separator_is_escaped(char: str) -> None:
    from adjudicate.printable import control_character, printable

    assert printable(f"a{char}b") == f"a\\u{ord(char):04x}b"
    assert control_character(f"a{char}b") == f"U+{ord(char):04X}"


def test_a_right_to_left_override_in_a_nick_does_not_reach_the_table(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """`\\u202e32LWN` was printed raw: a terminal shows it as "NWL23"."""
    text = GAME.read_text(encoding="utf-8").replace("beto", "\u202eotEb").replace("Beto", "\u2066B\u2069")
    path = tmp_path / "bidi.gcg"
    path.write_text(text, encoding="utf-8")
    result = cli(["rescore", str(path)])
    assert result.exit_code in (0, 1), result.output
    assert not set(BIDI) & set(result.stdout + result.stderr)
    assert "\\u202eotEb" in result.stdout
