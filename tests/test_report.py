"""A rescoring report written out (``adjudicate.reportwriter``): one game's table, a batch's table, CSV
and the JSON array, from the report's dicts (what ``rescore --jobs`` workers send); the table of a
long record, linear in its size, a long cell cut."""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicate.gcg import read_gcg
from adjudicate.report import (
    GameError,
    GameOutcome,
    GameReport,
    Tally,
    failed,
    summary,
    winner_changes,
)
from adjudicate.reportwriter import (
    CELL_WIDTH,
    WIDTH,
    cell,
    csv_lines,
    game_table,
    json_array,
    json_lines,
    report_json,
    summary_table,
)
from adjudicate.recount import rescore_game

GAMES = Path(__file__).parent / "data" / "games"
CLEAN = GAMES / "fx_naspa_scoreless.gcg"
BROKEN = GAMES / "gcg_bom_crlf.gcg"  # its first play misses the centre square: illegal_play, line 3
ERROR: GameError = {"file": "garbage.gcg", "error": "garbage.gcg: line 1: not a game record"}


def finding_rows(table: str) -> list[str]:
    """The rows of a game table's discrepancies, each with the lines its cells wrap to joined to
    it (a row starts where the line column has text)."""
    lines = table.split("\n  line  kind", 1)[1].splitlines()
    width = len(lines[1].split("  ")[0])
    rows: list[str] = []
    for line in lines[2:]:
        if not line.strip() or line.startswith(("explained by:", "info: ")):
            break
        if line[:width].strip():
            rows.append(line.rstrip())
        else:
            rows[-1] += " " + line.strip()
    return rows


def report(path: Path, name: str | None = None) -> GameReport:
    """The game's report, named by its file name (a table's layout depends on a path's length,
    and a checkout may be as deep as it likes)."""
    return rescore_game(read_gcg(path.read_bytes(), name=name or path.name)).to_dict()


def test_the_summary_is_the_reports_own_values() -> None:
    whole = rescore_game(read_gcg(BROKEN.read_bytes(), name=str(BROKEN)))
    short = summary(whole)
    full: dict[str, Any] = dict(whole.to_dict())
    assert short == {key: full[key] for key in short}
    assert list(short) == ["file", "ruleset", "ending", "ok", "winners", "recorded_winners",
                           "winner_changed", "players", "discrepancies"]
    assert not failed(short) and failed(ERROR)


def test_one_clean_game() -> None:
    text = game_table(report(CLEAN))
    assert text.splitlines()[0] == f"{CLEAN.name}: ruleset naspa, from the record's #lexicon NWL23"
    assert "no discrepancies: every score agrees" in text
    assert "explained by" not in text


def test_a_header_too_long_for_a_line_puts_the_file_on_a_line_of_its_own() -> None:
    # (CI's checkout is deep: the header's length depends on the path, so both forms are tested
    # with names of a known length)
    header = "ruleset naspa, from the record's #lexicon NWL23"
    fits = "g" * (WIDTH - len(header) - 6) + ".gcg"  # "NAME.gcg: " + header is WIDTH columns
    assert game_table(report(CLEAN, fits)).splitlines()[0] == f"{fits}: {header}"
    long = "/deep" * 20 + "/" + CLEAN.name
    assert game_table(report(CLEAN, long)).splitlines()[:2] == [f"{long}:", f"  {header}"]


def test_a_discrepancy_on_a_play_names_the_show_command_with_the_options_given() -> None:
    text = game_table(report(BROKEN), " --rules naspa")
    row = next(line for line in text.splitlines() if line.lstrip().startswith("3 "))
    assert "illegal_play" in row
    # (below the table, one command a line)
    assert text.split("\nexplained by:\n", 1)[1].splitlines()[0] == (
        f"  adjudicate show {BROKEN.name} --line 3 --rules naspa")
    # stdin cannot be shown again: no command, and no column for it
    assert "adjudicate show" not in game_table(report(BROKEN, "<stdin>"))


