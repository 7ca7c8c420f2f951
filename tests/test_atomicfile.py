"""atomicfile: where the tool writes (output_target) and how (write_atomic).

Where the tool writes (issue 22, item 1): every writer goes through atomicfile.output_target.
A symlink is followed (the file it points to is replaced, the link stays a link); a directory, a
device, a FIFO or a socket is refused with exit 2 and the reason; a replaced file keeps its mode
and owner, a new one gets the umask's default. Nothing here touches a real device but /dev/null,
and that only to show it is refused. Each writer is run through the command line: show -o, and
lexicon build -o (a directory).

Nothing lost (issue 6): write_atomic writes a temporary file in the same directory, keeps the
mode, fsyncs and renames it into place; a write that fails halfway (the disk full, fsync or the
rename failing) leaves the previous file intact and no temporary file behind.
"""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

from adjudicate import atomicfile
from adjudicate.errors import OutputError

GAME = Path(__file__).parent / "data" / "games" / "fx_fise_outplay.gcg"
WORDS = "casa\nperro\n"


@pytest.fixture(scope="session")
def show_to(cli):  # type: ignore[no-untyped-def]
    """``show_to(path)``: ``adjudicate show GAME --format svg -o PATH``."""

    def show_to(path: Path | str):  # type: ignore[no-untyped-def]
        return cli(["show", str(GAME), "--format", "svg", "-o", str(path)])

    return show_to


@pytest.fixture(scope="session")
def build_to(cli):  # type: ignore[no-untyped-def]
    """``build_to(tmp_path, path)``: a lexicon of WORDS built with ``adjudicate lexicon build -o PATH``."""

    def build_to(tmp_path: Path, path: Path | str):  # type: ignore[no-untyped-def]
        source = tmp_path / "words.txt"
        source.write_text(WORDS)
        return cli(["lexicon", "build", str(source), "-a", "spanish", "-n", "X", "-q", "-o", str(path)])

    return build_to


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.fixture
def sock(tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    yield path
    server.close()


def test_a_symlink_is_followed_and_stays_a_link(tmp_path: Path, show_to) -> None:  # type: ignore[no-untyped-def]
    real = tmp_path / "pictures" / "board.svg"
    real.parent.mkdir()
    real.write_bytes(b"old picture")
    link = tmp_path / "latest.svg"
    link.symlink_to(real)
    result = show_to(link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes().startswith(b"<svg")
    assert sorted(p.name for p in real.parent.iterdir()) == ["board.svg"]  # no temporary left


def test_a_chain_of_symlinks_is_followed_to_the_file(tmp_path: Path, show_to) -> None:  # type: ignore[no-untyped-def]
    real = tmp_path / "real.svg"
    real.write_bytes(b"old")
    (tmp_path / "one").symlink_to(real)
    (tmp_path / "two").symlink_to(tmp_path / "one")
    assert show_to(tmp_path / "two").exit_code == 0
    assert (tmp_path / "two").is_symlink() and (tmp_path / "one").is_symlink()
    assert real.read_bytes().startswith(b"<svg")


SPECIAL = {"fifo": "a FIFO (named pipe)", "socket": "a socket", "devnull": "a character device"}


def special(kind: str, request: pytest.FixtureRequest) -> Path:
    """A FIFO, a socket (in tmp_path) or /dev/null."""
    return Path(os.devnull) if kind == "devnull" else request.getfixturevalue("sock" if kind == "socket" else kind)


@pytest.mark.parametrize("kind", ["directory", "fifo", "socket", "devnull", "link-to-fifo", "dangling", "loop"])
def test_what_is_not_a_file_is_refused(tmp_path: Path, kind: str, request: pytest.FixtureRequest, show_to) -> None:  # type: ignore[no-untyped-def]
    if kind == "directory":
        path, reason = tmp_path / "adir", "is not a regular file but a directory"
        path.mkdir()
    elif kind in SPECIAL:
        path, reason = special(kind, request), f"is not a regular file but {SPECIAL[kind]}"
    elif kind == "link-to-fifo":
        path, reason = tmp_path / "link", "is not a regular file but a FIFO (named pipe)"
        path.symlink_to(request.getfixturevalue("fifo"))
    elif kind == "dangling":
        path, reason = tmp_path / "link", "which does not exist; not writing through it"
        path.symlink_to(tmp_path / "nowhere" / "x.svg")
    else:
        path, reason = tmp_path / "loop", "Too many levels of symbolic links"
        path.symlink_to(path)
    before = os.lstat(path)
    result = show_to(path)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"Error: {path}") and reason in result.stderr
    if kind in ("devnull", "fifo", "link-to-fifo"):
        assert "-o - writes to stdout" in result.stderr
    after = os.lstat(path)
    assert (stat.S_IFMT(after.st_mode), after.st_ino) == (stat.S_IFMT(before.st_mode), before.st_ino)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert not [p for p in tmp_path.rglob(".*.tmp")]


def test_dash_writes_to_stdout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, show_to) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    result = show_to("-")
    assert result.exit_code == 0 and result.stdout.startswith("<svg")
    assert list(tmp_path.iterdir()) == []  # no file called "-"


