"""Making and checking lexicons: word lists in, lexicon directories out, and their audits.

``check_word_list`` reads a word list (any notation of :mod:`adjudicate.tiles`, ``.gz``, Latin-1,
``#`` comments) and reports every rejected entry with file:line and reason; ``build_lexicon`` writes
a lexicon directory (``words.dawg``, ``words.txt.gz``, ``manifest.json``: see
:mod:`adjudicate.lexicon`) reproducibly; ``verify_lexicon`` checks one end to end; ``diff_lexicons``
compares two. Reading a lexicon to answer ``key in lex`` and finding it on the search path is
:mod:`adjudicate.lexicon`, which the challenge fast path imports; this module is never on that path.
"""

from __future__ import annotations

import hashlib
import os
import sys

from adjudicate import tiles
from adjudicate.atomicfile import keep_owner_and_mode, output_target
from adjudicate.readfile import open_regular
from adjudicate.errors import LexiconCorruptError, LexiconError, UnknownTileError
from adjudicate.lexicon import dawgfile
from adjudicate.lexicon.lookup import Lexicon, load_lexicon, read_dawg
from adjudicate.lexicon.store import (
    DAWG_FILE,
    EXTRA_FILES,
    FORMAT,
    LANGUAGES,
    MANIFEST,
    MAX_DAWG_BYTES,
    TEXT_FILE,
    find_lexicon,
    odd_field,
    plain_name,
    read_file,
    read_manifest,
    user_lexicon_dir,
)

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
    """A build: the check's counts (not its keys: a build streams the words and keeps none, so
    ``keys`` is empty and the counts come from ``histogram``), plus where the lexicon went and its
    checksums."""

    lexicon_id = ""
    out_dir = ""
    replaced = False  # an existing lexicon directory was replaced
    dawg_sha256 = ""
    text_sha256 = ""
    seconds = 0.0

    def __init__(
        self,
        source: str,
        alphabet: str,
        entries: int,
        histogram: dict[str, int],
        rejected: list[Rejection],
        duplicates: int,
        encoding: str,
        source_sha256: str,
    ) -> None:
        super().__init__(source, alphabet, entries, [], rejected, duplicates, encoding, source_sha256)
        self._histogram = histogram

    @property
    def word_count(self) -> int:
        return sum(self._histogram.values())

    @property
    def histogram(self) -> dict[str, int]:
        return dict(self._histogram)

    def as_dict(self) -> dict[str, object]:
        out = super().as_dict()
        out.update(
            id=self.lexicon_id,
            out_dir=self.out_dir,
            replaced=self.replaced,
            dawg_sha256=self.dawg_sha256,
            text_sha256=self.text_sha256,
            seconds=round(self.seconds, 3),
        )
        return out


def _histogram(keys: list[str] | set[str]) -> dict[str, int]:
    from collections import Counter

    counts = Counter(map(len, keys))
    return {str(n): counts[n] for n in sorted(counts)}


# Bounds on what a word list may be, so that a hostile file cannot take the machine's memory: the
# largest real lists (DISC, the Spanish list; Collins with definitions) are under 30 MB of text and their lines a few dozen
# characters.
MAX_TEXT_BYTES = 64 * 1024 * 1024
MAX_LINE_CHARS = 4096


def _too_big(source: str) -> LexiconError:
    return LexiconError(f"{source}: more than {MAX_TEXT_BYTES // (1024 * 1024)} MB of text: "
                        "not a word list this tool reads")


def _read_raw(source: str) -> bytes:
    """The bytes of a word list file (``-``: standard input), at most MAX_TEXT_BYTES."""
    if source == "-":
        data = sys.stdin.buffer.read(MAX_TEXT_BYTES + 1)
    else:
        with open_regular(source) as handle:  # (a FIFO, a device: refused, never waited on)
            data = handle.read(MAX_TEXT_BYTES + 1)
    if len(data) > MAX_TEXT_BYTES:
        raise _too_big("<stdin>" if source == "-" else source)
    return data


def _line_feeds(data: bytes) -> bytes:
    """CRLF, and a CR alone (an old Mac file), end a line as LF does. (A CR alone was white space
    inside one long line: ``casa\rcosa\rgat`` read as the word CASA and a "definition".)"""
    if b"\r" not in data:
        return data
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def _decompress(data: bytes, source: str) -> bytes:
    """A file's text: gunzipped when it starts like gzip (every member, as ``gunzip`` reads them;
    at most MAX_TEXT_BYTES of text), its lines ended by LF alone."""
    if data[:2] != b"\x1f\x8b":
        return _line_feeds(data)
    import zlib

    texts: list[bytes] = []
    size = 0
    while True:
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            text = inflate.decompress(data, MAX_TEXT_BYTES - size + 1)
            if size + len(text) > MAX_TEXT_BYTES or inflate.unconsumed_tail:
                raise _too_big(source)
            text += inflate.flush()
        except zlib.error as err:
            raise LexiconError(f"{source}: not a readable gzip file ({err})") from None
        if not inflate.eof:
            raise LexiconError(f"{source}: not a readable gzip file (truncated)")
        texts.append(text)
        size += len(text)
        data = inflate.unused_data
        if not data.strip(b"\0"):  # (trailing zeros, as gunzip allows)
            return _line_feeds(b"".join(texts))
        if data[:2] != b"\x1f\x8b":
            raise LexiconError(f"{source}: not a readable gzip file (data after the end)")


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
    rejected_long: list[Rejection] = []
    total = len(lines)
    for number, line in enumerate(lines, 1):
        if progress is not None and number % 50000 == 0:
            progress(number, total)
        if len(line) > MAX_LINE_CHARS:
            rejected_long.append(Rejection(filename, number, line[:40] + "...",
                                           f"a line of {len(line):,} characters (at most {MAX_LINE_CHARS:,})"))
            continue
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
    long_lines = len(rejected_long)
    for number, word, key in zip(numbers, words, found):
        while rejected_long and rejected_long[0].line < number:
            rejected.append(rejected_long.pop(0))
        if key is None or not tiles.MIN_TILES <= len(key) <= tiles.MAX_TILES:
            try:
                parsed = tiles.parse_word(word, alphabet)
                tiles.check_length(word, parsed)
            except UnknownTileError as err:
                rejected.append(Rejection(filename, number, word, err.reason))
                continue
            key = tiles.to_key(parsed, alphabet)
        keys.add(key)
    rejected += rejected_long
    if progress is not None:
        progress(total, total)
    entries = len(words) + long_lines
    duplicates = entries - len(rejected) - len(keys)
    return entries, keys, rejected, duplicates, encoding