def test_a_batch_table_has_a_row_per_game_and_an_error_row() -> None:
    lines = summary_table([report(CLEAN), ERROR, summary(rescore_game(read_gcg(BROKEN.read_bytes(),
                                                                               name="b.gcg")))])
    assert lines.splitlines()[0].split() == ["file", "ruleset", "ending", "discrepancies",
                                             "winner_changed"]
    rows = lines.splitlines()[2:]
    assert rows[0].split()[3] == "ok"
    # (under a row, why it could not be rescored, or its first discrepancy)
    assert rows[1].split() == ["garbage.gcg", "ERROR"]
    assert rows[2] == f"  error: {ERROR['error']}"
    assert rows[3].split()[0] == "b.gcg" and rows[3].split()[3] == str(len(report(BROKEN)["discrepancies"]))
    assert rows[4].startswith("  first: line 3: ") and "cover the centre square H8" in " ".join(rows[4:])


def test_csv_one_line_per_game_the_header_first() -> None:
    rows = list(csv.DictReader(io.StringIO("".join(csv_lines([report(CLEAN), ERROR, report(BROKEN)])))))
    assert [r["file"] for r in rows] == [CLEAN.name, "garbage.gcg", BROKEN.name]
    assert [r["ok"] for r in rows] == ["true", "", "false"]
    assert rows[1]["error"] == ERROR["error"]
    assert (rows[2]["first_line"], rows[2]["first_kind"]) == ("3", "illegal_play")


def test_csv_writes_booleans_and_endings_as_a_spreadsheet_and_the_table_do() -> None:
    """`ok` is true/false (not Python's True), and an unfinished game's ending is the table's
    word, not an empty field (issue 19, item 2)."""
    unfinished = report(GAMES / "fx_wespa_challenge.gcg")  # no end-of-game lines: not finished
    assert unfinished["ending"] is None and unfinished["ok"]
    games = [unfinished, report(BROKEN), report(CLEAN)]
    rows = list(csv.reader(io.StringIO("".join(csv_lines(games)))))[1:]
    assert [(row[2], row[3]) for row in rows] == [
        ("unfinished", "true"), ("unfinished", "false"), ("scoreless", "true")]
    table_rows = summary_table(games).splitlines()[2:]
    assert [row.split()[2] for row in table_rows if row.startswith(("fx_", "gcg_"))] == [
        "unfinished", "unfinished", "scoreless"]


@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_json_array_is_json_dumps_byte_for_byte(count: int) -> None:
    outcomes: list[GameOutcome] = [report(CLEAN), ERROR, report(BROKEN)][:count]
    for indent in (2, 3):
        expected = json.dumps(outcomes, ensure_ascii=False, indent=indent) + "\n"
        assert "".join(json_array(outcomes, indent)) == expected
    # Unindented: one game a line, json.dumps of each, [ and ] on lines of their own.
    lines = "".join(json_array(outcomes)).split("\n")
    assert lines == (["[]", ""] if not count else ["[", *[
        json.dumps(r, ensure_ascii=False) + ("," if n < count - 1 else "") for n, r in enumerate(outcomes)],
        "]", ""])


def test_a_reports_json_text_is_json_dumps_of_its_dict_for_every_record() -> None:
    """report_json writes each play's text itself (the canonical labels JSON keeps as
    they are) and the rest with json's C encoder: equal to json.dumps of to_dict on every corpus
    and fixture record, under their own ruleset and another, control characters escaped."""
    import os

    from adjudicate.errors import AdjudicateError
    from adjudicate.jsontext import json_line
    from adjudicate.rules import find_ruleset

    corpus = Path(os.environ.get("ADJUDICATE_CORPUS", "/work/shared/corpus")) / "gcg"
    paths = sorted(GAMES.parent.rglob("*.gcg")) + sorted(corpus.glob("*/*.gcg"))
    compared = 0
    for path in paths:
        for rules in (None, "fise"):
            try:
                record = read_gcg(path.read_bytes(), name=str(path))
                text = report_json(rescore_game(record, find_ruleset(rules) if rules else None))
                expected = json_line(rescore_game(record, find_ruleset(rules) if rules else None).to_dict())
            except AdjudicateError:
                continue
            assert text == expected, path
            compared += 1
    assert compared >= 150


