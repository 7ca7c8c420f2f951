"""The end of a game as a record writes it: out-play and end-rack lines, time penalties, forfeits.

:class:`EndLines` checks each end-of-game line against the rules (:mod:`adjudicate.adjustments` for
the rack arithmetic, :mod:`adjudicate.overtime` for overtime) and, when the record ends, that the
lines the rules expect are all there: a missing line is reported, and what it should give counts
in the computed totals when the replay knows the tiles (so that the computed winner is the rules').
It is a part of the replay: it reads the game (:class:`~adjudicate.replay.GameState` ``state``),
counts in the :class:`~adjudicate.ledger.Ledger` ``ledger``, and owns the end-of-game lines seen,
the overtime and the forfeits.
"""

from __future__ import annotations

import re

from adjudicate.adjustments import opponents_lose_tiles, outplay_points
from adjudicate.errors import AdjudicateError
from adjudicate.gcg import GameRecord, GcgEvent
from adjudicate.kinds import Ending, EventKind, Finding, Note
from adjudicate.ledger import Ledger
from adjudicate.replay import GameState
from adjudicate.report import EventResult, Info, MissingLine, PlayerResult
from adjudicate.tiles import format_rack, parse_rack, same_rack

__all__ = ["EndLines"]

# (A clock's display may be written with its sign: `overtime -03:20` is 3:20 over.)
_OVERTIME_NOTE = re.compile(r"overtime\s+[-\u2212]?(\d+:\d\d(?::\d\d)?)\s*(forfeit)?", re.IGNORECASE)


