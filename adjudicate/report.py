"""What rescoring a game reports (docs/format.md §2), typed.

:func:`adjudicate.recount.rescore_game` gives a :class:`RescoreReport`: the players' recorded and
computed totals, one :class:`EventResult` per event line, every :class:`Discrepancy` (a finding:
the record disagrees with the rules) and every :class:`Info` (information that changes no score:
unchallenged phonies, broken rack chains...). ``to_dict()`` is the JSON object of docs/format.md §2.

Below the classes, the report's dicts, the shape that crosses process boundaries (``rescore
--jobs`` workers send dicts): a :class:`GameReport` (``to_dict()``), a :class:`GameSummary`
(:func:`summary`: what a batch's table and CSV show), or a :class:`GameError` (a file that could
not be rescored); what a batch counts of a game (:class:`Verdict`) and the line it ends with
(:class:`Tally`). Written out (tables, CSV, JSON): :mod:`adjudicate.reportwriter`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict, Union, cast, final

from adjudicate.adjustments import winners_of
from adjudicate.kinds import Ending, EventKind, Finding, Note
from adjudicate.notation import format_coord
from adjudicate.printable import printable
from adjudicate.tiles import Alphabet, format_word

if TYPE_CHECKING:
    from typing_extensions import NotRequired, TypeIs

__all__ = [
    "Discrepancy", "DiscrepancyDict", "EventResult", "GameError", "GameOutcome", "GameReport",
    "GameSummary", "Info", "MissingLine", "PlayerDict", "PlayerResult", "RescoreReport", "Tally",
    "Verdict", "failed", "recorded_winners", "summary", "verdict", "winner_change_text",
    "winner_changes",
]


@dataclass(frozen=True, slots=True)
class MissingLine:
    """An end-of-game line a record lacks, as the rules give it: ``>nick: [tiles] (tiles) score``
    (``kind`` ``end_rack_points`` for the finisher's out-play line, ``end_rack_penalty`` for a
    player's own tiles)."""

    nick: str
    kind: EventKind
    tiles: str
    score: int

    def to_dict(self) -> dict[str, Any]:
        return {"nick": self.nick, "kind": self.kind, "tiles": self.tiles, "score": self.score}


@dataclass(slots=True)
class Discrepancy:
    """A finding: where (``line``), what kind, the record's value and the rules' value, and why;
    ``missing``: the line the record lacks, when the finding is that one is missing and the
    replay knows the tiles."""

    line: int
    kind: Finding
    recorded: Any
    computed: Any
    message: str
    player: str | None = None
    missing: MissingLine | None = None

    def to_dict(self) -> DiscrepancyDict:
        out: DiscrepancyDict = {
            "line": self.line,
            "kind": self.kind,
            "player": self.player,
            "recorded": self.recorded,
            "computed": self.computed,
            "message": self.message,
        }
        if self.missing is not None:
            out["missing_line"] = self.missing.to_dict()
        return out


@dataclass(slots=True)
class Info:
    """Information about a line (:class:`~adjudicate.kinds.Note`): never a finding.

    ``words`` and ``play`` are a phony's (``challenged`` when it was challenged and upheld all the
    same); ``missing`` the tiles a broken rack chain lacks; ``message`` says the rest.
    """

    line: int
    kind: Note
    player: str | None
    message: str | None = None
    words: list[str] | None = None
    play: str | None = None
    missing: str | None = None
    challenged: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"line": self.line, "kind": self.kind, "player": self.player}
        if self.kind is Note.PHONY:
            out["words"] = self.words
            out["play"] = self.play
            if self.challenged:
                out["challenged"] = True
            return out
        if self.missing is not None:
            out["missing"] = self.missing
        out["message"] = self.message
        return out


