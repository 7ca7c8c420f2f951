"""``lexicon info``: what a lexicon is, from its manifest, and whether its files are the ones the
manifest names: also, and above all, when they are not.

A sound lexicon's info is its manifest, where it is, its files and their sizes. A corrupted one's
(``problems``) holds as much as can be read: a manifest that every load refuses is shown as it
decodes (:func:`~adjudicate.lexicon.store.manifest_fields`), and each file's SHA-256 as it is
(``file_sha256``), beside the manifest's.
"""

from __future__ import annotations

import hashlib
import os

from adjudicate.errors import LexiconError
from adjudicate.lexicon import dawgfile
from adjudicate.lexicon.lookup import label_of, read_dawg
from adjudicate.lexicon.store import (
    DAWG_FILE,
    MANIFEST,
    MAX_DAWG_BYTES,
    TEXT_FILE,
    checksum_mismatch,
    find_lexicon,
    manifest_fields,
    read_file,
    read_manifest,
)

# The files whose SHA-256 a manifest names: file -> the manifest's field.
CHECKSUMS = {DAWG_FILE: "dawg_sha256", TEXT_FILE: "text_gz_sha256"}


def lexicon_info(name_or_path: str) -> dict[str, object]:
    """The manifest of a lexicon, plus ``path``, ``where``, ``label``, ``files`` (name -> bytes),
    ``file_sha256`` (each of words.dawg and words.txt.gz as it is, None when it cannot be read)
    and ``problems``: why the lexicon is corrupted or cannot be loaded (what every load checks:
    the manifest's fields, the DAWG's SHA-256 and size; and words.txt.gz's SHA-256), empty when
    it is sound. LexiconError when there is no such lexicon (nor a manifest or a DAWG in the
    directory)."""
    directory, where = find_lexicon(name_or_path)
    shown = name_or_path if where != "path" else os.path.basename(os.path.normpath(directory)) or directory
    problems: list[str] = []
    try:
        info = read_manifest(directory, shown)
    except LexiconError as err:
        if not any(os.path.lexists(os.path.join(directory, name)) for name in (MANIFEST, DAWG_FILE)):
            raise  # (not a lexicon directory at all)
        problems.append(str(err))
        info = manifest_fields(directory)
    else:
        shown = str(info.get("id") or shown)
        try:  # as every load does
            dawgfile.dictionary(read_dawg(directory, info, shown), shown)
        except LexiconError as err:
            problems.append(str(err))
    actual: dict[str, str | None] = {}
    for filename, field in CHECKSUMS.items():  # (what the load said already is not said again)
        actual[filename] = None
        try:
            data = read_file(directory, filename, shown, MAX_DAWG_BYTES)
        except LexiconError as err:
            problems.append(str(err))
            continue
        except OSError:  # pragma: no cover - read_file turns each into LexiconError
            continue
        digest = actual[filename] = hashlib.sha256(data).hexdigest()
        expected = info.get(field)
        if isinstance(expected, str) and digest != expected:
            problems.append(checksum_mismatch(shown, filename, digest, expected, len(data), directory))
    name = info.get("name") or info.get("id") or shown
    info["label"] = label_of(str(name), str(info.get("edition") or ""), str(info.get("standin") or ""))
    info["path"] = os.path.abspath(directory)
    info["where"] = where
    info["files"] = {
        entry: os.path.getsize(os.path.join(directory, entry))
        for entry in sorted(os.listdir(directory))
        if os.path.isfile(os.path.join(directory, entry))
    }
    info["file_sha256"] = actual
    info["problems"] = list(dict.fromkeys(problems))
    return info