def test_a_replaced_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path: Path, show_to) -> None:  # type: ignore[no-untyped-def]
    kept = tmp_path / "kept.svg"
    kept.write_bytes(b"old")
    os.chmod(kept, 0o604)
    assert show_to(kept).exit_code == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604
    old = os.umask(0o027)
    try:
        assert show_to(tmp_path / "new.svg").exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.svg").stat().st_mode) == 0o640


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_a_replaced_file_keeps_its_owner(tmp_path: Path, show_to) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "other.svg"
    other.write_bytes(b"old")
    os.chown(other, 4321, 4322)
    assert show_to(other).exit_code == 0
    info = other.stat()
    assert (info.st_uid, info.st_gid) == (4321, 4322) and other.read_bytes().startswith(b"<svg")


def test_a_file_whose_owner_cannot_be_kept_is_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, show_to) -> None:  # type: ignore[no-untyped-def]
    """Another user's file in a directory this user may write: replacing it would make it ours."""
    theirs = tmp_path / "theirs.svg"
    theirs.write_bytes(b"their picture")
    real_stat = os.stat

    def owned_by_someone_else(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        info = real_stat(path, *args, **kwargs)
        if os.fspath(path) == str(theirs):
            values = list(info)
            values[stat.ST_UID] = info.st_uid + 1
            return os.stat_result(values)
        return info

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(atomicfile.os, "stat", owned_by_someone_else)
    monkeypatch.setattr(atomicfile.os, "chown", refuse)
    result = show_to(theirs)
    assert result.exit_code == 2 and "not replacing it" in result.stderr and "belongs to user" in result.stderr
    assert theirs.read_bytes() == b"their picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["theirs.svg"]


def test_output_target_says_what_a_path_names(tmp_path: Path) -> None:
    real = tmp_path / "f"
    real.write_text("x")
    link = tmp_path / "l"
    link.symlink_to(real)
    target = atomicfile.output_target(str(link))
    assert target.path == str(real) and target.existing is not None
    assert atomicfile.output_target(str(tmp_path / "new")).existing is None
    with pytest.raises(OutputError, match="is not a directory but a regular file"):
        atomicfile.output_target(str(real), directory=True)
    assert atomicfile.output_target(str(tmp_path), directory=True).path == str(tmp_path)


# -- the other writer: lexicon build -o --------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "socket", "devnull", "file"])
def test_lexicon_build_refuses_an_output_that_is_not_a_directory(tmp_path: Path, kind: str,
                                                                 request: pytest.FixtureRequest, build_to) -> None:  # type: ignore[no-untyped-def]
    if kind in SPECIAL:
        path, what = special(kind, request), SPECIAL[kind]
    else:
        path, what = tmp_path / "plain", "a regular file"
        path.write_text("keep me")
    before = os.lstat(path)
    result = build_to(tmp_path, path)
    assert result.exit_code == 2, result.output
    assert f"{path} is not a directory but {what}" in result.stderr
    assert os.lstat(path).st_ino == before.st_ino and stat.S_IFMT(os.lstat(path).st_mode) == stat.S_IFMT(before.st_mode)


def test_lexicon_build_keeps_the_directory_mode_and_follows_the_umask_for_a_new_one(tmp_path: Path, build_to) -> None:  # type: ignore[no-untyped-def]
    old = os.umask(0o077)
    try:
        assert build_to(tmp_path, tmp_path / "new").exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o700
    os.chmod(tmp_path / "new", 0o750)
    assert build_to(tmp_path, tmp_path / "new").exit_code == 0
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o750


# -- write_atomic: a write that fails halfway leaves the old file -----------------------------------


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
