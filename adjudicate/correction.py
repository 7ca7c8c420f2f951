"""A corrected record: the game in canonical GCG with every number the rules give (issue 19).

:func:`correct_gcg` rewrites a record as :mod:`adjudicate.canonical` does, then puts the rules'
numbers where the record's differ: each score and cumulative the replay computes, the end-of-game
lines the record lacks (when the replay knows the tiles), and no line for points the rules do not
give (a move after the end of the game, out-play points for a player who did not go out, a rack
adjustment after the time limit...). Each changed line is followed by a ``#note`` saying what the
record said and why it changed (in GCG a note belongs to the line before it); a line taken out
stays as a note on the line before it, with the notes it had (on the line after it when it is
the first). Where the rules do not fix a number (a per-word challenge bonus that is no multiple
of the bonus, a time penalty with no ``#note overtime``), the number is the one the record's
cumulative shows, said so in the note; when the cumulative shows none the rules allow, the record
is refused, naming the line. The corrected record is rescored before it is returned: it must give
no finding, and end as ``rescore`` says the record ends, with the same winners. A record whose
faults are not numbers (a play that cannot be placed, tiles not on the rack, a move out of turn,
a line that cannot be read) cannot be corrected: that is a :class:`~adjudicate.errors.CannotCorrect`
error naming each fault, never a guess.

>>> from adjudicate.gcg import read_gcg
>>> fixed = correct_gcg(read_gcg(b"#player1 a A\\n#player2 b B\\n"
...                              b">a: DINNVWY 8D WINDY +30 30\\n>b: AEILRST D8 .AILERS +18 48\\n"))
>>> print(fixed.text, end="")
#character-encoding UTF-8
#player1 a A
#player2 b B
>a: DINNVWY 8D WINDY +32 32
#note corrected: recorded +30 30; the rules give +32 32 (8D WINDY: recorded +30, computed +32)
>b: AEILRST D8 .AILERS +20 20
#note corrected: recorded +18 48; the rules give +20 20 (D8 .AILERS: recorded +18, computed +20; D8 .AILERS: cumulative 48 is not 0 +18 = 18)
>>> [c.line for c in fixed.changes]
[3, 4]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicate.canonical import canonical_record
from adjudicate.game import GameSetup, as_game
from adjudicate.errors import CannotCorrect
from adjudicate.gcg import GameRecord, GcgEvent, read_gcg
from adjudicate.kinds import EventKind, Finding
from adjudicate.replay import TURN_KINDS
from adjudicate.report import Discrepancy, EventResult, RescoreReport
from adjudicate.recount import rescore_game
from adjudicate.rules import BonusPer, ChallengeRule, Ruleset

TYPE_CHECKING = False
if TYPE_CHECKING:
    from adjudicate.board import Layout

__all__ = ["Change", "Corrected", "CannotCorrect", "NotCorrectable", "correct_gcg"]

# Findings a correction can mend: numbers, and lines the rules do not give points for.
_NUMBERS = frozenset({Finding.SCORE, Finding.CUMULATIVE, Finding.END_RACK, Finding.TIME_PENALTY})
# A turn counting nothing is taken out only after the end of the game (out of turn it is a fault).
_AFTER_END = "after the end of the game"
# Findings on a line's own number (not on the totals before it).
_ON_SCORE = frozenset({Finding.SCORE, Finding.TIME_PENALTY})

NotCorrectable = CannotCorrect  # (the name of issue 19)


@dataclass(frozen=True, slots=True)
class Change:
    """One line of the record changed (``line``: in the record read), added or taken out, and why."""

    line: int
    note: str


@dataclass(frozen=True, slots=True)
class Corrected:
    """The corrected record's ``text`` (canonical GCG) and the ``changes`` made, in line order."""

    text: str
    changes: tuple[Change, ...]