@dataclass(slots=True)
class EventResult:
    """One event line as replayed: the record's score and cumulative beside the rules'.

    A play keeps its resolved ``move`` until :meth:`finish` writes its position, tiles and words
    (each with the points the board counted for it) in canonical notation: a batch's table or CSV
    shows none of them.
    """

    line: int
    player: str
    kind: EventKind
    position: str | None = None
    tiles: str | None = None
    words: list[tuple[str, int]] | None = None  # (word, its points): the JSON's words
    recorded_score: int | None = None
    computed_score: int | None = None
    recorded_cumulative: int | None = None
    computed_cumulative: int | None = None
    move: Any = field(default=None, repr=False)
    alphabet: Alphabet | None = field(default=None, repr=False)

    def finish(self) -> None:
        """Turn the raw move into canonical text (``.`` for played-through squares), its position
        the main word's (a one-tile play written the way it forms no word is turned: 5E .Z, not
        the F5 written, which with .Z would put the Z on F6)."""
        move, alphabet = self.move, self.alphabet
        if move is None or alphabet is None:
            return
        word_tiles = move.word_tiles
        words = [format_word(w, alphabet) for w in word_tiles]
        self.position = format_coord(move.coord)
        # (every tile of the main word new: it is the main word, already written)
        self.tiles = words[0] if len(move.new_tiles) == len(word_tiles[0]) else format_word(
            move.written(), alphabet)
        self.words = list(zip(words, move.word_points))  # as the board counted them
        self.move = None

    def to_dict(self) -> dict[str, Any]:
        self.finish()
        out: dict[str, Any] = {"line": self.line, "player": self.player, "kind": self.kind}
        if self.position is not None:
            out["position"] = self.position
        if self.tiles is not None:
            out["tiles"] = self.tiles
        if self.words:
            out["words"] = [{"word": word, "score": score} for word, score in self.words]
        out.update(
            recorded_score=self.recorded_score,
            computed_score=self.computed_score,
            recorded_cumulative=self.recorded_cumulative,
            computed_cumulative=self.computed_cumulative,
        )
        return out


@dataclass(slots=True)
class PlayerResult:
    nick: str
    name: str
    recorded_final: int | None
    computed_final: int

    def to_dict(self) -> PlayerDict:
        return {"nick": self.nick, "name": self.name, "recorded_final": self.recorded_final,
                "computed_final": self.computed_final}


@dataclass(slots=True)
class RescoreReport:
    """A rescored game. ``winners``: every player with the highest computed total once the game
    is over (empty while it is not); ``recorded_winners`` those the record's own totals give
    (:func:`recorded_winners`), ``winner_changed`` whether the two differ; ``ok``: no
    discrepancy."""

    file: str
    ruleset: str
    ruleset_reason: str
    lexicon: str | None
    players: list[PlayerResult]
    events: list[EventResult]
    discrepancies: list[Discrepancy]
    info: list[Info]
    ending: Ending | None
    winners: list[str]
    checked_words_with: str | None = None
    words_lexicon: dict[str, Any] | None = None  # (rescore.words_lexicon)
    spelling: str | None = None  # how the record writes digraph tiles (None: a set without them)
    spelling_reason: str | None = None
    # The other shipped board on which every discrepancy disappears (rescore.fitting_board).
    board_fit: str | None = None

    @property
    def ok(self) -> bool:
        return not self.discrepancies

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def recorded_winners(self) -> list[str]:
        return recorded_winners(self.ending, [p.to_dict() for p in self.players], self.winners)

    @property
    def winner_changed(self) -> bool:
        return _changed(self.recorded_winners, self.winners)

    def to_dict(self) -> GameReport:
        head, tail = self.before_events(), self.after_events()
        return cast("GameReport", {**head, "events": [e.to_dict() for e in self.events], **tail})

    def before_events(self) -> dict[str, Any]:
        """The keys of :meth:`to_dict` before ``events``, in order."""
        return {"file": self.file, "ruleset": self.ruleset, "ruleset_reason": self.ruleset_reason,
                "lexicon": self.lexicon, "spelling": self.spelling,
                "spelling_reason": self.spelling_reason, "checked_words_with": self.checked_words_with,
                "words_lexicon": self.words_lexicon,
                **({"board_fit": self.board_fit} if self.board_fit else {}),
                "players": [p.to_dict() for p in self.players]}

    def after_events(self) -> dict[str, Any]:
        """The keys of :meth:`to_dict` after ``events``, in order."""
        return {"discrepancies": [d.to_dict() for d in self.discrepancies],
                "info": [i.to_dict() for i in self.info], "ending": self.ending,
                "winner": self.winner, "winners": self.winners,
                "recorded_winners": self.recorded_winners, "winner_changed": self.winner_changed,
                "ok": self.ok}


