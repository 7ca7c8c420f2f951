"""Every `--set` value is either applied or refused naming the key (issue 22, item 6).

`rescore --set overtime_points_per_minute=0` was ZeroDivisionError, exit 3, on any record with a
time penalty line. The property: for every overridable parameter and any value, `rescore` (on a
sample of corpus records), `endgame` and `clock` exit 0, 1 or 2, never 3; a refused value names
its key and what it may be.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicate.cli import app
from adjudicate.rules import OVERRIDABLE, PARAMETERS, allowed_values, choices

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


def cli(args: list[str]):  # type: ignore[no-untyped-def]
    """In-process; an exception that is not SystemExit is what entry.main turns into exit 3."""
    result = CliRunner().invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def assert_refusal_names_the_key(result, key: str) -> None:  # type: ignore[no-untyped-def]
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert errors, result.output
    for line in errors:  # (a consistency error names the key it clashes with, or this one)
        assert key in line or any(other in line for other in PARAMETERS), (key, line)


def test_overtime_points_per_minute_0_rescores_a_time_penalty() -> None:
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
def test_every_set_value_rescores_or_is_refused_naming_the_key(key: str, value: str, rng) -> None:  # type: ignore[no-untyped-def]
    records = (TIMED[:2] + rng.sample(RECORDS, 3)) if rng is not None else TIMED
    result = cli(["rescore", "--format", "csv", "--set", f"{key}={value}", *records])
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 2 and not result.stdout:  # refused before any record
        assert_refusal_names_the_key(result, key)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(OVERRIDABLE), VALUES)
def test_every_set_value_works_at_the_table_or_is_refused_naming_the_key(key: str, value: str) -> None:
    for args in (["endgame", "--rules", "naspa", "A=380", "B=402:IQ", "--went-out", "A"],
                 ["clock", "--rules", "naspa", "A=520@-10:01", "B=380@+02:00"]):
        result = cli([*args, "--set", f"{key}={value}"])
        assert result.exit_code in (0, 1, 2), (args, result.output)
        if result.exit_code == 2:
            assert_refusal_names_the_key(result, key)


@pytest.mark.parametrize("key", OVERRIDABLE)
def test_a_bad_value_says_what_the_key_may_be(key: str) -> None:
    allowed = allowed_values(key)
    if allowed == "text":
        return  # (any text is a value)
    bad = "x" if allowed.startswith("a whole number") else "maybe" if allowed == "true or false" else "no-such-choice"
    result = cli(["rescore", "--set", f"{key}={bad}", RECORDS[0]])
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert message.startswith(f"Error: {key}") and (allowed_values(key) in message or "true or false" in message)
