"""Tile sets and the notations that spell tiles.

A tile is a small int: ``1..n`` are the letters of an alphabet (digraphs included, one code per
tile), ``BLANK`` (0) is an undesignated blank on a rack, a designated blank is ``code | BLANK_BIT``
and ``PLAYED_THROUGH`` (-1) is a square already on the board. In a play, a letter written inside
parentheses, ``MID(LI)ST``, is a played-through letter whose value is known: ``code | THROUGH_BIT``.

Three readers, one per context (like wolges' ``AlphabetReader``):

* :func:`parse_word` reads a *spelled* word: a challenged word, a word-list entry. Case is ignored,
  accents are folded (``Ñ`` and ``Ç`` are kept where they are tiles; in a typed word, every tile
  of another set but the set's ``@folds``), a letter the language writes as two tiles is read as
  them (``@written``: German ``ß`` is ``SS``; docs/decisions.md §20), digraphs are read greedily
  (Spanish ``CH LL RR``; Catalan ``L·L NY QU``, with ``L.L`` and ``ŀl`` for ``L·L``), bracketed labels
  (``[CH]``) and the Spanish digit aliases ``1 2 3`` are accepted. The Catalan one-letter aliases
  ``W Y Q K`` are *not*: in a spelling they are real letters, which the Catalan set lacks.
* :func:`parse_tiles` reads *game-record notation*: uppercase is a natural tile, lowercase a blank,
  ``.`` a played-through square, every alias accepted, and a mixed-case digraph (``Ch``, ``L·l``)
  rejected as ambiguous.
* :func:`parse_rack` reads a rack: ``?`` is a blank, case is ignored, every alias accepted.

Writers (:func:`format_word`, :func:`format_tiles`, :func:`format_rack`) always use the canonical
labels, and ``parse(format(x)) == x``.

>>> sp = get_alphabet("spanish")
>>> format_word(parse_word("Charro", sp), sp)
'[CH]A[RR]O'
>>> ca = get_alphabet("catalan")
>>> format_word(parse_word("cel.la", ca), ca) == format_word(parse_word("CEL·LA", ca), ca) == "CEL·LA"
True
>>> format_tiles(parse_tiles("[ch]I.O", sp), sp)
'[ch]I.O'
"""

from __future__ import annotations

import os
from operator import itemgetter

from adjudicate.errors import AdjudicateError, UnknownTileError

BLANK = 0
BLANK_BIT = 0x80
THROUGH_BIT = 0x100
PLAYED_THROUGH = -1
LETTER_MASK = 0x7F

# Every tile set is a data file, alphabets/NAME.tsv (no code knows a language): a new set is a file.
_ALPHABETS_DIR = os.path.join(os.path.dirname(__file__), "alphabets")
ALPHABET_NAMES = tuple(sorted(name[:-4] for name in os.listdir(_ALPHABETS_DIR) if name.endswith(".tsv")))

# How a game record writes the digraph tiles whose letters are tiles too (Spanish CH LL RR; docs/decisions.md
# §10): Macondo and Woogles bracket them (`[LL]`; an unbracketed `LL` is two L tiles); a record
# typed by hand spells them plainly (`CALLE` is CA[LL]E); some Spanish Quackle builds write them in
# lowercase, racks included (`AALORVll`). Name -> how a report says it.
BRACKETED, PLAIN, QUACKLE = "bracketed", "plain", "quackle"
SPELLINGS = {
    BRACKETED: "bracketed digraphs",
    PLAIN: "plain spelling",
    QUACKLE: "Quackle lowercase digraphs",
}
MAX_TILES = 15
MIN_TILES = 2

# Spellings of the middle dot (and the dot-less forms) that mean Catalan L·L in a spelled word.
# (ŀ, U+0140, is "l with middle dot": "ŀl" is l·l; "lŀl", ŀ used as the dot alone, is written too.)
_ELA_GEMINADA = ("L·L", "L.L", "ĿL", "LĿL", "L∙L", "L‧L", "L•L")
_ELA_TILE_NOTATION = ("L·L", "ĿL", "LĿL", "L∙L", "L‧L", "L•L")
# Letters that are letters, not accented letters: in a word list, folded only where the language has
# neither (English spells PINATA and FACADE); in Spanish a Ç, in Catalan an Ñ, is a letter the set
# lacks. A typed word goes further (docs/decisions.md §20): a letter that is a tile of another set
# and not of this one is kept, so refused, unless the set's @folds writes it as an accent.
_NOT_ACCENTS = frozenset("ÑÇ")

