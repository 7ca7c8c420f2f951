"""Reading word lists (``adjudicate.lexicon.wordlist``): every entry read as ``parse_word`` reads it,
a chunk of text at a time, in any encoding, line end or compression the tool accepts; what cannot
be tiles rejected with its file:line and reason; no file so big or so long-lined that it takes the
machine's memory.

The small lists in tests/data/words/lex_* were counted by hand (see each test).
"""

from __future__ import annotations

import bisect
import gzip
import hashlib
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate import forked, tiles
from adjudicate import lexicon as lx
from adjudicate.cli import app
from adjudicate.errors import LexiconError, UnknownTileError
from adjudicate.lexicon import build_lexicon, check_word_list, verify_lexicon, wordlist

WORDS = Path(__file__).resolve().parent / "data" / "words"


ES = WORDS / "lex_es.txt"  # UTF-8 with BOM, CRLF


CA = WORDS / "lex_ca_latin1.txt"  # Latin-1


# lex_es.txt, by hand: 18 entries; rejected KIWI (line 10), CH (14, 1 tile), INCONSTITUCIONAL (15,
# 16 tiles); 10 words; duplicates: charro, ÑANDU, chico, 1ICO, arbol = 5.
ES_WORDS = [
    "[CH]A[RR]O",
    "[CH]ICO",
    "[LL]AMA",
    "ARBOL",
    "CA[RR]O",
    "CAÑON",
    "PE[RR]O",
    "PO[LL]O",
    "ZZ",
    "ÑANDU",
]


ES_REJECTED = [
    (10, "KIWI", "K is not a tile of the Spanish set"),
    (14, "CH", "1 tile: a word has at least 2"),
    (15, "INCONSTITUCIONAL", "16 tiles: a word has at most 15"),
]


# lex_ca_latin1.txt, by hand: 13 entries; rejected KIWI, YOGUR, QATAR, L·L; 8 words; 1 duplicate (cel.la).
CA_WORDS = ["ANEC", "ANY", "AILLAT", "CEL·LA", "COL·LECCIO", "GARÇO", "QUATRE", "QUESTIO"]


# Without --first-field, lex_es.txt's lines of a word and a definition are rejected: lines 2, 5, 10
# (KIWI fruta, no longer for its K) and 17; the words they spell are on other lines (charro, ñandú,
# arbol), so the same 10 words, and 2 duplicates (chico, 1ICO).
ES_SEVERAL = [
    (2, "CHARRO charro: jinete mexicano", wordlist.SEVERAL_FIELDS),
    (5, "ÑANDU ave (the same word, accent folded)", wordlist.SEVERAL_FIELDS),
    (10, "KIWI fruta", wordlist.SEVERAL_FIELDS),
    *ES_REJECTED[1:],
    (17, "ÁRBOL árbol", wordlist.SEVERAL_FIELDS),
]


@pytest.mark.parametrize(("first_field", "duplicates", "rejected"),
                         [(True, 5, ES_REJECTED), (False, 2, ES_SEVERAL)], ids=["first-field", "whole-lines"])
def test_check_spanish_list_utf8_bom_crlf(first_field: bool, duplicates: int, rejected: list[tuple[int, str, str]]) -> None:
    report = lx.check_word_list(str(ES), "spanish", first_field=first_field)
    assert (report.entries, report.word_count, report.duplicates) == (18, 10, duplicates)
    assert report.encoding == "utf-8"
    assert [(r.line, r.word, r.reason) for r in report.rejected] == rejected
    assert str(report.rejected[0]) == (
        f"{ES}:10: 'KIWI': K is not a tile of the Spanish set" if first_field else
        f"{ES}:2: 'CHARRO charro: jinete mexicano': more than one field: a word and its definition? "
        "--first-field reads the first field as the word")
    assert report.histogram == {"2": 1, "4": 6, "5": 3}
    assert [
        tiles.format_word(tiles.from_key(k, tiles.get_alphabet("spanish")), tiles.get_alphabet("spanish"))
        for k in report.keys
    ] == ES_WORDS


