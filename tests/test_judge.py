"""`adjudicate judge`: the session as a state machine, the command without a terminal (an overlong
line skipped with one error), and the interactive session through a real pseudo-terminal."""

from __future__ import annotations

from adjudicate.errors import AdjudicateError

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from adjudicate import judgelog
from adjudicate.ruling import Ruling, TypedWord, judge_play
from adjudicate.cli import app
from adjudicate.judge import Phase, Session, Style, Timing, block_letters, read_line_play, render
from adjudicate.judgelog import verify_log
from adjudicate.tiles import get_alphabet, word_key


class FakeLexicon:
    """Stands in for adjudicate.lexicon.Lexicon in the state-machine tests: a set of keys."""

    def __init__(self, alphabet_name: str, words: Iterable[str]) -> None:
        self.alphabet = get_alphabet(alphabet_name)
        self.keys = {word_key(w, self.alphabet) for w in words}
        self.id, self.name, self.edition = f"{alphabet_name}-fake", "Fake", "1"
        self.dawg_sha256 = "0" * 64

    def __contains__(self, key: object) -> bool:
        return key in self.keys

    def label(self) -> str:
        return "Fake 1 (test stand-in)"


EN = FakeLexicon("english", ["QI", "ZAX", "CAT", "DOG"])
ES = FakeLexicon("spanish", ["CHARRO", "ÑANDÚ", "LLAMA"])
CA = FakeLexicon("catalan", ["QUE", "CEL·LA"])
T = Timing(verdict_seconds=10, idle_seconds=15, guard_seconds=0.5)


def make(lex: FakeLexicon = EN, **kwargs: object) -> tuple[Session, list[tuple[TypedWord, ...]]]:
    calls: list[tuple[TypedWord, ...]] = []

    def judge(words: tuple[TypedWord, ...]) -> Ruling:
        calls.append(words)
        return judge_play(words, lex)

    return Session(judge, lex.alphabet, timing=T, **kwargs), calls  # type: ignore[arg-type]


def test_count_words_confirm_verdict_then_cleared() -> None:
    s, calls = make()
    s.feed("2", 1.0)
    assert s.phase is Phase.WORDS and s.count == 2
    s.feed("qi zax ", 2.0)
    assert s.phase is Phase.CONFIRM and [w.label for w in s.words] == ["QI", "ZAX"]
    assert not calls
    s.key("\r", 3.0)
    assert s.phase is Phase.VERDICT and s.verdict() == "ACCEPTABLE" and len(calls) == 1
    s.tick(12.9)
    assert s.phase is Phase.VERDICT
    s.tick(13.0)
    assert s.phase is Phase.COUNT and s.words == [] and s.ruling is None


def test_enter_and_tab_separate_words_and_tab_confirms() -> None:
    s, _ = make()
    s.feed("3", 0)
    s.feed("cat\rdog\tqi\r", 1)
    assert s.phase is Phase.CONFIRM
    s.key("\t", 2)
    assert s.verdict() == "ACCEPTABLE"


def test_one_bad_word_makes_the_play_unacceptable_without_saying_which() -> None:
    s, _ = make()
    s.feed("2cat zzz ", 0)
    s.key("\r", 1)
    assert s.verdict() == "UNACCEPTABLE"
    screen = render(s, "Fake 1", Style(width=100))
    assert "UNACCEPTABLE" in screen and "cat  zzz" in screen and "Fake 1" in screen
    assert "valid" not in screen.lower().replace("unacceptable", "")


def test_confirm_and_verdict_ignore_keys_within_the_guard_time() -> None:
    s, calls = make()
    s.feed("1qi\r", 0.0)
    s.key("\r", 0.2)  # the challenger's second Enter: not a confirmation
    assert s.phase is Phase.CONFIRM and not calls
    s.key("\r", 0.6)
    assert s.phase is Phase.VERDICT
    s.key("x", 0.9)  # within 0.5 s of the verdict: ignored
    assert s.phase is Phase.VERDICT
    s.key("x", 1.2)
    assert s.phase is Phase.COUNT


def test_idle_input_starts_over() -> None:
    s, _ = make()
    s.feed("2qi", 0)
    assert s.deadline() == 15
    s.tick(14.9)
    assert s.phase is Phase.WORDS
    s.tick(15)
    assert s.phase is Phase.COUNT and s.buffer == "" and s.words == []
    assert s.deadline() is None  # an empty start screen waits for ever


def test_backspace_edits_and_esc_starts_over() -> None:
    s, _ = make()
    s.feed("2qi ", 0)
    s.key("\x7f", 1)  # reopens QI
    assert s.buffer == "qi" and s.words == []
    s.feed("\x7f\x7fzax dog ", 2)
    assert s.phase is Phase.CONFIRM
    s.key("\x7f", 3)  # back from confirmation to the last word
    assert s.phase is Phase.WORDS and s.buffer == "dog"
    s.key("\x1b", 4)
    assert s.phase is Phase.COUNT and s.words == []


def test_untileable_word_gets_a_message_not_a_verdict() -> None:
    s, calls = make(ES, lang="es")
    s.feed("2kiwi ", 0)
    assert s.phase is Phase.WORDS and s.words == []
    assert s.message == "'kiwi' no se puede formar con las fichas: K no es una ficha del juego español. " \
        "Escríbala de nuevo."
    s.feed("charro llama ", 1)
    s.key("\r", 2)
    assert not s.message and s.verdict() == "VÁLIDA" and [w.label for w in calls[0]] == [
        "[CH]A[RR]O",
        "[LL]AMA",
    ]


def test_too_long_word_is_refused() -> None:
    s, _ = make()
    s.feed("1" + "a" * 16 + " ", 0)
    assert s.phase is Phase.WORDS and "at most 15" in (s.message or "")


