"""Compiled lexicons: a directory with a DAWG, the canonical word list and a manifest.

- :mod:`~adjudicate.lexicon.store`: where lexicons are (the search path) and their files read
  safely; the manifest read and checked; ``list_lexicons``.
- :mod:`~adjudicate.lexicon.lookup`: ``open_lexicon`` -> :class:`Lexicon` (``key in lex``, the
  DAWG's checksum checked on load), :class:`TileMemo`, ``lexicon_info``.

The challenge path imports this package: what it imports stays light (see docs/ARCHITECTURE.md).
"""

from __future__ import annotations

from adjudicate.lexicon.lookup import Lexicon, TileMemo, lexicon_info, load_lexicon, open_lexicon
from adjudicate.lexicon.store import (
    DAWG_FILE,
    EXTRA_FILES,
    FORMAT,
    LANGUAGES,
    MANIFEST,
    MAX_DAWG_BYTES,
    MAX_MANIFEST_BYTES,
    TEXT_FILE,
    find_lexicon,
    list_lexicons,
    search_path,
    user_lexicon_dir,
)

__all__ = [
    "DAWG_FILE",
    "EXTRA_FILES",
    "FORMAT",
    "LANGUAGES",
    "MANIFEST",
    "MAX_DAWG_BYTES",
    "MAX_MANIFEST_BYTES",
    "TEXT_FILE",
    "Lexicon",
    "TileMemo",
    "find_lexicon",
    "lexicon_info",
    "list_lexicons",
    "load_lexicon",
    "open_lexicon",
    "search_path",
    "user_lexicon_dir",
]
