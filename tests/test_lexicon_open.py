"""Opening a lexicon (``adjudicate.lexicon.store``, ``.lookup``, the DAWG as it loads): finding it on
the search path, its manifest read and checked, its DAWG checked and looked up. A damaged or
hostile lexicon is an error (exit 2 in every command that opens one), never a wrong verdict.

Many lexicons here are built small and then damaged by hand, with the checksums recomputed into
the manifest where the test is about what stands behind them.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicate import lexicon as lx
from adjudicate.cli import app
from adjudicate.errors import LexiconCorruptError, LexiconError, UnknownTileError
from adjudicate.lexicon import verify_lexicon

REPO = Path(__file__).resolve().parent.parent
DISC = Path(os.environ.get("ADJUDICATE_DISC", REPO.parent / "shared" / "lexicons" / "disc" / "words.txt.gz"))
ENGLISH_GAME = Path(__file__).parent / "data" / "games" / "fx_naspa_scoreless.gcg"  # for English lexicons
WORDS = Path(__file__).resolve().parent / "data" / "words"
EN_OLD = WORDS / "lex_en_old.txt"
EN_NEW = WORDS / "lex_en_new.txt"
SHIPPED = ("en-kjxqz", "es-aosw", "ca-disc", "de-wngerman", "fr-aofw", "nb-wnorwegian", "pl-wpolish", "sv-wswedish",
           "sl-hunspell")


def rewrite_manifest(directory: Path, **changes: object) -> None:
    path = directory / "manifest.json"
    fields = json.loads(path.read_text("utf-8"))
    fields.update(changes)
    path.write_text(json.dumps(fields, sort_keys=True, indent=2, ensure_ascii=False) + "\n", "utf-8")


def put_dawg(directory: Path, data: bytes) -> None:
    """Replace words.dawg and recompute its checksum: only the loader's own checks stand between."""
    (directory / "words.dawg").write_bytes(data)
    rewrite_manifest(directory, dawg_sha256=hashlib.sha256(data).hexdigest())


@pytest.fixture(scope="session")
def exit_2_everywhere(cli, error_line):  # type: ignore[no-untyped-def]
    """``exit_2_everywhere(directory, message, *, info=True)``: challenge, judge, lexicon info and
    rescore --check-words: exit 2 and the message."""

    def exit_2_everywhere(directory: Path, message: str, *, info: bool = True) -> None:
        for args, stdin in (
            (["challenge", "--lexicon", str(directory), "QI"], None),
            (["judge", "--lexicon", str(directory), "--log", str(directory.parent / "j.jsonl")], b"QI\n"),
            *([(["lexicon", "info", str(directory)], None)] if info else []),
            (["rescore", "--check-words", "--lexicon", str(directory), str(ENGLISH_GAME)], None),
        ):
            result = cli(args, stdin)
            assert result.exit_code == 2, (args, result.output)
            assert message in error_line(result), (args, error_line(result))
        from adjudicate.fastchallenge import run_fast  # the path a plain `adjudicate challenge` takes

        assert run_fast(["--lexicon", str(directory), "QI"]) == 2

    return exit_2_everywhere


# -- the search path, list and info --------------------------------------------------------------


def test_unknown_lexicon_lists_what_is_available(env: Path, runner: CliRunner) -> None:
    with pytest.raises(LexiconError, match=r"unknown lexicon 'nwl2099' \(available: .*en-kjxqz.*es-aosw"):
        lx.open_lexicon("nwl2099")
    result = runner.invoke(app, ["lexicon", "info", "nwl2099"])
    assert result.exit_code == 2 and result.stderr.startswith("Error: unknown lexicon 'nwl2099'")
    with pytest.raises(LexiconError, match="no lexicon directory at"):
        lx.open_lexicon("./no/such/dir")


def test_user_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert lx.user_lexicon_dir() == str(tmp_path / "adjudicate" / "lexicons")


