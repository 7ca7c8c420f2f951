"""Reading a word list: every entry of a spelled list (``lexicon build``, ``check``, ``verify
--source``) read as tiles, by one reader, a chunk of text at a time.

A word list is UTF-8 (BOM dropped) or, when it is not, Latin-1; LF, CRLF or CR line ends; gzip
(every member, as ``gunzip`` reads them) or plain; at most MAX_TEXT_BYTES of text. Blank lines and
``#`` comments are skipped; every other line is an entry: a word, or with ``first_field``
(``--first-field``) its first whitespace-separated field is the word and the rest (a definition, as
in Zyzzyva's and NASPA's text lists) is ignored. An entry that cannot be tiles, and without
``first_field`` a line of more than one field (``char ro``: a word and its definition, or a typo for
two words?), is a :class:`Rejection` (file:line: reason); but a list most of whose entries are of
several fields is a list of words and definitions: it is read as ``first_field`` reads it, and
:attr:`WordList.note` says so (docs/lexicons.md: ``WORD [definition...]`` lines are read; never silently).

:class:`Keyer` reads every line of a chunk at once, with no Python work per word: one
``bytes.translate`` folds case and accents (folding is per character), one regex replaces each
multi-letter spelling by its tile (longest first, as :func:`adjudicate.tiles.parse_word` reads),
one more translate gives the keys. A line it cannot read (a comment, a definition, a letter that
is no tile, a character beyond Latin-1, a length out of range) is read again: its word alone by the
keyer, and if that fails too, by ``parse_word``, which gives the reason. Keys are the same either
way. On DISC (583k words) the keyer builds in 0.60 s of CPU, ``parse_word`` a line in 5.3 s.

The chunks' keys are sorted into :class:`~adjudicate.lexicon.merge.Block` s and merged
(:mod:`adjudicate.lexicon.merge`).
"""

from __future__ import annotations

import hashlib
import re
import sys
import zlib
from collections.abc import Callable, Iterator
from itertools import groupby

from adjudicate import forked, tiles
from adjudicate.readfile import open_regular
from adjudicate.errors import LexiconError, UnknownTileError
from adjudicate.lexicon import merge

# Bounds on what a word list may be, so that a hostile file cannot take the machine's memory: the
# largest real lists (DISC, the Spanish list; Collins with definitions) are under 30 MB of text
# and their lines a few dozen characters.
MAX_TEXT_BYTES = 64 * 1024 * 1024
MAX_LINE_CHARS = 4096

# The reason a line of more than one field is rejected without ``first_field``.
SEVERAL_FIELDS = "more than one field: a word and its definition? --first-field reads the first field as the word"

_STEP = 1 << 15  # compressed bytes inflated at a time (about 150 kB of text)
_PLAIN_STEP = 1 << 17  # bytes of a plain-text list at a time
_GZIP = b"\x1f\x8b"
_BOM = b"\xef\xbb\xbf"

Progress = Callable[[int, int], None]  # (bytes of the file read, its size): a progress bar


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


def alphabet_named(name: str) -> tiles.Alphabet:
    """The tile set called ``name``; LexiconError for an unknown one."""
    try:
        return tiles.get_alphabet(name)
    except UnknownTileError as err:
        raise LexiconError(f"{name!r}: {err.reason}") from None


# -- the text ------------------------------------------------------------------------------------


def _too_big(source: str) -> LexiconError:
    return LexiconError(f"{source}: more than {MAX_TEXT_BYTES // (1024 * 1024)} MB of text: "
                        "not a word list this tool reads")


def read_source(source: str) -> bytes:
    """The bytes of a word list file (``-``: standard input), at most MAX_TEXT_BYTES. Read once:
    a pipe, or a file being written, cannot be read twice."""
    if source == "-":
        data = sys.stdin.buffer.read(MAX_TEXT_BYTES + 1)
    else:
        with open_regular(source) as handle:  # (a FIFO, a device: refused, never waited on)
            data = handle.read(MAX_TEXT_BYTES + 1)
    if len(data) > MAX_TEXT_BYTES:
        raise _too_big("<stdin>" if source == "-" else source)
    return data