def test_check_catalan_list_latin1() -> None:
    report = lx.check_word_list(str(CA), "catalan", first_field=True)
    assert (report.entries, report.word_count, report.duplicates, report.encoding) == (13, 8, 1, "latin-1")
    assert [(r.line, r.word) for r in report.rejected] == [
        (9, "KIWI"),
        (10, "YOGUR"),
        (11, "QATAR"),
        (13, "L·L"),
    ]
    assert report.rejected[1].reason == "Y is not a Catalan tile outside NY"
    assert report.histogram == {"2": 1, "4": 2, "5": 2, "6": 2, "8": 1}
    # Without --first-field, line 14 (ànec and its definition) is rejected: ANEC (4 tiles) is no word.
    whole = lx.check_word_list(str(CA), "catalan")
    assert (whole.entries, whole.word_count, whole.duplicates) == (13, 7, 1)
    assert [(r.line, r.word, r.reason) for r in whole.rejected][-1] == (
        14, "ànec definició de l'ànec", wordlist.SEVERAL_FIELDS)
    assert whole.histogram == {"2": 1, "4": 1, "5": 2, "6": 2, "8": 1}


def test_gzip_source_reads_like_plain(tmp_path: Path) -> None:
    gz = tmp_path / "es.txt.gz"
    gz.write_bytes(gzip.compress(ES.read_bytes()))
    plain, packed = lx.check_word_list(str(ES), "spanish"), lx.check_word_list(str(gz), "spanish")
    assert packed.keys == plain.keys and len(packed.rejected) == 6


@pytest.mark.parametrize(
    ("alphabet", "words"),
    [
        (
            "spanish",
            ["Charro", "[CH]ICO", "1ICO", "ñandú", "CH", "LLL", "RRR", "[ch]", "KIWI", "A.B", "x[LL]", "ß"],
        ),
        (
            "catalan",
            [
                "cel.la",
                "CEL·LA",
                "celŀla",
                "ANY",
                "QÜESTIÓ",
                "QATAR",
                "YOGUR",
                "L·L·L",
                "A1B",
                "[NY]A",
                "·L",
                "garçó",
            ],
        ),
        ("english", ["quixotic", "Zoë", "qi", "K9", "a-b", "naïve", "ÆON"]),
    ],
)
def test_the_keyer_reads_as_parse_word(alphabet: str, words: list[str], tmp_path: Path) -> None:
    """What the keyer reads, it reads as parse_word does; what it cannot (a letter beyond Latin-1,
    a word that is no tiles), the list's reader asks parse_word: the same keys and rejections."""
    alpha = tiles.get_alphabet(alphabet)

    def reference(word: str) -> str | None:
        try:
            parsed = tiles.parse_word(word, alpha)
            tiles.check_length(word, parsed)
        except UnknownTileError:
            return None
        return tiles.to_key(parsed, alpha)

    keyer = wordlist.Keyer(alpha)
    keys = keyer.keys("\n".join(words).encode("latin-1", "replace")).split(b"\n")
    for word, key in zip(words, keys):
        if keyer.bad not in key and tiles.MIN_TILES <= len(key) <= tiles.MAX_TILES:
            assert key.decode("latin-1") == reference(word), word
    source = tmp_path / "words.txt"
    source.write_text("\n".join(words) + "\n", encoding="utf-8")
    report = lx.check_word_list(str(source), alpha)
    assert report.keys == sorted({key for key in map(reference, words) if key is not None})
    assert [r.word for r in report.rejected] == [w for w in words if reference(w) is None]


def test_a_letter_whose_capital_is_two_letters_is_rejected_not_read_as_two(tmp_path: Path) -> None:
    """'straße' was built as STRASSE and 'ﬁjo' as FIJO: words that are not in the list."""
    source = tmp_path / "words.txt"
    source.write_text("CASA\nstraße\nﬁjo\nPERRO\n", encoding="utf-8")
    report = lx.check_word_list(str(source), "spanish")
    assert report.word_count == 2
    assert [(r.line, r.word, r.reason) for r in report.rejected] == [
        (2, "straße", "ß is not a tile of the Spanish set"),
        (3, "ﬁjo", "ﬁ is not a tile of the Spanish set"),
    ]


