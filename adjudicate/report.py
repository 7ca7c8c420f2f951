"""What rescoring a game reports (SPEC §1.3): typed, and written out as JSON, a table or CSV.

:func:`adjudicate.recount.rescore_game` gives a :class:`RescoreReport`: the players' recorded and
computed totals, one :class:`EventResult` per event line, every :class:`Discrepancy` (a finding:
the record disagrees with the rules) and every :class:`Info` (information that changes no score:
unchallenged phonies, broken rack chains...). ``to_dict()`` is the JSON object of SPEC §1.3.

Below the classes, the report written out. What is written is the report's dict, the shape that
crosses process boundaries (``rescore --jobs`` workers send dicts): a :class:`GameReport`
(``to_dict()``), a :class:`GameSummary` (:func:`summary`: what a batch's table and CSV show), or a
:class:`GameError` (a file that could not be rescored). :func:`game_table` is one game's table,
:func:`summary_table` a batch's, :func:`csv_lines` the CSV summary, :func:`json_array` the JSON
array and :func:`json_lines` JSON Lines, game by game. Nothing here prints: text is returned, or yielded in pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
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
    "CELL_WIDTH", "Discrepancy", "DiscrepancyDict", "EventResult", "GameError", "GameOutcome",
    "MissingLine", "Tally",
    "GameReport", "GameSummary", "Info", "PlayerDict", "PlayerResult", "RescoreReport", "cell",
    "CSV_COLUMNS", "Verdict", "csv_lines", "csv_row", "ending_word", "failed", "game_table",
    "json_array", "json_game", "json_lines", "recorded_winners", "summary", "summary_table", "verdict",
    "winner_change_text", "winner_changes",
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

    def json_text(self, quote: Callable[[str], str]) -> str:
        """:meth:`to_dict` as ``json.dumps(..., ensure_ascii=False)`` writes it, the control
        characters json leaves as they are aside (:meth:`RescoreReport.json_text` escapes them);
        ``quote``: json's own string encoder. A play's text is written here: its position, tiles
        and words are canonical tile labels, which JSON writes as they are (tests/test_report.py
        holds both equal on every record)."""
        self.finish()
        words, position, tiles = self.words, self.position, self.tiles
        if not words or position is None or tiles is None:
            from adjudicate.jsontext import json_raw

            return json_raw(self.to_dict())
        rs, cs, rc, cc = (self.recorded_score, self.computed_score, self.recorded_cumulative,
                          self.computed_cumulative)
        listed = ", ".join([f'{{"word": "{word}", "score": {score}}}' for word, score in words])
        return (f'{{"line": {self.line}, "player": {quote(self.player)}, "kind": "{self.kind}", '
                f'"position": "{position}", "tiles": "{tiles}", "words": [{listed}], '
                f'"recorded_score": {"null" if rs is None else rs}, '
                f'"computed_score": {"null" if cs is None else cs}, '
                f'"recorded_cumulative": {"null" if rc is None else rc}, '
                f'"computed_cumulative": {"null" if cc is None else cc}}}')


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
        head, tail = self._before_events(), self._after_events()
        return cast("GameReport", {**head, "events": [e.to_dict() for e in self.events], **tail})

    def json_text(self) -> str:
        """``json.dumps(self.to_dict(), ensure_ascii=False)``, every control character escaped
        (:mod:`adjudicate.jsontext`), made without the events' dicts: each event writes its own
        text (:meth:`EventResult.json_text`), the rest is json's C encoder: 14% of the
        instructions of a game rescored and written as JSON (3.22M with the dicts and the
        encoder, 2.77M; scripts/icount json)."""
        from json.encoder import encode_basestring  # (json's C function)

        from adjudicate.jsontext import escape_controls, json_raw

        events = ", ".join([e.json_text(encode_basestring) for e in self.events])
        return escape_controls(f"{json_raw(self._before_events())[:-1]}, \"events\": [{events}], "
                               f"{json_raw(self._after_events())[1:]}")

    def _before_events(self) -> dict[str, Any]:
        """The keys of :meth:`to_dict` before ``events``, in order."""
        return {"file": self.file, "ruleset": self.ruleset, "ruleset_reason": self.ruleset_reason,
                "lexicon": self.lexicon, "spelling": self.spelling,
                "spelling_reason": self.spelling_reason, "checked_words_with": self.checked_words_with,
                "words_lexicon": self.words_lexicon,
                **({"board_fit": self.board_fit} if self.board_fit else {}),
                "players": [p.to_dict() for p in self.players]}

    def _after_events(self) -> dict[str, Any]:
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
    """The whole report (:meth:`RescoreReport.to_dict`): the JSON object of SPEC §1.3. ``events``
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


