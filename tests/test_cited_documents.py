"""Every document a user is pointed to ships with the project, and every section cited exists
(issue 26): the README, docs/*.md, every command's --help and `adjudicate rules` (each ruleset's
sources) cited SPEC §5, SPEC §1.3, GCG.md §10, RULES.md §4.2, "the decision in RULES.md": notes
kept outside the repository. They cite docs/decisions.md and docs/format.md now, whose sections are
numbered (`## §N ...`) so that a citation keeps pointing where it did."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from adjudicate.cli import app

REPO = Path(__file__).resolve().parent.parent
DOCS = sorted((REPO / "docs").glob("*.md"))
# A document named (x.md, docs/x.md, a link's target), with the section cited after it, if any.
CITED = re.compile(r"(?<![\w/.-])((?:docs/)?[A-Za-z][\w-]*\.md)(?:\)?\s*§\s*(\d+(?:\.\d+)*))?")
# Notes of the project's own making that never ship: cited by name, with or without ".md".
UNSHIPPED = re.compile(r"\b(SPEC|RULES|GCG|STYLE)(?:\.md)?\b(?=\s*§|\.md|\s+decisions)")


def _help_texts() -> dict[str, str]:
    group = typer.main.get_command(app)
    paths = [[]] + [[name] for name in group.commands]
    paths += [[name, child] for name, cmd in group.commands.items() for child in getattr(cmd, "commands", {})]
    return {"adjudicate " + " ".join([*p, "--help"]): CliRunner().invoke(app, [*p, "--help"], terminal_width=400).stdout
            for p in paths}


def _rules_texts() -> dict[str, str]:
    names = [[], ["naspa"], ["wespa"], ["fise"], ["catalan"], ["--json"]]
    return {"adjudicate rules " + " ".join(n): CliRunner().invoke(app, ["rules", *n], terminal_width=400).stdout
            for n in names}


# The package's own files a library user reads (docstrings, help(), the tile sets' and boards' data).
PACKAGE_FILES = sorted([*(REPO / "adjudicate").rglob("*.py"), *(REPO / "adjudicate").glob("alphabets/*.tsv"),
                        *(REPO / "adjudicate").glob("boards/*.txt")])


def _texts() -> dict[str, tuple[str, Path]]:
    found = {str(p.relative_to(REPO)): (p.read_text(encoding="utf-8"), p.parent)
             for p in [REPO / "README.md", *DOCS, *PACKAGE_FILES]}
    for name, text in {**_help_texts(), **_rules_texts()}.items():
        found[name] = (" ".join(text.split()), REPO)  # (a help text wraps: a citation is one line again)
    return found


TEXTS = _texts()


def _sections(path: Path) -> set[str]:
    return set(re.findall(r"^#+ §(\d+(?:\.\d+)*)\b", path.read_text(encoding="utf-8"), flags=re.MULTILINE))


def _resolve(name: str, base: Path) -> Path | None:
    for candidate in (base / name, REPO / name, REPO / "docs" / name):
        if candidate.is_file():
            return candidate
    return None


@pytest.mark.parametrize("where", sorted(TEXTS))
def test_every_cited_document_and_section_ships(where: str) -> None:
    text, base = TEXTS[where]
    assert not UNSHIPPED.findall(text), (where, UNSHIPPED.findall(text))
    for name, section in CITED.findall(text):
        path = _resolve(name, base)
        assert path is not None, f"{where} cites {name}, which is not in the repository"
        if section:
            assert section in _sections(path), f"{where} cites {name} §{section}, which it has not"


def test_the_rules_sources_cite_the_decisions_by_section() -> None:
    text = TEXTS["adjudicate rules fise"][0]
    assert "docs/decisions.md §18" in text and "docs/decisions.md §6" in text
    assert "RULES.md" not in text


@pytest.mark.parametrize("doc", ["decisions.md", "format.md"])
def test_the_sections_are_numbered_one_to_n(doc: str) -> None:
    """Numbered, so a citation keeps its meaning: a new section is the next number."""
    numbers = [int(n) for n in re.findall(r"^## §(\d+) ", (REPO / "docs" / doc).read_text(encoding="utf-8"),
                                           flags=re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1)) and numbers


def test_an_unshipped_citation_is_found() -> None:
    """The scan itself: what the README said before is caught."""
    assert UNSHIPPED.findall("**Exit codes** (SPEC §5): and (GCG.md §10: Latin-1) and RULES.md decisions, Bingo")
    assert CITED.findall("see docs/nothing.md §3") == [("docs/nothing.md", "3")]