def test_every_tile_label_is_json_as_it_is() -> None:
    """What reportwriter.event_json writes without escaping: every label of every tile set."""
    from adjudicate.tiles import ALPHABET_NAMES, BLANK_BIT, THROUGH_BIT, format_word, get_alphabet

    for name in ALPHABET_NAMES:
        alphabet = get_alphabet(name)
        for code in range(len(alphabet.labels)):
            for bits in (0, BLANK_BIT, THROUGH_BIT):
                label = format_word([code | bits], alphabet)
                assert json.dumps(label, ensure_ascii=False) == f'"{label}"', label


@pytest.mark.parametrize("count", [0, 1, 3])
def test_json_lines_are_json_dumps_one_game_a_line(count: int) -> None:
    outcomes: list[GameOutcome] = [report(CLEAN), ERROR, report(BROKEN)][:count]
    expected = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in outcomes)
    assert "".join(json_lines(outcomes)) == expected


@pytest.mark.parametrize("writer", [json_array, json_lines, csv_lines])
def test_a_batch_is_written_game_by_game(writer: Any) -> None:
    """Each game's text is out before the next game is replayed: memory stays flat for any batch."""
    one = report(CLEAN)
    replayed = []

    def games() -> Iterator[GameReport]:
        for n in range(3):
            replayed.append(n)
            yield one

    chunks = writer(games())
    text = next(chunks)
    if writer is csv_lines:
        assert text.startswith("file,") and replayed == []
        text = next(chunks)
    assert CLEAN.name in text and replayed == [0]
    assert "".join([text, *chunks]).count(CLEAN.name) == 3 and replayed == [0, 1, 2]


def test_a_cell_is_cut_with_an_ellipsis_and_escaped() -> None:
    assert cell("x" * CELL_WIDTH) == "x" * CELL_WIDTH
    cut = cell("x" * (CELL_WIDTH + 1))
    assert len(cut) == CELL_WIDTH and cut.endswith("\u2026")
    assert cell("do\x1bug") == "do\\x1bug" and cell(None) == "" and cell(12) == "12"


# -- a batch's tally (issue 19, item 2) ---------------------------------------------------------------


def changed_winner(tmp_path: Path) -> Path:
    """fx_naspa_scoreless with alice's first play recorded 40 points high: the record's totals
    end alice 8, bob 4 (alice wins); the rules' alice -32, bob 4 (bob wins)."""
    text = CLEAN.read_text("utf-8").replace("HEAT +14 14", "HEAT +54 54")
    for was, now in (("+0 14", "+0 54"), ("-6 8", "-6 48"), ("-40 -32", "-40 8")):
        text = text.replace(was, now)
    path = tmp_path / "changed_winner.gcg"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_winner_changes_when_the_rules_winner_is_not_the_records(tmp_path: Path) -> None:
    changed = report(changed_winner(tmp_path))
    assert [(p["recorded_final"], p["computed_final"]) for p in changed["players"]] == [(8, -32), (4, 4)]
    assert changed["winners"] == ["bob"] and winner_changes(changed)
    assert winner_changes(summary(rescore_game(read_gcg(changed_winner(tmp_path).read_bytes()))))
    assert not winner_changes(report(CLEAN))  # bob wins either way
    assert not winner_changes(report(BROKEN))  # unfinished: no winner yet
    tie = report(GAMES / "fx_fise_tie.gcg")  # equal totals, beto wins on the score before the racks
    assert tie["winners"] == ["beto"] and not winner_changes(tie)


# -- the winner change named (issue 25, item 3) ------------------------------------------------------

