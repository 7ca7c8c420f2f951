"""Judging a challenged play: one verdict for the whole play, never which word.

On the start-up fast path (see docs/ARCHITECTURE.md): plain classes, no heavy imports.
"""

from __future__ import annotations

from adjudicate.errors import UnknownTileError
from adjudicate.tiles import Alphabet, board_spellings, check_length, format_word, naming_lexicons, parse_word, to_key

TYPE_CHECKING = False  # (typing is kept off the start-up path of `challenge`)
if TYPE_CHECKING:
    from collections.abc import Container

    from adjudicate.lexicon import Lexicon

MAX_WORDS = 8  # a play forms at most one main word and seven cross words

# The verdict in the ruleset's language: (acceptable, unacceptable).
VERDICTS = {
    "en": ("ACCEPTABLE", "UNACCEPTABLE"),
    "es": ("VÁLIDA", "NO VÁLIDA"),
    "ca": ("VÀLIDA", "NO VÀLIDA"),
}


class TypedWord:
    """A challenged word as typed, and as tiles: ``text`` as typed, ``label`` canonical, ``key``;
    ``board``: the board spellings it was typed with (``Q = QU``; see ``tiles.parse_word``)."""

    __slots__ = ("text", "label", "key", "board")

    def __init__(self, text: str, label: str, key: str, board: list[str] | None = None) -> None:
        self.text, self.label, self.key = text, label, key
        self.board = board or []

    def __repr__(self) -> str:
        return f"TypedWord({self.text!r}, {self.label!r}, {self.key!r})"


class Ruling:
    """The judgement of a play: ``acceptable`` for the whole play; ``valid`` per word (directors only)."""

    __slots__ = ("words", "valid", "acceptable")

    def __init__(self, words: tuple[TypedWord, ...], valid: tuple[bool, ...]) -> None:
        self.words = words
        self.valid = valid
        self.acceptable = all(valid)

    def verdict(self, lang: str = "en") -> str:
        yes, no = VERDICTS.get(lang, VERDICTS["en"])
        return yes if self.acceptable else no

    def __repr__(self) -> str:
        return f"Ruling(acceptable={self.acceptable}, words={[w.label for w in self.words]})"


def open_for_play(rules: str | None, lexicon: str | None) -> tuple[str, Lexicon]:
    """The ruleset (its name) and the lexicon a play is judged with (``challenge``, ``judge``).

    ``rules`` (default naspa) picks the tile set and the default lexicon; ``lexicon`` overrides it.
    When both are given, a lexicon of another federation's own tile set is refused (the rules and
    the words disagree); one of a set no federation plays (German, Polish...) is judged under the
    ruleset given, as ``rescore`` plays such a record (docs/decisions.md §19). An empty name (a
    script's unset variable) is an error, never the default. Raises AdjudicateError.
    """
    from adjudicate.errors import AdjudicateError
    from adjudicate.federations import federation_name, playing, value
    from adjudicate.lexicon import open_lexicon

    name = federation_name("naspa" if rules is None else rules)
    lex = open_lexicon(str(value(name, "default_lexicon")) if lexicon is None else lexicon)
    alphabet, tiles = value(name, "alphabet"), lex.alphabet.name
    owners = playing(tiles)
    if rules and lexicon and tiles != alphabet and owners:
        raise AdjudicateError(
            f"lexicon {lex.id} is {tiles}, but --rules {name} plays {alphabet} tiles "
            f"(--rules {' or --rules '.join(owners)} plays {tiles})"
        )
    return name, lex


def play_words(texts: list[str] | tuple[str, ...]) -> list[str]:
    """The words of one play from what was typed: each text split at blanks, so one argument may
    hold several words (``challenge "QI ZA"``, the judge's line ``QI ZA``). Only blanks separate
    words: a comma is not a tile, so ``QI,ZA`` is refused by :func:`read_play` naming the comma.

    Raises AdjudicateError for a text with no word among several (a script's unset variable:
    judging the others alone could accept a play that is not), WordCountError for no word or more
    than MAX_WORDS words: a play forms 1 to 8.

    >>> play_words(["QI ZA", "ox"])
    ['QI', 'ZA', 'ox']
    """
    from adjudicate.errors import AdjudicateError, WordCountError

    words: list[str] = []
    for number, text in enumerate(texts, 1):
        found = text.split()
        if not found and len(texts) > 1:
            raise AdjudicateError(f"word {number} of {len(texts)} is empty: every word of the play is needed")
        words += found
    if not words:
        raise WordCountError(f"no word in the play: a play forms 1 to {MAX_WORDS} words", 0)
    if len(words) > MAX_WORDS:
        raise WordCountError(f"{len(words)} words: a play forms at most {MAX_WORDS}", len(words))
    return words


def read_play(words: list[str] | tuple[str, ...], alphabet: Alphabet) -> tuple[TypedWord, ...]:
    """Read typed words as tiles (any case, accents folded, digraphs greedy).

    Raises UnknownTileError for a word that cannot be laid with the set's tiles, or that has
    fewer than 2 or more than 15 tiles: that is a usage error, not an unacceptable play.

    >>> from adjudicate.tiles import get_alphabet
    >>> [w.label for w in read_play(["charro", "ñandú"], get_alphabet("spanish"))]
    ['[CH]A[RR]O', 'ÑANDU']
    """
    out = []
    for text in words:
        try:
            tiles = parse_word(text, alphabet, typed=True)
        except UnknownTileError as err:
            raise _with_lexicons(err) from None
        check_length(text, tiles)
        board = board_spellings(text, alphabet) if alphabet.board_forms else []
        out.append(TypedWord(text, format_word(tiles, alphabet), to_key(tiles, alphabet), board))
    return tuple(out)


def _with_lexicons(err: UnknownTileError) -> UnknownTileError:
    """A typed letter of another tile set, naming the shipped lexicons of the sets it is a tile of
    (``give --lexicon de-wngerman``): the judge who forgot ``--lexicon`` is told which to give."""
    if err.kind != "other_set":
        return err
    from adjudicate.lexicon.store import shipped_lexicon_for

    others = err.params.get("others", ())
    found = (shipped_lexicon_for(str(name)) for name in (others if isinstance(others, tuple) else ()))
    return naming_lexicons(err, tuple(dict.fromkeys(name for name in found if name)))


def judge_play(words: tuple[TypedWord, ...], lexicon: Container[str]) -> Ruling:
    """The ruling on a play whose words were read by :func:`read_play`.

    ``lexicon`` is anything that answers ``key in lexicon`` (an ``adjudicate.lexicon.Lexicon``).
    """
    return Ruling(words, tuple(w.key in lexicon for w in words))
