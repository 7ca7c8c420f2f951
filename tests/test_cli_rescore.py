"""`adjudicate rescore` on many files (issue 3, item 5): one summary row per game in the order given,
`--format json|jsonl|csv`, `--jobs` (capped at the CPUs and the games), `-` among
files, exit codes 0/1/2; a batch stopped by a signal (its workers gone, its output closed) and a
worker killed from outside.

The games are the project's own fixtures: eight whose every score agrees (their arithmetic is in
test_rescore.py), and gcg_bom_crlf.gcg, a reader fixture whose first play misses the centre square
(an illegal_play at line 3, so exit 1).
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicate import forked
from adjudicate.cli import app
from adjudicate.batch import POOL_THRESHOLD, workers

GAMES = Path(__file__).parent / "data" / "games"
# (named from the games' folder, the working directory of every test here: a table's layout
# depends on a path's length, and a checkout may be as deep as it likes)
CLEAN = sorted(p.name for p in GAMES.glob("fx_*.gcg"))
BROKEN = "gcg_bom_crlf.gcg"


@pytest.fixture(autouse=True)
def _in_the_games_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(GAMES)


def run(args: list[str], stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, ["rescore", "-q", *args], input=stdin)


def single_json(path: str) -> dict:
    result = run(["--format", "json", path])
    [game] = json.loads(result.stdout)  # (one file: an array of one)
    return game


def test_clean_games_table_one_row_each_in_order_exit_0() -> None:
    result = run(CLEAN)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["file", "ruleset", "ending", "discrepancies", "winner_changed"]
    rows = lines[2:]
    assert [row.split()[0] for row in rows] == CLEAN
    assert all(row.split()[3] == "ok" for row in rows)


def test_a_discrepancy_is_exit_1_and_its_first_line_is_in_the_csv() -> None:
    result = run(["--format", "csv", CLEAN[0], BROKEN, CLEAN[1]])
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["file"] for r in rows] == [CLEAN[0], BROKEN, CLEAN[1]]
    assert [r["ok"] for r in rows] == ["true", "false", "true"]
    broken = rows[1]
    assert (broken["first_line"], broken["first_kind"]) == ("3", "illegal_play")
    assert "cover the centre square H8" in broken["first_message"]
    assert int(broken["discrepancies"]) == len(single_json(BROKEN)["discrepancies"])


def test_an_unreadable_file_is_exit_2_named_on_stderr_and_the_others_are_still_reported(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.gcg"
    garbage.write_bytes(b"\x00\xff" * 100)
    missing = tmp_path / "missing.gcg"
    result = run(["--format", "csv", CLEAN[0], str(garbage), BROKEN, str(missing)])
    assert result.exit_code == 2
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["file"] for r in rows] == [CLEAN[0], str(garbage), BROKEN, str(missing)]
    assert rows[0]["ok"] == "true" and rows[2]["ok"] == "false"
    assert rows[1]["error"] and rows[3]["error"]
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 2
    assert str(garbage) in errors[0] and str(missing) in errors[1]
    assert "Traceback" not in result.output


def test_json_for_several_files_is_the_array_of_each_files_own_report(tmp_path: Path) -> None:
    files = [CLEAN[0], BROKEN, CLEAN[-1]]
    result = run(["--format", "json", *files])
    assert result.exit_code == 1
    games = [single_json(f) for f in files]
    assert json.loads(result.stdout) == games
    # Not on a terminal: one game a line, each json.dumps(game), between [ and ] on lines of their own.
    lines = result.stdout.split("\n")
    assert lines[0] == "[" and lines[-2:] == ["]", ""]
    assert lines[1:-2] == [json.dumps(g, ensure_ascii=False) + ("," if n < 2 else "")
                           for n, g in enumerate(games)]
    # --indent N: json.dumps(..., indent=N) of the whole array, byte for byte.
    for indent in (2, 4, 0):
        expected = json.dumps(games, ensure_ascii=False, indent=indent) + "\n"
        assert run(["--format", "json", "--indent", str(indent), *files]).stdout == expected


def test_indent_is_for_json_only_and_json_on_a_terminal_is_indented(monkeypatch: pytest.MonkeyPatch) -> None:
    result = run(["--format", "jsonl", "--indent", "2", CLEAN[0]])
    assert result.exit_code == 2 and "--indent" in result.stderr and not result.stdout
    from typer import testing  # (the runner's stdout, made a terminal)

    monkeypatch.setattr(testing._NamedTextIOWrapper, "isatty", lambda self: True, raising=False)
    result = run(["--format", "json", CLEAN[0]])
    assert result.stdout == json.dumps([single_json(CLEAN[0])], ensure_ascii=False, indent=2) + "\n"


def test_json_is_an_array_even_for_one_file(tmp_path: Path) -> None:
    """`jq '.[]'` works the day a glob matches one file (issue 19, item 2): an array of one object,
    the same object the file has in a batch; a file that cannot be rescored is an object too."""
    result = run(["--format", "json", BROKEN])
    assert result.exit_code == 1
    games = json.loads(result.stdout)
    assert isinstance(games, list) and len(games) == 1
    assert games[0]["file"] == BROKEN and games[0]["discrepancies"][0]["line"] == 3
    assert games == json.loads(run(["--format", "json", BROKEN, CLEAN[0]]).stdout)[:1]
    assert json.loads(run(["--json", BROKEN]).stdout) == games
    missing = str(tmp_path / "missing.gcg")
    result = run(["--format", "json", missing])
    assert result.exit_code == 2
    [error] = json.loads(result.stdout)
    assert error["file"] == missing and "No such file" in error["error"]


@pytest.mark.parametrize("count", [1, 3])
def test_jsonl_is_one_line_per_game_each_the_games_json_object(count: int) -> None:
    files = [BROKEN, CLEAN[0], CLEAN[1]][:count]
    result = run(["--format", "jsonl", *files])
    assert result.exit_code == 1
    lines = result.stdout.split("\n")
    assert lines[-1] == "" and len(lines) == count + 1  # a newline after each object, no other
    assert [json.loads(line) for line in lines[:-1]] == json.loads(run(["--format", "json", *files]).stdout)
    assert all(line.startswith('{"file": ') for line in lines[:-1])  # not indented


@pytest.mark.parametrize("output", ["jsonl", "json"])
def test_json_and_jsonl_are_written_as_each_game_is_done(monkeypatch: pytest.MonkeyPatch, output: str) -> None:
    """When a game is rescored, every game before it is already on stdout (the CLI streams)."""
    import sys

    import adjudicate.batch as command

    seen: list[int] = []
    rescore_one = command.rescore_one

    def watched(path: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(sys.stdout.buffer.getvalue().count(b'"file": '))  # type: ignore[attr-defined]
        return rescore_one(path, *args, **kwargs)

    monkeypatch.setattr(command, "rescore_one", watched)
    result = run(["--format", output, *CLEAN[:4]])
    assert result.exit_code == 0, result.output
    assert seen == [0, 1, 2, 3]


@pytest.mark.parametrize("output", ["table", "json", "jsonl", "csv"])
def test_a_batch_ends_with_one_summary_line_on_stderr(tmp_path: Path, output: str) -> None:
    missing = str(tmp_path / "missing.gcg")
    result = run(["--format", output, CLEAN[0], BROKEN, missing, CLEAN[1]])
    assert result.exit_code == 2
    *errors, last = result.stderr.splitlines()
    assert last == "4 games: 2 agree, 1 with discrepancies, 1 could not be adjudicated; no winner changes"
    assert len(errors) == 1 and errors[0].startswith(f"Error: {missing}")
    assert "games:" not in result.stdout
    if output == "json":
        assert len(json.loads(result.stdout)) == 4  # a plain array
    # One game: its report says it all.
    assert "game" not in run(["--format", output, BROKEN]).stderr


def test_stdin_among_files() -> None:
    data = Path(BROKEN).read_bytes()
    result = run(["--format", "csv", CLEAN[0], "-"], stdin=data)
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["file"] for r in rows] == [CLEAN[0], "<stdin>"]
    assert rows[1]["first_line"] == "3"


@pytest.mark.parametrize("output", ["csv", "json", "jsonl", "table"])
def test_jobs_2_gives_the_same_output_as_one_process(tmp_path: Path, output: str) -> None:
    """Enough files for the pool (below POOL_THRESHOLD one process does the work anyway)."""
    files = []
    sources = [*CLEAN, BROKEN]
    for i in range(POOL_THRESHOLD + 6):
        path = tmp_path / f"g{i:03d}.gcg"
        shutil.copyfile(sources[i % len(sources)], path)
        files.append(str(path))
    one = run(["--format", output, "--jobs", "1", *files])
    two = run(["--format", output, "--jobs", "2", *files])
    assert one.exit_code == two.exit_code == 1
    assert two.stdout == one.stdout
    assert len(one.stdout.splitlines()) >= len(files)  # (jsonl: a line per game)


def test_a_missing_end_line_gets_no_show_command_for_the_play_it_is_reported_at(tmp_path: Path) -> None:
    """`show` explains a play; the missing out-play lines are reported at beto's last play."""
    game = tmp_path / "short.gcg"
    lines = (GAMES / "fx_fise_outplay.gcg").read_text("utf-8").splitlines(keepends=True)
    game.write_text("".join(lines[:-2]), encoding="utf-8")
    result = run([str(game)])
    assert result.exit_code == 1
    rows = [row for row in result.stdout.splitlines() if row.strip().startswith("18 ")]
    assert len(rows) == 2 and all("end_rack" in row for row in rows)
    assert "adjudicate show" not in result.stdout
    assert "explained by" not in result.stdout


