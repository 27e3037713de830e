"""Polish, Russian and Ukrainian phrases a short reply to an invitation uses, in English.

Read by rules_languages_world, each language's list only on a reply that carries one
of its MARKERS, in order (a phrase that holds another comes first: "nie pasuje" before
"pasuje"). The little words ("i", "o", "w", "а") are read only here, where the
language is known: Polish "o 10" is "at 10", never the Spanish "o" ("or").
"""

_DAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"

MARKERS_PL = (
    r"poniedzia[łl]\w*|wtor(?:ek|ku)|[śs]rod[aęey]|czwart(?:ek|ku)|pi[ąa]t(?:ek|ku)|"
    r"pasuj[eą]|pasuja|mog[ęe]|zdalnie|biurze|kawiarni|niestety|najlepiej|"
    r"[żz]aden|wszystkie|odpada|dzi[ęe]kuj[ęe]|osobi[śs]cie"
)

PHRASES_PL: tuple[tuple[str, str], ...] = (
    (r"poniedzia[łl]\w*", "monday"),
    (r"wtor(?:ek|ku)", "tuesday"),
    (r"[śs]rod[aęey]", "wednesday"),
    (r"czwart(?:ek|ku)", "thursday"),
    (r"pi[ąa]t(?:ek|ku)", "friday"),
    (r"sobot[aęy]", "saturday"),
    (r"niedziel[aęi]", "sunday"),
    (
        r"[żz]aden(?:\s+(?:z\s+)?termin(?:[óo]w)?)?\s+(?:mi\s+)?nie\s+(?:pasuje|odpowiada)(?:\s+mi)?",
        "none of the times work",
    ),
    (
        r"nie\s+(?:mog[ęe]|b[ęe]d[ęe]\s+mog[łl]a?)\s+(?:przyj[śs][ćc]|uczestniczy[ćc]|"
        r"wzi[ąa][ćc]\s+udzia[łl]u)",
        "I can't attend",
    ),
    (
        r"(?:mi\s+)?nie\s+(?:pasuje|odpowiada)(?:\s+mi)?|nie\s+dam\s+rady|nie\s+da\s+rady|odpada",
        "doesn't work",
    ),
    (r"nie\s+mog[ęe]", "I can't"),
    (
        r"wszystkie\s+(?:trzy\s+)?(?:terminy\s+)?(?:mi\s+)?(?:pasuj[ąa]|odpowiadaj[ąa])(?:\s+mi)?",
        "all times work",
    ),
    (r"(?:mi\s+)?(?:pasuje|odpowiada)(?:\s+mi)?|mo[żz]e\s+by[ćc]|dam\s+rad[ęe]", "works"),
    (r"mog[ęe]", "I can"),
    (r"wszystkie\s+trzy", "all three"),
    (r"oba|obydwa|obie", "both"),
    (r"zdalnie|przez\s+internet", "online"),
    (r"na\s+zoomie|przez\s+zooma?", "on Zoom"),
    (r"w\s+biurze|do\s+biura", "in the office"),
    (r"w\s+kawiarni|do\s+kawiarni", "at the cafe"),
    (r"osobi[śs]cie|na\s+miejscu|stacjonarnie", "in person"),
    (r"najlepiej|najch[ęe]tniej", "preferably"),
    (r"wol[ęe]|wola[łl](?:a|)bym", "prefer"),
    (r"rano", "morning"),
    (r"po\s+po[łl]udniu", "afternoon"),
    (r"wieczorem", "evening"),
    (r"o(?:\s+godz(?:inie|\.)?)?(?=\s+\d)", "at"),
    (rf"we?(?=\s+{_DAY})", "on"),
    (r"niestety", "unfortunately"),
    (r"dzi[ęe]kuj[ęe]|dzi[ęe]ki", "thanks"),
    (r"przepraszam", "sorry"),
    (r"tak", "yes"),
    (r"nie", "no"),
    (r"tylko", "only"),
    (r"ale", "but"),
    (r"lub|albo", "or"),
    (r"i", "and"),
)

# Russian, with the Ukrainian days and verbs beside them.
MARKERS_RU = (
    r"понедельник\w*|вторник\w*|сред[аыуе]|четверг\w*|пятниц[аыуе]|"
    r"понеділ\w*|вівтор\w*|серед[аиуі]|четвер\w*|п['’]ятниц\w*|"
    r"могу|можу|подходит|підходить|устраивает|удобно|онлайн|офисе|офісі"
)

PHRASES_RU: tuple[tuple[str, str], ...] = (
    (r"понедельник\w*|понеділ(?:ок|ка)", "monday"),
    (r"вторник\w*|вівтор(?:ок|ка)", "tuesday"),
    (r"сред[аыуе]|серед[аиуі]", "wednesday"),
    (r"четверг\w*|четвер(?:га)?", "thursday"),
    (r"пятниц[аыуе]|п['’]ятниц[яюі]", "friday"),
    (r"суббот[аыуе]|субот[аиуі]", "saturday"),
    (r"воскресень[ея]|неділ[яюі]", "sunday"),
    (
        r"ни\s+один(?:\s+(?:из\s+)?(?:вариант(?:ов)?|слот(?:ов)?|термин(?:ов)?))?\s+"
        r"(?:мне\s+)?не\s+(?:подходит|подойд[её]т)",
        "none of the times work",
    ),
    (
        r"(?:я\s+)?не\s+(?:смогу|могу|можу)\s+(?:прийти|участвовать|присутствовать|"
        r"прийти\s+на\s+встречу|бути|прийти)",
        "I can't attend",
    ),
    (
        r"(?:мне\s+|мені\s+)?не\s+(?:подходит|подойд[её]т|получится|выйдет|удобно|підходить)|"
        r"неудобно",
        "doesn't work",
    ),
    (r"(?:я\s+)?не\s+(?:смогу|могу|можу)", "I can't"),
    (r"все\s+(?:три|варианты)\s+(?:мне\s+)?(?:подходят|подойдут|устраивают)", "all times work"),
    (
        r"(?:мне\s+|мені\s+)?(?:подходит|подойд[её]т|устраивает|удобно|годится|підходить)"
        r"(?:\s+мне)?",
        "works",
    ),
    (r"(?:я\s+)?(?:смогу|могу|можу)", "I can"),
    (r"все\s+три", "all three"),
    (r"оба|обе|обидва", "both"),
    (r"в\s+офисе|в\s+офис|в\s+офісі", "in the office"),
    (r"в\s+кафе", "at the cafe"),
    (r"по\s+зуму|в\s+зуме", "on Zoom"),
    (r"онлайн|удал[её]нно|по\s+видео(?:связи)?", "online"),
    (r"лично|очно|вживую", "in person"),
    (r"утром|зранку", "morning"),
    (r"дн[её]м|после\s+обеда|після\s+обіду", "afternoon"),
    (r"вечером|ввечері", "evening"),
    (rf"(?:в|во|у)(?=\s+{_DAY})", "on"),
    (r"(?:в|о)(?=\s+\d)", "at"),
    (r"к\s+сожалению|на\s+жаль", "unfortunately"),
    (r"спасибо|дякую", "thanks"),
    (r"лучше|краще", "preferably"),
    (r"(?:[—–-]\s*)?да", "yes"),
    (r"нет|ні", "no"),
    (r"только|тільки", "only"),
    (r"и|і", "and"),
    (r"или|або", "or"),
    (r"но|а|але", "but"),
)
