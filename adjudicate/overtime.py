"""Clock penalties: overtime in whole displayed seconds, 10 points per started minute, NASPA forfeit.

docs/decisions.md §8 "Overtime". Decisions taken here:

* Input is the clock's display in whole seconds (``-03:20``), never milliseconds: −00:01…−01:00
  cost 10, −01:01…−02:00 cost 20 (``10 × ceil(seconds / 60)``).
* NASPA's maximum: −10:00 exactly is still *within* the 10 minutes (100 points, no forfeit);
  −10:01 and beyond forfeit. The forfeit subtracts the full penalty for the maximum
  (``overtime_points_per_minute × overtime_max_minutes`` = 100 for NASPA) — the same points as
  −10:00, but the player loses: every opponent at or below the forfeiter's new score is raised
  to win by one (a tie is not a win, so an equal score is raised too), and unplayed tiles are
  disregarded (the scores given should be those before any end-of-game rack adjustment).
* More than two players (only through overrides): every player who did not forfeit ends above
  every player who did (raised to the highest forfeiter's score + 1 if needed). Inferred.
* Every player forfeits: nobody is raised and nobody wins (a double loss). Inferred.

>>> from adjudicate.rules import NASPA
>>> overtime_penalty(parse_clock("-01:01"), NASPA)
20
>>> r = apply_clock({"A": 520, "B": 380}, {"A": parse_clock("-10:01")}, NASPA)
>>> [(p.player, p.final) for p in r.players], r.winners
([('A', 420), ('B', 421)], ('B',))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicate.adjustments import check_table, winners_of
from adjudicate.errors import TableError
from adjudicate.rules import Forfeit, Ruleset

MAX_DIGITS = 6  # per field of a time: 999999 minutes is more than any clock shows


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut short when it is long (a hostile 10,000-digit number)."""
    return repr(text) if len(text) <= 40 else repr(text[:40]) + "..."


def _parse_duration(text: str, body: str, what: str, example: str = "-03:20") -> int:
    """``MM:SS`` or ``H:MM:SS`` (whole seconds) -> seconds."""
    parts = body.split(":")
    if len(parts) not in (2, 3) or not all(p.isascii() and p.isdigit() for p in parts):
        raise TableError(f"{what} {_shown(text)}: expected MM:SS or H:MM:SS, e.g. {example}")
    if any(len(p.lstrip("0")) > MAX_DIGITS for p in parts):
        raise TableError(f"{what} {_shown(text)}: too large (at most {MAX_DIGITS} digits a field)")
    numbers = [int(p.lstrip("0") or "0") for p in parts]  # int() counts leading zeros in its limit
    if numbers[-1] > 59 or len(parts[-1]) != 2:
        raise TableError(f"{what} {_shown(text)}: seconds must be two digits, 00 to 59")
    if len(numbers) == 3 and (numbers[1] > 59 or len(parts[1]) != 2):
        raise TableError(f"{what} {_shown(text)}: minutes must be two digits, 00 to 59, after the hours")
    seconds = 0
    for number in numbers:
        seconds = seconds * 60 + number
    return seconds


def parse_duration(text: str, *, what: str = "time") -> int:
    """An unsigned ``MM:SS`` or ``H:MM:SS`` (e.g. an allotted time) in seconds; ``what`` names it
    in errors.

    >>> parse_duration("25:00"), parse_duration("1:02:03")
    (1500, 3723)
    """
    return _parse_duration(text, text.strip(), what, "25:00")  # (no sign: not a clock's display)


