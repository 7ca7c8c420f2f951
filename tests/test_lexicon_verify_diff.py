"""`lexicon verify` and `lexicon diff` (``adjudicate.lexicon.verify``, ``.diff``), on lexicons
sound and damaged: a failed check or exit 2, never exit 3.

Most lexicons here are built from a few Catalan words (CEL·LA and GARÇO make the text non-ASCII)
and then damaged by hand, often with its checksums recomputed into the manifest, so that only
verify's and diff's own checks stand between the damage and a wrong answer.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shlex
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate import lexicon as lx
from adjudicate.cli import app
from adjudicate.errors import LexiconCorruptError
from adjudicate.lexicon import dawgfile, verify, verify_lexicon, wordlist, wordsfile
from adjudicate.lexicon.build import builder_versions, manifest_text

pytestmark = pytest.mark.slow  # (lexicon builds)

DATA = Path(__file__).resolve().parent / "data" / "words"
ES = DATA / "lex_es.txt"  # UTF-8 with BOM, CRLF; 10 words, 3 entries that cannot be tiles (lines 10, 14, 15)
EN_OLD = DATA / "lex_en_old.txt"
EN_NEW = DATA / "lex_en_new.txt"

WORDS = ["CEL·LA", "GARÇO", "QUATRE", "ANY", "AILLAT", "COL·LECCIO", "ANEC", "QUESTIO", "NYAP", "XAI"]


@pytest.fixture
def build(tmp_path: Path, lexicon_of: Callable[..., Path]) -> Callable[..., Path]:
    """``build(name="lex", words=WORDS)``: a Catalan lexicon of ``words`` at ``tmp_path/name``."""
    return lambda name="lex", words=WORDS: lexicon_of(tmp_path / name, words, "catalan", name=name)


def manifest_of(directory: Path) -> dict:  # type: ignore[type-arg]
    return json.loads((directory / "manifest.json").read_text("utf-8"))


def rewrite_manifest(directory: Path, **changes: object) -> None:
    manifest = manifest_of(directory)
    for key, value in changes.items():
        if value is DELETE:
            manifest.pop(key, None)
        else:
            manifest[key] = value
    (directory / "manifest.json").write_text(manifest_text(manifest), encoding="utf-8")


DELETE = object()


def put_gz(directory: Path, gz: bytes) -> None:
    """Replace words.txt.gz and recompute its checksum into the manifest."""
    (directory / "words.txt.gz").write_bytes(gz)
    rewrite_manifest(directory, text_gz_sha256=hashlib.sha256(gz).hexdigest())


def put_text(directory: Path, text: bytes) -> None:
    """Replace the word list's text, every text checksum recomputed."""
    put_gz(directory, gzip.compress(text, mtime=0))
    rewrite_manifest(directory, text_sha256=hashlib.sha256(text).hexdigest())


@pytest.fixture(scope="session")
def failed_checks(cli):  # type: ignore[no-untyped-def]
    """``failed_checks(directory, *extra)``: ``lexicon verify DIR --json``: exit 1, and the failed
    checks' details by name."""

    def failed_checks(directory: Path, *extra: str) -> dict[str, str]:
        result = cli(["lexicon", "verify", str(directory), "--json", *extra])
        assert result.exit_code == 1, result.output
        data = json.loads(result.stdout)
        assert data["ok"] is False
        return {check["check"]: check["detail"] for check in data["checks"] if not check["ok"]}

    return failed_checks


@pytest.fixture(scope="session")
def assert_diff_refuses(cli, error_line):  # type: ignore[no-untyped-def]
    """``assert_diff_refuses(lexicon, other, message)``: `lexicon diff` with the broken ``lexicon``
    on either side: exit 2 and ``message``."""

    def assert_diff_refuses(lexicon: Path, other: Path, message: str) -> None:
        for args in ([str(lexicon), str(other)], [str(other), str(lexicon)]):
            result = cli(["lexicon", "diff", *args])
            assert result.exit_code == 2, result.output
            assert error_line(result) == message

    return assert_diff_refuses


def test_the_lexicon_here_verifies_and_diffs_clean(tmp_path: Path, build: Callable[..., Path], cli) -> None:  # type: ignore[no-untyped-def]
    lexicon = build()
    assert cli(["lexicon", "verify", str(lexicon)]).exit_code == 0
    assert cli(["lexicon", "diff", str(lexicon), str(lexicon)]).exit_code == 0


# -- 1. a words.txt.gz that does not decompress, or is not UTF-8 -----------------------------------


def test_verify_a_text_that_does_not_decompress(tmp_path: Path, build: Callable[..., Path], failed_checks) -> None:  # type: ignore[no-untyped-def]
    """Was zlib.error, exit 3 ("internal error"). The first deflate byte set to block type 3
    (reserved): zlib says "invalid block type"."""
    lexicon = build()
    gz = bytearray((lexicon / "words.txt.gz").read_bytes())
    gz[20] |= 0x06  # after the 10-byte header and "words.txt\0"
    (lexicon / "words.txt.gz").write_bytes(bytes(gz))
    failed = failed_checks(lexicon)
    assert failed["text_reads"] == (
        "words.txt.gz: not a readable gzip file (Error -3 while decompressing data: invalid block type)"
    )
    assert "text_gz_sha256" in failed
    put_gz(lexicon, bytes(gz))  # the checksum recomputed: the text is still what fails
    assert set(failed_checks(lexicon)) == {"text_reads"}


