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


# -- hostile game records: exit 2 with a message, memory bounded ------------------------------------

from pathlib import Path  # noqa: E402

from typer.testing import CliRunner  # noqa: E402

from adjudicate import gcg  # noqa: E402
from adjudicate.cli import app  # noqa: E402
from adjudicate.errors import AdjudicateError, GcgError  # noqa: E402

GAME = Path(__file__).parent / "data" / "games" / "fx_fise_outplay.gcg"
ENGLISH_GAME = Path(__file__).parent / "data" / "games" / "fx_naspa_scoreless.gcg"  # for English lexicons
HEADER = b"#player1 a A\n#player2 b B\n"


def cli(args: list[str], stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    """Run a command in-process; an exception that is not SystemExit would be exit 3: re-raised."""
    result = CliRunner().invoke(app, args, input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def error_line(result) -> str:  # type: ignore[no-untyped-def]
    lines = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert lines, result.output
    return lines[-1]


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
        (HEADER + b"#note x\n" * 150_000, "150,002 lines (a game record has at most 100,000)"),
    ],
    ids=["all-bytes", "nul-bytes", "nul-in-lines", "png", "utf16", "one-line-5MB", "one-line-3MB", "newlines",
         "200k-newlines", "too-many-lines"],
)
@pytest.mark.parametrize("how", ["file", "stdin"])
def test_hostile_game_records_exit_2(tmp_path: Path, data: bytes, message: str, how: str) -> None:
    path = tmp_path / "hostile.gcg"
    path.write_bytes(data)
    result = cli(["rescore", str(path)] if how == "file" else ["rescore", "-"], data if how == "stdin" else None)
    assert result.exit_code == 2, result.output
    assert message in error_line(result)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
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
    import types

    from adjudicate.cli import common

    data = (Path(__file__).parent / "data" / "games" / "fx_naspa_scoreless.gcg").read_bytes()
    path = tmp_path / "g.gcg"
    path.write_bytes(data)
    real_fstat = common.os.fstat
    regular = 0o100644  # (open_regular looks at the mode)
    monkeypatch.setattr(common.os, "fstat", lambda fd: types.SimpleNamespace(st_size=3, st_mode=regular))
    assert common.read_input(str(path)) == data
    monkeypatch.setattr(common.os, "fstat", lambda fd: types.SimpleNamespace(st_size=0, st_mode=regular))
    assert common.read_input(str(path), limit=len(data)) == data
    with pytest.raises(GcgError, match="more than"):
        common.read_input(str(path), limit=len(data) - 1)
    monkeypatch.setattr(common.os, "fstat", real_fstat)
    assert common.read_input(str(path)) == data


def test_the_library_refuses_more_than_the_limit_too() -> None:
    with pytest.raises(GcgError, match="not read: 16,777,217 bytes"):
        gcg.read_gcg(b" " * (gcg.MAX_BYTES + 1))


BIG = "9" * 5000  # beyond Python's 4,300-digit int() limit: a ValueError that is no AdjudicateError
HUGE = "1" + "0" * 400  # 10**400


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["endgame", "--rules", "naspa", f"A={HUGE}", "B=3:IQ", "--went-out", "A"], "score too large"),
        (["endgame", "--rules", "naspa", f"A={BIG}", "B=3:IQ", "--went-out", "A"], "score too large"),
        (["clock", "--rules", "naspa", f"A={BIG}@-10:01", "B=380@+02:00"], "score too large"),
        (["clock", "--rules", "naspa", f"A=5@-{BIG}:01", "B=380@+02:00"], "too large (at most 6 digits"),
        (["clock", "--rules", "naspa", "A=5@-01:00", "B=380@+02:00", "--allotted", f"{BIG}:00"], "too large"),
        (["rescore", "--set", f"bingo_bonus={BIG}", str(GAME)], "too large (at most 9 digits)"),
        (["rescore", "--set", f"bingo_bonus={HUGE}", str(GAME)], "too large (at most 9 digits)"),
    ],
    ids=["endgame-10**400", "endgame-5000-digits", "clock-score", "clock-time", "clock-allotted",
         "set-5000-digits", "set-10**400"],
)
def test_huge_numbers_on_the_command_line_exit_2(args: list[str], message: str) -> None:
    result = cli(args)
    assert result.exit_code == 2, result.output
    line = error_line(result)
    assert message in line and len(line) < 200


@pytest.mark.parametrize("field", [f"+{HUGE} {HUGE}", f"+10 {HUGE}", f"+{BIG} 10"])
def test_huge_numbers_in_a_record_are_a_parse_discrepancy(field: str) -> None:
    """A score of 10**400 on one line of a game: that line cannot be read (a `parse` discrepancy:
    exit 1, the rest of the game is still checked), and the message quotes it cut short."""
    data = HEADER + f">a: ABCDEFG 8H CAB {field}\n>b: HIJKLMN 9G HI +11 11\n".encode()
    report = rescore_game(read_gcg(data))
    parse = [d for d in report.discrepancies if d.kind == "parse"]
    assert [d.line for d in parse] == [3]
    assert len(parse[0].message) < 400
    result = cli(["rescore", "-"], data)
    assert result.exit_code == 1


