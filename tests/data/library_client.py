"""A script that uses only ``adjudicate.__all__``: tests/test_library.py runs ``mypy --strict`` on
it (the library's types are what a client's type checker sees: py.typed), and runs it."""

import csv
import io
import sys

import adjudicate


def table(paths: list[str]) -> str:
    """A season's games as CSV: file, ok, winners, whether the rules change the winner."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "ok", "winners", "winner_changed", "first_finding"])
    for path in paths:
        try:
            report: adjudicate.Report = adjudicate.rescore(adjudicate.read_game(path))
        except adjudicate.AdjudicateError as err:
            writer.writerow([path, "error", str(err), "", ""])
            continue
        first = report.findings[0] if report.findings else None
        writer.writerow([path, report.ok, " ".join(report.winners), report.winner_changed,
                         "" if first is None else f"{first.line}:{first.kind}"])
    return out.getvalue()


def words(spelled: list[str]) -> list[tuple[str, bool]]:
    lexicon: adjudicate.Lexicon = adjudicate.open_lexicon("es-aosw")
    found: list[tuple[str, bool]] = []
    for word in spelled:
        try:
            found.append((word, word in lexicon))
        except adjudicate.NotTilesError:
            found.append((word, False))
    return found


def main(paths: list[str]) -> int:
    verdict: adjudicate.Verdict = adjudicate.challenge(["QI", "ZA"], rules="naspa")
    finals: dict[str, int] = adjudicate.endgame(
        "naspa", {"A": 380, "B": 402}, {"B": "IQ"}, went_out="A").final_scores()
    forfeited: bool = adjudicate.clock(
        "naspa", {"A": 520, "B": 380}, {"A": "-10:01"}).players[0].forfeit
    bonus: int = adjudicate.ruleset("wespa").challenge_bonus
    game: adjudicate.Game = adjudicate.read_game(paths[0])
    svg: str = game.position(line=5).svg()
    try:
        text: str = adjudicate.correct(game).text
    except adjudicate.CannotCorrect as err:
        text = f"line {err.line}"
    print(verdict.acceptable, finals, forfeited, bonus, len(svg) > 0, len(text) > 0)
    print(words(["CHARRO", "[CH]A[RR]O", "KIWI"]))
    print(table(paths), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