def correct_gcg(record: GameRecord | GameSetup, ruleset: Ruleset | None = None, *,
                reason: str | None = None, spelling: str | None = None,
                layout: Layout | None = None) -> Corrected:
    """``record`` corrected (see the module docstring); ``record`` and the rest as
    :func:`~adjudicate.recount.rescore_game` takes them. Raises
    :class:`~adjudicate.errors.CannotCorrect` naming each fault a correction cannot mend, and for a
    record the replay refuses (another tile set...)."""
    # -- the record replayed; the faults a correction cannot mend
    game = as_game(record, ruleset, reason=reason, spelling=spelling, layout=layout)
    record, ruleset = game.record, game.ruleset
    first = rescore_game(game)  # (raises the replay's error)
    shown = _read_off_cumulatives(record, first, ruleset)
    if shown:  # (the numbers the cumulatives show: the same game, replayed again)
        source = replace(record, events=[replace(e, score=shown[e.line][1]) if e.line in shown else e
                                         for e in record.events])
        canon = canonical_record(game.with_record(source))
    else:  # (the record as it is: its replay is the one above)
        source = record
        canon = canonical_record(game, first)
    report = canon.report
    if report is None:  # pragma: no cover - the replay accepted the record above
        raise CannotCorrect(f"{record.name}: the replay refuses this record")
    results = {result.line: result for result in report.events}
    by_line: dict[int, list[Discrepancy]] = {}
    for d in report.discrepancies:
        by_line.setdefault(d.line, []).append(d)
    removable = {line for line, found in by_line.items() if _removable(results.get(line), found)}
    faults = [d for d in report.discrepancies
              if (d.kind not in _NUMBERS or (d.kind in _ON_SCORE and _unfixed(_event(source, d.line), ruleset)))
              and d.line not in removable]
    if faults:
        raise CannotCorrect(_refusal(record, source, faults, ruleset), faults[0].line)
    # -- each line kept, corrected or taken out; then the lines the record lacks
    events, changes, waiting = _rewritten(canon.record, results, by_line, removable, shown, ruleset)
    notes = canon.record.notes
    if waiting:  # (every line removed: the notes go before where the events were)
        notes = [*notes, *waiting]
    _add_missing(report, events, changes)
    # -- the corrected text, rescored: no finding, and the game ends as it did
    corrected = replace(canon, record=replace(canon.record, events=events, notes=notes))
    text = corrected.write()
    # (The text written, read as any reader reads it: its spelling is the one it shows.)
    again = rescore_game(read_gcg(text.encode("utf-8"), name=record.name), ruleset, reason=game.reason,
                         layout=game.layout)
    if again.discrepancies:  # (a safety net: what the correction could not mend)
        raise CannotCorrect(_faults_text(record.name, again.discrepancies, after=True),
                            again.discrepancies[0].line)
    if (again.ending, again.winners) != (first.ending, first.winners):
        first_shown = min(shown) if shown else None
        cause = (f"line {first_shown}'s number, which the rules do not fix, would be the one its "
                 "cumulative shows, and rescore counts another: the director decides"
                 if first_shown is not None else "the corrected record does not end as the record does")
        raise CannotCorrect(f"{record.name}: cannot be corrected: the result would change "
                            f"({_result(first)} -> {_result(again)}): {cause}", first_shown)
    return Corrected(text, tuple(sorted(changes, key=lambda c: c.line)))


