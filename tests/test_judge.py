"""`adjudicate judge`: the session as a state machine, the command without a terminal, and the
interactive session through a real pseudo-terminal."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from adjudicate.challenge import Ruling, TypedWord, judge_play
from adjudicate.judge import Phase, Session, Style, Timing, block_letters, read_line_play, render
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
    assert s.phase is Phase.WORDS and s.words == [] and s.message is not None
    assert "K" in s.message and "spanish" in s.message
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
    with pytest.raises(ValueError, match="at most 8"):
        read_line_play("qi " * 9, EN.alphabet)
    with pytest.raises(ValueError, match="K is not a tile"):
        read_line_play("kiwi", ES.alphabet)
