"""Building a lexicon: a word list in, a lexicon directory out, reproducibly.

The list is read by :mod:`adjudicate.lexicon.wordlist`; its keys, merged in key order
(:mod:`adjudicate.lexicon.merge`), stream into the DAWG builder and, as canonical labels, into
gzip (:func:`_write_words`). The directory is built beside its target and renamed into place; a
lexicon directory it replaces must hold nothing but what a build writes or keeps. A lexicon is
replaced in one step (:func:`adjudicate.atomicfile.exchange`), so that its id names it, old or
new, at every moment: two renames (the old one aside, the new one in) left a moment, and after a
crash for good, where the id was missing and resolved to a shipped lexicon of the same id.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from itertools import chain

from adjudicate import forked
from adjudicate.atomicfile import exchange, keep_owner_and_mode, output_target
from adjudicate.errors import LexiconError
from adjudicate.lexicon import dawgfile, merge, wordsfile
from adjudicate.lexicon.store import (
    DAWG_FILE,
    EXTRA_FILES,
    FORMAT,
    MANIFEST,
    TEXT_FILE,
    odd_field,
    plain_name,
    read_manifest,
    some,
    user_lexicon_dir,
)
from adjudicate.lexicon.wordlist import CheckReport, Progress, Rejection, alphabet_named, read_source, scan


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

    def __init__(self, source: str, alphabet: str, entries: int, histogram: dict[str, int],
                 rejected: list[Rejection], duplicates: int, encoding: str, source_sha256: str) -> None:
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


def slugify(name: str) -> str:
    """A lexicon id from a name: ``"My List 2024"`` -> ``"my-list-2024"``."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "lexicon"


def builder_versions() -> dict[str, str]:
    """What a manifest records as its builder: adjudicate, DAWG2 and Python versions."""
    from importlib import metadata

    from adjudicate import __version__

    try:
        dawg2 = metadata.version("DAWG2")
    except metadata.PackageNotFoundError:  # pragma: no cover - DAWG2 is a dependency
        dawg2 = "unknown"
    return {"adjudicate": __version__, "DAWG2": dawg2, "python": f"{sys.version_info.major}.{sys.version_info.minor}"}