# -- written out: tables, CSV, JSON -----------------------------------------------------------------

#: Characters of a table cell at most (a record's field can be megabytes): see :func:`cell`.
CELL_WIDTH = 160

_ENDINGS = {"went_out": "a player went out", "scoreless": "scoreless turns",
            "passes": "passes", "time": "the time limit", None: "not finished"}


def game_table(report: GameReport, show_args: str = "") -> str:
    """One game as tables, :data:`WIDTH` columns at most: the ruleset and why (the reason names
    the record's lexicon), the players' totals, how the game ended, every discrepancy (or that
    every score agrees; a run of one finding is one row, :func:`_runs`) and the information
    lines. Below the discrepancies, the `adjudicate show` command that explains each play they
    are on, one a line (``show_args``: the --rules/--set the game was rescored with, as
    command-line text). Long cells wrap; a path longer than a line has a line of its own."""
    from adjudicate.rules import ruleset_text

    spelling, checked = report["spelling_reason"], words_checked(report)
    file = f"{printable(report['file'])}:"
    header = (printable(ruleset_text(report["ruleset"], report["ruleset_reason"]))
              + (f"; spelling: {printable(spelling)}" if spelling else "")
              + (f"; {printable(checked)}" if checked else ""))
    # (too long for a line: the file on its own, then why the ruleset)
    lines = [f"{file} {header}"] if len(file) + 1 + len(header) <= WIDTH else [file, *_wrap(header, "  ")]
    if report.get("board_fit"):
        fit = report["board_fit"]
        lines += _wrap(f"every difference disappears on the board {fit}: was the game played on it? "
                       f"(--board {fit})")
    players = [
        [cell(p["nick"]), cell(p["name"]), p["recorded_final"], p["computed_final"],
         "" if p["recorded_final"] in (None, p["computed_final"]) else "differs"]
        for p in report["players"]
    ]
    lines.append(_table(players, ["player", "name", "recorded", "computed", ""], flexible=(0, 1)))
    result = _ENDINGS.get(report["ending"], report["ending"])
    if report["winners"]:
        winner = printable(", ".join(report["winners"]))
    else:  # an unfinished game has no winner yet; a finished one none when every player forfeited
        winner = "none (every player is over the maximum overtime)" if report["ending"] else "-"
    lines += _wrap(f"ended by: {result}; winner (computed): {winner}")
    if report["winner_changed"]:
        lines += _wrap(f"winner changes: {winner_change_text(report)}")
    if report["discrepancies"]:
        plays = {e["line"] for e in report["events"] if e["kind"] == "play"}
        rows, commands = [], {}  # (show commands by line, in order)
        for run in _runs(report["discrepancies"], [e["line"] for e in report["events"]]):
            d = run[0]
            rows.append([d["line"] if len(run) == 1 else f"{d['line']}\u2013{run[-1]['line']}",
                         d["kind"], cell(d["recorded"]), cell(d["computed"]), cell(_what(run))])
            # (`show` explains a play: not a missing end-of-game line reported at the last play;
            # a run: its first line.)
            if d["kind"] not in ("end_rack", "time_penalty"):
                commands[d["line"]] = _show_command(report["file"], d["line"], plays, show_args)
        lines.append("")
        lines.append(_table(rows, ["line", "kind", "recorded", "computed", "what"], flexible=(2, 3, 4),
                            colalign=("right",)))  # (a run: 27–242)
        if any(commands.values()):
            lines.append("explained by:")
            lines += [line for command in commands.values() for line in command]
    else:
        lines.append("no discrepancies: every score agrees")
    for item in report["info"]:
        if item["kind"] == "phony" and item.get("challenged"):
            text = (f"info: line {item['line']}: challenged and upheld, yet not in the lexicon: "
                    f"{', '.join(item['words'])} (was another word list used?)")
        elif item["kind"] == "phony":
            text = (f"info: line {item['line']}: unchallenged, not in the lexicon: "
                    f"{', '.join(item['words'])} (it stands under the rules)")
        else:
            text = f"info: {printable(item['message'])}"
        lines += _wrap(text)
    return "\n".join(lines)