def _inflated(data: bytes, source: str, progress: Progress | None) -> Iterator[bytes]:
    """The text of a file's bytes, in pieces: gunzipped when it starts like gzip (every member;
    trailing zeros allowed, as gunzip allows them), else as it is."""
    total = len(data)
    view = memoryview(data)
    if data[:2] != _GZIP:
        for start in range(0, total, _PLAIN_STEP):
            if progress is not None:
                progress(min(start + _PLAIN_STEP, total), total)
            yield data[start : start + _PLAIN_STEP]
        return
    size = at = 0
    while True:  # a member
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            while at < total and not inflate.eof:
                piece = view[at : at + _STEP]
                at += len(piece)
                text = inflate.decompress(piece, MAX_TEXT_BYTES - size + 1)
                if size + len(text) > MAX_TEXT_BYTES or inflate.unconsumed_tail:
                    raise _too_big(source)
                size += len(text)
                if progress is not None:
                    progress(at, total)
                yield text
            text = inflate.flush()
        except zlib.error as err:
            raise LexiconError(f"{source}: not a readable gzip file ({err})") from None
        if not inflate.eof:
            raise LexiconError(f"{source}: not a readable gzip file (truncated)")
        yield text
        at -= len(inflate.unused_data)
        if data[at : at + 2] != _GZIP:
            if data.count(0, at) == total - at:  # nothing but zeros after the end
                return
            raise LexiconError(f"{source}: not a readable gzip file (data after the end)")


def _line_feeds(text: bytes) -> bytes:
    """CRLF, and a CR alone (an old Mac file), end a line as LF does."""
    if b"\r" not in text:
        return text
    return text.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def text_pieces(data: bytes, source: str, progress: Progress | None = None) -> Iterator[bytes]:
    """The text of a word list file's bytes, gzip or plain, in pieces that end at a line end (the
    last may not), every line ended by LF; LexiconError naming ``source`` when a gzip stream is
    broken or the text is more than MAX_TEXT_BYTES."""
    held: list[bytes] = []
    for text in _inflated(data, source, progress):
        cut = text.rfind(b"\n") + 1
        if not cut:
            held.append(text)
            continue
        held.append(text[:cut])
        yield _line_feeds(b"".join(held))
        held = [text[cut:]]
    rest = b"".join(held)
    if rest:
        yield _line_feeds(rest)


def read_text(data: bytes, source: str) -> bytes:
    """All the text of :func:`text_pieces`."""
    return b"".join(text_pieces(data, source))


# -- the keyer -----------------------------------------------------------------------------------


