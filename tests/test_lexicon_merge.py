"""Merging sorted blocks of keys (``adjudicate.lexicon.merge``): the sorted union, duplicates counted
once, whatever the runs' overlap; ``line_bisect`` is ``bisect`` on lines.

Reading a list a chunk at a time into blocks, in any order, is tested with the word-list reader
(tests/test_lexicon_wordlist.py).
"""

from __future__ import annotations

import bisect
import random

import pytest

from adjudicate.lexicon import merge


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
