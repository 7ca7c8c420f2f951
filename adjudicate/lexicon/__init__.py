"""Compiled lexicons: a directory with a DAWG, the canonical word list and a manifest.

- :mod:`~adjudicate.lexicon.store`: where lexicons are (the search path) and their files read
  safely; the manifest read and checked; ``list_lexicons``.
- :mod:`~adjudicate.lexicon.lookup`: ``open_lexicon`` -> :class:`Lexicon` (``key in lex``, the
  DAWG's checksum checked on load), :class:`TileMemo`.
- :mod:`~adjudicate.lexicon.dawgfile`: ``words.dawg``, the DAWG's unit format;
  :mod:`~adjudicate.lexicon.wordsfile`: ``words.txt.gz``, the canonical list.
- :mod:`~adjudicate.lexicon.wordlist`: reading a spelled word list (``check_word_list``);
  :mod:`~adjudicate.lexicon.merge`: its sorted blocks of keys merged.
- :mod:`~adjudicate.lexicon.build` (``build_lexicon``), :mod:`~adjudicate.lexicon.verify`
  (``verify_lexicon``), :mod:`~adjudicate.lexicon.diff` (``diff_lexicons``),
  :mod:`~adjudicate.lexicon.info` (``lexicon_info``: a lexicon's manifest, corrupted or not).

The challenge path imports this package, ``store``, ``lookup`` and ``dawgfile`` only: the other
modules are imported when one of their names is first asked for here.
"""

from __future__ import annotations

from adjudicate.lexicon.lookup import Lexicon, TileMemo, load_lexicon, open_lexicon
from adjudicate.lexicon.store import (
    DAWG_FILE,
    EXTRA_FILES,
    FORMAT,
    MANIFEST,
    MAX_DAWG_BYTES,
    MAX_MANIFEST_BYTES,
    TEXT_FILE,
    find_lexicon,
    list_lexicons,
    search_path,
    user_lexicon_dir,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from adjudicate.lexicon.build import BuildReport, build_lexicon
    from adjudicate.lexicon.diff import DiffReport, diff_lexicons
    from adjudicate.lexicon.info import lexicon_info
    from adjudicate.lexicon.verify import VerifyReport, verify_lexicon
    from adjudicate.lexicon.wordlist import CheckReport, Rejection, check_word_list

# Names of the modules off the challenge path: imported on first use.
_LATER = {
    "BuildReport": "build",
    "build_lexicon": "build",
    "CheckReport": "wordlist",
    "Rejection": "wordlist",
    "check_word_list": "wordlist",
    "VerifyReport": "verify",
    "verify_lexicon": "verify",
    "DiffReport": "diff",
    "diff_lexicons": "diff",
    "lexicon_info": "info",
}

__all__ = [
    "DAWG_FILE",
    "EXTRA_FILES",
    "FORMAT",
    "MANIFEST",
    "MAX_DAWG_BYTES",
    "MAX_MANIFEST_BYTES",
    "TEXT_FILE",
    "BuildReport",
    "CheckReport",
    "DiffReport",
    "Lexicon",
    "Rejection",
    "TileMemo",
    "VerifyReport",
    "build_lexicon",
    "check_word_list",
    "diff_lexicons",
    "find_lexicon",
    "lexicon_info",
    "list_lexicons",
    "load_lexicon",
    "open_lexicon",
    "search_path",
    "user_lexicon_dir",
    "verify_lexicon",
]


def __getattr__(name: str) -> object:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(__import__(f"{__name__}.{module}", fromlist=[name]), name)