def test_diff_a_text_that_does_not_decompress(tmp_path: Path, build: Callable[..., Path], assert_diff_refuses) -> None:  # type: ignore[no-untyped-def]
    """Was zlib.error, exit 3, once the text's checksum matched the manifest."""
    lexicon, other = build(), build("other")
    gz = bytearray((lexicon / "words.txt.gz").read_bytes())
    gz[20] |= 0x06
    put_gz(lexicon, bytes(gz))
    assert_diff_refuses(lexicon, other, (
        "Error: lexicon lex is corrupted: words.txt.gz: not a readable gzip file "
        "(Error -3 while decompressing data: invalid block type)"
    ))


def test_a_text_that_is_not_utf8(tmp_path: Path, build: Callable[..., Path], cli, error_line, failed_checks) -> None:  # type: ignore[no-untyped-def]
    """The list written in Latin-1 (CEL·LA's middle dot is byte B7), checksums recomputed: diff
    raised UnicodeDecodeError (exit 3); verify names the file."""
    lexicon, other = build(), build("other")
    text = gzip.decompress((lexicon / "words.txt.gz").read_bytes()).decode("utf-8")
    put_text(lexicon, text.encode("latin-1"))
    result = cli(["lexicon", "diff", str(lexicon), str(other)])
    assert result.exit_code == 2, result.output
    assert "lexicon lex is corrupted: words.txt.gz is not UTF-8" in error_line(result)
    assert failed_checks(lexicon)["text_reads"].startswith("words.txt.gz is not UTF-8")


# -- 2. the manifest, read as the loader reads it ----------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"word_count": 10.0}, "manifest.json has no word_count"),
        ({"word_count": None}, "manifest.json has no word_count"),
        ({"word_count": [10]}, "manifest.json has no word_count"),
        ({"word_count": DELETE}, "manifest.json has no word_count"),
        ({"id": "../x"}, "manifest.json's id '../x' is not a plain name"),
        ({"id": 5}, "manifest.json's id is not text"),
        ({"name": 5}, "manifest.json's name is not text"),
        ({"format": 2}, "lexicon lex has format 2; this adjudicate reads format 1"),
        ({"language": "es"}, "manifest.json says language 'es' but alphabet 'catalan'"),
    ],
    ids=["count-float", "count-null", "count-list", "no-count", "id-path", "id-int", "name-int", "format-2",
         "language"],
)
def test_verify_fails_on_a_manifest_that_loading_refuses(tmp_path: Path, changes: dict, message: str,
                                                         build: Callable[..., Path], cli, failed_checks) -> None:  # type: ignore[type-arg, no-untyped-def]
    """Verify read the manifest with a bare json.loads: OK for all of these but the null and list
    counts, which crashed it (TypeError, exit 3). Every command that loads the lexicon refuses them."""
    from adjudicate import lexicon as lx
    from adjudicate.errors import LexiconError

    lexicon = build()
    rewrite_manifest(lexicon, **changes)
    with pytest.raises(LexiconError) as refused:
        lx.load_lexicon(str(lexicon))
    assert message in str(refused.value)
    assert failed_checks(lexicon) == {"manifest": str(refused.value)}
    text = cli(["lexicon", "verify", str(lexicon)])
    assert text.exit_code == 1 and message in " ".join(text.stdout.split())  # (the detail wraps at 72)


def test_verify_a_manifest_that_is_a_fifo(tmp_path: Path, build: Callable[..., Path], failed_checks) -> None:  # type: ignore[no-untyped-def]
    """open() of a FIFO with no writer blocked verify for ever."""
    import os

    lexicon = build()
    (lexicon / "manifest.json").unlink()
    os.mkfifo(lexicon / "manifest.json")
    assert failed_checks(lexicon) == {"manifest": "lexicon lex is corrupted: manifest.json is not a regular file"}


# -- 4. files that are not regular files, or too big -------------------------------------------------


def _replace(path: Path, kind: str) -> None:
    import os

    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory"])
@pytest.mark.parametrize("filename", ["words.txt.gz", "words.dawg"])
def test_verify_a_lexicon_file_that_is_not_a_regular_file(tmp_path: Path, filename: str, kind: str,
                                                          build: Callable[..., Path], failed_checks) -> None:  # type: ignore[no-untyped-def]
    """A FIFO blocked verify for ever; /dev/zero was read until memory ran out (8.5 GB in 20 s); a
    directory was "cannot read: Is a directory". Now read as loading reads them: refused at once."""
    lexicon = build()
    _replace(lexicon / filename, kind)
    failed = failed_checks(lexicon)
    assert failed[filename] == f"lexicon lex is corrupted: {filename} is not a regular file"
    assert set(failed) == {filename}  # the other file's checks still ran, and passed


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_diff_a_text_that_is_not_a_regular_file(tmp_path: Path, kind: str, build: Callable[..., Path], cli,
                                                error_line) -> None:  # type: ignore[no-untyped-def]
    lexicon, other = build(), build("other")
    _replace(lexicon / "words.txt.gz", kind)
    result = cli(["lexicon", "diff", str(other), str(lexicon)])
    assert result.exit_code == 2, result.output
    assert error_line(result) == "Error: lexicon lex is corrupted: words.txt.gz is not a regular file"


