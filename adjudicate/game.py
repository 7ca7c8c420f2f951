"""A game record set up for adjudication: the ruleset it is adjudicated under, and why, the board
it was played on (:func:`pick_board`), and how its Spanish tiles are read. One home for what ``rescore`` and ``show`` (and any other reader of a
record) do before the replay: pick the ruleset (``--rules``, else what the record implies, else
naspa: :func:`~adjudicate.rules.choose_ruleset`), apply a tournament's ``--set`` overrides, and
carry the ``--spelling`` asked for (:func:`~adjudicate.replay.choose_spelling` decides with it);
and for ``--check-words``, the lexicon the words are looked up in (:func:`words_lexicon_name`).

>>> from adjudicate.gcg import read_gcg
>>> record = read_gcg(b"#lexicon FILE2017\\n#player1 ana Ana\\n#player2 beto Beto\\n")
>>> game = setup_game(record, overrides={"exchange_min_bag": 1})
>>> game.ruleset.name, game.ruleset.exchange_min_bag, game.reason
('fise', 1, "from the record's #lexicon FILE2017, with exchange_min_bag=1")
>>> pick_ruleset("MaTaM")[1]
'from --rules MaTaM'
"""

from __future__ import annotations

from copy import copy

from adjudicate.errors import RulesError
from adjudicate.rules import GIVEN, apply_overrides, choose_ruleset, find_ruleset
from adjudicate.tiles import same_letters, tile_set_facts

TYPE_CHECKING = False  # (typing is not imported to run, nor gcg: `endgame` and `clock` read no record)
if TYPE_CHECKING:
    from collections.abc import Mapping

    from adjudicate.board import Layout
    from adjudicate.gcg import GameRecord
    from adjudicate.rules import Ruleset
    from adjudicate.tiles import Alphabet

__all__ = ["GameSetup", "as_game", "pick_board", "pick_ruleset", "setup_game", "words_lexicon_name"]


class GameSetup:
    """A record, the ruleset it is adjudicated under and why (``reason``, as reports show it; it
    names the board too, when not the standard one or when ``--board`` gave it), the spelling
    asked for (``bracketed``, ``plain``, ``quackle``; None: what the record shows), and the board's
    ``layout`` (:func:`pick_board`). The spelling is decided here, once for every replay of the
    record: ``alphabet`` is the ruleset's tile set as the record spells it, ``spelling_reason`` why
    (:func:`~adjudicate.replay.choose_spelling`).
    """

    __slots__ = ("record", "ruleset", "reason", "spelling", "layout", "alphabet", "spelling_reason")

    def __init__(self, record: GameRecord, ruleset: Ruleset, reason: str,
                 spelling: str | None = None, layout: Layout | None = None) -> None:
        from adjudicate.board import STANDARD_LAYOUT
        from adjudicate.replay import choose_spelling
        from adjudicate.tiles import get_alphabet

        self.record, self.ruleset, self.reason, self.spelling = record, ruleset, reason, spelling
        self.layout = layout if layout is not None else STANDARD_LAYOUT
        self.alphabet: Alphabet
        self.spelling_reason: str | None
        self.alphabet, self.spelling_reason = choose_spelling(record, get_alphabet(ruleset.alphabet), spelling)

    def with_record(self, record: GameRecord) -> GameSetup:
        """The same choices for ``record``, the same game with other numbers (a correction's)."""
        game = copy(self)
        game.record = record
        return game

    def __repr__(self) -> str:
        return (f"GameSetup({self.record.name!r}, {self.ruleset!r}, reason={self.reason!r}, "
                f"spelling={self.spelling!r}, layout={self.layout.name!r})")


def as_game(record: GameRecord | GameSetup, ruleset: Ruleset | None = None, *, reason: str | None = None,
            spelling: str | None = None, layout: Layout | None = None) -> GameSetup:
    """What the functions under the commands take (:func:`~adjudicate.recount.rescore_game`,
    :func:`~adjudicate.show.show_event`, :func:`~adjudicate.canonical.canonical_gcg`,
    :func:`~adjudicate.correction.correct_gcg`): a :class:`GameSetup` as it is (its choices made
    once, by :func:`setup_game`: give none of the others), else ``record`` under ``ruleset``
    (default: the one the record implies, :func:`~adjudicate.rules.choose_ruleset`) with
    ``reason``, ``spelling`` and ``layout`` as given (default: the board the record and its tile
    set imply, :func:`pick_board`).

    :raises TypeError: a GameSetup given with a choice of its own.
    """
    if isinstance(record, GameSetup):
        if ruleset is not None or reason is not None or spelling is not None or layout is not None:
            raise TypeError("a GameSetup carries its ruleset, reason, spelling and layout: give none")
        return record
    if ruleset is None:
        ruleset, reason = choose_ruleset(record)
    if layout is None:
        from adjudicate.board import get_layout

        layout = get_layout(pick_board(record, ruleset.alphabet)[0])
    return GameSetup(record, ruleset, reason or GIVEN, spelling, layout)