class Keyer:
    """Tile keys of the lines of a text, every line at once: see the module's docstring.

    Text and keys are Latin-1 bytes, one byte a character. :meth:`keys` gives the key of every
    line, line for line; a line that does not read as tiles holds the byte :attr:`bad` in its key.
    """

    def __init__(self, alphabet: tiles.Alphabet) -> None:
        key_byte = {}
        for code in range(1, alphabet.size + 1):
            key = alphabet.keys[code]
            if len(key) != 1 or ord(key) > 255:  # pragma: no cover - every tile set's keys are
                raise ValueError(f"{alphabet.name}: a key outside Latin-1 ({key!r})")
            key_byte[code] = ord(key)
        singles: dict[int, int] = {}
        multi: dict[bytes, int] = {}
        for form, code in alphabet.word_forms.items():
            try:
                raw = form.encode("latin-1")
            except UnicodeEncodeError:
                continue  # cannot occur in a Latin-1 text (parse_word reads it)
            if len(raw) == 1:
                singles[raw[0]] = key_byte[code]
            else:
                multi[raw] = key_byte[code]
        form_bytes = set(singles) | {b for form in multi for b in form}
        spare = [b for b in range(32) if b != 10 and b not in form_bytes]
        # A byte that is not part of a tile (white space, "#", a control character...) folds to
        # ``refused``; each multi-letter form is replaced by its placeholder; neither is a form.
        assert len(spare) > len(multi), "a tile set of fewer multi-letter forms than spare bytes"
        refused, placeholders = spare[-1], spare[: len(multi)]
        fold_map = bytearray([refused]) * 256
        fold_map[10] = 10
        for byte in range(256):
            char = chr(byte)
            folded = tiles.fold(char, alphabet)
            if char.isspace() or char == "#" or len(folded) != 1 or ord(folded) not in form_bytes:
                continue
            fold_map[byte] = ord(folded)
        self._fold = bytes(fold_map)
        longest_first = sorted(multi, key=lambda f: (-len(f), f))
        self._regex = re.compile(b"|".join(map(re.escape, longest_first))) if multi else None
        placeholder = {form: bytes((byte,)) for form, byte in zip(longest_first, placeholders)}
        self._placeholder: Callable[[re.Match[bytes]], bytes] = lambda match: placeholder[match[0]]
        keys = set(key_byte.values())
        self.bad = next(b for b in range(255, -1, -1) if b not in keys and b != 10)
        table = bytearray([self.bad]) * 256
        table[10] = 10
        for byte, key_of_byte in singles.items():
            table[byte] = key_of_byte
        for spelling, key_of_form in multi.items():
            table[placeholder[spelling][0]] = key_of_form
        self._keys = bytes(table)
        self._lengths = bytes((0, *range(tiles.MIN_TILES, tiles.MAX_TILES + 1)))

    def keys(self, text: bytes) -> bytes:
        """The key of every line of ``text`` (Latin-1), line for line."""
        text = text.translate(self._fold)
        if self._regex is not None:
            text = self._regex.sub(self._placeholder, text)
        return text.translate(self._keys)

    def unread(self, keys: bytes, lines: list[bytes]) -> list[int]:
        """The lines (``keys``, split) that are not words of 2-15 tiles; an empty line is fine."""
        if self.bad not in keys:
            try:
                if not bytes(map(len, lines)).translate(None, self._lengths):
                    return []
            except ValueError:  # a line of 256 tiles or more
                pass
        low, high, bad = tiles.MIN_TILES, tiles.MAX_TILES, self.bad
        return [n for n, line in enumerate(lines) if line and (bad in line or not low <= len(line) <= high)]


# -- a list read ---------------------------------------------------------------------------------


class WordList:
    """A word list read: its entries (lines that are neither blank nor a comment), the sorted
    blocks of its keys, their counts by tiles, its rejections (in line order), its encoding.

    :meth:`groups` gives every key once, in key order (:func:`adjudicate.lexicon.merge.groups`),
    taking the keys two blocks share out of ``counts``: the counts are the words' once it is done.
    """

    def __init__(self, source: str, alphabet: tiles.Alphabet, entries: int, blocks: list[merge.Block],
                 counts: dict[int, int], rejected: list[Rejection], encoding: str, sha256: str,
                 note: str = "") -> None:
        self.source, self.alphabet, self.entries = source, alphabet, entries
        self.blocks, self.counts, self.rejected = blocks, counts, rejected
        self.encoding, self.sha256 = encoding, sha256
        self.note = note  # how the list was read, when that was not what was asked (first fields)

    def groups(self) -> Iterator[merge.Group]:
        return merge.groups(self.blocks, self.counts)


# What a chunk gives: its number, entries, keys' counts by tiles, block (None: no key), rejections.
_Chunk = tuple[int, int, dict[int, int], merge.Block | None, list[Rejection]]


