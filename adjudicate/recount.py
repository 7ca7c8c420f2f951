"""Replaying a game record and reporting every disagreement with it.

:func:`rescore_game` is the only code that walks a whole game. It keeps a board, the bag, what is
known of each rack and both sets of totals (the record's and ours), and compares every number the
record gives with the one the rules give:

* a play's score (recomputed on the board), its placement (in bounds, connected, from the rack);
* each cumulative, against the record's own previous cumulative plus the line's score, so that a
  cumulative that is off only because the score before it was off is reported once, at its cause;
* withdrawn phonies, challenge bonuses (per the ruleset's challenge rule), exchanges (bag size);
* the end of the game: who went out or why it ended, the out-play and end-rack lines under the
  ruleset's convention (double or international), time penalties (from ``#note overtime MM:SS``
  when given, else their arithmetic), and anything after the end.

The result is a :class:`RescoreReport`; nothing here prints.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Collection, Container, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as _replace_record
from typing import TYPE_CHECKING, TypeAlias

from adjudicate.board import LAYOUT_NAMES, Board, IllegalPlacementError, Layout, Move, get_layout
from adjudicate.adjustments import break_tie, winners_of
from adjudicate.errors import AdjudicateError
from adjudicate.game import GameSetup, as_game
from adjudicate.gcg import GameRecord, GcgEvent
from adjudicate.endlines import EndLines
from adjudicate.kinds import Ending, EventKind, Finding, Note
from adjudicate.ledger import Ledger
from adjudicate.notation import Place, parse_play
from adjudicate.replay import (
    MAX_SEATS,
    TURN_KINDS,
    GameState,
    LastPlay,
    choose_spelling,
    less,
    missing_from_counts,
    multiset_missing,
    seating,
    senyors_rack,
)
from adjudicate.report import Discrepancy, EventResult, Info, PlayerResult, RescoreReport
from adjudicate.rules import GIVEN, BonusPer, ChallengeRule, Ruleset, choose_ruleset, ruleset_text
from adjudicate.tiles import (
    BLANK,
    BLANK_BIT,
    LETTER_MASK,
    PLAYED_THROUGH,
    THROUGH_BIT,
    Alphabet,
    format_rack,
    format_word,
    get_alphabet,
    parse_rack,
    same_rack,
)

if TYPE_CHECKING:
    from adjudicate.lexicon import TileMemo

#: What the word checks ask (``rescore_game``'s ``lexicon``): anything answering ``key in words``
#: for a word's key (:func:`~adjudicate.tiles.to_key`), such as a :class:`~adjudicate.lexicon.Lexicon`,
#: or a :class:`~adjudicate.lexicon.TileMemo` of one.
Words: TypeAlias = "Container[str] | TileMemo"

__all__ = [
    "Discrepancy", "EventResult", "ForeignTilesError", "Info", "PlayerResult", "ReplayPoint",
    "RescoreReport", "choose_ruleset", "choose_spelling", "replay_until", "rescore_game",
]

# Macondo's note on the pass of a challenger who lost a double challenge (docs/format.md §3).
_LOST_CHALLENGE = "#unsuccessful-challenge"
_COST_OF_CHALLENGE = {
    ChallengeRule.LOSE_TURN: "an unsuccessful challenge costs the challenger a turn",
    ChallengeRule.BONUS: "an unsuccessful challenge gives the challenged player points",
    ChallengeRule.NONE: "an unsuccessful challenge costs nothing (MàTaM art. 26)",
}
# A note on a play saying that a challenge of it failed (the play is valid).
_FAILED_CHALLENGE_NOTE = re.compile(
    r"unsuccessful[- ]challenge|(?:failed|lost) challenge|challenge (?:failed|lost)", re.IGNORECASE)
# A note saying a turn was lost to time (`#note time`, "out of time"): a pass, under a ruleset
# that times each turn (MàTaM art. 30).
_LOST_TO_TIME_NOTE = re.compile(
    r"^\s*#?time\b(?! limit)|\bout of time\b|\blost (?:on|to) time\b|\bnot played in time\b",
    re.IGNORECASE)
_SENYORS_NOTE = re.compile(r"\bsenyors\b", re.IGNORECASE)
# What a note says when the game's time limit is reached (FISE, MàTaM), in any case: looked for
# in the note lowercased (a case-blind regex tries every character of every note, 3% of a game).
_TIME_LIMIT_NOTES = ("game time expired", "round time limit reached")

class ForeignTilesError(AdjudicateError):
    """A record written with letters of another tile set (a Polish game, say): no verdict at all."""


def word_memo(lexicon: Words | None, alphabet: Alphabet) -> TileMemo | None:
    """What the word checks ask: a memo keyed by tile codes: the caller's own, which lasts from
    game to game (as `rescore --check-words` passes it), or one for this game."""
    if lexicon is None:
        return None
    # (imported here: the lexicon package, hashlib and json cost a rescore without word checks
    # 6 ms of its start-up)
    from adjudicate.lexicon import TileMemo

    if isinstance(lexicon, TileMemo):
        if lexicon.alphabet.name == alphabet.name:
            return lexicon
        lexicon = lexicon.lexicon  # (a memo of another tile set's codes: its lexicon, asked anew)
    return TileMemo(lexicon, alphabet)


class _Racks:
    """The racks a record writes, checked against the tiles not on the board and against the rack
    chain (what a player kept from their last whole rack), and MàTaM's senyors redraw. Owns which
    players' racks the record writes in part (``partial_racks``)."""

    __slots__ = ("state", "ledger", "record", "reason", "partial_racks")

    def __init__(self, state: GameState, ledger: Ledger, record: GameRecord, reason: str) -> None:
        self.state = state
        self.ledger = ledger
        self.record = record
        self.reason = reason  # why the ruleset (what foreign advises)
        self.partial_racks: set[int] = set()  # players whose racks the record writes in part

    # -- racks ----------------------------------------------------------------------------------
    def read_rack(self, event: GcgEvent, p: int | None = None,
                  take: bool = False) -> tuple[int, ...] | None:
        """The line's rack, checked against the tiles not on the board (None when it has none or
        it cannot be read). With ``take``, its tiles are left taken out of ``unseen``: the caller
        puts back those that stay on the rack.

        With ``p``, the rack ``p`` holds as their turn starts, checked against the rack chain too
        (information, never a finding: racks change no score): the tiles ``p`` kept from their last
        whole rack, less every tile played or exchanged since, must all be on their next whole
        rack. A whole rack (all the tiles ``p`` holds) is then what ``p`` is known to hold,
        ``kept[p]``; a rack written in part (``AE`` for a play of AE) says nothing of the rest.
        """
        state, ledger = self.state, self.ledger
        if event.rack is None or event.unknown_rack:
            return None
        try:
            rack = parse_rack(event.rack, state.alphabet)
        except AdjudicateError as err:
            self.foreign(event, event.rack, err)
            ledger.flag(event, Finding.ILLEGAL_PLAY, f"rack {event.rack!r} cannot be read: {err}")
            return None
        size = len(rack)
        if size > state.ruleset.rack_size:
            ledger.flag(event, Finding.ILLEGAL_PLAY,
                        f"rack {event.rack} has {size} tiles; a rack holds {state.ruleset.rack_size}")
        counts = state.unseen
        # Take the rack's tiles out of the unseen ones: a count below zero is a tile the rack holds
        # more copies of than are left (one pass, duplicates included).
        short = False
        for t in rack:
            n = counts[t] - 1
            counts[t] = n
            if n < 0:
                short = True
        if short or not take:
            state.put_back(rack)
        if short:
            missing = missing_from_counts(counts, rack)
            ledger.flag(event, Finding.ILLEGAL_PLAY,
                        f"rack {event.rack} holds {format_rack(missing, state.alphabet)}, which "
                        "is not left in the bag (counting the tiles on the board)")
            if take:
                for t in rack:
                    counts[t] -= 1
        if p is not None and size == state.rack_size[p]:  # the rack chain
            kept = state.kept[p]
            if kept:
                missing = multiset_missing(rack, kept)
                if missing:
                    alphabet = state.alphabet
                    ledger.info.append(Info(
                        event.line, Note.RACK_CHAIN, event.nick,
                        f"line {event.line}: {event.nick}'s rack {format_rack(rack, alphabet)} "
                        f"lacks {format_rack(missing, alphabet)}, kept from the rack at line "
                        f"{state.kept_line[p]} (racks change no score: information)",
                        missing=format_rack(missing, alphabet)))
            state.kept[p] = rack
            state.kept_line[p] = event.line
        return rack

    def short_rack(self, event: GcgEvent, p: int, rack: tuple[int, ...], used: int) -> None:
        """A rack shorter than what ``p`` holds, the bag having had the tiles: information (racks
        change no score), when written whole: with tiles beyond the ``used`` ones, in a record
        that never writes ``p``'s rack as the tiles used alone (an annotator who knows only part
        of an opponent's racks: see :meth:`drop_partial_racks`)."""
        state = self.state
        size, holds = len(rack), state.rack_size[p]
        if size == used:
            self.partial_racks.add(p)
        elif used < size < holds:
            cite = state.ruleset.sources.get("rack_size", "").partition(":")[0]
            self.ledger.info.append(Info(
                event.line, Note.SHORT_RACK, event.nick,
                f"line {event.line}: {event.nick}'s rack {format_rack(rack, state.alphabet)} has "
                f"{size} tiles; the bag gave {event.nick} {holds} (a rack holds "
                f"{state.ruleset.rack_size} while the bag has tiles{': ' + cite if cite else ''}; "
                "racks change no score: information)"))

    def drop_partial_racks(self) -> None:
        """Short racks of a player whose racks the record writes in part are no finding of fact."""
        ledger = self.ledger
        partial = {self.state.nicks[p] for p in self.partial_racks}
        ledger.info = [i for i in ledger.info if i.kind is not Note.SHORT_RACK or i.player not in partial]

    def foreign(self, event: GcgEvent, text: str, err: AdjudicateError) -> None:
        """Stop at a letter of another alphabet (Ę, Ł...): the record is not a game of this set."""
        state = self.state
        index = getattr(err, "index", None)
        if isinstance(index, int) and 0 <= index < len(text):
            ch = text[index]
            if ch.isalpha() and not ch.isascii() and not state.alphabet.is_letter(ch.upper()):
                from adjudicate.rules import tile_sets_reading

                # (--tiles reads a record with any --rules: docs/decisions.md §19)
                fits = tile_sets_reading(self.record, state.ruleset.alphabet)
                advice = (f": this record is of another tile set; give --tiles {' or --tiles '.join(fits)}"
                          if fits else "; no tile set we ship reads every play and rack of this record")
                raise ForeignTilesError(
                    f"{self.record.name}: line {event.line}: {ch} is not a tile of the "
                    f"{state.ruleset.alphabet} set ({ruleset_text(state.ruleset.name, self.reason)}){advice}"
                )

    def senyors(self, event: GcgEvent, p: int, rack: tuple[int, ...] | None, count: int) -> bool:
        """Whether an exchange is the MàTaM "senyors" redraw (art. 21): all seven tiles back, from
        a rack of seven vowels or seven consonants and no blank (``#note senyors`` may say so;
        a rack that does not qualify under such a note is a finding, and an ordinary exchange)."""
        state, ledger = self.state, self.ledger
        said = any(_SENYORS_NOTE.search(note) for note in event.notes)
        whole = state.ruleset.rack_size
        if count != whole or state.rack_size[p] != whole:
            if said:
                ledger.flag(event, Finding.ILLEGAL_PLAY,
                            f"the note says senyors, but {count} tiles go back: the redraw is of all {whole}")
            return False
        if rack is None:
            return said  # (the record gives no rack to check: the note is taken at its word)
        if senyors_rack(rack, state.alphabet, state.ruleset.rack_size):
            return True
        if said:
            ledger.flag(event, Finding.ILLEGAL_PLAY,
                        f"the note says senyors, but the rack {format_rack(rack, state.alphabet)} is not "
                        "seven vowels or seven consonants without a blank (MàTaM art. 21)")
        return False