@pytest.mark.parametrize(
    ("lex", "lang", "typed", "message"),
    [
        # every reason a word is refused, in the session's language, never half in English
        (EN, "en", "kiwi?", ("'kiwi?' cannot be laid with the tiles: ? is not a tile of the English set. "
                             "Type it again.")),
        (ES, "ca", "kiwi", ("'kiwi' no es pot formar amb les fitxes: K no és una fitxa del joc castellà. "
                            "Torneu-la a escriure.")),
        (ES, "es", "a" * 16, ("'aaaaaaaaaaaaaaaa' no se puede formar con las fichas: 16 fichas: una palabra "
                              "tiene como máximo 15. Escríbala de nuevo.")),
        (ES, "es", "a", ("'a' no se puede formar con las fichas: 1 ficha: una palabra tiene como mínimo 2. "
                         "Escríbala de nuevo.")),
        (ES, "es", "cel·la", ("'cel·la' no se puede formar con las fichas: '·' no forma una ficha aquí. "
                              "Escríbala de nuevo.")),
    ],
)
def test_untileable_reasons_in_the_session_language(lex: FakeLexicon, lang: str, typed: str, message: str) -> None:
    s, _ = make(lex, lang=lang)
    s.feed(f"1{typed} ", 0)
    assert s.phase is Phase.WORDS and s.message == message


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        # Ü is a German tile, not an English one: never folded to MUSE and judged in English
        ("en", "'müse' cannot be laid with the tiles: Ü is not a tile of the English set (it is a tile of "
               "the German set: for a game of those tiles, give --lexicon de-wngerman). Type it again."),
        ("es", "'müse' no se puede formar con las fichas: Ü no es una ficha del juego inglés (es una ficha "
               "del juego alemán: para una partida con esas fichas, indique --lexicon de-wngerman). Escríbala de nuevo."),
        ("ca", "'müse' no es pot formar amb les fitxes: Ü no és una fitxa del joc anglès (és una fitxa del "
               "joc alemany: per a una partida amb aquestes fitxes, indiqueu --lexicon de-wngerman). "
               "Torneu-la a escriure."),
    ],
)
def test_a_letter_of_another_set_is_refused_in_the_session_language(lang: str, message: str) -> None:
    s, calls = make(FakeLexicon("english", ["MUSE"]), lang=lang)
    s.feed("1müse ", 0)
    assert s.phase is Phase.WORDS and s.message == message and not calls
    s.key("\x1b", 0)
    s.feed("1ärger ", 0)  # two sets, joined in the language
    assert {"en": "German or Swedish set", "es": "juego alemán o sueco", "ca": "joc alemany o suec"}[lang] \
        in (s.message or "")


def test_catalan_reasons_in_catalan() -> None:
    s, _ = make(CA, lang="ca")
    for typed, reason in (
        ("yogurt", "Y no és una fitxa catalana fora de NY"),
        ("whisky", "W no és una fitxa catalana (W representa L·L només en la notació de fitxes)"),
    ):
        s.feed(f"1{typed} ", 0)
        assert s.message == f"{typed!r} no es pot formar amb les fitxes: {reason}. Torneu-la a escriure."
        s.key("\x1b", 0)


def test_every_text_in_every_language() -> None:
    from string import Formatter

    from adjudicate.judge import MESSAGES
    from adjudicate.tiles import TILE_REASONS

    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in Formatter().parse(template) if name}

    for table in (MESSAGES, TILE_REASONS):
        assert sorted(table) == ["ca", "en", "es"]
        for lang, texts in table.items():
            assert texts.keys() == table["en"].keys(), lang
            for name, template in texts.items():
                assert fields(template) == fields(table["en"][name]), (lang, name)


def test_confirmation_shows_the_words_as_they_will_be_judged() -> None:
    s, _ = make(ES, lang="es")
    s.feed("2charro ñandú\r", 0)
    assert s.phase is Phase.CONFIRM
    screen = render(s, "Fake 1")
    assert "  [CH]A[RR]O  ÑANDU\n" in screen and "charro" not in screen
    c, calls = make(CA, lang="ca")
    c.feed("2qe cel.la\r", 0)
    screen = render(c, "Fake 1")
    assert "  QUE  CEL·LA\n" in screen and "  (escrita qe: Q = QU)\n" in screen
    c.key("\r", 1)
    assert c.verdict() == "VÀLIDA" and [w.label for w in calls[0]] == ["QUE", "CEL·LA"]


def test_the_start_screen_names_the_log() -> None:
    s, _ = make(ES, lang="es")
    assert "Registro: /tmp/mesa3.jsonl\n" in render(s, "Fake 1", log_path="/tmp/mesa3.jsonl")
    s.feed("1charro\r", 0)
    s.key("\r", 1)
    assert s.phase is Phase.VERDICT and "mesa3" not in render(s, "Fake 1", log_path="/tmp/mesa3.jsonl")


def test_count_accepts_only_1_to_8() -> None:
    s, _ = make()
    s.feed("9", 0)
    assert s.phase is Phase.COUNT and s.message
    s.feed("0", 0)
    assert s.phase is Phase.COUNT
    s.feed("8", 0)
    assert s.phase is Phase.WORDS and s.count == 8


@pytest.mark.parametrize("leave", ["\x03", "\x04", "quit\r", "QUIT\r"])
def test_leaving_is_free_without_a_password(leave: str) -> None:
    s, _ = make()
    s.feed(leave, 0)
    assert s.done


def test_leaving_asks_for_the_password() -> None:
    s, _ = make(password="director")
    s.feed("\x03", 0)
    assert s.phase is Phase.PASSWORD and not s.done
    s.feed("wrong\r", 1)
    assert s.phase is Phase.COUNT and s.message == "Wrong password."
    s.feed("quit\r", 2)
    assert s.phase is Phase.PASSWORD
    assert "director" not in render(s, "x")
    s.feed("director", 3)
    assert "*" * 8 in render(s, "x")
    s.feed("\r", 3)
    assert s.done


def test_quit_typed_as_a_word_is_a_word() -> None:
    s, _ = make()
    s.feed("1quit\r", 0)
    assert s.phase is Phase.CONFIRM and not s.done


def test_escape_sequences_are_ignored() -> None:
    s, _ = make()
    s.key("1", 0)
    s.key("\x1b[A", 0)  # an arrow key, as the terminal layer passes it
    assert s.phase is Phase.WORDS and s.buffer == ""


@pytest.mark.parametrize(
    ("lang", "yes", "no"),
    [("en", "ACCEPTABLE", "UNACCEPTABLE"), ("es", "VÁLIDA", "NO VÁLIDA"), ("ca", "VÀLIDA", "NO VÀLIDA")],
)
def test_verdicts_in_each_language_in_block_letters(lang: str, yes: str, no: str) -> None:
    for words, expected in (("cat", yes), ("zzz", no)):
        s, _ = make(lang=lang)
        s.feed("1" + words + "\r", 0)
        s.key("\r", 1)
        assert s.verdict() == expected
        screen = render(s, "Fake 1", Style(width=80, color=True))
        assert expected in screen and "█" in screen
        assert ("\x1b[1;32m" if expected == yes else "\x1b[1;31m") in screen
        plain = render(s, "Fake 1", Style(width=80, color=False))
        assert "\x1b" not in plain