# -- the report's dicts: one shape, documented ------------------------------------------------------


class DiscrepancyDict(TypedDict):
    """:meth:`Discrepancy.to_dict`."""

    line: int
    kind: Finding
    player: str | None
    recorded: Any
    computed: Any
    message: str
    missing_line: NotRequired[dict[str, Any]]  # (a missing end-of-game line: MissingLine.to_dict)


class PlayerDict(TypedDict):
    """A player of :class:`GameReport`."""

    nick: str
    name: str
    recorded_final: int | None
    computed_final: int


class GameSummary(TypedDict):
    """A rescored game as a batch's table and CSV show it (:func:`summary`): what a ``--jobs``
    worker sends for them, without formatting every play and sending it between processes."""

    file: str
    ruleset: str
    ending: Ending | None
    ok: bool
    winners: list[str]
    recorded_winners: list[str]
    winner_changed: bool
    players: list[PlayerDict]
    discrepancies: list[DiscrepancyDict]


class GameReport(GameSummary):
    """The whole report (:meth:`RescoreReport.to_dict`): the JSON object of docs/format.md §2. ``events``
    are :meth:`EventResult.to_dict`, ``info`` :meth:`Info.to_dict`."""

    ruleset_reason: str
    lexicon: str | None
    spelling: str | None
    spelling_reason: str | None
    checked_words_with: str | None
    words_lexicon: dict[str, Any] | None
    board_fit: NotRequired[str]  # only when there is one (RescoreReport.board_fit)
    events: list[dict[str, Any]]
    info: list[dict[str, Any]]
    winner: str | None


@final
class GameError(TypedDict):
    """A file that could not be rescored: its name (``<stdin>`` for ``-``) and why."""

    file: str
    error: str


#: What rescoring one file gives: a report (or its summary), or an error.
GameOutcome = Union[GameSummary, GameError]


def failed(outcome: GameOutcome) -> TypeIs[GameError]:
    """Whether ``outcome`` is a :class:`GameError`."""
    return "error" in outcome


def summary(report: RescoreReport) -> GameSummary:
    """The :class:`GameSummary` of ``report`` (its events never formatted)."""
    players = [p.to_dict() for p in report.players]
    recorded = recorded_winners(report.ending, players, report.winners)
    return {
        "file": report.file, "ruleset": report.ruleset, "ending": report.ending,
        "ok": report.ok, "winners": report.winners, "recorded_winners": recorded,
        "winner_changed": _changed(recorded, report.winners), "players": players,
        "discrepancies": [d.to_dict() for d in report.discrepancies],
    }


def recorded_winners(ending: Ending | None, players: list[PlayerDict], winners: list[str]) -> list[str]:
    """The winners the record's own totals give: every player with the highest final cumulative
    the record writes (a tie: all of them), in seat order. None (an empty list) while the game is
    unfinished, as ``winners``, and when the record lacks a player's total; when every recorded
    total is the computed one, the rules' ``winners`` (the same totals: the same winner, a tie
    broken by a rule too)."""
    if ending is None:
        return []
    finals: list[tuple[str, int]] = []
    for player in players:
        total = player["recorded_final"]
        if total is None:
            return []
        finals.append((player["nick"], total))
    if all(p["recorded_final"] == p["computed_final"] for p in players):
        return list(winners)
    return list(winners_of(finals))