# -- tables fit a terminal of 100 columns (issue 19, item 2) ------------------------------------------


def columns(line: str) -> int:
    """The columns a terminal gives ``line``: two for a wide character, none for a combining one."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in line)


def too_wide(output: str) -> list[str]:
    """The lines wider than 100 columns that are more than one word (a path too long for a line,
    with its indentation and a shell's continuation backslash)."""
    return [line for line in output.splitlines()
            if columns(line) > 100 and len(line.strip().removesuffix(" \\").split()) != 1]


def test_every_table_of_the_corpus_fits_100_columns(corpus: Path) -> None:
    """Every game of the public corpus and of the fixtures, alone and as one batch: the header, the
    players, the discrepancies (`what` and the values wrap), the show commands (a line each), the
    information lines, the batch's rows (the first discrepancy under its row)."""
    files = sorted(str(p) for p in (corpus / "gcg").glob("*/*.gcg")) + sorted(str(p) for p in GAMES.glob("*.gcg"))
    batch = run(files)
    assert batch.exit_code == 2 and len(batch.stdout.splitlines()) > len(files)
    assert too_wide(batch.stdout) == []
    for path in files:
        result = run([path])
        assert too_wide(result.stdout) == [], path
    # (before, a game's table ran to 230 columns, the batch's to 210)


def test_a_path_longer_than_a_line_has_a_line_of_its_own(tmp_path: Path) -> None:
    directory = tmp_path / ("a_folder_with_a_long_name_" * 2)
    directory.mkdir()
    game = str(directory / "gcg_bom_crlf.gcg")
    shutil.copyfile(BROKEN, game)
    assert len(game) > 100
    table = run([game]).stdout.splitlines()
    assert table[0] == f"{game}:" and table[1].startswith("  ruleset naspa, ")
    # The show command on three lines, as the shell reads them: show, the file, --line 3.
    command = table[table.index("explained by:") + 1:][:3]
    assert command[1] == f"    {game} \\"
    words = subprocess.run(["bash", "-c", "\n".join(command).replace("adjudicate", "printf '%s\\n'", 1)],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert words == ["show", game, "--line", "3"]
    batch = run([CLEAN[0], game]).stdout.splitlines()
    assert batch[3] == game and batch[4].split() == ["naspa", "unfinished", "2", "false"]
    assert too_wide("\n".join(table + batch)) == []


# -- how many workers: --jobs capped at the CPUs and the games ---------------------------------------

# `--jobs 100` started 100 processes on 2 cores: capped at the CPUs and at the games
# (adjudicate.batch.workers), and without --jobs a pool only from POOL_THRESHOLD games.

GAME = GAMES / "fx_fise_outplay.gcg"


def test_jobs_are_capped_at_the_cpus_and_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert workers(100, 1000) == 2
    assert workers(100, 1) == 1
    assert workers(1, 1000) == 1
    # Not given: one per CPU from POOL_THRESHOLD games; below it one process, whatever is asked.
    assert workers(None, POOL_THRESHOLD) == 2
    assert workers(None, POOL_THRESHOLD - 1) == 1
    assert workers(2, POOL_THRESHOLD - 1) == 1
    seen = []

    def imap(function, count, *, jobs, chunk):  # type: ignore[no-untyped-def]
        seen.append(jobs)
        return (function(i) for i in range(count))

    monkeypatch.setattr("adjudicate.forked.imap", imap)
    games = [str(GAME)] * (POOL_THRESHOLD + 6)
    result = CliRunner().invoke(app, ["rescore", "--jobs", "100", "--format", "csv", *games])
    assert result.exit_code == 0, result.output
    assert seen == [2]
    result = CliRunner().invoke(app, ["rescore", "--format", "csv", *games])  # (the default)
    assert result.exit_code == 0, result.output
    assert seen == [2, 2]
    result = CliRunner().invoke(app, ["rescore", "--format", "csv", *games[:POOL_THRESHOLD - 1]])
    assert result.exit_code == 0, result.output
    assert seen == [2, 2]  # (no pool)


# -- signals in a batch: rescore --jobs stopped, a worker killed -----------------------------------

# `rescore --jobs N` on SIGINT or SIGTERM stops its workers, closes what it has written (the JSON
# array, whole CSV rows), says how far it got and exits 130 or 143; a worker killed from outside is
# an error for its game (exit 2), not a broken pool (exit 3). (The pool itself, forked.imap:
# test_forked.py.)
#
# Whole processes, signalled once the first output has arrived (so the batch is under way); every
# wait has a generous timeout, and nothing depends on how fast the machine is.

CORPUS = Path(os.environ.get("ADJUDICATE_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
CORPUS_GAME = CORPUS / "gcg" / "macondo" / "doug_v_emely.gcg"
BATCH_GAME = CORPUS_GAME if CORPUS_GAME.is_file() else GAMES / "fx_naspa_scoreless.gcg"
BATCH = 20_000  # far more than are done before the signal comes
WAIT = 60  # seconds: generous; a stopped batch ends in well under one

needs_fork = pytest.mark.skipif(not forked.AVAILABLE, reason="the pool forks only on Linux")


def start(tmp_path: Path, output: str, jobs: int) -> subprocess.Popen[bytes]:
    (tmp_path / "g.gcg").symlink_to(BATCH_GAME)
    args = [sys.executable, "-m", "adjudicate", "rescore", "--format", output, "--jobs", str(jobs), "-q",
            *["g.gcg"] * BATCH]
    return subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def first_output(process: subprocess.Popen[bytes]) -> bytes:
    """Some of stdout: the batch has started (and its workers with it)."""
    assert process.stdout is not None
    return os.read(process.stdout.fileno(), 1 << 16)


@pytest.fixture(scope="session")
def workers_of(children):  # type: ignore[no-untyped-def]
    """``workers_of(process, jobs)``: the batch's ``jobs`` workers, once all have started."""

    def workers_of(process: subprocess.Popen[bytes], jobs: int) -> list[int]:
        deadline = time.monotonic() + WAIT
        while len(found := children(process.pid)) < jobs and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(found) == jobs, found
        return found

    return workers_of


def finish(process: subprocess.Popen[bytes], head: bytes) -> tuple[int, bytes, str]:
    try:
        out, err = process.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the batch (or a worker holding its stdout) still runs {WAIT} s after the signal")
    return process.returncode, head + out, err.decode()


def cleanup(process: subprocess.Popen[bytes]) -> None:
    """Whatever is left of the batch's process group (nothing, when all went well)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def stopped(games: int) -> list[str]:
    """The last lines of a batch of clean games stopped after ``games``: how far it got, then the
    tally of the games done (none when none was)."""
    tally = (f"{games} game{'s' * (games != 1)}: {games} agree{'s' * (games == 1)}, 0 with discrepancies, "
             "0 could not be adjudicated; no winner changes")
    return [f"interrupted after {games} of {BATCH} games", *([tally] if games else [])]


@pytest.mark.parametrize(("signum", "code", "group"), [
    (signal.SIGTERM, 143, False),  # the parent alone: it must take its workers with it
    (signal.SIGINT, 130, True),  # Ctrl-C: the terminal signals the whole process group
    (signal.SIGTERM, 143, True),
])
@pytest.mark.slow
@needs_fork
def test_a_signal_stops_the_workers_and_closes_the_json(tmp_path: Path, signum: int, code: int, group: bool,
                                                        workers_of, alive) -> None:  # type: ignore[no-untyped-def]
    process = start(tmp_path, "json", 2)
    try:
        head = first_output(process)
        workers = workers_of(process, 2)
        if group:
            os.killpg(process.pid, signum)
        else:
            process.send_signal(signum)
        returncode, out, err = finish(process, head)
        survivors = [pid for pid in workers if alive(pid)]
    finally:
        cleanup(process)
    assert survivors == []
    assert returncode == code, err
    reports = json.loads(out)  # well-formed: the array closed after the last whole game
    assert 0 < len(reports) < BATCH
    assert all(r["file"] == "g.gcg" and r["ok"] for r in reports)
    assert err.splitlines()[-2:] == stopped(len(reports))
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.slow
@needs_fork
def test_a_signal_leaves_whole_csv_rows(tmp_path: Path, workers_of) -> None:  # type: ignore[no-untyped-def]
    process = start(tmp_path, "csv", 2)
    try:
        head = first_output(process)
        workers_of(process, 2)
        process.send_signal(signal.SIGTERM)
        returncode, out, err = finish(process, head)
    finally:
        cleanup(process)
    assert returncode == 143
    text = out.decode()
    assert text.endswith("\n")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "file" and all(row == rows[1] for row in rows[1:])
    assert err.splitlines()[-2:] == stopped(len(rows) - 1)[-2:]


@pytest.mark.slow
@needs_fork
def test_without_workers_a_signal_closes_the_json_too(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    process = start(tmp_path, "json", 1)
    try:
        head = first_output(process)
        assert children(process.pid) == []
        process.send_signal(signal.SIGTERM)
        returncode, out, err = finish(process, head)
    finally:
        cleanup(process)
    assert returncode == 143
    assert err.splitlines()[-2:] == stopped(len(json.loads(out)))[-2:]


@pytest.mark.slow
@needs_fork
def test_a_worker_killed_from_outside_is_an_error_for_its_game(tmp_path: Path, workers_of) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "g.gcg").symlink_to(BATCH_GAME)
    games = 3000
    args = [sys.executable, "-m", "adjudicate", "rescore", "--format", "json", "--jobs", "2", "-q",
            *["g.gcg"] * games]
    process = subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        head = first_output(process)
        victim = workers_of(process, 2)[0]
        os.kill(victim, signal.SIGKILL)
        returncode, out, err = finish(process, head)
    finally:
        cleanup(process)
    reports = json.loads(out)
    assert len(reports) == games
    failed = [r for r in reports if "error" in r]
    if not failed:  # it had finished its part before the signal reached it: nothing lost either way
        assert returncode == 0, err
        return
    assert returncode == 2, err
    assert len(failed) == 1 and failed[0]["error"] == "g.gcg: not rescored: the worker process was killed (SIGKILL)"
    tally = (f"{games} games: {games - 1} agree, 0 with discrepancies, 1 could not be adjudicated; "
             "no winner changes")
    assert err.splitlines() == [f"Error: {failed[0]['error']}", tally]


# -- the winner change named (issue 25, item 3) ------------------------------------------------------


@pytest.mark.parametrize("output", ["table", "json", "jsonl", "csv"])
def test_a_batch_names_every_game_whose_winner_changes_after_its_counts(
        tmp_path: Path, corpus: Path, doug_emely: str, output: str) -> None:
    """A real record: Quackle's test_positions_logan, rescored under FISE (the rules given: its
    letters take Spanish values, and V, K, W, Y are not in the Spanish bag). Its record ends Maven
    440, AdamLogan 438; the rules give Maven 436, AdamLogan 438 (`rescore --rules fise` of the
    file alone shows each line). No record of the public corpus changes winner under the rules
    its header implies, so the real one is rescored under given rules; the hand-made doug and
    emely game (tests/conftest.py, its arithmetic there) changes winner under NASPA."""
    logan = str(corpus / "gcg" / "quackle" / "test_positions_logan.gcg")
    game = tmp_path / "dw.gcg"
    game.write_text(doug_emely, encoding="utf-8")
    fise = run(["--rules", "fise", logan])
    assert ("winner changes: the record's totals give Maven; the rules give AdamLogan"
            in fise.stdout.replace("\n", " ")), fise.stdout
    result = run(["--format", output, CLEAN[0], str(game), BROKEN])
    assert result.stderr.splitlines()[-2:] == [
        "3 games: 1 agrees, 2 with discrepancies, 0 could not be adjudicated; the winner changes in 1:",
        f"  {game}: the record's totals give emely; the rules give doug"]
    both = run(["--rules", "naspa", "--format", output, logan, str(game)])
    assert both.stderr.splitlines()[-1:] == [f"  {game}: the record's totals give emely; the rules give doug"]
    assert run(["--rules", "fise", "--format", output, logan, CLEAN[0]]).stderr.splitlines()[-1] == (
        f"  {logan}: the record's totals give Maven; the rules give AdamLogan")