def test_block_letters_fit_80_columns_and_fall_back_to_a_banner() -> None:
    for word in ("ACCEPTABLE", "UNACCEPTABLE", "VÁLIDA", "NO VÁLIDA", "VÀLIDA", "NO VÀLIDA"):
        rows = block_letters(word)
        assert rows is not None and max(map(len, rows)) <= 78
    assert len(block_letters("VÁLIDA") or []) == 6  # accent row
    s, _ = make()
    s.feed("1cat\r", 0)
    s.key("\r", 1)
    narrow = render(s, "Fake 1", Style(width=30))
    assert "█" * 30 in narrow and "ACCEPTABLE" in narrow


def test_read_line_play() -> None:
    assert [w.label for w in read_line_play("  charro\tñandú ", ES.alphabet)] == ["[CH]A[RR]O", "ÑANDU"]
    with pytest.raises(AdjudicateError, match="^9 words: a play forms at most 8$"):
        read_line_play("qi " * 9, EN.alphabet)
    with pytest.raises(ValueError, match="K is not a tile"):
        read_line_play("kiwi", ES.alphabet)


# -- the command: real lexicons built from tests/data/words/judge_*.txt ------------------------


WORDS = Path(__file__).parent / "data" / "words"
# A log written by `adjudicate judge` as it was before the session summary (five entries, three lexicons).
OLD_LOG = Path(__file__).parent / "data" / "judge_log_written_before_the_session_summary.jsonl"
LANGS = {"en": "english", "es": "spanish", "ca": "catalan"}


