"""``words.dawg``: a plain ``dawg.DAWG`` (DAWG2 writes it, dawg_python reads it), and the one place
its unit format is coded here.

The file is a little-endian uint32 count of units, then the units. A unit at ``index`` holds a
label (low byte, with bit 31), a leaf flag (bit 8) and an offset (``base >> 10``, shifted by 8 when
bit 9 is set): the transition on ``label`` from ``index`` leads to ``index ^ offset ^ label``, whose
unit must carry that label. Keys are the UTF-8 bytes of tile keys (:func:`adjudicate.tiles.to_key`).

- :func:`dictionary` is the lookup a verdict uses: dawg_python's own reader of the file's bytes.
- :func:`key_count` and :func:`keys` follow every transition from the root in pure Python, every
  index checked, so they are safe on any units; once :func:`key_count` has passed, DAWG2's C reader
  (:func:`c_reader`, which checks no index) may read them too.
- :func:`build` makes the file's bytes from sorted keys (DAWG2, imported only there).

On the challenge path only :func:`dictionary` runs: ``dawg_python`` is imported when it is called.
"""

from __future__ import annotations

import io
import sys
from array import array

from adjudicate import tiles
from adjudicate.errors import LexiconCorruptError, LexiconError
from adjudicate.lexicon.store import DAWG_FILE

TYPE_CHECKING = False  # (typing is kept off the start-up path of `challenge`)
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Protocol

    class Reader(Protocol):
        """What looks a key up: dawg_python's ``Dictionary``."""

        def contains(self, key: bytes) -> bool: ...

    class CReader(Protocol):
        """DAWG2's ``dawg.DAWG``: ``key in reader``."""

        def __contains__(self, key: object) -> bool: ...


def _checked_size(data: bytes, lexicon_id: str) -> None:
    size = int.from_bytes(data[:4], "little") if len(data) >= 4 else -1
    if size <= 0 or len(data) != 4 + 4 * size:
        raise LexiconCorruptError(f"lexicon {lexicon_id} is corrupted: {DAWG_FILE} has the wrong size")


def read_units(data: bytes, lexicon_id: str) -> array[int]:
    """The units of a DAWG file's bytes; LexiconCorruptError when its size is not the one it says."""
    _checked_size(data, lexicon_id)
    units = array("I")
    units.frombytes(memoryview(data)[4:])
    if sys.byteorder != "little":  # pragma: no cover - no big-endian machine runs the tests
        units.byteswap()
    return units


def _native(data: bytes, lexicon_id: str) -> bytes:
    """The file's bytes in this machine's order, as dawg_python and DAWG2 read them."""
    if sys.byteorder == "little":
        _checked_size(data, lexicon_id)
        return data
    units = read_units(data, lexicon_id)  # pragma: no cover
    native = array("I", [len(units)])  # pragma: no cover
    native.extend(units)  # pragma: no cover
    return native.tobytes()  # pragma: no cover


def dictionary(data: bytes, lexicon_id: str) -> Reader:
    """dawg_python's reader of a DAWG file's bytes (``reader.contains(key_bytes)``).

    Its lookups index the units as the file says: garbage units raise IndexError, which
    :class:`~adjudicate.lexicon.lookup.Lexicon` turns into LexiconCorruptError.
    """
    from dawg_python.wrapper import Dictionary  # type: ignore[import-untyped]  # (no types shipped)

    dictionary = Dictionary()
    dictionary.read(io.BytesIO(_native(data, lexicon_id)))
    reader: Reader = dictionary
    return reader


def c_reader(data: bytes, lexicon_id: str) -> CReader | None:
    """DAWG2's C reader of a DAWG file's bytes (``key in reader``: all of DISC's words in a few ms,
    where dawg_python takes two seconds), or None without DAWG2. It checks no index: only for
    units that passed :func:`key_count`. OSError or ValueError when DAWG2 will not load them."""
    try:
        import dawg  # type: ignore[import-not-found]  # (DAWG2: a C extension, no types shipped)
    except ImportError:  # pragma: no cover - DAWG2 is a dependency
        return None
    reader: CReader = dawg.DAWG().frombytes(_native(data, lexicon_id))
    return reader


