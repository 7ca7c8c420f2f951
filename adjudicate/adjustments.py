"""End-of-game rack adjustments (docs/decisions.md §1 "Out-play adjustment", §2 "Games ending on
passes or scoreless turns", §3 "A game stopped by its time limit").

Endings:

* ``went_out`` (a player played out with the bag empty):

  - ``outplay == "double"`` (NASPA, WESPA): the finisher adds twice the opponents' unplayed tiles;
    the opponents' scores stand. With more than two players (only reachable through overrides:
    these federations play one on one) the finisher adds twice the *sum* of every opponent's tiles.
    That generalisation is inferred (the rules give the 2x rule for 2 players only: docs/decisions.md §1).
  - ``outplay == "international"`` (FISE, Catalan): every other player subtracts their own tiles and
    the finisher adds the total.

* ``passes``, ``scoreless``, ``blocked``: every player subtracts their own tiles.
* ``time`` (FISE total time, MàTaM round limit): no adjustment, unless the ruleset says
  ``time_limit_ending_adjusts`` (then as ``blocked``).

>>> from adjudicate.rules import NASPA
>>> from adjudicate.tiles import get_alphabet, parse_rack
>>> en = get_alphabet("english")
>>> r = rack_adjustments({"A": 380, "B": 402}, {"B": parse_rack("IQ", en)}, en, NASPA, went_out="A")
>>> [(p.player, p.adjustment, p.final) for p in r.players], r.winners, r.tie
([('A', 22, 402), ('B', 0, 402)], ('A', 'B'), True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicate.errors import TableError
from adjudicate.kinds import Ending
from adjudicate.rules import Outplay, Ruleset, TieBreak, TimeLimitEnding, tile_set_named
from adjudicate.tiles import BLANK, BLANK_BIT, LETTER_MASK, Alphabet, format_rack, get_alphabet

#: Values of ``ended=`` (``went_out`` is given as ``went_out=PLAYER`` instead).
ENDINGS = (Ending.PASSES, Ending.SCORELESS, Ending.BLOCKED, Ending.TIME)

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class PlayerAdjustment:
    """One player's line: score before, unplayed tiles, their value, the adjustment, the final score."""

    player: str
    score: int
    rack: tuple[int, ...]
    rack_text: str  # canonical labels, ``?`` for a blank; "" for no tiles
    rack_value: int
    adjustment: int  # signed: +22 for a finisher, -6 for a player caught with tiles
    final: int


@dataclass(frozen=True)
class EndgameResult:
    """The adjusted scores. ``winners`` has several names on a tie for first place."""

    ruleset: str
    ending: str  # went_out, passes, scoreless, blocked, time
    went_out: str | None
    outplay: str | None  # the out-play rule applied (went_out only)
    players: tuple[PlayerAdjustment, ...]
    winners: tuple[str, ...]
    tie: bool
    notes: tuple[str, ...] = field(default=())

    def final_scores(self) -> dict[str, int]:
        return {p.player: p.final for p in self.players}

    def to_dict(self) -> dict[str, object]:
        """JSON-ready; racks as text."""
        return {
            "ruleset": self.ruleset,
            "ending": self.ending,
            "went_out": self.went_out,
            "outplay": self.outplay,
            "players": [
                {
                    "player": p.player,
                    "score": p.score,
                    "rack": p.rack_text,
                    "rack_value": p.rack_value,
                    "adjustment": p.adjustment,
                    "final": p.final,
                }
                for p in self.players
            ],
            "winners": list(self.winners),
            "tie": self.tie,
            "notes": list(self.notes),
        }


# -- the rules of the end, one function each (the replay, `endgame` and `show` use these) ------------
def scoreless_ending(pass_run: int, scoreless: int, seats: int, ruleset: Ruleset, *,
                     scoreless_limit: int) -> Ending | None:
    """Whether ``pass_run`` consecutive passes or ``scoreless`` consecutive scoreless turns at a
    table of ``seats`` end the game, and how: every player passed ``passes_per_player_to_end``
    times in a row (exchanges are not passes), or ``scoreless_limit`` scoreless turns
    (:func:`scoreless_limit`)."""
    if ruleset.passes_per_player_to_end and pass_run >= seats * ruleset.passes_per_player_to_end:
        return Ending.PASSES
    if ruleset.scoreless_turns_to_end and scoreless >= scoreless_limit:
        return Ending.SCORELESS
    return None


