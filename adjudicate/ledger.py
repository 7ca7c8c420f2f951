"""The record's running totals beside the rules', and the findings (docs/format.md §2).

:class:`Ledger` holds, for each player, the totals the record's cumulatives say and the totals the
rules give; each line's result; and the list of discrepancies and notes. It reads the game state
(:class:`~adjudicate.replay.GameState`) for one thing only: whether the board is still the
record's (``board_uncertain_line``), which turns a finding into information.

:meth:`Ledger.account` compares one line's score and cumulative with ours, so that an error is
reported once, at its cause; :meth:`Ledger.flag` reports a finding; :meth:`Ledger.not_due` is what a line counts that the rules do not give or the replay cannot check.
"""

from __future__ import annotations

from typing import Any

from adjudicate.gcg import GcgEvent
from adjudicate.kinds import Finding, Note
from adjudicate.replay import GameState
from adjudicate.report import Discrepancy, EventResult, Info, MissingLine

__all__ = ["Ledger"]


class Ledger:
    """The totals and findings of the game ``state`` replays (see the module docstring)."""

    __slots__ = ("state", "bases", "computed", "last_recorded", "events", "discrepancies", "info",
                 "end_adjustment", "time_adjustment", "slips")

    def __init__(self, state: GameState) -> None:
        self.state = state
        n = len(state.nicks)
        # The record's running totals: candidates for "the cumulative before this line" (more than
        # one after a line the record may or may not have counted).
        self.bases: list[list[int]] = [[0] for _ in range(n)]
        self.computed: list[int] = [0] * n  # ours
        self.last_recorded: list[int | None] = [None] * n  # the record's last cumulative
        self.events: list[EventResult] = []  # each line's result, in the record's order
        self.discrepancies: list[Discrepancy] = []
        self.info: list[Info] = []
        self.end_adjustment = [0] * n  # what the end-of-game rack lines gave each player (ours)
        self.time_adjustment = [0] * n  # what the time penalties took (ours)
        # After a wrong cumulative (its line, bases[p] then [wrong, right]): the scoreless lines
        # since that repeat the wrong total, reported if the record comes back to the right one.
        self.slips: list[tuple[int, list[tuple[GcgEvent, str, int, int]]] | None] = [None] * n

    def flag(self, event: GcgEvent | None, kind: Finding, message: str, recorded: Any = None,
             computed: Any = None, line: int | None = None, missing: MissingLine | None = None,
             cause: int | None = None, lacked: bool = False) -> None:
        """Report a finding at ``line`` (default: the event's); ``missing``: the line it says the
        record lacks; ``cause``: the earlier line it follows from (an edited word, a play put down
        as written), said in it; ``lacked``: the finding is the play the board lacks from here on
        (said: later plays are checked without it).

        After a play the board lacks (``board_uncertain_line``) a score or a play is information,
        not checked; its reasons are said in one parenthesis: "follows from line N; not checked:
        the board lacks the play at line U", and only the second when N is U or later (a line put
        down on a board that already lacked U's play follows from U too). A message that ends in
        its own parenthesis gets them in it (:func:`_with_reasons`)."""
        where = line if line is not None else (event.line if event else 0)
        uncertain = self.state.board_uncertain_line
        unchecked = bool(uncertain) and kind in (Finding.SCORE, Finding.ILLEGAL_PLAY) and where > uncertain
        reasons = ["later plays are checked on the board without it"] if lacked else []
        if cause is not None and not (unchecked and cause >= uncertain):
            reasons.append(f"follows from line {cause}")
        if unchecked:
            reasons.append(f"not checked: the board lacks the play at line {uncertain}")
        text = f"line {where}: {_with_reasons(message, reasons)}"
        if unchecked:
            # A consequence, most likely, of the line the board lacks: information, not a finding.
            self.info.append(Info(where, Note.UNCHECKED, event.nick if event else None, text))
            return
        self.discrepancies.append(
            Discrepancy(where, kind, recorded, computed, text,
                        event.nick if event else (missing.nick if missing else None), missing)
        )

    def not_due(self, event: GcgEvent, p: int, *, unknown: bool = False) -> int:
        """What a line counts that the rules do not give (a move after the end of the game, out-play
        points for a player who did not go out, a rack adjustment the ruleset does not make): nothing
        (the line is reported as not due). ``unknown``: a line whose points the replay cannot know
        (a play that could not be put on the board).

        Who holds what, and so whether and how the game ended, rests on the board: after a play
        that could not be placed or a line that could not be read (``board_uncertain_line``) the end is a
        guess, and a wrong guess must not take real points away. Such a line, like an ``unknown``
        one, counts what the record's own totals count: its score when its cumulative goes on from
        the player's last one (a real line), nothing when it does not (a line repeated, which the
        record's totals do not count either). The finding is reported either way."""
        if not unknown and not self.state.board_uncertain_line:
            return 0
        score, cum = event.score, event.cumulative
        if score is None:
            return 0
        bases = self.bases[p]
        if cum is None or not bases or cum - score in bases:
            return score
        return 0

    def account(self, event: GcgEvent, result: EventResult, p: int, computed: int,
                what: str, *, unexpected: bool = False, kind: Finding = Finding.SCORE,
                also: int | None = None, implied: int | None = None,
                cause: int | None = None) -> None:
        """Compare the line's score and cumulative with ours; move both totals on.

        The cumulative is checked against the record's own previous cumulative plus the line's
        score, so a wrong score is reported once (as a score) and not again as a cumulative; a
        cumulative equal to our total is never reported. After a wrong cumulative, the next line
        may continue from either the wrong or the right value; a scoreless line that repeats the
        wrong total is reported when a later line comes back to the right one (the record's
        keeper had the right total: the line wrote the wrong one again). An ``unexpected`` line
        (one that should not be there) is not checked; the record may or may not have counted it,
        and the next line may continue from either. ``also``: a score the line may record besides
        ours (a withdrawal taking back what the record gave the play: a wrong score is reported at
        the play). ``implied``: the score of a line whose own says nothing of it (the old
        withdrawal form, ``-- +0 CUM``). ``cause``: the earlier line a wrong score follows from
        (a play through the tiles of an edited word), said in the finding.
        """
        recorded = event.score if implied is None else implied
        result.recorded_score = event.score
        result.computed_score = computed
        if recorded is not None and recorded != computed and recorded != also and not unexpected:
            self.flag(event, kind, f"{what}: recorded {recorded:+d}, computed {computed:+d}",
                      recorded, computed, cause=cause)
        bases = self.bases[p]
        step = recorded if recorded is not None else computed
        cum = event.cumulative
        result.recorded_cumulative = cum
        total = self.computed[p] + computed
        self.computed[p] = total
        result.computed_cumulative = total
        if (cum is not None and not unexpected and len(bases) == 1
                and (cum == bases[0] + step or cum == bases[0] + computed)):
            # The common case: the record's arithmetic holds.
            bases[0] = cum
            self.last_recorded[p] = cum
            return
        slip = self.slips[p]
        self.slips[p] = None
        if not bases:  # the record's total is unknown here (a line before could not be read)
            new = [cum] if cum is not None else []
        elif unexpected:
            new = ([cum] if cum is not None else [b + step for b in bases]) + bases
        elif cum is None:
            new = [bases[0] + step]
        elif cum == total or cum in [b + computed for b in bases[1:]] or cum in [b + step for b in bases[1:]]:
            # Our total, or the right one after a wrong cumulative: the lines since that repeated
            # the wrong total wrote it again.
            new = [cum]
            if slip is not None:
                line, repeats = slip
                for e, doing, wrong, right in repeats:
                    self.flag(e, Finding.CUMULATIVE,
                              f"{doing}: cumulative {wrong} repeats the wrong total of line {line} "
                              f"(the record's total is {right}, as line {event.line} shows)",
                              wrong, right)
        elif cum == bases[0] + step or cum == bases[0] + computed:
            if slip is not None and step == 0 and computed == 0:  # the wrong total, repeated
                slip[1].append((event, what, cum, bases[1]))
                self.slips[p] = slip
                new = bases
            else:  # the record went on from its own total
                new = [cum]
        else:
            expected = bases[0] + step
            self.flag(event, Finding.CUMULATIVE,
                      f"{what}: cumulative {cum} is not {bases[0]} {step:+d} = {expected}",
                      cum, expected)
            new = [cum, expected]
            self.slips[p] = (event.line, [])
        self.bases[p] = new if len(new) < 2 else list(dict.fromkeys(new))[:4]
        # (With neither a score nor a cumulative on a line that scores, the record says nothing
        # of the player's total: no "recorded" total is made up from ours. A pass changes none.)
        self.last_recorded[p] = (cum if cum is not None else
                                 None if not new or (recorded is None and computed) else new[0])


def _with_reasons(message: str, reasons: list[str]) -> str:
    """``message`` with ``reasons`` said in one parenthesis: in its own last one when it ends in
    an aside (" (every square is already covered; not checked: ...)"), else in a new one. A
    closing bracket that ends no aside (a word's played-through tiles, "HE(LL)") is not one.

    >>> _with_reasons("places no new tile (every square is already covered)", ["follows from line 3"])
    'places no new tile (every square is already covered; follows from line 3)'
    >>> _with_reasons("4K HE(LL)", ["follows from line 3"])
    '4K HE(LL) (follows from line 3)'
    """
    if not reasons:
        return message
    said = "; ".join(reasons)
    if message.endswith(")"):
        depth = 0
        for i in range(len(message) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(message[i], 0)
            if depth == 0:
                if message[i - 1 : i] == " ":  # an aside of the message's own
                    return f"{message[:-1]}; {said})"
                break
    return f"{message} ({said})"
