"""docs/ARCHITECTURE.md against the code (issue 18): every module of the package has its row, and
the row's "imports" column names exactly the package's modules it imports (at any depth, inside
functions too; not under ``if TYPE_CHECKING:``); and the imports have no cycle."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "adjudicate"
DOC = ROOT / "docs" / "ARCHITECTURE.md"
NONE = {"—", "-", ""}  # an imports cell that names nothing
EVERYTHING = "everything"  # the CLI's cell: it may import any module


@cache
def modules() -> frozenset[str]:
    """Every module as the doc names it: its path in the package (``gcg.py``, ``lexicon/store.py``),
    the CLI as one ``cli/``; the package's own ``__init__.py`` and ``__main__.py`` aside."""
    found = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")}
    return frozenset({"cli/" if name.startswith("cli/") else name for name in found} - {"__init__.py", "__main__.py"})


def _target(dotted: str, known: set[str]) -> str | None:
    """The module ``adjudicate.x.y`` is (or the package ``adjudicate`` itself: None)."""
    parts = dotted.split(".")[1:]
    if not parts:
        return None
    if parts[0] == "cli":
        return "cli/"
    for n in range(len(parts), 0, -1):
        for candidate in ("/".join(parts[:n]) + ".py", "/".join(parts[:n]) + "/__init__.py"):
            if candidate in known:
                return candidate
    return None


