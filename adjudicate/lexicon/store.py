"""Where lexicons are and what their files are: the search path, a lexicon file read safely, and
the manifest read and checked.

A lexicon directory holds ``words.dawg`` (:mod:`adjudicate.lexicon.dawgfile`), ``words.txt.gz``
(:mod:`adjudicate.lexicon.wordsfile`) and ``manifest.json`` (id, name, edition, alphabet, counts,
checksums, builder versions, source, licence); shipped lexicons also carry LICENSE and ATTRIBUTION.

On the challenge path: only ``os``, ``sys`` and ``json`` at module level. The manifest is decoded
by ``json`` alone, so it loads exactly when ``lexicon verify`` reads it, and every field a verdict
or a path depends on is checked (:func:`read_manifest`).
"""

from __future__ import annotations

import json
import os
import sys

from adjudicate import tiles
from adjudicate.errors import InputError, LexiconCorruptError, LexiconError
from adjudicate.printable import control_character, printable
from adjudicate.readfile import open_regular

MANIFEST = "manifest.json"
DAWG_FILE = "words.dawg"
TEXT_FILE = "words.txt.gz"
EXTRA_FILES = ("LICENSE", "ATTRIBUTION")
FORMAT = 1
ENV_PATH = "ADJUDICATE_LEXICONS"
# Sizes past which a lexicon file is refused before it is read (the largest real DAWG is ~1 MB).
MAX_MANIFEST_BYTES = 1 << 20
MAX_DAWG_BYTES = 256 << 20

# Digits a whole number in a manifest may have (a count of words or of bytes has at most a dozen).
MAX_DIGITS = 18


# -- the search path ---------------------------------------------------------------------------


def user_data_dir() -> str | None:
    """The user's data directory, by the XDG rules: ``$XDG_DATA_HOME`` when set and absolute, else
    ``$HOME/.local/share`` when HOME is set and absolute (``~/Library/Application Support`` on
    macOS; on Windows ``%LOCALAPPDATA%``, else ``%APPDATA%``). None when no home can be found
    (HOME unset, empty or relative: ``HOME=""`` put the judge's log in ``/.local/share``)."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):  # a relative XDG_DATA_HOME is ignored, as the spec says
        return xdg
    if sys.platform == "win32":
        found = [d for d in (os.environ.get("LOCALAPPDATA"), os.environ.get("APPDATA")) if d and os.path.isabs(d)]
        return found[0] if found else None
    home = os.environ.get("HOME", "")
    if not home or not os.path.isabs(home):
        return None
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Application Support")
    return os.path.join(home, ".local", "share")


def user_lexicon_dir() -> str | None:
    """Where a user's own lexicons live: ``<user data dir>/adjudicate/lexicons``; None with no home."""
    base = user_data_dir()
    return None if base is None else os.path.join(base, "adjudicate", "lexicons")