@pytest.mark.parametrize("coordinate", [f"{BIG}A", f"A{BIG}", f"{HUGE}H", "0008H", "0" * 5000 + "8D", "D" + "0" * 5000 + "8"])
def test_a_huge_row_number_is_off_the_board(coordinate: str) -> None:
    """(atheris found the 5,000 leading zeros: int() counts them against its limit.)"""
    from adjudicate.notation import NotationError, parse_coord

    if coordinate.lstrip("D").lstrip("0") in ("8H", "8D", "8"):
        assert parse_coord(coordinate) == parse_coord(coordinate[0] + "8" if coordinate[0] == "D" else "8" + coordinate[-1])
        return
    with pytest.raises(NotationError, match="is off the board"):
        parse_coord(coordinate)
    data = HEADER + f">a: ABCDEFG {coordinate} CAB +14 14\n".encode()
    report = rescore_game(read_gcg(data))  # no ValueError: one illegal_play/parse discrepancy
    assert report.discrepancies


def test_ten_thousand_players(tmp_path: Path) -> None:
    lines = [f"#player{n} p{n} P{n}" for n in range(1, 10_001)]
    data = ("\n".join(lines) + "\n>p1: ABCDEFG 8H CAB +14 14\n").encode()
    with pytest.raises(AdjudicateError, match="999 players \\(#player lines\\): a game has at most 4"):
        rescore_game(read_gcg(data))
    result = cli(["rescore", "-"], data)
    assert result.exit_code == 2
    assert "a game has at most 4" in error_line(result)
    # players taken from the events of a record without a header
    events = "".join(f">n{k}: ABC - +0 0\n" for k in range(10_000))
    with pytest.raises(AdjudicateError, match="10000 players \\(players taken from the events\\)"):
        rescore_game(read_gcg(events.encode()))


# -- hostile lexicons ----------------------------------------------------------------------------------

import hashlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from adjudicate import lexicon as lx  # noqa: E402
from adjudicate.lexicon import build_lexicon, check_word_list, dawgfile, verify_lexicon, wordlist  # noqa: E402
from adjudicate.errors import LexiconCorruptError, LexiconError  # noqa: E402


def build(tmp_path: Path, name: str, words: list[str]) -> Path:
    source = tmp_path / f"{name}.txt"
    source.write_text("\n".join(words) + "\n")
    target = tmp_path / name
    build_lexicon(str(source), "english", name.upper(), edition="1", out_dir=str(target))
    return target


def rewrite_manifest(directory: Path, **changes: object) -> None:
    path = directory / "manifest.json"
    fields = json.loads(path.read_text("utf-8"))
    fields.update(changes)
    path.write_text(json.dumps(fields, sort_keys=True, indent=2, ensure_ascii=False) + "\n", "utf-8")


def put_dawg(directory: Path, data: bytes) -> None:
    """Replace words.dawg and recompute its checksum: only the loader's own checks stand between."""
    (directory / "words.dawg").write_bytes(data)
    rewrite_manifest(directory, dawg_sha256=hashlib.sha256(data).hexdigest())


@pytest.fixture
def small(tmp_path: Path) -> Path:
    return build(tmp_path, "small", ["cat", "dog", "qi", "za"])


def exit_2_everywhere(directory: Path, message: str, *, info: bool = True) -> None:
    """challenge, judge, lexicon info and rescore --check-words: exit 2 and the message."""
    for args, stdin in (
        (["challenge", "--lexicon", str(directory), "QI"], None),
        (["judge", "--lexicon", str(directory), "--log", str(directory.parent / "j.jsonl")], b"QI\n"),
        *([(["lexicon", "info", str(directory)], None)] if info else []),
        (["rescore", "--check-words", "--lexicon", str(directory), str(ENGLISH_GAME)], None),
    ):
        result = cli(args, stdin)
        assert result.exit_code == 2, (args, result.output)
        assert message in error_line(result), (args, error_line(result))
    from adjudicate.fastchallenge import run_fast  # the path a plain `adjudicate challenge` takes

    assert run_fast(["--lexicon", str(directory), "QI"]) == 2


@pytest.mark.parametrize(
    ("header", "message"),
    [(0xFFFFFFFF, "words.dawg has the wrong size"), (1 << 30, "words.dawg has the wrong size"),
     (0, "words.dawg has the wrong size"), (1, "words.dawg has the wrong size")],
)
def test_a_dawg_whose_header_claims_an_absurd_size(small: Path, header: int, message: str) -> None:
    data = (small / "words.dawg").read_bytes()
    put_dawg(small, header.to_bytes(4, "little") + data[4:])
    with pytest.raises(LexiconCorruptError, match=message):
        lx.load_lexicon(str(small))
    exit_2_everywhere(small, message)


