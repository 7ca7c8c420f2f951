"""The builder versions a manifest records: DAWG2's is read without importlib.metadata, the same."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest

from adjudicate import lexiconbuild as lb


def test_dawg2_version_is_importlib_metadata_s() -> None:
    assert lb._dawg2_version() == metadata.version("DAWG2")
    assert lb.builder_versions()["DAWG2"] == metadata.version("DAWG2")


def _dist(directory: Path, name: str, version: str, filename: str = "METADATA") -> None:
    (directory / name).mkdir()
    (directory / name / filename).write_text(
        f"Metadata-Version: 2.1\nName: DAWG2\nVersion: {version}\n", encoding="utf-8"
    )


@pytest.mark.parametrize(
    "layout",
    [
        [("DAWG2-9.9.dist-info", "9.9")],  # found first on the path
        [("dawg2-1.0.dist-info", "1.0.post0")],  # a name that does not say the version
        [("dawg2-1.0.dist-info", "1.0"), ("dawg2-2.0.dist-info", "2.0")],  # two of them
        [("dawg2-3.0.egg-info", "3.0")],  # not a dist-info
        [],  # none: the next entry's
    ],
)
def test_dawg2_version_on_any_path_is_importlib_metadata_s(
    layout: list[tuple[str, str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, version in layout:
        _dist(tmp_path, name, version, "PKG-INFO" if name.endswith(".egg-info") else "METADATA")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(tmp_path), *sys.path])
    assert lb._dawg2_version() == metadata.version("DAWG2")
