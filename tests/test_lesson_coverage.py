"""Every section of the three documents and the lesson that covers it.

The headings are listed here as the documents write them.  Where the
documents themselves are at hand (`../shared/seeds`, beside the checkout),
each heading is also looked up in its document, so the list cannot drift
from them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tutor.lessons.check import load_library
from tutor.lessons.location import bundled_lessons

SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
# CI always has shared/ beside the checkout: there a missing folder is a failure, not a skip.
SEEDS_MISSING = not SEEDS.is_dir() and not os.environ.get("CI")

RIICHI = "000_af1baca514fdfe4e.txt"
FANS = "003_4002cfd85a548119.txt"
GAME = "004_af5aa7ec36f57296.txt"

COVERAGE: list[tuple[str, str, str]] = [
    # (document, heading as written, lesson id)
    (RIICHI, "1. 수패", "r01-tiles"),
    (RIICHI, "2. 자패", "r01-tiles"),
    (RIICHI, "● 멘쯔(面子), 타쯔(塔子)", "r02-sets"),
    (RIICHI, "1. 슌쯔(順子)", "r02-sets"),
    (RIICHI, "2. 커쯔(刻子)", "r02-sets"),
    (RIICHI, "3. 깡쯔(槓子)", "r02-sets"),
    (RIICHI, "4. 펜타쯔(辺塔子)", "r02-sets"),
    (RIICHI, "5. 칸타쯔(嵌塔子)", "r02-sets"),
    (RIICHI, "6. 량타쯔(兩塔子)", "r02-sets"),
    (RIICHI, "7. 또이쯔(對子)", "r02-sets"),
    (RIICHI, "1. 오르기(나기)", "r03-winning"),
    (RIICHI, "2. 텐파이(聽牌)", "r03-winning"),
    (RIICHI, "3. 론(栄)", "r03-winning"),
    (RIICHI, "4. 쯔모(自摸)", "r03-winning"),
    (RIICHI, "● 대기", "r04-waits"),
    (RIICHI, "1. 칸짱(嵌張)대기", "r04-waits"),
    (RIICHI, "2. 펜짱(辺張)대기", "r04-waits"),
    (RIICHI, "3. 양면(兩面)대기", "r04-waits"),
    (RIICHI, "4. 단기(單騎)대기", "r04-waits"),
    (RIICHI, "5. 쌍봉대기", "r04-waits"),
    (RIICHI, "● 울기", "r05-calls"),
    (RIICHI, "1. 치(吃)", "r05-calls"),
    (RIICHI, "2. 뻥", "r05-calls"),
    (RIICHI, "3. 깡(槓)", "r05-calls"),
    (RIICHI, "3-1. 안깡(暗槓)", "r05-calls"),
    (RIICHI, "3-2. 대밍깡(大明槓)", "r05-calls"),
    (RIICHI, "3-3. 추가깡(加槓)", "r05-calls"),
    (RIICHI, "1. 장소 결정", "r11-table"),
    (RIICHI, "2. 친(親) 결정", "r11-table"),
    (RIICHI, "3. 배패를 가져가는 방법과 도라 표시패", "r11-table"),
    (RIICHI, "4. 오르기(나기), 유국 까지", "r11-table"),
    (RIICHI, "5. 친(親)의 교대", "r11-table"),
    (RIICHI, "6. 반장", "r11-table"),
    (RIICHI, "●기본부(基本符)", "r09-fu"),
    (RIICHI, "1. 부저(副底)", "r09-fu"),
    (RIICHI, "2. 멘쯔(面子)의 부(符)", "r09-fu"),
    (RIICHI, "3. 대기의 부(符)", "r09-fu"),
    (RIICHI, "4. 났을때의 부(符)", "r09-fu"),
    (RIICHI, "5. 기본부(基本符)의 계산", "r09-fu"),
    (RIICHI, "● 역만(役滿)", "r10-yakuman"),
    (RIICHI, "1. 구련보등(九連寶燈)", "r10-yakuman"),
    (RIICHI, "2. 녹일색(綠一色)", "r10-yakuman"),
    (RIICHI, "3. 쓰안커(四暗刻)", "r10-yakuman"),
    (RIICHI, "4. 쓰깡쯔(四槓子)", "r10-yakuman"),
    (RIICHI, "5. 청노두(淸老頭)", "r10-yakuman"),
    (RIICHI, "6. 국사무쌍(國士無雙)", "r10-yakuman"),
    (RIICHI, "7. 대삼원(大三元)", "r10-yakuman"),
    (RIICHI, "8. 소사희(小四喜)", "r10-yakuman"),
    (RIICHI, "9. 대사희(大四喜)", "r10-yakuman"),
    (RIICHI, "10. 자일색(字一色)", "r10-yakuman"),
    (RIICHI, "11. 천화(天和)", "r10-yakuman"),
    (RIICHI, "12. 지화(地和)", "r10-yakuman"),
    (RIICHI, "13. 인화(人和)", "r10-yakuman"),
    (GAME, "1. 개요", "m01-differences"),
    (GAME, "2. 기본적인 진행", "m01-differences"),
    (GAME, "3. 자리 바꾸기", "m01-differences"),
    (GAME, "4. 최저 점수", "m04-routes-to-eight"),
    (GAME, "5. 기본사항-패를 완성 시키는 법", "m02-shapes"),
    (GAME, "5.1. 뚜이쯔", "m02-shapes"),
    (GAME, "5.2. 몐쯔(몸통)", "m02-shapes"),
    (GAME, "6. 타인의 버림패를 가져올 수 있는 방법 (츠,펑,깡)", "m03-calls-and-flowers"),
    (GAME, "6.1. 밍커(明刻)와 안커(暗刻)", "m03-calls-and-flowers"),
    (GAME, "6.2. 밍깡(明槓)과 안깡(暗槓)", "m03-calls-and-flowers"),
    (GAME, "7. 화(花)패", "m03-calls-and-flowers"),
    (GAME, "8. 게임 진행에 관련된 중요 용어및 개념", "m01-differences"),
    (GAME, "9. 반칙", "m13-penalties-and-payments"),
    (GAME, "9.1. 잘못된 화료", "m13-penalties-and-payments"),
    (GAME, "9.2. 화료불가", "m13-penalties-and-payments"),
    (GAME, "10. 유국", "m13-penalties-and-payments"),
    (GAME, "11. 선오름", "m03-calls-and-flowers"),
    (GAME, "12. 리치마작과의 비교", "m01-differences"),
    (FANS, "1. 개요", "m04-routes-to-eight"),
    (FANS, "2. 점수에 따른 역 설명", "m04-routes-to-eight"),
    (FANS, "| 화료 방법 |", "m05-win-and-wait"),
    (FANS, "| 대기 방식 |", "m05-win-and-wait"),
    (FANS, "| 전체적인 형태 |", "m11-special-hands"),
    (FANS, "| 커쯔 / 깡쯔의 갯수 |", "m07-pung-and-kong-fans"),
    (FANS, "| 요구패의 커쯔 |", "m08-honour-fans"),
    (FANS, "| 특정한 규칙을 갖는 수패 먼쯔 |", "m06-chow-fans"),
    (FANS, "| 특정한 규칙을 갖는 수패 먼쯔 |", "m07-pung-and-kong-fans"),
    (FANS, "| 특정한 요소로만 구성 |", "m09-suit-fans"),
    (FANS, "| 특정한 요소로만 구성 |", "m10-range-fans"),
    (FANS, "| 역이 없음 |", "m04-routes-to-eight"),
]


def test_every_covering_lesson_exists_in_both_languages() -> None:
    library = load_library(bundled_lessons())
    for _document, heading, lesson_id in COVERAGE:
        for language in ("ko", "en"):
            assert lesson_id in library.lessons[language], (heading, lesson_id, language)


@pytest.mark.skipif(SEEDS_MISSING, reason="the documents are not beside this checkout")
def test_headings_are_the_documents_own() -> None:
    texts = {name: (SEEDS / name).read_text(encoding="utf-8") for name in (RIICHI, FANS, GAME)}
    missing = [heading for document, heading, _ in COVERAGE if heading not in texts[document]]
    assert missing == []


@pytest.mark.skipif(SEEDS_MISSING, reason="the documents are not beside this checkout")
def test_no_numbered_heading_of_document_000_is_left_out() -> None:
    import re

    listed = {heading for document, heading, _ in COVERAGE if document == RIICHI}
    text = (SEEDS / RIICHI).read_text(encoding="utf-8")
    headings = {line.strip() for line in text.splitlines() if re.match(r"^(\d+(-\d+)?\. |●)", line.strip())}
    assert headings - listed == set()
