"""One score-request type, one option-value reader, and problems as codes
(#25 §1, §3): the engine says what is wrong by a code and values, and the
command line puts it into English through the `en` catalogue."""

from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.engine.hand import Hand
from tutor.engine.notation import parse_hand, parse_tile
from tutor.engine.numbers import NumberError, read_whole_number
from tutor.engine.options import OptionProblem, option_items, option_value
from tutor.engine.request import RequestProblem, ScoreRequest, score_request
from tutor.engine.request_json import read_request, request_json
from tutor.engine.riichi.score import RiichiScore
from tutor.engine.rules import Rules
from tutor.engine.tiles import WindError, wind_tile
from tutor.lessons.blocks import BlockError, evaluate
from tutor.lessons.model import HandBlock
from tutor.locale import keys
from tutor.locale.problems import problem_text
from tutor.quiz.kinds import generate
from tutor.service.errors import RequestError
from tutor.service.requests import read_score_request
from tutor.workbench.analysis import settings_request
from tutor.workbench.settings import Settings, settings_from_setup

HAND = "123m456p789s11z234s"


class TestOptionValues:
    def test_truth_values_numbers_and_text(self) -> None:
        assert option_value("true") is True and option_value("false") is False
        assert option_value("2") == 2 and option_value("-2") == -2
        assert option_value("mangan") == "mangan" and option_value("") == ""
        # Only ASCII digits are a number: '٣' (Arabic-Indic three) is text.
        assert option_value("٣") == "٣"

    def test_items_are_read_by_name(self) -> None:
        assert option_items("kiriage=true, double_wind_pair_fu=2 renhou=mangan") == {
            "kiriage": True,
            "double_wind_pair_fu": 2,
            "renhou": "mangan",
        }

    def test_a_number_too_long_is_a_number_problem(self) -> None:
        with pytest.raises(NumberError) as caught:
            option_value("1234567890")
        assert (caught.value.code, caught.value.values["digits"]) == ("too_many_digits", 10)

    def test_the_workbench_reads_options_as_lessons_do(self) -> None:
        settings = settings_from_setup({"options": "double_wind_pair_fu=٣ kiriage=true"})
        assert dict(settings.riichi_options) == {"double_wind_pair_fu": "٣", "kiriage": True}


class TestOneRequest:
    def test_the_engine_scores_a_request(self) -> None:
        request = ScoreRequest(parse_hand(HAND), parse_tile("4s"), tsumo=True)
        score = score_request(request)
        assert isinstance(score, RiichiScore) and score.han == 1

    def test_a_json_request_reads_into_the_same_type(self) -> None:
        read = read_score_request({"hand": HAND, "win": "4s", "tsumo": True, "options": {"kiriage": True}})
        assert read == ScoreRequest(parse_hand(HAND), parse_tile("4s"), tsumo=True, options={"kiriage": True})

    @pytest.mark.parametrize("kind", ["fu", "fu-steps", "points-steps", "yaku", "mcr-fans", "mcr-steps"])
    def test_a_question_s_request_is_written_and_read_by_the_one_json_form(self, kind: str) -> None:
        for seed in range(20):
            written = generate(kind, seed, 3).request
            assert request_json(read_request(written)) == written

    def test_the_workbench_scores_the_request_the_command_reads(self) -> None:
        hand = parse_hand("123m456p789s11z234s")
        settings = Settings(tsumo=True, riichi_flags=("riichi",), dora="1m")
        request = settings_request(hand, parse_tile("4s"), settings, Rules.RIICHI)
        assert request == read_score_request(
            {"hand": HAND, "win": "4s", "tsumo": True, "flags": ["riichi"], "dora": "1m", "options": {}}
        )

    def test_a_flag_that_does_not_fit_is_a_code(self) -> None:
        request = ScoreRequest(Hand(parse_hand(HAND).concealed), parse_tile("4s"), rules=Rules.MCR, flags=("riichi",))
        with pytest.raises(RequestProblem) as caught:
            score_request(request)
        assert (caught.value.code, caught.value.values["flag"]) == ("unknown_flag", "'riichi'")

    def test_a_lesson_block_refuses_a_flag_in_the_command_line_s_words(self) -> None:
        block = HandBlock(1, HAND, {"win": "4s", "flags": "nosuch"}, {"han": "1"}, "")
        with pytest.raises(BlockError) as caught:
            evaluate(block, "riichi")
        request = read_score_request({"hand": HAND, "win": "4s", "flags": ["nosuch"]})
        with pytest.raises(RequestProblem) as problem:
            score_request(request)
        assert str(caught.value) == problem_text(problem.value)
        assert str(caught.value).startswith("unknown riichi flag 'nosuch'; expected one of riichi, ")


