"""Spanish game records as Macondo, Woogles, Quackle and a hand write them (SPEC §4, issue 16).

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
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicate.canonical import canonical_gcg
from adjudicate.cli import app
from adjudicate.gcg import read_gcg
from adjudicate.rescore import choose_spelling, rescore_game
from adjudicate.rules import find_ruleset
from adjudicate.tiles import format_rack, get_alphabet, parse_rack

GAMES = Path(__file__).parent / "data" / "games"
FISE = find_ruleset("fise")
SPANISH = get_alphabet("spanish")


def record_of(name: str):
    return read_gcg((GAMES / name).read_bytes(), name=name)


def messages(report) -> list[str]:
    return [d.message for d in report.discrepancies]


def totals(report) -> dict[str, tuple[int | None, int]]:
    return {p.nick: (p.recorded_final, p.computed_final) for p in report.players}


@pytest.mark.parametrize(("name", "spelling", "why"), [
    ("es_macondo.gcg", "bracketed", "bracketed digraphs (#tile lines)"),
    ("es_plain.gcg", "plain", "plain spelling (no bracket, digit or #tile line in the record)"),
    ("es_quackle.gcg", "quackle", "Quackle lowercase digraphs (rack AEORRSll at line 6)"),
])
def test_each_spelling_of_the_game_rescores_clean(name, spelling, why):
    report = rescore_game(record_of(name), FISE)
    assert messages(report) == []
    assert report.spelling == spelling and report.spelling_reason == why
    ben = 9 if spelling == "quackle" else 10  # (a blank in CLARO there)
    assert totals(report) == {"ana": (118, 118), "ben": (ben, ben)}
    assert not [i for i in report.info if i.kind == "rack_chain"]


def test_the_macondo_game_read_greedily_gives_the_false_findings_of_before():
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


def test_racks_and_plays_follow_the_spelling():
    # SPEC §4: in a bracketed record LL is two L tiles and HICO four tiles.
    racks = {s: format_rack(parse_rack("AELLORS", SPANISH.spelled(s)), SPANISH)
             for s in ("bracketed", "plain", "quackle")}
    assert racks == {"bracketed": "AELLORS", "plain": "AE[LL]ORS", "quackle": "AELLORS"}
    assert len(parse_rack("AALORVll", SPANISH.spelled("quackle"))) == 7


@pytest.mark.parametrize(("withdrawal", "what"), [
    (">alice: AEINRTV -- +0 53", "phony withdrawn: cumulative 53 is not 53 -21 = 32"),
    (">alice: AEINRTV -- -21 53", "phony withdrawn: cumulative 53 is not 53 -21 = 32"),
])
def test_a_wrong_total_on_a_withdrawal_is_reported_once(withdrawal, what):
    # withdrawal_old_form_wrong_total.gcg: alice 8D WINDY (W4x2 D8 DL + I1 + N1 + D2 + Y4 = 16,
    # H8 DW x2 = 32); bob F5 AGO.E (A1 + G2x3 F6 TL + O1 + N1 + E1 = 10); she plays the phony 4D VENT (V4 E1 N1 T1, D4 DW: 14; NAGONE 7:
    # 21, 53) and withdraws it without setting her total back (53, not 32); her next play 4C VENT
    # (+21) goes on from the right total: 32 + 21 = 53. One finding, at the withdrawal.
    text = (GAMES / "withdrawal_old_form_wrong_total.gcg").read_text()
    text = text.replace(">alice: AEINRTV -- +0 53", withdrawal)
    report = rescore_game(read_gcg(text.encode()))
    assert [(d.line, d.kind) for d in report.discrepancies] == [(6, "cumulative")]
    assert report.discrepancies[0].message == f"line 6: {what}"
    assert totals(report)["alice"] == (53, 53)


def test_rack_chain_names_a_tile_that_vanished():
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


def test_rack_chain_goes_through_exchanges_and_withdrawals():
    # es_chain_exchange.gcg: ana exchanges CHL of ?CHLORS (keeps ?ORS: her next rack ?BORSTU
    # holds them); ben's phony H1 JUDIA (J8 + U1 + D2 + I1x2 + A1 = 14, H1 TW x3 = 42; AN 2: 44)
    # is withdrawn and he holds ADEIJMU again for 7C JUDIA (J8x2 + U1 + D2 + I1 + A1x2 = 22;
    # AE 3: 25). No note.
    report = rescore_game(record_of("es_chain_exchange.gcg"))
    assert messages(report) == []
    assert totals(report) == {"ana": (6, 6), "ben": (30, 30)}
    assert [i for i in report.info if i.kind == "rack_chain"] == []


def test_canonical_writes_the_bracketed_spelling_whatever_was_read():
    # The hand-typed game comes out bracketed, with #tile lines, and reads back (detected as
    # bracketed) to the same numbers as the Macondo copy.
    plain = canonical_gcg(record_of("es_plain.gcg"), FISE)
    macondo = canonical_gcg(record_of("es_macondo.gcg"))
    assert "#tile [LL] [ll]" in plain and ">ana: AE[LL]RORS K8 SE[LL]O +34 52" in plain
    assert ">ben: ALHCLOS J7 L.S +3 3" in plain  # separate tiles, as the record meant them
    for text in (plain, macondo):
        back = rescore_game(read_gcg(text.encode()))
        assert back.spelling == "bracketed" and messages(back) == []
        assert totals(back) == {"ana": (118, 118), "ben": (10, 10)}
    assert canonical_gcg(read_gcg(plain.encode())) == plain
    quackle = canonical_gcg(record_of("es_quackle.gcg"), FISE)
    assert ">ana: AEORRS[LL] K8 SE[LL]O +34 52" in quackle and "11G Cl" in quackle


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