def check_word_list(source: str, alphabet: str | tiles.Alphabet, *, progress=None) -> CheckReport:  # type: ignore[no-untyped-def]
    """Validate a word list (path, ``.gz`` or ``-``) without writing anything."""
    alpha = alphabet if isinstance(alphabet, tiles.Alphabet) else _get_alphabet(alphabet)
    name = "<stdin>" if source == "-" else source
    raw = _read_raw(source)  # read once: a pipe or a file being written cannot be read twice
    raw_sha = hashlib.sha256(raw).hexdigest()
    fast = _fast_scan(raw, alpha, progress)
    if fast is not None:  # a clean list: nothing to reject, the keys from whole chunks at a time
        entries, blocks, lengths = fast
        found: list[str] = []
        for _, text in _fast_groups(blocks, lengths):
            found.extend(text.decode("utf-8").split("\n"))
        return CheckReport(name, alpha.name, entries, found, [], entries - len(found), "utf-8", raw_sha)
    data = _decompress(raw, name)
    del raw
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


# -- the fast path: a clean list, a chunk of text at a time ------------------------------------

_STEP = 1 << 15  # compressed bytes read and inflated per step (about 150 kB of text)
_PLAIN_STEP = 1 << 17  # bytes of a plain-text list read per step
# words.txt.gz's deflate level (a lexicon's bytes depend on it: scripts/build-default-lexicons).
# On sorted word lists 5 compresses better than 6 (1-2% smaller: the shipped lists, DISC) in less
# than half the time; 4 is a third faster again but 1-3% bigger than 6.
_GZIP_LEVEL = 5


class _NotClean(Exception):
    """The list is not one the fast path reads exactly: read it the general way (``_scan``)."""


def _overlaps(forms: list[bytes]) -> list[bytes]:
    """Every string where two multi-letter forms overlap (a proper suffix of one starts the other)."""
    out = set()
    for a in forms:
        for b in forms:
            for k in range(1, min(len(a), len(b))):
                if a[-k:] == b[:k]:
                    out.add(a + b[k:])
    return sorted(out)


class _FastReader:
    """Tile keys of a clean word list, a chunk of text at a time, with no work per word in Python.

    A clean list is UTF-8, one word per line, with only characters that fold to one character of a
    spelled form (no comments, spaces or definitions; CRLF and empty lines are fine), every word
    2-15 tiles. On such a list ``_scan`` rejects nothing, and the keys it finds are these: ``fold``
    works character by character, so one ``bytes.translate`` folds a whole chunk; each multi-letter
    form that occurs is replaced by a placeholder, longest first, which is what ``parse_word``'s
    greedy reading does wherever no two occurrences overlap (checked: where they might, the chunk
    is read with one regex, which is that greedy reading); one more translate gives the keys.
    Characters are Latin-1 bytes, one byte a character; keys compare in Latin-1 as in code points.
    :meth:`keys` raises :class:`_NotClean` on anything else.
    """

    def __init__(self, alphabet: tiles.Alphabet) -> None:
        import re

        key_byte = {}
        for code in range(1, alphabet.size + 1):
            key = alphabet.keys[code]
            if len(key) != 1 or ord(key) > 255:
                raise _NotClean("a key outside Latin-1")
            key_byte[code] = ord(key)
        singles: dict[int, int] = {}
        multi: dict[bytes, int] = {}
        for form, code in alphabet._spelled.items():
            try:
                raw = form.encode("latin-1")
            except UnicodeEncodeError:
                continue  # cannot occur in a Latin-1 text
            if len(raw) == 1:
                singles[raw[0]] = key_byte[code]
            else:
                multi[raw] = key_byte[code]
        form_bytes = set(singles) | {b for form in multi for b in form}
        if 10 in form_bytes:  # pragma: no cover - no tile set spells a newline
            raise _NotClean("a newline in a form")
        spare = [b for b in range(32) if b != 10 and b not in form_bytes]
        if len(spare) < len(multi) + 2:  # pragma: no cover - far fewer forms than that
            raise _NotClean("too many multi-letter forms")
        # A byte that is not part of a tile (white space, "#", a control character...) folds to
        # ``refused``, which no table maps to a key: the word does not read (see keys()).
        refused, self._filler = spare[-1], bytes((spare[-2],))
        fold_map = bytearray([refused]) * 256
        fold_map[10] = 10
        for byte in range(256):
            char = chr(byte)
            folded = tiles.fold(char, alphabet)
            if char.isspace() or char == "#" or len(folded) != 1 or ord(folded) not in form_bytes:
                continue
            fold_map[byte] = ord(folded)
        self._fold = bytes(fold_map)
        self._unchanged = bytes(b for b in range(256) if fold_map[b] == b)  # fold leaves these alone
        self._multi = sorted(multi, key=lambda f: (-len(f), f))
        self._overlaps = [(a, b, _overlaps([a, b])) for a in self._multi for b in self._multi if a <= b]
        self._overlaps = [(a, b, o) for a, b, o in self._overlaps if o]
        # A form is looked for only when its characters other than A-Z are in the chunk at all.
        self._common = bytes(range(65, 91)) + b"\n"
        self._rare = {form: set(form.translate(None, self._common)) for form in self._multi}
        self._regex = re.compile(b"|".join(map(re.escape, self._multi))) if self._multi else None
        # A form is replaced by its placeholder, padded with fillers to the form's length (a
        # replacement of the same length is one copy, not a rebuild); the fillers are deleted by the
        # last translate.
        self._placeholder = {form: bytes((spare[n],)) for n, form in enumerate(self._multi)}
        self._padded = {form: self._placeholder[form] + self._filler * (len(form) - 1) for form in self._multi}
        keys = set(key_byte.values())
        self._bad = next(b for b in range(255, -1, -1) if b not in keys and b != 10)
        table = bytearray([self._bad]) * 256
        table[10] = 10
        for byte, key in singles.items():
            table[byte] = key
        for form, key in multi.items():
            table[self._placeholder[form][0]] = key
        self._keys = bytes(table)
        self._lengths = bytes((0, *range(tiles.MIN_TILES, tiles.MAX_TILES + 1)))

    def keys(self, chunk: bytes) -> bytes:
        """The keys of a chunk of lines (UTF-8), one line each, in Latin-1; empty lines stay."""
        try:
            text = chunk.decode("utf-8").encode("latin-1")
        except UnicodeError:
            raise _NotClean("not UTF-8, or a character outside Latin-1") from None
        if b"\r" in text:
            text = text.replace(b"\r\n", b"\n")
        if text.translate(None, self._unchanged):  # (an upper-case list has nothing to fold)
            text = text.translate(self._fold)
        if self._regex is not None:
            rare = set(text.translate(None, self._common))
            present = [form for form in self._multi if self._rare[form] <= rare and form in text]
            risky = {x for a, b, o in self._overlaps if a in present and b in present for x in o}
            if any(x in text for x in risky):  # (each looked for once: pairs share overlaps)
                text = self._regex.sub(lambda m: self._placeholder[m.group()], text)
            else:
                for form in present:
                    text = text.replace(form, self._padded[form])
        text = text.translate(self._keys, self._filler)
        if self._bad in text:
            raise _NotClean("a word that does not read as tiles (or a character that is not part of a tile)")
        return text

    def check_lengths(self, lines: list[bytes]) -> bytes:
        """The lengths of the keys (0 for an empty line), all checked to be 2-15 tiles."""
        try:
            lengths = bytes(map(len, lines))
        except ValueError:  # 256 tiles or more
            raise _NotClean("a word of more than 15 tiles") from None
        if lengths.translate(None, self._lengths):
            raise _NotClean("a word of fewer than 2 or more than 15 tiles")
        return lengths