def test_info_and_list(
    es_lex: Path, env: Path, tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = json.loads(runner.invoke(app, ["lexicon", "info", "es-test", "--json"]).stdout)
    assert (info["id"], info["word_count"], info["where"], info["label"]) == (
        "es-test",
        10,
        "env",
        "Test ES 1",
    )
    assert info["files"]["words.dawg"] == (es_lex / "words.dawg").stat().st_size
    # a second env dir, and a user dir holding the same id: the first on the path wins
    second = tmp_path / "second"
    lx.build_lexicon(str(EN_OLD), "english", "Mine", out_dir=str(second / "en-mine"))
    user = Path(lx.user_lexicon_dir())
    lx.build_lexicon(str(EN_NEW), "english", "User copy", out_dir=str(user / "es-test"))
    monkeypatch.setenv("ADJUDICATE_LEXICONS", os.pathsep.join([str(env), str(second)]))
    rows = json.loads(runner.invoke(app, ["lexicon", "list", "--json"]).stdout)
    where = [(r["id"], r["where"], r["shadowed"]) for r in rows]
    assert where[:3] == [("es-test", "env", False), ("en-mine", "env", False), ("es-test", "user", True)]
    assert {(lexicon_id, "shipped") for lexicon_id in SHIPPED} <= {(r["id"], r["where"]) for r in rows}
    assert lx.open_lexicon("es-test").name == "Test ES"
    assert lx.open_lexicon("en-mine").where == "env"
    table = runner.invoke(app, ["lexicon", "list"])
    assert table.exit_code == 0 and "shadowed" in table.stdout and "search path: env:" in table.stderr


def test_an_unreadable_manifest_is_that_lexicon_s_error_not_the_search_s(tmp_path: Path, monkeypatch, cli) -> None:  # type: ignore[no-untyped-def]
    """A manifest.json that is a symlink to itself (or one without read permission) broke
    `lexicon list` and every "unknown lexicon" message with the OSError."""
    (tmp_path / "loop").mkdir()
    (tmp_path / "loop" / "manifest.json").symlink_to("manifest.json")
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(tmp_path))
    listed = cli(["lexicon", "list"])
    assert listed.exit_code == 0 and "manifest.json cannot be read" in listed.stdout
    unknown = cli(["challenge", "--lexicon", "nosuch", "QI"])
    assert unknown.exit_code == 2 and "unknown lexicon 'nosuch' (available:" in unknown.stderr
    loop = cli(["challenge", "--lexicon", "loop", "QI"])
    assert loop.exit_code == 2 and "lexicon loop: manifest.json cannot be read" in loop.stderr


@pytest.mark.parametrize(
    "changes",
    [{"histogram": 1}, {"histogram": {"x": 1, "2": 3, "²": 1}}, {"histogram": ["a"]},
     {"source": {"dropped": {"x": "many"}}}, {"builder": "by hand"}, {"source": ["a", 1]}],
)
def test_lexicon_info_shows_odd_manifest_fields_without_a_crash(small: Path, changes: dict, cli) -> None:  # type: ignore[type-arg, no-untyped-def]
    """Fuzzing: `lexicon info` on a manifest whose histogram was 1 raised AttributeError (exit 3)."""
    rewrite_manifest(small, **changes)
    for args in (["lexicon", "info", str(small)], ["lexicon", "info", "--json", str(small)]):
        assert cli(args).exit_code == 0


# -- looking up ----------------------------------------------------------------------------------


def test_open_by_id_and_path_and_look_up(es_lex: Path) -> None:
    lex = lx.open_lexicon("es-test")
    assert (lex.id, lex.name, lex.edition, lex.alphabet.name, lex.word_count) == (
        "es-test",
        "Test ES",
        "1",
        "spanish",
        10,
    )
    assert lex.where == "env" and lex.label() == "Test ES 1" and lex.standin_note == ""
    assert lx.open_lexicon(str(es_lex)).dawg_sha256 == lex.dawg_sha256
    for word in ("Charro", "[CH]A[RR]O", "1A3O", "ÑANDÚ", "cañón", "zz", "pollo"):
        assert lex.contains_word(word), word
    for word in ("CARO", "CHARR", "ZZZ", "LAMA", "NANDU"):
        assert not lex.contains_word(word), word
    assert "1A3O" in lex and "CHARRO" not in lex and 7 not in lex  # type: ignore[operator]
    with pytest.raises(UnknownTileError, match="K is not a tile"):
        lex.contains_word("KIWI")
    # dawg_python (the verdicts' reader) answers as DAWG2's C reader does
    import dawg

    c_reader = dawg.DAWG().load(str(es_lex / "words.dawg"))
    for key in ("1A3O", "1A3", "ZZ", "Z", "", "ÑANDU", "ÑANDUS", "PO2O"):
        assert (key in lex) == (key in c_reader), key


