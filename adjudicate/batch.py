"""A batch of games rescored (``adjudicate rescore GAMES...``), without the command line.

:class:`BatchOptions` is what every game of a batch is rescored with; :func:`rescore_one` rescores
one file (a :class:`~adjudicate.report.RescoreReport`, or a :class:`~adjudicate.report.GameError`);
:func:`run` rescores them all, in this process or in forked workers (:func:`workers`,
:data:`POOL_THRESHOLD`), each game handed on as it is ready as ``present`` makes it (its
:class:`~adjudicate.report.Verdict` and what is written of it). :func:`stoppable` and
:func:`until_signal` stop a batch at SIGINT or SIGTERM between two games, and :class:`Progress`
keeps what it saw (the games, their errors, the :class:`~adjudicate.report.Tally`, the signal).
Nothing here prints: the caller writes what ``present`` makes and the progress.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from adjudicate.errors import AdjudicateError

if TYPE_CHECKING:
    from adjudicate.gcg import GameRecord
    from adjudicate.report import GameError, RescoreReport, Tally, Verdict

__all__ = ["POOL_THRESHOLD", "BatchOptions", "Done", "Interrupted", "Progress", "read_path",
           "rescore_one", "run", "stoppable", "until_signal", "workers"]

# Below this many games a pool costs more than it saves: run in this process (whatever --jobs says).
# Measured (regular install, csv, 16 to 256 files, 21 pairs each): two workers cost about 12 ms of
# CPU more than one process, and 0.06 ms more a game (the pipes, pickling), where a game costs
# about 0.3 ms; on two free cores they break even near 100 games.
POOL_THRESHOLD = 100


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchOptions:
    """What every game of a batch is rescored with (:func:`adjudicate.api.rescore`'s arguments):
    the ruleset (``rules``: None, what each record implies) and its ``--set`` ``overrides``, the
    lexicon, whether every word is looked up, the spelling, tile set and board; given by keyword
    (the tuple it replaces held four adjacent ``str | None``, which could swap silently)."""

    rules: str | None = None
    overrides: dict[str, object] = field(default_factory=dict)
    lexicon: str | None = None
    check_words: bool = False
    spelling: str | None = None
    tiles: str | None = None
    board: str | None = None


def read_path(path: str) -> GameRecord:
    """The game record at ``path`` (:func:`adjudicate.api.read_game`): how :func:`run` reads a game
    when it is given no other way."""
    from adjudicate.api import read_game

    return read_game(path).record


def rescore_one(path: str, options: BatchOptions, read: Callable[[str], GameRecord] = read_path,
                name: Callable[[str], str] = str) -> RescoreReport | GameError:
    """Rescore one file (:func:`adjudicate.api.rescore`), read by ``read`` and named by ``name``
    in an error: its :class:`~adjudicate.report.RescoreReport`, or a
    :class:`~adjudicate.report.GameError`. Runs in worker processes; each lexicon is opened once
    per process."""
    from adjudicate.api import Game, rescore

    try:
        return rescore(Game(read(path)), options.rules, options.lexicon, options.check_words,
                       overrides=options.overrides, spelling=options.spelling, tiles=options.tiles,
                       board=options.board).report
    except AdjudicateError as err:
        return {"file": name(path), "error": str(err)}
    except OSError as err:
        return {"file": name(path), "error": f"{err.filename or name(path)}: {err.strerror or err}"}


#: What a batch hands on for each game: its verdict, and what is written of it (its line of
#: JSON, JSON Lines or CSV; for a table or indented JSON, its report's dict or summary).
Done = tuple["Verdict", Any]


def run(games: list[str], options: BatchOptions, present: Callable[[RescoreReport | GameError], Done],
        *, jobs: int | None = None, read: Callable[[str], GameRecord] = read_path,
        name: Callable[[str], str] = str) -> Iterator[Done]:
    """Each game's verdict and text (``present``), in the order given, as it is ready (nothing is
    kept here: a batch's JSON is written game by game, in bounded memory); ``read`` and ``name``
    as :func:`rescore_one` takes them. With more than one job (:func:`workers`), forked workers
    rescore and present them (:func:`adjudicate.forked.imap`): leaving early kills them all, and a
    worker that dies is an error for the game it was rescoring."""
    jobs = workers(jobs, len(games))

    def one(index: int) -> Done:
        return present(rescore_one(games[index], options, read, name))

    if jobs == 1:  # (no pool: adjudicate.forked and pickle are not imported)
        yield from map(one, range(len(games)))
        return
    # Imported before the workers fork, so that each one does not import (or compile) them again.
    import adjudicate.api
    import adjudicate.game
    import adjudicate.recount  # noqa: F401
    from adjudicate.forked import WorkerDied, imap

    chunk = max(1, min(256, len(games) // (jobs * 8)))
    for index, r in enumerate(imap(one, len(games), jobs=jobs, chunk=chunk)):
        if isinstance(r, WorkerDied):
            game = name(games[index])
            died: GameError = {"file": game, "error": f"{game}: not rescored: {r.reason}"}
            yield present(died)
        else:
            yield r


def workers(jobs: int | None, games: int) -> int:
    """The processes a batch uses for ``--jobs``: at most one per CPU this process may run on and
    one per game (--jobs 100 started 100 processes on 2 cores); one below
    :data:`POOL_THRESHOLD` games, where a pool costs more than it saves; every CPU when ``jobs``
    is not given (None)."""
    if games < POOL_THRESHOLD:
        return 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cpus if jobs is None else jobs, cpus, games))


class Interrupted(BaseException):
    """SIGINT or SIGTERM during a batch (``signum``): raised by the handlers :func:`stoppable`
    installs, caught by :func:`until_signal`."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def stoppable() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` inside the block; the handlers and the
    signal mask are as they were after it (where handlers cannot be set, outside the main
    thread, nothing changes)."""

    def handler(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        previous = {signum: signal.signal(signum, handler) for signum in _SIGNALS}
    except ValueError:  # not the main thread
        previous = {}
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for signum, old in previous.items():
            signal.signal(signum, old)


class Progress:
    """What :func:`until_signal` saw: the games written whole (``count``), the errors among them
    (each one's message), the batch's :class:`~adjudicate.report.Tally` and the signal that
    stopped it (None: none did)."""

    def __init__(self) -> None:
        from adjudicate.report import Tally

        self.count = 0
        self.errors: list[str] = []
        self.signum: int | None = None
        self.tally: Tally = Tally()

    @property
    def failed(self) -> bool:
        """Whether a file could not be rescored."""
        return bool(self.errors)

    @property
    def disagrees(self) -> bool:
        """Whether a game has a discrepancy."""
        return bool(self.tally.discrepancies)


def until_signal(outcomes: Iterable[Done], seen: Progress) -> Iterator[Any]:
    """What is written of each game as it comes, until a signal (:class:`Interrupted`) stops the
    batch. Each one is handed out with the signals blocked, so what is written of it is written
    whole; a signal then arrives when the next game is asked for, and ends the iteration there:
    the caller closes its output as if the batch had ended (the JSON array closed, whole CSV
    rows). ``seen`` counts each game once it is written (:class:`Progress`)."""
    try:
        for game, shown in outcomes:
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # (one come before: raised here)
            yield shown
            seen.count += 1  # written whole
            seen.tally.count(game)
            if game.error is not None:
                seen.errors.append(game.error)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    except Interrupted as stop:
        seen.signum = stop.signum
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # a second one: after the output is closed
