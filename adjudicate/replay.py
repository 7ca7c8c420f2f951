"""A game as the rules play it: board, bag and racks, seats and turns, the end of the game.

:class:`GameState` knows the rules of play and nothing of a record's numbers: which tiles are
still unseen (in the bag or on a rack), what each player is known to hold, whose turn it is, how
many scoreless turns have passed and whether the game is over. :mod:`adjudicate.recount` drives it
event by event, as one of the replay's parts, and its :class:`~adjudicate.ledger.Ledger` compares
what it computes with what the record says.

:func:`choose_spelling` says how a record writes the Spanish digraph tiles, so that its racks and
plays are read as it meant them (docs/decisions.md §10).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicate.board import Board, Move
from adjudicate.adjustments import scoreless_ending, scoreless_limit, time_limit_rule, turns_after_time
from adjudicate.gcg import RACK_RE, GameRecord, GcgEvent
from adjudicate.kinds import Ending, EventKind
from adjudicate.rules import Ruleset
from adjudicate.tiles import BLANK, BLANK_BIT, BRACKETED, PLAIN, QUACKLE, SPELLINGS, Alphabet

__all__ = ["GameState", "LastPlay", "MAX_SEATS", "TURN_KINDS", "choose_spelling", "seating",
           "senyors_rack"]

MAX_SEATS = 4  # players at a Scrabble table (Quackle writes #player3/#player4; MàTaM plays 3)

TURN_KINDS = frozenset({EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE})
#: The end-of-game lines: rack adjustments and time penalties.
END_KINDS = frozenset({EventKind.END_RACK_POINTS, EventKind.END_RACK_PENALTY, EventKind.TIME_PENALTY})

_BRACKETED = re.compile(r"\[[^\]]*\]")


def choose_spelling(record: GameRecord, alphabet: Alphabet,
                    explicit: str | None = None) -> tuple[Alphabet, str | None]:
    """How ``record`` writes the digraph tiles of ``alphabet`` (docs/decisions.md §10), and why, as the alphabet
    that reads it (:meth:`~adjudicate.tiles.Alphabet.spelled`) and a phrase for the report: ``None``
    for a tile set with no such tiles (English, Catalan), which reads one way only.

    ``explicit`` (``--spelling``) decides; else lowercase digraphs on a rack (a rack never holds a
    lowercase letter in standard GCG) are the Quackle spelling; else ``#tile`` lines, a bracketed
    label or a digit alias anywhere in the record's tiles are the bracketed spelling of Macondo and
    Woogles; else (a record typed by hand) plain spelling.
    """
    if not alphabet.digraphs:
        return alphabet, None
    if explicit:
        return alphabet.spelled(explicit), f"{SPELLINGS[explicit]} (--spelling {explicit})"
    lower = tuple(form.lower() for form in alphabet.digraphs)
    racks = [(event.line, event.rack) for event in record.events if event.rack]
    racks += [(line, value) for line, key, value in record.pragmas if RACK_RE.fullmatch(key)]
    for line, rack in racks:
        if any(form in _BRACKETED.sub("", rack) for form in lower):
            return alphabet.spelled(QUACKLE), f"{SPELLINGS[QUACKLE]} (rack {rack} at line {line})"
    if record.multichar_tiles:
        return alphabet.spelled(BRACKETED), f"{SPELLINGS[BRACKETED]} (#tile lines)"
    aliases = {alias for info in alphabet.tiles for alias in info.aliases if not alias.isalpha()}
    for event in record.events:
        for text in (event.rack, event.tiles):
            if text and ("[" in text or not aliases.isdisjoint(text)):
                return (alphabet.spelled(BRACKETED),
                        f"{SPELLINGS[BRACKETED]} ({text} at line {event.line})")
    return alphabet.spelled(PLAIN), f"{SPELLINGS[PLAIN]} (no bracket, digit or #tile line in the record)"


def seating(record: GameRecord) -> list[str]:
    """The players' nicks in seating order: the ``#playerN`` lines by number, or, when a record
    has fewer than two, the nicks of its events in order of appearance."""
    nicks = [player.nick for player in sorted(record.players, key=lambda player: player.number)]
    if len(nicks) < 2:  # a broken header: take the players from the events (reported)
        for event in record.events:
            if event.nick not in nicks:
                nicks.append(event.nick)
    return nicks


@dataclass(slots=True)
class LastPlay:
    """The last turn, when it was a tile play: what a withdrawal takes back and a challenge bonus
    is for. ``scoreless``, ``rack_size``, ``known_left`` and ``kept`` are as they were before it."""

    player: int
    move: Move
    score: int  # the bingo bonus included
    drawn: int  # tiles drawn from the bag after it
    event: GcgEvent
    scoreless: int
    rack_size: int
    known_left: tuple[int, ...] | None
    kept: tuple[int, ...] | list[int] | None


_TILE_COUNTS: dict[str, tuple[int, ...]] = {}  # by alphabet name: how many of each tile code


def _tile_counts(alphabet: Alphabet) -> tuple[int, ...]:
    counts = _TILE_COUNTS.get(alphabet.name)
    if counts is None:
        counts = _TILE_COUNTS[alphabet.name] = tuple(info.count for info in alphabet.tiles)
    return counts


def senyors_rack(rack: tuple[int, ...], alphabet: Alphabet, rack_size: int) -> bool:
    """Whether a rack may be redrawn whole under MàTaM art. 21 ("senyors"): a whole rack
    (``rack_size`` tiles, seven in MàTaM), all vowels or all consonants, and no blank."""
    if len(rack) != rack_size or BLANK in rack:
        return False
    vowels = sum(1 for t in rack if t in alphabet.vowels)
    return vowels in (0, len(rack))


def missing_from_counts(counts: list[int], tiles: tuple[int, ...]) -> list[int]:
    """Tiles of ``tiles`` beyond ``counts`` (how many of each code there are), sorted."""
    return sorted(t for t in set(tiles) for _ in range(tiles.count(t) - counts[t]))


def less(held: Iterable[int], gone: Iterable[int]) -> list[int]:
    """``held`` less each tile of ``gone`` that it holds (a blank played, ``code | BLANK_BIT``, is
    a blank on the rack)."""
    left = list(held)
    for t in gone:
        t = BLANK if t & BLANK_BIT else t
        if t in left:
            left.remove(t)
    return left


def multiset_missing(have: Iterable[int], need: Iterable[int]) -> list[int]:
    """Tiles of ``need`` that the rack ``have`` cannot supply (duplicates counted)."""
    left = list(have)
    try:  # (the common case, every tile there, without a list of the missing)
        for t in need:
            left.remove(t)
        return []
    except ValueError:
        pass
    left = list(have)
    missing = []
    for t in need:
        try:
            left.remove(t)
        except ValueError:
            missing.append(t)
    return missing


class GameState:
    """The game being replayed (see the module docstring). Seats are numbered from 0 in
    :func:`seating` order; tiles are :mod:`adjudicate.tiles` codes."""

    # (Slots: a plain instance of more than 30 attributes keeps them in a dictionary (CPython
    # 3.11), and the replay's commonest operation is reading them. scripts/icount: 9% of a game.)
    __slots__ = (
        "ruleset", "alphabet", "scoreless_limit", "board", "nicks", "index", "seat_of",
        "unseen", "bag", "rack_size", "known_left", "kept", "kept_line", "board_uncertain_line",
        "loose_play_line", "turn_player", "last_play", "scoreless", "pass_run", "ending", "ended_at",
        "out_player", "after_end_pass_ok", "turns", "time_called_line", "turns_left", "may_end",
        "turn_before", "redraw_line",
    )

    def __init__(self, ruleset: Ruleset, alphabet: Alphabet, nicks: list[str], *,
                 table: int = 2) -> None:
        """``table``: the players the record names (the scoreless-turn limit is for a table of
        ``ruleset.players``: rounds of it, so the Catalan three scoreless rounds are 9 turns at
        three players, 6 at two)."""
        self.ruleset = ruleset
        self.alphabet = alphabet
        self.scoreless_limit = scoreless_limit(ruleset, table)
        self.board = Board(alphabet)
        self.nicks = nicks
        self.index: dict[str, list[int]] = {}  # the seats of each nick
        self.seat_of: dict[str, int] = {}  # the seat of a nick that is one player's (the common case)
        for i, nick in enumerate(nicks):
            if nick in self.index:
                self.index[nick].append(i)
                self.seat_of.pop(nick, None)  # shared: the seat is chosen by turn (see seat)
            else:
                self.index[nick] = [i]
                self.seat_of[nick] = i
        n = len(nicks)
        # Tiles not on the board, by code (0: blanks): what racks and the bag can hold.
        self.unseen = list(_tile_counts(alphabet))
        bag = sum(self.unseen) - ruleset.rack_size * n  # the set's tiles less the first racks
        self.bag = bag if bag > 0 else 0
        self.rack_size = [ruleset.rack_size] * n
        self.known_left: list[tuple[int, ...] | None] = [None] * n  # tiles held, when known
        # The rack chain: tiles each player is known to still hold from their last whole rack,
        # and the line of that rack.
        self.kept: list[tuple[int, ...] | list[int] | None] = [None] * n
        self.kept_line = [0] * n
        self.board_uncertain_line = 0  # line of the first play that could not be put on the board
        self.loose_play_line = 0  # line of the last illegal play whose tiles went down as written
        self.turn_player: int | None = None  # who moved last (a turn event)
        self.turn_before: int | None = None  # who had moved last before the turn line being read
        self.redraw_line = 0  # the line of the last senyors redraw (no turn)
        self.last_play: LastPlay | None = None  # the last turn, when a tile play (previous_play)
        self.scoreless = 0  # consecutive scoreless turns
        self.pass_run = 0  # consecutive passes
        self.ending: Ending | None = None
        self.ended_at = 0  # the line the game ended at
        self.out_player: int | None = None
        self.after_end_pass_ok = False  # NASPA/Woogles: a pass (or challenge) after an out-play
        self.turns = [0] * n  # turns each player has had (a senyors redraw is none)
        self.time_called_line = 0  # the line after which the time limit was reached
        self.turns_left = 0  # the turns the rules still give after that
        self.may_end = 0  # the line after which the game may end (NASPA six-zero), until a move

    # -- seats and turns ---------------------------------------------------------------------------
    def next_player(self) -> int:
        """The seat whose turn comes after the last turn's (seat 0 before any)."""
        return 0 if self.turn_player is None else (self.turn_player + 1) % len(self.nicks)

    def seat(self, seats: list[int], kind: str) -> int:
        """The player an event of ``kind`` is for, among ``seats`` (players sharing a nick): the one
        whose turn it is."""
        if len(seats) == 1:
            return seats[0]
        if self.turn_player is not None:
            if kind in TURN_KINDS:
                nxt = (self.turn_player + 1) % len(self.nicks)
                if nxt in seats:
                    return nxt
            elif self.turn_player in seats:
                return self.turn_player
        return seats[0]

    def keep_turn(self, p: int, line: int) -> None:
        """``p`` redrew on ``line`` (a MàTaM senyors redraw is not a turn): the turn order stays as
        it was before the line when the redraw is written where it happens (art. 21 and 6: right
        after ``p``'s own turn, or at the initial draw, before the first play); else the redraw
        is written just before ``p``'s own turn, and the turn passes back to ``p``."""
        before = self.turn_before
        self.turn_player = before if before is None or before == p else (p - 1) % len(self.nicks)
        self.turns[p] -= 1
        self.redraw_line = line

    # -- tiles -----------------------------------------------------------------------------------
    def put_back(self, rack: tuple[int, ...] | list[int] | None) -> None:
        """The rack's tiles are unseen again (they were taken out of ``unseen`` to be checked)."""
        if rack is not None:
            counts = self.unseen
            for t in rack:
                counts[t] += 1

    def known(self, p: int) -> tuple[int, ...] | None:
        """The tiles ``p`` holds, when the record's racks tell all of them (a record may write part
        of a rack, or the tiles played for the rack: then as good as unknown)."""
        left = self.known_left[p]
        return left if left is not None and len(left) == self.rack_size[p] else None

    def held_by_others(self, out: int | None) -> list[int] | None:
        """The tiles the players other than ``out`` (who went out) hold, when known: from their
        racks, or, with the bag empty and every play on the board, every tile not on the board."""
        if self.bag == 0 and not self.board_uncertain_line:
            # (Codes of which none is left, most of them by then, skipped: no range made for them.)
            return [t for t, n in enumerate(self.unseen) if n for _ in range(n)]
        held: list[int] = []
        for q in range(len(self.nicks)):
            if q != out:
                left = self.known(q)
                if left is None:
                    return None
                held += left
        return held

    def draw(self, p: int, placed: int) -> int:
        """``p`` placed (or could not place) ``placed`` tiles and draws what the bag gives: how many."""
        bag = self.bag
        drawn = placed if placed < bag else bag
        self.bag = bag - drawn
        self.rack_size[p] += drawn - placed
        return drawn

    def previous_play(self) -> LastPlay | None:
        """The last turn, when it was a tile play: what a withdrawal takes back."""
        return self.last_play

    def undo(self, last: LastPlay) -> None:
        """Take a withdrawn play off the board and put the bag and racks back as they were."""
        p, move = last.player, last.move
        self.board.take_back(move)
        for t in move.new_tiles:
            self.unseen[BLANK if t & BLANK_BIT else t] += 1
        self.bag += last.drawn
        self.rack_size[p], self.known_left[p] = last.rack_size, last.known_left
        self.kept[p] = last.kept
        self.scoreless = last.scoreless + 1
        self.pass_run = 0
        if self.ending is Ending.WENT_OUT and self.out_player == p:
            self.ending, self.out_player = None, None
        self.last_play = None

    # -- the end -----------------------------------------------------------------------------------
    def end(self, line: int, how: Ending, out: int | None = None) -> None:
        self.ending, self.ended_at, self.out_player = how, line, out
        # NASPA/Woogles: after an out-play the opponent may pass (or challenge) once.
        self.after_end_pass_ok = how is Ending.WENT_OUT

    def call_time(self, line: int) -> None:
        """The time limit is reached after ``line`` (``#note game time expired``): the turns the
        rules still give are played (:func:`~adjudicate.adjustments.turns_after_time`), then the game
        ends there, with no rack adjustment."""
        self.time_called_line = line
        self.turns_left = turns_after_time(self.turns, self.ruleset)
        if not self.turns_left:
            self.end(line, Ending.TIME)

    def turn_after_time(self, line: int) -> None:
        """A turn played after time was called: the last one the rules give ends the game."""
        self.turns_left -= 1
        if self.turns_left <= 0:
            self.end(line, Ending.TIME)

    def time_rule(self) -> str:
        """What the ruleset gives after the time limit, in words (for findings)."""
        return time_limit_rule(self.ruleset)

    def owed_text(self) -> str:
        """Who is owed the turns left after time was called (for findings)."""
        n = len(self.nicks)
        owed = []
        for k in range(self.turns_left):
            owed.append(self.nicks[(self.next_player() + k) % n])
        return ", ".join(owed) + (" to play" if owed else "")

    def check_scoreless_end(self, line: int) -> None:
        """End the game at ``line`` when the passes or scoreless turns so far end it."""
        if self.ending is None:
            how = scoreless_ending(self.pass_run, self.scoreless, len(self.nicks), self.ruleset,
                                   scoreless_limit=self.scoreless_limit)
            if how is Ending.SCORELESS and self.ruleset.scoreless_end_optional:
                self.may_end = line  # (the next line decides: see may_have_ended)
            elif how is not None:
                self.end(line, how)

    def may_have_ended(self, kind: str | None) -> None:
        """After scoreless turns that *may* end the game (NASPA, ``scoreless_end_optional``), the
        next line decides: a move or a challenge line plays on; an end-of-game line (a rack or a
        time penalty), or the end of the record (``kind`` None), says the game ended there."""
        if kind is None or kind in END_KINDS:
            self.end(self.may_end, Ending.SCORELESS)
        self.may_end = 0