def test_loading_and_looking_up_imports_nothing_heavy() -> None:
    code = (
        "import sys; before = set(sys.modules)\n"
        "from adjudicate.lexicon import open_lexicon\n"
        "lex = open_lexicon('es-aosw'); assert lex.contains_word('charro')\n"
        "print(' '.join(sorted(set(sys.modules) - before)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("ADJUDICATE_LEXICONS", "XDG_DATA_HOME")}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, cwd=REPO
    )
    loaded = set(out.stdout.split())
    # json reads the manifest (a load accepts exactly what verify reads) and dawg_python looks
    # words up: both welcome on the challenge path (SPEC §6); Typer, tabulate and DAWG2 are not.
    heavy = {
        "re",
        "pathlib",
        "dataclasses",
        "typing",
        "gzip",
        "dawg",
        "typer",
        "tabulate",
        "enum",
        "unicodedata",
    }
    assert "dawg_python" in loaded
    assert not loaded & heavy, loaded & heavy


# -- the manifest, read by json and checked field by field ---------------------------------------


def test_manifest_in_another_layout_still_loads(es_lex: Path) -> None:
    manifest = json.loads((es_lex / "manifest.json").read_text("utf-8"))
    (es_lex / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")  # one line
    assert lx.open_lexicon("es-test").word_count == 10


def test_a_huge_manifest_is_refused(small: Path, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    with open(small / "manifest.json", "ab") as handle:
        handle.truncate(lx.MAX_MANIFEST_BYTES + 1)
    exit_2_everywhere(small, "manifest.json has 1,048,577 bytes")


@pytest.mark.parametrize("bad_id", ["../../etc/passwd", "/etc/passwd", "..", "a/b", "a\\b", ""])
def test_a_manifest_id_that_points_outside_its_directory(small: Path, bad_id: str, tmp_path: Path,
                                                           monkeypatch, cli, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    rewrite_manifest(small, id=bad_id)
    message = "is not a plain name (it names a path outside the lexicon directory)"
    with pytest.raises(LexiconCorruptError, match=message.replace("(", "\\(").replace(")", "\\)")):
        lx.load_lexicon(str(small))
    exit_2_everywhere(small, "is not a plain name")
    # without --log, the judge's log would be named after the id: nothing is written anywhere
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = cli(["judge", "--lexicon", str(small)], b"QI\n")
    assert result.exit_code == 2
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"id": {"x": 1}}, "id is not text"), ({"name": ["a"]}, "name is not text"),
     ({"word_count": -1}, "has no word_count"), ({"word_count": True}, "has no word_count"),
     ({"alphabet": "../english"}, "names no known alphabet")],
)
def test_manifest_fields_of_the_wrong_type(small: Path, changes: dict, message: str, exit_2_everywhere) -> None:  # type: ignore[type-arg, no-untyped-def]
    rewrite_manifest(small, **changes)
    exit_2_everywhere(small, message)


