"""``lexicon verify``: a lexicon checked end to end, every problem a failed check.

Checks, in order: the manifest reads (as every load reads it); the SHA-256 of ``words.dawg``, of
``words.txt.gz`` and of its text; the DAWG's units walk cleanly (:func:`dawgfile.key_count`) and
dawg_python loads them; the list is canonical, sorted and unique; its count and length histogram
match the manifest; every listed word is in the DAWG; the DAWG holds no other word (a rebuild is
byte-identical, or its keys counted equal the list's); sampled non-words are not in it; dawg_python,
the verdicts' reader, answers as DAWG2's reader does; and with a source list, every word of it is in
the lexicon.
"""

from __future__ import annotations

import hashlib
import os
import shlex
from array import array
from dataclasses import dataclass
from collections.abc import Mapping, Sequence

from adjudicate import tiles
from adjudicate.errors import LexiconError
from adjudicate.lexicon import dawgfile, wordsfile
from adjudicate.lexicon.build import builder_versions
from adjudicate.lexicon.lookup import Lexicon
from adjudicate.lexicon.store import (
    DAWG_FILE,
    FORMAT,
    MANIFEST,
    MAX_DAWG_BYTES,
    TEXT_FILE,
    find_lexicon,
    manifest_fields,
    read_file,
    read_manifest,
    shipped_lexicon_dir,
    some,
)
from adjudicate.lexicon.wordlist import MAX_TEXT_BYTES, SEVERAL_FIELDS, check_word_list, histogram


class VerifyReport:
    """Every check run on a lexicon: ``(name, ok, detail)``; ``ok`` when all passed."""

    def __init__(self, lexicon_id: str, path: str) -> None:
        self.lexicon_id = lexicon_id
        self.path = path
        self.checks: list[tuple[str, bool, str]] = []
        self.lists: dict[str, dict[str, Sequence[object]]] = {}  # a check's full lists, for --json
        self.advice: list[str] = []  # what to do about the failures: lines, a command indented

    def add(self, name: str, ok: bool, detail: str = "", **lists: Sequence[object]) -> bool:
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
            "advice": self.advice,
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


def _field(manifest: dict[str, object], record: str, name: str) -> object:
    """``manifest[record][name]``, None when either is missing or the record is not an object."""
    value = manifest.get(record)
    return value.get(name) if isinstance(value, dict) else None


def verify_lexicon(name_or_path: str, source: str | None = None, *, first_field: bool = False) -> VerifyReport:
    """Check a lexicon end to end; every problem is a failed check (LexiconError only if not found),
    and the report's ``advice`` says what to do about them (:func:`advice`). ``source`` is read as
    ``lexicon build`` reads it (``first_field`` too)."""
    directory, where = find_lexicon(name_or_path)
    shown = name_or_path if where != "path" else os.path.basename(os.path.normpath(directory))
    report = VerifyReport(shown, os.path.abspath(directory))
    manifest = _check(report, directory, where, shown, source, first_field)
    report.advice = advice(report, manifest if manifest is not None else manifest_fields(directory),
                           source, first_field)
    return report


def _check(report: VerifyReport, directory: str, where: str, shown: str, source: str | None,
           first_field: bool) -> dict[str, object] | None:
    """Every check, each added to ``report``; returns the manifest, None when it does not read."""
    try:  # read as every load reads it: verify fails where loading fails, naming the field
        manifest = read_manifest(directory, shown)
    except LexiconError as err:
        report.add("manifest", False, str(err))
        return None
    except OSError as err:
        report.add("manifest", False, f"{MANIFEST} unreadable: {err.strerror or err}")
        return None
    report.add("manifest", True, f"{MANIFEST} reads")
    report.lexicon_id = shown = str(manifest.get("id") or shown)
    alphabet_name = manifest.get("alphabet")
    if alphabet_name not in tiles.ALPHABET_NAMES:
        report.add("alphabet", False, f"unknown alphabet {alphabet_name!r}")
        return manifest
    alphabet = tiles.get_alphabet(str(alphabet_name))
    files = _check_files(report, manifest, directory, where, shown)
    if files.words is None:
        return manifest
    keys, in_order = _check_list(report, manifest, files.words, alphabet)
    reader = _check_dawg(report, manifest, files, keys, in_order, alphabet, shown)
    if source is not None:
        _check_source(report, manifest, source, alphabet, first_field, reader, keys)
    return manifest