class EndLines:
    """The replay's end-of-game lines (see the module docstring)."""

    __slots__ = ("state", "ledger", "record", "end_lines", "time_seen", "forfeits", "overtime",
                 "outplay_left")

    def __init__(self, state: GameState, ledger: Ledger, record: GameRecord) -> None:
        self.state = state
        self.ledger = ledger
        self.record = record
        self.end_lines: dict[str, list[GcgEvent]] = {"points": [], "penalty": []}
        self.time_seen: set[int] = set()
        self.forfeits: list[int] = []  # players over the maximum overtime (NASPA: they lose)
        self.overtime: dict[int, int] = {}  # seconds over, from `#note overtime MM:SS`
        self.outplay_left: int | None = None  # out-play points still due, once known (outplay_due)

    def end_rack(self, event: GcgEvent, p: int, result: EventResult) -> None:
        state, ledger = self.state, self.ledger
        rules, alphabet = state.ruleset, state.alphabet
        points = event.kind == EventKind.END_RACK_POINTS
        result.tiles = event.tiles
        if state.ending is not None:
            self.end_lines["points" if points else "penalty"].append(event)
        try:
            tiles = parse_rack(event.tiles or "", alphabet)
        except AdjudicateError as err:
            ledger.flag(event, Finding.END_RACK, f"end-of-game rack {event.tiles!r}: {err}")
            ledger.account(event, result, p, 0, "end of game", unexpected=True)
            return
        value = alphabet.rack_value(tiles)
        label = format_rack(tiles, alphabet)
        if state.ending is None:
            ledger.flag(event, Finding.UNEXPECTED_EVENT,
                        f"end-of-game line, but the game is not over (nobody has gone out"
                        f"{', the bag holds ' + str(state.bag) if state.bag else ''})")
            ledger.account(event, result, p, 0, f"({label})", unexpected=True)
            return
        state.after_end_pass_ok = False
        if points:
            due = state.ending is Ending.WENT_OUT and p == state.out_player
            if not due:
                if state.ending is not Ending.TIME:  # (after the time limit, check_end_lines says none is due)
                    ledger.flag(event, Finding.UNEXPECTED_EVENT,
                                f"out-play points for {event.nick}, who did not go out")
                computed = ledger.not_due(event, p)
            else:
                computed = self.outplay_due(p, outplay_points(value, rules))
            ledger.account(event, result, p, computed, f"out-play ({label})", unexpected=not due, kind=Finding.END_RACK)
            ledger.end_adjustment[p] += computed
        else:
            if event.rack is not None and not event.unknown_rack and event.rack != event.tiles:
                if not same_rack(event.rack, event.tiles or "", alphabet):
                    ledger.flag(event, Finding.END_RACK,
                                f"end-rack penalty: the rack {event.rack} and the tiles counted "
                                f"({event.tiles}) differ")
            due = state.ending is not Ending.TIME  # (after the time limit none is: check_end_lines says so)
            if state.ending is Ending.WENT_OUT and not opponents_lose_tiles(rules):
                due = False
                ledger.flag(event, Finding.UNEXPECTED_EVENT,
                            f"an end-rack penalty after an out-play under {rules.name}, where the "
                            "finisher adds twice the opponent's tiles and the opponent loses nothing")
            elif state.ending is Ending.WENT_OUT and p == state.out_player:
                due = False
                ledger.flag(event, Finding.UNEXPECTED_EVENT,
                            f"{event.nick} went out and holds no tiles")
            known = state.known(p)
            if known is not None and sorted(known) != sorted(tiles):
                ledger.flag(event, Finding.END_RACK,
                            f"{event.nick} held {format_rack(known, alphabet) or 'nothing'}, "
                            f"the line counts {label}", label, format_rack(known, alphabet))
            computed = -value if due else ledger.not_due(event, p)
            ledger.account(event, result, p, computed, f"end-rack penalty ({label})", unexpected=not due,
                           kind=Finding.END_RACK)
            ledger.end_adjustment[p] += computed

    def outplay_due(self, out: int, points: int) -> int:
        """What an out-play line of ``points`` gives ``out``, who went out: its points, but when the
        opponents' tiles are known no more, over every out-play line, than the rules give for them
        (a repeated out-play line gives nothing: after the end of the game nothing counts twice)."""
        state = self.state
        if self.outplay_left is None:
            held = state.held_by_others(out)
            if held is None:
                return points
            self.outplay_left = outplay_points(state.alphabet.rack_value(held), state.ruleset)
        given = max(0, min(points, self.outplay_left))
        self.outplay_left -= given
        return given

    def time_penalty(self, event: GcgEvent, p: int, result: EventResult) -> None:
        # (imported here: a game with a time penalty line is rare, and the clock's module costs
        # every rescore's start-up 1.5 ms)
        state, ledger = self.state, self.ledger
        from adjudicate.overtime import is_forfeit, overtime_penalty, parse_duration, turn_time_rule

        rules = state.ruleset
        note = next((m for m in map(_OVERTIME_NOTE.search, event.notes) if m), None)
        seconds = None
        if note:
            try:
                seconds = parse_duration(note.group(1), what="overtime")
            except AdjudicateError as err:
                ledger.flag(event, Finding.TIME_PENALTY, f"overtime note: {err}")
        forfeit = seconds is not None and is_forfeit(seconds, rules)
        # A forfeit (over the maximum overtime) ends the game where it comes, and disregards the
        # unplayed tiles: it needs no end of the game before it, nor rack lines.
        problem = None
        rule = turn_time_rule(rules)
        if rule is not None:  # MàTaM: a late turn is lost instead; a points penalty counts nothing
            self.time_seen.add(p)
            ledger.flag(event, Finding.TIME_PENALTY, f"a time penalty, but {rule}", event.score, 0)
            ledger.account(event, result, p, 0, "time penalty", unexpected=True)
            return
        if state.ending is None and not forfeit:
            problem = "a time penalty before the end of the game"
        elif p in self.time_seen:
            problem = f"a second time penalty for {event.nick}"
        if problem:  # (a penalty out of place does not stand: a later one in place may)
            ledger.flag(event, Finding.UNEXPECTED_EVENT, problem)
            ledger.account(event, result, p, 0, "time penalty", unexpected=True)
            return
        self.time_seen.add(p)
        if not forfeit and not self.end_lines_complete():
            # The order of the end-of-game lines is a writer's style, not a rule: the penalty
            # counts where it is (docs/decisions.md §14); the order is information.
            ledger.info.append(Info(event.line, Note.LINE_ORDER, event.nick,
                                    f"line {event.line}: {event.nick}'s time penalty comes before "
                                    "the end-of-game rack lines (usually written first): counted "
                                    "where it is (the order of the lines changes no score)"))
        if state.ending is None:  # over the maximum overtime: the game ends here, lost
            state.ending, state.ended_at = Ending.TIME, event.line
        recorded = event.score
        computed = recorded if recorded is not None else 0
        if note:
            if seconds is not None:
                computed = -overtime_penalty(seconds, rules)
                self.overtime[p] = seconds
                if forfeit:
                    self.forfeits.append(p)
                elif note.group(2):
                    ledger.flag(event, Finding.TIME_PENALTY,
                                f"the note says forfeit, but {note.group(1)} of overtime is within "
                                f"the {rules.name} maximum" if rules.overtime_forfeit else
                                f"the note says forfeit, but {rules.name} has no overtime forfeit")
        elif recorded is not None:
            unit = rules.overtime_points_per_minute
            cap = (rules.overtime_max_minutes or 0) * unit
            if recorded > 0 or (recorded < 0 and unit == 0):  # points the rules do not move: none
                why = (" adds points (a penalty takes them away)" if recorded > 0 else
                       f", but overtime costs nothing under {rules.name} (overtime_points_per_minute=0)")
                ledger.flag(event, Finding.TIME_PENALTY, f"time penalty {recorded:+d}{why}", recorded, 0)
                ledger.account(event, result, p, 0, "time penalty", unexpected=True)
                return
            if recorded == 0 or recorded % unit:  # (unit 0: recorded is 0 here)
                ledger.flag(event, Finding.TIME_PENALTY,
                            f"time penalty {recorded:+d} is not a whole number of minutes at "
                            f"{unit} points each", recorded, None)
            elif cap and -recorded > cap:
                ledger.flag(event, Finding.TIME_PENALTY,
                            f"time penalty {recorded:+d} is more than the {cap} of "
                            f"{rules.overtime_max_minutes} minutes (beyond that the game is forfeit)",
                            recorded, -cap)
        ledger.account(event, result, p, computed, "time penalty", kind=Finding.TIME_PENALTY)
        if p in self.overtime:  # apply_forfeit recomputes these from the overtime
            ledger.time_adjustment[p] += computed

    def end_lines_complete(self) -> bool:
        """Whether the end-of-game rack lines the ruleset expects are all there."""
        state = self.state
        n = len(state.nicks)
        if state.ending is Ending.TIME:
            return True
        if state.ending is Ending.WENT_OUT:
            if not opponents_lose_tiles(state.ruleset):
                return bool(self.end_lines["points"])
            return bool(self.end_lines["points"]) and len(self.end_lines["penalty"]) >= n - 1
        return len(self.end_lines["penalty"]) >= n

    def rack_value(self, text: str | None) -> int:
        state = self.state
        try:
            return state.alphabet.rack_value(parse_rack(text or "", state.alphabet))
        except AdjudicateError:
            return 0

    def check_end_lines(self) -> None:
        """At the end of the record: the end-of-game lines the ruleset expects, and their sums.

        A line that is missing is reported, and what it should give counts in the computed totals
        when the tiles are known (so that the computed winner is the real one)."""
        state, ledger = self.state, self.ledger
        if self.forfeits and state.ruleset.overtime_forfeit:
            return  # unplayed tiles are disregarded (apply_forfeit reports any rack line)
        if state.ending is None or state.ending is Ending.TIME:
            if state.ending is Ending.TIME and (self.end_lines["points"] or self.end_lines["penalty"]):
                first = (self.end_lines["points"] + self.end_lines["penalty"])[0]
                ledger.flag(first, Finding.UNEXPECTED_EVENT,
                            "rack adjustment in a game ended by the time limit (none is due)")
            return
        last_line = self.record.events[-1].line if self.record.events else 0
        alphabet = state.alphabet
        if state.ending is Ending.WENT_OUT and state.out_player is not None:
            out = state.out_player
            held = [state.known(q) for q in range(len(state.nicks)) if q != out]  # the others'
            if not self.end_lines["points"]:
                tiles = state.held_by_others(out)
                due = None
                if tiles is not None:
                    due = outplay_points(alphabet.rack_value(tiles), state.ruleset)
                line = (None if tiles is None or due is None else
                        MissingLine(state.nicks[out], EventKind.END_RACK_POINTS, format_rack(tiles, alphabet), due))
                ledger.flag(None, Finding.END_RACK,
                            f"{state.nicks[out]} went out at line {state.ended_at}, but no out-play "
                            "line adds the opponents' tiles"
                            + (f" ({format_rack(tiles, alphabet) or 'none'}: {due:+d})"
                               if tiles is not None else ""), None, due, line=last_line, missing=line)
                self.missing_adjustment(out, due)
            elif state.bag == 0 and not state.board_uncertain_line:
                # The bag is empty and the finisher holds nothing: every tile not on the board
                # is on an opponent's rack, so the out-play lines must count exactly those.
                counted: list[int] = []
                for e in self.end_lines["points"]:
                    try:
                        counted += parse_rack(e.tiles or "", alphabet)
                    except AdjudicateError:
                        return
                rest = state.unseen[:]
                for t in counted:
                    rest[t] -= 1
                # Nothing left of the unseen counts: the lines count exactly those tiles (the
                # common case, decided without listing them).
                if any(rest):
                    left = state.held_by_others(out) or []  # every tile not on the board, by code
                    if sorted(counted) != left:
                        held_text = format_rack(left, alphabet)
                        ledger.flag(self.end_lines["points"][0], Finding.END_RACK,
                                    f"the opponents held {held_text} (every tile not on the board), "
                                    f"the out-play line(s) count "
                                    f"{format_rack(sorted(counted), alphabet)}",
                                    format_rack(sorted(counted), alphabet), held_text)
            else:
                racks = [h for h in held if h is not None]
                if len(racks) == len(held):  # every opponent's rack is known
                    total = sum(alphabet.rack_value(h) for h in racks)
                    value = sum(self.rack_value(e.tiles) for e in self.end_lines["points"])
                    if value != total:
                        ledger.flag(self.end_lines["points"][0], Finding.END_RACK,
                                    f"the opponents held {''.join(format_rack(h, alphabet) for h in racks)} "
                                    f"({total} points), the out-play line counts {value}", value, total)
            if opponents_lose_tiles(state.ruleset) and len(self.end_lines["penalty"]) < len(held):
                self.missing_penalties(
                    [q for q in range(len(state.nicks)) if q != out],
                    f"under {state.ruleset.name} every other player subtracts their tiles "
                    f"after {state.nicks[out]} went out at line {state.ended_at}", last_line)
        elif len(self.end_lines["penalty"]) < len(state.nicks):
            self.missing_penalties(
                list(range(len(state.nicks))),
                f"the game ended on {state.ending} at line {state.ended_at}: each player subtracts "
                "their own tiles", last_line)

    def missing_penalties(self, players: list[int], why: str, last_line: int) -> None:
        """Report each of ``players`` without an end-rack line; count what it should subtract."""
        state = self.state
        alphabet = state.alphabet
        have = {seat for e in self.end_lines["penalty"] for seat in state.index.get(e.nick, ())}
        for q in players:
            if q in have:
                continue
            tiles = self.opponent_tiles().get(q) if state.ending is Ending.WENT_OUT else state.known(q)
            due = None if tiles is None else -alphabet.rack_value(tiles)
            held = ("" if tiles is None else
                    f": {state.nicks[q]} holds {format_rack(tiles, alphabet) or 'nothing'} ({due:+d})")
            line = (None if tiles is None or due is None else
                    MissingLine(state.nicks[q], EventKind.END_RACK_PENALTY, format_rack(tiles, alphabet), due))
            self.ledger.flag(None, Finding.END_RACK, f"{why}, but no end-rack line for {state.nicks[q]}{held}",
                             None, due, line=last_line, missing=line)
            self.missing_adjustment(q, due)

    def opponent_tiles(self) -> dict[int, tuple[int, ...] | list[int] | None]:
        """After an out-play, the tiles each other player holds, as far as the record tells: their
        own end-rack line; else their rack, when the replay knows it; else the finisher's out-play
        line of their tiles (one line per opponent, docs/format.md §3: a line whose tiles are a known
        rack is that player's; the others are taken in seat order after the finisher); else,
        when the bag is empty and every other opponent's tiles are known, every tile not on the
        board that they do not hold."""
        state = self.state
        alphabet, out, n = state.alphabet, state.out_player, len(state.nicks)
        others = [(out + k) % n for k in range(1, n)] if out is not None else []
        held: dict[int, tuple[int, ...] | list[int] | None] = {q: None for q in others}
        for e in self.end_lines["penalty"]:
            for q in state.index.get(e.nick, ()):
                if q in held and held[q] is None:
                    try:
                        held[q] = parse_rack(e.tiles or "", alphabet)
                    except AdjudicateError:
                        pass
        for q in others:
            if held[q] is None:
                held[q] = state.known(q)
        lines = []
        for e in self.end_lines["points"]:
            try:
                lines.append(sorted(parse_rack(e.tiles or "", alphabet)))
            except AdjudicateError:
                lines = []
                break
        if len(lines) == len(others) > 1:
            for q in others:  # the lines that are known racks
                tiles = held[q]
                if tiles is not None and sorted(tiles) in lines:
                    lines.remove(sorted(tiles))
            unknown = [q for q in others if held[q] is None]
            if len(unknown) == len(lines):
                for q, tiles in zip(unknown, lines):
                    held[q] = tiles
        unknown = [q for q in others if held[q] is None]
        if len(unknown) == 1 and state.bag == 0 and not state.board_uncertain_line:
            rest = state.unseen[:]
            for q in others:
                for t in held[q] or ():
                    rest[t] -= 1
            if min(rest) >= 0:
                held[unknown[0]] = [t for t, count in enumerate(rest) for _ in range(count)]
        return held

    def missing_adjustment(self, p: int, due: int | None) -> None:
        # (Not after a play that could not be placed: then the end itself is a guess; see not_due.)
        ledger = self.ledger
        if due is not None and not self.state.board_uncertain_line:
            ledger.computed[p] += due
            ledger.end_adjustment[p] += due

    def apply_forfeit(self, players: list[PlayerResult]) -> None:
        """NASPA: beyond the maximum overtime the player loses: minus 100, an opponent still behind
        raised to win by one, unplayed tiles disregarded (docs/decisions.md §8) — as ``adjudicate clock``
        computes it, from the scores before any rack adjustment and time penalty."""
        state, ledger = self.state, self.ledger
        from adjudicate.overtime import apply_clock

        for e in self.end_lines["points"] + self.end_lines["penalty"]:
            ledger.flag(e, Finding.UNEXPECTED_EVENT,
                        f"rack adjustment in a game forfeited on time "
                        f"({', '.join(state.nicks[i] for i in self.forfeits)} over the maximum "
                        "overtime): unplayed tiles are disregarded")
        before = {nick: ledger.computed[i] - ledger.end_adjustment[i] - ledger.time_adjustment[i]
                  for i, nick in enumerate(state.nicks)}
        overtime = {state.nicks[i]: s for i, s in self.overtime.items()}
        result = apply_clock(before, overtime, state.ruleset)
        for i, line in enumerate(result.players):
            if line.raised:
                ledger.info.append(Info(
                    self.record.events[-1].line, Note.FORFEIT_RAISE, line.player,
                    f"{line.player} raised from {line.final - line.raised} to "
                    f"{line.final} to win by one: "
                    f"{', '.join(state.nicks[j] for j in self.forfeits)} exceeded the "
                    "maximum overtime (unplayed tiles disregarded)"))
            ledger.computed[i] = line.final
            players[i].computed_final = line.final
