"""Compiled lexicons: a directory with a DAWG, the canonical word list and a manifest.

A lexicon directory holds ``words.dawg`` (a plain ``dawg.DAWG`` whose keys are tile keys, one code
point per tile: see :func:`adjudicate.tiles.to_key`), ``words.txt.gz`` (the canonical list, one word
per line in canonical tile labels, sorted by key) and ``manifest.json`` (id, name, edition, alphabet,
counts, checksums, builder versions, source, licence). Shipped lexicons also carry LICENSE and
ATTRIBUTION.

Reading is the hot path (``adjudicate challenge`` must start about as fast as a bare interpreter), so
this module imports only ``os``, ``sys``, ``hashlib`` and ``array`` at module level. Lookups walk the
DAWG's units with dawg_python's own algorithm, inlined (:meth:`Lexicon.__contains__`); the
``dawg_python`` object itself (:attr:`Lexicon.dawg`), json, gzip, re and DAWG2 are imported only by
the functions that need them (``verify`` checks that the inlined walk and dawg_python agree).

>>> lex = open_lexicon("en-kjxqz")
>>> lex.contains_word("quixotic"), lex.contains_word("qxz")
(True, False)
>>> lex.label()
'kjxqz English list 1.2.0 (stand-in, not NWL/CSW)'
"""

from __future__ import annotations

import hashlib
import os
import sys
from array import array

from adjudicate import tiles
from adjudicate.errors import LexiconCorruptError, LexiconError, UnknownTileError

MANIFEST = "manifest.json"
DAWG_FILE = "words.dawg"
TEXT_FILE = "words.txt.gz"
EXTRA_FILES = ("LICENSE", "ATTRIBUTION")
FORMAT = 1
LANGUAGES = {"english": "en", "spanish": "es", "catalan": "ca"}
ENV_PATH = "ADJUDICATE_LEXICONS"

# Top-level manifest fields read on the load path without json: (name, is_int).
_LOAD_FIELDS = (
    ("format", True),
    ("id", False),
    ("name", False),
    ("edition", False),
    ("alphabet", False),
    ("word_count", True),
    ("dawg_sha256", False),
    ("standin", False),
)


# -- the search path ---------------------------------------------------------------------------


def user_lexicon_dir() -> str:
    """Where a user's own lexicons live: ``$XDG_DATA_HOME/adjudicate/lexicons`` or the platform's."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        base = xdg
    elif sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA") or os.path.expanduser("~")
    elif sys.platform == "darwin":
        base = os.path.join(os.path.expanduser("~"), "Library", "Application Support")
    else:
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "adjudicate", "lexicons")


def shipped_lexicon_dir() -> str:
    """The lexicons shipped with the package (``adjudicate/lexicons``), else the repository's."""
    here = os.path.dirname(os.path.abspath(__file__))
    installed = os.path.join(here, "lexicons")
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(here), "lexicons")


def search_path() -> list[tuple[str, str]]:
    """``(where, directory)`` pairs searched for a lexicon id, first match wins.

    ``where`` is ``env`` (``$ADJUDICATE_LEXICONS``, ``os.pathsep``-separated), ``user`` or ``shipped``.
    """
    dirs = [("env", d) for d in os.environ.get(ENV_PATH, "").split(os.pathsep) if d]
    dirs.append(("user", user_lexicon_dir()))
    dirs.append(("shipped", shipped_lexicon_dir()))
    return dirs


def _is_path(text: str) -> bool:
    return (
        os.sep in text
        or "/" in text
        or (os.altsep is not None and os.altsep in text)
        or text
        in (
            ".",
            "..",
        )
    )


def find_lexicon(name_or_path: str) -> tuple[str, str]:
    """``(directory, where)`` of a lexicon given by id or by path; LexiconError if there is none."""
    if not name_or_path:
        raise LexiconError("no lexicon given")
    if _is_path(name_or_path):
        if os.path.isdir(name_or_path):
            return name_or_path, "path"
        raise LexiconError(f"no lexicon directory at {name_or_path}")
    for where, directory in search_path():
        candidate = os.path.join(directory, name_or_path)
        if os.path.isdir(candidate):
            return candidate, where
    if os.path.isfile(os.path.join(name_or_path, MANIFEST)):  # a directory in the working directory
        return name_or_path, "path"
    known = sorted({entry["id"] for entry in list_lexicons()})
    raise LexiconError(
        f"unknown lexicon {name_or_path!r} (available: {', '.join(known) or 'none'}; "
        f"see `adjudicate lexicon list`)"
    )


# -- the manifest ------------------------------------------------------------------------------


def _quick_fields(text: str) -> dict[str, object] | None:
    """The load fields of a manifest in our own layout (``json.dumps(indent=2, sort_keys=True)``).

    Returns None when the text is not in that layout, or a value needs real JSON decoding.
    """
    if not text.startswith("{\n") or not text.rstrip().endswith("}"):
        return None
    out: dict[str, object] = {}
    for field, is_int in _LOAD_FIELDS:
        start = text.find(f'\n  "{field}": ')
        if start < 0:
            continue  # absent: the caller decides whether that matters
        j = start + len(field) + 7
        if is_int:
            end = j
            while end < len(text) and text[end] not in ",\n":
                end += 1
            raw = text[j:end]
            if not raw.isdigit():
                return None
            out[field] = int(raw)
        else:
            if text[j : j + 1] != '"':
                return None
            end = text.find('"', j + 1)
            if end < 0:
                return None
            value = text[j + 1 : end]
            if "\\" in value or text[end + 1 : end + 2] not in (",", "\n"):
                return None
            out[field] = value
    return out


