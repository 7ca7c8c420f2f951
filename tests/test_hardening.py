"""Hostile input, integrity, nothing lost (issue 6).

* failures found by fuzzing (tests/test_fuzz.py, scripts/fuzz), each kept as a regression test;
* hostile files: binary garbage, NUL bytes, a single line of a few MB, a file over the size limit,
  huge numbers, 10,000 players, a judge log that is a symlink: each an exit-2 message, never exit 3;
* nothing lost: no command writes over its inputs, and a write that fails halfway leaves the
  previous file intact and no temporary file behind.

Hostile lexicons and word lists are tested with the lexicon's modules: tests/test_lexicon_open.py
(manifests, DAWGs), test_lexicon_wordlist.py, test_lexicon_build.py, test_lexicon_verify_diff.py.
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


# -- the judge log's name, from a lexicon id ------------------------------------------------------------

import os  # noqa: E402
import shutil  # noqa: E402


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


# -- numbers with thousands of digits ---------------------------------------------------------------


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