def test_a_text_that_inflates_past_the_limit(tmp_path: Path, build: Callable[..., Path], cli, error_line,
                                             failed_checks) -> None:  # type: ignore[no-untyped-def]
    """A small words.txt.gz of more than 64 MiB of text (its checksum recomputed) was inflated
    whole; now the inflating stops at the limit."""
    import zlib

    lexicon, other = build(), build("other")
    deflate = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    chunk = b"A" * (1 << 20)
    bomb = b"".join(deflate.compress(chunk) for _ in range(wordlist.MAX_TEXT_BYTES // len(chunk) + 1)) + deflate.flush()
    assert len(bomb) < 1 << 20
    put_gz(lexicon, bomb)
    message = "words.txt.gz: more than 64 MB of text: not a word list this tool reads"
    assert failed_checks(lexicon) == {"text_reads": message}
    result = cli(["lexicon", "diff", str(lexicon), str(other)])
    assert result.exit_code == 2, result.output
    assert error_line(result) == f"Error: lexicon lex is corrupted: {message}"


# -- 6. a DAWG of garbage whose checksum was recomputed into the manifest ---------------------------


def put_dawg(directory: Path, data: bytes) -> None:
    (directory / "words.dawg").write_bytes(data)
    rewrite_manifest(directory, dawg_sha256=hashlib.sha256(data).hexdigest())


def units_bytes(units: list[int]) -> bytes:
    return len(units).to_bytes(4, "little") + b"".join(unit.to_bytes(4, "little") for unit in units)


GARBAGE = [int.from_bytes(bytes((i * 37 + 11) % 256 for i in range(n, n + 4)), "little") for n in range(0, 1024, 4)]
LOOP = [0] * 256
LOOP[65] = (65 << 10) | 65  # 'A' from the root, and from there 'A' back to itself: AAAA... for ever


@pytest.mark.parametrize(
    ("units", "message"),
    [
        ([0xFFFFFFFF] * 300, "words.dawg has 300 units, not whole blocks of 256"),
        (GARBAGE, "words.dawg's unit 0 leads out of its 256 units"),
        (LOOP, "words.dawg holds a key of more than 60 bytes (or a loop)"),
    ],
    ids=["partial-block", "out-of-range", "loop"],
)
def test_verify_a_dawg_of_garbage(tmp_path: Path, units: list[int], message: str, build: Callable[..., Path]) -> None:
    """300 units: "Error: Invalid data format" (DAWG2's reader, outside any try), exit 2, no file
    named and the report lost. Whole blocks of garbage: DAWG2's C reader read out of bounds (a
    segmentation fault, so run in a child process). Now a failed dawg_loads check naming
    words.dawg, and the text's checks are still reported."""
    import subprocess
    import sys

    lexicon = build()
    put_dawg(lexicon, units_bytes(units))
    run = subprocess.run(
        [sys.executable, "-m", "adjudicate", "lexicon", "verify", str(lexicon), "--json"],
        cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 1, (run.returncode, run.stderr)
    checks = {check["check"]: (check["ok"], check["detail"]) for check in json.loads(run.stdout)["checks"]}
    assert checks["dawg_loads"] == (False, f"lexicon lex is corrupted: {message}")
    assert [name for name, (ok, _) in checks.items() if not ok] == ["dawg_loads"]
    for name in ("dawg_sha256", "text_sha256", "canonical", "sorted_unique", "word_count", "histogram"):
        assert checks[name][0] is True, name


# -- 3. a DAWG that holds a word its list lacks, whoever built it ------------------------------------


def drop_words(lexicon: Path, *gone: str) -> None:
    """Take words out of words.txt.gz and make every manifest field agree (checksums, count,
    histogram); words.dawg is left as it was, still holding them."""
    from adjudicate import tiles

    words = [w for w in gzip.decompress((lexicon / "words.txt.gz").read_bytes()).decode("utf-8").split("\n") if w]
    assert set(gone) <= set(words)
    words = [w for w in words if w not in gone]
    put_text(lexicon, ("\n".join(words) + "\n").encode("utf-8"))
    keys, bad = wordsfile.canonical_keys(words, tiles.get_alphabet("catalan"))
    assert not bad
    rewrite_manifest(lexicon, word_count=len(words), histogram=wordlist.histogram(keys))


@pytest.mark.parametrize("builder", ["same", {"DAWG2": "0.13.2"}, DELETE], ids=["same-DAWG2", "older-DAWG2", "no-builder"])
def test_verify_a_dawg_holding_a_word_the_list_lacks(tmp_path: Path, builder: object,
                                                     build: Callable[..., Path], cli, failed_checks) -> None:  # type: ignore[no-untyped-def]
    """The rebuilt DAWG was compared byte for byte only when the manifest named this DAWG2: with
    another version (or none), dawg_exact said "not checked" and verify said OK, though `challenge`
    finds XAI ACCEPTABLE in a lexicon whose list lacks it. Now the DAWG's keys are counted."""
    lexicon = build()
    drop_words(lexicon, "XAI")
    if builder != "same":
        rewrite_manifest(lexicon, builder=builder)
    assert "ACCEPTABLE" in cli(["challenge", "--lexicon", str(lexicon), "XAI"]).stdout
    assert failed_checks(lexicon) == {"dawg_exact": "the DAWG holds 1 word not in the list: XAI"}


def test_verify_names_ten_of_the_words_the_list_lacks_and_counts_the_rest(
        tmp_path: Path, build: Callable[..., Path], failed_checks) -> None:  # type: ignore[no-untyped-def]
    lexicon = build()
    extra = ["ABAC", "ABANS", "ACER", "AIGUA", "BOU", "CASA", "DIA", "FOC", "GAT", "LLOP", "MAR", "SOL"]
    drop_words(lexicon, "XAI")
    rewrite_manifest(lexicon, builder=DELETE)
    bigger = build("bigger", WORDS + extra)
    (lexicon / "words.dawg").write_bytes((bigger / "words.dawg").read_bytes())
    rewrite_manifest(lexicon, dawg_sha256=manifest_of(bigger)["dawg_sha256"])
    failed = failed_checks(lexicon)
    assert failed == {"dawg_exact": "the DAWG holds 13 words not in the list: " + ", ".join(
        sorted(extra + ["XAI"])[:10]) + " and 3 more"}


@pytest.mark.parametrize(("recorded", "ok"), [("0.13.2", True), ("this", False)])
def test_verify_a_dawg_laid_out_by_another_dawg2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  recorded: str, ok: bool, build: Callable[..., Path]) -> None:
    """A DAWG2 that lays the same words out differently (stood in for by a rebuild that differs):
    with another version recorded the check passes on the counted keys, no longer "not checked";
    with this version recorded, different bytes still fail (the build is deterministic)."""
    lexicon = build()
    this = builder_versions()["DAWG2"]
    rewrite_manifest(lexicon, builder={"DAWG2": this if recorded == "this" else recorded})
    monkeypatch.setattr(dawgfile, "build", lambda keys: b"laid out otherwise")
    report = verify_lexicon(str(lexicon))
    detail = {name: (passed, text) for name, passed, text in report.checks}["dawg_exact"]
    if ok:
        assert report.ok
        assert detail == (True, "the DAWG holds the list's 10 words and no other (every key counted); "
                                f"not compared byte for byte: built with DAWG2 0.13.2, this is {this}")
    else:
        assert [name for name, _, _ in report.failures] == ["dawg_exact"]
        assert detail == (False, f"the DAWG holds the list's 10 words and no other, but is not the DAWG "
                                 f"that DAWG2 {this} builds from them")


def test_diff_refuses_a_list_that_is_not_its_dawg(tmp_path: Path, build: Callable[..., Path],
                                                  assert_diff_refuses) -> None:  # type: ignore[no-untyped-def]
    """diff compared the text lists only: XAI "removed" while the lexicon still accepts it."""
    lexicon, other = build(), build("other")
    drop_words(lexicon, "XAI")
    assert_diff_refuses(lexicon, other, (
        "Error: lexicon lex is corrupted: words.dawg does not hold exactly the 9 words of words.txt.gz "
        "(it holds 10; `adjudicate lexicon verify` says which)"
    ))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"text_gz_sha256": DELETE}, "words.txt.gz does not match its SHA-256"),
        ({"text_sha256": DELETE}, "the text of words.txt.gz does not match its SHA-256"),
        ({"text_sha256": "ab" * 32}, "the text of words.txt.gz does not match its SHA-256"),
        ({"word_count": 11}, "words.txt.gz has 10 words, the manifest says 11"),
    ],
    ids=["no-gz-sha", "no-text-sha", "text-sha", "count"],
)
def test_diff_refuses_a_list_that_does_not_match_its_manifest(tmp_path: Path, changes: dict, message: str,
                                                              build: Callable[..., Path], cli, error_line) -> None:  # type: ignore[type-arg, no-untyped-def]
    """A missing text_gz_sha256 was skipped, and text_sha256 and word_count never looked at."""
    lexicon, other = build(), build("other")
    rewrite_manifest(lexicon, **changes)
    result = cli(["lexicon", "diff", str(other), str(lexicon)])
    assert result.exit_code == 2, result.output
    assert error_line(result) == f"Error: lexicon lex is corrupted: {message}"


