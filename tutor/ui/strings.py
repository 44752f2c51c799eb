"""Every text of the app's own, in Korean and English.

Lesson text comes from the lesson files; what the engine computes is put
into words here (wait kinds, fu items, fans come from the engine by id).
"""

from __future__ import annotations

from typing import Final

TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Mahjong Tutor",
        "riichi": "Japanese riichi mahjong",
        "mcr": "Chinese Official mahjong (MCR)",
        "tracks": "Lessons",
        "read": "read",
        "drills": "Drills",
        "review": "Review",
        "progress": "Progress",
        "due_now": "{count} concept(s) due for review: press r",
        "glossary": "Glossary",
        "settings": "Settings",
        "help": "Help",
        "quit": "Quit",
        "back": "Back",
        "next": "Next lesson",
        "previous": "Previous lesson",
        "contents": "Contents",
        "reveal": "Reveal answer",
        "present": "Presentation",
        "step": "Next step",
        "quiz": "Drill this",
        "language": "Language",
        "theme": "Theme",
        "answer": "Answer",
        "hidden": "Answer hidden: press a (or click) to reveal",
        "win_ron": "won on {tile} by ron",
        "win_tsumo": "won on {tile} by tsumo",
        "seat": "seat {wind}",
        "round": "round {wind}",
        "rules": "rules: {rules}",
        "discard": "discard {tile} from the {seat}",
        "language_now": "Language: English",
        "theme_now": "Theme: {theme}",
        "no_lessons": "No lessons found.",
        "lesson_problem": "{count} problem(s) in the lessons; run `tutor lessons check`.",
        "learner_title": "Who is learning?",
        "learner_prompt": (
            "Type your name and press enter (tab first for a short name to show). "
            "Your answers and settings are kept under this name, apart from everyone else's."
        ),
        "learner_name": "Your name",
        "learner_short": "A short name to show (you may leave it empty)",
        "learner_empty": "A name is needed: type it, then press enter.",
        "learner_welcome": "Hello, {name}: your progress is kept under your name.",
        "learner_damaged": "Your progress file was damaged: it was kept aside for the teacher, and a new one started.",
        "learner_progress": "kept by the teacher's computer for {name}",
        "store_busy": "Progress is not saved: {path} is in use by another program. Close it and start the tutor again.",
        "store_full": "Progress is not saved: the disk holding {path} is full. Free some space and start the tutor again.",
        "store_denied": (
            "Progress is not saved: {path} cannot be opened or written. "
            "Check its permissions, or set TUTOR_DATA_DIR to a folder you can write."
        ),
        "store_schema": (
            "Progress is not saved: {path} was written by another version of the tutor. "
            "Update the tutor, or set TUTOR_DATA_DIR to another folder."
        ),
        "fu_total": "total {raw}, rounded up to {fu} fu",
        "search_lesson": "Lesson",
        "search_term": "Glossary",
        "settings_body": "Language: {language_name}   (key l)\nTheme: {theme}   (key t)\nProgress file: {path}",
        "help_body": (
            "Keys everywhere: ctrl+p find a lesson or term, l language, t theme, ? help, q quit.\n"
            "Home: enter opens a lesson; d drills, r review what is due, p progress, g glossary, s settings.\n"
            "Drill: digits pick or tick, enter answers and goes on, ctrl+s skip, ctrl+w show the answer, f5 presentation.\n"
            "Lesson: ] next, [ previous, c contents, a reveal the answers, f5 presentation, space next step, z drills, escape back.\n"
            "Hands are written 123m (characters), 456p (dots), 789s (bamboo), 1234567z (E S W N White Green Red); "
            "[234m] is a called set, (1111m) a concealed kan."
        ),
    },
    "ko": {
        "title": "마작 튜터",
        "riichi": "일본 리치마작",
        "mcr": "중국 국표마작 (MCR)",
        "tracks": "레슨",
        "read": "읽음",
        "drills": "연습 문제",
        "review": "복습",
        "progress": "진도",
        "due_now": "복습할 개념 {count}개: r 키",
        "glossary": "용어집",
        "settings": "설정",
        "help": "도움말",
        "quit": "종료",
        "back": "뒤로",
        "next": "다음 레슨",
        "previous": "이전 레슨",
        "contents": "목차",
        "reveal": "답 보기",
        "present": "발표 모드",
        "step": "다음 단계",
        "quiz": "연습하기",
        "language": "언어",
        "theme": "테마",
        "answer": "답",
        "hidden": "답은 가려져 있다: a 키(또는 클릭)로 보기",
        "win_ron": "{tile} 론",
        "win_tsumo": "{tile} 쯔모",
        "seat": "자풍 {wind}",
        "round": "장풍 {wind}",
        "rules": "규칙: {rules}",
        "discard": "{seat}의 버림패 {tile}",
        "language_now": "언어: 한국어",
        "theme_now": "테마: {theme}",
        "no_lessons": "레슨이 없다.",
        "lesson_problem": "레슨에 문제가 {count}개 있다. `tutor lessons check`로 확인하자.",
        "learner_title": "누가 배우나?",
        "learner_prompt": (
            "이름을 적고 enter를 누르자 (화면에 보일 짧은 이름은 먼저 tab). "
            "답과 설정은 이 이름으로 다른 사람과 따로 남는다."
        ),
        "learner_name": "이름",
        "learner_short": "화면에 보일 짧은 이름 (비워 두어도 된다)",
        "learner_empty": "이름이 필요하다: 이름을 적고 enter를 누르자.",
        "learner_welcome": "{name}, 반갑다: 진도는 이 이름으로 남는다.",
        "learner_damaged": "진도 파일이 손상되었다: 선생님이 볼 수 있게 따로 두고 새 파일을 시작했다.",
        "learner_progress": "선생님 컴퓨터에 {name}의 진도로 저장됨",
        "store_busy": "진도가 저장되지 않는다: 다른 프로그램이 {path}을(를) 쓰고 있다. 그 프로그램을 닫고 튜터를 다시 시작하자.",
        "store_full": "진도가 저장되지 않는다: {path}이(가) 있는 디스크가 가득 찼다. 공간을 비우고 튜터를 다시 시작하자.",
        "store_denied": (
            "진도가 저장되지 않는다: {path}을(를) 열거나 쓸 수 없다. "
            "권한을 확인하거나 TUTOR_DATA_DIR을 쓸 수 있는 폴더로 정하자."
        ),
        "store_schema": (
            "진도가 저장되지 않는다: {path}은(는) 다른 버전의 튜터가 만든 파일이다. "
            "튜터를 업데이트하거나 TUTOR_DATA_DIR을 다른 폴더로 정하자."
        ),
        "fu_total": "합계 {raw}부, 올림하여 {fu}부",
        "search_lesson": "레슨",
        "search_term": "용어",
        "settings_body": "언어: {language_name}   (l 키)\n테마: {theme}   (t 키)\n진도 파일: {path}",
        "help_body": (
            "어디서나: ctrl+p 레슨과 용어 찾기, l 언어, t 테마, ? 도움말, q 종료.\n"
            "처음 화면: enter 레슨 열기, d 연습 문제, r 복습, p 진도, g 용어집, s 설정.\n"
            "연습: 숫자로 고르기, enter 답하기와 다음 문제, ctrl+s 건너뛰기, ctrl+w 답 보기, f5 발표 모드.\n"
            "레슨: ] 다음, [ 이전, c 목차, a 답 보기, f5 발표 모드, space 다음 단계, z 연습, escape 뒤로.\n"
            "손패 표기: 123m (만수패), 456p (통수패), 789s (삭수패), 1234567z (동 남 서 북 백 발 중); "
            "[234m]은 운 멘쯔, (1111m)은 안깡."
        ),
    },
}

WIND_NAMES: Final = {"en": ("East", "South", "West", "North"), "ko": ("동", "남", "서", "북")}
SEAT_NAMES: Final = {
    "en": {"left": "left", "across": "player opposite", "right": "right"},
    "ko": {"left": "상가", "across": "대면", "right": "하가"},
}


def text(language: str, key: str, **values: object) -> str:
    template = TEXT.get(language, TEXT["en"]).get(key) or TEXT["en"][key]
    return template.format(**values) if values else template
