"""End-of-game rack adjustments and `adjudicate endgame`. Every expected number is worked by hand
from the tile values of RULES.md §4 (English Q 10, I 1, E 1, ? 0; Spanish CH 5, A 1; Catalan Ç 10,
C 2, F 4, B 3, L·L 10, QU 8). A typed Spanish rack's CH is one tile or two as --spelling says,
refused when it is not said.

Numbers of thousands of digits given to endgame and clock (and to rescore's --set) are refused
with exit 2 and a short message, or read when leading zeros make them small, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import adjudicate.cli
from adjudicate.cli import app
from adjudicate.adjustments import rack_adjustments
from adjudicate.errors import AdjudicateError, UnknownTileError
from adjudicate.rules import CATALAN, FISE, NASPA, WESPA, find_ruleset
from adjudicate.tiles import get_alphabet, parse_rack


def run(scores, racks, rules, **ending):
    ruleset = find_ruleset(rules) if isinstance(rules, str) else rules
    alphabet = get_alphabet(ruleset.alphabet)
    parsed = {name: parse_rack(text, alphabet) for name, text in racks.items()}
    return rack_adjustments(scores, parsed, alphabet, ruleset, **ending)


# -- RULES.md §2.2 worked examples ---------------------------------------------------------------
# (case, ruleset, scores, racks, ending, adjustments, finals, winners)
WORKED = [
    # 1. NASPA going out: A (380) plays out, B (402) holds IQ (11): A 402, B 402, a tie.
    ("naspa out", NASPA, {"A": 380, "B": 402}, {"B": "IQ"}, {"went_out": "A"},
     {"A": 22, "B": 0}, {"A": 402, "B": 402}, ("A", "B")),
    # 2. FISE going out: B holds [CH]A (6): A 386, B 396.
    ("fise out", FISE, {"A": 380, "B": 402}, {"B": "[CH]A"}, {"went_out": "A"},
     {"A": 6, "B": -6}, {"A": 386, "B": 396}, ("B",)),
    # 2'. The same under the x2 convention: A 392, B 402 (same spread +2R, different scores).
    ("fise out, x2", FISE.replace(outplay="double"), {"A": 380, "B": 402}, {"B": "[CH]A"},
     {"went_out": "A"}, {"A": 12, "B": 0}, {"A": 392, "B": 402}, ("B",)),
    # 3. MàTaM going out, 3 players: B holds 7 (F 4 + B 3), C holds 12 (Ç 10 + C 2): B -7, C -12, A +19.
    ("matam out", CATALAN, {"A": 300, "B": 310, "C": 320}, {"B": "FB", "C": "ÇC"}, {"went_out": "A"},
     {"A": 19, "B": -7, "C": -12}, {"A": 319, "B": 303, "C": 308}, ("A",)),
    # 4. Six zeros (NASPA): 310-295, A ?AEEOTT (6), B EIOQRRT (16): A 304, B 279.
    ("naspa six zeros", NASPA, {"A": 310, "B": 295}, {"A": "?AEEOTT", "B": "EIOQRRT"},
     {"ended": "scoreless"}, {"A": -6, "B": -16}, {"A": 304, "B": 279}, ("A",)),
    # 4'. The real record cited there: from 0-0, final -6 / -16.
    ("naspa six zeros from 0", NASPA, {"A": 0, "B": 0}, {"A": "?AEEOTT", "B": "EIOQRRT"},
     {"ended": "scoreless"}, {"A": -6, "B": -16}, {"A": -6, "B": -16}, ("A",)),
    # 5. FISE four passes: each player subtracts own tiles (A E = 1, B [CH]A = 6).
    ("fise four passes", FISE, {"A": 300, "B": 280}, {"A": "E", "B": "[CH]A"}, {"ended": "passes"},
     {"A": -1, "B": -6}, {"A": 299, "B": 274}, ("A",)),
    # 6. FISE time-out: scores stand, no rack subtraction.
    ("fise time-out", FISE, {"A": 300, "B": 280}, {"A": "E", "B": "[CH]A"}, {"ended": "time"},
     {"A": 0, "B": 0}, {"A": 300, "B": 280}, ("A",)),
]


@pytest.mark.parametrize(
    ("case", "ruleset", "scores", "racks", "ending", "adjustments", "finals", "winners"),
    WORKED,
    ids=[w[0] for w in WORKED],
)
def test_worked_examples(case, ruleset, scores, racks, ending, adjustments, finals, winners):
    result = run(scores, racks, ruleset, **ending)
    assert {p.player: p.adjustment for p in result.players} == adjustments
    assert result.final_scores() == finals
    assert result.winners == winners
    assert result.tie == (len(winners) > 1)
    assert list(result.final_scores()) == list(scores)  # seating order kept


# -- each ruleset x each ending ------------------------------------------------------------------
# Position: A 300, B 280. Going out: A out, B holds R. Otherwise A holds E (1), B holds R.
# R: English QI 11, Spanish [CH]A 6, Catalan ÇA 11.
RACK_B = {"naspa": ("QI", 11), "wespa": ("QI", 11), "fise": ("[CH]A", 6), "catalan": ("ÇA", 11)}
GRID = [
    # ruleset, ending,            A final, B final
    ("naspa", "went_out", 322, 280),
    ("wespa", "went_out", 322, 280),
    ("fise", "went_out", 306, 274),
    ("catalan", "went_out", 311, 269),
    ("naspa", "passes", 299, 269),
    ("wespa", "passes", 299, 269),
    ("fise", "passes", 299, 274),
    ("catalan", "passes", 299, 269),
    ("naspa", "scoreless", 299, 269),
    ("wespa", "scoreless", 299, 269),
    ("fise", "scoreless", 299, 274),
    ("catalan", "scoreless", 299, 269),
    ("naspa", "blocked", 299, 269),
    ("wespa", "blocked", 299, 269),
    ("fise", "blocked", 299, 274),
    ("catalan", "blocked", 299, 269),
    ("naspa", "time", 300, 280),
    ("wespa", "time", 300, 280),
    ("fise", "time", 300, 280),
    ("catalan", "time", 300, 280),
]


@pytest.mark.parametrize(("rules", "ending", "a_final", "b_final"), GRID)
def test_each_ruleset_each_ending(rules, ending, a_final, b_final):
    rack_b, value_b = RACK_B[rules]
    if ending == "went_out":
        result = run({"A": 300, "B": 280}, {"B": rack_b}, rules, went_out="A")
        assert result.outplay == find_ruleset(rules).outplay
    else:
        result = run({"A": 300, "B": 280}, {"A": "E", "B": rack_b}, rules, ended=ending)
        assert result.outplay is None
    assert result.ending == ending
    assert result.final_scores() == {"A": a_final, "B": b_final}
    assert [p.rack_value for p in result.players] == [0 if ending == "went_out" else 1, value_b]


def test_double_with_more_players_adds_twice_the_sum():
    # NASPA opened to 3 players: A out, B 7, C 11: A + 2 x 18 = 36, B and C unchanged.
    result = run({"A": 300, "B": 310, "C": 320}, {"B": "DDAEI", "C": "QU"}, NASPA.replace(max_players=4),
                 went_out="A")
    # B: D 2 + D 2 + A 1 + E 1 + I 1 = 7; C: Q 10 + U 1 = 11
    assert result.final_scores() == {"A": 336, "B": 310, "C": 320}
    assert any("inferred" in note for note in result.notes)
    matam_x2 = run({"A": 300, "B": 310, "C": 320}, {"B": "FB", "C": "ÇC"}, CATALAN.replace(outplay="double"),
                   went_out="A")
    assert matam_x2.final_scores() == {"A": 338, "B": 310, "C": 320}


def test_four_players_international():
    # Catalan table of 4: B L·L (10), C QU (8), D ?E (1): B -10, C -8, D -1, A +19.
    result = run({"A": 100, "B": 200, "C": 150, "D": 120}, {"B": "L·L", "C": "QU", "D": "?E"}, CATALAN,
                 went_out="A")
    assert result.final_scores() == {"A": 119, "B": 190, "C": 142, "D": 119}
    assert result.winners == ("B",)


def test_three_way_tie():
    result = run({"A": 300, "B": 301, "C": 302}, {"A": "E", "B": "EE", "C": "EEE"}, CATALAN, ended="blocked")
    assert result.final_scores() == {"A": 299, "B": 299, "C": 299}
    assert result.winners == ("A", "B", "C") and result.tie


def test_time_limit_ending_can_adjust_by_override():
    result = run({"A": 300, "B": 280}, {"A": "E", "B": "[CH]A"}, FISE.replace(time_limit_ending_adjusts=True),
                 ended="time")
    assert result.final_scores() == {"A": 299, "B": 274}


def test_designated_blank_on_a_rack_is_worth_nothing():
    en = get_alphabet("english")
    q = parse_rack("Q", en)[0]
    result = rack_adjustments({"A": 10, "B": 10}, {"B": (q | 0x80, q)}, en, NASPA, went_out="A")
    assert result.players[1].rack_value == 10 and result.players[1].rack_text == "?Q"


def test_alphabet_by_name_and_to_dict():
    en = get_alphabet("english")
    result = rack_adjustments({"A": 380, "B": 402}, {"B": parse_rack("IQ", en)}, "english", WESPA, went_out="A")
    assert result.to_dict() == {
        "ruleset": "wespa",
        "ending": "went_out",
        "went_out": "A",
        "outplay": "double",
        "players": [
            {"player": "A", "score": 380, "rack": "", "rack_value": 0, "adjustment": 22, "final": 402},
            {"player": "B", "score": 402, "rack": "IQ", "rack_value": 11, "adjustment": 0, "final": 402},
        ],
        "winners": ["A", "B"],
        "tie": True,
        "notes": ["A adds twice the opponents' tiles (wespa)"],
    }


# -- rejections ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("scores", "racks", "rules", "ending", "message"),
    [
        ({"A": 1}, {}, "naspa", {"ended": "time"}, "1 player: an end-game adjustment needs 2 to 4"),
        ({n: 1 for n in "ABCDE"}, {}, "catalan", {"ended": "time"}, "5 players: .* needs 2 to 4"),
        ({"A": 1, "B": 2, "C": 3}, {}, "naspa", {"ended": "time"}, "a naspa game has 2 players"),
        ({"A": 1, "B": 2}, {"A": "E", "B": "E"}, "naspa", {}, "either a player went out"),
        ({"A": 1, "B": 2}, {"B": "E"}, "naspa", {"went_out": "A", "ended": "time"}, "not both"),
        ({"A": 1, "B": 2}, {"B": "E"}, "naspa", {"went_out": "C"}, "'C' went out but is not a player"),
        ({"A": 1, "B": 2}, {"A": "E", "B": "E"}, "naspa", {"ended": "resigned"}, "unknown ending 'resigned'"),
        ({"A": 1, "B": 2}, {"A": "E", "B": "E"}, "naspa", {"went_out": "A"}, "A went out but holds E"),
        ({"A": 1, "B": 2}, {}, "naspa", {"went_out": "A"}, "B has no tiles"),
        ({"A": 1, "B": 2}, {"A": "E"}, "fise", {"ended": "passes"}, "B has no tiles"),
        ({"A": 1, "B": 2}, {"B": "QQ"}, "naspa", {"went_out": "A"}, "2 x Q, but the english set has only 1"),
        ({"A": 1, "B": 2, "C": 3}, {"B": "Ç", "C": "Ç"}, "catalan", {"went_out": "A"}, "2 x Ç, but"),
        ({"A": 1, "B": 2, "C": 3}, {"A": "?", "B": "?", "C": "?"}, "catalan", {"ended": "time"}, "3 x \\?"),
        ({"A": 1, "B": 2}, {"B": "EEEEEEEE"}, "naspa", {"went_out": "A"}, "B holds 8 tiles: a rack holds at most 7"),
        ({"A": 1, "B": 2}, {"B": "E", "C": "E"}, "naspa", {"went_out": "A"}, "rack given for 'C'"),
        ({"A": 1, "B": "2"}, {"B": "E"}, "naspa", {"went_out": "A"}, "B's score '2' is not a whole number"),
    ],
)
def test_rejects(scores, racks, rules, ending, message):
    with pytest.raises(AdjudicateError, match=message):
        run(scores, racks, rules, **ending)


def test_rack_with_tiles_the_set_lacks_is_unknown_tile_error():
    with pytest.raises(UnknownTileError, match="K is not a tile of the Spanish set"):
        run({"A": 1, "B": 2}, {"B": "KA"}, "fise", went_out="A")
    # On a rack every alias is read (Catalan Y is NY), so take a letter that is no alias: Ñ.
    with pytest.raises(UnknownTileError, match="Ñ is not a tile of the Catalan set"):
        run({"A": 1, "B": 2, "C": 3}, {"B": "Ñ", "C": "E"}, "catalan", went_out="A")


def test_rejects_raw_codes_outside_the_set():
    en = get_alphabet("english")
    with pytest.raises(AdjudicateError, match="not a tile of the english set"):
        rack_adjustments({"A": 1, "B": 2}, {"B": (27,)}, en, NASPA, went_out="A")
    with pytest.raises(AdjudicateError, match="not a tile on a rack"):
        rack_adjustments({"A": 1, "B": 2}, {"B": (-1,)}, en, NASPA, went_out="A")


# -- the command ---------------------------------------------------------------------------------
def invoke(*args):
    return CliRunner().invoke(adjudicate.cli.app, ["endgame", *args])


def test_cli_table_naspa():
    result = invoke("--rules", "naspa", "A=380", "B=402:IQ", "--went-out", "A")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Ruleset: naspa; A went out"
    assert lines[1].split() == ["player", "score", "rack", "rack", "value", "adjustment", "final"]
    assert lines[3].split() == ["A", "380", "-", "0", "+22", "402"]
    assert lines[4].split() == ["B", "402", "IQ", "11", "0", "402"]
    assert lines[-1] == "Result: tie between A, B"
    assert result.stderr == ""


def test_cli_table_catalan_three_players_passes():
    result = invoke("--rules", "matam", "A=300:E", "B=280:l·la", "C=250:?qu", "--ended", "passes")
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines()[3:6]]
    assert rows == [
        ["A", "300", "E", "1", "-1", "299"],
        ["B", "280", "L·LA", "11", "-11", "269"],
        ["C", "250", "?QU", "8", "-8", "242"],
    ]
    assert result.stdout.splitlines()[-1] == "Result: A wins"


def test_cli_json_fise():
    # (Bracketed, in lowercase: a typed rack ignores case. Unbracketed `chA` is refused: see below.)
    result = invoke("--rules", "FISE", "A=380", "B=402:[ch]A", "--went-out", "a", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ruleset"] == "fise" and data["went_out"] == "A" and data["outplay"] == "international"
    assert [(p["player"], p["rack"], p["rack_value"], p["adjustment"], p["final"]) for p in data["players"]] == [
        ("A", "", 0, 6, 386),
        ("B", "[CH]A", 6, -6, 396),
    ]
    assert data["winners"] == ["B"] and data["tie"] is False and data["overrides"] == {}


def test_cli_set_override():
    result = invoke("--rules", "fise", "A=380", "B=402:[CH]A", "--went-out", "A", "--set", "outplay=double", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["final"] for p in data["players"]] == [392, 402]
    assert data["overrides"] == {"outplay": "double"}
    table = invoke("--rules", "fise", "A=380", "B=402:[CH]A", "--went-out", "A", "--set", "outplay=double")
    assert table.stdout.splitlines()[0] == "Ruleset: fise (outplay=double); A went out"


def test_cli_time_needs_no_racks_and_negative_scores_parse():
    result = invoke("--rules", "catalan", "A=-5", "B=+12", "C=0", "--ended", "time", "--json")
    assert result.exit_code == 0, result.output
    assert [p["final"] for p in json.loads(result.stdout)["players"]] == [-5, 12, 0]


def test_cli_help_has_an_example():
    result = invoke("--help")
    assert result.exit_code == 0 and "Example: adjudicate endgame" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["A=380", "B=402:KA", "--went-out", "A", "--rules", "fise"], "K is not a tile of the Spanish set"),
        (["A=380", "B=x:IQ", "--went-out", "A"], "score 'x' is not a whole number"),
        (["A=3.5", "B=4:IQ", "--went-out", "A"], "score '3.5' is not a whole number"),
        (["A=380"], "1 player given"),
        (["A=380", "B=402:IQ", "--went-out", "C"], "--went-out 'C' is not one of the players (A, B)"),
        (["A=380", "B=402:IQ"], "exactly one"),
        (["A=380", "B=402:IQ", "--went-out", "A", "--ended", "time"], "exactly one"),
        (["A=380", "B=402:IQ", "--ended", "resign"], "--ended 'resign': expected one of"),
        (["A=380", "B=402:QQ", "--went-out", "A"], "2 x Q, but the english set has only 1"),
        (["A=380:E", "B=402:IQ", "--went-out", "A"], "finisher's rack must be empty"),
        (["A=380", "B=402:IQ", "C=1:E", "--went-out", "A"], "a naspa game has 2 players"),
        (["A=380", "A=402:IQ", "--went-out", "A"], "player 'A' is given twice"),
        (["380", "B=402:IQ", "--went-out", "B"], "expected PLAYER=SCORE[:RACK]"),
        (["A=380", "B=402:IQ", "--went-out", "A", "--set", "foo=1"], "unknown rule parameter 'foo'"),
        (["A=380", "B=402:IQ", "--went-out", "A", "--set", "outplay"], "expected KEY=VALUE"),
    ],
)
def test_cli_rejects(args, message):
    if "--rules" not in args:
        args = ["--rules", "naspa", *args]
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ") and message in result.stderr


def test_cli_unknown_ruleset_and_missing_rules():
    result = invoke("--rules", "scrabble", "A=1", "B=2", "--ended", "time")
    assert result.exit_code == 2 and "unknown ruleset 'scrabble' (known: naspa" in result.stderr
    missing = invoke("A=1", "B=2", "--ended", "time")
    assert missing.exit_code == 2 and "--rules" in missing.stderr


def test_endgame_refuses_an_unbracketed_digraph_in_a_typed_rack():
    runner = CliRunner()
    result = runner.invoke(app, ["endgame", "--rules", "fise", "a=380", "b=402:ACH", "--went-out", "a"])
    assert result.exit_code == 2
    assert "A[CH] (one CH tile) or A C H (separate tiles)" in result.stderr
    # FISE out-play (RULES.md §2.2 example 2): b holds [CH] A = 5 + 1 = 6: a 386, b 396.
    result = runner.invoke(app, ["endgame", "--rules", "fise", "a=380", "b=402:A[CH]", "--went-out", "a", "--json"])
    assert result.exit_code == 0, result.output
    assert [p["final"] for p in json.loads(result.stdout)["players"]] == [386, 396]
    # Said which: separate C and H tiles are 1 + 3 + 4 = 8: a 388, b 394; the tile: 6 again.
    for spelling, finals in (("bracketed", [388, 394]), ("plain", [386, 396])):
        result = runner.invoke(app, ["endgame", "--rules", "fise", "a=380", "b=402:ACH", "--went-out", "a",
                                     "--spelling", spelling, "--json"])
        assert result.exit_code == 0, result.output
        assert [p["final"] for p in json.loads(result.stdout)["players"]] == finals


# -- huge numbers on the command line (endgame, clock, rescore --set): exit 2 ----------------------

GAME = Path(__file__).parent / "data" / "games" / "fx_fise_outplay.gcg"
BIG = "9" * 5000  # beyond Python's 4,300-digit int() limit: a ValueError that is no AdjudicateError
HUGE = "1" + "0" * 400  # 10**400


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["endgame", "--rules", "naspa", f"A={HUGE}", "B=3:IQ", "--went-out", "A"], "score too large"),
        (["endgame", "--rules", "naspa", f"A={BIG}", "B=3:IQ", "--went-out", "A"], "score too large"),
        (["clock", "--rules", "naspa", f"A={BIG}@-10:01", "B=380@+02:00"], "score too large"),
        (["clock", "--rules", "naspa", f"A=5@-{BIG}:01", "B=380@+02:00"], "too large (at most 6 digits"),
        (["clock", "--rules", "naspa", "A=5@-01:00", "B=380@+02:00", "--allotted", f"{BIG}:00"], "too large"),
        (["rescore", "--set", f"bingo_bonus={BIG}", str(GAME)], "too large (at most 9 digits)"),
        (["rescore", "--set", f"bingo_bonus={HUGE}", str(GAME)], "too large (at most 9 digits)"),
    ],
    ids=["endgame-10**400", "endgame-5000-digits", "clock-score", "clock-time", "clock-allotted",
         "set-5000-digits", "set-10**400"],
)
def test_huge_numbers_on_the_command_line_exit_2(args: list[str], message: str, cli, error_line) -> None:  # type: ignore[no-untyped-def]
    result = cli(args)
    assert result.exit_code == 2, result.output
    line = error_line(result)
    assert message in line and len(line) < 200


# -- numbers with thousands of digits ---------------------------------------------------------------


ZEROS = "0" * 5000


def test_five_thousand_leading_zeros_are_read_not_a_crash(cli) -> None:  # type: ignore[no-untyped-def]
    """atheris: int() counts leading zeros against its 4,300-digit limit (a ValueError, exit 3)."""
    from adjudicate.overtime import parse_duration
    from adjudicate.notation import parse_coord
    from adjudicate.rules import find_ruleset, parse_overrides

    assert parse_coord(ZEROS + "8D") == parse_coord("8D")
    assert parse_duration(f"{ZEROS}25:00") == 1500
    assert parse_overrides([f"bingo_bonus={ZEROS}35"]) == parse_overrides(["bingo_bonus=35"])
    assert find_ruleset("naspa")
    result = cli(["endgame", "--rules", "naspa", f"A=-{ZEROS}380", "B=402:IQ", "--went-out", "A"])
    assert result.exit_code == 0 and "-380" in result.stdout


# -- the tile set of the racks: one rule, for the command and the library -------------------------
# (rules, --tiles, racks, expected finals). Going out, NASPA/WESPA: the finisher adds twice B's
# tiles; FISE/Catalan: B loses them, the finisher adds them.
# German Ö 8, E 1 (german.tsv): ÖE is 9: NASPA A 380 + 18 = 398. Default sets: E 1 + A 1 = 2
# in every one: NASPA/WESPA A 384; FISE/Catalan A 382, B 400.
TILE_SET_CASES = [
    ("naspa", "german", "ÖE", {"A": 398, "B": 402}),
    ("naspa", None, "EA", {"A": 384, "B": 402}),
    ("wespa", None, "EA", {"A": 384, "B": 402}),
    ("fise", None, "EA", {"A": 382, "B": 400}),
    ("catalan", None, "EA", {"A": 382, "B": 400}),
]


@pytest.mark.parametrize("rules, tiles, rack, finals", TILE_SET_CASES)
def test_racks_tile_set_has_one_home_for_cli_and_api(monkeypatch, cli, rules, tiles, rack, finals):
    """Which tile set the racks are read with (--tiles, else the ruleset's) is decided by
    adjustments.racks_alphabet alone: `adjudicate endgame` and api.endgame both ask it, and agree."""
    import adjudicate.adjustments
    from adjudicate import api

    asked: list[tuple[str, str | None]] = []
    real = adjudicate.adjustments.racks_alphabet

    def spy(ruleset, tiles=None):  # type: ignore[no-untyped-def]
        asked.append((ruleset.name, tiles))
        return real(ruleset, tiles)

    monkeypatch.setattr(adjudicate.adjustments, "racks_alphabet", spy)
    args = ["endgame", "--rules", rules, "A=380", f"B=402:{rack}", "--went-out", "A", "--json"]
    result = cli(args + (["--tiles", tiles] if tiles else []))
    assert result.exit_code == 0, result.output
    from_cli = json.loads(result.stdout)
    from_api = api.endgame(rules, {"A": 380, "B": 402}, {"B": rack}, went_out="A", tiles=tiles).to_dict()
    assert asked == [(find_ruleset(rules).name, tiles)] * 2
    assert {p["player"]: p["final"] for p in from_cli["players"]} == finals
    assert {k: v for k, v in from_cli.items() if k != "overrides"} == from_api