# -- 5. verify --source: entries that cannot be tiles, and every missing word ------------------------


def test_verify_source_entries_that_cannot_be_tiles_fail(tmp_path: Path, build: Callable[..., Path], cli) -> None:  # type: ignore[no-untyped-def]
    """KARMA (no K in Catalan) and A (one tile) were "2 source entries cannot be tiles" in a check
    that passed: OK, exit 0, though neither can be in the lexicon."""
    lexicon = build()
    source = tmp_path / "source.txt"
    source.write_text("KARMA\nA\nCEL·LA\n", encoding="utf-8")
    result = cli(["lexicon", "verify", str(lexicon), "--source", str(source), "--json"])
    assert result.exit_code == 1, result.output
    (check,) = [c for c in json.loads(result.stdout)["checks"] if not c["ok"]]
    assert check["check"] == "source_words"
    assert check["detail"] == (
        "1 of 1 source words in the lexicon; 2 source entries cannot be tiles "
        f"(first: {source}:1: 'KARMA': K is not a Catalan tile (K stands for Ç only in tile notation))"
    )
    assert [(r["line"], r["word"]) for r in check["rejected"]] == [(1, "KARMA"), (2, "A")]
    text = cli(["lexicon", "verify", str(lexicon), "--source", str(source)])
    lines = text.stdout.splitlines()
    assert text.exit_code == 1 and lines[-4:-2] == ["lex: FAILED (1 check)", "what to do:"]
    assert lines[-1] == f"    adjudicate lexicon check {source} --alphabet catalan"


