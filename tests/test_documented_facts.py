"""What the README and docs/*.md say about the tool's own values is what the code has (a new-user
audit): the tile sets `--alphabet` takes, the outplay parameter's names, the CSV columns and the
JSON info objects of docs/format.md §2, when the board diagnosis appears."""

from __future__ import annotations

import re
import inspect
import json
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
    section_19 = DOCUMENTS["docs/decisions.md"].split("## §19")[1].split("\n## ")[0]
    assert "`outplay=double`" in section_19
    # (the known difference: a Polish record scored subtract-and-add, and how to ask for it)
    assert "PFS" in section_19 and "`--set outplay=international`" in section_19


def _format_section_2() -> str:
    text = DOCUMENTS["docs/format.md"]
    return " ".join(text[text.index("## §2 "):text.index("## §3 ")].split())


def test_the_csv_columns_are_the_header_rescore_writes(cli) -> None:
    """format.md §2 listed the CSV's columns without `winner_changed`."""
    result = cli(["rescore", "--format", "csv", str(REPO / "tests/data/games/fx_fise_outplay.gcg")])
    header = result.stdout.splitlines()[0].split(",")
    csv = _format_section_2().split("`--format csv`")[1]
    named = [w for w in re.findall(r"`([a-z_]+)`", csv) if w not in ("unfinished", "true", "false")]
    assert named[:len(header)] == header


def test_every_info_kind_and_its_fields_are_documented(cli, tmp_path: Path) -> None:
    """format.md §2 gave every info object a `message`; a phony's has `words` and `play` instead, a
    rack chain's `missing` too, and two kinds were not listed."""
    from adjudicate.kinds import Note

    section = _format_section_2()
    info = section[section.index("- `info`:"):section.index("- `ending`:")]
    assert all(f"`{kind}`" in info for kind in Note)
    phony = info[info.index("`phony`"):info.index("`rack_chain`")]
    assert "`words`" in phony and "`play`" in phony and "no `message`" in phony
    game = tmp_path / "phony.gcg"  # RQX is no word of any lexicon: a phony that stood
    # (H8 .QX down through the R of RETAINS: R1 + Q10 + X8, 19; info either way)
    game.write_text("#player1 a A\n#player2 b B\n>a: AEINRST 8H RETAINS +66 66\n"
                    ">b: JQXZAEI H8 .QX +19 19\n", encoding="utf-8")
    result = cli(["rescore", "--json", "--check-words", str(game)])
    found = json.loads(result.stdout)[0]["info"]
    assert found == [{"line": 4, "kind": "phony", "player": "b", "words": ["RQX"], "play": "H8 .QX"}]


def test_the_board_diagnosis_is_documented_with_its_threshold() -> None:
    """The README promised the diagnosis for every game whose findings disappear on another board;
    it is looked for from BOARD_DIAGNOSIS_SCORES score findings."""
    from adjudicate.recount import BOARD_DIAGNOSIS_SCORES

    assert BOARD_DIAGNOSIS_SCORES == 3
    assert "three `score` findings or more" in _format_section_2()
    readme = " ".join(DOCUMENTS["README.md"].split())
    assert "three score findings or more" in readme


def _signature_text(function: object) -> str:
    """``name(a, b=None, *, c=None)`` as docs/library.md writes a signature."""
    parts, star = [], False
    for param in inspect.signature(function).parameters.values():  # type: ignore[arg-type]
        if param.kind is param.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        parts.append(param.name if param.default is param.empty else f"{param.name}={param.default!r}")
    return f"{function.__name__}({', '.join(parts)})"  # type: ignore[attr-defined]


def test_library_md_gives_rescore_whole_and_runs_tiles_board_spelling() -> None:
    """docs/library.md gave `rescore(game, rules=None, lexicon=None, check_words=False)`, without
    the tiles=, board= and spelling= arguments that rescore and correct take."""
    import adjudicate

    text = DOCUMENTS["docs/library.md"]
    assert _signature_text(adjudicate.rescore) in " ".join(text.split())
    assert {"tiles", "board", "spelling"} <= set(inspect.signature(adjudicate.correct).parameters)
    examples = "\n".join(line for line in text.splitlines() if line.startswith((">>> ", "... ")))
    for argument in ("tiles=", "board=", "spelling="):
        assert re.search(rf"adjudicate\.rescore\([^\n]*{argument}", examples), argument
    assert re.search(r"adjudicate\.correct\([^\n]*board=", examples)
    assert "tests/data/boards/super.gcg" in examples and "Ż" in examples