def words_checked(report: GameReport) -> str | None:
    """What a game's header says of its word checks (None: none): the lexicon, and whether to
    trust what it found. A stand-in, or a lexicon that is not the record's ``#lexicon``, may call a
    good word a phony (and miss a phony): ``words checked with en-kjxqz: kjxqz English list 1.2.0
    (stand-in, not NWL/CSW), not the record's CSW21, so its findings may be false``."""
    words = report.get("words_lexicon")
    if not words:
        checked = report.get("checked_words_with")
        return f"words checked with {checked}" if checked else None
    text = f"words checked with {words['id']}: {words['label']}"
    if words.get("matches_record"):
        text += ", the record's lexicon"
    elif words.get("matches_record") is False:
        text += f", not the record's {report['lexicon']}"
    if words.get("standin") or words.get("matches_record") is False:
        text += ", so its findings may be false"
    return text


#: The columns a table is laid out in (a terminal of 100 columns): longer cells wrap, and a path
#: longer than a line has a line of its own.
WIDTH = 100


def _wrap(text: str, indent: str = "", more: str = "  ") -> list[str]:
    """``text`` in lines of :data:`WIDTH` columns at most, the first indented by ``indent``, the
    others by ``more``; a word is never broken (a path longer than a line has a line of its own)."""
    import textwrap

    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=more,
                         break_long_words=False, break_on_hyphens=False) or [indent.rstrip()]