def test_verify_source_lists_every_missing_word(tmp_path: Path, build: Callable[..., Path], cli) -> None:  # type: ignore[no-untyped-def]
    """Only the first missing word was named, --json too. Now --json lists them all, and the
    text names ten, with the count."""
    lexicon = build()
    missing = [f"{a}{b}A" for a in "BCD" for b in "EIOU"]  # 12 words, none in the lexicon
    source = tmp_path / "source.txt"
    source.write_text("\n".join(["CEL·LA", *missing, "ANY"]) + "\n", encoding="utf-8")
    result = cli(["lexicon", "verify", str(lexicon), "--source", str(source), "--json"])
    assert result.exit_code == 1, result.output
    (check,) = [c for c in json.loads(result.stdout)["checks"] if not c["ok"]]
    assert check["check"] == "source_words" and check["missing"] == missing and check["rejected"] == []
    detail = f"2 of 14 source words in the lexicon; 12 missing: {', '.join(missing[:10])} and 2 more"
    assert check["detail"] == detail
    text = cli(["lexicon", "verify", str(lexicon), "--source", str(source)])
    assert text.exit_code == 1 and detail in " ".join(text.stdout.split())  # (the detail wraps at 72)


def test_verify_source_against_a_dawg_that_did_not_load(tmp_path: Path, build: Callable[..., Path],
                                                        failed_checks) -> None:  # type: ignore[no-untyped-def]
    """Every source word was listed as missing from a DAWG that was never read."""
    lexicon = build()
    put_dawg(lexicon, units_bytes([0xFFFFFFFF] * 300))
    source = tmp_path / "source.txt"
    source.write_text("CEL·LA\nANY\n", encoding="utf-8")
    failed = failed_checks(lexicon, "--source", str(source))
    assert failed["source_words"] == "not checked: the DAWG did not load"


# -- 7. verify and diff of lexicons built here --------------------------------------------------


def test_verify_catches_a_dawg_with_a_word_too_many(tmp_path: Path) -> None:
    """A DAWG swapped for one with an extra word (manifest checksum updated to match): verify fails."""
    lx.build_lexicon(str(EN_OLD), "english", "x", out_dir=str(tmp_path / "old"))
    more = tmp_path / "more.txt"
    more.write_text(EN_OLD.read_text() + "QWERTY\n")
    lx.build_lexicon(str(more), "english", "x", out_dir=str(tmp_path / "new"))
    shutil.copy(tmp_path / "new" / "words.dawg", tmp_path / "old" / "words.dawg")
    manifest = json.loads((tmp_path / "old" / "manifest.json").read_text("utf-8"))
    manifest["dawg_sha256"] = json.loads((tmp_path / "new" / "manifest.json").read_text("utf-8"))[
        "dawg_sha256"
    ]
    (tmp_path / "old" / "manifest.json").write_text(manifest_text(manifest), encoding="utf-8")
    report = lx.verify_lexicon(str(tmp_path / "old"))
    assert not report.ok
    assert [name for name, _, _ in report.failures] == ["dawg_exact"]


@pytest.mark.parametrize("field", ["dawg_sha256", "text_gz_sha256", "text_sha256"])
def test_verify_names_a_checksum_that_differs_from_the_manifest(tmp_path: Path, field: str) -> None:
    lx.build_lexicon(str(EN_OLD), "english", "x", out_dir=str(tmp_path / "x"))
    path = tmp_path / "x" / "manifest.json"
    manifest = json.loads(path.read_text("utf-8"))
    right = manifest[field]
    manifest[field] = "ab" * 32
    path.write_text(manifest_text(manifest), encoding="utf-8")
    report = lx.verify_lexicon(str(tmp_path / "x"))
    label = {"dawg_sha256": "words.dawg", "text_gz_sha256": "words.txt.gz", "text_sha256": "text"}[field]
    assert report.failures == [(field, False, f"{label} SHA-256 {right}, manifest {'ab' * 32}")]


def es_without_rejections(tmp_path: Path) -> Path:
    """lex_es.txt without KIWI, CH and INCONSTITUCIONAL (lines 10, 14, 15), which cannot be tiles."""
    clean = tmp_path / "lex_es_clean.txt"
    lines = ES.read_bytes().split(b"\r\n")
    clean.write_bytes(b"\r\n".join(line for n, line in enumerate(lines, 1) if n not in (10, 14, 15)))
    return clean