def test_a_dawg_of_garbage_with_a_right_size_and_checksum(small: Path) -> None:
    """Units that walk out of the array: LexiconCorruptError on lookup, never IndexError."""
    units = 300
    put_dawg(small, units.to_bytes(4, "little") + b"\xff" * (4 * units))
    lexicon = lx.load_lexicon(str(small))
    with pytest.raises(LexiconCorruptError, match="DAWG walk out of range"):
        lexicon.contains_word("QI")
    exit_2_everywhere(small, "DAWG walk out of range", info=False)  # info looks nothing up


def test_a_huge_dawg_is_refused_before_it_is_read(small: Path) -> None:
    with open(small / "words.dawg", "r+b") as handle:
        handle.truncate(lx.MAX_DAWG_BYTES + 4)  # sparse: no disk used
    with pytest.raises(LexiconCorruptError, match="words.dawg has 268,435,460 bytes \\(at most 268,435,456\\)"):
        lx.load_lexicon(str(small))


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory"])
def test_a_dawg_that_is_not_a_regular_file(small: Path, kind: str) -> None:
    """A FIFO would block the open, /dev/zero would never end: both refused at once."""
    target = small / "words.dawg"
    target.unlink()
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    else:
        target.mkdir()
    exit_2_everywhere(small, "words.dawg is not a regular file")


def test_a_huge_manifest_is_refused(small: Path) -> None:
    with open(small / "manifest.json", "ab") as handle:
        handle.truncate(lx.MAX_MANIFEST_BYTES + 1)
    exit_2_everywhere(small, "manifest.json has 1,048,577 bytes")


@pytest.mark.parametrize("bad_id", ["../../etc/passwd", "/etc/passwd", "..", "a/b", "a\\b", ""])
def test_a_manifest_id_that_points_outside_its_directory(small: Path, bad_id: str, tmp_path: Path,
                                                           monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rewrite_manifest(small, id=bad_id)
    message = "is not a plain name (it names a path outside the lexicon directory)"
    with pytest.raises(LexiconCorruptError, match=message.replace("(", "\\(").replace(")", "\\)")):
        lx.load_lexicon(str(small))
    exit_2_everywhere(small, "is not a plain name")
    # without --log, the judge's log would be named after the id: nothing is written anywhere
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = cli(["judge", "--lexicon", str(small)], b"QI\n")
    assert result.exit_code == 2
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"id": {"x": 1}}, "id is not text"), ({"name": ["a"]}, "name is not text"),
     ({"word_count": -1}, "has no word_count"), ({"word_count": True}, "has no word_count"),
     ({"alphabet": "../english"}, "names no known alphabet")],
)
def test_manifest_fields_of_the_wrong_type(small: Path, changes: dict, message: str) -> None:  # type: ignore[type-arg]
    rewrite_manifest(small, **changes)
    exit_2_everywhere(small, message)


def test_an_alphabet_edited_against_the_language_is_corruption(small: Path) -> None:
    """An English lexicon whose manifest says spanish read BALL as Spanish BA[LL]: UNACCEPTABLE,
    a wrong verdict. The manifest carries no checksum of its own; its language must agree."""
    language = json.loads((small / "manifest.json").read_text("utf-8"))["language"]
    rewrite_manifest(small, alphabet="spanish" if language != "es" else "english")
    exit_2_everywhere(small, f"says language '{language}' but alphabet")


def test_a_manifest_nested_past_the_recursion_limit(small: Path) -> None:
    """Was a RecursionError: exit 3 for `challenge`, and for `lexicon list` over the whole path."""
    (small / "manifest.json").write_text("[" * 100_000 + "\n", encoding="utf-8")
    exit_2_everywhere(small, "manifest.json is not valid JSON (nested too deep)")


def test_a_manifest_only_laid_out_otherwise_loads(small: Path) -> None:
    """Re-indented by `python -m json.tool` (four spaces): the quick reader found none of its
    fields and called it corrupted ("has no dawg_sha256"); now it falls back to JSON."""
    manifest = json.loads((small / "manifest.json").read_text("utf-8"))
    (small / "manifest.json").write_text(json.dumps(manifest, indent=4), encoding="utf-8")
    assert lx.load_lexicon(str(small)).word_count == manifest["word_count"]


# -- the manifest is JSON, read by json (issue 22, item 4) ---------------------------------------------


def raw_manifest(directory: Path, change) -> None:  # type: ignore[no-untyped-def]
    path = directory / "manifest.json"
    path.write_bytes(change(path.read_bytes()))


@pytest.mark.parametrize(("change", "message"), [
    (lambda m: m.replace(b'\n  "standin"', b'\x0b  "standin"', 1), "after field sha256"),  # a newline made \v
    (lambda m: m.replace(b'"standin": "', b'"standin": \xa2', 1), "not UTF-8"),  # a bit flipped: '"' 0x22 -> 0xa2
    (lambda m: m.replace(b'"standin": "', b'"standin": b', 1), "in field standin"),  # '"' 0x22 -> 'b' 0x62
    (lambda m: m.replace(b'  "standin"', b'  "standin\x01"', 1), "Invalid control character"),
    (lambda m: m + b"{}", "Extra data"),
], ids=["vertical-tab", "high-bit", "quote-to-b", "control-in-key", "extra-data"])
def test_a_manifest_json_refuses_does_not_load(small: Path, change, message: str) -> None:  # type: ignore[no-untyped-def]
    """The hand-written start-up reader took a manifest `json` refuses (one bit flipped, a newline
    turned into a vertical tab): `challenge` answered, and its label lost "(stand-in, ...)"."""
    rewrite_manifest(small, standin="stand-in, not NWL/CSW")
    raw_manifest(small, change)
    with pytest.raises(ValueError):
        json.loads((small / "manifest.json").read_bytes())
    exit_2_everywhere(small, message)
    verify = cli(["lexicon", "verify", str(small)])
    assert verify.exit_code == 1 and "manifest  FAILED" in verify.stdout