def _read_manifest(directory: str, lexicon_id: str, *, full: bool = False) -> dict[str, object]:
    path = os.path.join(directory, MANIFEST)
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except FileNotFoundError:
        raise LexiconCorruptError(
            f"lexicon {lexicon_id} is corrupted: {MANIFEST} is missing (in {directory})"
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {MANIFEST} is not UTF-8") from None
    fields = None if full else _quick_fields(text)
    if fields is None:
        import json

        try:
            fields = json.loads(text)
        except ValueError as err:
            raise LexiconCorruptError(
                f"lexicon {lexicon_id} is corrupted: {MANIFEST} is not valid JSON ({err})"
            ) from None
        if not isinstance(fields, dict):
            raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {MANIFEST} is not an object")
    sha = fields.get("dawg_sha256")
    if not isinstance(sha, str) or len(sha) != 64:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {MANIFEST} has no dawg_sha256")
    if fields.get("alphabet") not in tiles.ALPHABET_NAMES:
        raise LexiconCorruptError(
            f"lexicon {lexicon_id} is corrupted: {MANIFEST} names no known alphabet "
            f"({fields.get('alphabet')!r})"
        )
    if not isinstance(fields.get("word_count"), int):
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {MANIFEST} has no word_count")
    if fields.get("format", FORMAT) != FORMAT:
        raise LexiconError(
            f"lexicon {lexicon_id} has format {fields.get('format')}; this adjudicate reads format {FORMAT}"
        )
    return fields


# -- reading -----------------------------------------------------------------------------------


class Lexicon:
    """A loaded lexicon: ``key in lexicon`` for a tile key (:func:`adjudicate.tiles.to_key`)."""

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
        "_units",
        "_dawg",
    )

    def __init__(self, path: str, fields: dict[str, object], units: array, where: str = "path"):  # type: ignore[type-arg]
        self.path = path
        self.where = where
        self.id = str(fields.get("id") or os.path.basename(os.path.normpath(path)))
        self.name = str(fields.get("name") or self.id)
        self.edition = str(fields.get("edition") or "")
        self.alphabet = tiles.get_alphabet(str(fields["alphabet"]))
        self.dawg_sha256 = str(fields["dawg_sha256"])
        self.word_count = int(fields["word_count"])  # type: ignore[call-overload]
        self.standin_note = str(fields.get("standin") or "")
        self._units = units
        self._dawg = None

    @property
    def dawg(self):  # type: ignore[no-untyped-def]
        """The same DAWG as a ``dawg_python.DAWG`` (imported on first use: it costs start-up time)."""
        if self._dawg is None:
            import dawg_python

            dictionary = dawg_python.wrapper.Dictionary()
            dictionary._units = self._units
            self._dawg = dawg_python.DAWG()
            self._dawg.dct = dictionary
        return self._dawg

    def __repr__(self) -> str:
        return f"open_lexicon({self.path!r})"

    def __contains__(self, key: object) -> bool:
        """Is the tile key a word? (The dawg_python walk, inlined: about 4x faster.)"""
        if not isinstance(key, str):
            return False
        units = self._units
        index = 0
        try:
            for label in key.encode("utf-8"):
                base = units[index]
                index = (index ^ (((base >> 10) << ((base & 0x200) >> 6)) & 0xFFFFFFFF) ^ label) & 0xFFFFFFFF
                if units[index] & 0x800000FF != label:
                    return False
            return bool(units[index] & 0x100)
        except IndexError:
            raise LexiconCorruptError(f"lexicon {self.id} is corrupted: DAWG walk out of range") from None

    def contains_word(self, text: str) -> bool:
        """Is the spelled word in the lexicon? UnknownTileError when it cannot be tiles at all."""
        return tiles.word_key(text, self.alphabet) in self

    def label(self) -> str:
        """One line for a verdict: name, edition, and the stand-in note if any."""
        text = self.name
        if self.edition and self.edition not in self.name:
            text += f" {self.edition}"
        if self.standin_note:
            text += f" ({self.standin_note})"
        return text


def _load_dawg(data: bytes, lexicon_id: str) -> array:  # type: ignore[type-arg]
    """The units of a plain DAWG file (a little-endian uint32 count, then the uint32 units)."""
    size = int.from_bytes(data[:4], "little") if len(data) >= 4 else -1
    if size <= 0 or len(data) != 4 + 4 * size:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {DAWG_FILE} has the wrong size")
    units = array("I")
    units.frombytes(memoryview(data)[4:])
    if sys.byteorder != "little":
        units.byteswap()
    return units