def _read_chunk(keyer: Keyer, alphabet: tiles.Alphabet, piece: bytes, encoding: str, first_line: int,
                source: str, first_field: bool) -> tuple[int, dict[int, int], merge.Block | None, list[Rejection]]:
    """One piece of text read: entries, counts, block, rejections. UnicodeDecodeError when
    ``encoding`` is UTF-8 and the piece is not. (A line of several fields holds white space,
    which the keyer does not read: only the lines read again here can be one.)"""
    text = piece.decode(encoding)
    raw = text.encode("latin-1", "replace")  # (one byte a character: "?" is no tile)
    keys = keyer.keys(raw)
    lines = keys.split(b"\n")
    if keys.endswith(b"\n"):
        lines.pop()
    unread = keyer.unread(keys, lines)
    rejected: list[Rejection] = []
    if not unread:
        found = list(filter(None, lines))  # (an empty line is no entry)
        entries = len(found)
    else:
        text_lines = text.split("\n")
        skip = set(unread)
        found = [line for n, line in enumerate(lines) if line and n not in skip]
        entries = len(found)
        words: list[tuple[int, str]] = []
        for n in unread:
            line, number = text_lines[n], first_line + n
            if len(line) > MAX_LINE_CHARS:
                entries += 1
                rejected.append(Rejection(source, number, line[:40] + "...",
                                          f"a line of {len(line):,} characters (at most {MAX_LINE_CHARS:,})"))
                continue
            line = line.strip()
            if not line or line[0] == "#":
                continue
            fields = line.split(None, 1)
            if len(fields) > 1 and not first_field:
                entries += 1
                rejected.append(Rejection(source, number, line if len(line) <= 60 else line[:57] + "...",
                                          SEVERAL_FIELDS))
                continue
            words.append((number, fields[0]))
        entries += len(words)
        word_keys = keyer.keys("\n".join(word for _, word in words).encode("latin-1", "replace")).split(b"\n")
        for (number, word), key in zip(words, word_keys):
            if keyer.bad in key or not tiles.MIN_TILES <= len(key) <= tiles.MAX_TILES:
                try:  # the reason, or (a letter beyond Latin-1: ŀ, ∙) the key
                    parsed = tiles.parse_word(word, alphabet)
                    tiles.check_length(word, parsed)
                except UnknownTileError as err:
                    rejected.append(Rejection(source, number, word, err.reason))
                    continue
                key = tiles.to_key(parsed, alphabet).encode("latin-1")
            found.append(key)
        rejected.sort(key=lambda rejection: rejection.line)
    found.sort()  # (a list in key order is sorted in one pass)
    found = [key for key, _ in groupby(found)]
    return entries, merge.length_counts(found), merge.block_of(found) if found else None, rejected


def _scan_part(keyer: Keyer, alphabet: tiles.Alphabet, data: bytes, source: str, encoding: str,
               first_field: bool, part: int, parts: int, progress: Progress | None = None) -> list[_Chunk] | None:
    """The chunks of the ``part``-th of every ``parts`` pieces of text; None when ``encoding`` is
    UTF-8 and a piece is not."""
    out: list[_Chunk] = []
    first_line = 1
    for number, piece in enumerate(text_pieces(data, source, progress)):
        if number % parts == part:
            if number == 0 and encoding == "utf-8" and piece.startswith(_BOM):
                piece = piece[len(_BOM):]
            try:
                out.append((number, *_read_chunk(keyer, alphabet, piece, encoding, first_line, source,
                                                 first_field)))
            except UnicodeDecodeError:
                return None
        first_line += piece.count(b"\n")
    return out


def _scan_parts(keyer: Keyer, alphabet: tiles.Alphabet, data: bytes, source: str, encoding: str,
                first_field: bool, progress: Progress | None) -> list[_Chunk] | None:
    """Every chunk of the list in ``encoding``; None when ``encoding`` is UTF-8 and the list is not.

    Where a child process can be forked (:mod:`adjudicate.forked`), it reads every other piece
    (each process inflates the whole file, cheap beside the rest) and sends its chunks back. A
    DISC build (whole process, medians of 25 runs side by side on 2 CPUs, load average about 2):
    0.47-0.51 s of wall time with this child and the DAWG's (:mod:`adjudicate.lexicon.build`),
    0.56 s without this one, 0.54 s without the DAWG's, 0.63 s in one process; 13% more CPU. With
    the other core busy the split buys nothing (0.9-1.0x under a load average of 3-4).
    """
    other = forked.start(_scan_part, keyer, alphabet, data, source, encoding, first_field, 1, 2)
    if other is None:
        return _scan_part(keyer, alphabet, data, source, encoding, first_field, 0, 1, progress)
    with other:
        mine = _scan_part(keyer, alphabet, data, source, encoding, first_field, 0, 2, progress)
        if mine is None:
            return None
        try:
            theirs: list[_Chunk] | None = other.result()
        except Exception:  # noqa: BLE001 - the child killed, out of memory...: its share is read here
            theirs = _scan_part(keyer, alphabet, data, source, encoding, first_field, 1, 2)
    return None if theirs is None else mine + theirs