@pytest.mark.parametrize(("value", "message"), [
    (b"\xc2\xb2", "not valid JSON (Expecting value: line"),  # '²' (a digit to str.isdigit, not to int())
    (b"1" * 4301, "word_count is a number of 4,301 digits (at most 18)"),
    (b"-" + b"9" * 19, "word_count is a number of 19 digits (at most 18)"),
])
def test_a_number_field_of_odd_digits_is_corruption_naming_the_field(small: Path, value: bytes, message: str) -> None:
    """'²' or 4,301 digits in word_count was ValueError, exit 3, in challenge, judge, lexicon info,
    lexicon diff and rescore --check-words."""
    raw_manifest(small, lambda m: re.sub(rb'"word_count": [0-9]+', b'"word_count": ' + value, m))
    exit_2_everywhere(small, message)
    if value.startswith(b"\xc2"):
        exit_2_everywhere(small, "(in field word_count)")
    diff = cli(["lexicon", "diff", str(small), str(small)])
    assert diff.exit_code == 2 and message in error_line(diff)


def test_a_long_number_deep_in_the_manifest_is_named_by_its_path(small: Path) -> None:
    raw_manifest(small, lambda m: m.replace(b'"histogram": {', b'"histogram": {"99": ' + b"7" * 5000 + b",", 1))
    exit_2_everywhere(small, "manifest.json's histogram.99 is a number of 5,000 digits")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_loading_accepts_exactly_what_verify_reads(tmp_path_factory: pytest.TempPathFactory, rng) -> None:  # type: ignore[no-untyped-def]
    """A manifest with a byte changed loads exactly when `lexicon verify` reads it (and `json` does)."""
    directory = _verify_fixture(tmp_path_factory)
    original = (directory / "manifest.json").read_bytes()
    data = bytearray(original)
    for _ in range(rng.randrange(1, 3)):
        at = rng.randrange(len(data))
        data[at] = data[at] ^ (1 << rng.randrange(8)) if rng.random() < 0.7 else rng.choice(b'"{},:\x0b\\0123456789')
    (directory / "manifest.json").write_bytes(bytes(data))
    try:
        try:
            lx.load_lexicon(str(directory))
            error = None
        except LexiconError as err:
            error = str(err)
        report = verify_lexicon(str(directory))
        _, read, detail = next(check for check in report.checks if check[0] == "manifest")
        if read:  # then only the DAWG's checksum (a changed dawg_sha256) can stop a load
            json.loads(bytes(data))
            assert error is None or "words.dawg" in error, (error, bytes(data))
        else:
            assert error == detail, bytes(data)
    finally:
        (directory / "manifest.json").write_bytes(original)


_VERIFY_FIXTURE: list[Path] = []


def _verify_fixture(factory: pytest.TempPathFactory) -> Path:
    if not _VERIFY_FIXTURE:
        _VERIFY_FIXTURE.append(build(factory.mktemp("verify"), "small", ["cat", "dog", "qi", "za"]))
    return _VERIFY_FIXTURE[0]


# -- no control character from a manifest reaches the terminal (issue 22, item 5) ------------------


@pytest.mark.parametrize(("field", "value", "shown"), [
    ("name", "\x1b[2JCLEAN LIST", "name holds a control character (U+001B)"),
    ("standin", "stand-in\nACCEPTABLE", "standin holds a control character (U+000A)"),
    ("edition", "2024\x9b2J", "edition holds a control character (U+009B)"),
    ("id", "x\x00y", "id holds a control character (U+0000)"),
    ("licence", "GPL\x07", "licence holds a control character (U+0007)"),
    ("source", {"file": "list\x1b]0;owned\x07.txt"}, "source.file holds a control character (U+001B)"),
])
def test_a_control_character_in_a_manifest_text_is_corruption(small: Path, field: str, value: object,
                                                                shown: str) -> None:
    """A name or a stand-in note holding an ESC sequence or a newline was printed raw on the
    verdict line (`\x1b[2J...ACCEPTABLE`), and `lexicon verify` said OK."""
    rewrite_manifest(small, **{field: value})
    exit_2_everywhere(small, f"lexicon small is corrupted: manifest.json's {shown}")
    verify = cli(["lexicon", "verify", str(small)])
    assert verify.exit_code == 1 and "manifest  FAILED" in verify.stdout and "\x1b" not in verify.stdout


