"""The closed vocabularies of a game record and its report: what a line of a record is, what a
finding is about, how a game ended.

Each is a ``str`` enum whose values are the words of the JSON report (docs/format.md §2), so a value
compares equal to its text, is written by ``json`` as its text, and reads as its text in an
f-string (:class:`TextEnum`).

>>> Finding.SCORE == "score", f"{Ending.WENT_OUT}", Ending("time")
(True, 'went_out', <Ending.TIME: 'time'>)
"""

from __future__ import annotations

from enum import Enum


class TextEnum(str, Enum):
    """A ``str`` enum that formats as its value (``enum.StrEnum`` from Python 3.11 on)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class EventKind(TextEnum):
    """What an event line of a record is (``GcgEvent.kind``; a report's event ``kind``)."""

    PLAY = "play"  # tiles put on the board
    PASS = "pass"  # "-", or an exchange of no tile
    EXCHANGE = "exchange"  # "-ABC" or "-3"
    PHONY_WITHDRAWN = "phony_withdrawn"  # "--": the play before taken back
    CHALLENGE_BONUS = "challenge_bonus"  # "(challenge)": points for a challenged valid play
    END_RACK_POINTS = "end_rack_points"  # "(TILES)" with points: what the finisher gains
    END_RACK_PENALTY = "end_rack_penalty"  # "(TILES)" with a penalty: what a player loses
    TIME_PENALTY = "time_penalty"  # "(time)": an overtime penalty


class Finding(TextEnum):
    """The kind of a discrepancy between a record and the rules (docs/format.md §2)."""

    SCORE = "score"  # a line's score is not the one the rules give
    CUMULATIVE = "cumulative"  # a running total is not the previous one plus the line's score
    END_RACK = "end_rack"  # an out-play or end-rack line counts other tiles, or is missing
    TIME_PENALTY = "time_penalty"  # a time penalty the clock rules do not give
    ILLEGAL_PLAY = "illegal_play"  # tiles not on the rack, off the board, not connected...
    UNEXPECTED_EVENT = "unexpected_event"  # a line the rules do not allow here
    ENDING = "ending"  # the game does not end where the rules end it (turns owed after time)
    PARSE = "parse"  # a line that could not be read


class Note(TextEnum):
    """Information in a report, never a discrepancy: it changes no exit code and no winner."""

    PHONY = "phony"  # a word not in the lexicon that stood (--check-words)
    UNCHECKED = "unchecked"  # a finding after a play the board lacks: likely its consequence
    RACK_CHAIN = "rack_chain"  # a tile kept from the last whole rack missing from the next
    SHORT_RACK = "short_rack"  # a whole rack shorter than the bag allowed (FISE art. 3 and 15)
    FORFEIT_RAISE = "forfeit_raise"  # NASPA: an opponent raised to win by one after a forfeit
    TIE_BREAK = "tie_break"  # FISE: a tie after the rack adjustments won on the score before them
    LINE_ORDER = "line_order"  # end-of-game lines in an unusual order (a time penalty before a rack line)


class Ending(TextEnum):
    """How a game ended (a report's ``ending``; ``None`` when it did not)."""

    WENT_OUT = "went_out"  # a player played out with the bag empty
    SCORELESS = "scoreless"  # consecutive scoreless turns (docs/decisions.md §15: NASPA six)
    PASSES = "passes"  # every player passed twice in a row (FISE, MàTaM)
    TIME = "time"  # the time limit (FISE total time, MàTaM round limit) or a forfeit on time
    BLOCKED = "blocked"  # nobody can play (said at the table: `endgame --ended blocked`)