def parse_clock(text: str, *, allotted: int | None = None) -> int:
    """The seconds over the allotted time shown by a clock (0 when there is time left).

    ``-03:20`` is a display in overtime (200 s over), ``+01:05`` a display with time left (0 over).
    An unsigned ``MM:SS`` / ``H:MM:SS`` is the time *used*, and needs ``allotted`` (seconds).
    A typographic minus (U+2212) counts as ``-``.

    >>> parse_clock("-03:20"), parse_clock("+01:05"), parse_clock("28:20", allotted=1500)
    (200, 0, 200)
    >>> parse_clock("3:20")
    Traceback (most recent call last):
    ...
    adjudicate.errors.TableError: clock '3:20': unsigned time is the time used and needs the allotted time (or write -3:20 for a clock in overtime)
    """
    if not isinstance(text, str):
        raise TableError(f"clock {text!r} is not text")
    body = text.strip().replace("\u2212", "-")
    sign = body[:1]
    if sign in ("-", "+"):
        seconds = _parse_duration(text, body[1:], "clock")
        return seconds if sign == "-" else 0
    seconds = _parse_duration(text, body, "clock")
    if allotted is None:
        raise TableError(
            f"clock {text!r}: unsigned time is the time used and needs the allotted time "
            f"(or write -{body} for a clock in overtime)"
        )
    return max(0, seconds - allotted)


