"""The library's API: what ``import adjudicate`` gives a script or a notebook (docs/library.md).

Every name here is in ``adjudicate.__all__`` and follows semantic versioning; the CLI is a client
of the same modules, so the two give the same answers. Nothing here prints or exits: bad input is
an :class:`~adjudicate.errors.AdjudicateError` naming the input (and, for a record, the line).

>>> import adjudicate
>>> game = adjudicate.read_game(b"#player1 a A\\n#player2 b B\\n>a: DINNVWY 8D WINDY +30 30\\n")
>>> report = adjudicate.rescore(game)
>>> report.ok, [(f.line, f.kind) for f in report.findings]
(False, [(3, <Finding.SCORE: 'score'>)])
>>> adjudicate.challenge("QI ZA").acceptable
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import IO, TYPE_CHECKING, Any, NamedTuple, Union

from adjudicate.errors import AdjudicateError, GcgError, InputError

if TYPE_CHECKING:
    from adjudicate.board import Board
    from adjudicate.overtime import ClockResult
    from adjudicate.correction import Corrected
    from adjudicate.adjustments import EndgameResult
    from adjudicate.game import GameSetup
    from adjudicate.gcg import GameRecord
    from adjudicate.kinds import Ending
    from adjudicate.lexicon import Lexicon as _Loaded
    from adjudicate.report import Discrepancy, GameReport, Info, PlayerResult, RescoreReport
    from adjudicate.rules import Ruleset
    from adjudicate.show import Shown

__all__ = [
    "Game", "Lexicon", "Position", "Report", "Verdict", "challenge", "clock", "correct",
    "endgame", "open_lexicon", "read_game", "rescore", "ruleset",
]

#: What :func:`read_game` reads: a path, the record's bytes, its text, or a binary file object.
Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]
#: A ruleset as the functions take it: a name or alias (``"naspa"``, ``"MaTaM"``), or a Ruleset.
Rules = Union[str, "Ruleset", None]


class Game:
    """A game record read by :func:`read_game` (``record``: the
    :class:`~adjudicate.gcg.GameRecord`, every line it could not read kept with its number)."""

    __slots__ = ("record",)

    def __init__(self, record: GameRecord) -> None:
        self.record = record

    @property
    def name(self) -> str:
        """How reports and messages name the record: its path, or ``<game>``."""
        return self.record.name

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {len(self.record.events)} events>"

    def position(self, line: int | None = None, *, turn: int | None = None,
                 rules: Rules = None, overrides: Mapping[str, object] | None = None,
                 spelling: str | None = None, tiles: str | None = None,
                 board: str | None = None) -> Position:
        """The game around the event on ``line`` (or the ``turn``-th turn; by default the last
        play), as ``adjudicate show`` shows it: in a notebook, its picture."""
        from adjudicate.show import find_event, show_event

        event = find_event(self.record, turn=turn, line=line)
        setup = _setup(self.record, rules, overrides, spelling, tiles, board)
        return Position(show_event(setup, event))


class Position:
    """One event of a game (``shown``: :class:`~adjudicate.show.Shown`): the boards before and
    after it, the racks, the scores, the play's score worked out. ``str()`` is ``show``'s text;
    :meth:`svg` its picture, which Jupyter draws (``_repr_svg_``)."""

    __slots__ = ("shown",)

    def __init__(self, shown: Shown) -> None:
        self.shown = shown

    @property
    def line(self) -> int:
        return self.shown.line

    @property
    def before(self) -> Board:
        return self.shown.before

    @property
    def after(self) -> Board:
        return self.shown.after

    def svg(self) -> str:
        """The picture: both boards, a legend, the score table (``show --format svg``)."""
        from adjudicate.picture import render_svg

        return render_svg(self.shown)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        from adjudicate.show import render_text

        return render_text(self.shown)

    def __repr__(self) -> str:
        return f"<Position {self.shown.file!r} line {self.line}: {self.shown.summary}>"


def read_game(source: Source, *, name: str | None = None) -> Game:
    """A game record from a path (a ``str`` without a line break, or a path object), its bytes,
    its text (a ``str`` with a line break), or a binary file object; ``name`` names it in
    reports (default: the path, the file object's name, else ``<game>``).

    :raises GcgError: not a game record at all (empty, binary, over 16 MiB).
    :raises InputError: a path that is not a regular file, or that cannot be opened (missing,
        unreadable), naming it.
    """
    from adjudicate.gcg import read_gcg, read_limited

    if isinstance(source, str) and ("\n" in source or "\r" in source):
        data = source.encode("utf-8")
    elif isinstance(source, (str, os.PathLike)):
        from adjudicate.readfile import open_regular

        path = os.fspath(source)
        name = path if name is None else name
        try:
            with open_regular(path) as handle:
                data = read_limited(handle, name)
        except OSError as err:
            raise InputError(f"{path}: {err.strerror or err}") from None
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    elif hasattr(source, "read"):
        name = str(getattr(source, "name", "<game>")) if name is None else name
        data = read_limited(source, name)
        if not isinstance(data, bytes):
            raise GcgError(f"{name}: a file object opened in text mode; open it with 'rb'")
    else:
        raise TypeError(f"read_game() takes a path, bytes, str or a binary file, not {type(source).__name__}")
    return Game(read_gcg(data, name="<game>" if name is None else name))


class Report:
    """A rescored game (:func:`rescore`); ``report``: the full
    :class:`~adjudicate.report.RescoreReport` (every event's result).

    ``ok`` no finding; ``findings`` the discrepancies (each with ``line``, ``kind``, ``message``,
    ``recorded``, ``computed``); ``info`` what is said but not wrong (unchallenged phonies);
    ``players`` each one's ``recorded_final`` and ``computed_final``; ``winners`` (empty while
    the game is not over), ``ending`` how it ended; ``winner_changed`` whether the rules' winner
    is not the record's."""

    __slots__ = ("report",)

    def __init__(self, report: RescoreReport) -> None:
        self.report = report

    @property
    def ok(self) -> bool:
        return self.report.ok

    @property
    def findings(self) -> list[Discrepancy]:
        return self.report.discrepancies

    @property
    def info(self) -> list[Info]:
        return self.report.info

    @property
    def players(self) -> list[PlayerResult]:
        return self.report.players

    @property
    def winners(self) -> list[str]:
        return self.report.winners

    @property
    def recorded_winners(self) -> list[str]:
        """Whom the record's own final totals make the winner (none while unfinished)."""
        return list(self.report.recorded_winners)

    @property
    def ending(self) -> Ending | None:
        return self.report.ending

    @property
    def ruleset(self) -> str:
        return self.report.ruleset

    @property
    def winner_changed(self) -> bool:
        return self.report.winner_changed

    def to_dict(self) -> GameReport:
        """The report as ``rescore --format json`` writes it for this game."""
        return self.report.to_dict()

    def __repr__(self) -> str:
        return (f"<Report {self.report.file!r}: {len(self.findings)} findings, "
                f"winners {self.winners}>")


def rescore(game: Game, rules: Rules = None, lexicon: str | Lexicon | None = None,
            check_words: bool = False, *, overrides: Mapping[str, object] | None = None,
            spelling: str | None = None, tiles: str | None = None, board: str | None = None) -> Report:
    """``game`` replayed under ``rules`` (default: what the record implies, else naspa; with
    ``overrides`` as ``--set`` gives them) and every number compared with the record's, as
    ``adjudicate rescore`` does. With ``check_words``, every word formed is looked up in
    ``lexicon`` (an id, a path, or an opened :class:`Lexicon`; default: the record's
    ``#lexicon`` if installed, else the ruleset's) and unchallenged phonies are in ``info``.

    :raises AdjudicateError: a record that cannot be rescored (another tile set, not classic
        Scrabble), a lexicon of other tiles than the game's, an unknown ruleset.
    """
    from adjudicate.game import words_lexicon_name
    from adjudicate.recount import rescore_game

    setup = _setup(game.record, rules, overrides, spelling, tiles, board)
    words = None
    if check_words:
        given = lexicon if lexicon is not None else (overrides or {}).get("default_lexicon")
        if isinstance(given, Lexicon):
            words = _memo(given.lexicon)
        else:
            words = _memo(words_lexicon_name(setup, None if given is None else str(given)))
        _same_tiles(words.lexicon, setup)
    return Report(rescore_game(setup, lexicon=words))


_MEMOS: dict[tuple[str, tuple[tuple[str, str], ...]], Any] = {}


def _memo(lexicon: str | _Loaded) -> Any:
    """A :class:`~adjudicate.lexicon.TileMemo` of the lexicon, each opened and memoised once per
    process, by its name and the search path (a batch of games repeats its words)."""
    from adjudicate.lexicon import TileMemo, open_lexicon, search_path

    if not isinstance(lexicon, str):
        return TileMemo(lexicon)
    key = (lexicon, tuple(search_path()))
    if key not in _MEMOS:
        _MEMOS[key] = TileMemo(open_lexicon(lexicon))
    return _MEMOS[key]


def _same_tiles(lexicon: _Loaded, setup: Any) -> None:
    """Words are looked up in a lexicon of the game's own tiles, else an AdjudicateError."""
    from adjudicate.tiles import same_letters

    ruleset = setup.ruleset
    if not same_letters(lexicon.alphabet.name, ruleset.alphabet):
        from adjudicate.federations import playing
        from adjudicate.rules import ruleset_text

        # --rules reads the game with the lexicon's tiles only where a ruleset plays both sets
        # (the game's, a default it overrules; the lexicon's): never a German or Polish game.
        others = playing(lexicon.alphabet.name)
        rules = f" or --rules {' or --rules '.join(others)}" if others and playing(ruleset.alphabet) else ""
        raise AdjudicateError(
            f"lexicon {lexicon.id} is {lexicon.alphabet.name}, but the game is played with "
            f"{ruleset.alphabet} tiles ({ruleset_text(ruleset.name, setup.reason)}): give "
            f"{'an' if ruleset.alphabet[0] in 'aeiou' else 'a'} {ruleset.alphabet} --lexicon{rules}")


def correct(game: Game, rules: Rules = None, *, overrides: Mapping[str, object] | None = None,
            spelling: str | None = None, tiles: str | None = None, board: str | None = None) -> Corrected:
    """``game`` rewritten in canonical GCG with every number the rules give (``adjudicate
    correct``): ``.text``, and ``.changes`` (each with its ``line`` and ``note``).

    :raises CannotCorrect: faults that are not numbers, or a number the rules do not fix that the
        record's cumulative cannot show (``.line``: the first one's line).
    """
    from adjudicate.correction import correct_gcg

    setup = _setup(game.record, rules, overrides, spelling, tiles, board)
    return correct_gcg(setup)


class Lexicon:
    """An opened lexicon (:func:`open_lexicon`): ``word in lexicon`` for a word spelled as
    ``adjudicate challenge`` reads it (any case, accents folded, digraphs read greedily or in
    brackets: ``"CHARRO"``, ``"[CH]A[RR]O"``, ``"cel.la"``). A word that is not tiles of the
    lexicon's set raises :class:`~adjudicate.errors.NotTilesError`. ``lexicon``: the loaded
    :class:`adjudicate.lexicon.Lexicon` (``key in`` it takes tile keys)."""

    __slots__ = ("lexicon",)

    def __init__(self, lexicon: _Loaded) -> None:
        self.lexicon = lexicon

    @property
    def id(self) -> str:
        return self.lexicon.id

    @property
    def alphabet(self) -> str:
        """The tile set (``english``, ``spanish``, ``german``...: one of ``adjudicate/alphabets/``)."""
        return self.lexicon.alphabet.name

    def label(self) -> str:
        """The lexicon named as a verdict names it (name, edition, stand-in note)."""
        return self.lexicon.label()

    def as_dict(self) -> dict[str, object]:
        """What ``challenge --json`` says of it: id, name, edition, label, SHA-256, stand-in."""
        return self.lexicon.as_dict()

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            raise TypeError(f"a lexicon holds words (str), not {type(word).__name__}")
        from adjudicate.ruling import read_play

        return read_play([word], self.lexicon.alphabet)[0].key in self.lexicon

    def __repr__(self) -> str:
        return f"<Lexicon {self.id!r}: {self.label()}>"


def open_lexicon(name_or_path: str) -> Lexicon:
    """The lexicon with this id (``"en-kjxqz"``, ``"es-aosw"``, ``"ca-disc"``) or in this
    directory, as ``--lexicon`` finds it; its checksum is checked as it loads.

    :raises LexiconError: none such; LexiconCorruptError: its files do not match its manifest.
    """
    from adjudicate.lexicon import open_lexicon as load

    return Lexicon(load(name_or_path))


class Verdict(NamedTuple):
    """A challenge's verdict (:func:`challenge`): ``acceptable`` for the whole play, the
    ``lexicon`` it was judged in, the ``words`` as read (canonical labels, ``[CH]A[RR]O``)."""

    acceptable: bool
    lexicon: Lexicon
    words: tuple[str, ...]


def challenge(words: str | Iterable[str], rules: str | None = None,
              lexicon: str | None = None) -> Verdict:
    """Judge a challenged play, as ``adjudicate challenge``: 1 to 8 words (a string is split at
    blanks), acceptable only if every one is in the lexicon (``lexicon``, else the ruleset's;
    ``rules`` default naspa). Never says which word.

    :raises NotTilesError: a word that cannot be laid with the set's tiles (or of 1 or over 15
        tiles); WordCountError: no word, or more than 8; LexiconError.
    """
    from adjudicate.ruling import judge_play, open_for_play, play_words, read_play

    texts = play_words([words] if isinstance(words, str) else list(words))
    _, lex = open_for_play(rules, lexicon)
    typed = read_play(texts, lex.alphabet)
    ruling = judge_play(typed, lex)
    return Verdict(ruling.acceptable, Lexicon(lex), tuple(w.label for w in typed))


def endgame(rules: Rules, scores: Mapping[str, int], racks: Mapping[str, str] | None = None, *,
            went_out: str | None = None, ended: str | None = None,
            overrides: Mapping[str, object] | None = None,
            spelling: str | None = None, tiles: str | None = None) -> EndgameResult:
    """The end-of-game rack adjustment (``adjudicate endgame``): ``scores`` before it, in seating
    order; ``racks`` each player's unplayed tiles as typed (``"IQ"``, ``"?QU"``, ``"L·LA"``);
    exactly one of ``went_out`` (a player) and ``ended`` (``passes``, ``scoreless``,
    ``blocked``, ``time``); ``tiles``, the tile set when it is not the ruleset's (``german``).
    ``.players`` each one's adjustment and ``final``; ``.winners``.

    :raises AdjudicateError: a position that cannot be (see
        :func:`adjudicate.adjustments.rack_adjustments`); NotTilesError: a rack that is not tiles.
    """
    from adjudicate.adjustments import rack_adjustments, racks_alphabet
    from adjudicate.tiles import parse_typed_rack

    ruleset, _ = _ruleset(rules, overrides)
    alphabet = racks_alphabet(ruleset, tiles)
    parsed = {player: parse_typed_rack(text, alphabet, spelling) for player, text in (racks or {}).items()}
    return rack_adjustments(dict(scores), parsed, alphabet, ruleset, went_out=went_out,
                            ended=None if ended is None else ended.strip().lower())


def clock(rules: Rules, scores: Mapping[str, int], times: Mapping[str, str] | None = None, *,
          allotted: str | None = None,
          overrides: Mapping[str, object] | None = None) -> ClockResult:
    """Time penalties (``adjudicate clock``): ``scores`` and each player's clock at the end
    (``"-03:20"`` over, ``"+01:05"`` left; with ``allotted``, ``"28:20"`` the time used; a player
    left out had time left). ``.players`` each one's ``penalty``, ``forfeit``, ``final``.

    :raises AdjudicateError: a clock that cannot be read, 1 or more than 4 players.
    """
    from adjudicate.overtime import apply_clock, parse_clock, parse_duration

    ruleset, _ = _ruleset(rules, overrides)
    seconds = None if allotted is None else parse_duration(allotted, what="allotted")
    over = {player: parse_clock(text, allotted=seconds) for player, text in (times or {}).items()}
    return apply_clock(dict(scores), over, ruleset)


def ruleset(name: str) -> Ruleset:
    """The frozen :class:`~adjudicate.rules.Ruleset` called ``name`` or an alias (any case):
    every value, and in ``.sources`` where each comes from.

    :raises RulesError: no such ruleset.
    """
    from adjudicate.rules import find_ruleset

    return find_ruleset(name)


def _setup(record: GameRecord, rules: Rules, overrides: Mapping[str, object] | None,
           spelling: str | None, tiles: str | None, board: str | None) -> GameSetup:
    """The record set up for the replay (:func:`adjudicate.game.setup_game`): a ruleset's name
    (as ``--rules``) or the record's, its tiles (``--tiles``) and board (``--board``); a Ruleset
    given as it is (played with ``tiles`` when they are given), on the board the record or its
    tiles say."""
    from adjudicate.game import GameSetup, pick_board, setup_game

    if rules is None or isinstance(rules, str):
        return setup_game(record, rules=rules, overrides=overrides, spelling=spelling, tiles=tiles,
                          board=board)
    from adjudicate.board import get_layout

    ruleset, reason = _ruleset(rules, overrides, record)
    if tiles is not None:  # (was ignored: a Polish game under ruleset("wespa") counted as English)
        from adjudicate.rules import tile_set_named

        named = tile_set_named(tiles)
        ruleset = ruleset.replace(f"tiles={tiles}", alphabet=named)
        reason = f"{reason}; {named} tiles, from tiles={tiles}"
    return GameSetup(record, ruleset, reason, spelling, get_layout(pick_board(record, ruleset.alphabet, board)[0]))


def _ruleset(rules: Rules, overrides: Mapping[str, object] | None,
             record: GameRecord | None = None) -> tuple[Ruleset, str]:
    """The ruleset and why: a name (as ``--rules``), a Ruleset as given, else the record's."""
    from adjudicate.game import pick_ruleset

    if rules is None or isinstance(rules, str):
        return pick_ruleset(rules, overrides, record=record)
    from adjudicate.rules import GIVEN, apply_overrides

    return (apply_overrides(rules, dict(overrides)) if overrides else rules), GIVEN