def test_verify_clean_lexicon_with_source(es_lex: Path, tmp_path: Path) -> None:
    report = lx.verify_lexicon("es-test", str(ES), first_field=True)  # entries that are no tiles fail it
    assert [(n, d) for n, _, d in report.failures] == [
        ("source_words", "10 of 10 source words in the lexicon; 3 source entries cannot be tiles "
                         f"(first: {ES}:10: 'KIWI': K is not a tile of the Spanish set)")
    ]
    report = lx.verify_lexicon("es-test", str(es_without_rejections(tmp_path)), first_field=True)
    assert report.ok, report.failures
    several = lx.verify_lexicon("es-test", str(es_without_rejections(tmp_path)))  # lines 2, 5 and 17
    assert [(n, d.split("; ")[1]) for n, _, d in several.failures] == [
        ("source_words", f"3 source entries cannot be tiles (first: {tmp_path / 'lex_es_clean.txt'}:2: "
                         "'CHARRO charro: jinete mexicano': more than one field: a word and its definition? "
                         "--first-field reads the first field as the word)")]
    names = [name for name, _, _ in report.checks]
    for check in (
        "dawg_sha256",
        "dawg_loads",
        "text_sha256",
        "word_count",
        "histogram",
        "words_in_dawg",
        "dawg_exact",
        "non_words",
        "source_words",
    ):
        assert check in names
    extra = tmp_path / "more.txt"
    extra.write_text("CHARRO\nPERROS\n")
    report = lx.verify_lexicon("es-test", str(extra))
    assert [(n, d) for n, _, d in report.failures] == [
        ("source_words", "1 of 2 source words in the lexicon; 1 missing: PE[RR]OS")
    ]


def test_verify_catches_a_list_that_is_not_canonical(es_lex: Path, words_of) -> None:  # type: ignore[no-untyped-def]
    """words.txt.gz rewritten (checksums updated to match) with a lowercase line and a K."""
    words = words_of(es_lex)
    words[0], words[-1] = "[ch]a[rr]o", "KIWI"
    text = ("\n".join(words) + "\n").encode("utf-8")
    (es_lex / "words.txt.gz").write_bytes(gzip.compress(text, mtime=0))
    manifest = json.loads((es_lex / "manifest.json").read_text("utf-8"))
    manifest["text_sha256"] = hashlib.sha256(text).hexdigest()
    manifest["text_gz_sha256"] = hashlib.sha256((es_lex / "words.txt.gz").read_bytes()).hexdigest()
    (es_lex / "manifest.json").write_text(manifest_text(manifest), encoding="utf-8")
    report = lx.verify_lexicon("es-test")
    failures = {name: detail for name, _, detail in report.failures}
    assert failures["canonical"] == "2 lines not canonical tile words (first: line 1: '[ch]a[rr]o')"
    assert "word_count" not in failures  # still 10 lines
    with pytest.raises(LexiconCorruptError, match="is not a canonical word"):
        lx.diff_lexicons("es-test", "es-test")