def manifest_text(manifest: dict[str, object]) -> str:
    """The manifest as written: sorted keys, 2-space indent, UTF-8 (the load path relies on it)."""
    return json.dumps(manifest, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


# -- the words -----------------------------------------------------------------------------------


def _write_words(groups: Iterator[merge.Group], alphabet_labels: wordsfile.Labeller,
                 directory: str) -> tuple[str, str, str]:
    """``words.dawg`` and ``words.txt.gz`` written into ``directory`` from the groups of keys, in
    key order: each group's keys go to the DAWG builder and its words, labelled, to gzip and
    SHA-256, then the group is dropped. Returns the SHA-256 of the DAWG, of the gzip file and of
    its text.

    Where a child process can be forked (:mod:`adjudicate.forked`), the child builds the DAWG from
    its copy of the groups while this process compresses the text (the two biggest costs of a
    build, each most of a core); elsewhere one loop feeds both. A DISC build takes 0.47 s of wall
    time with this child and the scan's, 0.54 s without this one (medians of 25 runs side by side;
    all the figures: :func:`adjudicate.lexicon.wordlist._scan_parts`).
    """
    import gzip

    gz_path = os.path.join(directory, TEXT_FILE)
    digest = hashlib.sha256()
    with open(gz_path, "wb") as gz_file:
        out = gzip.GzipFile(filename="words.txt", mode="wb", fileobj=gz_file, mtime=0,
                            compresslevel=wordsfile.GZIP_LEVEL)

        def write_text(text: bytes) -> None:
            part = alphabet_labels(text) + b"\n"
            digest.update(part)
            out.write(part)

        def written_keys() -> Iterator[Iterator[bytes]]:
            for keys, text in groups:
                write_text(text)
                yield keys

        child = forked.start(_dawg_of_groups, groups)
        if child is None:
            dawg_data = dawgfile.build(chain.from_iterable(written_keys()))
        else:
            with child:
                for _, text in groups:
                    write_text(text)
                try:
                    dawg_data = child.result()
                except forked.ChildFailed as err:  # killed by a signal, say
                    raise LexiconError(f"building {DAWG_FILE} failed: {err}") from None
        out.close()
    with open(os.path.join(directory, DAWG_FILE), "wb") as handle:
        handle.write(dawg_data)
    with open(gz_path, "rb") as written:
        gz_sha256 = hashlib.sha256(written.read()).hexdigest()
    return hashlib.sha256(dawg_data).hexdigest(), gz_sha256, digest.hexdigest()


def _dawg_of_groups(groups: Iterator[merge.Group]) -> bytes:
    """The DAWG of every key in ``groups`` (as :func:`_write_words` takes them)."""
    return dawgfile.build(chain.from_iterable(keys for keys, _ in groups))


# -- the directory -------------------------------------------------------------------------------


# What a build writes or keeps in a lexicon directory: all that replacing one may remove.
_LEXICON_FILES = (MANIFEST, DAWG_FILE, TEXT_FILE, *EXTRA_FILES)


def _is_lexicon_dir(path: str) -> bool:
    return os.path.isfile(os.path.join(path, MANIFEST))


def _own_list(real_dir: str, source: str) -> bool:
    """Whether ``source`` is the words.txt.gz of the lexicon directory ``real_dir``."""
    return source != "-" and os.path.realpath(source) == os.path.join(os.path.realpath(real_dir), TEXT_FILE)


def _provenance(real_dir: str, out_dir: str, source: str, source_sha256: str) -> dict[str, object]:
    """A lexicon rebuilt from its own words.txt.gz (``lexicon verify``'s advice for a damaged
    DAWG): the manifest's ``source``, ``licence`` and ``standin``, which the words still answer
    to, so that the lexicon comes back byte for byte. Only from the list the manifest names (its
    SHA-256 is ``text_gz_sha256``): any other is LexiconError, as a source inside the output
    directory is, since building replaces it."""
    try:
        manifest = read_manifest(real_dir, os.path.basename(out_dir))
    except LexiconError:
        manifest = {}
    if manifest.get("text_gz_sha256") != source_sha256:
        raise LexiconError(
            f"the source {source} is the word list of the lexicon at {out_dir}, but not the one its manifest "
            f"names (damaged, or the manifest is): refusing to replace it; copy it out of {out_dir} to build "
            "from it"
        )
    return {name: manifest[name] for name in ("source", "licence", "standin") if name in manifest}


def _check_replaceable(out_dir: str, real_dir: str, source: str) -> None:
    """LexiconError unless ``real_dir`` (``out_dir`` resolved) is missing, empty, or a lexicon
    directory that holds nothing but ``_LEXICON_FILES`` (and not ``source``, unless it is its own
    words.txt.gz: :func:`_provenance`): a user's other files are never removed."""
    if not os.path.exists(real_dir):
        return
    if not os.path.isdir(real_dir):
        raise LexiconError(f"{out_dir} exists and is not a directory")
    names = os.listdir(real_dir)
    if names and not _is_lexicon_dir(real_dir):
        raise LexiconError(f"{out_dir} exists and is not a lexicon directory (no {MANIFEST}); not touching it")
    if (source != "-" and os.path.realpath(source).startswith(os.path.realpath(real_dir) + os.sep)
            and not _own_list(real_dir, source)):
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
            f"{out_dir} holds {some(others, limit=5)} besides the lexicon; a rebuild keeps only {', '.join(known)}, "
            "so it is not replaced (move them out, or build into another directory)"
        )


def _replace_dir(new: str, directory: str, aside: str) -> str:
    """The lexicon built in ``new`` put in place of the one in ``directory``, so that the
    directory names a whole lexicon at every moment; returns where the previous one now is (for
    :func:`_remove_replaced`). ``aside``: an empty directory beside them, for it.

    In one step where the system can (:func:`~adjudicate.atomicfile.exchange`); else file by file
    (:func:`_move_files`). Either way, a failure leaves the previous lexicon in place."""
    try:
        swapped = exchange(new, directory)
        if not swapped:
            _move_files(new, directory, aside)
    except BaseException:
        shutil.rmtree(aside, ignore_errors=True)
        raise
    if not swapped:
        os.rmdir(new)  # (emptied)
        return aside
    try:  # (the previous lexicon, now in new: under the name that says so)
        os.rmdir(aside)
        os.rename(new, aside)
    except OSError:
        return new
    return aside