class TestProblemsAsCodes:
    def test_number_problems(self) -> None:
        with pytest.raises(NumberError) as caught:
            read_whole_number("x1")
        assert (caught.value.code, caught.value.values) == ("not_a_number", {"shown": "'x1'"})
        assert problem_text(caught.value) == "'x1' is not a whole number written with the digits 0-9"

    def test_wind_problems(self) -> None:
        with pytest.raises(WindError) as caught:
            wind_tile("Q")
        assert caught.value.key == "wind.unknown"
        assert problem_text(caught.value) == "unknown wind 'Q'; expected one of E, S, W, N"

    def test_request_errors_hold_a_message(self) -> None:
        with pytest.raises(RequestError) as caught:
            read_score_request({"hand": HAND, "win": "4s", "seat": 5})
        assert caught.value.message.key == "request.in_setting"
        assert str(caught.value) == "seat: 'seat' must be a string"

    @pytest.mark.parametrize(
        ("rules", "options", "code", "english", "korean"),
        [
            (Rules.RIICHI, {"akadora": True}, "unknown", "unknown riichi option 'akadora'; expected one of ", "옵션"),
            (Rules.RIICHI, {"kiriage": "yes"}, "not_bool", "option 'kiriage' is true or false, not 'yes'", "'yes'가"),
            (Rules.RIICHI, {"renhou": "x"}, "renhou", "renhou is 'yakuman', 'mangan' or 'none', not 'x'", "'x'가"),
            (Rules.MCR, {"kiriage": True}, "unknown", "unknown MCR option 'kiriage'; expected one of ", "옵션"),
        ],
    )
    def test_a_rule_option_is_refused_by_code_in_the_learner_s_language(
        self, rules: Rules, options: dict[str, object], code: str, english: str, korean: str
    ) -> None:
        """The engine once refused options in English sentences that Korean screens showed as they were."""
        request = ScoreRequest(parse_hand(HAND), parse_tile("4s"), rules=rules, options=options)
        with pytest.raises(RequestProblem) as caught:
            score_request(request)
        inner = caught.value.values["problem"]
        assert isinstance(inner, OptionProblem) and inner.code == code
        assert problem_text(caught.value).startswith(english)
        assert korean in problem_text(caught.value, "ko")

    def test_every_problem_has_its_sentence_in_every_language(self) -> None:
        problems = [
            key for key in keys("en") if key.split(".")[0] in ("notation", "request", "number", "wind", "option")
        ]
        assert len(problems) > 60
        # Korean has one plural form: an English `.one` is its `.other`.
        assert {key.removesuffix(".one") + ".other" if key.endswith(".one") else key for key in problems} <= keys("ko")

    def test_the_command_line_prints_the_catalogue_s_sentence(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["quiz", "--kind", "shanten", "--count", "x"]) == 2
        assert "argument --count: 'x' is not a whole number written with the digits 0-9" in capsys.readouterr().err
        assert main(["score", HAND, "--win", "4s", "--seat", "Q"]) == 1
        assert capsys.readouterr().err == "tutor score: seat: unknown wind 'Q'; expected one of E, S, W, N\n"
