"""Word checks (`rescore --check-words`, SPEC §1.3): every word a play forms is looked up, and the
words the lexicon lacks are listed as information on the play. An unchallenged phony stands under
the rules, so it is not a discrepancy; a phony withdrawn after a challenge is not listed, and a play
challenged and upheld (a challenge bonus) is marked ``challenged``.

The lexicons are built here from the very words the fixtures form, some left out on purpose: the
words reported must be exactly those.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import adjudicate.api as api
from adjudicate.cli import app
from adjudicate.gcg import read_gcg
from adjudicate.lexicon import Lexicon, TileMemo, open_lexicon, store
from adjudicate.reportwriter import words_checked
from adjudicate.recount import rescore_game
from adjudicate.tiles import get_alphabet

GAMES = Path(__file__).parent / "data" / "games"

# fx_fise_outplay.gcg forms one word a play (the main word; no cross words), lines 5-18. Blanks:
# line 11 CA[rr]ETERO (a blank RR), line 17 HUEsCODA (a blank S).
FISE_WORDS = {5: "PALOMAS", 6: "PIJOTERO", 7: "LINTERNA", 8: "MANZANOS", 9: "SOBRINOS",
              10: "[LL]AMARADA", 11: "CA[RR]ETERO", 12: "ESPATULA", 13: "PALOMASYSHSFED",
              14: "[CH]IQUEDOS", 15: "BUÑUELOS", 16: "VIDA[RR]ECE", 17: "HUESCODA", 18: "FIGLECGH"}
# fx_wespa_challenge.gcg: line 5 HEAT, line 6 AXES (and HEATS), line 8 7D TRIO with the cross
# words RH, IE and OA; line 9 withdraws TRIO (the old "-- +0" form).
WESPA_WORDS = ["HEAT", "AXES", "HEATS", "TRIO", "IE", "OA"]  # RH is not a word here


@pytest.fixture
def build(tmp_path: Path, lexicon_of: Callable[..., Path]) -> Callable[[str, str, list[str]], Lexicon]:
    """``build(name, alphabet, words)``: the lexicon of ``words`` at ``tmp_path/name``, opened."""
    return lambda name, alphabet, words: open_lexicon(
        str(lexicon_of(tmp_path / name, words, alphabet, name=f"Test {name}")))


def game(name: str):
    return read_gcg((GAMES / name).read_bytes(), name=name)


def phonies(report) -> list[tuple[int, list[str], str]]:
    return [(i.line, i.words, i.play) for i in report.info if i.kind == "phony"]


def test_every_word_in_the_lexicon_lists_no_phony(tmp_path: Path, build: Callable[..., Lexicon]) -> None:
    lex = build("es-all", "spanish", list(FISE_WORDS.values()))
    report = rescore_game(game("fx_fise_outplay.gcg"), lexicon=lex)
    assert report.ok
    assert phonies(report) == []
    assert report.checked_words_with == lex.id


def test_the_words_left_out_are_listed_blanks_lowercase(tmp_path: Path, build: Callable[..., Lexicon]) -> None:
    left_out = {11, 14, 17}  # a blank digraph, a natural digraph, a blank letter
    lex = build("es-some", "spanish",
                [w for line, w in FISE_WORDS.items() if line not in left_out])
    report = rescore_game(game("fx_fise_outplay.gcg"), lexicon=lex)
    assert report.ok  # information, not discrepancies
    assert phonies(report) == [
        (11, ["CA[rr]ETERO"], "E1 CA[rr]ETER."),
        (14, ["[CH]IQUEDOS"], "J1 [CH]IQUEDO."),
        (17, ["HUEsCODA"], "K8 .UEsCODA"),
    ]
    assert [i.player for i in report.info] == ["ana", "beto", "ana"]


def test_a_cross_word_is_checked_and_a_withdrawn_phony_is_not_listed(tmp_path: Path, build: Callable[..., Lexicon]) -> None:
    lex = build("en-some", "english", WESPA_WORDS)
    # As recorded, TRIO (line 8) is withdrawn on line 9: challenged off, it is no unchallenged phony.
    assert phonies(rescore_game(game("fx_wespa_challenge.gcg"), lexicon=lex)) == []
    text = (GAMES / "fx_wespa_challenge.gcg").read_text("utf-8")
    kept = text.replace(">alice: ?EIORTT -- +0 14\n", "")
    report = rescore_game(read_gcg(kept.encode(), name="kept.gcg"), lexicon=lex)
    assert phonies(report) == [(8, ["RH"], "7D TRIO")]


def test_a_play_challenged_and_upheld_is_marked_so(tmp_path: Path, build: Callable[..., Lexicon]) -> None:
    # Line 6 AXES (and HEATS) is challenged on line 7 and stands: a (challenge) +10 bonus. A word
    # our list lacks is then no unchallenged phony: the table's word list took it.
    lex = build("en-axes", "english", [w for w in WESPA_WORDS if w != "AXES"] + ["RH"])
    report = rescore_game(game("fx_wespa_challenge.gcg"), lexicon=lex)
    assert [(i.line, i.words, i.challenged or None) for i in report.info] == [(6, ["AXES"], True)]
    path = tmp_path / "game.gcg"
    path.write_bytes((GAMES / "fx_wespa_challenge.gcg").read_bytes())
    result = CliRunner().invoke(app, ["rescore", "--check-words", "--lexicon", str(tmp_path / "en-axes"),
                                      str(path)])
    assert result.exit_code == 0, result.output
    assert "info: line 6: challenged and upheld, yet not in the lexicon: AXES" in result.output


def test_one_memo_across_games_gives_the_same_answers(tmp_path: Path, build: Callable[..., Lexicon]) -> None:
    lex = build("es-memo", "spanish", [w for line, w in FISE_WORDS.items() if line != 16])
    expected = phonies(rescore_game(game("fx_fise_outplay.gcg"), lexicon=lex))
    assert expected == [(16, ["VIDA[RR]ECE"], "N1 VIDA[RR]EC.")]
    memo = TileMemo(lex)
    for _ in range(2):  # the second game is answered from the memo
        assert phonies(rescore_game(game("fx_fise_outplay.gcg"), lexicon=memo)) == expected
    assert len(memo) == len(FISE_WORDS)
    # A memo for another alphabet's codes is not used for this game: the lexicon is asked directly.
    other = TileMemo(lex, get_alphabet("catalan"))
    assert phonies(rescore_game(game("fx_fise_outplay.gcg"), lexicon=other)) == expected
    assert len(other) == 0


def test_cli_check_words_lists_phonies_and_exits_0(tmp_path: Path, build: Callable[..., Lexicon]) -> None:
    directory = tmp_path / "en-some"
    build("en-some", "english", WESPA_WORDS)
    text = (GAMES / "fx_wespa_challenge.gcg").read_text("utf-8")
    path = tmp_path / "kept.gcg"
    path.write_text(text.replace(">alice: ?EIORTT -- +0 14\n", ""), encoding="utf-8")
    result = CliRunner().invoke(app, ["rescore", "--check-words", "--lexicon", str(directory),
                                      "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    [report] = json.loads(result.stdout)
    assert report["checked_words_with"]
    assert [(i["line"], i["words"]) for i in report["info"] if i["kind"] == "phony"] == [(8, ["RH"])]


def test_cli_refuses_a_lexicon_of_other_tiles(tmp_path: Path, build: Callable[..., Lexicon]) -> None:
    directory = tmp_path / "es-all"
    build("es-all", "spanish", list(FISE_WORDS.values()))
    result = CliRunner().invoke(app, ["rescore", "--check-words", "--lexicon", str(directory),
                                      str(GAMES / "fx_wespa_challenge.gcg")])
    assert result.exit_code == 2
    assert "is spanish, but the game is played with english tiles" in result.output


@pytest.mark.parametrize("name", ["fx_fise_outplay.gcg", "fx_wespa_challenge.gcg"])
def test_word_checks_change_no_score(tmp_path: Path, name: str, build: Callable[..., Lexicon]) -> None:
    lex = build("en-none", "english", ["ZZZ"])
    es = build("es-none", "spanish", ["ZZZ"])
    record = game(name)
    plain = rescore_game(record).to_dict()
    checked = rescore_game(game(name), lexicon=es if "fise" in name else lex).to_dict()
    for report in (plain, checked):
        report.pop("info")
        report.pop("checked_words_with")
        report.pop("words_lexicon")
    assert plain == checked


# -- which lexicon, and what it is (issue 19, item 4) ---------------------------------------------


def rescore_json(*args: str) -> list[dict]:  # type: ignore[type-arg]
    result = CliRunner().invoke(app, ["rescore", "--check-words", "--format", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_the_stand_in_says_it_is_one_and_not_the_record_s_lexicon(env: Path) -> None:
    """fx_wespa_challenge.gcg names CSW21; no installed lexicon answers to it, so the words are
    checked with the ruleset's default, the English stand-in: the header said only 'words checked
    with en-kjxqz'."""
    path = str(GAMES / "fx_wespa_challenge.gcg")
    [report] = rescore_json(path)
    stand_in = open_lexicon("en-kjxqz")
    assert report["words_lexicon"] == {
        "id": "en-kjxqz", "name": "kjxqz English list", "edition": "1.2.0",
        "label": "kjxqz English list 1.2.0 (stand-in, not NWL/CSW)", "sha256": stand_in.dawg_sha256,
        "standin": True, "note": "stand-in, not NWL/CSW", "matches_record": False}
    header = ("words checked with en-kjxqz: kjxqz English list 1.2.0 (stand-in, not NWL/CSW), not the "
              "record's CSW21, so its findings may be false")
    assert words_checked(report) == header
    table = CliRunner().invoke(app, ["rescore", "--check-words", path])
    assert header in " ".join(table.stdout.split())  # (the header wraps at 100 columns)
    # A record that names no lexicon: the stand-in still says so.
    text = (GAMES / "fx_wespa_challenge.gcg").read_text("utf-8").replace("#lexicon CSW21\n", "")
    unnamed = env.parent / "unnamed.gcg"
    unnamed.write_text(text, encoding="utf-8")
    [report] = rescore_json(str(unnamed))
    assert report["words_lexicon"]["matches_record"] is None
    assert words_checked(report) == ("words checked with en-kjxqz: kjxqz English list 1.2.0 (stand-in, "
                                     "not NWL/CSW), so its findings may be false")