# Why a word cannot be read as tiles, in each language of the verdicts: kind -> text, filled in with
# the error's ``params``. English is the library's (``UnknownTileError.reason``); the judge's
# session says the reason in its own language (:func:`tile_reason`).
TILE_REASONS: dict[str, dict[str, str]] = {
    "en": {
        "not_in_set": "{letter} is not a tile of the {set} set",
        "outside_digraph": "{letter} is not a Catalan tile outside {tile}",
        "alias_only": "{letter} is not a Catalan tile ({letter} stands for {tile} only in tile notation)",
        "no_tile_here": "{letter} does not make a tile here",
        "empty": "empty word",
        "too_many": "{count} tiles: a word has at most {limit}",
        "too_few": "{count} tile: a word has at least {limit}",
        "ambiguous": "'{piece}' is ambiguous: write {upper} or {lower}",
        "other_set": "{letter} is not a tile of the {set} set (it is a tile of the {others} set: "
                     "for a game of those tiles, give its --lexicon)",
        "other_set_lexicon": "{letter} is not a tile of the {set} set (it is a tile of the {others} set: "
                             "for a game of those tiles, give --lexicon {lexicons})",
    },
    "es": {
        "not_in_set": "{letter} no es una ficha del juego {set}",
        "outside_digraph": "{letter} no es una ficha catalana fuera de {tile}",
        "alias_only": "{letter} no es una ficha catalana ({letter} representa {tile} solo en la notación de fichas)",
        "no_tile_here": "{letter} no forma una ficha aquí",
        "empty": "palabra vacía",
        "too_many": "{count} fichas: una palabra tiene como máximo {limit}",
        "too_few": "{count} ficha: una palabra tiene como mínimo {limit}",
        "ambiguous": "'{piece}' es ambiguo: escriba {upper} o {lower}",
        "other_set": "{letter} no es una ficha del juego {set} (es una ficha del juego {others}: "
                     "para una partida con esas fichas, indique su --lexicon)",
        "other_set_lexicon": "{letter} no es una ficha del juego {set} (es una ficha del juego {others}: "
                             "para una partida con esas fichas, indique --lexicon {lexicons})",
    },
    "ca": {
        "not_in_set": "{letter} no és una fitxa del joc {set}",
        "outside_digraph": "{letter} no és una fitxa catalana fora de {tile}",
        "alias_only": "{letter} no és una fitxa catalana ({letter} representa {tile} només en la notació de fitxes)",
        "no_tile_here": "{letter} no forma cap fitxa aquí",
        "empty": "paraula buida",
        "too_many": "{count} fitxes: una paraula té com a màxim {limit}",
        "too_few": "{count} fitxa: una paraula té com a mínim {limit}",
        "ambiguous": "'{piece}' és ambigu: escriviu {upper} o {lower}",
        "other_set": "{letter} no és una fitxa del joc {set} (és una fitxa del joc {others}: "
                     "per a una partida amb aquestes fitxes, indiqueu-ne el --lexicon)",
        "other_set_lexicon": "{letter} no és una fitxa del joc {set} (és una fitxa del joc {others}: "
                             "per a una partida amb aquestes fitxes, indiqueu --lexicon {lexicons})",
    },
}
# The tile sets' names in those texts.
SET_NAMES = {
    "en": {"english": "English", "spanish": "Spanish", "catalan": "Catalan", "german": "German",
           "french": "French", "polish": "Polish", "norwegian": "Norwegian", "slovene": "Slovene",
           "swedish": "Swedish", "english_super": "English Super Scrabble"},
    "es": {"english": "inglés", "spanish": "español", "catalan": "catalán", "german": "alemán",
           "french": "francés", "polish": "polaco", "norwegian": "noruego", "slovene": "esloveno",
           "swedish": "sueco", "english_super": "inglés de Super Scrabble"},
    "ca": {"english": "anglès", "spanish": "castellà", "catalan": "català", "german": "alemany",
           "french": "francès", "polish": "polonès", "norwegian": "noruec", "slovene": "eslovè",
           "swedish": "suec", "english_super": "anglès de Super Scrabble"},
}
# How those texts join the names of several sets (``others``: "German or Swedish").
_OR = {"en": " or ", "es": " o ", "ca": " o "}


def _named(params: dict[str, object], lang: str) -> dict[str, object]:
    """``params`` with the set names (``set``, ``others``) as ``lang``'s texts say them."""
    names = SET_NAMES.get(lang, {})
    shown = dict(params)
    if "set" in shown:
        shown["set"] = names.get(str(shown["set"]), shown["set"])
    if "others" in shown and isinstance(shown["others"], tuple):
        shown["others"] = _OR.get(lang, " or ").join(names.get(str(n), str(n)) for n in shown["others"])
    if "lexicons" in shown and isinstance(shown["lexicons"], tuple):
        shown["lexicons"] = (_OR.get(lang, " or ") + "--lexicon ").join(str(n) for n in shown["lexicons"])
    return shown


def _refused(text: str, index: int, kind: str, **params: object) -> UnknownTileError:
    """The error for ``text`` refused at ``index`` for ``kind`` (:data:`TILE_REASONS`)."""
    return UnknownTileError(text, index, TILE_REASONS["en"][kind].format(**_named(params, "en")), kind=kind,
                            params=params)


def naming_lexicons(err: UnknownTileError, lexicons: tuple[str, ...]) -> UnknownTileError:
    """``err``, a typed letter of another set (kind ``other_set``), naming the ``lexicons`` of
    those sets that ship (``give --lexicon de-wngerman``); ``err`` itself when none ships."""
    if err.kind != "other_set" or not lexicons:
        return err
    return _refused(err.text, err.index, "other_set_lexicon", **err.params, lexicons=lexicons)