def load_lexicon(directory: str, *, where: str = "path", lexicon_id: str | None = None) -> Lexicon:
    """Load the lexicon in ``directory``, checking its DAWG's SHA-256 against the manifest."""
    shown = lexicon_id or os.path.basename(os.path.normpath(directory)) or directory
    fields = _read_manifest(directory, shown)
    shown = str(fields.get("id") or shown)
    try:
        with open(os.path.join(directory, DAWG_FILE), "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise LexiconCorruptError(f"lexicon {shown} is corrupted: {DAWG_FILE} is missing") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != fields["dawg_sha256"]:
        raise LexiconCorruptError(
            f"lexicon {shown} is corrupted: {DAWG_FILE} has SHA-256 {digest[:12]}..., "
            f"the manifest says {str(fields['dawg_sha256'])[:12]}... ({len(data)} bytes, in {directory})"
        )
    return Lexicon(directory, fields, _load_dawg(data, shown), where)


def open_lexicon(name_or_path: str) -> Lexicon:
    """The lexicon with this id on the search path, or in this directory.

    Raises LexiconError (unknown, listing what is available) or LexiconCorruptError (checksum).
    """
    directory, where = find_lexicon(name_or_path)
    return load_lexicon(directory, where=where, lexicon_id=name_or_path if where != "path" else None)


# -- reading word lists (build, check, verify) -------------------------------------------------


class Rejection:
    """A word-list entry that cannot be tiles: ``file:line: reason``."""

    __slots__ = ("file", "line", "word", "reason")

    def __init__(self, file: str, line: int, word: str, reason: str) -> None:
        self.file, self.line, self.word, self.reason = file, line, word, reason

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.word!r}: {self.reason}"

    def __repr__(self) -> str:
        return f"Rejection({self.file!r}, {self.line}, {self.word!r}, {self.reason!r})"

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "word": self.word, "reason": self.reason}


class CheckReport:
    """What a word list holds: entries read, distinct words (tile keys), rejections, duplicates."""

    def __init__(
        self,
        source: str,
        alphabet: str,
        entries: int,
        keys: list[str],
        rejected: list[Rejection],
        duplicates: int,
        encoding: str,
        source_sha256: str,
    ) -> None:
        self.source = source
        self.alphabet = alphabet
        self.entries = entries
        self.keys = keys  # sorted, unique
        self.rejected = rejected
        self.duplicates = duplicates
        self.encoding = encoding
        self.source_sha256 = source_sha256

    @property
    def word_count(self) -> int:
        return len(self.keys)

    @property
    def histogram(self) -> dict[str, int]:
        return _histogram(self.keys)

    @property
    def ok(self) -> bool:
        return not self.rejected

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "alphabet": self.alphabet,
            "encoding": self.encoding,
            "entries": self.entries,
            "words": self.word_count,
            "duplicates": self.duplicates,
            "rejected": [r.as_dict() for r in self.rejected],
            "histogram": self.histogram,
        }


class BuildReport(CheckReport):
    """A build: the check, plus where the lexicon went and its checksums."""

    lexicon_id = ""
    out_dir = ""
    dawg_sha256 = ""
    text_sha256 = ""
    seconds = 0.0

    def as_dict(self) -> dict[str, object]:
        out = super().as_dict()
        out.update(
            id=self.lexicon_id,
            out_dir=self.out_dir,
            dawg_sha256=self.dawg_sha256,
            text_sha256=self.text_sha256,
            seconds=round(self.seconds, 3),
        )
        return out


def _histogram(keys: list[str] | set[str]) -> dict[str, int]:
    from collections import Counter

    counts = Counter(map(len, keys))
    return {str(n): counts[n] for n in sorted(counts)}