def scan(data: bytes, source: str, alphabet: tiles.Alphabet, progress: Progress | None = None, *,
         first_field: bool = False) -> WordList:
    """Read a word list (``data``: the file's bytes; ``source``: its name in messages). With
    ``first_field``, each line's first field is its word; without, a line of several fields is
    rejected, but a list most of whose entries are is read with ``first_field``, and its
    :attr:`WordList.note` says so."""
    keyer = Keyer(alphabet)
    encoding = "utf-8"
    chunks = _scan_parts(keyer, alphabet, data, source, encoding, first_field, progress)
    if chunks is None:  # not UTF-8: Latin-1, where every byte is a character
        encoding = "latin-1"
        chunks = _scan_parts(keyer, alphabet, data, source, encoding, first_field, progress)
        assert chunks is not None
    chunks.sort(key=lambda chunk: chunk[0])
    entries = 0
    counts = dict.fromkeys(range(tiles.MIN_TILES, tiles.MAX_TILES + 1), 0)
    blocks: list[merge.Block] = []
    rejected: list[Rejection] = []
    for _, chunk_entries, chunk_counts, block, chunk_rejected in chunks:
        entries += chunk_entries
        for n, count in chunk_counts.items():
            counts[n] += count
        if block is not None:
            blocks.append(block)
        rejected += chunk_rejected
    several = [rejection for rejection in rejected if rejection.reason == SEVERAL_FIELDS]
    if len(several) * 2 > entries:  # words and their definitions: read as --first-field reads them
        listed = scan(data, source, alphabet, progress, first_field=True)
        listed.note = (f"{source}: {len(several):,} of {entries:,} entries are of more than one field, as "
                       f"a word and its definition are (the first: line {several[0].line}, "
                       f"{several[0].word!r}): the first field of each line is read as the word "
                       "(--first-field says so)")
        return listed
    return WordList(source, alphabet, entries, blocks, {n: c for n, c in counts.items() if c}, rejected,
                    encoding, hashlib.sha256(data).hexdigest())


# -- check ---------------------------------------------------------------------------------------


class CheckReport:
    """What a word list holds: entries read, distinct words (tile keys), rejections, duplicates."""

    note = ""  # how the list was read, when that was not what was asked (WordList.note)

    def __init__(self, source: str, alphabet: str, entries: int, keys: list[str], rejected: list[Rejection],
                 duplicates: int, encoding: str, source_sha256: str) -> None:
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
        return histogram(self.keys)

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
            **({"note": self.note} if self.note else {}),
        }


def histogram(keys: list[str] | set[str]) -> dict[str, int]:
    """Words by tile count, as a manifest writes it: ``{"2": 104, "3": 1011, ...}``."""
    counts: dict[int, int] = {}
    for key in keys:
        counts[len(key)] = counts.get(len(key), 0) + 1
    return {str(n): counts[n] for n in sorted(counts)}


def check_word_list(source: str, alphabet: str | tiles.Alphabet, *, progress: Progress | None = None,
                    first_field: bool = False) -> CheckReport:
    """Validate a word list (path, ``.gz`` or ``-``) without writing anything (``first_field``:
    see :func:`scan`)."""
    alpha = alphabet if isinstance(alphabet, tiles.Alphabet) else alphabet_named(alphabet)
    name = "<stdin>" if source == "-" else source
    listed = scan(read_source(source), name, alpha, progress, first_field=first_field)
    keys = [key for _, text in listed.groups() for key in text.decode("utf-8").split("\n")]
    duplicates = listed.entries - len(listed.rejected) - len(keys)
    report = CheckReport(name, alpha.name, listed.entries, keys, listed.rejected, duplicates, listed.encoding,
                         listed.sha256)
    report.note = listed.note
    return report