def test_decomposed_accents_in_a_word_list_read_as_the_composed_letters(tmp_path: Path) -> None:
    """N + combining tilde is Ñ (ÑANDU, 5 tiles), never N (NANDU, a different word)."""
    source = tmp_path / "words.txt"
    source.write_text("CASA\nN\u0303ANDU\nperro\n", encoding="utf-8")
    report = lx.check_word_list(str(source), "spanish")
    assert not report.rejected
    spanish = tiles.get_alphabet("spanish")
    assert sorted(tiles.format_word(tiles.from_key(k, spanish), spanish) for k in report.keys) == [
        "CASA", "PE[RR]O", "ÑANDU"]


def test_a_list_with_old_mac_line_ends_reads_every_line(tmp_path: Path) -> None:
    """CR alone ended no line: 'casa<CR>cosa<CR>gat' built one word, CASA, and exit 0."""
    source = tmp_path / "words.txt"
    source.write_bytes(b"casa\rcosa\rKARMA\rgat\r")
    report = lx.check_word_list(str(source), "catalan")
    assert report.word_count == 3
    assert [(r.line, r.word) for r in report.rejected] == [(3, "KARMA")]


# -- gzip, pipes, and lists with no end ----------------------------------------------------------


def test_every_member_of_a_multi_member_gzip_list_is_read(tmp_path: Path) -> None:
    """`cat a.gz b.gz > list.gz` is one gzip file to gunzip: all its words, not the first member's."""
    import gzip

    source = tmp_path / "list.txt.gz"
    source.write_bytes(gzip.compress(b"casa\nperro\n") + gzip.compress(b"chorizo\n") + b"\0\0")
    report = check_word_list(str(source), "spanish")
    assert (report.entries, report.rejected) == (3, [])
    built = build_lexicon(str(source), "spanish", "X", out_dir=str(tmp_path / "lex"))
    assert built.word_count == 3
    assert lx.load_lexicon(str(tmp_path / "lex")).contains_word("CHORIZO")


def test_bytes_after_the_end_of_a_gzip_list_are_an_error(tmp_path: Path) -> None:
    import gzip

    source = tmp_path / "list.txt.gz"
    source.write_bytes(gzip.compress(b"casa\nperro\n") + b"garbage\n")
    result = CliRunner().invoke(app, ["lexicon", "build", str(source), "-a", "spanish", "-n", "X",
                                      "-o", str(tmp_path / "lex")])
    assert result.exit_code == 2, result.output
    assert f"{source}: not a readable gzip file (data after the end)" in result.stderr
    assert not (tmp_path / "lex").exists()


def test_a_gzip_list_on_standard_input_is_gunzipped_as_a_file_is(tmp_path: Path) -> None:
    import gzip

    packed = gzip.compress(b"casa\nperro\nchorizo\n")
    result = CliRunner().invoke(app, ["lexicon", "check", "-", "-a", "spanish"], input=packed)
    assert result.exit_code == 0, result.output
    assert "<stdin>: 3 entries, 3 words, 0 duplicates, 0 rejected" in result.stdout
    result = CliRunner().invoke(app, ["lexicon", "build", "-", "-a", "spanish", "-n", "X", "-q",
                                      "-o", str(tmp_path / "lex")], input=packed + packed)
    assert result.exit_code == 0, result.output
    assert lx.load_lexicon(str(tmp_path / "lex")).contains_word("CHORIZO")


