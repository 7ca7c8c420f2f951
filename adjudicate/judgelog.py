"""The word judge's log: JSON lines, hash-chained, appended under a lock, fsynced per entry.

One line per challenge, written by one ``write()`` of the whole line, then ``fsync``. The fields, in
this order::

    {"seq": 7, "time": "2025-03-01T14:02:11.532Z", "lexicon": "en-kjxqz",
     "lexicon_sha256": "<hex>", "words": ["qi", "zax"], "canonical": ["QI", "ZAX"],
     "verdict": "ACCEPTABLE", "lang": "en", "prev": "<hex>", "hash": "<hex>"}

* ``seq`` counts entries from 1 in the file, whichever session wrote them;
* ``verdict`` is ``ACCEPTABLE`` or ``UNACCEPTABLE`` whatever the language shown (``lang``);
* ``prev`` is the SHA-256 of the previous line's bytes (UTF-8, without its newline); the first
  entry's is :data:`GENESIS`;
* ``hash`` is the SHA-256 of the line up to ``,"hash"`` with ``}`` closing it: an entry edited
  without recomputing it shows at its own line, even the last one.

The chain makes a naive edit, a removed line or a reordered pair evident; it does not stop a forger
who rewrites every hash after the edit. Against that, write down the head hash that
:func:`verify_log` reports (``adjudicate judge --verify-log``; leaving a session prints it too,
:meth:`JudgeLog.head`) at the end of each round: a rewritten chain cannot keep it. Removing lines from the *end* of the file is also only evident against a
recorded head (or entry count).

A batch of entries may share one ``fsync`` (``append(..., sync=False)`` then :meth:`JudgeLog.sync`),
as long as none of their verdicts is shown before it: the command's line mode does this per chunk
of input read, so every verdict printed is on disk first, at a fraction of the cost.

Two sessions may share a file: each append takes ``fcntl.flock(LOCK_EX)`` on it, reads the last
line to chain to it, and writes. A symlink is refused (``O_NOFOLLOW``), the file is opened for
appending only and never truncated (except to take back the part of a line that a failed write
left). A file whose last line is not an intact entry (another file given by mistake, an edited
entry) is refused, never appended to. This module never prints.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import BinaryIO

from adjudicate.errors import AdjudicateError
from adjudicate.errors import JudgeLogError as JudgeLogError  # (its home; the log's users import it here)
from adjudicate.lexicon.store import user_data_dir
from adjudicate.readfile import open_regular

GENESIS = "0" * 64
VERDICT_NAMES = ("ACCEPTABLE", "UNACCEPTABLE")
_FIELDS = (
    ("seq", int),
    ("time", str),
    ("lexicon", str),
    ("lexicon_sha256", str),
    ("words", list),
    ("canonical", list),
    ("verdict", str),
    ("lang", str),
    ("prev", str),
    ("hash", str),
)
MAX_ENTRY = 1 << 20  # bytes: an entry is a few hundred (at most 8 words of at most 15 tiles)
_HASH_TAIL = len(',"hash":""}') + 64
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # UTF-8 text, no spaces


def _problem(kind: str, **params: object) -> JudgeLogError:
    """The log's problem ``kind``: its English message is the judge session's text ``log_<kind>``
    (:data:`adjudicate.judge.MESSAGES`, which says it in the session's language too)."""
    from adjudicate.judge import text_in

    return JudgeLogError(text_in("en", f"log_{kind}").format(**params), kind=kind, params=params)


def line_hash(line: bytes) -> str:
    """SHA-256 (hex) of one log line's bytes, without its newline: the next entry's ``prev``."""
    return hashlib.sha256(line).hexdigest()


def default_log_path(lexicon_id: str) -> str:
    """``<user data dir>/adjudicate/logs/<lexicon id>.jsonl``, the user data directory by the XDG
    rules (:func:`adjudicate.lexicon.store.user_data_dir`: ``~/.local/share`` by default, the same base
    as the user's lexicons). JudgeLogError when no home can be found (give --log)."""
    base = user_data_dir()
    if base is None:
        raise _problem("no_home")
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in lexicon_id).lstrip(".") or "lexicon"
    return os.path.join(base, "adjudicate", "logs", f"{safe}.jsonl")


