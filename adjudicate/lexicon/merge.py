"""Sorted blocks of keys merged into one sorted, unique stream, a two-tile prefix at a time.

A word list is read a chunk at a time (:mod:`adjudicate.lexicon.wordlist`); each chunk's keys,
sorted and unique, make one :class:`Block`: the keys in UTF-8, each ending with a newline, and an
index of where the keys of each first two tiles are. :func:`groups` gives every key once, in key
order, one prefix after another: where only one block has keys of a prefix they are taken whole;
where several have, :func:`merge_runs` merges them, a window of every block at a time. No more
than a window of keys is ever held as Python objects: a DISC build peaks at 35 MiB this way, 109
MiB with every key in one sorted list (and takes 1.38x the CPU).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from itertools import groupby
from operator import itemgetter

from adjudicate import tiles

# A block: the keys (UTF-8, sorted, unique, each ending with a newline) and, by the first two key
# characters in Latin-1 (first << 8 | second), the (start, end) of their keys in it.
Block = tuple[bytes, dict[int, tuple[int, int]]]
# What :func:`groups` gives: the keys of one prefix (as the DAWG builder takes them) and the same
# keys joined by newlines (as the canonical text is written), both UTF-8.
Group = tuple[Iterator[bytes], bytes]


def block_of(keys: list[bytes]) -> Block:
    """The block of sorted, unique keys in Latin-1 (each of two tiles or more)."""
    text = b"\n".join(keys) + b"\n"
    if not text.isascii():
        text = text.decode("latin-1").encode("utf-8")
    index = {}
    start, end, offset = 0, len(keys), 0
    while start < end:
        first, second = keys[start][:2]
        after = bytes((first, second + 1)) if second < 255 else bytes((first + 1,))
        stop = bisect_left(keys, after, start) if first < 255 or second < 255 else end
        if stop < end:  # where the next prefix starts, in the UTF-8 text
            following = b"\n" + keys[stop][:2].decode("latin-1").encode("utf-8")
            next_offset = text.find(following, offset) + 1
        else:
            next_offset = len(text)
        index[first << 8 | second] = (offset, next_offset)
        offset, start = next_offset, stop
    return text, index


def length_counts(keys: list[bytes] | list[str]) -> dict[int, int]:
    """How many of ``keys`` have each number of tiles (one character a tile)."""
    lengths = bytes(map(len, keys))  # keys have at most 15 tiles
    return {n: lengths.count(n) for n in range(tiles.MIN_TILES, tiles.MAX_TILES + 1) if n in lengths}


def groups(blocks: list[Block], counts: dict[int, int]) -> Iterator[Group]:
    """Every key of the blocks once, in key order, one group per first two tiles; ``counts`` (by
    tiles, of every block's keys) loses the duplicates met.

    The keys of a group are gathered from every block that has some and merged only when the
    group's turn comes; a block is let go once its last group is out.
    """
    prefixes = sorted(set().union(*(index for _, index in blocks)))
    last = [max(index) for _, index in blocks]
    for prefix in prefixes:
        parts = [block[index[prefix][0] : index[prefix][1]] for block, index in blocks if prefix in index]
        if prefix in last:  # a block whose last keys these are is no longer needed
            blocks[:] = [pair for pair, end in zip(blocks, last) if end != prefix]
            last = [end for end in last if end != prefix]
        text = (merge_runs(parts, counts) if len(parts) > 1 else parts[0])[:-1]
        del parts
        yield iter(text.split(b"\n")), text
        del text


def merge_runs(parts: list[bytes], counts: dict[int, int]) -> bytes:
    """The sorted union of sorted unique runs of keys (UTF-8, every line ending with a newline),
    taking the duplicates out of ``counts``.

    Where one run's lines come before every other run's next line for a while (a list sorted near
    enough), they are copied whole, found by bisection; elsewhere a window of every run at a time
    is merged (split, sorted, de-duplicated) up to the least of the windows' last lines.
    """
    window = max(1 << 10, min(1 << 12, (1 << 18) // len(parts)))
    at = [0] * len(parts)
    out: list[bytes] = []
    while True:
        live = [n for n, part in enumerate(parts) if at[n] < len(part)]
        if len(live) < 2:
            out += [parts[n][at[n] :] for n in live]
            return b"".join(out)
        ends = {n: parts[n].find(b"\n", min(at[n] + window, len(parts[n])) - 1) + 1 for n in live}
        lasts = {n: parts[n][(parts[n].rfind(b"\n", at[n], ends[n] - 1) + 1) or at[n] : ends[n] - 1] for n in live}
        heads = {n: parts[n][at[n] : parts[n].find(b"\n", at[n])] for n in live}
        first = min(live, key=heads.__getitem__)
        rival = min(heads[n] for n in live if n != first)
        if lasts[first] < rival:  # a window or more of one run before the others: copy it
            part = parts[first]
            end = line_bisect(part, rival, False, ends[first], len(part))
            out.append(part[at[first] : end])
            at[first] = end
            continue
        cut = [n for n in live if ends[n] < len(parts[n])]
        if cut:  # nothing past the least last line of a cut window can be merged yet
            bound = min(lasts[n] for n in cut)
            for n in live:
                ends[n] = line_bisect(parts[n], bound, True, at[n], ends[n])
        words: list[bytes] = []
        for n in live:
            if ends[n] > at[n]:
                words += parts[n][at[n] : ends[n] - 1].split(b"\n")
                at[n] = ends[n]
        words.sort()  # UTF-8 sorts as code points do
        unique = list(map(itemgetter(0), groupby(words)))
        if len(unique) < len(words):
            for length, c in length_counts([w.decode("utf-8") for w in words]).items():
                counts[length] -= c
            for length, c in length_counts([w.decode("utf-8") for w in unique]).items():
                counts[length] += c
        out.append(b"\n".join(unique) + b"\n")
        del words, unique


def line_bisect(text: bytes, key: bytes, after: bool, low: int, high: int) -> int:
    """Where the first line of ``text[low:high]`` (sorted lines, each ending with a newline, ``low``
    and ``high`` at line starts) not below ``key`` starts (``after``: not below or equal), as
    ``bisect`` finds it in a list."""
    while low < high:
        middle = (low + high) // 2
        start = text.rfind(b"\n", low, middle) + 1 or low
        end = text.find(b"\n", start)
        line = text[start:end]
        if line < key or (after and line == key):
            low = end + 1
        else:
            high = start
    return low

