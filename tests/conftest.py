"""Shared fixtures: where the third-party corpus lives (never copied into the project)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path:
    return Path(os.environ.get("ADJUDICATE_CORPUS", REPO.parent / "shared" / "corpus"))


@pytest.fixture(scope="session")
def corpus() -> Path:
    path = corpus_dir()
    if not (path / "gcg").is_dir():
        pytest.skip(f"corpus not found at {path} (set ADJUDICATE_CORPUS)")
    return path