def format_entry(
    *,
    seq: int,
    time: str,
    lexicon: str,
    lexicon_sha256: str,
    words: Sequence[str],
    canonical: Sequence[str],
    verdict: str,
    lang: str,
    prev: str,
) -> bytes:
    """One log line (without newline), its ``hash`` field computed. Used by :class:`JudgeLog`."""
    body = _ENCODER.encode(
        {
            "seq": seq,
            "time": time,
            "lexicon": lexicon,
            "lexicon_sha256": lexicon_sha256,
            "words": list(words),
            "canonical": list(canonical),
            "verdict": verdict,
            "lang": lang,
            "prev": prev,
        }
    ).encode("utf-8")
    return body[:-1] + b',"hash":"' + hashlib.sha256(body).hexdigest().encode("ascii") + b'"}'


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class JudgeLog:
    """An open log, appended to by :meth:`append`. Use as a context manager, or call :meth:`close`.

    Raises :class:`JudgeLogError` for a symlink or a non-regular file, and ``OSError`` for the rest
    (a missing directory, no permission).
    """

    def __init__(self, path: str, *, make_dirs: bool = False, fsync: bool = True) -> None:
        self.path = path
        self._fsync = fsync
        if make_dirs:
            parent = os.path.dirname(os.path.abspath(path))
            os.makedirs(parent, exist_ok=True)
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                raise _problem("symlink", path=path)
        except FileNotFoundError:
            pass
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as err:
            if err.errno == errno.ELOOP:
                raise _problem("symlink", path=path) from None
            raise
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise _problem("not_file", path=path)
        self._fd = fd
        # What this process last saw at the end of the file: (size, seq, hash of the last line).
        self._end: tuple[int, int, str] | None = None
        self.appended = 0  # entries this object wrote
        with self._locked():
            self._tail()  # a damaged last line is reported now, before any challenge

    # -- context manager ---------------------------------------------------------------------
    def __enter__(self) -> JudgeLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __repr__(self) -> str:
        return f"JudgeLog({self.path!r})"

    # -- appending ---------------------------------------------------------------------------
    def _locked(self) -> _Lock:
        return _Lock(self._fd)

    def _tail(self) -> tuple[int, int, str]:
        """(size, seq, hash) of the file's last entry; must hold the lock."""
        size = os.fstat(self._fd).st_size
        if self._end is not None and self._end[0] == size:
            return self._end
        if size == 0:
            self._end = (0, 0, GENESIS)
            return self._end
        chunk, data, pos = 4096, b"", size
        while pos > 0:
            step = min(chunk, pos)
            pos -= step
            data = os.pread(self._fd, step, pos) + data
            if data.count(b"\n") >= 2 or pos == 0:
                break
            if len(data) > MAX_ENTRY:  # no entry is this long: not a log (and memory stays bounded)
                break
            chunk *= 2
        if not data.endswith(b"\n"):
            raise _problem("incomplete", path=self.path)
        last = data[:-1].rsplit(b"\n", 1)[-1]
        entry, _ = _check_line(last) if len(last) <= MAX_ENTRY else (None, None)
        if entry is None:  # another file (a lexicon's, a word list...) or an edited entry: never appended to
            raise _problem("not_entry", path=self.path)
        seq = entry["seq"]
        assert isinstance(seq, int)  # (_check_line checked the entry's fields)
        end = self._end = (size, seq, line_hash(last))
        return end

    def append(
        self,
        *,
        lexicon: str,
        lexicon_sha256: str,
        words: Sequence[str],
        canonical: Sequence[str],
        acceptable: bool,
        lang: str,
        time: str | None = None,
        sync: bool = True,
    ) -> int:
        """Append one entry (one ``write()``, then ``fsync``) and return its sequence number.

        ``sync=False`` leaves the ``fsync`` to a later :meth:`sync` (group commit): the caller must
        call it before it shows any of the verdicts so written.
        """
        with self._locked():
            size, seq, prev = self._tail()
            line = format_entry(
                seq=seq + 1,
                time=time or _utc_now(),
                lexicon=lexicon,
                lexicon_sha256=lexicon_sha256,
                words=words,
                canonical=canonical,
                verdict=VERDICT_NAMES[0] if acceptable else VERDICT_NAMES[1],
                lang=lang,
                prev=prev,
            )
            data = line + b"\n"
            try:
                written = os.write(self._fd, data)
                if written != len(data):
                    raise _problem("short_write", path=self.path, written=written, size=len(data))
            except BaseException:
                self._end = None
                try:  # take back the part of the line written, if any: the log stays as it was
                    if os.fstat(self._fd).st_size > size:
                        os.ftruncate(self._fd, size)
                except OSError:
                    pass  # then the incomplete last line is reported on the next open
                raise
            if sync and self._fsync:
                os.fsync(self._fd)
            self._end = (size + written, seq + 1, line_hash(line))
            self.appended += 1
            return seq + 1

    def head(self) -> tuple[int, str]:
        """(entries, head hash) of the log as it is now, other sessions' entries included: the
        last entry's ``seq`` and the hash of its line (:data:`GENESIS` for an empty log), which
        :func:`verify_log` reports as ``entries`` and ``head`` for an intact log. Write the head
        down when leaving: a rewritten chain cannot keep it."""
        with self._locked():
            _, seq, head = self._tail()
        return seq, head

    def sync(self) -> None:
        """``fsync`` the entries appended with ``sync=False``."""
        if self._fsync:
            os.fsync(self._fd)


