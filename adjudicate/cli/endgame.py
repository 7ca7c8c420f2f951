"""`adjudicate endgame` and `adjudicate clock`: the table tools of a judge at the end of a game."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeVar

import typer

from adjudicate.cli.root import app
from adjudicate.cli.common import emit_json, errors_exit_2, fail, rule_options
from adjudicate.cli.options import JsonOption, RequiredRulesOption, SetOption, SpellingOption
from adjudicate.errors import AdjudicateError

if TYPE_CHECKING:
    from adjudicate.rules import Ruleset
    from adjudicate.tiles import Alphabet

T = TypeVar("T")


def _ruleset(rules: str, settings: list[str] | None) -> "Ruleset":
    """--rules with the --set overrides applied (checked in that order)."""
    from adjudicate.game import pick_ruleset

    return pick_ruleset(rules, rule_options(rules, settings))[0]


def _split_player(item: str, what: str) -> tuple[str, str]:
    name, sep, rest = item.partition("=")
    name = name.strip()
    if not sep or not name:
        raise AdjudicateError(f"{item!r}: expected {what}")
    return name, rest


def _emit_json(result: Any, ruleset: Any) -> None:
    """An endgame or clock result as JSON, with the ruleset overrides it was computed under."""
    out = result.to_dict()
    out["overrides"] = _overrides(ruleset)
    emit_json(out)


def _score(item: str, text: str) -> int:
    from adjudicate.rules import whole_number

    try:
        return whole_number(text)
    except ValueError as err:
        if str(err) == "too large":
            shown = repr(item) if len(item) <= 40 else f"{item[:40]!r}..."
            raise AdjudicateError(f"{shown}: score too large (at most 9 digits)") from None
        raise AdjudicateError(f"{item[:40]!r}: score {text[:40]!r} is not a whole number") from None


def _add(table: dict[str, T], name: str, value: T, item: str) -> None:
    if name in table:
        raise AdjudicateError(f"{item!r}: player {name!r} is given twice")
    table[name] = value


def _find_player(name: str, players: list[str]) -> str:
    if name in players:
        return name
    matches = [p for p in players if p.lower() == name.strip().lower()]
    if len(matches) == 1:
        return matches[0]
    raise AdjudicateError(f"--went-out {name!r} is not one of the players ({', '.join(players)})")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _result_line(winners: tuple[str, ...], tie: bool) -> str:
    if not winners:
        return "Result: no winner"
    if tie:
        return f"Result: tie between {', '.join(winners)}"
    return f"Result: {winners[0]} wins"


def _scores_and_racks(players: list[str], alphabet: "Alphabet", spelling: Optional[str]
                      ) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    """Each ``PLAYER=SCORE[:RACK]`` item read: the scores, and the racks given (as tiles)."""
    from adjudicate.tiles import parse_typed_rack

    scores: dict[str, int] = {}
    racks: dict[str, tuple[int, ...]] = {}
    for item in players:
        name, rest = _split_player(item, "PLAYER=SCORE[:RACK], e.g. B=402:IQ")
        score_text, has_rack, rack_text = rest.partition(":")
        _add(scores, name, _score(item, score_text), item)
        if has_rack:
            try:
                racks[name] = parse_typed_rack(rack_text.strip(), alphabet, spelling)
            except AdjudicateError as err:
                raise AdjudicateError(f"{name}'s rack in {item!r}: {err}") from None
    return scores, racks


@app.command()
def endgame(
    players: Annotated[
        list[str], typer.Argument(metavar="PLAYER=SCORE[:RACK]...", help="Scores before adjustment; RACK = unplayed tiles (? for a blank).")
    ],
    rules: RequiredRulesOption,
    went_out: Annotated[
        Optional[str], typer.Option("--went-out", metavar="PLAYER", help="The player who played out.")
    ] = None,
    ended: Annotated[
        Optional[str],
        typer.Option("--ended", metavar="passes|scoreless|blocked|time", help="How the game ended when nobody went out."),
    ] = None,
    json_: JsonOption = False,
    settings: SetOption = None,
    spelling: SpellingOption = None,
    tiles: Annotated[Optional[str], typer.Option(
        "--tiles", metavar="TILES", help="The tile set of the racks when it is not the ruleset's: "
        "german, polish... (every one: adjudicate lexicon build --help).")] = None,
) -> None:
    """End-of-game rack adjustment: unplayed tiles in, adjustments and final scores out.

    Going out: NASPA/WESPA the finisher adds twice the opponents' tiles; FISE/Catalan each other
    player subtracts their tiles and the finisher adds the total. Passes, scoreless turns or a
    blocked board: each player subtracts their own tiles. The time limit: no adjustment.

    Example: adjudicate endgame --rules naspa A=380 B=402:IQ --went-out A

    Example: adjudicate endgame --rules catalan A=300:E B=280:L·LA C=250:?QU --ended passes
    """
    from adjudicate.adjustments import ENDINGS, rack_adjustments, racks_alphabet

    with errors_exit_2():
        ruleset = _ruleset(rules, settings)
        alphabet = racks_alphabet(ruleset, tiles)
        scores, racks = _scores_and_racks(players, alphabet, spelling.value if spelling else None)
        if len(scores) < 2:
            fail(f"{len(scores)} player given: an end-game adjustment needs 2 to 4 players")
        if (went_out is None) == (ended is None):
            fail("give either --went-out PLAYER or --ended passes|scoreless|blocked|time (exactly one)")
        if ended is not None and ended.strip().lower() not in ENDINGS:
            fail(f"--ended {ended!r}: expected one of {', '.join(ENDINGS)}")
        finisher = _find_player(went_out, list(scores)) if went_out is not None else None
        result = rack_adjustments(
            scores,
            racks,
            alphabet,
            ruleset,
            went_out=finisher,
            ended=ended.strip().lower() if ended is not None else None,
        )
    if json_:
        _emit_json(result, ruleset)
        return
    from tabulate import tabulate

    rows = [
        [p.player, p.score, p.rack_text or "-", p.rack_value, _signed(p.adjustment), p.final]
        for p in result.players
    ]
    ending = f"{result.went_out} went out" if result.went_out else f"ended on {result.ending}"
    typer.echo(f"Ruleset: {ruleset.name}{_override_text(ruleset)}; {ending}")
    typer.echo(
        tabulate(rows, headers=["player", "score", "rack", "rack value", "adjustment", "final"],
                 disable_numparse=True, colalign=("left", "right", "left", "right", "right", "right"))
    )
    _echo_notes(result.notes)
    typer.echo(_result_line(result.winners, result.tie))


def _echo_notes(notes: "Sequence[str]") -> None:
    """Each note, wrapped at 100 columns (a table's width), its lines after the first indented."""
    import textwrap

    for note in notes:
        typer.echo(textwrap.fill(f"Note: {note}", 100, subsequent_indent="      "))


def _overrides(ruleset: "Ruleset") -> dict[str, object]:
    from adjudicate.rules import find_ruleset

    return ruleset.differences(find_ruleset(ruleset.name))


def _override_text(ruleset: "Ruleset") -> str:
    changes = _overrides(ruleset)
    if not changes:
        return ""
    return " (" + ", ".join(f"{k}={'none' if v is None else v}" for k, v in changes.items()) + ")"


@app.command()
def clock(
    players: Annotated[
        list[str],
        typer.Argument(
            metavar="PLAYER=SCORE@CLOCK...",
            help="Score and the clock's display at the end: -03:20 = 3:20 over, +01:05 = time left; "
            "with --allotted, the time used (28:20). A player without @CLOCK had time left.",
        ),
    ],
    rules: RequiredRulesOption,
    allotted: Annotated[
        Optional[str], typer.Option("--allotted", metavar="MM:SS", help="Time per player, for unsigned CLOCK (time used).")
    ] = None,
    json_: JsonOption = False,
    settings: SetOption = None,
) -> None:
    """Clock penalties: 10 points per started minute over (-00:01 to -01:00 = 10, -01:01 = 20).

    NASPA: beyond 10 minutes over (-10:01 on), the player loses: minus 100, and an opponent still
    behind is raised to win by one; unplayed tiles are disregarded. -10:00 itself costs 100.

    Example: adjudicate clock --rules naspa A=520@-10:01 B=380@+02:15

    Example: adjudicate clock --rules fise --allotted 25:00 A=410@28:20 B=395@24:10
    """
    from adjudicate.overtime import apply_clock, parse_clock, parse_duration

    with errors_exit_2():
        ruleset = _ruleset(rules, settings)
        allotted_seconds = parse_duration(allotted, what="--allotted") if allotted is not None else None
        if allotted_seconds == 0:
            fail(f"--allotted {allotted!r}: must be more than 00:00")
        scores: dict[str, int] = {}
        overtime: dict[str, int] = {}
        for item in players:
            name, rest = _split_player(item, "PLAYER=SCORE@CLOCK, e.g. A=410@-03:20")
            score_text, has_clock, clock_text = rest.partition("@")
            _add(scores, name, _score(item, score_text), item)
            if has_clock:
                overtime[name] = parse_clock(clock_text, allotted=allotted_seconds)
        if len(scores) < 2:
            fail(f"{len(scores)} player given: clock penalties need 2 to 4 players")
        result = apply_clock(scores, overtime, ruleset)
    if json_:
        _emit_json(result, ruleset)
        return
    from tabulate import tabulate

    rows = [
        [
            p.player,
            p.score,
            p.clock,
            -p.penalty if p.penalty else 0,
            "FORFEIT" if p.forfeit else "",
            _signed(p.raised),
            p.final,
        ]
        for p in result.players
    ]
    typer.echo(f"Ruleset: {ruleset.name}{_override_text(ruleset)}")
    typer.echo(
        tabulate(
            rows,
            headers=["player", "score", "overtime", "penalty", "forfeit", "raised", "final"],
            disable_numparse=True,
            colalign=("left", "right", "right", "right", "left", "right", "right"),
        )
    )
    _echo_notes(result.notes)
    typer.echo(_result_line(result.winners, result.tie))
