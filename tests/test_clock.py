"""Clock penalties and `adjudicate clock`: RULES.md §3.2 worked examples, the overtime boundaries,
the NASPA forfeit. Expected numbers are hand-computed: 10 x started minutes from whole seconds."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import adjudicate.cli
from adjudicate.overtime import (
    apply_clock,
    format_clock,
    is_forfeit,
    overtime_penalty,
    parse_clock,
    parse_duration,
)
from adjudicate.errors import AdjudicateError
from adjudicate.rules import CATALAN, FISE, NASPA, WESPA

# MàTaM times each turn (art. 30) and has no points penalty; a Catalan 1-vs-1 event played with
# chess clocks and the usual 10 points a minute (RULES.md §3) is these two overrides.
CHESS_CLOCK_CATALAN = CATALAN.replace(turn_time_limit_seconds=None, overtime_points_per_minute=10)

# -- parsing -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "allotted", "seconds_over"),
    [
        ("-03:20", None, 200),
        ("-00:01", None, 1),
        ("-00:00", None, 0),
        ("-10:01", None, 601),
        ("-1:02:03", None, 3723),
        ("\u221203:20", None, 200),  # a typographic minus, as RULES.md writes it
        (" -3:20 ", None, 200),
        ("+01:05", None, 0),
        ("+00:00", None, 0),
        ("+1:00:00", 1500, 0),  # signed: a display, --allotted does not apply
        ("-03:20", 1500, 200),
        ("28:20", 1500, 200),  # unsigned with allotted: time used
        ("25:20", 1500, 20),
        ("25:00", 1500, 0),
        ("24:10", 1500, 0),
        ("1:05:00", 3000, 900),
    ],
)
def test_parse_clock(text, allotted, seconds_over):
    assert parse_clock(text, allotted=allotted) == seconds_over


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3:20", "needs the allotted time"),
        ("", "expected MM:SS"),
        ("-", "expected MM:SS"),
        ("abc", "expected MM:SS"),
        ("-3", "expected MM:SS"),
        ("--03:20", "expected MM:SS"),
        ("+-03:20", "expected MM:SS"),
        ("-03:60", "seconds must be two digits"),
        ("-03:5", "seconds must be two digits"),
        ("-1:60:00", "minutes must be two digits"),
        ("-1:2:00", "minutes must be two digits"),
        ("-1:02:03:04", "expected MM:SS"),
        ("-03.20", "expected MM:SS"),
        ("-٣:٢٠", "expected MM:SS"),  # Arabic-Indic digits are not clock digits
    ],
)
def test_parse_clock_rejects_naming_the_text(text, message):
    with pytest.raises(AdjudicateError, match=message) as info:
        parse_clock(text)
    assert repr(text) in str(info.value)


def test_parse_duration_and_format():
    assert parse_duration("25:00") == 1500 and parse_duration("0:30") == 30
    with pytest.raises(AdjudicateError, match="expected MM:SS"):
        parse_duration("-25:00")
    assert [format_clock(s) for s in (0, -5, 1, 200, 601, 3723)] == ["00:00", "00:00", "-00:01", "-03:20", "-10:01", "-1:02:03"]


# -- penalties: RULES.md §3.2 and the boundaries -------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "clock", "penalty", "forfeit"),
    [
        (NASPA, "-00:01", 10, False),
        (NASPA, "-01:00", 10, False),
        (NASPA, "-01:01", 20, False),
        (NASPA, "-03:20", 40, False),
        (NASPA, "-09:59", 100, False),
        (NASPA, "-10:00", 100, False),  # our decision: -10:00 is still within the maximum
        (NASPA, "-10:01", 100, True),  # beyond: forfeit, minus 100
        (NASPA, "-25:00", 100, True),
        (NASPA, "-00:00", 0, False),
        (NASPA, "+05:00", 0, False),
        (FISE, "-00:20", 10, False),  # FISE 50-min game, 25 min each, over by 0:20
        (FISE, "-03:00", 30, False),  # over by 3:00 exactly
        (FISE, "-10:01", 110, False),  # no maximum outside NASPA
        (WESPA, "-12:00", 120, False),
        (CHESS_CLOCK_CATALAN, "-01:01", 20, False),
    ],
)
def test_penalty(ruleset, clock, penalty, forfeit):
    seconds = parse_clock(clock)
    assert overtime_penalty(seconds, ruleset) == penalty
    assert is_forfeit(seconds, ruleset) is forfeit


def test_penalty_follows_the_ruleset():
    assert overtime_penalty(61, NASPA.replace(overtime_points_per_minute=5)) == 10
    assert overtime_penalty(61, NASPA.replace(overtime_points_per_minute=0)) == 0
    capped = FISE.replace(overtime_max_minutes=5)  # a maximum without a forfeit only caps
    assert overtime_penalty(601, capped) == 50 and not is_forfeit(601, capped)


@pytest.mark.parametrize("bad", [-1, 1.5, "60", True])
def test_penalty_rejects_bad_seconds(bad):
    with pytest.raises(AdjudicateError, match="not a whole number of seconds"):
        overtime_penalty(bad, NASPA)


# -- apply_clock ---------------------------------------------------------------------------------
# (case, ruleset, scores, overtime clocks, penalties, raised, finals, winners, forfeited)
CASES = [
    # §3.2: A 520, B 380, A exceeds -10:00: A 420; B 380 < 420 -> raised to 421; B wins by 1.
    ("forfeit, opponent raised", NASPA, {"A": 520, "B": 380}, {"A": "-10:01"},
     {"A": 100, "B": 0}, {"A": 0, "B": 41}, {"A": 420, "B": 421}, ("B",), ("A",)),
    # §3.2: A 410, B 380, A exceeds -10:00: A 310; B 380 already higher.
    ("forfeit, opponent already ahead", NASPA, {"A": 410, "B": 380}, {"A": "-12:30"},
     {"A": 100, "B": 0}, {"A": 0, "B": 0}, {"A": 310, "B": 380}, ("B",), ("A",)),
    # -10:00 exactly is not a forfeit: A 520 - 100 = 420 still beats B 380.
    ("-10:00 is not a forfeit", NASPA, {"A": 520, "B": 380}, {"A": "-10:00"},
     {"A": 100, "B": 0}, {"A": 0, "B": 0}, {"A": 420, "B": 380}, ("A",), ()),
    # Forfeiter level with the opponent after -100: a tie is not a win, so B is raised by 1.
    ("forfeit, level", NASPA, {"A": 500, "B": 400}, {"A": "-10:01"},
     {"A": 100, "B": 0}, {"A": 0, "B": 1}, {"A": 400, "B": 401}, ("B",), ("A",)),
    # Both over: B's own penalty first (-02:00 = 20 -> 360), then raised to 421.
    ("forfeit, opponent also over", NASPA, {"A": 520, "B": 380}, {"A": "-10:01", "B": "-02:00"},
     {"A": 100, "B": 20}, {"A": 0, "B": 61}, {"A": 420, "B": 421}, ("B",), ("A",)),
    # Both forfeit: -100 each, nobody raised, nobody wins.
    ("double forfeit", NASPA, {"A": 520, "B": 380}, {"A": "-10:01", "B": "-11:00"},
     {"A": 100, "B": 100}, {"A": 0, "B": 0}, {"A": 420, "B": 280}, (), ("A", "B")),
    # Ordinary penalties change the winner: A 410 - 40 = 370 < B 395.
    ("penalty decides", NASPA, {"A": 410, "B": 395}, {"A": "-03:20", "B": "+01:05"},
     {"A": 40, "B": 0}, {"A": 0, "B": 0}, {"A": 370, "B": 395}, ("B",), ()),
    ("fise penalty", FISE, {"A": 400, "B": 390}, {"A": "-01:01"},
     {"A": 20, "B": 0}, {"A": 0, "B": 0}, {"A": 380, "B": 390}, ("B",), ()),
    ("penalties level", WESPA, {"A": 400, "B": 390}, {"A": "-00:01"},
     {"A": 10, "B": 0}, {"A": 0, "B": 0}, {"A": 390, "B": 390}, ("A", "B"), ()),
    # FISE has no maximum: 11:00 over is 110, no forfeit.
    ("fise no maximum", FISE, {"A": 520, "B": 380}, {"A": "-11:00"},
     {"A": 110, "B": 0}, {"A": 0, "B": 0}, {"A": 410, "B": 380}, ("A",), ()),
    # 3 players (Catalan opened to the NASPA forfeit): every non-forfeiter ends above the forfeiter.
    ("3 players, one forfeit", CHESS_CLOCK_CATALAN.replace(overtime_max_minutes=10, overtime_forfeit="naspa"),
     {"A": 500, "B": 380, "C": 450}, {"A": "-10:01"},
     {"A": 100, "B": 0, "C": 0}, {"A": 0, "B": 21, "C": 0}, {"A": 400, "B": 401, "C": 450}, ("C",), ("A",)),
    ("3 players, two forfeits", CHESS_CLOCK_CATALAN.replace(overtime_max_minutes=10, overtime_forfeit="naspa"),
     {"A": 500, "B": 450, "C": 300}, {"A": "-10:01", "B": "-15:00"},
     {"A": 100, "B": 100, "C": 0}, {"A": 0, "B": 0, "C": 101}, {"A": 400, "B": 350, "C": 401}, ("C",),
     ("A", "B")),
]


@pytest.mark.parametrize(
    ("case", "ruleset", "scores", "clocks", "penalties", "raised", "finals", "winners", "forfeited"),
    CASES,
    ids=[c[0] for c in CASES],
)
def test_apply_clock(case, ruleset, scores, clocks, penalties, raised, finals, winners, forfeited):
    result = apply_clock(scores, {name: parse_clock(text) for name, text in clocks.items()}, ruleset)
    assert {p.player: p.penalty for p in result.players} == penalties
    assert {p.player: p.raised for p in result.players} == raised
    assert result.final_scores() == finals
    assert result.winners == winners
    assert result.forfeited == forfeited
    assert result.tiles_disregarded == bool(forfeited)
    if forfeited:
        assert any("unplayed tiles are disregarded" in note for note in result.notes)


def test_to_dict():
    result = apply_clock({"A": 520, "B": 380}, {"A": 601}, NASPA)
    assert result.to_dict() == {
        "ruleset": "naspa",
        "players": [
            {"player": "A", "score": 520, "overtime": "-10:01", "seconds_over": 601, "penalty": 100,
             "forfeit": True, "raised": 0, "final": 420},
            {"player": "B", "score": 380, "overtime": "00:00", "seconds_over": 0, "penalty": 0,
             "forfeit": False, "raised": 41, "final": 421},
        ],
        "winners": ["B"],
        "tie": False,
        "forfeited": ["A"],
        "tiles_disregarded": True,
        "notes": [
            "A: over 10:00 of overtime, minus 100 and the game lost; unplayed tiles are disregarded "
            "(scores before any rack adjustment)",
            "B raised by 41 to win by one",
        ],
    }


@pytest.mark.parametrize(
    ("scores", "overtime", "ruleset", "message"),
    [
        ({"A": 1}, {}, NASPA, "1 player: clock penalties need 2 to 4"),
        ({n: 1 for n in "ABCDE"}, {}, CHESS_CLOCK_CATALAN, "5 players"),
        # MàTaM (issue 17, item 3): no chess clock, no time penalty: the rule is said instead.
        ({"A": 1, "B": 2, "C": 3}, {"A": 61}, CATALAN, r"catalan has no chess clock .* 2 minutes"),
        ({"A": 1, "B": 2, "C": 3}, {}, NASPA, "a naspa game has 2 players"),
        ({"A": 1, "B": 2}, {"C": 60}, NASPA, "overtime given for 'C'"),
        ({"A": 1, "B": 2}, {"A": -5}, NASPA, "not a whole number of seconds"),
        ({"A": 1, "B": 2.5}, {}, NASPA, "B's score 2.5 is not a whole number"),
    ],
)
def test_apply_clock_rejects(scores, overtime, ruleset, message):
    with pytest.raises(AdjudicateError, match=message):
        apply_clock(scores, overtime, ruleset)


# -- the command ---------------------------------------------------------------------------------
def invoke(*args):
    return CliRunner().invoke(adjudicate.cli.app, ["clock", *args])


def test_cli_table_forfeit():
    result = invoke("--rules", "naspa", "A=520@-10:01", "B=380@+02:15")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Ruleset: naspa"
    assert lines[1].split() == ["player", "score", "overtime", "penalty", "forfeit", "raised", "final"]
    assert lines[3].split() == ["A", "520", "-10:01", "-100", "FORFEIT", "0", "420"]
    assert lines[4].split() == ["B", "380", "00:00", "0", "+41", "421"]
    assert "unplayed tiles are disregarded" in result.stdout
    assert lines[-1] == "Result: B wins"
    assert result.stderr == ""


def test_cli_json_allotted():
    # FISE 50-minute game: 25:00 each; A used 28:20 (3:20 over -> 40), B 24:10 (time left).
    result = invoke("--rules", "fise", "--allotted", "25:00", "A=410@28:20", "B=395@24:10", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(p["player"], p["overtime"], p["penalty"], p["final"]) for p in data["players"]] == [
        ("A", "-03:20", 40, 370),
        ("B", "00:00", 0, 395),
    ]
    assert data["winners"] == ["B"] and data["forfeited"] == [] and data["overrides"] == {}


def test_cli_player_without_clock_and_override():
    result = invoke("--rules", "wespa", "A=400@-00:01", "B=390", "--set", "overtime_points_per_minute=5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["final"] for p in data["players"]] == [395, 390]
    assert data["overrides"] == {"overtime_points_per_minute": 5}


def test_cli_help_has_an_example():
    result = invoke("--help")
    assert result.exit_code == 0 and "Example: adjudicate clock" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["A=520@-10:61", "B=380"], "clock '-10:61': seconds must be two digits"),
        (["A=520@soon", "B=380"], "clock 'soon': expected MM:SS"),
        (["A=520@3:20", "B=380"], "needs the allotted time"),
        (["A=520@-03:20"], "1 player given"),
        (["A=abc@-03:20", "B=380"], "score 'abc' is not a whole number"),
        (["A=520@-03:20", "A=380"], "player 'A' is given twice"),
        (["A=520@-03:20", "B=380", "C=1"], "a naspa game has 2 players"),
        (["A=520@28:00", "B=380", "--allotted", "25"], "--allotted '25': expected MM:SS"),
        (["A=520@28:00", "B=380", "--allotted", "00:00"], "--allotted '00:00': must be more than 00:00"),
        (["A=520@-01:00", "B=380", "--set", "overtime_max_minutes=none"], "needs overtime_max_minutes"),
    ],
)
def test_cli_rejects(args, message):
    result = invoke("--rules", "naspa", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and message in result.stderr


def test_a_signed_allotted_time_is_shown_an_unsigned_example():
    """--allotted is a time, not a clock's display: its error must not suggest "-03:20"."""
    with pytest.raises(AdjudicateError, match="expected MM:SS or H:MM:SS, e.g. 25:00$"):
        parse_duration("-25:00", what="--allotted")
    with pytest.raises(AdjudicateError, match="e.g. -03:20$"):
        parse_clock("3:2x")


def test_a_table_that_cannot_be_is_a_table_error():
    """endgame and clock refuse a table with the same check and an error of its own, TableError
    (issue 27: a bare AdjudicateError before), whose message names the command's need."""
    from adjudicate.adjustments import rack_adjustments
    from adjudicate.errors import TableError
    from adjudicate.rules import NASPA

    with pytest.raises(TableError, match="^1 player: clock penalties need 2 to 4 players$"):
        apply_clock({"A": 300}, {}, NASPA)
    with pytest.raises(TableError, match="^1 player: an end-game adjustment needs 2 to 4 players$"):
        rack_adjustments({"A": 300}, {}, "english", NASPA, ended="scoreless")
    with pytest.raises(TableError, match="B's score 2.5 is not a whole number"):
        apply_clock({"A": 300, "B": 2.5}, {}, NASPA)  # type: ignore[dict-item]
    with pytest.raises(TableError, match="expected MM:SS"):
        parse_clock("soon")
