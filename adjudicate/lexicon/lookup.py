"""A loaded lexicon: ``key in lexicon`` for a tile key, its checksum checked on load.

>>> lex = open_lexicon("en-kjxqz")
>>> lex.contains_word("quixotic"), lex.contains_word("qxz")
(True, False)
>>> lex.label()
'kjxqz English list 1.2.0 (stand-in, not NWL/CSW)'
"""

from __future__ import annotations

import os

from adjudicate import tiles
from adjudicate.errors import LexiconCorruptError
from adjudicate.lexicon import dawgfile
from adjudicate.lexicon.store import (
    DAWG_FILE,
    MAX_DAWG_BYTES,
    answers_to,
    checksum_mismatch,
    find_lexicon,
    read_file,
    read_manifest,
)

TYPE_CHECKING = False  # (typing is kept off the start-up path of `challenge`)
if TYPE_CHECKING:
    from collections.abc import Container


class Lexicon:
    """A loaded lexicon: ``key in lexicon`` for a tile key (:func:`adjudicate.tiles.to_key`),
    looked up by dawg_python (``reader``: :func:`adjudicate.lexicon.dawgfile.dictionary`)."""

    __slots__ = (
        "id",
        "name",
        "edition",
        "alphabet",
        "path",
        "where",
        "dawg_sha256",
        "word_count",
        "standin_note",
        "_reader",
    )

    def __init__(self, path: str, fields: dict[str, object], reader: dawgfile.Reader, where: str = "path") -> None:
        self.path = path
        self.where = where
        self.id = str(fields.get("id") or os.path.basename(os.path.normpath(path)))
        self.name = str(fields.get("name") or self.id)
        self.edition = str(fields.get("edition") or "")
        self.alphabet = tiles.get_alphabet(str(fields["alphabet"]))
        self.dawg_sha256 = str(fields["dawg_sha256"])
        count = fields["word_count"]
        assert isinstance(count, int)  # (read_manifest checked it)
        self.word_count = count
        self.standin_note = str(fields.get("standin") or "")
        self._reader = reader

    def __repr__(self) -> str:
        return f"open_lexicon({self.path!r})"

    def __contains__(self, key: object) -> bool:
        """Is the tile key a word? LexiconCorruptError when the DAWG leads out of its units."""
        if not isinstance(key, str):
            return False
        try:
            return self._reader.contains(key.encode("utf-8"))
        except IndexError:
            raise LexiconCorruptError(f"lexicon {self.id} is corrupted: DAWG walk out of range") from None

    def contains_word(self, text: str) -> bool:
        """Is the spelled word in the lexicon? UnknownTileError when it cannot be tiles at all."""
        return tiles.word_key(text, self.alphabet) in self

    def label(self) -> str:
        """One line for a verdict: name, edition, and the stand-in note if any (:func:`label_of`)."""
        return label_of(self.name, self.edition, self.standin_note)

    def answers_to(self, wanted: str) -> bool:
        """Whether this is the lexicon a game record's ``#lexicon`` names (:func:`~adjudicate.lexicon.
        store.answers_to`: its id or its name, any case)."""
        return answers_to(self.id, self.name, wanted)

    def as_dict(self) -> dict[str, object]:
        """What a report says of the lexicon (``challenge --json``, ``rescore --check-words``):
        id, name, edition, its label (:meth:`label`), the DAWG's SHA-256, ``standin`` (true for a
        demonstration list, not a tournament's) and its ``note``."""
        return {"id": self.id, "name": self.name, "edition": self.edition, "label": self.label(),
                "sha256": self.dawg_sha256, "standin": bool(self.standin_note), "note": self.standin_note}


def label_of(name: str, edition: str, standin_note: str) -> str:
    """A lexicon named for a verdict: name, edition (unless the name holds it), and the stand-in
    note if any: ``kjxqz English list 1.2.0 (stand-in, not NWL/CSW)``."""
    text = name
    if edition and edition not in name:
        text += f" {edition}"
    if standin_note:
        text += f" ({standin_note})"
    return text


