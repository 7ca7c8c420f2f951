"""What the README and docs/*.md say about the tool's own values is what the code has (a new-user
audit): the tile sets `--alphabet` takes, the outplay parameter's names, the CSV columns and the
JSON info objects of docs/format.md §2, when the board diagnosis appears."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicate.rules import Outplay

REPO = Path(__file__).resolve().parent.parent
DOCUMENTS = {p.relative_to(REPO).as_posix(): p.read_text(encoding="utf-8")
             for p in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]}
TILE_SETS = sorted(p.stem for p in (REPO / "adjudicate" / "alphabets").glob("*.tsv"))


def test_every_list_of_alphabets_names_every_tile_set() -> None:
    """`--alphabet english|spanish|catalan` left seven of the ten tile sets out."""
    assert len(TILE_SETS) == 10
    for where, text in DOCUMENTS.items():
        for choices in re.findall(r"--alphabet ([a-z_]+(?:\|[a-z_]+)+)", text):
            assert sorted(choices.split("|")) == TILE_SETS, (where, choices)
    listed = DOCUMENTS["docs/lexicons.md"]
    assert all(f"`{name}`" in listed for name in TILE_SETS)


def test_international_is_never_the_double_out_play() -> None:
    """`outplay=international` subtracts and adds; "the international end of game (the finisher
    gains twice the tiles left)" called the double rule by its name (decisions §19)."""
    assert Outplay.INTERNATIONAL.value == "international" and Outplay.DOUBLE.value == "double"
    for where, text in DOCUMENTS.items():
        flat = " ".join(text.split())
        assert not re.search(r"international[^.;`]{0,60}twice the", flat), where
    assert "`outplay=double`" in DOCUMENTS["docs/decisions.md"].split("## §19")[1]