@pytest.mark.parametrize("clean", [True, False])
def test_a_word_list_from_a_pipe_is_read_once_and_whole(tmp_path: Path, clean: bool) -> None:
    """`zcat list.gz | adjudicate lexicon build -`: a pipe cannot be read twice, so a list the fast
    reader gives up on must not be read again (which would find it empty). (A named pipe given
    as a path is refused: issue 22, item 9.)"""
    import itertools
    import json

    words = ["".join(letters) for letters in itertools.product("ABCDEFGHIJKLMNOPQRSTUVWXYZ", repeat=3)][:3000]
    text = ("\n".join(words) + "\n" + ("" if clean else "# a comment at the end\n")).encode()
    out = tmp_path / "lex"
    result = CliRunner().invoke(app, ["lexicon", "build", "-", "-a", "english", "-n", "X", "-q", "-o", str(out)],
                                input=text)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["word_count"] == 3000 and manifest["source"]["sha256"] == hashlib.sha256(text).hexdigest()


def test_a_word_list_line_of_megabytes_is_one_rejection(tmp_path: Path) -> None:
    source = tmp_path / "long.txt"
    source.write_bytes(b"casa\n" + b"A" * (2 * 1024 * 1024) + b"\nperro\n")
    result = CliRunner().invoke(app, ["lexicon", "check", str(source), "--alphabet", "spanish"])
    assert result.exit_code == 1, result.output
    text = result.stdout + result.stderr
    assert f"{source}:2: " in text and "a line of 2,097,152 characters (at most 4,096)" in text
    assert "2 words" in result.stdout


def test_a_word_list_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import gzip

    monkeypatch.setattr(wordlist, "MAX_TEXT_BYTES", 1024 * 1024)
    plain = tmp_path / "big.txt"
    plain.write_bytes(b"#\n" * (600 * 1024))  # 1.2 MB; comments make the careful reader read it
    bomb = tmp_path / "bomb.txt.gz"
    bomb.write_bytes(gzip.compress(b"#" + b"x" * (3 * 1024 * 1024)))  # 3 MB of text in a few KB
    for source in (plain, bomb):
        with pytest.raises(LexiconError, match="more than 1 MB of text"):
            check_word_list(str(source), "english")