def tile_reason(err: UnknownTileError, lang: str) -> str:
    """Why ``err``'s word cannot be read as tiles, in ``lang`` (``en``, ``es``, ``ca``); the English
    ``reason`` for an error of no kind or a language without texts.

    >>> try:
    ...     parse_word("kiwi", get_alphabet("spanish"))
    ... except UnknownTileError as err:
    ...     tile_reason(err, "es"), tile_reason(err, "en") == err.reason
    ('K no es una ficha del juego español', True)
    """
    texts = TILE_REASONS.get(lang)
    if not err.kind or texts is None:
        return err.reason
    return texts[err.kind].format(**_named(err.params, lang))


class TileInfo:
    """One row of a tile set: label, DAWG key character, count in the bag, score, aliases.

    (A plain class, not a dataclass: ``challenge`` must start fast, and dataclasses costs ~20 ms.)
    """

    __slots__ = ("label", "key", "count", "score", "aliases")

    def __init__(self, label: str, key: str, count: int, score: int, aliases: tuple[str, ...] = ()):
        self.label, self.key, self.count, self.score, self.aliases = label, key, count, score, aliases

    def __repr__(self) -> str:
        return f"TileInfo({self.label!r}, {self.key!r}, {self.count}, {self.score}, {self.aliases!r})"