def _move_files(new: str, directory: str, aside: str) -> None:
    """Where directories cannot be exchanged: each file of the new lexicon moved into
    ``directory`` (``os.replace``: atomic), the manifest last, each previous file kept in
    ``aside`` first (a hard link, else a copy); the previous files the new lexicon has not are
    moved there too. The directory is there throughout, so its id never resolves to another
    lexicon; a crash halfway leaves files of both, which a load refuses (the manifest's
    checksums: "corrupted", exit 2) until the build is run again; an error halfway puts the
    previous files back."""
    names = sorted(os.listdir(new), key=lambda name: name == MANIFEST)
    moved: list[str] = []
    try:
        for name in names:
            target = os.path.join(directory, name)
            if os.path.lexists(target):
                try:
                    os.link(target, os.path.join(aside, name))
                except OSError:
                    shutil.copy2(target, os.path.join(aside, name))
            moved.append(name)
            os.replace(os.path.join(new, name), target)
        for name in os.listdir(directory):
            if name in _LEXICON_FILES and name not in names:
                moved.append(name)
                os.replace(os.path.join(directory, name), os.path.join(aside, name))
    except BaseException:
        for name in reversed(moved):
            kept = os.path.join(aside, name)
            if os.path.lexists(kept):
                os.replace(kept, os.path.join(directory, name))
            elif os.path.lexists(os.path.join(directory, name)):
                os.remove(os.path.join(directory, name))
        raise


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
    """LexiconError for a manifest field a load would refuse (:func:`adjudicate.lexicon.store.odd_field`:
    a control character in a name, a note...): nothing is built that cannot be read back."""
    odd = odd_field(fields)
    if odd is not None:
        what = odd[1].replace("holds", "would hold", 1).replace("has", "would have", 1)
        raise LexiconError(f"the manifest's {odd[0]} {what}: not built")


def _output_dir(out_dir: str | None, name: str) -> tuple[str, str]:
    """Where a lexicon called ``name`` is built (``out_dir``, absolute; default: the user lexicon
    directory's slug of the name), and its id (the directory's base name, a plain name)."""
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
    return out_dir, lexicon_id


def _write_notices(temp: str, real_dir: str, licence_text: str | None, attribution: str | None) -> None:
    """LICENSE and ATTRIBUTION in the directory being built: the text given, else the replaced
    lexicon's (``real_dir``) if it has one."""
    for filename, given in (("LICENSE", licence_text), ("ATTRIBUTION", attribution)):
        path = os.path.join(temp, filename)
        if given is not None:
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(given)
        elif os.path.isfile(os.path.join(real_dir, filename)):
            shutil.copyfile(os.path.join(real_dir, filename), path)


def _check_some_words(shown: str, entries: int, rejected: list[Rejection], lengths: dict[int, int]) -> None:
    """No words: an error, never an empty lexicon in place of a real one. (The merge only drops a
    block's duplicates of another's keys, so a key read here is at least one word.)"""
    if any(lengths.values()):
        return
    if rejected:
        raise LexiconError(
            f"{shown}: no words: all {entries} entries were rejected (the first: {rejected[0]}); "
            "nothing written"
        )
    raise LexiconError(
        f"{shown}: no words (the list is empty, or only blank lines and comments); nothing written"
    )


def _source_record(source: str, sha256: str, kept: dict[str, object],
                   source_info: dict[str, object] | None) -> dict[str, object]:
    """The manifest's ``source``: the list's file name and SHA-256, or the one kept from the
    lexicon rebuilt from its own list, updated with ``source_info``."""
    record: dict[str, object] = {"file": "<stdin>" if source == "-" else os.path.basename(source), "sha256": sha256}
    kept_source = kept.get("source")
    if isinstance(kept_source, dict):
        record = dict(kept_source)
    if source_info:
        record.update(source_info)
    return record


def _put_in_place(temp: str, out_dir: str, real_dir: str, source: str) -> tuple[bool, str | None]:
    """Rename the lexicon built in ``temp`` to ``real_dir``, with the owner and mode of the one
    it replaces; returns whether a lexicon was replaced, and where the replaced directory was
    moved aside (None when there was none)."""
    _check_replaceable(out_dir, real_dir, source)  # again: reading the source may have taken a while
    target = output_target(out_dir, directory=True)
    keep_owner_and_mode(temp, target, default=0o777)
    if not os.path.exists(real_dir):
        os.rename(temp, real_dir)
        return False, None
    parent, base = os.path.split(real_dir)
    replaced = _is_lexicon_dir(real_dir)  # (else an empty directory)
    return replaced, _replace_dir(temp, real_dir, tempfile.mkdtemp(prefix=f".{base}.old-", dir=parent))