def test_the_json_names_the_records_winners_beside_the_rules(doug_emely: str) -> None:
    game = rescore_game(read_gcg(doug_emely.encode(), name="dw.gcg")).to_dict()
    assert [(p["recorded_final"], p["computed_final"]) for p in game["players"]] == [(6, 22), (12, 2)]
    assert game["winners"] == ["doug"] and game["recorded_winners"] == ["emely"]
    assert game["winner_changed"] is True
    keys = list(game)
    assert keys[keys.index("winners"):] == ["winners", "recorded_winners", "winner_changed", "ok"]
    # JSON Lines writes the same (its text made without the dicts: reportwriter.report_json)
    line = next(json_lines([rescore_game(read_gcg(doug_emely.encode(), name="dw.gcg"))]))
    assert json.loads(line) == game
    clean = report(CLEAN)  # the record's totals are the rules': bob either way
    assert clean["recorded_winners"] == clean["winners"] == ["bob"] and not clean["winner_changed"]
    unfinished = report(BROKEN)  # no winner yet, on either side
    assert unfinished["recorded_winners"] == unfinished["winners"] == []
    assert unfinished["winner_changed"] is False
    # Equal totals, beto wins on the score before the racks: the same totals, the same winner.
    tie = report(GAMES / "fx_fise_tie.gcg")
    assert tie["recorded_winners"] == tie["winners"] == ["beto"] and not tie["winner_changed"]


def test_a_tie_in_the_records_totals_gives_every_tied_player(doug_emely: str) -> None:
    # emely's QUEER recorded +42 instead of +48: her total 42 - 36 = 6, doug's 6: a tie.
    text = doug_emely.replace("+48 48", "+42 42").replace("+0 48", "+0 42").replace("-36 12", "-36 6")
    game = rescore_game(read_gcg(text.encode(), name="tie.gcg")).to_dict()
    assert game["recorded_winners"] == ["doug", "emely"] and game["winners"] == ["doug"]
    assert game["winner_changed"]
    assert ("winner changes: the record's totals give doug and emely (a tie); the rules give doug"
            in game_table(game))


def test_one_games_table_says_whose_the_win_is_on_each_side(doug_emely: str) -> None:
    lines = game_table(rescore_game(read_gcg(doug_emely.encode(), name="dw.gcg")).to_dict()).splitlines()
    at = lines.index("ended by: scoreless turns; winner (computed): doug")
    assert lines[at + 1] == "winner changes: the record's totals give emely; the rules give doug"
    assert not any(line.startswith("winner changes") for line in game_table(report(CLEAN)).splitlines())


def test_the_batch_table_and_csv_have_a_winner_changed_column(doug_emely: str) -> None:
    games = [summary(rescore_game(read_gcg(doug_emely.encode(), name="dw.gcg"))),
             summary(rescore_game(read_gcg(CLEAN.read_bytes(), name="clean.gcg"))), ERROR]
    rows = list(csv.DictReader(io.StringIO("".join(csv_lines(games)))))
    assert [row["winner_changed"] for row in rows] == ["true", "false", ""]
    table = summary_table(games).splitlines()
    assert table[0].split() == ["file", "ruleset", "ending", "discrepancies", "winner_changed"]
    assert table[2].split() == ["dw.gcg", "naspa", "scoreless", "2", "true"]
    assert [line.split()[-1] for line in table if line.startswith(("clean", "garbage"))] == [
        "false", "ERROR"]


def test_a_batch_tally_counts_each_kind_of_game_in_words(tmp_path: Path) -> None:
    tally = Tally()
    for outcome in (report(CLEAN), ERROR, report(BROKEN), report(changed_winner(tmp_path)), ERROR):
        tally.add(outcome)
    assert str(tally) == ("5 games: 1 agrees, 2 with discrepancies, 2 could not be adjudicated; "
                          "the winner changes in 1:\n"
                          "  changed_winner.gcg: the record's totals give alice; the rules give bob")
    one = Tally()
    one.add(report(CLEAN))
    assert str(one) == "1 game: 1 agrees, 0 with discrepancies, 0 could not be adjudicated; no winner changes"
    for _ in range(2):
        one.add(report(changed_winner(tmp_path)))
    assert str(one).splitlines() == [
        "3 games: 1 agrees, 2 with discrepancies, 0 could not be adjudicated; the winner changes in 2:",
        *["  changed_winner.gcg: the record's totals give alice; the rules give bob"] * 2]


