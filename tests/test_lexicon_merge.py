"""Word lists read a chunk at a time, in any order, and their blocks merged.

``wordlist.scan`` sorts each chunk's keys into a block; ``merge.groups`` merges the blocks one
two-tile prefix at a time (``merge_runs``, which copies whole the stretches that only one block has
and splits only where blocks overlap). Small chunks make many blocks out of a small list here, and
every order (sorted, sorted by labels, reversed, shuffled, with duplicates) must give the keys
``parse_word`` gives, counted once.
"""

from __future__ import annotations

import bisect
import os
import random
import signal
from pathlib import Path

import pytest

from adjudicate import forked, tiles
from adjudicate.errors import LexiconError
from adjudicate.lexicon import build_lexicon, check_word_list, merge, verify_lexicon, wordlist


def _runs(rng: random.Random, words: list[bytes], count: int) -> list[bytes]:
    """``count`` sorted unique runs of ``words`` (each line ending with a newline), overlapping."""
    out = []
    for _ in range(count):
        picked = sorted(set(rng.sample(words, rng.randint(1, len(words)))))
        out.append(b"".join(w + b"\n" for w in picked))
    return out


def _lengths(words) -> dict[int, int]:  # type: ignore[no-untyped-def]
    counts: dict[int, int] = {}
    for word in words:
        n = len(word.decode("utf-8"))
        counts[n] = counts.get(n, 0) + 1
    return counts


@pytest.mark.parametrize("seed", range(40))
def test_merge_runs_is_the_sorted_union_and_counts_the_duplicates(seed: int) -> None:
    rng = random.Random(seed)
    letters = "ABCÇDEÑ123"
    size = rng.choice([20, 200, 3000])
    words = sorted({"".join(rng.choice(letters) for _ in range(rng.randint(2, 9))).encode("utf-8")
                    for _ in range(size)})
    parts = _runs(rng, words, rng.randint(2, 6))
    if seed % 4 == 0:  # runs that follow each other (a sorted list): copied, nothing split
        cut = sorted(rng.sample(range(1, len(words)), min(3, len(words) - 1)))
        parts = [b"".join(w + b"\n" for w in words[a:b]) for a, b in zip([0, *cut], [*cut, len(words)])]
    every = [w for part in parts for w in part.split(b"\n")[:-1]]
    counts = _lengths(every)
    merged = merge.merge_runs(list(parts), counts)
    union = sorted(set(every))
    assert merged == b"".join(w + b"\n" for w in union)
    assert {n: c for n, c in counts.items() if c} == _lengths(union)


@pytest.mark.parametrize("after", [False, True])
def test_line_bisect_is_bisect_on_the_lines(after: bool) -> None:
    rng = random.Random(3)
    words = sorted({"".join(rng.choice("ABC") for _ in range(rng.randint(1, 6))).encode() for _ in range(300)})
    text = b"".join(w + b"\n" for w in words)
    starts = [0]
    for w in words:
        starts.append(starts[-1] + len(w) + 1)
    find = bisect.bisect_right if after else bisect.bisect_left
    for key in [b"", b"A", b"ABA", b"CCCCCCC", b"D", *rng.sample(words, 50)]:
        assert merge.line_bisect(text, key, after, 0, len(text)) == starts[find(words, key)]
        low, high = sorted(rng.sample(range(len(starts)), 2))
        expected = starts[find(words, key, low, high)]
        assert merge.line_bisect(text, key, after, starts[low], starts[high]) == expected


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


def _catalan_words() -> list[str]:
    alphabet = tiles.get_alphabet("catalan")
    rng = random.Random(7)
    stems = ["ABA", "DEQU", "DENY", "CEL·L", "QUA", "NYA", "ÇA", "ESQU"]
    endings = ["", "CO", "QUE", "NY", "L·LA", "S", "ÇA", "A", "EN"]
    words = sorted({rng.choice(stems) + rng.choice(endings) + rng.choice(endings) for _ in range(1200)})
    return [w for w in words if 2 <= len(tiles.parse_word(w, alphabet)) <= 15]


@pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux")
@pytest.mark.parametrize("compressed", [False, True])
def test_a_build_split_with_a_child_process_writes_the_bytes_one_process_writes(
    compressed: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child reads every other chunk and builds the DAWG; with no fork, this process does it
    all: the same three files, byte for byte."""
    import gzip

    words = _catalan_words()
    listed = words + words[::7]  # some twice: the duplicates are counted
    text = ("\n".join(reversed(listed)) + "\n").encode("utf-8")
    source = tmp_path / ("list.txt.gz" if compressed else "list.txt")
    source.write_bytes(gzip.compress(text, mtime=0) if compressed else text)
    monkeypatch.setattr(wordlist, "_PLAIN_STEP", 499)
    monkeypatch.setattr(wordlist, "_STEP", 97)
    forks = []

    def counted(*args):  # type: ignore[no-untyped-def]
        child = start(*args)
        forks.append(child is not None)
        return child

    start = forked.start
    monkeypatch.setattr(forked, "start", counted)
    built = {}
    for fork in (True, False):
        monkeypatch.setattr(forked, "AVAILABLE", fork)
        assert len(wordlist.scan(source.read_bytes(), str(source), tiles.get_alphabet("catalan")).blocks) > 5
        forks.clear()
        out = tmp_path / str(fork) / "lex"
        report = build_lexicon(str(source), "catalan", "x", out_dir=str(out))
        assert forks == [fork, fork]  # the scan's child, the DAWG's child
        assert (report.entries, report.word_count, report.duplicates) == (len(listed), len(words), len(words[::7]))
        built[fork] = {name: (out / name).read_bytes() for name in ("words.dawg", "words.txt.gz", "manifest.json")}
    assert built[True] == built[False]


def _kill_child(monkeypatch: pytest.MonkeyPatch, which: int) -> None:
    """The ``which``-th child process started (1: the scan's, 2: the DAWG's) ends as SIGKILL would."""
    start, started, parent = forked.start, [], os.getpid()

    def killed(function):  # type: ignore[no-untyped-def]
        def wrapper(*args):  # type: ignore[no-untyped-def]
            if os.getpid() != parent:
                os.kill(os.getpid(), signal.SIGKILL)
            return function(*args)

        return wrapper

    def counted(function, *args):  # type: ignore[no-untyped-def]
        started.append(function)
        return start(killed(function) if len(started) == which else function, *args)

    monkeypatch.setattr(forked, "start", counted)


@pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux")
def test_a_scan_child_killed_leaves_its_share_to_this_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    words = _catalan_words()
    source = tmp_path / "list.txt"
    source.write_bytes(("\n".join(reversed(words)) + "\n").encode("utf-8"))
    monkeypatch.setattr(wordlist, "_PLAIN_STEP", 499)
    reference = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "a" / "lex"))
    _kill_child(monkeypatch, 1)
    report = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "b" / "lex"))
    assert (report.entries, report.word_count, report.histogram) == (
        reference.entries, reference.word_count, reference.histogram)
    for name in ("words.dawg", "words.txt.gz"):
        assert (tmp_path / "a" / "lex" / name).read_bytes() == (tmp_path / "b" / "lex" / name).read_bytes()


@pytest.mark.skipif(not forked.AVAILABLE, reason="forks only on Linux")
def test_a_dawg_child_killed_is_an_error_and_the_old_lexicon_stays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    words = _catalan_words()
    source = tmp_path / "list.txt"
    source.write_bytes(("\n".join(words) + "\n").encode("utf-8"))
    lexicon = tmp_path / "lex"
    build_lexicon(str(source), "catalan", "x", out_dir=str(lexicon))
    before = {p.name: p.read_bytes() for p in lexicon.iterdir()}
    source.write_bytes(("\n".join(words[:100]) + "\n").encode("utf-8"))
    _kill_child(monkeypatch, 2)
    with pytest.raises(LexiconError, match="building words.dawg failed: .* status -9"):
        build_lexicon(str(source), "catalan", "x", out_dir=str(lexicon))
    assert {p.name: p.read_bytes() for p in lexicon.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lex", "list.txt"]  # no building directory left


def _a_line_in_chunk(where: int, line: bytes, fork: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, int]:
    """A list of 400 Catalan words in chunks of 499 bytes (this process reads the even ones, the
    child, with ``fork``, the odd) with ``line`` in the middle of chunk ``where``: (list, line number)."""
    if fork and not forked.AVAILABLE:
        pytest.skip("forks only on Linux")
    monkeypatch.setattr(forked, "AVAILABLE", fork)
    monkeypatch.setattr(wordlist, "_PLAIN_STEP", 499)
    words = [word.encode("utf-8") for word in _catalan_words()[:400]]
    starts = [0]
    for word in words:
        starts.append(starts[-1] + len(word) + 1)
    at = bisect.bisect_left(starts, where * 499 + 250)
    source = tmp_path / "list.txt"
    source.write_bytes(b"".join(word + b"\n" for word in [*words[:at], line, *words[at:]]))
    return source, at + 1


@pytest.mark.parametrize("fork", [True, False])
@pytest.mark.parametrize("where", [0, 1, 2, 3])
def test_a_line_that_is_no_tiles_in_either_share_is_rejected_and_the_rest_read(
    fork: bool, where: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line that is not tiles in chunk 0, 1, 2 or 3 (this process reads the even ones, the child
    the odd): that line is rejected, with its number, and every other word read."""
    source, number = _a_line_in_chunk(where, "ABÞC".encode("utf-8"), fork, tmp_path, monkeypatch)
    report = build_lexicon(str(source), "catalan", "x", out_dir=str(tmp_path / "lex"))
    assert [(r.line, r.word) for r in report.rejected] == [(number, "ABÞC")]
    assert report.word_count == 400


@pytest.mark.parametrize("fork", [True, False])
@pytest.mark.parametrize("where", [0, 1, 3])
def test_a_list_that_is_not_utf8_in_one_chunk_is_read_as_latin1_from_its_start(
    fork: bool, where: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One Latin-1 byte (ç as 0xE7) in chunk 0, 1 or 3: the whole list is Latin-1, as it was when
    the list was decoded whole; the UTF-8 of the other lines reads as Latin-1 (Ã§: no tiles)."""
    source, _ = _a_line_in_chunk(where, b"GAR\xe7O", fork, tmp_path, monkeypatch)
    report = check_word_list(str(source), "catalan")
    catalan = tiles.get_alphabet("catalan")
    lines = source.read_bytes().decode("latin-1").split("\n")[:-1]
    not_tiles = [(n, line) for n, line in enumerate(lines, 1) if not line.isascii() and line != "GARçO"]
    assert report.encoding == "latin-1"
    assert "GARÇO" in [tiles.format_word(tiles.from_key(k, catalan), catalan) for k in report.keys]
    assert [(r.line, r.word) for r in report.rejected] == not_tiles