def _changed(recorded: list[str], winners: list[str]) -> bool:
    return bool(recorded) and set(recorded) != set(winners)


def winner_changes(outcome: GameSummary) -> bool:
    """Whether the rules' winner of a finished game (``winners``) is not the record's
    (:func:`recorded_winners`). False when the game is unfinished, when the record lacks a
    player's total, and when every recorded total is the computed one."""
    return _changed(recorded_winners(outcome["ending"], outcome["players"], outcome["winners"]),
                    outcome["winners"])


def winner_change_text(outcome: GameSummary) -> str:
    """What a changed winner is: ``the record's totals give emely; the rules give doug`` (a tie:
    ``emely and doug (a tie)``; nobody, when every player is over the maximum overtime: ``none``)."""
    def names(nicks: list[str]) -> str:
        if not nicks:
            return "none"
        if len(nicks) == 1:
            return printable(nicks[0])
        return f"{printable(', '.join(nicks[:-1]))} and {printable(nicks[-1])} (a tie)"

    return (f"the record's totals give {names(outcome['recorded_winners'])}; "
            f"the rules give {names(outcome['winners'])}")


class Verdict(NamedTuple):
    """What a batch counts of a game (:class:`Tally`, the exit code): why it could not be
    rescored (None when it was), whether it has discrepancies, whether its winner changes and,
    when it does, the line the batch's summary names it with (``FILE: the record's totals give
    emely; the rules give doug``). A ``--jobs`` worker sends it beside the game's text, so the
    text need not be read back."""

    error: str | None
    discrepancies: bool
    winner_changes: bool
    winner_change: str | None = None


def verdict(outcome: RescoreReport | GameOutcome) -> Verdict:
    """The :class:`Verdict` of a report, its dict or summary, or an error."""
    if isinstance(outcome, RescoreReport):
        if not outcome.winner_changed:
            return Verdict(None, bool(outcome.discrepancies), False)
        outcome = summary(outcome)
    if failed(outcome):
        return Verdict(outcome["error"], False, False)
    if not outcome["winner_changed"]:
        return Verdict(None, bool(outcome["discrepancies"]), False)
    return Verdict(None, bool(outcome["discrepancies"]), True,
                   f"{printable(outcome['file'])}: {winner_change_text(outcome)}")


class Tally:
    """A batch counted as its games come (:meth:`add`): the games that agree, those with
    discrepancies, those that could not be rescored, and those whose winner changes; ``str()`` is
    what a batch ends with: a line of counts, then each game whose winner changes, one a line::

        124 games: 71 agree, 50 with discrepancies, 3 could not be adjudicated; the winner changes in 2:
          r7/b3.gcg: the record's totals give emely; the rules give doug
          r9/b1.gcg: the record's totals give ana; the rules give ana and beto (a tie)
    """

    __slots__ = ("agree", "changed", "discrepancies", "errors", "games", "winner_changes")

    def __init__(self) -> None:
        self.games = self.agree = self.discrepancies = self.errors = self.winner_changes = 0
        self.changed: list[str] = []

    def add(self, outcome: GameOutcome) -> None:
        self.count(verdict(outcome))

    def count(self, game: Verdict) -> None:
        self.games += 1
        if game.error is not None:
            self.errors += 1
            return
        if game.discrepancies:
            self.discrepancies += 1
        else:
            self.agree += 1
        self.winner_changes += game.winner_changes
        if game.winner_changes:
            self.changed.append(game.winner_change or "")

    def __str__(self) -> str:
        changes = self.winner_changes
        return "\n".join([
            f"{self.games} game{'' if self.games == 1 else 's'}: "
            f"{self.agree} agree{'s' if self.agree == 1 else ''}, "
            f"{self.discrepancies} with discrepancies, {self.errors} could not be adjudicated; "
            + (f"the winner changes in {changes}:" if changes else "no winner changes"),
            *(f"  {line}" for line in self.changed)])