def scoreless_limit(ruleset: Ruleset, table: int) -> int:
    """The scoreless turns that end a game at a table of ``table`` players: the ruleset's figure
    is for its usual table (``players``), in rounds of it (the Catalan three scoreless rounds are
    9 turns at three players, 6 at two)."""
    limit = ruleset.scoreless_turns_to_end * table // ruleset.players
    return limit if limit > 1 else 1


def turns_after_time(turns: list[int], ruleset: Ruleset) -> int:
    """The turns still played when the game's time limit is reached, each player having had
    ``turns`` (in seat order; the first player is seat 0): FISE (art. 18) the turns that equalise
    the number of turns; MàTaM (art. 31) the rest of the round and one more; else none.

    >>> from adjudicate.rules import CATALAN, FISE
    >>> turns_after_time([14, 13], FISE), turns_after_time([5, 5, 4], CATALAN)
    (1, 4)
    """
    how = ruleset.time_limit_ending
    if how is TimeLimitEnding.EQUALISE_TURNS:
        most = max(turns)
        return sum(most - t for t in turns)
    if how is TimeLimitEnding.ROUND_PLUS_ONE:
        n, played = len(turns), sum(turns)
        rounds_begun = -(-played // n)  # (the current round, begun or complete)
        return (rounds_begun + 1) * n - played
    return 0


def time_limit_rule(ruleset: Ruleset) -> str:
    """What ``ruleset`` gives once the game's time is over, in words."""
    how = ruleset.time_limit_ending
    if how is TimeLimitEnding.EQUALISE_TURNS:
        return f"under {ruleset.name} the player owed a turn plays it, so that all have had as many"
    if how is TimeLimitEnding.ROUND_PLUS_ONE:
        return f"under {ruleset.name} the round is completed and one more played"
    return f"{ruleset.name} has no game time limit: the game ends there"


def outplay_points(value: int, ruleset: Ruleset) -> int:
    """What the player who went out adds for opponents' tiles worth ``value``: twice it (NASPA,
    WESPA), or the value itself, which the opponents lose (international: FISE, Catalan)."""
    return 2 * value if ruleset.outplay == Outplay.DOUBLE else value


def opponents_lose_tiles(ruleset: Ruleset) -> bool:
    """Whether a player caught with tiles when another went out subtracts them (international)."""
    return ruleset.outplay != Outplay.DOUBLE


def winners_of(finals: dict[str, int] | list[tuple[str, int]],
               out: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Every player with the highest score, in input order (``finals``: name -> score, or (name,
    score) pairs when two players may share a name); ``out`` (forfeited) never win: when every
    player is out, nobody wins."""
    best: int | None = None
    winners: list[str] = []
    for name, score in finals.items() if isinstance(finals, dict) else finals:
        if name in out:
            continue
        if best is None or score > best:
            best, winners = score, [name]
        elif score == best:
            winners.append(name)
    return tuple(winners)


def break_tie(winners: tuple[str, ...], before: dict[str, int],
              ruleset: Ruleset) -> tuple[tuple[str, ...], str | None]:
    """A tie for first place after the rack adjustments, under a ruleset that breaks it (FISE,
    the Spanish standard rules): the higher score ``before`` the adjustments wins. Returns the
    winners and, when the tie was broken, why.

    >>> from adjudicate.rules import FISE, NASPA
    >>> break_tie(("A", "B"), {"A": 380, "B": 392}, FISE)[0], break_tie(("A", "B"), {"A": 380, "B": 392}, NASPA)[0]
    (('B',), ('A', 'B'))
    """
    if len(winners) < 2 or ruleset.tie_break is not TieBreak.SCORE_BEFORE_ADJUSTMENTS:
        return winners, None
    best = max(before[name] for name in winners)
    broken = tuple(name for name in winners if before[name] == best)
    if len(broken) == len(winners):
        return winners, None
    tied = ", ".join(winners)
    return broken, (f"{tied} tie after the rack adjustments; under {ruleset.name} the higher score "
                    f"before them wins: {', '.join(broken)} ({best})")


def check_table(scores: dict[str, int], ruleset: Ruleset, *, needs: str) -> None:
    """The table ``endgame`` and ``clock`` are given: 2 to 4 players, as many as ``ruleset``
    allows (``min_players``/``max_players``), each score a whole number. ``needs``: what needs
    them, in the message (``clock penalties need``). Raises :class:`TableError`."""
    players = len(scores)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TableError(f"{players} player{'s' if players != 1 else ''}: {needs} "
                         f"{MIN_PLAYERS} to {MAX_PLAYERS} players")
    if not ruleset.min_players <= players <= ruleset.max_players:
        span = (f"{ruleset.min_players}" if ruleset.min_players == ruleset.max_players
                else f"{ruleset.min_players} to {ruleset.max_players}")
        raise TableError(f"{players} players: a {ruleset.name} game has {span} players "
                         f"(override with --set max_players=N)")
    for name, score in scores.items():
        if not isinstance(score, int) or isinstance(score, bool):
            raise TableError(f"{name}'s score {score!r} is not a whole number")


def _check_racks(
    racks: dict[str, tuple[int, ...]], alphabet: Alphabet, ruleset: Ruleset
) -> None:
    """Every tile exists in the set, no rack is longer than a rack, no tile more often than the bag has."""
    used = [0] * (alphabet.size + 1)
    for player, rack in racks.items():
        if len(rack) > ruleset.rack_size:
            raise TableError(
                f"{player} holds {len(rack)} tiles: a rack holds at most {ruleset.rack_size} (rack_size={ruleset.rack_size})"
            )
        for tile in rack:
            if not isinstance(tile, int) or tile < 0:
                raise TableError(f"{player}'s rack: {tile!r} is not a tile on a rack")
            code = BLANK if tile & BLANK_BIT else tile & LETTER_MASK
            if tile & ~(LETTER_MASK | BLANK_BIT) or code > alphabet.size:
                raise TableError(f"{player}'s rack: {tile!r} is not a tile of the {alphabet.name} set")
            used[code] += 1
    for code, count in enumerate(used):
        have = alphabet.tiles[code].count
        if count > have:
            label = "?" if code == BLANK else alphabet.labels[code]
            raise TableError(
                f"the racks hold {count} x {label}, but the {alphabet.name} set has only {have}"
            )


def _check_ending(scores: dict[str, int], racks: dict[str, tuple[int, ...]], ruleset: Ruleset,
                  went_out: str | None, ended: str | None) -> None:
    """The table and how the game ended, as :func:`rack_adjustments` takes them, else TableError."""
    players = list(scores)
    check_table(scores, ruleset, needs="an end-game adjustment needs")
    for name in racks:
        if name not in scores:
            raise TableError(f"rack given for {name!r}, who has no score (players: {', '.join(players)})")
    if (went_out is None) == (ended is None):
        raise TableError("say how the game ended: either a player went out, or it ended "
                         f"on {', '.join(ENDINGS)} (not both)")
    if ended is not None and ended not in ENDINGS:
        raise TableError(f"unknown ending {ended!r} (known: {', '.join(ENDINGS)})")
    if went_out is not None and went_out not in scores:
        raise TableError(f"{went_out!r} went out but is not a player ({', '.join(players)})")


def _adjust(full: dict[str, tuple[int, ...]], values: dict[str, int], ending: Ending, went_out: str | None,
            ruleset: Ruleset, alphabet: Alphabet) -> tuple[dict[str, int], list[str], str | None]:
    """Each player's adjustment (``full``: every rack, in seating order; ``values``: their
    values), the notes saying why, and the outplay rule applied (None: nobody went out)."""
    players = list(full)
    adjust = dict.fromkeys(players, 0)
    notes: list[str] = []
    outplay: str | None = None
    if ending is Ending.TIME and not ruleset.time_limit_ending_adjusts:
        notes.append("game ended on the time limit: no rack adjustment")
    else:
        if went_out is not None:
            if full[went_out]:
                raise TableError(
                    f"{went_out} went out but holds {format_rack(full[went_out], alphabet)}: "
                    "the finisher's rack must be empty"
                )
            stuck = [name for name in players if name != went_out]
        else:
            stuck = players
        for name in stuck:
            if not full[name]:
                raise TableError(
                    f"{name} has no tiles: a player who had not gone out holds at least one tile "
                    f"(write {name}=SCORE:RACK)"
                )
        if went_out is not None:
            outplay = ruleset.outplay
            adjust[went_out] = outplay_points(sum(values[name] for name in stuck), ruleset)
            if not opponents_lose_tiles(ruleset):
                notes.append(f"{went_out} adds twice the opponents' tiles ({ruleset.name})")
                if len(players) > 2:
                    notes.append("2 x the sum of all opponents' tiles: inferred for more than 2 players")
            else:
                for name in stuck:
                    adjust[name] = -values[name]
                notes.append(
                    f"each other player subtracts their tiles; {went_out} adds the total ({ruleset.name})"
                )
        else:
            for name in players:
                adjust[name] = -values[name]
            notes.append(f"game ended on {ending}: each player subtracts their own tiles")
    return adjust, notes, outplay


def racks_alphabet(ruleset: Ruleset, tiles: str | None = None) -> Alphabet:
    """The tile set the end-game racks are read with: ``tiles`` (``--tiles``, any case) when
    given, else the ruleset's own (``adjudicate endgame`` and :func:`adjudicate.api.endgame`).

    >>> from adjudicate.rules import find_ruleset
    >>> racks_alphabet(find_ruleset("fise")).name, racks_alphabet(find_ruleset("naspa"), " German ").name
    ('spanish', 'german')

    :raises RulesError: ``tiles`` names no tile set we ship.
    """
    return get_alphabet(tile_set_named(tiles) if tiles else ruleset.alphabet)


def rack_adjustments(
    scores: dict[str, int],
    racks: dict[str, tuple[int, ...]],
    alphabet: Alphabet | str,
    ruleset: Ruleset,
    *,
    went_out: str | None = None,
    ended: str | None = None,
) -> EndgameResult:
    """Adjust the scores at the end of a game under ``ruleset``.

    ``scores`` are the scores before adjustment, in seating order; ``racks`` each player's unplayed
    tiles (codes, as from :func:`adjudicate.tiles.parse_rack`; a player left out holds nothing).
    Exactly one of ``went_out`` (the player who played out) and ``ended`` (one of :data:`ENDINGS`).

    Raises :class:`TableError` when the position cannot be: fewer than 2 or more than 4
    players (or outside the ruleset's ``min_players``/``max_players``), the finisher holding tiles,
    a player who still had to play holding none, a rack longer than ``rack_size``, more copies of a
    tile than the set has (counted over all racks).
    """
    if isinstance(alphabet, str):
        alphabet = get_alphabet(alphabet)
    players = list(scores)
    _check_ending(scores, racks, ruleset, went_out, ended)
    full = {name: tuple(racks.get(name, ())) for name in players}
    _check_racks(full, alphabet, ruleset)
    values = {name: alphabet.rack_value(rack) for name, rack in full.items()}

    ending = Ending.WENT_OUT if went_out is not None else Ending(ended)
    adjust, notes, outplay = _adjust(full, values, ending, went_out, ruleset, alphabet)

    rows = tuple(
        PlayerAdjustment(
            player=name,
            score=scores[name],
            rack=full[name],
            rack_text=format_rack(full[name], alphabet),
            rack_value=values[name],
            adjustment=adjust[name],
            final=scores[name] + adjust[name],
        )
        for name in players
    )
    finals = {row.player: row.final for row in rows}
    winners, broken = break_tie(winners_of(finals), scores, ruleset)
    if broken:
        notes.append(broken)
    return EndgameResult(
        ruleset=ruleset.name,
        ending=ending,
        went_out=went_out,
        outplay=outplay,
        players=rows,
        winners=winners,
        tie=len(winners) > 1,
        notes=tuple(notes),
    )