def test_a_clean_word_list_over_the_size_limit_is_refused_too(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The fast reader of clean lists keeps the careful reader's limit, on the file and on its text."""
    import gzip

    monkeypatch.setattr(wordlist, "MAX_TEXT_BYTES", 1024 * 1024)
    plain = tmp_path / "big.txt"
    plain.write_bytes(b"casa\n" * (220 * 1024))  # 1.1 MB
    packed = tmp_path / "big.txt.gz"
    packed.write_bytes(gzip.compress(b"casa\n" * (220 * 1024)))  # a few KB of file, 1.1 MB of text
    for source in (plain, packed):
        with pytest.raises(LexiconError, match="more than 1 MB of text"):
            check_word_list(str(source), "spanish")
        with pytest.raises(LexiconError, match="more than 1 MB of text"):
            build_lexicon(str(source), "spanish", "X", out_dir=str(tmp_path / "lex"))
    assert not (tmp_path / "lex").exists()


# -- a chunk at a time --------------------------------------------------------------------------


def _orders(words: list[str], alphabet: tiles.Alphabet) -> dict[str, list[str]]:
    rng = random.Random(11)
    shuffled = list(words)
    rng.shuffle(shuffled)
    doubled = words + rng.sample(words, len(words) // 3)
    doubled.sort()
    key_order = sorted(words, key=lambda w: tiles.to_key(tiles.parse_word(w, alphabet), alphabet))
    return {
        "labels": sorted(words),
        "keys": key_order,
        "reversed": key_order[::-1],
        "shuffled": shuffled,
        "duplicates": doubled,
        "two copies": words + words,
    }


@pytest.mark.parametrize("order", ["labels", "keys", "reversed", "shuffled", "duplicates", "two copies"])
def test_a_list_in_many_small_blocks_reads_as_parse_word_reads_it(
    order: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Catalan words (QU, NY, L·L: keys that sort before A) in chunks of a few hundred bytes."""
    alphabet = tiles.get_alphabet("catalan")
    rng = random.Random(5)
    stems = ["ABA", "ABDI", "DE", "DEQU", "DENY", "CEL·L", "QUA", "NYA", "ÇA", "ES", "ESQU"]
    endings = ["", "CO", "QUE", "QUES", "NY", "L·LA", "S", "ÇA", "TE", "A", "EN", "ESCA"]
    words = sorted({rng.choice(stems) + rng.choice(endings) + rng.choice(endings) for _ in range(1500)})
    words = [w for w in words if 2 <= len(tiles.parse_word(w, alphabet)) <= 15]
    listed = _orders(words, alphabet)[order]
    source = tmp_path / "list.txt"
    source.write_bytes(("\n".join(listed) + "\n").encode("utf-8"))
    monkeypatch.setattr(wordlist, "_PLAIN_STEP", 301)
    assert len(wordlist.scan(source.read_bytes(), str(source), alphabet).blocks) > 20  # many blocks
    keys = sorted({tiles.to_key(tiles.parse_word(w, alphabet), alphabet) for w in listed})
    duplicates = len(listed) - len(keys)
    report = check_word_list(str(source), alphabet)
    assert not report.rejected
    assert report.keys == keys
    assert (report.entries, report.duplicates, report.histogram) == (len(listed), duplicates, wordlist.histogram(keys))
    built = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "lex"))
    assert (built.word_count, built.duplicates, built.histogram) == (len(keys), duplicates, wordlist.histogram(keys))
    assert verify_lexicon(str(tmp_path / "lex")).ok


def _a_line_in_chunk(words: list[str], where: int, line: bytes, fork: bool, tmp_path: Path,
                     monkeypatch: pytest.MonkeyPatch) -> tuple[Path, int]:
    """The first 400 ``words`` in chunks of 499 bytes (this process reads the even ones, the child,
    with ``fork``, the odd) with ``line`` in the middle of chunk ``where``: (list, line number)."""
    if fork and not forked.AVAILABLE:
        pytest.skip("forks only on Linux")
    monkeypatch.setattr(forked, "AVAILABLE", fork)
    monkeypatch.setattr(wordlist, "_PLAIN_STEP", 499)
    encoded = [word.encode("utf-8") for word in words[:400]]
    starts = [0]
    for word in encoded:
        starts.append(starts[-1] + len(word) + 1)
    at = bisect.bisect_left(starts, where * 499 + 250)
    source = tmp_path / "list.txt"
    source.write_bytes(b"".join(word + b"\n" for word in [*encoded[:at], line, *encoded[at:]]))
    return source, at + 1


@pytest.mark.parametrize("fork", [True, False])
@pytest.mark.parametrize("where", [0, 1, 2, 3])
def test_a_line_that_is_no_tiles_in_either_share_is_rejected_and_the_rest_read(
    fork: bool, where: int, catalan_words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line that is not tiles in chunk 0, 1, 2 or 3 (this process reads the even ones, the child
    the odd): that line is rejected, with its number, and every other word read."""
    source, number = _a_line_in_chunk(catalan_words, where, "ABÞC".encode("utf-8"), fork, tmp_path, monkeypatch)
    report = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "lex"))
    assert [(r.line, r.word) for r in report.rejected] == [(number, "ABÞC")]
    assert report.word_count == 400


@pytest.mark.parametrize("fork", [True, False])
@pytest.mark.parametrize("where", [0, 1, 3])
def test_a_list_that_is_not_utf8_in_one_chunk_is_read_as_latin1_from_its_start(
    fork: bool, where: int, catalan_words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One Latin-1 byte (ç as 0xE7) in chunk 0, 1 or 3: the whole list is Latin-1, as it was when
    the list was decoded whole; the UTF-8 of the other lines reads as Latin-1 (Ã§: no tiles)."""
    source, _ = _a_line_in_chunk(catalan_words, where, b"GAR\xe7O", fork, tmp_path, monkeypatch)
    report = check_word_list(str(source), "catalan")
    catalan = tiles.get_alphabet("catalan")
    lines = source.read_bytes().decode("latin-1").split("\n")[:-1]
    not_tiles = [(n, line) for n, line in enumerate(lines, 1) if not line.isascii() and line != "GARçO"]
    assert report.encoding == "latin-1"
    assert "GARÇO" in [tiles.format_word(tiles.from_key(k, catalan), catalan) for k in report.keys]
    assert [(r.line, r.word) for r in report.rejected] == not_tiles


# -- lines of more than one field ---------------------------------------------------------------


@pytest.mark.parametrize("fork", [True, False])
@pytest.mark.parametrize("where", [0, 1, 3])
def test_a_line_of_two_fields_is_rejected_unless_the_first_field_is_asked_for(
    fork: bool, where: int, catalan_words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'char ro' in a list of one word a line (a typo for two words?) became CHAR, silently: it is
    rejected with its line, in either process's share; with first_field it is CHAR (a new word)."""
    source, number = _a_line_in_chunk(catalan_words, where, b"char ro", fork, tmp_path, monkeypatch)
    report = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "lex"))
    assert [(r.line, r.word, r.reason) for r in report.rejected] == [(number, "char ro", wordlist.SEVERAL_FIELDS)]
    assert str(report.rejected[0]) == (f"{source}:{number}: 'char ro': more than one field: a word and its "
                                       "definition? --first-field reads the first field as the word")
    assert (report.entries, report.word_count) == (401, 400)
    first = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "lex"), first_field=True)
    assert (first.rejected, first.entries, first.word_count) == ([], 401, 401)
    assert lx.open_lexicon(str(tmp_path / "lex")).contains_word("CHAR")


