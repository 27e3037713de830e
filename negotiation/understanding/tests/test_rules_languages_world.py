"""Polish, Russian, Ukrainian, Nordic, Turkish and Vietnamese replies, and what stays asked."""

import pytest

from negotiation.understanding.rules_languages_world import world_into_english
from negotiation.understanding.tests.test_rules_languages import reading


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Środa mi pasuje, najlepiej zdalnie.", "wednesday works, preferably online."),
        ("Perşembe olur, ofiste.", "thursday works, in the office."),
        ("Alla tre funkar, helst på Zoom.", "all three work, preferably on Zoom."),
        ("Во вторник не могу, в среду — да.", "on tuesday I can't, on wednesday yes."),
        ("Thứ Hai 9 giờ sáng được.", "monday at 9:00 works."),
        ("Thứ Ba 2 giờ rưỡi chiều", "tuesday at 14:30"),
        # Words no list knows stay for the rules to ask about; Cyrillic ones are marked.
        ("Во вторник не могу, может быть", "on tuesday I can't, CYRILLIC CYRILLIC "),
        # Another language's little words are never read: Italian "i", Spanish "o".
        ("A o B, i giorni", "A o B, i giorni"),
        ("Tuesday works", "Tuesday works"),
    ],
)
def test_world_replies_are_said_in_english(text, expected):
    assert world_into_english(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Wtorek mi pasuje.", {"time": {"A"}}),
        ("We wtorek nie mogę, w czwartek pasuje.", {"time": {"C"}, "-time": {"A"}}),
        ("Четверг подходит, лучше в офисе.", {"time": {"C"}, "location": {"2"}}),
        ("Onsdag passer ikke, torsdag passer fint.", {"time": {"C"}, "-time": {"B"}}),
        ("Salı uygun, Zoom'da.", {"time": {"A"}, "location": {"1"}}),
        ("Maalesef hiçbiri bana uygun değil.", {"-time": {"A", "B", "C"}}),
        ("Thứ Tư không được, thứ Năm được.", {"time": {"C"}, "-time": {"B"}}),
        # Near misses: a word no list knows, a maybe, a question.
        ("Wtorek mi pasuje, ale nie wiem gdzie.", "unclear"),
        ("Во вторник не могу, но в среду может быть.", "unclear"),
        ("Salı olur mu acaba?", "unclear"),
        ("B works. Спасибо!", "unclear"),
    ],
)
def test_world_replies_are_read(text, expected):
    assert reading(text) == expected