def _tile_forms(tiles: tuple[TileInfo, ...], bare: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Form -> tile code, for the letters of ``tiles`` (``bare``: each label without brackets): the
    forms a word may be spelled with (``spelled``), and those a game record writes (``natural``)."""
    spelled: dict[str, int] = {}
    natural: dict[str, int] = {}
    for code in range(1, len(tiles)):
        info = tiles[code]
        # Brackets only around a multi-letter tile ([CH]): a bracketed single letter would let
        # "[C]H" spell C then H, which every writer spells CH, and every reader reads as [CH].
        forms = {info.label, bare[code]} | ({f"[{bare[code]}]"} if len(bare[code]) > 1 else set())
        if bare[code] == "L·L":
            forms.update(_ELA_TILE_NOTATION)
            forms.update(f"[{f}]" for f in _ELA_TILE_NOTATION)
        for form in forms:
            natural[form] = code
        spelled_forms = set(forms)
        if bare[code] == "L·L":
            spelled_forms.update(_ELA_GEMINADA)
        for alias in info.aliases:
            natural[alias] = code
            if not alias.isalpha():  # a digit alias is never a letter: safe in a spelling
                spelled_forms.add(alias)
        for form in spelled_forms:
            spelled[form] = code
    return spelled, natural


def _in_spelling(spelling: str, digraphs: dict[str, int], natural: dict[str, int], blank: dict[str, int],
                 rack: dict[str, int]) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """The tables that read a record's plays (``natural``), blanks and racks, for ``spelling``
    (``digraphs``: the tiles a spelling decides, :attr:`Alphabet.digraphs`)."""
    if spelling != PLAIN:
        # Unbracketed digraphs (CH, ch) are two tiles; brackets and digit aliases stay the tile.
        natural = {f: c for f, c in natural.items() if f not in digraphs}
        blank = {f: c for f, c in blank.items() if f.upper() not in digraphs}
        rack = {f: c for f, c in rack.items() if f not in digraphs}
    if spelling == QUACKLE:
        # Natural digraph tiles in lowercase (`llORA`, rack `AALORVll`); a blank is `?` on a
        # rack and a lowercase single letter (or a bracketed `[ll]`) on the board.
        for form, code in digraphs.items():
            natural[form.lower()] = code
            rack[form.lower()] = code
        for form, code in list(rack.items()):
            rack.setdefault(form.lower(), code)
    return natural, blank, rack


class Alphabet:
    """A tile set. ``tiles[0]`` is the blank; ``tiles[code]`` the letter with that code."""

    def __init__(self, name: str, tiles: tuple[TileInfo, ...], spelling: str = PLAIN, *,
                 language: str = "", board: dict[str, str] | None = None,
                 vowels: tuple[str, ...] = (), folds: tuple[str, ...] = (),
                 written: dict[str, str] | None = None) -> None:
        self.name = name
        # @folds: the letters of other sets a typed word folds as accents (Spanish Ü); @written: letters
        # no tile is, and the tiles the language writes them with (German ß as SS). decisions.md §20.
        self.folds, self.written = folds, written or {}
        # The tiles that are vowels (@vowels; the digraph tiles are consonants: QU, NY, L·L).
        self.vowels = frozenset(code for code, info in enumerate(tiles) if info.label in vowels)
        self.language = language  # of the verdicts and word lists (the data file's @language)
        self._board = board or {}
        self.tiles = tiles
        self.labels: tuple[str, ...] = tuple(t.label for t in tiles)
        self.scores: tuple[int, ...] = tuple(t.score for t in tiles)
        self.keys: tuple[str, ...] = tuple(t.key for t in tiles)
        # DAWG key by tile code, a designated blank (code | BLANK_BIT) read as its letter.
        self._code_keys = {c | b: t.key for c, t in enumerate(tiles) if c for b in (0, BLANK_BIT)}
        self.size = len(tiles) - 1  # letters, blank excluded
        self._code_of_key = {t.key: code for code, t in enumerate(tiles) if code}
        bare = [t.label.strip("[]") for t in tiles]
        # Canonical blank labels: lowercase of the label ("[ch]", "l·l", "ñ").
        self.blank_labels: tuple[str, ...] = tuple(t.label.lower() for t in tiles)
        # What format_word writes of each code: a tile (a blank standing for a letter lowercase),
        # a played-through square, a tile written as played through.
        on_board = {c | b: label for c, t in enumerate(tiles)
                    for b, label in ((0, t.label), (BLANK_BIT, t.label.lower()))}
        self._code_labels: dict[int, str] = {PLAYED_THROUGH: ".", **on_board, **{
            code | THROUGH_BIT: f"({label})" for code, label in on_board.items()}}
        # Characters of the set that accent folding must keep (Ñ in Spanish, Ç in Catalan).
        self._kept = frozenset(b for b in bare[1:] if len(b) == 1 and not b.isascii())
        if self._kept:  # a set with letters of its own (Spanish, Catalan) folds no Ñ or Ç
            self._kept |= _NOT_ACCENTS
        self._own = frozenset(b for b in bare[1:] if len(b) == 1)
        self._kept_typed: frozenset[str] | None = None  # (fold's kept letters in a typed word: _typed_kept)

        spelled, natural = _tile_forms(tiles, bare)
        blank = {form.lower(): code for form, code in natural.items() if form.lower() != form}
        self._spelled = spelled
        self.word_forms = spelled  # (read-only) what parse_word reads, form -> code: word-list readers
        # Forms a word typed as the board shows it may use (@board: Catalan Q for the QU tile).
        self.board_forms = {form: spelled[label] for form, label in self._board.items()}
        self._typed = {**self.board_forms, **spelled}
        self._max_len = max(len(f) for f in spelled)
        self._written: dict[str, tuple[int, ...]] = {}  # a letter of @written -> its tiles (ß -> S S)
        self._written.update((letter, tuple(self._greedy(upper(text), spelled, text, what="word")))
                             for letter, text in self.written.items())
        rack = dict(natural)
        rack["?"] = BLANK
        # A rack is typed too (`endgame B=280:L.L`): the spellings docs/format.md §3 accepts, L.L and QÜ.
        for form, code in spelled.items():
            rack.setdefault(form, code)
        if "QU" in natural:
            rack["QÜ"] = natural["QU"]
        # Digraph tiles whose letters are each a tile of the set (Spanish CH LL RR; not Catalan NY,
        # QU, L·L): written without brackets, such a tile and its two letters look alike, so a
        # record must say which it means (its spelling, SPELLINGS). Label without brackets -> code.
        single = {bare[c] for c in range(1, len(tiles)) if len(bare[c]) == 1}
        self.digraphs: dict[str, int] = {
            bare[c]: c for c in range(1, len(tiles))
            if len(bare[c]) > 1 and all(ch in single for ch in bare[c])
        }
        # The labels of more than one letter, as a record's `#tile` lines declare them.
        self.multichar_labels = tuple(info.label for info in tiles[1:] if len(info.label.strip("[]")) > 1)
        self.spelling = spelling if self.digraphs else PLAIN
        natural, blank, rack = _in_spelling(self.spelling, self.digraphs, natural, blank, rack)
        # The tables that read game-record notation (plays, racks) in this spelling.
        self._natural = natural
        self._blank = blank
        self._multi = frozenset(f for f in natural if len(f) > 1)
        self._rack = rack
        self._cased_rack = self.spelling == QUACKLE  # a rack's case means something there
        # Fast path of parse_tiles: text made only of one-character labels (all English words).
        self._single = {f: c for f, c in natural.items() if len(f) == 1}
        self._single.update({f: c | BLANK_BIT for f, c in blank.items() if len(f) == 1})
        self._single["."] = PLAYED_THROUGH
        self._rack_single = {f: c for f, c in rack.items() if len(f) == 1}
        self._multi_start = frozenset(f[0] for f in (*natural, *blank) if len(f) > 1) | {"(", ")"}
        self._rack_multi_start = frozenset(f[0] for f in rack if len(f) > 1)
        self._rack_bytes = _rack_bytes(self)  # the fast path of parse_rack

    def spelled(self, spelling: str) -> Alphabet:
        """This tile set as a game record in ``spelling`` writes it (one of :data:`SPELLINGS`).

        Only the reading of plays and racks differs (:func:`parse_tiles`, :func:`parse_rack`);
        labels, values and keys are the same. A set with no :attr:`digraphs` (English, Catalan)
        reads one way only and is its own spelling of every kind.

        >>> sp = get_alphabet("spanish")
        >>> [format_rack(parse_rack("ACHLLOS", sp.spelled(s)), sp) for s in SPELLINGS]
        ['ACHLLOS', 'A[CH][LL]OS', 'ACHLLOS']
        >>> format_tiles(parse_tiles("llORa", sp.spelled(QUACKLE)), sp)
        '[LL]ORa'
        """
        if spelling not in SPELLINGS:
            raise ValueError(f"unknown spelling {spelling!r} (known: {', '.join(SPELLINGS)})")
        if spelling == self.spelling or not self.digraphs:
            return self
        key = (self.name, self.tiles, spelling)
        other = _SPELLED.get(key)
        if other is None:
            vowels = tuple(self.labels[code] for code in self.vowels)
            other = _SPELLED[key] = Alphabet(self.name, self.tiles, spelling, language=self.language,
                                             board=self._board, vowels=vowels, folds=self.folds,
                                             written=self.written)
        return other

    def __repr__(self) -> str:
        return f"get_alphabet({self.name!r})"

    # -- values ------------------------------------------------------------------------------
    def score(self, tile: int) -> int:
        """Face value of a tile: 0 for a blank, designated or not."""
        if tile <= 0 or tile & BLANK_BIT:
            return 0
        return self.scores[tile & LETTER_MASK]

    def rack_value(self, rack: tuple[int, ...] | list[int]) -> int:
        """The face values of a rack's tiles added up (:meth:`score` of each)."""
        return sum(self.score(t) for t in rack)

    def is_letter(self, text: str) -> bool:
        return text in self._natural

    # -- reading -----------------------------------------------------------------------------
    def _typed_kept(self) -> frozenset[str]:
        """The letters :func:`fold` keeps in a typed word: the set's own, and every tile of another
        set that the language does not write as an accent (its @folds)."""
        if self._kept_typed is None:
            foreign = frozenset(_tile_sets_of()) - self._own - frozenset(self.folds)
            self._kept_typed = frozenset(c for c in self._own if not c.isascii()) | foreign
        return self._kept_typed

    def _greedy(self, text: str, table: dict[str, int], original: str, *, what: str) -> list[int]:
        """``text`` read as tiles, longest form first; ``what``: ``word`` (a word list's), ``typed``
        (a word typed), ``rack``."""
        out: list[int] = []
        i, n, max_len = 0, len(text), self._max_len
        while i < n:
            for length in range(min(max_len, n - i), 0, -1):
                code = table.get(text[i : i + length])
                if code is not None:
                    out.append(code)
                    i += length
                    break
            else:
                if text[i] in self._written and what != "rack":
                    out += self._written[text[i]]
                    i += 1
                    continue
                kind, params = self._why_not(text, i, what)
                raise _refused(original, i, kind, **params)
        return out

    def _why_not(self, text: str, i: int, what: str) -> tuple[str, dict[str, object]]:
        """Why ``text[i]`` is no tile: a kind of :data:`TILE_REASONS` and its parameters."""
        ch = text[i]
        if what == "typed" and ch in _tile_sets_of():
            others = tuple(name for name in _tile_sets_of()[ch] if name != self.name)
            return "other_set", {"letter": ch, "set": self.name, "others": others}
        if self.name == "catalan" and ch in "WYQK" and what in ("word", "typed"):
            if ch in "YQ":
                return "outside_digraph", {"letter": ch, "tile": {"Y": "NY", "Q": "QU"}[ch]}
            return "alias_only", {"letter": ch, "tile": {"W": "L·L", "K": "Ç"}[ch]}
        if ch == "·" or ch == ".":
            return "no_tile_here", {"letter": repr(ch)}
        shown = repr(ch) if not ch.isprintable() or ch.isspace() else ch
        return "not_in_set", {"letter": shown, "set": self.name}


_ALPHABETS: dict[str, Alphabet] = {}
_SPELLED: dict[tuple[str, tuple[TileInfo, ...], str], Alphabet] = {}  # Alphabet.spelled's
_DATA: dict[str, tuple[dict[str, str], list[TileInfo]]] = {}  # by name: _data's


def _data(name: str) -> tuple[dict[str, str], list[TileInfo]]:
    """The facts (``@key value`` lines) and the tiles of the data file of the tile set called
    ``name``, read once."""
    if name not in _DATA:
        facts: dict[str, str] = {}
        rows: list[TileInfo] = []
        with open(os.path.join(_ALPHABETS_DIR, f"{name}.tsv"), encoding="utf-8") as handle:
            text = handle.read()
        for line in text.splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if line.startswith("@"):
                facts[fields[0][1:]] = fields[1]
                continue
            aliases = tuple(fields[4].split()) if len(fields) > 4 else ()
            rows.append(TileInfo(fields[0], fields[1], int(fields[2]), int(fields[3]), aliases))
        _DATA[name] = facts, rows
    return _DATA[name]


def get_alphabet(name: str) -> Alphabet:
    """The tile set called ``name`` (one of :data:`ALPHABET_NAMES`), read from its data file."""
    if name in _ALPHABETS:
        return _ALPHABETS[name]
    if name not in ALPHABET_NAMES:
        raise UnknownTileError(name, 0, f"unknown alphabet (known: {', '.join(ALPHABET_NAMES)})")
    facts, rows = _data(name)
    board = dict(item.split("=") for item in facts.get("board", "").split())
    written = dict(item.split("=") for item in facts.get("written", "").split())
    _ALPHABETS[name] = Alphabet(name, tuple(rows), language=facts["language"], board=board,
                                vowels=tuple(facts.get("vowels", "").split()),
                                folds=tuple(facts.get("folds", "").split()), written=written)
    return _ALPHABETS[name]


_TILE_SETS_OF: dict[str, tuple[str, ...]] = {}  # _tile_sets_of's, once filled


def _tile_sets_of() -> dict[str, tuple[str, ...]]:
    """Every letter that is a tile of a set and not plain ASCII (Ä, Ñ, Ł...) -> the sets it is a
    tile of, by name; read from the data files once, when a typed word first needs it."""
    if not _TILE_SETS_OF:
        for name in ALPHABET_NAMES:
            for info in _data(name)[1][1:]:
                letter = info.label.strip("[]")
                if len(letter) == 1 and not letter.isascii():
                    _TILE_SETS_OF[letter] = (*_TILE_SETS_OF.get(letter, ()), name)
    return _TILE_SETS_OF


def tile_set_facts(name: str) -> dict[str, str]:
    """The ``@key value`` facts of the tile set called ``name`` (``language``, ``vowels``,
    ``lexicons``...), read without building the set."""
    if name not in ALPHABET_NAMES:
        get_alphabet(name)  # (raises the error of an unknown set)
    return _data(name)[0]


def same_letters(one: str, other: str) -> bool:
    """Whether the tile sets called ``one`` and ``other`` are of one language and have the same
    letters, read as the same keys, whatever their counts and values: a lexicon of one serves the
    other (English and English Super Scrabble; not French, whose letters are English's too). A
    name is of its own letters; an unknown name has none in common with another.

    >>> same_letters("english", "english_super"), same_letters("english", "french")
    (True, False)
    """
    if one == other:
        return True
    if one not in ALPHABET_NAMES or other not in ALPHABET_NAMES or language_of(one) != language_of(other):
        return False
    first, second = get_alphabet(one), get_alphabet(other)
    return first.labels == second.labels and first.keys == second.keys


def language_of(name: str) -> str:
    """The language of the tile set called ``name`` (``en``, ``es``, ``de``...): its data file says
    (read without building the set, which the rulesets do not need when they ask at import)."""
    if name not in ALPHABET_NAMES:
        return get_alphabet(name).language  # (the same error)
    return _data(name)[0]["language"]


def upper(text: str) -> str:
    """``text.upper()`` of the composed text, character for character.

    Composed first (NFC): text pasted from elsewhere may spell Ñ as N and a combining tilde, which
    must read as Ñ (a lone mark is no letter). A letter whose capital is two letters (ß -> SS,
    ﬁ -> FI) stays as it is, so that it is read as what it is (no tile), never as two tiles nobody
    typed, and every position in the result is the same position in the composed text.
    """
    if not text.isascii():
        import unicodedata

        text = unicodedata.normalize("NFC", text)
    up = text.upper()
    if len(up) == len(text):
        return up
    return "".join(c if len(c.upper()) != 1 else c.upper() for c in text)


def fold(text: str, alphabet: Alphabet, *, typed: bool = False) -> str:
    """Uppercase and fold accents, keeping the accented letters that are tiles of the set. In a
    ``typed`` word, a letter that is a tile of another set is kept too (so refused), unless the
    set's language writes it as an accent (its ``@folds``; docs/decisions.md §20).

    >>> fold("ñandú", get_alphabet("spanish")), fold("Garçó", get_alphabet("catalan"))
    ('ÑANDU', 'GARÇO')
    >>> fold("müse", get_alphabet("english")), fold("müse", get_alphabet("english"), typed=True)
    ('MUSE', 'MÜSE')
    """
    text = upper(text)
    if text.isascii():
        return text
    import unicodedata

    kept = alphabet._typed_kept() if typed else alphabet._kept
    out = []
    for ch in text:
        if ch.isascii() or ch in kept or ch in "·Ŀ":
            out.append(ch)
            continue
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        out.append(base or ch)
    return "".join(out)


def parse_word(text: str, alphabet: Alphabet, *, typed: bool = False) -> tuple[int, ...]:
    """Read a spelled word (from a word list; ``typed``: at the challenge computer) as tile
    codes; never blanks.

    A word typed as the board shows it may use the set's board spellings (the data file's
    ``@board`` fact): in Catalan a Q not followed by U is the QU tile, the board's QE for QUE
    (MàTaM). A word list spells words in full, so there a lone Q is no tile (QATAR).

    >>> ca = get_alphabet("catalan")
    >>> format_word(parse_word("qe", ca, typed=True), ca), format_word(parse_word("QUE", ca, typed=True), ca)
    ('QUE', 'QUE')

    Raises :class:`UnknownTileError` naming the first letter that is not a tile. Length is not
    checked here: see :func:`check_length`.
    """
    folded = fold(text.strip(), alphabet, typed=typed)
    if not folded:
        raise _refused(text, 0, "empty")
    table = alphabet._typed if typed else alphabet._spelled
    return tuple(alphabet._greedy(folded, table, text, what="typed" if typed else "word"))


def board_spellings(text: str, alphabet: Alphabet) -> list[str]:
    """The board spellings (``@board``) a typed word uses, as ``Q = QU`` (for ``--reveal``).

    >>> board_spellings("QE", get_alphabet("catalan"))
    ['Q = QU']
    """
    folded = fold(text.strip(), alphabet, typed=True)
    out = []
    i = 0
    while i < len(folded):
        for length in range(min(alphabet._max_len, len(folded) - i), 0, -1):
            piece = folded[i : i + length]
            if piece in alphabet._spelled:
                break
            if piece in alphabet.board_forms:
                out.append(f"{piece} = {alphabet.labels[alphabet.board_forms[piece]]}")
                break
        i += length
    return out


def check_length(text: str, tiles: tuple[int, ...]) -> None:
    """Raise :class:`UnknownTileError` unless the word has 2 to 15 tiles."""
    if len(tiles) > MAX_TILES:
        raise _refused(text, MAX_TILES, "too_many", count=len(tiles), limit=MAX_TILES)
    if len(tiles) < MIN_TILES:
        raise _refused(text, 0, "too_few", count=len(tiles), limit=MIN_TILES)


def parse_tiles(text: str, alphabet: Alphabet) -> tuple[int, ...]:
    """Read game-record notation: uppercase natural, lowercase blank, ``.`` played through.

    Letters inside parentheses are played-through letters (``code | THROUGH_BIT``).
    A mixed-case digraph (``Ch``, ``Ny``, ``L·l``) is rejected as ambiguous.
    """
    multi_start = alphabet._multi_start
    # When only "(" and ")" start a form of more than one character (English), there is nothing to
    # test: a parenthesis is no key of _single, and sends the text to the slow path anyway.
    if len(multi_start) == 2 or multi_start.isdisjoint(text):
        try:
            if len(text) > 1:  # (an itemgetter of one key gives the value, not a tuple)
                codes: tuple[int, ...] = itemgetter(*text)(alphabet._single)
                return codes
            return tuple(map(alphabet._single.__getitem__, text))
        except KeyError:
            pass  # the slow path names the bad letter
    out: list[int] = []
    i, n = 0, len(text)
    natural, blank, multi = alphabet._natural, alphabet._blank, alphabet._multi
    max_len = alphabet._max_len
    through = False
    while i < n:
        ch = text[i]
        if ch == ".":
            out.append(PLAYED_THROUGH)
            i += 1
            continue
        if ch == "(" and not through:
            through = True
            i += 1
            continue
        if ch == ")" and through:
            through = False
            i += 1
            continue
        for length in range(min(max_len, n - i), 0, -1):
            piece = text[i : i + length]
            code = natural.get(piece)
            if code is None:
                code = blank.get(piece)
                if code is not None:
                    code |= BLANK_BIT
            if code is not None:
                out.append(code | THROUGH_BIT if through else code)
                i += length
                break
            if length > 1 and piece.upper() in multi and piece.upper() != piece:
                raise _refused(text, i, "ambiguous", piece=piece, upper=piece.upper(), lower=piece.lower())
        else:
            kind, params = alphabet._why_not(text, i, "tiles")
            raise _refused(text, i, kind, **params)
    if through:
        raise UnknownTileError(text, n - 1, "unclosed '('")
    return tuple(out)


# The fast path of parse_rack: one bytes.translate of the UTF-8 text, with a table kept on the alphabet
# (built on its first rack). Byte -> tile code for every ASCII character whose uppercase is a
# one-character rack label that starts no longer one; any other byte (non-ASCII included) ->
# _NO_TILE, which sends the text the slow way.
_NO_TILE = 0xFF


def _rack_bytes(alphabet: Alphabet) -> bytes:
    table = bytearray([_NO_TILE]) * 256
    cased, single, starts = alphabet._cased_rack, alphabet._rack_single, alphabet._rack_multi_start
    for b in range(128):
        key = chr(b) if cased else chr(b).upper()
        if key in single and key not in starts:
            table[b] = single[key]
    return bytes(table)


def parse_rack(text: str, alphabet: Alphabet) -> tuple[int, ...]:
    """Read a rack: ``?`` is a blank, case ignored (but in the Quackle spelling, where a lowercase
    digraph is the digraph tile), every alias accepted."""
    try:
        codes = text.encode().translate(alphabet._rack_bytes)
    except UnicodeEncodeError:  # a lone surrogate: the slow path names it
        codes = b"\xff"
    if _NO_TILE not in codes:
        return tuple(codes)
    # (the fast path below serves racks with non-ASCII letters: Ñ, Ç...)
    if alphabet._cased_rack:
        import unicodedata

        folded = unicodedata.normalize("NFC", text)
    else:
        folded = upper(text)
    if alphabet._rack_multi_start.isdisjoint(folded):
        try:
            return tuple(map(alphabet._rack_single.__getitem__, folded))
        except KeyError:
            pass  # the slow path names the bad letter
    return tuple(alphabet._greedy(folded, alphabet._rack, text, what="rack"))


def same_rack(a: str, b: str, alphabet: Alphabet) -> bool:
    """Whether two racks as written hold the same tiles, in any order (``aeegttv`` is
    ``AEEGTTV``); compared as text when either does not read.

    >>> en = get_alphabet("english")
    >>> same_rack("aeegttv", "VETTAGE", en), same_rack("AB", "ABB", en), same_rack("A1", "A1", en)
    (True, False, True)
    """
    try:
        return sorted(parse_rack(a, alphabet)) == sorted(parse_rack(b, alphabet))
    except AdjudicateError:
        return a == b


def parse_typed_rack(text: str, alphabet: Alphabet, spelling: str | None = None) -> tuple[int, ...]:
    """Read a rack typed by hand (``endgame B=402:A[CH]``), which has no order to rely on: ``ACH``
    and ``HCA`` hold the same tiles. Brackets and digit aliases are the digraph tiles; an
    unbracketed CH, LL or RR is refused as ambiguous, naming both readings, unless ``spelling``
    says which (:data:`SPELLINGS`).

    >>> sp = get_alphabet("spanish")
    >>> format_rack(parse_typed_rack("A[CH]", sp), sp), format_rack(parse_typed_rack("HCA", sp), sp)
    ('A[CH]', 'HCA')
    >>> parse_typed_rack("ACH", sp)
    Traceback (most recent call last):
    ...
    adjudicate.errors.UnknownTileError: 'ACH', position 2: CH is ambiguous in a typed rack: A[CH] (one CH tile) or A C H (separate tiles); write [CH] for the tile, or give --spelling bracketed (separate tiles) or plain (the tile)
    """
    if spelling is not None or not alphabet.digraphs:
        return parse_rack(text, alphabet.spelled(spelling or PLAIN))
    separate = parse_rack(text, alphabet.spelled(BRACKETED))
    joined = parse_rack(text, alphabet)
    if separate == joined:
        return separate
    folded = upper(text)
    at, form = min((folded.find(f), f) for f in alphabet.digraphs if f in folded)
    labels = alphabet.labels
    raise UnknownTileError(
        text, at, f"{form} is ambiguous in a typed rack: {format_rack(joined, alphabet)} (one {form} "
        f"tile) or {' '.join('?' if t == BLANK else labels[t] for t in separate)} (separate tiles); "
        f"write [{form}] for the tile, or give --spelling bracketed (separate tiles) or plain (the tile)")


def format_word(tiles: tuple[int, ...] | list[int], alphabet: Alphabet) -> str:
    """Canonical labels, blanks lowercase, ``.`` for a played-through square, ``(X)`` for a tile
    written as played through (consecutive ones in one pair of brackets: ``(AB)``).

    >>> from adjudicate.tiles import get_alphabet
    >>> es = get_alphabet("spanish")
    >>> format_word([4, 4 | BLANK_BIT, PLAYED_THROUGH, 1 | THROUGH_BIT, 2 | THROUGH_BIT], es)
    '[CH][ch].(AB)'
    """
    if not tiles:
        return ""
    # (one itemgetter call, as to_key: a string for one tile, which join leaves as it is)
    return "".join(itemgetter(*tiles)(alphabet._code_labels)).replace(")(", "")


format_tiles = format_word


def format_rack(tiles: tuple[int, ...] | list[int], alphabet: Alphabet) -> str:
    """A rack in canonical labels, ``?`` for a blank."""
    return "".join("?" if t == BLANK or t & BLANK_BIT else alphabet.labels[t] for t in tiles)


def to_key(tiles: tuple[int, ...] | list[int], alphabet: Alphabet) -> str:
    """The DAWG key of a word: one code point per tile, blanks read as their letter."""
    try:
        # One itemgetter call (a string for one tile, which join leaves as it is; no tile at all
        # raises TypeError): cheaper than a map of dict lookups.
        return "".join(itemgetter(*tiles)(alphabet._code_keys))
    except (KeyError, TypeError):  # a played-through or parenthesised code (or no tile): its letter, as far as it has one
        keys = alphabet.keys
        return "".join(keys[t & LETTER_MASK] for t in tiles)


def from_key(key: str, alphabet: Alphabet) -> tuple[int, ...]:
    """Inverse of :func:`to_key` (for natural tiles)."""
    try:
        return tuple(alphabet._code_of_key[ch] for ch in key)
    except KeyError as err:
        raise UnknownTileError(key, key.index(err.args[0]), "not a key of this alphabet") from None


def word_key(text: str, alphabet: Alphabet) -> str:
    """Spelled word -> DAWG key, with the length checked. Raises UnknownTileError."""
    tiles = parse_word(text, alphabet)
    check_length(text, tiles)
    return to_key(tiles, alphabet)
