"""A record set up for adjudication (``adjudicate.game``): the ruleset from --rules, else the
record, else naspa; the --set overrides applied and named in the reason; the spelling carried."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicate.errors import RulesError
from adjudicate.game import pick_ruleset, setup_game
from adjudicate.gcg import read_gcg
from adjudicate.rules import CATALAN, FISE, NASPA

GAMES = Path(__file__).parent / "data" / "games"
FISE_GAME = read_gcg((GAMES / "fx_fise_outplay.gcg").read_bytes(), name="fise.gcg")  # #lexicon FILE2017


def test_the_record_decides_without_rules() -> None:
    game = setup_game(FISE_GAME)
    assert (game.record, game.ruleset, game.reason, game.spelling) == (
        FISE_GAME, FISE, "#lexicon FILE2017", None)


def test_rules_decide_over_the_record_any_case_and_alias() -> None:
    game = setup_game(FISE_GAME, rules="MàTaM", spelling="plain")
    assert (game.ruleset, game.reason, game.spelling) == (CATALAN, "--rules MàTaM", "plain")


def test_overrides_are_applied_and_named() -> None:
    game = setup_game(FISE_GAME, overrides={"exchange_min_bag": 1, "outplay": "double"})
    assert game.ruleset == FISE.replace(exchange_min_bag=1, outplay="double")
    assert game.reason == "#lexicon FILE2017 with exchange_min_bag=1, outplay=double"


@pytest.mark.parametrize("rules", ["", "scrabble"])
def test_an_unknown_or_empty_ruleset_is_an_error_never_the_records(rules: str) -> None:
    with pytest.raises(RulesError, match=f"unknown ruleset {rules!r}"):
        setup_game(FISE_GAME, rules=rules)
    with pytest.raises(RulesError, match=f"unknown ruleset {rules!r}"):
        pick_ruleset(rules)


def test_an_override_the_ruleset_cannot_take() -> None:
    with pytest.raises(RulesError, match="players: 3 must lie between"):
        setup_game(FISE_GAME, overrides={"players": 3})


def test_without_a_record() -> None:
    assert pick_ruleset("naspa") == (NASPA, "--rules naspa")
    assert pick_ruleset() == (NASPA, "the default")
    assert pick_ruleset("fise", {"outplay": "double"}) == (
        FISE.replace(outplay="double"), "--rules fise with outplay=double")