def shipped_lexicon_dir() -> str:
    """The lexicons shipped with the package (``adjudicate/lexicons``), else the repository's."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # adjudicate/
    installed = os.path.join(here, "lexicons")
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(here), "lexicons")


def search_path() -> list[tuple[str, str]]:
    """``(where, directory)`` pairs searched for a lexicon id, first match wins.

    ``where`` is ``env`` (``$ADJUDICATE_LEXICONS``, ``os.pathsep``-separated), ``user`` or ``shipped``.
    """
    dirs = [("env", d) for d in os.environ.get(ENV_PATH, "").split(os.pathsep) if d]
    user = user_lexicon_dir()
    if user is not None:  # (no home: no user directory to search)
        dirs.append(("user", user))
    dirs.append(("shipped", shipped_lexicon_dir()))
    return dirs


def some(names: list[str], total: int | None = None, limit: int = 10) -> str:
    """``A, B, C``: at most ``limit`` names, then how many more of ``total`` (default: all given)."""
    shown = names[:limit]
    more = (len(names) if total is None else total) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


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
    """``(directory, where)`` of a lexicon given by id or by path; LexiconError if there is none.

    An id (a plain name) is looked up on the search path alone (:func:`search_path`, as
    docs/trust.md lists it), never in the working directory: a directory there called NWL23 is
    not the lexicon NWL23 because the session was started beside it. A directory is given as a
    path (``./NWL23``, anything with a slash)."""
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
    known = sorted({str(entry["id"]) for entry in list_lexicons()})
    here = (f"; the directory {name_or_path} here is not looked in for an id: give it as a path, "
            f"./{name_or_path}" if os.path.isfile(os.path.join(name_or_path, MANIFEST)) else "")
    raise LexiconError(
        f"unknown lexicon {name_or_path!r} (available: {', '.join(known) or 'none'}; "
        f"see `adjudicate lexicon list`){here}"
    )


# -- the manifest ------------------------------------------------------------------------------


def read_file(directory: str, filename: str, lexicon_id: str, limit: int) -> bytes:
    """A lexicon file's bytes: a regular file of at most ``limit`` bytes, or LexiconCorruptError.

    Opened without blocking and checked before reading (:func:`adjudicate.readfile.open_regular`),
    so that a FIFO, a device (``/dev/zero``) or a huge file put in a lexicon's place is an error,
    not a hang or a memory blow-up.
    """
    path = os.path.join(directory, filename)
    try:
        handle = open_regular(path)
    except InputError:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {filename} is not a regular file") from None
    except FileNotFoundError:
        if filename == MANIFEST and not os.path.exists(os.path.join(directory, DAWG_FILE)):
            raise LexiconError(f"{directory} is not a lexicon: it has no {MANIFEST}") from None
        if filename == MANIFEST:
            raise LexiconCorruptError(
                f"lexicon {lexicon_id} is corrupted: {filename} is missing (in {directory})") from None
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {filename} is missing") from None
    except OSError as err:  # no permission, a symlink loop...: this lexicon, not the caller's search
        raise LexiconError(
            f"lexicon {lexicon_id}: {filename} cannot be read ({err.strerror or err}, in {directory})"
        ) from None
    with handle:
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            raise LexiconCorruptError(
                f"lexicon {lexicon_id} is corrupted: {filename} has {size:,} bytes (at most {limit:,})"
            )
        try:
            data = handle.read(limit + 1)
        except OSError as err:
            raise LexiconError(f"lexicon {lexicon_id}: {filename} cannot be read ({err.strerror or err})") from None
    if len(data) > limit:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {filename} has more than {limit:,} bytes")
    return data


def plain_name(text: str) -> bool:
    """A lexicon id that names no other place: no separator, not ``.``/``..``, no control character."""
    return (
        0 < len(text) <= 200
        and text not in (".", "..")
        and "/" not in text
        and "\\" not in text
        and os.sep not in text
        and text.isprintable()
    )


class _LongNumber:
    """In place of a whole number of more than MAX_DIGITS digits while a manifest is decoded."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _whole_number(digits: str) -> object:
    """json's ``parse_int``: the number, or a _LongNumber (``int()`` refuses beyond 4,300 digits)."""
    count = len(digits) - (digits[0] == "-")
    return _LongNumber(count) if count > MAX_DIGITS else int(digits)