def format_clock(seconds_over: int) -> str:
    """``200`` -> ``-03:20``; ``0`` -> ``00:00``; an hour or more -> ``-1:02:03``."""
    if seconds_over <= 0:
        return "00:00"
    hours, rest = divmod(seconds_over, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"-{hours}:{minutes:02d}:{seconds:02d}"
    return f"-{minutes:02d}:{seconds:02d}"


def minutes_started(seconds_over: int) -> int:
    """Started minutes of overtime: 1..60 s -> 1, 61..120 s -> 2."""
    return -(-seconds_over // 60) if seconds_over > 0 else 0


def is_forfeit(seconds_over: int, ruleset: Ruleset) -> bool:
    """Whether the overtime exceeds the ruleset's maximum with a forfeit rule (NASPA: over 10:00)."""
    limit = ruleset.overtime_max_minutes
    return ruleset.overtime_forfeit is not None and limit is not None and seconds_over > limit * 60


def overtime_penalty(seconds_over: int, ruleset: Ruleset) -> int:
    """Points to subtract (a positive number) for ``seconds_over`` whole seconds over.

    ``overtime_points_per_minute`` per started minute, capped at the ``overtime_max_minutes``
    maximum when there is one (a NASPA forfeit subtracts that maximum: 100; see
    :func:`apply_clock` for the rest of the forfeit).
    """
    if not isinstance(seconds_over, int) or isinstance(seconds_over, bool) or seconds_over < 0:
        raise TableError(f"overtime {seconds_over!r} is not a whole number of seconds >= 0")
    minutes = minutes_started(seconds_over)
    if ruleset.overtime_max_minutes is not None:
        minutes = min(minutes, ruleset.overtime_max_minutes)
    return ruleset.overtime_points_per_minute * minutes


@dataclass(frozen=True)
class PlayerClock:
    player: str
    score: int
    seconds_over: int
    clock: str  # the overtime as displayed, -MM:SS ("00:00" for none)
    penalty: int  # positive: points subtracted
    forfeit: bool
    raised: int  # points added to lift the player above a forfeiter
    final: int


@dataclass(frozen=True)
class ClockResult:
    ruleset: str
    players: tuple[PlayerClock, ...]
    winners: tuple[str, ...]
    tie: bool
    forfeited: tuple[str, ...]
    tiles_disregarded: bool  # a forfeit: unplayed tiles are not counted
    notes: tuple[str, ...] = field(default=())

    def final_scores(self) -> dict[str, int]:
        return {p.player: p.final for p in self.players}

    def to_dict(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "players": [
                {
                    "player": p.player,
                    "score": p.score,
                    "overtime": p.clock,
                    "seconds_over": p.seconds_over,
                    "penalty": p.penalty,
                    "forfeit": p.forfeit,
                    "raised": p.raised,
                    "final": p.final,
                }
                for p in self.players
            ],
            "winners": list(self.winners),
            "tie": self.tie,
            "forfeited": list(self.forfeited),
            "tiles_disregarded": self.tiles_disregarded,
            "notes": list(self.notes),
        }


def turn_time_rule(ruleset: Ruleset) -> str | None:
    """Why a ruleset that times each turn (MàTaM art. 30; FISE's timer, art. 19.1 and 20) has no
    time penalty, or None. The rule cited is the one the limit comes from (its source's article,
    or the ``--set`` that gave it)."""
    limit = ruleset.turn_time_limit_seconds
    if limit is None:
        return None
    minutes = f"{limit // 60} minutes" if limit % 60 == 0 else f"{limit} seconds"
    cite = ruleset.sources.get("turn_time_limit_seconds", "").partition(":")[0]
    return (f"{ruleset.name} has no chess clock and no time penalty: each turn has {minutes}, and "
            f"a turn not played in time is lost (0 points, no exchange{'; ' + cite if cite else ''})")


def check_chess_clock(ruleset: Ruleset) -> None:
    """Refuse clock penalties under a ruleset that times each turn instead (:func:`turn_time_rule`)."""
    rule = turn_time_rule(ruleset)
    if rule is not None:
        raise TableError(f"{rule}. For an event played with chess clocks: "
                              "--set turn_time_limit_seconds=none --set overtime_points_per_minute=10")


def apply_clock(scores: dict[str, int], overtime: dict[str, int], ruleset: Ruleset) -> ClockResult:
    """Subtract each player's overtime penalty and apply the ruleset's forfeit.

    ``scores`` in seating order; ``overtime`` seconds over per player (a player left out had time
    left). Raises :class:`TableError` for fewer than 2 or more than 4 players (or outside the
    ruleset's ``min_players``/``max_players``), an overtime for an unknown player, a bad number.
    """
    check_chess_clock(ruleset)
    players = list(scores)
    check_table(scores, ruleset, needs="clock penalties need")
    for name in overtime:
        if name not in scores:
            raise TableError(f"overtime given for {name!r}, who has no score ({', '.join(players)})")

    over = {name: overtime.get(name, 0) for name in players}
    penalty = {name: overtime_penalty(over[name], ruleset) for name in players}
    forfeit = {name: is_forfeit(over[name], ruleset) for name in players}
    after = {name: scores[name] - penalty[name] for name in players}
    raised = dict.fromkeys(players, 0)
    forfeited = tuple(name for name in players if forfeit[name])
    notes: list[str] = []
    if ruleset.turn_time_limit_seconds is not None:
        notes.append(
            f"{ruleset.name}: turns are limited to {format_clock(ruleset.turn_time_limit_seconds)[1:]}"
            " (a late turn is lost); these penalties are for games on a chess clock"
        )
    if forfeited:
        limit = ruleset.overtime_max_minutes
        points = ruleset.overtime_points_per_minute * (limit or 0)
        notes.append(
            f"{', '.join(forfeited)}: over {limit}:00 of overtime, minus {points} and the game lost;"
            " unplayed tiles are disregarded (scores before any rack adjustment)"
        )
        survivors = [name for name in players if not forfeit[name]]
        if survivors and ruleset.overtime_forfeit == Forfeit.NASPA:
            floor = max(after[name] for name in forfeited) + 1
            for name in survivors:
                if after[name] < floor:
                    raised[name] = floor - after[name]
                    notes.append(f"{name} raised by {raised[name]} to win by one")
            if len(players) > 2:
                notes.append("more than 2 players: everyone who did not forfeit is raised above "
                             "every forfeiter (inferred)")
        if not survivors:
            notes.append("every player forfeited: nobody wins (inferred)")

    rows = tuple(
        PlayerClock(
            player=name,
            score=scores[name],
            seconds_over=over[name],
            clock=format_clock(over[name]),
            penalty=penalty[name],
            forfeit=forfeit[name],
            raised=raised[name],
            final=after[name] + raised[name],
        )
        for name in players
    )
    winners = winners_of({row.player: row.final for row in rows}, out=forfeited)
    return ClockResult(
        ruleset=ruleset.name,
        players=rows,
        winners=winners,
        tie=len(winners) > 1,
        forfeited=forfeited,
        tiles_disregarded=bool(forfeited),
        notes=tuple(notes),
    )
