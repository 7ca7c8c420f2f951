"""`adjudicate rules`: what the tool applies under each ruleset, and where each value comes from."""

from typing import Annotated, Optional

import typer

from adjudicate.cli.common import emit_json, errors_exit_2
from adjudicate.cli.options import JsonOption, complete_rules
from adjudicate.cli.root import app


def rules_matrix() -> str:
    """Every parameter of every ruleset, one column a ruleset (``adjudicate rules``)."""
    from tabulate import tabulate

    from adjudicate.rules import PARAMETERS, RULESETS, value_text

    rows = [[name, *(value_text(getattr(r, name)) for r in RULESETS)]
            for name in PARAMETERS if name not in ("name", "description")]
    return tabulate(rows, headers=["parameter", *(r.name for r in RULESETS)], disable_numparse=True)


def rules_sources(name: str) -> str:
    """One ruleset: each parameter, its value and its source (``adjudicate rules NAME``)."""
    import textwrap

    from tabulate import tabulate

    from adjudicate.rules import PARAMETERS, find_ruleset, value_text

    from adjudicate.federations import PRESETS, preset

    ruleset = find_ruleset(name)
    rows = [[key, value_text(getattr(ruleset, key)), ruleset.sources.get(key, "")]
            for key in PARAMETERS if key not in ("name", "aliases", "description")]
    head = f"{ruleset.name}" + (f" (alias {', '.join(ruleset.aliases)})" if ruleset.aliases else "")
    chosen = preset(name)
    if chosen is not None:
        head += f", preset {name.strip().lower()}: {chosen['description']}; the ruleset"
    text = textwrap.fill(f"{head}: {ruleset.description}", 100) + "\n\n" + tabulate(
        rows, headers=["parameter", "value", "source"], disable_numparse=True,
        maxcolwidths=[None, None, 100 - 4 - max(len(row[0]) for row in rows) - max(len(row[1]) for row in rows)])
    presets = PRESETS.get(ruleset.name, {})
    if presets and chosen is None:
        lines = [f"\nPresets (--rules {ruleset.name}:PRESET; `adjudicate rules {ruleset.name}:PRESET` "
                 "gives their sources):"]
        for key, one in presets.items():
            values = " ".join(f"--set {param}={value_text(value)}" for param, (value, _) in one["params"].items())
            lines.append(textwrap.fill(f"  {ruleset.name}:{key}  {one['description']} ({values})", 100,
                                       subsequent_indent="    "))
        text += "\n" + "\n".join(lines)
    return text


@app.command()
def rules(
    name: Annotated[Optional[str], typer.Argument(
        metavar="[NAME]", autocompletion=complete_rules, help="A ruleset (naspa, wespa, fise, catalan; alias matam). Default: all of them.")] = None,
    json_: JsonOption = False,
) -> None:
    """Show what the tool applies under each ruleset: every parameter and its value; with NAME,
    where each value comes from (federation and article, or the decision in docs/decisions.md);
    NAME:PRESET (fise:timer) with a preset applied.

    Example: adjudicate rules fise
    """
    from adjudicate.rules import PARAMETERS, RULESETS, find_ruleset

    with errors_exit_2():
        chosen = RULESETS if name is None else (find_ruleset(name),)
    if json_:
        emit_json({r.name: {key: {"value": getattr(r, key), "source": r.sources.get(key)}
                            for key in PARAMETERS} for r in chosen})
        return
    typer.echo(rules_matrix() if name is None else rules_sources(name))