@dataclass(slots=True)
class _Files:
    """What the files gave (:func:`_check_files`): the DAWG's bytes, its units and key count, the
    lexicon it loads as (None: it does not), and the list's words (None: it does not read)."""

    dawg_data: bytes | None = None
    units: array[int] | None = None
    dawg_keys: int = 0
    lexicon: Lexicon | None = None
    words: list[str] | None = None


def _file_bytes(report: VerifyReport, directory: str, shown: str, filename: str, limit: int) -> bytes | None:
    """Read as loading reads: a regular file of at most ``limit`` bytes (not a FIFO, /dev/zero)."""
    try:
        return read_file(directory, filename, shown, limit)
    except LexiconError as err:
        report.add(filename, False, str(err))
    except OSError as err:
        report.add(filename, False, f"cannot read: {err.strerror or err}")
    return None


def _checksum(report: VerifyReport, manifest: Mapping[str, object], check: str, label: str, data: bytes) -> bool:
    """The SHA-256 of ``data`` against the manifest's ``check`` field."""
    digest = hashlib.sha256(data).hexdigest()
    expected = manifest.get(check)
    return report.add(
        check, digest == expected,
        f"{label} SHA-256 {digest}" + ("" if digest == expected else f", manifest {expected}"),
    )


def _check_files(report: VerifyReport, manifest: dict[str, object], directory: str, where: str,
                 shown: str) -> _Files:
    """The files: each read, its checksum, the DAWG loaded, the list decompressed and decoded."""
    files = _Files()
    files.dawg_data = dawg_data = _file_bytes(report, directory, shown, DAWG_FILE, MAX_DAWG_BYTES)
    gz_data = _file_bytes(report, directory, shown, TEXT_FILE, MAX_TEXT_BYTES)
    if dawg_data is not None and _checksum(report, manifest, "dawg_sha256", DAWG_FILE, dawg_data):
        try:
            files.units = units = dawgfile.read_units(dawg_data, shown)
            files.dawg_keys = dawg_keys = dawgfile.key_count(units, shown)  # first: nothing else reads garbage units
            files.lexicon = Lexicon(directory, manifest, dawgfile.dictionary(dawg_data, shown), where)
            report.add("dawg_loads", True, f"dawg_python loads {len(dawg_data)} bytes, {dawg_keys} keys")
        except (LexiconError, ValueError, KeyError, TypeError, EOFError, OSError) as err:
            report.add("dawg_loads", False, str(err))
            files.lexicon = None
    if gz_data is not None:
        _checksum(report, manifest, "text_gz_sha256", TEXT_FILE, gz_data)
        try:
            text = wordsfile.words_text(gz_data)
        except LexiconError as err:
            report.add("text_reads", False, str(err))
        else:
            _checksum(report, manifest, "text_sha256", "text", text)
            try:
                files.words = text.decode("utf-8").splitlines()
            except UnicodeDecodeError as err:
                report.add("text_reads", False, f"{TEXT_FILE} is not UTF-8: {err}")
    return files


def _check_list(report: VerifyReport, manifest: dict[str, object], words: list[str],
                alphabet: tiles.Alphabet) -> tuple[list[str], bool]:
    """The list: canonical, sorted, counted as the manifest says; its keys, and whether in order."""
    all_keys, bad_lines = wordsfile.canonical_keys(words, alphabet)
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
    lengths = histogram(keys)
    same = lengths == manifest.get("histogram")
    report.add("histogram", same, "length histogram" + ("" if same else f" {lengths} != manifest {manifest.get('histogram')}"))
    return keys, in_order