def _manifest(lexicon_id: str, name: str, edition: str, alphabet: str, language: str, histogram: dict[str, int],
              source: dict[str, object], licence: object, standin: object, *, text_sha256: str,
              text_gz_sha256: str, dawg_sha256: str) -> dict[str, object]:
    """A lexicon's manifest (see :func:`adjudicate.lexicon.manifest.manifest_text`), in its order."""
    return {
        "format": FORMAT,
        "id": lexicon_id,
        "name": name,
        "edition": edition,
        "alphabet": alphabet,
        "language": language,
        "word_count": sum(histogram.values()),
        "histogram": histogram,
        "text_sha256": text_sha256,
        "text_gz_sha256": text_gz_sha256,
        "dawg_sha256": dawg_sha256,
        "builder": builder_versions(),
        "source": source,
        "licence": licence,
        "standin": standin,
    }


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
    progress: Progress | None = None,
    first_field: bool = False,
) -> BuildReport:
    """Compile a word list into a lexicon directory; returns what was read, rejected and written.

    ``out_dir`` defaults to ``<user lexicon dir>/<slug of name>``; the lexicon id is its base name.
    The directory is built next to its target and renamed into place; an existing lexicon
    directory there is replaced (its LICENSE and ATTRIBUTION kept unless new ones are given) if it
    holds nothing else; any other non-empty directory is refused. A symlink ``out_dir`` is kept:
    the directory it points to is the one replaced. Rejected entries are left out and reported.
    ``source_info`` adds to (or overrides) the manifest's ``source`` record (file name, SHA-256).
    ``first_field``: each line's first field is its word (:func:`adjudicate.lexicon.wordlist.scan`).
    ``source`` may be the output lexicon's own words.txt.gz, when it is the list the manifest
    names: the lexicon is rebuilt from it, its source, licence and stand-in note kept.
    """
    started = time.perf_counter()
    alphabet = alphabet_named(alphabet_name)
    out_dir, lexicon_id = _output_dir(out_dir, name)
    _check_fields({"name": name, "edition": edition or "", "licence": licence, "standin": standin_note,
                   "source": source_info or {}})
    # Built where -o really is: a symlink to a lexicon directory is kept, pointing at the new one.
    target = output_target(out_dir, directory=True)
    real_dir = target.path
    _check_replaceable(out_dir, real_dir, source)

    shown = "<stdin>" if source == "-" else source
    listed = scan(read_source(source), shown, alphabet, progress, first_field=first_field)
    entries, rejected, lengths = listed.entries, listed.rejected, listed.counts
    _check_some_words(shown, entries, rejected, lengths)
    # Rebuilt from its own list: the words' provenance kept (a source, licence or note given wins).
    kept = _provenance(real_dir, out_dir, shown, listed.sha256) if _own_list(real_dir, source) else {}
    parent, base = os.path.split(real_dir)
    os.makedirs(parent, exist_ok=True)
    temp = tempfile.mkdtemp(prefix=f".{base}.building-", dir=parent)
    old = None  # where the lexicon being replaced is moved aside
    replaced = False
    try:
        dawg_sha256, text_gz_sha256, text_sha256 = _write_words(listed.groups(), wordsfile.labeller(alphabet), temp)
        histogram = {str(n): lengths[n] for n in sorted(lengths) if lengths[n]}
        word_count = sum(lengths.values())
        source_record = _source_record(source, listed.sha256, kept, source_info)
        manifest = _manifest(lexicon_id, name, edition or "", alphabet.name, alphabet.language, histogram, source_record,
                             licence or kept.get("licence", ""), standin_note or kept.get("standin", ""),
                             text_sha256=text_sha256, text_gz_sha256=text_gz_sha256, dawg_sha256=dawg_sha256)
        _check_fields(manifest)
        with open(os.path.join(temp, MANIFEST), "wb") as handle:
            handle.write(manifest_text(manifest).encode("utf-8"))
        _write_notices(temp, real_dir, licence_text, attribution)
        replaced, old = _put_in_place(temp, out_dir, real_dir, source)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    if old is not None:
        _remove_replaced(old, out_dir)

    result = BuildReport(shown, alphabet.name, entries, histogram, rejected, entries - len(rejected) - word_count,
                         listed.encoding, listed.sha256)
    result.lexicon_id = lexicon_id
    result.out_dir = out_dir
    result.replaced = replaced
    result.dawg_sha256 = dawg_sha256
    result.text_sha256 = text_sha256
    result.seconds = time.perf_counter() - started
    result.note = listed.note
    return result