@pytest.fixture(scope="session")
def lexicons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Tiny real lexicons, one per language: {"en": path, "es": path, "ca": path}."""
    from adjudicate.lexicon import build_lexicon

    base = tmp_path_factory.mktemp("judge-lexicons")
    out = {}
    for lang, alphabet in LANGS.items():
        target = base / f"judge-{lang}"
        build_lexicon(
            str(WORDS / f"judge_{lang}.txt"), alphabet, f"Judge test {lang}", edition="1",
            out_dir=str(target), standin_note="test list",
        )
        out[lang] = str(target)
    return out


def run_lines(lex: str, log: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lex, "--log", str(log), *args],
        input=text, capture_output=True, text=True, timeout=60,
    )


def test_lines_without_a_terminal(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    runner = CliRunner()
    result = runner.invoke(
        app, ["judge", "--lexicon", lexicons["es"], "--log", str(log)],
        input="charro ñandú\n\nPERRO gato\nLlama\n",
    )
    # One output line per input line: the blank one is an ERROR in its place (issue 26), so exit 2.
    assert result.exit_code == 2, result.output
    assert result.stdout == "VÁLIDA\nERROR: ninguna palabra en la jugada\nNO VÁLIDA\nVÁLIDA\n"
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [e["verdict"] for e in entries] == ["ACCEPTABLE", "UNACCEPTABLE", "ACCEPTABLE"]
    assert entries[0]["words"] == ["charro", "ñandú"]
    assert entries[0]["canonical"] == ["[CH]A[RR]O", "ÑANDU"]
    assert entries[0]["lexicon"] == "judge-es" and entries[0]["lang"] == "es"
    assert len(entries[0]["lexicon_sha256"]) == 64


def test_lines_byte_order_mark_at_the_start_is_not_a_letter(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    result = CliRunner().invoke(
        app, ["judge", "--lexicon", lexicons["en"], "--log", str(log)],
        input="\ufeffqi zax\n\ufeffqi\n".encode(),
    )
    assert result.exit_code == 2 and result.stdout.splitlines()[0] == "ACCEPTABLE"
    assert "'\\ufeffqi'" in result.stdout.splitlines()[1]  # only the very first one is a byte order mark
    assert json.loads(log.read_text(encoding="utf-8"))["words"] == ["qi", "zax"]


@pytest.mark.parametrize(
    ("rules", "plays", "expected"),
    [
        ("naspa", "cat dog\nzzzq\n", "ACCEPTABLE\nUNACCEPTABLE\n"),
        ("fise", "casa perro\nÑandú\n", "VÁLIDA\nVÁLIDA\n"),
        ("catalan", "quatre cel.la\nany\n", "VÀLIDA\nVÀLIDA\n"),
        ("matam", "quatre\n", "VÀLIDA\n"),  # the names `challenge --rules` takes: aliases, any case
        ("FISE", "casa\n", "VÁLIDA\n"),
    ],
)
def test_rules_pick_the_shipped_lexicon_and_language(
    tmp_path: Path, rules: str, plays: str, expected: str
) -> None:
    log = tmp_path / "log.jsonl"
    result = CliRunner().invoke(app, ["judge", "--rules", rules, "--log", str(log)], input=plays)
    assert result.exit_code == 0, result.output
    assert result.stdout == expected
    from adjudicate.rules import find_ruleset

    first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert first["lexicon"] == find_ruleset(rules).default_lexicon


def test_unknown_rules_get_the_error_challenge_gives(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    result = CliRunner().invoke(app, ["judge", "--rules", "scrabble", "--log", str(log)], input="qi\n")
    other = CliRunner().invoke(app, ["challenge", "--rules", "scrabble", "qi"])
    assert result.exit_code == other.exit_code == 2 and result.stdout == "" and not log.exists()
    assert result.stderr == other.stderr == (
        "Error: unknown ruleset 'scrabble' (known: naspa, wespa, fise, catalan (alias matam))\n"
    )
    assert "alias matam" in CliRunner().invoke(app, ["judge", "--help"]).stdout


def test_default_log_is_per_lexicon_under_xdg_data_home(
    lexicons: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["judge", "--lexicon", lexicons["ca"]], input="quatre\n")
    assert result.exit_code == 0 and result.stdout == "VÀLIDA\n"
    assert verify_log(str(tmp_path / "adjudicate" / "logs" / "judge-ca.jsonl")).entries == 1


def test_lines_answer_a_coprocess_one_play_at_a_time(lexicons: dict[str, str], tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lexicons["en"],
           "--log", str(tmp_path / "log.jsonl")]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for play, verdict in (("qi zax", "ACCEPTABLE"), ("qi zzz", "UNACCEPTABLE"), ("dog", "ACCEPTABLE")):
            proc.stdin.write(play + "\n")
            proc.stdin.flush()
            assert proc.stdout.readline() == verdict + "\n"  # answered before the next play
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
    assert verify_log(str(tmp_path / "log.jsonl")).entries == 3


def test_lines_untileable_play_is_an_error_line_and_exit_2(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    result = CliRunner().invoke(
        app, ["judge", "--lexicon", lexicons["es"], "--log", str(log), "--lang", "en"],
        input="kiwi casa\ncasa\n" + "casa " * 9 + "\n",
    )
    assert result.exit_code == 2
    out = result.stdout.splitlines()
    assert out[0].startswith("ERROR: ") and "K is not a tile" in out[0]
    assert out[1] == "ACCEPTABLE"
    assert out[2].startswith("ERROR: ") and "at most 8" in out[2]
    assert "2 plays could not be judged (ERROR lines)" in result.stderr
    assert len(log.read_text().splitlines()) == 1  # errors are not logged


def test_lines_in_the_session_language(lexicons: dict[str, str], tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["judge", "--lexicon", lexicons["es"], "--log", str(tmp_path / "log.jsonl")],
        input="kiwi casa\ncasa\n" + "casa " * 9 + "\n" + "qi " * 2000 + "\n",
    )
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        "ERROR: 'kiwi' no se puede formar con las fichas: K no es una ficha del juego español",
        "VÁLIDA",
        "ERROR: 9 palabras: una jugada forma como máximo 8",
        "ERROR: una línea de más de 4096 caracteres no es una jugada",
    ]
    assert result.stderr.splitlines()[-1] == "Error: 3 jugadas no se pudieron juzgar (líneas ERROR)"


def test_lines_are_utf8_or_latin1_line_by_line(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    plays = "charro ñandú\n".encode() + "Ñandú llama\r\n".encode("latin-1") + "\ufeffllama\n".encode()
    result = CliRunner().invoke(app, ["judge", "--lexicon", lexicons["es"], "--log", str(log)], input=plays)
    assert result.stdout.splitlines()[:2] == ["VÁLIDA", "VÁLIDA"]  # not U+FFFD: not 'no es una ficha'
    assert "'\\ufeffllama'" in result.stdout.splitlines()[2]  # (a byte order mark only opens the input)
    assert [json.loads(line)["words"] for line in log.read_text(encoding="utf-8").splitlines()] == [
        ["charro", "ñandú"], ["Ñandú", "llama"],
    ]


def test_leaving_prints_the_log_the_challenges_and_the_head(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(OLD_LOG.read_bytes())  # 5 entries, written before the session summary existed
    result = CliRunner().invoke(
        app, ["judge", "--lexicon", lexicons["ca"], "--log", str(log)], input="quatre\nñu\nqe gat\n",
    )
    check = verify_log(str(log))
    assert result.exit_code == 2 and check.ok and check.entries == 7
    assert result.stdout == "VÀLIDA\nERROR: 'ñu' no es pot formar amb les fitxes: Ñ no és una fitxa del joc català " \
        "(és una fitxa del joc castellà: per a una partida amb aquestes fitxes, indiqueu --lexicon es-aosw)\n" \
        "NO VÀLIDA\n"
    assert result.stderr == (
        f"Registre: {log}\n"
        "Jugades jutjades en aquesta sessió: 2\n"
        "Hash final per anotar (7 entrades):\n"
        f"  sha256 {check.head}\n"
        "Error: 1 jugada no s'ha pogut jutjar (una línia ERROR)\n"
    )
    verified = CliRunner().invoke(app, ["judge", "--verify-log", str(log)])
    assert f"head sha256 {check.head}" in verified.stdout  # the hash that --verify-log prints
    english = CliRunner().invoke(app, ["judge", "--lexicon", lexicons["en"], "--log", str(log)], input="")
    assert english.exit_code == 0 and english.stdout == ""
    assert english.stderr == f"Log: {log}\nChallenges judged in this session: 0\n" \
        f"Head hash to write down (7 entries):\n  sha256 {check.head}\n"


def test_a_log_written_before_the_session_summary_still_verifies(lexicons: dict[str, str], tmp_path: Path) -> None:
    check = verify_log(str(OLD_LOG))
    assert check.ok and check.entries == 5
    assert check.head == hashlib.sha256(OLD_LOG.read_bytes().splitlines()[-1]).hexdigest()
    log = tmp_path / "log.jsonl"
    log.write_bytes(OLD_LOG.read_bytes())
    result = CliRunner().invoke(app, ["judge", "--lexicon", lexicons["en"], "--log", str(log)], input="qi\n")
    assert result.exit_code == 0 and verify_log(str(log)).entries == 6
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["prev"] == check.head


@pytest.mark.slow
def test_ctrl_c_without_a_terminal_shows_the_verdicts_then_leaves(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    cmd = [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lexicons["en"], "--log", str(log)]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write("qi zax\n")
        proc.stdin.flush()
        assert proc.stdout.readline() == "ACCEPTABLE\n"  # waiting for the next play now
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    check = verify_log(str(log))
    assert proc.returncode == 130 and out == ""
    assert err == f"Log: {log}\nChallenges judged in this session: 1\n" \
        f"Head hash to write down (1 entry):\n  sha256 {check.head}\n"


def test_log_dash_is_refused(lexicons: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["judge", "--lexicon", lexicons["en"], "--log", "-"], input="qi\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "Error: --log -: the log must be a file, not stdout; give its name (or leave " \
        "--log out for the default log)\n"
    assert list(tmp_path.iterdir()) == []


def test_lines_over_4096_characters_are_refused_wherever_they_fall(
    lexicons: dict[str, str], tmp_path: Path
) -> None:
    long = "qi" + " " * 5998  # one word, but in a line no play is written in
    # At the start, the line comes whole in the first 64 KiB read; after 60,000 blank lines, the
    # read ends 5,536 characters into it.
    for before in ("", "\n" * 60_000):
        log = tmp_path / f"log{len(before)}.jsonl"
        result = CliRunner().invoke(
            app, ["judge", "--lexicon", lexicons["en"], "--log", str(log)], input=before + long + "\ndog\n"
        )
        assert result.exit_code == 2
        blank = "ERROR: no word in the play\n" * before.count("\n")  # (one line out per line in)
        assert result.stdout == blank + "ERROR: a line of more than 4,096 characters is not a play\nACCEPTABLE\n"
        assert verify_log(str(log)).entries == 1
    at_most = "qi" + " " * 4094  # 4,096 characters: still a line
    result = CliRunner().invoke(
        app, ["judge", "--lexicon", lexicons["en"], "--log", str(tmp_path / "l.jsonl")], input=at_most + "\n"
    )
    assert result.exit_code == 0 and result.stdout == "ACCEPTABLE\n"


@pytest.mark.parametrize(
    ("redirect", "message"),
    [
        ("<&-", "stdin is closed"),
        (">&-", "stdout is closed"),
        ("1</dev/null", "stdout cannot be written"),
        ("0>/dev/null", "stdin cannot be read"),
    ],
)
def test_closed_stdin_or_stdout_is_refused_before_the_log(
    lexicons: dict[str, str], tmp_path: Path, redirect: str, message: str
) -> None:
    log = tmp_path / "log.jsonl"
    cmd = [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lexicons["en"], "--log", str(log)]
    result = subprocess.run(
        ["sh", "-c", f'"$@" {redirect}', "sh", *cmd], input="qi\n", capture_output=True, text=True,
        timeout=60,
    )
    assert result.returncode == 2 and f"Error: {message}" in result.stderr
    assert not log.exists()  # nothing logged that could not be shown


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_verdicts_that_cannot_be_written_exit_2(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    cmd = [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lexicons["en"], "--log", str(log)]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            cmd, input="qi\n", stdout=full, stderr=subprocess.PIPE, text=True, timeout=60
        )
    assert result.returncode == 2 and "No space left on device" in result.stderr
    assert "internal error" not in result.stderr


def test_rules_and_lexicon_must_agree(lexicons: dict[str, str], tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["judge", "--rules", "fise", "--lexicon", lexicons["en"], "--log", str(tmp_path / "l")],
        input="qi\n",
    )
    assert result.exit_code == 2 and "spanish" in result.stderr


def test_empty_log_name_is_a_usage_error(
    lexicons: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "adjudicate" / "logs").mkdir(parents=True)
    result = CliRunner().invoke(app, ["judge", "--lexicon", lexicons["en"], "--log", ""], input="qi\n")
    assert result.exit_code == 2 and "--log: the file name is empty" in result.stderr
    assert result.stdout == "" and list((tmp_path / "adjudicate" / "logs").iterdir()) == []
    verify = CliRunner().invoke(app, ["judge", "--verify-log", ""])
    assert verify.exit_code == 2 and "--verify-log: the file name is empty" in verify.stderr


def test_symlinked_log_is_refused(lexicons: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "real.jsonl").write_text("")
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "real.jsonl")
    result = CliRunner().invoke(
        app, ["judge", "--lexicon", lexicons["en"], "--log", str(tmp_path / "link.jsonl")], input="qi\n"
    )
    assert result.exit_code == 2 and "symlink" in result.stderr and result.stdout == ""


def test_verify_log_command(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    plays = "".join(f"{w}\n" for w in ["qi", "zzz", "cat dog", "zax", "qi qi", "dog"])
    assert run_lines(lexicons["en"], log, plays).returncode == 0
    runner = CliRunner()
    ok = runner.invoke(app, ["judge", "--verify-log", str(log)])
    assert ok.exit_code == 0 and "6 entries" in ok.stdout
    good = log.read_bytes()
    lines = good.split(b"\n")[:-1]
    tampered = {
        "edited verdict": [lines[0], lines[1].replace(b'"UNACCEPTABLE"', b'"ACCEPTABLE"'), *lines[2:]],
        "deleted line": [*lines[:2], *lines[3:]],
        "swapped pair": [*lines[:2], lines[3], lines[2], *lines[4:]],
    }
    for how, rows in tampered.items():
        log.write_bytes(b"".join(r + b"\n" for r in rows))
        result = runner.invoke(app, ["judge", "--verify-log", str(log)])
        assert result.exit_code == 1, how
        assert result.stdout.startswith(f"{log}: line {2 if how == 'edited verdict' else 3}: "), how
    missing = runner.invoke(app, ["judge", "--verify-log", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "Error:" in missing.stderr


def test_verify_log_reads_stdin_for_dash(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    runner = CliRunner()
    session = runner.invoke(app, ["judge", "--lexicon", lexicons["en"], "--log", str(log)], input="qi\nzzz\n")
    assert session.exit_code == 0
    ok = runner.invoke(app, ["judge", "--verify-log", "-"], input=log.read_bytes())
    assert ok.exit_code == 0 and ok.stdout.startswith("<stdin>: 2 entries, chain intact")
    edited = log.read_bytes().replace(b'"UNACCEPTABLE"', b'"ACCEPTABLE"')
    broken = runner.invoke(app, ["judge", "--verify-log", "-"], input=edited)
    assert broken.exit_code == 1 and broken.stdout.startswith("<stdin>: line 2: ")
    assert broken.stdout.splitlines()[1] == "1 entry intact before it."  # (was "1 entries", issue 26)
    one = runner.invoke(app, ["judge", "--verify-log", "-"], input=log.read_bytes().splitlines(keepends=True)[0])
    assert one.exit_code == 0 and one.stdout.startswith("<stdin>: 1 entry, chain intact")


def test_deeply_nested_log_line_is_refused_not_a_crash(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "deep.jsonl"
    log.write_text("[" * 100_000 + "\n")
    check = CliRunner().invoke(app, ["judge", "--verify-log", str(log)])
    assert check.exit_code == 1 and check.stdout.startswith(f"{log}: line 1: not a JSON log entry")
    session = CliRunner().invoke(app, ["judge", "--lexicon", lexicons["en"], "--log", str(log)], input="qi\n")
    assert session.exit_code == 2 and "not a log entry" in session.stderr and session.stdout == ""
    assert log.read_text() == "[" * 100_000 + "\n"


def test_two_sessions_append_400_intact_entries(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "shared.jsonl"
    cmd = [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lexicons["en"], "--log", str(log)]
    procs = [
        subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    first = "".join("qi cat\n" for _ in range(200))
    second = "".join("zax zzz\n" for _ in range(200))
    outs = [p.communicate(text, timeout=60)[0] for p, text in zip(procs, (first, second))]
    assert [p.returncode for p in procs] == [0, 0]
    assert outs == ["ACCEPTABLE\n" * 200, "UNACCEPTABLE\n" * 200]
    check = verify_log(str(log))
    assert check.ok and check.entries == 400
    verdicts = [json.loads(line)["verdict"] for line in log.read_text().splitlines()]
    assert verdicts.count("ACCEPTABLE") == verdicts.count("UNACCEPTABLE") == 200


def test_the_judge_skips_an_overlong_line_with_one_error(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    stdin = b"QI\n" + b"A" * 3_000_000 + b" ZA\nQI ZA\n" + b"x" * 5000
    result = cli(["judge", "--log", str(tmp_path / "log.jsonl")], stdin)
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        "ACCEPTABLE", "ERROR: a line of more than 4,096 characters is not a play", "ACCEPTABLE",
        "ERROR: a line of more than 4,096 characters is not a play",
    ]
    assert judgelog.verify_log(str(tmp_path / "log.jsonl")).entries == 2


# -- through a real pseudo-terminal ----------------------------------------------------------

SCREEN = {
    "en": ("How many words?", "Word 1 of 2", "Opponent", "ACCEPTABLE", "UNACCEPTABLE"),
    "es": ("Cuántas palabras?", "Palabra 1 de 2", "Oponente", "VÁLIDA", "NO VÁLIDA"),
    "ca": ("Quantes paraules?", "Paraula 1 de 2", "Oponent", "VÀLIDA", "NO VÀLIDA"),
}
LEAVING = {
    "en": ("Log", "Challenges judged in this session", "Head hash to write down"),
    "es": ("Registro", "Jugadas juzgadas en esta sesión", "Hash final para anotar"),
    "ca": ("Registre", "Jugades jutjades en aquesta sessió", "Hash final per anotar"),
}
ENTRIES = {"en": "entries", "es": "entradas", "ca": "entrades"}
GOOD = {"en": ("zax", "QI"), "es": ("charro", "Ñandú"), "ca": ("cel.la", "garçó")}
BAD = {"en": ("zax", "qat"), "es": ("charro", "gato"), "ca": ("cel·la", "gat")}


def spawn(lex: str, log: Path, *args: str, verdict: float = 0.6, **options: object) -> pexpect.spawn:
    env = dict(
        os.environ,
        TERM="xterm",
        ADJUDICATE_JUDGE_VERDICT_SECONDS=str(verdict),
        ADJUDICATE_JUDGE_GUARD_SECONDS="0.1",
        ADJUDICATE_JUDGE_IDLE_SECONDS="30",
    )
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable, ["-m", "adjudicate", "judge", "--lexicon", lex, "--log", str(log), *args],
        env=env, encoding="utf-8", timeout=10, dimensions=(30, 100), **options,
    )


def challenge(child: pexpect.spawn, lang: str, words: tuple[str, str], *, wait: bool = True) -> float:
    """Count, words, confirm; returns when the verdict was asked for."""
    count, word1, confirm = SCREEN[lang][:3]
    if wait:
        child.expect_exact(count)
    child.send("2")
    child.expect_exact(word1)
    child.send(f"{words[0]} {words[1]}\r")
    child.expect_exact(confirm)
    time.sleep(0.15)  # past the guard time
    child.send("\r")
    return time.monotonic()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_session_through_a_pty(lexicons: dict[str, str], tmp_path: Path, lang: str) -> None:
    log = tmp_path / "log.jsonl"
    child = spawn(lexicons[lang], log)
    count, _, _, yes, no = SCREEN[lang]
    log_word, judged, head = LEAVING[lang]
    try:
        child.expect_exact(f"{log_word}: {log}")  # the start screen names the log
        # An acceptable play: the big verdict in colour, the words as typed, the lexicon.
        asked = challenge(child, lang, GOOD[lang], wait=False)
        child.expect_exact("\x1b[1;32m█")  # block letters, in green
        child.expect_exact(yes)
        child.expect_exact(f"{GOOD[lang][0]}  {GOOD[lang][1]}")
        # Cleared by itself after the verdict time: the screen is wiped, the count asked again.
        child.expect_exact("\x1b[2J")
        child.expect_exact(count)
        assert time.monotonic() - asked >= 0.5
        # An unacceptable play, cleared by a key.
        challenge(child, lang, BAD[lang], wait=False)
        child.expect_exact("\x1b[1;31m█")
        child.expect_exact(no)
        time.sleep(0.15)
        child.send(" ")
        child.expect_exact(count)
        child.send("\x04")  # Ctrl-D: leave (no password set)
        child.expect_exact("\x1b[?1049l")  # out of the alternate screen: what follows stays
        child.expect(pexpect.EOF)
        farewell = child.before
    finally:
        child.close()
    assert child.exitstatus == 0
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [e["verdict"] for e in entries] == ["ACCEPTABLE", "UNACCEPTABLE"]
    assert entries[0]["words"] == list(GOOD[lang]) and entries[0]["lang"] == lang
    check = verify_log(str(log))
    assert check.ok
    assert farewell.splitlines() == [f"{log_word}: {log}", f"{judged}: 2", f"{head} (2 {ENTRIES[lang]}):",
                                     f"  sha256 {check.head}"]  # (the hash alone: a line of 73 columns)


@pytest.mark.slow
def test_pty_untileable_word_and_password(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    child = spawn(lexicons["es"], log, "--password-prompt", verdict=5)
    try:
        child.expect_exact("Contraseña para salir de la sesión: ")
        child.sendline("")  # empty: asked again, the session does not end
        child.expect_exact("La contraseña está vacía.")
        child.expect_exact("Contraseña para salir de la sesión: ")
        child.sendline("arbitro")
        child.expect_exact("La misma contraseña otra vez: ")
        child.sendline("arbtro")  # mistyped: asked again
        child.expect_exact("Las dos contraseñas no coinciden.")
        child.expect_exact("Contraseña para salir de la sesión: ")
        child.sendline("arbitro")
        child.expect_exact("La misma contraseña otra vez: ")
        child.sendline("arbitro")
        child.expect_exact("Cuántas palabras?")
        child.send("2kiwi ")
        child.expect_exact("Palabra 1 de 2")  # still typing the words; no verdict
        child.expect_exact("'kiwi' no se puede formar con las fichas: K no es una ficha del juego español. "
                           "Escríbala de nuevo.")
        child.send("\x03")  # Ctrl-C is a key in raw mode: it asks for the password
        child.expect_exact("Contraseña para salir:")
        child.send("nope\r")
        child.expect_exact("Contraseña incorrecta.")
        child.send("quit\r")
        child.expect_exact("Contraseña para salir:")
        child.send("arbitro\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert log.read_text() == ""


@pytest.mark.slow
def test_pty_three_failed_passwords_end_before_the_session(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    child = spawn(lexicons["ca"], log, "--password-prompt")
    try:
        for first, second in (("", None), ("a", "b"), ("jutge", "jutje")):
            child.expect_exact("Contrasenya per sortir de la sessió: ")
            child.sendline(first)
            if second is not None:
                child.expect_exact("La mateixa contrasenya un altre cop: ")
                child.sendline(second)
        child.expect_exact("Error: cap contrasenya després de 3 intents; la sessió no ha començat "
                           "(sense --password-prompt se surt lliurement)")
        child.expect(pexpect.EOF)
        assert "Quantes paraules?" not in child.before
    finally:
        child.close()
    assert child.exitstatus == 2 and log.read_text() == ""


def no_room_for_files() -> None:
    """In the child, before it runs: no byte can be written to a regular file (RLIMIT_FSIZE 0),
    and the write fails (EFBIG, "File too large") instead of SIGXFSZ ending the process."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


