"""A record set up for adjudication (``adjudicate.game``): the ruleset from --rules, else the
record, else naspa; the --set overrides applied and named in the reason; the spelling carried."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicate.errors import RulesError
from adjudicate.game import pick_ruleset, setup_game
from adjudicate.gcg import read_gcg
from adjudicate.rules import CATALAN, FISE, NASPA, ruleset_text

GAMES = Path(__file__).parent / "data" / "games"
FISE_GAME = read_gcg((GAMES / "fx_fise_outplay.gcg").read_bytes(), name="fise.gcg")  # #lexicon FILE2017


def test_the_record_decides_without_rules() -> None:
    game = setup_game(FISE_GAME)
    assert (game.record, game.ruleset, game.reason, game.spelling) == (
        FISE_GAME, FISE, "from the record's #lexicon FILE2017", None)


def test_rules_decide_over_the_record_any_case_and_alias() -> None:
    game = setup_game(FISE_GAME, rules="FiSe", spelling="plain", overrides={"outplay": "double"})
    assert (game.ruleset, game.reason, game.spelling) == (
        FISE.replace(outplay="double"), "from --rules FiSe (the record's #lexicon: FILE2017), with outplay=double",
        "plain")
    bare = read_gcg(b"#player1 a A\n#player2 b B\n", name="bare.gcg")  # (names no ruleset)
    assert setup_game(bare, rules="MàTaM").ruleset == CATALAN


def test_rules_of_another_tile_set_than_the_records_are_refused() -> None:
    """Issue 26: every play would be read with the wrong tiles (an English record under fise gave
    some 30 findings); the record says its tile set, and the message says what to give."""
    with pytest.raises(RulesError) as refused:
        setup_game(FISE_GAME, rules="MàTaM")
    assert str(refused.value) == (
        "fise.gcg: this record is of the spanish tile set (from the record's #lexicon FILE2017); "
        "--rules MàTaM is Catalan: leave --rules out (the record's ruleset is fise), or give --tiles "
        "catalan to read it with catalan tiles")


def test_overrides_are_applied_and_named() -> None:
    game = setup_game(FISE_GAME, overrides={"exchange_min_bag": 1, "outplay": "double"})
    assert game.ruleset == FISE.replace(exchange_min_bag=1, outplay="double")
    assert game.reason == "from the record's #lexicon FILE2017, with exchange_min_bag=1, outplay=double"


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
    assert pick_ruleset("naspa") == (NASPA, "from --rules naspa")
    assert pick_ruleset() == (NASPA, "the default")
    assert pick_ruleset("fise", {"outplay": "double"}) == (
        FISE.replace(outplay="double"), "from --rules fise, with outplay=double")


HEADER = "#player1 ana Ana\n#player2 beto Beto\n"
PLAY = ">ana: AEHIRTT 8E HEAT +14 14\n"


@pytest.mark.parametrize(("record", "sentence"), [
    (f"#lexicon CSW21\n{HEADER}{PLAY}", "ruleset wespa, from the record's #lexicon CSW21"),
    (f"{HEADER}{PLAY}", "ruleset naspa, the default, as the record names no lexicon"),
    (f"#lexicon XYZ9\n{HEADER}{PLAY}", "ruleset naspa, the default, as the record's #lexicon XYZ9 implies no ruleset"),
    (f"{HEADER}{PLAY}>beto: AEGSUVX -- +0 0\n>ana: AEGSUVX (challenge) +5 19\n",
     "ruleset wespa, as the record names no lexicon but it has a challenge bonus"),
    (f"#tile-distribution spanish\n{HEADER}", "ruleset fise, from the record's #tile-distribution spanish"),
])
def test_the_reason_reads_as_a_sentence_after_the_rulesets_name(record: str, sentence: str) -> None:
    """Issue 19, item 2: `ruleset naspa (the default (the record names no lexicon))` and
    `ruleset wespa (#lexicon CSW21), #lexicon CSW21` were the headers."""
    game = setup_game(read_gcg(record.encode("utf-8")))
    assert ruleset_text(game.ruleset.name, game.reason) == sentence


# A game that ends with ana out, then the end-rack lines (beto holds EX: E 1 + X 8 = 9).
OUT = ">ana: AEHIRTT 8E HEAT +14 14\n>beto: EX 9G EX +20 20\n"
INTERNATIONAL = "; out-play adjusted the international way (+R / -R), as the record does"


@pytest.mark.parametrize(("lines", "international"), [
    (">ana: (EX) +9 23\n>beto: (EX) -9 11\n", True),  # a penalty after the out-play line: +R / -R
    (">beto: (EX) -9 11\n>ana: (EX) +9 23\n", False),  # the penalty first: not the old form
    (">beto: (EX) -9 11\n", False),  # a penalty with no out-play line
    (">ana: (EX) +18 32\n", False),  # the out-play line alone: doubled, as NASPA counts it
])
def test_a_record_without_a_lexicon_that_adjusts_plus_r_minus_r_is_read_so(lines: str, international: bool) -> None:
    """The old international records (WSC 2005) name no lexicon and write an end-rack penalty
    after the first out-play line: their out-play is international; any other order is not."""
    game = setup_game(read_gcg(f"{HEADER}{OUT}{lines}".encode()))
    assert game.ruleset.outplay == ("international" if international else "double")
    assert game.reason.endswith(INTERNATIONAL) is international


@pytest.mark.parametrize(("command", "spellings"), [
    (["rescore", "-q"], 1),
    (["show", "--no-color", "--turn", "3"], 1),
    # (and once more for the corrected text, read back as any reader reads it, to check it)
    (["correct"], 2),
])
def test_a_command_chooses_the_ruleset_and_the_spelling_once(
        command: list[str], spellings: int, cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27: the choice is made at the top (``setup_game``) and passed down; the replay, the
    canonical writer and the correction under it choose nothing again. Spanish, so that the
    spelling is a real choice; a record that needs correcting (exit 1), so every step runs."""
    import adjudicate.correction
    import adjudicate.replay
    import adjudicate.rules
    import adjudicate.show  # (every module on the way imported: its names bound)

    calls: dict[str, int] = {"choose_ruleset": 0, "choose_spelling": 0}

    def counted(module: Any, name: str) -> None:
        real = getattr(module, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return real(*args, **kwargs)

        # Every module that bound the name, as it is imported, has it counted.
        for bound in list(sys.modules.values()):
            if getattr(bound, "__name__", "").startswith("adjudicate") and getattr(bound, name, None) is real:
                monkeypatch.setattr(bound, name, wrapper)

    counted(adjudicate.rules, "choose_ruleset")
    counted(adjudicate.replay, "choose_spelling")
    result = cli([*command, str(GAMES / "es_scoreless12.gcg")])
    assert result.exit_code == (0 if command[0] == "show" else 1), result.output
    assert calls == {"choose_ruleset": 1, "choose_spelling": spellings}


def test_as_game_takes_a_setup_as_it_is_and_sets_a_bare_record_up() -> None:
    from adjudicate.game import as_game

    game = setup_game(FISE_GAME, spelling="plain")
    assert as_game(game) is game
    with pytest.raises(TypeError, match="carries its ruleset"):
        as_game(game, NASPA)  # (a second choice would be made below the command)
    bare = as_game(FISE_GAME)  # (as rescore_game(record) has it: the record's ruleset)
    assert (bare.ruleset, bare.reason, bare.layout.name) == (FISE, "from the record's #lexicon FILE2017", "standard")
    assert as_game(FISE_GAME, NASPA).reason == "as given"
