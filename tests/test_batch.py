"""The batch engine (``adjudicate.batch``) driven directly, without Typer: the options reach every
game, the games come back in order (in one process or in forked workers), an error names its
file, a signal stops the batch between two games and the handlers are put back."""

from __future__ import annotations

import os
import signal
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicate.batch import (
    POOL_THRESHOLD,
    BatchOptions,
    Done,
    Progress,
    rescore_one,
    run,
    stoppable,
    until_signal,
)
from adjudicate.report import GameError, RescoreReport, Verdict, summary, verdict

GAMES = Path(__file__).parent / "data" / "games"
# alice and bob: six scoreless turns, then each loses their rack (-6, -16) and alice 40 points of
# overtime (03:20: 4 started minutes x 10): 8 - 40 = -32 and 20 - 16 = 4, as the record writes.
CLEAN = str(GAMES / "fx_naspa_scoreless.gcg")
BROKEN = str(GAMES / "gcg_bom_crlf.gcg")  # its first play misses the centre square: line 3
SPANISH = str(GAMES / "fx_fise_outplay.gcg")  # #lexicon FILE2017: a FISE record, Spanish tiles


def shown(outcome: RescoreReport | GameError) -> Done:
    """What a test batch hands on: the verdict and the game's summary (or its error)."""
    return verdict(outcome), outcome if isinstance(outcome, dict) else summary(outcome)


def test_a_batch_gives_each_game_in_order_with_its_verdict(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.gcg")
    done = list(run([CLEAN, BROKEN, missing, SPANISH], BatchOptions(), shown))
    verdicts = [v for v, _ in done]
    assert verdicts[0] == Verdict(None, False, False)
    assert verdicts[1] == Verdict(None, True, False)
    assert verdicts[2] == Verdict(f"{missing}: No such file or directory", False, False)
    assert verdicts[3] == Verdict(None, False, False)
    games = [g for _, g in done]
    assert [g["file"] for g in games] == [CLEAN, BROKEN, missing, SPANISH]
    assert [(p["nick"], p["computed_final"]) for p in games[0]["players"]] == [("alice", -32), ("bob", 4)]
    assert (games[1]["discrepancies"][0]["line"], games[1]["discrepancies"][0]["kind"]) == (3, "illegal_play")
    assert [games[0]["ruleset"], games[3]["ruleset"]] == ["naspa", "fise"]  # (what each record implies)


def test_the_options_reach_every_game() -> None:
    """``--rules naspa`` for a Spanish record: refused by name, as ``rescore --rules naspa`` is."""
    outcome = rescore_one(SPANISH, BatchOptions(rules="naspa"))
    assert isinstance(outcome, dict)
    assert outcome["file"] == SPANISH
    assert "--rules naspa is English" in outcome["error"]
    report = rescore_one(CLEAN, BatchOptions(rules="wespa"))
    assert isinstance(report, RescoreReport) and report.ruleset == "wespa"


def test_the_options_are_given_by_keyword() -> None:
    """Not the positional tuple they replace (four adjacent ``str | None`` that could swap)."""
    with pytest.raises(TypeError):
        BatchOptions("naspa")  # type: ignore[call-arg]
    assert BatchOptions(spelling="bracketed") != BatchOptions(tiles="bracketed")


def test_a_reader_and_a_name_given_read_and_name_each_game() -> None:
    """How the command line reads ``-`` (stdin, read once) and names it ``<stdin>``."""
    from adjudicate.gcg import read_gcg

    data = Path(BROKEN).read_bytes()

    def read(path: str) -> Any:
        return read_gcg(data, name="<stdin>") if path == "-" else read_gcg(Path(path).read_bytes(), name=path)

    def name(path: str) -> str:
        return "<stdin>" if path == "-" else path

    done = [g for _, g in run([CLEAN, "-"], BatchOptions(), shown, read=read, name=name)]
    assert [g["file"] for g in done] == [CLEAN, "<stdin>"]
    assert done[1]["discrepancies"][0]["line"] == 3
    error = rescore_one("-", BatchOptions(), lambda path: read_gcg(b"", name="<stdin>"), name)
    assert isinstance(error, dict) and error["file"] == "<stdin>"


def test_forked_workers_give_what_one_process_gives(tmp_path: Path) -> None:
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: no pool")
    games = []
    for i in range(POOL_THRESHOLD + 3):
        games.append(str(tmp_path / f"g{i:03d}.gcg"))
        shutil.copyfile([CLEAN, BROKEN, SPANISH][i % 3], games[-1])
    assert list(run(games, BatchOptions(), shown, jobs=2)) == list(run(games, BatchOptions(), shown, jobs=1))


def test_a_signal_stops_the_batch_between_two_games() -> None:
    """SIGTERM while the second game is made: the first is counted, the second never handed out,
    and after the block the handler and the signal mask are as they were."""
    before = signal.getsignal(signal.SIGTERM), signal.pthread_sigmask(signal.SIG_BLOCK, ())

    def games() -> Iterator[Done]:
        yield shown(rescore_one(CLEAN, BatchOptions()))
        os.kill(os.getpid(), signal.SIGTERM)
        yield shown(rescore_one(BROKEN, BatchOptions()))

    seen = Progress()
    with stoppable():
        written = [g["file"] for g in until_signal(games(), seen)]
    assert written == [CLEAN]
    assert (seen.count, seen.signum, seen.tally.agree, seen.failed, seen.disagrees) == (1, signal.SIGTERM, 1, False, False)
    assert (signal.getsignal(signal.SIGTERM), signal.pthread_sigmask(signal.SIG_BLOCK, ())) == before


def test_progress_counts_errors_and_discrepancies(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.gcg")
    seen = Progress()
    list(until_signal(run([CLEAN, BROKEN, missing], BatchOptions(), shown), seen))
    assert (seen.count, seen.signum, seen.failed, seen.disagrees) == (3, None, True, True)
    assert seen.errors == [f"{missing}: No such file or directory"]
    assert str(seen.tally) == "3 games: 1 agrees, 1 with discrepancies, 1 could not be adjudicated; no winner changes"