class _Moves:
    """The lines of a turn (a play, an exchange, a pass) and those about the play before it (a
    withdrawal, a challenge bonus), each checked against the rules: one method per kind of line.
    Owns the word checks (``words``) and what the plays left behind them: the squares of edited
    words, the tiles of plays that could not be placed, a challenge noted as failed."""

    __slots__ = ("state", "ledger", "racks", "words", "unplaced", "challenged_in_vain", "edited")

    def __init__(self, state: GameState, ledger: Ledger, racks: _Racks, words: TileMemo | None) -> None:
        self.state = state
        self.ledger = ledger
        self.racks = racks
        self.words = words
        # (square, line): each tile of a play that could not be placed, put where the record
        # writes it (unplaceable); `show` draws them as not placed
        self.unplaced: tuple[tuple[int, int], ...] = ()
        self.challenged_in_vain = 0  # a play noted as challenged in vain, whose challenger loses a turn
        # The squares of plays whose tiles the rack or the bag did not hold (an edited word), and
        # their lines: a later score through them follows from that line.
        self.edited: dict[int, int] = {}

    def out_of_turn(self, event: GcgEvent, expected: int) -> None:
        self.ledger.flag(event, Finding.UNEXPECTED_EVENT,
                         f"{event.nick} moves out of turn: {self.state.nicks[expected]} was to play")

    # -- events -----------------------------------------------------------------------------------
    def play(self, event: GcgEvent, p: int, result: EventResult) -> None:
        state, ledger = self.state, self.ledger
        alphabet = state.alphabet
        findings = len(ledger.discrepancies)
        rack = self.racks.read_rack(event, p, take=True)  # taken out of unseen: what stays on it is put back below
        kept = state.kept[p]  # what p holds as the turn starts: the rack when whole (see read_rack)
        position, written = event.position, event.tiles
        result.position = position
        result.tiles = written
        board = state.board
        try:
            place = parse_play(position or "", written or "", alphabet, board.size)
        except AdjudicateError as err:
            state.put_back(rack)
            self.racks.foreign(event, written or "", err)
            what = f"{position} {written}"
            self.unplaceable(event, p, result, what, f"{what}: {err}", None)
            return
        try:
            move = board.play(place)  # resolved and put down
        except IllegalPlacementError as err:
            state.put_back(rack)
            what = f"{position} {written}"
            if state.board_uncertain_line and err.reason == "no_through_tile":
                self.unplaceable(event, p, result, what, None, place)
            else:  # the board's message starts with the play already
                self.unplaceable(event, p, result, what, str(err), place)
            return
        result.move = move
        result.alphabet = alphabet
        new = move.new_tiles
        placed = len(new)
        left = self.take_tiles(event, p, rack, new)
        if kept is not None:  # (a whole rack less the tiles played is what is left of it)
            state.kept[p] = left if kept is rack else less(kept, new)
        if len(ledger.discrepancies) > findings and any(
                d.kind is Finding.ILLEGAL_PLAY for d in ledger.discrepancies[findings:]):
            for square in move.new_squares:  # tiles not the record's own: an edited word
                self.edited[square] = event.line
        total = move.points + state.ruleset.bingo(placed)  # (points: as the board checked it)
        rack_size, known_left = state.rack_size, state.known_left
        size_before = rack_size[p]
        if rack is not None and len(rack) < size_before:
            self.racks.short_rack(event, p, rack, placed)
        drawn = state.draw(p, placed)
        state.last_play = LastPlay(p, move, total, drawn, event, state.scoreless, size_before,
                                   known_left[p], kept)
        if drawn:
            known_left[p] = None
        elif left is not None:
            known_left[p] = tuple(left)
        state.scoreless = state.pass_run = 0
        cause = None
        if self.edited and event.score is not None and event.score != total:
            cause = self.edited_cause(event, move)
        ledger.account(event, result, p, total, f"{position} {written}", cause=cause)
        words = self.words
        if words is not None:
            # (the memo's item: found or not, asked of the lexicon once)
            bad = [format_word(w, alphabet) for w in move.word_tiles if not words[w]]
            if bad:
                ledger.info.append(Info(event.line, Note.PHONY, event.nick, words=bad,
                                        play=f"{position} {written}"))
        if rack_size[p] <= 0 and not state.bag:
            rack_size[p] = 0
            known_left[p] = ()
            state.end(event.line, Ending.WENT_OUT, out=p)
        if event.notes and state.ruleset.challenge_on_valid is ChallengeRule.LOSE_TURN and any(
                ("hallenge" in note or "HALLENGE" in note) and _FAILED_CHALLENGE_NOTE.search(note)
                for note in event.notes):  # (a word looked for first: notes can be long)
            self.challenged_in_vain = event.line

    def take_tiles(self, event: GcgEvent, p: int, rack: tuple[int, ...] | None,
                   new: tuple[int, ...]) -> list[int] | None:
        """Take a play's tiles ``new`` off p's rack (``rack``, taken out of unseen whole by
        read_rack) or, without one, out of unseen; a tile the rack or the rack size does not
        allow is a finding. Returns what is left on the rack (None without one)."""
        state, unseen = self.state, self.state.unseen
        if rack is None:
            for t in new:  # (a blank is a blank, whatever it stands for)
                unseen[BLANK if t & BLANK_BIT else t] -= 1
            if len(new) > state.rack_size[p]:  # (with a rack, its tiles are checked one by one)
                self.ledger.flag(event, Finding.ILLEGAL_PLAY, f"{event.position} {event.tiles}: places {len(new)} tiles; "
                                 f"{event.nick} holds {state.rack_size[p]}")
            return None
        left = list(rack)
        try:
            for t in new:
                left.remove(t)
        except ValueError:  # a blank played (code | BLANK_BIT, never on a rack), or a tile not there
            left = list(rack)
            missing = []
            for t in new:
                if t & BLANK_BIT:
                    t = BLANK  # a blank is a blank on the rack, whatever it stands for
                if t in left:
                    left.remove(t)
                else:
                    missing.append(t)
                    unseen[t] -= 1  # on the board now, though not from the rack
            if missing:
                self.ledger.flag(event, Finding.ILLEGAL_PLAY, f"{event.position} {event.tiles}: "
                                 f"{format_rack(missing, state.alphabet)} not on the rack {event.rack}")
        for t in left:  # read_rack took the whole rack out of unseen: these are still unseen
            unseen[t] += 1
        return left

    def edited_cause(self, event: GcgEvent, move: Move) -> int | None:
        """The line of the latest edited word (``edited``) a play's score goes through, other than
        the play's own (its own tiles are its own finding): the score's difference follows from it."""
        edited, line = self.edited, event.line
        lines = [edited[s] for word in (move.main, *move.cross) for s in word.squares
                 if s in edited and edited[s] != line]
        return max(lines) if lines else None

    def lost_turn_played(self, event: GcgEvent, p: int) -> None:
        """The turn after a play noted as challenged in vain, under a ruleset where the challenger
        loses the turn (NASPA's double challenge; FISE, by the Spanish standard rules): it must be
        the challenger's pass; a challenger who plays on is a finding (the line counts as written)."""
        state = self.state
        line, self.challenged_in_vain = self.challenged_in_vain, 0
        if event.kind != EventKind.PASS and state.ending is None:
            self.ledger.flag(event, Finding.UNEXPECTED_EVENT,
                             f"the play at line {line} was challenged in vain, and {event.nick} plays on: "
                             f"under {state.ruleset.name} {_COST_OF_CHALLENGE[ChallengeRule.LOSE_TURN]} "
                             "(a pass)")

    def unplaceable(self, event: GcgEvent, p: int, result: EventResult, what: str,
                    message: str | None, place: Place | None) -> None:
        """A play that cannot be put on the board: report it (once), keep the counts going.

        Its tiles are put on the empty squares it names, where it can be read, so that later plays
        through them still read; and from here on a later play through a square the board lacks is
        not reported again (the cause is this line).
        """
        state, ledger = self.state, self.ledger
        # The board stays the record's when every new tile goes down where it is written and every
        # played-through square holds a tile (a play illegal for where it is, not for what it
        # covers: not connected, off the centre, a split digraph); else later plays that disagree
        # with our board are information, not findings (see flag).
        as_written = False
        if place is not None:
            new = [t for t in place.tiles if t != PLAYED_THROUGH and not t & THROUGH_BIT]
            placed = len(new)
            row, col, down = place.coord.row, place.coord.col, place.coord.down
            end = (row + len(place.tiles) - 1) if down else (col + len(place.tiles) - 1)
            if end < 15:  # put what can be put, so that later plays through it still read
                as_written = True
                board = state.board
                for i, t in enumerate(place.tiles):
                    r, c = (row + i, col) if down else (row, col + i)
                    through = t == PLAYED_THROUGH or t & THROUGH_BIT
                    held = board.get(r, c)
                    if through:
                        if not held or (t != PLAYED_THROUGH and (t ^ held) & LETTER_MASK):
                            as_written = False
                    elif held:
                        as_written = False
                    else:
                        board.put(r, c, t)
                        state.unseen[BLANK if t & BLANK_BIT else t & LETTER_MASK] -= 1
                        square = r * board.size + c
                        self.unplaced += ((square, event.line),)
                        # (a later score through its tiles follows from this line, as an edited word's)
                        self.edited[square] = event.line
        else:
            placed = min(state.ruleset.rack_size, sum(1 for ch in (event.tiles or "") if ch.isalpha()))
        if message:
            ledger.flag(event, Finding.ILLEGAL_PLAY, message,
                        lacked=not state.board_uncertain_line and not as_written)
        if not as_written:
            state.board_uncertain_line = state.board_uncertain_line or event.line
        else:
            state.loose_play_line = event.line
        state.draw(p, placed)
        state.known_left[p] = None
        state.kept[p] = None  # (which tiles left the rack is not known)
        state.scoreless = state.pass_run = 0
        state.last_play = None
        ledger.account(event, result, p, ledger.not_due(event, p, unknown=True), what, unexpected=True)
        if state.rack_size[p] <= 0 and state.bag == 0:
            state.rack_size[p] = 0
            state.end(event.line, Ending.WENT_OUT, out=p)

    def play_before(self, event: GcgEvent, p: int, result: EventResult,
                    doing: str) -> tuple[LastPlay | None, int]:
        """The play a withdrawal or a challenge bonus is about (the line before), and whose it is.

        None when the line before is not a play (reported, and the line not counted). When the
        play is another player's, the line is counted as theirs and reported once: the board and
        the totals stay right for the rest of the game.
        """
        state, ledger = self.state, self.ledger
        last = state.previous_play()
        if last is None and ledger.events and ledger.events[-1].line == state.loose_play_line:
            # An illegal play put down as written, now withdrawn (or challenged): its tiles cannot
            # be taken back, so from here the board may hold tiles the record's does not.
            state.board_uncertain_line = state.board_uncertain_line or state.loose_play_line
        if last is None or not ledger.events or ledger.events[-1].kind != EventKind.PLAY:
            if ledger.events and ledger.events[-1].kind == EventKind.PLAY and state.ending is not None:
                why = "the play before comes after the end of the game (not replayed)"
            elif ledger.events and ledger.events[-1].kind == EventKind.PLAY:
                why = "the play before is illegal (not replayed)"
            else:
                why = "the line before is not a play"
            ledger.flag(event, Finding.UNEXPECTED_EVENT, f"{doing}, but {why}")
            after = ledger.not_due(event, p) if state.ending is not None else 0
            ledger.account(event, result, p, after, doing, unexpected=True)
            return None, p
        if last.player != p:
            ledger.flag(event, Finding.UNEXPECTED_EVENT,
                        f"{doing}, but the play before is {state.nicks[last.player]}'s "
                        "(counted as theirs)")
            p = last.player
            result.player = state.nicks[p]
        return last, p

    def withdraw(self, event: GcgEvent, p: int, result: EventResult) -> None:
        state, ledger = self.state, self.ledger
        last, p = self.play_before(event, p, result, f"{event.nick} withdraws a phony")
        if last is None:
            return
        score, played = last.score, last.event
        if played.rack and event.rack and not same_rack(played.rack, event.rack, state.alphabet):
            ledger.flag(event, Finding.UNEXPECTED_EVENT,
                        f"the rack on the withdrawal ({event.rack}) is not the rack of the play "
                        f"it withdraws ({played.rack}, line {played.line})")
        state.undo(last)
        self.challenged_in_vain = 0  # (withdrawn: the challenge did not fail)
        phony = self.phony_info(played.line)
        if phony is not None:  # challenged off the board: not a phony that stands
            del ledger.info[phony]
        # The record takes back what it gave the play (or what the play should have scored).
        # The old form `-- +0 CUM` says so by its cumulative alone: it stands for `-- -S CUM`, S
        # what the record gave the play, and is checked as that (canonical GCG writes it so).
        given = -(played.score if played.score is not None else score)
        ledger.account(event, result, p, -score, "phony withdrawn", also=given,
                       implied=given if event.old_phony_form else None)
        state.check_scoreless_end(event.line)

    def phony_info(self, line: int) -> int | None:
        """Where the word checks' entry for the play on ``line`` (words not in the lexicon) is in
        ``info``, if there is one (its position: list.remove would compare each entry before it
        field by field)."""
        if self.words is not None:
            info = self.ledger.info
            for i in range(len(info) - 1, -1, -1):
                entry = info[i]
                if entry.line == line and entry.kind is Note.PHONY:
                    return i
        return None

    def challenge_bonus(self, event: GcgEvent, p: int, result: EventResult) -> None:
        ledger = self.ledger
        rules = self.state.ruleset
        recorded = event.score
        self.racks.read_rack(event)  # the rack after drawing, when written: it must at least be tiles
        last, p = self.play_before(event, p, result, f"a challenge bonus for {event.nick}")
        if last is None:
            return
        if rules.challenge_on_valid is not ChallengeRule.BONUS:
            ledger.flag(event, Finding.UNEXPECTED_EVENT,
                        f"a challenge bonus under {rules.name}, where "
                        f"{_COST_OF_CHALLENGE[rules.challenge_on_valid]} and gives no points",
                        recorded, 0)
            ledger.account(event, result, p, 0, "challenge bonus", unexpected=True)
            return
        phony = self.phony_info(last.event.line)
        if phony is not None:  # challenged and upheld: the table's word list differs from ours
            ledger.info[phony].challenged = True
        unit = rules.challenge_bonus
        computed = unit
        if rules.challenge_bonus_per is BonusPer.WORD and recorded is not None:
            if recorded % unit == 0 and unit <= recorded <= unit * last.move.words:
                computed = recorded  # one bonus per challenged word: the record says how many
        ledger.account(event, result, p, computed, "challenge bonus")

    def exchange(self, event: GcgEvent, p: int, result: EventResult) -> None:
        state, ledger = self.state, self.ledger
        rack = self.racks.read_rack(event, p)
        kept = state.kept[p]
        alphabet, rules = state.alphabet, state.ruleset
        result.tiles = event.tiles if event.tiles else f"{event.exchange_count}"
        out = unreadable = None  # the tiles exchanged, when written (or why they cannot be read)
        if event.tiles:
            try:
                out = parse_rack(event.tiles, alphabet)
            except AdjudicateError as err:
                unreadable = err
        count = event.exchange_count if event.exchange_count is not None else len(out or ())
        if rack is not None and len(rack) < state.rack_size[p]:
            self.racks.short_rack(event, p, rack, count)
        redraw = rules.senyors and self.racks.senyors(event, p, rack, count)
        if redraw:
            pass  # (with one tile in the bag too: all seven go back before seven are drawn)
        elif state.bag < rules.exchange_min_bag:
            ledger.flag(event, Finding.ILLEGAL_PLAY,
                        f"exchange with {state.bag} tiles in the bag; {rules.name} needs {rules.exchange_min_bag}")
        elif count > state.bag:
            ledger.flag(event, Finding.ILLEGAL_PLAY,
                        f"exchange of {count} tiles with {state.bag} in the bag: at most "
                        f"{state.bag} can be exchanged")
        if count > state.rack_size[p]:
            ledger.flag(event, Finding.ILLEGAL_PLAY,
                        f"exchange of {count} tiles: {event.nick} holds {state.rack_size[p]}")
        if event.notes and rules.turn_time_limit_seconds is not None and not redraw and any(
                _LOST_TO_TIME_NOTE.search(note) for note in event.notes):
            from adjudicate.overtime import turn_time_rule  # (rare: see EndLines.time_penalty)

            ledger.flag(event, Finding.ILLEGAL_PLAY,
                        f"an exchange noted as a turn lost to time, but {turn_time_rule(rules)}: "
                        "write it as a pass")
        if event.tiles and rack is not None:
            if unreadable is not None:
                ledger.flag(event, Finding.ILLEGAL_PLAY, f"exchange {event.tiles}: {unreadable}")
            missing = multiset_missing(rack, out or ())
            if missing:
                ledger.flag(event, Finding.ILLEGAL_PLAY,
                            f"exchange {event.tiles}: {format_rack(missing, alphabet)} not on the rack "
                            f"{event.rack}")
        # The exchanged tiles left the rack; which, when only their count is written, is not known.
        state.kept[p] = less(kept, out) if kept is not None and out is not None else None
        state.known_left[p] = None if state.bag else state.known_left[p]  # (drew new tiles)
        state.last_play = None
        if redraw:  # MàTaM art. 21: no turn, so no scoreless one
            if not state.bag:
                ledger.flag(event, Finding.ILLEGAL_PLAY,
                            "a senyors redraw with the bag empty: MàTaM art. 21 needs at least one "
                            "tile in the bag")
            state.keep_turn(p, event.line)
            ledger.account(event, result, p, 0, "senyors redraw")
            return
        if rules.senyors and state.turn_before == p and state.ending is None:
            self.out_of_turn(event, (p + 1) % len(state.nicks))  # (not a redraw: see run)
        state.pass_run = 0
        state.scoreless += 1
        ledger.account(event, result, p, 0, "exchange")
        state.check_scoreless_end(event.line)

    def pass_turn(self, event: GcgEvent, p: int, result: EventResult) -> None:
        state, ledger = self.state, self.ledger
        rack = self.racks.read_rack(event, p)
        if (state.ruleset.challenge_on_valid is not ChallengeRule.LOSE_TURN
                and any(_LOST_CHALLENGE in note for note in event.notes)):
            # (The pass still counts as one: the record says the turn was not played.)
            ledger.flag(event, Finding.UNEXPECTED_EVENT,
                        f"a turn lost for an unsuccessful challenge under {state.ruleset.name}, "
                        f"where {_COST_OF_CHALLENGE[state.ruleset.challenge_on_valid]}")
        # A pass, whatever its cause (a lost challenge, a turn not played in time: `#note time`),
        # is a scoreless turn and a pass for the ending rules (docs/rules.md).
        state.pass_run += 1
        if rack is not None and len(rack) == state.rack_size[p]:
            # What a pass leaves on the rack, until the next draw: a whole rack only (a record may
            # write part of one).
            state.known_left[p] = rack
        elif state.bag:
            state.known_left[p] = None
        state.last_play = None
        state.scoreless += 1
        ledger.account(event, result, p, 0, "pass")
        state.check_scoreless_end(event.line)