def _text_chunks(data: bytes, progress=None):  # type: ignore[no-untyped-def]
    """The text of a word list (``data``: gzip, or plain text; a file or standard input alike) in
    pieces that end at a line end, BOM dropped. At most MAX_TEXT_BYTES of text (beyond that, and on a broken
    gzip stream, :class:`_NotClean`: the careful reader reports it)."""
    import zlib

    total = len(data)
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if data[:2] == b"\x1f\x8b" else None
    step = _STEP if inflate is not None else _PLAIN_STEP
    view = memoryview(data)
    pending = b""
    first = True
    done = text_size = 0
    while done < total:
        piece = view[done : done + step]
        done += len(piece)
        if progress is not None:
            progress(done, total)
        pending += inflate.decompress(piece) if inflate is not None else piece
        cut = pending.rfind(b"\n") + 1
        if not cut:
            if len(pending) > MAX_LINE_CHARS * 4:
                raise _NotClean("a line too long")  # the careful reader reports it, bounded
            continue
        out, pending = pending[:cut], pending[cut:]
        text_size += cut
        if text_size > MAX_TEXT_BYTES:
            raise _NotClean("too much text")
        if first:
            first = False
            if out[:3] == b"\xef\xbb\xbf":
                out = out[3:]
        yield out
        del out
    if inflate is not None:
        try:
            pending += inflate.flush()
        except zlib.error:
            raise _NotClean("gzip") from None
        if not inflate.eof or inflate.unused_data:
            raise _NotClean("a truncated or multi-member gzip file")
    if text_size + len(pending) > MAX_TEXT_BYTES:
        raise _NotClean("too much text")
    if first and pending[:3] == b"\xef\xbb\xbf":
        pending = pending[3:]
    if pending:
        yield pending


def _fast_scan(data: bytes, alphabet: tiles.Alphabet, progress=None):  # type: ignore[no-untyped-def]
    """A clean list read (``data``: the file's bytes): ``(entries, blocks, {tiles: count})``, None
    if the list is not clean.

    A block is one chunk of text: ``(its keys sorted and unique, in UTF-8, each ending with a
    newline (an anonymous ``mmap``), {first two key bytes (Latin-1): (start, end) of their keys in
    it})``. The counts by length are those of every block's keys (a key in two blocks is counted
    twice, until :func:`_fast_groups` meets it). Holds the keys as a few big blocks (about the size
    of the text in all), never an object a word.

    Where a child process can be forked (:mod:`adjudicate.forked`), it reads every other chunk
    (each process inflates the whole file, cheap beside the rest) and sends its blocks back.
    """
    import contextlib
    import mmap

    from adjudicate import forked

    try:
        reader = _FastReader(alphabet)
    except _NotClean:  # pragma: no cover - every shipped tile set qualifies
        return None
    other = forked.start(_scan_part, reader, data, 1, 2)
    with other or contextlib.nullcontext():
        parts = _scan_part(reader, data, 0, 2 if other else 1, progress, _stored)
        if parts is not None and other is not None:
            try:
                theirs = other.result()
            except Exception:  # noqa: BLE001 - the child killed, out of memory...: its share is read here
                theirs = _scan_part(reader, data, 1, 2)
            parts = None if theirs is None else parts + theirs
    if parts is None:
        return None
    parts.sort(key=lambda part: part[0], reverse=True)
    blocks: list[tuple[bytes, dict[int, tuple[int, int]]]] = []
    entries = 0
    counts = dict.fromkeys(range(tiles.MIN_TILES, tiles.MAX_TILES + 1), 0)
    while parts:  # (the child's blocks, as bytes, let go as soon as they are stored)
        _, chunk_entries, chunk_counts, block, index = parts.pop()
        entries += chunk_entries
        for n, count in chunk_counts.items():
            counts[n] += count
        if block:
            blocks.append((block if isinstance(block, mmap.mmap) else _stored(block), index))
    return entries, blocks, {n: c for n, c in counts.items() if c}


def _stored(block: bytes):  # type: ignore[no-untyped-def]
    """``block`` in an anonymous memory map: its memory goes back to the system the moment it is
    closed, where a freed bytes object this size would leave the heap fragmented."""
    import mmap

    stored = mmap.mmap(-1, len(block))
    stored.write(block)
    return stored