def test_a_list_of_words_and_definitions_is_read_by_first_fields_and_said(tmp_path: Path) -> None:
    """Zyzzyva's and NASPA's text lists: a word and its definition a line (SPEC §1.6 reads such
    `WORD [definition...]` lines). Most entries of more than one field: the list is read as
    --first-field reads it, every word (the definitions ignored), and the report's note says so,
    naming --first-field; with it, no note."""
    source = tmp_path / "csw.txt"
    source.write_text("AA a volcanic rock [n AAS]\nAAH to exclaim in surprise [v AAHED]\nQI\n"
                      "ZA pizza [n ZAS]\n", encoding="utf-8")
    english = tiles.get_alphabet("english")
    detected = check_word_list(str(source), "english")
    assert (detected.rejected, detected.entries, detected.word_count) == ([], 4, 4)
    assert [tiles.format_word(tiles.from_key(k, english), english) for k in detected.keys] == ["AA", "AAH", "QI", "ZA"]
    assert detected.note == (f"{source}: 3 of 4 entries are of more than one field, as a word and its definition "
                             "are (the first: line 1, 'AA a volcanic rock [n AAS]'): the first field of each line "
                             "is read as the word (--first-field says so)")
    built = build_lexicon(str(source), "english", "CSW", out_dir=str(tmp_path / "lex"))
    assert (built.word_count, built.note) == (4, detected.note)
    result = CliRunner().invoke(app, ["lexicon", "build", str(source), "-a", "english", "-n", "CSW", "-q",
                                      "-o", str(tmp_path / "lex2")])
    assert result.exit_code == 0 and detected.note in result.stderr
    assert (tmp_path / "lex" / "words.dawg").read_bytes() == (tmp_path / "lex2" / "words.dawg").read_bytes()
    report = check_word_list(str(source), "english", first_field=True)
    assert (report.rejected, report.entries, report.word_count, report.note) == ([], 4, 4, "")
    # Half the entries is not most: those lines are rejected, each with its line.
    half = tmp_path / "half.txt"
    half.write_text("AA a volcanic rock\nQI\nZA pizza\nAAH\n", encoding="utf-8")
    assert [r.line for r in check_word_list(str(half), "english").rejected] == [1, 3]
