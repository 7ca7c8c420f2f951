"""atomicfile.write_atomic: a temporary file in the same directory, its mode kept, fsync,
os.replace; a write that fails halfway (the disk full, fsync or the rename failing) leaves the
previous file intact and no temporary file behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicate import atomicfile


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_write_atomic_leaves_the_old_file_when_it_fails(tmp_path: Path, monkeypatch, failing: str, leftovers) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "out.svg"
    target.write_bytes(b"old contents\n")
    os.chmod(target, 0o640)

    def boom(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class Half:
            def __init__(self, handle):  # type: ignore[no-untyped-def]
                self.handle = handle

            def __enter__(self):  # type: ignore[no-untyped-def]
                return self

            def __exit__(self, *exc):  # type: ignore[no-untyped-def]
                self.handle.close()

            def write(self, data: bytes) -> int:
                self.handle.write(data[: len(data) // 2])
                self.handle.flush()
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(atomicfile.os, "fdopen", lambda fd, mode: Half(real_fdopen(fd, mode)))
    else:
        monkeypatch.setattr(atomicfile.os, failing, boom)
    with pytest.raises(OSError, match="No space left"):
        atomicfile.write_atomic(str(target), b"new contents, much longer than the old ones\n" * 100)
    assert target.read_bytes() == b"old contents\n"
    assert leftovers(tmp_path) == []


def test_write_atomic_keeps_the_mode_and_replaces_what_a_symlink_points_to(tmp_path: Path) -> None:
    target = tmp_path / "out.html"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    atomicfile.write_atomic(str(target), b"new")
    assert target.read_bytes() == b"new" and target.stat().st_mode & 0o777 == 0o640
    pointed = tmp_path / "pointed.svg"
    pointed.write_bytes(b"old picture")
    link = tmp_path / "link.svg"
    link.symlink_to(pointed)
    atomicfile.write_atomic(str(link), b"<svg/>")
    assert link.is_symlink() and pointed.read_bytes() == b"<svg/>"