def test_lexicon_list_names_a_manifest_with_a_control_character_without_printing_it(
        small: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rewrite_manifest(small, name="\x1b[2JX")
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(small.parent))
    listed = cli(["lexicon", "list"])
    assert listed.exit_code == 0 and "name holds a control character (U+001B)" in listed.stdout
    assert "\x1b" not in listed.stdout


@pytest.mark.parametrize(("option", "value"), [("--name", "X\x1b[2J"), ("--edition", "1\n2")])
def test_lexicon_build_refuses_a_control_character_in_a_text_field(tmp_path: Path, option: str, value: str) -> None:
    source = tmp_path / "words.txt"
    source.write_text("qi\nza\n")
    args = ["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(tmp_path / "lex"), option, value]
    result = cli(args)
    field = option.lstrip("-")
    assert result.exit_code == 2 and f"the manifest's {field} would hold a control character" in error_line(result)
    assert "\x1b" not in result.stderr and not (tmp_path / "lex").exists()


def test_the_default_judge_log_name_stays_in_the_log_directory(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from adjudicate.judgelog import default_log_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    logs = tmp_path / "adjudicate" / "logs"
    for lexicon_id in ("../../etc/passwd", "..", "/abs", "a\\..\\b", ".hidden"):
        path = Path(default_log_path(lexicon_id))
        assert path.parent == logs and not path.name.startswith("."), path


# -- the judge log: a symlink, another file, a write that fails halfway ---------------------------------

from adjudicate import judgelog  # noqa: E402


def test_a_log_that_is_a_symlink_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"precious\n")
    link = tmp_path / "log.jsonl"
    link.symlink_to(elsewhere)
    result = cli(["judge", "--log", str(link)], b"QI\n")
    assert result.exit_code == 2
    assert "the log is a symlink; refusing to follow it" in error_line(result)
    assert elsewhere.read_bytes() == b"precious\n"
    dangling = tmp_path / "dangling.jsonl"  # a symlink to a file that does not exist yet: not created
    dangling.symlink_to(tmp_path / "created-by-following.jsonl")
    assert cli(["judge", "--log", str(dangling)], b"QI\n").exit_code == 2
    assert not (tmp_path / "created-by-following.jsonl").exists()


@pytest.mark.parametrize("filename", ["manifest.json", "words.dawg", "words.txt.gz", "LICENSE"])
def test_a_log_given_as_a_lexicon_file_is_refused(small: Path, filename: str) -> None:
    target = small / filename
    if not target.exists():
        target.write_text("Some licence text.\n")
    before = target.read_bytes()
    result = cli(["judge", "--lexicon", str(small), "--log", str(target)], b"QI\n")
    assert result.exit_code == 2, result.output
    assert error_line(result).startswith(f"Error: {target}: the last line is")
    assert target.read_bytes() == before


def test_a_json_lines_file_that_is_not_a_log_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "events.jsonl"
    other.write_bytes(b'{"seq": 1, "event": "something else"}\n')
    result = cli(["judge", "--log", str(other)], b"QI\n")
    assert result.exit_code == 2
    assert "the last line is not a log entry" in error_line(result)
    assert other.read_bytes() == b'{"seq": 1, "event": "something else"}\n'


def test_a_log_write_that_fails_halfway_is_taken_back(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "log.jsonl"
    log = judgelog.JudgeLog(str(path))
    log.append(lexicon="x", lexicon_sha256="0" * 64, words=["QI"], canonical=["QI"], acceptable=True, lang="en")
    before = path.read_bytes()
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:  # the disk fills up halfway through the line
        real_write(fd, data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(judgelog.os, "write", half_then_full)
    with pytest.raises(OSError, match="No space left"):
        log.append(lexicon="x", lexicon_sha256="0" * 64, words=["ZA"], canonical=["ZA"], acceptable=True, lang="en")
    monkeypatch.setattr(judgelog.os, "write", real_write)
    assert path.read_bytes() == before  # the half line was taken back
    log.append(lexicon="x", lexicon_sha256="0" * 64, words=["ZA"], canonical=["ZA"], acceptable=True, lang="en")
    log.close()
    check = judgelog.verify_log(str(path))
    assert check.ok and check.entries == 2


def test_the_judge_skips_an_overlong_line_with_one_error(tmp_path: Path) -> None:
    stdin = b"QI\n" + b"A" * 3_000_000 + b" ZA\nQI ZA\n" + b"x" * 5000
    result = cli(["judge", "--log", str(tmp_path / "log.jsonl")], stdin)
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        "ACCEPTABLE", "ERROR: a line of more than 4,096 characters is not a play", "ACCEPTABLE",
        "ERROR: a line of more than 4,096 characters is not a play",
    ]
    assert judgelog.verify_log(str(tmp_path / "log.jsonl")).entries == 2


# -- nothing lost: atomic writes, no command writes over its inputs -------------------------------------

from adjudicate import atomicfile  # noqa: E402


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_write_atomic_leaves_the_old_file_when_it_fails(tmp_path: Path, monkeypatch, failing: str) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "out.svg"
    target.write_bytes(b"old contents\n")
    os.chmod(target, 0o640)

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class Half:
            def __init__(self, handle):  # type: ignore[no-untyped-def]
                self.handle = handle

            def __enter__(self):  # type: ignore[no-untyped-def]
                return self

            def __exit__(self, *exc):  # type: ignore[no-untyped-def]
                self.handle.close()

            def write(self, data: bytes) -> int:
                self.handle.write(data[: len(data) // 2])
                self.handle.flush()
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(atomicfile.os, "fdopen", lambda fd, mode: Half(real_fdopen(fd, mode)))
    else:
        monkeypatch.setattr(atomicfile.os, failing, boom)
    with pytest.raises(OSError, match="No space left"):
        atomicfile.write_atomic(str(target), b"new contents, much longer than the old ones\n" * 100)
    assert target.read_bytes() == b"old contents\n"
    assert leftovers(tmp_path) == []


def test_write_atomic_keeps_the_mode_and_replaces_what_a_symlink_points_to(tmp_path: Path) -> None:
    target = tmp_path / "out.html"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    atomicfile.write_atomic(str(target), b"new")
    assert target.read_bytes() == b"new" and target.stat().st_mode & 0o777 == 0o640
    pointed = tmp_path / "pointed.svg"
    pointed.write_bytes(b"old picture")
    link = tmp_path / "link.svg"
    link.symlink_to(pointed)
    atomicfile.write_atomic(str(link), b"<svg/>")
    assert link.is_symlink() and pointed.read_bytes() == b"<svg/>"


def test_show_does_not_write_over_the_game_it_reads(tmp_path: Path) -> None:
    game = tmp_path / "game.gcg"
    shutil.copyfile(GAME, game)
    before = game.read_bytes()
    alias = tmp_path / "alias.gcg"
    alias.symlink_to(game)
    for output in (game, alias):
        result = cli(["show", str(game), "--format", "svg", "-o", str(output)])
        assert result.exit_code == 2
        assert "is the game record being read; not writing over it" in error_line(result)
    assert game.read_bytes() == before


def test_show_output_is_written_atomically(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "turn.svg"
    out.write_bytes(b"the previous picture")

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomicfile.os, "replace", boom)
    result = cli(["show", str(GAME), "--format", "svg", "-o", str(out)])
    assert result.exit_code == 2 and "Input/output error" in error_line(result)
    assert out.read_bytes() == b"the previous picture"
    assert leftovers(tmp_path) == []
    monkeypatch.undo()
    assert cli(["show", str(GAME), "--format", "svg", "-o", str(out)]).exit_code == 0
    assert out.read_bytes().startswith(b"<svg") or b"<svg" in out.read_bytes()[:200]


def test_lexicon_build_does_not_write_over_its_source(tmp_path: Path) -> None:
    # -o a directory that holds the source (here: an existing lexicon directory)
    lexicon = build(tmp_path, "lex", ["cat", "dog"])
    source = lexicon / "mine.txt"
    source.write_text("qi\nza\n")
    result = cli(["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(lexicon)])
    assert result.exit_code == 2 and "inside the output directory" in error_line(result)
    assert source.read_text() == "qi\nza\n"
    # -o an existing directory that is not a lexicon
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "todo.txt").write_text("keep me\n")
    source = tmp_path / "words.txt"
    source.write_text("qi\nza\n")
    result = cli(["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(notes)])
    assert result.exit_code == 2 and "is not a lexicon directory" in error_line(result)
    assert sorted(p.name for p in notes.iterdir()) == ["todo.txt"]
    # -o the source file itself
    result = cli(["lexicon", "build", str(source), "-a", "english", "-n", "X", "-o", str(source)])
    assert result.exit_code == 2 and "is not a directory" in error_line(result)
    assert source.read_text() == "qi\nza\n"


def _failing_second_call(real):  # type: ignore[no-untyped-def]
    calls = []

    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(args)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        return real(*args, **kwargs)

    return wrapper


@pytest.mark.parametrize("where", ["writing the DAWG", "first rename"])
def test_a_lexicon_build_that_fails_halfway_leaves_the_old_lexicon(tmp_path: Path, monkeypatch, where: str) -> None:  # type: ignore[no-untyped-def]
    lexicon = build(tmp_path, "lex", ["cat", "dog"])
    files = {p.name: p.read_bytes() for p in lexicon.iterdir()}
    source = tmp_path / "new.txt"
    source.write_text("qi\nza\nquixotic\n")

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    if where == "writing the DAWG":
        monkeypatch.setattr(dawgfile, "build", boom)
    else:
        monkeypatch.setattr(os, "rename", boom)
    with pytest.raises(OSError):
        build_lexicon(str(source), "english", "LEX", out_dir=str(lexicon))
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in lexicon.iterdir()} == files
    assert leftovers(tmp_path) == []
    assert lx.load_lexicon(str(lexicon)).contains_word("CAT")


def test_a_lexicon_build_that_fails_between_its_two_renames_leaves_the_old_lexicon(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    lexicon = build(tmp_path, "lex", ["cat", "dog"])
    files = {p.name: p.read_bytes() for p in lexicon.iterdir()}
    source = tmp_path / "new.txt"
    source.write_text("qi\nza\n")
    monkeypatch.setattr(os, "rename", _failing_second_call(os.rename))
    with pytest.raises(OSError):
        build_lexicon(str(source), "english", "LEX", out_dir=str(lexicon))
    monkeypatch.undo()
    assert lexicon.is_dir() and {p.name: p.read_bytes() for p in lexicon.iterdir()} == files
    assert leftovers(tmp_path) == []


# -- integrity ---------------------------------------------------------------------------------------


def test_the_checksum_is_verified_on_every_load(small: Path) -> None:
    """No cache between loads: a byte flipped after a good load is caught by the next one."""
    assert lx.load_lexicon(str(small)).contains_word("QI")
    data = bytearray((small / "words.dawg").read_bytes())
    data[len(data) // 2] ^= 0x10
    (small / "words.dawg").write_bytes(bytes(data))
    with pytest.raises(LexiconCorruptError, match="words.dawg has SHA-256"):
        lx.load_lexicon(str(small))
    exit_2_everywhere(small, "words.dawg has SHA-256")


@pytest.mark.parametrize("other_words", [["cat", "dog", "qi", "zzz"], ["cat", "dog", "qi", "za", "zzz"]],
                         ids=["other-words", "a-superset"])
def test_verify_catches_a_dawg_that_is_not_its_texts(tmp_path: Path, small: Path, other_words: list[str]) -> None:
    """A valid DAWG of other words, its checksum put in the manifest: it loads (the checksum is
    integrity, not authenticity), and `lexicon verify` is what catches it."""
    other = build(tmp_path, "other", other_words)
    put_dawg(small, (other / "words.dawg").read_bytes())
    assert lx.load_lexicon(str(small)).contains_word("ZZZ")  # loads: the checksum matches
    result = cli(["lexicon", "verify", str(small), "--json"])
    assert result.exit_code == 1
    failed = {c["check"] for c in json.loads(result.stdout)["checks"] if not c["ok"]}
    assert "dawg_exact" in failed
    if other_words == ["cat", "dog", "qi", "zzz"]:
        assert "words_in_dawg" in failed


@pytest.mark.parametrize(
    "changes",
    [{"histogram": 1}, {"histogram": {"x": 1, "2": 3, "²": 1}}, {"histogram": ["a"]},
     {"source": {"dropped": {"x": "many"}}}, {"builder": "by hand"}, {"source": ["a", 1]}],
)
def test_lexicon_info_shows_odd_manifest_fields_without_a_crash(small: Path, changes: dict) -> None:  # type: ignore[type-arg]
    """Fuzzing: `lexicon info` on a manifest whose histogram was 1 raised AttributeError (exit 3)."""
    rewrite_manifest(small, **changes)
    for args in (["lexicon", "info", str(small)], ["lexicon", "info", "--json", str(small)]):
        assert cli(args).exit_code == 0


ZEROS = "0" * 5000


def test_five_thousand_leading_zeros_are_read_not_a_crash() -> None:
    """atheris: int() counts leading zeros against its 4,300-digit limit (a ValueError, exit 3)."""
    from adjudicate.clock import parse_duration
    from adjudicate.notation import parse_coord
    from adjudicate.rules import find_ruleset, parse_overrides

    assert parse_coord(ZEROS + "8D") == parse_coord("8D")
    assert parse_duration(f"{ZEROS}25:00") == 1500
    assert parse_overrides([f"bingo_bonus={ZEROS}35"]) == parse_overrides(["bingo_bonus=35"])
    assert find_ruleset("naspa")
    result = cli(["endgame", "--rules", "naspa", f"A=-{ZEROS}380", "B=402:IQ", "--went-out", "A"])
    assert result.exit_code == 0 and "-380" in result.stdout


# -- word lists with no end --------------------------------------------------------------------------


def test_a_word_list_line_of_megabytes_is_one_rejection(tmp_path: Path) -> None:
    source = tmp_path / "long.txt"
    source.write_bytes(b"casa\n" + b"A" * (2 * 1024 * 1024) + b"\nperro\n")
    result = CliRunner().invoke(app, ["lexicon", "check", str(source), "--alphabet", "spanish"])
    assert result.exit_code == 1, result.output
    text = result.stdout + result.stderr
    assert f"{source}:2: " in text and "a line of 2,097,152 characters (at most 4,096)" in text
    assert "2 words" in result.stdout


def test_a_word_list_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import gzip

    monkeypatch.setattr(wordlist, "MAX_TEXT_BYTES", 1024 * 1024)
    plain = tmp_path / "big.txt"
    plain.write_bytes(b"#\n" * (600 * 1024))  # 1.2 MB; comments make the careful reader read it
    bomb = tmp_path / "bomb.txt.gz"
    bomb.write_bytes(gzip.compress(b"#" + b"x" * (3 * 1024 * 1024)))  # 3 MB of text in a few KB
    for source in (plain, bomb):
        with pytest.raises(LexiconError, match="more than 1 MB of text"):
            check_word_list(str(source), "english")


def test_a_clean_word_list_over_the_size_limit_is_refused_too(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The fast reader of clean lists keeps the careful reader's limit, on the file and on its text."""
    import gzip

    monkeypatch.setattr(wordlist, "MAX_TEXT_BYTES", 1024 * 1024)
    plain = tmp_path / "big.txt"
    plain.write_bytes(b"casa\n" * (220 * 1024))  # 1.1 MB
    packed = tmp_path / "big.txt.gz"
    packed.write_bytes(gzip.compress(b"casa\n" * (220 * 1024)))  # a few KB of file, 1.1 MB of text
    for source in (plain, packed):
        with pytest.raises(LexiconError, match="more than 1 MB of text"):
            check_word_list(str(source), "spanish")
        with pytest.raises(LexiconError, match="more than 1 MB of text"):
            build_lexicon(str(source), "spanish", "X", out_dir=str(tmp_path / "lex"))
    assert not (tmp_path / "lex").exists()


@pytest.mark.parametrize("clean", [True, False])
def test_a_word_list_from_a_pipe_is_read_once_and_whole(tmp_path: Path, clean: bool) -> None:
    """`zcat list.gz | adjudicate lexicon build -`: a pipe cannot be read twice, so a list the fast
    reader gives up on must not be read again (which would find it empty). (A named pipe given
    as a path is refused: issue 22, item 9.)"""
    import itertools

    words = ["".join(letters) for letters in itertools.product("ABCDEFGHIJKLMNOPQRSTUVWXYZ", repeat=3)][:3000]
    text = ("\n".join(words) + "\n" + ("" if clean else "# a comment at the end\n")).encode()
    out = tmp_path / "lex"
    result = cli(["lexicon", "build", "-", "-a", "english", "-n", "X", "-q", "-o", str(out)], text)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["word_count"] == 3000 and manifest["source"]["sha256"] == hashlib.sha256(text).hexdigest()


def test_every_member_of_a_multi_member_gzip_list_is_read(tmp_path: Path) -> None:
    """`cat a.gz b.gz > list.gz` is one gzip file to gunzip: all its words, not the first member's."""
    import gzip

    source = tmp_path / "list.txt.gz"
    source.write_bytes(gzip.compress(b"casa\nperro\n") + gzip.compress(b"chorizo\n") + b"\0\0")
    report = check_word_list(str(source), "spanish")
    assert (report.entries, report.rejected) == (3, [])
    built = build_lexicon(str(source), "spanish", "X", out_dir=str(tmp_path / "lex"))
    assert built.word_count == 3
    assert lx.load_lexicon(str(tmp_path / "lex")).contains_word("CHORIZO")


def test_bytes_after_the_end_of_a_gzip_list_are_an_error(tmp_path: Path) -> None:
    import gzip

    source = tmp_path / "list.txt.gz"
    source.write_bytes(gzip.compress(b"casa\nperro\n") + b"garbage\n")
    result = CliRunner().invoke(app, ["lexicon", "build", str(source), "-a", "spanish", "-n", "X",
                                      "-o", str(tmp_path / "lex")])
    assert result.exit_code == 2, result.output
    assert f"{source}: not a readable gzip file (data after the end)" in result.stderr
    assert not (tmp_path / "lex").exists()


def test_a_gzip_list_on_standard_input_is_gunzipped_as_a_file_is(tmp_path: Path) -> None:
    import gzip

    packed = gzip.compress(b"casa\nperro\nchorizo\n")
    result = CliRunner().invoke(app, ["lexicon", "check", "-", "-a", "spanish"], input=packed)
    assert result.exit_code == 0, result.output
    assert "<stdin>: 3 entries, 3 words, 0 duplicates, 0 rejected" in result.stdout
    result = CliRunner().invoke(app, ["lexicon", "build", "-", "-a", "spanish", "-n", "X", "-q",
                                      "-o", str(tmp_path / "lex")], input=packed + packed)
    assert result.exit_code == 0, result.output
    assert lx.load_lexicon(str(tmp_path / "lex")).contains_word("CHORIZO")


def test_an_unreadable_manifest_is_that_lexicon_s_error_not_the_search_s(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A manifest.json that is a symlink to itself (or one without read permission) broke
    `lexicon list` and every "unknown lexicon" message with the OSError."""
    (tmp_path / "loop").mkdir()
    (tmp_path / "loop" / "manifest.json").symlink_to("manifest.json")
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(tmp_path))
    listed = cli(["lexicon", "list"])
    assert listed.exit_code == 0 and "manifest.json cannot be read" in listed.stdout
    unknown = cli(["challenge", "--lexicon", "nosuch", "QI"])
    assert unknown.exit_code == 2 and "unknown lexicon 'nosuch' (available:" in unknown.stderr
    loop = cli(["challenge", "--lexicon", "loop", "QI"])
    assert loop.exit_code == 2 and "lexicon loop: manifest.json cannot be read" in loop.stderr