class _Lock:
    __slots__ = ("fd",)

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __enter__(self) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_EX)

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)


# -- verification ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LogCheck:
    """The result of :func:`verify_log`.

    ``entries`` counts the intact entries before the first broken link; ``line`` (1-based) and
    ``problem`` name that link, both ``None`` when the whole chain holds; ``head`` is the hash of the
    last intact line (:data:`GENESIS` for an empty log): write it down to detect a rewritten chain.
    """

    entries: int
    head: str
    line: int | None = None
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _check_line(raw: bytes) -> tuple[dict[str, object] | None, str | None]:
    """Parse one line; return (entry, None) or (None, what is wrong)."""
    try:
        entry = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: '[[[[...' nested deep
        return None, "not a JSON log entry (malformed line)"
    if not isinstance(entry, dict):
        return None, "not a JSON log entry (malformed line)"
    if list(entry) != [name for name, _ in _FIELDS]:
        return None, "the entry's fields are missing, extra or out of order"
    for name, kind in _FIELDS:
        value = entry[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return None, f"field {name!r} has the wrong type"
    if entry["verdict"] not in VERDICT_NAMES:
        return None, f"unknown verdict {entry['verdict']!r}"
    if len(raw) < _HASH_TAIL or not raw.endswith(b'"}'):
        return None, "not a JSON log entry (malformed line)"
    body = raw[:-_HASH_TAIL] + b"}"
    if hashlib.sha256(body).hexdigest() != entry["hash"]:
        return None, "the entry's hash does not match its content: the entry was edited"
    return entry, None


def verify_log(path: str) -> LogCheck:
    """Walk the chain from the first line and name the first broken link.

    Detects an edited entry (its own hash fails), a removed entry (a gap in ``seq``, and ``prev``
    no longer matching), a reordered pair (``seq`` going backwards), a malformed or incomplete line.
    Read line by line (:func:`verify_log_stream`). Raises InputError for what is not a regular file
    (a FIFO, a device, a directory) and ``OSError`` for an unreadable file.
    """
    with open_regular(path) as handle:
        return verify_log_stream(handle)


def verify_log_stream(handle: BinaryIO) -> LogCheck:
    """:func:`verify_log` on an open log (``--verify-log -``: stdin), read line by line: memory
    stays that of one entry (a line of more than :data:`MAX_ENTRY` bytes is no entry), however
    long the log or whatever it is (``/dev/zero`` on stdin ends at its first "line")."""
    prev, expected = GENESIS, 1
    number = 0
    while True:
        raw = handle.readline(MAX_ENTRY + 1)
        if not raw:
            return LogCheck(expected - 1, prev)
        number += 1
        if not raw.endswith(b"\n"):
            if len(raw) > MAX_ENTRY:
                return LogCheck(expected - 1, prev, number, f"not a log entry (a line of more than {MAX_ENTRY:,} bytes)")
            return LogCheck(expected - 1, prev, number, "incomplete last line (no newline)")
        raw = raw[:-1]
        entry, problem = _check_line(raw)
        if entry is None:
            return LogCheck(expected - 1, prev, number, problem)
        seq = entry["seq"]
        if seq != expected:
            if isinstance(seq, int) and seq > expected and not _seq_later(handle, expected):
                why = f"expected entry {expected}, found {seq}: entries were removed before this line"
            else:
                why = f"expected entry {expected}, found {seq}: entries were reordered or duplicated"
            return LogCheck(expected - 1, prev, number, why)
        if entry["prev"] != prev:
            where = "the start of the log" if number == 1 else f"line {number - 1}"
            why = f"its previous-entry hash does not match {where}: the chain was altered"
            return LogCheck(expected - 1, prev, number, why)
        prev, expected = line_hash(raw), expected + 1


def _seq_later(handle: BinaryIO, seq: int) -> bool:
    """Whether entry ``seq`` appears further down the rest of the log (then a jump means
    reordering, not removal); read to the end, a line at a time."""
    needle = b'{"seq":%d,' % seq
    while True:
        raw = handle.readline(MAX_ENTRY + 1)
        if not raw:
            return False
        if raw.startswith(needle):
            return True