def _read_bytes(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read()
    with open(source, "rb") as handle:
        data = handle.read()
    if data[:2] == b"\x1f\x8b":
        import gzip

        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as err:
            raise LexiconError(f"{source}: not a readable gzip file ({err})") from None
    return data


def _decode(data: bytes) -> tuple[str, str]:
    """UTF-8 when the whole file is valid UTF-8 (BOM dropped), else Latin-1."""
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _keyer(alphabet: tiles.Alphabet):  # type: ignore[no-untyped-def]
    """A fast spelled-word -> key function, the same as ``to_key(parse_word(w))``.

    It matches the spelled forms longest first with one regex (what ``parse_word`` does one
    position at a time) and returns None when the word does not read whole, so that the caller
    can ask ``parse_word`` for the exact error. About 5x faster than ``parse_word`` on a big list.
    """
    import re

    spelled = alphabet._spelled
    table = {form: alphabet.keys[code] for form, code in spelled.items()}
    forms = sorted(spelled, key=lambda f: (-len(f), f))
    findall = re.compile("|".join(re.escape(f) for f in forms)).findall
    fold = tiles.fold
    getitem = table.__getitem__

    def key_of(text: str) -> str | None:
        folded = fold(text, alphabet)
        pieces = findall(folded)
        key = "".join(map(getitem, pieces))
        if len(key) == len(folded) or sum(map(len, pieces)) == len(folded):
            return key
        return None

    return key_of


def _batch_keyer(alphabet: tiles.Alphabet):  # type: ignore[no-untyped-def]
    """Spelled words -> keys, many at once: the same as ``to_key(parse_word(w))`` or None.

    Folds with one ``str.translate``, replaces the multi-letter forms with one regex pass over the
    whole text (longest form first, as ``parse_word`` reads), and checks that only key characters
    are left. None marks a word that does not read as tiles (ask ``parse_word`` why). Returns None
    (use :func:`_keyer`) for a tile set where a key character could be mistaken for a raw one.
    """
    import re

    spelled = alphabet._spelled
    key_of_form = {form: alphabet.keys[code] for form, code in spelled.items()}
    multi = sorted((f for f in spelled if len(f) > 1), key=lambda f: (-len(f), f))
    single = {f: k for f, k in key_of_form.items() if len(f) == 1}
    form_chars = set("".join(spelled))
    allowed = set(alphabet.keys[1:])
    multi_keys = {key_of_form[f] for f in multi}
    trans = {ord(f): k for f, k in single.items() if f != k}
    if any(k in form_chars and single.get(k) != k for k in multi_keys):
        return None
    if (form_chars - set(single)) & allowed or any(chr(o) in multi_keys for o in trans):
        return None
    pattern = re.compile("|".join(map(re.escape, multi))) if multi else None
    fold = tiles.fold

    def keys_of(words: list[str]) -> list[str | None]:
        joined = "\n".join(words)
        table = {}
        for ch in set(joined):
            folded_ch = fold(ch, alphabet)
            if folded_ch != ch:
                table[ord(ch)] = folded_ch
        text = joined.translate(table)
        foreign = set(text) - form_chars - {"\n"}
        if pattern is not None:
            text = pattern.sub(lambda m: key_of_form[m.group()], text)
        if trans:
            text = text.translate(trans)
        keys: list[str | None] = list(text.split("\n"))
        if foreign:
            has_foreign = re.compile("[" + re.escape("".join(sorted(foreign))) + "]").search
            folded_words = joined.translate(table).split("\n")
            keys = [None if has_foreign(w) else k for k, w in zip(keys, folded_words)]
        low, high = tiles.MIN_TILES, tiles.MAX_TILES
        issuperset = allowed.issuperset
        return [k if k is not None and low <= len(k) <= high and issuperset(k) else None for k in keys]

    return keys_of


def _scan(data: bytes, filename: str, alphabet: tiles.Alphabet, progress=None):  # type: ignore[no-untyped-def]
    """Read a word list: (entries, unique keys as a set, rejections, duplicates, encoding)."""
    text, encoding = _decode(data)
    lines = text.split("\n")
    numbers: list[int] = []
    words: list[str] = []
    total = len(lines)
    for number, line in enumerate(lines, 1):
        if progress is not None and number % 50000 == 0:
            progress(number, total)
        line = line.strip()
        if not line or line[0] == "#":
            continue
        numbers.append(number)
        words.append(line.split(None, 1)[0])
    batch = _batch_keyer(alphabet)
    if batch is not None:
        found = batch(words)
    else:  # pragma: no cover - no shipped tile set needs it
        key_of = _keyer(alphabet)
        found = [key_of(w) for w in words]
    keys: set[str] = set()
    rejected: list[Rejection] = []
    for number, word, key in zip(numbers, words, found):
        if key is None or not tiles.MIN_TILES <= len(key) <= tiles.MAX_TILES:
            try:
                parsed = tiles.parse_word(word, alphabet)
                tiles.check_length(word, parsed)
            except UnknownTileError as err:
                rejected.append(Rejection(filename, number, word, err.reason))
                continue
            key = tiles.to_key(parsed, alphabet)
        keys.add(key)
    if progress is not None:
        progress(total, total)
    entries = len(words)
    duplicates = entries - len(rejected) - len(keys)
    return entries, keys, rejected, duplicates, encoding


def check_word_list(source: str, alphabet: str | tiles.Alphabet, *, progress=None) -> CheckReport:  # type: ignore[no-untyped-def]
    """Validate a word list (path, ``.gz`` or ``-``) without writing anything."""
    alpha = alphabet if isinstance(alphabet, tiles.Alphabet) else _get_alphabet(alphabet)
    data = _read_bytes(source)
    raw_sha = _sha256_file(source) if source != "-" else hashlib.sha256(data).hexdigest()
    name = "<stdin>" if source == "-" else source
    entries, keys, rejected, duplicates, encoding = _scan(data, name, alpha, progress)
    return CheckReport(name, alpha.name, entries, sorted(keys), rejected, duplicates, encoding, raw_sha)


def _get_alphabet(name: str) -> tiles.Alphabet:
    try:
        return tiles.get_alphabet(name)
    except UnknownTileError as err:
        raise LexiconError(f"{name!r}: {err.reason}") from None


def _sha256_file(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# -- building ----------------------------------------------------------------------------------


def slugify(name: str) -> str:
    """A lexicon id from a name: ``"My List 2024"`` -> ``"my-list-2024"``."""
    import re
    import unicodedata

    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "lexicon"


def _label_table(alphabet: tiles.Alphabet) -> dict[int, str]:
    """Key character -> canonical label, for ``str.translate`` (= format_word(from_key(key)))."""
    return {ord(alphabet.keys[code]): alphabet.labels[code] for code in range(1, alphabet.size + 1)}


def canonical_text(keys: list[str], alphabet: tiles.Alphabet) -> bytes:
    """The canonical word list: one word per line in canonical labels, in key order, UTF-8."""
    table = _label_table(alphabet)
    return ("\n".join(keys).translate(table) + "\n").encode("utf-8") if keys else b""


def canonical_keys(words: list[str], alphabet: tiles.Alphabet) -> tuple[list[str], list[int]]:
    """Keys of canonical words (inverse of :func:`canonical_text`), and the indexes of the lines
    that are not a canonical spelling of 2-15 tiles.

    Canonical labels read back unambiguously (a multi-letter label is never two labels), so this
    replaces labels by keys on the whole text, then checks every line round-trips exactly.
    """
    table = _label_table(alphabet)
    text = "\n".join(words)
    for code in sorted(range(1, alphabet.size + 1), key=lambda c: -len(alphabet.labels[c])):
        label = alphabet.labels[code]
        if len(label) > 1 or label != alphabet.keys[code]:
            text = text.replace(label, alphabet.keys[code])
    keys = text.split("\n") if words else []
    allowed = set(alphabet.keys[1:])
    if (
        text.translate(table) == "\n".join(words)
        and allowed.issuperset(set(text) - {"\n"})
        and (not keys or tiles.MIN_TILES <= min(map(len, keys)) and max(map(len, keys)) <= tiles.MAX_TILES)
    ):
        return keys, []  # every line round-trips: no need to look at them one by one
    bad = [
        n
        for n, (key, word) in enumerate(zip(keys, words))
        if key.translate(table) != word
        or not tiles.MIN_TILES <= len(key) <= tiles.MAX_TILES
        or not allowed.issuperset(key)
    ]
    return keys, bad


def _gzip(data: bytes) -> bytes:
    import gzip
    import io

    buffer = io.BytesIO()
    with gzip.GzipFile(filename="words.txt", mode="wb", fileobj=buffer, mtime=0, compresslevel=6) as out:
        out.write(data)
    return buffer.getvalue()


def _dawg_bytes(keys: list[str]) -> bytes:
    try:
        import dawg
    except ImportError:  # pragma: no cover - DAWG2 is a dependency
        raise LexiconError("building a lexicon needs the DAWG2 package (pip install DAWG2)") from None
    return bytes(dawg.DAWG(keys, input_is_sorted=True).tobytes())


def builder_versions() -> dict[str, str]:
    from importlib import metadata

    from adjudicate import __version__

    try:
        dawg2 = metadata.version("DAWG2")
    except metadata.PackageNotFoundError:  # pragma: no cover
        dawg2 = "unknown"
    return {
        "adjudicate": __version__,
        "DAWG2": dawg2,
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
    }


def manifest_text(manifest: dict[str, object]) -> str:
    """The manifest as written: sorted keys, 2-space indent, UTF-8 (the load path relies on it)."""
    import json

    return json.dumps(manifest, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _is_lexicon_dir(path: str) -> bool:
    return os.path.isfile(os.path.join(path, MANIFEST))


def build_lexicon(
    source: str,
    alphabet_name: str,
    name: str,
    *,
    edition: str | None = None,
    out_dir: str | None = None,
    licence: str = "",
    standin_note: str = "",
    source_info: dict[str, object] | None = None,
    licence_text: str | None = None,
    attribution: str | None = None,
    progress=None,  # type: ignore[no-untyped-def]
) -> BuildReport:
    """Compile a word list into a lexicon directory; returns what was read, rejected and written.

    ``out_dir`` defaults to ``<user lexicon dir>/<slug of name>``; the lexicon id is its base name.
    The directory is built next to its target and renamed into place; an existing lexicon
    directory there is replaced (its LICENSE and ATTRIBUTION kept unless new ones are given), any
    other existing non-empty directory is refused. Rejected entries are left out and reported.
    ``source_info`` adds to (or overrides) the manifest's ``source`` record (file name, SHA-256).
    """
    import shutil
    import tempfile
    import time

    started = time.perf_counter()
    alphabet = _get_alphabet(alphabet_name)
    if out_dir is None:
        out_dir = os.path.join(user_lexicon_dir(), slugify(name))
    out_dir = os.path.abspath(out_dir)
    lexicon_id = os.path.basename(out_dir)
    if os.path.exists(out_dir):
        if not os.path.isdir(out_dir):
            raise LexiconError(f"{out_dir} exists and is not a directory")
        if os.listdir(out_dir) and not _is_lexicon_dir(out_dir):
            raise LexiconError(
                f"{out_dir} exists and is not a lexicon directory (no {MANIFEST}); not touching it"
            )
    if source != "-":
        real_source = os.path.realpath(source)
        if real_source.startswith(os.path.realpath(out_dir) + os.sep):
            raise LexiconError(
                f"the source {source} is inside the output directory {out_dir}; refusing to replace it"
            )

    report = check_word_list(source, alphabet, progress=progress)
    keys = report.keys
    text = canonical_text(keys, alphabet)
    text_gz = _gzip(text)
    dawg_data = _dawg_bytes(keys)

    source_record: dict[str, object] = {
        "file": "<stdin>" if source == "-" else os.path.basename(source),
        "sha256": report.source_sha256,
    }
    if source_info:
        source_record.update(source_info)
    manifest: dict[str, object] = {
        "format": FORMAT,
        "id": lexicon_id,
        "name": name,
        "edition": edition or "",
        "alphabet": alphabet.name,
        "language": LANGUAGES[alphabet.name],
        "word_count": len(keys),
        "histogram": _histogram(keys),
        "text_sha256": hashlib.sha256(text).hexdigest(),
        "text_gz_sha256": hashlib.sha256(text_gz).hexdigest(),
        "dawg_sha256": hashlib.sha256(dawg_data).hexdigest(),
        "builder": builder_versions(),
        "source": source_record,
        "licence": licence,
        "standin": standin_note,
    }

    parent = os.path.dirname(out_dir)
    os.makedirs(parent, exist_ok=True)
    temp = tempfile.mkdtemp(prefix=f".{lexicon_id}.building-", dir=parent)
    try:
        for filename, payload in (
            (DAWG_FILE, dawg_data),
            (TEXT_FILE, text_gz),
            (MANIFEST, manifest_text(manifest).encode("utf-8")),
        ):
            with open(os.path.join(temp, filename), "wb") as handle:
                handle.write(payload)
        for filename, given in (("LICENSE", licence_text), ("ATTRIBUTION", attribution)):
            target = os.path.join(temp, filename)
            if given is not None:
                with open(target, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(given)
            elif os.path.isfile(os.path.join(out_dir, filename)):
                shutil.copyfile(os.path.join(out_dir, filename), target)
        os.chmod(temp, 0o755)
        if os.path.exists(out_dir):
            old = tempfile.mkdtemp(prefix=f".{lexicon_id}.old-", dir=parent)
            os.rmdir(old)
            os.rename(out_dir, old)
            os.rename(temp, out_dir)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(temp, out_dir)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise

    result = BuildReport(
        report.source,
        report.alphabet,
        report.entries,
        keys,
        report.rejected,
        report.duplicates,
        report.encoding,
        report.source_sha256,
    )
    result.lexicon_id = lexicon_id
    result.out_dir = out_dir
    result.dawg_sha256 = str(manifest["dawg_sha256"])
    result.text_sha256 = str(manifest["text_sha256"])
    result.seconds = time.perf_counter() - started
    return result


# -- info, list, verify, diff ------------------------------------------------------------------


def read_words(directory: str) -> list[str]:
    """The canonical words of a lexicon directory (from ``words.txt.gz``), in file order."""
    import gzip

    with open(os.path.join(directory, TEXT_FILE), "rb") as handle:
        data = gzip.decompress(handle.read())
    return data.decode("utf-8").splitlines()


def lexicon_info(name_or_path: str) -> dict[str, object]:
    """The full manifest of a lexicon (loaded and checksum-checked), plus where it is and its files."""
    directory, where = find_lexicon(name_or_path)
    lexicon = load_lexicon(directory, where=where, lexicon_id=name_or_path if where != "path" else None)
    info = _read_manifest(directory, lexicon.id, full=True)
    info["path"] = os.path.abspath(directory)
    info["where"] = where
    info["label"] = lexicon.label()
    info["files"] = {
        entry: os.path.getsize(os.path.join(directory, entry))
        for entry in sorted(os.listdir(directory))
        if os.path.isfile(os.path.join(directory, entry))
    }
    return info


def list_lexicons() -> list[dict[str, object]]:
    """Every lexicon on the search path, in search order: id, where, path, name, edition, count, SHA-256.

    A lexicon hidden by one of the same id earlier on the path has ``shadowed`` true. Manifests are
    read, DAWGs are not checked (``verify`` does that); an unreadable manifest gives ``error``.
    """
    seen: set[str] = set()
    out: list[dict[str, object]] = []
    for where, directory in search_path():
        try:
            names = sorted(os.listdir(directory))
        except OSError:
            continue
        for entry in names:
            path = os.path.join(directory, entry)
            if entry.startswith(".") or not os.path.isdir(path):
                continue
            row: dict[str, object] = {"id": entry, "where": where, "path": path, "shadowed": entry in seen}
            seen.add(entry)
            try:
                manifest = _read_manifest(path, entry, full=True)
            except LexiconError as err:
                row["error"] = str(err)
            else:
                row.update(
                    name=manifest.get("name", ""),
                    edition=manifest.get("edition", ""),
                    alphabet=manifest.get("alphabet", ""),
                    word_count=manifest.get("word_count"),
                    dawg_sha256=manifest.get("dawg_sha256", ""),
                    standin=manifest.get("standin", ""),
                )
            out.append(row)
    return out


class VerifyReport:
    """Every check run on a lexicon: ``(name, ok, detail)``; ``ok`` when all passed."""

    def __init__(self, lexicon_id: str, path: str) -> None:
        self.lexicon_id = lexicon_id
        self.path = path
        self.checks: list[tuple[str, bool, str]] = []

    def add(self, name: str, ok: bool, detail: str = "") -> bool:
        self.checks.append((name, ok, detail))
        return ok

    @property
    def ok(self) -> bool:
        return all(ok for _, ok, _ in self.checks)

    @property
    def failures(self) -> list[tuple[str, bool, str]]:
        return [check for check in self.checks if not check[1]]

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.lexicon_id,
            "path": self.path,
            "ok": self.ok,
            "checks": [{"check": n, "ok": ok, "detail": d} for n, ok, d in self.checks],
        }


def _non_words(keys: list[str], alphabet: tiles.Alphabet, limit: int = 3000) -> list[str]:
    """Deterministic sample of keys one tile away from words: a tile changed, one added."""
    letters = [alphabet.keys[code] for code in range(1, alphabet.size + 1)]
    step = max(1, len(keys) // (limit // 3 or 1))
    out: list[str] = []
    for n, key in enumerate(keys[::step]):
        pos = n % len(key)
        swapped = (
            letters[(letters.index(key[pos]) + 1 + n) % len(letters)] if key[pos] in letters else letters[0]
        )
        out.append(key[:pos] + swapped + key[pos + 1 :])
        if len(key) < tiles.MAX_TILES:
            out.append(key + letters[n % len(letters)])
            out.append(letters[(n * 7) % len(letters)] + key)
    return out


def verify_lexicon(name_or_path: str, source: str | None = None) -> VerifyReport:
    """Check a lexicon end to end; every problem is a failed check (LexiconError only if not found).

    Checks: the manifest reads; SHA-256 of words.dawg, of words.txt.gz and of its text match it;
    the DAWG loads with dawg_python; the list is sorted, unique, canonical, every word is in the
    DAWG, the count and length histogram match; a DAWG rebuilt from the list is byte-identical (so
    the DAWG holds no other word); sampled non-words are not in it; every word of ``source`` (when
    given) is in it.
    """
    import gzip
    import json

    directory, where = find_lexicon(name_or_path)
    shown = name_or_path if where != "path" else os.path.basename(os.path.normpath(directory))
    report = VerifyReport(shown, os.path.abspath(directory))
    try:
        with open(os.path.join(directory, MANIFEST), "rb") as handle:
            manifest = json.loads(handle.read().decode("utf-8"))
        if not isinstance(manifest, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as err:
        report.add("manifest", False, f"{MANIFEST} unreadable: {err}")
        return report
    report.add("manifest", True, f"{MANIFEST} reads")
    report.lexicon_id = shown = str(manifest.get("id") or shown)
    alphabet_name = manifest.get("alphabet")
    if alphabet_name not in tiles.ALPHABET_NAMES:
        report.add("alphabet", False, f"unknown alphabet {alphabet_name!r}")
        return report
    alphabet = tiles.get_alphabet(str(alphabet_name))

    def file_bytes(filename: str) -> bytes | None:
        try:
            with open(os.path.join(directory, filename), "rb") as handle:
                return handle.read()
        except OSError as err:
            report.add(filename, False, f"cannot read: {err.strerror or err}")
            return None

    dawg_data = file_bytes(DAWG_FILE)
    gz_data = file_bytes(TEXT_FILE)
    lexicon = None
    if dawg_data is not None:
        digest = hashlib.sha256(dawg_data).hexdigest()
        if report.add(
            "dawg_sha256",
            digest == manifest.get("dawg_sha256"),
            f"{DAWG_FILE} SHA-256 {digest}"
            + ("" if digest == manifest.get("dawg_sha256") else f", manifest {manifest.get('dawg_sha256')}"),
        ):
            import dawg_python

            try:
                lexicon = Lexicon(directory, manifest, _load_dawg(dawg_data, shown), where)
                reference = dawg_python.DAWG().load(os.path.join(directory, DAWG_FILE))
                same = reference.dct._units == lexicon._units
                report.add(
                    "dawg_loads",
                    same,
                    f"dawg_python loads {len(dawg_data)} bytes"
                    + ("" if same else "; its units differ from the fast reader's"),
                )
                lexicon._dawg = reference
            except (LexiconError, ValueError, KeyError, EOFError, OSError) as err:
                report.add("dawg_loads", False, str(err))
    words: list[str] | None = None
    if gz_data is not None:
        digest = hashlib.sha256(gz_data).hexdigest()
        expected = manifest.get("text_gz_sha256")
        report.add(
            "text_gz_sha256",
            digest == expected,
            f"{TEXT_FILE} SHA-256 {digest}" + ("" if digest == expected else f", manifest {expected}"),
        )
        try:
            text = gzip.decompress(gz_data)
        except (OSError, EOFError) as err:
            report.add("text_reads", False, f"{TEXT_FILE} does not decompress: {err}")
        else:
            digest = hashlib.sha256(text).hexdigest()
            expected = manifest.get("text_sha256")
            report.add(
                "text_sha256",
                digest == expected,
                f"text SHA-256 {digest}" + ("" if digest == expected else f", manifest {expected}"),
            )
            try:
                words = text.decode("utf-8").splitlines()
            except UnicodeDecodeError as err:
                report.add("text_reads", False, f"{TEXT_FILE} is not UTF-8: {err}")
    if words is None:
        return report

    table = _label_table(alphabet)
    all_keys, bad_lines = canonical_keys(words, alphabet)
    bad = [f"line {n + 1}: {words[n]!r}" for n in bad_lines]
    skip = set(bad_lines)
    keys = [key for n, key in enumerate(all_keys) if n not in skip] if skip else all_keys
    report.add(
        "canonical",
        not bad,
        f"{len(bad)} lines not canonical tile words" + (f" (first: {bad[0]})" if bad else ""),
    )
    in_order = all(a < b for a, b in zip(keys, keys[1:]))
    report.add(
        "sorted_unique",
        in_order,
        "sorted by key, no duplicates" if in_order else "not sorted by key or has duplicates",
    )
    count = manifest.get("word_count")
    report.add("word_count", len(words) == count, f"{len(words)} words, manifest {count}")
    histogram = _histogram(keys)
    report.add(
        "histogram",
        histogram == manifest.get("histogram"),
        "length histogram"
        + (
            ""
            if histogram == manifest.get("histogram")
            else f" {histogram} != manifest {manifest.get('histogram')}"
        ),
    )

    reader: object = None
    if lexicon is not None:
        try:
            import dawg  # DAWG2's C reader: all the words in a few ms (the pure walk checks a sample)

            reader = dawg.DAWG().frombytes(dawg_data)
            how = "DAWG2"
        except ImportError:  # pragma: no cover
            reader, how = lexicon, "pure-Python"
        missing = [key for key in keys if key not in reader]  # type: ignore[operator]
        report.add(
            "words_in_dawg",
            not missing,
            f"{len(keys) - len(missing)} of {len(keys)} listed words in the DAWG ({how} reader)"
            + (f" (first missing: {missing[0].translate(table)})" if missing else ""),
        )
        try:
            rebuilt = _dawg_bytes(keys if in_order else sorted(set(keys)))
        except LexiconError as err:  # pragma: no cover
            report.add("dawg_exact", True, f"not checked: {err}")
        else:
            same = rebuilt == dawg_data
            versions = builder_versions()
            recorded = (
                manifest.get("builder", {}).get("DAWG2")
                if isinstance(manifest.get("builder"), dict)
                else None
            )
            if same or recorded == versions["DAWG2"]:
                report.add(
                    "dawg_exact",
                    same,
                    (
                        "a DAWG rebuilt from the list is byte-identical (no other word in it)"
                        if same
                        else "a DAWG rebuilt from the list differs: the DAWG holds other words or is not this list's"
                    ),
                )
            else:
                report.add(
                    "dawg_exact",
                    True,
                    f"not checked: built with DAWG2 {recorded}, this is {versions['DAWG2']}",
                )
        key_set = set(keys)
        probes = [k for k in _non_words(keys, alphabet) if k not in key_set] if keys else []
        present = [k for k in probes if k in lexicon or lexicon.dawg.dct.contains(k.encode("utf-8"))]
        report.add(
            "non_words",
            not present,
            f"{len(probes) - len(present)} of {len(probes)} sampled non-words absent"
            + (f" (found: {present[0].translate(table)})" if present else ""),
        )
        sample = keys[:: max(1, len(keys) // 500)]
        agree = all((k in lexicon) == (k.encode("utf-8") in lexicon.dawg) for k in sample + probes[:500])
        report.add("reader_agrees", agree, "inlined lookup agrees with dawg_python")

    if source is not None:
        checked = check_word_list(source, alphabet)
        missing_src = [k for k in checked.keys if reader is None or k not in reader]  # type: ignore[operator]
        report.add(
            "source_words",
            not missing_src,
            f"{checked.word_count - len(missing_src)} of {checked.word_count} source words in the lexicon"
            + (f" (first missing: {missing_src[0].translate(table)})" if missing_src else "")
            + (f"; {len(checked.rejected)} source entries cannot be tiles" if checked.rejected else ""),
        )
        extra = len(set(keys) - set(checked.keys))
        recorded_src = (
            manifest.get("source", {}).get("sha256") if isinstance(manifest.get("source"), dict) else None
        )
        note = f"{extra} lexicon words not in the source"
        note += (
            "; source SHA-256 matches the manifest"
            if recorded_src == checked.source_sha256
            else "; source SHA-256 differs from the manifest's"
        )
        report.add("source_extra", True, note)
    return report


class DiffReport:
    """Words added and removed from OLD to NEW (canonical labels), with counts by tile length."""

    def __init__(
        self,
        old: str,
        new: str,
        added: list[str],
        removed: list[str],
        added_keys: list[str],
        removed_keys: list[str],
        old_count: int,
        new_count: int,
    ) -> None:
        self.old, self.new = old, new
        self.added, self.removed = added, removed
        self.added_by_length = _histogram(added_keys)
        self.removed_by_length = _histogram(removed_keys)
        self.old_count, self.new_count = old_count, new_count

    @property
    def same(self) -> bool:
        return not self.added and not self.removed

    def as_dict(self) -> dict[str, object]:
        return {
            "old": self.old,
            "new": self.new,
            "old_count": self.old_count,
            "new_count": self.new_count,
            "added_count": len(self.added),
            "removed_count": len(self.removed),
            "added_by_length": self.added_by_length,
            "removed_by_length": self.removed_by_length,
            "added": self.added,
            "removed": self.removed,
        }


def _lexicon_keys(name_or_path: str) -> tuple[Lexicon, list[str]]:
    """A lexicon (checked) and the keys of its word list (checked against the manifest)."""
    directory, where = find_lexicon(name_or_path)
    lexicon = load_lexicon(directory, where=where, lexicon_id=name_or_path if where != "path" else None)
    manifest = _read_manifest(directory, lexicon.id, full=True)
    try:
        with open(os.path.join(directory, TEXT_FILE), "rb") as handle:
            gz_data = handle.read()
    except FileNotFoundError:
        raise LexiconCorruptError(f"lexicon {lexicon.id} is corrupted: {TEXT_FILE} is missing") from None
    expected = manifest.get("text_gz_sha256")
    if expected and hashlib.sha256(gz_data).hexdigest() != expected:
        raise LexiconCorruptError(
            f"lexicon {lexicon.id} is corrupted: {TEXT_FILE} does not match its SHA-256"
        )
    import gzip

    words = gzip.decompress(gz_data).decode("utf-8").splitlines()
    keys, bad = canonical_keys(words, lexicon.alphabet)
    if bad:
        raise LexiconCorruptError(
            f"lexicon {lexicon.id} is corrupted: {words[bad[0]]!r} in {TEXT_FILE} is not a canonical word"
        )
    return lexicon, keys


def diff_lexicons(old: str, new: str) -> DiffReport:
    """Words added and removed between two lexicons of the same alphabet (LexiconError otherwise)."""
    old_lex, old_keys = _lexicon_keys(old)
    new_lex, new_keys = _lexicon_keys(new)
    if old_lex.alphabet.name != new_lex.alphabet.name:
        raise LexiconError(
            f"cannot diff a {old_lex.alphabet.name} lexicon ({old_lex.id}) with a {new_lex.alphabet.name} one ({new_lex.id})"
        )
    old_set, new_set = set(old_keys), set(new_keys)
    added_keys = sorted(new_set - old_set)
    removed_keys = sorted(old_set - new_set)
    table = _label_table(new_lex.alphabet)
    return DiffReport(
        old_lex.id,
        new_lex.id,
        [k.translate(table) for k in added_keys],
        [k.translate(table) for k in removed_keys],
        added_keys,
        removed_keys,
        len(old_set),
        len(new_set),
    )
