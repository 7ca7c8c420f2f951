"""What rescoring a game reports (SPEC §1.3): typed, and written out as JSON, a table or CSV.

:func:`adjudicate.rescore.rescore_game` gives a :class:`RescoreReport`: the players' recorded and
computed totals, one :class:`EventResult` per event line, every :class:`Discrepancy` (a finding:
the record disagrees with the rules) and every :class:`Info` (information that changes no score:
unchallenged phonies, broken rack chains...). ``to_dict()`` is the JSON object of SPEC §1.3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicate.kinds import Ending, Finding, Note
from adjudicate.notation import format_coord
from adjudicate.scoring import score_play
from adjudicate.tiles import Alphabet, format_word

__all__ = ["Discrepancy", "EventResult", "Info", "MissingLine", "PlayerResult", "RescoreReport"]


@dataclass(frozen=True, slots=True)
class MissingLine:
    """An end-of-game line a record lacks, as the rules give it: ``>nick: [tiles] (tiles) score``
    (``kind`` ``end_rack_points`` for the finisher's out-play line, ``end_rack_penalty`` for a
    player's own tiles)."""

    nick: str
    kind: str
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

    def to_dict(self) -> dict[str, Any]:
        out = {
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


class EventResult:
    """One event line as replayed: the record's score and cumulative beside the rules'.

    A play keeps its resolved ``move`` (and the ``board`` it was scored on, for its values and
    layout) until :meth:`finish` writes its position, tiles and words in canonical notation:
    formatting every play costs time, and a batch's table or CSV shows none of them.

    (A plain class whose defaults live on the class, not a dataclass: one is made per event, and
    a dataclass ``__init__`` setting fourteen fields costs 0.8% of a rescored game, scripts/icount.)
    """

    line: int
    player: str
    kind: str
    position: str | None = None
    tiles: str | None = None
    words: list[dict[str, Any]] | None = None
    recorded_score: int | None = None
    computed_score: int | None = None
    recorded_cumulative: int | None = None
    computed_cumulative: int | None = None
    move: Any = None
    board: Any = None
    bingo: tuple[int, int] = (7, 50)
    alphabet: Alphabet | None = None

    def __init__(self, line: int, player: str, kind: str) -> None:
        self.line, self.player, self.kind = line, player, kind

    def __repr__(self) -> str:
        return (f"EventResult(line={self.line}, player={self.player!r}, kind={self.kind!r}, "
                f"recorded_score={self.recorded_score}, computed_score={self.computed_score})")

    def finish(self) -> None:
        """Turn the raw move into canonical text (``.`` for played-through squares), its position
        the main word's (a one-tile play written the way it forms no word is turned: 5E .Z, not
        the F5 written, which with .Z would put the Z on F6)."""
        if self.move is not None and self.alphabet is not None:
            main, alphabet = self.move.main, self.alphabet
            self.position = format_coord(self.move.coord)
            self.tiles = format_word(
                [t if i in main.new else -1 for i, t in enumerate(main.tiles)], alphabet)
            if self.board is not None:
                breakdown = score_play(self.board, self.move, bingo_tiles=self.bingo[0],
                                       bingo_bonus=self.bingo[1])
                self.words = [{"word": format_word(w.tiles, alphabet), "score": w.score}
                              for w in breakdown.words]
            self.move = self.board = None

    def to_dict(self) -> dict[str, Any]:
        self.finish()
        out: dict[str, Any] = {"line": self.line, "player": self.player, "kind": self.kind}
        if self.position is not None:
            out["position"] = self.position
        if self.tiles is not None:
            out["tiles"] = self.tiles
        if self.words:
            out["words"] = self.words
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


@dataclass(slots=True)
class RescoreReport:
    """A rescored game. ``winners``: every player with the highest computed total once the game
    is over (empty while it is not); ``ok``: no discrepancy."""

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
    spelling: str | None = None  # how the record writes digraph tiles (None: a set without them)
    spelling_reason: str | None = None

    @property
    def ok(self) -> bool:
        return not self.discrepancies

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "ruleset": self.ruleset,
            "ruleset_reason": self.ruleset_reason,
            "lexicon": self.lexicon,
            "spelling": self.spelling,
            "spelling_reason": self.spelling_reason,
            "checked_words_with": self.checked_words_with,
            "players": [
                {
                    "nick": p.nick,
                    "name": p.name,
                    "recorded_final": p.recorded_final,
                    "computed_final": p.computed_final,
                }
                for p in self.players
            ],
            "events": [e.to_dict() for e in self.events],
            "discrepancies": [d.to_dict() for d in self.discrepancies],
            "info": [i.to_dict() for i in self.info],
            "ending": self.ending,
            "winner": self.winner,
            "winners": self.winners,
            "ok": self.ok,
        }
