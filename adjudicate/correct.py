"""A corrected record: the game in canonical GCG with every number the rules give (issue 19).

:func:`correct_gcg` rewrites a record as :mod:`adjudicate.canonical` does, then puts the rules'
numbers where the record's differ: each score and cumulative the replay computes, the end-of-game
lines the record lacks (when the replay knows the tiles), and no line for points the rules do not
give (a move after the end of the game, out-play points for a player who did not go out, a rack
adjustment after the time limit...). Each changed line is followed by a ``#note`` saying what the
record said and why it changed (in GCG a note belongs to the line before it); a line taken out
stays as a note on the line before it. The corrected record is rescored before it is returned: it
must give no finding. A record whose faults are not numbers (a play that cannot be placed, tiles
not on the rack, a move out of turn, a line that cannot be read) cannot be corrected: that is a
:class:`NotCorrectable` error naming each fault, never a guess.

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
from adjudicate.errors import AdjudicateError
from adjudicate.gcg import GameRecord, GcgEvent, read_gcg
from adjudicate.kinds import Finding
from adjudicate.report import Discrepancy, EventResult
from adjudicate.rescore import rescore_game
from adjudicate.rules import Ruleset, choose_ruleset

__all__ = ["Change", "Corrected", "NotCorrectable", "correct_gcg"]

# Findings a correction can mend: numbers, and lines the rules do not give points for.
_NUMBERS = frozenset({Finding.SCORE, Finding.CUMULATIVE, Finding.END_RACK, Finding.TIME_PENALTY})


class NotCorrectable(AdjudicateError):
    """A record whose faults are not numbers: no corrected record can be written."""


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


def correct_gcg(record: GameRecord, ruleset: Ruleset | None = None, *, reason: str | None = None,
                spelling: str | None = None) -> Corrected:
    """``record`` corrected (see the module docstring). Raises :class:`NotCorrectable` naming each
    fault a correction cannot mend, and for a record the replay refuses (another tile set...)."""
    if ruleset is None:
        ruleset, reason = choose_ruleset(record)
    canon = canonical_record(record, ruleset, reason=reason, spelling=spelling)
    report = canon.report
    if report is None:
        rescore_game(record, ruleset, reason=reason, spelling=spelling)  # raises the replay's error
        raise NotCorrectable(f"{record.name}: the replay refuses this record")  # pragma: no cover
    results = {result.line: result for result in report.events}
    removable = {d.line for d in report.discrepancies
                 if d.kind is Finding.UNEXPECTED_EVENT and _counts_nothing(results.get(d.line))}
    faults = [d for d in report.discrepancies
              if d.kind not in _NUMBERS and d.line not in removable]
    if faults:
        raise NotCorrectable(_faults_text(record.name, faults))
    why: dict[int, list[str]] = {}
    for d in report.discrepancies:
        why.setdefault(d.line, []).append(d.message.split(": ", 1)[-1])
    events: list[GcgEvent] = []
    changes: list[Change] = []
    for event in canon.record.events:
        result = results.get(event.line)
        if event.line in removable:
            note = f"removed: {_written(event)} ({'; '.join(why[event.line])})"
            changes.append(Change(event.line, note))
            if events:
                events[-1] = replace(events[-1], notes=[*events[-1].notes, note])
            continue
        if result is None:  # (not replayed: a nick that is no player's is a fault, above)
            events.append(event)
            continue
        score, cum = result.computed_score, result.computed_cumulative
        if (score, cum) != (event.score, event.cumulative) and cum is not None:
            reasons = why.get(event.line) or ["the totals before it changed"]
            note = (f"corrected: recorded {_numbers(event.score, event.cumulative)}; the rules give "
                    f"{_numbers(score, cum)} ({'; '.join(reasons)})")
            changes.append(Change(event.line, note))
            event = replace(event, score=score, cumulative=cum, notes=[*event.notes, note],
                            old_phony_form=False)
        events.append(event)
    totals = {p.nick: p.computed_final for p in report.players}
    last_line = events[-1].line if events else 0
    for d in report.discrepancies:
        if d.missing is None:
            continue
        line = d.missing
        totals[line.nick] = totals.get(line.nick, 0)
        note = f"added: the record has no such line ({d.message.split(': ', 1)[-1]})"
        rack = None if line.kind == "end_rack_points" else line.tiles
        events.append(GcgEvent(last_line, "", line.nick, line.kind, rack=rack, tiles=line.tiles,
                               score=line.score, cumulative=totals[line.nick], notes=[note]))
        changes.append(Change(d.line, note))
    corrected = replace(canon, record=replace(canon.record, events=events))
    text = corrected.write()
    again = rescore_game(read_gcg(text.encode("utf-8"), name=record.name), ruleset, reason=reason)
    if again.discrepancies:  # (a safety net: what the correction could not mend)
        raise NotCorrectable(_faults_text(record.name, again.discrepancies, after=True))
    return Corrected(text, tuple(sorted(changes, key=lambda c: c.line)))


def _counts_nothing(result: EventResult | None) -> bool:
    """A line the replay counted nothing for (a move after the end, points the rules do not give)."""
    return result is not None and result.computed_score == 0 and result.kind != "pass"


def _numbers(score: int | None, cumulative: int | None) -> str:
    return " ".join(text for text in (
        None if score is None else f"{score:+d}", None if cumulative is None else str(cumulative)) if text) \
        or "no numbers"


def _written(event: GcgEvent) -> str:
    """An event line as a note quotes it."""
    return event.raw.strip() or f">{event.nick}: ({event.kind})"


def _faults_text(name: str, faults: list[Discrepancy], *, after: bool = False) -> str:
    head = (f"{name}: the corrected record still has {len(faults)} finding(s)" if after else
            f"{name}: cannot be corrected: {len(faults)} fault(s) that are not numbers")
    listed = "; ".join(d.message for d in faults[:5])
    more = f"; and {len(faults) - 5} more" if len(faults) > 5 else ""
    return f"{head}: {listed}{more}"