# -- a run of one finding is one row of the table (issue 19, item 3) ---------------------------------

AFTER_THE_END = (">bob: EIOQRRT -EIO +0 4\n>alice: ?AEEOTT -AEE +0 -32\n#note a note between\n"
                 ">bob: EIOQRRT -EIO +0 4\n>alice: ?AEEOTT 8A TOTE. +20 -12\n>bob: EIOQRRT -EIO +0 4\n")


def test_moves_after_the_end_are_one_row_and_count_for_nothing(tmp_path: Path) -> None:
    """fx_naspa_scoreless ends at line 13 (six scoreless turns); five moves follow (lines 18-23, a
    note at 20), one of them TOTE for 20 (recorded -32 + 20 = -12). The table has one row for the
    five; the JSON and the CSV keep each; alice's computed total stays -32."""
    path = tmp_path / "after.gcg"
    path.write_text(CLEAN.read_text("utf-8") + AFTER_THE_END, encoding="utf-8")
    game = report(path)
    assert [(d["line"], d["player"]) for d in game["discrepancies"]] == [
        (18, "bob"), (19, "alice"), (21, "bob"), (22, "alice"), (23, "bob")]
    assert [(p["recorded_final"], p["computed_final"]) for p in game["players"]] == [(-12, -32), (4, 4)]
    rows = finding_rows(game_table(game))
    assert [row.split()[0] for row in rows] == ["18\u201323"]
    assert rows[0].endswith("  5 moves after the end of the game (ended at line 13), by bob and alice")
    assert next(csv.DictReader(io.StringIO("".join(csv_lines([game])))))["discrepancies"] == "5"
    assert len(json.loads("".join(json_array([game])))[0]["discrepancies"]) == 5


def test_an_event_without_the_finding_ends_a_run() -> None:
    def finding(line: int, player: str) -> dict[str, Any]:
        return {"line": line, "kind": "unexpected_event", "player": player, "recorded": None,
                "computed": None, "message": f"line {line}: {player} does it again"}

    game: dict[str, Any] = {
        **report(CLEAN), "file": "<stdin>",
        "events": [{"line": n, "kind": "pass"} for n in (10, 11, 12, 14, 15)],
        "discrepancies": [finding(10, "a"), finding(11, "b"), finding(12, "a") | {"kind": "score"},
                          finding(14, "a"), finding(15, "a"), finding(16, "a")],
    }
    rows = finding_rows(game_table(game))  # type: ignore[arg-type]
    assert [row.split()[0] for row in rows] == ["10\u201311", "12", "14\u201316"]
    assert rows[0].endswith("2 does it again, by a and b") and rows[2].endswith("3 does it again, by a")


def test_game_events_overflow_reads_as_one_run_and_its_totals_stand(corpus: Path) -> None:
    """The public record repeats GURU / .PILATES from line 19, then plays on past the end it
    implies: 200-odd rows of 'moves after the end' were one row each (issue 19, item 3). A phony
    withdrawn at line 243 is another finding: the run stops before it."""
    game = report(corpus / "gcg" / "magpie-data" / "game_events_overflow.gcg")
    assert len(game["discrepancies"]) == 217  # every one kept for JSON and CSV (corpus_expected.tsv)
    assert [(p["recorded_final"], p["computed_final"]) for p in game["players"]] == [(393, 393), (539, 539)]
    rows = finding_rows(game_table(game))
    assert [row.split()[0] for row in rows] == ["19", "19", "27\u2013242", "243", "244"]
    assert ("213 moves after the end of the game (ended at line 26; the end is a guess: the board "
            "lacks the play at line 19), by Tim and Josh") in rows[2]