def build(keys: Iterable[str] | Iterable[bytes]) -> bytes:
    """The DAWG file of sorted unique keys (str, or their UTF-8 bytes; a list or any iterable)."""
    try:
        import dawg
    except ImportError:  # pragma: no cover - DAWG2 is a dependency
        raise LexiconError("building a lexicon needs the DAWG2 package (pip install DAWG2)") from None
    data: bytes = bytes(dawg.DAWG(keys, input_is_sorted=True).tobytes())
    return data


# -- walking every transition, every index checked -----------------------------------------------


def _low_bytes(units: array[int], lexicon_id: str) -> bytes:
    """``label ^ position`` (the low byte) of every unit, for :func:`_children`; LexiconCorruptError
    when the units are not whole 256-unit blocks (DAWG2 writes nothing else)."""
    size = len(units)
    if not size or size % 256:
        raise LexiconCorruptError(
            f"lexicon {lexicon_id} is corrupted: {DAWG_FILE} has {size} units, not whole blocks of 256"
        )
    return bytes([(unit ^ position) & 0xFF for position, unit in enumerate(units)])


def _children(units: array[int], low: bytes, index: int, lexicon_id: str) -> list[tuple[int, int]]:
    """``(label, unit)`` of each transition out of unit ``index``, every index checked.

    A node's children sit in one 256-unit block, each at ``block ^ label`` with that label in its
    low byte: ``bytes.find`` on ``low`` finds the candidates instead of 255 tries (DISC's 583k
    keys counted in 0.26-0.49 s; trying every label, 4.4-5.8 s).
    """
    base = units[index]
    block = index ^ ((base >> 10) << ((base & 0x200) >> 6))
    if block | 0xFF >= len(units):
        raise LexiconCorruptError(
            f"lexicon {lexicon_id} is corrupted: {DAWG_FILE}'s unit {index} leads out of its {len(units)} units"
        )
    out = []
    start, want = block & ~0xFF, block & 0xFF
    child = low.find(want, start, start + 256)
    while child >= 0:
        label = child ^ block
        if label and units[child] & 0x800000FF == label:
            out.append((label, child))
        child = low.find(want, child + 1, start + 256)
    return out


def key_count(units: array[int], lexicon_id: str) -> int:
    """How many keys the units hold, found by following every transition from the root.

    LexiconCorruptError when they are not whole blocks, a transition leads out of them, or a key
    is longer than any word's (or the units loop). With every listed word found in the DAWG, the
    same count proves it holds no other, whatever DAWG2 built it.
    """
    low = _low_bytes(units, lexicon_id)
    longest = 4 * tiles.MAX_TILES  # bytes: a tile key's character is at most 2 in UTF-8
    counts: dict[int, int] = {}

    def count(index: int, depth: int) -> int:
        known = counts.get(index)
        if known is not None:
            return known
        if depth > longest:
            raise LexiconCorruptError(
                f"lexicon {lexicon_id} is corrupted: {DAWG_FILE} holds a key of more than {longest} bytes (or a loop)"
            )
        total = (units[index] >> 8) & 1
        for _, child in _children(units, low, index, lexicon_id):
            total += count(child, depth + 1)
        counts[index] = total
        return total

    return count(0, 0)


def keys(units: array[int], lexicon_id: str) -> Iterator[bytes]:
    """Every key (UTF-8 bytes) of units that passed :func:`key_count`, in key order."""
    low = _low_bytes(units, lexicon_id)
    stack = [(b"", 0)]
    while stack:
        prefix, index = stack.pop()
        if units[index] & 0x100:
            yield prefix
        children = _children(units, low, index, lexicon_id)
        stack.extend((prefix + bytes((label,)), child) for label, child in sorted(children, reverse=True))