class _Rescore:
    """One game replayed and compared with its record. Internal: use :func:`rescore_game`.

    Its parts, each owning its data: the game itself (board, bag, racks, turns, the end) is the
    :class:`~adjudicate.replay.GameState` ``state``; the :class:`~adjudicate.ledger.Ledger`
    ``ledger`` holds the record's running totals beside ours, each line's result and the findings;
    ``racks`` reads the record's racks, ``moves`` checks the turn lines and
    :class:`~adjudicate.endlines.EndLines` ``endlines`` the end-of-game lines. This is the walk
    through the record (:meth:`run`): whose line each is, whose turn, and the report.
    """

    __slots__ = ("record", "reason", "lexicon", "spelling_reason", "state", "ledger", "racks", "moves",
                 "endlines")

    def __init__(
        self, record: GameRecord, ruleset: Ruleset, reason: str, lexicon: Words | None,
        alphabet: Alphabet | None = None, spelling_reason: str | None = None,
        layout: Layout | None = None,
    ) -> None:
        nicks = seating(record)
        if len(nicks) > MAX_SEATS:
            source = "#player lines" if len(record.players) >= 2 else "players taken from the events"
            raise AdjudicateError(
                f"{record.name}: {len(nicks)} players ({source}): a game has at most {MAX_SEATS}"
            )
        # The tile set as the record spells it (choose_spelling).
        alphabet = alphabet if alphabet is not None else get_alphabet(ruleset.alphabet)
        self.state = state = GameState(ruleset, alphabet, nicks, table=max(len(record.players), 2))
        if layout is not None and layout is not state.board.layout:  # (a board other than the standard)
            state.board = Board(alphabet, layout=layout)
        self.record = record
        self.reason = reason
        self.lexicon = lexicon
        self.spelling_reason = spelling_reason
        self.ledger = ledger = Ledger(state)
        self.racks = racks = _Racks(state, ledger, record, reason)
        self.moves = _Moves(state, ledger, racks, word_memo(lexicon, alphabet))
        self.endlines = EndLines(state, ledger, record)

    def handlers(self) -> dict[EventKind, tuple[Callable[[GcgEvent, int, EventResult], None], bool]]:
        """Each event kind's method, and whether it is a turn: one look-up per event."""
        moves, endlines = self.moves, self.endlines
        return {kind: (handler, kind in TURN_KINDS) for kind, handler in {
            EventKind.PLAY: moves.play, EventKind.PASS: moves.pass_turn, EventKind.EXCHANGE: moves.exchange,
            EventKind.PHONY_WITHDRAWN: moves.withdraw, EventKind.CHALLENGE_BONUS: moves.challenge_bonus,
            EventKind.END_RACK_POINTS: endlines.end_rack, EventKind.END_RACK_PENALTY: endlines.end_rack,
            EventKind.TIME_PENALTY: endlines.time_penalty,
        }.items()}

    # -- turn order -------------------------------------------------------------------------------
    def wrong_name(self, event: GcgEvent, p: int) -> int:
        """A move written under the wrong player whose cumulative is the right player's: theirs."""
        state, ledger = self.state, self.ledger
        expected = state.next_player()
        cum, score = event.cumulative, event.score
        if p == expected or cum is None or score is None:
            return p
        if cum - score in ledger.bases[expected] and cum - score not in ledger.bases[p]:
            ledger.flag(event, Finding.UNEXPECTED_EVENT,
                        f"a move written for {event.nick}, but it is {state.nicks[expected]}'s turn "
                        f"and the cumulative is theirs (counted as theirs)")
            return expected
        return p

    def check_turn(self, event: GcgEvent, p: int) -> bool:
        """Check whose turn it is; False for a move after the end of the game (not replayed)."""
        state = self.state
        if state.ending is not None:
            if event.kind == EventKind.PASS and state.after_end_pass_ok and p != state.out_player:
                state.after_end_pass_ok = False
                return True
            guess = (f"; the end is a guess: the board lacks the play at line {state.board_uncertain_line}"
                     if state.board_uncertain_line else "")
            self.ledger.flag(event, Finding.UNEXPECTED_EVENT,
                             f"{event.nick} moves after the end of the game (ended at line {state.ended_at}"
                             f"{guess})")
            return False
        if state.turn_player is not None:
            expected = state.next_player()
            if p != expected:
                self.moves.out_of_turn(event, expected)
        state.turn_player = p
        return True

    def _pragma_line(self, keyword: str) -> int:
        return next((line for line, key, _ in self.record.pragmas if key == keyword), 0)

    # -- the whole game ----------------------------------------------------------------------------
    def run(self, whole: bool = True) -> RescoreReport:
        """Replay the record. ``whole=False``: a record cut short (``replay_until``), whose end is
        not the game's: the end-of-game checks (missing rack lines, `#rackN`) are not made."""
        state, ledger = self.state, self.ledger
        record = self.record
        reported, bad_nicks, unreadable = self.record_problems()
        previous = 0
        handlers = self.handlers()
        seat_of = state.seat_of
        events = ledger.events
        n = len(state.nicks)
        for event in record.events:
            if unreadable:
                self.after_unreadable(unreadable, previous, event.line)
                previous = event.line
            try:
                p = seat_of[event.nick]
            except KeyError:  # a nick that is no player's, or that two players share
                seat = self.seat_of_nick(event, reported, bad_nicks)
                if seat is None:
                    continue
                p = seat
            kind = event.kind
            try:
                handler, turn = handlers[kind]
            except KeyError:  # pragma: no cover - the reader knows no other kinds
                ledger.flag(event, Finding.PARSE, f"unknown event kind {kind}")
                continue
            result = EventResult(event.line, event.nick, kind)
            if state.may_end:
                state.may_have_ended(kind)
            if turn:
                before = state.turn_before = state.turn_player
                if state.ending is None and (before is None or p == (before + 1) % n):
                    state.turn_player = p  # the common case of check_turn: in turn, game on
                elif before == p and kind == EventKind.EXCHANGE and state.ruleset.senyors and state.ending is None:
                    # A senyors redraw right after p's own turn, or a move out of turn: exchange
                    # tells which (MàTaM art. 21 and 6).
                    state.turn_player = p
                else:
                    if before is not None and state.ending is None:
                        p = self.wrong_name(event, p)
                    if not self.check_turn(event, p):
                        # A move after the end of the game counts for nothing (but see not_due:
                        # the end may be a guess). The record may have counted it or not.
                        ledger.account(event, result, p, ledger.not_due(event, p), kind, unexpected=True)
                        # Not replayed: a withdrawal or a challenge bonus on the next line is
                        # about this move, not about the last one on the board.
                        state.last_play = None
                        events.append(result)
                        continue
                state.turns[p] += 1
                if self.moves.challenged_in_vain:
                    self.moves.lost_turn_played(event, p)
            handler(event, p, result)
            events.append(result)
            if (state.time_called_line and turn and state.ending is None and state.turn_player == p
                    and state.redraw_line != event.line):
                state.turn_after_time(event.line)  # (a senyors redraw is no turn)
            if event.notes and state.ending is None and not state.time_called_line and any(
                said in text.lower() for text in event.notes for said in _TIME_LIMIT_NOTES
            ):
                state.call_time(event.line)
        if not whole:
            return self.report()
        if state.may_end:
            state.may_have_ended(None)
        if record.racks:
            self.check_racks_left()
        if state.time_called_line and state.ending is None:
            ledger.flag(None, Finding.ENDING,
                        f"time was called at line {state.time_called_line}: {state.time_rule()}, "
                        f"but the record stops {state.turns_left} turn{'s' if state.turns_left > 1 else ''} short "
                        f"({state.owed_text()})", None, None, line=record.events[-1].line)
        self.endlines.check_end_lines()
        return self.report()

    def after_unreadable(self, unreadable: Sequence[int], previous: int, line: int) -> None:
        """An event line the reader could not read (``unreadable``, in order) between the event
        lines ``previous`` and ``line``: whose turn, the board and the record's totals are unknown
        from here; they are not reported again."""
        state = self.state
        after = bisect_right(unreadable, previous)  # (a search: a line each is n squared)
        if after < len(unreadable) and unreadable[after] < line:
            state.turn_player = None
            state.board_uncertain_line = state.board_uncertain_line or previous + 1
            self.ledger.bases = [[] for _ in state.nicks]

    def seat_of_nick(self, event: GcgEvent, reported: Collection[int], bad_nicks: Collection[str]) -> int | None:
        """The seat of a line whose nick is no player's (a finding, unless the reader reported the
        line or the nick), or two players': None when it cannot be told (the line is skipped)."""
        state = self.state
        seats = state.index.get(event.nick)
        if seats is None:
            if event.line not in reported and event.nick not in bad_nicks:
                self.ledger.flag(event, Finding.PARSE, f"{event.nick!r} is not a player of this game")
            if event.kind == EventKind.END_RACK_POINTS and state.out_player is not None:
                seats = [state.out_player]
            elif state.turn_player is None or event.kind not in TURN_KINDS:
                state.turn_player = None
                state.board_uncertain_line = state.board_uncertain_line or event.line
                return None
            else:
                seats = [state.next_player()]  # whoever's turn it was
        return seats[0] if len(seats) == 1 else state.seat(seats, event.kind)

    def record_problems(self) -> tuple[Collection[int], Collection[str], Sequence[int]]:
        """The reader's problems with the record, each a finding; returns the lines it reported,
        the nicks of those lines (an unknown nick: reported once, for all its lines) and the event
        lines it could not read, in order."""
        record, ledger = self.record, self.ledger
        for problem in record.problems:
            ledger.discrepancies.append(
                Discrepancy(problem.line, Finding.PARSE, problem.text or None, None,
                            f"line {problem.line}: {problem.message}"
                            + (f": {problem.text!r}" if problem.text else ""))
            )
        if not record.problems:  # (the common case: nothing to build)
            return (), (), ()
        reported = {pr.line for pr in record.problems}
        bad_nicks = {event.nick for event in record.events if event.line in reported}
        return reported, bad_nicks, sorted(pr.line for pr in record.problems if pr.kind == "parse")

    def check_racks_left(self) -> None:
        """`#rackN` lines after the last event: the tiles left on a rack, which must be unseen."""
        state, ledger, record = self.state, self.ledger, self.record
        last_event = record.events[-1].line if record.events else 0
        for p, rack_text in sorted(record.racks.items()):
            if rack_text and p - 1 < len(state.nicks) and self._pragma_line(f"rack{p}") > last_event:
                try:
                    rack = parse_rack(rack_text, state.alphabet)
                except AdjudicateError as err:
                    ledger.flag(None, Finding.ILLEGAL_PLAY, f"#rack{p} {rack_text}: {err}",
                                line=self._pragma_line(f"rack{p}"))
                    continue
                missing = missing_from_counts(state.unseen, rack)
                if missing:
                    ledger.flag(None, Finding.ILLEGAL_PLAY,
                                f"#rack{p} {rack_text} holds {format_rack(missing, state.alphabet)}, "
                                "which is not left in the bag", line=self._pragma_line(f"rack{p}"))

    def report(self) -> RescoreReport:
        state, ledger = self.state, self.ledger
        record = self.record
        if self.racks.partial_racks:
            self.racks.drop_partial_racks()
        names: dict[str, str] = {}
        for p in record.players:
            names.setdefault(p.nick, p.name)  # the first #player line of a nick names it
        players = [PlayerResult(nick, names.get(nick, nick), ledger.last_recorded[i], ledger.computed[i])
                   for i, nick in enumerate(state.nicks)]
        forfeits = self.endlines.forfeits
        if forfeits and state.ruleset.overtime_forfeit:
            self.endlines.apply_forfeit(players)
        # The highest total wins. A player over the maximum overtime loses; when every player is,
        # nobody wins (as `adjudicate clock` says).
        ranked = winners_of(list(zip(state.nicks, ledger.computed)),
                            out=tuple(state.nicks[i] for i in forfeits) if forfeits else ())
        if len(ranked) > 1 and state.ending:  # a tie for first place, which some rulesets break
            before = {nick: ledger.computed[i] - ledger.end_adjustment[i] for i, nick in enumerate(state.nicks)}
            broken_ranking, broken = break_tie(ranked, before, state.ruleset)
            if broken:
                ranked = broken_ranking
                ledger.info.append(Info(record.events[-1].line, Note.TIE_BREAK, None, broken))
        winners = list(ranked)
        if len(ledger.discrepancies) > 1:
            ledger.discrepancies.sort(key=lambda d: d.line)
        return RescoreReport(
            file=record.name, ruleset=state.ruleset.name, ruleset_reason=self.reason,
            lexicon=record.lexicon, players=players, events=ledger.events,
            discrepancies=ledger.discrepancies, info=ledger.info, ending=state.ending,
            winners=winners if state.ending else [],
            checked_words_with=getattr(self.lexicon, "id", None),
            words_lexicon=words_lexicon(self.moves.words, record.lexicon),
            spelling=state.alphabet.spelling if self.spelling_reason else None,
            spelling_reason=self.spelling_reason,
        )