def test_an_alphabet_edited_against_the_language_is_corruption(small: Path, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """An English lexicon whose manifest says spanish read BALL as Spanish BA[LL]: UNACCEPTABLE,
    a wrong verdict. The manifest carries no checksum of its own; its language must agree."""
    language = json.loads((small / "manifest.json").read_text("utf-8"))["language"]
    rewrite_manifest(small, alphabet="spanish" if language != "es" else "english")
    exit_2_everywhere(small, f"says language '{language}' but alphabet")


def test_a_manifest_nested_past_the_recursion_limit(small: Path, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """Was a RecursionError: exit 3 for `challenge`, and for `lexicon list` over the whole path."""
    (small / "manifest.json").write_text("[" * 100_000 + "\n", encoding="utf-8")
    exit_2_everywhere(small, "manifest.json is not valid JSON (nested too deep)")


def test_a_manifest_only_laid_out_otherwise_loads(small: Path) -> None:
    """Re-indented by `python -m json.tool` (four spaces): the quick reader found none of its
    fields and called it corrupted ("has no dawg_sha256"); now it falls back to JSON."""
    manifest = json.loads((small / "manifest.json").read_text("utf-8"))
    (small / "manifest.json").write_text(json.dumps(manifest, indent=4), encoding="utf-8")
    assert lx.load_lexicon(str(small)).word_count == manifest["word_count"]


def raw_manifest(directory: Path, change) -> None:  # type: ignore[no-untyped-def]
    path = directory / "manifest.json"
    path.write_bytes(change(path.read_bytes()))


@pytest.mark.parametrize(("change", "message"), [
    (lambda m: m.replace(b'\n  "standin"', b'\x0b  "standin"', 1), "after field sha256"),  # a newline made \v
    (lambda m: m.replace(b'"standin": "', b'"standin": \xa2', 1), "not UTF-8"),  # a bit flipped: '"' 0x22 -> 0xa2
    (lambda m: m.replace(b'"standin": "', b'"standin": b', 1), "in field standin"),  # '"' 0x22 -> 'b' 0x62
    (lambda m: m.replace(b'  "standin"', b'  "standin\x01"', 1), "Invalid control character"),
    (lambda m: m + b"{}", "Extra data"),
], ids=["vertical-tab", "high-bit", "quote-to-b", "control-in-key", "extra-data"])
def test_a_manifest_json_refuses_does_not_load(small: Path, change, message: str, cli, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """The hand-written start-up reader took a manifest `json` refuses (one bit flipped, a newline
    turned into a vertical tab): `challenge` answered, and its label lost "(stand-in, ...)"."""
    rewrite_manifest(small, standin="stand-in, not NWL/CSW")
    raw_manifest(small, change)
    with pytest.raises(ValueError):
        json.loads((small / "manifest.json").read_bytes())
    exit_2_everywhere(small, message)
    verify = cli(["lexicon", "verify", str(small)])
    assert verify.exit_code == 1 and "manifest  FAILED" in verify.stdout


@pytest.mark.parametrize(("value", "message"), [
    (b"\xc2\xb2", "not valid JSON (Expecting value: line"),  # '²' (a digit to str.isdigit, not to int())
    (b"1" * 4301, "word_count is a number of 4,301 digits (at most 18)"),
    (b"-" + b"9" * 19, "word_count is a number of 19 digits (at most 18)"),
])
def test_a_number_field_of_odd_digits_is_corruption_naming_the_field(small: Path, value: bytes, message: str,
                                                                     cli, error_line, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """'²' or 4,301 digits in word_count was ValueError, exit 3, in challenge, judge, lexicon info,
    lexicon diff and rescore --check-words."""
    raw_manifest(small, lambda m: re.sub(rb'"word_count": [0-9]+', b'"word_count": ' + value, m))
    exit_2_everywhere(small, message)
    if value.startswith(b"\xc2"):
        exit_2_everywhere(small, "(in field word_count)")
    diff = cli(["lexicon", "diff", str(small), str(small)])
    assert diff.exit_code == 2 and message in error_line(diff)


def test_a_long_number_deep_in_the_manifest_is_named_by_its_path(small: Path, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    raw_manifest(small, lambda m: m.replace(b'"histogram": {', b'"histogram": {"99": ' + b"7" * 5000 + b",", 1))
    exit_2_everywhere(small, "manifest.json's histogram.99 is a number of 5,000 digits")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_loading_accepts_exactly_what_verify_reads(tmp_path_factory: pytest.TempPathFactory,
                                                    lexicon_of: Callable[..., Path], rng) -> None:  # type: ignore[no-untyped-def]
    """A manifest with a byte changed loads exactly when `lexicon verify` reads it (and `json` does)."""
    directory = _verify_fixture(tmp_path_factory, lexicon_of)
    original = (directory / "manifest.json").read_bytes()
    data = bytearray(original)
    for _ in range(rng.randrange(1, 3)):
        at = rng.randrange(len(data))
        data[at] = data[at] ^ (1 << rng.randrange(8)) if rng.random() < 0.7 else rng.choice(b'"{},:\x0b\\0123456789')
    (directory / "manifest.json").write_bytes(bytes(data))
    try:
        try:
            lx.load_lexicon(str(directory))
            error = None
        except LexiconError as err:
            error = str(err)
        report = verify_lexicon(str(directory))
        _, read, detail = next(check for check in report.checks if check[0] == "manifest")
        if read:  # then only the DAWG's checksum (a changed dawg_sha256) can stop a load
            json.loads(bytes(data))
            assert error is None or "words.dawg" in error, (error, bytes(data))
        else:
            assert error == detail, bytes(data)
    finally:
        (directory / "manifest.json").write_bytes(original)


_VERIFY_FIXTURE: list[Path] = []


def _verify_fixture(factory: pytest.TempPathFactory, lexicon_of: Callable[..., Path]) -> Path:
    if not _VERIFY_FIXTURE:
        directory = factory.mktemp("verify") / "small"
        _VERIFY_FIXTURE.append(lexicon_of(directory, ["cat", "dog", "qi", "za"], name="SMALL", edition="1"))
    return _VERIFY_FIXTURE[0]


@pytest.mark.parametrize(("field", "value", "shown"), [
    ("name", "\x1b[2JCLEAN LIST", "name holds a control character (U+001B)"),
    ("standin", "stand-in\nACCEPTABLE", "standin holds a control character (U+000A)"),
    ("edition", "2024\x9b2J", "edition holds a control character (U+009B)"),
    ("id", "x\x00y", "id holds a control character (U+0000)"),
    ("licence", "GPL\x07", "licence holds a control character (U+0007)"),
    ("source", {"file": "list\x1b]0;owned\x07.txt"}, "source.file holds a control character (U+001B)"),
    ("name", "\u202e32LWN", "name holds a control character (U+202E)"),  # shown as "NWL23" (issue 26)
    ("standin", "no\u2028ACCEPTABLE", "standin holds a control character (U+2028)"),
    ("edition", "\u20662024\u2069", "edition holds a control character (U+2066)"),
])
def test_a_control_character_in_a_manifest_text_is_corruption(small: Path, field: str, value: object,
                                                                shown: str, cli, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """A name or a stand-in note holding an ESC sequence or a newline was printed raw on the
    verdict line (`\x1b[2J...ACCEPTABLE`), and `lexicon verify` said OK."""
    rewrite_manifest(small, **{field: value})
    exit_2_everywhere(small, f"lexicon small is corrupted: manifest.json's {shown}")
    verify = cli(["lexicon", "verify", str(small)])
    assert verify.exit_code == 1 and "manifest  FAILED" in verify.stdout and "\x1b" not in verify.stdout


def test_lexicon_list_names_a_manifest_with_a_control_character_without_printing_it(
        small: Path, monkeypatch: pytest.MonkeyPatch, cli) -> None:  # type: ignore[no-untyped-def]
    rewrite_manifest(small, name="\x1b[2JX")
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(small.parent))
    listed = cli(["lexicon", "list"])
    assert listed.exit_code == 0 and "name holds a control character (U+001B)" in listed.stdout
    assert "\x1b" not in listed.stdout


# -- the DAWG: its checksum on every load, its size, its units -----------------------------------


def _flip(path: Path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x01
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: _flip(d / "words.dawg", 1000), "words.dawg has SHA-256"),
        (
            lambda d: (d / "words.dawg").write_bytes((d / "words.dawg").read_bytes()[:-4]),
            "words.dawg has SHA-256",
        ),
        (lambda d: (d / "words.dawg").unlink(), "words.dawg is missing"),
        (lambda d: (d / "manifest.json").write_text("{garbage"), "manifest.json is not valid JSON"),
        (lambda d: (d / "manifest.json").write_bytes(b"\xff\xfe"), "manifest.json is not UTF-8"),
        (lambda d: (d / "manifest.json").unlink(), "manifest.json is missing"),
        (
            lambda d: (d / "manifest.json").write_text('{"alphabet": "spanish", "word_count": 10}'),
            "manifest.json has no dawg_sha256",
        ),
    ],
)
def test_corrupted_lexicon_is_an_error(es_lex: Path, runner: CliRunner, damage, message: str) -> None:  # type: ignore[no-untyped-def]
    damage(es_lex)
    with pytest.raises(LexiconCorruptError, match=f"lexicon es-test is corrupted: {message}"):
        lx.open_lexicon("es-test")
    result = runner.invoke(app, ["lexicon", "info", "es-test"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: lexicon es-test is corrupted: ")
    verdict = runner.invoke(app, ["challenge", "--lexicon", "es-test", "CHARRO"])
    assert verdict.exit_code == 2 and "corrupted" in verdict.stderr
    assert "ACCEPTABLE" not in verdict.stdout
    verify = runner.invoke(app, ["lexicon", "verify", "es-test"])
    assert verify.exit_code == 1 and "FAILED" in verify.stdout


def test_the_checksum_is_verified_on_every_load(small: Path, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """No cache between loads: a byte flipped after a good load is caught by the next one."""
    assert lx.load_lexicon(str(small)).contains_word("QI")
    data = bytearray((small / "words.dawg").read_bytes())
    data[len(data) // 2] ^= 0x10
    (small / "words.dawg").write_bytes(bytes(data))
    with pytest.raises(LexiconCorruptError, match="words.dawg has SHA-256"):
        lx.load_lexicon(str(small))
    exit_2_everywhere(small, "words.dawg has SHA-256")


@pytest.mark.parametrize(
    ("header", "message"),
    [(0xFFFFFFFF, "words.dawg has the wrong size"), (1 << 30, "words.dawg has the wrong size"),
     (0, "words.dawg has the wrong size"), (1, "words.dawg has the wrong size")],
)
def test_a_dawg_whose_header_claims_an_absurd_size(small: Path, header: int, message: str, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    data = (small / "words.dawg").read_bytes()
    put_dawg(small, header.to_bytes(4, "little") + data[4:])
    with pytest.raises(LexiconCorruptError, match=message):
        lx.load_lexicon(str(small))
    exit_2_everywhere(small, message)


def test_a_dawg_of_garbage_with_a_right_size_and_checksum(small: Path, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """Units that walk out of the array: LexiconCorruptError on lookup, never IndexError."""
    units = 300
    put_dawg(small, units.to_bytes(4, "little") + b"\xff" * (4 * units))
    lexicon = lx.load_lexicon(str(small))
    with pytest.raises(LexiconCorruptError, match="DAWG walk out of range"):
        lexicon.contains_word("QI")
    exit_2_everywhere(small, "DAWG walk out of range", info=False)  # info looks nothing up


def test_a_huge_dawg_is_refused_before_it_is_read(small: Path) -> None:
    with open(small / "words.dawg", "r+b") as handle:
        handle.truncate(lx.MAX_DAWG_BYTES + 4)  # sparse: no disk used
    with pytest.raises(LexiconCorruptError, match="words.dawg has 268,435,460 bytes \\(at most 268,435,456\\)"):
        lx.load_lexicon(str(small))


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory"])
def test_a_dawg_that_is_not_a_regular_file(small: Path, kind: str, exit_2_everywhere) -> None:  # type: ignore[no-untyped-def]
    """A FIFO would block the open, /dev/zero would never end: both refused at once."""
    target = small / "words.dawg"
    target.unlink()
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    else:
        target.mkdir()
    exit_2_everywhere(small, "words.dawg is not a regular file")


# -- the shipped lexicons and the real DISC list -------------------------------------------------


@pytest.mark.parametrize(
    ("lexicon_id", "good", "bad"),
    [
        ("en-kjxqz", ["QUIXOTIC", "qi", "za"], ["QXZ", "ZAZAZA"]),
        ("es-aosw", ["CHARRO", "ñandú", "chico"], ["CHARROZ", "QIS"]),
        ("ca-disc", ["CEL·LA", "cel.la", "QUATRE", "ANY", "col·lecció"], ["QUATREZ", "ANYANY"]),
        # The stand-ins of the other tile sets (issue 29): words with each set's own letters, typed as
        # a judge would (ß is no German tile: STRASSE; é folds to E where it is no tile).
        ("de-wngerman", ["STRASSE", "Äpfel", "Öl", "über", "Bäume", "café"], ["ÄPFELÖ", "ÜBERÜBER"]),
        ("fr-aofw", ["élève", "être", "noël", "garçon", "KIWI"], ["ÉLÈVEQ", "ZZZ"]),
        ("nb-wnorwegian", ["BLÅBÆR", "øl", "ære", "kafé", "gård"], ["ØLØLØL", "BLÅBÆRÅ"]),
        ("pl-wpolish", ["źdźbło", "zażółć", "gęślą", "jaźń", "łódź"], ["ŹDŹBŁOŹ", "ĄĄ"]),
        ("sv-wswedish", ["ÄLG", "år", "blåbär", "idé", "öga"], ["ÄLGÅÄÖ", "ÖÖ"]),
        ("sl-hunspell", ["čaj", "žaba", "šola", "človek", "ŽIVLJENJE"], ["ČAJČ", "ŽŽŽ"]),
    ],
)
def test_shipped_lexicons_verify_clean(lexicon_id: str, good: list[str], bad: list[str]) -> None:
    report = lx.verify_lexicon(lexicon_id)
    assert report.ok, report.failures
    lex = lx.open_lexicon(lexicon_id)
    assert lex.where == "shipped"
    assert all(lex.contains_word(w) for w in good)
    assert not any(lex.contains_word(w) for w in bad)
    assert (REPO / "lexicons" / lexicon_id / "LICENSE").stat().st_size > 1000
    attribution = (REPO / "lexicons" / lexicon_id / "ATTRIBUTION").read_text("utf-8")
    if lexicon_id == "ca-disc":  # the real list: no stand-in note anywhere
        assert lex.standin_note == "" and lex.label() == "DISC e8b6e1c0 (2026-07-29)"
        assert attribution.startswith("ca-disc: DISC, ") and "stand-in" not in lex.label()
    else:
        assert lex.standin_note.startswith("stand-in, not ") and lex.standin_note in lex.label()
        assert attribution.startswith(f"{lexicon_id}: a demonstration stand-in")


def test_shipped_disc_says_whose_it_is_and_under_which_licence() -> None:
    directory = REPO / "lexicons" / "ca-disc"
    attribution = (directory / "ATTRIBUTION").read_text("utf-8")
    for needed in ("Joan Montané", "https://github.com/jmontane/disc",
                   "e8b6e1c05837345e9bb2eea41d35ec4f040cacd2", "flexiona.py", "may differ slightly"):
        assert needed in attribution, needed
    licence = (directory / "LICENSE").read_text("utf-8")
    assert licence.split()[:5] == ["GNU", "GENERAL", "PUBLIC", "LICENSE", "Version"] and "29 June 2007" in licence
    manifest = json.loads((directory / "manifest.json").read_text("utf-8"))
    assert (manifest["licence"], manifest["standin"], manifest["name"]) == ("GPL-3.0", "", "DISC")
    assert manifest["source"]["commit"] == "e8b6e1c05837345e9bb2eea41d35ec4f040cacd2"
    info = CliRunner().invoke(app, ["lexicon", "info", "ca-disc"])
    assert info.exit_code == 0, info.output
    lines = info_rows(info)
    assert (lines["name"], lines["stand-in"], lines["licence"]) == ("DISC e8b6e1c0 (2026-07-29)", "no", "GPL-3.0")
    assert lines["source"].startswith("https://github.com/jmontane/disc at e8b6e1c0, SHA-256 0ff874ae")


@pytest.mark.skipif(not DISC.is_file(), reason=f"DISC list not found at {DISC} (set ADJUDICATE_DISC)")
def test_shipped_disc_is_exactly_the_real_list(words_of) -> None:  # type: ignore[no-untyped-def]
    """The shipped ca-disc holds the words of the DISC list read independently (not through the
    shipped lexicon's files), no more and no fewer; and its DAWG answers for each."""
    with gzip.open(DISC, "rt", encoding="utf-8") as handle:
        real = handle.read().split()
    shipped = words_of(REPO / "lexicons" / "ca-disc")
    assert len(real) == len(shipped) == 583013
    assert sorted(real) == sorted(shipped)
    lex = lx.open_lexicon("ca-disc")
    assert all(lex.contains_word(word) for word in real[::97])


# -- lexicon info of a corrupted lexicon ----------------------------------------------------------


def info_rows(result) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """``lexicon info``'s table, row name -> value (two spaces or more between them); a value wraps
    at 76 columns, its next lines indented (issue 26: the table fits 100 columns)."""
    rows: dict[str, str] = {}
    for line in result.stdout.splitlines():
        if line.startswith(" "):
            rows[name] += " " + line.strip()
        else:
            name, rows[name] = re.split(r"\s{2,}", line, maxsplit=1)
    return rows


def test_info_of_a_lexicon_whose_dawg_is_damaged_shows_its_manifest(small: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """It said only 'Error: lexicon small is corrupted: ...': now the manifest as well (what the
    lexicon should be: name, edition, count, checksums), with the DAWG's own SHA-256 beside the
    manifest's; the corruption on stderr, exit 2."""
    manifest = json.loads((small / "manifest.json").read_text("utf-8"))
    data = bytearray((small / "words.dawg").read_bytes())
    data[len(data) // 2] ^= 0x10
    (small / "words.dawg").write_bytes(bytes(data))
    digest = hashlib.sha256(bytes(data)).hexdigest()
    result = cli(["lexicon", "info", str(small)])
    assert result.exit_code == 2
    rows = info_rows(result)
    assert (rows["id"], rows["name"], rows["edition"], rows["words"], rows["by tiles"]) == (
        "small", "SMALL 1", "1", "4", "2:2 3:2")
    assert rows["words.dawg SHA-256"] == f"{manifest['dawg_sha256']}, but the file's is {digest}"
    assert rows["words.txt.gz SHA-256"] == manifest["text_gz_sha256"]
    assert result.stderr.splitlines() == [
        f"Error: lexicon small is corrupted: words.dawg has SHA-256 {digest[:12]}..., the manifest says "
        f"{manifest['dawg_sha256'][:12]}... ({len(data)} bytes, in {small})",
        f"`adjudicate lexicon verify {small}` runs every check and says what to do",
    ]
    report = json.loads(cli(["lexicon", "info", "--json", str(small)]).stdout)
    assert (report["name"], report["file_sha256"]["words.dawg"], len(report["problems"])) == ("SMALL", digest, 1)


def test_info_of_a_lexicon_whose_word_list_is_damaged(small: Path, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    """Loading reads no words.txt.gz, but info compares it too (as verify and diff do): exit 2."""
    (small / "words.txt.gz").write_bytes(gzip.compress(b"CAT\nDOG\n", mtime=0))
    result = cli(["lexicon", "info", str(small)])
    assert result.exit_code == 2
    assert info_rows(result)["words.txt.gz SHA-256"].endswith(
        ", but the file's is " + hashlib.sha256((small / "words.txt.gz").read_bytes()).hexdigest())
    assert error_line(result).startswith("Error: lexicon small is corrupted: words.txt.gz has SHA-256 ")
    assert cli(["challenge", "--lexicon", str(small), "QI"]).exit_code == 0  # (verdicts read the DAWG only)


def test_info_of_a_lexicon_whose_manifest_does_not_read(small: Path, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    """A manifest cut short is no JSON: its fields of one line that still read (name, edition,
    the checksums before the cut) are shown, and every file's own SHA-256; without a manifest,
    the files alone."""
    text = (small / "manifest.json").read_text("utf-8")
    manifest = json.loads(text)
    (small / "manifest.json").write_text(text[: text.index('"text_gz_sha256"')], "utf-8")
    result = cli(["lexicon", "info", str(small)])
    assert result.exit_code == 2
    rows = info_rows(result)
    assert (rows["id"], rows["name"], rows["alphabet"]) == ("small", "SMALL 1", "english (en)")
    assert rows["words.dawg SHA-256"] == manifest["dawg_sha256"]  # (the file is sound)
    gz_digest = hashlib.sha256((small / "words.txt.gz").read_bytes()).hexdigest()
    assert rows["words.txt.gz SHA-256"] == f"- (not in the manifest); the file's is {gz_digest}"
    assert rows["words"] == "-"  # (word_count comes after the cut)
    assert error_line(result).startswith("Error: lexicon small is corrupted: manifest.json is not valid JSON")
    (small / "manifest.json").unlink()
    result = cli(["lexicon", "info", "--json", str(small)])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["file_sha256"] == {"words.dawg": manifest["dawg_sha256"], "words.txt.gz": gz_digest}
    assert report["problems"] == [f"lexicon small is corrupted: manifest.json is missing (in {small})"]
    assert "name" not in report
