"""Rulesets as data: the values per federation (RULES.md), lookup, overrides, the fast-path imports;
every --set value applied or refused naming its key (a property across rescore, endgame and clock)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adjudicate.errors import AdjudicateError, RulesError
from adjudicate.rules import (
    CATALAN,
    FISE,
    NASPA,
    OVERRIDABLE,
    PARAMETERS,
    RULESETS,
    WESPA,
    Ruleset,
    allowed_values,
    apply_overrides,
    choices,
    find_ruleset,
    parse_overrides,
)

# One column per federation, written out from RULES.md (decisions table, §1-§5).
EXPECTED = {
    #                              NASPA        WESPA        FISE         Catalan
    "name": ("naspa", "wespa", "fise", "catalan"),
    "aliases": ((), (), (), ("matam",)),
    "language": ("en", "en", "es", "ca"),
    "alphabet": ("english", "english", "spanish", "catalan"),
    "default_lexicon": ("en-kjxqz", "en-kjxqz", "es-aosw", "ca-disc"),
    "players": (2, 2, 2, 3),
    "min_players": (2, 2, 2, 2),
    "max_players": (2, 2, 2, 4),
    "rack_size": (7, 7, 7, 7),
    "bingo_bonus": (50, 50, 50, 50),
    "challenge_on_valid": ("lose_turn", "bonus", "lose_turn", "none"),
    "challenge_bonus": (0, 5, 0, 0),
    "challenge_bonus_per": ("word", "word", "word", "word"),
    "outplay": ("double", "double", "international", "international"),
    "scoreless_turns_to_end": (6, 6, 0, 9),
    # NASPA rules 2017: six scoreless turns "may end" the game; WESPA ends it there.
    "scoreless_end_optional": (True, False, False, False),
    "passes_per_player_to_end": (0, 0, 2, 2),
    "wespa_passes_do_not_end": (False, True, False, False),
    # FISE art. 18: the player owed a turn plays it; MàTaM art. 31: the round and one more.
    "time_limit_ending": ("none", "none", "equalise_turns", "round_plus_one"),
    "time_limit_ending_adjusts": (False, False, False, False),
    # The Spanish standard rules: the higher score before the rack adjustments wins a tie.
    "tie_break": ("none", "none", "score_before_adjustments", "none"),
    "exchange_min_bag": (7, 7, 1, 7),
    "senyors": (False, False, False, True),  # MàTaM art. 21
    # MàTaM art. 30: a turn not played in two minutes is lost; no points penalty.
    "overtime_points_per_minute": (10, 10, 10, 0),
    "overtime_max_minutes": (10, None, None, None),
    "overtime_forfeit": ("naspa", None, None, None),
    "turn_time_limit_seconds": (None, None, None, 120),
    "round_time_limit_minutes": (None, None, None, 60),
}


@pytest.mark.parametrize("field", sorted(EXPECTED))
def test_values_per_federation(field):
    assert tuple(getattr(r, field) for r in (NASPA, WESPA, FISE, CATALAN)) == EXPECTED[field]


def test_every_parameter_is_in_the_table_documented_and_sourced():
    assert set(EXPECTED) | {"description"} == set(PARAMETERS)
    doc = Ruleset.__doc__ or ""
    for field in PARAMETERS:
        assert f"``{field}``" in doc, field
    for ruleset in RULESETS:  # where every value comes from (adjudicate rules prints it)
        assert set(ruleset.sources) == set(PARAMETERS) - {"name", "aliases", "description"}, ruleset.name
        assert all(ruleset.sources.values())


def test_rulesets_in_order():
    assert RULESETS == (NASPA, WESPA, FISE, CATALAN)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("naspa", NASPA), ("NASPA", NASPA), (" Wespa ", WESPA), ("fise", FISE), ("catalan", CATALAN),
     ("matam", CATALAN), ("MàTaM", CATALAN), ("MATAM", CATALAN)],
)
def test_find_ruleset(text, expected):
    assert find_ruleset(text) is expected


@pytest.mark.parametrize("text", ["", "scrabble", "nasp", "spanish", "naspa2"])
def test_find_ruleset_unknown_lists_the_known(text):
    with pytest.raises(RulesError, match=r"unknown ruleset .*\(known: naspa, wespa, fise, catalan \(alias matam\)\)"):
        find_ruleset(text)


def test_rules_error_is_an_adjudicate_error():
    with pytest.raises(AdjudicateError):
        find_ruleset("nope")


def test_immutable_equal_hashable():
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        NASPA.outplay = "international"  # type: ignore[misc,assignment]
    copy = NASPA.replace()
    assert copy == NASPA and copy is not NASPA and hash(copy) == hash(NASPA)
    assert NASPA != WESPA
    assert len({NASPA, copy, WESPA}) == 2
    assert NASPA != "naspa"


def test_pickle_and_copy():
    import copy
    import pickle

    custom = FISE.replace(scoreless_turns_to_end=12)
    for ruleset in (NASPA, CATALAN, custom):
        assert pickle.loads(pickle.dumps(ruleset)) == ruleset
        assert copy.deepcopy(ruleset) == ruleset == copy.copy(ruleset)


def test_repr_is_a_constructor_call():
    assert repr(NASPA) == "find_ruleset('naspa')"
    assert repr(FISE.replace(scoreless_turns_to_end=12)) == "find_ruleset('fise').replace(scoreless_turns_to_end=12)"
    custom = NASPA.replace(name="club")
    assert repr(custom).startswith("Ruleset(name='club', language='en', ")
    assert eval(repr(custom), {"Ruleset": Ruleset}) == custom  # noqa: S307


def test_keyword_only():
    with pytest.raises(TypeError):
        Ruleset("naspa")  # type: ignore[misc]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"outplay": "triple"}, "outplay: 'triple' is not one of double, international"),
        ({"exchange_min_bag": 0}, "exchange_min_bag: 0 must be at least 1"),
        ({"exchange_min_bag": "7"}, "not a whole number"),
        ({"exchange_min_bag": True}, "not a whole number"),
        ({"max_players": 5}, "max_players: 5 must be from 2 to 4"),
        ({"players": 3}, "players: 3 must lie between"),
        ({"alphabet": "klingon"}, "alphabet: 'klingon' is not one of catalan, english, english_super"),
        ({"wespa_passes_do_not_end": 1}, "not true or false"),
        ({"overtime_max_minutes": None}, "overtime_forfeit=naspa needs overtime_max_minutes"),
        ({"challenge_on_valid": "bonus"}, "needs challenge_bonus above 0"),
        ({"wespa_passes_do_not_end": True, "passes_per_player_to_end": 2}, "contradicts"),
        ({"nonsense": 1}, "unknown rule parameter 'nonsense'"),
    ],
)
def test_replace_validates(changes, message):
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        NASPA.replace(**changes)


def test_parse_overrides_typed():
    assert parse_overrides(
        [
            "outplay=international",
            "exchange_min_bag=1",
            "Overtime-Max-Minutes=none",
            "overtime_forfeit=off",
            "wespa_passes_do_not_end=yes",
            "time_limit_ending_adjusts=False",
            "challenge_on_valid=BONUS",
            "challenge_bonus=10",
            "description=Club night, 20 min",
        ]
    ) == {
        "outplay": "international",
        "exchange_min_bag": 1,
        "overtime_max_minutes": None,
        "overtime_forfeit": None,
        "wespa_passes_do_not_end": True,
        "time_limit_ending_adjusts": False,
        "challenge_on_valid": "bonus",
        "challenge_bonus": 10,
        "description": "Club night, 20 min",
    }


def test_parse_overrides_last_wins():
    assert parse_overrides(["exchange_min_bag=1", "exchange_min_bag=3"]) == {"exchange_min_bag": 3}


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("outplay", "expected KEY=VALUE"),
        ("=3", "expected KEY=VALUE"),
        ("colour=blue", "unknown rule parameter 'colour'"),
        ("name=club", "name cannot be overridden"),
        ("aliases=x", "aliases cannot be overridden"),
        ("exchange_min_bag=seven", "'seven' is not a whole number"),
        ("exchange_min_bag=", "is not a whole number"),
        ("exchange_min_bag=1.5", "is not a whole number"),
        ("exchange_min_bag=²", "is not a whole number"),
        ("exchange_min_bag=0", "must be at least 1"),
        ("scoreless_turns_to_end=-1", "must be at least 0"),
        ("outplay=triple", "is not one of double, international"),
        ("overtime_forfeit=woogles", "is not one of naspa, none"),
        ("wespa_passes_do_not_end=maybe", "expected true or false"),
        ("language=tlh", "is not one of ca, en, fr, de"),
    ],
)
def test_parse_overrides_rejects(item, message):
    with pytest.raises(RulesError, match=message):
        parse_overrides([item])


def test_apply_overrides():
    fise12 = apply_overrides(FISE, parse_overrides(["scoreless_turns_to_end=12"]))
    assert fise12.scoreless_turns_to_end == 12 and fise12.passes_per_player_to_end == 2
    assert FISE.scoreless_turns_to_end == 0  # the constant is untouched
    assert apply_overrides(NASPA, {}) is NASPA
    # Several overrides are applied together, so a consistent set passes where one alone would not.
    bonus = apply_overrides(NASPA, parse_overrides(["challenge_on_valid=bonus", "challenge_bonus=5"]))
    assert (bonus.challenge_on_valid, bonus.challenge_bonus) == ("bonus", 5)
    off = apply_overrides(NASPA, parse_overrides(["overtime_forfeit=none", "overtime_max_minutes=none"]))
    assert off.overtime_forfeit is None and off.overtime_max_minutes is None
    with pytest.raises(RulesError, match="name cannot be overridden"):
        apply_overrides(NASPA, {"name": "x"})
    with pytest.raises(RulesError, match="unknown rule parameter"):
        apply_overrides(NASPA, {"nope": 1})


def test_overridable_is_everything_but_identity():
    assert set(OVERRIDABLE) == set(PARAMETERS) - {"name", "aliases"}


def test_differences_and_to_dict():
    changed = CATALAN.replace(outplay="double", max_players=3)
    assert changed.differences(CATALAN) == {"max_players": 3, "outplay": "double"}
    d = CATALAN.to_dict()
    assert d["aliases"] == ["matam"] and d["turn_time_limit_seconds"] == 120 and len(d) == len(PARAMETERS)
    assert changed.sources["outplay"] == "--set outplay=double"  # an override says where it comes from


def test_federations_data_imports_nothing_heavy():
    """The challenge fast path reads a ruleset's tile set and lexicon from adjudicate.federations
    (plain data) without importing adjudicate.rules and its dataclasses."""
    code = (
        "import sys; before = set(sys.modules); import adjudicate.federations; "
        "print(' '.join(sorted(set(sys.modules) - before)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert set(out.split()) <= {"adjudicate", "adjudicate.federations"}


def test_docs_examples_run():
    """Every command in docs/rules.md runs and exits 0."""
    from typer.testing import CliRunner

    import adjudicate.cli

    text = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    commands = [line for line in text.splitlines() if line.startswith("adjudicate ")]
    assert len(commands) == 4
    for command in commands:
        result = CliRunner().invoke(adjudicate.cli.app, shlex.split(command)[1:])
        assert result.exit_code == 0, (command, result.output)


# -- every --set value applied or refused naming its key --------------------------------------------

# Every `--set` value is either applied or refused naming the key (issue 22, item 6).
#
# `rescore --set overtime_points_per_minute=0` was ZeroDivisionError, exit 3, on any record with a
# time penalty line. The property: for every overridable parameter and any value, `rescore` (on a
# sample of corpus records), `endgame` and `clock` exit 0, 1 or 2, never 3; a refused value names
# its key and what it may be.

HERE = Path(__file__).resolve().parent
CORPUS = Path(os.environ.get("ADJUDICATE_CORPUS", HERE.parent.parent / "shared" / "corpus"))
RECORDS = sorted(str(p) for p in (HERE / "data" / "games").glob("*.gcg")) + sorted(
    str(p) for p in (CORPUS / "gcg").glob("*/*.gcg"))
TIMED = [r for r in RECORDS if "(time)" in Path(r).read_text("latin-1")]

# The values a parameter's kind knows, their edges, and what it should refuse.
SPECIAL = ["0", "1", "-1", "2", "3", "4", "5", "7", "14", "15", "16", "100", "999999999", "1000000000",
           "none", "off", "true", "false", "yes", "", " ", "x", "²", "1.5", "+3", "-0", "0x10", "1_0"]
CHOICES = sorted({c for key in PARAMETERS for c in choices(key)})
VALUES = st.one_of(st.integers(-3, 20).map(str), st.sampled_from(SPECIAL + CHOICES), st.text(max_size=6))


def assert_refusal_names_the_key(result, key: str) -> None:  # type: ignore[no-untyped-def]
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert errors, result.output
    for line in errors:  # (a consistency error names the key it clashes with, or this one)
        assert key in line or any(other in line for other in PARAMETERS), (key, line)


def test_overtime_points_per_minute_0_rescores_a_time_penalty(cli) -> None:  # type: ignore[no-untyped-def]
    """Overtime that costs nothing: a recorded penalty is a finding (it counts for nothing)."""
    assert TIMED
    for record in TIMED:
        result = cli(["rescore", "--format", "json", "--set", "overtime_points_per_minute=0", record])
        assert result.exit_code in (0, 1), result.output
        [report] = json.loads(result.stdout)
        events = report["events"]
        assert [e["computed_score"] for e in events if e["kind"] == "time_penalty"] in ([0], [0, 0])


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(OVERRIDABLE), VALUES, st.randoms(use_true_random=False))
@example("overtime_points_per_minute", "0", None)
def test_every_set_value_rescores_or_is_refused_naming_the_key(cli, key: str, value: str, rng) -> None:  # type: ignore[no-untyped-def]
    records = (TIMED[:2] + rng.sample(RECORDS, 3)) if rng is not None else TIMED
    result = cli(["rescore", "--format", "csv", "--set", f"{key}={value}", *records])
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 2 and not result.stdout:  # refused before any record
        assert_refusal_names_the_key(result, key)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(OVERRIDABLE), VALUES)
def test_every_set_value_works_at_the_table_or_is_refused_naming_the_key(cli, key: str, value: str) -> None:  # type: ignore[no-untyped-def]
    # (a rack every tile set reads, so that --set alphabet=NAME is judged, not the rack: no Q in Swedish)
    for args in (["endgame", "--rules", "naspa", "A=380", "B=402:IE", "--went-out", "A"],
                 ["clock", "--rules", "naspa", "A=520@-10:01", "B=380@+02:00"]):
        result = cli([*args, "--set", f"{key}={value}"])
        assert result.exit_code in (0, 1, 2), (args, result.output)
        if result.exit_code == 2:
            assert_refusal_names_the_key(result, key)


@pytest.mark.parametrize("key", OVERRIDABLE)
def test_a_bad_value_says_what_the_key_may_be(key: str, cli) -> None:  # type: ignore[no-untyped-def]
    allowed = allowed_values(key)
    if allowed == "text":
        return  # (any text is a value)
    bad = "x" if allowed.startswith("a whole number") else "maybe" if allowed == "true or false" else "no-such-choice"
    result = cli(["rescore", "--set", f"{key}={bad}", RECORDS[0]])
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert message.startswith(f"Error: {key}") and (allowed_values(key) in message or "true or false" in message)


def test_the_rules_module_has_no_second_names_for_its_values():
    """The enums are the one way to name a value (issue 27: OUTPLAY_DOUBLE, FORFEIT_NASPA and
    three more compatibility names sat beside them)."""
    import adjudicate.rules as rules

    assert not [name for name in ("OUTPLAY_DOUBLE", "OUTPLAY_INTERNATIONAL", "CHALLENGE_BONUS",
                                  "BONUS_PER_WORD", "FORFEIT_NASPA") if hasattr(rules, name)]
    assert rules.Outplay.DOUBLE == "double" and rules.Forfeit.NASPA == "naspa"