def test_diff(env: Path, runner: CliRunner) -> None:
    lx.build_lexicon(str(EN_OLD), "english", "Old", out_dir=str(env / "en-old"))
    report = lx.build_lexicon(str(EN_NEW), "english", "New", out_dir=str(env / "en-new"))
    assert (report.entries, report.word_count, report.duplicates) == (9, 8, 1)
    diff = lx.diff_lexicons("en-old", "en-new")
    assert (diff.added, diff.removed) == (["CATS", "EMU", "XU"], ["BIRD"])
    assert (diff.added_by_length, diff.removed_by_length) == ({"2": 1, "3": 1, "4": 1}, {"4": 1})
    result = runner.invoke(app, ["lexicon", "diff", "en-old", "en-new"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "en-old (6 words) -> en-new (8 words)"
    assert "+ CATS" in result.stdout and "- BIRD" in result.stdout
    data = json.loads(runner.invoke(app, ["lexicon", "diff", "en-old", "en-new", "--json"]).stdout)
    assert (data["added_count"], data["removed_count"], data["removed"]) == (3, 1, ["BIRD"])
    assert runner.invoke(app, ["lexicon", "diff", "en-old", "en-old"]).exit_code == 0
    mixed = runner.invoke(app, ["lexicon", "diff", "en-old", "es-aosw"])
    assert mixed.exit_code == 2 and "cannot diff en-old (the English tile set) with es-aosw (the Spanish tile set)" in mixed.stderr


@pytest.mark.parametrize("other_words", [["cat", "dog", "qi", "zzz"], ["cat", "dog", "qi", "za", "zzz"]],
                         ids=["other-words", "a-superset"])
def test_verify_catches_a_dawg_that_is_not_its_texts(tmp_path: Path, small: Path, other_words: list[str],
                                                    lexicon_of: Callable[..., Path], cli) -> None:  # type: ignore[no-untyped-def]
    """A valid DAWG of other words, its checksum put in the manifest: it loads (the checksum is
    integrity, not authenticity), and `lexicon verify` is what catches it."""
    other = lexicon_of(tmp_path / "other", other_words, name="OTHER", edition="1")
    put_dawg(small, (other / "words.dawg").read_bytes())
    assert lx.load_lexicon(str(small)).contains_word("ZZZ")  # loads: the checksum matches
    result = cli(["lexicon", "verify", str(small), "--json"])
    assert result.exit_code == 1
    failed = {c["check"] for c in json.loads(result.stdout)["checks"] if not c["ok"]}
    assert "dawg_exact" in failed
    if other_words == ["cat", "dog", "qi", "zzz"]:
        assert "words_in_dawg" in failed


def test_cli_verify(es_lex: Path, runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["lexicon", "verify", "es-test", "--source", str(es_without_rejections(tmp_path)),
                                 "--first-field"])
    assert result.exit_code == 0 and result.stdout.splitlines()[-1] == "es-test: OK"
    result = runner.invoke(app, ["lexicon", "verify", "es-test", "--source", str(es_without_rejections(tmp_path))])
    assert result.exit_code == 1 and "3 source entries cannot be tiles" in result.stdout
    data = json.loads(runner.invoke(app, ["lexicon", "verify", str(es_lex), "--json"]).stdout)
    assert data["ok"] is True
    assert runner.invoke(app, ["lexicon", "verify", "nope"]).exit_code == 2


# -- 8. the readers compared --------------------------------------------------------------------


def test_verify_compares_dawg_python_with_dawg2s_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        build: Callable[..., Path]) -> None:
    """reader_agrees asks dawg_python (the verdicts' reader) and DAWG2's reader the same keys:
    DAWG2's reader made to lack NYAP, the check names it (and words_in_dawg, which asks DAWG2's
    reader, misses it)."""
    lexicon = build()
    checks = {name: (ok, detail) for name, ok, detail in verify_lexicon(str(lexicon)).checks}
    assert checks["reader_agrees"] == (
        True, "dawg_python, which gives the verdicts, answers as DAWG2's reader for 10 listed words "
              "and 30 non-words")  # (each word: a tile changed, one added before, one after)
    real = dawgfile.c_reader
    nyap = "2AP"  # NYAP's key: the NY tile's key is 2

    class Lacking:
        def __init__(self, data: bytes, lexicon_id: str) -> None:
            self.reader = real(data, lexicon_id)

        def __contains__(self, key: object) -> bool:
            return key != nyap and key in self.reader

    monkeypatch.setattr(dawgfile, "c_reader", Lacking)
    failed = {name: detail for name, _, detail in verify_lexicon(str(lexicon)).failures}
    assert failed["reader_agrees"] == ("dawg_python, which gives the verdicts, and DAWG2's reader answer "
                                       "differently for 1 of 40 keys (the first: NYAP)")
    assert failed["words_in_dawg"].startswith("9 of 10 listed words in the DAWG")


# -- 9. what to do ------------------------------------------------------------------------------


REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def advice_of(cli):  # type: ignore[no-untyped-def]
    """``advice_of(directory, *extra)``: `lexicon verify DIR --json`: exit 1, and its advice; the
    text output ends with the same."""

    def advice_of(directory: Path, *extra: str) -> list[str]:
        result = cli(["lexicon", "verify", str(directory), "--json", *extra])
        assert result.exit_code == 1, result.output
        advice = json.loads(result.stdout)["advice"]
        text = cli(["lexicon", "verify", str(directory), *extra]).stdout.splitlines()
        assert text[-len(advice) - 1:] == ["what to do:", *[f"  {line}" for line in advice]]
        return advice

    return advice_of


def flip(path: Path, at: int = 1000) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0x10
    path.write_bytes(bytes(data))


@pytest.fixture(scope="session")
def run(cli):  # type: ignore[no-untyped-def]
    """``run(command)``: an `adjudicate ...` command line of the advice, run in-process."""

    def run(command: str):  # type: ignore[no-untyped-def]
        words = shlex.split(command)
        assert words[0] == "adjudicate"
        return cli(words[1:])

    return run


@pytest.mark.parametrize("lexicon_id", ["en-kjxqz", "ca-disc"])
def test_a_damaged_dawg_is_rebuilt_from_the_intact_list_byte_for_byte(tmp_path: Path, lexicon_id: str, cli,
                                                                      advice_of, run) -> None:  # type: ignore[no-untyped-def]
    """A copy of a shipped lexicon, a byte of its DAWG changed: verify says to rebuild it from its
    own words.txt.gz, in place, and that command gives back every file as shipped (the manifest
    too: its source, licence and stand-in note are kept; its builder is this one's)."""
    shipped = REPO / "lexicons" / lexicon_id
    directory = tmp_path / lexicon_id
    shutil.copytree(shipped, directory)
    flip(directory / "words.dawg")
    manifest = manifest_of(shipped)
    command = shlex.join(["adjudicate", "lexicon", "build", str(directory / "words.txt.gz"), "--alphabet",
                          manifest["alphabet"], "--name", manifest["name"], "--edition", manifest["edition"],
                          "-o", str(directory)])
    assert advice_of(directory) == [
        "words.dawg is damaged or not the DAWG of the list; words.txt.gz is intact (its checksums are the "
        "manifest's): rebuild the lexicon from it, in place:",
        f"  {command}",
        "then check it again:",
        f"  adjudicate lexicon verify {directory}",
    ]
    assert run(command).exit_code == 0
    assert cli(["lexicon", "verify", str(directory)]).exit_code == 0
    rebuilt = manifest_of(directory)
    assert rebuilt.pop("builder") == builder_versions()
    assert rebuilt == {name: value for name, value in manifest.items() if name != "builder"}
    names = ["words.dawg", "words.txt.gz", "LICENSE", "ATTRIBUTION"]
    if manifest["builder"] == builder_versions():
        names.append("manifest.json")
    for name in names:
        assert (directory / name).read_bytes() == (shipped / name).read_bytes(), name


def test_the_manifest_s_counts_edited_are_rebuilt_from_the_list(tmp_path: Path, build: Callable[..., Path],
                                                                advice_of, run) -> None:  # type: ignore[no-untyped-def]
    lexicon = build()
    right = manifest_of(lexicon)
    rewrite_manifest(lexicon, word_count=11)
    advice = advice_of(lexicon)
    assert advice[0] == ("the manifest's word count or histogram is not the list's; words.txt.gz is intact "
                         "(its checksums are the manifest's): rebuild the lexicon from it, in place:")
    assert run(advice[1]).exit_code == 0
    assert manifest_of(lexicon)["word_count"] == 10
    assert manifest_of(lexicon)["source"] == right["source"]  # (the list built from, still)


def test_a_damaged_word_list_beside_an_intact_dawg(tmp_path: Path, build: Callable[..., Path], cli,
                                                   error_line, words_of, advice_of, run) -> None:  # type: ignore[no-untyped-def]
    """The DAWG is sound (verdicts were right); the list is rebuilt from the source it came from,
    named with its checksum; a build from the damaged list itself is refused."""
    lexicon = build()
    source = manifest_of(lexicon)["source"]
    (lexicon / "words.txt.gz").write_bytes(gzip.compress("CEL·LA\nXAI\n".encode(), mtime=0))
    assert advice_of(lexicon)[:2] == [
        "words.dawg is intact (its SHA-256 is the manifest's), so verdicts were not affected; words.txt.gz is "
        f"damaged. Build the lexicon again from the list it was built from ({source['file']}, SHA-256 "
        f"{source['sha256'][:12]}...); its words.dawg should come out with the same SHA-256:",
        f"  adjudicate lexicon build SOURCE --alphabet catalan --name lex -o {lexicon}",
    ]
    refused = cli(["lexicon", "build", str(lexicon / "words.txt.gz"), "-a", "catalan", "-n", "lex", "-o", str(lexicon)])
    assert refused.exit_code == 2
    assert error_line(refused) == (
        f"Error: the source {lexicon / 'words.txt.gz'} is the word list of the lexicon at {lexicon}, but not the "
        "one its manifest names (damaged, or the manifest is): refusing to replace it; copy it out of "
        f"{lexicon} to build from it")
    assert words_of(lexicon) == ["CEL·LA", "XAI"]  # (untouched)
    assert run(advice_of(lexicon)[1].replace("SOURCE", str(tmp_path / "lex.txt"))).exit_code == 0
    assert cli(["lexicon", "verify", str(lexicon)]).exit_code == 0


def test_a_manifest_that_does_not_read(tmp_path: Path, build: Callable[..., Path], words_of, advice_of, run) -> None:  # type: ignore[no-untyped-def]
    """Moved aside, then built again from its list: the commands work as given."""
    lexicon = build()
    text = (lexicon / "manifest.json").read_text("utf-8")
    (lexicon / "manifest.json").write_text(text[: text.index('"histogram"')], "utf-8")
    aside = f"{lexicon}.damaged"
    advice = advice_of(lexicon)
    assert advice[:3] == [
        "manifest.json does not read, so nothing in the lexicon can be checked: move it aside and build it again "
        "from its words.txt.gz, if that is the list it should hold (else from the list it was built from) "
        "(NAME: the lexicon's name):",
        f"  mv {lexicon} {aside}",
        f"  adjudicate lexicon build {aside}/words.txt.gz --alphabet catalan --name NAME -o {lexicon}",
    ]
    Path(lexicon).rename(aside)
    assert run(advice[2].replace("NAME", "lex")).exit_code == 0
    assert words_of(lexicon) == words_of(Path(aside))


def test_a_damaged_shipped_lexicon_is_reinstalled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  build: Callable[..., Path], advice_of) -> None:  # type: ignore[no-untyped-def]
    lexicon = build("ca-test")
    flip(lexicon / "words.dawg", 100)
    monkeypatch.setattr(verify, "shipped_lexicon_dir", lambda: str(tmp_path))
    assert advice_of(lexicon)[:3] == [
        "ca-test is shipped with adjudicate, and its files are damaged: reinstall adjudicate (in a source "
        "checkout, check the directory out again):",
        "  pip install --force-reinstall adjudicate",
        "  git checkout -- lexicons/ca-test",
    ]