def _check_dawg(report: VerifyReport, manifest: dict[str, object], files: _Files, keys: list[str],
                in_order: bool, alphabet: tiles.Alphabet, shown: str) -> Lexicon | dawgfile.CReader | None:
    """The list against the DAWG: every word in it, no other, the two readers agreeing; the reader
    that answered (None: the DAWG did not load)."""
    table = wordsfile.label_table(alphabet)
    lexicon, units, dawg_data, dawg_keys = files.lexicon, files.units, files.dawg_data, files.dawg_keys
    reader: Lexicon | dawgfile.CReader | None = None
    if lexicon is not None and units is not None and dawg_data is not None:
        try:  # DAWG2's C reader: all the words in a few ms (the units passed key_count)
            reader = dawgfile.c_reader(dawg_data, shown) or lexicon
        except (OSError, ValueError) as err:  # (whole blocks, checked above, are all it asks)
            report.add("dawg_loads", False, f"{DAWG_FILE} does not load with DAWG2: {err}")
            reader = lexicon
        how = "pure-Python" if reader is lexicon else "DAWG2"
        missing = [key for key in keys if key not in reader]
        report.add(
            "words_in_dawg",
            not missing,
            f"{len(keys) - len(missing)} of {len(keys)} listed words in the DAWG ({how} reader)"
            + (f" (first missing: {missing[0].translate(table)})" if missing else ""),
        )
        key_set = set(keys)
        _check_dawg_exact(report, manifest, files, keys, in_order, missing, table, shown)
        probes = [k for k in _non_words(keys, alphabet) if k not in key_set] if keys else []
        present = [k for k in probes if k in lexicon or k in reader]
        report.add(
            "non_words",
            not present,
            f"{len(probes) - len(present)} of {len(probes)} sampled non-words absent"
            + (f" (found: {present[0].translate(table)})" if present else ""),
        )
        # dawg_python (the verdicts' reader) and DAWG2's (the checks' above) answer alike.
        sample = keys[:: max(1, len(keys) // 500)]
        asked = sample + probes[:500]
        differ = [k for k in asked if (k in lexicon) != (k in reader)]
        if reader is lexicon:  # (DAWG2's reader did not load: dawg_loads failed)
            report.add("reader_agrees", True, "dawg_python not compared: DAWG2's reader did not load")
        else:
            report.add(
                "reader_agrees",
                not differ,
                f"dawg_python, which gives the verdicts, answers as DAWG2's reader for {len(sample)} listed "
                f"words and {len(asked) - len(sample)} non-words" if not differ else
                f"dawg_python, which gives the verdicts, and DAWG2's reader answer differently for "
                f"{len(differ)} of {len(asked)} keys (the first: {differ[0].translate(table)})",
            )
    return reader


def _check_dawg_exact(report: VerifyReport, manifest: dict[str, object], files: _Files, keys: list[str],
                      in_order: bool, missing: list[str], table: dict[int, str], shown: str) -> None:
    """The DAWG holds the list's words and no other: rebuilt from the list and compared byte for
    byte, else its extra keys named (``missing``: the list's words it lacks)."""
    key_set = set(keys)
    dawg_keys, dawg_data, units = files.dawg_keys, files.dawg_data, files.units
    assert units is not None  # (the DAWG loaded: _check_dawg asks only then)
    others = dawg_keys - (len(key_set) - len(set(missing)))  # keys of the DAWG the list lacks
    this = builder_versions()["DAWG2"]
    recorded = _field(manifest, "builder", "DAWG2")
    try:
        rebuilt: bytes | None = dawgfile.build(keys if in_order else sorted(key_set))
        unrebuilt = f"built with DAWG2 {recorded}, this is {this}"
    except LexiconError as err:  # pragma: no cover - DAWG2 is a dependency
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
            f"the DAWG holds {others} word{'s' if others > 1 else ''} not in the list: {some(extra, others)}",
        )
    elif missing:
        report.add(
            "dawg_exact", False, f"the DAWG holds no word the list lacks, but lacks {len(set(missing))} of its words"
        )
    elif rebuilt is not None and recorded == this:
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


def _check_source(report: VerifyReport, manifest: dict[str, object], source: str, alphabet: tiles.Alphabet,
                  first_field: bool, reader: Lexicon | dawgfile.CReader | None, keys: list[str]) -> None:
    """The source list (``--source``): its words in the lexicon, and what the lexicon has more."""
    table = wordsfile.label_table(alphabet)
    checked = check_word_list(source, alphabet, first_field=first_field)
    rejected = checked.rejected
    if reader is None:
        report.add("source_words", False, "not checked: the DAWG did not load")
    else:
        # Every missing word and rejected entry in --json; the detail names ten words, one entry.
        missing_src = [k.translate(table) for k in checked.keys if k not in reader]
        report.add(
            "source_words",
            not missing_src and not rejected,
            f"{checked.word_count - len(missing_src)} of {checked.word_count} source words in the lexicon"
            + (f"; {len(missing_src)} missing: {some(missing_src)}" if missing_src else "")
            + (f"; {len(rejected)} source entries cannot be tiles (first: {rejected[0]})" if rejected else ""),
            missing=missing_src,
            rejected=[entry.as_dict() for entry in rejected],
        )
    not_listed = len(set(keys) - set(checked.keys))
    note = f"{not_listed} lexicon words not in the source"
    note += (
        "; source SHA-256 matches the manifest"
        if _field(manifest, "source", "sha256") == checked.source_sha256
        else "; source SHA-256 differs from the manifest's"
    )
    report.add("source_extra", True, note)


# -- what to do ----------------------------------------------------------------------------------

# The checks that fail when words.dawg is damaged or is not the DAWG of the list; those of them
# that ask nothing of the list; and those that pass only when words.txt.gz is the list the manifest
# names.
_DAWG_CHECKS = (DAWG_FILE, "dawg_sha256", "dawg_loads", "words_in_dawg", "dawg_exact", "non_words",
                "reader_agrees")
_DAWG_ALONE = (DAWG_FILE, "dawg_sha256", "dawg_loads", "reader_agrees")
_LIST_CHECKS = ("text_gz_sha256", "text_sha256", "canonical", "sorted_unique")


def build_command(source: str, manifest: Mapping[str, object], out_dir: str | None,
                  first_field: bool = False) -> str:
    """The ``adjudicate lexicon build`` command line that builds ``source`` as the lexicon the
    manifest describes (its alphabet, name and edition; ALPHABET and NAME where it has none)."""
    args = ["adjudicate", "lexicon", "build", source, "--alphabet", str(manifest.get("alphabet") or "ALPHABET"),
            "--name", str(manifest.get("name") or "NAME")]
    if manifest.get("edition"):
        args += ["--edition", str(manifest["edition"])]
    if first_field:
        args.append("--first-field")
    if out_dir is not None:
        args += ["-o", out_dir]
    return shlex.join(args)


def advice(report: VerifyReport, manifest: Mapping[str, object], source: str | None = None,
           first_field: bool = False) -> list[str]:
    """What to do about a verify report's failures, for a judge: lines, each command on a line of
    its own (indented two spaces). ``manifest``: the manifest's fields, as far as they read. Empty
    when every check passed.

    A damaged lexicon shipped with adjudicate: reinstall. The manifest unreadable: move the
    directory aside and build it again from its list. Otherwise, when words.txt.gz is intact (its
    checksums are the manifest's, its lines canonical), whatever else failed (the DAWG, the
    manifest's counts) is rebuilt from it in place, byte for byte (:func:`~adjudicate.lexicon.
    build.build_lexicon` keeps its provenance); when it is not, the lexicon is built again from
    the list it was built from (the manifest names it), and an intact DAWG says that verdicts were
    not affected. A source whose words are missing, or whose entries cannot be tiles, has its own
    advice."""
    passed = {name: ok for name, ok, _ in report.checks}
    failed = {name for name, ok in passed.items() if not ok}
    directory = report.path
    lines: list[str] = []
    again = f"  adjudicate lexicon verify {shlex.quote(directory)}"
    shipped = os.path.realpath(os.path.dirname(directory)) == os.path.realpath(shipped_lexicon_dir())
    if failed - {"source_words"}:
        lines += _lexicon_advice(report, manifest, passed, failed, shipped)
        lines += ["then check it again:", again]
    if "source_words" in failed and source is not None:
        lines += _source_advice(report, manifest, source, first_field, shipped, again)
    return lines


def _lexicon_advice(report: VerifyReport, manifest: Mapping[str, object], passed: dict[str, bool],
                    failed: set[str], shipped: bool) -> list[str]:
    """What to do when the lexicon itself failed (:func:`advice`): upgrade, reinstall, rebuild
    from its list in place, or build again from the list it was built from."""
    directory = report.path
    lines: list[str] = []
    dawg_bad = bool(failed.intersection(_DAWG_CHECKS))
    list_intact = (all(passed.get(name) for name in _LIST_CHECKS)
                   and not failed.intersection((TEXT_FILE, "text_reads")))
    origin = manifest.get("source")
    listed = ""
    if isinstance(origin, dict) and origin.get("file"):
        listed = f" ({origin['file']}, SHA-256 {str(origin.get('sha256', '?'))[:12]}...)"
    version = manifest.get("format")
    if "manifest" in failed and isinstance(version, int) and version > FORMAT:
        lines += [f"{report.lexicon_id} has format {version}, newer than this adjudicate reads ({FORMAT}): "
                  "upgrade adjudicate:",
                  "  pip install --upgrade adjudicate"]
    elif shipped:
        lines += [f"{report.lexicon_id} is shipped with adjudicate, and its files are damaged: reinstall "
                  "adjudicate (in a source checkout, check the directory out again):",
                  "  pip install --force-reinstall adjudicate",
                  f"  git checkout -- lexicons/{shlex.quote(os.path.basename(directory))}"]
    elif "manifest" in failed:
        aside = directory + ".damaged"
        unknown = [what for what in ("alphabet", "name") if not manifest.get(what)]
        lines += [f"{MANIFEST} does not read, so nothing in the lexicon can be checked: move it aside and "
                  f"build it again from its {TEXT_FILE}, if that is the list it should hold (else from "
                  "the list it was built from)"
                  + (f" ({' and '.join(what.upper() for what in unknown)}: the lexicon's "
                     f"{' and '.join(unknown)})" if unknown else "") + ":",
                  f"  mv {shlex.quote(directory)} {shlex.quote(aside)}",
                  "  " + build_command(os.path.join(aside, TEXT_FILE), manifest, directory)]
    elif list_intact:
        wrong = [what for what, bad in (
            (f"{DAWG_FILE} is damaged or not the DAWG of the list", dawg_bad),
            ("the manifest's word count or histogram is not the list's",
             bool(failed.intersection(("word_count", "histogram"))))) if bad]
        lines += [f"{' and '.join(wrong) or 'the lexicon does not match its list'}; {TEXT_FILE} is intact "
                  "(its checksums are the manifest's): rebuild the lexicon from it, in place:",
                  "  " + build_command(os.path.join(directory, TEXT_FILE), manifest, directory)]
    elif passed.get("dawg_sha256") and not failed.intersection(_DAWG_ALONE):
        lines += [f"{DAWG_FILE} is intact (its SHA-256 is the manifest's), so verdicts were not affected; "
                  f"{TEXT_FILE} is damaged. Build the lexicon again from the list it was built from"
                  f"{listed}; its {DAWG_FILE} should come out with the same SHA-256:",
                  "  " + build_command("SOURCE", manifest, directory)]
    else:
        lines += [f"neither {DAWG_FILE} nor {TEXT_FILE} is intact: build the lexicon again from the list it "
                  f"was built from{listed}:",
                  "  " + build_command("SOURCE", manifest, directory)]
    return lines


def _source_advice(report: VerifyReport, manifest: Mapping[str, object], source: str, first_field: bool,
                   shipped: bool, again: str) -> list[str]:
    """What to do about a source list whose words are missing or whose entries cannot be tiles
    (:func:`advice`)."""
    directory = report.path
    lines: list[str] = []
    source_lists = report.lists.get("source_words")
    if source_lists is None:
        return []
    rejected = [entry for entry in source_lists.get("rejected", ()) if isinstance(entry, dict)]
    several = sum(entry.get("reason") == SEVERAL_FIELDS for entry in rejected)
    missing = len(source_lists.get("missing", ()))
    if several:
        lines += [f"{source} has {counted(several, 'line', 'lines')} of more than one field: if each is a "
                  "word and its definition, read the first field as the word:",
                  f"{again} --source {shlex.quote(source)} --first-field"]
    if len(rejected) > several:
        lines += [f"{source} has {counted(len(rejected) - several, 'entry', 'entries')} that cannot be tiles: "
                  "correct them in the list, or take them out (this lists them all, with their lines):",
                  "  " + shlex.join(["adjudicate", "lexicon", "check", source, "--alphabet",
                                     str(manifest.get("alphabet") or "ALPHABET")]
                                    + (["--first-field"] if first_field else []))]
    if missing and shipped:
        lines += [f"{source} has {counted(missing, 'word', 'words')} not in {report.lexicon_id}, a list "
                  f"shipped with adjudicate: to judge with {source}, build a lexicon of it (NAME: its name):",
                  "  " + build_command(source, {"alphabet": manifest.get("alphabet")}, None, first_field)]
    elif missing:
        lines += [f"{source} has {counted(missing, 'word', 'words')} not in the lexicon: if the lexicon "
                  "should hold every word of it, build the lexicon again from it:",
                  "  " + build_command(source, manifest, directory, first_field)]
    return lines


def counted(count: int, one: str, many: str) -> str:
    """``count`` and the noun in its number: ``1 entry``, ``2 entries`` (what a report says)."""
    return f"{count} {one if count == 1 else many}"