TOO_LARGE = {  # (the system's reason, strerror, in its own words)
    "en": "Error: the log could not be written, so no more verdicts: File too large",
    "es": "Error: no se ha podido escribir en el registro, así que no hay más veredictos: File too large",
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", list(TOO_LARGE))
def test_pty_a_log_that_cannot_be_written_says_so_as_the_line_mode_does(
    lexicons: dict[str, str], tmp_path: Path, lang: str
) -> None:
    """On a terminal the session said only "Error: File too large"; the line mode said the rest,
    with "[Errno 27] File too large". Both say the same now."""
    log, said = tmp_path / "log.jsonl", TOO_LARGE[lang]
    child = spawn(lexicons[lang], log, preexec_fn=no_room_for_files)
    try:
        challenge(child, lang, GOOD[lang])
        child.expect_exact("\x1b[?1049l")  # the terminal restored first: the error stays on screen
        child.expect(pexpect.EOF)
        after = child.before
    finally:
        child.close()
    assert child.exitstatus == 2 and said in after.splitlines()
    assert SCREEN[lang][3] not in after and log.read_text() == ""  # no verdict shown, none logged
    # The line mode, the same log failing the same way: the same words.
    lines = subprocess.run(
        [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lexicons[lang], "--log", str(log)],
        input=f"{GOOD[lang][0]}\n", capture_output=True, text=True, timeout=60, preexec_fn=no_room_for_files,
    )
    assert lines.returncode == 2 and said in lines.stderr.splitlines()


@pytest.mark.slow
def test_pty_terminal_is_restored(lexicons: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    script = (
        f"{sys.executable} -m adjudicate judge --lexicon {lexicons['en']} --log {log}; "
        "echo rc=$?; stty -a"
    )
    child = pexpect.spawn("/bin/sh", ["-c", script], encoding="utf-8", timeout=10)
    try:
        child.expect_exact("How many words?")
        child.send("quit\r")
        child.expect_exact("rc=0")
        child.expect(pexpect.EOF)
        settings = child.before
    finally:
        child.close()
    flags = settings.split()
    for flag in ("icanon", "echo", "isig", "icrnl", "ixon", "opost"):
        assert flag in flags and f"-{flag}" not in flags, flag


@pytest.mark.slow
def test_pty_resize_redraws_and_sigterm_restores(lexicons: dict[str, str], tmp_path: Path) -> None:
    child = spawn(lexicons["en"], tmp_path / "log.jsonl", verdict=20)
    try:
        challenge(child, "en", ("zax", "zzz"))
        child.expect_exact("UNACCEPTABLE")
        child.setwinsize(30, 40)  # too narrow for the block letters: a full-width banner
        child.expect_exact("█" * 40)
        child.expect_exact("UNACCEPTABLE".center(40))
        child.kill(15)  # SIGTERM
        child.expect_exact("\x1b[?1049l")  # left the alternate screen: the terminal was restored
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def run_on_a_pty(monkeypatch: pytest.MonkeyPatch, args: list[str], *, hung_up: bool) -> tuple[int, str]:
    """``adjudicate ARGS`` in-process with stdin and stdout on a pseudo-terminal (a terminal when
    the session starts: isatty); ``hung_up``: its other end closed, as a terminal that went away
    after that check. Returns the exit status and the tty's name."""
    import pty

    master, slave = pty.openpty()
    name = os.ttyname(slave)
    stdin, stdout = open(slave, "r", closefd=False), open(slave, "w", closefd=False)
    monkeypatch.setattr(stdin, "isatty", lambda: True)  # (checked before the terminal went away)
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    if hung_up:
        os.close(master)
    try:
        return app(args, standalone_mode=False), name
    finally:
        os.close(slave)
        if not hung_up:
            os.close(master)


@pytest.mark.parametrize("lang, said", [
    ("en", "Error: stdin: the terminal cannot be set up for the session: Input/output error"),
    ("ca", "Error: stdin: no es pot preparar el terminal per a la sessió: Input/output error"),
])
def test_a_terminal_that_went_away_before_the_session_is_an_error_not_a_traceback(
    lexicons: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str], lang: str, said: str,
) -> None:
    """tcgetattr on a pty whose master is closed fails (EIO) with termios.error, which is no
    OSError: it went past errors_exit_2 (a traceback, exit 3). Its device gone, it is named stdin."""
    log = tmp_path / "log.jsonl"
    status, _ = run_on_a_pty(monkeypatch, ["judge", "--lexicon", lexicons[lang], "--log", str(log)],
                             hung_up=True)
    assert status == 2 and capsys.readouterr().err.splitlines() == [said]
    assert log.read_text() == ""


def test_a_terminal_that_refuses_raw_mode_is_named_and_restored(
    lexicons: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """tcsetattr refused (a terminal in a state termios will not change): exit 2 naming the
    terminal, and the signal handlers the session set are put back."""
    import termios

    def refuse(fd: int, when: int, attributes: list[object]) -> None:
        raise termios.error(22, "Invalid argument")

    monkeypatch.setattr(termios, "tcsetattr", refuse)
    before = signal.getsignal(signal.SIGTERM)
    status, name = run_on_a_pty(monkeypatch, ["judge", "--lexicon", lexicons["en"], "--log",
                                              str(tmp_path / "log.jsonl")], hung_up=False)
    assert status == 2 and capsys.readouterr().err.splitlines() == [
        f"Error: {name}: the terminal cannot be set up for the session: Invalid argument"]
    assert signal.getsignal(signal.SIGTERM) == before


# -- the texts a judge reads, in the session's language and number (issue 26) -----------------------


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "Head hash to write down (1 entry):", "Head hash to write down (2 entries):"),
    ("es", "Hash final para anotar (1 entrada):", "Hash final para anotar (2 entradas):"),
    ("ca", "Hash final per anotar (1 entrada):", "Hash final per anotar (2 entrades):"),
])
def test_leaving_says_one_entry_and_puts_the_hash_on_a_line_of_its_own(lang: str, one: str, many: str) -> None:
    """`1 entrades`, `1 entries`; and the 64-hex hash ended a line of 108 columns, which wrapped."""
    from adjudicate.judge import farewell

    head = "ab" * 32
    assert farewell(lang, "/x/log.jsonl", 1, 1, head).splitlines()[2:] == [one, f"  sha256 {head}"]
    assert farewell(lang, "/x/log.jsonl", 1, 2, head).splitlines()[2] == many
    assert max(len(line) for line in farewell(lang, "/x/log.jsonl", 1, 2, head).splitlines()[1:]) <= 80