def _rewritten(canonical: GameRecord, results: dict[int, EventResult], by_line: dict[int, list[Discrepancy]],
               removable: set[int], shown: dict[int, tuple[int, int]], ruleset: Ruleset
               ) -> tuple[list[GcgEvent], list[Change], list[str]]:
    """The canonical record's events with the rules' numbers, each change noted; the lines
    ``removable`` taken out, their notes moved to the line before (``waiting``: those of lines
    before the first kept one). ``shown``: a number read off the cumulative, by line."""
    events: list[GcgEvent] = []
    changes: list[Change] = []
    waiting: list[str] = []  # notes of removed lines before the first kept one
    for event in canonical.events:
        result = results.get(event.line)
        if event.line in removable:
            why = "; ".join(d.message.split(": ", 1)[-1] for d in by_line[event.line])
            note = f"removed: {_written(event)} ({why})"
            changes.append(Change(event.line, note))
            moved = [*event.notes, note]  # (its notes, then why it went: nothing it said is lost)
            if events:
                events[-1] = replace(events[-1], notes=[*events[-1].notes, *moved])
            else:
                waiting += moved
            continue
        if waiting:
            event = replace(event, notes=[*waiting, *event.notes])
            waiting = []
        if result is None:  # (not replayed: a nick that is no player's is a fault, above)
            events.append(event)
            continue
        score, cum = result.computed_score, result.computed_cumulative
        if event.line in shown:
            recorded, _ = shown[event.line]
            note = (f"corrected: recorded {_numbers(recorded, event.cumulative)}; the cumulative shows "
                    f"{score:+d}, which the rules allow ({_unfixed(event, ruleset)}): {_numbers(score, cum)}")
            changes.append(Change(event.line, note))
            event = replace(event, score=score, cumulative=cum, notes=[*event.notes, note],
                            old_phony_form=False)
        elif (score, cum) != (event.score, event.cumulative) and cum is not None:
            reasons = [d.message.split(": ", 1)[-1] for d in by_line.get(event.line, ())] \
                or ["the totals before it changed"]
            note = (f"corrected: recorded {_numbers(event.score, event.cumulative)}; the rules give "
                    f"{_numbers(score, cum)} ({'; '.join(reasons)})")
            changes.append(Change(event.line, note))
            event = replace(event, score=score, cumulative=cum, notes=[*event.notes, note],
                            old_phony_form=False)
        events.append(event)
    return events, changes, waiting


def _add_missing(report: RescoreReport, events: list[GcgEvent], changes: list[Change]) -> None:
    """The lines the rules expect and the record lacks (end-of-game lines), added at its end."""
    totals = {p.nick: p.computed_final for p in report.players}
    last_line = events[-1].line if events else 0
    for d in report.discrepancies:
        if d.missing is None:
            continue
        line = d.missing
        totals[line.nick] = totals.get(line.nick, 0)
        note = f"added: the record has no such line ({d.message.split(': ', 1)[-1]})"
        rack = None if line.kind == EventKind.END_RACK_POINTS else line.tiles
        events.append(GcgEvent(last_line, "", line.nick, line.kind, rack=rack, tiles=line.tiles,
                               score=line.score, cumulative=totals[line.nick], notes=[note]))
        changes.append(Change(d.line, note))


def _removable(result: EventResult | None, found: list[Discrepancy]) -> bool:
    """A line to take out: one the rules do not allow there, which counts nothing, and is not a
    turn played in the game (a move out of turn is a fault for the director, never deleted)."""
    if result is None or result.computed_score != 0 or result.kind == EventKind.PASS:
        return False
    unexpected = [d for d in found if d.kind is Finding.UNEXPECTED_EVENT]
    if not unexpected:
        return False
    return result.kind not in TURN_KINDS or any(_AFTER_END in d.message for d in unexpected)


def _unfixed(event: GcgEvent | None, ruleset: Ruleset) -> str | None:
    """Why the rules do not fix the number of ``event`` (None: they do, or it needs none)."""
    if event is None or event.score is None:
        return None
    if (event.kind == EventKind.CHALLENGE_BONUS and ruleset.challenge_on_valid is ChallengeRule.BONUS
            and ruleset.challenge_bonus_per is BonusPer.WORD):
        return f"{ruleset.challenge_bonus} for each word challenged: the record says how many"
    if (event.kind == EventKind.TIME_PENALTY and event.score < 0 and ruleset.overtime_points_per_minute
            and not any("overtime" in note.lower() for note in event.notes)):
        return (f"{ruleset.overtime_points_per_minute} for each minute of overtime, and no "
                "#note overtime says how long")
    return None