def _scan_part(reader: _FastReader, data: bytes, part: int, parts: int, progress=None, store=None):  # type: ignore[no-untyped-def]
    """The blocks of the ``part``-th of every ``parts`` chunks of a list (see :func:`_fast_scan`):
    ``[(chunk number, entries, {tiles: count}, block, index)]``, each block as bytes or as
    ``store`` makes it; None if the list is not clean."""
    import zlib
    from bisect import bisect_left, bisect_right
    from itertools import groupby, islice
    from operator import eq, itemgetter

    out = []
    try:
        for number, chunk in enumerate(_text_chunks(data, progress)):
            if number % parts != part:
                continue
            lines = reader.keys(chunk).split(b"\n")
            del chunk
            lengths = reader.check_lengths(lines)
            lines.sort()
            start = bisect_right(lines, b"")
            entries = len(lines) - start
            del lines[:start]
            if any(map(eq, lines, islice(lines, 1, None))):
                lines = list(map(itemgetter(0), groupby(lines)))
                lengths = bytes(map(len, lines))
            counts = {n: lengths.count(n) for n in range(tiles.MIN_TILES, tiles.MAX_TILES + 1)}
            if not lines:
                out.append((number, entries, counts, b"", {}))
                continue
            block = b"\n".join(lines) + b"\n"
            if not block.isascii():
                block = block.decode("latin-1").encode("utf-8")
            index = {}
            start, end, offset = 0, len(lines), 0
            while start < end:  # every key has 2 tiles or more
                first, second = lines[start][:2]
                after = bytes((first, second + 1)) if second < 255 else bytes((first + 1,))
                stop = bisect_left(lines, after, start) if first < 255 or second < 255 else end
                if stop < end:  # where the next prefix starts, in the UTF-8 block
                    following = b"\n" + lines[stop][:2].decode("latin-1").encode("utf-8")
                    next_offset = block.find(following, offset) + 1
                else:
                    next_offset = len(block)
                index[first << 8 | second] = (offset, next_offset)
                offset, start = next_offset, stop
            out.append((number, entries, counts, block if store is None else store(block), index))
            del lines, block
    except (_NotClean, zlib.error):
        return None
    return out


def _length_counts(keys: list[bytes] | list[str]) -> dict[int, int]:
    lengths = bytes(map(len, keys))  # keys have at most 15 tiles
    return {n: lengths.count(n) for n in range(tiles.MIN_TILES, tiles.MAX_TILES + 1) if n in lengths}


def _fast_groups(blocks: list[tuple[bytes, dict[int, tuple[int, int]]]], counts: dict[int, int]):  # type: ignore[no-untyped-def]
    """Sorted unique keys, one group per first two tiles, as :func:`_write_words` takes them
    (``(keys, the keys joined by newlines)``, all UTF-8 bytes).

    The keys of a group are gathered from every block that has some and (when more than one block
    has some) merged (:func:`_merge_runs`), taking the duplicates out of ``counts``, only when the
    group's turn comes; a block is dropped once its last group is out.
    """
    from itertools import chain

    prefixes = sorted(set().union(*(index for _, index in blocks)))
    last = [max(index) for _, index in blocks]
    for prefix in prefixes:
        parts = [block[index[prefix][0] : index[prefix][1]] for block, index in blocks if prefix in index]
        if prefix in last:  # a block whose last keys these are is no longer needed
            for (block, _), end in zip(blocks, last):
                if end == prefix:
                    block.close()
            blocks[:] = [pair for pair, end in zip(blocks, last) if end != prefix]
            last = [end for end in last if end != prefix]
        if len(parts) > 1:  # keys of this prefix in more than one block: merge them
            parts = [_merge_runs(parts, counts)]
        text = parts[0][:-1]
        del parts
        words = chain.from_iterable(map(bytes.split, _line_slices(text, 1 << 15)))  # as the DAWG takes them
        block = text
        del text
        yield words, block
        del words, block