def test_advice_on_a_source(tmp_path: Path, build: Callable[..., Path], advice_of) -> None:  # type: ignore[no-untyped-def]
    """Words missing: build from the source; lines of two fields: --first-field; entries that are
    no tiles: `lexicon check` lists them."""
    lexicon = build()
    source = tmp_path / "source.txt"
    source.write_text("CEL·LA\nXAI peix\nGAT\nKIWI\n", encoding="utf-8")
    assert advice_of(lexicon, "--source", str(source)) == [
        f"{source} has 1 line of more than one field: if each is a word and its definition, read the first "
        "field as the word:",
        f"  adjudicate lexicon verify {lexicon} --source {source} --first-field",
        f"{source} has 1 entry that cannot be tiles: correct them in the list, or take them out (this lists "
        "them all, with their lines):",
        f"  adjudicate lexicon check {source} --alphabet catalan",
        f"{source} has 1 word not in the lexicon: if the lexicon should hold every word of it, build the "
        "lexicon again from it:",
        f"  adjudicate lexicon build {source} --alphabet catalan --name lex -o {lexicon}",
    ]
    rewrite_manifest(lexicon, format=2)
    assert advice_of(lexicon)[:2] == ["lex has format 2, newer than this adjudicate reads (1): upgrade adjudicate:",
                                      "  pip install --upgrade adjudicate"]