@pytest.mark.parametrize(("directory", "name"), [("csw21", "Collins"), ("collins", "csw21")],
                         ids=["by-id", "by-name"])
def test_an_installed_lexicon_answering_to_the_record_s_is_used(env: Path, lexicon_of: Callable[..., Path],
                                                                directory: str, name: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A lexicon whose id or name is the record's #lexicon (any case) checks its words by
    default; --lexicon still chooses; one of other tiles is not taken for it."""
    path = str(GAMES / "fx_wespa_challenge.gcg")
    built = open_lexicon(str(lexicon_of(env / directory, WESPA_WORDS, name=name, edition="2021")))
    [report] = rescore_json(path)
    assert report["words_lexicon"] == {
        "id": directory, "name": name, "edition": "2021", "label": f"{name} 2021", "sha256": built.dawg_sha256,
        "standin": False, "note": "", "matches_record": True}
    assert report["checked_words_with"] == directory
    assert words_checked(report) == f"words checked with {directory}: {name} 2021, the record's lexicon"
    assert [i for i in report["info"] if i["kind"] == "phony"] == []
    [given] = rescore_json("--lexicon", "en-kjxqz", path)
    assert (given["words_lexicon"]["id"], given["words_lexicon"]["matches_record"]) == ("en-kjxqz", False)
    lexicon_of(env / directory, ["CASA", "PERRO"], "spanish", name=name)  # (now of Spanish tiles)
    monkeypatch.setattr(store, "_ANSWERING", {})  # (read once per process: a new process)
    monkeypatch.setattr(api, "_MEMOS", {})
    [other] = rescore_json(path)
    assert other["words_lexicon"]["id"] == "en-kjxqz"


def test_a_batch_checks_each_game_with_its_own_lexicon_each_opened_once_per_process(
    env: Path, lexicon_of: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """64 games (enough for --jobs to fork its workers), half naming CSW21, half NWL23, both
    installed: each game is checked with its own, and every process opens each lexicon once."""
    import os

    import adjudicate.lexicon

    lexicon_of(env / "csw21", WESPA_WORDS, name="CSW21")
    lexicon_of(env / "nwl23", WESPA_WORDS, name="NWL23")
    games = []
    for n in range(32):
        for name in ("fx_wespa_challenge.gcg", "fx_naspa_scoreless.gcg"):
            games.append(tmp_path / f"{n:02}-{name}")
            games[-1].write_bytes((GAMES / name).read_bytes())
    log = tmp_path / "opened.txt"
    real = adjudicate.lexicon.open_lexicon

    def counted(name: str) -> Lexicon:
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()} {name}\n")
        return real(name)

    monkeypatch.setattr(adjudicate.lexicon, "open_lexicon", counted)
    monkeypatch.setattr(api, "_MEMOS", {})
    reports = rescore_json("--jobs", "2", *map(str, games))
    assert [r["words_lexicon"]["id"] for r in reports] == ["csw21", "nwl23"] * 32
    assert all(r["words_lexicon"]["matches_record"] for r in reports)
    opened = log.read_text("utf-8").splitlines()
    assert len(opened) == len(set(opened))  # (once per process)
    assert {line.split()[1] for line in opened} == {"csw21", "nwl23"}


def test_the_words_are_anything_answering_in() -> None:
    """Issue 27: the lexicon parameter is typed, `Words` (a `Container[str]` of keys, or a memo of
    one), not `Any`. A plain set of keys serves (the record below as kept, with RH not in it: the
    cross word of line 8, 7D TRIO); a memo of one needs the alphabet its codes are read with."""
    from adjudicate.tiles import parse_word, to_key

    english = get_alphabet("english")
    keys = frozenset(to_key(parse_word(word, english), english) for word in WESPA_WORDS)
    text = (GAMES / "fx_wespa_challenge.gcg").read_text("utf-8")
    kept = read_gcg(text.replace(">alice: ?EIORTT -- +0 14\n", "").encode(), name="kept.gcg")
    assert phonies(rescore_game(kept, lexicon=keys)) == [(8, ["RH"], "7D TRIO")]
    assert phonies(rescore_game(kept, lexicon=TileMemo(keys, english))) == [(8, ["RH"], "7D TRIO")]
    with pytest.raises(TypeError, match="give the alphabet"):
        TileMemo(keys)


def test_the_replay_core_says_no_any() -> None:
    """Issue 27: the last `Any` of the replay (the lexicon parameter of `rescore_game` and the
    replay, a tile play's placement, `show`'s last move) is gone: mypy checks what flows there."""
    import ast

    package = Path(__file__).resolve().parent.parent / "adjudicate"
    for name in ("recount.py", "replay.py", "endlines.py"):
        tree = ast.parse((package / name).read_text("utf-8"))
        assert not [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "Any"
                    or isinstance(node, ast.alias) and node.name == "Any"], name


def test_a_rescore_without_word_checks_never_loads_the_lexicons() -> None:
    """The lexicon package (and what it imports) is for word checks: a process that rescores a
    game without them must not load it. The report's `words_lexicon` imported it for every game,
    words checked or not: 5.4% of the instructions of `adjudicate rescore -q` of one game."""
    import subprocess
    import sys

    code = (
        "import sys, runpy\n"
        "sys.argv = ['adjudicate', 'rescore', '-q', '-']\n"
        "try:\n"
        "    runpy.run_module('adjudicate', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "sys.stderr.write(' '.join(m for m in sys.modules if m.startswith('adjudicate.lexicon')))\n"
    )
    game = "#player1 a A\n#player2 b B\n>a: ABDEFGH 8G BAD +12 12\n"  # B3 A1 D2 = 6, x2 on the star
    proc = subprocess.run([sys.executable, "-c", code], input=game, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr  # (a clean game: exit 0)
    assert proc.stderr == "", f"loaded by a rescore without word checks: {proc.stderr}"