def _merge_runs(parts: list[bytes], counts: dict[int, int]) -> bytes:
    """The sorted union of sorted unique runs of keys (UTF-8, every line ending with a newline),
    taking the duplicates out of ``counts``.

    Where one run's lines come before every other run's next line for a while (a list sorted near
    enough), they are copied whole, found by bisection; elsewhere a window of every run at a time
    is merged (split, sorted, de-duplicated) up to the least of the windows' last lines. The objects
    made for keys are a window's worth, never a whole run's.
    """
    from itertools import groupby
    from operator import itemgetter

    window = max(1 << 10, min(1 << 12, (1 << 18) // len(parts)))
    at = [0] * len(parts)
    out: list[bytes] = []
    while True:
        live = [n for n, part in enumerate(parts) if at[n] < len(part)]
        if len(live) < 2:
            out += [parts[n][at[n] :] for n in live]
            return b"".join(out)
        ends = {n: parts[n].find(b"\n", min(at[n] + window, len(parts[n])) - 1) + 1 for n in live}
        lasts = {n: parts[n][(parts[n].rfind(b"\n", at[n], ends[n] - 1) + 1) or at[n] : ends[n] - 1] for n in live}
        heads = {n: parts[n][at[n] : parts[n].find(b"\n", at[n])] for n in live}
        first = min(live, key=heads.__getitem__)
        rival = min(heads[n] for n in live if n != first)
        if lasts[first] < rival:  # a window or more of one run before the others: copy it
            part = parts[first]
            end = _line_bisect(part, rival, False, ends[first], len(part))
            out.append(part[at[first] : end])
            at[first] = end
            continue
        cut = [n for n in live if ends[n] < len(parts[n])]
        if cut:  # nothing past the least last line of a cut window can be merged yet
            bound = min(lasts[n] for n in cut)
            for n in live:
                ends[n] = _line_bisect(parts[n], bound, True, at[n], ends[n])
        words: list[bytes] = []
        for n in live:
            if ends[n] > at[n]:
                words += parts[n][at[n] : ends[n] - 1].split(b"\n")
                at[n] = ends[n]
        words.sort()  # UTF-8 sorts as code points do
        unique = list(map(itemgetter(0), groupby(words)))
        if len(unique) < len(words):
            for length, c in _length_counts([w.decode("utf-8") for w in words]).items():
                counts[length] -= c
            for length, c in _length_counts([w.decode("utf-8") for w in unique]).items():
                counts[length] += c
        out.append(b"\n".join(unique) + b"\n")
        del words, unique


def _line_bisect(text: bytes, key: bytes, after: bool, low: int, high: int) -> int:
    """Where the first line of ``text[low:high]`` (sorted lines, each ending with a newline, ``low``
    and ``high`` at line starts) not below ``key`` starts (``after``: not below or equal), as
    ``bisect`` finds it in a list."""
    while low < high:
        middle = (low + high) // 2
        start = text.rfind(b"\n", low, middle) + 1 or low
        end = text.find(b"\n", start)
        line = text[start:end]
        if line < key or (after and line == key):
            low = end + 1
        else:
            high = start
    return low


def _line_slices(text: bytes, size: int):  # type: ignore[no-untyped-def]
    """``text`` (lines joined by newlines) in slices of about ``size`` bytes, each whole lines
    joined by newlines (``bytes.split`` with no argument splits them: keys hold no white space)."""
    start, total = 0, len(text)
    while start < total:
        end = text.find(b"\n", start + size)
        end = total if end < 0 else end
        yield text[start:end]
        start = end + 1


def _labeller(alphabet: tiles.Alphabet, utf8: bool = False):  # type: ignore[no-untyped-def]
    """Keys joined by newlines -> the same words in canonical labels (``str.translate`` of
    :func:`_label_table`, done with one ``replace`` per key whose label differs when that is
    the same thing: no label holds a key that is replaced). With ``utf8``, on the UTF-8 bytes of
    the text (a character's UTF-8 bytes are found only where that character is)."""
    changed = [
        (alphabet.keys[c], alphabet.labels[c])
        for c in range(1, alphabet.size + 1)
        if alphabet.labels[c] != alphabet.keys[c]
    ]
    replaced = {key for key, _ in changed}
    if any(replaced & set(label) for _, label in changed) or "\n" in replaced:
        table = _label_table(alphabet)
        if utf8:
            return lambda block: block.decode("utf-8").translate(table).encode("utf-8")
        return lambda block: block.translate(table)
    if utf8:
        changed = [(key.encode("utf-8"), label.encode("utf-8")) for key, label in changed]  # type: ignore[misc]

    def to_labels(block):  # type: ignore[no-untyped-def]
        for key, label in changed:
            block = block.replace(key, label)
        return block

    return to_labels


def _write_words(groups, alphabet: tiles.Alphabet, directory: str):  # type: ignore[no-untyped-def]
    """DAWG and canonical text from sorted groups of keys, streaming: each group's keys go to the
    DAWG builder and its words to gzip and SHA-256, then the group is dropped. A group is
    ``(keys as str or UTF-8 bytes, the keys joined by newlines in UTF-8)``, groups in order.

    Writes ``words.dawg`` and ``words.txt.gz`` into ``directory``, the same bytes as
    ``dawgfile.build(keys)`` and ``_gzip(canonical_text(keys))`` of all the keys at once; returns
    their SHA-256 and the text's SHA-256.

    Where a child process can be forked (:mod:`adjudicate.forked`), the child builds the DAWG from
    its copy of the groups while this process compresses the text (the two biggest costs of a
    build, each most of a core); elsewhere one loop feeds both.
    """
    import gzip
    from itertools import chain

    from adjudicate import forked

    to_labels = _labeller(alphabet, utf8=True)
    gz_path = os.path.join(directory, TEXT_FILE)
    digest = hashlib.sha256()
    with open(gz_path, "wb") as gz_file:
        out = gzip.GzipFile(filename="words.txt", mode="wb", fileobj=gz_file, mtime=0, compresslevel=_GZIP_LEVEL)

        def write_text(block: bytes) -> None:
            part = to_labels(block) + b"\n"
            digest.update(part)
            out.write(part)

        def key_lists():  # type: ignore[no-untyped-def]
            for keys, block in groups:
                if keys:
                    write_text(block)
                    yield keys
                del keys, block

        child = forked.start(_dawg_of_groups, groups)
        if child is None:
            dawg_data = dawgfile.build(chain.from_iterable(key_lists()))
        else:
            with child:
                for keys, block in groups:
                    if keys:
                        write_text(block)
                    del keys, block
                try:
                    dawg_data = child.result()
                except forked.ChildFailed as err:  # killed by a signal, say
                    raise LexiconError(f"building {DAWG_FILE} failed: {err}") from None
        out.close()
    with open(os.path.join(directory, DAWG_FILE), "wb") as handle:
        handle.write(dawg_data)
    return hashlib.sha256(dawg_data).hexdigest(), _sha256_file(gz_path), digest.hexdigest()


def _dawg_of_groups(groups) -> bytes:  # type: ignore[no-untyped-def]
    """The DAWG of every key in ``groups`` (as :func:`_write_words` takes them)."""
    from itertools import chain

    return dawgfile.build(chain.from_iterable(keys for keys, _ in groups))


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
        _labeller(alphabet)(text) == "\n".join(words)
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
    with gzip.GzipFile(filename="words.txt", mode="wb", fileobj=buffer, mtime=0, compresslevel=_GZIP_LEVEL) as out:
        out.write(data)
    return buffer.getvalue()


def builder_versions() -> dict[str, str]:
    from adjudicate import __version__

    return {
        "adjudicate": __version__,
        "DAWG2": _dawg2_version(),
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
    }


def _dawg2_version() -> str:
    """``importlib.metadata.version("DAWG2")``, read the way it reads it (the first
    ``dawg2-<version>.dist-info`` on ``sys.path``) without importing importlib.metadata (some
    30 ms, a tenth of a build); importlib.metadata answers anything out of the ordinary."""
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            if os.path.isfile(entry):
                break  # a zip file: importlib.metadata looks inside
            continue
        found = [n for n in names if n.lower().startswith(("dawg2-", "dawg2."))]
        if not found:
            continue
        if len(found) == 1 and found[0].endswith(".dist-info"):
            version = found[0][len("dawg2-") : -len(".dist-info")]
            try:
                with open(os.path.join(entry or ".", found[0], "METADATA"), "rb") as handle:
                    head = handle.read(4096).decode("utf-8", "replace")
            except OSError:
                break
            if f"\nVersion: {version}\n" in head:
                return version
        break
    from importlib import metadata

    try:
        return metadata.version("DAWG2")
    except metadata.PackageNotFoundError:  # pragma: no cover
        return "unknown"


def manifest_text(manifest: dict[str, object]) -> str:
    """The manifest as written: sorted keys, 2-space indent, UTF-8 (the load path relies on it)."""
    import json

    return json.dumps(manifest, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _is_lexicon_dir(path: str) -> bool:
    return os.path.isfile(os.path.join(path, MANIFEST))


# What a build writes or keeps in a lexicon directory: all that replacing one may remove.
_LEXICON_FILES = (MANIFEST, DAWG_FILE, TEXT_FILE, *EXTRA_FILES)


def _check_replaceable(out_dir: str, real_dir: str, source: str) -> None:
    """LexiconError unless ``real_dir`` (``out_dir`` resolved) is missing, empty, or a lexicon
    directory that holds nothing but ``_LEXICON_FILES`` (and not ``source``): a user's other
    files are never removed."""
    if not os.path.exists(real_dir):
        return
    if not os.path.isdir(real_dir):
        raise LexiconError(f"{out_dir} exists and is not a directory")
    names = os.listdir(real_dir)
    if names and not _is_lexicon_dir(real_dir):
        raise LexiconError(f"{out_dir} exists and is not a lexicon directory (no {MANIFEST}); not touching it")
    if source != "-" and os.path.realpath(source).startswith(os.path.realpath(real_dir) + os.sep):
        raise LexiconError(
            f"the source {source} is inside the output directory {out_dir}; refusing to replace it"
        )
    known = _LEXICON_FILES
    others = sorted(
        name + "/" if os.path.isdir(os.path.join(real_dir, name)) else name
        for name in names
        if name not in known or os.path.isdir(os.path.join(real_dir, name))
    )
    if others:
        raise LexiconError(
            f"{out_dir} holds {_some(others, limit=5)} besides the lexicon; a rebuild keeps only {', '.join(known)}, "
            "so it is not replaced (move them out, or build into another directory)"
        )


def _remove_replaced(old: str, out_dir: str) -> None:
    """Remove the lexicon a rebuild moved aside to ``old``: its own files, then the directory, so
    that nothing else is ever deleted; a failure says what is left where."""
    try:
        for name in os.listdir(old):
            if name in _LEXICON_FILES:
                os.remove(os.path.join(old, name))
        os.rmdir(old)
    except OSError as err:
        raise LexiconError(
            f"the new lexicon is at {out_dir}, but the one it replaced could not be removed from "
            f"{old} ({err.strerror or err}); remove that directory by hand"
        ) from None


def _check_fields(fields: dict[str, object]) -> None:
    """LexiconError for a manifest field a load would refuse (:func:`adjudicate.lexicon.odd_field`:
    a control character in a name, a note...): nothing is built that cannot be read back."""
    odd = odd_field(fields)
    if odd is not None:
        what = odd[1].replace("holds", "would hold", 1).replace("has", "would have", 1)
        raise LexiconError(f"the manifest's {odd[0]} {what}: not built")


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
    directory there is replaced (its LICENSE and ATTRIBUTION kept unless new ones are given) if it
    holds nothing else; any other non-empty directory is refused. A symlink ``out_dir`` is kept:
    the directory it points to is the one replaced. Rejected entries are left out and reported.
    ``source_info`` adds to (or overrides) the manifest's ``source`` record (file name, SHA-256).
    """
    import shutil
    import tempfile
    import time

    started = time.perf_counter()
    alphabet = _get_alphabet(alphabet_name)
    if out_dir is None:
        user = user_lexicon_dir()
        if user is None:
            raise LexiconError("no user data directory to build into (neither XDG_DATA_HOME nor HOME is an "
                               "absolute path): give the output directory with -o")
        out_dir = os.path.join(user, slugify(name))
    out_dir = os.path.abspath(out_dir)
    lexicon_id = os.path.basename(out_dir)
    if not plain_name(lexicon_id):  # the id the loader would refuse to read back
        raise LexiconError(
            f"the output directory {lexicon_id!r} (in {os.path.dirname(out_dir)}) cannot be a lexicon id: "
            "an id is a plain name (1 to 200 printable characters, no / or \\, not . or ..)"
        )
    _check_fields({"name": name, "edition": edition or "", "licence": licence, "standin": standin_note,
                   "source": source_info or {}})
    # Built where -o really is: a symlink to a lexicon directory is kept, pointing at the new one.
    target = output_target(out_dir, directory=True)
    real_dir = target.path
    _check_replaceable(out_dir, real_dir, source)

    shown = "<stdin>" if source == "-" else source
    raw = _read_raw(source)  # read once: a pipe or a file being written cannot be read twice
    source_sha256 = hashlib.sha256(raw).hexdigest()
    fast = _fast_scan(raw, alphabet, progress)
    if fast is not None:  # a clean list: no object per word
        del raw
        entries, blocks, lengths = fast
        rejected: list[Rejection] = []
        encoding = "utf-8"
        groups = _fast_groups(blocks, lengths)
        del blocks
    else:
        data = _decompress(raw, shown)
        del raw
        entries, key_set, rejected, _, encoding = _scan(data, shown, alphabet, progress)
        del data
        keys = sorted(key_set)
        del key_set
        lengths = _length_counts(keys)
        groups = iter([(keys, "\n".join(keys).encode("utf-8"))])
        del keys
    # No words: an error, never an empty lexicon in place of a real one. (The merge below only
    # drops a block's duplicates of another's keys, so a key read here is at least one word.)
    if not any(lengths.values()):
        if rejected:
            raise LexiconError(
                f"{shown}: no words: all {entries} entries were rejected (the first: {rejected[0]}); "
                "nothing written"
            )
        raise LexiconError(
            f"{shown}: no words (the list is empty, or only blank lines and comments); nothing written"
        )
    parent, base = os.path.split(real_dir)
    os.makedirs(parent, exist_ok=True)
    temp = tempfile.mkdtemp(prefix=f".{base}.building-", dir=parent)
    old = None  # where the lexicon being replaced is moved aside
    replaced = False
    try:
        dawg_sha256, text_gz_sha256, text_sha256 = _write_words(groups, alphabet, temp)
        histogram = {str(n): lengths[n] for n in sorted(lengths) if lengths[n]}
        word_count = sum(lengths.values())
        source_record: dict[str, object] = {
            "file": "<stdin>" if source == "-" else os.path.basename(source),
            "sha256": source_sha256,
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
            "word_count": word_count,
            "histogram": histogram,
            "text_sha256": text_sha256,
            "text_gz_sha256": text_gz_sha256,
            "dawg_sha256": dawg_sha256,
            "builder": builder_versions(),
            "source": source_record,
            "licence": licence,
            "standin": standin_note,
        }
        _check_fields(manifest)
        with open(os.path.join(temp, MANIFEST), "wb") as handle:
            handle.write(manifest_text(manifest).encode("utf-8"))
        for filename, given in (("LICENSE", licence_text), ("ATTRIBUTION", attribution)):
            target = os.path.join(temp, filename)
            if given is not None:
                with open(target, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(given)
            elif os.path.isfile(os.path.join(real_dir, filename)):
                shutil.copyfile(os.path.join(real_dir, filename), target)
        _check_replaceable(out_dir, real_dir, source)  # again: reading the source may have taken a while
        target = output_target(out_dir, directory=True)
        keep_owner_and_mode(temp, target, default=0o777)
        if os.path.exists(real_dir):
            replaced = _is_lexicon_dir(real_dir)  # (else an empty directory)
            old = tempfile.mkdtemp(prefix=f".{base}.old-", dir=parent)
            os.rmdir(old)
            os.rename(real_dir, old)
            try:
                os.rename(temp, real_dir)
            except BaseException:
                os.rename(old, real_dir)  # put the previous lexicon back where it was
                raise
        else:
            os.rename(temp, real_dir)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    if old is not None:
        _remove_replaced(old, out_dir)

    result = BuildReport(
        shown,
        alphabet.name,
        entries,
        histogram,
        rejected,
        entries - len(rejected) - word_count,
        encoding,
        source_sha256,
    )
    result.lexicon_id = lexicon_id
    result.out_dir = out_dir
    result.replaced = replaced
    result.dawg_sha256 = dawg_sha256
    result.text_sha256 = text_sha256
    result.seconds = time.perf_counter() - started
    return result


# -- verify, diff ------------------------------------------------------------------------------


def read_words(directory: str) -> list[str]:
    """The canonical words of a lexicon directory (from ``words.txt.gz``), in file order."""
    import gzip

    with open(os.path.join(directory, TEXT_FILE), "rb") as handle:
        data = gzip.decompress(handle.read())
    return data.decode("utf-8").splitlines()


class VerifyReport:
    """Every check run on a lexicon: ``(name, ok, detail)``; ``ok`` when all passed."""

    def __init__(self, lexicon_id: str, path: str) -> None:
        self.lexicon_id = lexicon_id
        self.path = path
        self.checks: list[tuple[str, bool, str]] = []
        self.lists: dict[str, dict[str, list[object]]] = {}  # a check's full lists, for --json

    def add(self, name: str, ok: bool, detail: str = "", **lists: list) -> bool:  # type: ignore[type-arg]
        self.checks.append((name, ok, detail))
        if lists:
            self.lists[name] = lists
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
            "checks": [{"check": n, "ok": ok, "detail": d, **self.lists.get(n, {})} for n, ok, d in self.checks],
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


def _words_text(gz_data: bytes) -> bytes:
    """The text of a lexicon's words.txt.gz: gzip, at most MAX_TEXT_BYTES of it (a gzip bomb is
    refused as it inflates); LexiconCorruptError naming the file otherwise."""
    if gz_data[:2] != b"\x1f\x8b":
        raise LexiconCorruptError(f"{TEXT_FILE}: not a gzip file")
    try:
        return _decompress(gz_data, TEXT_FILE)
    except LexiconError as err:
        raise LexiconCorruptError(str(err)) from None


def _some(words: list[str], total: int | None = None, limit: int = 10) -> str:
    """``A, B, C``: at most ``limit`` words, then how many more of ``total`` (default: all given)."""
    shown = words[:limit]
    more = (len(words) if total is None else total) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def verify_lexicon(name_or_path: str, source: str | None = None) -> VerifyReport:
    """Check a lexicon end to end; every problem is a failed check (LexiconError only if not found).

    Checks: the manifest reads (as loading reads it); SHA-256 of words.dawg, of words.txt.gz and of
    its text match it; the DAWG's units walk cleanly and it loads with dawg_python; the list is
    sorted, unique, canonical, every word is in the DAWG, the count and length histogram match; the
    DAWG holds no other word (a rebuild is byte-identical, or its keys counted equal the list's);
    sampled non-words are not in it; every word of ``source`` (when given) is in it.
    """
    directory, where = find_lexicon(name_or_path)
    shown = name_or_path if where != "path" else os.path.basename(os.path.normpath(directory))
    report = VerifyReport(shown, os.path.abspath(directory))
    try:  # read as every load reads it: verify fails where loading fails, naming the field
        manifest = read_manifest(directory, shown)
    except LexiconError as err:
        report.add("manifest", False, str(err))
        return report
    except OSError as err:
        report.add("manifest", False, f"{MANIFEST} unreadable: {err.strerror or err}")
        return report
    report.add("manifest", True, f"{MANIFEST} reads")
    report.lexicon_id = shown = str(manifest.get("id") or shown)
    alphabet_name = manifest.get("alphabet")
    if alphabet_name not in tiles.ALPHABET_NAMES:
        report.add("alphabet", False, f"unknown alphabet {alphabet_name!r}")
        return report
    alphabet = tiles.get_alphabet(str(alphabet_name))

    def file_bytes(filename: str, limit: int) -> bytes | None:
        """Read as loading reads: a regular file of at most ``limit`` bytes (not a FIFO, /dev/zero)."""
        try:
            return read_file(directory, filename, shown, limit)
        except LexiconError as err:
            report.add(filename, False, str(err))
        except OSError as err:
            report.add(filename, False, f"cannot read: {err.strerror or err}")
        return None

    def checksum(check: str, label: str, data: bytes) -> bool:
        """The SHA-256 of ``data`` against the manifest's ``check`` field."""
        digest = hashlib.sha256(data).hexdigest()
        expected = manifest.get(check)
        return report.add(
            check, digest == expected,
            f"{label} SHA-256 {digest}" + ("" if digest == expected else f", manifest {expected}"),
        )

    dawg_data = file_bytes(DAWG_FILE, MAX_DAWG_BYTES)
    gz_data = file_bytes(TEXT_FILE, MAX_TEXT_BYTES)
    lexicon = None
    dawg_keys = 0
    units = None
    if dawg_data is not None:
        if checksum("dawg_sha256", DAWG_FILE, dawg_data):
            try:
                units = dawgfile.read_units(dawg_data, shown)
                dawg_keys = dawgfile.key_count(units, shown)  # first: nothing else reads garbage units
                lexicon = Lexicon(directory, manifest, dawgfile.dictionary(dawg_data, shown), where)
                report.add("dawg_loads", True, f"dawg_python loads {len(dawg_data)} bytes, {dawg_keys} keys")
            except (LexiconError, ValueError, KeyError, TypeError, EOFError, OSError) as err:
                report.add("dawg_loads", False, str(err))
                lexicon = None
    words: list[str] | None = None
    if gz_data is not None:
        checksum("text_gz_sha256", TEXT_FILE, gz_data)
        try:
            text = _words_text(gz_data)
        except LexiconError as err:
            report.add("text_reads", False, str(err))
        else:
            checksum("text_sha256", "text", text)
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
    if lexicon is not None and units is not None and dawg_data is not None:
        try:  # DAWG2's C reader: all the words in a few ms (the units passed key_count)
            reader = dawgfile.c_reader(dawg_data, shown) or lexicon
            how = "DAWG2" if reader is not lexicon else "pure-Python"
        except (OSError, ValueError) as err:  # (whole blocks, checked above, are all it asks)
            report.add("dawg_loads", False, f"{DAWG_FILE} does not load with DAWG2: {err}")
            reader, how = lexicon, "pure-Python"
        missing = [key for key in keys if key not in reader]  # type: ignore[operator]
        report.add(
            "words_in_dawg",
            not missing,
            f"{len(keys) - len(missing)} of {len(keys)} listed words in the DAWG ({how} reader)"
            + (f" (first missing: {missing[0].translate(table)})" if missing else ""),
        )
        key_set = set(keys)
        others = dawg_keys - (len(key_set) - len(set(missing)))  # keys of the DAWG the list lacks
        versions = builder_versions()
        recorded = manifest["builder"].get("DAWG2") if isinstance(manifest.get("builder"), dict) else None
        try:
            rebuilt: bytes | None = dawgfile.build(keys if in_order else sorted(key_set))
            unrebuilt = f"built with DAWG2 {recorded}, this is {versions['DAWG2']}"
        except LexiconError as err:  # pragma: no cover
            rebuilt, unrebuilt = None, str(err)
        if rebuilt == dawg_data:
            report.add("dawg_exact", True, "a DAWG rebuilt from the list is byte-identical (no other word in it)")
        elif others:
            extra = []
            for key in dawgfile.keys(units, shown):
                word = key.decode("utf-8", "replace")
                if word not in key_set:
                    extra.append(word.translate(table))
                    if len(extra) == min(others, 10):
                        break
            report.add(
                "dawg_exact",
                False,
                f"the DAWG holds {others} word{'s' if others > 1 else ''} not in the list: {_some(extra, others)}",
            )
        elif missing:
            report.add(
                "dawg_exact", False, f"the DAWG holds no word the list lacks, but lacks {len(set(missing))} of its words"
            )
        elif rebuilt is not None and recorded == versions["DAWG2"]:
            report.add(
                "dawg_exact",
                False,
                f"the DAWG holds the list's {dawg_keys} words and no other, but is not the DAWG that "
                f"DAWG2 {recorded} builds from them",
            )
        else:
            report.add(
                "dawg_exact",
                True,
                f"the DAWG holds the list's {dawg_keys} words and no other (every key counted); "
                f"not compared byte for byte: {unrebuilt}",
            )
        probes = [k for k in _non_words(keys, alphabet) if k not in key_set] if keys else []
        present = [k for k in probes if k in lexicon or k in reader]  # type: ignore[operator]
        report.add(
            "non_words",
            not present,
            f"{len(probes) - len(present)} of {len(probes)} sampled non-words absent"
            + (f" (found: {present[0].translate(table)})" if present else ""),
        )
        sample = keys[:: max(1, len(keys) // 500)]
        # dawg_python (the verdicts' reader) and the reader the checks above used answer alike.
        # (The detail's words are kept from when verdicts used an inlined copy of dawg_python's walk.)
        agree = all((k in lexicon) == (k in reader) for k in sample + probes[:500])  # type: ignore[operator]
        report.add("reader_agrees", agree, "inlined lookup agrees with dawg_python")

    if source is not None:
        checked = check_word_list(source, alphabet)
        rejected = checked.rejected
        if reader is None:
            report.add("source_words", False, "not checked: the DAWG did not load")
        else:
            # Every missing word and rejected entry in --json; the detail names ten words, one entry.
            missing_src = [k.translate(table) for k in checked.keys if k not in reader]  # type: ignore[operator]
            report.add(
                "source_words",
                not missing_src and not rejected,
                f"{checked.word_count - len(missing_src)} of {checked.word_count} source words in the lexicon"
                + (f"; {len(missing_src)} missing: {_some(missing_src)}" if missing_src else "")
                + (f"; {len(rejected)} source entries cannot be tiles (first: {rejected[0]})" if rejected else ""),
                missing=missing_src,
                rejected=[entry.as_dict() for entry in rejected],
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
    """A lexicon (checked) and the keys of its word list, so that a diff is about what the lexicon
    accepts: both checksums of the list and its count match the manifest, and the DAWG (its own
    checksum checked by loading) holds exactly the list's words. LexiconCorruptError otherwise."""
    directory, where = find_lexicon(name_or_path)
    lexicon = load_lexicon(directory, where=where, lexicon_id=name_or_path if where != "path" else None)
    manifest = read_manifest(directory, lexicon.id)
    corrupted = f"lexicon {lexicon.id} is corrupted:"
    gz_data = read_file(directory, TEXT_FILE, lexicon.id, MAX_TEXT_BYTES)
    if hashlib.sha256(gz_data).hexdigest() != manifest.get("text_gz_sha256"):
        raise LexiconCorruptError(f"{corrupted} {TEXT_FILE} does not match its SHA-256")
    try:
        text = _words_text(gz_data)
    except LexiconError as err:
        raise LexiconCorruptError(f"{corrupted} {err}") from None
    if hashlib.sha256(text).hexdigest() != manifest.get("text_sha256"):
        raise LexiconCorruptError(f"{corrupted} the text of {TEXT_FILE} does not match its SHA-256")
    try:
        words = text.decode("utf-8").splitlines()
    except UnicodeDecodeError as err:
        raise LexiconCorruptError(f"lexicon {lexicon.id} is corrupted: {TEXT_FILE} is not UTF-8 ({err})") from None
    keys, bad = canonical_keys(words, lexicon.alphabet)
    if bad:
        raise LexiconCorruptError(
            f"lexicon {lexicon.id} is corrupted: {words[bad[0]]!r} in {TEXT_FILE} is not a canonical word"
        )
    if len(keys) != manifest["word_count"]:
        raise LexiconCorruptError(
            f"{corrupted} {TEXT_FILE} has {len(keys)} words, the manifest says {manifest['word_count']}"
        )
    data = read_dawg(directory, manifest, lexicon.id)
    held = dawgfile.key_count(dawgfile.read_units(data, lexicon.id), lexicon.id)  # first: the C reader checks no index
    reader = dawgfile.c_reader(data, lexicon.id) or lexicon
    if held != len(keys) or not all(key in reader for key in keys):
        raise LexiconCorruptError(
            f"{corrupted} {DAWG_FILE} does not hold exactly the {len(keys)} words of {TEXT_FILE} "
            f"(it holds {held}; `adjudicate lexicon verify` says which)"
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