def words_lexicon(words: TileMemo | None, record_lexicon: str | None) -> dict[str, object] | None:
    """What the report says of the lexicon the words were checked with (``words_lexicon``): its
    :meth:`~adjudicate.lexicon.Lexicon.as_dict` (id, name, edition, label, SHA-256, stand-in or
    not), as the replay's :class:`~adjudicate.lexicon.TileMemo` ``words`` keeps it, and
    ``matches_record``, whether it is the one the record's ``#lexicon`` names (None when the
    record names none). None without words checked, or with no
    :class:`~adjudicate.lexicon.Lexicon` behind them."""
    if words is None:  # (before the import: a rescore without word checks never loads the lexicons)
        return None
    from adjudicate.lexicon import Lexicon  # (loaded already: words were checked)

    lexicon = words.lexicon
    if words.described is None or not isinstance(lexicon, Lexicon):
        return None
    out = dict(words.described)
    out["matches_record"] = lexicon.answers_to(record_lexicon) if record_lexicon else None
    return out


def rescore_game(
    record: GameRecord | GameSetup, ruleset: Ruleset | None = None, *, reason: str | None = None,
    lexicon: Words | None = None, spelling: str | None = None, layout: Layout | None = None,
) -> RescoreReport:
    """Replay ``record`` (a :class:`~adjudicate.game.GameSetup`, its choices made once by
    :func:`adjudicate.game.setup_game`; or a bare record under ``ruleset``, by default chosen from
    the record, see :func:`choose_ruleset`, on the board ``layout``, by default the one the
    record implies: :func:`adjudicate.game.as_game`) and report every disagreement. When every one disappears
    on another shipped board, ``report.board_fit`` names it (:func:`fitting_board`). A Wordfeud
    game is refused by name: its board and tiles are not shipped. With ``lexicon`` (anything answering
    ``key in lexicon``), every word formed is looked up and unchallenged phonies are listed in
    ``report.info`` (information: under the rules an unchallenged play stands). For many games,
    pass a :class:`~adjudicate.lexicon.TileMemo` of the ruleset's alphabet: its answers then last
    from one game to the next."""
    game = as_game(record, ruleset, reason=reason, spelling=spelling, layout=layout)
    record, ruleset, alphabet = game.record, game.ruleset, game.alphabet
    for line, keyword, value in record.pragmas:
        if keyword == "game-type" and value.strip().lower() not in ("", "classic"):
            raise AdjudicateError(
                f"{record.name}: line {line}: game type {value.strip()!r} is not classic Scrabble; "
                "only classic games can be rescored"
            )
        if keyword == "id" and value.split(maxsplit=1)[:1] == ["Wordfeud"]:
            raise AdjudicateError(f"{record.name}: line {line}: a Wordfeud game: its board and tiles "
                                  "are Wordfeud's, and we ship Scrabble's only")
    report = _Rescore(record, ruleset, game.reason, lexicon, alphabet, game.spelling_reason, game.layout).run()
    if sum(1 for d in report.discrepancies if d.kind is Finding.SCORE) >= BOARD_DIAGNOSIS_SCORES:
        report.board_fit = fitting_board(record, ruleset, alphabet, game.layout)
    return report


