"""``words.txt.gz``: the canonical word list of a lexicon, one word a line in canonical tile labels
(``[CH]A[RR]O``, ``CEL·LA``), sorted by key, UTF-8, gzip with mtime 0 and the name ``words.txt``.

Keys and labels: :func:`labeller` writes keys as labels, :func:`canonical_keys` reads labels back.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicate import tiles
from adjudicate.errors import LexiconCorruptError, LexiconError
from adjudicate.lexicon.store import TEXT_FILE
from adjudicate.lexicon.wordlist import read_text

# The deflate level of words.txt.gz (a lexicon's bytes depend on it: scripts/build-default-lexicons
# rebuilds the shipped ones byte for byte). On sorted word lists 5 compresses better than 6 (1-2%
# smaller: the shipped lists, DISC) in less than half the time.
GZIP_LEVEL = 5

Labeller = Callable[[bytes], bytes]


def label_table(alphabet: tiles.Alphabet) -> dict[int, str]:
    """Key character -> canonical label, for ``str.translate`` (= format_word(from_key(key)))."""
    return {ord(alphabet.keys[code]): alphabet.labels[code] for code in range(1, alphabet.size + 1)}


def labeller(alphabet: tiles.Alphabet) -> Labeller:
    """Keys joined by newlines (UTF-8) -> the same words in canonical labels.

    One ``bytes.replace`` per key whose label differs (a character's UTF-8 bytes are found only
    where that character is; no label holds a key that is replaced): a DISC build takes 1.27x the
    CPU when its text is decoded, translated by :func:`label_table` and encoded again, as it is
    for a tile set where replacing would not be the same (DISC's 6.5 MB of text: 0.05 s, 0.32 s).
    """
    changed = [(alphabet.keys[c], alphabet.labels[c]) for c in range(1, alphabet.size + 1)
               if alphabet.labels[c] != alphabet.keys[c]]
    replaced = {key for key, _ in changed}
    if any(replaced & set(label) for _, label in changed) or "\n" in replaced:  # pragma: no cover - no tile set
        table = label_table(alphabet)
        return lambda block: block.decode("utf-8").translate(table).encode("utf-8")
    pairs = [(key.encode("utf-8"), label.encode("utf-8")) for key, label in changed]

    def to_labels(block: bytes) -> bytes:
        for key, label in pairs:
            block = block.replace(key, label)
        return block

    return to_labels


def canonical_keys(words: list[str], alphabet: tiles.Alphabet) -> tuple[list[str], list[int]]:
    """Keys of canonical words, and the indexes of the lines that are not a canonical spelling of
    2-15 tiles.

    Canonical labels read back unambiguously (a multi-letter label is never two labels), so this
    replaces labels by keys on the whole text, then checks that the whole text round-trips: for
    DISC 0.3-0.4 s, where checking line by line adds 0.5 s (``lexicon verify`` of ca-disc takes
    1-2 s). Only a text that does not round-trip is looked at a line at a time.
    """
    table = label_table(alphabet)
    text = "\n".join(words)
    for code in sorted(range(1, alphabet.size + 1), key=lambda c: -len(alphabet.labels[c])):
        label = alphabet.labels[code]
        if len(label) > 1 or label != alphabet.keys[code]:
            text = text.replace(label, alphabet.keys[code])
    keys = text.split("\n") if words else []
    allowed = set(alphabet.keys[1:])
    if (
        labeller(alphabet)(text.encode("utf-8")) == "\n".join(words).encode("utf-8")
        and allowed.issuperset(set(text) - {"\n"})
        and (not keys or tiles.MIN_TILES <= min(map(len, keys)) and max(map(len, keys)) <= tiles.MAX_TILES)
    ):
        return keys, []
    bad = [
        n
        for n, (key, word) in enumerate(zip(keys, words))
        if key.translate(table) != word
        or not tiles.MIN_TILES <= len(key) <= tiles.MAX_TILES
        or not allowed.issuperset(key)
    ]
    return keys, bad


def words_text(gz_data: bytes) -> bytes:
    """The text of a lexicon's ``words.txt.gz`` (at most the word-list limit of it: a gzip bomb is
    refused as it inflates); LexiconCorruptError naming the file otherwise."""
    if gz_data[:2] != b"\x1f\x8b":
        raise LexiconCorruptError(f"{TEXT_FILE}: not a gzip file")
    try:
        return read_text(gz_data, TEXT_FILE)
    except LexiconError as err:
        raise LexiconCorruptError(str(err)) from None