def odd_field(fields: object) -> tuple[str, str] | None:
    """What makes a manifest's fields unfit to load or to write, as (field, what), the field named
    as ``a.b[2]``: a whole number of more than MAX_DIGITS digits, a control character in a text (a
    name, a note: they are printed on every verdict) or in a field's name. None: nothing."""
    stack: list[tuple[str, object]] = [("", fields)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            control = control_character(value)
            if control is not None:
                return path or "text", f"holds a control character ({control})"
        elif isinstance(value, _LongNumber):
            return path, f"is a number of {value.digits:,} digits (at most {MAX_DIGITS})"
        elif isinstance(value, dict):
            for key, item in value.items():
                name = f"{path}.{printable(key)}" if path else printable(key)
                control = control_character(key)
                if control is not None:
                    return name, f"has a control character in its name ({control})"
                stack.append((name, item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{n}]", item) for n, item in enumerate(value))
    return None


def _field_at(text: str, position: int) -> str:
    """Where a JSON text fails, for a message: `` (in field NAME)`` when NAME's value starts at
    ``position``, else `` (after field NAME)``, NAME the last field named before it."""
    import re

    before = text[max(0, position - 4096):position]
    names = list(re.finditer(r'"((?:[^"\\]|\\.){1,60})"\s*:\s*', before))
    if not names:
        return ""
    where = "in" if names[-1].end() == len(before) else "after"
    return f" ({where} field {names[-1][1]})"


def read_manifest(directory: str, lexicon_id: str) -> dict[str, object]:
    """The manifest, decoded by ``json`` (what ``lexicon verify`` reads, every load reads) and its
    fields checked; LexiconCorruptError naming the field otherwise."""
    raw = read_file(directory, MANIFEST, lexicon_id, MAX_MANIFEST_BYTES)
    corrupted = f"lexicon {lexicon_id} is corrupted: {MANIFEST}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LexiconCorruptError(f"{corrupted} is not UTF-8") from None
    try:
        fields = json.loads(text, parse_int=_whole_number)
    except RecursionError:  # [[[[... nested past the interpreter's limit
        raise LexiconCorruptError(f"{corrupted} is not valid JSON (nested too deep)") from None
    except json.JSONDecodeError as err:
        raise LexiconCorruptError(f"{corrupted} is not valid JSON ({err}){_field_at(text, err.pos)}") from None
    odd = odd_field(fields)
    if odd is not None:
        raise LexiconCorruptError(f"{corrupted}'s {odd[0]} {odd[1]}")
    if not isinstance(fields, dict):
        raise LexiconCorruptError(f"{corrupted} is not an object")
    sha = fields.get("dawg_sha256")
    if not isinstance(sha, str) or len(sha) != 64:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {MANIFEST} has no dawg_sha256")
    if fields.get("alphabet") not in tiles.ALPHABET_NAMES:
        raise LexiconCorruptError(
            f"lexicon {lexicon_id} is corrupted: {MANIFEST} names no known alphabet "
            f"({fields.get('alphabet')!r})"
        )
    language = fields.get("language")
    if language is not None and language != tiles.language_of(fields["alphabet"]):
        # (An edited alphabet would read one language's DAWG with another's tiles: English BALL
        # as Spanish BA[LL], UNACCEPTABLE. The manifest has no checksum of its own.)
        raise LexiconCorruptError(
            f"lexicon {lexicon_id} is corrupted: {MANIFEST} says language {language!r} but "
            f"alphabet {fields['alphabet']!r}"
        )
    count = fields.get("word_count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {MANIFEST} has no word_count")
    for name in ("id", "name", "edition", "standin"):
        if name in fields and not isinstance(fields[name], str):
            raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {MANIFEST}'s {name} is not text")
    if "id" in fields and not plain_name(str(fields["id"])):
        shown = str(fields["id"])[:60]
        raise LexiconCorruptError(
            f"lexicon {lexicon_id} is corrupted: {MANIFEST}'s id {shown!r} is not a plain name "
            "(it names a path outside the lexicon directory)"
        )
    if fields.get("format", FORMAT) != FORMAT:
        raise LexiconError(
            f"lexicon {lexicon_id} has format {fields.get('format')}; this adjudicate reads format {FORMAT}"
        )
    return fields


# A manifest's fields of one line, as a build writes them (two spaces in), read from a manifest
# that is not JSON (truncated, a byte changed) by :func:`manifest_fields`.
_FIELD_LINE = r'^  "(id|name|edition|alphabet|language|word_count|dawg_sha256|text_gz_sha256|text_sha256|' \
              r'licence|standin|format)": ("(?:[^"\\\n]|\\.)*"|\d{1,18}),?$'


def manifest_fields(directory: str) -> dict[str, object]:
    """What a manifest that :func:`read_manifest` refuses still says, for ``lexicon info`` to show:
    its fields as ``json`` decodes them, unchecked; from a manifest that is not JSON, the fields
    of one line (name, edition, checksums, counts) that still read as a build writes them. Less
    any field :func:`odd_field` finds unfit to print; empty when nothing can be read."""
    import re

    try:
        raw = read_file(directory, MANIFEST, os.path.basename(os.path.normpath(directory)), MAX_MANIFEST_BYTES)
    except (LexiconError, OSError):
        return {}
    text = raw.decode("utf-8", "replace")
    try:
        fields = json.loads(text, parse_int=_whole_number)
    except (ValueError, RecursionError):  # (JSONDecodeError)
        fields = {}
        for match in re.finditer(_FIELD_LINE, text, re.MULTILINE):
            try:
                fields.setdefault(match[1], json.loads(match[2]))
            except ValueError:
                continue
    if not isinstance(fields, dict):
        return {}
    return {name: value for name, value in fields.items() if odd_field({name: value}) is None}


def checksum_mismatch(lexicon_id: str, filename: str, digest: str, expected: object, size: int,
                      directory: str) -> str:
    """The message for a lexicon file whose SHA-256 (``digest``) is not the manifest's."""
    return (f"lexicon {lexicon_id} is corrupted: {filename} has SHA-256 {digest[:12]}..., the manifest says "
            f"{str(expected)[:12]}... ({size} bytes, in {directory})")


# -- the lexicons on the search path ------------------------------------------------------------


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
                manifest = read_manifest(path, entry)
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


# -- the lexicon a game record names ------------------------------------------------------------


def answers_to(lexicon_id: str, name: object, wanted: str) -> bool:
    """Whether a lexicon (its id, its manifest's name) is the one a game record's ``#lexicon``
    names: ``wanted`` equals the id or the name, case and surrounding blanks aside. So
    ``#lexicon CSW21`` is a lexicon built ``--name CSW21`` (id ``csw21``) or into a directory
    ``csw21``, and ``#lexicon DISC`` is the shipped ``ca-disc`` (name DISC).

    >>> answers_to("ca-disc", "DISC", "disc"), answers_to("en-kjxqz", "kjxqz English list", "CSW21")
    (True, False)
    """
    key = wanted.strip().casefold()
    return bool(key) and key in (lexicon_id.strip().casefold(), str(name or "").strip().casefold())


def lexicon_answering(wanted: str, alphabet: str) -> str | None:
    """The id of the first lexicon on the search path, of the ``alphabet``, that answers to a
    record's ``#lexicon`` ``wanted`` (:func:`answers_to`), not shadowed; None when there is none.
    A lexicon whose manifest does not read answers by its id alone (and loading it then says what
    is wrong). The search path is read once per process for each name and path."""
    return _lexicon_answering(wanted.strip().casefold(), alphabet, tuple(search_path()))


_ANSWERING: dict[tuple[str, str, tuple[tuple[str, str], ...]], str | None] = {}


def _lexicon_answering(wanted: str, alphabet: str, path: tuple[tuple[str, str], ...]) -> str | None:
    key = (wanted, alphabet, path)
    if key not in _ANSWERING:
        found = None
        for row in list_lexicons():
            if row["shadowed"] or not answers_to(str(row["id"]), row.get("name"), wanted):
                continue
            if "error" in row or tiles.same_letters(str(row.get("alphabet")), alphabet):
                found = str(row["id"])
                break
        _ANSWERING[key] = found
    return _ANSWERING[key]


_SHIPPED_FOR: dict[tuple[str, str], str | None] = {}


def shipped_lexicon_for(alphabet: str) -> str | None:
    """The id of the first shipped lexicon (by id) whose tile set has the letters of the tile set
    ``alphabet`` (:func:`~adjudicate.tiles.same_letters`), or None: what a game of another
    federation's tiles checks its words in (a German record under WESPA's rules: ``de-wngerman``;
    docs/decisions.md §19). A shipped lexicon whose manifest does not read is taken when what
    can still be read of it (:func:`manifest_fields`) names those letters, or when no other
    answers, so that opening it says it is damaged. Read once per process."""
    key = (alphabet, shipped_lexicon_dir())
    if key not in _SHIPPED_FOR:
        found = damaged = None
        for row in list_lexicons():
            if row["where"] != "shipped":
                continue
            named = row.get("alphabet")
            if "error" in row:
                named = manifest_fields(str(row["path"])).get("alphabet")
                damaged = damaged or str(row["id"])
            if tiles.same_letters(str(named), alphabet):
                found = str(row["id"])
                break
        _SHIPPED_FOR[key] = found or damaged
    return _SHIPPED_FOR[key]


_ALPHABET_OF: dict[tuple[str, tuple[tuple[str, str], ...]], str | None] = {}


def lexicon_alphabet(name_or_path: str) -> str | None:
    """The tile set a lexicon's manifest names, or None when there is no such lexicon or its
    manifest does not read (opening it says why). Read once per process for each name and path."""
    key = (name_or_path, tuple(search_path()))
    if key not in _ALPHABET_OF:
        try:
            directory, _ = find_lexicon(name_or_path)
            named = read_manifest(directory, os.path.basename(os.path.normpath(directory))).get("alphabet")
        except LexiconError:
            named = None
        _ALPHABET_OF[key] = None if named is None else str(named)
    return _ALPHABET_OF[key]