#: The score findings from which a game is replayed on the other boards (issue 29's diagnosis): a
#: board explains many score differences, one or two are a scorer's slips. Replaying every game
#: with any finding again made a batch of the public corpus 1.3x slower (half its games have one).
BOARD_DIAGNOSIS_SCORES = 3


def fitting_board(record: GameRecord, ruleset: Ruleset, alphabet: Alphabet,
                  layout: Layout | None = None) -> str | None:
    """The shipped board (:data:`~adjudicate.board.LAYOUT_NAMES`) other than ``layout`` on which
    ``record`` replays with no finding at all, or None: a game whose every difference disappears
    on another board was most likely played on it (issue 29: a writer's board is not the one its
    record names). The first such board, in the order of ``LAYOUT_NAMES``."""
    played = layout.name if layout is not None else "standard"
    for name in LAYOUT_NAMES:
        if name != played:
            other = _Rescore(record, ruleset, GIVEN, None, alphabet, None, get_layout(name)).run()
            if not other.discrepancies:
                return name
    return None


# -- one event, before and after (for `adjudicate show`) --------------------------------------------


@dataclass(slots=True)
class ReplayPoint:
    """The game around one event, from :func:`replay_until`.

    ``before``/``after`` are the boards just before and just after the event; ``result`` is the
    event's :class:`EventResult` (None when the event was not replayed: a nick that is no
    player's), with its raw ``move`` for a play that could be put on the board. ``last_move`` is
    the play that stood on the board before the event (what a phony withdrawal takes back, what a
    challenge bonus is for), or None. Per seat (``nicks`` order): ``computed_*`` are our totals,
    ``recorded_*`` the record's last cumulative (None before a player's first line), ``racks_*``
    the tiles a player is known to hold (None when unknown). ``discrepancies`` are those that
    :func:`rescore_game` reports on the event's line; ``report`` is its whole report.
    ``unplaced_*``: square -> line, the tiles on each board of plays that could not be placed
    (put where the record writes them, so that later plays through them read); ``uncertain_before``
    the line of the first play the board before lacks (0: none).
    """

    event: GcgEvent
    result: EventResult | None
    before: Board
    after: Board
    last_move: Move | None
    nicks: list[str]
    computed_before: list[int]
    computed_after: list[int]
    recorded_before: list[int | None]
    recorded_after: list[int | None]
    racks_before: list[tuple[int, ...] | None]
    racks_after: list[tuple[int, ...] | None]
    bag_before: int
    bag_after: int
    discrepancies: list[Discrepancy]
    report: RescoreReport
    unplaced_before: dict[int, int] = field(default_factory=dict)
    unplaced_after: dict[int, int] = field(default_factory=dict)
    uncertain_before: int = 0