def pick_ruleset(rules: str | None = None, overrides: Mapping[str, object] | None = None, *,
                 record: GameRecord | None = None, tiles: str | None = None) -> tuple[Ruleset, str]:
    """The ruleset and why: ``rules`` (a name or alias, any case), else the one ``record``
    implies, else naspa, played with the record's tile set (``tiles``: ``--tiles``, else what the
    record shows: :func:`~adjudicate.rules.choose_ruleset`); then ``overrides`` (typed, from :func:`~adjudicate.rules.parse_overrides`),
    which the reason lists.

    :raises RulesError: an unknown ruleset (an empty name too: never the record's), an override
        the ruleset cannot take.
    """
    if rules == "":
        find_ruleset(rules)  # (raises: an empty name is never the record's)
    ruleset, reason = choose_ruleset(record, rules, tiles=tiles)
    if overrides:
        ruleset = apply_overrides(ruleset, dict(overrides))
        reason += ", with " + ", ".join(f"{k}={v}" for k, v in overrides.items())
    return ruleset, reason


def pick_board(record: GameRecord, tiles: str, board: str | None = None) -> tuple[str, str]:
    """The shipped board (:data:`~adjudicate.board.LAYOUT_NAMES`) a record was played on, and
    why (``""``: the standard board, by default): ``board`` (``--board``), else the record's
    ``#board-layout`` (Woogles' ``CrosswordGame``, ``SuperCrosswordGame``), else the board its tile
    set (``tiles``) is played on (its data file's ``@layout``: ``english_super`` is Super
    Scrabble's 21x21), else the standard 15x15.

    >>> from adjudicate.gcg import read_gcg
    >>> pick_board(read_gcg(b"#player1 a A\\n#player2 b B\\n"), "english_super")
    ('super', 'from the english_super tiles')

    :raises RulesError: a board we do not ship.
    """
    from adjudicate.board import LAYOUT_NAMES, find_layout

    known = ", ".join(LAYOUT_NAMES)
    if board is not None:
        found = find_layout(board)
        if found is None:
            raise RulesError(f"--board {board}: unknown board (known: {known})")
        return found, f"from --board {board}"
    if record.board_layout:
        found = find_layout(record.board_layout)
        if found is None:
            raise RulesError(f"{record.name}: the record's #board-layout {record.board_layout} is a board we do not "
                             f"ship (known: {known})")
        return found, f"from the record's #board-layout {record.board_layout}"
    implied = tile_set_facts(tiles).get("layout")
    if implied:
        return implied, f"from the {tiles} tiles"
    return "standard", ""


def setup_game(record: GameRecord, *, rules: str | None = None,
               overrides: Mapping[str, object] | None = None,
               spelling: str | None = None, tiles: str | None = None,
               board: str | None = None) -> GameSetup:
    """``record`` set up for adjudication (see :func:`pick_ruleset` and :func:`pick_board`; the
    tile set ``tiles``, the board ``board``, as ``--tiles`` and ``--board`` give them): what
    :func:`~adjudicate.recount.rescore_game` and :func:`~adjudicate.show.show_event` take."""
    from adjudicate.board import get_layout

    ruleset, reason = pick_ruleset(rules, overrides, record=record, tiles=tiles)
    name, why = pick_board(record, ruleset.alphabet, board)
    if why and (name != "standard" or board is not None):
        reason += f"; board {name}, {why}"
    return GameSetup(record, ruleset, reason, spelling, get_layout(name))


def words_lexicon_name(game: GameSetup, given: str | None = None) -> str:
    """The lexicon a game's words are looked up in (``rescore --check-words``): ``given`` (an id
    or a directory: ``--lexicon``), else the first installed lexicon of the game's tiles that
    answers to the record's ``#lexicon`` (its id or name, any case:
    :func:`~adjudicate.lexicon.store.lexicon_answering`), else the ruleset's default when it is of
    the game's letters, else the shipped lexicon of them (a German record under WESPA's rules:
    ``de-wngerman``; docs/decisions.md §19), else the ruleset's default (the check of words then
    asks for a lexicon of the game's tiles)."""
    if given is not None:
        return given
    from adjudicate.lexicon.store import lexicon_alphabet, lexicon_answering, shipped_lexicon_for

    tile_set = game.ruleset.alphabet
    if game.record.lexicon:
        found = lexicon_answering(game.record.lexicon, tile_set)
        if found is not None:
            return found
    default = game.ruleset.default_lexicon
    if same_letters(lexicon_alphabet(default) or tile_set, tile_set):
        return default  # (one that does not read is opened, and says why)
    return shipped_lexicon_for(tile_set) or default

