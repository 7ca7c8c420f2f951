"""The library's API (issue 28): ``import adjudicate`` and the names of its ``__all__``, against
the CLI's own answers (the same game's JSON, the same picture, the same verdict) and against
answers known by hand."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import io
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import adjudicate

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "games"
CLIENT = ROOT / "tests" / "data" / "library_client.py"
# (tests/data/games/fx_naspa_scoreless.gcg: line 5 is alice's 8E HEAT)
SCORELESS = GAMES / "fx_naspa_scoreless.gcg"
# Two plays, the first recorded 2 short: 8D WINDY is W on D8's double letter (8) + I1 + N1 + D2
# + Y4 = 16, doubled on the centre star = 32; the second's score and cumulative then disagree too.
WINDY = b"#player1 a A\n#player2 b B\n>a: DINNVWY 8D WINDY +30 30\n>b: AEILRST D8 .AILERS +18 48\n"


def _games() -> list[Path]:
    return sorted(GAMES.glob("*.gcg"))


def _cli_objects(cli, paths: list[Path], *options: str) -> dict[str, dict[str, object]]:  # type: ignore[no-untyped-def]
    result = cli(["rescore", "-q", "--jobs", "1", "--format", "jsonl", *options, *map(str, paths)])
    assert result.exit_code in (0, 1, 2), result.output
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(objects) == len(paths)
    return {str(o["file"]): o for o in objects}


def _library_object(path: Path, **options: object) -> dict[str, object]:
    try:
        report = adjudicate.rescore(adjudicate.read_game(str(path)), **options)  # type: ignore[arg-type]
    except adjudicate.AdjudicateError as err:
        return {"file": str(path), "error": str(err)}
    return json.loads(json.dumps(report.to_dict(), ensure_ascii=False))  # type: ignore[no-any-return]


@pytest.mark.parametrize("check_words", [False, True], ids=["plain", "check-words"])
def test_to_dict_is_the_cli_json_of_every_corpus_game(cli, corpus, check_words) -> None:
    paths = sorted((corpus / "gcg").glob("*/*.gcg"))
    assert paths
    said = _cli_objects(cli, paths, *(["--check-words"] if check_words else []))
    for path in paths:
        assert _library_object(path, check_words=check_words) == said[str(path)], path


def test_to_dict_is_the_cli_json_of_every_fixture_game(cli) -> None:
    said = _cli_objects(cli, _games())
    for path in _games():
        assert _library_object(path) == said[str(path)], path


def test_a_report_answers_as_the_issue_names_it() -> None:
    report = adjudicate.rescore(adjudicate.read_game(WINDY))
    assert not report.ok
    assert [(f.line, f.kind) for f in report.findings] == [(3, "score"), (4, "score"), (4, "cumulative")]
    assert report.ending is None and report.winners == [] and report.winner_changed is False
    assert [p.computed_final for p in report.players] == [32, 20]
    tie = adjudicate.rescore(adjudicate.read_game(GAMES / "fx_fise_tie.gcg"))
    assert tie.ending == "passes" and tie.ok and tie.winners == ["beto"]


def test_winner_changed_when_the_rules_give_the_game_to_the_other_player() -> None:
    # fx_naspa_scoreless with alice's HEAT recorded 40 points high (tests/test_report.py's
    # changed_winner): the record ends alice 8, bob 4; the rules alice -32, bob 4.
    text = SCORELESS.read_text("utf-8").replace("HEAT +14 14", "HEAT +54 54")
    for was, now in (("+0 14", "+0 54"), ("-6 8", "-6 48"), ("-40 -32", "-40 8")):
        text = text.replace(was, now)
    report = adjudicate.rescore(adjudicate.read_game(text))
    assert [(p.recorded_final, p.computed_final) for p in report.players] == [(8, -32), (4, 4)]
    assert report.winners == ["bob"] and report.winner_changed
    assert not adjudicate.rescore(adjudicate.read_game(SCORELESS)).winner_changed


def test_read_game_takes_a_path_bytes_text_and_a_binary_file() -> None:
    data = SCORELESS.read_bytes()
    events = adjudicate.read_game(str(SCORELESS)).record.events
    assert adjudicate.read_game(str(SCORELESS)).name == str(SCORELESS)
    assert adjudicate.read_game(SCORELESS).record.events == events
    assert adjudicate.read_game(data).record.events == events
    assert adjudicate.read_game(data.decode("utf-8")).record.events == events
    with SCORELESS.open("rb") as handle:
        game = adjudicate.read_game(handle)
    assert game.record.events == events and game.name == str(SCORELESS)
    assert adjudicate.read_game(io.BytesIO(data), name="round7").name == "round7"


def test_read_game_refuses_what_is_no_record() -> None:
    with pytest.raises(adjudicate.GcgError):
        adjudicate.read_game(b"")
    with pytest.raises(adjudicate.InputError):
        adjudicate.read_game(str(GAMES))  # a directory
    with pytest.raises(TypeError):
        adjudicate.read_game(12)  # type: ignore[arg-type]


@pytest.mark.parametrize("lexicon, word", [
    ("ca-disc", "CEL·LA"), ("ca-disc", "cel.la"), ("es-aosw", "CHARRO"),
    ("es-aosw", "[CH]A[RR]O"), ("es-aosw", "ñandú"), ("en-kjxqz", "qi"), ("en-kjxqz", "QUIXOTIC"),
])
def test_a_lexicon_holds_spelled_words(lexicon, word) -> None:
    assert word in adjudicate.open_lexicon(lexicon)


@pytest.mark.parametrize("lexicon, word", [("ca-disc", "ZZZ"), ("es-aosw", "CHARROX"), ("en-kjxqz", "qx")])
def test_a_lexicon_lacks_what_is_no_word(lexicon, word) -> None:
    assert word not in adjudicate.open_lexicon(lexicon)


def test_what_is_not_tiles_is_an_error_not_a_no() -> None:
    catalan = adjudicate.open_lexicon("ca-disc")
    with pytest.raises(adjudicate.NotTilesError, match="K is not a Catalan tile"):
        "KARATE" in catalan  # noqa: B015
    with pytest.raises(TypeError):
        ("C", "A") in catalan  # noqa: B015
    # a letter of another set is not folded into this one's (MÜSE is not MUSE in English)
    with pytest.raises(adjudicate.NotTilesError, match="Ü is not a tile of the English set .it is a tile of the Ge"):
        "MÜSE" in adjudicate.open_lexicon("en-kjxqz")  # noqa: B015
    assert "straße" in adjudicate.open_lexicon("de-wngerman")  # German writes ß as SS


def test_challenge_gives_the_verdict_of_the_cli(cli) -> None:
    verdict = adjudicate.challenge(["QI", "ZA"], rules="naspa")
    assert verdict.acceptable and verdict.words == ("QI", "ZA") and verdict.lexicon.id == "en-kjxqz"
    assert not adjudicate.challenge("QI QX").acceptable
    spanish = adjudicate.challenge(["charro"], rules="fise")
    said = json.loads(cli(["challenge", "--json", "--rules", "fise", "charro"]).stdout)
    assert (spanish.acceptable, list(spanish.words), spanish.lexicon.as_dict()) == (
        said["acceptable"], said["words"], said["lexicon"])
    with pytest.raises(adjudicate.WordCountError):
        adjudicate.challenge([])


def test_endgame_and_clock_as_the_rules_count_them() -> None:
    # NASPA: A went out, B holds I (1) and Q (10): A adds twice 11, 380 + 22 = 402 = B's 402.
    end = adjudicate.endgame("naspa", {"A": 380, "B": 402}, {"B": "IQ"}, went_out="A")
    assert end.final_scores() == {"A": 402, "B": 402} and end.tie
    # NASPA: 10:01 over is a forfeit: 520 - 100 = 420, and B (380) is raised to win by one, 421.
    late = adjudicate.clock("naspa", {"A": 520, "B": 380}, {"A": "-10:01", "B": "+02:00"})
    assert [p.final for p in late.players] == [420, 421] and late.winners == ("B",)
    with pytest.raises(adjudicate.AdjudicateError):
        adjudicate.endgame("naspa", {"A": 380, "B": 402})  # neither went out nor ended


def test_ruleset_is_frozen_and_has_its_sources() -> None:
    fise = adjudicate.ruleset("FISE")
    assert fise.name == "fise" and "art. 40" in fise.sources["outplay"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fise.bingo_bonus = 0  # type: ignore[misc]
    with pytest.raises(adjudicate.RulesError):
        adjudicate.ruleset("scrabble")


def test_correct_gives_the_text_and_changes_or_names_the_line() -> None:
    fixed = adjudicate.correct(adjudicate.read_game(WINDY))
    assert [c.line for c in fixed.changes] == [3, 4] and ">a: DINNVWY 8D WINDY +32 32" in fixed.text
    with pytest.raises(adjudicate.CannotCorrect, match="line 3: 8D WINDX: X not on the rack") as caught:
        adjudicate.correct(adjudicate.read_game(WINDY.replace(b"WINDY +30", b"WINDX +30")))
    assert caught.value.line == 3


def test_a_position_draws_show_s_picture(cli) -> None:
    position = adjudicate.read_game(SCORELESS).position(line=5)
    said = cli(["show", str(SCORELESS), "--line", "5", "--format", "svg"]).stdout
    assert position._repr_svg_() == said and position.svg() == said
    assert position.line == 5 and "HEAT" in repr(position)
    text = cli(["show", "--no-color", str(SCORELESS), "--line", "5"]).stdout
    assert str(position) + "\n" == text


def test_the_library_never_prints(capsys) -> None:
    game = adjudicate.read_game(WINDY)
    adjudicate.rescore(game, check_words=True).to_dict()
    adjudicate.correct(game)
    game.position(line=3).svg()
    adjudicate.challenge("QI ZA")
    with pytest.raises(adjudicate.CannotCorrect):
        adjudicate.correct(adjudicate.read_game(WINDY.replace(b"WINDY +30", b"WINDX +30")))
    assert capsys.readouterr() == ("", "")


def test_every_name_of_all_survives_every_submodule_imported() -> None:
    """Importing a submodule binds it on the package: a module named as a function of __all__
    would shadow the function."""
    for module in pkgutil.walk_packages(adjudicate.__path__, "adjudicate."):
        if module.name not in ("adjudicate.__main__",):
            importlib.import_module(module.name)
    for name in adjudicate.__all__:
        value = getattr(adjudicate, name)
        assert not isinstance(value, type(adjudicate)), f"adjudicate.{name} is a module"
        assert value is getattr(importlib.import_module(value.__module__), name), name
    assert sorted(adjudicate.__all__) == sorted(set(adjudicate.__all__))


def test_import_adjudicate_imports_nothing_more() -> None:
    code = "import sys, adjudicate; print(sorted(m for m in sys.modules if m.split('.')[0] in ('adjudicate', 'typing')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['adjudicate']"


def test_a_client_of_all_type_checks_and_runs(monkeypatch) -> None:
    result = subprocess.run([sys.executable, str(CLIENT), str(SCORELESS), str(GAMES / "fx_fise_tie.gcg")],
                            capture_output=True, text=True, cwd=ROOT, check=True)
    lines = result.stdout.splitlines()
    assert lines[0] == "True {'A': 402, 'B': 402} True 5 True True"
    assert lines[1] == "[('CHARRO', True), ('[CH]A[RR]O', True), ('KIWI', False)]"
    assert lines[2].startswith("file,ok,winners,winner_changed")
    api = pytest.importorskip("mypy.api")
    monkeypatch.chdir(ROOT)  # (where mypy finds the package, installed editable or not)
    out, err, status = api.run(["--strict", str(CLIENT.relative_to(ROOT))])
    assert status == 0, out + err


def test_py_typed_ships() -> None:
    assert (ROOT / "adjudicate" / "py.typed").is_file()
    import re

    text = (ROOT / "pyproject.toml").read_text("utf-8")  # (tomllib is 3.11's: the package runs on 3.10)
    assert re.search(r'^adjudicate = \[[^]\n]*"py\.typed"', text, re.M)


def test_docs_library_md_runs(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)  # (its examples read tests/data/games, from the repository's root)
    failed, tried = doctest.testfile(str(ROOT / "docs" / "library.md"), module_relative=False,
                                     optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 10 and failed == 0


def test_read_game_of_a_missing_path_is_the_librarys_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "round7.gcg"
    with pytest.raises(adjudicate.InputError, match=f"{missing}: No such file"):
        adjudicate.read_game(missing)


def test_tiles_apply_to_a_ruleset_given_as_an_object() -> None:
    # 8G KOT: K2 + O1 + T2 = 5, x2 (H8) = 10 with the Polish tiles; K5 + O1 + T1 = 7, x2 = 14 with
    # the English ones. tiles= was ignored when rules= was a Ruleset, not a name.
    kot = adjudicate.read_game("#player1 ola Ola\n#player2 jan Jan\n>ola: AKOTTEI 8G KOT +10 10\n")
    wespa = adjudicate.ruleset("wespa")
    assert not adjudicate.rescore(kot, wespa).ok
    report = adjudicate.rescore(kot, wespa, tiles="polish")
    assert report.ok, [finding.message for finding in report.findings]
    assert report.to_dict()["ruleset_reason"].endswith("polish tiles, from tiles=polish")
    assert adjudicate.correct(kot, wespa, tiles="polish").changes == ()