def replay_until(
    record: GameRecord | GameSetup, ruleset: Ruleset | None, line: int, *, reason: str | None = None,
    spelling: str | None = None, layout: Layout | None = None,
) -> ReplayPoint:
    """Replay ``record`` up to the event on ``line`` and return the game just before and just after it
    (``record`` and the rest as :func:`rescore_game` takes them).

    The record is replayed cut short twice (the events before ``line``, then up to it) and once
    whole (for the line's discrepancies), so :func:`rescore_game` carries no hook and loses no
    speed; for one game the cost is nothing. Raises :class:`ValueError` when no event is on
    ``line``, :class:`AdjudicateError` as :func:`rescore_game` does.
    """
    game = as_game(record, ruleset, reason=reason, spelling=spelling, layout=layout)
    record, ruleset, layout = game.record, game.ruleset, game.layout
    event = next((e for e in record.events if e.line == line), None)
    if event is None:
        raise ValueError(f"no event on line {line}")
    report = rescore_game(game)  # refuses non-classic games
    why = game.reason
    # (The whole record decides its spelling, not the part replayed: the setup's.)
    alphabet, spelled = game.alphabet, game.spelling_reason
    before = _Rescore(_replace_record(record, events=[e for e in record.events if e.line < line]),
                      ruleset, why, None, alphabet, spelled, layout)
    before.run(whole=False)
    after = _Rescore(_replace_record(record, events=[e for e in record.events if e.line <= line]),
                     ruleset, why, None, alphabet, spelled, layout)
    after.run(whole=False)
    result = next((r for r in after.ledger.events if r.line == line), None)
    was, now = before.state, after.state
    last = was.previous_play()
    # A record without a #player header takes its players from the events: the cut-short replay
    # may know fewer of them (a prefix of the seats).
    pad = len(now.nicks) - len(was.nicks)
    return ReplayPoint(
        event=event,
        result=result,
        before=was.board,
        after=now.board,
        last_move=last.move if last else None,
        nicks=list(now.nicks),
        computed_before=list(before.ledger.computed) + [0] * pad,
        computed_after=list(after.ledger.computed),
        recorded_before=list(before.ledger.last_recorded) + [None] * pad,
        recorded_after=list(after.ledger.last_recorded),
        racks_before=list(was.known_left) + [None] * pad,
        racks_after=list(now.known_left),
        bag_before=was.bag,
        bag_after=now.bag,
        discrepancies=[d for d in report.discrepancies if d.line == line],
        report=report,
        unplaced_before=dict(before.moves.unplaced),
        unplaced_after=dict(after.moves.unplaced),
        uncertain_before=was.board_uncertain_line,
    )
