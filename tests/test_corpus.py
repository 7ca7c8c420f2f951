"""The public corpus, file by file, against the table of expected outcomes we wrote by hand.

tests/data/corpus_expected.tsv says for every file what rescoring must give and why: "clean" for
the well-formed games (no false discrepancy), the first discrepancy's line and kind (and how many)
for the deliberately broken ones, "unreadable" for what cannot be adjudicated (exit 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicate.errors import AdjudicateError
from adjudicate.gcg import read_gcg
from adjudicate.recount import rescore_game

TABLE = Path(__file__).parent / "data" / "corpus_expected.tsv"


def _rows() -> list[list[str]]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


ROWS = _rows()


def test_table_covers_the_corpus(corpus):
    on_disk = sorted(str(p.relative_to(corpus / "gcg")) for p in (corpus / "gcg").glob("*/*.gcg"))
    assert sorted(r[0] for r in ROWS) == on_disk


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_corpus_file(corpus, row):
    name, outcome, first_line, first_kind, count, why = row
    data = (corpus / "gcg" / name).read_bytes()
    if outcome == "unreadable":
        with pytest.raises(AdjudicateError):
            rescore_game(read_gcg(data, name=name))
        return
    report = rescore_game(read_gcg(data, name=name))
    found = [(d.line, d.kind) for d in report.discrepancies]
    if outcome == "clean":
        assert found == [], why
        for player in report.players:  # None: the player has no scored line yet
            assert player.recorded_final in (None, player.computed_final), (player, why)
        return
    assert found[0] == (int(first_line), first_kind), (why, report.discrepancies[:3])
    assert len(found) == int(count), why
    for d in report.discrepancies:
        assert d.message.startswith(f"line {d.line}: ")
