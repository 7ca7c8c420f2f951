"""The replay's game state on Spanish records: how a record spells Spanish tiles
(replay.choose_spelling) and the rack chain (the tiles a player kept, looked for on their next
whole rack); rescore names the spelling it read and takes --spelling.

Spanish game records as Macondo, Woogles, Quackle and a hand write them (SPEC §4, issue 16).

The same game is written three ways (tests/data/games/es_*.gcg). Tile values: RULES.md §4.2
(A C H I L O R S E G: 1 3 4 1 1 1 1 1 1 2; [LL] 8); premiums of the standard board. Scores:

* line 10, ana ACHIORS 8G HICO: H4 + I1 (H8, DW) + C3 + O1 = 9, x2 = 18. ana keeps A R S.
* line 11, ben ACHLLOS J7 L.S (LOS through the O of HICO at J8): L1 + O1 + S1 = 3 (J7, J9 plain
  squares). Two separate L tiles and C, H: read as [LL] or [CH] the L would not be on the rack.
  ben keeps A C H L O.
* line 12, ana AE[LL]ORRS K8 SE[LL]O: S1 + E1 + [LL]8 + O1 (K11, DW) = 11, x2 = 22; cross words
  HICOS (row 8) 4+1+3+1+1 = 10 and SE (row 9, the S of LOS) 1+1 = 2: 34. ana keeps A R R.
* line 13, ben ACHLLOR 11G CLAR. (through the O at K11): C3 + L1 + A1 + R1 + O1 = 7 (no premium
  on G11-J11). Read greedily the rack would hold [CH] and [LL], the [LL] already on the board.
* line 14, ana AEGOORR 7A AGORERO: A1 + G2 + O1x2 (C7 DL) + R1 + E1 + R1 + O1x2 (G7 DL) = 10;
  cross word OH (G7, G8) 2 + 4 = 6; bingo +50: 66. Two separate R tiles, never adjacent.

Totals: ana 18 + 34 + 66 = 118, ben 3 + 7 = 10. The Quackle copy writes the [LL] as ``ll`` (rack
``AEORRSll``, play ``SEllO``) and ben plays a blank l in ClARO at line 7: 3 + 0 + 1 + 1 + 1 = 6.

How a typed rack reads in each spelling (Alphabet.spelled): tests/test_tiles.py; the record
written canonically, always bracketed: tests/test_canonical.py; endgame --spelling:
tests/test_endgame.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate.cli import app
from adjudicate.gcg import read_gcg
from adjudicate.replay import choose_spelling
from adjudicate.recount import rescore_game
from adjudicate.rules import find_ruleset
from adjudicate.tiles import get_alphabet

GAMES = Path(__file__).parent / "data" / "games"
FISE = find_ruleset("fise")
SPANISH = get_alphabet("spanish")


@pytest.mark.parametrize(("name", "spelling", "why"), [
    ("es_macondo.gcg", "bracketed", "bracketed digraphs (#tile lines)"),
    ("es_plain.gcg", "plain", "plain spelling (no bracket, digit or #tile line in the record)"),
    ("es_quackle.gcg", "quackle", "Quackle lowercase digraphs (rack AEORRSll at line 6)"),
])
def test_each_spelling_of_the_game_rescores_clean(name, spelling, why, record_of, messages, totals):
    report = rescore_game(record_of(name), FISE)
    assert messages(report) == []
    assert report.spelling == spelling and report.spelling_reason == why
    ben = 9 if spelling == "quackle" else 10  # (a blank in CLARO there)
    assert totals(report) == {"ana": (118, 118), "ben": (ben, ben)}
    assert not [i for i in report.info if i.kind == "rack_chain"]


def test_the_macondo_game_read_greedily_gives_the_false_findings_of_before(record_of, messages):
    # What every Macondo record got before the record chose its spelling: L of LOS "not on the
    # rack", [LL] "not left in the bag", RR missing for AGORERO.
    report = rescore_game(record_of("es_macondo.gcg"), FISE, spelling="plain")
    assert [(d.line, d.kind) for d in report.discrepancies] == [
        (10, "illegal_play"), (11, "illegal_play"), (13, "illegal_play"), (13, "illegal_play"),
        (14, "illegal_play")]
    assert "rack ACHLLOR holds [LL], which is not left in the bag" in messages(report)[2]


@pytest.mark.parametrize(("text", "spelling"), [
    (">a: 1AEORST 8G [CH]OTA +20 20", "bracketed"),     # a digit alias in a rack
    (">a: ACEORST 8G CO[ll]A +20 20", "bracketed"),     # a bracketed blank: not Quackle's ll
    (">a: ACEORST 8G COLA +12 12", "plain"),
    (">a: ACEORll 8G COllA +20 20", "quackle"),
])
def test_the_record_decides_its_spelling(text, spelling):
    record = read_gcg(f"#player1 a A\n#player2 b B\n{text}\n".encode())
    assert choose_spelling(record, SPANISH)[0].spelling == spelling
    assert choose_spelling(record, get_alphabet("catalan"))[1] is None  # Catalan reads one way


def test_rack_chain_names_a_tile_that_vanished(record_of, messages):
    # es_chain.gcg: ana ?ACEHRS plays ESA (8G: E1 + S1 DW + A1 = 3, x2 = 6) and keeps ? C H R;
    # her rack written `AE` for 7I .EA (T through + E1 + A1 = 3) is a part, which carries ?CHR
    # on; her next whole rack ?CHLMOS has no R: one note, no finding, exit 0.
    report = rescore_game(record_of("es_chain.gcg"))
    assert messages(report) == []
    chain = [i for i in report.info if i.kind == "rack_chain"]
    assert [(i.line, i.player, i.missing) for i in chain] == [(13, "ana", "R")]
    assert "kept from the rack at line 9" in chain[0].message
    result = CliRunner().invoke(app, ["rescore", str(GAMES / "es_chain.gcg")])
    assert result.exit_code == 0 and "lacks R" in result.stdout


def test_rack_chain_goes_through_exchanges_and_withdrawals(record_of, messages, totals):
    # es_chain_exchange.gcg: ana exchanges CHL of ?CHLORS (keeps ?ORS: her next rack ?BORSTU
    # holds them); ben's phony H1 JUDIA (J8 + U1 + D2 + I1x2 + A1 = 14, H1 TW x3 = 42; AN 2: 44)
    # is withdrawn and he holds ADEIJMU again for 7C JUDIA (J8x2 + U1 + D2 + I1 + A1x2 = 22;
    # AE 3: 25). No note.
    report = rescore_game(record_of("es_chain_exchange.gcg"))
    assert messages(report) == []
    assert totals(report) == {"ana": (6, 6), "ben": (30, 30)}
    assert [i for i in report.info if i.kind == "rack_chain"] == []


def test_rescore_cli_names_the_spelling_and_takes_an_override():
    runner = CliRunner()
    path = str(GAMES / "es_plain.gcg")
    result = runner.invoke(app, ["rescore", "--rules", "fise", path])
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())  # (the header wraps at 100 columns)
    assert "spelling: plain spelling (no bracket, digit or #tile line in the record)" in words
    result = runner.invoke(app, ["rescore", "--rules", "fise", "--spelling", "bracketed", "-f", "json", path])
    assert result.exit_code == 1
    [data] = json.loads(result.stdout)
    assert data["spelling"] == "bracketed" and data["spelling_reason"].endswith("(--spelling bracketed)")


def test_the_last_play_is_kept_as_a_last_play(record_of):
    """GameState.last_play holds the LastPlay itself, not a bare tuple read by position (issue
    27): after line 7, ana's AGORERO at 7A for 10 + 6 + 50 = 66, seven tiles from a rack of 7."""
    from adjudicate.replay import LastPlay
    from adjudicate.recount import _Rescore
    from adjudicate.rules import GIVEN

    record = record_of("es_plain.gcg")
    alphabet, spelled = choose_spelling(record, SPANISH, None)
    replay = _Rescore(record, FISE, GIVEN, None, alphabet, spelled)
    replay.run(whole=False)
    state = replay.state
    last = state.last_play
    assert isinstance(last, LastPlay)
    assert (last.player, last.score, last.rack_size, last.event.line) == (0, 66, 7, 7)
    assert state.previous_play() is last