def _read_off_cumulatives(record: GameRecord, report: RescoreReport, ruleset: Ruleset
                          ) -> dict[int, tuple[int, int]]:
    """Line -> (recorded score, score its cumulative shows) for each line whose number the rules do
    not fix and that has a finding on its number: the number is read off the record's own
    cumulative (the player's last one before it). Raises :class:`CannotCorrect` naming a line
    whose cumulative shows no other number."""
    flagged = {d.line for d in report.discrepancies if d.kind in _ON_SCORE}
    last: dict[str, int] = {}
    shown: dict[int, tuple[int, int]] = {}
    for event in record.events:
        before = last.get(event.nick, 0)
        if event.cumulative is not None:
            last[event.nick] = event.cumulative
        why = _unfixed(event, ruleset) if event.line in flagged else None
        if why is None or event.score is None:
            continue
        value = None if event.cumulative is None else event.cumulative - before
        if value is None or value == event.score:
            raise CannotCorrect(f"{record.name}: line {event.line}: cannot be corrected: "
                                f"{_unshown(event, why, None)}", event.line)
        shown[event.line] = (event.score, value)
    return shown


def _event(record: GameRecord, line: int) -> GcgEvent | None:
    return next((e for e in record.events if e.line == line), None)


def _result(report: RescoreReport) -> str:
    ending = report.ending.value if report.ending is not None else "not finished"
    return f"{ending}, winner {', '.join(report.winners) or 'none'}"


def _numbers(score: int | None, cumulative: int | None) -> str:
    return " ".join(text for text in (
        None if score is None else f"{score:+d}", None if cumulative is None else str(cumulative)) if text) \
        or "no numbers"


def _written(event: GcgEvent) -> str:
    """An event line as a note quotes it."""
    return event.raw.strip() or f">{event.nick}: ({event.kind})"


def _unshown(event: GcgEvent, why: str, shown: int | None) -> str:
    """Why the number of ``event``, which the rules do not fix (``why``), cannot be read off the
    record's cumulative: it shows no other number (``shown`` None), or ``shown``, which the rules do
    not allow either."""
    what = ("the record's cumulative shows no other number" if shown is None else
            f"the record's cumulative shows {shown:+d}, which the rules do not allow either")
    return f"{_written(event)}: the rules give {why}; {what}, and a correction never guesses one (the director decides)"


def _refusal(record: GameRecord, source: GameRecord, faults: list[Discrepancy], ruleset: Ruleset) -> str:
    """Why ``record`` cannot be corrected, each kind of fault said as it is: a number the rules do
    not fix that its cumulative cannot show (its line named; ``source``: the record with the numbers
    read off the cumulatives), and faults that are not numbers."""
    unshown: list[tuple[int, str]] = []
    for d in faults:
        event, shown = _event(record, d.line), _event(source, d.line)
        why = _unfixed(shown, ruleset) if d.kind in _NUMBERS else None
        if event is not None and shown is not None and why is not None:
            # (read off the cumulative, the number is the source's; the record's own, when it is not)
            unshown.append((d.line, _unshown(event, why, shown.score)))
    others = [d for d in faults if d.kind not in _NUMBERS]
    if not others and len(unshown) == 1:
        return f"{record.name}: line {unshown[0][0]}: cannot be corrected: {unshown[0][1]}"
    listed = [f"line {line}: {text}" for line, text in unshown]
    if not others:
        return f"{record.name}: cannot be corrected: " + "; and ".join(listed)
    return "; and ".join([_faults_text(record.name, others), *listed])


def _faults_text(name: str, faults: list[Discrepancy], *, after: bool = False) -> str:
    head = (f"{name}: the corrected record still has {len(faults)} finding(s)" if after else
            f"{name}: cannot be corrected: {len(faults)} fault(s) that are not numbers")
    listed = "; ".join(d.message for d in faults[:5])
    more = f"; and {len(faults) - 5} more" if len(faults) > 5 else ""
    return f"{head}: {listed}{more}"
