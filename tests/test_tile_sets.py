"""Every tile set the other engines play (issue 29): each is a data file (alphabets/NAME.tsv) and
nothing else, read as its federation or publisher counts it, found from what a record shows, and
played under WESPA's rules where no federation ruleset of its language is known.

The counts and values below are the publishers' (as docs/decisions.md and each data file cite),
typed here from those sources, not read back from the data files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicate import tiles
from adjudicate.errors import RulesError, UnknownTileError
from adjudicate.gcg import read_gcg
from adjudicate.recount import rescore_game
from adjudicate.rules import choose_ruleset, record_tiles

# name -> (tiles in the bag with the blanks, blanks, {letter: (count, value)} for a few letters)
PUBLISHED = {
    "german": (102, 2, {"E": (15, 1), "N": (9, 1), "Ä": (1, 6), "Ö": (1, 8), "Ü": (1, 6), "Q": (1, 10),
                        "Y": (1, 10), "X": (1, 8), "Z": (1, 3)}),
    "french": (102, 2, {"E": (15, 1), "K": (1, 10), "W": (1, 10), "Q": (1, 8), "Z": (1, 10), "H": (2, 4)}),
    "polish": (100, 2, {"A": (9, 1), "Ą": (1, 5), "Ć": (1, 6), "Ę": (1, 5), "Ł": (2, 3), "Ń": (1, 7),
                        "Ó": (1, 5), "Ś": (1, 5), "Ź": (1, 9), "Ż": (1, 5), "Y": (4, 2)}),
    "norwegian": (100, 2, {"Æ": (1, 6), "Ø": (2, 5), "Å": (2, 4), "C": (1, 10), "W": (1, 8)}),
    "slovene": (100, 2, {"Č": (1, 5), "Š": (1, 6), "Ž": (1, 10), "F": (1, 10), "E": (11, 1)}),
    "swedish": (100, 2, {"Å": (2, 4), "Ä": (2, 3), "Ö": (2, 4), "Z": (1, 10), "R": (8, 1)}),
    "english_super": (200, 4, {"E": (24, 1), "A": (16, 1), "Q": (2, 10), "Z": (2, 10), "S": (10, 1)}),
    # The three sets read before, for the same checks.
    "english": (100, 2, {"E": (12, 1), "Q": (1, 10), "Z": (1, 10)}),
    "spanish": (100, 2, {"Ñ": (1, 8), "[CH]": (1, 5), "[LL]": (1, 8), "[RR]": (1, 8)}),
    "catalan": (100, 2, {"Ç": (1, 10), "L·L": (1, 10), "NY": (1, 10), "QU": (1, 8)}),
}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_a_tile_set_counts_and_values_are_the_publishers(name: str) -> None:
    total, blanks, letters = PUBLISHED[name]
    alphabet = tiles.get_alphabet(name)
    assert sum(info.count for info in alphabet.tiles) == total
    assert alphabet.tiles[0].count == blanks and alphabet.score(tiles.BLANK) == 0
    by_label = {info.label: (info.count, info.score) for info in alphabet.tiles[1:]}
    for letter, published in letters.items():
        assert by_label[letter] == published, letter


def test_every_data_file_is_a_tile_set_and_no_code_names_one() -> None:
    """A new set is a data file: the package finds them all in alphabets/, none is listed in code."""
    folder = Path(tiles.__file__).parent / "alphabets"
    assert set(tiles.ALPHABET_NAMES) == {p.stem for p in folder.glob("*.tsv")}
    assert set(PUBLISHED) <= set(tiles.ALPHABET_NAMES)


@pytest.mark.parametrize(("name", "typed", "written"), [
    ("german", "Übermäßig", "ÜBERMÄSSIG"),  # ß is written SS in the game (german.tsv's @written)
    ("german", "öl", "ÖL"),
    ("polish", "zdziałać", "ZDZIAŁAĆ"),
    ("polish", "żółć", "ŻÓŁĆ"),
    ("norwegian", "blåbærsyltetøy", "BLÅBÆRSYLTETØY"),
    ("swedish", "smörgås", "SMÖRGÅS"),
    ("slovene", "Čaša", "ČAŠA"),
    ("french", "élève", "ELEVE"),  # French tiles carry no accents: É is played as E
])
def test_special_letters_are_tiles_of_their_set(name: str, typed: str, written: str) -> None:
    alphabet = tiles.get_alphabet(name)
    assert tiles.format_word(tiles.parse_word(typed, alphabet), alphabet) == written


@pytest.mark.parametrize(("name", "word", "letter"), [
    ("german", "BLÅBÆR", "Æ"),  # Æ is Norwegian (no accent to fold: Å would be read as A)
    ("swedish", "ŁÓDŹ", "Ł"),
    ("polish", "QUIZ", "Q"),  # no Q in the Polish set
])
def test_a_letter_of_another_set_is_no_tile(name: str, word: str, letter: str) -> None:
    with pytest.raises(UnknownTileError, match=f"{letter} is not a tile of the {tiles.SET_NAMES['en'][name]} set"):
        tiles.parse_word(word, tiles.get_alphabet(name))


# -- records: which tiles, which rules --------------------------------------------------------------

# A German game (no #lexicon: the letters say German; WESPA's rules, no German ruleset is known).
#  line 4, anna: ÜBERALL across row 8 from D8: Ü on D8 (DL) 6x2=12, B 3, E 1, R 1, A 1 on H8 (the
#          centre, DW), L 2, L 2 = 22, x2 = 44, all seven tiles +50 = 94.
#  line 5, bob: ÖDE down column F from F6: Ö on F6 (TL) 8x3=24, D on F7 1, the E of F8 1 = 26.
#  line 6, anna: LÄX down column J from J8: the L of J8 2, Ä on J9 6, X on J10 (TL) 8x3=24 = 32; 126.
GERMAN = """\
#character-encoding UTF-8
#player1 anna Anna
#player2 bob Bob
>anna: ABELLRÜ 8D ÜBERALL +94 94
>bob: DEGNÖST F6 ÖD. +26 26
>anna: AEINSXÄ J8 .ÄX +32 126
"""

# A Swedish game: Å and Ä are tiles of the Swedish set only (German has no Å, Norwegian no Ä).
#  line 4, eva: ÄLG across row 8 from G8: Ä 3, L 1 on H8 (centre, DW), G 2 = 6, x2 = 12.
#  line 5, olle: ÅÄ down column G from G7: Å on G7 (DL) 4x2=8, the Ä of G8 3 = 11.
SWEDISH = """\
#character-encoding UTF-8
#player1 eva Eva
#player2 olle Olle
>eva: AEGLRSÄ 8G ÄLG +12 12
>olle: ABEKNRÅ G7 Å. +11 11
"""


def _record(text: str):  # type: ignore[no-untyped-def]
    return read_gcg(text.encode("utf-8"), name="game.gcg")


def test_a_german_record_reads_as_german_under_wespa_every_score_checked() -> None:
    record = _record(GERMAN)
    ruleset, reason = choose_ruleset(record)
    assert (ruleset.name, ruleset.alphabet) == ("wespa", "german")
    assert reason.startswith("the default for german records: no German federation ruleset is known")
    report = rescore_game(record, ruleset, reason=reason)
    assert report.ok, report
    assert [p.computed_final for p in report.players] == [126, 26]


def test_a_wrong_score_on_a_german_premium_square_is_found() -> None:
    # bob counted the Ö on F6 as a double letter (16 + 1 + 1 = 18), not a triple (26).
    record = _record(GERMAN.replace("ÖD. +26 26", "ÖD. +18 18"))
    ruleset, reason = choose_ruleset(record)
    report = rescore_game(record, ruleset, reason=reason)
    assert not report.ok
    assert [(f.line, f.computed) for f in report.discrepancies][:1] == [(5, 26)]


def test_a_swedish_record_reads_as_swedish() -> None:
    record = _record(SWEDISH)
    assert record_tiles(record) == ("swedish", "from the letters of its plays and racks (Ä Å)")
    assert record_tiles(record, default="swedish") == (None, "")
    ruleset, reason = choose_ruleset(record)
    report = rescore_game(record, ruleset, reason=reason)
    assert report.ok, report
    assert [p.computed_final for p in report.players] == [12, 11]


def test_letters_two_sets_hold_ask_for_tiles() -> None:
    # Ä and Ö alone: German and Swedish both have them.
    record = _record("#player1 a A\n#player2 b B\n>a: ÄÖLSTUV 8G ÖL +6 6\n>b: ÄABCDEF 9G Ä +4 4\n")
    with pytest.raises(RulesError, match=r"\(Ä Ö\) are tiles of german and of swedish: give --tiles german"):
        choose_ruleset(record)
    ruleset, reason = choose_ruleset(record, tiles="swedish")
    assert ruleset.alphabet == "swedish" and "from --tiles swedish" in reason


def test_a_french_record_names_its_tiles_or_is_read_as_english() -> None:
    # French tiles carry no accents: only #tile-distribution, #lexicon or --tiles can say French.
    text = "#player1 a A\n#player2 b B\n>a: KWAEIOU 8G KA +30 30\n"
    ruleset, _ = choose_ruleset(_record(text))
    assert ruleset.alphabet == "english"
    # K 10 on G8, A 1 on H8 (DW): 22 in French tiles, (5 + 1) x 2 = 12 in English.
    for header in ("#tile-distribution french\n", "#lexicon FRA20\n"):
        ruleset, reason = choose_ruleset(_record(header + text))
        assert (ruleset.name, ruleset.alphabet) == ("wespa", "french"), reason
        report = rescore_game(_record(header + text), ruleset, reason=reason)
        assert [(f.line, f.computed) for f in report.discrepancies][:1] == [(4, 22)]


def test_a_tile_set_we_do_not_ship_is_refused_by_name() -> None:
    with pytest.raises(RulesError, match="#tile-distribution klingon is a tile set we do not ship"):
        choose_ruleset(_record("#tile-distribution klingon\n#player1 a A\n#player2 b B\n"))


def test_an_english_record_keeps_english_tiles() -> None:
    ruleset, reason = choose_ruleset(_record("#lexicon CSW21\n#player1 a A\n#player2 b B\n>a: QI 8G QI +22 22\n"))
    assert (ruleset.name, ruleset.alphabet, reason) == ("wespa", "english", "from the record's #lexicon CSW21")


def test_an_english_record_under_a_spanish_ruleset_is_refused_with_advice() -> None:
    record = _record("#tile-distribution english\n#player1 a A\n#player2 b B\n>a: QI 8G QI +22 22\n")
    with pytest.raises(RulesError, match=r"this record is of the english tile set .*--rules fise is "
                       r"Spanish: leave --rules out \(the record's ruleset is naspa\), give --rules "
                       r"wespa, or give --tiles spanish"):
        choose_ruleset(record, "fise")


def test_the_public_polish_game_rescores_clean(corpus: Path) -> None:
    """Woogles' Polish endgame: its out-play (BHUWZ, 11 x 2 = 22) and every play check out with the
    PFS values (a swapped Ź/Ż would move the last play, .IŹ +21)."""
    path = corpus / "gcg" / "macondo" / "polish_endgame.gcg"
    record = read_gcg(path.read_bytes(), name=path.name)
    ruleset, reason = choose_ruleset(record)
    assert (ruleset.name, ruleset.alphabet) == ("wespa", "polish")
    report = rescore_game(record, ruleset, reason=reason)
    assert report.ok, [str(d) for d in report.discrepancies]
    assert [p.computed_final for p in report.players] == [316, 323]


def test_a_german_lexicon_is_built_and_judges_german_words(tmp_path: Path, lexicon_of, cli) -> None:  # type: ignore[no-untyped-def]
    lexicon = lexicon_of(tmp_path / "de-test", ["ÄRGER", "ÖL", "ÜBER", "STRASSE"], "german")
    assert cli(["challenge", "--lexicon", str(lexicon), "ärger", "Öl"]).exit_code == 0
    assert cli(["challenge", "--lexicon", str(lexicon), "ÄRGER", "ÖLE"]).exit_code == 1
    refused = cli(["challenge", "--lexicon", str(lexicon), "SMØR"])
    assert refused.exit_code == 2 and "Ø is not a tile of the German set" in refused.output


def test_the_judge_takes_a_lexicon_of_a_set_with_no_screens_of_its_own(tmp_path: Path, lexicon_of, cli) -> None:  # type: ignore[no-untyped-def]
    # A German lexicon: the session's screens are English's (it was KeyError 'de', exit 3).
    lexicon = lexicon_of(tmp_path / "de-test", ["ÄRGER", "ÖL"], "german")
    result = cli(["judge", "--lexicon", str(lexicon), "--log", str(tmp_path / "log.jsonl")], stdin=b"\xc3\x96L\nXYZZY\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == ["ACCEPTABLE", "UNACCEPTABLE"]


def test_endgame_takes_the_racks_of_another_tile_set(cli) -> None:  # type: ignore[no-untyped-def]
    # A German game, WESPA's rules: B went out; A holds Ä (6) and Ö (8) = 14, B adds 2 x 14 = 28.
    result = cli(["endgame", "--rules", "wespa", "A=100:ÄÖ", "B=90", "--went-out", "B", "--tiles", "german", "--json"])
    assert result.exit_code == 0, result.output
    assert '"final": 118' in result.stdout and '"rack_value": 14' in result.stdout
    import adjudicate

    assert adjudicate.endgame("wespa", {"A": 100, "B": 90}, {"A": "ÄÖ"}, went_out="B", tiles="german").winners == ("B",)
    refused = cli(["endgame", "--rules", "wespa", "A=100:ÄÖ", "B=90", "--went-out", "B", "--tiles", "klingon"])
    assert refused.exit_code == 2 and "--tiles klingon: unknown tile set" in refused.output


# -- the shipped stand-ins of the other tile sets (issue 29) ---------------------------------------


def test_a_german_record_checks_its_words_in_the_german_stand_in(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    # No #lexicon and no --lexicon: the WESPA default (English) cannot read German words; the
    # shipped German list is the default of German tiles. ÜBERALL is German, .ÄX (LÄX) is not.
    game = tmp_path / "game.gcg"
    game.write_text(GERMAN, "utf-8")
    result = cli(["rescore", str(game), "--check-words", "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert report["words_lexicon"]["id"] == "de-wngerman" and report["words_lexicon"]["standin"] is True
    assert [(info["line"], info["words"]) for info in report["info"] if "words" in info] == [(6, ["LÄX"])]


def test_the_public_polish_game_checks_its_words_in_the_polish_stand_in(corpus: Path) -> None:
    # The real game's words, looked up in the sjp.pl list: all but two the stand-in lacks
    # (TRYP, KÓP: OSPS words) are in it; a stand-in's findings are information only.
    import adjudicate

    report = adjudicate.rescore(adjudicate.read_game(corpus / "gcg" / "macondo" / "polish_endgame.gcg"),
                                check_words=True)
    assert report.ok and report.to_dict()["words_lexicon"]["id"] == "pl-wpolish"
    assert sorted(w for info in report.to_dict()["info"] for w in info.get("words", [])) == ["KÓP", "TRYP"]


def test_a_super_scrabble_record_checks_its_words_in_an_english_lexicon(cli) -> None:  # type: ignore[no-untyped-def]
    # English Super Scrabble has English's letters (more of them): an English lexicon serves it.
    assert tiles.same_letters("english", "english_super") and not tiles.same_letters("english", "french")
    game = str(Path(__file__).parent / "data" / "boards" / "super.gcg")
    result = cli(["rescore", game, "--check-words", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["words_lexicon"]["id"] == "en-kjxqz"
    french = cli(["rescore", game, "--check-words", "--lexicon", "fr-aofw"])
    assert french.exit_code == 2 and "lexicon fr-aofw is french, but the game is played with english_super" in french.output


def test_a_slovene_record_checks_its_words_in_the_slovene_stand_in(tmp_path: Path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # ČAJ (tea) is Slovene: Č 5 on G8, A 1 on H8 (DW), J 1 = 7, x2 = 14. With no lexicon of
    # Slovene letters shipped, the check of words stops and asks for one (an English list would
    # call every word a phony).
    game = tmp_path / "game.gcg"
    game.write_text("#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: ČAJEMNS 8G ČAJ +14 14\n", "utf-8")
    result = cli(["rescore", str(game), "--check-words", "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert report["words_lexicon"]["id"] == "sl-hunspell" and not report["info"]
    from adjudicate.lexicon import store

    monkeypatch.setattr(store, "shipped_lexicon_for", lambda alphabet: None)
    result = cli(["rescore", str(game), "--check-words"])
    assert result.exit_code == 2 and "give a slovene --lexicon" in result.output, result.output


def test_a_super_scrabble_record_finds_the_english_lexicon_its_record_names(tmp_path: Path, lexicon_of, cli,  # type: ignore[no-untyped-def]
                                                                            monkeypatch) -> None:
    # #lexicon CSW21 on a Super Scrabble record: a user's English list named CSW21 answers (its
    # letters are the game's), holding RETAINS but not the other plays' words.
    (tmp_path / "lexicons").mkdir()
    lexicon_of(tmp_path / "lexicons" / "csw21", ["RETAINS"], name="CSW21")
    monkeypatch.setenv("ADJUDICATE_LEXICONS", str(tmp_path / "lexicons"))
    text = (Path(__file__).parent / "data" / "boards" / "super.gcg").read_text("utf-8")
    game = tmp_path / "game.gcg"
    first, rest = text.split("\n", 1)
    game.write_text(f"{first}\n#lexicon CSW21\n{rest}", "utf-8")
    result = cli(["rescore", str(game), "--check-words", "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert report["words_lexicon"]["id"] == "csw21" and report["words_lexicon"]["matches_record"] is True
    assert {word for info in report["info"] for word in info.get("words", [])} == {
        "POWDER", "STEEP", "BLOCKS", "STRIPE", "EGO"}


def test_a_french_record_checks_its_words_in_french_not_english(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    # French has English's letters (A-Z) but is another language: --tiles french takes fr-aofw.
    game = tmp_path / "game.gcg"
    game.write_text("#player1 a A\n#player2 b B\n>a: MAISONS 8G MAISON +20 20\n", "utf-8")
    # M 2 on G8, A 1 on H8 (DW), I 1, S 1, O 1, N 1 on L8 (DL) 2 = 8, x2 = 16 in French tiles: the
    # record's 20 is found, and the words are French.
    result = cli(["rescore", str(game), "--tiles", "french", "--check-words", "--json"])
    (report,) = json.loads(result.stdout)
    assert report["words_lexicon"]["id"] == "fr-aofw"
    assert [(d["line"], d["computed"]) for d in report["discrepancies"]][:1] == [(3, 16)]
    assert not report["info"]  # MAISON is French


def test_a_damaged_stand_in_is_opened_and_says_so(tmp_path: Path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A shipped German list whose manifest no longer reads is not passed over for English (which
    # would call every German word a phony, or stop asking for a German --lexicon): it is the one
    # opened, and the error says it is damaged.
    from adjudicate.lexicon import store

    shipped = tmp_path / "shipped"
    shipped.mkdir()
    real = Path(store.shipped_lexicon_dir())
    (shipped / "en-kjxqz").symlink_to(real / "en-kjxqz")
    broken = shipped / "de-wngerman"
    broken.mkdir()
    for name in ("words.dawg", "words.txt.gz"):
        (broken / name).symlink_to(real / "de-wngerman" / name)
    manifest = (real / "de-wngerman" / "manifest.json").read_text("utf-8")
    for damaged in (manifest[: len(manifest) // 2], manifest.replace('"alphabet": "german"', '"alphabet": 7')):
        (broken / "manifest.json").write_text(damaged, "utf-8")
        monkeypatch.setattr(store, "shipped_lexicon_dir", lambda: str(shipped))
        assert store.shipped_lexicon_for("german") == "de-wngerman"
        game = tmp_path / "game.gcg"
        game.write_text(GERMAN, "utf-8")
        result = cli(["rescore", str(game), "--check-words"])
        assert result.exit_code == 2 and "de-wngerman" in result.output, result.output
        store._SHIPPED_FOR.clear()


@pytest.mark.parametrize(("text", "advice"), [
    # French tiles carry no accents (FFSc: E is E): no set we ship has É.
    ("#tile-distribution french\n>a: ÉTÉABCD 8G ÉTÉ +6 6\n",
     "É is not a tile of the french set (ruleset wespa, the default for french records: no French "
     "federation ruleset is known (docs/decisions.md §19); french tiles, from the record's "
     "#tile-distribution french); no tile set we ship reads every play and rack of this record"),
    # Ä and Å: Swedish alone has both (German no Å, Norwegian no Ä).
    ("#tile-distribution french\n>a: ÄBCDEFG 8G ÄB +6 6\n>b: ÅBCDEFG 9G Å +6 6\n",
     "Ä is not a tile of the french set (ruleset wespa, the default for french records: no French "
     "federation ruleset is known (docs/decisions.md §19); french tiles, from the record's "
     "#tile-distribution french): this record is of another tile set; give --tiles swedish"),
    ("#tile-distribution english\n>a: ÑBCDEFG 8G ÑA +6 6\n",
     "Ñ is not a tile of the english set (ruleset naspa, the default, as the record names no "
     "lexicon): this record is of another tile set; give --tiles spanish"),
])
def test_a_letter_of_another_set_is_refused_with_the_tiles_that_read_the_record(tmp_path: Path, cli, error_line,  # type: ignore[no-untyped-def]
                                                                                text: str, advice: str) -> None:
    path = tmp_path / "game.gcg"
    path.write_text("#character-encoding UTF-8\n#player1 a A\n#player2 b B\n" + text, encoding="utf-8")
    result = cli(["rescore", str(path)])
    assert result.exit_code == 2
    assert error_line(result) == f"Error: {path}: line 5: {advice}"


def test_a_lexicon_of_a_set_no_federation_plays_is_judged_under_the_rules_given(tmp_path: Path, lexicon_of, cli,  # type: ignore[no-untyped-def]
                                                                                error_line) -> None:
    import adjudicate

    german = lexicon_of(tmp_path / "de-test", ["ÄRGER", "ÖL"], "german")
    for rules in ("wespa", "naspa", "fise"):  # (no federation plays German tiles: docs/decisions.md §19)
        result = cli(["challenge", "--rules", rules, "--lexicon", str(german), "ärger"])
        assert (result.exit_code, result.stdout.splitlines()[0]) == (0, "ACCEPTABLE"), result.output
        assert adjudicate.challenge("ÄRGER ÖL", rules=rules, lexicon=str(german)).acceptable
    # A lexicon of another federation's own tiles: the rules and the words disagree.
    spanish = lexicon_of(tmp_path / "es-test", ["CASA"], "spanish")
    refused = cli(["challenge", "--rules", "naspa", "--lexicon", str(spanish), "CASA"])
    assert refused.exit_code == 2
    assert error_line(refused) == ("Error: lexicon es-test is spanish, but --rules naspa plays english tiles "
                                   "(--rules fise plays spanish)")
    with pytest.raises(Exception, match="but --rules naspa plays english tiles"):
        adjudicate.challenge("CASA", rules="naspa", lexicon=str(spanish))


def test_a_lexicon_of_other_tiles_asks_for_rules_only_where_rules_would_read_the_game(  # type: ignore[no-untyped-def]
        tmp_path: Path, lexicon_of, cli, error_line) -> None:
    polish = lexicon_of(tmp_path / "pl-test", ["ŁÓDŹ"], "polish")
    spanish = lexicon_of(tmp_path / "es-test", ["CASA"], "spanish")
    (tmp_path / "german.gcg").write_text(GERMAN, encoding="utf-8")
    (tmp_path / "english.gcg").write_text("#player1 a A\n#player2 b B\n>a: ACSAXYZ 8G CASA +12 12\n")
    german = cli(["rescore", "--check-words", "--lexicon", str(polish), str(tmp_path / "german.gcg")])
    assert german.exit_code == 2 and error_line(german).endswith("(Ä Ö Ü)): give a german --lexicon")
    # An English game by default, a Spanish lexicon: --rules fise reads the game with Spanish tiles.
    english = cli(["rescore", "--check-words", "--lexicon", str(spanish), str(tmp_path / "english.gcg")])
    assert english.exit_code == 2 and error_line(english).endswith(": give an english --lexicon or --rules fise")
    assert cli(["rescore", "--check-words", "--lexicon", str(spanish), "--rules", "fise",
                str(tmp_path / "english.gcg")]).exit_code == 0