class TileMemo(dict[tuple[int, ...], bool]):
    """``word in memo`` for a word given as its tile codes (a tuple, as the board gives it):
    whether ``lexicon`` holds its key (:func:`adjudicate.tiles.to_key`), asked once per tuple;
    ``lexicon`` is a :class:`Lexicon` or any container of keys (a set, say: then give ``alphabet``).
    The replay's word checks use it, reading its items (``memo[word]``, the same answer without
    the Python call of ``in``: 1.5% of a game checked with words, scripts/icount words).

    It is the dict of the words seen so far (tile codes -> found): a word seen before costs one
    hash of its small tuple, and no key string is built for it (:func:`adjudicate.tiles.to_key`
    runs only for a new tuple, in ``__missing__``). The word checks of a rescored game take 1.70 M
    instructions with it, 2.55 M when every word is looked up (``scripts/icount words``). A blank
    and its natural tile are different codes, so a word may be asked twice, once each way; the
    answer is the same. ``alphabet`` reads the codes (default: the lexicon's own). As any dict, an
    empty memo is false: test it with ``is None``.

    >>> en = open_lexicon("en-kjxqz")
    >>> memo = TileMemo(en)
    >>> qi, qx = tiles.parse_word("QI", en.alphabet), tiles.parse_word("QX", en.alphabet)
    >>> (qi in memo, qx in memo, qi in memo, len(memo))
    (True, False, True, 2)
    """

    __slots__ = ("lexicon", "alphabet", "id", "described")

    def __init__(self, lexicon: Container[str], alphabet: tiles.Alphabet | None = None) -> None:
        super().__init__()
        if alphabet is None:  # (a Lexicon knows its own; a set of keys does not)
            if not isinstance(lexicon, Lexicon):
                raise TypeError("TileMemo: give the alphabet of the words, which is no Lexicon")
            alphabet = lexicon.alphabet
        self.lexicon = lexicon
        self.alphabet = alphabet
        self.id = getattr(lexicon, "id", None)
        # What a report says of the lexicon (Lexicon.as_dict), once for all the games the memo
        # serves; None for anything else answering ``key in lexicon``.
        self.described = lexicon.as_dict() if isinstance(lexicon, Lexicon) else None

    def __contains__(self, word: object) -> bool:
        return isinstance(word, tuple) and self[word]

    def __missing__(self, word: tuple[int, ...]) -> bool:
        found = self[word] = tiles.to_key(word, self.alphabet) in self.lexicon
        return found


def read_dawg(directory: str, fields: dict[str, object], lexicon_id: str) -> bytes:
    """The bytes of a lexicon's DAWG, their SHA-256 checked against the manifest's ``fields``."""
    import hashlib  # (here: OpenSSL's library loads with it, 3 ms of `lexicon list`, which opens none)

    data = read_file(directory, DAWG_FILE, lexicon_id, MAX_DAWG_BYTES)
    digest = hashlib.sha256(data).hexdigest()
    if digest != fields["dawg_sha256"]:
        raise LexiconCorruptError(
            checksum_mismatch(lexicon_id, DAWG_FILE, digest, fields["dawg_sha256"], len(data), directory))
    return data


def load_lexicon(directory: str, *, where: str = "path", lexicon_id: str | None = None) -> Lexicon:
    """Load the lexicon in ``directory``, checking its DAWG's SHA-256 against the manifest."""
    shown = lexicon_id or os.path.basename(os.path.normpath(directory)) or directory
    fields = read_manifest(directory, shown)
    shown = str(fields.get("id") or shown)
    return Lexicon(directory, fields, dawgfile.dictionary(read_dawg(directory, fields, shown), shown), where)


def open_lexicon(name_or_path: str) -> Lexicon:
    """The lexicon with this id on the search path, or in this directory.

    Raises LexiconError (unknown, listing what is available) or LexiconCorruptError (checksum).
    """
    directory, where = find_lexicon(name_or_path)
    return load_lexicon(directory, where=where, lexicon_id=name_or_path if where != "path" else None)
