"""Quadratic inputs (issue 22, item 3): whatever the reader accepts is read, replayed and reported in
time and memory linear in its size.

No test here measures time (scripts/bench has the rows for the 100,000-line records). They measure
what grows: the table's size and the Python calls of a replay (a deterministic count). The
multi-line note's quadratic cost was all in copying, which no count here sees: its bench row
measures it, and the test below keeps each continued note whole and in its place.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path

from typer.testing import CliRunner

from adjudicate.cli import app
from adjudicate.gcg import read_gcg
from adjudicate.report import CELL_WIDTH
from adjudicate.rescore import rescore_game

GAME = Path(__file__).parent / "data" / "games" / "fx_fise_outplay.gcg"  # ends ">beto:  (EX) +9 609"


def repeated_out_play(tmp_path: Path, lines: int) -> Path:
    """The game with its out-play line repeated up to ``lines`` lines (one end_rack finding whose
    recorded rack holds every repetition, and a cumulative finding per line)."""
    text = GAME.read_bytes().rstrip(b"\n").split(b"\n")
    out_play = next(line for line in text if line.startswith(b">beto:  (EX)"))
    path = tmp_path / f"out{lines}.gcg"
    path.write_bytes(b"\n".join(text + [out_play] * (lines - len(text))) + b"\n")
    return path


def rescore(args: list[str]):  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(app, ["rescore", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_the_table_grows_linearly_with_the_record(tmp_path: Path) -> None:
    """The end_rack cell held every repeated line, and the table padded every row to it: 10,000
    lines made 400 MB of table, 20,000 lines 1.6 GB. (The repeated lines' cumulative findings are
    now one row, a run: the table does not grow at all; the JSON has each, and grows linearly.)"""
    small = rescore([str(repeated_out_play(tmp_path, 10_000))])
    large = rescore([str(repeated_out_play(tmp_path, 20_000))])
    assert small.exit_code == large.exit_code == 1
    ratio = len(large.stdout) / len(small.stdout)
    assert 0.9 < ratio < 1.1, ratio
    assert "9980 times: out-play (EX): recorded +9, computed +0" in " ".join(small.stdout.split())
    assert max(len(line) for line in large.stdout.splitlines()) < 5 * CELL_WIDTH
    small, large = (rescore(["--format", "jsonl", str(repeated_out_play(tmp_path, n))]) for n in (10_000, 20_000))
    ratio = len(large.stdout) / len(small.stdout)
    assert 1.9 < ratio < 2.1, ratio


def test_a_long_cell_is_cut_with_an_ellipsis_and_whole_in_json(tmp_path: Path) -> None:
    path = repeated_out_play(tmp_path, 200)
    table = rescore([str(path)]).stdout.splitlines()
    # The recorded cell, wrapped in its column (where the rule under the header has its third run
    # of dashes), from the end_rack row to the next row.
    rule = next(i for i, line in enumerate(table) if line.startswith("------  "))
    start = [m.start() for m in re.finditer("-+", table[rule])][2]
    end = table[rule].index(" ", start)
    first = next(i for i in range(rule, len(table)) if "end_rack" in table[i])
    rows = [table[first], *itertools.takewhile(lambda line: not line[:6].strip(), table[first + 1:])]
    recorded = "".join(row[start:end].strip() for row in rows)
    assert len(recorded) == CELL_WIDTH and recorded.endswith("\u2026"), rows
    [report] = json.loads(rescore(["--format", "json", str(path)]).stdout)
    finding = next(d for d in report["discrepancies"] if d["kind"] == "end_rack")
    assert len(finding["recorded"]) > CELL_WIDTH * 2 and "\u2026" not in finding["recorded"]


def python_calls(function) -> int:  # type: ignore[no-untyped-def]
    """How many Python frames ``function()`` enters (generator resumptions included): a count of
    work that no machine's speed changes."""
    count = 0

    def hook(frame, event, arg):  # type: ignore[no-untyped-def]
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(hook)
    try:
        function()
    finally:
        sys.setprofile(None)
    return count


def test_the_replay_of_unreadable_lines_and_strangers_is_linear() -> None:
    """Each event looked at every unreadable line before it (and every problem's text, for a nick
    that is no player's): a record of unreadable lines between its events, or of a stranger on
    every line, cost the square of its length."""
    header = [b"#player1 a A", b"#player2 b B"]

    def unreadable(n: int) -> bytes:
        return b"\n".join(header + [b"garbage", b">a: ABCDEFG - +0 0", b">b: ABCDEFG - +0 0"] * n)

    def strangers(n: int) -> bytes:
        return b"\n".join(header + [b">x%d: ABCDEFG - +0 0" % i for i in range(n)])

    for make in (unreadable, strangers):
        small, large = (read_gcg(make(n)) for n in (300, 600))
        ratio = python_calls(lambda: rescore_game(large)) / python_calls(lambda: rescore_game(small))
        assert ratio < 2.3, (make.__name__, ratio)


def test_a_continued_note_keeps_its_place_among_the_event_s_notes() -> None:
    record = read_gcg(b"#player1 a A\n#player2 b B\n>a: ABCDEFG 8D CAB +14 14\n#note one\ntwo\n\nthree\n"
                      b"#note four\n#note five\nsix\n>b: ABCDEFG - +0 0\n")
    assert record.events[0].notes == ["one\ntwo\n\nthree", "four", "five\nsix"]
