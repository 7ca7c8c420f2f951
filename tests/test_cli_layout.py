"""The layout of ``adjudicate.cli`` (issue 18): one module per command group, registered on the app
of ``cli.root``, and no import cycle (no module of the package imports the package back)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

CLI = Path(__file__).resolve().parent.parent / "adjudicate" / "cli"
#: What a command module may import from its own package: the app and the shared pieces.
SHARED = {"adjudicate.cli.root", "adjudicate.cli.common", "adjudicate.cli.options"}


def _imports(path: Path) -> set[str]:
    """Every ``adjudicate.cli`` module ``path`` imports, at any depth (inside functions too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module == "adjudicate.cli":
            found |= {f"adjudicate.cli.{alias.name}" for alias in node.names}  # (a submodule, or the package's own name)
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return {name for name in found if name == "adjudicate.cli" or name.startswith("adjudicate.cli.")}


@pytest.mark.parametrize("path", sorted(p for p in CLI.glob("*.py") if p.name != "__init__.py"),
                         ids=lambda p: p.name)
def test_no_module_imports_the_package_back(path: Path) -> None:
    """A command module imports the app from ``cli.root``, never ``adjudicate.cli`` (whose
    ``__init__`` imports the command modules), nor another command module."""
    assert _imports(path) <= SHARED, _imports(path) - SHARED


def test_root_and_the_shared_modules_import_no_command_module() -> None:
    for name in SHARED:
        path = CLI / (name.rsplit(".", 1)[1] + ".py")
        if path.exists():
            assert _imports(path) <= SHARED - {name}, path.name


def test_every_command_module_is_registered() -> None:
    import adjudicate.cli

    commands = {p.stem for p in CLI.glob("*.py")} - {"__init__", "root", "common", "options"}
    assert all(hasattr(adjudicate.cli, name) for name in commands)


def _params() -> dict[str, list[tuple[str, Any]]]:
    """Every option of every command, by its long name: (command path, click parameter)."""
    import typer.main

    import adjudicate.cli

    found: dict[str, list[tuple[str, Any]]] = {}

    def walk(command: Any, path: str) -> None:
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--"):
                    found.setdefault(opt, []).append((path, param))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(typer.main.get_command(adjudicate.cli.app), "")
    return found


@pytest.mark.parametrize("option", ["--rules", "--lexicon", "--set", "--json", "--spelling"])
def test_a_shared_option_has_one_definition(option: str) -> None:
    """One help text, one metavar and one type wherever the option is (cli/options.py); --rules
    ends its help with the default of its kind of command (a record's ruleset, naspa, none)."""
    uses = _params()[option]
    assert len(uses) >= 2, uses
    assert len({(p.help.split(" Default:")[0], p.metavar, p.multiple, p.is_flag, str(p.type))
                for _, p in uses}) == 1, [
        (path, p.help) for path, p in uses]


def test_rules_lists_the_rulesets_and_is_required_only_where_it_must_be() -> None:
    from adjudicate.rules import ruleset_names

    uses = dict(_params()["--rules"])
    assert sorted(uses) == ["challenge", "clock", "correct", "endgame", "judge", "rescore", "show"]
    assert all(ruleset_names() in p.help for p in uses.values())
    assert {path for path, p in uses.items() if p.required} == {"clock", "endgame"}


def test_the_cli_imports_no_command_s_library_modules_until_it_runs() -> None:
    """Start-up: every command pays for what importing ``adjudicate.cli`` imports (Typer builds
    every command to run one), so a command's own modules are imported inside it."""
    import subprocess
    import sys

    code = ("import sys, adjudicate.cli; print(' '.join(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('adjudicate', 'tabulate', 'csv', 'json', 'dataclasses') "
            "and not m.startswith('adjudicate.cli'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    # (the ruleset names in --rules' help come from adjudicate.federations, plain data: not
    # adjudicate.rules, its dataclasses and the tile sets; readfile opens named inputs)
    assert set(loaded) <= {"adjudicate", "adjudicate.errors", "adjudicate.fastchallenge",
                           "adjudicate.federations", "adjudicate.printable", "adjudicate.readfile"}, loaded


def test_a_command_line_builds_its_command_alone_and_reads_the_same() -> None:
    """``run`` gives a command line that names a command an app of that command alone (start-up:
    Typer builds every registered command to run one); its help and its usage errors read as
    the whole app's, and anything else (the root's help, a typo) gets the whole app."""
    import typer.main
    from typer.testing import CliRunner

    from adjudicate.cli import _only, app

    names = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert len(names) >= 9
    runner = CliRunner()
    for name in names:
        only = _only(name)
        assert only is not None
        assert list(typer.main.get_command(only).commands) == [name]  # type: ignore[attr-defined]
        for args in ([name, "--help"], [name, "--no-such-option"]):
            whole, alone = runner.invoke(app, args), runner.invoke(only, args)
            assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output), args
    assert _only("rescor") is None and _only("--help") is None


def test_run_builds_the_named_command_alone_but_not_for_completion(monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicate.cli

    asked: list[str] = []
    monkeypatch.setattr(adjudicate.cli, "_only", lambda name: asked.append(name))  # (None: the whole app)
    for args in (["rules", "--help"], ["--help"], ["rules", "--help"]):
        with pytest.raises(SystemExit):
            adjudicate.cli.run(args)
        monkeypatch.setenv("_ADJUDICATE_COMPLETE", "bash_complete")  # (from the second on)
        monkeypatch.setenv("COMP_WORDS", "adjudicate rules")
        monkeypatch.setenv("COMP_CWORD", "1")
    assert asked == ["rules"]


@pytest.mark.parametrize("path", sorted(p for p in CLI.glob("*.py") if p.name not in (
    "__init__.py", "common.py", "options.py")), ids=lambda p: p.name)
def test_command_modules_have_their_annotations_evaluated_once(path: Path) -> None:
    """No ``from __future__ import annotations`` where Typer reads signatures (see
    adjudicate/cli/__init__.py): strings would be compiled again each time it reads them."""
    assert "from __future__ import annotations" not in path.read_text(encoding="utf-8")


def test_a_command_line_imports_its_command_module_alone() -> None:
    """Start-up: ``run`` imports the module of the command named (clock's is endgame's) and no
    other; the whole app, however its modules came to be imported, lists them in one order."""
    import subprocess
    import sys

    from adjudicate.cli import MODULES

    code = ("import sys\nfrom adjudicate.cli import run\ntry:\n    run(['clock', '--help'])\n"
            "except SystemExit:\n    pass\n"
            "sys.stderr.write(' '.join(m for m in sys.modules if m.startswith('adjudicate.cli.')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stderr.split()
    assert {m.rsplit(".", 1)[1] for m in loaded} & set(MODULES) == {"endgame"}, loaded
    code = ("import adjudicate.cli.rules, adjudicate.cli.show\nfrom typer.main import get_command\n"
            "from adjudicate.cli import app\nprint(' '.join(get_command(app).commands))")
    late = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    import typer.main

    import adjudicate.cli

    assert late.split() == list(typer.main.get_command(adjudicate.cli.app).commands)  # type: ignore[attr-defined]
    assert late.split()[:3] == ["challenge", "rescore", "endgame"]
