"""``lexicon diff``: the words added and removed between two lexicons, each verified first.

A diff is about what the lexicons accept: each one's ``words.txt.gz`` and its text must match
their SHA-256 in the manifest, its count the manifest's, and its DAWG (checksum checked as on
every load) must hold exactly the list's words; otherwise the lexicon is corrupted.
"""

from __future__ import annotations

import hashlib

from adjudicate.errors import LexiconCorruptError, LexiconError
from adjudicate.lexicon import dawgfile, wordsfile
from adjudicate.lexicon.lookup import Lexicon, load_lexicon, read_dawg
from adjudicate.lexicon.store import DAWG_FILE, TEXT_FILE, find_lexicon, read_file, read_manifest
from adjudicate.lexicon.wordlist import MAX_TEXT_BYTES, histogram


class DiffReport:
    """Words added and removed from OLD to NEW (canonical labels), with counts by tile length."""

    def __init__(self, old: str, new: str, added: list[str], removed: list[str], added_keys: list[str],
                 removed_keys: list[str], old_count: int, new_count: int) -> None:
        self.old, self.new = old, new
        self.added, self.removed = added, removed
        self.added_by_length = histogram(added_keys)
        self.removed_by_length = histogram(removed_keys)
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
    """A lexicon (checked) and the keys of its word list; LexiconCorruptError unless they agree."""
    directory, where = find_lexicon(name_or_path)
    lexicon = load_lexicon(directory, where=where, lexicon_id=name_or_path if where != "path" else None)
    manifest = read_manifest(directory, lexicon.id)
    corrupted = f"lexicon {lexicon.id} is corrupted:"
    gz_data = read_file(directory, TEXT_FILE, lexicon.id, MAX_TEXT_BYTES)
    if hashlib.sha256(gz_data).hexdigest() != manifest.get("text_gz_sha256"):
        raise LexiconCorruptError(f"{corrupted} {TEXT_FILE} does not match its SHA-256")
    try:
        text = wordsfile.words_text(gz_data)
    except LexiconError as err:
        raise LexiconCorruptError(f"{corrupted} {err}") from None
    if hashlib.sha256(text).hexdigest() != manifest.get("text_sha256"):
        raise LexiconCorruptError(f"{corrupted} the text of {TEXT_FILE} does not match its SHA-256")
    try:
        words = text.decode("utf-8").splitlines()
    except UnicodeDecodeError as err:
        raise LexiconCorruptError(f"{corrupted} {TEXT_FILE} is not UTF-8 ({err})") from None
    keys, bad = wordsfile.canonical_keys(words, lexicon.alphabet)
    if bad:
        raise LexiconCorruptError(f"{corrupted} {words[bad[0]]!r} in {TEXT_FILE} is not a canonical word")
    if len(keys) != lexicon.word_count:
        raise LexiconCorruptError(f"{corrupted} {TEXT_FILE} has {len(keys)} words, the manifest says {lexicon.word_count}")
    data = read_dawg(directory, manifest, lexicon.id)
    held = dawgfile.key_count(dawgfile.read_units(data, lexicon.id), lexicon.id)  # first: DAWG2 checks no index
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
            f"cannot diff {old_lex.id} (the {old_lex.alphabet.name.capitalize()} tile set) with {new_lex.id} (the "
            f"{new_lex.alphabet.name.capitalize()} tile set): a diff compares lexicons of one tile set"
        )
    old_set, new_set = set(old_keys), set(new_keys)
    added_keys = sorted(new_set - old_set)
    removed_keys = sorted(old_set - new_set)
    table = wordsfile.label_table(new_lex.alphabet)
    return DiffReport(old_lex.id, new_lex.id, [k.translate(table) for k in added_keys],
                      [k.translate(table) for k in removed_keys], added_keys, removed_keys,
                      len(old_set), len(new_set))