def _table(rows: list[list[Any]], headers: list[str], *, flexible: tuple[int, ...],
           colalign: tuple[str, ...] | None = None) -> str:
    """``tabulate(rows, headers)``, :data:`WIDTH` columns at most when it can be: when the table
    is wider, the ``flexible`` columns wrap (each but the last to a quarter of the room they share
    at most, the last to the rest), long words broken."""
    import textwrap

    from tabulate import tabulate

    text = [[str(value) for value in row] for row in rows]
    # (a column is as wide as its widest cell, or its header and two spaces; two between columns)
    widths = [max([len(header) + 2, *(len(row[i]) for row in text)]) for i, header in enumerate(headers)]
    room = WIDTH - (sum(widths) + 2 * (len(widths) - 1)) + sum(widths[i] for i in flexible)
    if room < sum(widths[i] for i in flexible):
        for i in flexible:
            cap = max(len(headers[i]) + 2, room if i == flexible[-1] else min(widths[i], room // 4), 8)
            room -= cap
            if widths[i] > cap:
                for row, values in zip(rows, text):
                    row[i] = "\n".join(textwrap.wrap(values[i], cap, break_on_hyphens=False)) or values[i]
    return tabulate(rows, headers=headers, colalign=colalign)


def _runs(discrepancies: list[DiscrepancyDict], events: list[int]) -> Iterator[list[DiscrepancyDict]]:
    """The findings in runs: one finding on each of consecutive events (``events``: their lines,
    in order; a note between them does not break a run), of one kind, with the same values and
    text but for the player it names first (``Tim moves after the end of the game``, ``Josh moves
    after ...``). A table shows a run as one row; JSON and CSV keep every finding."""
    from bisect import bisect_right

    run: list[DiscrepancyDict] = []
    for d in discrepancies:
        last = run[-1]["line"] if run else 0
        if (run and last < d["line"] and _run_key(d) == _run_key(run[-1])
                and bisect_right(events, last) == bisect_right(events, d["line"] - 1)):
            run.append(d)
            continue
        if run:
            yield run
        run = [d]
    if run:
        yield run


def _text(d: DiscrepancyDict) -> str:
    """What a finding says, without the ``line N: `` its message starts with."""
    return d["message"].split(": ", 1)[-1]


def _subject_removed(d: DiscrepancyDict) -> str | None:
    """What a finding says of its player, the player's name taken off the front (``moves after
    the end of the game``); None when it does not start with the name."""
    text, player = _text(d), d["player"]
    return text[len(player) + 1:] if player and text.startswith(player + " ") else None


def _run_key(d: DiscrepancyDict) -> tuple[Any, ...]:
    rest = _subject_removed(d)
    return (d["kind"], repr(d["recorded"]), repr(d["computed"]), rest is None,
            _text(d) if rest is None else rest)


def _what(run: list[DiscrepancyDict]) -> str:
    """A run's text: ``218 moves after the end of the game (...), by Tim and Josh``, or ``3 times:
    TEXT`` for a finding that does not start with its player (one finding: its own text)."""
    if len(run) == 1:
        return _text(run[0])
    rest = _subject_removed(run[0])
    if rest is None:
        return f"{len(run)} times: {_text(run[0])}"
    players = list(dict.fromkeys(d["player"] for d in run if d["player"]))
    names = f"{', '.join(players[:-1])} and {players[-1]}" if len(players) > 1 else players[0]
    return f"{len(run)} {rest}, by {names}"


def cell(value: Any) -> str:
    """A table cell's text, control characters escaped (``\\x1b``), cut to :data:`CELL_WIDTH`
    characters with an ellipsis: a row stays that wide however long a record's field is (the full
    text is in the JSON).

    >>> cell(None), cell(7), len(cell("x" * 1000)), cell("x" * 1000)[-1]
    ('', '7', 160, '…')
    """
    text = "" if value is None else printable(str(value))
    return text if len(text) <= CELL_WIDTH else text[:CELL_WIDTH - 1] + "\u2026"


def _show_command(file: str, line: int, plays: set[int], show_args: str) -> list[str]:
    """``adjudicate show FILE --line N`` for a discrepancy on a play (none for stdin), indented,
    as lines: one if it fits, else three (the shell reads the backslashes): the command, the
    file, the options."""
    if line not in plays or file == "<stdin>":
        return []
    import shlex

    command, path, options = "adjudicate show", shlex.quote(file), f"--line {line}{show_args}"
    whole = f"  {command} {path} {options}"
    return [whole] if len(whole) <= WIDTH else [f"  {command} \\", f"    {path} \\", f"    {options}"]


def summary_table(outcomes: Iterable[GameOutcome]) -> str:
    """A batch as one table, :data:`WIDTH` columns at most: a row per game (an error's row says
    ERROR), and under a row the game's first discrepancy or why it could not be rescored. A file
    name too long for its column is on a line of its own, above its row."""
    rows: list[list[Any]] = []
    under: list[str] = []
    for r in outcomes:
        if failed(r):
            rows.append([cell(r["file"]), "", "", "ERROR", ""])
            under.append(f"error: {cell(r['error'])}")
            continue
        rows.append([cell(r["file"]), r["ruleset"], ending_word(r["ending"]),
                     len(r["discrepancies"]) or "ok", _bool(r["winner_changed"])])
        under.append(f"first: {cell(r['discrepancies'][0]['message'])}" if r["discrepancies"] else "")
    headers = ["file", "ruleset", "ending", "discrepancies", "winner_changed"]
    # (the other columns as wide as their cells or header and two spaces; two between columns)
    room = WIDTH - sum(max([len(h) + 2, *(len(str(row[i])) for row in rows)]) + 2
                       for i, h in enumerate(headers) if i)
    above = [row[0] if len(row[0]) > room else "" for row in rows]
    for row, name in zip(rows, above):
        if name:
            row[0] = ""
    from tabulate import tabulate

    head, rule, *lines = tabulate(rows, headers=headers, disable_numparse=True).split("\n")
    out = [head, rule]
    for line, name, text in zip(lines, above, under):
        out += [name] if name else []
        out.append(line)
        out += _wrap(text, "  ", "    ") if text else []
    return "\n".join(out)


def ending_word(ending: Ending | None) -> str:
    """A game's ending as a batch's table and CSV write it: the JSON's word, ``unfinished`` for
    none (JSON null)."""
    return "unfinished" if ending is None else str(ending)


#: The CSV's first line (:func:`csv_lines`).
CSV_COLUMNS = ["file", "ruleset", "ending", "ok", "winner_changed", "discrepancies", "first_line", "first_kind",
               "first_message", "error"]


def csv_row(outcome: GameOutcome | None) -> str:
    """A game's line of the CSV summary (:func:`csv_lines`; None: the header): booleans as a
    spreadsheet writes them (``true``, ``false``), the ending as the table writes it, an empty
    field for what a row has not (a game without discrepancies has no first one; an error row
    only its file and error)."""
    import csv
    import io

    row: list[Any]
    if outcome is None:
        row = CSV_COLUMNS
    elif failed(outcome):
        row = [outcome["file"], "", "", "", "", "", "", "", "", outcome["error"]]
    else:
        d = outcome["discrepancies"][0] if outcome["discrepancies"] else None
        row = [outcome["file"], outcome["ruleset"], ending_word(outcome["ending"]), outcome["ok"],
               outcome["winner_changed"], len(outcome["discrepancies"]), d["line"] if d else "", d["kind"] if d else "",
               d["message"] if d else "", ""]
    out = io.StringIO()
    # The file's name as it is (csv quotes a comma, a quote, a newline in it): a program reads the
    # column to open the file. The other cells are text to read, control characters escaped.
    csv.writer(out, lineterminator="\n").writerow(
        [row[0], *(printable(_bool(value) if isinstance(value, bool) else str(value)) for value in row[1:])])
    return out.getvalue()


def _bool(value: bool) -> str:
    """A boolean as a table and CSV write it: ``true`` or ``false``, as JSON does."""
    return "true" if value else "false"


def csv_lines(outcomes: Iterable[GameOutcome | str]) -> Iterator[str]:
    """The CSV summary, the header first, then one line per game as it comes (:func:`csv_row`;
    a ``str`` is a game's line already written, by a ``--jobs`` worker)."""
    yield csv_row(None)
    for r in outcomes:
        yield r if isinstance(r, str) else csv_row(r)


def json_game(outcome: RescoreReport | GameOutcome) -> str:
    """A game's JSON object on one line: ``json.dumps(outcome, ensure_ascii=False)`` (a report:
    of its :meth:`~RescoreReport.to_dict`), every control character escaped
    (:mod:`adjudicate.jsontext`)."""
    if isinstance(outcome, RescoreReport):
        return outcome.json_text()
    from adjudicate.jsontext import json_line

    return json_line(outcome)


def json_array(outcomes: Iterable[RescoreReport | GameOutcome | str],
               indent: int | None = None) -> Iterator[str]:
    """The games as one JSON array, one game at a time (control characters escaped:
    :mod:`adjudicate.jsontext`). Without ``indent``, one game a line (:func:`json_game`; a
    ``str`` is a game's line already written, by a ``--jobs`` worker) between ``[`` and ``]`` on
    lines of their own; with it, ``json.dumps(list(outcomes), ensure_ascii=False,
    indent=indent)`` and a newline, byte for byte.

    Indenting each game's own dump is exact: JSON escapes every newline in a string.
    """
    if indent is None:
        before = "[\n"
        for r in outcomes:
            yield before + (r if isinstance(r, str) else json_game(r))
            before = ",\n"
        yield "[]\n" if before == "[\n" else "\n]\n"
        return
    from adjudicate.jsontext import json_pieces

    margin = " " * indent
    start = before = "[\n" + margin
    for r in outcomes:
        if isinstance(r, str):
            raise TypeError("an indented JSON array is written from the games' dicts")
        if isinstance(r, RescoreReport):
            r = r.to_dict()
        pieces = json_pieces(r, margin=margin, indent=indent)
        yield before + next(pieces)
        yield from pieces
        before = ",\n" + margin
    yield "[]\n" if before == start else "\n]\n"


def json_lines(outcomes: Iterable[RescoreReport | GameOutcome | str]) -> Iterator[str]:
    """JSON Lines: each game's object on one line (:func:`json_game`; a ``str`` is a game's line
    already written, by a ``--jobs`` worker) and a newline, one game at a time."""
    for r in outcomes:
        yield (r if isinstance(r, str) else json_game(r)) + "\n"