# -- the table of a long record: linear in its size, a long cell cut ---------------------------------

# Whatever the reader accepts is written out in time and memory linear in its size. No test here
# measures time (scripts/bench has the rows for the 100,000-line records): they measure what grows,
# the table's size. A cell longer than CELL_WIDTH is cut with an ellipsis in the table, and whole in
# JSON.

GAME = GAMES / "fx_fise_outplay.gcg"  # ends ">beto:  (EX) +9 609"


def repeated_out_play(tmp_path: Path, lines: int) -> Path:
    """The game with its out-play line repeated up to ``lines`` lines (one end_rack finding whose
    recorded rack holds every repetition, and a cumulative finding per line)."""
    text = GAME.read_bytes().rstrip(b"\n").split(b"\n")
    out_play = next(line for line in text if line.startswith(b">beto:  (EX)"))
    path = tmp_path / f"out{lines}.gcg"
    path.write_bytes(b"\n".join(text + [out_play] * (lines - len(text))) + b"\n")
    return path


def test_the_table_grows_linearly_with_the_record(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """The end_rack cell held every repeated line, and the table padded every row to it: 10,000
    lines made 400 MB of table, 20,000 lines 1.6 GB. (The repeated lines' cumulative findings are
    now one row, a run: the table does not grow at all; the JSON has each, and grows linearly.)"""
    small = cli(["rescore", str(repeated_out_play(tmp_path, 10_000))])
    large = cli(["rescore", str(repeated_out_play(tmp_path, 20_000))])
    assert small.exit_code == large.exit_code == 1
    ratio = len(large.stdout) / len(small.stdout)
    assert 0.9 < ratio < 1.1, ratio
    assert "9980 times: out-play (EX): recorded +9, computed +0" in " ".join(small.stdout.split())
    assert max(len(line) for line in large.stdout.splitlines()) < 5 * CELL_WIDTH
    small, large = (cli(["rescore", "--format", "jsonl", str(repeated_out_play(tmp_path, n))]) for n in (10_000, 20_000))
    ratio = len(large.stdout) / len(small.stdout)
    assert 1.9 < ratio < 2.1, ratio


def test_a_long_cell_is_cut_with_an_ellipsis_and_whole_in_json(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    path = repeated_out_play(tmp_path, 200)
    table = cli(["rescore", str(path)]).stdout.splitlines()
    # The recorded cell, wrapped in its column (where the rule under the header has its third run
    # of dashes), from the end_rack row to the next row.
    rule = next(i for i, line in enumerate(table) if line.startswith("------  "))
    start = [m.start() for m in re.finditer("-+", table[rule])][2]
    end = table[rule].index(" ", start)
    first = next(i for i in range(rule, len(table)) if "end_rack" in table[i])
    rows = [table[first], *itertools.takewhile(lambda line: not line[:6].strip(), table[first + 1:])]
    recorded = "".join(row[start:end].strip() for row in rows)
    assert len(recorded) == CELL_WIDTH and recorded.endswith("\u2026"), rows
    [report] = json.loads(cli(["rescore", "--format", "json", str(path)]).stdout)
    finding = next(d for d in report["discrepancies"] if d["kind"] == "end_rack")
    assert len(finding["recorded"]) > CELL_WIDTH * 2 and "\u2026" not in finding["recorded"]


def test_an_event_result_is_a_dataclass():
    """EventResult is a ``@dataclass(slots=True)`` (issue 27: the hand-written class it was saved
    0.8% of a game): two results of the same line compare equal, and its fields are listed."""
    from dataclasses import fields

    from adjudicate.report import EventResult

    result = EventResult(3, "ana", "play")
    assert result == EventResult(3, "ana", "play") != EventResult(4, "ana", "play")
    assert [f.name for f in fields(EventResult)][:4] == ["line", "player", "kind", "position"]
    assert not hasattr(result, "__dict__")
    assert repr(result).startswith("EventResult(line=3, player='ana', kind='play', position=None")