@pytest.mark.parametrize(("lang", "label"), [
    ("en", "an-array-of-spanish-words 2.0.0 (stand-in, not FISE)"),
    ("es", "an-array-of-spanish-words 2.0.0 (lista de sustitución, no la oficial)"),
    ("ca", "an-array-of-spanish-words 2.0.0 (llista de substitució, no l'oficial)"),
])
def test_the_screen_names_a_stand_in_lexicon_in_the_session_language(lang: str, label: str) -> None:
    """The Spanish screen said `(stand-in, not FISE)`, in English."""
    from adjudicate.cli.judge import _label
    from adjudicate.lexicon import open_lexicon

    assert _label(open_lexicon("es-aosw"), lang) == label


# -- every message of a session in its language, "Error:" lines included ----------------------------
# ("Error" is the word in Spanish and in Catalan too: the prefix stays; what follows it is the
# session's. English is the messages as they were.)
LOG_PROBLEMS = {
    "torn": {
        "en": "{log}: the last line is incomplete; check it with --verify-log and start a new log "
              "(the damaged one is evidence: keep it)",
        "es": "{log}: la última línea está incompleta; compruébelo con --verify-log y empiece un "
              "registro nuevo (el dañado es una prueba: consérvelo)",
        "ca": "{log}: l'última línia és incompleta; comproveu-lo amb --verify-log i comenceu un "
              "registre nou (el malmès és una prova: conserveu-lo)",
    },
    "not a log": {
        "en": "{log}: the last line is not a log entry (is it the log?); check it with --verify-log "
              "and start a new log",
        "es": "{log}: la última línea no es una entrada del registro (¿es el registro?); compruébelo "
              "con --verify-log y empiece un registro nuevo",
        "ca": "{log}: l'última línia no és una entrada del registre (és el registre?); comproveu-lo "
              "amb --verify-log i comenceu un registre nou",
    },
    "symlink": {
        "en": "{log}: the log is a symlink; refusing to follow it",
        "es": "{log}: el registro es un enlace simbólico; no se sigue",
        "ca": "{log}: el registre és un enllaç simbòlic; no se segueix",
    },
    "directory": {  # (the reason in brackets is the system's words)
        "en": "{log}: Is a directory",
        "es": "{log}: el registro no se puede abrir ni crear (Is a directory)",
        "ca": "{log}: el registre no es pot obrir ni crear (Is a directory)",
    },
}


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
@pytest.mark.parametrize("problem", list(LOG_PROBLEMS))
def test_a_log_that_cannot_be_used_is_said_in_the_session_language(
    lexicons: dict[str, str], tmp_path: Path, cli, error_line, lang: str, problem: str  # type: ignore[no-untyped-def]
) -> None:
    log = tmp_path / "log.jsonl"
    if problem == "torn":
        log.write_text('{"seq": 1')
    elif problem == "not a log":
        log.write_text("CASA\nPERRO\n")
    elif problem == "symlink":
        (tmp_path / "real.jsonl").write_text("")
        log.symlink_to(tmp_path / "real.jsonl")
    else:
        log.mkdir()
    result = cli(["judge", "--lexicon", lexicons[lang], "--log", str(log)], stdin=b"qi\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert error_line(result) == "Error: " + LOG_PROBLEMS[problem][lang].format(log=log)


@pytest.mark.parametrize("lang, message", [
    ("es", "ningún lugar para el registro por defecto: ni XDG_DATA_HOME ni HOME es una ruta absoluta; "
           "indique el archivo del registro con --log"),
    ("ca", "cap lloc per al registre per defecte: ni XDG_DATA_HOME ni HOME és un camí absolut; "
           "indiqueu el fitxer del registre amb --log"),
])
def test_no_place_for_the_default_log_is_said_in_the_session_language(
    lexicons: dict[str, str], monkeypatch: pytest.MonkeyPatch, cli, error_line, lang: str, message: str  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", "")
    result = cli(["judge", "--lexicon", lexicons[lang]], stdin=b"qi\n")
    assert result.exit_code == 2 and error_line(result) == f"Error: {message}"


@pytest.mark.parametrize("lang, failing, said", [
    ("es", "log", "no se ha podido escribir en el registro, así que no hay más veredictos: "
                  "{log}: escritura incompleta (3 de 300 bytes)"),
    ("ca", "log", "no s'ha pogut escriure al registre, així que no hi ha més veredictes: "
                  "{log}: escriptura incompleta (3 de 300 bytes)"),
    # (the lexicon's own reason is the library's, in English)
    ("es", "lexicon", "el léxico no se puede leer, así que no hay más veredictos: dawg truncated"),
    ("ca", "lexicon", "el lèxic no es pot llegir, així que no hi ha més veredictes: dawg truncated"),
])
def test_a_log_or_lexicon_that_fails_mid_session_is_said_in_the_session_language(
    lexicons: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli, error_line,  # type: ignore[no-untyped-def]
    lang: str, failing: str, said: str,
) -> None:
    import adjudicate.ruling
    from adjudicate.errors import JudgeLogError, LexiconError

    log = tmp_path / "log.jsonl"

    def short_write(self: judgelog.JudgeLog, **entry: object) -> int:
        raise JudgeLogError("", kind="short_write", params={"path": self.path, "written": 3, "size": 300})

    def unreadable(words: object, lexicon: object) -> Ruling:
        raise LexiconError("dawg truncated")

    if failing == "log":
        monkeypatch.setattr(judgelog.JudgeLog, "append", short_write)
    else:
        monkeypatch.setattr(adjudicate.ruling, "judge_play", unreadable)
    result = cli(["judge", "--lexicon", lexicons[lang], "--log", str(log)], stdin=b"qi\n")
    assert result.exit_code == 2 and error_line(result) == "Error: " + said.format(log=log)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("lang, said", [
    ("es", "Error: stdout: No space left on device: puede que veredictos registrados no se hayan mostrado"),
    ("ca", "Error: stdout: No space left on device: potser hi ha veredictes registrats que no s'han mostrat"),
])
def test_verdicts_that_cannot_be_written_are_said_in_the_session_language(
    lexicons: dict[str, str], tmp_path: Path, lang: str, said: str
) -> None:
    cmd = [sys.executable, "-m", "adjudicate", "judge", "--lexicon", lexicons[lang], "--log",
           str(tmp_path / "log.jsonl")]
    with open("/dev/full", "w") as full:
        result = subprocess.run(cmd, input="qi\n", stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 2 and said in result.stderr.splitlines()


@pytest.mark.parametrize("lang, said", [
    ("es", "Error: --password-prompt: la contraseña escrita no es texto en la codificación del terminal; "
           "no se muestra nada de ella. Empiece de nuevo y escríbala en esa codificación"),
    ("ca", "Error: --password-prompt: la contrasenya escrita no és text en la codificació del terminal; "
           "no se'n mostra res. Torneu a començar i escriviu-la en aquesta codificació"),
])
def test_a_password_that_is_not_text_is_said_in_the_session_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    import getpass

    import typer

    from adjudicate.cli.judge import _ask_password

    def undecodable(prompt: str = "") -> str:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    monkeypatch.setattr(getpass, "getpass", undecodable)
    with pytest.raises(typer.Exit) as ended:
        _ask_password(lang)
    assert ended.value.exit_code == 2 and capsys.readouterr().err.splitlines()[-1] == said