@cache
def real_imports() -> dict[str, set[str]]:
    """Module -> the modules of the package it imports."""
    known = modules() | {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")}
    out: dict[str, set[str]] = {}

    def walk(node: ast.AST, found: set[str | None]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                for other in child.orelse:
                    walk(other, found)
                continue
            if isinstance(child, ast.ImportFrom) and child.level == 0 and child.module and (
                    child.module == "adjudicate" or child.module.startswith("adjudicate.")):
                for alias in child.names:  # (a submodule imported from its package, or a name)
                    found.add(_target(f"{child.module}.{alias.name}", known) or _target(child.module, known))
            elif isinstance(child, ast.Import):
                found |= {_target(a.name, known) for a in child.names if a.name.startswith("adjudicate.")}
            walk(child, found)

    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        me = "cli/" if name.startswith("cli/") else name
        found: set[str | None] = set()
        walk(ast.parse(path.read_text("utf-8")), found)
        out.setdefault(me, set()).update(n for n in found if n is not None and n != me)
    return out


@cache
def documented() -> dict[str, set[str] | None]:
    """Module -> the modules its row's imports column names (None: ``everything``)."""
    known = modules()
    rows: dict[str, set[str] | None] = {}
    for line in DOC.read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| `") or len(cells) != 3:
            continue
        first = re.findall(r"`([^`]+)`", cells[0])[0]
        assert first in known, f"{first}: a row for no module"
        row_dir = first.rsplit("/", 1)[0] + "/" if "/" in first.rstrip("/") else ""

        def named(word: str) -> str:
            for candidate in (f"{word}.py", f"{row_dir}{word}.py", f"{word}/__init__.py", word):
                if candidate in known:
                    return candidate
            raise AssertionError(f"{first}: imports {word!r}, no module of the package")

        cell = cells[2]
        assert first not in rows, f"{first}: two rows"
        rows[first] = None if cell == EVERYTHING else (
            set() if cell in NONE else {named(w.strip()) for w in cell.split(",")})
    return rows


def test_every_module_has_one_row() -> None:
    assert set(documented()) == modules()


@pytest.mark.parametrize("module", sorted(modules()))
def test_a_row_names_the_imports_of_its_module(module: str) -> None:
    said = documented().get(module)
    if said is None:  # (everything, or no row: the test above says which)
        return
    assert said == real_imports()[module], (
        f"docs/ARCHITECTURE.md, {module}: says {sorted(said)}, imports {sorted(real_imports()[module])}")


def test_the_imports_have_no_cycle() -> None:
    graph = real_imports()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("an import cycle: " + " -> ".join([*path[path.index(module):], module]))
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


def _named_in_the_doc() -> list[str]:
    """Every backticked ``module.name`` of the document whose first part is a module of the
    package (``adjustments.winners_of``, ``board.Board.resolve``, ``cli.run``); file names aside."""
    packages = {name.split("/")[0].removesuffix(".py") for name in modules()}
    names = re.findall(r"`([A-Za-z_][\w.]*)`", DOC.read_text("utf-8"))
    return sorted({n for n in names if "." in n and n.split(".")[0] in packages
                   and n.rsplit(".", 1)[1] not in {"py", "tsv", "md", "gz", "dawg"}})


@pytest.mark.parametrize("dotted", _named_in_the_doc())
def test_a_name_the_document_gives_exists(dotted: str) -> None:
    """A name the document gives is one the code has (issue 27: it named ``adjustments.winners``, which
    is ``winners_of``)."""
    import importlib

    parts = dotted.split(".")
    for n in range(len(parts) - 1, 0, -1):  # the longest module prefix, then attributes
        try:
            found: object = importlib.import_module("adjudicate." + ".".join(parts[:n]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[n:]:
            assert hasattr(found, attribute), f"docs/ARCHITECTURE.md names `{dotted}`: no {attribute}"
            found = getattr(found, attribute)
        return
    raise AssertionError(f"docs/ARCHITECTURE.md names `{dotted}`: no such module")


MAX_CLASS_LINES = 400  # issue 27: no class over 400 lines (one object of 1,281 lines was four files)


def _classes() -> list[tuple[str, int]]:
    """Every class of the package, as ``path:Name``, with its lines (the ``class`` line to its last)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                found.append((f"{path.relative_to(PACKAGE).as_posix()}:{node.name}",
                              node.end_lineno - node.lineno + 1))
    return found


def test_no_class_is_over_400_lines() -> None:
    """Issue 27, honest layers: a class is a part with its own data, not a file's worth of methods
    inherited through three others (`_Rescore` was `EndLines(Ledger(GameState))`, 1,281 lines)."""
    assert any(name == "recount.py:_Rescore" for name, _ in _classes())  # (the walk is counted)
    over = [f"{name} ({size} lines)" for name, size in _classes() if size > MAX_CLASS_LINES]
    assert not over, f"classes over {MAX_CLASS_LINES} lines: {', '.join(over)}"


def test_the_replay_holds_its_parts_instead_of_inheriting_them() -> None:
    """Issue 27: the ledger, the end-of-game lines and the game state are parts the replay holds
    (``self.ledger``, ``self.endlines``, ``self.state``), each owning its data, not its bases."""
    from adjudicate.endlines import EndLines
    from adjudicate.ledger import Ledger
    from adjudicate.recount import _Rescore
    from adjudicate.replay import GameState

    for part in (_Rescore, EndLines, Ledger, GameState):
        assert part.__bases__ == (object,), f"{part.__name__} inherits {part.__bases__}"
    assert {"state", "ledger", "endlines"} <= set(_Rescore.__slots__)
    assert "computed" in Ledger.__slots__ and "computed" not in GameState.__slots__
    assert "bag" in GameState.__slots__ and "bag" not in Ledger.__slots__
_RENDERING = {"tabulate", "textwrap", "csv", "shlex"}


def test_the_report_model_imports_no_rendering() -> None:
    """report.py is the report's model; its rendering (tables, CSV, JSON) is reportwriter.py
    (issue 27): the model imports none of tabulate, textwrap, csv or shlex, at any depth (inside a
    function too), and importing it loads none of them."""
    import subprocess
    import sys

    found: set[str] = set()
    for node in ast.walk(ast.parse((PACKAGE / "report.py").read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    assert found & _RENDERING == set()
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, adjudicate.report; print(' '.join(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert _RENDERING & set(loaded) == set()


# Functions over 80 lines (issue 27) are cut along their sections, or say at their top why the
# length is the clearest form ("# Kept whole: ..."): every function of the package. (A module a
# change is restructuring may go on RESTRUCTURED_ELSEWHERE, a function it cuts on NOT_CUT_YET,
# until that change is in.)
LONG = 80
RESTRUCTURED_ELSEWHERE: set[str] = set()
NOT_CUT_YET: set[str] = set()


def long_functions() -> dict[str, str]:
    """``module:qualified.name`` -> the function's source, for each function over LONG lines."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text("utf-8")
        module = path.relative_to(PACKAGE).as_posix()

        def walk(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    assert child.end_lineno is not None
                    if child.end_lineno - child.lineno + 1 > LONG:
                        found[f"{module}:{prefix}{child.name}"] = ast.get_source_segment(text, child) or ""
                    walk(child, f"{prefix}{child.name}.")
                elif isinstance(child, ast.ClassDef):
                    walk(child, f"{prefix}{child.name}.")

        walk(ast.parse(text), "")
    return found


def test_a_long_function_is_cut_or_says_why_it_is_whole() -> None:
    unexplained = sorted(
        name for name, source in long_functions().items()
        if name.split(":")[0] not in RESTRUCTURED_ELSEWHERE and name not in NOT_CUT_YET
        and "# Kept whole: " not in "\n".join(source.splitlines()[:25])
    )
    assert unexplained == []
    assert NOT_CUT_YET <= set(long_functions()), "cut: take it off NOT_CUT_YET"
